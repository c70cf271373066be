"""Picture Perfect: what a wish asks, judged -- the one place a preference card is met or not.

Places on the mat (a row, the front or back rows, the last row, left, right, centre, at
the table) are read from the guest's space (``mat.py``); *next to* is sharing a side on
the mat; *not next to a man / a woman* means no grown-up of that kind on a space sharing a
side. The two wishes about faces are read from the photo (``photo.py``): *my face not
visible* is met when the guest is in the photo and its face is not wholly visible (always,
for a figure that shows no face); *hide X's face* when this guest covers part of X's face.
"""

from __future__ import annotations

from typing import Mapping

from sherlockkit.games.picture import mat
from sherlockkit.games.picture.cards import (
    AVOID_INVESTIGATORS, BACK, CENTRE, FRONT, HIDE, LAST, LEFT, NEXT_TO, NEXT_TO_VICTIM, NO_FACE, NO_MAN, NO_WOMAN,
    RIGHT, ROW, TABLE, UNSEEN, WITH, Wish,
)
from sherlockkit.games.picture.alibis import INVESTIGATORS
from sherlockkit.games.picture.guests import MAN, PLANT, WOMAN, any_guest_named
from sherlockkit.games.picture.mat import Space
from sherlockkit.games.picture.photo import face_gap, face_point, on_grid

_PLACES = {
    FRONT: lambda s: s.row in mat.FRONT_ROWS,
    BACK: lambda s: s.row in mat.BACK_ROWS,
    LAST: lambda s: s.row == mat.LAST_ROW,
    LEFT: lambda s: s.column in mat.LEFT,
    RIGHT: lambda s: s.column in mat.RIGHT,
    CENTRE: lambda s: s.column in mat.CENTRE,
    TABLE: mat.at_table,
}
_AVOIDED = {NO_MAN: MAN, NO_WOMAN: WOMAN}


def kind_of(figure: str) -> str:
    """What a figure on the mat is for the wishes: a guest's kind; Watson and Holmes (the
    Sherlock expansion's investigators) count as men, Irène as a woman -- as figures or as
    guests of the detectives' variant (``guests.DETECTIVES``, the one place it is said)."""
    return any_guest_named(figure).kind


def met(card: Wish, guest: str, placements: Mapping[str, Space], photo, victim: str | None = None) -> bool:
    """Whether ``guest``'s wish ``card`` is granted on the mat ``placements`` (guest ->
    space) and its ``photo`` (a ``photo.Photo`` of those placements). A guest not on the
    mat has no wish granted. In a Sherlock party (``victim`` named) next to the victim is
    next to the coffin, and the victim's face, in the coffin, can never be hidden."""
    space = placements.get(guest)
    if space is None:
        return False
    if card.kind == NEXT_TO_VICTIM or (card.kind == NEXT_TO and victim is not None and card.guest == victim):
        return mat.at_table(space)
    if card.kind == AVOID_INVESTIGATORS:
        return not any(mat.touching(space, placements[i]) for i in INVESTIGATORS if i in placements)
    if card.kind == UNSEEN:
        shot = photo.shots[guest]
        return shot.in_frame and not shot.seen
    if card.kind == WITH:
        return photographed_with(card.guest, guest, photo)
    if card.kind == ROW:
        return space.row == card.row
    if card.kind in _PLACES:
        return _PLACES[card.kind](space)
    if card.kind == NEXT_TO:
        other = placements.get(card.guest)
        return other is not None and mat.touching(space, other)
    if card.kind in _AVOIDED:
        kind = _AVOIDED[card.kind]
        return not any(kind_of(g) == kind and mat.touching(space, s)
                       for g, s in placements.items() if g != guest)
    if card.kind == NO_FACE:
        shot = photo.shots[guest]
        return shot.face is None or (shot.in_frame and not shot.face_visible)
    if card.kind == HIDE:
        shot = photo.shots.get(card.guest)
        return shot is not None and guest in shot.face_covered_by
    raise ValueError(f"There is no wish of the kind {card.kind!r}.")


def needs_photo(card: Wish) -> bool:
    """Whether the wish is judged on the photo (the camera matters), not on the mat alone."""
    return card.kind in (NO_FACE, HIDE, UNSEEN, WITH)


def face_shown(shot) -> bool:
    """Whether the guest wishing to be "photographed with" shows enough of itself: its
    whole face uncovered in the frame; for a figure showing no face, any part of its head
    seen."""
    return shot.face_visible if shot.face is not None else shot.head_seen


def rival(shot) -> bool:
    """Whether another figure of the photo may stand nearer the investigator than the guest
    wishing to be "photographed with" him: only one whose whole face shows (uncovered, in
    the frame). A face hidden even in part is left out, and so is every figure showing no
    face (turned away, seen from behind, veiled; the plant)."""
    return shot.face is not None and shot.face_visible


def _nearest_gap(point: tuple[int, int], rects) -> int:
    """The squared distance in the photo from ``point`` to the nearest point of ``rects``,
    both counted as ``photo.face_gap`` counts (``point`` in 1/(2·GRID)-ths of a photo unit,
    ``rects`` the grid's rectangles: doubled here)."""
    u, v = point
    best = None
    for left, right, bottom, top in rects:
        du = max(2 * left - u, 0, u - 2 * right)
        dv = max(2 * bottom - v, 0, v - 2 * top)
        d = du * du + dv * dv
        best = d if best is None or d < best else best
    return best


def photographed_with(investigator: str, guest: str, photo) -> bool:
    """Whether ``guest`` is photographed with ``investigator``: it is that investigator;
    or the investigator's whole face shows, the guest's too (``face_shown``), and the
    guest's face is strictly nearer the investigator's face in the photo than the face of
    any other figure whose whole face shows (``rival``; a tie fails). The plant (no face)
    is met when it is seen and the nearest point of its outline is strictly nearer the
    investigator's face than any such face (decided)."""
    if guest == investigator:
        return True
    shots = photo.shots
    them, me = shots.get(investigator), shots.get(guest)
    if them is None or me is None or not them.face_visible:
        return False
    if any_guest_named(guest).kind == PLANT:
        if not me.seen:
            return False
        mine = _nearest_gap(face_point(them), [on_grid(part) for part in me.parts])
    else:
        if not face_shown(me):
            return False
        mine = face_gap(photo, guest, investigator)
    return all(mine < face_gap(photo, other, investigator) for other, shot in shots.items()
               if other not in (guest, investigator) and rival(shot))
