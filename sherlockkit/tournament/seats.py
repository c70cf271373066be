"""Per-game seat results: one game played from its seed alone, and one row per seat read
from the game's typed ``Outcome`` (never from the log).

How each game's Outcome becomes ``won``, ``share`` and ``score``:

- Sherlock Express, the card game, Picture Perfect: ``won`` when the seat is among
  ``Outcome.winners``; a tie shares the win: every tied seat has ``won`` and a ``share``
  of 1 / (number of winners). ``score`` is ``Outcome.scores[seat]`` (suspects caught in
  Express; points in Picture Perfect; in the card game the penalty total, where *lower*
  is better).
- Beyond Baker Street is co-operative: every seat has ``won = Outcome.won`` and a
  ``share`` of 1 when the case is solved; no score.
- The Detective Story Game is solo (one seat): ``won`` when the campaign ended with Holmes
  retired and no case lost (``result == "retired"`` and ``lost == 0``), ``share`` the same
  as 0 or 1; ``score`` the cases solved.

How each game is played out: Sherlock Express by its own race (``bots.play_out``: of the
moves proposed at once the quickest hand's); Beyond Baker Street by the ladder's
``play_case`` (the seat whose turn it is moves; the "seeing" bot is handed its own hand
there and only there); the others by ``engine.play_out`` (the lowest seat's proposal).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from sherlockkit import engine
from sherlockkit.games import GAMES
from sherlockkit.tournament.grid import solo

#: the columns of the tidy table, in order
FIELDS = ("game", "lineup", "players", "options", "bot_options", "seed", "seat", "level", "won", "share",
          "score", "moves")


@dataclass(frozen=True)
class SeatResult:
    """One seat of one game played: the cell (game, lineup as text, players, options and
    bot options as canonical JSON), the seed, the seat and its level, whether it won (and
    its share of a shared win), its score (``None`` when the game keeps none) and the
    moves the game lasted."""

    game: str
    lineup: str
    players: int
    options: str
    bot_options: str
    seed: int
    seat: int
    level: str
    won: bool
    share: float
    score: int | None
    moves: int


def new_game(game: str, players: int, options: dict, seed: int) -> Any:
    """The table of ``game`` dealt from ``seed`` for ``players`` (a solo game: one) with ``options``."""
    rules = GAMES[game].rules
    if solo(game):
        return rules.new(seed, **options)
    return rules.new(seed, players=players, **options)


def make_team(game: str, lineup: tuple[str, ...], bot_options: dict, seed: int) -> dict:
    """The bots of ``lineup`` (seat by seat) for the game dealt from ``seed``."""
    return GAMES[game].bots.make_bots(dict(enumerate(lineup)), seed, **bot_options)


def check_cell(game: str, lineup: tuple[str, ...], options: dict, bot_options: dict) -> None:
    """Deal the cell's game from seed 0 and make its bots, without playing: the engine's
    ``ValueError`` (or ``TypeError``) when it refuses them."""
    new_game(game, len(lineup), options, 0)
    if game == "bakerstreet":  # play_case makes the bots (and hands the seeing one its peek)
        if bot_options:
            raise ValueError("Beyond Baker Street's bots take no options.")
        return
    make_team(game, lineup, bot_options, 0)


def play_game(game: str, lineup: tuple[str, ...], options: dict, bot_options: dict, seed: int) -> tuple[Any, int]:
    """The game dealt from ``seed`` played to its end by the bots of ``lineup``: its
    ``Outcome`` and how many moves it lasted."""
    rules = GAMES[game].rules
    if game == "bakerstreet":
        from sherlockkit.games.bakerstreet.ladder import play_case

        if bot_options:
            raise ValueError("Beyond Baker Street's bots take no options.")
        played = play_case(dict(enumerate(lineup)), len(lineup), options.get("case", 1), seed,
                           options.get("characters"))
        return played.outcome, len(played.moves)
    state = new_game(game, len(lineup), options, seed)
    team = make_team(game, lineup, bot_options, seed)
    if game == "express":
        final, moves = GAMES[game].bots.play_out(state, team)
    else:
        final, moves = engine.play_out(rules, state, team)
    return rules.outcome(final), len(moves)


def seat_results(game: str, outcome: Any, seat: int) -> tuple[bool, float, int | None]:
    """``(won, share, score)`` of ``seat`` in a finished game, from its typed ``Outcome``."""
    if game == "bakerstreet":
        return bool(outcome.won), 1.0 if outcome.won else 0.0, None
    if game == "story":
        won = outcome.result == "retired" and outcome.lost == 0
        return won, 1.0 if won else 0.0, outcome.solved
    won = seat in outcome.winners
    return won, 1 / len(outcome.winners) if won else 0.0, outcome.scores[seat]


def play_chunk(game: str, lineup: tuple[str, ...], options: str, bot_options: str,
               seeds: tuple[int, ...]) -> list[SeatResult]:
    """A chunk's rows: the cell's game for each of ``seeds``, one :class:`SeatResult` per
    seat, seeds in order. A pure function of its arguments (a game depends on its seed
    alone), so it may run anywhere: serially, on any Dask worker."""
    rules_options, bots_options = json.loads(options), json.loads(bot_options)
    text = ",".join(lineup)
    rows = []
    for seed in seeds:
        outcome, moves = play_game(game, lineup, rules_options, bots_options, seed)
        for seat, level in enumerate(lineup):
            won, share, score = seat_results(game, outcome, seat)
            rows.append(SeatResult(game, text, len(lineup), options, bot_options, seed, seat, level, won, share,
                                   score, moves))
    return rows
