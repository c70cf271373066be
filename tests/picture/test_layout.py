"""Picture Perfect fits a phone (375 px) and a desktop (1280 px), in headless Chromium:
a party in progress (guests on the mat, the live photo, the envelopes), the settings, and
with the Sherlock expansion a whole party to its reveal: nothing sticks out, is cut off or
makes the page scroll sideways. A whole party in the browser takes most of a minute, so
each is played once: the Sherlock party here, on a phone's width and looked at in both
widths at each stage; the base game's ending (every player's photo side by side, wrapping
on a phone) by the party of ``test_browser.py``, looked at in both widths.

Pictures for a person to look at: /tmp/picture375.png, /tmp/picture1280.png (in progress),
/tmp/picture-end375.png and /tmp/picture-end.png (the ending, from the browser test); with
the Sherlock expansion /tmp/sherlock{375,1280}.png (the case, the Alibi sheet, Watson and
Holmes on the mat), /tmp/sherlock-ask{375,1280}.png (your question),
/tmp/sherlock-end{375,1280}.png (the reveal); the two variants dealt from the settings'
menu in /tmp/s7shots/ (detectives-as-guests, more-suspects)."""

from __future__ import annotations

import time

import pytest

from tests.layout import DESKTOP, PHONE, in_view, layout_problems, open_dashboard, shoot

from .test_browser import READY, ROOT, place, wait_to_arrange
from .test_sherlock_browser import SETTINGS, answer_honestly, click_if_visible, start_sherlock

pytestmark = pytest.mark.browser

SHOT = "/tmp/picture{}.png"


@pytest.mark.slow
@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_table_fits_the_screen(app_url, browser, size):
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
    finally:
        page.context.close()


def _sherlock_step(page) -> str:
    """One step of a Sherlock party by clicks: "ask", "answer", "exchange", "arrange" or "wait"."""
    if page.locator(f"{ROOT} .sk-ask:visible").count():
        return "ask"
    if page.locator(f"{ROOT} .sk-answer:visible").count():
        answer_honestly(page)
        return "answer"
    if click_if_visible(page, f"{ROOT} .sk-exchange"):
        return "exchange"
    if page.locator(f"{ROOT} .sk-ready:visible").count():
        return "arrange"
    page.wait_for_timeout(200)
    return "wait"


def _fits_both(page, shot: str, in_sight: str) -> None:
    """The page as it stands fits a phone and a desktop: looked at in both widths (the
    viewport resized, the same page laid out again), then back at a phone's. ``shot`` is
    the picture's name, ``{}`` for the width; ``in_sight`` what must stay within the width."""
    for size in (DESKTOP, PHONE):
        page.set_viewport_size(size)
        page.wait_for_timeout(150)  # a frame to lay the page out again
        shoot(page, ROOT, shot.format(size["width"]), tall=3600)
        assert layout_problems(page) == [], size["width"]
        if in_sight:
            in_view(page, in_sight, size["width"])


@pytest.mark.slow
def test_a_sherlock_party_and_its_reveal_fit_the_screen(app_url, browser):
    """One party, played on a phone's width and looked at in both widths at each stage (the
    question, the arranged mat, the reveal, the settings): a whole party in the browser takes
    most of a minute, and a page is laid out for its width whenever that changes."""
    page = open_dashboard(browser, app_url, "picture.ipynb", PHONE, READY)
    try:
        start_sherlock(page)
        deadline = time.monotonic() + 200
        placed = shot_asking = False
        while not page.locator(f"{ROOT} .sk-ending").is_visible():
            assert time.monotonic() < deadline, "the party did not end in time"
            step = _sherlock_step(page)
            if step == "ask":
                if not shot_asking:
                    _fits_both(page, "/tmp/sherlock-ask{}.png", "")
                    shot_asking = True
                click_if_visible(page, f"{ROOT} .sk-ask")
            elif step == "arrange":
                if not placed:
                    victim = page.locator(f"{ROOT} .sk-coffin-name").inner_text()
                    guest = "Mr Wren" if victim != "Mr Wren" else "Doctor Vale"  # the victim lies in the coffin
                    for guest, space in (("Watson", "2A"), ("Holmes", "2D"), (guest, "3B")):
                        place(page, guest, space)
                    _fits_both(page, "/tmp/sherlock{}.png",
                               f"{ROOT} .sk-mat, {ROOT} .sk-photo svg, {ROOT} .sk-sheet table, {ROOT} .sk-case")
                    placed = True
                click_if_visible(page, f"{ROOT} .sk-ready")
        page.locator(f"{ROOT} .sk-final svg").first.wait_for(state="visible", timeout=10_000)
        _fits_both(page, "/tmp/sherlock-end{}.png", f"{ROOT} .sk-final, {ROOT} .sk-case")
        page.get_by_text(SETTINGS).click()
        page.locator(f"{ROOT} .sk-sherlock-setting").wait_for()
        _fits_both(page, "/tmp/sherlock-settings{}.png", "")
    finally:
        page.context.close()


VARIANT_SHOTS = "/tmp/s7shots/{}{}.png"


def start_variant(page, variant: str, sherlock: bool) -> None:
    """Choose ``variant`` in the settings' menu (with the expansion when ``sherlock``) and deal."""
    page.get_by_text(SETTINGS).click()
    if sherlock:
        page.locator(f"{ROOT} .sk-sherlock-setting input").check()
    page.locator(f"{ROOT} .sk-variant-setting select").select_option(variant)
    assert layout_problems(page) == []  # the settings with the menu fit too
    page.locator(f"{ROOT} .sk-new-game").click()
    page.wait_for_function("([root, words]) => (document.querySelector(root + ' .sk-title') || {}).innerText"
                           "?.includes(words)", arg=[ROOT, variant], timeout=20_000)
    page.get_by_text(SETTINGS).click()


@pytest.mark.slow
@pytest.mark.parametrize("variant,sherlock", [("detectives as guests", False), ("more suspects", True)],
                         ids=["detectives", "more-suspects"])
@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_variants_fit_the_screen(app_url, browser, size, variant, sherlock):
    """A party of each variant, dealt from the settings' menu, with guests on the mat (the
    detectives as guests when they came): nothing sticks out. Pictures in /tmp/s7shots/."""
    width = size["width"]
    page = open_dashboard(browser, app_url, "picture.ipynb", size, READY)
    try:
        start_variant(page, variant, sherlock)
        deadline = time.monotonic() + 200
        while _sherlock_step(page) != "arrange":
            assert time.monotonic() < deadline, "never came to arrange"
            if page.locator(f"{ROOT} .sk-ask:visible").count():
                click_if_visible(page, f"{ROOT} .sk-ask")
        title = page.locator(f"{ROOT} .sk-title").inner_text()
        coffin = page.locator(f"{ROOT} .sk-coffin-name").inner_text() if sherlock else ""
        wanted = ["Watson", "Holmes", "Irène"] if not sherlock else ["Watson", "Holmes"]
        others = [g for g in ("Mr Wren", "Doctor Vale", "Polly") if g not in title and g != coffin]
        here = [g for g in wanted if g not in title.split("in the box")[-1]] + others[:1]
        for guest, space in zip(here, ("2A", "2D", "3B", "4C")):
            place(page, guest, space)
        shoot(page, ROOT, VARIANT_SHOTS.format(variant.replace(" ", "-"), width), tall=3600)
        assert layout_problems(page) == []
        in_view(page, f"{ROOT} .sk-mat, {ROOT} .sk-photo svg, {ROOT} .sk-envelope, {ROOT} .sk-title", width)
    finally:
        page.context.close()
