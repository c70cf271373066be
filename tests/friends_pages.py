"""What the browser tests of Play with friends do alike on a page's panel
(``widgets.friends``): a page opened with the panel unfolded (or the panel unfolded on a
page already open), a table opened and joined by its code, a seat shown, the third seat
given to a bot and the game started, the host's save of the table read back."""

from __future__ import annotations

import json

from tests.seen import record_frames

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


def open_page(browser, url: str, size: dict, ready: str, name: str):
    """A page at ``url`` (a game's dashboard) once ``ready`` shows, every websocket frame it
    receives recorded from the start, its "Play with friends" panel unfolded and your name
    typed: ``(page, frames)``."""
    page = browser.new_context(viewport=size).new_page()
    frames = record_frames(page)
    page.goto(url)
    page.wait_for_selector(ready, timeout=PATIENCE)
    sit_down(page, name)
    return page, frames


def sit_down(page, name: str) -> None:
    """On a page already open: its "Play with friends" panel unfolded and your name typed."""
    page.get_by_text("Play with friends").first.click()
    page.locator(".sk-friends-name input").fill(name)


def open_table(host, players: int) -> str:
    """The host opens a table for ``players``: the code its page shows."""
    host.locator(".sk-friends-players select").select_option(str(players))
    host.locator(".sk-friends-open").click()
    host.wait_for_selector(".sk-friends-code", timeout=PATIENCE)
    return host.locator(".sk-friends-code").inner_text().strip()


def join(guest, code: str) -> None:
    """A guest types the table's code and joins."""
    guest.locator(".sk-friends-code-box input").fill(code)
    guest.locator(".sk-friends-join").click()


def hosts_save(host) -> dict:
    """The host's save of the table (of a finished one: the game's open replay), read back."""
    host.locator(".sk-friends-save").click()
    host.wait_for_function("() => [...document.querySelectorAll('.sk-friends .sk-save-box textarea')]"
                           ".some(t => t.value.includes('actions'))", timeout=PATIENCE)
    box = next(t for t in host.locator(".sk-friends .sk-save-box textarea").all() if "actions" in t.input_value())
    return json.loads(box.input_value())
