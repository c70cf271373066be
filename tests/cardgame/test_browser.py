"""The Sherlock Holmes Card Game in the real app, in headless Chromium: one whole game
played by clicks, the layout measured at a phone's width (375 px) and a desktop's
(1280 px) along the way, and every websocket frame the page received searched for the
Villains it should not have seen.

The game is dealt from a seed (:data:`SEED`) where, with the app's sleuths and the clicks
of :func:`my_move` (the first card the page lights up, the first player it offers), you
open the hand, name a player with a card, take a card that names you, draw and keep, and
the hand ends with an arrest after some fifteen moves, two of the four Villains never
seen by you. Then a saved game of six hands for six players, in its sixth hand after a
Telegram (the widest scores table the settings allow), is loaded and measured too.
"""

from __future__ import annotations

import json
import random
import re
import time

import pytest
from sherlockkit import engine
from sherlockkit.games.cardgame import rules
from sherlockkit.games.cardgame.cards import AFOOT, ARREST, HOLMES, INSPECTOR, VILLAINS, WATSON
from sherlockkit.games.cardgame.events import Arrested, Escaped, Peek
from sherlockkit.games.cardgame.state import TARGETED
from tests.layout import (
    DESKTOP, PHONE, by_keys, in_view, layout_problems, serious_violations, settings_by_keys, unnamed_pictures,
)
from tests.seen import record_frames
from widgets.cardgame import _names

pytestmark = pytest.mark.browser

ROOT = ".sk-cardgame"
#: the cards whose play can catch a Villain and end the hand (an Inspector on Scotland Yard)
CATCHERS = (ARREST, INSPECTOR, HOLMES, WATSON)
DASHBOARD = "voila/render/cardgame.ipynb"
#: true once the table offers the players a card may name, or its log has moved on
ASKS_WHOM_OR_MOVED = ("([root, log0]) => [...document.querySelectorAll(root + ' .sk-target')]"
                      ".some(b => b.offsetParent !== null)"
                      " || (document.querySelector(root + ' .sk-log') || {}).innerText !== log0")
#: a four-player deal (the dashboard's table) that you open; see the module's docstring
SEED = 108


def log_text(page) -> str:
    return page.locator(f"{ROOT} .sk-log").inner_text()


def message_text(page) -> str:
    return page.locator(f"{ROOT} .sk-message").first.inner_text()


def ended(page) -> bool:
    return page.locator(f"{ROOT} .sk-ending").is_visible()


def settings(page) -> None:
    """Open (or fold) the settings panel."""
    page.get_by_text("Game settings, saves and replays").click()


def wait_for_news(page, log_before: str, message_before: str, timeout: int = 15_000) -> bool:
    """After a click: True when the log changes; False when a refusal shows instead."""
    page.wait_for_function(
        "([root, log0, said0]) => { const log = document.querySelector(root + ' .sk-log');"
        " const said = document.querySelector(root + ' .sk-message');"
        " return (log && log.innerText !== log0) || (said && said.innerText !== said0); }",
        arg=[ROOT, log_before, message_before], timeout=timeout)
    return log_text(page) != log_before


def my_move(page, keys: bool = False, eager: bool = False) -> bool:
    """One move of yours by clicks if the table waits for you: a button of the moment, or
    the first card lit up (then the first player offered, for a card that names one).
    ``keys``: by the keyboard alone (Tab to the button, Enter). ``eager``: by clicks, as a
    player who wants the hand over -- your Villains put down when you may, else a lit card
    that can catch a Villain (:data:`CATCHERS`), else the first lit card (a card just drawn
    played rather than kept), and only then a button. True if the log moved."""
    if ended(page) or page.locator(f"{ROOT} .sk-prompt:not(.sk-waiting)").count() == 0:
        return False
    before, said = log_text(page), message_text(page)

    def press(selector: str) -> bool:
        if keys:
            return by_keys(page, selector, most=60) > 0
        page.locator(selector).first.click()
        return True

    legal = page.locator(f"{ROOT} .sk-hand-card.sk-legal")
    eager_for_a_card = eager and legal.count() > 0  # only the Villains' button goes before a lit card
    for button in (".sk-villains",) if eager_for_a_card else (".sk-villains", ".sk-take", ".sk-keep", ".sk-draw"):
        if page.locator(f"{ROOT} {button}").is_visible():
            return press(f"{ROOT} {button}") and wait_for_news(page, before, said)
    lit = [text.strip() for text in legal.all_inner_texts()]
    if not lit:
        return False
    pick = next((k for k, card in enumerate(lit) if card in CATCHERS), 0) if eager else 0
    if keys:
        if not press(f"{ROOT} .sk-hand-card.sk-legal"):
            return False
    else:
        legal.nth(pick).click()
    if lit[pick] in TARGETED:  # the page asks whom (a card one player alone can be named by is played at once)
        page.wait_for_function(ASKS_WHOM_OR_MOVED, arg=[ROOT, before], timeout=10_000)
        if page.locator(f"{ROOT} .sk-target:visible").count():
            press(f"{ROOT} .sk-target" if keys else f"{ROOT} .sk-target:visible")  # (not yourself: hidden)
    return wait_for_news(page, before, said)


def fits(page, width: int, axe: bool = False) -> None:
    """At ``width`` px: nothing sticks out, is cut off or makes the page scroll sideways,
    and every seat and every card of your hand is in view; with ``axe``, axe-core finds
    nothing serious (``tests.layout.serious_violations``: where it is asked)."""
    page.set_viewport_size({"width": width, "height": 800})
    page.wait_for_function("w => document.documentElement.clientWidth === w", arg=width, timeout=10_000)
    assert layout_problems(page) == [], width
    if axe:
        assert serious_violations(page) == [], "axe-core: readable and usable by everyone (issue 28)"
    in_view(page, f"{ROOT} .sk-seat, {ROOT} .sk-hand-card, {ROOT} .sk-follow .sk-chip", width)


def states_of(save: dict) -> list:
    """Every table of a saved game, from the deal to the last move."""
    state = rules.new(save["seed"], **save["options"])
    out = [state]
    for data in save["actions"]:
        state = rules.play(state, rules.action_from_json(data))
        out.append(state)
    return out


def seen_by_you(state) -> set[str]:
    """The Villains your seat has seen at this table: in your hand, in a peek of yours, or
    laid down for all by an arrest or an escape."""
    seen = rules.view(state, 0)
    cards = set(seen.hand) | {c for e in seen.events if isinstance(e, Peek) for c in e.cards}
    cards |= {c for e in seen.events if isinstance(e, (Arrested, Escaped)) for c in e.villains}
    return cards & set(VILLAINS)


def sixth_hand_save() -> str:
    """A save of a six-player game of six hands, in its sixth hand after a Telegram: the
    widest scores table the settings allow (random legal moves, found by seed)."""
    options = {"players": 6, "hands": 6, "names": _names(6)}
    for seed in range(200):
        rng, state, actions = random.Random(seed), rules.new(seed, **options), []
        while not state.finished:
            if state.hand_number == 6 and any(state.telegrams):
                return json.dumps(json.loads(engine.save(rules, seed, options, actions)))  # one line: quick to type
            action = rng.choice(rules.legal_actions(state))
            state, actions = rules.play(state, action), actions + [action]
    raise AssertionError("no such game")


def test_a_whole_game_by_clicks_fits_both_screens_and_sends_no_hidden_villain(app_url, browser):
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    frames = record_frames(page)
    try:
        page.goto(app_url + DASHBOARD)
        page.wait_for_selector(f"{ROOT} .sk-hand-card", timeout=60_000)
        settings(page)
        page.locator(f"{ROOT} .sk-seed-box input").fill(str(SEED))
        page.locator(f"{ROOT} .sk-new-game").click()
        # the new deal is on the page: you hold the opening card, the only one lit up
        page.wait_for_function(
            "([root, seed, card]) => (document.querySelector(root + ' .sk-seed') || {}).innerText?.startsWith("
            "'seed ' + seed) && [...document.querySelectorAll(root + ' .sk-hand-card.sk-legal')]"
            ".map(b => b.innerText.trim()).join() === card && document.querySelectorAll(root + ' .sk-log li')"
            ".length === 1", arg=[ROOT, SEED, AFOOT], timeout=15_000)
        # what the page was sent from here on is this game's: the frames before it carried the
        # game the dashboard opened on, dealt from a seed of its own (its hand is no secret of this one)
        first_frame = len(frames)
        settings(page)  # folded again
        assert "Your turn" in page.locator(f"{ROOT} .sk-title").inner_text()
        assert page.locator(f"{ROOT} .sk-seat").count() == 4 and page.locator(f"{ROOT} .sk-hand-card").count() == 6

        # a dimmed card says why it may not be played, in the engine's words, and changes nothing
        before = log_text(page)
        page.locator(f"{ROOT} .sk-hand-card.sk-dim").first.click()
        page.wait_for_selector(f"{ROOT} .sk-message:has-text('The hand opens with The game is afoot!')",
                               timeout=10_000)
        assert log_text(page) == before and page.locator(f"{ROOT} .sk-hand-card").count() == 6
        fits(page, PHONE["width"], axe=True)

        made, deadline = 0, time.monotonic() + 120
        while not ended(page):
            assert time.monotonic() < deadline, f"the game did not end in two minutes ({made} moves of yours)"
            if my_move(page, keys=made < 3):  # the first three with the keyboard alone
                made += 1
                if made == 2:  # the table in play, at a desktop's width (the game goes on there)
                    fits(page, DESKTOP["width"], axe=True)
            else:
                page.wait_for_timeout(150)
        assert made >= 4, made
        assert unnamed_pictures(page, ROOT) == [], "every card named for a screen reader"
        settings_by_keys(page, ROOT)
        verdict = page.locator(f"{ROOT} p.sk-verdict").inner_text()
        assert re.search(r"arrested .*, caught holding|escaped with|trail went cold", verdict), verdict
        assert re.search(r"wins?|share the win", verdict), verdict
        assert "Game over" in page.locator(f"{ROOT} .sk-title").inner_text()
        assert page.locator(f"{ROOT} .sk-top-card").count() == 1, "the final table stays"
        log = log_text(page)
        assert len(re.findall(r"^You ", log, re.M)) >= 3 and "(you)" not in log  # told to you as "you"
        assert "Traceback" not in page.locator("body").inner_text()
        fits(page, DESKTOP["width"])
        fits(page, PHONE["width"], axe=True)

        settings(page)
        page.locator(f"{ROOT} .sk-save").click()
        page.wait_for_function("root => (document.querySelector(root + ' textarea') || {}).value?.includes('actions')",
                               arg=ROOT, timeout=10_000)
        states = states_of(json.loads(page.locator(f"{ROOT} textarea").input_value()))
        assert rules.outcome(states[-1]) is not None and states[-1].seed == SEED
        played = list(frames)[first_frame:]
        assert len(played) > 30
        at_the_end = seen_by_you(states[-1]) - set().union(*map(seen_by_you, states[:-1]))
        never = set(VILLAINS) - seen_by_you(states[-1])
        assert never and at_the_end, "the game this test is written for"
        for villain in never:  # a Villain you never saw never reached the page
            sent = [frame for frame in played if villain in frame]
            assert not sent, (villain, sent[0][max(0, sent[0].index(villain) - 300):sent[0].index(villain) + 100])
        for villain in at_the_end:  # first named by the log line of the arrest (or escape) that showed it
            first = next(frame for frame in played if villain in frame)
            assert re.search(r"is arrested!|escapes!", first), first[max(0, first.index(villain) - 300):first.index(villain) + 100]

        # the widest scores table: six players, six hands, a Telegram in the hand under way
        page.locator(f"{ROOT} textarea").fill(sixth_hand_save())
        page.locator(f"{ROOT} .sk-load").click()
        page.wait_for_selector(f"{ROOT} .sk-title:has-text('Hand 6 of 6')", timeout=15_000)
        settings(page)  # folded
        assert page.locator(f"{ROOT} .sk-scores tr[data-seat]").count() == 6
        assert page.locator(f"{ROOT} .sk-scores th:has-text('6 so far')").count() == 1
        fits(page, PHONE["width"])
        fits(page, DESKTOP["width"])
    finally:
        context.close()
