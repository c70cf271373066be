"""The deal, whose turn it is, and what happens between two rounds.

A round ends with a right slap (or with everyone out); then either the game is over, or
every player shuffles the alibis they turned up back into their own pile and the next
round begins.

Chance between rounds: every pile is shuffled, seat by seat, from one stream of the move,
``engine.chance(seed, step, "piles")`` (:data:`ONE_STREAM_A_ROUND`). Games saved before
(save version 2) shuffled each pile from its own stream, ``"pile N"``; they are played with
``shuffles = "pile"`` (:data:`ONE_STREAM_A_PILE`), which keeps that way so that they replay
as they were played.
"""

from __future__ import annotations

from sherlockkit.engine import chance, evolve, shuffled
from sherlockkit.games.express.cards import ALIBIS, DISPLAY_SIZE, SUSPECTS
from sherlockkit.games.express.events import GameWon, RoundBegun
from sherlockkit.games.express.state import State


#: Every pile shuffled from one stream a round (games since save version 3).
ONE_STREAM_A_ROUND = "round"
#: Each pile shuffled from its own stream (games saved at version 2).
ONE_STREAM_A_PILE = "pile"
WAYS = (ONE_STREAM_A_ROUND, ONE_STREAM_A_PILE)


def deal(seed: int, names: tuple[str, ...], target: int | None, false_alibi_variant: bool,
         shuffles: str = ONE_STREAM_A_ROUND) -> State:
    """The table as dealt from ``seed``: six suspects face up and the rest face down, the 36
    alibis dealt one at a time round the table (with five players the first gets one
    more), and the first player about to turn up the first alibi."""
    players = len(names)
    rng = chance(seed, 0, "deal")
    suspects = list(SUSPECTS)
    rng.shuffle(suspects)
    alibis = list(ALIBIS)
    rng.shuffle(alibis)
    piles = tuple(tuple(alibis[p::players]) for p in range(players))
    return State(
        seed=seed, names=names, target=target, false_alibi_variant=false_alibi_variant, shuffles=shuffles,
        step=0, round=1, starter=0,
        suspect_deck=tuple(suspects[DISPLAY_SIZE:]), display=tuple(suspects[:DISPLAY_SIZE]),
        piles=piles, revealed=tuple(() for _ in range(players)),
        won=tuple(() for _ in range(players)), out=frozenset(), turn=0,
        false_alibi=None, finished=False, events=(RoundBegun(1, 0),),
    )


def shuffled_piles(state: State) -> list[tuple[str, ...]]:
    """Every player's pile with the alibis they turned up shuffled back in, seat by seat."""
    seed, step = state.seed, state.step
    if state.shuffles == ONE_STREAM_A_PILE:
        return [tuple(shuffled(chance(seed, step, f"pile {p}"), pile + face_up))
                for p, (pile, face_up) in enumerate(zip(state.piles, state.revealed))]
    stream = chance(seed, step, "piles")
    return [tuple(shuffled(stream, pile + face_up)) for pile, face_up in zip(state.piles, state.revealed)]


#: Nobody out, no trait face up: what a new round starts with.
_NOBODY = frozenset()


def next_turn(piles: tuple[tuple[str, ...], ...], after: int) -> int | None:
    """The next player clockwise after ``after`` who still has an alibi to turn up
    (``None`` when every alibi is face up)."""
    n = len(piles)
    for k in range(1, n + 1):
        p = (after + k) % n
        if piles[p]:
            return p
    return None


def next_round(state: State, starter: int) -> State:
    """The table after a round: the game won (someone reached the target, or the suspect
    deck is empty), or the alibis shuffled back into their owners' piles and the next
    round begun by ``starter``."""
    scores = [len(w) for w in state.won]
    reached = state.target is not None and max(scores) >= state.target
    if reached or not state.suspect_deck:
        best = max(scores)
        winners = tuple(p for p, s in enumerate(scores) if s == best)
        won = GameWon(winners, best, "target" if reached else "deck empty")
        return evolve(state, finished=True, turn=None, out=_NOBODY, false_alibi=None,
                      events=state.events + (won,))
    piles = shuffled_piles(state)
    number = state.round + 1
    return evolve(
        state, round=number, starter=starter, piles=tuple(piles),
        revealed=tuple(() for _ in piles), out=_NOBODY, false_alibi=None,
        turn=starter if piles[starter] else next_turn(tuple(piles), starter),
        events=state.events + (RoundBegun(number, starter),),
    )
