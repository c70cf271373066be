"""The variant "detectives as guests" (issue 14), a way to play the base game: Watson,
Holmes and Irène come as plain guests with envelopes; three of the seventeen guests are
drawn to stay in the box with every card naming them; the fourteen left play as usual,
the three detectives scored by their own wishes (no investigators' 12, no Irène's VIP rules)."""

from __future__ import annotations

import hashlib
import random
from collections import Counter
from dataclasses import replace

import pytest

from sherlockkit import engine
from sherlockkit.engine import IllegalAction
from sherlockkit.games.picture.narration import sentences
from sherlockkit.games.picture import phases, rules, scoring, wishes
from sherlockkit.games.picture.cards import (
    DETECTIVE_PREFERENCES, HIDE, INVESTIGATOR_POINTS, IRENE_POINTS, LAST, LEFT, CENTRE, BACK, FRONT, NEXT_TO,
    NO_MAN, NO_WOMAN, PREFERENCES, RIGHT, ROW, Wish, detectives_deck, fits,
)
from sherlockkit.games.picture.figures import EXPANSION_NAMES
from sherlockkit.games.picture.guests import DETECTIVE_NAMES, EVERY_NAME, NAMES, any_guest_named, party
from sherlockkit.games.picture.mat import space_named
from sherlockkit.games.picture.narration import detail
from sherlockkit.games.picture.events import Dealt, PhotoTaken, Read
from sherlockkit.games.picture.state import ARRANGING, Envelope, Pass, Place, Return, Take, Unplace, Vip, held, with_mat
from tests.random_play import random_game

DETECTIVES = "detectives as guests"
SEEDS = range(40)


def party_of(seed: int, players: int = 3, **options):
    return rules.new(seed, players=players, variant=DETECTIVES, **options)


def removed(state) -> tuple[str, ...]:
    return state.events[0].removed


# --- the fourteen guests and the three in the box ------------------------------------------------------

def test_the_detectives_are_the_expansion_s_figures():
    assert DETECTIVE_NAMES == EXPANSION_NAMES
    assert EVERY_NAME == NAMES + DETECTIVE_NAMES and len(set(EVERY_NAME)) == 17


def test_a_party_has_fourteen_guests_and_three_of_seventeen_in_the_box():
    for seed in SEEDS:
        state = party_of(seed)
        assert len(state.guests) == 14 == len(set(state.guests))
        assert len(removed(state)) == 3
        assert set(state.guests) | set(removed(state)) == set(EVERY_NAME)
        assert not set(state.guests) & set(removed(state))
        assert state.guests == tuple(g for g in EVERY_NAME if g in state.guests)  # the fixed order
        assert tuple(e.guest for e in state.envelopes) == state.guests == party(state)
        assert len(state.holders) == 14
        assert state.variant == DETECTIVES and not state.sherlock and not state.irene


def test_the_three_removed_differ_across_seeds_and_each_detective_is_sometimes_there():
    drawn = [removed(party_of(seed)) for seed in SEEDS]
    assert len(set(drawn)) > 20
    for detective in DETECTIVE_NAMES:
        present = sum(detective not in out for out in drawn)
        assert 0 < present < len(SEEDS), detective
    # the same seed, the same three, whatever the players
    assert all(removed(party_of(seed, players)) == removed(party_of(seed)) for seed in range(5) for players in (2, 6))


def test_the_removed_guests_are_public():
    state = party_of(3)
    out = removed(state)
    for player in range(3):
        view = rules.view(state, player)
        assert view.guests == state.guests and view.events[0].removed == out
        first = sentences(view.events, view.player)[0]
        assert all(name in first for name in out) and "box" in first
    assert all(name in sentences(state.events)[0] for name in out)


def test_other_parties_keep_our_fourteen():
    for options in ({}, {"sherlock": True}, {"irene": True}):
        state = rules.new(2, players=3, **options)
        assert state.guests == () and party(state) == NAMES and removed(state) == ()
        assert rules.view(state, 0).guests == ()


# --- the cards -------------------------------------------------------------------------------------------------

def _all_cards(state):
    return [c for e in state.envelopes for c in e.cards] + list(state.deck)


def test_no_card_names_a_guest_in_the_box():
    for seed in SEEDS:
        state = party_of(seed)
        out = set(removed(state))
        assert not [c for c in _all_cards(state) if c.guest in out]
        assert Counter(_all_cards(state)) == Counter(detectives_deck(state.guests))
        assert all(fits(e.guest, e.cards) and len(e.cards) == 3 for e in state.envelopes)


def test_the_detectives_cards_are_there_when_their_guest_is():
    assert set(DETECTIVE_PREFERENCES) == {Wish(k, guest=d) for d in DETECTIVE_NAMES for k in (NEXT_TO, HIDE)}
    assert not set(DETECTIVE_PREFERENCES) & set(PREFERENCES)  # only in this variant's deck
    for seed in SEEDS:
        state = party_of(seed)
        cards = set(_all_cards(state))
        for detective in DETECTIVE_NAMES:
            theirs = {Wish(NEXT_TO, guest=detective), Wish(HIDE, guest=detective)}
            assert (theirs <= cards) == (detective in state.guests), (seed, detective)
            assert not theirs & cards or detective in state.guests


def test_how_many_cards_name_each_of_the_seventeen():
    """A deliberate difference from the printed deck (which names Holmes on three cards,
    Watson, Irène and three base guests on two, everyone else on one): ours names every
    guest who shows a face on two cards ("next to", "hide the face"), the detectives
    included, and the four who show none on one ("next to")."""
    named = Counter(c.guest for c in detectives_deck(EVERY_NAME) if c.guest is not None)
    faceless = {"Miss Ashby", "Captain Thorne", "Madame Roche", "the Aspidistra"}
    assert named == {g: 1 if g in faceless else 2 for g in EVERY_NAME}
    assert (named["Holmes"], named["Watson"], named["Irène"]) == (2, 2, 2)
    assert len(detectives_deck(EVERY_NAME)) == len(PREFERENCES) + 6 == 64


# --- the options ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("options", [{"sherlock": True}, {"irene": True}, {"sherlock": True, "irene": True}])
def test_the_variant_is_refused_with_the_expansion_or_irene(options):
    with pytest.raises(ValueError, match=r"cannot be guests and investigators at once.*\.$"):
        party_of(1, **options)


# --- a guest in the box takes no part -------------------------------------------------------------------

def test_a_removed_guest_cannot_be_taken_passed_put_back_placed_or_vip():
    state = party_of(3)  # Mrs Pike, Captain Thorne and Mr Wren stay in the box
    gone = removed(state)[0]
    for action in (Take(0, gone), Pass(0, gone), Return(0, gone), Place(0, gone, "2B"), Unplace(0, gone),
                   Vip(0, gone)):
        for table in (state, replace(state, phase=ARRANGING, turns=())):
            said = rules.refusal(table, action)
            assert said and said.endswith(".") and gone in said, (action, said)
            with pytest.raises(IllegalAction):
                rules.play(table, action)
    arranging = replace(state, phase=ARRANGING, turns=())
    assert "back to the box" in rules.refusal(arranging, Place(0, gone, "2B"))
    named = {getattr(a, "guest", None) for table in (arranging, state) for a in rules.legal_actions(table)}
    assert not named & set(gone for gone in removed(state))
    placeable = {a.guest for a in rules.legal_actions(arranging, 0) if isinstance(a, Place)}
    assert {"Watson", "Holmes", "Irène"} <= placeable


def test_a_name_of_nobody_is_refused_as_before():
    state = replace(party_of(3), phase=ARRANGING, turns=())
    assert "no guest called" in rules.refusal(state, Place(0, "Moriarty", "2B"))


# --- placed and scored as guests ------------------------------------------------------------------------------

RIGGED = {  # seed 3: the Colonel and all three detectives are at the party
    "Watson": ((Wish(LEFT), Wish(FRONT), Wish(NEXT_TO, guest="Irène")), False, "2A"),  # 3 met: 6
    "Irène": ((Wish(ROW, row=2), Wish(NO_MAN), Wish(RIGHT)), False, "2B"),  # Watson a man beside: 1 met: 1
    "Holmes": ((Wish(NO_WOMAN), Wish(BACK), Wish(CENTRE)), True, "3B"),  # Irène beside: 2 met, VIP: 6
    "Biscuit": ((Wish(ROW, row=4), Wish(LEFT), Wish(LAST)), True, "2C"),  # VIP beside Irène, none met: -6
}


def _rigged(seed: int = 3):
    state = party_of(seed)
    assert {"Watson", "Holmes", "Irène", "Biscuit", "the Colonel"} <= set(state.guests)
    envelopes = tuple(Envelope(e.guest, *RIGGED[e.guest][:2]) if e.guest in RIGGED else e for e in state.envelopes)
    mat = with_mat({g: space_named(where) for g, (_, _, where) in RIGGED.items()})
    return replace(state, envelopes=envelopes, mats=(mat,) * state.players, phase=ARRANGING, turns=())


def test_the_detectives_are_placed_and_scored_by_their_wishes():
    state = phases.photos_taken(_rigged())
    photo = {g.guest: g for g in state.result.photos[0]}
    assert all(g.in_frame for g in photo.values())
    assert [(g, photo[g].met, photo[g].points) for g in ("Watson", "Holmes", "Irène", "Biscuit")] == [
        ("Watson", (True, True, True), 6),
        ("Holmes", (False, True, True), 6),
        ("Irène", (True, False, False), 1),
        ("Biscuit", (False, False, False), -6),
    ]
    assert state.result.scores == (6 + 6 + 1 - 6,) * 3
    assert [g.guest for g in state.result.photos[0]] == [g for g in state.guests if g in RIGGED]  # once each


def test_irene_s_vip_rules_and_the_investigators_points_do_not_apply():
    state = phases.photos_taken(_rigged())
    photo = state.result.photos[0]
    irene = [g for g in photo if g.guest == "Irène"]
    assert len(irene) == 1 and len(irene[0].met) == 3  # her own wishes, not the VIPs beside her
    assert irene[0].points != IRENE_POINTS * 2
    biscuit = next(g for g in photo if g.guest == "Biscuit")
    assert biscuit.vip and biscuit.points == -6  # a VIP beside her still loses its points
    assert all(g.points != INVESTIGATOR_POINTS for g in photo if g.guest in ("Watson", "Holmes"))
    # the same photo with Irène as the option's figure (a base party) would spare the VIP
    placements = dict(state.mats[0])
    by_guest = {e.guest: e for e in state.envelopes}
    base = scoring.score_guest("Biscuit", by_guest["Biscuit"].cards, True, placements,
                               scoring.photo_of(placements, state.cameras[0]))
    assert base.points == 0


def test_the_detectives_faces_can_be_hidden():
    placements = {"the Colonel": space_named("2B")}
    for detective in DETECTIVE_NAMES:
        mat = {**placements, detective: space_named("3B")}
        photo = scoring.photo_of(mat, (0, 10))
        assert wishes.met(Wish(HIDE, guest=detective), "the Colonel", mat, photo)
        mat[detective] = space_named("3D")
        photo = scoring.photo_of(mat, (0, 10))
        assert not wishes.met(Wish(HIDE, guest=detective), "the Colonel", mat, photo)


def test_a_guest_beside_a_detective_counts_watson_and_holmes_as_men_irene_as_a_woman():
    for detective, avoided in (("Watson", NO_MAN), ("Holmes", NO_MAN), ("Irène", NO_WOMAN)):
        mat = {"Biscuit": space_named("2A"), detective: space_named("3A")}
        photo = scoring.photo_of(mat, (0, 10))
        assert not wishes.met(Wish(avoided), "Biscuit", mat, photo)
        other = NO_WOMAN if avoided == NO_MAN else NO_MAN
        assert wishes.met(Wish(other), "Biscuit", mat, photo)


# --- views, hidden cards, replays, random parties -----------------------------------------------------------

def _played(seed: int, players: int):
    return random_game(rules, seed, players=players, variant=DETECTIVES)


def test_views_do_not_change_when_hidden_cards_move():
    rng = random.Random(5)
    moved = 0
    for seed in range(3):
        states, _ = _played(seed, 3)
        for state in states[::7]:
            for player in range(state.players):
                other = rules.shuffle_hidden(state, player, rng)
                moved += other != state
                assert rules.view(other, player) == rules.view(state, player)
                out = set(removed(other))
                assert not [c for c in _all_cards(other) if c.guest in out]
                assert Counter(_all_cards(other)) == Counter(_all_cards(state))
                assert all(fits(e.guest, e.cards) for e in other.envelopes)
    assert moved


def test_a_view_holds_only_the_envelopes_read():
    states, _ = _played(4, 4)
    for state in states[::5]:
        for player in range(state.players):
            view = rules.view(state, player)
            read = {e.guest for e in state.events if isinstance(e, Read) and e.player == player}
            assert {g for g, _, _ in view.envelopes} <= read | ({*state.guests} if state.result else set())


def test_replay_and_save_load_are_exact():
    options = {"players": 3, "variant": DETECTIVES}
    for seed in range(3):
        states, played = _played(seed, 3)
        assert engine.replay(rules, seed, options, played) == states[-1]
        half = len(played) // 2
        record, state = engine.load(rules, engine.save(rules, seed, options, played[:half]))
        assert state == states[half]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_parties_finish(players):
    for seed in range(2):
        states, _ = _played(seed, players)
        end = states[-1]
        assert end.result is not None
        guests = set(end.guests)
        for photo in end.result.photos:
            assert {g.guest for g in photo} <= guests
        for state in states:
            assert all({g for g, _ in mat} <= guests for mat in state.mats)
            assert all(held(state, p) == tuple(g for g in state.guests if g in held(state, p))
                       for p in range(players))


# --- the base game deals as before -----------------------------------------------------------------------------

def _card(c) -> str:
    return f"{c.kind}/{c.row}/{c.guest}"


def _deal_text(state) -> str:
    """A party's deal as plain text: envelopes, holders, the deck, the exchange cards, the case."""
    lines = [f"{e.guest}: {', '.join(map(_card, e.cards))}" for e in state.envelopes]
    lines += [f"holders {state.holders}", f"deck {', '.join(map(_card, state.deck))}",
              f"exchanges {state.exchanges}", f"case {state.culprit} {state.victim} {state.alibis} {state.outside}",
              f"culprit cards {', '.join(map(_card, state.culprit_cards))}"]
    return "\n".join(lines)


_OPTIONS = ({}, {"sherlock": True}, {"sherlock": True, "irene": True}, {"irene": True},
            {"sherlock": True, "variant": "more suspects"})
#: the digest of those deals as the code before this variant dealt them (commit 35b6ff4)
BEFORE = "8697f4a16d15813ece7d988d7e4cc151c71f8c1c0b0511024528e3f6a08628b1"


def test_every_other_party_deals_exactly_as_before_the_variant():
    text = "\n".join(_deal_text(rules.new(seed, players=players, **options))
                     for seed in range(6) for players in (2, 3, 5, 6) for options in _OPTIONS)
    assert hashlib.sha256(text.encode()).hexdigest() == BEFORE
    first = rules.new(0, players=3).events[0]
    assert isinstance(first, Dealt) and first.removed == ()


def test_the_log_tells_the_detectives_scores_as_guests():
    state = phases.photos_taken(_rigged())
    taken = next(e for e in state.events if isinstance(e, PhotoTaken) and e.player == 0)
    assert taken.detectives_as_guests
    told = detail(taken, 0)
    for line in ("Watson on 2A: 3 of 3 wishes met, 6", "Holmes on 3B: 2 of 3 wishes met, doubled as a VIP, 6",
                 "Irène on 2B: 1 of 3 wishes met, 1", "Biscuit on 2C: 0 of 3 wishes met, doubled as a VIP, -6"):
        assert line in told
    assert "culprit" not in told and "VIP guest" not in told


def test_any_of_the_seventeen_is_named_with_its_kind():
    assert [any_guest_named(d).kind for d in DETECTIVE_NAMES] == ["man", "man", "woman"]
    assert [any_guest_named(d).kind for d in DETECTIVE_NAMES] == [wishes.kind_of(d) for d in DETECTIVE_NAMES]
    assert any_guest_named("Tom").kind == "child"
    with pytest.raises(ValueError, match="no guest called"):
        any_guest_named("Moriarty")
