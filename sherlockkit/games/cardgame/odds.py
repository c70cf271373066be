"""Exact odds of The Sherlock Holmes Card Game: will a hand hold a card that fits?

On your turn you must play a card that may follow the table's last card (see
``legality.py``), or draw. For a hand of n cards dealt uniformly from a deck of N cards,
K of which may follow the table and V of which are Villains, the hand has no card that
fits with chance C(N-K, n) / C(N, n). Villains never follow anything, so the hands made
of Villains only -- C(V, n) of them -- are among those C(N-K, n); but such a hand may
always go down (the holder escapes), so they are not stuck. Hence

    P(a legal play) = 1 - (C(N-K, n) - C(V, n)) / C(N, n),

and the Villain exception matters only for n <= V (n <= 4 with the published deck).

Everything here is a ``sympy.Rational`` worked out with whole-number binomials; a whole
table over the legality graph takes milliseconds. The tests hold these values against
hand counts, brute force over small decks, sampling and hands the engine deals.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from math import comb
from typing import NamedTuple

from sympy import Rational

from sherlockkit.games.cardgame import legality, rules
from sherlockkit.games.cardgame.cards import AFOOT, ALIBI, COPIES, KINDS, VILLAINS
from sherlockkit.games.cardgame.legality import Top
from sherlockkit.games.cardgame.state import Draw, Play

#: the kinds a player may put down, in turn, on the table's last card. The opening card,
#: the Alibi (played only in answer, out of turn) and the Villains (only as the last
#: cards of a hand) never are.
IN_TURN: tuple[str, ...] = tuple(k for k in KINDS if k not in VILLAINS and k not in (AFOOT, ALIBI))


def deck_without_top(top: Top) -> Counter:
    """The default deck of these odds: the 108 cards less one copy of ``top.card``, the
    card lying face up on the table."""
    deck = Counter(COPIES)
    deck[top.card] -= 1
    return deck


def _deck(deck, top: Top) -> Counter:
    """``deck`` as a Counter of kinds (``None``: :func:`deck_without_top`)."""
    if deck is None:
        return deck_without_top(top)
    counted = Counter(deck) if not isinstance(deck, Mapping) else Counter(dict(deck))
    for kind, n in counted.items():
        if kind not in COPIES:
            raise ValueError(f"There is no card called {kind!r}.")
        if not isinstance(n, int) or n < 0:
            raise ValueError(f"A deck holds a whole number of copies of {kind}, not {n!r}.")
    return counted


def _check_hand(n: int, size: int) -> None:
    if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= size:
        raise ValueError(f"A hand holds 1 to {size} cards of this deck, not {n!r}.")


def followers(top: Top) -> dict[str, int]:
    """The kinds a player may put down, in turn, when ``top`` is the table's last card
    that counts, with their copies among the 108 cards (Holmes, Watson and Mycroft
    included where they may go; the Alibi and the Villains never)."""
    return {kind: COPIES[kind] for kind in IN_TURN if legality.may_follow(kind, top)}


def counts(top: Top, deck=None) -> tuple[int, int, int]:
    """(N, K, V): the cards of ``deck``, how many of them may follow ``top``, and how
    many are Villains."""
    cards = _deck(deck, top)
    fit = followers(top)
    return (sum(cards.values()), sum(cards[k] for k in fit), sum(cards[v] for v in VILLAINS))


def legal_play_probability(top: Top, n: int, deck=None) -> Rational:
    """The exact chance that a hand of ``n`` cards, dealt uniformly from ``deck``, lets
    its holder put a card down on ``top``: it holds a card that may follow, or it is
    made of Villains only (the holder goes out). Its complement is the chance of having
    to draw.

    ``deck`` is a mapping kind -> copies, or a list of cards; by default the 108 cards
    less one copy of ``top.card`` (the card on the table), which ignores the other cards
    already played or held elsewhere.
    """
    big, fit, villains = counts(top, deck)
    _check_hand(n, big)
    stuck = comb(big - fit, n) - comb(villains, n)
    return 1 - Rational(stuck, comb(big, n))


def must_draw_probability(top: Top, n: int, deck=None) -> Rational:
    """The exact chance that a hand of ``n`` cards from ``deck`` holds nothing to put
    down on ``top``, so its holder must draw."""
    return 1 - legal_play_probability(top, n, deck)


def turn_probabilities(top: Top, n: int, deck=None) -> dict[str, Rational]:
    """How a turn on ``top`` goes for a hand of ``n`` cards from ``deck``, exactly:

    - ``"play"``: the hand holds a card that may follow;
    - ``"go out"``: the hand is Villains only, and they go down;
    - ``"draw and play"``: nothing fits, and the card drawn (from the rest of ``deck``)
      does -- the draw pile is taken to be the rest of the deck, shuffled;
    - ``"draw and keep"``: nothing fits, nor does the card drawn.

    The four add up to 1.
    """
    big, fit, villains = counts(top, deck)
    _check_hand(n, big)
    hands = comb(big, n)
    stuck = comb(big - fit, n) - comb(villains, n)
    rescue = Rational(fit, big - n) if big > n else Rational(0)
    return {
        "play": Rational(hands - comb(big - fit, n), hands),
        "go out": Rational(comb(villains, n), hands),
        "draw and play": Rational(stuck, hands) * rescue,
        "draw and keep": Rational(stuck, hands) * (1 - rescue),
    }


def expected_followers(top: Top, n: int, deck=None) -> Rational:
    """The mean number of cards in a hand of ``n`` that may follow ``top``: n K / N."""
    big, fit, _ = counts(top, deck)
    _check_hand(n, big)
    return Rational(n * fit, big)


def legal_play_table(n: int = 6, deck=None) -> dict[str, Rational]:
    """For every state of the legality graph, by its label, the exact chance that a hand
    of ``n`` cards can put a card down on it (see :func:`legal_play_probability`; with
    ``deck=None`` each state uses the 108 cards less its own top card)."""
    return {top.label: legal_play_probability(top, n, deck) for top in _tops()}


def _tops() -> list[Top]:
    return sorted(legality.legality_graph(), key=lambda t: t.label)


def sample_legal_play(top: Top, n: int, hands: int, seed: int, deck=None) -> float:
    """Deal ``hands`` random hands of ``n`` from the same deck as
    :func:`legal_play_probability` and return the share that can put a card down on
    ``top`` -- a Monte Carlo check of the exact value."""
    cards = sorted(_deck(deck, top).elements())
    _check_hand(n, len(cards))
    fit = set(followers(top))
    rng = random.Random(seed)
    good = 0
    for _ in range(hands):
        hand = rng.sample(cards, n)
        good += any(c in fit for c in hand) or all(c in VILLAINS for c in hand)
    return good / hands


# --- what may never follow what -------------------------------------------------------------------

def follow_matrix() -> dict[str, dict[str, bool]]:
    """For each kind that can be the table's last card that counts (over the states of
    the legality graph) and each kind in :data:`IN_TURN`: whether that kind may ever be
    put down, in turn, right on it (in at least one kind of place)."""
    tops = _tops()
    on_kinds = [k for k in KINDS if any(t.card == k for t in tops)]
    return {on: {card: any(legality.may_follow(card, t) for t in tops if t.card == on) for card in IN_TURN}
            for on in on_kinds}


def never_follows() -> list[tuple[str, str]]:
    """Every pair (last card, card) such that ``card`` can never be put down, in turn,
    directly on ``last card``, wherever the game is; kinds in the order of the card list."""
    return [(on, card) for on, row in follow_matrix().items() for card, ok in row.items() if not ok]


class Breadth(NamedTuple):
    """How open a kind of card is, in turn: ``takes``, how many kinds may ever be put down
    right on it (``None`` if it never lies on top of the line: Holmes, Watson, Mycroft);
    ``goes_on``, on how many kinds it may itself ever be put down (``None`` if it never
    goes down in turn: the opening card and the Alibi)."""

    takes: int | None
    goes_on: int | None


def follow_breadth() -> dict[str, Breadth]:
    """The rows and the columns of :func:`follow_matrix`, counted: for each kind of card
    but the Villains (which never go down in turn, nor lie under a card), in the order of
    the card list, how many kinds may go on it and on how many it may go."""
    matrix = follow_matrix()
    return {kind: Breadth(sum(matrix[kind].values()) if kind in matrix else None,
                          sum(row[kind] for row in matrix.values()) if kind in IN_TURN else None)
            for kind in KINDS if kind in matrix or kind in IN_TURN}


# --- the deal ------------------------------------------------------------------------------------

def villain_at_deal(players: int = 4) -> dict[str, Rational]:
    """Where the Villain dealt into the hands lies, exactly: with the opener (who holds
    "The game is afoot!" and five other cards) or with one given other player.

    The deal shuffles "The game is afoot!", one Villain and 6 x players - 2 other cards
    and deals six each, so the opener's five other cards and the others' six are a
    uniform share of the 6 x players - 1 cards that are not the opening card."""
    rest = 6 * players - 1
    return {"opener": Rational(5, rest), "each other player": Rational(6, rest)}


def second_seat_legal_play(players: int = 4) -> Rational:
    """The exact chance that the player after the opener, with the six cards dealt, can
    answer "The game is afoot!" (only a Train, a Hansom or Thick Fog may).

    Their hand is not six cards of the 107 that are not the opening card: the deal puts
    exactly one Villain among the hands. With chance 6 / (6 x players - 1) that Villain
    is theirs, with five of the 103 other cards; otherwise they hold six of those 103.
    Either way a Villain does not help, and one Villain never makes a hand of Villains
    only."""
    top = legality.START
    others = Counter({k: c for k, c in COPIES.items() if k != AFOOT and k not in VILLAINS})
    big, fit, _ = counts(top, others)
    with_villain = Rational(6, 6 * players - 1)
    stuck = with_villain * Rational(comb(big - fit, 5), comb(big, 5)) + \
        (1 - with_villain) * Rational(comb(big - fit, 6), comb(big, 6))
    return 1 - stuck


def dealt_second_seat_share(players: int = 4, deals: int = 2000) -> float:
    """What the engine says of :func:`second_seat_legal_play`: of ``deals`` games dealt
    by ``rules.new`` (seeds 0 to ``deals`` - 1, ``players`` at the table), the share in
    which the player after the opener, once "The game is afoot!" is down, has a card to
    put down rather than having to draw. It plays the engine's moves, not these formulas."""
    good = 0
    for seed in range(deals):
        state = rules.new(seed, players=players)
        state = rules.play(state, Play(state.turn, AFOOT))
        good += rules.legal_actions(state, state.turn) != [Draw(state.turn)]
    return good / deals


def movement_count_distribution(n: int = 6, deck=None) -> dict[int, Rational]:
    """For a hand of ``n`` cards from ``deck`` (default: the 107 cards other than "The
    game is afoot!"), the exact chance of holding exactly j movement cards, for each j:
    the cards that answer the opening."""
    top = legality.START
    big, fit, _ = counts(top, deck)
    _check_hand(n, big)
    return {j: Rational(comb(fit, j) * comb(big - fit, n - j), comb(big, n)) for j in range(min(n, fit) + 1)}

