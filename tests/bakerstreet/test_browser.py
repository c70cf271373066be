"""Beyond Baker Street in the real app, in headless Chromium: one whole case played by clicks
to its end -- a card of yours pointed at and its odds read, a teammate's card, a hint given
in two clicks, Investigates and Eliminates, then Pursues until the case is lost -- with
every websocket frame recorded, none of them naming a card of your hand while it was in
your hand and unplayed (the odds of the card you point at are on the page whenever it is
pointed at, so they are among the frames searched). On the way the table is measured at a
phone's width (375 px) and a desktop's (1280 px): nothing sticks out, is cut off or makes
the page scroll sideways, the odds never push the buttons down, and the settings fit.

The test waits on what the page shows, never on time: the bots' pace is the app's own."""

from __future__ import annotations

import json
import re

import pytest

from sherlockkit.games.bakerstreet import rules
from sherlockkit.games.bakerstreet.cards import Evidence
from tests.layout import (
    DESKTOP, PHONE, SMALLEST_READABLE_PX, by_keys, in_view, layout_problems, newest_line_in_view, overlapping,
    serious_violations, settings_by_keys, smallest_drawn_text, unnamed_pictures, WATCH_THE_PROMPT,
)
from tests.seen import record_frames

from .page import card_forms, ever_public

pytestmark = pytest.mark.browser

ROOT = ".sk-bakerstreet"
DASHBOARD = "voila/render/bakerstreet.ipynb"
#: the longest a page may take to show what a click changed (a busy machine's pace)
PATIENCE = 30_000

# Your turn ends with your move and, with two players, comes back as soon as the bot has made
# its move: polling for the prompt without "Your turn" can miss that moment, so the page
# itself notes each change of the prompt from the click on.


def _text(page, part: str) -> str:
    return page.locator(f"{ROOT} {part}").first.inner_text()


def ended(page) -> bool:
    return page.locator(f"{ROOT} .sk-ending").is_visible()


def wait_for_your_turn(page) -> bool:
    """Wait until the case waits for you (True) or is over (False)."""
    page.wait_for_function(
        "root => document.querySelector(root + ' .sk-prompt').innerText.includes('Your turn')"
        " || document.querySelector(root + ' .sk-ending').offsetParent !== null", arg=ROOT, timeout=PATIENCE)
    return not ended(page)


def click_move(page, selector: str, keys: bool = False) -> None:
    """Click a button that makes a move (``keys``: Tab to it and Enter, the keyboard alone),
    and wait until the page shows it made (the log moved, and your turn went by or the
    case ended)."""
    log = _text(page, ".sk-log")
    page.evaluate(WATCH_THE_PROMPT, ROOT)
    if keys:
        assert by_keys(page, selector), f"Tab reaches {selector}"
    else:
        page.locator(selector).first.click()
    page.wait_for_function(
        "([root, log]) => document.querySelector(root + ' .sk-log').innerText !== log"
        " && (window.skTurnWentBy || document.querySelector(root + ' .sk-ending').offsetParent !== null)",
        arg=[ROOT, log], timeout=PATIENCE)


def point_at_a_card(page, slot: int = 0, keys: bool = False) -> None:
    """Point at a card of yours (``keys``: with the keyboard alone): the odds panel opens
    under Investigate and Eliminate."""
    if keys:
        assert by_keys(page, f"{ROOT} .sk-card-0-{slot}"), "Tab reaches your card"
    else:
        page.locator(f"{ROOT} .sk-card-0-{slot}").click()
    page.locator(f"{ROOT} .sk-eliminate").wait_for(state="visible", timeout=PATIENCE)
    page.locator(f"{ROOT} .sk-odds").wait_for(state="visible", timeout=PATIENCE)


def assert_it_fits(page, size: dict) -> None:
    """With a card pointed at: nothing sticks out or is cut off, the odds lie under the
    buttons, and so with the settings panel open."""
    panel, buttons = (page.locator(f"{ROOT} {part}").bounding_box() for part in (".sk-odds", ".sk-eliminate"))
    assert panel["x"] >= 0 and panel["x"] + panel["width"] <= size["width"] + 1, "the odds in view"
    assert buttons["y"] + buttons["height"] <= panel["y"] + 1, "the odds never push the buttons down"
    page.locator(f"{ROOT} .sk-other-card").first.click()  # what a teammate knows
    page.wait_for_function("root => document.querySelector(root + ' .sk-known').innerText.includes('knows of')",
                           arg=ROOT, timeout=PATIENCE)
    assert layout_problems(page) == []
    assert serious_violations(page) == [], "axe-core: readable and usable by everyone (issue 28)"
    assert overlapping(page, f"{ROOT} .sk-track-name", f"{ROOT} .sk-tracks svg") == [], "a marker over a track's name"
    smallest = smallest_drawn_text(page, f"{ROOT} .sk-tracks")
    assert smallest >= SMALLEST_READABLE_PX, f"the tracks' numbers {smallest:.1f} px high at {size['width']} px"
    in_view(page, f"{ROOT} .sk-lead, {ROOT} .sk-seat, {ROOT} .sk-tracks svg", size["width"])
    page.get_by_text("Game settings, saves and replays").click()
    page.locator(f"{ROOT} .sk-new-game").wait_for(timeout=PATIENCE)
    assert layout_problems(page) == []
    page.get_by_text("Game settings, saves and replays").click()  # folded again
    page.locator(f"{ROOT} .sk-new-game").wait_for(state="hidden", timeout=PATIENCE)


def states_of(save: dict):
    """Every state of the saved game, from the deal to the end."""
    state = rules.new(save["seed"], **save["options"])
    out = [state]
    for data in save["actions"]:
        state = rules.play(state, rules.action_from_json(data))
        out.append(state)
    return out


def named(frame: str, card: Evidence) -> bool:
    lowered = frame.lower()
    return any(re.search(re.escape(form.lower()) + r"(?![0-9])", lowered) for form in card_forms(card))


def secret_cards(states) -> set[Evidence]:
    """The cards that sat in your hand at some moment before any event had named them."""
    return {card for s in states for card in s.hands[0] if card not in ever_public(s.events)}


def test_a_whole_case_by_clicks_fits_the_screen_and_sends_no_card_of_yours(app_url, browser):
    context = browser.new_context(viewport=PHONE)
    try:
        page = context.new_page()
        frames = record_frames(page)
        page.goto(app_url + DASHBOARD)
        page.wait_for_selector(f"{ROOT} .sk-slot", timeout=60_000)
        assert wait_for_your_turn(page)  # you play first, without characters
        point_at_a_card(page, keys=True)  # the first moves with the keyboard alone
        odds = _text(page, ".sk-odds")
        assert "Card 1: the odds" in odds and "Eliminate" in odds and "Its number" in odds, odds
        assert re.search(r"\b\d{1,3}%", odds) and re.search(r"advances\s+exact\s+kills\s+wrong icon", odds), odds
        assert_it_fits(page, PHONE)
        click_move(page, f"{ROOT} .sk-eliminate", keys=True)
        assert wait_for_your_turn(page)
        assert by_keys(page, f"{ROOT} .sk-assist-1"), "Tab reaches Assist"  # a hint, in two presses
        page.locator(f"{ROOT} .sk-hint-0").wait_for(state="visible", timeout=PATIENCE)
        click_move(page, f"{ROOT} .sk-hint-0", keys=True)
        assert unnamed_pictures(page, ROOT) == [], "every card and track named for a screen reader"
        settings_by_keys(page, ROOT)
        assert "Player 2:" in _text(page, ".sk-log") or "You tell Player 2" in _text(page, ".sk-log")
        assert wait_for_your_turn(page)
        page.set_viewport_size(DESKTOP)
        point_at_a_card(page, 1)
        assert_it_fits(page, DESKTOP)
        click_move(page, f"{ROOT} [class*='sk-investigate-']:visible")
        made = 3
        while wait_for_your_turn(page):  # then give up Leads until a section runs out of them
            click_move(page, f"{ROOT} [class*='sk-pursue-']:visible")
            made += 1
            assert made < 40, "the case did not end"
            assert newest_line_in_view(page, ROOT)[0], "the log shows what the bots just did"
        shown, overflows = newest_line_in_view(page, ROOT)
        assert shown and overflows, "the ending is the log's newest line, in view, with older lines above"
        assert "Play again" in _text(page, ".sk-play-again")
        assert "Traceback" not in page.locator("body").inner_text()
        page.get_by_text("Game settings, saves and replays").click()
        page.locator(f"{ROOT} .sk-save").click()
        page.wait_for_function("root => (document.querySelector(root + ' textarea') || {}).value?.includes('actions')",
                               arg=ROOT, timeout=PATIENCE)
        save = json.loads(page.locator(f"{ROOT} textarea").input_value())
    finally:
        context.close()
    states = states_of(save)
    assert rules.outcome(states[-1]) is not None
    assert {type(rules.action_from_json(a)).__name__ for a in save["actions"][::2]} >= {
        "Eliminate", "Assist", "Investigate", "Pursue"}, "your moves, by clicks"
    assert len(frames) > 20
    # a card of yours may reach the page only in the log line that tells it was played: the
    # first frame naming it must be that line (the table draws the log before the rest)
    for card in secret_cards(states):
        seen = [k for k, frame in enumerate(frames) if named(frame, card)]
        if not seen:
            continue
        first = frames[seen[0]]
        assert re.search(rf"(you play|you eliminate) {re.escape(str(card))}(?![0-9])", first, re.I), (
            f"{card} reached the page before it was played: {first[:400]}")
    # and the cards still in your hand at the end, never played, were never sent at all
    for card in states[-1].hands[0]:
        if card not in ever_public(states[-1].events):
            assert not any(named(frame, card) for frame in frames), card
