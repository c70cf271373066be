"""Picture Perfect in the real app, in headless Chromium: the game's one browser run (issue
25), two people on two machines playing a whole Sherlock party by clicks to its reveal.

Ann, on a desktop, first uses her page's own table: the app opens on the expansion, and its
settings deal a party for two (the players' slider moved by a key; the settings' header
reached by the keyboard alone). Then she opens a shared table for two with the expansion,
and Bob, on a phone, joins it by its code. Both exchange envelopes, ask and answer
questions and click Ready each round; each arranges a first photo by hand -- Watson,
Holmes and a guest placed, the guest moved with the keyboard alone, the camera raised --
and Bob exchanges once with the keyboard alone. The table is looked at in a phone's width (375
px) and a desktop's (1280 px), the viewport resized, at a question, the arranged mat and
the reveal: nothing sticks out, is cut off or makes the page scroll sideways, and axe-core
finds nothing serious on the arranged mat at both widths nor in the reveal. Every websocket
frame of both pages is recorded: none before the photos are taken carries a wish of an
envelope that person never read, and none before the reveal names the culprit as the
culprit (its name near "culprit", "guilty" or "did it", or a field that singles it out);
the reveal does. Each page calls the other person by name. The test waits on what the pages
show, never on time (a look again after a short pause when neither person has a move).
"""

from __future__ import annotations

import json
import re
import time

import pytest

from sherlockkit import engine
from sherlockkit.games.picture import alibis, rules
from sherlockkit.games.picture.cards import HIDE, NEXT_TO
from sherlockkit.games.picture.figures import FIGURE_NAMES
from sherlockkit.games.picture.seeing import read_by
from tests.layout import (
    DESKTOP, PHONE, by_keys, click_if_enabled, in_view, layout_problems, newest_line_in_view, one_screen_holds, serious_violations,
    settings_by_keys, unnamed_pictures,
)
from tests.friends_pages import PATIENCE as PATIENCE_MS
from tests.friends_pages import hosts_save, join, open_page, open_table, seats_show

pytestmark = pytest.mark.browser

#: the shared table; the page's own table (hidden while the shared one is shown), drawn
ROOT = ".sk-friends .sk-picture"
OWN = ".sk-picture"
OWN_READY = f"{OWN} .sk-guest"
DASHBOARD = "voila/render/picture.ipynb"
SETTINGS = "Game settings, saves and replays"
#: how close (in characters) a name must stand to a word of guilt to be named as the culprit
NEAR = 50
#: the most seconds the party may take, bots' thinking and pauses included: a guard against a
#: party that never ends, not a speed test (it ends in under a minute on a quiet machine; the
#: suite runs it beside other tests, on a machine maybe busy with more)
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
    """On the page's own table: the expansion on in the settings, two players chosen on the
    slider by a key, and a new party dealt."""
    page.get_by_text(SETTINGS).click()
    page.locator(f"{OWN} .sk-sherlock-setting input").check()
    handle = page.locator(f"{OWN} .sk-players-setting .noUi-handle, {OWN} .sk-players-setting [role=slider]").first
    handle.focus()
    handle.press("ArrowLeft")  # three players by default: two
    page.locator(f"{OWN} .sk-new-game").click()
    page.wait_for_function("root => (document.querySelector(root + ' .sk-title') || {}).innerText"
                           "?.includes('of 7')", arg=OWN, timeout=20_000)
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


class Player:
    """A person at the shared table, on their own page: what they have done so far, and
    their next click (:meth:`act`)."""

    def __init__(self, page, frames: list, seat: int, phone: bool):
        self.page, self.frames, self.seat, self.phone = page, frames, seat, phone
        self.asked = self.answered = self.readies = 0
        self.arranged = self.exchanged_by_keys = False
        self.shared_from = 0  # the first frame of the shared party (before: the page's own)

    def ended(self) -> bool:
        return self.page.locator(f"{ROOT} .sk-ending").is_visible()

    def act(self) -> bool:
        """One click of a player in a hurry, if the table offers one: ask, answer honestly,
        exchange (the phone's first exchange with the keyboard alone), and Ready -- the first
        photo arranged by hand (the phone's looked at in both widths). True if something was clicked."""
        page = self.page
        if self.ended():
            return False
        if page.locator(f"{ROOT} .sk-ask:visible:enabled").count():
            if not self.asked:
                fits_both(page, "")
            clicked = click_if_enabled(page, f"{ROOT} .sk-ask")
            self.asked += clicked
            return clicked
        if page.locator(f"{ROOT} .sk-answer:visible").count():
            offered = page.locator(f"{ROOT} .sk-answer:visible:enabled").count()
            assert offered <= 1, "only the honest answer is offered"
            clicked = bool(offered) and click_if_enabled(page, f"{ROOT} .sk-answer")  # (none while the question is drawn)
            self.answered += clicked
            return clicked
        if self.phone and not self.exchanged_by_keys and page.locator(f"{ROOT} .sk-exchange:visible:enabled").count():
            log = page.locator(f"{ROOT} .sk-log").inner_text()
            self.exchanged_by_keys = by_keys(page, f"{ROOT} .sk-exchange") > 0
            if self.exchanged_by_keys:
                page.wait_for_function("([root, log]) => document.querySelector(root + ' .sk-log').innerText"
                                       " !== log", arg=[ROOT, log], timeout=30_000)
            return self.exchanged_by_keys
        if click_if_enabled(page, f"{ROOT} .sk-exchange"):
            return True
        if page.locator(f"{ROOT} .sk-ready:visible").count():
            if not self.arranged:  # Watson and Holmes must be in the photo
                arrange(page, look=self.phone)
                self.arranged = True
            if click_if_enabled(page, f"{ROOT} .sk-ready"):
                self.readies += 1
                return True
            if page.locator(f"{ROOT} .sk-ready-why:visible").count():  # the engine says why not: the
                return click_if_enabled(page, f"{ROOT} .sk-height-10")  # camera back where Watson and Holmes show
        return False


def arrange(page, look: bool) -> None:
    """Watson, Holmes and a guest placed by clicks, the guest moved with the keyboard alone,
    the camera raised by a click; with ``look``, the arranged mat fits both widths (axe-core
    asked) and one phone screen holds the mat and the photo."""
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
    if not look:
        return
    fits_both(page, f"{ROOT} .sk-mat, {ROOT} .sk-photo svg, {ROOT} .sk-sheet table, {ROOT} .sk-case",
              axe=(DESKTOP, PHONE))  # mid-game
    holds, tall = one_screen_holds(page, f"{ROOT} .sk-mat", f"{ROOT} .sk-photo svg")
    assert holds, f"on a phone the mat and the photo take {tall} px: not one screen (issue 28)"


def test_two_people_play_a_sherlock_party_by_clicks_that_fits_every_screen_and_sends_nothing_hidden(app_url, browser):
    ann, ann_frames = open_page(browser, app_url + DASHBOARD, DESKTOP, OWN_READY, "Ann")
    bob, bob_frames = open_page(browser, app_url + DASHBOARD, PHONE, OWN_READY, "Bob")
    people = (Player(ann, ann_frames, 0, phone=False), Player(bob, bob_frames, 1, phone=True))
    try:
        # the page's own table: the app opens on the expansion; its settings (two players on
        # the slider by a key, a new party dealt) and their header by the keyboard alone
        assert "the Sherlock expansion" in ann.locator(f"{OWN} .sk-switch-words").inner_text(), "the app opens on it"
        start_sherlock(ann)
        settings_by_keys(ann, OWN)
        # the shared table: Ann opens a Sherlock party for two, Bob joins it by its code
        ann.locator(".sk-friends-variant select").select_option("sherlock")
        join(bob, open_table(ann, 2))
        seats_show(ann, "Bob")
        ann.locator(".sk-friends-start").click()
        for person in people:
            person.page.wait_for_selector(f"{ROOT} .sk-guest", timeout=PATIENCE_MS)
            person.shared_from = len(person.frames)
        deadline = time.monotonic() + PATIENCE
        while not all(person.ended() for person in people):
            if time.monotonic() > deadline:
                raise AssertionError("the party did not end in time: " + bob.locator(ROOT).inner_text()[:1500])
            if not any([person.act() for person in people]):  # a frame on its way
                ann.wait_for_timeout(100)
        assert all(p.readies >= 7 for p in people) and sum(p.asked for p in people) and sum(p.answered for p in people)
        assert people[1].exchanged_by_keys and all(p.arranged for p in people)
        for page, other in ((ann, "Bob"), (bob, "Ann")):
            log = page.locator(f"{ROOT} .sk-log").inner_text()
            assert other in page.locator(f"{ROOT} .sk-seats").inner_text() or other in log
            assert not re.search(r"Player \d", log) and "every envelope is opened" in log
            assert "Traceback" not in page.locator("body").inner_text()
        assert unnamed_pictures(bob, ROOT) == [], "every photo named for a screen reader"
        shown, overflows = newest_line_in_view(bob, ROOT)
        assert shown and overflows, "the log follows the party: its newest line (the end) in view, older above"
        bob.locator(f"{ROOT} .sk-final svg").first.wait_for(state="visible", timeout=10_000)
        assert bob.locator(f"{ROOT} .sk-final").count() == 2
        verdict = bob.locator(f"{ROOT} p.sk-verdict").inner_text()
        fits_both(bob, f"{ROOT} .sk-final, {ROOT} .sk-case", axe=(PHONE,))
        save = hosts_save(ann)  # the party's open replay
    finally:
        for person in people:
            person.page.context.close()
    # the party as the save tells it: the culprit revealed, and what each person never read
    assert save["options"]["sherlock"] is True and save["options"]["players"] == 2
    state = engine.replay(rules, save["seed"], save["options"], map(rules.action_from_json, save["actions"]))
    assert rules.outcome(state) is not None and f"{state.culprit} did it" in verdict
    for person in people:
        _nothing_hidden_reached(state, person.seat, person.frames[person.shared_from:])


def _nothing_hidden_reached(state, seat: int, frames: list[str]) -> None:
    """No frame before the reveal names the culprit as the culprit (nor holds it in a field
    that singles it out), and none before every envelope is opened holds a wish of an
    envelope ``seat`` never read; the reveal does name it."""
    shown = [_plain(f) for f in frames]
    reveal = next(k for k, f in enumerate(shown) if names_as_culprit(f, state.culprit) and "did it" in f)
    assert reveal > 50
    held: dict[str, set] = {}
    for k, frame in enumerate(shown[:reveal]):
        assert not names_as_culprit(frame, state.culprit), (seat, k, frame[:400])
        for part in json_parts(frame):
            fields_with(part, held)
    assert "<a field named after the culprit>" not in held
    assert any(state.culprit in values for values in held.values()), "the frames were read: buttons name every suspect"
    suspects = [g for g in alibis.SUSPECTS if g != state.culprit]
    for key, values in held.items():  # a field that holds the culprit holds the other suspects too
        if state.culprit in values:
            assert all(s in values for s in suspects if s in FIGURE_NAMES), (seat, key, sorted(values))
    read = read_by(state, seat)
    secrets = [c.text.rstrip(".") for e in state.envelopes if e.guest not in read for c in e.cards
               if c.kind in (NEXT_TO, HIDE)]
    end = next(k for k, f in enumerate(shown) if "every envelope is opened" in f)
    assert secrets and end <= reveal
    for k, frame in enumerate(shown[:end]):
        assert not [s for s in secrets if s in frame], (seat, k, frame[:300])


def test_the_finders_see_a_culprit_named():
    assert names_as_culprit("The culprit's card is turned over: the Colonel did it.", "the Colonel")
    assert names_as_culprit('{"value": "<b>Mrs Pike</b> is guilty"}', "Mrs Pike")
    assert not names_as_culprit("the culprit is one of the open suspects; " + "x" * NEAR + " Mrs Pike", "Mrs Pike")
    held: dict[str, set] = {}
    fields_with({"state": {"culprit": "Biscuit", "description": "Biscuit"}}, held)
    assert "<a field named after the culprit>" in held
    frame = '\x06\x00\x00{"msg_type": "comm_msg"}{"content": {"data": {"state": {"description": "Biscuit"}}}}'
    assert json_parts(frame) == [{"msg_type": "comm_msg"}, {"content": {"data": {"state": {"description": "Biscuit"}}}}]
