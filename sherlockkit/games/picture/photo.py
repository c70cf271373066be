"""Picture Perfect: the photo, taken exactly.

A pinhole camera stands at (``x``, ``height``, 0) in front of the mat and looks straight
along the depth. A point of a standee at (x, y) on a row at depth z shows in the photo at
u = F·(x − cx)/z across and v = F·(y − cy)/z up (:data:`FOCAL` is F), exactly. The photo
is what falls inside :data:`FRAME`. A nearer figure (a row nearer the camera) covers a
farther one where their outlines overlap with positive area; touching edges cover nothing;
two figures of one row never overlap (``figures.py`` spaces the columns for that). The
table stands in row 1: it covers rows 2-4 only.

Why the answers are exact and fast: every coordinate of the stage is a half unit and every
depth divides :data:`GRID` / F, so each projected edge is a whole number of 1/GRID-ths of a
photo unit. The covering arithmetic runs on those whole numbers (the same values as the
``Fraction`` rectangles handed out, scaled by one common factor).

Speed: each figure's projection from a space by a camera (:func:`_seen`, with its pieces
inside the frame) is remembered, for every figure, space and camera there is (bounded:
17 x 14 x 255 = 60,690, about 130 MB once all are made; a bot's search makes a few
thousand), as plain tuples of whole numbers, which Python's cyclic collector stops walking
(a shot's Rects are made from them as it is shot): without it a bot's search took 70-90% longer (``tests/picture/test_photo.py``
holds every remembered projection to one made afresh). A bot's search asks for photos of
layouts a figure or three apart: :func:`retake` works one out from the last, shooting again
only the figures a move can have changed (the same test file holds it to :func:`take`).
Nothing else is remembered: the whole photo, the table's projection and a box's half units
each saved under a tenth of a search.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from math import lcm
from types import MappingProxyType
from typing import Mapping

from .figures import FIGURES, ROW_DEPTH, TABLE_PANEL, TABLE_ROW, Box, foot
from .mat import SPACES, Space, space_named

#: the camera's focal distance: row 1's depth, so row 1 shows at its own size
FOCAL = ROW_DEPTH[1]
#: the photo is the rectangle u in [-20, 20], v in [-12, 8] (2:1, landscape)
FRAME_LEFT, FRAME_RIGHT, FRAME_BOTTOM, FRAME_TOP = Fraction(-20), Fraction(20), Fraction(-12), Fraction(8)
#: the camera may stand anywhere across from -8 to 8, at any height from 4 to 18
CAMERA_XS = range(-8, 9)
CAMERA_HEIGHTS = range(4, 19)
#: one photo unit is GRID steps of the whole-number arithmetic (half units over every depth)
GRID = 2 * lcm(*ROW_DEPTH.values())
TABLE = "table"


@dataclass(frozen=True)
class Camera:
    """Where the camera stands: ``x`` across (0 is the mat's centre line) and ``height``."""

    x: int
    height: int


DEFAULT_CAMERA = Camera(0, 10)


def camera_at(x, height) -> Camera:
    """The camera standing at ``x`` across and ``height`` up; ``ValueError`` with a sentence if it cannot stand there."""
    for value, what, allowed in ((x, "across", CAMERA_XS), (height, "high", CAMERA_HEIGHTS)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"The camera stands at whole units: {str(value)[:20]!r} {what} is not one.")
        if value not in allowed:
            raise ValueError(f"The camera cannot stand {value} {what}: it goes from {allowed[0]} to {allowed[-1]}.")
    return Camera(x, height)


@dataclass(frozen=True, slots=True)
class Rect:
    """A rectangle in the photo, kept as its edges counted in whole 1/GRID-ths of a photo
    unit, ``grid`` (left, right, bottom, top: every edge a projection makes is one, see
    the module's text); :attr:`left`, :attr:`right`, :attr:`bottom` and :attr:`top` are
    the same edges as exact Fractions of a photo unit, u across and v up.

    Only the whole numbers are kept (CONTRIBUTING, speed): the figures' remembered
    projections hold some 200,000 rectangles, and Python's cyclic collector walks every
    object kept. With four Fractions a rectangle, one full pass over a six-player party's
    memory took 0.37 s, inside a bot's move."""

    grid: tuple[int, int, int, int]

    @classmethod
    def of(cls, left, right, bottom, top) -> "Rect":
        """The rectangle with these edges (Fractions of a photo unit, each a whole number of
        1/GRID-ths; ``ValueError`` otherwise)."""
        edges = []
        for edge in (left, right, bottom, top):
            scaled = Fraction(edge) * GRID
            if scaled.denominator != 1:
                raise ValueError(f"A photo's edge is a whole number of 1/{GRID}-ths of a unit, not {edge}.")
            edges.append(scaled.numerator)
        return cls(tuple(edges))

    left = property(lambda self: Fraction(self.grid[0], GRID), doc="The left edge (u), a Fraction of a photo unit.")
    right = property(lambda self: Fraction(self.grid[1], GRID), doc="The right edge (u).")
    bottom = property(lambda self: Fraction(self.grid[2], GRID), doc="The bottom edge (v).")
    top = property(lambda self: Fraction(self.grid[3], GRID), doc="The top edge (v).")

    @property
    def centre(self) -> tuple[Fraction, Fraction]:
        """The rectangle's centre (u, v)."""
        return (self.left + self.right) / 2, (self.bottom + self.top) / 2


FRAME = Rect.of(FRAME_LEFT, FRAME_RIGHT, FRAME_BOTTOM, FRAME_TOP)


@dataclass(frozen=True)
class Shot:
    """One placed figure as the photo shows it (see the module's docstring for the geometry)."""

    figure: str
    space: Space
    parts: tuple[Rect, ...]  # its outline, projected, in the order of figures.py's parts
    face: Rect | None  # its face, projected; None when it shows none
    head: Rect  # its head, projected
    in_frame: bool  # some part of its outline lies inside the frame (with some area)
    seen: bool  # some area of it is inside the frame and covered by nothing nearer
    face_visible: bool  # its whole face inside the frame and covered nowhere
    head_seen: bool  # some area of its head is inside the frame and uncovered
    face_covered_by: frozenset[str]  # nearer figures (and "table") overlapping its face inside the frame


@dataclass(frozen=True)
class Photo:
    """The photo: the ``camera``, every placed figure's ``shots`` (by name, farthest row first,
    then left to right), and the ``table`` as projected."""

    camera: Camera
    shots: Mapping[str, Shot]
    table: Rect
    #: what has been read off this photo, kept with it (``wishes.faces_hidden_by``, the figures'
    #: projections for ``retake``)
    readings: dict = field(default_factory=dict, init=False, compare=False, repr=False)


# --- whole-number rectangles: (left, right, bottom, top) in 1/GRID photo units ------------

#: a half unit across (or up) at depth z is _HALF_STEPS[z] grid steps in the photo
_HALF_STEPS = {z: FOCAL * GRID // (2 * z) for z in ROW_DEPTH.values()}


def _project(box: Box, x: int, z: int, camera: Camera) -> tuple[int, int, int, int]:
    """``box`` of a figure standing at (x, depth z), on the whole-number grid (a Rect's
    ``grid``): u = F·(x + left − cx)/z is (2x + 2·left − 2cx) half units times
    _HALF_STEPS[z] steps."""
    step = _HALF_STEPS[z]
    across, up = 2 * (x - camera.x), -2 * camera.height
    left, right, bottom, top = box.halves
    return (across + left) * step, (across + right) * step, (up + bottom) * step, (up + top) * step


@dataclass(frozen=True, slots=True)
class _Seen:
    """A figure projected from one space by one camera, on the whole-number grid (plain
    tuples of whole numbers, which Python's collector soon stops walking: a shot's Rects
    are made from them when it is shot)."""

    grid_parts: tuple[tuple[int, int, int, int], ...]
    grid_head: tuple[int, int, int, int]
    grid_face: tuple[int, int, int, int] | None
    bounds: tuple[int, int, int, int]
    inside: tuple[tuple[int, int, int, int], ...]  # the parts' pieces inside the frame
    head_inside: tuple[int, int, int, int] | None  # the head's piece inside the frame
    face_inside: tuple[int, int, int, int] | None  # the face's piece inside the frame


#: Every figure on every space by every camera: the most projections :func:`_seen` can hold,
#: so that it never forgets one it made (17 figures x 14 spaces x 255 cameras = 60,690).
PROJECTIONS = 1 << 16


@lru_cache(maxsize=PROJECTIONS)
def _seen(name: str, space: Space, camera: Camera) -> _Seen:
    """Figure ``name`` standing on ``space`` as ``camera`` projects it (see the module's text)."""
    figure = FIGURES[name]
    x, z = foot(space)
    grid = tuple(_project(p.box, x, z, camera) for p in figure.parts)
    head = _project(figure.head, x, z, camera)
    face = None if figure.face is None else _project(figure.face, x, z, camera)
    bounds = (min(g[0] for g in grid), max(g[1] for g in grid), min(g[2] for g in grid), max(g[3] for g in grid))
    inside = tuple(c for c in (_clip(g, _GRID_FRAME) for g in grid) if c is not None)
    return _Seen(grid, head, face, bounds, inside, _clip(head, _GRID_FRAME),
                 None if face is None else _clip(face, _GRID_FRAME))


def _table(camera: Camera) -> tuple[Rect, tuple[int, int, int, int]]:
    grid = _project(TABLE_PANEL, 0, ROW_DEPTH[TABLE_ROW], camera)
    return Rect(grid), grid


def _steps(value: Fraction) -> int:
    scaled = value * GRID
    assert scaled.denominator == 1, value
    return scaled.numerator


_GRID_FRAME = (_steps(FRAME_LEFT), _steps(FRAME_RIGHT), _steps(FRAME_BOTTOM), _steps(FRAME_TOP))


def _overlap(a, b) -> bool:
    """Whether two grid rectangles share some area (touching edges share none)."""
    return a[0] < b[1] and b[0] < a[1] and a[2] < b[3] and b[2] < a[3]


def _clip(a, b):
    """The part of ``a`` inside ``b``, or None when they share no area."""
    if not _overlap(a, b):
        return None
    return (max(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), min(a[3], b[3]))


def _uncovered(rect, covers) -> bool:
    """Whether some area of ``rect`` is left once every rectangle of ``covers`` is cut away."""
    pieces = [rect]
    for c in covers:
        left = []
        for p in pieces:
            if not _overlap(p, c):
                left.append(p)
                continue
            # what is left of p around c: a strip each side, then below and above c's span
            if p[0] < c[0]:
                left.append((p[0], c[0], p[2], p[3]))
            if c[1] < p[1]:
                left.append((c[1], p[1], p[2], p[3]))
            lo, hi = max(p[0], c[0]), min(p[1], c[1])
            if p[2] < c[2]:
                left.append((lo, hi, p[2], c[2]))
            if c[3] < p[3]:
                left.append((lo, hi, c[3], p[3]))
        pieces = left
        if not pieces:
            return False
    return True


_SPACES = frozenset(SPACES)


def _placed(placements: Mapping[str, Space]) -> tuple[tuple[str, Space], ...]:
    """The placements checked and in the photo's order: farthest row first, then left to right."""
    items, taken = [], {}
    for name, space in placements.items():
        if name not in FIGURES:
            raise ValueError(f"There is no figure called {str(name)[:40]!r} to place.")
        if isinstance(space, str):
            space = space_named(space)
        if space not in _SPACES:
            raise ValueError(f"{name} cannot stand on {space}: it is not a guest's space.")
        if space in taken:
            raise ValueError(f"{name} and {taken[space]} cannot both stand on {space}.")
        taken[space] = name
        items.append((name, space))
    return tuple(sorted(items, key=lambda item: (-item[1].row, item[1].column)))


def take(placements: Mapping[str, Space], camera: Camera) -> Photo:
    """The photo of the figures standing where ``placements`` says (name -> Space, or a
    space's name such as ``"2B"``) taken by ``camera``: who is in it, who is seen, whose face
    shows and who covers it. ``ValueError`` with a sentence for an unknown figure or space,
    or two figures on one space."""
    placed = _placed(placements)
    seen = {name: _seen(name, space, camera) for name, space in placed}
    table, grid_table = _table(camera)
    shots = {name: _shoot(name, space, placed, seen, grid_table) for name, space in placed}
    return _with_projections(Photo(camera, MappingProxyType(shots), table), seen)


def _with_projections(photo: Photo, seen: dict) -> Photo:
    """``photo``, keeping the projections of its figures it was made from (for :func:`retake`)."""
    photo.readings[_Seen] = seen
    return photo


def retake(before: Photo, placements: Mapping[str, Space], camera: Camera) -> Photo:
    """The same photo as ``take(placements, camera)``, worked out from ``before`` (a photo of
    another layout): under the same camera only the figures that moved, and those farther
    back that a moved figure covered or now covers, are shot again; the others' shots are
    the same whoever moved, and are kept (``tests/picture/test_photo.py`` holds it to
    :func:`take`). Under another camera, a new photo."""
    if before.camera != camera:
        return take(placements, camera)
    placed = _placed(placements)
    now, old = dict(placed), before.shots
    made = before.readings.get(_Seen, {})  # the figures' projections the photo before was made from
    seen = {name: made[name] if name in made and old[name].space is space else _seen(name, space, camera)
            for name, space in placed}
    # what a moved figure took up, where it stood and where it stands: (row, outline's bounds);
    # spaces are compared by identity (the mat's own Space objects): a figure wrongly counted
    # as moved is only shot again
    moved = [(shot.space.row, (made.get(name) or _seen(name, shot.space, camera)).bounds)
             for name, shot in old.items() if now.get(name) is not shot.space]
    moved += [(space.row, seen[name].bounds) for name, space in placed
              if name not in old or old[name].space is not space]
    grid_table = None
    shots = {}
    for name, space in placed:
        kept = old.get(name)
        if kept is not None and kept.space is space and not any(
                row < space.row and _overlap(bounds, seen[name].bounds) for row, bounds in moved):
            shots[name] = kept
            continue
        if grid_table is None:
            grid_table = _table(camera)[1]
        shots[name] = _shoot(name, space, placed, seen, grid_table)
    return _with_projections(Photo(camera, MappingProxyType(shots), before.table), seen)


def _shoot(name: str, space: Space, placed, seen: Mapping[str, _Seen], grid_table) -> Shot:
    """Figure ``name`` on ``space`` in the photo of the figures ``placed`` (their projections
    ``seen``): in the frame, seen, its face visible or covered by whom (see the module's text)."""
    me = seen[name]
    # what may cover me: the parts of nearer figures near my outline, and the table
    nearer = [(other, seen[other]) for other, where in placed if where.row < space.row
              and _overlap(seen[other].bounds, me.bounds)]
    covers = [g for _, s in nearer for g in s.grid_parts if _overlap(g, me.bounds)]
    if space.row > TABLE_ROW and _overlap(grid_table, me.bounds):
        covers.append(grid_table)
    inside, head = me.inside, me.head_inside
    covered_by: frozenset[str] = frozenset()
    face_visible = False
    if me.grid_face is not None:
        face = me.face_inside
        if face is not None:
            covered_by = frozenset(
                [other for other, s in nearer if any(_overlap(g, face) for g in s.grid_parts)]
                + ([TABLE] if space.row > TABLE_ROW and _overlap(grid_table, face) else []))
        face_visible = face == me.grid_face and not covered_by
    return Shot(
        figure=name, space=space, parts=tuple(map(Rect, me.grid_parts)),
        face=None if me.grid_face is None else Rect(me.grid_face), head=Rect(me.grid_head),
        in_frame=bool(inside),
        seen=any(_uncovered(p, covers) for p in inside),
        face_visible=face_visible,
        head_seen=head is not None and _uncovered(head, covers),
        face_covered_by=covered_by)


def face_gap(photo: Photo, a: str, b: str) -> int:
    """The squared distance in the photo between the centres of ``a``'s and ``b``'s faces
    (a figure showing no face: its head's centre), counted in (1/(2·GRID))² of a square
    photo unit: a whole number, so distances compare exactly and quickly
    (:func:`face_distance2` is the same in photo units)."""
    (ua, va), (ub, vb) = (face_point(photo.shots[n]) for n in (a, b))
    return (ua - ub) ** 2 + (va - vb) ** 2


def face_point(shot: Shot) -> tuple[int, int]:
    """The centre of ``shot``'s face (of its head when it shows none), counted in
    1/(2·GRID)-ths of a photo unit (twice the grid's units: a whole number)."""
    left, right, bottom, top = on_grid(shot.face or shot.head)
    return left + right, bottom + top


def on_grid(rect: Rect) -> tuple[int, int, int, int]:
    """``rect``'s edges counted in 1/GRID-ths of a photo unit: whole numbers, every edge of
    the photo being one (see the module's text): as its projection made them."""
    return rect.grid


def face_distance2(photo: Photo, a: str, b: str) -> Fraction:
    """The squared distance in the photo between the centres of ``a``'s and ``b``'s faces
    (a figure showing no face: its head's centre), in square photo units."""
    return Fraction(face_gap(photo, a, b), (2 * GRID) ** 2)
