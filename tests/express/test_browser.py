"""Sherlock Express in the real app, in headless Chromium: one visit, played by clicks.

Your turn is said; a key the rules refuse (on a desktop, where the keys are) gets the
engine's sentence, never a traceback; on a phone, you play alibis and slaps read off the
page like a player until you catch a suspect; at both sizes nothing sticks out, is cut
off or scrolls sideways, and a speed game's controls (the six suspects, Moriarty, their
slaps, "Turn up my alibi") fit one screen. Then a game saved one catch from its end is
loaded, the catch is made, and the ending (who won, the last proof, Play again) fits both
sizes. Whole games are played at the widget level (``test_widget.py``, ``test_page.py``).
"""

from __future__ import annotations

import random
import re
import time

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from sherlockkit import engine
from sherlockkit.games.express import bots, deduction, rules
from tests.layout import (
    DESKTOP, PHONE, SMALLEST_READABLE_PX, by_keys, click_if_enabled, layout_problems, open_dashboard,
    serious_violations, settings_by_keys, smallest_drawn_text, unnamed_pictures,
)

pytestmark = pytest.mark.browser

SUSPECT = re.compile(r"the (\w+) with a (.+) in the (.+)")
READY = ".sk-express .sk-reveal"
ALIBIS = ".sk-express .sk-alibis-now svg.sk-alibi"
#: true once the number of alibis face up is no longer ``n``, or it is your turn, or the game
#: is over (a bot's catch may end it, the alibis left as they were)
ALIBIS_MOVED = (f"n => document.querySelectorAll('{ALIBIS}').length !== n"
                f" || !document.querySelector('{READY}').disabled"
                " || (document.querySelector('.sk-express .sk-ending') || {}).offsetParent != null")
#: the log's length and newest line, and the message, as the page shows them
SHOWN = ("() => { const lines = document.querySelectorAll('.sk-express .sk-log .sk-line');"
         " const message = document.querySelector('.sk-express .sk-message');"
         " return [String(lines.length), lines.length ? lines[lines.length - 1].innerText : '',"
         " message ? message.innerText : '']; }")
#: true once the page shows something new after a click: a new event's line, or a new message
MOVED_ON = f"before => {{ const now = ({SHOWN})(); return now.some((shown, k) => shown !== before[k]); }}"
#: the table's options for three players (widgets/express.py: you and two bots)
OPTIONS = {"players": 3, "target": 5, "false_alibi": False, "names": ["Holmes", "Lestrade", "Irene"]}


def proven(page) -> str | None:
    """The slap the table proves (a CSS class), or None: read off the page like a player."""
    labels = page.locator(".sk-express .sk-suspects svg.sk-suspect").evaluate_all(
        "cards => cards.map(c => c.getAttribute('aria-label'))")
    suspects = [set(SUSPECT.match(label.replace(" (cleared)", "")).groups()) for label in labels]
    alibis = set(page.locator(".sk-express .sk-alibis-now svg.sk-alibi").evaluate_all(
        "cards => cards.map(c => c.getAttribute('aria-label').replace('alibi: ', ''))"))
    left = [i for i, traits in enumerate(suspects) if not traits & alibis]
    if len(left) == 1:
        return f".sk-slap-{left[0] + 1}"
    return ".sk-slap-deck" if not left else None


def my_score(page) -> int:
    return int(page.locator(".sk-score[data-seat='0']").inner_text())


def play_until(page, done, minutes: float = 3, keys: bool = False) -> int:
    """Play as a player does -- the slap the table proves, else your alibi on your turn --
    until ``done()``; after a click, wait for the page to show what it did (a click read
    off a page the kernel had not yet redrawn would slap a suspect that had gone). With
    ``keys``, by the keyboard alone: Tab to the button, Enter. Returns the moves made."""
    deadline, made = time.monotonic() + 60 * minutes, 0
    while not done():
        assert time.monotonic() < deadline, f"not done in {minutes} minutes of play"
        slap = proven(page)
        target = slap if slap and page.locator(slap).is_enabled() else READY
        if page.locator(target).is_enabled():
            before = page.evaluate(SHOWN)
            if keys:
                if not by_keys(page, f".sk-express {target}".replace(".sk-express .sk-express", ".sk-express"), most=40):
                    continue  # the button went (a bot was quicker): look at the table again
            elif not click_if_enabled(page, target):
                continue  # a bot was quicker between the look and the click: look at the table again
            page.wait_for_function(MOVED_ON, arg=before, timeout=60_000)
            made += 1
        else:  # an alibi turned up (or a new round), or your turn
            page.wait_for_function(ALIBIS_MOVED, arg=page.locator(ALIBIS).count(), timeout=60_000)
    return made


def on_one_screen(page, top: str, selectors: list[str]) -> list[str]:
    """The selectors whose element does not lie wholly inside the screen once ``top`` is
    scrolled to its top. Scrolled and measured in one go in the page, again and again until
    all fit or 15 s have passed: the bots play on meanwhile, and the page may still be
    settling from a change of size (a part redrawn between two looks would be missed)."""
    measure = """([top, selectors]) => {
         document.querySelector(top).scrollIntoView({block: 'start', behavior: 'instant'});
         const height = window.innerHeight;
         return selectors.filter(s => {
           const part = document.querySelector(s);
           if (!part) return true;
           const r = part.getBoundingClientRect();
           return (r.width === 0 && r.height === 0) || r.bottom > height + 1;
         });
       }"""
    try:
        page.wait_for_function(f"args => ({measure})(args).length === 0", arg=[top, selectors],
                               timeout=15_000, polling=250)
    except PlaywrightTimeout:
        pass
    return page.evaluate(measure, [top, selectors])


def fits(page, axe: tuple[dict, ...] = ()) -> None:
    """At a phone's width and a desktop's, nothing sticks out or is cut off, and the words
    on the cards can be read; at the sizes ``axe``, axe-core finds nothing serious
    (``tests.layout.serious_violations``: where it is asked)."""
    for size in (PHONE, DESKTOP):
        page.set_viewport_size(size)
        page.wait_for_function("w => document.documentElement.clientWidth === w", arg=size["width"])
        assert layout_problems(page) == [], size
        if size in axe:
            assert serious_violations(page) == [], "axe-core: readable and usable by everyone (issue 28)"
        for cards in (".sk-express .sk-suspects", ".sk-express .sk-alibis-now", ".sk-express .sk-last-round"):
            smallest = smallest_drawn_text(page, cards)
            assert smallest >= SMALLEST_READABLE_PX, f"{cards}: words {smallest:.1f} px high at {size['width']} px"
    page.set_viewport_size(PHONE)
    page.wait_for_function("w => document.documentElement.clientWidth === w", arg=PHONE["width"])


def a_game_one_catch_from_its_end() -> tuple[int, list]:
    """A seed and the moves of a three-player game played by bots up to a table that proves
    the culprit while you (seat 0) hold four suspects: your next right slap ends the game
    (and a bot's, should it be quicker, goes on to another round)."""
    for seed in range(100):
        moves = _played_until_you_hold_four(seed)
        if moves is not None:
            return seed, moves
    raise AssertionError("no game of the first hundred seeds lets seat 0 reach four suspects")


def _played_until_you_hold_four(seed: int) -> list | None:
    state = rules.new(seed, **OPTIONS)
    team = bots.make_bots({p: "expert" for p in range(3)}, seed)
    pick, moves = bots.quickest(team), []
    while not state.finished:
        if deduction.correct_slots(state) and len(state.won[0]) == 4:
            return moves
        proposals = {s: m for s, b in team.items() if (m := b.choose(rules.view(state, s))) is not None}
        move = pick(proposals)
        state = rules.play(state, move)
        moves.append(move)
    return None


def test_a_visit_plays_by_clicks_refuses_with_sentences_and_ends_on_a_table_that_fits(app_url, browser):
    page = open_dashboard(browser, app_url, "express.ipynb", DESKTOP, READY)
    try:
        assert page.locator(".sk-express .sk-suspects svg.sk-suspect").count() == 6
        assert "Your turn" in page.locator(".sk-message").inner_text()

        # a key the rules refuse (the keys are a desktop's): "0" slaps the deck, which
        # nothing proves before any alibi
        page.fill(".sk-keys input", "0")
        page.wait_for_selector("text=you are out until the next round", timeout=30_000)
        assert "out this round" in page.locator(".sk-player[data-seat='0']").inner_text()
        assert "Traceback" not in page.content()

        page.set_viewport_size(PHONE)  # on a phone, with the keyboard alone until your first catch
        assert play_until(page, lambda: my_score(page) > 0, keys=True) > 0
        assert unnamed_pictures(page, ".sk-express") == [], "every card named for a screen reader"
        # the message says so ("Well spotted!") until a bot's move brings the next news, which a
        # busy machine may have done already: never a refusal, and the log keeps the catch
        message = page.locator(".sk-message").inner_text()
        assert "Wrong!" not in message and "Traceback" not in message, message
        # the log's line of the catch may reach the page just after the score does
        page.wait_for_function(
            "() => /You catch .+, the one suspect the alibis leave|you slap the deck and take its top card/"
            ".test(document.querySelector('.sk-express .sk-log').innerText)", timeout=30_000)
        log = page.locator(".sk-log").inner_text()
        assert "Holmes (you)" not in log
        fits(page, axe=(PHONE, DESKTOP))  # mid-game
        controls = [f".sk-express .sk-slap-{i}" for i in range(1, 7)] + [".sk-express .sk-slap-deck", READY]
        assert on_one_screen(page, ".sk-express .sk-suspects", controls) == [], "a speed game's controls fit one screen"
        assert page.locator(READY).bounding_box()["width"] >= 120, "Turn up my alibi keeps its words"

        # the ending: a game one catch from its end, loaded through the settings panel
        seed, moves = a_game_one_catch_from_its_end()
        settings_by_keys(page, ".sk-express")
        page.click(".sk-express .jupyter-widget-Collapse-header")
        page.wait_for_selector(".sk-express .sk-new-game", state="visible")
        fits(page)
        page.fill(".sk-express textarea", engine.save(rules, seed, OPTIONS, moves))
        page.click(".sk-express .sk-load")
        page.wait_for_selector("text=Saved game loaded", timeout=30_000)
        play_until(page, lambda: page.locator(".sk-express .sk-ending").is_visible())  # your catch ends it
        assert re.search(r"wins? the game|share the win", page.locator(".sk-express p.sk-verdict").inner_text())
        assert page.locator(".sk-express .sk-last-round svg.sk-caught").count() > 0, "the last catch stays"
        fits(page, axe=(PHONE,))
        page.click(".sk-express .sk-play-again")
        page.wait_for_selector(".sk-express .sk-ending", state="hidden", timeout=30_000)
        assert page.locator(READY).is_enabled()
    finally:
        page.context.close()
