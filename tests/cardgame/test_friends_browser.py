"""The Sherlock Holmes Card Game with a friend, in the real app, in two headless Chromium
contexts (two people on two machines): Ann, on a desktop, opens a table of three; Bob, on
a phone, joins it by its code; Ann gives the third seat to a bot and starts; each plays
by clicking their own table, as people who want the hand over (``my_move``'s ``eager``:
a lit card that can catch a Villain first, a card just drawn played rather than kept),
until the hand ends, and both pages show the ending. Played so, a hand of random deals
(the server deals, nobody chooses) took the two people 42 moves on average in 300 deals
played by the engine, against 67 by the first card lit and the buttons first. Then the host saves the
table -- over, so the save is the game's open replay -- and every state of the game is
replayed from it: no frame either page received names a Villain its seat never saw.
Each page calls the other person by name, in its seats and its log. The test waits on
what the pages show, never on time."""

from __future__ import annotations

import re
import time

import pytest

from sherlockkit.games.cardgame import rules
from sherlockkit.games.cardgame.cards import VILLAINS
from sherlockkit.games.cardgame.events import Arrested, Escaped, Peek
from tests.cardgame import test_browser as solo
from tests.friends_pages import PATIENCE, bot_in_seat_3_and_start, hosts_save, join, open_page, open_table
from tests.layout import DESKTOP, PHONE, layout_problems

pytestmark = pytest.mark.browser

ROOT = ".sk-friends .sk-cardgame"
READY = ".sk-cardgame .sk-hand-card"  # the page's own table, drawn


def seen_by(state, seat: int) -> set[str]:
    """The Villains ``seat`` has seen at this table: in its hand, in a peek of its own, or
    laid down for all by an arrest or an escape."""
    seen = rules.view(state, seat)
    cards = set(seen.hand) | {c for e in seen.events if isinstance(e, Peek) for c in e.cards}
    cards |= {c for e in seen.events if isinstance(e, (Arrested, Escaped)) for c in e.villains}
    return cards & set(VILLAINS)


def test_two_people_and_a_bot_play_a_hand_at_one_table_from_two_pages(app_url, browser, monkeypatch):
    monkeypatch.setattr(solo, "ROOT", ROOT)  # the solo test's clicks, on the shared table
    ann, ann_frames = open_page(browser, app_url + solo.DASHBOARD, DESKTOP, READY, "Ann")
    bob, bob_frames = open_page(browser, app_url + solo.DASHBOARD, PHONE, READY, "Bob")
    try:
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
            page.wait_for_selector(f"{ROOT} .sk-hand-card", timeout=PATIENCE)
            shared_from[name] = len(frames)  # before: the page's own game against bots
            assert page.evaluate("() => [...document.querySelectorAll('.sk-cardgame')]"
                                 ".filter(t => !t.closest('.sk-friends') && t.offsetParent !== null).length") == 0
        assert layout_problems(ann) == [] and layout_problems(bob) == []
        moves, deadline = 0, time.monotonic() + 180
        while not (solo.ended(ann) and solo.ended(bob)):
            assert time.monotonic() < deadline, f"the hand did not end in three minutes ({moves} moves by people)"
            moved = False
            for page in (ann, bob):
                if not solo.ended(page) and solo.my_move(page, eager=True):
                    moves, moved = moves + 1, True
            if not moved:  # a bot's turn, or a frame on its way
                ann.wait_for_timeout(150)
        assert moves >= 2, moves
        for page, other in ((ann, "Bob"), (bob, "Ann")):
            assert other in page.locator(f"{ROOT} .sk-seats, {ROOT} .sk-seat").first.inner_text() or \
                other in solo.log_text(page)
            assert not re.search(r"Player \d", solo.log_text(page))
            assert "Traceback" not in page.locator("body").inner_text()
        assert layout_problems(bob) == []
        # the host's save of a finished table: the game's open replay, every state of it
        states = solo.states_of(hosts_save(ann))
        assert rules.outcome(states[-1]) is not None and states[-1].names[:2] == ("Ann", "Bob")
        for seat, frames in ((0, ann_frames[shared_from["Ann"]:]), (1, bob_frames[shared_from["Bob"]:])):
            # what the seat saw at any moment (a card that left its hand was seen all the same)
            never = set(VILLAINS) - set().union(*(seen_by(state, seat) for state in states))
            assert len(frames) > 5
            for villain in never:  # a Villain the seat never saw never reached its page
                sent = [frame for frame in frames if villain in frame]
                assert not sent, (seat, villain, sent[0][max(0, sent[0].index(villain) - 300):][:400])
    finally:
        for page in (ann, bob):
            page.context.close()
