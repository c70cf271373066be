"""One test (at least) per rule clause of The Sherlock Holmes Card Game, and per decision
the book's rules-decisions page states: the cards, the deal, what may follow what, and the
options and refusals. What the cards do is in ``test_effects.py``, drawing, Villains and
the score in ``test_hands.py``. Tables are rigged with ``table.rig``."""

from __future__ import annotations

import copy
import re
from collections import Counter

import pytest

from sherlockkit.engine import IllegalAction
from sherlockkit.games.cardgame import cards, rules
from sherlockkit.games.cardgame.cards import (
    AFOOT, ALIBI, ARREST, BAKER_STREET, CLUE, COUNTRY, DISGUISE, HANSOM, HOLMES, I_SUSPECT, IN_COUNTRY, IN_LONDON,
    INSPECTOR, LONDON, MORIARTY, MYCROFT, SCOTLAND_YARD, TELEGRAM, THICK_FOG, TRAIN, VILLAINS, WATSON,
)
from sherlockkit.games.cardgame.legality import START, Top
from sherlockkit.games.cardgame.state import TARGETED, Answer, Draw, Keep, PassCard, Play, PlayVillains

from .table import (
    AT_BAKER_STREET, AT_COUNTRY, AT_LONDON, AT_YARD, CLUE_C, CLUE_L, FOG, HANSOM_IN_COUNTRY, HANSOM_IN_LONDON, REST,
    TRAIN_FROM_COUNTRY, TRAIN_FROM_LONDON, act, all_cards, assert_accounted, kinds_offered, name, refused, rig, top,
)


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
