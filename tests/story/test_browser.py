"""The Detective Story Game in the real app, in headless Chromium: one visit that plays a
case by clicks and checks, at a phone's 375 px and a desktop's 1280 px, that the table
fits (nothing sticking out, cut off or scrolling sideways): the case in play (options with
their whole labels, the closed actions with their reasons, the dice), a fight, the form
after a case, the ending and the settings; axe-core finds nothing serious in the case in
play at both widths nor at the ending. A campaign's seed, which would tell every roll to
come, never reaches the page before the campaign ends."""

from __future__ import annotations

import random
import re
import time

import pytest

from sherlockkit import engine
from sherlockkit.games.story import rules
from tests.layout import DESKTOP, PHONE, by_keys, layout_problems, serious_violations, settings_by_keys, unnamed_pictures
from tests.seen import record_frames

pytestmark = pytest.mark.browser

READY = ".sk-story .sk-option"
#: What to click, first found first: keep every roll, wait, fight on, close in by deduction.
PREFERRED = (".sk-opt-keep", ".sk-opt-wait", ".sk-opt-fight_on", ".sk-opt-deduction")
#: The settings panel's header (its class differs between widget versions).
SETTINGS = ".sk-story .jupyter-widget-Collapse-header, .sk-story .p-Accordion-header"
#: Whether a menu is wide enough for the words of its choice (a <select> cuts them off
#: silently: its scroll width never grows), measured in the menu's own font.
FITS_ITS_CHOICE = """m => { const style = getComputedStyle(m), pen = document.createElement('canvas').getContext('2d');
  pen.font = style.font;
  const words = pen.measureText(m.options[m.selectedIndex].text).width;
  return words + parseFloat(style.paddingLeft) + parseFloat(style.paddingRight) <= m.clientWidth + 1; }"""


def step(page, keys: bool = False) -> None:
    """One click of a patient player (``keys``: Tab to the button and Enter, the keyboard
    alone), then wait until the case log has changed."""
    before = page.locator(".sk-log").inner_text()
    target = next((s for s in PREFERRED if page.locator(s).count()), ".sk-story .sk-option >> nth=0")
    if keys:
        assert by_keys(page, target.replace(" >> nth=0", "")), f"Tab reaches {target}"
    else:
        page.locator(target).first.click()
    page.wait_for_function("before => document.querySelector('.sk-log').innerText !== before",
                           arg=before, timeout=30_000)


def fits(page, name: str, *sizes: dict, axe: bool = False) -> None:
    """The table fits each of ``sizes`` (the page left at the last); with ``axe``, axe-core
    finds nothing serious at each (``tests.layout.serious_violations``: where it is asked)."""
    for size in sizes:
        page.set_viewport_size(size)
        page.wait_for_function("w => document.documentElement.clientWidth === w", arg=size["width"], timeout=10_000)
        assert layout_problems(page) == [], f"{name} at {size['width']} px"  # once the table has settled
        if axe:
            assert serious_violations(page) == [], "axe-core: readable and usable by everyone (issue 28)"


def saved_game(wanted) -> tuple[int, str]:
    """A seed of four digits and the save of a campaign played from it by random choices
    up to the first state ``wanted`` accepts (the app loads it through the settings)."""
    for seed in range(1000, 1500):
        rng, state, actions = random.Random(seed), rules.new(seed), []
        while rules.outcome(state) is None and len(actions) < 400:
            if wanted(state):
                return seed, engine.save(rules, seed, {"traits": list(rules.DEFAULT_TRAITS)}, actions)
            actions.append(rng.choice(rules.legal_actions(state)))
            state = rules.play(state, actions[-1])
    raise AssertionError("no campaign reached the state wanted")


def load(page, text: str) -> None:
    """Load a save through the settings panel (opened if it is folded)."""
    if not page.locator(".sk-story textarea").is_visible():
        page.locator(SETTINGS).first.click()
    page.locator(".sk-story textarea").fill(text)
    page.locator(".sk-story .sk-load").click()
    page.wait_for_function("() => document.querySelector('.sk-story .sk-message').innerText.includes('loaded')",
                           timeout=30_000)


def test_a_case_played_by_clicks_fits_a_phone_and_a_desktop_and_keeps_the_seed_hidden(app_url, browser):
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    frames = record_frames(page)
    try:
        page.goto(app_url + "voila/render/story.ipynb")
        page.wait_for_selector(READY, timeout=60_000)
        assert "Turn 1 of 12" in page.locator(".sk-status").inner_text()
        fits(page, "start", DESKTOP)

        # the first action decision: every open action a button, the closed ones with why
        while not page.locator(".sk-story .sk-closed li").count():  # a special rule may roll first
            step(page)
        assert "Attempt Arrest needs the Villain revealed" in page.locator(".sk-closed").inner_text()
        for size in (DESKTOP, PHONE):
            fits(page, "action", size, axe=True)  # mid-game, at both widths
            widths = page.locator(READY).evaluate_all("bs => bs.map(b => b.getBoundingClientRect().width)")
            assert widths and min(widths) >= min(280, size["width"] - 80), "an option spans the column, its label whole"
            assert page.locator(".sk-story .sk-closed li").first.bounding_box()["width"] > 200, "reasons are readable"
        play = page.locator(".sk-story .sk-play").bounding_box()
        sheet = page.locator(".sk-story .sk-sheet-col").bounding_box()
        assert sheet["y"] >= play["y"] + play["height"] - 1, "on a phone the case comes first, the sheet below"

        # the case to its end, on a phone: the first moves and the settings with the keyboard alone
        step(page)
        assert page.locator(".sk-die").count() >= 2
        for _ in range(3):
            step(page, keys=True)
        settings_by_keys(page, ".sk-story")
        assert unnamed_pictures(page, ".sk-story") == [], "every picture named for a screen reader"
        deadline = time.monotonic() + 240
        while not page.locator(".sk-story .sk-spend").is_visible() and not page.locator(".sk-ending").is_visible():
            assert time.monotonic() < deadline, "no end of the case in four minutes"
            step(page)
        log = page.locator(".sk-log").inner_text()
        assert re.search(r"— Turn ([2-9]|1[0-2]) —", log) and ("something happens" in log or "nothing happens" in log)
        page.locator(".sk-log details.sk-entry summary").first.click()  # a line opens on its dice and rule
        assert page.locator(".sk-log .sk-detail").first.is_visible()
        if page.locator(".sk-story .sk-spend").is_visible():
            assert page.locator(".sk-story .sk-verdict-panel .sk-cause").inner_text()
            fits(page, "case-closed", PHONE)

        # a fight, and the form after a case with much to buy, loaded from saves
        _, fight = saved_game(lambda s: s.pending is not None and s.pending.kind == "combat")
        load(page, fight)
        page.wait_for_selector(".sk-story .sk-opt-fight_on", timeout=30_000)
        page.locator(".sk-story .sk-opt-fight_on").scroll_into_view_if_needed()
        fits(page, "fight", PHONE)
        seed, spending = saved_game(lambda s: s.pending is not None and len(s.pending.purchases) > 6)
        start = len(frames)
        load(page, spending)
        page.wait_for_selector(".sk-story .sk-spend-button", timeout=30_000)
        page.locator(".sk-story .sk-spend-button").scroll_into_view_if_needed()
        for size in (PHONE, DESKTOP):  # what a point buys reads whole, on a phone and on a desktop's wide row
            fits(page, "spend", size)
            assert page.locator(".sk-story .sk-what select").evaluate(FITS_ITS_CHOICE), size["width"]

        # the campaign to its end: retiring, the only option left as a button
        during = "".join(frames[start:])
        page.locator(".sk-story .sk-spend .sk-option").click()
        page.wait_for_selector(".sk-story .sk-ending", state="visible", timeout=30_000)
        verdict = page.locator(".sk-story p.sk-verdict").inner_text()
        assert "Holmes" in verdict and "The game is over." not in verdict
        assert "seed hidden until the end" in during and not re.search(rf"seed {seed}\b", during)
        page.wait_for_selector(f".sk-story .sk-sheet >> text=seed {seed}", timeout=30_000)  # shown once it is over
        fits(page, "end", DESKTOP)
        fits(page, "end", PHONE, axe=True)
        page.click(".sk-story .sk-ending-new-game")  # the settings open, and fit too
        fits(page, "settings", DESKTOP)
        page.set_viewport_size(PHONE)
        page.locator(".sk-story .sk-seed-box").scroll_into_view_if_needed()
        fits(page, "settings", PHONE)
        page.click(".sk-story .sk-play-again")
        page.wait_for_selector(".sk-story .sk-ending", state="hidden", timeout=30_000)
        page.wait_for_selector(READY, timeout=30_000)
        assert "Traceback" not in page.content()
    finally:
        context.close()
