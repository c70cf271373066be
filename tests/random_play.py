"""Games played by random legal moves, for the protocol suite and the games' property tests."""

from __future__ import annotations

import random

from sherlockkit.turns import a_random_move  # noqa: F401 -- the tests draw their random moves with it

#: a random game of any registered game ends well within this
MOVE_LIMIT = 5_000


def random_game(rules, seed: int, limit: int = MOVE_LIMIT, **options):
    """A game of ``rules`` dealt from ``seed`` with ``options``, played by random legal
    moves: the states met (the deal first) and the moves.

    A kind of move is drawn first, then a move of that kind: drawing among all moves
    alike would, in Sherlock Express, almost always slap (24 slaps against one alibi to
    turn up), void round after round and take tens of thousands of moves to end."""
    rng = random.Random(seed)
    state = rules.new(seed, **options)
    states, moves = [state], []
    while rules.outcome(state) is None and len(moves) < limit:
        legal = rules.legal_actions(state)
        assert legal, "a game that is not over must offer a move"
        move = a_random_move(legal, rng)
        state = rules.play(state, move)
        states.append(state)
        moves.append(move)
    return states, moves
