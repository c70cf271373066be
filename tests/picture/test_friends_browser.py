"""Picture Perfect with a friend, in the real app, in two headless Chromium contexts (two
people on two machines): Ann, on a desktop, opens a table of three for the game as the
rulebook has it; Bob, on a phone, joins it by its code; Ann gives the third seat to a bot
and starts. Each plays by clicking their own table -- the exchange's move it offers first
(take, pass, give back), the VIP it offers, then Ready, as a player in a hurry does (an
empty mat is a photo too) -- until the photos are taken, and both pages show the ending.
Then the host saves the finished table (the party's open replay): no frame either page
received before every envelope was opened carries a wish of an envelope that seat never
read. Each page calls the other person by name. The test waits on what the pages show,
never on time (a look again at both pages after a short pause when neither has a move).
"""

from __future__ import annotations

import re
import time

import pytest

from sherlockkit import engine
from sherlockkit.games.picture import rules
from sherlockkit.games.picture.cards import HIDE, NEXT_TO
from sherlockkit.games.picture.seeing import read_by
from tests.friends_pages import PATIENCE, bot_in_seat_3_and_start, hosts_save, join, open_page, open_table
from tests.layout import DESKTOP, PHONE, click_if_enabled, layout_problems

pytestmark = pytest.mark.browser

ROOT = ".sk-friends .sk-picture"
DASHBOARD = "voila/render/picture.ipynb"
READY = ".sk-picture .sk-guest"  # the page's own table, drawn
#: the buttons a person in a hurry clicks, the first the page offers: an exchange's move, a VIP, Ready
MOVES = (f"{ROOT} button.sk-exchange", f"{ROOT} button.sk-vip", f"{ROOT} button.sk-ready")


def ended(page) -> bool:
    return page.locator(f"{ROOT} .sk-ending").is_visible()


def my_move(page) -> bool:
    """The first move the shared table offers you, clicked: True if one was."""
    return not ended(page) and any(click_if_enabled(page, selector) for selector in MOVES)


def log_text(page) -> str:
    return page.locator(f"{ROOT} .sk-log").inner_text()


def test_two_people_and_a_bot_take_the_photos_at_one_table_from_two_pages(app_url, browser):
    ann, ann_frames = open_page(browser, app_url + DASHBOARD, DESKTOP, READY, "Ann")
    bob, bob_frames = open_page(browser, app_url + DASHBOARD, PHONE, READY, "Bob")
    try:
        join(bob, open_table(ann, 3))
        bot_in_seat_3_and_start(ann)
        shared_from = {}
        for name, page, frames in (("Ann", ann, ann_frames), ("Bob", bob, bob_frames)):
            page.wait_for_selector(f"{ROOT} .sk-guest", timeout=PATIENCE)
            shared_from[name] = len(frames)  # before: the page's own party against bots
        assert layout_problems(ann) == [] and layout_problems(bob) == []
        moves, deadline = 0, time.monotonic() + 240
        while not (ended(ann) and ended(bob)):
            assert time.monotonic() < deadline, f"the party did not end in four minutes ({moves} moves by people)"
            moved = False
            for page in (ann, bob):
                if my_move(page):
                    moves, moved = moves + 1, True
            if not moved:  # the bot's move, or a frame on its way
                ann.wait_for_timeout(150)
        assert moves >= 10, moves
        for page, other in ((ann, "Bob"), (bob, "Ann")):
            assert other in page.locator(f"{ROOT} .sk-seats").inner_text() or other in log_text(page)
            assert not re.search(r"Player \d", log_text(page))
            assert "every envelope is opened" in log_text(page)
            assert "Traceback" not in page.locator("body").inner_text()
        assert layout_problems(bob) == []
        # the host's save of a finished table: the party's open replay
        save = hosts_save(ann)
        state = engine.replay(rules, save["seed"], save["options"], map(rules.action_from_json, save["actions"]))
        assert rules.outcome(state) is not None and save["options"]["players"] == 3
        for seat, frames in ((0, ann_frames[shared_from["Ann"]:]), (1, bob_frames[shared_from["Bob"]:])):
            read = read_by(state, seat)
            secrets = {c.text.rstrip(".") for e in state.envelopes if e.guest not in read for c in e.cards
                       if c.kind in (NEXT_TO, HIDE)}
            opened = next(k for k, f in enumerate(frames) if "every envelope is opened" in f)
            assert secrets and opened > 5, (seat, opened)
            for k, frame in enumerate(frames[:opened]):  # a wish the seat never read never reached its page
                assert not [s for s in secrets if s in frame], (seat, k, frame[:300])
            assert any(s in f for f in frames[opened:] for s in secrets), "the ending opens every envelope"
    finally:
        for page in (ann, bob):
            page.context.close()
