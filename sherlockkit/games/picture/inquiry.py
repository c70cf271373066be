"""Picture Perfect, the Sherlock expansion: what the questions are worth -- stored runs.

A paired design: each seed's party (three keen bots, a Sherlock party) is played twice from
the same deal, once with every bot asking the most telling question and using the answers
(``questions=True``), once with every bot asking at random and leaving the answers out of
its odds (``questions=False``). The answers themselves are the same honest ones either way;
only what the bots ask and what they make of the answers differ. Each seat of each party
gives a row: its score, its investigators' points, the exact chance its last search gave
the true culprit, whether the culprit was its most likely suspect (its chance above every
other suspect's: a tie names nobody, so odds still even among the open suspects never
count), and how many suspects its odds still left open (chance above 0).

The runs use a smaller search than the bots' own (``BUDGET`` layouts a round, against
``bots.BUDGET``) so that the table is made in minutes; the odds and the questions do not
depend on the search's budget. Made once by ``python -m sherlockkit.games.picture.inquiry
--parties N --workers 2`` and kept in ``inquiry.csv`` beside this module; any seed played
again gives the same rows (a test does it).
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from sherlockkit import engine, runs, tournament
from sherlockkit.games.picture import bots, rules
from sherlockkit.games.picture.alibis import INVESTIGATORS
from sherlockkit.games.picture.state import State

#: where the chapter's table is kept
STORED = Path(__file__).with_name("inquiry.csv")
FIELDS = ("seed", "questions", "seat", "score", "investigators", "chance", "top", "open")
#: the seats at the table
PLAYERS = 3
#: layouts a search in these runs (the bots' own budget is ``bots.BUDGET``)
BUDGET = 200


@dataclass(frozen=True)
class Row:
    """One seat of one stored party: the seed, whether the bots used the questions, the
    seat, its score, its investigators' points, the exact chance its last search gave the
    culprit, whether the culprit was its most likely suspect (strictly: no tie), and how
    many suspects its odds left open."""

    seed: int
    questions: bool
    seat: int
    score: int
    investigators: int
    chance: Fraction
    top: bool
    open: int


def play_party(seed: int, questions: bool, budget: int = BUDGET) -> tuple[State, dict]:
    """The Sherlock party dealt from ``seed`` played out by three keen bots, with or without
    the questions: the final table and the bots (each keeps its last odds)."""
    made = bots.make_bots({p: bots.KEEN for p in range(PLAYERS)}, seed, budget, questions=questions)
    final, _ = engine.play_out(rules, rules.new(seed, players=PLAYERS, sherlock=True), made)
    return final, made


def rows_of(seed: int, questions: bool, budget: int = BUDGET) -> list[Row]:
    """The rows of party ``seed`` played with or without the questions, seat by seat."""
    final, made = play_party(seed, questions, budget)
    out = []
    for seat, bot in made.items():
        odds = {g: Fraction(p) for g, p in bot.odds.items()}
        photo = final.result.photos[seat]
        caught = sum(g.points for g in photo if g.guest in INVESTIGATORS)
        chance = odds.get(final.culprit, Fraction(0))
        top = all(p < chance for g, p in odds.items() if g != final.culprit)
        out.append(Row(seed, questions, seat, final.result.scores[seat], caught, chance, top,
                       sum(1 for p in odds.values() if p > 0)))
    return out


def pair(seed: int) -> list[Row]:
    """Seed ``seed`` played twice, with the questions then without: six rows."""
    return rows_of(seed, True) + rows_of(seed, False)


def play_many(parties: int, jobs: int = 1, progress=None, scheduler: str | None = None) -> list[Row]:
    """Seeds ``0 .. parties - 1``, each played twice, in seed order wherever they are played:
    by the tournament runner (``sherlockkit.tournament``, a seed a task) on ``scheduler``
    (by default serial for one job, a local Dask cluster of ``jobs`` workers for more)."""
    pairs = tournament.map_chunks(pair, range(parties), 1, tournament.execute.scheduler_of(scheduler, jobs), jobs,
                                  progress, unit="seed")
    return [r for rows in pairs for r in rows]


def save(rows: list[Row], path: Path = STORED) -> None:
    """Write ``rows`` as the stored table (a chance as a fraction ``p/q``)."""
    runs.save_rows(rows, FIELDS, path)


def _row(text: dict[str, str]) -> Row:
    return Row(int(text["seed"]), text["questions"] == "True", int(text["seat"]), int(text["score"]),
               int(text["investigators"]), Fraction(text["chance"]), text["top"] == "True", int(text["open"]))


def stored(path: Path = STORED) -> list[Row]:
    """The rows kept in the stored table."""
    return [_row(r) for r in runs.read_rows(path)]


def main(argv=None) -> int:
    """Play the paired parties and store them (``--parties``; ``--scheduler``, ``--workers``:
    where the tournament runner plays them)."""
    parser = argparse.ArgumentParser(description="Play Sherlock parties of keen bots with and without questions.")
    parser.add_argument("--parties", type=int, default=120, help="seeds, each played twice (default 120)")
    tournament.execute.add_run_arguments(parser)
    parser.add_argument("--out", type=Path, default=STORED, help=f"where to write (default {STORED.name})")
    args = parser.parse_args(argv)
    if args.parties < 1:
        parser.error(f"Play at least one seed, not {args.parties}.")
    try:
        rows = play_many(args.parties, args.workers, True, args.scheduler)
    except tournament.TournamentError as error:
        parser.error(str(error))
    save(rows, args.out)
    print(f"wrote {len(rows)} rows ({args.parties} seeds, twice each) to {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
