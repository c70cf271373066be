"""Sherlock Express with a friend, in the real app, in two headless Chromium contexts (two
people on two machines): Ann, on a desktop, opens a short table (three seats, two catches
win); Bob, on a phone, follows the table's link, which fills in its code, and joins; the
third seat goes to a bot and Ann starts. Both turn up their alibis on their turns and slap
the suspect the table proves, as quick as a page can: slaps from both people and the bot
are decided by the server in the order it receives them, until someone has two catches.
Both pages show the ending, and the reaction times of both people; each page calls the
other by name. The test waits on what the pages show, never on time."""

from __future__ import annotations

import re
import time

import pytest

from tests.express.test_browser import SUSPECT
from tests.friends_pages import PATIENCE, bot_in_seat_3_and_start
from tests.layout import DESKTOP, PHONE, layout_problems

pytestmark = pytest.mark.browser

ROOT = ".sk-friends .sk-express"
DASHBOARD = "voila/render/express.ipynb"


def proven(page) -> str | None:
    """The slap the table proves (a CSS selector), or None: read off the page like a
    player (``tests/express/test_browser.py``'s reading, on the shared table)."""
    labels = page.locator(f"{ROOT} .sk-suspects svg.sk-suspect").evaluate_all(
        "cards => cards.map(c => c.getAttribute('aria-label'))")
    read = [SUSPECT.match((label or "").replace(" (cleared)", "")) for label in labels]
    if not all(read):  # a card being redrawn: look again later
        return None
    suspects = [set(match.groups()) for match in read]
    alibis = set(page.locator(f"{ROOT} .sk-alibis-now svg.sk-alibi").evaluate_all(
        "cards => cards.map(c => c.getAttribute('aria-label').replace('alibi: ', ''))"))
    left = [i for i, traits in enumerate(suspects) if not traits & alibis]
    if len(left) == 1:
        return f"{ROOT} .sk-slap-{left[0] + 1}"
    return f"{ROOT} .sk-slap-deck" if not left and suspects else None


def open_page(browser, url: str, size: dict):
    page = browser.new_context(viewport=size).new_page()
    page.goto(url)
    page.wait_for_selector(".sk-express .sk-suspects svg.sk-suspect", timeout=PATIENCE)
    return page


def ended(page) -> bool:
    return page.locator(f"{ROOT} .sk-ending").is_visible()


def my_move(page) -> bool:
    """Turn up your alibi if it is your turn: True if clicked."""
    reveal = page.locator(f"{ROOT} .sk-reveal")
    if ended(page) or not reveal.is_visible() or not reveal.is_enabled():
        return False
    try:
        reveal.click(timeout=2_000)
    except Exception:  # the turn moved on under the pointer (a bot's slap): look again
        return False
    return True


def test_two_people_and_a_bot_race_to_the_end_of_a_short_game_from_two_pages(app_url, browser):
    ann = open_page(browser, app_url + DASHBOARD, DESKTOP)
    bob = None
    try:
        ann.get_by_text("Play with friends").first.click()
        ann.locator(".sk-friends-name input").fill("Ann")
        ann.locator(".sk-friends-variant select").select_option("short")
        ann.locator(".sk-friends-players select").select_option("3")
        ann.locator(".sk-friends-open").click()
        ann.wait_for_selector(".sk-friends-code", timeout=PATIENCE)
        code = ann.locator(".sk-friends-code").inner_text().strip()
        link = ann.locator(".sk-friends-table-link").get_attribute("href")
        assert link == f"?table={code}"
        bob = open_page(browser, app_url + DASHBOARD + link, PHONE)  # the link opens the panel, the code in
        bob.wait_for_function(f"() => (document.querySelector('.sk-friends-code-box input') || {{}}).value === '{code}'",
                              timeout=PATIENCE)
        bob.locator(".sk-friends-name input").fill("Bob")
        bob.locator(".sk-friends-join").click()
        bot_in_seat_3_and_start(ann)
        for page in (ann, bob):
            page.wait_for_selector(f"{ROOT} .sk-suspects svg.sk-suspect", timeout=PATIENCE)
        assert layout_problems(ann) == [] and layout_problems(bob) == []
        reveals, slaps, deadline = 0, 0, time.monotonic() + 240
        while not (ended(ann) and ended(bob)):
            assert time.monotonic() < deadline, f"the game did not end in four minutes ({reveals} alibis turned up)"
            acted = False
            for page in (ann, bob):
                if ended(page):
                    continue
                proven_slap = proven(page)
                slap = page.locator(proven_slap) if proven_slap else None
                if slap is not None and slap.is_visible() and slap.is_enabled():
                    try:
                        slap.click(timeout=2_000)
                        slaps, acted = slaps + 1, True
                    except Exception:  # the suspect went (somebody was quicker)
                        pass
                elif my_move(page):
                    reveals, acted = reveals + 1, True
            if not acted:
                ann.wait_for_timeout(100)
        assert reveals >= 2, reveals
        for page, other in ((ann, "Bob"), (bob, "Ann")):
            assert "Traceback" not in page.locator("body").inner_text()
            log = page.locator(f"{ROOT} .sk-log").inner_text()
            assert not re.search(r"Player \d", log)
            page.wait_for_function("() => document.querySelector('.sk-friends-notices').innerText"
                                   ".includes('on average, the quickest')", timeout=PATIENCE)
            notices = page.locator(".sk-friends-notices").inner_text()
            assert re.search(r"(Ann|Bob): \d+ moves?, [\d.]+ s on average, the quickest [\d.]+ s", notices), notices
            assert other in page.locator(f"{ROOT}").inner_text()
        assert layout_problems(bob) == []
    finally:
        for page in (ann, bob):
            if page is not None:
                page.context.close()
