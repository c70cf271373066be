"""The exact round odds: against hand values, brute force on small decks, and the engine."""

import math
import random
from itertools import permutations

import pytest
from sympy import Rational

from sherlockkit.games.express import bots, odds, rules
from sherlockkit.games.express.cards import SUSPECTS, Suspect
from sherlockkit.games.express.state import DECK, Reveal, Slap

from .table import DISPLAY


def brute_force(display, alibis):
    """Every distinct order of a small alibi deck, played out: (first k, Moriarty?) counts."""
    cards = [t for t, n in alibis.items() for _ in range(n)]
    orders = set(permutations(cards))
    by_k, moriarty = {}, 0
    for order in orders:
        seen = set()
        for k, trait in enumerate(order, start=1):
            seen.add(trait)
            left = [s for s in display if s.traits.isdisjoint(seen)]
            if len(left) <= 1:
                by_k[k] = by_k.get(k, 0) + 1
                moriarty += not left
                break
    total = len(orders)
    return {k: Rational(v, total) for k, v in sorted(by_k.items())}, Rational(moriarty, total)


SMALL_DECKS = [
    {"tiger": 2, "panda": 1, "koala": 1, "moustache": 1, "garden": 1},
    {"tiger": 1, "panda": 2, "library": 2, "monocle": 1, "tea room": 1},
    {"koala": 1, "bowler hat": 2, "moustache": 1, "garden": 1, "library": 1, "tea room": 1},
]


@pytest.mark.parametrize("alibis", SMALL_DECKS)
def test_reveal_distribution_matches_brute_force_on_small_decks(alibis):
    expected, _ = brute_force(DISPLAY, alibis)
    assert odds.reveal_distribution(DISPLAY, alibis) == expected


@pytest.mark.parametrize("alibis", SMALL_DECKS)
def test_moriarty_probability_matches_brute_force_on_small_decks(alibis):
    _, expected = brute_force(DISPLAY, alibis)
    assert odds.moriarty_probability(DISPLAY, alibis) == expected


def test_a_display_of_six_tigers_is_decided_by_a_first_tiger():
    tigers = tuple(s for s in SUSPECTS if s.animal == "tiger")[:6]
    # Hand value: only "tiger" (4 cards of 36) clears five or more of them at once.
    assert odds.reveal_distribution(tigers)[1] == Rational(4, 36)
    assert sum(odds.reveal_distribution(tigers).values()) == 1


def test_first_alibi_decides_only_when_one_trait_clears_five():
    # Hand value: with DISPLAY no trait clears five suspects, so k=1 is impossible.
    assert 1 not in odds.reveal_distribution(DISPLAY)
    # and each trait clears exactly two of DISPLAY: two traits clear at most four
    assert 2 not in odds.reveal_distribution(DISPLAY)


def test_distributions_sum_to_one_for_the_full_deck():
    rng = random.Random(3)
    for _ in range(5):
        display = rng.sample(SUSPECTS, 6)
        assert sum(odds.reveal_distribution(display).values()) == 1
        assert sum(odds.new_traits_distribution(display).values()) == 1
        assert 0 <= odds.moriarty_probability(display) <= 1


def test_two_exact_methods_agree_on_the_full_deck():
    """Counting alibis and walking over new traits are different computations. With equal
    copies, which trait comes next is independent of when it comes, so the mean number of
    alibis is the mean, over the walk's stopping trait count m, of the mean position of
    the m-th different trait."""
    mean_k = odds.expected_reveals(DISPLAY)
    walk = odds.new_traits_distribution(DISPLAY)
    assert mean_k == sum(p * _mean_position(m, 9, 4) for m, p in walk.items())


def _mean_position(m, n, c):
    """Exact mean number of cards turned up until m different traits have appeared."""
    deck = n * c
    # P(fewer than m traits among the first k cards) summed over k = E[position]
    total = Rational(0)
    for k in range(deck + 1):
        fewer = Rational(0)
        for d in range(m):
            exact = sum((-1) ** (d - j) * math.comb(d, j) * math.comb(c * j, k) for j in range(d + 1))
            fewer += math.comb(n, d) * Rational(exact, math.comb(deck, k))
        total += fewer
    return total


def test_average_over_displays_sums_to_one():
    average = odds.average_reveal_distribution()
    assert sum(average.values()) == 1
    assert 0 < odds.average_moriarty_probability() < 1


@pytest.mark.slow
def test_average_over_displays_matches_a_loop_over_sampled_displays():
    """Sampling 300 displays and averaging the per-display exact values must come near
    the exact average (tolerance: 4 standard errors of the sample mean)."""
    rng = random.Random(11)
    values = [odds.moriarty_probability(rng.sample(SUSPECTS, 6)) for _ in range(300)]
    mean = sum(values) / len(values)
    spread = math.sqrt(sum((float(v) - float(mean)) ** 2 for v in values) / (len(values) - 1))
    assert abs(float(mean) - float(odds.average_moriarty_probability())) < 4 * spread / math.sqrt(len(values))


def _first_round(state, table):
    """Round 1 of ``state`` played by the bots of ``table``: (alibis turned up, Moriarty?)."""
    _, moves = bots.play_out(state, table, rounds=1)
    slap = moves[-1]
    assert isinstance(slap, Slap)  # instant bots never slap wrongly: the round ended on a right slap
    return sum(isinstance(m, Reveal) for m in moves), slap.slot == DECK


def _engine_rounds(n_games):
    """First rounds of bot-only games with instant experts: (alibis turned up, Moriarty?)."""
    instant = bots.Level("instant", (0.0, 0.0), 0.0, 1.0)
    results = []
    for seed in range(n_games):
        table = {p: bots.Bot(p, instant, random.Random(seed)) for p in range(4)}
        results.append(_first_round(rules.new(seed, players=4), table))
    return results


@pytest.mark.slow
@pytest.mark.exhaustive
def test_the_engine_agrees_with_the_exact_average():
    """4,000 dealt first rounds; each frequency within 4 binomial standard errors."""
    results = _engine_rounds(4000)
    n = len(results)
    p_moriarty = odds.average_moriarty_probability()
    seen = sum(m for _, m in results) / n
    assert abs(seen - float(p_moriarty)) < 4 * math.sqrt(float(p_moriarty * (1 - p_moriarty)) / n)
    for k, p in odds.average_reveal_distribution().items():
        freq = sum(1 for r, _ in results if r == k) / n
        assert abs(freq - float(p)) < 4 * math.sqrt(float(p * (1 - p)) / n) + 1 / n


def test_the_engine_agrees_with_one_fixed_display():
    """The exact distribution of one display against 3,000 engine rounds dealt on it."""
    from dataclasses import replace

    instant = bots.Level("instant", (0.0, 0.0), 0.0, 1.0)
    counts, n = {}, 3000
    for seed in range(n):
        state = rules.new(seed, players=3)
        rest = tuple(s for s in SUSPECTS if s not in DISPLAY)
        state = replace(state, display=DISPLAY, suspect_deck=rest)
        table = {p: bots.Bot(p, instant, random.Random(seed)) for p in range(3)}
        k, _ = _first_round(state, table)
        counts[k] = counts.get(k, 0) + 1
    for k, p in odds.reveal_distribution(DISPLAY).items():
        assert abs(counts.get(k, 0) / n - float(p)) < 4 * math.sqrt(float(p * (1 - p)) / n) + 1 / n


def test_bad_displays_are_refused_with_a_sentence():
    with pytest.raises(ValueError, match="different suspects"):
        odds.reveal_distribution([DISPLAY[0], DISPLAY[0]])
    with pytest.raises(ValueError, match="different suspects"):
        odds.moriarty_probability([Suspect("lion", "cane", "attic")])
    with pytest.raises(ValueError, match="nine traits"):
        odds.reveal_distribution(DISPLAY, {"unicorn": 2})
