"""One test (at least) per rule clause of The Sherlock Holmes Card Game, and per decision
the book's rules-decisions page states. Tables are rigged with ``table.rig``."""

from __future__ import annotations

import copy
import re
from collections import Counter
from dataclasses import replace

import pytest

from sherlockkit import engine
from sherlockkit.engine import IllegalAction
from sherlockkit.games.cardgame import cards, rules
from sherlockkit.games.cardgame.cards import (
    AFOOT, ALIBI, ARREST, BAKER_STREET, CLAY, CLUE, COUNTRY, DISGUISE, HANSOM, HOLMES, I_SUSPECT, IN_COUNTRY,
    IN_LONDON, INSPECTOR, LONDON, MILVERTON, MORAN, MORIARTY, MYCROFT, SCOTLAND_YARD, TELEGRAM, THICK_FOG,
    TRAIN, VILLAINS, WATSON,
)
from sherlockkit.games.cardgame.legal import moves
from sherlockkit.games.cardgame.legality import ANYWHERE, START, Top
from sherlockkit.games.cardgame.state import (
    ALIBI_WINDOW, DRAWN, PASSING, PLAY, TARGETED, Answer, Draw, Keep, Outcome, PassCard, Peek, Pending, Play,
    PlayVillains, Scoring,
)

from .table import (
    AT_BAKER_STREET, AT_COUNTRY, AT_LONDON, AT_YARD, REST, act, all_cards, assert_accounted, kinds_offered,
    rig, top,
)

TRAIN_FROM_LONDON = Top(TRAIN, IN_LONDON)
TRAIN_FROM_COUNTRY = Top(TRAIN, IN_COUNTRY)
HANSOM_IN_LONDON = Top(HANSOM, IN_LONDON)
HANSOM_IN_COUNTRY = Top(HANSOM, IN_COUNTRY)
FOG = Top(THICK_FOG, ANYWHERE)
CLUE_L = Top(CLUE, IN_LONDON)
CLUE_C = Top(CLUE, IN_COUNTRY)


def refused(state, action, fragment):
    """``action`` is refused with a sentence holding ``fragment``, is not offered, and
    the table is left exactly as it was."""
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction, match=re.escape(fragment)):
        rules.play(state, action)
    assert state == before
    assert action not in rules.legal_actions(state)


def name(seat):
    return f"Player {seat + 1}"


# --- components ---------------------------------------------------------------------------------


def test_the_deck_is_108_cards_with_the_printed_counts():
    expected = {
        "Train": 12, "Hansom": 12, "Thick Fog": 3,
        "London": 6, "221B Baker St.": 3, "Scotland Yard": 3, "Country": 12,
        "Clue": 12, "I Suspect": 12, "Telegram": 4, "Disguise": 4,
        "Inspector": 6, "Arrest": 5, "Alibi": 6,
        "Holmes": 1, "Watson": 1, "Mycroft": 1, "The game is afoot!": 1,
        "Professor Moriarty": 1, "Colonel Moran": 1, "John Clay": 1, "Charles Augustus Milverton": 1,
    }
    deck = cards.full_deck()
    assert len(deck) == 108 == cards.DECK_SIZE
    assert Counter(deck) == expected


def test_six_suits_each_with_its_border_colour_and_its_kinds():
    expected = {
        "Movement": ("blue", {"Train", "Hansom", "Thick Fog"}),
        "Location": ("green", {"London", "221B Baker St.", "Scotland Yard", "Country"}),
        "Information": ("magenta", {"Clue", "I Suspect", "Telegram", "Disguise"}),
        "Action": ("orange", {"Inspector", "Arrest", "Alibi"}),
        "Detective": ("purple", {"Holmes", "Watson", "Mycroft", "The game is afoot!"}),
        "Villain": ("black", {"Professor Moriarty", "Colonel Moran", "John Clay", "Charles Augustus Milverton"}),
    }
    assert {suit: (colour, set(kinds)) for suit, (colour, kinds) in cards.SUITS.items()} == expected
    for suit, (colour, kinds) in expected.items():
        for kind in kinds:
            assert cards.SUIT_OF[kind] == suit and cards.COLOUR_OF[kind] == colour


def test_three_london_places_and_the_country():
    for place in (LONDON, BAKER_STREET, SCOTLAND_YARD):
        assert cards.region_of(place) == IN_LONDON
    assert cards.region_of(COUNTRY) == IN_COUNTRY
    with pytest.raises(ValueError, match="not a Location card"):
        cards.region_of(TRAIN)


# --- the deal -----------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_deal_six_each_one_villain_and_the_opening_in_hand_three_villains_in_the_pile(players):
    for seed in range(5):
        state = rules.new(seed, players=players)
        assert [len(h) for h in state.hands] == [6] * players
        in_hands = Counter(c for h in state.hands for c in h)
        assert sum(in_hands[v] for v in VILLAINS) == 1
        assert in_hands[AFOOT] == 1
        assert len(state.pile) == 108 - 6 * players
        assert sum(state.pile.count(v) for v in VILLAINS) == 3
        assert state.played == ()
        assert_accounted(state)
        assert state.hand_number == 1 and state.scores == (0,) * players and not state.finished


def test_the_villain_dealt_into_the_hands_is_chosen_at_random():
    dealt = {next(c for h in rules.new(seed).hands for c in h if c in VILLAINS) for seed in range(40)}
    assert dealt == set(VILLAINS)


def test_the_villains_in_the_pile_are_shuffled_in_not_put_at_the_bottom():
    depths = set()
    for seed in range(20):
        pile = rules.new(seed).pile
        depths |= {i for i, c in enumerate(pile) if c in VILLAINS}
    assert min(depths) < len(rules.new(0).pile) - 10


def test_the_same_seed_deals_the_same_table_and_another_seed_another():
    assert rules.new(11, players=5) == rules.new(11, players=5)
    assert rules.new(11).hands != rules.new(12).hands
    assert rules.new(11).pile != rules.new(12).pile


def test_the_holder_of_the_opening_card_opens_and_that_is_the_only_move():
    openers = set()
    for seed in range(12):
        state = rules.new(seed, players=4)
        opener = next(p for p, h in enumerate(state.hands) if AFOOT in h)
        openers.add(opener)
        assert state.turn == opener
        assert rules.legal_actions(state) == [Play(opener, AFOOT)]
        other = next(c for c in state.hands[opener] if c != AFOOT)
        refused(state, Play(opener, other) if other not in TARGETED else Play(opener, other, (opener + 1) % 4),
                "The hand opens with The game is afoot!")
        refused(state, Draw((opener + 1) % 4), f"It is {name(opener)}'s turn.")
        after = rules.play(state, Play(opener, AFOOT))
        assert after.turn == (opener + 1) % 4
        assert after.played == (AFOOT,) and after.top == START == Top(AFOOT, IN_LONDON)
        assert AFOOT not in after.hands[opener]
    assert len(openers) > 1  # the opener is whoever was dealt the card, not always seat 0


def test_the_opening_card_cannot_be_played_once_the_hand_is_open():
    state = rig([[AFOOT, TRAIN], [CLUE], [CLUE]], on=AT_LONDON)
    assert AFOOT not in kinds_offered(state, 0)
    refused(state, Play(0, AFOOT), "opens the hand and cannot be played later")


def test_after_the_opening_only_a_movement_card_may_follow():
    state = rig([[TRAIN, HANSOM, THICK_FOG, HOLMES, WATSON, CLUE, LONDON, COUNTRY], [CLUE], [CLUE]], on=START)
    assert kinds_offered(state, 0) == {TRAIN, HANSOM, THICK_FOG}
    refused(state, Play(0, HOLMES, 1), "except a movement card (or the opening)")
    refused(state, Play(0, LONDON), "A Location follows only a Train, a Hansom or Thick Fog")


def test_play_passes_to_the_left_and_wraps_round():
    state = rig([[TRAIN], [TRAIN], [TRAIN], [TRAIN, HANSOM]], on=AT_LONDON, turn=3)
    after = rules.play(state, Play(3, TRAIN))
    assert after.turn == 0


# --- what may follow what ---------------------------------------------------------------------------

LOCATIONS = (LONDON, BAKER_STREET, SCOTLAND_YARD, COUNTRY)
ALL_LOCATION_TOPS = (AT_LONDON, AT_BAKER_STREET, AT_YARD, AT_COUNTRY)
MOVES_OK_ON = ALL_LOCATION_TOPS + (top(ARREST), top(I_SUSPECT, IN_COUNTRY), top(TELEGRAM), top(INSPECTOR),
                                   top(ALIBI, IN_COUNTRY), START)

#: card -> (tops it may be played on, (top it may not, a piece of the sentence saying why))
CLAUSES = {
    TRAIN: (MOVES_OK_ON, [(CLUE_L, "Train may follow only"), (top(DISGUISE), "Train may follow only"),
                          (HANSOM_IN_LONDON, "Train may follow only"), (FOG, "Train may follow only")]),
    HANSOM: (MOVES_OK_ON, [(CLUE_C, "Hansom may follow only"), (TRAIN_FROM_COUNTRY, "Hansom may follow only"),
                           (FOG, "Hansom may follow only")]),
    THICK_FOG: ((TRAIN_FROM_LONDON, HANSOM_IN_COUNTRY, START),
                [(AT_LONDON, "Thick Fog may follow only Train or Hansom"), (CLUE_L, "Thick Fog may follow only"),
                 (top(ALIBI), "Thick Fog may follow only"), (FOG, "Thick Fog may follow only")]),
    LONDON: ((HANSOM_IN_LONDON, TRAIN_FROM_COUNTRY, FOG),
             [(HANSOM_IN_COUNTRY, "the game goes to the Country: London is not there"),
              (TRAIN_FROM_LONDON, "goes to the Country"),
              (CLUE_L, "A Location follows only a Train, a Hansom or Thick Fog")]),
    BAKER_STREET: ((HANSOM_IN_LONDON, TRAIN_FROM_COUNTRY, FOG),
                   [(HANSOM_IN_COUNTRY, "goes to the Country"), (TRAIN_FROM_LONDON, "goes to the Country"),
                    (AT_LONDON, "A Location follows only")]),
    SCOTLAND_YARD: ((HANSOM_IN_LONDON, TRAIN_FROM_COUNTRY, FOG),
                    [(HANSOM_IN_COUNTRY, "goes to the Country"), (TRAIN_FROM_LONDON, "goes to the Country"),
                     (top(ARREST), "A Location follows only")]),
    COUNTRY: ((HANSOM_IN_COUNTRY, TRAIN_FROM_LONDON, FOG),
              [(HANSOM_IN_LONDON, "the game goes to London: Country is not there"),
               (TRAIN_FROM_COUNTRY, "goes to London"), (AT_COUNTRY, "A Location follows only")]),
    CLUE: (ALL_LOCATION_TOPS + (top(DISGUISE), top(DISGUISE, IN_COUNTRY)),
           [(TRAIN_FROM_LONDON, "Clue may follow only"), (CLUE_L, "Clue may follow only"),
            (top(I_SUSPECT), "Clue may follow only"), (top(ARREST), "Clue may follow only")]),
    I_SUSPECT: ((CLUE_L, CLUE_C, top(DISGUISE), AT_BAKER_STREET),
                [(AT_LONDON, "I Suspect may follow only Clue, Disguise or 221B Baker St."),
                 (AT_YARD, "I Suspect may follow only"), (AT_COUNTRY, "I Suspect may follow only"),
                 (top(I_SUSPECT), "I Suspect may follow only"), (top(INSPECTOR), "I Suspect may follow only")]),
    TELEGRAM: ((CLUE_L, CLUE_C, AT_COUNTRY),
               [(AT_LONDON, "Telegram may follow only Clue or Country"), (AT_BAKER_STREET, "Telegram may"),
                (top(DISGUISE), "Telegram may follow only"), (TRAIN_FROM_LONDON, "Telegram may follow only")]),
    DISGUISE: ((CLUE_L, CLUE_C, AT_LONDON, AT_BAKER_STREET, AT_YARD),
               [(AT_COUNTRY, "Disguise may follow only"), (top(DISGUISE), "Disguise may follow only"),
                (top(I_SUSPECT), "Disguise may follow only")]),
    INSPECTOR: ((AT_YARD, top(I_SUSPECT), CLUE_C),
                [(AT_LONDON, "Inspector may follow only Scotland Yard, I Suspect or Clue"),
                 (AT_BAKER_STREET, "Inspector may follow only"), (AT_COUNTRY, "Inspector may follow only"),
                 (top(INSPECTOR), "Inspector may follow only"), (top(DISGUISE), "Inspector may follow only")]),
    ARREST: ((AT_LONDON, AT_YARD, AT_COUNTRY, top(I_SUSPECT), top(INSPECTOR, IN_COUNTRY)),
             [(AT_BAKER_STREET, "Arrest may follow only London, Scotland Yard, Country, I Suspect or Inspector"),
              (CLUE_L, "Arrest may follow only"), (top(DISGUISE), "Arrest may follow only"),
              (top(TELEGRAM), "Arrest may follow only"), (top(ARREST), "Arrest may follow only")]),
    MYCROFT: ((AT_LONDON, AT_BAKER_STREET, AT_YARD),
              [(AT_COUNTRY, "Mycroft may follow only London, 221B Baker St. or Scotland Yard"),
               (CLUE_L, "Mycroft may follow only"), (HANSOM_IN_LONDON, "Mycroft may follow only")]),
    HOLMES: (ALL_LOCATION_TOPS + (CLUE_L, top(ARREST), top(ALIBI), top(TELEGRAM, IN_COUNTRY), top(DISGUISE)),
             [(TRAIN_FROM_LONDON, "Holmes may follow any card except a movement card"),
              (HANSOM_IN_COUNTRY, "except a movement card"), (FOG, "except a movement card"),
              (START, "except a movement card (or the opening)")]),
    WATSON: (ALL_LOCATION_TOPS + (CLUE_C, top(I_SUSPECT), top(ALIBI, IN_COUNTRY), top(INSPECTOR)),
             [(TRAIN_FROM_COUNTRY, "Watson may follow any card except a movement card"),
              (HANSOM_IN_LONDON, "except a movement card"), (FOG, "except a movement card"),
              (START, "except a movement card")]),
}


def _play_of(card, seat=0):
    return Play(seat, card, (seat + 2) % 3) if card in TARGETED else Play(seat, card)


ALLOWED = [(card, on) for card, (ok, _) in CLAUSES.items() for on in ok]
REFUSED = [(card, on, why) for card, (_, bad) in CLAUSES.items() for on, why in bad]


def test_every_card_that_is_played_in_turn_has_its_clauses_here():
    in_turn = set(cards.KINDS) - {AFOOT, ALIBI} - set(VILLAINS)
    assert set(CLAUSES) == in_turn


@pytest.mark.parametrize("card,on", ALLOWED, ids=[f"{c} on {o.label}" for c, o in ALLOWED])
def test_a_card_may_follow_what_its_clause_lists(card, on):
    state = rig([[card, MORIARTY], [CLUE], [CLUE]], pile=REST, on=on)
    assert card in kinds_offered(state, 0)
    after = rules.play(state, _play_of(card))
    assert card not in after.hands[0] and after.played[-1] == card


@pytest.mark.parametrize("card,on,why", REFUSED, ids=[f"{c} on {o.label}" for c, o, _ in REFUSED])
def test_a_card_may_not_follow_anything_else_and_the_refusal_says_why(card, on, why):
    state = rig([[card, MORIARTY], [CLUE], [CLUE]], pile=REST, on=on)
    assert card not in kinds_offered(state, 0)
    refused(state, _play_of(card), why)


def test_a_train_changes_the_kind_of_place_and_a_hansom_keeps_it():
    state = rig([[TRAIN, HANSOM], [COUNTRY, LONDON], [HANSOM, TRAIN], [LONDON, COUNTRY, BAKER_STREET]],
                on=AT_LONDON)
    state = rules.play(state, Play(0, TRAIN))  # from London
    assert state.top == Top(TRAIN, IN_LONDON)
    assert kinds_offered(state, 1) == {COUNTRY}
    state = rules.play(state, Play(1, COUNTRY))
    assert state.top == Top(COUNTRY, IN_COUNTRY)
    state = rules.play(state, Play(2, HANSOM))  # stays in the Country
    assert state.top == Top(HANSOM, IN_COUNTRY)
    assert kinds_offered(state, 3) == {COUNTRY}
    refused(state, Play(3, LONDON), "goes to the Country")
    state = rules.play(state, Play(3, COUNTRY))
    assert state.top == AT_COUNTRY
    state = rig([[TRAIN], [LONDON, BAKER_STREET, SCOTLAND_YARD, COUNTRY], [CLUE]], on=AT_COUNTRY)
    state = rules.play(state, Play(0, TRAIN))  # from the Country
    assert kinds_offered(state, 1) == {LONDON, BAKER_STREET, SCOTLAND_YARD}


def test_a_hansom_may_lead_to_the_same_place_card_again():
    state = rig([[HANSOM, CLUE], [LONDON, COUNTRY], [HANSOM, CLUE], [COUNTRY, LONDON]], on=AT_LONDON)
    state = act(state, Play(0, HANSOM), Play(1, LONDON))  # London, a Hansom, London again
    assert state.top == AT_LONDON
    state = rig([[HANSOM, CLUE], [COUNTRY, LONDON], [CLUE]], on=AT_COUNTRY)
    state = act(state, Play(0, HANSOM), Play(1, COUNTRY))
    assert state.top == AT_COUNTRY


def test_after_thick_fog_any_location_may_follow_and_nothing_else():
    hand = [LONDON, BAKER_STREET, SCOTLAND_YARD, COUNTRY, TRAIN, HANSOM, CLUE, HOLMES, WATSON, ARREST]
    state = rig([[CLUE], hand, [CLUE]], on=FOG, turn=1)
    assert kinds_offered(state, 1) == {LONDON, BAKER_STREET, SCOTLAND_YARD, COUNTRY}
    after = rules.play(state, Play(1, COUNTRY))
    assert after.top == Top(COUNTRY, IN_COUNTRY)
    after = rules.play(state, Play(1, BAKER_STREET))
    assert after.top == Top(BAKER_STREET, IN_LONDON)


# --- effects ----------------------------------------------------------------------------------------


def test_thick_fog_gathers_shuffles_and_deals_every_hand_again_at_its_size():
    hands = [[THICK_FOG, CLUE, CLUE], [LONDON, COUNTRY], [ARREST, INSPECTOR, TELEGRAM, HOLMES], [WATSON]]
    moved = 0
    for seed in range(10):
        state = rig(hands, on=TRAIN_FROM_LONDON, seed=seed)
        after = rules.play(state, Play(0, THICK_FOG))
        assert [len(h) for h in after.hands] == [2, 2, 4, 1]
        assert Counter(c for h in after.hands for c in h) == Counter(
            [CLUE, CLUE, LONDON, COUNTRY, ARREST, INSPECTOR, TELEGRAM, HOLMES, WATSON])
        assert after.top == FOG and after.turn == 1
        assert_accounted(after)
        moved += after.hands != ((CLUE, CLUE), (LONDON, COUNTRY), (ARREST, INSPECTOR, TELEGRAM, HOLMES), (WATSON,))
    assert moved >= 8  # the cards really are shuffled


def test_scotland_yard_makes_the_next_player_draw_two_at_once():
    state = rig([[SCOTLAND_YARD, CLUE], [TRAIN], [HANSOM]], pile=[CLUE, ARREST, TELEGRAM], on=TRAIN_FROM_COUNTRY)
    after = rules.play(state, Play(0, SCOTLAND_YARD))
    assert after.hands[1] == (TRAIN, CLUE, ARREST)
    assert after.pile == (TELEGRAM,)
    assert after.turn == 1 and after.phase == PLAY
    assert after.top == AT_YARD
    assert "draws two cards" in after.log[-1]
    assert CLUE not in after.log[-1] and ARREST not in after.log[-1]  # the drawn cards stay hidden


def test_scotland_yard_with_a_short_pile_draws_what_there_is():
    state = rig([[SCOTLAND_YARD, CLUE], [TRAIN], [HANSOM]], pile=[ARREST], on=HANSOM_IN_LONDON)
    after = rules.play(state, Play(0, SCOTLAND_YARD))
    assert after.hands[1] == (TRAIN, ARREST) and after.pile == ()


def test_a_clue_looks_at_two_cards_of_the_previous_player_privately():
    hands = [[TRAIN, HANSOM, ARREST, COUNTRY], [CLUE, TRAIN], [HANSOM]]
    state = rig(hands, on=AT_LONDON, turn=1)
    after = rules.play(state, Play(1, CLUE))
    peek = after.peeks[-1]
    assert (peek.looker, peek.target, peek.why, peek.hand) == (1, 0, CLUE, state.hand_number)
    assert len(peek.cards) == 2 and not Counter(peek.cards) - Counter(hands[0])
    assert after.hands[0] == state.hands[0]  # looking takes nothing
    assert peek in rules.view(after, 1).peeks
    assert rules.view(after, 0).peeks == () and rules.view(after, 2).peeks == ()
    assert after.turn == 2 and after.top == CLUE_L
    assert not any(k in after.log[-1] for k in (TRAIN, HANSOM, ARREST, COUNTRY))


def test_the_first_seat_s_clue_looks_at_the_last_seat():
    state = rig([[CLUE], [TRAIN], [HANSOM, ARREST]], on=AT_COUNTRY, turn=0)
    peek = rules.play(state, Play(0, CLUE)).peeks[-1]
    assert peek.target == 2


def test_a_clue_on_a_single_card_sees_that_card():
    state = rig([[CLUE, TRAIN], [TRAIN], [INSPECTOR]], on=AT_COUNTRY)
    assert rules.play(state, Play(0, CLUE)).peeks[-1].cards == (INSPECTOR,)


def test_the_clue_s_two_cards_are_a_blind_pick():
    hand = [TRAIN, HANSOM, ARREST, COUNTRY, LONDON, TELEGRAM]
    picks = set()
    for seed in range(20):
        state = rig([[CLUE], [TRAIN], hand], on=AT_LONDON, seed=seed)
        picks.add(rules.play(state, Play(0, CLUE)).peeks[-1].cards)
    assert len(picks) > 5


def test_a_disguise_looks_at_two_cards_of_any_chosen_player():
    hands = [[DISGUISE], [TRAIN, TRAIN, TRAIN], [HANSOM, ARREST, CLUE], [COUNTRY]]
    state = rig(hands, on=AT_YARD)
    after = rules.play(state, Play(0, DISGUISE, 2))
    peek = after.peeks[-1]
    assert (peek.looker, peek.target, peek.why) == (0, 2, DISGUISE)
    assert len(peek.cards) == 2 and set(peek.cards) <= {HANSOM, ARREST, CLUE}
    assert rules.view(after, 2).peeks == ()
    assert after.turn == 1


def test_i_suspect_makes_its_target_draw_one_card():
    state = rig([[I_SUSPECT, TRAIN], [TRAIN], [HANSOM], [COUNTRY]], pile=[ARREST, CLUE], on=CLUE_L)
    state = rules.play(state, Play(0, I_SUSPECT, 2))
    assert state.phase == ALIBI_WINDOW
    assert state.pending == Pending(I_SUSPECT, 0, 2, CLUE_L, arrest=False)
    assert rules.legal_actions(state) == [Answer(2, False)]  # no Alibi to play
    after = rules.play(state, Answer(2, False))
    assert after.hands[2] == (HANSOM, ARREST) and after.pile == (CLUE,)
    assert after.turn == 1 and after.phase == PLAY and after.top == Top(I_SUSPECT, IN_LONDON)


def test_an_inspector_makes_its_target_draw_two_and_arrests_nobody_away_from_the_yard():
    state = rig([[INSPECTOR, TRAIN], [TRAIN], [HANSOM, MORIARTY], [COUNTRY]], pile=[ARREST, CLUE, TELEGRAM],
                on=top(I_SUSPECT))
    state = act(state, Play(0, INSPECTOR, 2), Answer(2, False))
    assert state.hands[2] == (HANSOM, MORIARTY, ARREST, CLUE)
    assert state.hand_number == 1 and state.hand_scores == ()  # a Villain there, but no arrest
    assert state.turn == 1 and state.top == Top(INSPECTOR, IN_LONDON)


def test_an_inspector_at_scotland_yard_is_an_arrest_too_and_catches_a_villain():
    state = rig([[INSPECTOR, TRAIN], [TRAIN], [HANSOM, MORIARTY], [COUNTRY]], pile=[ARREST, CLUE, TELEGRAM],
                on=AT_YARD, hands_in_game=1)
    state = act(state, Play(0, INSPECTOR, 2))
    assert "arrest" in state.log[-1]
    state = act(state, Answer(2, False))
    assert state.finished
    # seat 2 holds Hansom, Moriarty and the two drawn cards when caught
    assert state.hand_scores == ((1 - 15, 1, 1 + 5 + 2 + 20, 1),)


def test_an_inspector_at_scotland_yard_on_an_innocent_is_a_false_arrest():
    state = rig([[INSPECTOR, TRAIN], [TRAIN], [HANSOM], [COUNTRY]],
                pile=[ARREST, CLUE, TELEGRAM, LONDON, DISGUISE, HANSOM, TRAIN], on=AT_YARD)
    state = act(state, Play(0, INSPECTOR, 2), Answer(2, False))
    # seat 2 drew Arrest and Clue, then seat 0 took all three cards and seat 2 drew three more
    assert state.hands[0] == (TRAIN, HANSOM, ARREST, CLUE)
    assert state.hands[2] == (TELEGRAM, LONDON, DISGUISE)
    assert state.pile == (HANSOM, TRAIN)
    assert state.turn == 1 and state.hand_number == 1
    assert "false arrest" in state.log[-1]


def test_a_villain_drawn_by_an_inspector_at_the_yard_is_caught():
    # the decision: the two cards are drawn, then the arrest looks at the hand
    state = rig([[INSPECTOR, TRAIN], [TRAIN], [HANSOM], [COUNTRY]], pile=[CLUE, MORAN, ARREST], on=AT_YARD,
                hands_in_game=1)
    state = act(state, Play(0, INSPECTOR, 2), Answer(2, False))
    assert state.finished and state.hand_scores[-1][2] == 1 + 1 + 5 + 20


def test_a_telegram_gives_the_next_player_its_points_at_once():
    state = rig([[TELEGRAM, TRAIN], [TRAIN], [HANSOM]], on=AT_COUNTRY, turn=0)
    after = rules.play(state, Play(0, TELEGRAM))
    assert after.scores == (0, 10, 0)
    state = rig([[TRAIN], [HANSOM], [TELEGRAM, TRAIN]], on=CLUE_C, turn=2, options={"telegram": 7})
    after = rules.play(state, Play(2, TELEGRAM))
    assert after.scores == (7, 0, 0)  # the seat after the last is the first


def test_an_arrest_of_a_villain_ends_the_hand():
    state = rig([[ARREST, TRAIN], [TRAIN], [HANSOM, CLAY], [COUNTRY]], on=AT_LONDON, options={"hands": 2})
    state = rules.play(state, Play(0, ARREST, 2))
    assert state.phase == ALIBI_WINDOW and state.pending == Pending(ARREST, 0, 2, AT_LONDON, arrest=True)
    after = rules.play(state, Answer(2, False))
    assert after.hand_number == 2 and after.hand_scores == ((1 - 15, 1, 1 + 5 + 20, 1),)
    assert any(CLAY in line and "arrested" in line for line in after.log)
    assert after.played == () and [len(h) for h in after.hands] == [6] * 4  # the next hand is dealt


def test_a_false_arrest_gives_the_arrester_the_hand_and_the_accused_draws_as_many():
    state = rig([[ARREST, CLUE], [TRAIN], [TRAIN, HANSOM, COUNTRY], [COUNTRY]],
                pile=[LONDON, TELEGRAM, DISGUISE, INSPECTOR], on=AT_COUNTRY)
    after = act(state, Play(0, ARREST, 2), Answer(2, False))
    assert after.hands[0] == (CLUE, TRAIN, HANSOM, COUNTRY)
    assert after.hands[2] == (LONDON, TELEGRAM, DISGUISE)
    assert after.pile == (INSPECTOR,)
    assert after.turn == 1 and after.top == Top(ARREST, IN_COUNTRY) and after.hand_number == 1
    assert not any(k in after.log[-1] for k in (TRAIN, HANSOM, LONDON, TELEGRAM, DISGUISE))  # told as numbers
    assert "3 cards" in after.log[-1]
    assert_accounted(after)


def test_a_false_arrest_with_a_short_pile_draws_what_there_is():
    state = rig([[ARREST, CLUE], [TRAIN], [TRAIN, HANSOM, COUNTRY]], pile=[LONDON], on=AT_COUNTRY)
    after = act(state, Play(0, ARREST, 2), Answer(2, False))
    assert after.hands[2] == (LONDON,) and after.pile == ()
    assert after.turn == 1


def test_holmes_catches_a_villain_at_once_and_cannot_be_answered():
    state = rig([[HOLMES, TRAIN], [TRAIN], [ALIBI, MILVERTON], [COUNTRY]], on=CLUE_L, hands_in_game=1)
    after = rules.play(state, Play(0, HOLMES, 2))
    assert after.finished  # no window for the Alibi
    assert after.hand_scores == ((1 - 15, 1, 1 + 5 + 20, 1),)


def test_holmes_finding_nothing_leaves_the_table_as_it_was():
    state = rig([[HOLMES, TRAIN], [I_SUSPECT, TRAIN], [ALIBI, HANSOM], [COUNTRY]], on=CLUE_L)
    after = rules.play(state, Play(0, HOLMES, 2))
    assert after.top == CLUE_L  # see-through
    assert after.hands[2] == (ALIBI, HANSOM)
    assert after.peeks[-1] == Peek(0, 2, (ALIBI, HANSOM), 1, HOLMES)
    assert after.turn == 1 and after.phase == PLAY
    assert kinds_offered(after, 1) == {I_SUSPECT}  # the next player follows the Clue, not Holmes
    refused(after, Play(1, TRAIN), "the table shows Clue · London")


def test_watson_is_answered_like_an_arrest_and_otherwise_is_holmes():
    state = rig([[WATSON, TRAIN], [ARREST], [HANSOM], [COUNTRY]], on=AT_LONDON)
    state = rules.play(state, Play(0, WATSON, 2))
    assert state.phase == ALIBI_WINDOW and state.pending.card == WATSON
    assert state.top == AT_LONDON
    after = rules.play(state, Answer(2, False))
    assert after.peeks[-1].cards == (HANSOM,) and after.peeks[-1].why == WATSON
    assert after.top == AT_LONDON and after.turn == 1
    assert kinds_offered(after, 1) == {ARREST}  # Arrest follows the London under Watson

    caught = rig([[WATSON, TRAIN], [ARREST], [HANSOM, MORAN], [COUNTRY]], on=AT_LONDON, hands_in_game=1)
    caught = act(caught, Play(0, WATSON, 2), Answer(2, False))
    assert caught.finished and caught.hand_scores[-1][0] == 1 - 15 and caught.hand_scores[-1][2] == 1 + 5 + 20


def test_watson_answered_by_an_alibi_does_nothing():
    state = rig([[WATSON, TRAIN], [ARREST], [ALIBI, MORAN, HANSOM], [COUNTRY]], on=AT_LONDON)
    state = act(state, Play(0, WATSON, 2), Answer(2, True))
    assert state.phase == PASSING and state.hand_number == 1
    assert state.top == Top(ALIBI, IN_LONDON) and state.played[-2:] == (WATSON, ALIBI)
    assert all(p.looker != 0 or p.target != 2 for p in state.peeks)  # Watson saw nothing


def test_mycroft_swaps_hands_and_leaves_the_table_as_it_was():
    state = rig([[MYCROFT, CLUE], [TRAIN], [MORIARTY, TRAIN, HANSOM]], on=AT_BAKER_STREET)
    after = rules.play(state, Play(0, MYCROFT, 2))
    assert after.hands[0] == (MORIARTY, TRAIN, HANSOM) and after.hands[2] == (CLUE,)
    assert after.top == AT_BAKER_STREET and after.turn == 1 and after.phase == PLAY
    assert after.hands[1] == (TRAIN,)


# --- the Alibi --------------------------------------------------------------------------------------


def _answered_arrest():
    """Seat 0 arrests seat 2, who answers with an Alibi."""
    state = rig([[ARREST, TRAIN, HANSOM], [COUNTRY, CLUE], [ALIBI, MORIARTY, LONDON], [TELEGRAM]], on=AT_LONDON)
    return act(state, Play(0, ARREST, 2), Answer(2, True))


def test_an_alibi_cancels_the_arrest_and_everyone_passes_a_card_to_the_left():
    state = _answered_arrest()
    assert state.phase == PASSING and state.hand_number == 1 and state.hand_scores == ()
    assert state.top == Top(ALIBI, IN_LONDON) and state.played[-2:] == (ARREST, ALIBI)
    assert state.hands == ((TRAIN, HANSOM), (COUNTRY, CLUE), (MORIARTY, LONDON), (TELEGRAM,))
    assert set(rules.legal_actions(state)) == {
        PassCard(0, TRAIN), PassCard(0, HANSOM), PassCard(1, COUNTRY), PassCard(1, CLUE),
        PassCard(2, MORIARTY), PassCard(2, LONDON), PassCard(3, TELEGRAM),
    }
    state = act(state, PassCard(0, TRAIN), PassCard(2, MORIARTY), PassCard(1, CLUE))
    assert state.hands == ((TRAIN, HANSOM), (COUNTRY, CLUE), (MORIARTY, LONDON), (TELEGRAM,))  # not yet
    assert rules.view(state, 1).passed == (True, True, True, False)
    refused(state, PassCard(0, HANSOM), "already chosen")
    refused(state, Play(3, TRAIN), "choose the card you pass")
    state = rules.play(state, PassCard(3, TELEGRAM))
    assert state.hands == ((HANSOM, TELEGRAM), (COUNTRY, TRAIN), (LONDON, CLUE), (MORIARTY,))
    assert state.phase == PLAY and state.turn == 1  # after the arrester, not after the Alibi
    assert kinds_offered(state, 1) == {TRAIN}  # a movement card follows the Alibi
    assert_accounted(state)


def test_after_an_alibi_play_resumes_after_the_player_whose_card_was_answered():
    state = rig([[ALIBI, CLUE], [TRAIN], [HANSOM], [ARREST, COUNTRY]], on=AT_COUNTRY, turn=3)
    state = act(state, Play(3, ARREST, 0), Answer(0, True), PassCard(1, TRAIN), PassCard(2, HANSOM),
                PassCard(0, CLUE), PassCard(3, COUNTRY))
    assert state.turn == 0  # seat 3 played the Arrest: the next seat round the table


def test_a_player_left_without_cards_passes_nothing_but_receives():
    state = rig([[ARREST, TRAIN], [COUNTRY], [ALIBI]], on=AT_LONDON)
    state = act(state, Play(0, ARREST, 2), Answer(2, True))
    assert rules.legal_actions(state, 2) == []
    refused(state, PassCard(2, ALIBI), "You can only pass a card you hold.")
    state = act(state, PassCard(0, TRAIN), PassCard(1, COUNTRY))
    assert state.hands == ((), (TRAIN,), (COUNTRY,)) and state.turn == 1


def test_only_the_named_player_answers_and_only_while_the_card_waits():
    state = rig([[ARREST, TRAIN], [ALIBI, CLUE], [ALIBI, HANSOM], [COUNTRY]], on=AT_LONDON)
    refused(state, Answer(1, True), "Nothing is waiting for that now.")
    refused(state, Play(1, ALIBI), "It is Player 1's turn.")
    refused(state, Play(0, ALIBI), "You hold no Alibi.")
    state = rules.play(state, Play(0, ARREST, 2))
    assert rules.legal_actions(state) == [Answer(2, True), Answer(2, False)]
    refused(state, Answer(1, True), "Player 3 is answering Arrest: wait for them.")
    refused(state, Play(1, CLUE), "wait for them")
    refused(state, Play(2, HANSOM), "Answer Arrest first")
    refused(state, Draw(0), "Player 3 is answering Arrest")


def test_the_alibi_is_never_played_in_turn():
    state = rig([[ALIBI, TRAIN], [TRAIN], [HANSOM]], on=top(ARREST))
    assert ALIBI not in kinds_offered(state, 0)
    refused(state, Play(0, ALIBI), "An Alibi is played only at once")


def test_answering_without_an_alibi_is_refused():
    state = act(rig([[ARREST, TRAIN], [TRAIN], [HANSOM]], on=AT_LONDON), Play(0, ARREST, 2))
    refused(state, Answer(2, True), "You hold no Alibi.")


@pytest.mark.parametrize("card,on", [(ARREST, AT_LONDON), (INSPECTOR, CLUE_L), (I_SUSPECT, CLUE_L),
                                     (WATSON, AT_COUNTRY)])
def test_the_four_answerable_cards_open_the_window(card, on):
    state = act(rig([[card, TRAIN], [TRAIN], [ALIBI, HANSOM]], pile=REST, on=on), Play(0, card, 2))
    assert rules.legal_actions(state) == [Answer(2, True), Answer(2, False)]


@pytest.mark.parametrize("card,on", [(HOLMES, AT_LONDON), (DISGUISE, AT_LONDON), (MYCROFT, AT_LONDON)])
def test_other_cards_that_name_a_player_cannot_be_answered(card, on):
    state = act(rig([[card, TRAIN], [TRAIN], [ALIBI, HANSOM]], pile=REST, on=on), Play(0, card, 2))
    assert state.phase == PLAY
    assert not any(isinstance(a, Answer) for a in rules.legal_actions(state))


# --- drawing ----------------------------------------------------------------------------------------


def test_a_player_may_draw_only_when_holding_nothing_playable():
    state = rig([[CLUE, LONDON, COUNTRY], [TRAIN], [HANSOM]], on=TRAIN_FROM_LONDON)
    refused(state, Draw(0), "You hold a card you may play, so you cannot draw.")
    state = rig([[CLUE, LONDON], [TRAIN], [HANSOM]], pile=REST, on=TRAIN_FROM_LONDON)
    assert rules.legal_actions(state) == [Draw(0)]


def test_a_drawn_card_that_fits_may_be_played_at_once():
    state = rig([[CLUE, ARREST], [TRAIN], [HANSOM]], pile=[COUNTRY, TRAIN], on=TRAIN_FROM_LONDON)
    state = rules.play(state, Draw(0))
    assert state.phase == DRAWN and state.drawn == COUNTRY and state.turn == 0
    assert state.hands[0] == (CLUE, ARREST, COUNTRY) and state.pile == (TRAIN,)
    assert rules.legal_actions(state) == [Play(0, COUNTRY), Keep(0)]
    assert rules.view(state, 0).drawn == COUNTRY and rules.view(state, 1).drawn is None
    assert COUNTRY not in state.log[-1]
    refused(state, Draw(0), "You have drawn already")
    refused(state, Play(0, CLUE), "After drawing you may play only the card you drew")
    refused(state, Keep(1), "It is Player 1's turn.")
    played = rules.play(state, Play(0, COUNTRY))
    assert played.top == AT_COUNTRY and played.turn == 1 and played.hands[0] == (CLUE, ARREST)
    kept = rules.play(state, Keep(0))
    assert kept.phase == PLAY and kept.turn == 1 and kept.hands[0] == (CLUE, ARREST, COUNTRY)
    assert kept.top == TRAIN_FROM_LONDON


def test_a_drawn_card_that_does_not_fit_can_only_be_kept():
    state = rig([[CLUE, ARREST], [TRAIN], [HANSOM]], pile=[LONDON, TRAIN], on=TRAIN_FROM_LONDON)
    after = rules.play(state, Draw(0))
    # the drawer still has a choice to make (only Keep), so nobody learns whether it fitted
    assert after.phase == DRAWN and after.turn == 0 and after.hands[0] == (CLUE, ARREST, LONDON)
    assert rules.legal_actions(after) == [Keep(0)]
    refused(after, Play(0, LONDON), "After Train · London the game goes to the Country")
    kept = rules.play(after, Keep(0))
    assert kept.phase == PLAY and kept.turn == 1 and kept.hands[0] == (CLUE, ARREST, LONDON)


def test_keep_is_only_for_a_card_just_drawn():
    state = rig([[CLUE, ARREST], [TRAIN], [HANSOM]], pile=REST, on=TRAIN_FROM_LONDON)
    refused(state, Keep(0), "Keep is for the card you have just drawn.")


def test_with_the_pile_empty_a_player_who_cannot_play_passes():
    state = rig([[I_SUSPECT], [I_SUSPECT, COUNTRY], [I_SUSPECT, MORIARTY]], pile=[], on=TRAIN_FROM_LONDON)
    state = rules.play(state, Draw(0))
    assert state.turn == 1 and state.idle == 1 and state.hands[0] == (I_SUSPECT,)
    state = rules.play(state, Play(1, COUNTRY))  # a card played: the count starts again
    assert state.idle == 0
    state = act(state, Draw(2), Draw(0))
    assert state.idle == 2 and state.hand_number == 1 and not state.hand_scores


def test_when_everyone_passes_in_a_row_the_trail_goes_cold():
    state = rig([[I_SUSPECT], [I_SUSPECT, CLUE], [I_SUSPECT, MORIARTY]], pile=[], on=TRAIN_FROM_LONDON,
                hands_in_game=1)
    state = act(state, Draw(0), Draw(1))
    assert not state.finished
    state = rules.play(state, Draw(2))
    assert state.finished
    assert state.hand_scores == ((1, 2, 1 + 5),)  # cards and Villains left, nobody caught
    assert any("cold" in line for line in state.log)


# --- villains ---------------------------------------------------------------------------------------


def test_a_villain_cannot_go_down_while_other_cards_are_held():
    state = rig([[MORIARTY, TRAIN], [TRAIN], [HANSOM]], pile=REST, on=AT_LONDON)
    assert not any(isinstance(a, PlayVillains) for a in rules.legal_actions(state))
    refused(state, Play(0, MORIARTY), "A Villain can only go down as the last card")
    refused(state, PlayVillains(0), "all your cards must be Villains")


def test_villains_held_alone_go_down_all_at_once_and_escape():
    state = rig([[MORIARTY, MORAN], [TRAIN, CLUE], [HANSOM]], pile=REST, on=TRAIN_FROM_LONDON, hands_in_game=1)
    assert rules.legal_actions(state) == [PlayVillains(0)]  # on any card, and nothing else (no Draw)
    refused(state, Play(0, MORIARTY), "You hold only Villains: put them down together.")
    after = rules.play(state, PlayVillains(0))
    assert after.finished
    assert after.hand_scores == ((-15, 2, 1),)
    assert any(MORIARTY in line and MORAN in line and "escapes" in line for line in after.log)


def test_an_escape_puts_the_villains_among_the_played_cards_and_the_next_hand_is_dealt():
    state = rig([[CLAY], [TRAIN, CLUE], [HANSOM]], pile=REST, on=AT_COUNTRY, options={"hands": 2})
    after = rules.play(state, PlayVillains(0))
    assert after.hand_number == 2 and after.hand_scores == ((-15, 2, 1),)
    assert after.played == () and [len(h) for h in after.hands] == [6, 6, 6]
    assert_accounted(after)


def test_villains_go_down_only_in_turn():
    state = rig([[TRAIN], [MORIARTY], [HANSOM]], pile=REST, on=AT_LONDON)
    refused(state, PlayVillains(1), "It is Player 1's turn.")


def test_playing_the_last_other_card_does_not_let_a_villain_out_in_the_same_turn():
    state = rig([[CLUE, MORIARTY], [ARREST, TRAIN], [HANSOM]], pile=REST, on=AT_LONDON)
    state = rules.play(state, Play(0, CLUE))
    assert state.hands[0] == (MORIARTY,) and state.turn == 1 and state.hand_number == 1
    # the others get their turn first, and may catch the Villain before it goes down
    refused(state, PlayVillains(0), "It is Player 2's turn.")
    state = rig([[HOLMES, MORIARTY], [ARREST, TRAIN], [HANSOM]], pile=REST, on=AT_COUNTRY, hands_in_game=1)
    state = act(state, Play(0, HOLMES, 2), Play(1, ARREST, 0))
    assert rules.legal_actions(state) == [Answer(0, False)]
    caught = rules.play(state, Answer(0, False))
    assert caught.finished and caught.hand_scores == ((5 + 20, 1 - 15, 1),)


def test_a_drawn_villain_into_an_empty_hand_may_escape_at_once():
    state = rig([[], [TRAIN], [HANSOM]], pile=[MILVERTON, CLUE], on=TRAIN_FROM_LONDON, hands_in_game=1)
    state = rules.play(state, Draw(0))
    assert rules.legal_actions(state) == [PlayVillains(0), Keep(0)]
    assert rules.play(state, PlayVillains(0)).hand_scores == ((-15, 1, 1),)


# --- scoring and the end of the game --------------------------------------------------------------


def _arrest_table(**options):
    return rig([[ARREST, CLUE, TRAIN], [LONDON, COUNTRY, TELEGRAM], [MORIARTY, HANSOM], []], on=AT_COUNTRY,
               hands_in_game=1, options=options)


def test_a_hand_ended_by_an_arrest_scores_cards_villains_the_arrest_and_the_capture():
    final = act(_arrest_table(), Play(0, ARREST, 2), Answer(2, False))
    assert final.hand_scores == ((2 - 15, 3, 5 + 1 + 20, 0),)
    assert final.scores == (2 - 15, 3, 5 + 1 + 20, 0)


def test_scoring_values_are_options_of_new():
    points = {"card": 2, "villain_card": 7, "captured": 30, "arrest": -10}
    assert rules.new(1, **points).scoring == Scoring(2, 7, 30, -10, -15, 10)
    final = act(_arrest_table(**points), Play(0, ARREST, 2), Answer(2, False))
    assert final.hand_scores == ((4 - 10, 6, 7 + 2 + 30, 0),)
    state = rig([[MORIARTY], [TRAIN, CLUE], [HANSOM]], pile=REST, on=AT_LONDON, hands_in_game=1,
                options={"escape": -40, "card": 3})
    assert rules.play(state, PlayVillains(0)).hand_scores == ((-40, 6, 3),)
    cold = rig([[I_SUSPECT], [I_SUSPECT, MORAN], [CLUE]], pile=[], on=TRAIN_FROM_LONDON, hands_in_game=1,
               options={"villain_card": 9, "card": 4})
    assert act(cold, Draw(0), Draw(1), Draw(2)).hand_scores == ((4, 4 + 9, 4),)


def test_a_telegram_shows_in_the_row_of_the_hand_it_came_in():
    state = rig([[TELEGRAM, TRAIN], [MORIARTY, MORAN], [HANSOM]], pile=REST, on=AT_COUNTRY, hands_in_game=1)
    final = act(state, Play(0, TELEGRAM), PlayVillains(1))
    assert final.hand_scores == ((1, 10 - 15, 1),)
    assert final.scores == (1, -5, 1)


def test_the_totals_are_the_sums_of_the_rows_of_every_hand():
    state = rig([[MORIARTY], [TRAIN, CLUE], [HANSOM]], pile=REST, on=AT_LONDON, hands_in_game=2,
                hand_number=2, scores=(4, -3, 12), hand_scores=((4, -3, 12),))
    final = rules.play(state, PlayVillains(0))
    assert final.finished and final.hand_scores == ((4, -3, 12), (-15, 2, 1))
    assert final.scores == (-11, -1, 13)
    assert rules.outcome(final) == Outcome((0,), (-11, -1, 13))


def test_the_game_ends_after_its_hands_and_not_before():
    state = rig([[MORIARTY], [TRAIN, CLUE], [HANSOM]], pile=REST, on=AT_LONDON, hands_in_game=2)
    after = rules.play(state, PlayVillains(0))
    assert not after.finished and after.hand_number == 2 and rules.outcome(after) is None
    assert after.scores == (-15, 2, 1)
    opener = after.turn
    assert AFOOT in after.hands[opener] and rules.legal_actions(after) == [Play(opener, AFOOT)]


def test_a_whole_game_is_its_number_of_hands():
    from sherlockkit.games.cardgame import bots

    for hands in (1, 2):
        seats = bots.make_bots({0: "sleuth", 1: "constable", 2: "sleuth"}, 5)
        final, _ = engine.play_out(rules, rules.new(5, players=3, hands=hands), seats, limit=5000)
        assert final.finished and len(final.hand_scores) == hands == final.hand_number
        assert final.scores == tuple(map(sum, zip(*final.hand_scores)))


def test_a_game_is_one_hand_as_the_rulebook_ends_it_at_the_arrest():
    # "the game ends and the points are counted" at a successful arrest: one hand, unless ``hands`` says more
    assert rules.new(1).hands_in_game == 1
    state = rig([[ARREST, TRAIN], [TRAIN], [HANSOM, CLAY], [COUNTRY]], on=AT_LONDON)
    final = act(state, Play(0, ARREST, 2), Answer(2, False))
    assert final.finished and rules.outcome(final) == Outcome((0,), final.scores)
    assert rules.legal_actions(final) == []
    longer = rig([[ARREST, TRAIN], [TRAIN], [HANSOM, CLAY], [COUNTRY]], on=AT_LONDON, options={"hands": 3})
    assert not act(longer, Play(0, ARREST, 2), Answer(2, False)).finished


def test_an_escape_or_a_cold_trail_ends_a_one_hand_game_too():
    escaped = rules.play(rig([[MORAN], [TRAIN], [HANSOM]], pile=REST, on=AT_LONDON), PlayVillains(0))
    assert escaped.finished and rules.outcome(escaped).winners == (0,)
    cold = act(rig([[I_SUSPECT], [I_SUSPECT], [CLUE]], pile=[], on=TRAIN_FROM_LONDON), Draw(0), Draw(1), Draw(2))
    assert cold.finished and rules.outcome(cold).winners == (0, 1, 2)


def test_the_lowest_total_wins_and_ties_share():
    state = rig([[TRAIN], [TRAIN], [HANSOM], [CLUE]], on=AT_LONDON)
    assert rules.outcome(state) is None
    over = replace(state, finished=True, scores=(12, -3, -3, 40))
    assert rules.outcome(over) == Outcome((1, 2), (12, -3, -3, 40))
    over = replace(state, finished=True, scores=(5, 6, 7, 8))
    assert rules.outcome(over).winners == (0,)


def test_nothing_may_be_done_once_the_game_is_over():
    final = rules.play(rig([[MORIARTY], [TRAIN], [HANSOM]], pile=REST, on=AT_LONDON, hands_in_game=1),
                       PlayVillains(0))
    assert rules.legal_actions(final) == [] and moves(rules.view(final, 1)) == []
    refused(final, Draw(1), "The game is over")


# --- options and refusals ---------------------------------------------------------------------------


@pytest.mark.parametrize("options,fragment", [
    ({"players": 2}, "for 3 to 6 players, not 2"),
    ({"players": 7}, "for 3 to 6 players, not 7"),
    ({"players": "4"}, "for 3 to 6 players"),
    ({"hands": 0}, "at least one hand, not 0"),
    ({"hands": -2}, "at least one hand"),
    ({"bribe": 3}, "There is no scoring value called 'bribe'"),
    ({"captured": "lots"}, "Scoring values are whole numbers"),
    ({"captured": True}, "Scoring values are whole numbers"),
    ({"names": ["Ann", "Ann", "Bob", "Cy"]}, "Give every player a different name"),
    ({"names": ["Ann", "Bob"]}, "Give every player a name: 4 names, not 2"),
])
def test_bad_options_are_refused_with_a_sentence(options, fragment):
    with pytest.raises(ValueError, match=re.escape(fragment)):
        rules.new(1, **options)


@pytest.mark.parametrize("seed", ["x", 1.5, None, True])
def test_a_seed_must_be_a_whole_number(seed):
    with pytest.raises(ValueError, match="A seed is a whole number"):
        rules.new(seed)


def test_names_are_the_players():
    state = rules.new(3, players=3, names=["Ann", "Bob", "Cy"])
    assert state.names == ("Ann", "Bob", "Cy") and state.players == 3


def test_moves_of_the_wrong_shape_are_refused_and_change_nothing():
    state = rig([[TRAIN, ARREST, CLUE], [TRAIN], [HANSOM], [COUNTRY]], on=AT_LONDON)
    refused(state, "Train", "That is not a move of this game.")
    refused(state, Play(9, TRAIN), "There is no player number 9 at this table.")
    refused(state, Play(-1, TRAIN), "There is no player number -1")
    refused(state, Play(0, "Banana"), "There is no card called 'Banana'.")
    refused(state, Play(0, HOLMES, 1), "You hold no Holmes.")
    refused(state, Play(0, TRAIN, 1), "Train names nobody.")
    refused(state, Play(0, ARREST), "Arrest names another player: choose one of Player 2, Player 3, Player 4")
    refused(state, Play(0, ARREST, 0), "Arrest names another player, not yourself.")
    refused(state, Play(0, ARREST, 7), "choose one of")
    refused(state, Play(1, TRAIN), "It is Player 1's turn.")
    refused(state, PassCard(0, TRAIN), "Nothing is waiting for that now.")


def test_fields_of_the_wrong_type_are_refused_with_a_sentence():
    # ``Play(0, ARREST, 1.0) == Play(0, ARREST, 1)`` in Python: the engine checks the types itself
    state = rig([[TRAIN, ARREST, CLUE], [TRAIN], [HANSOM], [COUNTRY]], on=AT_LONDON)
    named = act(state, Play(0, ARREST, 1))
    for table, action, sentence in [(state, Play(0, ARREST, 1.0), "A move's target cannot be 1.0."),
                                    (state, Play(True, TRAIN), "A move's player cannot be True."),
                                    (state, Play(0, 3), "A move's card cannot be 3."),
                                    (named, Answer(1, 0), "A move's alibi cannot be 0.")]:
        before = copy.deepcopy(table)
        with pytest.raises(IllegalAction, match=re.escape(sentence)):
            rules.play(table, action)
        assert table == before


def test_a_refusal_never_echoes_a_long_input_back():
    state = rig([[TRAIN, ARREST, CLUE], [TRAIN], [HANSOM], [COUNTRY]], on=AT_LONDON)
    with pytest.raises(IllegalAction) as refusal:
        rules.play(state, Play(0, "x" * 5000))
    assert str(refusal.value).startswith("There is no card called 'xxx") and len(str(refusal.value)) < 80


def test_an_illegal_move_leaves_a_game_in_progress_untouched():
    state = rules.play(rules.new(21, players=5), rules.legal_actions(rules.new(21, players=5))[0])
    before = copy.deepcopy(state)
    for action in [Draw((state.turn + 1) % 5), Keep(state.turn), Answer(state.turn, True),
                   PlayVillains(state.turn), Play(state.turn, AFOOT)]:
        with pytest.raises(IllegalAction):
            rules.play(state, action)
        assert state == before
    assert all_cards(state) == all_cards(before)
