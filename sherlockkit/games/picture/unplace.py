"""Taking a guest off the mat: any of your figures standing on your mat goes back beside
it while you arrange (not every guest must be placed: one off the mat scores nothing).
"""

from __future__ import annotations

from sherlockkit.engine import evolve, replace_at
from sherlockkit.games.picture import phases
from sherlockkit.games.picture.events import Unplaced
from sherlockkit.games.picture.figures import not_a_figure
from sherlockkit.games.picture.guests import capital
from sherlockkit.games.picture.state import State, Unplace, View, mat_of, with_mat


def refusal(seen: View, move: Unplace) -> str | None:
    """Why ``seen.player`` may not take ``move.guest`` off their mat now (a sentence), or
    ``None``: only while they arrange, a figure of the party standing on their mat."""
    wrong = (phases.questions_refusal(seen) or not_a_figure(seen, move.guest)
             or phases.arranging_refusal(seen, move.player))
    if wrong:
        return wrong
    if all(guest != move.guest for guest, _ in seen.mats[move.player]):
        return capital(f"{move.guest} is not on your mat.")
    return None


def offered(seen: View) -> list[Unplace]:
    """Every Unplace :func:`refusal` allows now: one for each figure standing on the
    player's mat (in figure order), none while they may not arrange."""
    if phases.questions_refusal(seen) or phases.arranging_refusal(seen, seen.player):
        return []
    candidates = (Unplace(seen.player, guest) for guest, _ in seen.mats[seen.player])
    return [move for move in candidates if refusal(seen, move) is None]


def take_off(state: State, move: Unplace) -> State:
    """The table after the figure is taken off the mat."""
    mat = mat_of(state, move.player)
    space = mat.pop(move.guest)
    return evolve(state, step=state.step + 1, mats=replace_at(state.mats, move.player, with_mat(mat)),
                  events=state.events + (Unplaced(move.player, move.guest, space),))
