"""Beyond Baker Street played by a team of bots: a whole case, every seat a bot, and a
recorded case read back (its tables turn by turn, and the turns worth a remark).

The ``"seeing"`` bot is given its own hand here (its ``peek``), and nowhere else: it is
the yardstick the ladder measures the honest bots against.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from sherlockkit.games.bakerstreet import bots, rules
from sherlockkit.games.bakerstreet.cards import INVESTIGATION_GOAL
from sherlockkit.games.bakerstreet.events import Assisted, Confirmed, Event, HolmesMoved
from sherlockkit.games.bakerstreet.state import Action, Assist, Confirm, Eliminate, Investigate, Outcome, State

#: no case lasts this long (the 24 cards and Holmes's track run out far sooner)
MOVE_LIMIT = 400


@dataclass(frozen=True)
class Game:
    """One case played out: how it ended and every move, in order."""

    outcome: Outcome
    moves: tuple[Action, ...]


def play_case(levels: str | dict[int, str], players: int, case: int, seed: int, characters=None) -> Game:
    """Case File ``case`` dealt from ``seed`` for ``players`` seats, every seat a bot of
    ``levels`` (one level, or seat -> level for a mixed team), played to its end (as
    ``engine.play_out`` does: each bot shown its own view, the seat whose turn it is moves)."""
    state = rules.new(seed, players, case, characters)
    if isinstance(levels, str):
        levels = {p: levels for p in range(players)}
    # the seeing bot's peek reads the table as it is now (``state`` is rebound each move)
    team = bots.make_bots(levels, seed, peek=lambda seat: state.hands[seat])
    moves: list[Action] = []
    while rules.outcome(state) is None:
        seat = state.turn
        action = team[seat].choose(rules.view(state, seat))
        if action is None:
            raise ValueError(f"The {levels[seat]} bot in seat {seat} did not move, but the case is not over.")
        state = rules.play(state, action)
        moves.append(action)
        if len(moves) > MOVE_LIMIT:
            raise RuntimeError(f"The bots went on for more than {MOVE_LIMIT} moves.")
    return Game(rules.outcome(state), tuple(moves))


def tournament_game(game: str, lineup: tuple[str, ...], options: dict, bot_options: dict,
                    seed: int) -> tuple[Outcome, int]:
    """One case for the tournament runner (``sherlockkit.games``' ``plays``): the team of
    ``lineup`` (a level a seat) on the case ``options`` deal, from ``seed``: its outcome
    and how many moves it lasted."""
    if bot_options:
        raise ValueError("Beyond Baker Street's bots take no options.")
    played = play_case(dict(enumerate(lineup)), len(lineup), options.get("case", 1), seed,
                       options.get("characters"))
    return played.outcome, len(played.moves)


# --- a recorded case, read back -----------------------------------------------------------------

def first_won(level: str, players: int, case: int, search: int = 200) -> tuple[int, Game]:
    """The first seed, from 0, whose case a team of ``level`` bots wins at a table of
    ``players`` on Case File ``case``, and that game; ``ValueError`` if the team loses
    every one of the first ``search`` cases."""
    for seed in range(search):
        game = play_case(level, players, case, seed)
        if game.outcome.won:
            return seed, game
    raise ValueError(f"A team of {level} bots wins none of the first {search} cases "
                     f"of Case File {case} at a table of {players}.")


def tables(seed: int, players: int, case: int, moves) -> tuple[State, ...]:
    """Every table of the case dealt from ``seed`` (no characters) as ``moves`` play it:
    the deal first, then the table after each move (so table ``t`` is the one after turn ``t``)."""
    states = [rules.new(seed, players, case)]
    for move in moves:
        states.append(rules.play(states[-1], move))
    return tuple(states)


def turn_events(states, turn: int) -> tuple[Event, ...]:
    """What happened on ``turn`` (from 1) of a case whose tables are ``states`` (:func:`tables`)."""
    return states[turn].events[len(states[turn - 1].events):]


@dataclass(frozen=True)
class Record:
    """A case read back turn by turn (turn ``t`` is the ``t``-th move; the turn numbers of
    each kind of move, in order):

    ``kinds``: how many moves of each kind (``"Assist"``...), the commonest first;
    ``investigates``, ``confirms``, ``eliminates``: the turns of those moves;
    ``on_a_hint``: the Investigates played straight after an Assist to that same player;
    ``first_assist`` with its event ``first_hint``, ``first_confirm``: the turns where
    they first happened (``None`` if never); ``reached_goal``: the turn the Investigation
    track first stood on exactly 20 (``None`` if never); ``holmes``: where Holmes ended."""

    turns: int
    kinds: dict[str, int]
    investigates: tuple[int, ...]
    on_a_hint: tuple[int, ...]
    confirms: tuple[int, ...]
    eliminates: tuple[int, ...]
    first_assist: int | None
    first_hint: Assisted | None
    first_confirm: int | None
    reached_goal: int | None
    holmes: int


def record(states, moves) -> Record:
    """The :class:`Record` of the case whose tables are ``states`` (:func:`tables`) and
    whose moves are ``moves``."""
    if len(states) != len(moves) + 1:
        raise ValueError(f"{len(moves)} moves make {len(moves) + 1} tables, not {len(states)}.")
    turns = range(1, len(states))

    def of(kind) -> tuple[int, ...]:
        return tuple(t for t in turns if isinstance(moves[t - 1], kind))

    investigates = of(Investigate)
    on_a_hint = tuple(t for t in investigates if t >= 2 and isinstance(moves[t - 2], Assist)
                      and moves[t - 2].target == moves[t - 1].player)
    first_assist = next((t for t in turns if any(isinstance(e, Assisted) for e in turn_events(states, t))), None)
    first_hint = (None if first_assist is None else
                  next(e for e in turn_events(states, first_assist) if isinstance(e, Assisted)))
    first_confirm = next((t for t in turns if any(isinstance(e, Confirmed) for e in turn_events(states, t))), None)
    reached_goal = next((t for t in turns if states[t].investigation == INVESTIGATION_GOAL), None)
    return Record(turns=len(moves), kinds=dict(Counter(type(m).__name__ for m in moves).most_common()),
                  investigates=investigates, on_a_hint=on_a_hint, confirms=of(Confirm), eliminates=of(Eliminate),
                  first_assist=first_assist, first_hint=first_hint, first_confirm=first_confirm,
                  reached_goal=reached_goal, holmes=states[-1].holmes)


@dataclass(frozen=True)
class Steps:
    """Where Holmes's track went in ``cases`` cases of one team, on average a case: the
    steps he lost to Assists (``hints``) and to a crowded Impossible (``crowded``), the
    steps he won back by Confirms (``confirms``), and the card moves made (``investigates``,
    ``eliminates``); ``won``: the share of the cases won."""

    cases: int
    hints: float
    crowded: float
    confirms: float
    investigates: float
    eliminates: float
    won: float


def holmes_steps(level: str, players: int, case: int, seeds) -> Steps:
    """:class:`Steps` of a team of ``level`` bots over the cases dealt from ``seeds``, read
    from each case's events (every step told by a ``HolmesMoved``) and moves."""
    seeds = list(seeds)
    steps: Counter = Counter()
    moves: Counter = Counter()
    won = 0
    for seed in seeds:
        game = play_case(level, players, case, seed)
        won += game.outcome.won
        moves.update(type(m).__name__ for m in game.moves)
        for event in tables(seed, players, case, game.moves)[-1].events:
            if isinstance(event, HolmesMoved):
                steps[event.why] += abs(event.steps)
    n = len(seeds)
    return Steps(n, steps[HolmesMoved.ASSIST] / n, steps[HolmesMoved.CROWDED] / n, steps[HolmesMoved.CONFIRM] / n,
                 moves["Investigate"] / n, moves["Eliminate"] / n, won / n)
