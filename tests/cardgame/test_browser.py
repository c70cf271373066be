"""The Sherlock Holmes Card Game in the real app, in headless Chromium: open it, play a few turns."""

import re
import time

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from sherlockkit.games.cardgame import rules
from sherlockkit.games.cardgame.cards import AFOOT
from sherlockkit.games.cardgame.state import TARGETED
from widgets.cardgame import _names

pytestmark = pytest.mark.browser

PLAYERS = 4  # the dashboard's table


def seed_where_you_open() -> int:
    """A seed whose first hand gives you "The game is afoot!", so the game waits for you."""
    return next(s for s in range(1, 500)
                if AFOOT in rules.new(s, players=PLAYERS, names=_names(PLAYERS)).hands[0])


def log_text(page) -> str:
    return page.locator(".sk-cardgame .sk-log").inner_text()


def wait_for_log_change(page, before: str, timeout: int = 15_000) -> None:
    page.wait_for_function(
        "before => { const log = document.querySelector('.sk-cardgame .sk-log');"
        " return log !== null && log.innerText !== before; }",
        arg=before, timeout=timeout)


def message_text(page) -> str:
    return page.locator(".sk-cardgame .sk-message").first.inner_text()


def wait_for_news(page, log_before: str, message_before: str, timeout: int = 10_000) -> bool:
    """After a click: True when the log changes; False when a refusal shows instead (or nothing happens)."""
    try:
        page.wait_for_function(
            "([log0, said0]) => { const log = document.querySelector('.sk-cardgame .sk-log');"
            " const said = document.querySelector('.sk-cardgame .sk-message');"
            " return (log !== null && log.innerText !== log0) || (said !== null && said.innerText !== said0); }",
            arg=[log_before, message_before], timeout=timeout)
    except PlaywrightTimeout:
        return False
    return log_text(page) != log_before


def no_traceback(page) -> None:
    text = page.locator("body").inner_text()
    assert "Traceback" not in text and "Error" not in text


def open_seeded_game(page, app_url, seed: int) -> None:
    page.goto(app_url)
    link = page.get_by_role("link", name="Play The Sherlock Holmes Card Game")
    link.wait_for(timeout=60_000)
    link.click()
    page.wait_for_url(re.compile(r"/voila/render/cardgame\.ipynb$"), timeout=60_000)
    page.wait_for_selector(".sk-cardgame .sk-hand-card", timeout=60_000)
    page.get_by_text("Game settings, saves and replays").click()
    page.locator(".sk-seed-box input").fill(str(seed))
    page.locator(".sk-new-game").click()
    page.wait_for_function(
        "seed => (document.querySelector('.sk-cardgame .sk-seed') || {}).innerText?.startsWith('seed ' + seed)",
        arg=seed, timeout=15_000)
    # the new deal is on the page: you hold the opening card, the only one you may play
    page.wait_for_function(
        "card => { const legal = document.querySelectorAll('.sk-cardgame .sk-hand-card.sk-legal');"
        " return legal.length === 1 && legal[0].innerText.trim() === card"
        " && document.querySelectorAll('.sk-cardgame .sk-log li').length === 1; }",
        arg=AFOOT, timeout=15_000)


def my_move(page) -> bool:
    """Make one move if the table waits for you (an answer, a draw, a card, a target); True if made."""
    if page.locator(".sk-cardgame .sk-prompt:not(.sk-waiting)").count() == 0:
        return False
    before, said = log_text(page), message_text(page)
    for button in (".sk-villains", ".sk-take", ".sk-keep", ".sk-draw"):
        if page.locator(button).is_visible():
            page.locator(button).click()
            wait_for_log_change(page, before)
            return True
    legal = page.locator(".sk-hand-card.sk-legal")
    if legal.count() == 0:
        return False
    card = legal.first.inner_text().strip()
    legal.first.click()
    if card in TARGETED:  # a card that names a player: the page asks whom
        try:
            page.locator(".sk-target:visible").first.wait_for(timeout=5_000)
        except PlaywrightTimeout:  # refused: the page was a moment behind
            return False
        page.locator(".sk-target:visible").first.click()
    return wait_for_news(page, before, said)  # False: the page was a moment behind, and the click was refused


def test_open_the_card_game_and_play_a_few_turns(app_url, page):
    seed = seed_where_you_open()
    open_seeded_game(page, app_url, seed)
    assert page.locator(".sk-hand-card").count() == 6
    assert page.locator(".sk-hand-card.sk-legal").inner_text().strip() == AFOOT
    assert "Your turn" in page.locator(".sk-cardgame .sk-title").inner_text()
    assert page.locator(".sk-seat").count() == PLAYERS

    # an illegal card: the engine's sentence, and nothing changes
    before = log_text(page)
    page.locator(".sk-hand-card.sk-dim").first.click()
    page.wait_for_selector(".sk-message:has-text('The hand opens with The game is afoot!')", timeout=10_000)
    assert log_text(page) == before and page.locator(".sk-hand-card").count() == 6

    page.locator(".sk-hand-card.sk-legal").click()
    wait_for_log_change(page, before)
    assert "You open the hand with The game is afoot!" in log_text(page)

    moves, deadline = 1, time.monotonic() + 120
    while moves < 5:
        assert time.monotonic() < deadline, f"only {moves} moves of yours in two minutes"
        if page.locator(".sk-over").count():
            break
        if my_move(page):
            moves += 1
        else:
            page.wait_for_timeout(200)
    log = log_text(page)
    assert len(re.findall(r"^You ", log, re.M)) >= 2 and re.search(r"^(Lestrade|Irene|Mrs Hudson) \w+s ", log, re.M)
    assert "(you)" not in log  # the log calls your seat "you"
    no_traceback(page)


def test_a_card_that_may_not_follow_says_why_in_the_page(app_url, page):
    seed = seed_where_you_open()
    open_seeded_game(page, app_url, seed)
    before = log_text(page)
    page.locator(".sk-hand-card.sk-legal").click()
    wait_for_log_change(page, before)
    page.locator(".sk-cardgame .sk-message").wait_for()
    deadline = time.monotonic() + 60
    # wait for a turn of yours with a dimmed card in hand, then click it
    while True:
        assert time.monotonic() < deadline, "no turn of yours with a card that may not be played"
        yours = page.locator(".sk-cardgame .sk-prompt:not(.sk-waiting)").count() > 0
        if yours and "Your turn" in page.locator(".sk-prompt").inner_text() \
                and page.locator(".sk-hand-card.sk-dim").count():
            break
        if not my_move(page):
            page.wait_for_timeout(200)
    before, cards = log_text(page), page.locator(".sk-hand-card").count()
    page.locator(".sk-hand-card.sk-dim").first.click()
    page.wait_for_function("() => document.querySelector('.sk-message').innerText.trim().length > 0",
                           timeout=10_000)
    sentence = page.locator(".sk-message").inner_text()
    assert re.search(r"may follow|follows only|only go down|only at once|cannot be played|not there", sentence), \
        sentence
    assert log_text(page) == before and page.locator(".sk-hand-card").count() == cards
    no_traceback(page)
