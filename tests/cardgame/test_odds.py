"""The exact chance of holding a card that fits: against hand counts, brute force on small
decks, sampling, and the hands the engine deals."""

import math
from collections import Counter
from itertools import combinations, pairwise
from math import comb

import networkx as nx
import pytest
from sympy import Rational

from sherlockkit.games.cardgame import legality, odds, rules
from sherlockkit.games.cardgame.cards import (
    AFOOT, ALIBI, ARREST, BAKER_STREET, CLAY, CLUE, COUNTRY, DISGUISE, HANSOM, HOLMES, I_SUSPECT, IN_COUNTRY,
    IN_LONDON, INSPECTOR, LONDON, MILVERTON, MORAN, MORIARTY, MYCROFT, SCOTLAND_YARD, TELEGRAM, THICK_FOG,
    TRAIN, VILLAINS, WATSON,
)
from sherlockkit.games.cardgame.legality import START, Top
from sherlockkit.games.cardgame.state import Draw, Play

TOPS = sorted(legality.legality_graph(), key=lambda t: t.label)


# --- hand counts, from the card list of the rulebook ----------------------------------------------

def test_after_a_hansom_in_the_country_only_country_and_thick_fog_fit():
    # Hand count: after a Hansom the game stays in the Country, so of the Locations only
    # the Country (12 copies) fits; Thick Fog (3) follows any Hansom. Holmes, Watson and
    # Mycroft never follow a movement card. One Hansom lies on the table: 107 cards left.
    top = Top(HANSOM, IN_COUNTRY)
    assert odds.followers(top) == {COUNTRY: 12, THICK_FOG: 3}
    assert odds.counts(top) == (107, 15, 4)
    assert odds.legal_play_probability(top, 6) == 1 - Rational(comb(92, 6), comb(107, 6))
    # four cards: the one hand of the four Villains is not stuck
    assert odds.legal_play_probability(top, 4) == 1 - Rational(comb(92, 4) - 1, comb(107, 4))


def test_the_opening_card_is_answered_only_by_a_movement_card():
    # Hand count: Train 12 + Hansom 12 + Thick Fog 3 = 27 of the 107 cards that are not
    # "The game is afoot!".
    assert odds.followers(START) == {TRAIN: 12, HANSOM: 12, THICK_FOG: 3}
    assert odds.legal_play_probability(START, 6) == 1 - Rational(comb(80, 6), comb(107, 6))
    assert odds.movement_count_distribution(6)[0] == Rational(comb(80, 6), comb(107, 6))
    assert sum(odds.movement_count_distribution(6).values()) == 1


def test_baker_street_is_followed_by_fifty_five_cards():
    # Hand count: Clue 12, I Suspect 12, Disguise 4 (a London place), Train 12, Hansom 12,
    # Holmes, Watson and Mycroft 1 each = 55; no Arrest (not listed after Baker Street),
    # no Inspector (Scotland Yard only), no Telegram. 108 - one Baker Street = 107.
    top = Top(BAKER_STREET, IN_LONDON)
    assert odds.followers(top) == {TRAIN: 12, HANSOM: 12, CLUE: 12, I_SUSPECT: 12, DISGUISE: 4,
                                   HOLMES: 1, WATSON: 1, MYCROFT: 1}
    assert odds.legal_play_probability(top, 6) == 1 - Rational(comb(52, 6), comb(107, 6))
    # one card: one of the 55 that fit, or one of the 4 Villains (a lone Villain goes out)
    assert odds.legal_play_probability(top, 1) == Rational(59, 107)


def test_the_table_has_every_state_of_the_graph_and_proper_chances():
    table = odds.legal_play_table(6)
    assert set(table) == {t.label for t in TOPS} and len(table) == 24
    assert all(0 < p < 1 for p in table.values())
    # the information cards lead to the same followers in London and in the Country
    assert table["Clue · London"] == table["Clue · Country"]
    assert table["Hansom · London"] == table["Train · Country"] == table["Hansom · Country"]
    assert min(table, key=table.get) in {"Hansom · London", "Hansom · Country", "Train · London", "Train · Country"}
    assert max(table, key=table.get) == "221B Baker St."


@pytest.mark.parametrize("top", TOPS, ids=lambda t: t.label)
def test_chances_lie_in_zero_one_and_grow_with_the_hand(top):
    chances = [odds.legal_play_probability(top, n) for n in range(1, 31)]
    assert all(0 <= p <= 1 for p in chances)
    assert all(a <= b for a, b in pairwise(chances))
    # with more than N - K cards a follower is certain
    big, fit, _ = odds.counts(top)
    assert odds.legal_play_probability(top, big - fit + 1) == 1


def test_more_cards_can_hurt_when_the_deck_is_mostly_villains():
    """Growth in n is not a law: the Villain exception favours small hands. With four
    Villains and one Clue on the opening card, one card goes out 4 times in 5, two
    cards only 6 times in 10."""
    deck = {MORIARTY: 1, MORAN: 1, CLAY: 1, MILVERTON: 1, CLUE: 1}
    assert odds.legal_play_probability(START, 1, deck) == Rational(4, 5)
    assert odds.legal_play_probability(START, 2, deck) == Rational(6, 10)


# --- brute force on small decks ----------------------------------------------------------------

SMALL_DECKS = [
    {TRAIN: 2, COUNTRY: 2, CLUE: 1, MORIARTY: 1, MORAN: 1, HOLMES: 1},
    {HANSOM: 1, LONDON: 1, SCOTLAND_YARD: 1, INSPECTOR: 2, ARREST: 1, CLAY: 1, MILVERTON: 1, TELEGRAM: 1},
    {MORIARTY: 1, MORAN: 1, CLAY: 1, MILVERTON: 1, DISGUISE: 2, I_SUSPECT: 1, WATSON: 1, MYCROFT: 1},
]
SMALL_TOPS = [START, Top(TRAIN, IN_LONDON), Top(LONDON, IN_LONDON), Top(CLUE, IN_COUNTRY), Top(ALIBI, IN_LONDON),
              Top(THICK_FOG, legality.ANYWHERE), Top(SCOTLAND_YARD, IN_LONDON)]


def _cards(deck):
    return [kind for kind, n in deck.items() for _ in range(n)]


def _can_go(hand, top):
    return any(legality.may_follow(c, top) for c in hand) or all(c in VILLAINS for c in hand)


@pytest.mark.parametrize("deck", SMALL_DECKS)
def test_the_formula_equals_every_hand_counted(deck):
    cards = _cards(deck)
    for top in SMALL_TOPS:
        for n in range(1, len(cards) + 1):
            hands = list(combinations(range(len(cards)), n))
            good = sum(_can_go([cards[i] for i in hand], top) for hand in hands)
            assert odds.legal_play_probability(top, n, deck) == Rational(good, len(hands)), (top, n)
            # the same deck given as a list of cards
            assert odds.legal_play_probability(top, n, cards) == Rational(good, len(hands))


@pytest.mark.parametrize("deck", SMALL_DECKS)
def test_the_turn_outcomes_equal_every_hand_and_draw_counted(deck):
    """Every hand, then every other card as the one drawn: play, go out, draw and play,
    draw and keep."""
    cards = _cards(deck)
    for top in SMALL_TOPS:
        for n in range(1, len(cards)):
            seen = Counter()
            for hand in combinations(range(len(cards)), n):
                held = [cards[i] for i in hand]
                rest = [cards[i] for i in range(len(cards)) if i not in hand]
                for drawn in rest:  # each (hand, next card) pair is equally likely
                    if any(legality.may_follow(c, top) for c in held):
                        seen["play"] += 1
                    elif all(c in VILLAINS for c in held):
                        seen["go out"] += 1
                    elif legality.may_follow(drawn, top):
                        seen["draw and play"] += 1
                    else:
                        seen["draw and keep"] += 1
            total = sum(seen.values())
            exact = odds.turn_probabilities(top, n, deck)
            assert exact == {k: Rational(seen[k], total) for k in exact}, (top, n)
            assert sum(exact.values()) == 1


def test_the_villain_exception_only_matters_up_to_four_cards():
    # A deck where nothing answers the opening card but Villains go out: with K = 0 the
    # chance is exactly that of a hand of Villains only, C(4, n) / C(7, n).
    deck = {MORIARTY: 1, MORAN: 1, CLAY: 1, MILVERTON: 1, CLUE: 3}
    for n in range(1, 8):
        assert odds.legal_play_probability(START, n, deck) == Rational(comb(4, n), comb(7, n))
    assert odds.legal_play_probability(START, 4, deck) == Rational(1, 35)
    assert odds.legal_play_probability(START, 5, deck) == 0
    # the full deck: the exception adds C(4, n) / C(N, n) for n <= 4, and nothing after
    for top in TOPS:
        big, fit, villains = odds.counts(top)
        assert villains == 4
        for n in range(1, 9):
            naive = 1 - Rational(comb(big - fit, n), comb(big, n))
            extra = odds.legal_play_probability(top, n) - naive
            assert extra == Rational(comb(4, n), comb(big, n))
            assert (extra > 0) == (n <= 4)


# --- sampling and the engine --------------------------------------------------------------------

@pytest.mark.parametrize("label", ["The game is afoot!", "Hansom · Country", "Thick Fog", "Clue · London"])
def test_sampled_hands_agree_with_the_exact_chance(label):
    """20,000 sampled hands of six: within 4 binomial standard errors."""
    top = legality.node(label)
    p = float(odds.legal_play_probability(top, 6))
    hands = 20_000
    freq = odds.sample_legal_play(top, 6, hands, seed=7)
    assert abs(freq - p) < 4 * math.sqrt(p * (1 - p) / hands)
    # four cards, where the Villain exception counts
    p4 = float(odds.legal_play_probability(top, 4))
    assert abs(odds.sample_legal_play(top, 4, hands, seed=8) - p4) < 4 * math.sqrt(p4 * (1 - p4) / hands)


def _second_seat(seeds, players):
    """After the opener plays "The game is afoot!": can the next player put a card down?"""
    good = 0
    for seed in seeds:
        state = rules.new(seed, players=players)
        opener = state.turn
        state = rules.play(state, Play(opener, AFOOT))
        nxt = (opener + 1) % players
        good += rules.legal_actions(state, nxt) != [Draw(nxt)]
    return good / len(seeds)


@pytest.mark.parametrize("players", [3, 4, 6])
def test_the_engine_deals_second_hands_with_the_exact_chance(players):
    """The hand after the opener comes from the deal, not from the 107 cards: it holds the
    one dealt Villain with chance 6 / (6 players - 1) and otherwise six of the 103 cards
    that are neither Villains nor the opening card. 1,500 deals per table size; the
    frequency is within 4 binomial standard errors of the exact value."""
    n = 1500
    p = float(odds.second_seat_legal_play(players))
    freq = _second_seat(range(n), players)
    assert abs(freq - p) < 4 * math.sqrt(p * (1 - p) / n)
    # the simple model (six of the 107 cards) is off by less than 0.008 -- under one
    # standard error at this sample size, so sampling alone could not tell them apart
    simple = float(odds.legal_play_probability(START, 6))
    assert simple != p and abs(p - simple) < min(0.008, math.sqrt(p * (1 - p) / n))


def test_the_dealt_villain_is_where_the_exact_chances_say():
    """2,000 four-player deals: the opener holds the dealt Villain 5 times in 23, each
    other player 6 times in 23 (within 4 standard errors)."""
    n, opener_has = 2000, 0
    for seed in range(n):
        state = rules.new(seed, players=4)
        opener_has += any(c in VILLAINS for c in state.hands[state.turn])
    shares = odds.villain_at_deal(4)
    assert shares["opener"] + 3 * shares["each other player"] == 1
    p = float(shares["opener"])
    assert abs(opener_has / n - p) < 4 * math.sqrt(p * (1 - p) / n)


# --- what never follows what -------------------------------------------------------------------

def test_never_follows_agrees_with_the_graph_edges():
    graph = legality.legality_graph()
    played_on = {(u.card, card) for u, v, cards in graph.edges(data="cards") for card in cards}
    matrix = odds.follow_matrix()
    for on, row in matrix.items():
        for card, ok in row.items():
            assert ok == ((on, card) in played_on), (on, card)
    never = set(odds.never_follows())
    assert (TRAIN, HOLMES) in never and (HANSOM, HANSOM) in never
    assert (BAKER_STREET, ARREST) in never and (LONDON, ARREST) not in never
    assert (COUNTRY, MYCROFT) in never and (SCOTLAND_YARD, MYCROFT) not in never
    # nothing can be played twice in a row, except Holmes and Watson (they see through)
    repeatable = {card for on, card in played_on if on == card} - {ALIBI}
    assert repeatable == set()
    assert all(not matrix[k][k] for k in matrix if k in odds.IN_TURN)


def test_the_table_states_form_one_cycle_and_the_opening():
    graph = legality.legality_graph()
    components = sorted(nx.strongly_connected_components(graph), key=len)
    assert [len(c) for c in components] == [1, 23] and components[0] == {START}


def test_bad_hands_and_decks_are_refused_with_a_sentence():
    with pytest.raises(ValueError, match="1 to 107 cards"):
        odds.legal_play_probability(START, 0)
    with pytest.raises(ValueError, match="1 to 107 cards"):
        odds.legal_play_probability(START, 108)
    with pytest.raises(ValueError, match="no card called"):
        odds.legal_play_probability(START, 3, {"Lestrade": 2})
    with pytest.raises(ValueError, match="whole number"):
        odds.legal_play_probability(START, 3, {TRAIN: -1})


# --- the chapter's counts: how open each card is, and the engine's second seat -----------------

def test_follow_breadth_counts_the_rows_and_columns_of_the_matrix():
    matrix = odds.follow_matrix()
    breadth = odds.follow_breadth()
    assert set(breadth) == set(matrix) | set(odds.IN_TURN) and not set(breadth) & set(VILLAINS)
    for kind, (takes, goes_on) in breadth.items():
        assert takes == (sum(matrix[kind].values()) if kind in matrix else None)
        assert goes_on == (sum(row[kind] for row in matrix.values()) if kind in odds.IN_TURN else None)
    # by hand from the follow lists: a Telegram goes only on a Clue or the Country, and takes
    # a Train, a Hansom, Holmes and Watson; Scotland Yard takes nine kinds: a Train, a Hansom,
    # a Clue, a Disguise, an Inspector, an Arrest, Holmes, Watson and Mycroft
    assert breadth[TELEGRAM] == (4, 2)
    assert breadth[SCOTLAND_YARD].takes == 9
    assert breadth[HOLMES] == (None, 11) and breadth[WATSON] == (None, 11)
    assert breadth[ALIBI].goes_on is None and breadth[AFOOT] == (3, None)
    assert min((b.goes_on, k) for k, b in breadth.items() if b.goes_on is not None) == (2, TELEGRAM)
    assert max(breadth, key=lambda k: breadth[k].takes or 0) == SCOTLAND_YARD


@pytest.mark.parametrize("players", [3, 4])
def test_the_dealt_second_seat_share_is_the_engine_move_by_move(players):
    deals = 300
    share = odds.dealt_second_seat_share(players, deals)
    assert share == _second_seat(range(deals), players)
    p = float(odds.second_seat_legal_play(players))
    assert abs(share - p) < 4 * math.sqrt(p * (1 - p) / deals)
