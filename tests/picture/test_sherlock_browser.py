"""The Sherlock expansion in the real app, in headless Chromium: a whole party played by
clicks (the expansion turned on in the settings, a question asked, one answered (a lie
tried first is refused), Watson and Holmes placed, Ready each round), every websocket
frame recorded: none before the reveal names the culprit as the culprit (its name near
"culprit", "guilty" or "did it", or a field that singles it out), and the reveal does."""

from __future__ import annotations

import json
import re
import time

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from sherlockkit.games.picture import alibis, rules
from sherlockkit.games.picture.figures import FIGURE_NAMES
from tests.layout import layout_problems
from tests.seen import record_frames

from .test_browser import DASHBOARD, READY, ROOT, ended, place, save_text

pytestmark = pytest.mark.browser

SETTINGS = "Game settings, saves and replays"
#: how close (in characters) a name must stand to a word of guilt to be named as the culprit
NEAR = 50


def start_sherlock(page, players: int = 2) -> None:
    """Turn the expansion on in the settings, choose ``players``, and deal a new party."""
    page.get_by_text(SETTINGS).click()
    page.locator(f"{ROOT} .sk-sherlock-setting input").check()
    handle = page.locator(f"{ROOT} .sk-players-setting .noUi-handle, {ROOT} .sk-players-setting [role=slider]").first
    handle.focus()
    for _ in range(3 - players):
        handle.press("ArrowLeft")
    page.locator(f"{ROOT} .sk-new-game").click()
    page.wait_for_function("root => (document.querySelector(root + ' .sk-title') || {}).innerText"
                           "?.includes('of 7')", arg=ROOT, timeout=20_000)
    page.get_by_text(SETTINGS).click()


def click_if_visible(page, selector: str) -> bool:
    target = page.locator(f"{selector}:visible")
    if target.count() == 0:
        return False
    try:
        target.first.click(timeout=3_000)
    except PlaywrightTimeout:
        return False
    page.wait_for_timeout(300)
    return True


def answer_honestly(page) -> list[str]:
    """Click the answers in turn until one is taken; the messages the refused ones got."""
    refused = []
    for k in range(3):
        button = page.locator(f"{ROOT} .sk-answer-{k}:visible")
        if button.count() == 0:
            break
        button.click()
        page.wait_for_timeout(500)
        message = page.locator(f"{ROOT} .sk-message").inner_text()
        if "honestly" in message:
            refused.append(message)
        elif page.locator(f"{ROOT} .sk-answer:visible").count() == 0:
            break
    return refused


def names_as_culprit(text: str, culprit: str) -> bool:
    """Whether ``text`` holds the culprit's name within ``NEAR`` characters of a word of guilt."""
    name = re.escape(culprit)
    guilt = r"(culprit|guilty|did it)"
    return bool(re.search(rf"{name}.{{0,{NEAR}}}{guilt}|{guilt}.{{0,{NEAR}}}{name}", text, re.S | re.I))


def json_parts(frame: str) -> list:
    """The JSON objects in a websocket frame (a kernel message: a binary header, then its
    parts one after another)."""
    decoder, parts = json.JSONDecoder(), []
    at = frame.find("{")
    while at != -1:
        try:
            part, end = decoder.raw_decode(frame, at)
        except ValueError:
            at = frame.find("{", at + 1)
            continue
        parts.append(part)
        at = frame.find("{", end)
    return parts


def fields_with(value, culprit: str, out: dict, key: str = "") -> None:
    """Every JSON field (by name) holding a guest's name as its whole value, and any field
    whose name speaks of the culprit: ``out[field name]`` is the set of names it held."""
    if isinstance(value, dict):
        for k, v in value.items():
            fields_with(v, culprit, out, str(k))
    elif isinstance(value, list):
        for v in value:
            fields_with(v, culprit, out, key)
    elif isinstance(value, str):
        if re.search("culprit|guilty", key, re.I):
            out.setdefault("<a field named after the culprit>", set()).add(value)
        out.setdefault(key, set()).add(value)


def test_a_sherlock_party_by_clicks_never_sends_the_culprit_before_the_reveal(app_url, page):
    frames = record_frames(page)
    page.goto(app_url + DASHBOARD)
    page.wait_for_selector(READY, timeout=60_000)
    start_sherlock(page)
    start = len(frames)
    deadline = time.monotonic() + 200
    asked, refused, answered, placed, readies = 0, [], 0, False, 0
    while not ended(page):
        if time.monotonic() > deadline:
            page.screenshot(path="/tmp/sherlock-stuck.png", full_page=True)
            raise AssertionError("the party did not end in time: " + page.locator(ROOT).inner_text()[:1500])
        if click_if_visible(page, f"{ROOT} .sk-ask"):
            asked += 1
        elif page.locator(f"{ROOT} .sk-answer:visible").count():
            refused += answer_honestly(page)
            answered += 1
        elif click_if_visible(page, f"{ROOT} .sk-exchange"):
            pass
        elif page.locator(f"{ROOT} .sk-ready:visible").count():
            if not placed:
                place(page, "Watson", "2A")
                place(page, "Holmes", "2D")
                assert page.locator(f"{ROOT} .sk-photo svg g.shot[data-figure='Watson']").count() == 1
                assert "coffin" in page.locator(f"{ROOT} .sk-mat").inner_text()
                assert page.locator(f"{ROOT} .sk-photo svg g.coffin").count() == 1
                assert page.locator(f"{ROOT} .sk-sheet .sk-odds").count() >= 2
                placed = True
            if click_if_visible(page, f"{ROOT} .sk-ready"):
                readies += 1
        else:
            page.wait_for_timeout(200)
    assert asked and answered and readies >= 7, (asked, answered, readies)
    assert "Traceback" not in page.locator("body").inner_text()
    verdict = page.locator(f"{ROOT} p.sk-verdict").inner_text()
    assert layout_problems(page) == []
    save = json.loads(save_text(page))
    assert save["options"]["sherlock"] is True
    culprit = rules.new(save["seed"], **save["options"]).culprit
    assert f"{culprit} did it" in verdict
    shown = [f for f in frames[start:]]
    reveal = next(k for k, f in enumerate(shown) if names_as_culprit(f, culprit) and "did it" in f)
    assert reveal > 50
    suspects = [g for g in alibis.SUSPECTS if g != culprit]
    held: dict[str, set] = {}
    for k, frame in enumerate(shown[:reveal]):
        assert not names_as_culprit(frame, culprit), (k, frame[:400])
        for part in json_parts(frame):
            fields_with(part, culprit, held)
    assert "<a field named after the culprit>" not in held
    assert any(culprit in values for values in held.values()), "the frames were read: the menus name every suspect"
    for key, values in held.items():  # a field that holds the culprit holds the other suspects too
        if culprit in values:
            assert all(s in values for s in suspects if s in FIGURE_NAMES), (key, sorted(values))


def test_the_finder_sees_a_culprit_named():
    assert names_as_culprit("The culprit's card is turned over: the Colonel did it.", "the Colonel")
    assert names_as_culprit('{"value": "<b>Mrs Pike</b> is guilty"}', "Mrs Pike")
    assert not names_as_culprit("the culprit is one of the open suspects; " + "x" * NEAR + " Mrs Pike", "Mrs Pike")
    held: dict[str, set] = {}
    fields_with({"state": {"culprit": "Biscuit", "description": "Biscuit"}}, "Biscuit", held)
    assert "<a field named after the culprit>" in held
    frame = '\x06\x00\x00{"msg_type": "comm_msg"}{"content": {"data": {"state": {"description": "Biscuit"}}}}'
    assert json_parts(frame) == [{"msg_type": "comm_msg"}, {"content": {"data": {"state": {"description": "Biscuit"}}}}]
