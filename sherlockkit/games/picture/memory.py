"""Picture Perfect: what a remembered envelope is worth -- whole parties of a keen bot (it
remembers every envelope it has read) against a forgetful one (it knows only the envelopes
in its hands), at a table of two, the keen bot in seat 0 on even seeds and seat 1 on odd.

A party is dealt and played from its seed alone, so a result is the same each time it is
made. The chapter's table (hundreds of parties, about two seconds each) is played once by
``python -m sherlockkit.games.picture.memory`` and kept in ``memory.csv`` beside this
module, one line a party; any party can be played again and must give the same scores (a
test does it).
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path

from sherlockkit import runs, tournament
from sherlockkit.games.picture import bots, rules
from sherlockkit.games.picture.seeing import read_by
from sherlockkit.games.picture.state import State

#: where the chapter's table is kept
STORED = Path(__file__).with_name("memory.csv")
FIELDS = ("seed", "keen_seat", "keen", "forgetful", "keen_known", "forgetful_known")
#: no party lasts this long (six rounds of a few dozen moves each)
MOVE_LIMIT = 2000


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
