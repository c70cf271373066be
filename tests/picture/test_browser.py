"""Picture Perfect in the real app, in headless Chromium: one whole Sherlock party played by
clicks (the expansion turned on in the settings; envelopes exchanged, questions asked and
answered, Watson, Holmes and a guest placed -- one moved from the keyboard --, the camera
moved, Ready each round) to its reveal. On the way, the page is looked at on a phone's
width (375 px) and a desktop's (1280 px), the viewport resized, at each stage -- a
question, the arranged mat, the reveal, the settings --: nothing sticks out, is cut off or
makes the page scroll sideways; axe-core finds nothing serious on the arranged mat at both
widths nor in the reveal. Every websocket frame is recorded: none before the photos
are taken carries a wish of an envelope you never read, and none before the reveal names
the culprit as the culprit (its name near "culprit", "guilty" or "did it", or a field that
singles it out); the reveal does."""

from __future__ import annotations

import json
import re
import time

import pytest

from sherlockkit.games.picture import alibis, rules
from sherlockkit.games.picture.cards import HIDE, NEXT_TO
from sherlockkit.games.picture.figures import FIGURE_NAMES
from sherlockkit.games.picture.seeing import read_by
from tests.layout import (
    DESKTOP, PHONE, by_keys, click_if_enabled, in_view, layout_problems, newest_line_in_view, one_screen_holds, serious_violations,
    settings_by_keys, unnamed_pictures,
)
from tests.seen import record_frames

pytestmark = pytest.mark.browser

ROOT = ".sk-picture"
READY = f"{ROOT} .sk-guest"
SETTINGS = "Game settings, saves and replays"
#: how close (in characters) a name must stand to a word of guilt to be named as the culprit
NEAR = 50
#: the most seconds the party may take, bots' thinking and pauses included: a guard against a
#: party that never ends, not a speed test (it ends in about a minute on a quiet machine; the
#: suite runs it beside a browser test of another game, on a machine maybe busy with more)
PATIENCE = 600




def place(page, guest: str, space: str) -> None:
    """Pick ``guest`` in the list, click ``space``, and wait for the mat to show it there and
    the photo, drawn after the mat, to show it on that space (in the frame or not)."""
    page.locator(f"{ROOT} .sk-guest-{FIGURE_NAMES.index(guest)}").click()
    page.locator(f"{ROOT} .sk-space-{space}:enabled").click()
    page.wait_for_function(
        "([root, space, guest]) => (document.querySelector(`${root} .sk-space-${space}`) || {}).innerText"
        "?.includes(guest) && [...document.querySelectorAll(`${root} .sk-photo svg g.shot`)].some("
        "g => g.dataset.figure === guest && g.dataset.space === space)", arg=[ROOT, space, guest], timeout=10_000)


def start_sherlock(page) -> None:
    """Turn the expansion on in the settings, choose two players, and deal a new party."""
    page.get_by_text(SETTINGS).click()
    page.locator(f"{ROOT} .sk-sherlock-setting input").check()
    handle = page.locator(f"{ROOT} .sk-players-setting .noUi-handle, {ROOT} .sk-players-setting [role=slider]").first
    handle.focus()
    handle.press("ArrowLeft")  # three players by default: two
    page.locator(f"{ROOT} .sk-new-game").click()
    page.wait_for_function("root => (document.querySelector(root + ' .sk-title') || {}).innerText"
                           "?.includes('of 7')", arg=ROOT, timeout=20_000)
    page.get_by_text(SETTINGS).click()


def fits_both(page, in_sight: str, axe: tuple[dict, ...] = ()) -> None:
    """The page as it stands fits a desktop and a phone: looked at in both widths (the
    viewport resized, the same page laid out again), ending at a phone's. ``in_sight`` is
    what must stay within the width; at the sizes ``axe``, axe-core finds nothing serious
    (``tests.layout.serious_violations``: where it is asked)."""
    for size in (DESKTOP, PHONE):
        page.set_viewport_size(size)
        page.wait_for_function("width => document.documentElement.clientWidth === width", arg=size["width"])
        assert layout_problems(page) == [], size["width"]
        if size in axe:
            assert serious_violations(page) == [], "axe-core: readable and usable by everyone (issue 28)"
        if in_sight:
            in_view(page, in_sight, size["width"])


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


def fields_with(value, out: dict, key: str = "") -> None:
    """Every JSON field (by name) holding a text, and any field whose name speaks of the
    culprit: ``out[field name]`` is the set of texts it held."""
    if isinstance(value, dict):
        for k, v in value.items():
            fields_with(v, out, str(k))
    elif isinstance(value, list):
        for v in value:
            fields_with(v, out, key)
    elif isinstance(value, str):
        if re.search("culprit|guilty", key, re.I):
            out.setdefault("<a field named after the culprit>", set()).add(value)
        out.setdefault(key, set()).add(value)


#: the table's own words about any culprit, which name nobody (Watson's and Holmes's line on
#: the mat): a suspect's name drawn just before them is not the culprit named
GENERIC = "if the culprit stands beside him"


def _plain(frame: str) -> str:
    return frame.replace("\\u0027", "'").replace("&#x27;", "'").replace("\\'", "'").replace(GENERIC, "")


def test_a_sherlock_party_by_clicks_fits_every_screen_and_sends_nothing_hidden(app_url, browser):
    page = browser.new_context(viewport=PHONE).new_page()
    frames = record_frames(page)  # before the page opens its websockets
    page.goto(app_url + "voila/render/picture.ipynb")
    page.wait_for_selector(READY, timeout=60_000)
    try:
        assert "the Sherlock expansion" in page.locator(f"{ROOT} .sk-switch-words").inner_text(), "the app opens on it"
        start_sherlock(page)
        start = len(frames)
        deadline = time.monotonic() + PATIENCE
        asked = answered = readies = 0
        arranged = exchanged_by_keys = False
        while not page.locator(f"{ROOT} .sk-ending").is_visible():
            if time.monotonic() > deadline:
                page.screenshot(path="/tmp/sherlock-stuck.png", full_page=True)
                raise AssertionError("the party did not end in time: " + page.locator(ROOT).inner_text()[:1500])
            if page.locator(f"{ROOT} .sk-ask:visible:enabled").count():
                if not asked:
                    fits_both(page, "")
                asked += click_if_enabled(page, f"{ROOT} .sk-ask")
            elif page.locator(f"{ROOT} .sk-answer:visible").count():
                offered = page.locator(f"{ROOT} .sk-answer:visible:enabled").count()
                assert offered <= 1, "only the honest answer is offered"
                if offered:  # (none while the page is still drawing the question)
                    answered += click_if_enabled(page, f"{ROOT} .sk-answer")
                else:
                    page.wait_for_timeout(100)
            elif not exchanged_by_keys and page.locator(f"{ROOT} .sk-exchange:visible:enabled").count():
                log = page.locator(f"{ROOT} .sk-log").inner_text()  # the first exchange with the keyboard alone
                exchanged_by_keys = by_keys(page, f"{ROOT} .sk-exchange") > 0
                if exchanged_by_keys:
                    page.wait_for_function("([root, log]) => document.querySelector(root + ' .sk-log').innerText"
                                           " !== log", arg=[ROOT, log], timeout=30_000)
            elif click_if_enabled(page, f"{ROOT} .sk-exchange"):
                pass
            elif page.locator(f"{ROOT} .sk-ready:visible").count():
                if not arranged:
                    victim = page.locator(f"{ROOT} .sk-coffin-name").inner_text()
                    guest = "Mr Wren" if victim != "Mr Wren" else "Doctor Vale"  # the victim lies in the coffin
                    for figure, space in (("Watson", "2A"), ("Holmes", "2D"), (guest, "1A")):
                        place(page, figure, space)
                    # the guest picked up from the mat and moved with the keyboard alone (Tab, Enter)
                    assert by_keys(page, f"{ROOT} .sk-space-1A"), "Tab reaches the mat"
                    page.locator(f"{ROOT} .sk-unplace").wait_for(state="visible", timeout=10_000)
                    assert by_keys(page, f"{ROOT} .sk-space-3B"), "Tab reaches the mat"
                    page.wait_for_function("([root, guest]) => document.querySelector(`${root} .sk-space-3B`)"
                                           ".innerText.includes(guest)", arg=[ROOT, guest], timeout=10_000)
                    # the camera: a height, by one click; the photo follows
                    label = page.locator(f"{ROOT} .sk-photo svg").get_attribute("aria-label")
                    page.locator(f"{ROOT} .sk-height-12").click()
                    page.wait_for_function("([root, label]) => document.querySelector(`${root} .sk-photo svg`)"
                                           ".getAttribute('aria-label') !== label", arg=[ROOT, label], timeout=10_000)
                    assert "12 high" in page.locator(f"{ROOT} .sk-photo svg").get_attribute("aria-label")
                    assert page.locator(f"{ROOT} .sk-photo svg g.shot[data-figure='Watson']").count() == 1
                    assert page.locator(f"{ROOT} .sk-photo svg g.coffin").count() == 1
                    assert page.locator(f"{ROOT} .sk-sheet .sk-odds").count() >= 2
                    fits_both(page, f"{ROOT} .sk-mat, {ROOT} .sk-photo svg, {ROOT} .sk-sheet table, {ROOT} .sk-case",
                              axe=(DESKTOP, PHONE))  # mid-game
                    holds, tall = one_screen_holds(page, f"{ROOT} .sk-mat", f"{ROOT} .sk-photo svg")
                    assert holds, f"on a phone the mat and the photo take {tall} px: not one screen (issue 28)"
                    arranged = True
                if click_if_enabled(page, f"{ROOT} .sk-ready"):
                    readies += 1
                elif page.locator(f"{ROOT} .sk-ready-why:visible").count():  # the engine says why not: the
                    click_if_enabled(page, f"{ROOT} .sk-height-10")  # camera back where Watson and Holmes show
                else:
                    page.wait_for_timeout(200)
            else:
                page.wait_for_timeout(200)
        assert asked and answered and readies >= 7 and exchanged_by_keys, (asked, answered, readies)
        assert unnamed_pictures(page, ROOT) == [], "every photo named for a screen reader"
        settings_by_keys(page, ROOT)
        assert "Traceback" not in page.locator("body").inner_text()
        shown, overflows = newest_line_in_view(page, ROOT)
        assert shown and overflows, "the log follows the party: its newest line (the end) in view, older above"
        page.locator(f"{ROOT} .sk-final svg").first.wait_for(state="visible", timeout=10_000)
        assert page.locator(f"{ROOT} .sk-final").count() == 2
        verdict = page.locator(f"{ROOT} p.sk-verdict").inner_text()
        fits_both(page, f"{ROOT} .sk-final, {ROOT} .sk-case", axe=(PHONE,))
        page.get_by_text(SETTINGS).click()
        page.locator(f"{ROOT} .sk-save").click()
        page.wait_for_function("root => (document.querySelector(root + ' textarea') || {}).value?.includes('actions')",
                               arg=ROOT, timeout=10_000)
        save = json.loads(page.locator(f"{ROOT} textarea").input_value())
        fits_both(page, "")
    finally:
        page.context.close()
    # the party as the save tells it: the culprit revealed, and what you never read
    assert save["options"]["sherlock"] is True
    state = rules.new(save["seed"], **save["options"])
    for data in save["actions"]:
        state = rules.play(state, rules.action_from_json(data))
    assert rules.outcome(state) is not None and f"{state.culprit} did it" in verdict
    shown = [_plain(f) for f in frames[start:]]
    reveal = next(k for k, f in enumerate(shown) if names_as_culprit(f, state.culprit) and "did it" in f)
    assert reveal > 50
    held: dict[str, set] = {}
    for k, frame in enumerate(shown[:reveal]):
        assert not names_as_culprit(frame, state.culprit), (k, frame[:400])
        for part in json_parts(frame):
            fields_with(part, held)
    assert "<a field named after the culprit>" not in held
    assert any(state.culprit in values for values in held.values()), "the frames were read: buttons name every suspect"
    suspects = [g for g in alibis.SUSPECTS if g != state.culprit]
    for key, values in held.items():  # a field that holds the culprit holds the other suspects too
        if state.culprit in values:
            assert all(s in values for s in suspects if s in FIGURE_NAMES), (key, sorted(values))
    read = read_by(state, 0)
    secrets = [c.text.rstrip(".") for e in state.envelopes if e.guest not in read for c in e.cards
               if c.kind in (NEXT_TO, HIDE)]
    end = next(k for k, f in enumerate(shown) if "every envelope is opened" in f)
    assert secrets and end <= reveal
    for k, frame in enumerate(shown[:end]):
        assert not [s for s in secrets if s in frame], (k, frame[:300])


def test_the_finders_see_a_culprit_named():
    assert names_as_culprit("The culprit's card is turned over: the Colonel did it.", "the Colonel")
    assert names_as_culprit('{"value": "<b>Mrs Pike</b> is guilty"}', "Mrs Pike")
    assert not names_as_culprit("the culprit is one of the open suspects; " + "x" * NEAR + " Mrs Pike", "Mrs Pike")
    held: dict[str, set] = {}
    fields_with({"state": {"culprit": "Biscuit", "description": "Biscuit"}}, held)
    assert "<a field named after the culprit>" in held
    frame = '\x06\x00\x00{"msg_type": "comm_msg"}{"content": {"data": {"state": {"description": "Biscuit"}}}}'
    assert json_parts(frame) == [{"msg_type": "comm_msg"}, {"content": {"data": {"state": {"description": "Biscuit"}}}}]
