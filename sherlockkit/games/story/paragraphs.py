"""A paragraph of the casebook, and the kinds of paragraph there are.

Ids follow the rulebook's booklets: ``r…`` rules, ``a…`` adventures, ``c…`` villains,
``m…`` memoirs (events, places, equipment). Each paragraph has a ``kind``, a ``title``
and a ``text``; what it *does* is a list of ``effects`` (``effects.py``). Loading and
checking the casebook is ``casebook.py``'s.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

KINDS = ("rule", "adventure", "villain", "character", "holmes", "watson", "clue", "location", "memoir")
#: Each kind's colour, the same in the paragraph graph's drawing and on the table's trail
#: (kept here, by the kinds, so that the table need not import the graph and networkx).
KIND_COLOURS = {"rule": "#9e9e9e", "adventure": "#1f5f8b", "villain": "#b03a2e", "character": "#e0a030",
                "holmes": "#6c3483", "watson": "#117864", "clue": "#d35400", "location": "#7d6608",
                "memoir": "#5d6d7e"}
#: R006: an adventure's lines, each a d6 table of paragraphs.
LINES = ("villain", "character", "holmes", "watson", "clue", "location")
#: Which paragraph kinds an adventure's line may point to.
LINE_KINDS = {"villain": {"villain"}, "character": {"character"}, "holmes": {"holmes"},
              "watson": {"watson"}, "clue": {"clue"}, "location": {"location"}}
#: The kinds of event an effect may bring: a roll on one of the lines.
EVENTS = LINES


class CasebookError(ValueError):
    """A paragraph that cannot be played; the message names it."""


@dataclass(frozen=True)
class Paragraph:
    """One paragraph: its id, kind, title, text and the rest of its data."""

    id: str
    kind: str
    title: str
    text: str
    data: Mapping[str, Any]

    @property
    def effects(self) -> tuple:
        """What reading the paragraph does: its effects, in order."""
        return tuple(self.data.get("effects", ()))

    @property
    def once(self) -> bool:
        """Whether the paragraph takes effect only the first time it is read in a case."""
        return bool(self.data.get("once", False))

    def __getitem__(self, key):
        return self.data[key]

    def get(self, key, default=None):
        """A field of the paragraph's data, or ``default``."""
        return self.data.get(key, default)


#: Every paragraph by id.
Casebook = Mapping[str, Paragraph]
