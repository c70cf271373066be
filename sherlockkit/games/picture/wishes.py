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
    next to the coffin, and the victim's face, in the coffin, can never be hidden. Each
    kind of wish is judged by its own judge below (``_JUDGES``)."""
    space = placements.get(guest)
    if space is None:
        return False
    judge = _JUDGES.get(card.kind)
    if judge is None:
        raise ValueError(f"There is no wish of the kind {card.kind!r}.")
    return judge(card, guest, space, placements, photo, victim)


# one judge a kind of wish: (card, guest, its space, the mat, the photo, the victim) -> met
def _next_to(card, guest, space, placements, photo, victim) -> bool:
    """Next to a guest: sharing a side on the mat; next to the victim: at the table, by the coffin."""
    if victim is not None and card.guest == victim:
        return mat.at_table(space)
    other = placements.get(card.guest)
    return other is not None and mat.touching(space, other)


def _next_to_victim(card, guest, space, placements, photo, victim) -> bool:
    """Next to the victim: at the table, by the coffin."""
    return mat.at_table(space)


def _avoid_investigators(card, guest, space, placements, photo, victim) -> bool:
    """No investigator on a space sharing a side."""
    return not any(mat.touching(space, placements[i]) for i in INVESTIGATORS if i in placements)


def _avoid_kind(card, guest, space, placements, photo, victim) -> bool:
    """No grown-up of the kind the wish names (man, woman) on a space sharing a side."""
    kind = _AVOIDED[card.kind]
    return not any(kind_of(g) == kind and mat.touching(space, s) for g, s in placements.items() if g != guest)


def _row(card, guest, space, placements, photo, victim) -> bool:
    """On the row the wish names."""
    return space.row == card.row


def _place(card, guest, space, placements, photo, victim) -> bool:
    """On the part of the mat the wish names (front, back, last row, left, right, centre, table)."""
    return _PLACES[card.kind](space)


def _unseen(card, guest, space, placements, photo, victim) -> bool:
    """In the photo, but not a scrap of it seen."""
    shot = photo.shots[guest]
    return shot.in_frame and not shot.seen


def _no_face(card, guest, space, placements, photo, victim) -> bool:
    """Its face not wholly visible, in the photo (always, for a figure showing no face)."""
    shot = photo.shots[guest]
    return shot.face is None or (shot.in_frame and not shot.face_visible)


def _hide(card, guest, space, placements, photo, victim) -> bool:
    """It covers part of the named guest's face."""
    return card.guest in faces_hidden_by(guest, photo)


def _with(card, guest, space, placements, photo, victim) -> bool:
    """Photographed with the named investigator."""
    return photographed_with(card.guest, guest, photo)


_JUDGES = {NEXT_TO: _next_to, NEXT_TO_VICTIM: _next_to_victim, AVOID_INVESTIGATORS: _avoid_investigators,
           NO_MAN: _avoid_kind, NO_WOMAN: _avoid_kind, ROW: _row, **{kind: _place for kind in _PLACES},
           UNSEEN: _unseen, NO_FACE: _no_face, HIDE: _hide, WITH: _with}


def faces_hidden_by(guest: str, photo) -> frozenset[str]:
    """The figures whose face ``guest`` covers, in part, in ``photo``: the faces its wish to
    hide a face can name and be met. Read once a photo, for every guest at once, and kept
    with the photo (``Photo.readings``): a bot judges some fifteen such wishes a guest."""
    hidden = photo.readings.get(HIDE)
    if hidden is None:
        covering: dict[str, set[str]] = {}
        for name, shot in photo.shots.items():
            for coverer in shot.face_covered_by:
                covering.setdefault(coverer, set()).add(name)
        hidden = photo.readings[HIDE] = {coverer: frozenset(faces) for coverer, faces in covering.items()}
    return hidden.get(guest, frozenset())


def as_photographed(guest: str, photo, investigators: tuple[str, ...]) -> tuple:
    """Everything the judges of the photo's wishes (:func:`needs_photo`) read of ``guest``
    in ``photo``: whether it is in the frame, whether any of it is seen, whether it shows a
    face and the whole face shows, the faces it covers, and, for each of ``investigators`` (in order),
    whether it is photographed with him. Two photos giving a guest the same reading grant
    it the same photo wishes: a bot's search judges a guest once a reading."""
    shot = photo.shots[guest]
    return (shot.in_frame, shot.seen, shot.face is None, shot.face_visible, faces_hidden_by(guest, photo),
            tuple(photographed_with(him, guest, photo) for him in investigators))


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
    """Whether ``guest`` is photographed with ``investigator``: it is that investigator, or
    one of the figures :func:`photographed_with_him` names."""
    return guest == investigator or guest in photographed_with_him(investigator, photo)


def photographed_with_him(investigator: str, photo) -> frozenset[str]:
    """The figures photographed with ``investigator`` in ``photo``: when his whole face shows,
    each figure that shows enough of itself (``face_shown``) whose face is strictly nearer
    his face in the photo than the face of any other figure whose whole face shows
    (``rival``; a tie fails); the plant (no face) when it is seen and the nearest point of
    its outline is strictly nearer his face than any such face (decided). Read once a
    photo and kept with it (``Photo.readings``): every guest may hold the wish."""
    key = (WITH, investigator)
    found = photo.readings.get(key)
    if found is not None:
        return found
    shots = photo.shots
    them = shots.get(investigator)
    names = set()
    if them is not None and them.face_visible:
        rivals = sorted((face_gap(photo, name, investigator), name) for name, shot in shots.items()
                        if name != investigator and rival(shot))
        for name, me in shots.items():
            if name == investigator:
                continue
            if any_guest_named(name).kind == PLANT:
                if not me.seen:
                    continue
                mine = _nearest_gap(face_point(them), [on_grid(part) for part in me.parts])
            elif face_shown(me):
                mine = face_gap(photo, name, investigator)
            else:
                continue
            nearest_other = next((gap for gap, other in rivals if other != name), None)
            if nearest_other is None or mine < nearest_other:
                names.add(name)
    found = photo.readings[key] = frozenset(names)
    return found
