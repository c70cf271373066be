"""Picture Perfect: what each figure looks like to the camera, and where the stage puts it.

Every figure is a flat standee facing the camera: a union of upright rectangles in its
own plane, measured from its *foot point* (``x`` across from its centre line, negative to
the camera's left; ``y`` up from the floor), in whole or half units. One of its parts is
its head; inside the head is its face (eyes, nose and mouth), or none for a figure that
shows no face (turned away, seen from behind, veiled, or a plant).

The stage (world units): a space's column puts the foot point at :data:`COLUMN_X`, its row
at the depth :data:`ROW_DEPTH` away from the camera's plane (row 1 nearest). The columns
are :data:`COLUMN_X` apart by more than the widest figure, so two figures of one row never
overlap in any photo (same depth: the camera scales them alike); the rows are close to
the camera compared to their spacing, so moving the camera shifts a back row against the
front one visibly (parallax): a face hidden from one spot shows from another.

The table is a front panel standing on row 1 across columns 2 and 3 (:data:`TABLE_PANEL`);
the expansion's coffin will stand in its place.

Sizes (tallest point): grown-ups 12.5 (Miss Ashby) to 16 (Mr Wren, Lady Arabella's plume),
children 9.5-10 with what they hold, the dog 5.5 tall and 5 wide, the plant 10.5 with
leaves 8 wide. The drawing of a figure (colours, eyes) is in ``widgets/picture_art.py``;
it reads the part names given here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from .alibis import INVESTIGATORS, IRENE
from .guests import NAMES as GUEST_NAMES
from .guests import EVERY_NAME, capital, guest_named, party
from .mat import COLUMNS, ROWS, Space

#: the foot point's x of each column (index 1..4), in world units; 10 apart
COLUMN_X = {1: -15, 2: -5, 3: 5, 4: 15}
#: the depth of each row (index 1..4) away from the camera's plane, in world units
ROW_DEPTH = {1: 12, 2: 16, 3: 20, 4: 24}
#: the widest a figure may be, so that two neighbouring columns never overlap
MAX_WIDTH = 10
#: the figures of the Sherlock expansion (issue 14), drawn here so they fit the same stage
EXPANSION_NAMES = ("Watson", "Holmes", "Irène")


@dataclass(frozen=True)
class Box:
    """An upright rectangle in a figure's own plane: x from its centre line, y up from the
    floor, in whole or half units (``halves``: its edges counted in half units, the whole
    numbers the photo's arithmetic runs on; ``ValueError`` for an edge that is neither)."""

    left: Fraction
    right: Fraction
    bottom: Fraction
    top: Fraction
    halves: tuple[int, int, int, int] = field(init=False, compare=False, repr=False)

    def __post_init__(self):
        edges = (self.left, self.right, self.bottom, self.top)
        if any((2 * Fraction(e)).denominator != 1 for e in edges):  # the photo's grid is made for half units
            raise ValueError(f"{self} is not measured in whole or half units.")
        object.__setattr__(self, "halves", tuple(int(2 * Fraction(e)) for e in edges))


@dataclass(frozen=True)
class Part:
    """One named piece of a figure's outline (``"head"``, ``"coat"``, ``"hat"`` ...) and its box."""

    name: str
    box: Box


@dataclass(frozen=True)
class Figure:
    """A standee: its ``parts`` (the outline, farthest-drawn first), which part is its head,
    and its ``face`` box inside the head, or ``None`` when it shows no face."""

    name: str
    parts: tuple[Part, ...]
    face: Box | None

    @property
    def head(self) -> Box:
        """The box of the part called ``"head"``."""
        return next(p.box for p in self.parts if p.name == "head")

    @property
    def width(self) -> Fraction:
        """How wide the figure is, outermost edge to outermost edge."""
        return max(p.box.right for p in self.parts) - min(p.box.left for p in self.parts)

    @property
    def height(self) -> Fraction:
        """How tall the figure is, floor to its highest point."""
        return max(p.box.top for p in self.parts)


def _box(left, right, bottom, top) -> Box:
    return Box(Fraction(left), Fraction(right), Fraction(bottom), Fraction(top))


def _figure(name: str, face, *parts) -> Figure:
    """A figure from ``(part name, left, right, bottom, top)`` tuples (numbers as written)."""
    return Figure(name, tuple(Part(p[0], _box(*p[1:])) for p in parts),
                  None if face is None else _box(*face))


# A grown-up's head is 3 wide and 2.5 tall; its face 2 by 1.5, half a unit in from the sides
# and the chin. Numbers below are (part, left, right, bottom, top).
FIGURES: dict[str, Figure] = {f.name: f for f in (
    _figure("Lady Arabella", (-1, 1, 11, 12.5),
            ("skirt", -3, 3, 0, 6), ("bodice", -2, 2, 6, 10.5), ("head", -1.5, 1.5, 10.5, 13),
            ("brim", -3, 3, 13, 13.5), ("crown", -1.5, 1.5, 13.5, 14.5), ("plume", 1, 2.5, 13.5, 16)),
    _figure("the Colonel", (-1, 1, 11, 12.5),
            ("legs", -2, 2, 0, 5), ("coat", -3.5, 3.5, 5, 10.5), ("head", -1.5, 1.5, 10.5, 13)),
    _figure("Mrs Pike", (-1, 1, 10.5, 12),
            ("skirt", -3, 3, 0, 6), ("bodice", -2, 2, 6, 10), ("keys", 2, 3, 5, 7),
            ("head", -1.5, 1.5, 10, 12.5), ("bun", -1, 1, 12.5, 13.5)),
    _figure("the Reverend", (-1, 1, 11.5, 13),
            ("legs", -1.5, 1.5, 0, 6), ("coat", -2, 2, 6, 11), ("head", -1.5, 1.5, 11, 13.5),
            ("brim", -3.5, 3.5, 13.5, 14), ("crown", -1.5, 1.5, 14, 15)),
    _figure("Miss Ashby", None,
            ("skirt", -2.5, 2.5, 0, 6), ("bodice", -2, 2, 6, 10), ("head", -1.5, 1.5, 10, 12.5),
            ("bun", -1, 1, 12.5, 13)),
    _figure("Doctor Vale", (-1, 1, 11, 12.5),
            ("legs", -2, 2, 0, 6), ("coat", -2.5, 2.5, 6, 10.5), ("bag", 2, 4.5, 2.5, 5),
            ("head", -1.5, 1.5, 10.5, 13), ("hair", -1.5, 1.5, 13, 13.5)),
    _figure("Signora Bellini", (-1, 1, 11, 12.5),
            ("skirt", -3.5, 3.5, 0, 6), ("bodice", -2, 2, 6, 9), ("stole", -4.5, 4.5, 8, 10.5),
            ("head", -1.5, 1.5, 10.5, 13), ("hair", -2, 2, 13, 14)),
    _figure("Captain Thorne", None,
            ("legs", -2, 2, 0, 5.5), ("coat", -3, 3, 5.5, 11), ("head", -1.5, 1.5, 11, 13.5),
            ("cap", -2, 2, 13.5, 14.5)),
    _figure("Madame Roche", None,
            ("skirt", -3.5, 3.5, 0, 7), ("bodice", -2, 2, 7, 10), ("head", -2, 2, 10, 13.5),
            ("veil", -2.5, 2.5, 7.5, 12)),
    _figure("Mr Wren", (-1, 1, 13.5, 15),
            ("legs", -1.5, 1.5, 0, 8), ("coat", -2, 2, 8, 13), ("head", -1.5, 1.5, 13, 15.5),
            ("hair", -1.5, 1.5, 15.5, 16)),
    _figure("Tom", (-1, 1, 7.5, 8.5),
            ("hoop", 1.5, 4.5, 0, 3), ("legs", -1, 1, 0, 4), ("jacket", -1.5, 1.5, 4, 7),
            ("head", -1.5, 1.5, 7, 9), ("cap", -1.5, 1.5, 9, 9.5)),
    _figure("Polly", (-1, 1, 7, 8),
            ("skirt", -2, 2, 0, 4), ("bodice", -1.5, 1.5, 4, 6.5), ("head", -1.5, 1.5, 6.5, 8.5),
            ("kite", -4.5, -2, 6.5, 10)),
    _figure("the Aspidistra", None,
            ("pot", -2, 2, 0, 3), ("stem", -0.5, 0.5, 3, 5), ("leaves", -4, 4, 5, 9),
            ("head", -2.5, 2.5, 9, 10.5)),
    _figure("Biscuit", (-1, 1, 3.5, 5),
            ("body", -2.5, 2.5, 0, 3), ("ears", -2.5, 2.5, 2.5, 4.5), ("head", -1.5, 1.5, 3, 5.5)),
    # The Sherlock expansion's three (issue 14): here so they are measured on the same stage.
    _figure("Watson", (-1, 1, 11, 12.5),
            ("legs", -2, 2, 0, 6), ("coat", -2.5, 2.5, 6, 10.5), ("head", -1.5, 1.5, 10.5, 13),
            ("bowler", -2, 2, 13, 14)),
    _figure("Holmes", (-1, 1, 12, 13.5),
            ("legs", -1.5, 1.5, 0, 7), ("cape", -3, 3, 7, 11.5), ("head", -1.5, 1.5, 11.5, 14),
            ("deerstalker", -2, 2, 14, 15)),
    _figure("Irène", (-1, 1, 11, 12.5),
            ("skirt", -3, 3, 0, 6.5), ("bodice", -2, 2, 6.5, 10.5), ("head", -1.5, 1.5, 10.5, 13),
            ("hat", -2.5, 2.5, 13, 13.5), ("feather", -1, 2, 13.5, 14.5)),
)}

#: every figure's name: the fourteen guests, then the expansion's three
FIGURE_NAMES = GUEST_NAMES + EXPANSION_NAMES

#: the table's front panel, in the plane of row 1, measured from the floor at the mat's centre
TABLE_PANEL = _box(-9, 9, 0, 6)
#: the row the table stands in (it covers only the rows behind it)
TABLE_ROW = 1


def figure_named(name: str) -> Figure:
    """The figure called ``name``; ``ValueError`` with a sentence if there is none."""
    if name in FIGURES:
        return FIGURES[name]
    raise ValueError(f"There is no figure called {str(name)[:40]!r} in the box.")


def expansion_figures(table) -> tuple[str, ...]:
    """The expansion's figures every player of this party (a ``State`` or a ``View``) may
    place besides the party's guests: Watson and Holmes in a Sherlock party, then Irène
    with her option (none in the variant "detectives as guests", where they come as guests)."""
    return (INVESTIGATORS if table.sherlock else ()) + ((IRENE,) if table.irene else ())


def party_figures(table) -> tuple[str, ...]:
    """Every figure a player of this party may place: the party's guests
    (``guests.party``), then the expansion's figures (:func:`expansion_figures`)."""
    return party(table) + expansion_figures(table)


def absent(table, name: str) -> str | None:
    """Why ``name`` is nobody at this party (a sentence), or ``None`` when it is one of its
    guests: nobody's name; or, in the detectives' variant, a guest whose envelope, cards
    and figure went back to the box."""
    if name in party(table):
        return None
    if table.guests and name in EVERY_NAME:
        return capital(f"{name} is not at this party: their envelope, cards and figure went back to the box.")
    try:
        guest_named(name)
    except ValueError as error:
        return str(error)
    return None


def not_a_figure(table, name: str) -> str | None:
    """Why ``name`` is no figure a player of this party has (a sentence), or ``None``: the
    party's guests and the expansion's figures are (:func:`party_figures`)."""
    return None if name in expansion_figures(table) else absent(table, name)


def foot(space: Space) -> tuple[int, int]:
    """Where a figure on ``space`` stands: (x across, depth away from the camera's plane)."""
    return COLUMN_X[space.column], ROW_DEPTH[space.row]


assert set(COLUMN_X) == set(range(1, COLUMNS + 1)) and set(ROW_DEPTH) == set(range(1, ROWS + 1))
