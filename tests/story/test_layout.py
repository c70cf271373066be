"""The Detective Story Game fits a phone (375 px) and a desktop (1280 px), in headless
Chromium: the case in play (options with their whole labels, the closed actions and
their reasons, the dice, the paragraph), the form after a case, and the ending, with
nothing sticking out, cut off or scrolling sideways. Screenshots go to /tmp."""

from __future__ import annotations

import time

import pytest

from tests.layout import DESKTOP, PHONE, layout_problems, open_dashboard

pytestmark = pytest.mark.browser

READY = ".sk-story .sk-option"
SHOTS = "/tmp/story-layout-{}.png"
#: What to click, first found first: keep every roll, wait, fight on, close in by deduction.
PREFERRED = (".sk-opt-keep", ".sk-opt-wait", ".sk-opt-fight_on", ".sk-opt-deduction")
#: The settings panel's header (its class differs between widget versions).
SETTINGS = ".sk-story .jupyter-widget-Collapse-header, .sk-story .p-Accordion-header"


def step(page) -> None:
    """One click of a patient player, then wait until the case log has changed."""
    before = page.locator(".sk-log").inner_text()
    target = next((s for s in PREFERRED if page.locator(s).count()), ".sk-story .sk-option >> nth=0")
    page.locator(target).first.click()
    page.wait_for_function("before => document.querySelector('.sk-log').innerText !== before",
                           arg=before, timeout=15_000)


def settle(page) -> None:
    page.wait_for_timeout(500)  # the dice and the paragraph have finished moving


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_case_in_play_fits_the_screen(app_url, browser, size):
    page = open_dashboard(browser, app_url, "story.ipynb", size, READY)
    try:
        settle(page)
        page.screenshot(path=SHOTS.format(f"start-{size['width']}"))
        assert layout_problems(page) == []
        for _ in range(4):
            step(page)
        if not page.locator(".sk-story .sk-closed li").count():  # an action decision shows the closed ones
            for _ in range(20):
                if page.locator(".sk-story .sk-closed li").count():
                    break
                step(page)
        settle(page)
        page.screenshot(path=SHOTS.format(f"play-{size['width']}"), full_page=True)
        assert layout_problems(page) == []
        width = page.viewport_size["width"]
        widths = page.locator(".sk-story .sk-option").evaluate_all("bs => bs.map(b => b.getBoundingClientRect().width)")
        assert widths and min(widths) >= min(280, width - 80), "an option spans the column, its label whole"
        assert page.locator(".sk-story .sk-closed li").first.bounding_box()["width"] > 200, "reasons are readable"
        if size is PHONE:  # the columns stack: the case first, the sheet below it
            play = page.locator(".sk-story .sk-play").bounding_box()
            sheet = page.locator(".sk-story .sk-sheet-col").bounding_box()
            assert sheet["y"] >= play["y"] + play["height"] - 1
    finally:
        page.context.close()


def test_a_case_to_its_end_then_the_campaign_to_its_end_still_fit(app_url, browser):
    page = open_dashboard(browser, app_url, "story.ipynb", PHONE, READY)
    try:
        deadline = time.monotonic() + 240
        while not page.locator(".sk-story .sk-spend").is_visible() and not page.locator(".sk-ending").is_visible():
            assert time.monotonic() < deadline, "no end of the case in four minutes"
            step(page)
        if page.locator(".sk-story .sk-spend").is_visible():
            settle(page)
            page.screenshot(path=SHOTS.format("after-case-375"), full_page=True)
            assert layout_problems(page) == []
            assert page.locator(".sk-story .sk-verdict-panel .sk-cause").inner_text()
            step(page)  # the only option left as a button: retire
        page.wait_for_selector(".sk-story .sk-ending", state="visible", timeout=15_000)
        settle(page)
        verdict = page.locator(".sk-story p.sk-verdict").inner_text()
        assert "Holmes" in verdict and "The game is over." not in verdict
        page.screenshot(path=SHOTS.format("end-375"), full_page=True)
        assert layout_problems(page) == []
        page.set_viewport_size(DESKTOP)
        settle(page)
        page.screenshot(path=SHOTS.format("end-1280"), full_page=True)
        assert layout_problems(page) == []
        page.click(".sk-story .sk-ending-new-game")  # the settings open, and fit too
        settle(page)
        page.screenshot(path=SHOTS.format("settings-1280"))
        assert layout_problems(page) == []
        page.set_viewport_size(PHONE)
        page.locator(".sk-story .sk-seed-box").scroll_into_view_if_needed()
        settle(page)
        page.screenshot(path=SHOTS.format("settings-375"))
        assert layout_problems(page) == []
        page.click(".sk-story .sk-play-again")
        page.wait_for_selector(".sk-story .sk-ending", state="hidden", timeout=15_000)
        page.wait_for_selector(READY, timeout=15_000)
    finally:
        page.context.close()


#: Whether a menu is wide enough for the words of its choice (a <select> cuts them off
#: silently: its scroll width never grows), measured in the menu's own font.
FITS_ITS_CHOICE = """m => { const style = getComputedStyle(m), pen = document.createElement('canvas').getContext('2d');
  pen.font = style.font;
  const words = pen.measureText(m.options[m.selectedIndex].text).width;
  return words + parseFloat(style.paddingLeft) + parseFloat(style.paddingRight) <= m.clientWidth + 1; }"""


def saved_game(wanted) -> str:
    """A save of a campaign played by random choices up to the first state ``wanted``
    accepts (the app loads it through the settings' Load button)."""
    import random

    from sherlockkit import engine
    from sherlockkit.games.story import rules

    for seed in range(500):
        rng, state, actions = random.Random(seed), rules.new(seed), []
        while rules.outcome(state) is None and len(actions) < 400:
            if wanted(state):
                return engine.save(rules, seed, {"traits": list(rules.DEFAULT_TRAITS)}, actions)
            actions.append(rng.choice(rules.legal_actions(state)))
            state = rules.play(state, actions[-1])
    raise AssertionError("no campaign reached the state wanted")


def load(page, text: str) -> None:
    page.locator(SETTINGS).first.click()
    page.locator(".sk-story textarea").fill(text)
    page.locator(".sk-story .sk-load").click()
    page.wait_for_function("() => document.querySelector('.sk-story .sk-message').innerText.includes('loaded')",
                           timeout=30_000)


@pytest.mark.parametrize("where, ready", [
    ("spend", ".sk-story .sk-spend-button"),
    ("fight", ".sk-story .sk-opt-fight_on"),
])
def test_the_sm_form_and_a_fight_fit_a_phone(app_url, browser, where, ready):
    wanted = {"spend": lambda s: s.pending is not None and len(s.pending.purchases) > 6,
              "fight": lambda s: s.pending is not None and s.pending.kind == "combat"}[where]
    page = open_dashboard(browser, app_url, "story.ipynb", PHONE, READY)
    try:
        load(page, saved_game(wanted))
        page.wait_for_selector(ready, timeout=15_000)
        page.locator(ready).scroll_into_view_if_needed()
        settle(page)
        page.screenshot(path=SHOTS.format(f"{where}-375"))
        assert layout_problems(page) == []
        if where == "spend":  # what a point buys reads whole, on a phone and on a desktop's wide row
            for size in (PHONE, DESKTOP):
                page.set_viewport_size(size)
                settle(page)
                menu = page.locator(".sk-story .sk-what select")
                assert menu.evaluate(FITS_ITS_CHOICE), size["width"]
    finally:
        page.context.close()
