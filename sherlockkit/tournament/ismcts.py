"""Information-set MCTS at a tournament's table: OpenSpiel's bot (``sherlockkit.openspiel``)
in the seats of a lineup named :data:`ISMCTS`, the game's own bots in the others
(``pip install sherlockkit[openspiel]``).

The game is played one seat at a time, as OpenSpiel plays it (``sherlockkit.turns``): the
deal is the chance node's outcome ``seed``, so a seed deals the same game here as under
the game's own harness. A seat of ours is shown its own view and its move is played; when
it has nothing to do (a speed game's bot that sees nothing worth a slap) it waits, as
``turns`` allows; asked when it may not wait (every other seat has waited: a round of
Sherlock Express whose turn is out of it, say), it makes one of its moves at random. An IS-MCTS seat is handed OpenSpiel's state, as OpenSpiel's bots are:
it reads from it only what its seat knows (its information state) and worlds drawn from
that (``resample_from_infostate``: the cards hidden from it dealt again, a new seed), never
the hidden cards themselves (``tests/test_openspiel.py`` checks that the information state
does not change when they are dealt again).

Its random source is drawn from the seed and the seat, so a game is the same each time it
is played, wherever it runs.
"""

from __future__ import annotations

import random
from typing import Any

from sherlockkit import turns
from sherlockkit.games import GAMES

#: the level of a seat played by OpenSpiel's information-set MCTS
ISMCTS = "ismcts"
#: searches a move by default (each a world drawn and played out at random to its end):
#: a card-game hand of an IS-MCTS seat takes a few seconds at this budget
SIMULATIONS = 50
#: the bot option that sets the searches a move (the others go to the game's ``make_bots``)
SIMULATIONS_OPTION = "simulations"
#: the deals OpenSpiel's chance node offers: a seed of a game with IS-MCTS seats is one of them
DEALS = turns.DEALS


def check_simulations(simulations: Any) -> int:
    """``simulations`` if it is a whole number of searches, at least 1; else ``ValueError``."""
    if type(simulations) is not int or simulations < 1:
        raise ValueError(f"IS-MCTS searches at least once a move: {SIMULATIONS_OPTION} is a whole number, "
                         f"not {str(simulations)[:30]!r}.")
    return simulations


def ismcts_seats(lineup: tuple[str, ...]) -> list[int]:
    """The seats of ``lineup`` played by IS-MCTS."""
    return [seat for seat, level in enumerate(lineup) if level == ISMCTS]


def without_budget(bot_options: dict) -> dict:
    """``bot_options`` without IS-MCTS's budget: what the game's own ``make_bots`` takes (a
    grid of lineups with and without IS-MCTS shares its bot options)."""
    return {name: value for name, value in bot_options.items() if name != SIMULATIONS_OPTION}


def our_team(game: str, lineup: tuple[str, ...], bot_options: dict, seed: int) -> dict:
    """The game's own bots for the seats of ``lineup`` not played by IS-MCTS."""
    ours = {seat: level for seat, level in enumerate(lineup) if level != ISMCTS}
    return GAMES[game].bots.make_bots(ours, seed, **without_budget(bot_options)) if ours else {}


def check_cell(game: str, lineup: tuple[str, ...], options: dict, bot_options: dict) -> None:
    """What ``seats.check_cell`` checks, for a lineup with IS-MCTS seats: OpenSpiel is
    there, the game loads with ``options``, the budget is a number, our bots can be made."""
    from sherlockkit import openspiel  # ImportError, with OpenSpiel's name, when it is not installed

    openspiel.load(game, _rules_options(game, lineup, options))
    check_simulations(bot_options.get(SIMULATIONS_OPTION, SIMULATIONS))
    our_team(game, lineup, bot_options, 0)


def _rules_options(game: str, lineup: tuple[str, ...], options: dict) -> dict:
    return options if GAMES[game].solo else {**options, "players": len(lineup)}


def play_with_ismcts(game: str, lineup: tuple[str, ...], options: dict, bot_options: dict,
                     seed: int) -> tuple[Any, int]:
    """The game dealt from ``seed`` played to its end one seat at a time, the seats of
    ``lineup`` named :data:`ISMCTS` by OpenSpiel's information-set MCTS, the others by the
    game's bots (:func:`played`): its ``Outcome`` and how many moves it lasted."""
    final, moves = played(game, lineup, options, bot_options, seed)
    return GAMES[game].rules.outcome(final), len(moves)


def played(game: str, lineup: tuple[str, ...], options: dict, bot_options: dict, seed: int) -> tuple[Any, list]:
    """The game of :func:`play_with_ismcts`: the engine's final state and every move it
    played, in order (waits are not moves). ``ValueError`` for a seed the chance node
    does not deal (0 to ``DEALS - 1``)."""
    from sherlockkit import openspiel

    if type(seed) is not int or not 0 <= seed < DEALS:
        raise ValueError(f"A game with IS-MCTS seats is dealt by OpenSpiel's chance node: its seeds run from 0 "
                         f"to {DEALS - 1:,}, not {str(seed)[:30]}.")
    simulations = check_simulations(bot_options.get(SIMULATIONS_OPTION, SIMULATIONS))
    spiel = openspiel.load(game, _rules_options(game, lineup, options), deals=DEALS)
    searchers = {seat: openspiel.ismcts_bot(spiel, simulations, seed=random.Random(f"{seed}/{seat}").getrandbits(31))
                 for seat in ismcts_seats(lineup)}
    ours = our_team(game, lineup, bot_options, seed)
    forced = random.Random(f"{seed}/forced")  # the move of a seat of ours that may not wait
    rules = GAMES[game].rules
    state = spiel.new_initial_state()
    state.apply_action(seed)
    moves = []
    while not state.is_terminal():
        seat = state.current_player()
        if seat in searchers:
            number = int(searchers[seat].step(state))  # (OpenSpiel answers with a NumPy integer)
        else:
            move = ours[seat].choose(rules.view(state.table.state, seat))
            if move is None:
                move = turns.WAIT if turns.may_wait(state.table, seat) else forced.choice(turns.moves(state.table))
            number = turns.number_of(state.table, move)
        move = turns.move_of(state.table, number)
        if move is not turns.WAIT:
            moves.append(move)
        state.apply_action(number)
    return state.table.state, moves
