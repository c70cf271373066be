"""Picture Perfect: what a remembered envelope is worth -- whole parties of a keen bot (it
remembers every envelope it has read) against a forgetful one (it knows only the envelopes
in its hands), at a table of two, the keen bot in seat 0 on even seeds and seat 1 on odd.

A party is dealt and played from its seed alone, so a result is the same each time it is
made. The chapter's table (hundreds of parties, about two seconds each) is played once by
``python -m sherlockkit.games.picture.memory`` and kept in ``memory.csv`` beside this
module, one line a party; any party can be played again and must give the same scores (a
test does it).

:func:`report` sums the stored parties up for the chapter: each bot's mean score and share
of wins with their 95% intervals (a bootstrap percentile interval for a mean, the project's
one Wilson interval, ``tournament.rates.wilson``, for a share), how many envelopes each
knew at the end, and the keen bot's lead party by party.
"""

from __future__ import annotations

import argparse
import random
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from sherlockkit import runs, tournament
from sherlockkit.games.picture import bots, rules
from sherlockkit.games.picture.seeing import read_by
from sherlockkit.games.picture.state import State
from sherlockkit.tournament.rates import wilson

#: where the chapter's table is kept
STORED = Path(__file__).with_name("memory.csv")
FIELDS = ("seed", "keen_seat", "keen", "forgetful", "keen_known", "forgetful_known")
#: no party lasts this long (six rounds of a few dozen moves each)
MOVE_LIMIT = 2000
#: how many times a bootstrap interval draws the parties again, and the seed the chapter draws with
RESAMPLES = 4000
BOOTSTRAP_SEED = 13


def seats(seed: int) -> tuple[str, str]:
    """The levels in seats 0 and 1 for party ``seed``: keen first on even seeds."""
    return (bots.KEEN, bots.FORGETFUL) if seed % 2 == 0 else (bots.FORGETFUL, bots.KEEN)


def play_party(levels: tuple[str, ...], seed: int, notes: bool = False) -> State:
    """The party dealt from ``seed`` played to its end by bots of ``levels`` (seat by
    seat): each round, every seat that may move is asked in seat order."""
    state = rules.new(seed, len(levels), notes)
    team = bots.make_bots(dict(enumerate(levels)), seed)
    moves = 0
    while rules.outcome(state) is None:
        moved = False
        for seat, bot in team.items():
            move = bot.choose(rules.view(state, seat))
            if move is not None:
                state, moved, moves = rules.play(state, move), True, moves + 1
        if not moved:
            raise ValueError("Every bot waits, but the party is not over.")
        if moves > MOVE_LIMIT:
            raise RuntimeError(f"The bots went on for more than {MOVE_LIMIT} moves.")
    return state


@dataclass(frozen=True)
class Party:
    """One stored party: its seed, the keen bot's seat, both final scores, and how many
    envelopes each knew when the photos were taken (all it read, or only those in hand)."""

    seed: int
    keen_seat: int
    keen: int
    forgetful: int
    keen_known: int
    forgetful_known: int

    @property
    def gap(self) -> int:
        """How many points more the keen bot scored."""
        return self.keen - self.forgetful


def party(seed: int) -> Party:
    """Party ``seed`` played out and summed up."""
    state = play_party(seats(seed), seed)
    scores = rules.outcome(state).scores
    keen = seats(seed).index(bots.KEEN)
    forgetful = 1 - keen
    held = sum(1 for h in state.holders if h == forgetful)
    return Party(seed, keen, scores[keen], scores[forgetful], len(read_by(state, keen)), held)


def play_many(games: int, jobs: int = 1, progress=None, scheduler: str | None = None) -> list[Party]:
    """Parties ``0 .. games - 1`` in seed order, wherever they are played: by the tournament
    runner (``sherlockkit.tournament``, four parties a task) on ``scheduler`` (by default
    serial for one job, a local Dask cluster of ``jobs`` workers for more)."""
    return tournament.map_chunks(party, range(games), 4, tournament.execute.scheduler_of(scheduler, jobs), jobs,
                                 progress, unit="chunk of parties")


def save(parties: list[Party], path: Path = STORED) -> None:
    """Write ``parties`` as the stored table."""
    runs.save_rows(parties, FIELDS, path)


def stored(path: Path = STORED) -> list[Party]:
    """The parties kept in the stored table."""
    return [Party(*(int(row[name]) for name in FIELDS)) for row in runs.read_rows(path)]


# --- the stored parties summed up (the chapter's table) -------------------------------------------------

def bootstrap(values: Sequence[float], rng: random.Random, resamples: int = RESAMPLES) -> tuple[float, float]:
    """The 95% percentile bootstrap interval of the mean of ``values`` (one number a party:
    a bot's score, or the keen bot's lead): the parties are drawn again with replacement,
    as many as there are, ``resamples`` times, and the interval runs from the 2.5th to the
    97.5th percentile of those means. The same ``rng`` state gives the same interval."""
    if not values:
        raise ValueError("A bootstrap interval needs at least one party.")
    n = len(values)
    means = sorted(sum(values[rng.randrange(n)] for _ in range(n)) / n for _ in range(resamples))
    return means[int(0.025 * resamples)], means[int(0.975 * resamples) - 1]


@dataclass(frozen=True)
class Side:
    """One bot over the stored parties: its ``level``, its mean score with its 95% interval
    (``score_low``..``score_high``, bootstrap), the parties it won (it scored at least as
    much as the other bot: a tie is a win for both) with the 95% interval of that share
    (``win_low``..``win_high``, Wilson's), and how many envelopes it knew, on average, when
    the photos were taken."""

    level: str
    parties: int
    score: float
    score_low: float
    score_high: float
    wins: int
    win_low: float
    win_high: float
    known: float

    @property
    def win_rate(self) -> float:
        """The share of the parties this bot won (ties counted as wins)."""
        return self.wins / self.parties


@dataclass(frozen=True)
class Report:
    """The stored parties summed up: the ``keen`` and the ``forgetful`` bot's records, how
    many parties the keen bot won outright (more points, not a tie), how many points more
    it scored on average (``lead``, with its 95% bootstrap interval ``lead_low``..``lead_high``)
    and how many envelopes more it knew at the end (``known_more``)."""

    parties: int
    keen: Side
    forgetful: Side
    outright: int
    lead: float
    lead_low: float
    lead_high: float
    known_more: float


def _side(level: str, parties: Sequence[Party], scores: list[int], won: list[bool], known: list[int],
          rng: random.Random, resamples: int) -> Side:
    """One bot's record from its scores, wins and envelopes known, party by party."""
    n, wins = len(parties), sum(won)
    return Side(level, n, sum(scores) / n, *bootstrap(scores, rng, resamples), wins, *wilson(wins, n),
                sum(known) / n)


def report(parties: Sequence[Party], seed: int = BOOTSTRAP_SEED, resamples: int = RESAMPLES) -> Report:
    """``parties`` summed up (see :class:`Report`). The bootstrap intervals draw from one
    ``random.Random(seed)``, the keen bot's scores first, then the forgetful bot's, then the
    lead: the same parties and seed give the same report. ``ValueError`` for no party."""
    if not parties:
        raise ValueError("There is no party to sum up.")
    rng, n = random.Random(seed), len(parties)
    keen = _side(bots.KEEN, parties, [p.keen for p in parties], [p.keen >= p.forgetful for p in parties],
                 [p.keen_known for p in parties], rng, resamples)
    forgetful = _side(bots.FORGETFUL, parties, [p.forgetful for p in parties],
                      [p.forgetful >= p.keen for p in parties], [p.forgetful_known for p in parties], rng, resamples)
    gaps = [p.gap for p in parties]
    return Report(n, keen, forgetful, sum(p.keen > p.forgetful for p in parties), sum(gaps) / n,
                  *bootstrap(gaps, rng, resamples), sum(p.keen_known - p.forgetful_known for p in parties) / n)


def main(argv=None) -> int:
    """Play the parties and store them (``--games``; ``--scheduler``, ``--workers``: where
    the tournament runner plays them)."""
    parser = argparse.ArgumentParser(description="Play keen against forgetful Picture Perfect bots and store it.")
    parser.add_argument("--games", type=int, default=240, help="parties (default 240)")
    tournament.execute.add_run_arguments(parser)
    parser.add_argument("--out", type=Path, default=STORED, help=f"where to write (default {STORED.name})")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error(f"Play at least one party, not {args.games}.")
    try:
        parties = play_many(args.games, args.workers, True, args.scheduler)
    except tournament.TournamentError as error:
        parser.error(str(error))
    save(parties, args.out)
    print(f"wrote {len(parties)} parties to {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
