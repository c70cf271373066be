"""Picture Perfect's table without a browser: a whole party played by clicks (you) and bots
(on a hand-turned clock) in which no widget ever holds an envelope you never read nor
changes when the cards hidden from you are dealt again; the memory game (a passed
envelope leaves the page); placing, moving and taking off by clicks, the camera and the
live photo, your known score, hostile values, the log, the settings, the ending."""

from __future__ import annotations

import html
import random
import re

import pytest
import traitlets

from sherlockkit.games.picture import narration, scoring, wishes
from sherlockkit.games.picture.events import Read
from sherlockkit.games.picture.guests import NAMES
from sherlockkit.games.picture.mat import space_named
from sherlockkit.games.picture.photo import CAMERA_HEIGHTS, CAMERA_XS, camera_at, take
from sherlockkit.games.picture.state import ARRANGING, Aim, Pass, Return, holder, mat_of
from widgets.picture_art import photo_svg

from .page import (
    click, leaks, never_read, place_by_clicks, play_for_you, play_out, same_whatever_is_hidden, secret_texts, shown,
    table, visible, widgets_under, wire_text,
)

#: a table's widgets played through: `make test` runs these; `make check` leaves them out
pytestmark = pytest.mark.table

#: every how many of your moves the page is compared with itself once the hidden cards are dealt again
HIDDEN_EVERY = 6


@pytest.fixture(scope="module")
def party():
    """A whole party of three, without notes, you by clicks and two thinking bots, watched
    at every move: ``(table, your moves, the leaks met, the moves where the page changed
    with the hidden cards, how many times that was looked at)``."""
    tab = table(seed=1, players=3, level="forgetful")
    found, changed, looked = [], [], [0]
    assert secret_texts(tab.game, never_read(tab.game)), "some envelope you never read holds a one-of-a-kind card"

    def check(tab):
        if tab.game.view.outcome is not None:  # the end opens every envelope
            return
        found.extend(leaks(tab))
        if len(tab.game.actions) % HIDDEN_EVERY == 0:
            looked[0] += 1
            if not same_whatever_is_hidden(tab):
                changed.append(len(tab.game.actions))

    check(tab)
    mine = play_out(tab, random.Random(1), check=check)
    return tab, mine, found, changed, looked[0]


def test_a_whole_party_by_clicks_never_shows_an_envelope_you_never_read(party):
    tab, mine, found, _, _ = party
    assert mine > 20 and found == []


def test_the_page_is_the_same_whatever_the_envelopes_you_never_read_hold(party):
    _, _, _, changed, looked = party
    assert looked > 5 and changed == []


def test_with_notes_too_the_page_does_not_depend_on_what_you_never_read():
    tab = table(seed=21, players=3, notes=True, level="random")
    rng = random.Random(5)
    while not (tab.game.view.round >= 3 and tab.game.view.phase == ARRANGING):
        if not play_for_you(tab, rng):
            tab.game.clock.advance(5)
    assert leaks(tab) == [] and same_whatever_is_hidden(tab, trials=4)


def test_the_hidden_checks_are_not_blind():
    """A widget showing a wish of an envelope you never read, or anything that changes with
    the hidden cards, is found."""
    tab = table(seed=11)
    secret = secret_texts(tab.game, never_read(tab.game))[0]
    assert leaks(tab) == [] and same_whatever_is_hidden(tab)
    render = tab.render

    def leaky():
        render()
        first = next(e for e in tab.game.state.envelopes if e.guest in never_read(tab.game))
        tab.seats.value += f"<span hidden>{first.cards}</span>"

    tab.render = leaky
    tab.redraw()
    assert not same_whatever_is_hidden(tab, trials=4)
    tab.seats.value = f"<span title=\"{secret}\"></span>"
    assert leaks(tab)


def test_the_end_shows_every_photo_with_its_score_and_the_winners(party):
    tab = party[0]
    outcome = tab.game.view.outcome
    assert shown(tab.ending) and "Play again" in tab.play_again_button.description
    assert re.search(r"\b(wins?|share the win)\.", tab.verdict.value), tab.verdict.value
    finals = re.findall(r"<div class='sk-final[^']*' data-seat='(\d)'>.*?data-score='(-?\d+)'", tab.photos.value)
    assert [(int(s), int(p)) for s, p in finals] == list(enumerate(outcome.scores))
    assert tab.photos.value.count("<svg") == 3
    for seat in outcome.winners:
        assert f"sk-final sk-winner' data-seat='{seat}'" in tab.photos.value
    assert not shown(tab.play_area)
    tab.play_again_button.click()
    assert tab.game.view.outcome is None and not shown(tab.ending) and shown(tab.play_area) and leaks(tab) == []


# --- the memory game ------------------------------------------------------------------------------------------

def _first_give_away(notes: bool):
    """A table on which you have just passed or put back an envelope (through its button)."""
    for seed in range(1, 60):
        tab = table(seed=seed, players=2, notes=notes, level="random")
        gives = [b for b in visible(tab.exchange_buttons) if type(b.moves[0]) in (Pass, Return)]
        if gives:
            guest = gives[0].moves[0].guest
            gives[0].click()
            tab.game.clock.advance(5)
            tab.game.clock.advance(5)
            if holder(tab.game.state, guest) != 0:
                return tab, guest
    raise AssertionError("no deal lets you give an envelope away first")


def test_without_notes_an_envelope_you_passed_on_leaves_the_page():
    tab, guest = _first_give_away(notes=False)
    assert f"<h4>{guest}" not in tab.envelopes.value
    state = tab.game.state
    kept = {c.text for e in state.envelopes if holder(state, e.guest) == 0 for c in e.cards}
    gone = [c.text.rstrip(".") for c in state.envelopes[NAMES.index(guest)].cards if c.text not in kept]
    text = wire_text(tab).replace("&#x27;", "'")
    assert gone and not [t for t in gone if t in text], "its wishes are nowhere on the page, the log included"
    assert any(isinstance(e, Read) and e.guest == guest for e in tab.game.view.events), "you did read it"


def test_with_notes_an_envelope_you_passed_on_stays_marked_read_earlier():
    tab, guest = _first_give_away(notes=True)
    card = re.search(rf"<div class='sk-envelope sk-earlier'><h4>{re.escape(guest)}.*?</div>", tab.envelopes.value)
    assert card and "read earlier" in card.group(0)
    for wish in tab.game.state.envelopes[NAMES.index(guest)].cards:
        assert wish.text.replace("'", "&#x27;") in card.group(0)


# --- arranging by clicks ----------------------------------------------------------------------------------------

def to_arranging(tab, rng=None) -> None:
    """Play the exchange (your turns by clicks, the bots on the clock) until you arrange."""
    rng = rng or random.Random(0)
    for _ in range(200):
        if tab.game.view.phase == ARRANGING and shown(tab.ready_button):
            return
        exchange = visible(tab.exchange_buttons)
        if exchange:
            rng.choice(exchange).click()
        else:
            tab.game.clock.advance(5)
    raise AssertionError("never came to arranging")


def test_place_move_and_unplace_by_clicks():
    tab = table(seed=3, players=2, level="random")
    to_arranging(tab)
    assert all(b.disabled for b in tab.space_buttons.values()), "no guest picked: no space leads anywhere"
    place_by_clicks(tab, "Tom", "2B")
    assert mat_of(tab.game.state, 0) == {"Tom": space_named("2B")}
    assert tab.space_buttons[space_named("2B")].description == "2B Tom"
    assert tab.guest_buttons["Tom"].description == "Tom · 2B" and "sk-placed" in tab.guest_buttons["Tom"]._dom_classes
    tab.space_buttons[space_named("2B")].click()  # pick Tom up from the mat...
    assert tab.arranging.picked == "Tom" and shown(tab.unplace_button)
    assert tab.space_buttons[space_named("2B")].disabled  # ...his own space leads nowhere...
    tab.space_buttons[space_named("3A")].click()  # ...and move him
    assert mat_of(tab.game.state, 0) == {"Tom": space_named("3A")} and tab.arranging.picked is None
    tab.guest_buttons["Polly"].click()
    assert tab.space_buttons[space_named("3A")].disabled  # taken by Tom: not on offer to Polly
    tab.space_buttons[space_named("3A")].click()  # a page clicking it all the same: the engine's refusal
    assert tab.game.message == "3A is taken by Tom: move or unplace them first."
    assert "Polly" not in mat_of(tab.game.state, 0)
    tab.guest_buttons["Polly"].click()  # put Polly down
    tab.space_buttons[space_named("3A")].click()
    tab.unplace_button.click()
    assert mat_of(tab.game.state, 0) == {}
    tab.space_buttons[space_named("4D")].click()  # nothing picked, nobody there: a sentence
    assert "Pick a guest first" in tab.game.message


def test_the_camera_pad_moves_the_camera_and_the_photo_is_the_scored_one():
    tab = table(seed=4, players=2, level="random")
    to_arranging(tab)
    for guest, space in (("Lady Arabella", "2B"), ("Tom", "1A"), ("Biscuit", "1D"), ("Mr Wren", "3C")):
        place_by_clicks(tab, guest, space)
    placements = mat_of(tab.game.state, 0)
    seen = set()
    tab.height_buttons[4].click()  # one click moves it up or down
    assert tab.game.state.cameras[0] == (0, 4)
    tab.across_buttons[CAMERA_XS[0]].click()  # a place across, then a height
    assert tab.game.state.cameras[0] == (0, 4) and tab.arranging.aim_x == CAMERA_XS[0]
    tab.height_buttons[4].click()
    assert tab.game.state.cameras[0] == (CAMERA_XS[0], 4)
    for x, height in ((0, 10), (CAMERA_XS[0], CAMERA_HEIGHTS[-1]), (5, CAMERA_HEIGHTS[0])):
        click(tab, Aim(0, x, height))
        assert tab.game.state.cameras[0] == (x, height)
        assert tab.photo.value == photo_svg(take(placements, camera_at(x, height)))
        assert "info" == tab.across_buttons[x].button_style == tab.height_buttons[height].button_style
        seen.add(tab.photo.value)
    assert len(seen) == 3, "each camera gives another photo"


def test_your_guests_wishes_as_far_as_you_know_and_your_known_score():
    tab = table(seed=6, players=2, level="random")
    to_arranging(tab)
    view = tab.game.view
    known = {g: (cards, vip) for g, cards, vip in view.envelopes}
    unknown = next(g for g in NAMES if g not in known)
    free = iter(["2A", "2B", "2C", "3B", "3C", "4A"])
    for guest in list(known)[:2] + [unknown]:
        place_by_clicks(tab, guest, next(free))
    placements = mat_of(tab.game.state, 0)
    photo = take(placements, camera_at(*tab.game.state.cameras[0]))
    expected = 0
    for guest, (cards, vip) in known.items():
        if guest not in placements:
            continue
        met = [wishes.met(c, guest, placements, photo) for c in cards]
        line = re.search(rf"<li><b>{re.escape(guest)}</b>.*?</li>", tab.guests_box.value).group(0)
        assert line.count("sk-met'") == sum(met) and line.count("sk-unmet'") == 3 - sum(met)
        if photo.shots[guest].in_frame:
            expected += scoring.points(sum(met), vip)
    line = re.search(rf"<li>{re.escape(unknown)} on .*?</li>", tab.guests_box.value).group(0)
    assert line.count("sk-unknown'") == 3 or "out of the frame" in line
    assert f"data-known-score='{expected}'" in tab.guests_box.value


def test_hostile_values_get_a_sentence_and_change_nothing():
    tab = table(seed=8, players=2, level="random")
    session = tab.game
    to_arranging(tab)
    state, actions = session.state, list(session.actions)
    # values of the wrong kind to the settings
    for widget in (tab.players_slider, tab.level_menu, tab.notes_box):
        session.message = ""
        kept = widget.value
        name = "value" if "value" in widget.keys else "index"  # a menu's state is its index
        widget.set_state({name: {"not": "a number"}})
        assert widget.value == kept and "a value it does not take; nothing changed" in session.message
    # buttons the page shows disabled, clicked all the same: the camera where it stands, a
    # space while no guest is picked, the exchange's (hidden)
    for button in (tab.height_buttons[state.cameras[0][1]], tab.space_buttons[space_named("2A")],
                   tab.exchange_buttons[0] if tab.exchange_buttons else tab.space_buttons[space_named("4D")]):
        assert button.disabled
        session.message = ""
        button.click()
        assert session.message and session.state is state and session.actions == actions


def test_the_log_is_narrations_oldest_first_in_a_box_that_keeps_the_newest_in_view():
    """The lines read top to bottom, the newest last; the box around them flows bottom to
    top, so the page starts and stays scrolled on the newest (the browser test checks the
    page: ``newest_line_in_view``)."""
    tab = table(seed=2, players=3, notes=True, level="random")
    to_arranging(tab)
    lines = narration.log(tab.game.view, last=80)
    assert [p.value for p in tab.log_box.children] == [f"<div>{html.escape(s)}</div>" for s in lines]
    assert any(" read " in line for line in lines)  # with notes, what you read stays in the log
    assert tab.log_box.layout.flex_flow == "column"
    assert tab.log_view.children == (tab.log_box,) and tab.log_view.layout.flex_flow == "column-reverse"


# --- the settings ----------------------------------------------------------------------------------------------

def test_a_level_not_offered_is_refused_and_the_party_is_as_it_was():
    tab = table(seed=12, players=2)
    before = (tab.game.seed, tab.game.state, tab.game.level)
    tab.level_menu.options = [*tab.level_menu.options, "godlike"]
    tab.level_menu.value = "godlike"
    tab.new_button.click()
    assert "godlike" in tab.game.message
    assert (tab.game.seed, tab.game.state, tab.game.level) == before


def test_new_game_takes_the_settings():
    tab = table(seed=12, players=2)
    tab.players_slider.value = 5
    tab.notes_box.value = True
    tab.level_menu.value = "random"
    tab.seed.value = "77"
    tab.new_button.click()
    assert tab.game.options == {"players": 5, "notes": True, "sherlock": False, "irene": False}
    assert tab.game.level == "random" and tab.game.seed == 77
    assert "5 players" in tab.header.value and "seed 77" in tab.header.value


def test_the_title_reaches_the_page_after_the_rest_of_the_table():
    """A render's changes go to the page in the order they are made: the title last, so that
    a new party's title (or a new round's) never shows over the last one's mat and buttons
    (a player, or a test, taking the new title as the sign of a new table would act on the
    old one)."""
    tab = table(seed=4, players=2, level="random")
    changes, titled = [], []
    for widget in widgets_under(tab):
        widget.observe(lambda change, w=widget: changes.append(w), names=traitlets.All)

    render = tab.render

    def drawing():  # the table's drawing (the frame's bars follow it: the ending comes last)
        changes.clear()
        render()
        if tab.header in changes:  # a new party or round: the title changed with the rest
            titled.append(changes[-1] is tab.header)

    tab.render = drawing
    tab.new_button.click()  # a new party, from the settings
    play_out(tab, random.Random(4))
    # the new party's title, every round's and the ending's
    assert len(titled) >= 7 and all(titled), [k for k, last in enumerate(titled) if not last]

