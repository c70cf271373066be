"""Exact odds of a Sherlock Express round.

The alibis of a round come up in the order of a uniform shuffle of the alibi deck (the
piles are dealt from one shuffle and turned up round the table). What matters is the
*set* of traits face up after k alibis: the culprit is determined as soon as that set
clears all but at most one of the visible suspects.

Two exact methods, which the tests hold against each other and against brute force:

- by alibis turned up (``reveal_distribution``): the chance that the first k alibis show
  exactly the trait set S is an inclusion-exclusion over the subsets of S of
  C(cards of those traits, k) / C(deck, k);
- by new traits (``moriarty_probability``): given the traits seen so far, the next *new*
  trait is t with chance (copies of t) / (cards of unseen traits), a walk over the 512
  trait sets.

Everything is a ``sympy.Rational``; a display's whole analysis takes milliseconds.
"""

from __future__ import annotations

from collections import Counter
from math import comb
from typing import Iterable, Mapping, Sequence

from sympy import Rational

from sherlockkit.games.express.cards import ALIBIS, SUSPECTS, TRAITS, Suspect

FULL_DECK: Mapping[str, int] = Counter(ALIBIS)


def _trait_bits(alibis: Mapping[str, int]) -> tuple[list[str], list[int]]:
    traits = [t for t in TRAITS if alibis.get(t, 0) > 0]
    return traits, [alibis[t] for t in traits]


def _masks(display: Sequence[Suspect], traits: list[str]) -> list[int]:
    """Each visible suspect as the bit mask of the deck's traits that clear it."""
    index = {t: i for i, t in enumerate(traits)}
    return [sum(1 << index[t] for t in s.traits if t in index) for s in display]


def _uncleared(masks: list[int], seen: int) -> int:
    return sum(1 for m in masks if not m & seen)


def _check(display: Sequence[Suspect], alibis: Mapping[str, int]) -> None:
    if not display or any(s not in SUSPECTS for s in display) or len(set(display)) != len(display):
        raise ValueError("A display is a list of different suspects from SUSPECTS.")
    if any(t not in TRAITS or not isinstance(n, int) or n < 0 for t, n in alibis.items()):
        raise ValueError("An alibi deck maps each of the nine traits to a number of copies.")


def reveal_distribution(display: Sequence[Suspect], alibis: Mapping[str, int] = FULL_DECK) -> dict[int, Rational]:
    """For each k, the exact chance that the culprit is first determined (at most one
    visible suspect left uncleared) when the k-th alibi is turned up.

    Keys run over the k that can happen; if the deck can run out with the culprit still
    unknown (a small deck), the probabilities sum to less than 1.
    """
    _check(display, alibis)
    traits, copies = _trait_bits(alibis)
    masks = _masks(display, traits)
    return _first_times(_determined_by_count(tuple(masks), tuple(copies)))


def _first_times(by_k: list[Rational]) -> dict[int, Rational]:
    """From P(known after k alibis) for each k, the chance of being known first at k."""
    result, before = {}, Rational(0)
    for k, p in enumerate(by_k):
        if p != before:
            result[k] = p - before
        before = p
    return result


def _determined_by_count(masks: tuple[int, ...], copies: tuple[int, ...]) -> list[Rational]:
    """P(determined after the first k alibis), for k = 0 .. size of the deck."""
    n_traits, deck = len(copies), sum(copies)
    size = [sum(c for i, c in enumerate(copies) if mask >> i & 1) for mask in range(1 << n_traits)]
    determined = [mask for mask in range(1 << n_traits) if _uncleared(list(masks), mask) <= 1]
    # exact[mask][k] * C(deck, k) = number of k-card hands whose traits are exactly mask,
    # by inclusion-exclusion over the sub-masks of mask.
    counts = [0] * (deck + 1)
    for mask in determined:
        sub = mask
        while True:
            sign = -1 if (bin(mask).count("1") - bin(sub).count("1")) % 2 else 1
            cards = size[sub]
            for k in range(cards + 1):
                counts[k] += sign * comb(cards, k)
            if sub == 0:
                break
            sub = (sub - 1) & mask
    return [Rational(counts[k], comb(deck, k)) for k in range(deck + 1)]


def _new_trait_walk(masks: list[int], copies: list[int]) -> dict[int, Rational]:
    """The chance of passing through each trait set, walking one new trait at a time
    and stopping at the first determined set."""
    reach = {0: Rational(1)}
    stopped: dict[int, Rational] = {}
    frontier = [0]
    while frontier:
        following: dict[int, Rational] = {}
        for seen in frontier:
            p = reach[seen]
            if _uncleared(masks, seen) <= 1:
                stopped[seen] = stopped.get(seen, 0) + p
                continue
            unseen = [i for i in range(len(copies)) if not seen >> i & 1]
            left = sum(copies[i] for i in unseen)
            for i in unseen:
                nxt = seen | 1 << i
                following[nxt] = following.get(nxt, 0) + p * Rational(copies[i], left)
        reach.update(following)
        frontier = list(following)
    return stopped


def moriarty_probability(display: Sequence[Suspect], alibis: Mapping[str, int] = FULL_DECK) -> Rational:
    """The exact chance that the round ends with all the visible suspects cleared: one
    alibi clears the last two (or more) at once, so Moriarty is the culprit."""
    _check(display, alibis)
    traits, copies = _trait_bits(alibis)
    masks = _masks(display, traits)
    stopped = _new_trait_walk(masks, copies)
    return sum((p for seen, p in stopped.items() if _uncleared(masks, seen) == 0), Rational(0))


def new_traits_distribution(display: Sequence[Suspect], alibis: Mapping[str, int] = FULL_DECK) -> dict[int, Rational]:
    """For each m, the chance that the culprit is determined by the m-th *different*
    trait turned up (repeats do nothing, so this is the round's real length in clues)."""
    _check(display, alibis)
    traits, copies = _trait_bits(alibis)
    masks = _masks(display, traits)
    result: dict[int, Rational] = {}
    for seen, p in _new_trait_walk(masks, copies).items():
        m = bin(seen).count("1")
        result[m] = result.get(m, 0) + p
    return dict(sorted(result.items()))


def expected_reveals(display: Sequence[Suspect], alibis: Mapping[str, int] = FULL_DECK) -> Rational:
    """The mean number of alibis turned up before the culprit is determined."""
    return sum((k * p for k, p in reveal_distribution(display, alibis).items()), Rational(0))


# --- averages over every display --------------------------------------------------------

def _display_chance_determined(seen: Iterable[str], shown: int = 6) -> Rational:
    """Over a random display of ``shown`` suspects, the chance that the traits ``seen``
    leave at most one of them uncleared."""
    seen = set(seen)
    hidden = sum(1 for s in SUSPECTS if s.traits.isdisjoint(seen))
    rest = len(SUSPECTS) - hidden
    ways = comb(rest, shown) + hidden * comb(rest, shown - 1)
    return Rational(ways, comb(len(SUSPECTS), shown))


def average_reveal_distribution() -> dict[int, Rational]:
    """``reveal_distribution`` averaged over all C(27, 6) displays, exactly.

    By linearity the average only needs, for every trait set, the chance that a random
    display is determined by it -- a count of suspects, not a loop over 296,010 displays.
    """
    deck = sum(FULL_DECK.values())
    copies = FULL_DECK[TRAITS[0]]
    by_k = []
    weight = {}
    for mask in range(1 << len(TRAITS)):
        seen = [t for i, t in enumerate(TRAITS) if mask >> i & 1]
        weight[mask] = _display_chance_determined(seen)
    for k in range(deck + 1):
        total = Rational(0)
        for mask, w in weight.items():
            if w == 0:
                continue
            m = bin(mask).count("1")
            hands = sum((-1) ** (m - j) * comb(m, j) * comb(copies * j, k) for j in range(m + 1))
            total += w * Rational(hands, comb(deck, k))
        by_k.append(total)
    return _first_times(by_k)


def average_moriarty_probability() -> Rational:
    """The chance of a Moriarty round over a random display, exactly.

    With equal copies of every trait the order in which new traits appear is a uniform
    ordering of the nine, so a Moriarty round is a trait set S left with two or more
    uncleared, followed by a trait t that clears them all.
    """
    n = len(TRAITS)
    total = Rational(0)
    for mask in range(1 << n):
        seen = [t for i, t in enumerate(TRAITS) if mask >> i & 1]
        m = len(seen)
        if m == n:
            continue
        reach = Rational(1, comb(n, m)) * Rational(1, n - m)
        for t in TRAITS:
            if t in seen:
                continue
            total += reach * _display_chance_jump(seen, t)
    return total


def _display_chance_jump(seen: list[str], trait: str, shown: int = 6) -> Rational:
    """Over a random display: P(two or more uncleared by ``seen``, none after ``trait``)."""
    seen_set = set(seen)
    hidden_before = [s for s in SUSPECTS if s.traits.isdisjoint(seen_set)]
    # every suspect hidden before must carry ``trait``; at least two of them on display
    carrying = sum(1 for s in hidden_before if trait in s.traits)
    cleared = len(SUSPECTS) - len(hidden_before)
    ways = sum(comb(carrying, j) * comb(cleared, shown - j) for j in range(2, shown + 1))
    return Rational(ways, comb(len(SUSPECTS), shown))
