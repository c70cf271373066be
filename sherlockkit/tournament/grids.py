"""Small default grids, one per question a chapter asks; the full grids are the same
functions with more seeds (``seeds=range(100_000)``).

Where the seat matters (who turns up an alibi first, who plays first), a lineup is played
in every rotation, so each level sits in every seat equally often.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from sherlockkit.tournament.grid import Grid


def rotations(lineup: Sequence[str]) -> list[tuple[str, ...]]:
    """``lineup`` and each of its rotations (seat 0's level moved to seat 1, and so on)."""
    lineup = tuple(lineup)
    return [lineup[-i:] + lineup[:-i] if i else lineup for i in range(len(lineup))]


def express_levels(seeds: Iterable[int] = range(200), levels: Sequence[str] = ("easy", "medium", "hard", "expert"),
                   **options) -> Grid:
    """Sherlock Express: one bot of each level at a table, in every rotation of the seats."""
    return Grid("express", rotations(levels), [options], seeds=seeds)


def cardgame_bots(seeds: Iterable[int] = range(200), players: int = 4, **options) -> Grid:
    """The card game: sleuths and constables alternating round the table, both ways round."""
    lineup = tuple("sleuth" if i % 2 == 0 else "constable" for i in range(players))
    return Grid("cardgame", rotations(lineup)[:2], [options], seeds=seeds)


def bakerstreet_ladder(seeds: Iterable[int] = range(100), levels: Sequence[str] = ("random", "conventions",
                       "inference", "seeing"), players: Sequence[int] = (2, 3, 4),
                       cases: Sequence[int] = range(1, 7)) -> Grid:
    """Beyond Baker Street's ladder: teams of one level at every table size, on every
    Case File (the rules option ``case``)."""
    return Grid("bakerstreet", [(level,) * n for level in levels for n in players],
                [{"case": case} for case in cases], seeds=seeds)


def picture_levels(seeds: Iterable[int] = range(20), budget: int = 200, **options) -> Grid:
    """Picture Perfect: a keen bot against a forgetful one, both ways round, each search
    scoring ``budget`` layouts a round (the bots' own is ``bots.BUDGET``)."""
    return Grid("picture", rotations(("keen", "forgetful")), [options], [{"budget": budget}], seeds=seeds)


def story_levels(seeds: Iterable[int] = range(200), levels: Sequence[str] | None = None) -> Grid:
    """The Detective Story Game: a campaign by each level of detective, alone."""
    if levels is None:
        from sherlockkit.games.story.bots import LEVELS

        levels = tuple(LEVELS)
    return Grid("story", [(level,) for level in levels], seeds=seeds)


def cardgame_against_ismcts(seeds: Iterable[int] = range(100), players: int = 3, simulations: int = 50) -> Grid:
    """The card game: one seat of OpenSpiel's information-set MCTS (``simulations``
    searches a move) against sleuths, then against constables, and a sleuth against
    constables for comparison, each lineup in every rotation of the seats."""
    lineups = [lineup for other in ("sleuth", "constable") for lineup in rotations(("ismcts",) + (other,) * (players - 1))]
    lineups += rotations(("sleuth",) + ("constable",) * (players - 1))
    return Grid("cardgame", lineups, bot_options=[{"simulations": simulations}], seeds=seeds)


def bakerstreet_ismcts(seeds: Iterable[int] = range(100), players: Sequence[int] = (2, 3, 4), case: int = 1,
                       simulations: int = 20) -> Grid:
    """Beyond Baker Street: teams of OpenSpiel's information-set MCTS (``simulations``
    searches a move) at every table size on Case File ``case``: a rung of the ladder."""
    return Grid("bakerstreet", [("ismcts",) * n for n in players], [{"case": case}],
                [{"simulations": simulations}], seeds=seeds)
