"""Beyond Baker Street: games per second of each bot level against a bare loop, and the
exact belief against brute force and Monte Carlo.

*Games* (``ladder.play_case``): whole cases of Case File 1, every seat one bot level
(``bots.LEVELS``), at tables of 2 and 4. *Baseline*: the floor of a game -- a bare loop
that plays uniformly random legal moves straight from ``rules.legal_actions(state)``, no
views and no bots. Every repeat plays, at each table size, the floor for half its time,
each level (a different one first each repeat) from the same seeds, then the floor's other
half; the cost of a move of each level relative to the floor is taken repeat by repeat
(moves a second of the floor / moves a second of the level).

*Belief* (``odds.belief(view)``, exact whole counts): the views of the seat to move at
three stages of bot games (the fresh table, half-way, four fifths of the way) of the
inference bot, at tables of 2 and 4. *Baselines*, each paired with the exact count on the
same position: (a) brute force -- list every deal of the unseen cards into the player's
slots that fits what they have seen (told, and no card in sight since its slot was
filled), and count (only where there are at most
:data:`BRUTE_LIMIT` deals; the counts must equal the exact ones); (b) Monte Carlo --
:data:`SAMPLES` deals drawn uniformly among those that fit (each slot drawn from the cards
it may hold, the draw thrown away when a card comes twice), with the estimate's largest
error against the exact chances. *The searching bot's wait* (``search_waits``): whole cases of a team of searching bots
(``search.DEALS`` tables played out a searched move) at tables of 2, 3 and 4 on Case Files
1 and 6, every move timed in CPU time: the slowest move a case (the issue's brief: under a
second) and the mean move. *Its speed tricks* (``search_tricks``): whole searching cases with
each trick of CONTRIBUTING's speed table taken away (beliefs counted afresh; scores made
from Fractions), in turns with the bot as it is, in CPU time, and whether they played the
same moves.

Also: building every chance of a belief as SymPy
``Rational`` (sympy's cache cleared first) against ``fractions.Fraction``, which the table
and the bots use.
"""

from __future__ import annotations

import random
from contextlib import contextmanager
from time import perf_counter, process_time

from common import mean_time, ratios, row
from sherlockkit.games.bakerstreet import bots, inference, ladder, odds, rules, search
from sherlockkit.games.bakerstreet.state import Eliminate, Investigate, View

CASE = 1
TABLES = (2, 4)
#: brute force only on positions with at most this many deals
BRUTE_LIMIT = 200_000
#: the Monte Carlo baseline's sample of deals
SAMPLES = 10_000
#: where in a game the belief's positions are taken (fraction of its moves)
STAGES = {"fresh": 0.0, "mid": 0.5, "late": 0.8}


# --- games ----------------------------------------------------------------------------------------

def bare_game(players: int, seed: int) -> int:
    """A case played by uniformly random legal moves straight from the engine (no views,
    no bots); returns how many moves it lasted."""
    rng = random.Random(seed)
    state = rules.new(seed, players, CASE)
    moves = 0
    while rules.outcome(state) is None:
        state = rules.play(state, rng.choice(rules.legal_actions(state)))
        moves += 1
    return moves


def bot_game(level: str, players: int, seed: int) -> int:
    """A case played by a team of ``level`` bots (``ladder.play_case``); its number of moves."""
    return len(ladder.play_case(level, players, CASE, seed).moves)


def rate(play, budget: float, first_seed: int) -> tuple[float, float]:
    """Games a second and moves a second of ``play(seed)`` (which returns a game's moves),
    played from ``first_seed`` on for about ``budget`` seconds (at least one game)."""
    games = moves = 0
    start = perf_counter()
    while True:
        moves += play(first_seed + games)
        games += 1
        elapsed = perf_counter() - start
        if elapsed >= budget:
            return games / elapsed, moves / elapsed


def games_rows(repeats: int, budget: float, levels: tuple[str, ...] = bots.LEVELS) -> tuple[dict, list[dict]]:
    """Interleaved runs of the floor and every level of ``levels`` at each table size (the
    floor half before the levels and half after them): the raw rates and the table's rows
    (games/s, moves a game, cost of a move relative to the floor)."""
    kinds = ("bare",) + levels
    plays = {(kind, n): (lambda seed, n=n: bare_game(n, seed)) if kind == "bare"
             else (lambda seed, kind=kind, n=n: bot_game(kind, n, seed)) for kind in kinds for n in TABLES}
    for play in plays.values():  # warm up imports and caches
        play(10_000)
    games = {key: [] for key in plays}
    moves = {key: [] for key in plays}
    for r in range(repeats):
        for n in TABLES:
            # the floor before and after the levels (its mean is this repeat's floor), the
            # levels in a rotating order: a burst of load elsewhere falls on no level always
            before = rate(plays[("bare", n)], budget / 2, first_seed=r * 1000)
            order = levels[r % len(levels):] + levels[:r % len(levels)]
            for kind in order:
                g, m = rate(plays[(kind, n)], budget, first_seed=r * 1000)
                games[(kind, n)].append(g)
                moves[(kind, n)].append(m)
            after = rate(plays[("bare", n)], budget / 2, first_seed=r * 1000 + 500)
            games[("bare", n)].append((before[0] + after[0]) / 2)
            moves[("bare", n)].append((before[1] + after[1]) / 2)
    out = []
    for n in TABLES:
        for kind in kinds:
            label = "floor: random legal moves" if kind == "bare" else f"{kind} bots"
            per_game = [m / g for g, m in zip(games[(kind, n)], moves[(kind, n)])]
            out.append(row(f"{n}p {label}", games[(kind, n)], "games/s"))
            out.append(row(f"{n}p {label}: moves a game", per_game, "moves"))
        for kind in levels:
            out.append(row(f"{n}p ratio {kind}/floor cost per move", ratios(moves[("bare", n)], moves[(kind, n)]), "x"))
    raw = {f"{kind}/{n}p": {"games_per_s": games[(kind, n)], "moves_per_s": moves[(kind, n)]}
           for (kind, n) in plays}
    return raw, out


# --- the searching bot's wait ------------------------------------------------------------------------

def search_waits(seeds, tables=TABLES + (3,), cases=(1, 6)) -> tuple[dict, list[dict]]:
    """What a player waits for a searching teammate (``search.DEALS`` tables a searched
    move): whole cases of a searching team, every move timed in this process's CPU time;
    the slowest move of each case and the mean move, by table size and Case File."""
    raw, out = {}, []
    for n in sorted(tables):
        for case in cases:
            slowest, mean = [], []
            for seed in seeds:
                team = bots.make_bots({p: "search" for p in range(n)}, seed)
                state, times = rules.new(seed, n, case), []
                while rules.outcome(state) is None:
                    start = process_time()
                    move = team[state.turn].choose(rules.view(state, state.turn))
                    times.append(process_time() - start)
                    state = rules.play(state, move)
                slowest.append(max(times) * 1e3)
                mean.append(sum(times) / len(times) * 1e3)
            raw[f"{n}p case {case}"] = {"slowest_ms": slowest, "mean_ms": mean}
            out.append(row(f"search bot {n}p case {case}: slowest move", slowest, "ms"))
            out.append(row(f"search bot {n}p case {case}: mean move", mean, "ms"))
    return raw, out


# --- the searching bot's two speed tricks -----------------------------------------------------------

def card_moves_from_chances(view: View, options) -> list:
    """``inference.card_moves`` as it was before its whole-count scores: every chance made
    a ``Fraction`` (``odds.investigate_odds``, ``odds.eliminate_odds``) and the score
    worked out in them (the same scores, bit for bit: ``tests/bakerstreet/test_search.py``)."""
    belief = odds.belief(view)
    out = []
    for a in options:
        if isinstance(a, Investigate):
            o = odds.investigate_odds(view, a.card, a.lead, belief, rational=False)
            score = float(3 * o.exact + o.advance - 4 * o.kill - inference.INF_WRONG * o.wrong_icon)
        elif isinstance(a, Eliminate):
            o = odds.eliminate_odds(view, a.card, belief, rational=False)
            if o.over:
                continue
            crowded = len(view.impossible) >= view.impossible_limit
            score = float(2 * o.exact) + inference.INF_ELIM - (0.5 if crowded else 0)
        else:
            continue
        out.append((score, a))
    out.sort(key=lambda sa: -sa[0])
    return out


@contextmanager
def without(trick: str):
    """The searching bot without one of its speed tricks (CONTRIBUTING's speed table):
    ``"remembered beliefs"`` -- every belief counted afresh (``odds._deals_of``'s memory
    passed by); ``"whole-count scores"`` -- the inference bot's scores made from Fractions
    (:func:`card_moves_from_chances`); ``"none"`` -- as it is."""
    saved = odds._deals_of, inference.card_moves, search.card_moves
    if trick == "remembered beliefs":
        odds._deals_of = odds._deals_of.__wrapped__
    elif trick == "whole-count scores":
        inference.card_moves = search.card_moves = card_moves_from_chances
    try:
        yield
    finally:
        odds._deals_of, inference.card_moves, search.card_moves = saved


SEARCH_CELLS = ((2, 1), (3, 3))  # (players, Case File): the cell the ladder fills first, and a harder one


def search_tricks(seeds, cells=SEARCH_CELLS) -> tuple[dict, list[dict]]:
    """Whole cases of a searching team with each speed trick taken away, in turns with the
    bot as it is (the same seeds, a different one first each round), in CPU time: how much
    each trick saves, as (case without it) / (case now), and whether the moves were the same."""
    tricks = ("none", "remembered beliefs", "whole-count scores")
    cpu = {t: [] for t in tricks}
    same = []
    for r, (n, case, seed) in enumerate((n, case, seed) for seed in seeds for n, case in cells):
        moves = {}
        for trick in tricks[r % 3:] + tricks[:r % 3]:
            odds._deals_of.cache_clear()  # each case starts with nothing remembered
            with without(trick):
                start = process_time()
                moves[trick] = ladder.play_case("search", n, case, seed).moves
                cpu[trick].append(process_time() - start)
        same.append(float(len(set(moves.values())) == 1))
    out = [row("search case (players 2/3, Case File 1/3)", cpu["none"], "s CPU"),
           row("search: beliefs counted afresh / now", ratios(cpu["remembered beliefs"], cpu["none"]), "x"),
           row("search: scores from Fractions / now", ratios(cpu["whole-count scores"], cpu["none"]), "x"),
           row("search: the same moves every way (1 = yes)", same, "yes")]
    return {"cells": list(cells), "seeds": list(seeds), "cpu_s": cpu, "same_moves": same}, out


# --- positions and the baselines of the belief ------------------------------------------------------

def positions(seeds, tables=TABLES, level: str = "inference") -> list[tuple[str, View]]:
    """Views of the seat to move at each stage of :data:`STAGES` of the bot games dealt
    from ``seeds``: ``(label, view)``, the label "2p mid" and the like."""
    out = []
    for n in tables:
        for seed in seeds:
            game = ladder.play_case(level, n, CASE, seed)
            marks = {round(f * len(game.moves)): stage for stage, f in STAGES.items()}
            state = rules.new(seed, n, CASE)
            for i, action in enumerate(game.moves + (None,)):
                if i in marks:
                    out.append((f"{n}p {marks[i]}", rules.view(state, state.turn)))
                if action is not None:
                    state = rules.play(state, action)
    return out


def _allowed(view: View) -> tuple[tuple, list[list[int]]]:
    """The unseen cards, and for each slot of the player's hand the indices of those it may
    hold (``odds.possible``: what it was told, and not in sight since it was filled)."""
    cards = odds.unseen(view)
    return cards, [[j for j, ok in enumerate(row) if ok] for row in odds.possible(view, cards)]


def brute_force(view: View) -> tuple[int, list[list[int]]]:
    """Every deal of the unseen cards into the player's slots that fits what they have
    seen (:func:`_allowed`), listed one by one: how many there are, and for each slot how many put each
    unseen card (in ``odds.unseen`` order) there."""
    cards, allowed = _allowed(view)
    slots = len(allowed)
    ways = [[0] * len(cards) for _ in range(slots)]
    hand: list[int] = []
    deals = 0

    def place(s: int, used: int) -> None:
        nonlocal deals
        if s == slots:
            deals += 1
            for k, j in enumerate(hand):
                ways[k][j] += 1
            return
        for j in allowed[s]:
            if not used >> j & 1:
                hand.append(j)
                place(s + 1, used | 1 << j)
                hand.pop()

    place(0, 0)
    return deals, ways


def monte_carlo(view: View, rng: random.Random, samples: int = SAMPLES) -> tuple[list[list[float]], int]:
    """Estimated chance, for each slot, of each unseen card, from ``samples`` deals drawn
    uniformly among those that fit what the player has seen (each slot drawn from the cards
    it may hold; a draw is thrown away as soon as a card comes twice, which keeps the kept
    deals equally likely); also how many draws it took."""
    cards, allowed = _allowed(view)
    counts = [[0] * len(cards) for _ in allowed]
    kept = draws = 0
    choice = rng.choice
    while kept < samples:
        draws += 1
        used, hand = 0, []
        for options in allowed:
            j = choice(options)
            if used >> j & 1:
                break
            used |= 1 << j
            hand.append(j)
        else:
            kept += 1
            for k, j in enumerate(hand):
                counts[k][j] += 1
    return [[c / samples for c in slot] for slot in counts], draws


def largest_error(belief: odds.Belief, estimate: list[list[float]]) -> float:
    """The largest gap between an exact chance of ``belief`` and its estimate."""
    return max(abs(w / belief.deals - est[j])
               for row_, est in zip(belief.ways, estimate) for j, w in enumerate(row_[c] for c in belief.cards))


def all_chances(belief: odds.Belief, rational: bool) -> list:
    """Every chance of ``belief`` (each slot, each unseen card), as Rational or Fraction."""
    return [belief.chance(s, card, rational) for s in range(len(belief.ways)) for card in belief.cards]


def _timed(fn, *args):
    start = perf_counter()
    result = fn(*args)
    return perf_counter() - start, result


def belief_rows(seeds) -> tuple[dict, list[dict]]:
    """Each position's exact belief paired with brute force (where small enough), Monte
    Carlo and Rational / Fraction chances: the raw figures and the table's rows."""
    from sympy.core.cache import clear_cache

    found = positions(seeds)
    all_chances(odds.belief(found[0][1]), True)  # warm up sympy's import
    raw = []
    for i, (label, view) in enumerate(found):
        exact = mean_time(lambda: odds.belief(view))
        belief = odds.belief(view)
        rec = {"position": label, "deals": belief.deals, "slots": len(belief.ways), "unseen": len(belief.cards),
               "exact_s": exact, "brute_s": None, "brute_agrees": None}
        if belief.deals <= BRUTE_LIMIT:
            deals, ways = brute_force(view)
            rec["brute_s"] = mean_time(lambda: brute_force(view))
            rec["brute_agrees"] = deals == belief.deals and all(
                [r[c] for c in belief.cards] == w for r, w in zip(belief.ways, ways))
        rec["mc_s"], (estimate, draws) = _timed(monte_carlo, view, random.Random(i))
        rec["mc_draws"], rec["mc_max_error"] = draws, largest_error(belief, estimate)
        fraction, rational = [], []
        for _ in range(3):  # the quickest of three calls each, sympy's cache cleared before each
            fraction.append(_timed(all_chances, belief, False)[0])
            clear_cache()
            rational.append(_timed(all_chances, belief, True)[0])
        rec["fraction_s"], rec["rational_s"] = min(fraction), min(rational)
        raw.append(rec)
    if not all(r["brute_agrees"] in (None, True) for r in raw):
        raise AssertionError("brute force and odds.belief disagree on a position")
    ms = lambda xs: [x * 1000 for x in xs]  # noqa: E731
    out = []
    for label in dict.fromkeys(r["position"] for r in raw):  # positions differ by 10^6 in size: by stage
        at = [r for r in raw if r["position"] == label]
        brute = [r for r in at if r["brute_s"] is not None]
        out += [
            row(f"belief {label}: deals that fit", [r["deals"] for r in at], "deals"),
            row(f"belief {label}: exact", ms([r["exact_s"] for r in at]), "ms"),
            row(f"belief {label}: ratio exact/brute force", ratios([r["exact_s"] for r in brute],
                                                                   [r["brute_s"] for r in brute]), "x"),
            row(f"belief {label}: ratio exact/Monte Carlo", ratios([r["exact_s"] for r in at],
                                                                   [r["mc_s"] for r in at]), "x"),
        ]
    brute = [r for r in raw if r["brute_s"] is not None]
    out += [
        row(f"brute force (<= {BRUTE_LIMIT:,} deals)", ms([r["brute_s"] for r in brute]), "ms"),
        row("brute force per deal (>= 1,000 deals)", [r["brute_s"] * 1e6 / r["deals"] for r in brute
                                                       if r["deals"] >= 1000], "us"),
        row("brute force agrees (1 = every count)", [float(r["brute_agrees"]) for r in brute], "yes"),
        row(f"Monte Carlo {SAMPLES:,} deals", ms([r["mc_s"] for r in raw]), "ms"),
        row("Monte Carlo max |error|", [r["mc_max_error"] for r in raw], "prob"),
        row("Monte Carlo draws a kept deal", [r["mc_draws"] / SAMPLES for r in raw], "draws"),
        row("every chance as Fraction", ms([r["fraction_s"] for r in raw]), "ms"),
        row("every chance as Rational", ms([r["rational_s"] for r in raw]), "ms"),
        row("ratio Rational/Fraction", ratios([r["rational_s"] for r in raw], [r["fraction_s"] for r in raw]), "x"),
    ]
    return {"positions": raw}, out


def run(quick: bool = False) -> dict:
    """The games and the belief benchmarks; every raw figure and the table's rows."""
    repeats, budget, seeds = (3, 0.25, range(1)) if quick else (10, 0.6, range(6))
    games_raw, games_table = games_rows(repeats, budget)
    belief_raw, belief_table = belief_rows(seeds)
    waits_raw, waits_table = search_waits(range(1) if quick else range(5))
    tricks_raw, tricks_table = search_tricks(range(1) if quick else range(4))
    return {
        "case": CASE, "repeats": repeats, "seconds_per_repeat": budget, "samples": SAMPLES,
        "brute_limit": BRUTE_LIMIT, "games": games_raw, "belief": belief_raw, "search_deals": search.DEALS,
        "search_waits": waits_raw, "search_tricks": tricks_raw,
        "rows": games_table + belief_table + waits_table + tricks_table,
    }
