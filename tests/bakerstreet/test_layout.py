"""Beyond Baker Street fits a phone (375 px) and a desktop (1280 px), in headless Chromium:
after a few moves nothing sticks out, is cut off or makes the page scroll sideways (the
tracks, the three Leads, every hand, the actions), and the settings fit too. Pictures for
a person to look at: /tmp/baker375.png and /tmp/baker1280.png, and with the odds of the
card you point at open, /tmp/odds375.png and /tmp/odds1280.png."""

from __future__ import annotations

import random
import time

import pytest

from tests.layout import DESKTOP, PHONE, layout_problems, open_dashboard, shoot

from .test_browser import READY, ROOT, ended, my_move

pytestmark = pytest.mark.browser

SHOT = "/tmp/baker{}.png"
ODDS_SHOT = "/tmp/odds{}.png"


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_table_fits_the_screen(app_url, browser, size):
    page = open_dashboard(browser, app_url, "bakerstreet.ipynb", size, READY)
    try:
        rng, made, deadline = random.Random(3), 0, time.monotonic() + 60
        while made < 2 and not ended(page) and time.monotonic() < deadline:
            made += my_move(page, rng)
            page.wait_for_timeout(150)
        page.locator(f"{ROOT} .sk-slot").first.wait_for(state="visible", timeout=20_000)
        if not ended(page):
            page.wait_for_function(f"() => document.querySelector('{ROOT} .sk-prompt').innerText.includes('Your turn')",
                                   timeout=20_000)
            page.locator(f"{ROOT} .sk-slot").first.click()  # the Investigate and Eliminate buttons show
            page.locator(f"{ROOT} .sk-eliminate").wait_for(state="visible", timeout=10_000)
            odds = page.locator(f"{ROOT} .sk-odds")
            odds.wait_for(state="visible", timeout=10_000)  # and the card's odds under them
            panel, buttons = odds.bounding_box(), page.locator(f"{ROOT} .sk-eliminate").bounding_box()
            assert panel["x"] >= 0 and panel["x"] + panel["width"] <= size["width"] + 1, "the odds in view"
            assert buttons["y"] + buttons["height"] <= panel["y"] + 1, "the odds never push the buttons down"
            shoot(page, ROOT, ODDS_SHOT.format(size["width"]))
            page.locator(f"{ROOT} .sk-other-card").first.click()  # what a teammate knows
            page.wait_for_function(f"() => document.querySelector('{ROOT} .sk-known').innerText.includes('knows of')",
                                   timeout=10_000)
        shoot(page, ROOT, SHOT.format(size["width"]))
        assert layout_problems(page) == []
        for part in page.locator(f"{ROOT} .sk-lead, {ROOT} .sk-seat, {ROOT} .sk-tracks svg").all():
            box = part.bounding_box()
            if box:
                assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"] + 1, "in view"
        page.get_by_text("Game settings, saves and replays").click()
        page.locator(f"{ROOT} .sk-new-game").wait_for()
        assert layout_problems(page) == []
    finally:
        page.context.close()
