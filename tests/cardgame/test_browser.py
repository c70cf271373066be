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

Then, on the same page (one browser run for the game), Ann plays a hand with a friend:
Bob, on a phone, joins her table of three by its code, a bot takes the third seat, and
each person plays by clicking their own page until the hand ends on both
(:func:`a_hand_with_a_friend`). The test waits on what the pages show, never on time.
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
from tests.friends_pages import PATIENCE, bot_in_seat_3_and_start, hosts_save, join, open_page, open_table, sit_down
from tests.layout import (
    DESKTOP, PHONE, by_keys, in_view, layout_problems, serious_violations, settings_by_keys, unnamed_pictures,
)
from tests.seen import record_frames
from widgets.cardgame import _names

pytestmark = pytest.mark.browser

ROOT = ".sk-cardgame"
#: the table shared with friends, and what shows that a page's own table is drawn
SHARED, READY = ".sk-friends .sk-cardgame", ".sk-cardgame .sk-hand-card"
#: the cards whose play can catch a Villain and end the hand (an Inspector on Scotland Yard)
CATCHERS = (ARREST, INSPECTOR, HOLMES, WATSON)
DASHBOARD = "voila/render/cardgame.ipynb"
#: true once the table offers the players a card may name, or its log has moved on
ASKS_WHOM_OR_MOVED = ("([root, log0]) => [...document.querySelectorAll(root + ' .sk-target')]"
                      ".some(b => b.offsetParent !== null)"
                      " || (document.querySelector(root + ' .sk-log') || {}).innerText !== log0")
#: a four-player deal (the dashboard's table) that you open; see the module's docstring
SEED = 108


def log_text(page, root: str = ROOT) -> str:
    return page.locator(f"{root} .sk-log").inner_text()


def message_text(page, root: str = ROOT) -> str:
    return page.locator(f"{root} .sk-message").first.inner_text()


def ended(page, root: str = ROOT) -> bool:
    return page.locator(f"{root} .sk-ending").is_visible()


def settings(page) -> None:
    """Open (or fold) the settings panel."""
    page.get_by_text("Game settings, saves and replays").click()


def wait_for_news(page, log_before: str, message_before: str, timeout: int = 15_000, root: str = ROOT) -> bool:
    """After a click: True when the log changes; False when a refusal shows instead."""
    page.wait_for_function(
        "([root, log0, said0]) => { const log = document.querySelector(root + ' .sk-log');"
        " const said = document.querySelector(root + ' .sk-message');"
        " return (log && log.innerText !== log0) || (said && said.innerText !== said0); }",
        arg=[root, log_before, message_before], timeout=timeout)
    return log_text(page, root) != log_before


def my_move(page, keys: bool = False, eager: bool = False, root: str = ROOT) -> bool:
    """One move of yours by clicks if the table waits for you: a button of the moment, or
    the first card lit up (then the first player offered, for a card that names one).
    ``keys``: by the keyboard alone (Tab to the button, Enter). ``eager``: by clicks, as a
    player who wants the hand over -- your Villains put down when you may, else a lit card
    that can catch a Villain (:data:`CATCHERS`), else the first lit card (a card just drawn
    played rather than kept), and only then a button. ``root``: the table played (yours,
    or the one shared with friends). True if the log moved."""
    if ended(page, root) or page.locator(f"{root} .sk-prompt:not(.sk-waiting)").count() == 0:
        return False
    before, said = log_text(page, root), message_text(page, root)

    def press(selector: str) -> bool:
        if keys:
            return by_keys(page, selector, most=60) > 0
        page.locator(selector).first.click()
        return True

    legal = page.locator(f"{root} .sk-hand-card.sk-legal")
    eager_for_a_card = eager and legal.count() > 0  # only the Villains' button goes before a lit card
    for button in (".sk-villains",) if eager_for_a_card else (".sk-villains", ".sk-take", ".sk-keep", ".sk-draw"):
        if page.locator(f"{root} {button}").is_visible():
            return press(f"{root} {button}") and wait_for_news(page, before, said, root=root)
    lit = [text.strip() for text in legal.all_inner_texts()]
    if not lit:
        return False
    pick = next((k for k, card in enumerate(lit) if card in CATCHERS), 0) if eager else 0
    if keys:
        if not press(f"{root} .sk-hand-card.sk-legal"):
            return False
    else:
        legal.nth(pick).click()
    if lit[pick] in TARGETED:  # the page asks whom (a card one player alone can be named by is played at once)
        page.wait_for_function(ASKS_WHOM_OR_MOVED, arg=[root, before], timeout=10_000)
        if page.locator(f"{root} .sk-target:visible").count():
            press(f"{root} .sk-target" if keys else f"{root} .sk-target:visible")  # (not yourself: hidden)
    return wait_for_news(page, before, said, root=root)


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


def seen_by(state, seat: int = 0) -> set[str]:
    """The Villains ``seat`` (you, unless said) has seen at this table: in its hand, in a
    peek of its own, or laid down for all by an arrest or an escape."""
    seen = rules.view(state, seat)
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


def test_a_game_by_clicks_and_a_hand_with_a_friend_fit_both_screens_and_send_no_hidden_villain(app_url, browser):
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
        at_the_end = seen_by(states[-1]) - set().union(*map(seen_by, states[:-1]))
        never = set(VILLAINS) - seen_by(states[-1])
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

        # then a hand with a friend, Ann on this page (now a desktop's) and Bob on a phone
        a_hand_with_a_friend(browser, app_url, page, frames)
    finally:
        context.close()


def a_hand_with_a_friend(browser, app_url: str, ann, ann_frames: list) -> None:
    """Ann opens a table of three; Bob, on a phone, joins it by its code; Ann gives the
    third seat to a bot and starts; each plays by clicking their own table, as people who
    want the hand over (:func:`my_move`'s ``eager``), until the hand ends on both pages.
    Each page calls the other person by name; the host's save of the finished table replays
    every state, and no frame either page received names a Villain its seat never saw."""
    bob, bob_frames = open_page(browser, app_url + DASHBOARD, PHONE, READY, "Bob")
    try:
        sit_down(ann, "Ann")
        code = open_table(ann, 3)
        # on a phone the panel's buttons keep their whole words (none cut to "Open a…")
        cut = bob.evaluate("() => [...document.querySelectorAll('.sk-friends button')]"
                           ".filter(b => b.offsetParent !== null && b.scrollWidth > b.clientWidth + 1)"
                           ".map(b => b.innerText)")
        assert cut == [], cut
        join(bob, code)
        bot_in_seat_3_and_start(ann)
        shared_from = {}
        for name, page, frames in (("Ann", ann, ann_frames), ("Bob", bob, bob_frames)):
            page.wait_for_selector(f"{SHARED} .sk-hand-card", timeout=PATIENCE)
            shared_from[name] = len(frames)  # before: the page's own games against bots
            assert page.evaluate("() => [...document.querySelectorAll('.sk-cardgame')]"
                                 ".filter(t => !t.closest('.sk-friends') && t.offsetParent !== null).length") == 0
        assert layout_problems(ann) == [] and layout_problems(bob) == []
        # played so, a hand of a random deal (the server deals) took the two people 42 moves on
        # average in 300 deals played by the engine, against 67 by the first card lit
        moves, deadline = 0, time.monotonic() + 180
        while not (ended(ann, SHARED) and ended(bob, SHARED)):
            assert time.monotonic() < deadline, f"the hand did not end in three minutes ({moves} moves by people)"
            moved = False
            for page in (ann, bob):
                if not ended(page, SHARED) and my_move(page, eager=True, root=SHARED):
                    moves, moved = moves + 1, True
            if not moved:  # a bot's turn, or a frame on its way
                ann.wait_for_timeout(150)
        assert moves >= 2, moves
        for page, other in ((ann, "Bob"), (bob, "Ann")):
            assert other in page.locator(f"{SHARED} .sk-seats, {SHARED} .sk-seat").first.inner_text() or \
                other in log_text(page, SHARED)
            assert not re.search(r"Player \d", log_text(page, SHARED))
            assert "Traceback" not in page.locator("body").inner_text()
        assert layout_problems(bob) == []
        # the host's save of a finished table: the game's open replay, every state of it
        states = states_of(hosts_save(ann))
        assert rules.outcome(states[-1]) is not None and states[-1].names[:2] == ("Ann", "Bob")
        for seat, frames in ((0, ann_frames[shared_from["Ann"]:]), (1, bob_frames[shared_from["Bob"]:])):
            # what the seat saw at any moment (a card that left its hand was seen all the same)
            never = set(VILLAINS) - set().union(*(seen_by(state, seat) for state in states))
            assert len(frames) > 5
            for villain in never:  # a Villain the seat never saw never reached its page
                sent = [frame for frame in frames if villain in frame]
                assert not sent, (seat, villain, sent[0][max(0, sent[0].index(villain) - 300):][:400])
    finally:
        bob.context.close()
