"""Picture Perfect in the real app, in headless Chromium: a whole party played by clicks
(guests placed on the mat, the camera moved from the keyboard, the live photo and your
known score read in the page), every websocket frame recorded, and none of them carrying a
wish of an envelope you never read before the photos are taken."""

from __future__ import annotations

import json
import re
import time

import pytest

from tests.layout import PHONE, in_view, layout_problems, shoot
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.seen import record_frames

from sherlockkit.games.picture import rules
from sherlockkit.games.picture.cards import HIDE, NEXT_TO
from sherlockkit.games.picture.figures import FIGURE_NAMES

pytestmark = pytest.mark.browser

ROOT = ".sk-picture"
READY = f"{ROOT} .sk-guest"
DASHBOARD = "voila/render/picture.ipynb"


def ended(page) -> bool:
    return page.locator(f"{ROOT} .sk-ending").is_visible()


def arranging(page) -> bool:
    return page.locator(f"{ROOT} .sk-ready").is_visible()


def exchange_once(page) -> bool:
    """Click the first exchange move offered, if any; True if one was clicked."""
    moves = page.locator(f"{ROOT} .sk-exchange:visible")
    if moves.count() == 0:
        return False
    try:
        moves.first.click(timeout=3_000)
    except PlaywrightTimeout:
        return False
    page.wait_for_timeout(300)
    return True


def wait_to_arrange(page, deadline: float) -> bool:
    """Exchange (your turns by clicks) until you arrange or the party ends; True if you arrange."""
    while not ended(page):
        assert time.monotonic() < deadline, "the party stalled"
        if arranging(page):
            return True
        if not exchange_once(page):
            page.wait_for_timeout(200)
    return False


def place(page, guest: str, space: str) -> None:
    """Pick ``guest`` in the list, click ``space``, and wait for the mat to show it there and
    the photo, drawn after the mat, to show it on that space (in the frame or not)."""
    page.locator(f"{ROOT} .sk-guest-{FIGURE_NAMES.index(guest)}").click()
    page.locator(f"{ROOT} .sk-space-{space}").click()
    page.wait_for_function(
        "([root, space, guest]) => (document.querySelector(`${root} .sk-space-${space}`) || {}).innerText"
        "?.includes(guest) && [...document.querySelectorAll(`${root} .sk-photo svg g.shot`)].some("
        "g => g.dataset.figure === guest && g.dataset.space === space)", arg=[ROOT, space, guest], timeout=10_000)


def photo_label(page) -> str:
    return page.locator(f"{ROOT} .sk-photo svg").get_attribute("aria-label")


def move_camera(page, key: str, times: int = 1) -> str:
    """Press ``key`` on the "across" slider's handle; the photo's label once it changed."""
    before = photo_label(page)
    handle = page.locator(f"{ROOT} .sk-camera-across .noUi-handle, {ROOT} .sk-camera-across [role=slider]").first
    handle.focus()
    for _ in range(times):
        handle.press(key)
    page.wait_for_function("([root, before]) => document.querySelector(`${root} .sk-photo svg`)"
                           ".getAttribute('aria-label') !== before", arg=[ROOT, before], timeout=10_000)
    return photo_label(page)


def play_to_the_end(page, deadline: float) -> None:
    """Say Ready each round (after the exchange) until the photos are taken."""
    while not ended(page):
        assert time.monotonic() < deadline, "the party did not end in time"
        if wait_to_arrange(page, deadline):
            try:
                page.locator(f"{ROOT} .sk-ready").click(timeout=3_000)
            except PlaywrightTimeout:
                pass
            page.wait_for_timeout(300)


def save_text(page) -> str:
    page.get_by_text("Game settings, saves and replays").click()
    page.locator(f"{ROOT} .sk-save").click()
    page.wait_for_function("root => (document.querySelector(root + ' textarea') || {}).value?.includes('actions')",
                           arg=ROOT, timeout=10_000)
    return page.locator(f"{ROOT} textarea").input_value()


def test_a_party_by_clicks_shows_the_photo_and_score_and_sends_no_unread_envelope(app_url, page):
    frames = record_frames(page)
    page.goto(app_url + DASHBOARD)
    page.wait_for_selector(READY, timeout=60_000)
    deadline = time.monotonic() + 200
    assert wait_to_arrange(page, deadline)
    for guest, space in (("Tom", "1A"), ("Lady Arabella", "2B"), ("Biscuit", "1D")):
        place(page, guest, space)
    svg = page.locator(f"{ROOT} .sk-photo svg")
    for guest in ("Tom", "Lady Arabella", "Biscuit"):
        assert svg.locator(f"g.shot[data-figure='{guest}']").count() == 1
    assert "of 3 figures" in photo_label(page)
    score = page.locator(f"{ROOT} .sk-guests-box").inner_text()
    assert "Your photo as far as you know" in score and "Tom" in score and "Biscuit" in score
    assert "at 0 across" in photo_label(page)
    label = move_camera(page, "ArrowRight")
    assert "at 1 across" in label, label
    label = move_camera(page, "ArrowLeft", 3)
    assert re.search(r"at -?\d+ across", label) and "at 1 across" not in label
    # a guest picked up from the mat and moved, by keyboard (buttons take Enter)
    page.locator(f"{ROOT} .sk-space-1A").focus()
    page.keyboard.press("Enter")
    page.locator(f"{ROOT} .sk-unplace").wait_for(state="visible", timeout=10_000)
    page.locator(f"{ROOT} .sk-space-3A").focus()
    page.keyboard.press("Enter")
    page.wait_for_function("root => document.querySelector(`${root} .sk-space-3A`).innerText.includes('Tom')",
                           arg=ROOT, timeout=10_000)
    play_to_the_end(page, deadline)
    assert page.locator(f"{ROOT} .sk-play-again").is_visible()
    finals = page.locator(f"{ROOT} .sk-final")
    assert finals.count() == 3 and page.locator(f"{ROOT} .sk-final svg").count() == 3
    assert "Traceback" not in page.locator("body").inner_text()
    assert layout_problems(page) == []  # the ending at a desktop's width
    page.screenshot(path="/tmp/picture-end.png", full_page=True)
    page.set_viewport_size(PHONE)  # and at a phone's, where the photos side by side must wrap
    page.wait_for_timeout(150)
    shoot(page, ROOT, "/tmp/picture-end375.png", tall=3200)
    assert layout_problems(page) == []
    in_view(page, f"{ROOT} .sk-final", PHONE["width"])
    save = json.loads(save_text(page))
    state = rules.new(save["seed"], **save["options"])
    for data in save["actions"]:
        state = rules.play(state, rules.action_from_json(data))
    assert rules.outcome(state) is not None
    mine = dict(state.mats[0])
    assert str(mine.get("Tom")) == "3A" and str(mine.get("Lady Arabella")) == "2B"
    read = rules.read_by(state, 0)
    secrets = [c.text.rstrip(".") for e in state.envelopes if e.guest not in read for c in e.cards
               if c.kind in (NEXT_TO, HIDE)]
    assert secrets and len(frames) > 50
    end = next(k for k, f in enumerate(frames) if "every envelope is opened" in f)
    for k, frame in enumerate(frames[:end]):
        text = frame.replace("\\u0027", "'").replace("&#x27;", "'").replace("\\'", "'")
        assert not [s for s in secrets if s in text], (k, frame[:300])
