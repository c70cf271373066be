"""Beyond Baker Street in the real app, in headless Chromium: one whole case played by clicks
to its end -- a card of yours pointed at and its odds read, a teammate's card, a hint given
in two clicks, Investigates and Eliminates, then Pursues until the case is lost -- with
every websocket frame recorded, none of them naming a card of your hand while it was in
your hand and unplayed (the odds of the card you point at are on the page whenever it is
pointed at, so they are among the frames searched). On the way the table is measured at a
phone's width (375 px) and a desktop's (1280 px): nothing sticks out, is cut off or makes
the page scroll sideways, the odds never push the buttons down, and the settings fit.

Then, on the same page (one browser run for the game), Ann plays a case with a friend,
Bob on a phone, at a table of two (:func:`a_case_with_a_friend`).

The test waits on what the page shows, never on time: the bots' pace is the app's own."""

from __future__ import annotations

import json
import re

import pytest

from sherlockkit.games.bakerstreet import rules
from sherlockkit.games.bakerstreet.cards import Evidence
from tests.friends_pages import PATIENCE as SHARED_PATIENCE
from tests.friends_pages import join, open_page, sit_down
from tests.layout import (
    DESKTOP, PHONE, SMALLEST_READABLE_PX, by_keys, in_view, layout_problems, newest_line_in_view, overlapping,
    serious_violations, settings_by_keys, smallest_drawn_text, unnamed_pictures, WATCH_THE_PROMPT,
)
from tests.seen import record_frames

from .page import card_forms, ever_public

pytestmark = pytest.mark.browser

ROOT = ".sk-bakerstreet"
DASHBOARD = "voila/render/bakerstreet.ipynb"
#: the longest a page may take to show what a click changed (a busy machine's pace)
PATIENCE = 30_000
#: the table shared with friends
SHARED = ".sk-friends .sk-bakerstreet"
#: a card as a table names it: an icon and a number ("Track 4")
CARD = re.compile(r"\b(Clue|Document|Track|Witness) ([1-6])(?![0-9])")

# Your turn ends with your move and, with two players, comes back as soon as the bot has made
# its move: polling for the prompt without "Your turn" can miss that moment, so the page
# itself notes each change of the prompt from the click on.


def _text(page, part: str) -> str:
    return page.locator(f"{ROOT} {part}").first.inner_text()


def ended(page) -> bool:
    return page.locator(f"{ROOT} .sk-ending").is_visible()


def wait_for_your_turn(page) -> bool:
    """Wait until the case waits for you (True) or is over (False)."""
    page.wait_for_function(
        "root => document.querySelector(root + ' .sk-prompt').innerText.includes('Your turn')"
        " || document.querySelector(root + ' .sk-ending').offsetParent !== null", arg=ROOT, timeout=PATIENCE)
    return not ended(page)


def click_move(page, selector: str, keys: bool = False) -> None:
    """Click a button that makes a move (``keys``: Tab to it and Enter, the keyboard alone),
    and wait until the page shows it made (the log moved, and your turn went by or the
    case ended)."""
    log = _text(page, ".sk-log")
    page.evaluate(WATCH_THE_PROMPT, ROOT)
    if keys:
        assert by_keys(page, selector), f"Tab reaches {selector}"
    else:
        page.locator(selector).first.click()
    page.wait_for_function(
        "([root, log]) => document.querySelector(root + ' .sk-log').innerText !== log"
        " && (window.skTurnWentBy || document.querySelector(root + ' .sk-ending').offsetParent !== null)",
        arg=[ROOT, log], timeout=PATIENCE)


def point_at_a_card(page, slot: int = 0, keys: bool = False) -> None:
    """Point at a card of yours (``keys``: with the keyboard alone): the odds panel opens
    under Investigate and Eliminate."""
    if keys:
        assert by_keys(page, f"{ROOT} .sk-card-0-{slot}"), "Tab reaches your card"
    else:
        page.locator(f"{ROOT} .sk-card-0-{slot}").click()
    page.locator(f"{ROOT} .sk-eliminate").wait_for(state="visible", timeout=PATIENCE)
    page.locator(f"{ROOT} .sk-odds").wait_for(state="visible", timeout=PATIENCE)


def assert_it_fits(page, size: dict) -> None:
    """With a card pointed at: nothing sticks out or is cut off, the odds lie under the
    buttons, and so with the settings panel open."""
    panel, buttons = (page.locator(f"{ROOT} {part}").bounding_box() for part in (".sk-odds", ".sk-eliminate"))
    assert panel["x"] >= 0 and panel["x"] + panel["width"] <= size["width"] + 1, "the odds in view"
    assert buttons["y"] + buttons["height"] <= panel["y"] + 1, "the odds never push the buttons down"
    page.locator(f"{ROOT} .sk-other-card").first.click()  # what a teammate knows
    page.wait_for_function("root => document.querySelector(root + ' .sk-known').innerText.includes('knows of')",
                           arg=ROOT, timeout=PATIENCE)
    assert layout_problems(page) == []
    assert serious_violations(page) == [], "axe-core: readable and usable by everyone (issue 28)"
    assert overlapping(page, f"{ROOT} .sk-track-name", f"{ROOT} .sk-tracks svg") == [], "a marker over a track's name"
    smallest = smallest_drawn_text(page, f"{ROOT} .sk-tracks")
    assert smallest >= SMALLEST_READABLE_PX, f"the tracks' numbers {smallest:.1f} px high at {size['width']} px"
    in_view(page, f"{ROOT} .sk-lead, {ROOT} .sk-seat, {ROOT} .sk-tracks svg", size["width"])
    page.get_by_text("Game settings, saves and replays").click()
    page.locator(f"{ROOT} .sk-new-game").wait_for(timeout=PATIENCE)
    assert layout_problems(page) == []
    page.get_by_text("Game settings, saves and replays").click()  # folded again
    page.locator(f"{ROOT} .sk-new-game").wait_for(state="hidden", timeout=PATIENCE)


def states_of(save: dict):
    """Every state of the saved game, from the deal to the end."""
    state = rules.new(save["seed"], **save["options"])
    out = [state]
    for data in save["actions"]:
        state = rules.play(state, rules.action_from_json(data))
        out.append(state)
    return out


def named(frame: str, card: Evidence) -> bool:
    lowered = frame.lower()
    return any(re.search(re.escape(form.lower()) + r"(?![0-9])", lowered) for form in card_forms(card))


def secret_cards(states) -> set[Evidence]:
    """The cards that sat in your hand at some moment before any event had named them."""
    return {card for s in states for card in s.hands[0] if card not in ever_public(s.events)}


def test_a_case_by_clicks_and_a_case_with_a_friend_fit_the_screen_and_send_no_card_of_yours(app_url, browser):
    context = browser.new_context(viewport=PHONE)
    try:
        page = context.new_page()
        frames = record_frames(page)
        page.goto(app_url + DASHBOARD)
        page.wait_for_selector(f"{ROOT} .sk-slot", timeout=60_000)
        assert wait_for_your_turn(page)  # you play first, without characters
        point_at_a_card(page, keys=True)  # the first moves with the keyboard alone
        odds = _text(page, ".sk-odds")
        assert "Card 1: the odds" in odds and "Eliminate" in odds and "Its number" in odds, odds
        assert re.search(r"\b\d{1,3}%", odds) and re.search(r"advances\s+exact\s+kills\s+wrong icon", odds), odds
        assert_it_fits(page, PHONE)
        click_move(page, f"{ROOT} .sk-eliminate", keys=True)
        assert wait_for_your_turn(page)
        assert by_keys(page, f"{ROOT} .sk-assist-1"), "Tab reaches Assist"  # a hint, in two presses
        page.locator(f"{ROOT} .sk-hint-0").wait_for(state="visible", timeout=PATIENCE)
        click_move(page, f"{ROOT} .sk-hint-0", keys=True)
        assert unnamed_pictures(page, ROOT) == [], "every card and track named for a screen reader"
        settings_by_keys(page, ROOT)
        assert "Player 2:" in _text(page, ".sk-log") or "You tell Player 2" in _text(page, ".sk-log")
        assert wait_for_your_turn(page)
        page.set_viewport_size(DESKTOP)
        point_at_a_card(page, 1)
        assert_it_fits(page, DESKTOP)
        click_move(page, f"{ROOT} [class*='sk-investigate-']:visible")
        made = 3
        while wait_for_your_turn(page):  # then give up Leads until a section runs out of them
            click_move(page, f"{ROOT} [class*='sk-pursue-']:visible")
            made += 1
            assert made < 40, "the case did not end"
            assert newest_line_in_view(page, ROOT)[0], "the log shows what the bots just did"
        shown, overflows = newest_line_in_view(page, ROOT)
        assert shown and overflows, "the ending is the log's newest line, in view, with older lines above"
        assert "Play again" in _text(page, ".sk-play-again")
        assert "Traceback" not in page.locator("body").inner_text()
        page.get_by_text("Game settings, saves and replays").click()
        page.locator(f"{ROOT} .sk-save").click()
        page.wait_for_function("root => (document.querySelector(root + ' textarea') || {}).value?.includes('actions')",
                               arg=ROOT, timeout=PATIENCE)
        save = json.loads(page.locator(f"{ROOT} textarea").input_value())
        yours_only(save, list(frames))

        # then a case with a friend, Ann on this page (now a desktop's) and Bob on a phone
        a_case_with_a_friend(browser, app_url, page, frames)
    finally:
        context.close()


def yours_only(save: dict, frames: list[str]) -> None:
    """The case played by clicks to its end (``save``), your moves of every kind, and the
    frames the page received until then: a card of yours reached it only in the log line
    that tells it was played, and the cards still in your hand at the end never."""
    states = states_of(save)
    assert rules.outcome(states[-1]) is not None
    assert {type(rules.action_from_json(a)).__name__ for a in save["actions"][::2]} >= {
        "Eliminate", "Assist", "Investigate", "Pursue"}, "your moves, by clicks"
    assert len(frames) > 20
    # a card of yours may reach the page only in the log line that tells it was played: the
    # first frame naming it must be that line (the table draws the log before the rest)
    for card in secret_cards(states):
        seen = [k for k, frame in enumerate(frames) if named(frame, card)]
        if not seen:
            continue
        first = frames[seen[0]]
        assert re.search(rf"(you play|you eliminate) {re.escape(str(card))}(?![0-9])", first, re.I), (
            f"{card} reached the page before it was played: {first[:400]}")
    # and the cards still in your hand at the end, never played, were never sent at all
    for card in states[-1].hands[0]:
        if card not in ever_public(states[-1].events):
            assert not any(named(frame, card) for frame in frames), card


def my_turn_or_end(page) -> bool:
    """Wait until the shared table waits for this page (True) or the case is over (False)."""
    page.wait_for_function(
        "t => { const p = document.querySelector(t + ' .sk-prompt'), e = document.querySelector(t + ' .sk-ending');"
        " return (p && p.innerText.includes('Your turn')) || (e && e.offsetParent !== null); }",
        arg=SHARED, timeout=SHARED_PATIENCE)
    return not page.locator(f"{SHARED} .sk-ending").is_visible()


def click_a_pursue(page, tries: int = 3) -> bool:
    """Click an enabled Pursue: ``True``; ``False`` if the case ended meanwhile (the frame
    that ends it may arrive between the look and the click). A redraw may replace the
    button under the pointer (a frame of the other seat arriving): then look again, a few
    times at most."""
    for attempt in range(tries):
        try:
            page.locator(f"{SHARED} [class*='sk-pursue-']:visible:enabled").first.click(timeout=10_000)
            return True
        except Exception:
            if page.locator(f"{SHARED} .sk-ending").is_visible():
                return False
            if attempt == tries - 1:
                raise
    return False


def a_case_with_a_friend(browser, app_url: str, ann, ann_frames: list) -> None:
    """Ann opens a table from the game's page; Bob, on a phone, joins it by its code; Ann
    starts; each plays by clicking their own table -- the person whose turn it is gives up
    a Lead (Pursue) -- until the case is lost, and both pages show the ending. On the way
    Bob's page closes and a new one comes back to his seat by the seat's own link. Each
    page calls its own seat "You" and shows the other's cards face up, its own as backs;
    neither page's frames name a card of that page's own hand (each read off the other
    page: a Pursue plays no card, so the hands stay as dealt). Nothing sticks out at
    either size."""
    bob, bob_frames = open_page(browser, app_url + DASHBOARD, PHONE, f"{ROOT} .sk-slot", "Bob")
    try:
        sit_down(ann, "Ann")
        ann.locator(".sk-friends-open").click()
        ann.wait_for_selector(".sk-friends-code", timeout=SHARED_PATIENCE)
        code = ann.locator(".sk-friends-code").inner_text().strip()
        assert re.fullmatch(r"[A-Z2-9]{5}", code), code
        join(bob, code.lower())
        ann.wait_for_function("() => document.querySelector('.sk-friends-seats').innerText.includes('Bob')",
                              timeout=SHARED_PATIENCE)
        bob.wait_for_function(f"() => document.querySelector('.sk-friends-where').innerText.includes('{code}')",
                              timeout=SHARED_PATIENCE)
        assert not bob.locator(".sk-friends-start").is_visible(), "only the host starts"
        ann.locator(".sk-friends-start").click()
        # the frames from here on (before, the page's own games against bots had dealt other cards)
        shared_from = {"Ann": len(ann_frames), "Bob": len(bob_frames)}
        for page in (ann, bob):
            page.wait_for_selector(f"{SHARED} .sk-prompt", timeout=SHARED_PATIENCE)
            assert page.evaluate("() => [...document.querySelectorAll('.sk-bakerstreet')]"
                                 ".filter(t => !t.closest('.sk-friends') && t.offsetParent !== null).length") == 0, \
                "the table against bots is put away"
        # each page calls its own seat "You" and the other by name; its own cards are backs
        assert ann.locator(f"{SHARED} .sk-seat-0 .sk-who").inner_text() == "You"
        assert ann.locator(f"{SHARED} .sk-seat-1 .sk-who").inner_text() == "Bob"
        assert bob.locator(f"{SHARED} .sk-seat-1 .sk-who").inner_text() == "You"
        assert bob.locator(f"{SHARED} .sk-seat-0 .sk-who").inner_text() == "Ann"
        assert CARD.search(ann.locator(f"{SHARED} .sk-seat-1").inner_text())  # Bob's cards, face up for Ann
        assert not CARD.search(bob.locator(f"{SHARED} .sk-seat-1").inner_text())  # and backs for Bob
        for page, size in ((ann, DESKTOP), (bob, PHONE)):
            assert layout_problems(page) == [], size
        # each hand as the other page shows it (a Pursue plays no card: the hands stay as dealt)
        hands = {"Ann": set(CARD.findall(bob.locator(f"{SHARED} .sk-seat-0").inner_text())),
                 "Bob": set(CARD.findall(ann.locator(f"{SHARED} .sk-seat-1").inner_text()))}
        assert all(len(hand) >= 4 for hand in hands.values()), hands
        # Bob's page closes; a new one comes by his seat's own link, and sits at his seat again
        link = bob.locator(".sk-friends-seat-link").get_attribute("href")
        assert link.startswith("?seat=")
        bob.close()
        back = bob.context.new_page()
        back_frames = record_frames(back)
        back.goto(app_url + DASHBOARD + link)
        back.wait_for_selector(f"{SHARED} .sk-seat-1 .sk-who", timeout=SHARED_PATIENCE)
        assert back.locator(f"{SHARED} .sk-seat-1 .sk-who").inner_text() == "You"
        shared_from["Bob"] = len(back_frames)
        bob, bob_frames = back, back_frames
        moves = 0
        while True:  # whoever's turn it is gives up a Lead, until a section runs out of them
            mover = next((p for p in (ann, bob) if my_turn_or_end(p)), None) if moves % 2 == 0 else \
                next((p for p in (bob, ann) if my_turn_or_end(p)), None)
            if mover is None:
                break
            # a page may still say "Your turn" while the frame that ends the case is on its way
            mover.wait_for_function(
                "t => [...document.querySelectorAll(t + \" [class*='sk-pursue-']\")].some(b => !b.disabled"
                " && b.offsetParent !== null) || document.querySelector(t + ' .sk-ending').offsetParent !== null",
                arg=SHARED, timeout=SHARED_PATIENCE)
            if mover.locator(f"{SHARED} .sk-ending").is_visible():
                break
            log = mover.locator(f"{SHARED} .sk-log").inner_text()
            if not click_a_pursue(mover):
                break
            mover.wait_for_function(
                "([t, log]) => document.querySelector(t + ' .sk-log').innerText !== log", arg=[SHARED, log],
                timeout=SHARED_PATIENCE)
            moves += 1
            assert moves < 40, "the case did not end"
        for page in (ann, bob):
            page.wait_for_selector(f"{SHARED} .sk-ending", state="visible", timeout=SHARED_PATIENCE)
            assert "Traceback" not in page.locator("body").inner_text()
        # no frame a page received names a card of its own hand (but a card the other holds
        # too, which it may see there): the hands stayed as dealt, and no evidence was played
        # (Bob's new page's frames from the moment it sat: its table was drawn before)
        for frames, mine, theirs, drawn in ((ann_frames[shared_from["Ann"]:], hands["Ann"], hands["Bob"], True),
                                            (bob_frames[shared_from["Bob"]:], hands["Bob"], hands["Ann"], False)):
            assert len(frames) > 5
            secret = mine - theirs
            assert secret, "two hands of the same cards prove nothing"
            seen_theirs = set()
            for frame in frames:
                assert "Traceback" not in frame
                cards = {(icon, n) for icon, n in CARD.findall(frame)}
                assert not cards & secret, f"a card of the page's own hand reached it: {cards & secret}"
                seen_theirs |= cards & theirs
            if drawn:  # the frames are read as the page gets them: the other's hand is in them
                assert seen_theirs == theirs
    finally:
        bob.context.close()
