"""Sherlock Express in the real app, in headless Chromium: the game's one browser run (issue
25), a visit to the page's own table and then a short game with a friend, two people on
two machines.

On her own table, on a desktop, Ann is told it is her turn, and a key the rules refuse (the
keys are a desktop's) gets the engine's sentence, never a traceback. A game saved one catch
from its end is loaded through the settings (reached by the keyboard alone), the catch is
made, and the ending (who won, the last proof, Play again) fits both sizes. Then Ann opens
a short table of three (two catches win); Bob, on a phone, follows the table's link, which
fills in its code, and joins; a bot takes the third seat. Both turn up their alibis on
their turns and slap the suspect the table proves, read off the page like a player, as
quick as a page can (Bob's first moves, up to three, with the keyboard alone): the server decides
the slaps in the order it gets them. Once an alibi is up, Bob's table is looked at in both
sizes: nothing sticks out, is cut off or scrolls sideways, axe-core finds nothing serious,
and a speed game's controls (the six suspects, Moriarty, their slaps, "Turn up my alibi")
fit one screen. Both pages show the ending and both people's reaction times, and each calls
the other by name. Whole games are played at the widget level (``test_widget.py``,
``test_page.py``). The test waits on what the pages show, never on time.
"""

from __future__ import annotations

import random
import re
import time

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from sherlockkit import engine
from sherlockkit.games.express import bots, deduction, rules
from tests.friends_pages import PATIENCE, bot_in_seat_3_and_start
from tests.layout import (
    DESKTOP, PHONE, SMALLEST_READABLE_PX, by_keys, click_if_enabled, layout_problems, open_dashboard,
    serious_violations, settings_by_keys, smallest_drawn_text, unnamed_pictures,
)

pytestmark = pytest.mark.browser

SUSPECT = re.compile(r"the (\w+) with a (.+) in the (.+)")
READY = ".sk-express .sk-reveal"
#: the table shared with friends (the page's own is hidden while it is shown)
SHARED = ".sk-friends .sk-express"
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


def proven(page, root: str = ".sk-express") -> str | None:
    """The slap the table ``root`` proves (a CSS selector), or None: read off the page like
    a player (None too while a card is being redrawn: look again later)."""
    labels = page.locator(f"{root} .sk-suspects svg.sk-suspect").evaluate_all(
        "cards => cards.map(c => c.getAttribute('aria-label'))")
    read = [SUSPECT.match((label or "").replace(" (cleared)", "")) for label in labels]
    if not read or not all(read):
        return None
    suspects = [set(match.groups()) for match in read]
    alibis = set(page.locator(f"{root} .sk-alibis-now svg.sk-alibi").evaluate_all(
        "cards => cards.map(c => c.getAttribute('aria-label').replace('alibi: ', ''))"))
    left = [i for i, traits in enumerate(suspects) if not traits & alibis]
    if len(left) == 1:
        return f"{root} .sk-slap-{left[0] + 1}"
    return f"{root} .sk-slap-deck" if not left else None


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
                if not by_keys(page, target, most=40):
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


def fits(page, root: str = ".sk-express", axe: tuple[dict, ...] = ()) -> None:
    """At a phone's width and a desktop's, nothing sticks out or is cut off, and the words
    on the cards of the table ``root`` can be read; at the sizes ``axe``, axe-core finds
    nothing serious (``tests.layout.serious_violations``: where it is asked)."""
    for size in (PHONE, DESKTOP):
        page.set_viewport_size(size)
        page.wait_for_function("w => document.documentElement.clientWidth === w", arg=size["width"])
        assert layout_problems(page) == [], size
        if size in axe:
            assert serious_violations(page) == [], "axe-core: readable and usable by everyone (issue 28)"
        for cards in (f"{root} .sk-suspects", f"{root} .sk-alibis-now", f"{root} .sk-last-round"):
            smallest = smallest_drawn_text(page, cards)
            assert smallest >= SMALLEST_READABLE_PX, f"{cards}: words {smallest:.1f} px high at {size['width']} px"
            assert smallest < float("inf") or not cards.endswith("suspects"), "the suspects' words were measured"
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


def shared_ended(page) -> bool:
    return page.locator(f"{SHARED} .sk-ending").is_visible()


def a_move_at_the_shared_table(page, keys: bool) -> bool:
    """The slap the shared table proves, else your alibi if it is your turn: made by a click
    (``keys``: Tab to the button, Enter). True if made; False when there is nothing to do or
    somebody was quicker (the suspect went, the turn moved on)."""
    if shared_ended(page):
        return False
    proof = proven(page, SHARED)
    target = proof if proof and page.locator(proof).is_visible() and page.locator(proof).is_enabled() else None
    if target is None:
        reveal = page.locator(f"{SHARED} .sk-reveal")
        if not (reveal.is_visible() and reveal.is_enabled()):
            return False
        target = f"{SHARED} .sk-reveal"
    if keys:
        return by_keys(page, target, most=40) > 0
    try:
        page.locator(target).first.click(timeout=2_000)
    except PlaywrightError:  # somebody was quicker: look again
        return False
    return True


def test_a_visit_and_a_short_game_with_a_friend_by_clicks_and_keys_fit_every_screen(app_url, browser):
    ann = open_dashboard(browser, app_url, "express.ipynb", DESKTOP, READY)
    bob = None
    try:
        # the page's own table, against bots: your turn said, and a key the rules refuse (the
        # keys are a desktop's: "0" slaps the deck, which nothing proves before any alibi)
        assert ann.locator(".sk-express .sk-suspects svg.sk-suspect").count() == 6
        assert "Your turn" in ann.locator(".sk-message").inner_text()
        ann.fill(".sk-keys input", "0")
        ann.wait_for_selector("text=you are out until the next round", timeout=30_000)
        assert "out this round" in ann.locator(".sk-player[data-seat='0']").inner_text()
        assert "Traceback" not in ann.content()

        # its ending: a game one catch from its end, loaded through the settings panel
        seed, moves = a_game_one_catch_from_its_end()
        settings_by_keys(ann, ".sk-express")
        ann.click(".sk-express .jupyter-widget-Collapse-header")
        ann.wait_for_selector(".sk-express .sk-new-game", state="visible")
        fits(ann)
        ann.fill(".sk-express textarea", engine.save(rules, seed, OPTIONS, moves))
        ann.click(".sk-express .sk-load")
        ann.wait_for_selector("text=Saved game loaded", timeout=30_000)
        play_until(ann, lambda: ann.locator(".sk-express .sk-ending").is_visible())  # your catch ends it
        assert re.search(r"wins? the game|share the win", ann.locator(".sk-express p.sk-verdict").inner_text())
        assert ann.locator(".sk-express .sk-last-round svg.sk-caught").count() > 0, "the last catch stays"
        fits(ann, axe=(PHONE,))
        ann.click(".sk-express .sk-play-again")
        ann.wait_for_selector(".sk-express .sk-ending", state="hidden", timeout=30_000)
        assert ann.locator(READY).is_enabled()
        ann.set_viewport_size(DESKTOP)

        # a short game with a friend: Ann opens a table of three (two catches win); Bob, on a
        # phone, follows its link, which fills in its code, and joins; a bot takes the third seat
        ann.get_by_text("Play with friends").first.click()
        ann.locator(".sk-friends-name input").fill("Ann")
        ann.locator(".sk-friends-variant select").select_option("short")
        ann.locator(".sk-friends-players select").select_option("3")
        ann.locator(".sk-friends-open").click()
        ann.wait_for_selector(".sk-friends-code", timeout=PATIENCE)
        code = ann.locator(".sk-friends-code").inner_text().strip()
        link = ann.locator(".sk-friends-table-link").get_attribute("href")
        assert link == f"?table={code}"
        bob = open_dashboard(browser, app_url, "express.ipynb" + link, PHONE, READY)  # the panel opens, the code in
        bob.wait_for_function(f"() => (document.querySelector('.sk-friends-code-box input') || {{}}).value === '{code}'",
                              timeout=PATIENCE)
        bob.locator(".sk-friends-name input").fill("Bob")
        bob.locator(".sk-friends-join").click()
        bot_in_seat_3_and_start(ann)
        for page in (ann, bob):
            page.wait_for_selector(f"{SHARED} .sk-suspects svg.sk-suspect", timeout=PATIENCE)
        assert layout_problems(ann) == [] and layout_problems(bob) == []
        # both race to the end, slaps decided by the server in the order it gets them; Bob's
        # first moves with the keyboard alone; his table looked at once an alibi is up
        made, by_keys_made, looked, deadline = 0, 0, False, time.monotonic() + 240
        while not (shared_ended(ann) and shared_ended(bob)):
            assert time.monotonic() < deadline, f"the game did not end in four minutes ({made} moves by people)"
            acted = False
            for page in (ann, bob):
                keys = page is bob and by_keys_made < 3
                if a_move_at_the_shared_table(page, keys):
                    made, acted, by_keys_made = made + 1, True, by_keys_made + keys
            if not looked and not shared_ended(bob) and bob.locator(f"{SHARED} .sk-alibis-now svg.sk-alibi").count():
                fits(bob, SHARED, axe=(PHONE, DESKTOP))  # mid-game
                controls = [f"{SHARED} .sk-slap-{i}" for i in range(1, 7)] + [f"{SHARED} .sk-slap-deck", f"{SHARED} .sk-reveal"]
                assert on_one_screen(bob, f"{SHARED} .sk-suspects", controls) == [], "a speed game's controls fit one screen"
                assert bob.locator(f"{SHARED} .sk-reveal").bounding_box()["width"] >= 120, "Turn up my alibi keeps its words"
                assert unnamed_pictures(bob, SHARED) == [], "every card named for a screen reader"
                looked = True
            if not acted:
                ann.wait_for_timeout(100)
        # (a quick game may end before Bob's third move: the keyboard alone made one at least)
        assert made >= 2 and by_keys_made >= 1 and looked, (made, by_keys_made, looked)
        for page, other in ((ann, "Bob"), (bob, "Ann")):
            assert "Traceback" not in page.locator("body").inner_text()
            log = page.locator(f"{SHARED} .sk-log").inner_text()
            assert not re.search(r"Player \d", log)
            page.wait_for_function("() => document.querySelector('.sk-friends-notices').innerText"
                                   ".includes('on average, the quickest')", timeout=PATIENCE)
            notices = page.locator(".sk-friends-notices").inner_text()
            assert re.search(r"(Ann|Bob): \d+ moves?, [\d.]+ s on average, the quickest [\d.]+ s", notices), notices
            assert other in page.locator(SHARED).inner_text()
        assert layout_problems(bob) == []
    finally:
        for page in (ann, bob):
            if page is not None:
                page.context.close()
