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
    BACK, CENTRE, FRONT, HIDE, LAST, LEFT, NEXT_TO, NO_FACE, NO_MAN, NO_WOMAN, RIGHT, ROW, TABLE, Wish,
)
from sherlockkit.games.picture.guests import MAN, WOMAN, guest_named
from sherlockkit.games.picture.mat import Space

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
    Sherlock expansion's investigators) count as men."""
    from sherlockkit.games.picture.alibis import INVESTIGATORS

    return MAN if figure in INVESTIGATORS else guest_named(figure).kind


def met(card: Wish, guest: str, placements: Mapping[str, Space], photo) -> bool:
    """Whether ``guest``'s wish ``card`` is granted on the mat ``placements`` (guest ->
    space) and its ``photo`` (a ``photo.Photo`` of those placements). A guest not on the
    mat has no wish granted."""
    space = placements.get(guest)
    if space is None:
        return False
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
    return card.kind in (NO_FACE, HIDE)
