"""Picture Perfect: the bots' search over layouts against two baselines, the expected-score
evaluation against its parts, and whole bot games' slowest move.

*The search* (``search.search``, iterated local search, ``bots.BUDGET`` layouts scored) from
an empty mat, on the knowledge of seat 0 at the first arranging step of dealt tables
(its hand only) and at the last (a keen bot's memory after five exchanges of a keen-bot
game). Baselines on the same knowledge, in the same run: *random* -- the best of as many
random layouts (a random number of guests on random spaces, a random camera) as the search
scores; *greedy* -- one pass over the guests, each on the space that raises the expected
score most, the camera left where it stands. Reported: the expected score each reaches,
the search's lead over each (points), and time per search, with the ratio search/random.

*The evaluation*: the float ``Evaluator`` with a Sherlock case (``hunch.Case``: odds,
victim, culprit's cards, Irène) against the same without, on the same Sherlock layouts;
on random layouts, the exact expected score (``expect.expected_score``,
Fractions) against the float ``Evaluator`` the search uses, and the float evaluation split
into its two parts: the photo alone (``photo.take`` with the figures' projections
remembered, the photo new) and the wishes alone (the evaluator's work beside the photo:
the difference). The largest float/exact gap is reported too.

*Whole games*: keen bots at tables of 2, 4 and 6, base games and Sherlock parties (issue
14: seven rounds, the odds read once a search, the questions), every ``choose`` timed;
the slowest move of each game (the brief: under a second -- a figure here, not a unit
test's assert) in wall and CPU time, the same with the
cyclic garbage collector's passes taken out, and the longest such pass inside one move
(a full pass walks every object of the process, above all the photo's caches), the
thinking a game, and the whole game's time (the engine's moves included).
"""

from __future__ import annotations

import gc
import random
from time import perf_counter, process_time

from common import ratios, row
from sherlockkit import engine
from sherlockkit.games.picture import bots, expect, hunch, photo, rules, search
from sherlockkit.games.picture.guests import NAMES
from sherlockkit.games.picture.mat import SPACES


def _positions(seeds) -> list[tuple[str, expect.Knowledge, photo.Camera]]:
    """(stage, knowledge, camera) of seat 0: the first arranging step, and the last of a keen-bot game."""
    out = []
    for seed in seeds:
        state = rules.new(seed, players=3)
        out.append(("first round", expect.Knowledge.of(rules.view(state, 0).envelopes), photo.DEFAULT_CAMERA))
        made = bots.make_bots({p: bots.KEEN for p in range(3)}, seed, 60)
        while not (state.round == 6 and state.phase == "arranging"):
            proposals = {p: a for p, b in made.items() if (a := b.choose(rules.view(state, p))) is not None}
            state = rules.play(state, proposals[min(proposals)])
        made[0].choose(rules.view(state, 0))
        out.append(("last round, keen", made[0].knowledge(rules.view(state, 0)), photo.DEFAULT_CAMERA))
    return out


def _search_rows(positions, budget: int) -> tuple[list, dict]:
    found, sampled, greedy, t_search, t_random, t_greedy, evals_greedy = {}, {}, {}, [], [], [], []
    for i, (stage, knowledge, camera) in enumerate(positions):
        for key in (found, sampled, greedy):
            key.setdefault(stage, [])
        ev = expect.Evaluator(knowledge)
        start = perf_counter()
        found[stage].append(search.search(ev.score, {}, camera, random.Random(i), budget).value)
        t_search.append(perf_counter() - start)
        ev = expect.Evaluator(knowledge)
        start = perf_counter()
        sampled[stage].append(search.random_layouts(ev.score, random.Random(i), budget).value)
        t_random.append(perf_counter() - start)
        ev = expect.Evaluator(knowledge)
        start = perf_counter()
        greedy[stage].append(search.greedy(ev.score, camera).value)
        t_greedy.append(perf_counter() - start)
        evals_greedy.append(ev.evaluations)
    rows = []
    for stage in found:
        rows += [row(f"search: expected score, {stage}", found[stage], "points"),
                 row(f"random {budget}: expected score, {stage}", sampled[stage], "points"),
                 row(f"greedy: expected score, {stage}", greedy[stage], "points"),
                 row(f"search - random, {stage}", [a - b for a, b in zip(found[stage], sampled[stage])], "points"),
                 row(f"search - greedy, {stage}", [a - b for a, b in zip(found[stage], greedy[stage])], "points")]
    rows += [row(f"search ({budget} layouts), time", [t * 1e3 for t in t_search], "ms"),
             row(f"random ({budget} layouts), time", [t * 1e3 for t in t_random], "ms"),
             row("greedy, time", [t * 1e3 for t in t_greedy], "ms"),
             row("greedy, layouts scored", evals_greedy, "layouts"),
             row("search time ÷ random time", ratios(t_search, t_random), "x")]
    return rows, {"search": found, "random": sampled, "greedy": greedy, "t_search": t_search, "t_random": t_random,
                  "t_greedy": t_greedy}


def _layouts(n: int, seed: int = 17):
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        k = rng.randint(4, len(NAMES))
        out.append((dict(zip(rng.sample(NAMES, k), rng.sample(SPACES, k))),
                    photo.Camera(rng.choice(photo.CAMERA_XS), rng.choice(photo.CAMERA_HEIGHTS))))
    return out


def _per_call(calls) -> float:
    start = perf_counter()
    for call in calls:
        call()
    return (perf_counter() - start) / len(calls)


def _evaluation_rows(positions, n: int, repeats: int) -> tuple[list, dict]:
    layouts = _layouts(n)
    exact_t, float_t, photo_t, wishes_t, gap = [], [], [], [], 0.0
    for r in range(repeats):
        _, knowledge, _ = positions[r % len(positions)]
        for placements, camera in layouts:  # the figures' projections remembered, as in a search
            photo.take(placements, camera)
        photo_t.append(_per_call([lambda p=p, c=c: photo.take(p, c) for p, c in layouts]))
        ev = expect.Evaluator(knowledge)
        for placements, camera in layouts:  # the mat-only judgements remembered, as in a search
            ev.score(placements, camera)
        float_t.append(_per_call([lambda p=p, c=c: ev.score(p, c) for p, c in layouts]))
        wishes_t.append(float_t[-1] - photo_t[-1])  # the photo is taken anew each time: the rest is the wishes'
        exact_t.append(_per_call([lambda p=p, c=c: expect.expected_score(knowledge, p, c) for p, c in layouts]))
        gap = max(gap, max(abs(float(expect.expected_score(knowledge, p, c)) - ev.score(p, c)) for p, c in layouts[:10]))
    rows = [row("expected score, exact (Fraction)", [t * 1e3 for t in exact_t], "ms"),
            row("expected score, float Evaluator", [t * 1e3 for t in float_t], "ms"),
            row("  its photo part (take, new photo)", [t * 1e3 for t in photo_t], "ms"),
            row("  its wishes part (photo remembered)", [t * 1e3 for t in wishes_t], "ms"),
            row("exact ÷ float", ratios(exact_t, float_t), "x"),
            row("photo part ÷ float evaluation", ratios(photo_t, float_t), "x"),
            row("largest |float - exact|", [gap], "points")]
    return rows, {"exact": exact_t, "float": float_t, "photo": photo_t, "wishes": wishes_t, "gap": gap}


def _case_rows(seeds, n: int) -> tuple[list, dict]:
    """The Evaluator's time a layout with a Sherlock case and without, on the same layouts."""
    plain_t, case_t = [], []
    for seed in seeds:
        state = rules.new(seed, players=3, sherlock=True, irene=True)
        view = rules.view(state, 0)
        known = {g: (tuple(c), v) for g, c, v in view.envelopes}
        knowledge = expect.Knowledge(known, hunch.unseen(view, known))
        figures = hunch.figures(view)
        rng = random.Random(seed)
        layouts = []
        for _ in range(n):
            k = rng.randint(6, len(SPACES))
            layouts.append((dict(zip(rng.sample(figures, k), rng.sample(SPACES, k))),
                            photo.Camera(rng.choice(photo.CAMERA_XS), rng.choice(photo.CAMERA_HEIGHTS))))
        for placements, camera in layouts:  # the figures' projections remembered, as in a search
            photo.take(placements, camera)
        for case, times in ((None, plain_t), (hunch.case_of(view, known), case_t)):
            ev = expect.Evaluator(knowledge, case)
            for placements, camera in layouts:
                ev.score(placements, camera)
            times.append(_per_call([lambda p=p, c=c: ev.score(p, c) for p, c in layouts]))
    rows = [row("Sherlock layout, Evaluator without the case", [t * 1e3 for t in plain_t], "ms"),
            row("Sherlock layout, Evaluator with the case", [t * 1e3 for t in case_t], "ms"),
            row("with the case ÷ without", ratios(case_t, plain_t), "x")]
    return rows, {"plain": plain_t, "case": case_t}


class _Forgetful(dict):
    """A memory that keeps nothing: every guest's value worked out again."""

    def __setitem__(self, key, value):
        pass


class _Unremembered(expect.Evaluator):
    """Today's Evaluator but for one thing: a guest's value is worked out at every layout,
    not remembered by what it depends on (its space, its neighbours, its reading in the
    photo)."""

    def __init__(self, *args):
        super().__init__(*args)
        self._values = _Forgetful()


class _Afresh(_Unremembered):
    """The Evaluator as it stood before issue 29's speed work: every layout's photo taken
    afresh (``photo.take``), none worked out from the last one's, and no guest's value
    remembered."""

    def _photo(self, placements, camera):
        return photo.take(placements, camera)


def _searches_of(seed: int, players: int) -> list[tuple]:
    """Every search the keen bots of a Sherlock party of ``players`` make: (the Evaluator's
    knowledge, case and required figures, the mat, the camera, the figures, the budget)."""
    made = bots.make_bots({p: bots.KEEN for p in range(players)}, seed)
    asked = []

    def recorded(score, mat, camera, rng, budget, figures):
        ev = score.__self__
        asked.append((ev.knowledge, ev.case, ev.required, dict(mat), camera, figures, budget))
        return search.search(score, mat, camera, rng, budget, figures)

    bots.search, kept = recorded, bots.search
    try:
        engine.play_out(rules, rules.new(seed, players=players, sherlock=True), made)
    finally:
        bots.search = kept
    return asked


def _today_rows(seeds, players: int = 6, every: int = 3) -> tuple[list, dict]:
    """The search as it is against today's before issue 29 (every photo taken afresh, no
    guest's value remembered, the collector free to run), and against today's but for the
    values remembered, on the same searches of six-player Sherlock parties (every
    ``every``-th), in turn: the expected score each finds and the time each takes. The
    wishes read once a photo (``wishes.faces_hidden_by``, ``photographed_with_him``) serve
    all three."""
    times = {"now": [], "before": [], "unremembered": []}
    found = {"now": [], "before": [], "unremembered": []}
    # (name, the Evaluator, the search), in turn; the order rotates from one search to the next
    variants = [("before", _Afresh, search._search), ("unremembered", _Unremembered, search.search),
                ("now", expect.Evaluator, search.search)]
    turn = 0
    for seed in seeds:
        for i, (knowledge, case, required, mat, camera, figures, budget) in enumerate(_searches_of(seed, players)):
            if i % every:
                continue
            turn += 1
            for name, make, searching in variants[turn % 3:] + variants[:turn % 3]:
                ev = make(knowledge, case, required)
                start = perf_counter()
                found[name].append(searching(ev.score, mat, camera, random.Random(i), budget, figures,
                                             search.ALL_CAMERAS, search.PATIENCE, True).value)
                times[name].append(perf_counter() - start)
    now_t, today_t, unremembered_t = times["now"], times["before"], times["unremembered"]
    rows = [row(f"Sherlock, {players} players: a search now", [t * 1e3 for t in now_t], "ms"),
            row(f"Sherlock, {players} players: the same search as before issue 29", [t * 1e3 for t in today_t], "ms"),
            row("before ÷ now (the search's speed-up)", ratios(today_t, now_t), "x"),
            row("guests' values not remembered ÷ now", ratios(unremembered_t, now_t), "x"),
            row("expected score found, now − before", [a - b for a, b in zip(found["now"], found["before"])],
                "points"),
            row("expected score found, now − not remembered",
                [a - b for a, b in zip(found["now"], found["unremembered"])], "points")]
    return rows, {"now": now_t, "before": today_t, "unremembered": unremembered_t, "now_value": found["now"],
                  "before_value": found["before"], "unremembered_value": found["unremembered"]}


def _game_rows(tables, seeds, sherlock: bool = False) -> tuple[list, dict]:
    slowest, slowest_cpu, thinking, moves_a_game, wall, thinking_only, pauses = {}, {}, {}, {}, {}, {}, {}
    collector = _Collector()
    gc.callbacks.append(collector)
    for players in tables:
        for seed in seeds:
            times: list[float] = []
            cpu: list[float] = []
            collected: list[float] = []
            made = bots.make_bots({p: bots.KEEN for p in range(players)}, seed)
            timed = {p: _Timed(b, times, cpu, collected, collector) for p, b in made.items()}
            start = perf_counter()
            _, moves = engine.play_out(rules, rules.new(seed, players=players, sherlock=sherlock), timed)
            wall.setdefault(players, []).append(perf_counter() - start)
            slowest.setdefault(players, []).append(max(times))
            slowest_cpu.setdefault(players, []).append(max(cpu))
            thinking_only.setdefault(players, []).append(max(c - g for c, g in zip(cpu, collected)))
            pauses.setdefault(players, []).append(max(collected))
            thinking.setdefault(players, []).append(sum(times))
            moves_a_game.setdefault(players, []).append(len(moves))
    rows = []
    game = "keen Sherlock party" if sherlock else "keen game"
    for players in tables:
        rows += [row(f"{game}, {players} players: slowest move", [t * 1e3 for t in slowest[players]], "ms"),
                 row(f"{game}, {players} players: slowest move, CPU", [t * 1e3 for t in slowest_cpu[players]], "ms"),
                 row(f"{game}, {players} players: slowest, collector out", [t * 1e3 for t in thinking_only[players]],
                     "ms"),
                 row(f"{game}, {players} players: collector in a move", [t * 1e3 for t in pauses[players]], "ms"),
                 row(f"{game}, {players} players: thinking a game", thinking[players], "s"),
                 row(f"{game}, {players} players: whole game", wall[players], "s"),
                 row(f"{game}, {players} players: moves", moves_a_game[players], "moves")]
    gc.callbacks.remove(collector)
    return rows, {"slowest": slowest, "slowest_cpu": slowest_cpu, "slowest_without_collector": thinking_only,
                  "collector_in_a_move": pauses, "thinking": thinking, "wall": wall, "moves": moves_a_game}


class _Collector:
    """The CPU time Python's cyclic garbage collector spends, counted while ``on``."""

    def __init__(self):
        self.spent, self.longest, self._start = 0.0, 0.0, 0.0

    def __call__(self, phase, info):
        if phase == "start":
            self._start = process_time()
        else:
            pause = process_time() - self._start
            self.spent += pause
            self.longest = max(self.longest, pause)


class _Timed:
    """A bot whose every ``choose`` is timed (a call that proposes nothing counts too), in
    wall time and in this process's CPU time (which other programs on the machine do not
    inflate)."""

    def __init__(self, bot, times: list, cpu: list, collected: list, collector: _Collector):
        self.bot, self.seat, self.times, self.cpu, self.collected = bot, bot.seat, times, cpu, collected
        self.collector = collector

    def choose(self, view):
        start, start_cpu, before = perf_counter(), process_time(), self.collector.spent
        action = self.bot.choose(view)
        self.times.append(perf_counter() - start)
        self.cpu.append(process_time() - start_cpu)
        self.collected.append(self.collector.spent - before)
        return action


def run(quick: bool = False) -> dict:
    """The search against its baselines, the evaluation against its parts, whole games."""
    seeds = range(2) if quick else range(6)
    positions = _positions(seeds)
    search_rows, search_raw = _search_rows(positions, bots.BUDGET)
    eval_rows, eval_raw = _evaluation_rows(positions, 20 if quick else 60, 3 if quick else 7)
    case_rows, case_raw = _case_rows(seeds, 20 if quick else 60)
    game_rows, game_raw = _game_rows((2, 4, 6), range(1) if quick else range(3))
    sherlock_rows, sherlock_raw = _game_rows((2, 4, 6), range(1) if quick else range(3), sherlock=True)
    today_rows, today_raw = _today_rows(range(1) if quick else range(2))
    return {"budget": bots.BUDGET, "positions": len(positions), "search": search_raw, "evaluation": eval_raw,
            "case": case_raw,
            "games": {k: {str(p): v for p, v in d.items()} for k, d in game_raw.items()},
            "sherlock_games": {k: {str(p): v for p, v in d.items()} for k, d in sherlock_raw.items()},
            "today": today_raw,
            "rows": search_rows + eval_rows + case_rows + game_rows + sherlock_rows + today_rows}


if __name__ == "__main__":
    import sys
    result = run(quick="--quick" in sys.argv)
    for r in result["rows"]:
        print(f"  {r['what']:<48} {r['median']:>10.4g} {r['min']:>10.4g} - {r['max']:<10.4g} {r['unit']}")
