"""Sherlock Express fits a phone (375 px) and a desktop (1280 px), in headless Chromium.

At each size: the table after a few moves (your alibis, the bots' alibis, a slap) has
nothing that sticks out, is cut off or makes the page scroll sideways, and the things a
speed game asks you to act on (the six suspects, Moriarty, their slaps, "Turn up my
alibi") fit one screen. Then a whole game is played to its end on a phone, and the final
table still fits at both sizes.
"""

from __future__ import annotations

import re
import time

import pytest

from tests.layout import DESKTOP, PHONE, layout_problems, open_dashboard

pytestmark = pytest.mark.browser

SUSPECT = re.compile(r"the (\w+) with a (.+) in the (.+)")
READY = ".sk-express .sk-reveal"
SHOTS = "/tmp/express-layout-{}.png"


def proven(page):
    """The slap the table proves (a CSS class), or None: read off the page like a player."""
    labels = page.locator(".sk-express .sk-suspects svg.sk-suspect").evaluate_all(
        "cards => cards.map(c => c.getAttribute('aria-label'))")
    suspects = [set(SUSPECT.match(label.replace(" (cleared)", "")).groups()) for label in labels]
    alibis = set(page.locator(".sk-express .sk-alibis-now svg.sk-alibi").evaluate_all(
        "cards => cards.map(c => c.getAttribute('aria-label').replace('alibi: ', ''))"))
    left = [i for i, traits in enumerate(suspects) if not traits & alibis]
    if len(left) == 1:
        return f".sk-slap-{left[0] + 1}"
    return ".sk-slap-deck" if not left else None


def play_a_little(page, moves: int) -> None:
    """``moves`` of yours: a slap when the table proves one, else your alibi on your turn."""
    made, deadline = 0, time.monotonic() + 60
    while made < moves:
        assert time.monotonic() < deadline, "the table did not let me move in a minute"
        if page.locator(".sk-express .sk-ending").is_visible():
            return
        slap = proven(page)
        target = slap if slap and page.locator(slap).is_enabled() else READY
        if page.locator(target).is_enabled():
            page.click(target)
            made += 1
        page.wait_for_timeout(150)


def on_one_screen(page, selectors: list[str]) -> list[str]:
    """The selectors whose element does not lie wholly inside the first screen."""
    height = page.viewport_size["height"]
    outside = []
    for selector in selectors:
        box = page.locator(selector).first.bounding_box()
        if box is None or box["y"] + box["height"] > height + 1:
            outside.append(selector)
    return outside


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_table_in_play_fits_the_screen(app_url, browser, size):
    page = open_dashboard(browser, app_url, "express.ipynb", size, READY)
    try:
        page.locator(".sk-express .sk-suspects").scroll_into_view_if_needed()
        play_a_little(page, 4)
        page.wait_for_timeout(500)  # let the motion settle before measuring
        page.screenshot(path=SHOTS.format(size["width"]), full_page=True)
        assert layout_problems(page) == []
        reveal = page.locator(READY).bounding_box()
        assert reveal["width"] >= 120, "Turn up my alibi keeps its words"
        page.locator(".sk-express .sk-suspects").evaluate("el => el.scrollIntoView({block: 'start'})")
        controls = [f".sk-express .sk-slap-{i}" for i in range(1, 7)] + [".sk-express .sk-slap-deck", READY]
        assert on_one_screen(page, controls) == [], "a speed game's controls fit one screen"
        page.click(".sk-express .jupyter-widget-Collapse-header")  # the settings, saves and replays
        page.wait_for_selector(".sk-express .sk-new-game", state="visible")
        assert layout_problems(page) == []
    finally:
        page.context.close()


def test_a_whole_game_ends_on_a_table_that_still_fits(app_url, browser):
    page = open_dashboard(browser, app_url, "express.ipynb", PHONE, READY)
    try:
        deadline = time.monotonic() + 240
        while not page.locator(".sk-express .sk-ending").is_visible():
            assert time.monotonic() < deadline, "no end in four minutes"
            play_a_little(page, 1)
        page.wait_for_timeout(500)
        verdict = page.locator(".sk-express p.sk-verdict").inner_text()
        assert re.search(r"wins? the game|share the win", verdict)
        assert page.locator(".sk-express .sk-alibis-now svg.sk-alibi").count() > 0, "the final proof stays"
        assert page.locator(".sk-express .sk-last-round svg.sk-caught").count() > 0, "and the last catch"
        page.screenshot(path=SHOTS.format("end-375"), full_page=True)
        assert layout_problems(page) == []
        page.set_viewport_size(DESKTOP)
        page.wait_for_timeout(300)
        page.screenshot(path=SHOTS.format("end-1280"), full_page=True)
        assert layout_problems(page) == []
        page.click(".sk-express .sk-play-again")
        page.wait_for_selector(".sk-express .sk-ending", state="hidden", timeout=10_000)
        assert page.locator(READY).is_enabled()
    finally:
        page.context.close()
