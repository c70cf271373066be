"""Picture Perfect fits a phone (375 px) and a desktop (1280 px), in headless Chromium:
a party in progress (guests on the mat, the live photo, the envelopes) and its ending
(every player's photo side by side, wrapping on a phone): nothing sticks out, is cut off
or makes the page scroll sideways, and the settings fit too. Pictures for a person to
look at: /tmp/picture375.png, /tmp/picture1280.png (in progress) and
/tmp/picture-end375.png (the ending). The ending is played out on the phone only: the
narrow screen is where photos side by side must wrap, and a whole party in the browser
takes most of a minute (the browser test checks the ending at a desktop's width)."""

from __future__ import annotations

import time

import pytest

from tests.layout import DESKTOP, PHONE, layout_problems, open_dashboard, shoot

from .test_browser import READY, ROOT, place, play_to_the_end, wait_to_arrange

pytestmark = pytest.mark.browser

SHOT = "/tmp/picture{}.png"
END_SHOT = "/tmp/picture-end{}.png"


def in_view(page, selector: str, width: int) -> None:
    for part in page.locator(selector).all():
        box = part.bounding_box()
        if box:
            assert box["x"] >= 0 and box["x"] + box["width"] <= width + 1, f"{selector} in view"


@pytest.mark.slow
@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_table_and_its_ending_fit_the_screen(app_url, browser, size):
    page = open_dashboard(browser, app_url, "picture.ipynb", size, READY)
    try:
        deadline = time.monotonic() + 200
        assert wait_to_arrange(page, deadline)
        for guest, space in (("Signora Bellini", "4B"), ("Polly", "2C"), ("the Colonel", "1A")):
            place(page, guest, space)
        page.locator(f"{ROOT} .sk-guest-0").click()  # a guest picked up: it shows so
        shoot(page, ROOT, SHOT.format(size["width"]), tall=3200)
        assert layout_problems(page) == []
        in_view(page, f"{ROOT} .sk-mat, {ROOT} .sk-photo svg, {ROOT} .sk-envelope", size["width"])
        page.get_by_text("Game settings, saves and replays").click()
        page.locator(f"{ROOT} .sk-new-game").wait_for()
        assert layout_problems(page) == []
        page.get_by_text("Game settings, saves and replays").click()
        if size is not PHONE:
            return
        play_to_the_end(page, deadline)
        page.locator(f"{ROOT} .sk-final svg").first.wait_for(state="visible", timeout=10_000)
        shoot(page, ROOT, END_SHOT.format(size["width"]), tall=3200)
        assert layout_problems(page) == []
        in_view(page, f"{ROOT} .sk-final", size["width"])
    finally:
        page.context.close()
