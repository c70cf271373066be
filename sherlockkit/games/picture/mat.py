"""Picture Perfect: the floor mat every player arranges their guests on, seen from above.

Four rows of four marked spaces, row 1 at the front (nearest the camera) and row 4 at
the back, columns 1 (left, as the camera sees it) to 4 (right). The table stands in the
middle of the front row, on the two spaces of columns 2 and 3, so fourteen spaces are
left for guests. Once Watson and Holmes join a player's guests (the Sherlock
expansion), a player owns more figures than there are spaces, so someone is always left
out.

Decisions (stated on the rules-decisions page): *next to* means sharing a side on the
mat (left, right, in front or behind), the expansion's own measure for the coffin, used
for every wish; *at the table* means sharing a side with the table; *left* is column 1,
*right* column 4, *centre* columns 2 and 3; *the front rows* are rows 1 and 2, *the back
rows* rows 3 and 4, *the last row* row 4.

This module holds the mat's shape only; what a wish asks of it is in ``wishes.py``.
"""

from __future__ import annotations

from dataclasses import dataclass

ROWS = 4
COLUMNS = 4
FRONT_ROWS = (1, 2)
BACK_ROWS = (3, 4)
LAST_ROW = ROWS
LEFT = (1,)
CENTRE = (2, 3)
RIGHT = (COLUMNS,)


@dataclass(frozen=True, order=True)
class Space:
    """A marked space of the mat: ``row`` 1 (front) to 4 (back), ``column`` 1 (left) to 4 (right)."""

    row: int
    column: int

    def __str__(self) -> str:
        """The space as players name it: row then column letter, ``"2B"``."""
        return f"{self.row}{'ABCD'[self.column - 1]}"


#: the two spaces the table stands on
TABLE = (Space(1, 2), Space(1, 3))
#: every space a guest may stand on, front row first, left to right
SPACES: tuple[Space, ...] = tuple(Space(r, c) for r in range(1, ROWS + 1) for c in range(1, COLUMNS + 1)
                                  if Space(r, c) not in TABLE)


_BY_NAME = {str(space): space for space in SPACES}


def space_named(name: str) -> Space:
    """The space called ``name`` (``"2B"``); ``ValueError`` with a sentence if there is none."""
    text = str(name).strip().upper()
    space = _BY_NAME.get(text)
    if space is not None:
        return space
    if text in {str(t) for t in TABLE}:
        raise ValueError(f"{text} is where the table stands: no guest can stand there.")
    raise ValueError(f"There is no space {str(name)[:12]!r} on the mat; spaces run from 1A (front left) to 4D (back right).")


def touching(a: Space, b: Space) -> bool:
    """Whether two spaces share a side."""
    return abs(a.row - b.row) + abs(a.column - b.column) == 1


def neighbours(space: Space) -> tuple[Space, ...]:
    """The guest spaces sharing a side with ``space`` (never the table's)."""
    return tuple(s for s in SPACES if touching(s, space))


def at_table(space: Space) -> bool:
    """Whether a guest on ``space`` stands at the table (shares a side with it)."""
    return any(touching(space, t) for t in TABLE)
