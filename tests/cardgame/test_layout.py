"""The card game fits a phone (375 px) and a desktop (1280 px), in headless Chromium.

At each size, with six players (the most the table seats): the table after a few moves of
yours has nothing that sticks out, is cut off or makes the page scroll sideways -- every
seat, the cards that may follow, the scores, your hand. Then a one-hand game is played to
its end on a phone: the ending says how the hand ended and who won, the final table stays,
and it still fits at both sizes; Play again deals a new hand.
"""

from __future__ import annotations

import json
import random
import re
import time

import pytest

from sherlockkit import engine
from sherlockkit.games.cardgame import rules
from tests.layout import DESKTOP, PHONE, layout_problems, open_dashboard
from widgets.cardgame import _names

from .test_browser import log_text, my_move

pytestmark = pytest.mark.browser

READY = ".sk-cardgame .sk-hand-card"
SHOTS = "/tmp/cardgame-layout-{}.png"


def new_game(page, players: int, seed: int) -> None:
    """Deal a new game from the settings panel: ``players`` at the table, this ``seed``."""
    page.get_by_text("Game settings, saves and replays").click()
    handle = page.locator(".sk-cardgame .sk-players-slider .noUi-handle")
    handle.wait_for()
    handle.focus()
    for _ in range(6):
        page.keyboard.press("ArrowRight")  # the slider stops at its most
    page.wait_for_function(
        "players => document.querySelector('.sk-cardgame .sk-players-slider .widget-readout')?.innerText.trim()"
        " === String(players)", arg=players, timeout=10_000)
    page.wait_for_timeout(300)  # the kernel hears of the slider before the click
    page.locator(".sk-seed-box input").fill(str(seed))
    page.locator(".sk-new-game").click()
    page.wait_for_function(
        "([seed, players]) => (document.querySelector('.sk-cardgame .sk-seed') || {}).innerText?.startsWith("
        "'seed ' + seed) && document.querySelectorAll('.sk-cardgame .sk-seat').length === players",
        arg=[seed, players], timeout=15_000)
    page.get_by_text("Game settings, saves and replays").click()  # fold the panel again


def shoot(page, name) -> None:
    """A picture of the whole table, to look at: the screen made tall for a moment, since
    Voila's page scrolls inside a box that a full-page picture does not unroll."""
    size = page.viewport_size
    page.set_viewport_size({"width": size["width"], "height": 3200})
    page.wait_for_timeout(200)
    box = page.locator(".sk-cardgame").bounding_box()
    top, part = box["y"], 0
    while top < box["y"] + box["height"]:  # in slices a person can read
        height = min(900, box["y"] + box["height"] - top)
        page.screenshot(path=SHOTS.format(f"{name}-{part}"),
                        clip={"x": 0, "y": top, "width": size["width"], "height": height})
        top, part = top + height, part + 1
    page.set_viewport_size(size)
    page.wait_for_timeout(200)


def play_a_little(page, moves: int, seconds: float = 90) -> None:
    """``moves`` of yours (the bots play theirs), or the end of the game."""
    made, deadline = 0, time.monotonic() + seconds
    while made < moves:
        assert time.monotonic() < deadline, f"only {made} moves of yours in {seconds:.0f} s"
        if page.locator(".sk-cardgame .sk-ending").is_visible():
            return
        if my_move(page):
            made += 1
        else:
            page.wait_for_timeout(150)


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_table_in_play_fits_the_screen(app_url, browser, size):
    page = open_dashboard(browser, app_url, "cardgame.ipynb", size, READY)
    try:
        new_game(page, players=6, seed=3)
        play_a_little(page, 3)
        page.wait_for_timeout(500)  # let the motion settle before measuring
        shoot(page, size["width"])
        assert layout_problems(page) == []
        assert page.locator(".sk-cardgame .sk-seat").count() == 6
        for seat in page.locator(".sk-cardgame .sk-seat").all():
            box = seat.bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"], "every seat in view"
        chips = page.locator(".sk-cardgame .sk-follow .sk-chip").all()
        for chip in chips:
            box = chip.bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"], "every chip in view"
        for card in page.locator(".sk-cardgame .sk-hand-card").all():
            box = card.bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"], "every card of your hand in view"
        page.get_by_text("Game settings, saves and replays").click()  # the settings fit too
        page.locator(".sk-cardgame .sk-new-game").wait_for()
        shoot(page, f"{size['width']}-settings")
        assert layout_problems(page) == []
    finally:
        page.context.close()


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


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_scores_of_six_hands_for_six_players_fit(app_url, browser, size):
    page = open_dashboard(browser, app_url, "cardgame.ipynb", size, READY)
    try:
        page.get_by_text("Game settings, saves and replays").click()
        page.locator(".sk-cardgame .sk-load").wait_for()
        page.locator(".sk-cardgame textarea").fill(sixth_hand_save())
        page.locator(".sk-cardgame .sk-load").click()
        page.wait_for_selector(".sk-cardgame .sk-title:has-text('Hand 6 of 6')", timeout=15_000)
        page.get_by_text("Game settings, saves and replays").click()
        page.wait_for_timeout(300)
        shoot(page, f"{size['width']}-six-hands")
        assert page.locator(".sk-cardgame .sk-scores tr[data-seat]").count() == 6
        assert layout_problems(page) == []
    finally:
        page.context.close()


def test_a_whole_game_ends_on_a_table_that_still_fits(app_url, browser):
    page = open_dashboard(browser, app_url, "cardgame.ipynb", PHONE, READY)
    try:
        new_game(page, players=6, seed=29)
        deadline = time.monotonic() + 300
        while not page.locator(".sk-cardgame .sk-ending").is_visible():
            assert time.monotonic() < deadline, "no end in five minutes"
            play_a_little(page, 1, seconds=300)
        page.wait_for_timeout(500)
        verdict = page.locator(".sk-cardgame p.sk-verdict").inner_text()
        assert re.search(r"arrest|escape|trail went cold", verdict), verdict
        assert re.search(r"wins?|share the win", verdict), verdict
        assert page.locator(".sk-cardgame .sk-top").count() == 1, "the final table stays"
        assert "Game over" in page.locator(".sk-cardgame .sk-title").inner_text()
        shoot(page, "end-375")
        assert layout_problems(page) == []
        page.set_viewport_size(DESKTOP)
        page.wait_for_timeout(300)
        shoot(page, "end-1280")
        assert layout_problems(page) == []
        before = log_text(page)
        page.click(".sk-cardgame .sk-play-again")
        page.wait_for_selector(".sk-cardgame .sk-ending", state="hidden", timeout=10_000)
        assert log_text(page) != before and page.locator(".sk-cardgame .sk-seat").count() == 6
    finally:
        page.context.close()
