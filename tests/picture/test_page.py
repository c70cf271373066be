"""Picture Perfect's table without a browser: whole parties played through its buttons,
envelopes you never read never in any widget's state, the memory game (a passed envelope
leaves the page), placing, moving and unplacing by clicks, the camera's sliders and the
live photo, your known score, hostile values, the ending."""

from __future__ import annotations

import random
import re

import pytest
import traitlets

from sherlockkit.games.picture import rules, scoring, wishes
from sherlockkit.games.picture.mat import space_named
from sherlockkit.games.picture.photo import CAMERA_HEIGHTS, CAMERA_XS, camera_at, take
from sherlockkit.games.picture.guests import NAMES
from sherlockkit.games.picture.state import ARRANGING, Pass, Read, Ready, Return, Take, Vip, holder, mat_of
from widgets.picture_art import photo_svg

from .page import (
    game, leaks, never_read, place_by_clicks, play_for_you, play_out, secret_texts, shown, table, visible, widgets_under,
    wire_text,
)
from widgets.picture import PictureTable


def no_leak(tab) -> None:
    if tab.game.view.outcome is not None:  # the end opens every envelope
        return
    assert leaks(tab) == [], leaks(tab)


def to_arranging(tab, rng=None) -> None:
    """Play the exchange (your turns by clicks, the bots on the clock) until you arrange."""
    rng = rng or random.Random(0)
    for _ in range(200):
        view = tab.game.view
        if view.phase == ARRANGING and shown(tab.ready_button):
            return
        exchange = visible(tab.exchange_buttons)
        if exchange:
            rng.choice(exchange).click()
        else:
            tab.game.clock.advance(5)
    raise AssertionError("never came to arranging")


@pytest.mark.parametrize("seed,players,notes,level", [(1, 2, False, "random"), (2, 3, True, "random"),
                                                      pytest.param(3, 6, False, "random", marks=pytest.mark.slow),
                                                      (4, 4, False, "forgetful"),
                                                      pytest.param(5, 5, True, "random", marks=pytest.mark.slow)])
def test_whole_parties_through_the_buttons_never_show_an_envelope_you_never_read(seed, players, notes, level):
    tab = table(seed=seed, players=players, notes=notes, level=level)
    assert secret_texts(tab.game, never_read(tab.game)), "some envelope you never read holds a one-of-a-kind card"
    no_leak(tab)
    mine = play_out(tab, random.Random(seed), check=no_leak)
    assert mine > 0
    outcome = tab.game.view.outcome
    assert shown(tab.ending) and "Play again" in tab.play_again_button.description
    assert re.search(r"\b(wins?|share the win)\.", tab.verdict.value), tab.verdict.value
    # every player's photo side by side, with its score and its guests' wishes revealed
    finals = re.findall(r"<div class='sk-final[^']*' data-seat='(\d)'>.*?data-score='(-?\d+)'", tab.photos.value)
    assert [(int(s), int(p)) for s, p in finals] == list(enumerate(outcome.scores))
    assert tab.photos.value.count("<svg") == players
    for seat in outcome.winners:
        assert f"sk-final sk-winner' data-seat='{seat}'" in tab.photos.value
    assert not shown(tab.play_area)
    tab.play_again_button.click()
    assert tab.game.view.outcome is None and not shown(tab.ending) and shown(tab.play_area)
    no_leak(tab)


def test_a_keen_party_plays_to_its_end():
    tab = table(seed=9, players=3, level="keen")
    play_out(tab, random.Random(9), check=no_leak)
    assert tab.game.view.outcome is not None


def test_the_leak_finder_finds_a_wish_of_an_envelope_never_read():
    tab = table(seed=11)
    secret = secret_texts(tab.game, never_read(tab.game))[0]
    assert leaks(tab) == []
    tab.seats.value = f"<span title=\"{secret}\"></span>"
    assert leaks(tab)


@pytest.mark.parametrize("notes", [False, True])
def test_the_page_is_the_same_whatever_the_envelopes_you_never_read_hold(notes):
    """Dealing again every card you have not seen (what you cannot know) changes no widget."""
    session = game(seed=21, players=3, notes=notes)
    tab = PictureTable(session)
    rng = random.Random(5)
    for _ in range(200):
        if session.view.round >= 3 and session.view.phase == ARRANGING:
            break
        if not play_for_you(tab, rng):
            session.clock.advance(5)
    assert session.view.outcome is None
    before = wire_text(tab)
    for trial in range(5):
        session.state = rules.shuffle_hidden(session.state, 0, random.Random(trial))
        session.notify()
        assert wire_text(tab) == before


def _first_give_away(notes: bool):
    """A table on which you have just passed or put back an envelope (through its button)."""
    for seed in range(1, 60):
        tab = table(seed=seed, players=2, notes=notes)
        gives = [b for b, a in zip(tab.exchange_buttons, tab._exchange_moves) if isinstance(a, (Pass, Return))]
        if gives and shown(gives[0]):
            guest = tab._exchange_moves[tab.exchange_buttons.index(gives[0])].guest
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
    assert f"<h4>{guest}" in tab.envelopes.value
    card = re.search(rf"<div class='sk-envelope sk-earlier'><h4>{re.escape(guest)}.*?</div>", tab.envelopes.value)
    assert card and "read earlier" in card.group(0)
    for wish in tab.game.state.envelopes[NAMES.index(guest)].cards:
        assert wish.text.replace("'", "&#x27;") in card.group(0)


def test_place_move_and_unplace_by_clicks():
    tab = table(seed=3, players=2)
    to_arranging(tab)
    place_by_clicks(tab, "Tom", "2B")
    assert mat_of(tab.game.state, 0) == {"Tom": space_named("2B")}
    assert tab.space_buttons[space_named("2B")].description == "2B Tom"
    assert tab.guest_buttons["Tom"].description == "Tom · 2B" and "sk-placed" in tab.guest_buttons["Tom"]._dom_classes
    tab.space_buttons[space_named("2B")].click()  # pick Tom up from the mat...
    assert tab.picked == "Tom" and shown(tab.unplace_button)
    tab.space_buttons[space_named("3A")].click()  # ...and move him
    assert mat_of(tab.game.state, 0) == {"Tom": space_named("3A")}
    place_by_clicks(tab, "Polly", "3A")  # taken: the engine's sentence, nothing moves
    assert "3A is taken by Tom" in tab.game.message and "Polly" not in mat_of(tab.game.state, 0)
    tab.space_buttons[space_named("3A")].click()
    assert tab.picked == "Polly"  # still in your hand after the refusal: clicking Tom's space tries again
    tab.guest_buttons["Polly"].click()  # put Polly down
    tab.space_buttons[space_named("3A")].click()
    tab.unplace_button.click()
    assert mat_of(tab.game.state, 0) == {}
    tab.space_buttons[space_named("4D")].click()  # nothing picked, nobody there: a sentence
    assert "Pick a guest first" in tab.game.message


def test_the_camera_sliders_move_the_camera_and_the_photo_is_the_scored_one():
    tab = table(seed=4, players=2)
    to_arranging(tab)
    for guest, space in (("Lady Arabella", "2B"), ("Tom", "1A"), ("Biscuit", "1D"), ("Mr Wren", "3C")):
        place_by_clicks(tab, guest, space)
    placements = mat_of(tab.game.state, 0)
    seen = set()
    for x, height in ((0, 10), (CAMERA_XS[0], 10), (CAMERA_XS[0], CAMERA_HEIGHTS[-1]), (5, CAMERA_HEIGHTS[0])):
        if (tab.across.value, tab.height.value) != (x, height):
            tab.across.value = x
            tab.height.value = height
        assert tab.game.state.cameras[0] == (x, height)
        assert tab.photo.value == photo_svg(take(placements, camera_at(x, height)))
        seen.add(tab.photo.value)
    assert len(seen) == 4, "each camera gives another photo"


def test_your_guests_wishes_as_far_as_you_know_and_your_known_score():
    tab = table(seed=6, players=2)
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
    tab = table(seed=8, players=2)
    session = tab.game
    # the camera outside its range (the page can change a slider's bounds)
    to_arranging(tab)
    state, actions = session.state, list(session.actions)
    tab.across.max = 1000
    tab.across.value = 500
    assert "The camera stands from" in session.message
    assert session.state is state and session.actions == actions and tab.across.value == state.cameras[0][0]
    # values of the wrong kind to the sliders and the settings
    for widget in (tab.across, tab.height, tab.players_slider, tab.level_menu, tab.notes_box):
        session.message = ""
        kept = widget.value
        name = "value" if "value" in widget.keys else "index"  # a menu's state is its index
        widget.set_state({name: {"not": "a number"}})
        assert widget.value == kept and "a value it does not take; nothing changed" in session.message
    assert session.state is state
    # a click on a space with a guest picked who may not go there (the exchange is on)
    tab.ready_button.click()
    while session.view.phase == ARRANGING and session.view.outcome is None:
        session.clock.advance(5)
    state = session.state
    tab.space_buttons[space_named("2A")].click()
    assert session.state is state


def test_the_log_is_narrations_newest_on_top():
    tab = table(seed=2, players=3, notes=True)
    to_arranging(tab)
    from sherlockkit.games.picture import narration

    lines = narration.log(tab.game.view.events, 0)
    assert [p.value for p in tab.log_box.children] == [f"<div>{__import__('html').escape(s)}</div>" for s in lines]
    assert tab.log_box.layout.flex_flow == "column-reverse"


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
    assert tab.game.options == {"players": 5, "notes": True, "sherlock": False, "irene": False} and tab.game.level == "random" and tab.game.seed == 77
    assert "5 players" in tab.header.value and "seed 77" in tab.header.value


def test_the_buttons_offer_exactly_the_engines_moves():
    """At every step of a party, the exchange buttons shown are the engine's allowed
    exchange moves for you, the VIP buttons its VIP moves, Ready shows when Ready is allowed."""
    tab = table(seed=14, players=4, level="random")

    def same(tab):
        if tab.game.view.outcome is not None:
            return
        allowed = rules.legal_actions(tab.game.state, 0)
        shown_moves = [a for a, b in zip(tab._exchange_moves, tab.exchange_buttons) if shown(b)]
        assert shown_moves == [a for a in allowed if isinstance(a, (Pass, Return, Take))]
        assert [a for a, b in zip(tab._vip_moves, tab.vip_buttons) if shown(b)] == \
            [a for a in allowed if isinstance(a, Vip)]
        assert shown(tab.ready_button) == (Ready(0) in allowed)

    same(tab)
    play_out(tab, random.Random(14), check=same)


def test_the_title_reaches_the_page_after_the_rest_of_the_table():
    """A render's changes go to the page in the order they are made: the title last, so that
    a new party's title (or a new round's) never shows over the last one's mat and buttons
    (a player, or a test, taking the new title as the sign of a new table would act on the
    old one)."""
    tab = table(seed=4, players=3, level="random")
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
