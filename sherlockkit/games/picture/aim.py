"""Aiming the camera: moving your camera, in front of the mat, to another place across and
another height while you arrange.

At the real table each player photographs their own mat, and the angle is part of the
game; here the camera stands anywhere from -8 to 8 across and 4 to 18 high
(``photo.CAMERA_XS``, ``photo.CAMERA_HEIGHTS``), 0 across and 10 high at first.
"""

from __future__ import annotations

from sherlockkit.engine import evolve, replace_at
from sherlockkit.games.picture import phases
from sherlockkit.games.picture.cards import MAX_PLAYERS
from sherlockkit.games.picture.events import Aimed
from sherlockkit.games.picture.photo import CAMERA_HEIGHTS, CAMERA_XS
from sherlockkit.games.picture.state import Aim, State, View


#: Every Aim there is -- seat -> every place the camera may stand, across then up -- made
#: once: a seat arranging is offered some two hundred and fifty at every move, and making
#: them anew each time was half the engine's time (``benchmarks/engines.py``).
EVERY_AIM = {seat: tuple(Aim(seat, x, height) for x in CAMERA_XS for height in CAMERA_HEIGHTS)
             for seat in range(MAX_PLAYERS)}


def position_refusal(camera: tuple[int, int], x: int, height: int) -> str | None:
    """Why a camera standing at ``camera`` may not be moved to (``x``, ``height``), or ``None``."""
    if x not in CAMERA_XS or height not in CAMERA_HEIGHTS:
        return (f"The camera stands from {CAMERA_XS.start} to {CAMERA_XS.stop - 1} across and from "
                f"{CAMERA_HEIGHTS.start} to {CAMERA_HEIGHTS.stop - 1} high.")
    if camera == (x, height):
        return "Your camera already stands there."
    return None


def refusal(seen: View, move: Aim) -> str | None:
    """Why ``seen.player`` may not move their camera to (``move.x``, ``move.height``) now
    (a sentence), or ``None``: only while they arrange, to a place it may stand other than
    where it stands."""
    return (phases.questions_refusal(seen) or phases.arranging_refusal(seen, move.player)
            or position_refusal(seen.cameras[move.player], move.x, move.height))


def offered(seen: View) -> list[Aim]:
    """Every Aim :func:`refusal` allows now: while the player arranges, every place the
    camera may stand (:data:`EVERY_AIM`, across then up) but the one where it stands --
    the list asking :func:`refusal` about each gives (``tests/picture/test_moves.py``)."""
    me = seen.player
    if phases.questions_refusal(seen) or phases.arranging_refusal(seen, me):
        return []
    x, height = seen.cameras[me]
    return [move for move in EVERY_AIM[me] if move.x != x or move.height != height]


def aim(state: State, move: Aim) -> State:
    """The table after the camera moves."""
    return evolve(state, step=state.step + 1, cameras=replace_at(state.cameras, move.player, (move.x, move.height)),
                  events=state.events + (Aimed(move.player, move.x, move.height),))
