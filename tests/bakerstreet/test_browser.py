"""Beyond Baker Street in the real app, in headless Chromium: a whole case played by
clicks to its end, every websocket frame recorded, and none of them naming a card of your
hand while it was in your hand and unplayed (the odds of the card you point at are on the
page whenever it is pointed at, so they are among the frames searched)."""

from __future__ import annotations

import json
import random
import re
import time

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.seen import record_frames

from sherlockkit.games.bakerstreet import rules
from sherlockkit.games.bakerstreet.state import Evidence

from .page import card_forms, ever_public

pytestmark = pytest.mark.browser

ROOT = ".sk-bakerstreet"
READY = f"{ROOT} .sk-slot"
DASHBOARD = "voila/render/bakerstreet.ipynb"


def log_text(page) -> str:
    return page.locator(f"{ROOT} .sk-log").inner_text()


def message_text(page) -> str:
    return page.locator(f"{ROOT} .sk-message").first.inner_text()


def your_turn(page) -> bool:
    return "Your turn" in page.locator(f"{ROOT} .sk-prompt").inner_text()


def ended(page) -> bool:
    return page.locator(f"{ROOT} .sk-ending").is_visible()


def click_and_wait(page, selector: str, timeout: int = 10_000) -> bool:
    """Click, then wait for the log (a move) or the message (a refusal) to change; True
    if the log changed."""
    log0, said0 = log_text(page), message_text(page)
    page.evaluate(_WATCH_THE_PROMPT, ROOT)
    page.locator(selector).first.click()
    try:
        page.wait_for_function(
            "([root, log0, said0]) => { const log = document.querySelector(root + ' .sk-log');"
            " const said = document.querySelector(root + ' .sk-message');"
            " return (log && log.innerText !== log0) || (said && said.innerText !== said0); }",
            arg=[ROOT, log0, said0], timeout=timeout)
    except PlaywrightTimeout:
        return False
    moved = log_text(page) != log0
    if moved:  # the log is drawn first: wait for the rest of the table (your turn is over)
        page.wait_for_function(
            "root => window.skTurnWentBy"
            " || document.querySelector(root + ' .sk-ending').offsetParent !== null", arg=ROOT, timeout=timeout)
    return moved


# Your turn ends with your move and, with two players, comes back as soon as the bot has made
# its move (0.9 s later, less on a busy machine's clock): polling for the prompt without
# "Your turn" can miss that moment, so the page itself notes each change of the prompt from
# the click on.
_WATCH_THE_PROMPT = """
root => {
  const prompt = document.querySelector(root + ' .sk-prompt');
  window.skTurnWentBy = false;
  if (window.skPromptWatch) window.skPromptWatch.disconnect();
  window.skPromptWatch = new MutationObserver(() => {
    if (!prompt.innerText.includes('Your turn')) window.skTurnWentBy = true;
  });
  window.skPromptWatch.observe(prompt, {subtree: true, childList: true, characterData: true});
}
"""


def my_move(page, rng: random.Random) -> bool:
    """One move of yours by clicks, if the table waits for you; True if the log moved."""
    if ended(page) or not your_turn(page):
        return False
    roll = rng.random()
    if roll < 0.2 and page.locator(f"{ROOT} .sk-assist-1").is_visible():
        page.locator(f"{ROOT} .sk-assist-1").click()
        page.locator(f"{ROOT} .sk-hint-0").wait_for(state="visible", timeout=10_000)
        return click_and_wait(page, f"{ROOT} .sk-hint-0")
    slots = page.locator(f"{ROOT} .sk-slot:visible")
    if slots.count() == 0:
        return click_and_wait(page, f"{ROOT} [class*='sk-pursue-']:visible")
    slots.nth(rng.randrange(slots.count())).click()
    page.locator(f"{ROOT} .sk-eliminate").wait_for(state="visible", timeout=10_000)
    if roll < 0.45:
        return click_and_wait(page, f"{ROOT} .sk-eliminate")
    live = [k for k in ("suspect", "motive", "opportunity")
            if page.locator(f"{ROOT} .sk-pursue-{k}").is_visible()]
    return click_and_wait(page, f"{ROOT} .sk-investigate-{rng.choice(live or ['suspect'])}")


def look_at_the_odds(page) -> str:
    """On your turn, point at your first card, read the odds panel that opens, and put the
    card down again (the panel folds); the panel's text."""
    page.wait_for_function(f"() => document.querySelector('{ROOT} .sk-prompt').innerText.includes('Your turn')",
                           timeout=30_000)
    card, odds = page.locator(f"{ROOT} .sk-slot").first, page.locator(f"{ROOT} .sk-odds")
    card.click()
    odds.wait_for(state="visible", timeout=10_000)
    text = odds.inner_text()
    card.click()
    odds.wait_for(state="hidden", timeout=10_000)
    return text


def save_text(page) -> str:
    page.get_by_text("Game settings, saves and replays").click()
    page.locator(f"{ROOT} .sk-save").click()
    box = page.locator(f"{ROOT} textarea")
    page.wait_for_function("root => (document.querySelector(root + ' textarea') || {}).value?.includes('actions')",
                           arg=ROOT, timeout=10_000)
    return box.input_value()


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


def test_a_whole_case_by_clicks_sends_no_card_of_yours(app_url, page):
    frames = record_frames(page)
    page.goto(app_url + DASHBOARD)
    page.wait_for_selector(READY, timeout=60_000)
    odds = look_at_the_odds(page)
    assert "Card 1: the odds" in odds and "Eliminate" in odds and "Its number" in odds, odds
    assert re.search(r"\b\d{1,3}%", odds) and re.search(r"advances\s+exact\s+kills\s+wrong icon", odds), odds
    rng, deadline, made = random.Random(12), time.monotonic() + 240, 0
    while not ended(page):
        assert time.monotonic() < deadline, f"the case did not end in 240 s ({made} moves of yours)"
        if my_move(page, rng):
            made += 1
        else:
            page.wait_for_timeout(200)
    assert made > 0
    assert page.locator(f"{ROOT} .sk-play-again").is_visible()
    assert "Play again" in page.locator(f"{ROOT} .sk-play-again").inner_text()
    assert "Traceback" not in page.locator("body").inner_text()
    page.screenshot(path="/tmp/baker-end.png", full_page=True)
    save = json.loads(save_text(page))
    states = states_of(save)
    assert rules.outcome(states[-1]) is not None
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
