"""What the browser tests of Play with friends do alike on a page's panel
(``widgets.friends``): a seat shown, the third seat given to a bot and the game started."""

from __future__ import annotations

#: how long a step at a shared table may take before the test fails (ms)
PATIENCE = 60_000


def seats_show(page, name: str) -> None:
    """Wait until the panel's list of seats names ``name``."""
    page.wait_for_function("name => document.querySelector('.sk-friends-seats').innerText.includes(name)",
                           arg=name, timeout=PATIENCE)


def bot_in_seat_3_and_start(host) -> None:
    """The host, once Bob sits: the third seat to a bot (the game's stand-in), then Start."""
    seats_show(host, "Bob")
    host.locator(".sk-friends-bot-3").click()
    seats_show(host, "Bot 3")
    host.locator(".sk-friends-start").click()
