"""Saying Ready: you are done arranging for this round; when everyone is, the round ends.

The expansion: "You must place Watson AND Holmes ... both of them must appear in your
photo" -- so in a Sherlock party's last round, Ready waits until both are in the frame of
your photo.
"""

from __future__ import annotations

from sherlockkit.engine import evolve
from sherlockkit.games.picture import phases
from sherlockkit.games.picture.alibis import INVESTIGATORS
from sherlockkit.games.picture.events import SaidReady
from sherlockkit.games.picture.scoring import photo_of
from sherlockkit.games.picture.state import Ready, State, View


def investigators_missing(seen: View, player: int) -> str | None:
    """In a Sherlock party's last round: why ``player`` may not say Ready yet (Watson and
    Holmes must both be in the photo's frame), or ``None``."""
    if not seen.sherlock or seen.round < phases.last_round(seen):
        return None
    mat = dict(seen.mats[player])
    shots = photo_of(mat, seen.cameras[player]).shots if mat else {}
    missing = [i for i in INVESTIGATORS if i not in shots or not shots[i].in_frame]
    if not missing:
        return None
    return (f"{' and '.join(missing)} must be in your photo before it is taken: place "
            f"{'them' if len(missing) > 1 else 'him'} in the camera's frame, then say Ready.")


def refusal(seen: View, move: Ready) -> str | None:
    """Why ``seen.player`` may not say Ready now (a sentence), or ``None``: only while they
    arrange, and in a Sherlock party's last round only with Watson and Holmes in the frame."""
    return (phases.questions_refusal(seen) or phases.arranging_refusal(seen, move.player)
            or investigators_missing(seen, move.player))


def offered(seen: View) -> list[Ready]:
    """The seat's Ready, if :func:`refusal` allows it now."""
    move = Ready(seen.player)
    return [move] if refusal(seen, move) is None else []


def say_ready(state: State, move: Ready) -> State:
    """The table after the player says Ready; the round ends when all have."""
    state = evolve(state, step=state.step + 1, ready=state.ready | {move.player},
                   events=state.events + (SaidReady(move.player),))
    return phases.round_over(state) if len(state.ready) == state.players else state
