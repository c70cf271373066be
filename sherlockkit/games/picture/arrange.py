"""Picture Perfect: the arranging step -- placing, moving and unplacing guests on your mat,
aiming your camera, slipping your VIP card into an envelope, and saying Ready.

Every player has all fourteen guests and arranges them freely, in any order, until they
say Ready; when all are Ready the round ends (``rounds.end_round``). The refusals are in
``legal.py``.
"""

from __future__ import annotations

from sherlockkit.engine import evolve, replace_at
from sherlockkit.games.picture.mat import space_named
from sherlockkit.games.picture.state import (
    Aim, Aimed, Envelope, Place, Placed, Ready, SaidReady, State, Unplace, Unplaced, Vip, VipSlipped, index, mat_of,
    with_mat,
)


def place(state: State, action: Place) -> State:
    """Stand the guest on the space (moving it if it stood elsewhere)."""
    mat = mat_of(state, action.player)
    space = space_named(action.space)
    was = mat.get(action.guest)
    mat[action.guest] = space
    return evolve(state, mats=replace_at(state.mats, action.player, with_mat(mat)),
                  events=state.events + (Placed(action.player, action.guest, space, was),))


def unplace(state: State, action: Unplace) -> State:
    """Take the guest off the mat."""
    mat = mat_of(state, action.player)
    space = mat.pop(action.guest)
    return evolve(state, mats=replace_at(state.mats, action.player, with_mat(mat)),
                  events=state.events + (Unplaced(action.player, action.guest, space),))


def aim(state: State, action: Aim) -> State:
    """Move the camera."""
    return evolve(state, cameras=replace_at(state.cameras, action.player, (action.x, action.height)),
                  events=state.events + (Aimed(action.player, action.x, action.height),))


def slip_vip(state: State, action: Vip) -> State:
    """The player's VIP card goes into the envelope (seen by whoever reads it from now on)."""
    i = index(action.guest, state)
    envelope: Envelope = evolve(state.envelopes[i], vip=True)
    return evolve(state, envelopes=replace_at(state.envelopes, i, envelope),
                  vips=replace_at(state.vips, action.player, False),
                  events=state.events + (VipSlipped(action.player, action.guest),))


def ready(state: State, action: Ready) -> State:
    """The player is done for this round; the round ends when all are."""
    from sherlockkit.games.picture.rounds import end_round

    state = evolve(state, ready=state.ready | {action.player},
                   events=state.events + (SaidReady(action.player),))
    return end_round(state) if len(state.ready) == state.players else state
