"""Placing a guest: standing one of your figures on a free space of your mat, or moving it
there from the space it stands on.

The base game: every player has the same guests and arranges them freely, in any order,
until they say Ready; not every guest must be placed. The mat has fourteen spaces, one
figure a space (``mat.py``). The expansion: Watson and Holmes (and Irène, with her
option) are figures too, and the victim lies in the coffin (on the table): their figure
is never placed.
"""

from __future__ import annotations

from sherlockkit.engine import evolve, replace_at
from sherlockkit.games.picture import phases
from sherlockkit.games.picture.cards import MAX_PLAYERS
from sherlockkit.games.picture.events import Placed
from sherlockkit.games.picture.figures import FIGURE_NAMES, not_a_figure, party_figures
from sherlockkit.games.picture.mat import SPACES, Space, space_named
from sherlockkit.games.picture.guests import capital
from sherlockkit.games.picture.state import Place, State, View, mat_of, with_mat

#: Every Place there is -- seat -> figure -> one a space, in board order -- made once: a
#: seat arranging is offered some two hundred at every move, and making them anew each time
#: was half the engine's time (``benchmarks/engines.py``). Moves are values: the same ones.
EVERY_PLACE = {seat: {figure: tuple(Place(seat, figure, str(space)) for space in SPACES) for figure in FIGURE_NAMES}
               for seat in range(MAX_PLAYERS)}


def not_placeable(table: State | View, guest: str) -> str | None:
    """Why ``guest`` is no figure that may stand on a mat at this party (a sentence), or
    ``None``: the victim lies in the coffin; nobody's name, or a guest not at the party."""
    if guest == table.victim:
        return capital(f"{guest} is the victim: their figure lies in the coffin.")
    return not_a_figure(table, guest)


def spot_refusal(guest: str, space: Space, where: Space | None, occupant: str | None) -> str | None:
    """Why ``guest``, standing on ``where`` (``None``: off the mat), may not be stood on
    ``space``, taken by ``occupant`` (``None``: free), or ``None``."""
    if where == space:
        return capital(f"{guest} already stands on {space}.")
    if occupant is not None:
        return f"{space} is taken by {occupant}: move or unplace them first."
    return None


def refusal(seen: View, move: Place) -> str | None:
    """Why ``seen.player`` may not stand ``move.guest`` on ``move.space`` now (a sentence),
    or ``None``: only while they arrange, a figure of the party (never the victim), on a
    space of the mat that is free and not the one it stands on."""
    wrong = (phases.questions_refusal(seen) or not_placeable(seen, move.guest)
             or phases.arranging_refusal(seen, move.player))
    if wrong:
        return wrong
    try:
        space = space_named(move.space)
    except ValueError as error:
        return str(error)
    mat = seen.mats[move.player]
    where = next((s for g, s in mat if g == move.guest), None)
    occupant = next((g for g, s in mat if s == space), None)
    return spot_refusal(move.guest, space, where, occupant)


def offered(seen: View) -> list[Place]:
    """Every Place :func:`refusal` allows now, worked out clause by clause rather than by
    asking it about each of some two hundred candidates: while the player arranges, every
    figure of the party that may stand on a mat (:func:`not_placeable`) on every free space
    (:func:`spot_refusal`: a figure's own space is taken, by itself), figures in party
    order, spaces in board order -- the list asking :func:`refusal` gives
    (``tests/picture/test_moves.py``)."""
    me = seen.player
    if phases.questions_refusal(seen) or phases.arranging_refusal(seen, me):
        return []
    taken = {space for _, space in seen.mats[me]}
    free = [k for k, space in enumerate(SPACES) if space not in taken]
    places = EVERY_PLACE[me]
    return [places[figure][k] for figure in party_figures(seen) if not_placeable(seen, figure) is None for k in free]


def place(state: State, move: Place) -> State:
    """The table after the figure stands on the space (moved from where it stood, if it did)."""
    mat = mat_of(state, move.player)
    space = space_named(move.space)
    was = mat.get(move.guest)
    mat[move.guest] = space
    return evolve(state, step=state.step + 1, mats=replace_at(state.mats, move.player, with_mat(mat)),
                  events=state.events + (Placed(move.player, move.guest, space, was),))
