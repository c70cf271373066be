"""Beyond Baker Street with a friend, in the real app, in two headless Chromium contexts (two
people on two machines): Ann, on a desktop, opens a table from the game's page; Bob, on a
phone, joins it by its code; Ann starts; each plays by clicking their own table -- the
person whose turn it is gives up a Lead (Pursue) -- until the case is lost, and both
pages show the ending. On the way Bob's page closes and a new one comes back to his seat
by the seat's own link. Each page calls its own seat "You" and shows the other's cards
face up, its own as backs; neither page's frames name a card of that page's own hand
(each read off the other page: a Pursue plays no card, so the hands stay as dealt). Nothing sticks out at
either size. The test waits on what the pages show, never on time."""

from __future__ import annotations

import re

import pytest

from tests.layout import DESKTOP, PHONE, layout_problems
from tests.seen import record_frames

pytestmark = pytest.mark.browser

TABLE = ".sk-friends .sk-bakerstreet"
PATIENCE = 60_000
#: a card as a table names it: an icon and a number ("Track 4")
CARD = re.compile(r"\b(Clue|Document|Track|Witness) ([1-6])(?![0-9])")


def open_page(browser, app_url: str, size: dict, name: str):
    """A page of the game, its "Play with friends" panel unfolded and your name typed."""
    context = browser.new_context(viewport=size)
    page = context.new_page()
    frames = record_frames(page)
    page.goto(app_url + "voila/render/bakerstreet.ipynb")
    page.wait_for_selector(".sk-bakerstreet .sk-slot", timeout=PATIENCE)
    page.get_by_text("Play with friends").first.click()
    page.locator(".sk-friends-name input").fill(name)
    return page, frames


def my_turn_or_end(page) -> bool:
    """Wait until the shared table waits for this page (True) or the case is over (False)."""
    page.wait_for_function(
        "t => { const p = document.querySelector(t + ' .sk-prompt'), e = document.querySelector(t + ' .sk-ending');"
        " return (p && p.innerText.includes('Your turn')) || (e && e.offsetParent !== null); }",
        arg=TABLE, timeout=PATIENCE)
    return not page.locator(f"{TABLE} .sk-ending").is_visible()


def click_a_pursue(page, tries: int = 3) -> bool:
    """Click an enabled Pursue: ``True``; ``False`` if the case ended meanwhile (the frame
    that ends it may arrive between the look and the click). A redraw may replace the
    button under the pointer (a frame of the other seat arriving): then look again, a few
    times at most."""
    for attempt in range(tries):
        try:
            page.locator(f"{TABLE} [class*='sk-pursue-']:visible:enabled").first.click(timeout=10_000)
            return True
        except Exception:
            if page.locator(f"{TABLE} .sk-ending").is_visible():
                return False
            if attempt == tries - 1:
                raise
    return False


def test_two_people_play_a_case_at_one_table_from_two_pages(app_url, browser):
    ann, ann_frames = open_page(browser, app_url, DESKTOP, "Ann")
    bob, bob_frames = open_page(browser, app_url, PHONE, "Bob")
    try:
        ann.locator(".sk-friends-open").click()
        ann.wait_for_selector(".sk-friends-code", timeout=PATIENCE)
        code = ann.locator(".sk-friends-code").inner_text().strip()
        assert re.fullmatch(r"[A-Z2-9]{5}", code), code
        bob.locator(".sk-friends-code-box input").fill(code.lower())
        bob.locator(".sk-friends-join").click()
        ann.wait_for_function("() => document.querySelector('.sk-friends-seats').innerText.includes('Bob')",
                              timeout=PATIENCE)
        bob.wait_for_function(f"() => document.querySelector('.sk-friends-where').innerText.includes('{code}')",
                              timeout=PATIENCE)
        assert not bob.locator(".sk-friends-start").is_visible(), "only the host starts"
        ann.locator(".sk-friends-start").click()
        # the frames from here on (before, the page's own game against bots had dealt other cards)
        shared_from = {"Ann": len(ann_frames), "Bob": len(bob_frames)}
        for page in (ann, bob):
            page.wait_for_selector(f"{TABLE} .sk-prompt", timeout=PATIENCE)
            assert page.evaluate("() => [...document.querySelectorAll('.sk-bakerstreet')]"
                                 ".filter(t => !t.closest('.sk-friends') && t.offsetParent !== null).length") == 0, \
                "the table against bots is put away"
        # each page calls its own seat "You" and the other by name; its own cards are backs
        assert ann.locator(f"{TABLE} .sk-seat-0 .sk-who").inner_text() == "You"
        assert ann.locator(f"{TABLE} .sk-seat-1 .sk-who").inner_text() == "Bob"
        assert bob.locator(f"{TABLE} .sk-seat-1 .sk-who").inner_text() == "You"
        assert bob.locator(f"{TABLE} .sk-seat-0 .sk-who").inner_text() == "Ann"
        assert CARD.search(ann.locator(f"{TABLE} .sk-seat-1").inner_text())  # Bob's cards, face up for Ann
        assert not CARD.search(bob.locator(f"{TABLE} .sk-seat-1").inner_text())  # and backs for Bob
        for page, size in ((ann, DESKTOP), (bob, PHONE)):
            assert layout_problems(page) == [], size
        # each hand as the other page shows it (a Pursue plays no card: the hands stay as dealt)
        hands = {"Ann": set(CARD.findall(bob.locator(f"{TABLE} .sk-seat-0").inner_text())),
                 "Bob": set(CARD.findall(ann.locator(f"{TABLE} .sk-seat-1").inner_text()))}
        assert all(len(hand) >= 4 for hand in hands.values()), hands
        # Bob's page closes; a new one comes by his seat's own link, and sits at his seat again
        link = bob.locator(".sk-friends-seat-link").get_attribute("href")
        assert link.startswith("?seat=")
        bob.close()
        back = bob.context.new_page()
        back_frames = record_frames(back)
        back.goto(app_url + "voila/render/bakerstreet.ipynb" + link)
        back.wait_for_selector(f"{TABLE} .sk-seat-1 .sk-who", timeout=PATIENCE)
        assert back.locator(f"{TABLE} .sk-seat-1 .sk-who").inner_text() == "You"
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
                arg=TABLE, timeout=PATIENCE)
            if mover.locator(f"{TABLE} .sk-ending").is_visible():
                break
            log = mover.locator(f"{TABLE} .sk-log").inner_text()
            if not click_a_pursue(mover):
                break
            mover.wait_for_function(
                "([t, log]) => document.querySelector(t + ' .sk-log').innerText !== log", arg=[TABLE, log],
                timeout=PATIENCE)
            moves += 1
            assert moves < 40, "the case did not end"
        for page in (ann, bob):
            page.wait_for_selector(f"{TABLE} .sk-ending", state="visible", timeout=PATIENCE)
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
                named = {(icon, n) for icon, n in CARD.findall(frame)}
                assert not named & secret, f"a card of the page's own hand reached it: {named & secret}"
                seen_theirs |= named & theirs
            if drawn:  # the frames are read as the page gets them: the other's hand is in them
                assert seen_theirs == theirs
    finally:
        ann.context.close()
        bob.context.close()
