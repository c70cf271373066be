"""Beyond Baker Street's components as data: the 24 Evidence cards, the 28 Leads, the six
Case Files, the hand sizes and the Investigation track's goal.

An Evidence card is an icon and a number (one card of each: four icons, numbers 1 to 6).
A Lead is a kind (Suspect, Motive, Opportunity), an icon and a value; there is one Lead
of each kind for every icon and every value its kind takes. A Case File says where the
Holmes marker starts and how many cards the Impossible may hold before each new one
costs a step of Holmes's lead. Nothing here decides anything.
"""

from __future__ import annotations

from dataclasses import dataclass

CLUE, DOCUMENT, TRACK, WITNESS = "Clue", "Document", "Track", "Witness"
#: the four Evidence icons, in the order the book lists them
ICONS: tuple[str, ...] = (CLUE, DOCUMENT, TRACK, WITNESS)
#: the numbers printed on Evidence cards
NUMBERS: tuple[int, ...] = (1, 2, 3, 4, 5, 6)


def plural(icon: str) -> str:
    """An icon's name for several cards ("Tracks", "Witnesses")."""
    return icon + ("es" if icon.endswith("s") else "s")


@dataclass(frozen=True, order=True)
class Evidence:
    """An Evidence card: its icon and its number ("Track 4")."""

    icon: str
    number: int

    def __str__(self) -> str:
        return f"{self.icon} {self.number}"


#: the 24 Evidence cards, icon by icon, low numbers first
EVIDENCE: tuple[Evidence, ...] = tuple(Evidence(icon, n) for icon in ICONS for n in NUMBERS)
_BY_NAME = {str(card).lower(): card for card in EVIDENCE}


def evidence_named(text: str) -> Evidence:
    """The Evidence card a text names ("Track 4", any case); ``ValueError`` otherwise."""
    card = _BY_NAME.get(" ".join(str(text).split()).lower()) if isinstance(text, str) else None
    if card is None:
        shown = text if isinstance(text, str) and len(text) <= 30 else "that"
        raise ValueError(f"There is no Evidence card called {shown!r}: they are an icon and a number, like 'Track 4'.")
    return card


SUSPECT, MOTIVE, OPPORTUNITY = "Suspect", "Motive", "Opportunity"
#: the three kinds of Lead, in the order of the board's three sections
KINDS: tuple[str, ...] = (SUSPECT, MOTIVE, OPPORTUNITY)
#: the values a Lead of each kind may have (one card per icon and value)
LEAD_VALUES: dict[str, tuple[int, ...]] = {OPPORTUNITY: (7, 8), MOTIVE: (9, 10), SUSPECT: (11, 12, 13)}
#: Leads dealt to each section of the board at the start
PILE_SIZE = 3


@dataclass(frozen=True, order=True)
class Lead:
    """A Lead card: its kind, the icon of the Evidence it wants, and its value ("Motive:
    Witness 9")."""

    kind: str
    icon: str
    value: int

    def __str__(self) -> str:
        return f"{self.kind}: {self.icon} {self.value}"


#: the 28 Leads, kind by kind in board order
LEADS: tuple[Lead, ...] = tuple(Lead(kind, icon, v) for kind in KINDS for icon in ICONS for v in LEAD_VALUES[kind])


@dataclass(frozen=True)
class CaseFile:
    """A Case File: its number (harder as it grows), the Holmes marker's starting space,
    and how many cards the Impossible holds before each further card costs a step."""

    number: int
    holmes: int
    impossible: int


#: the six Case Files, by number
CASE_FILES: dict[int, CaseFile] = {n: CaseFile(n, h, i) for n, h, i in (
    (1, 15, 4), (2, 12, 4), (3, 11, 2), (4, 10, 2), (5, 9, 1), (6, 8, 1))}

#: cards in each hand, by the number of players
HAND_SIZES: dict[int, int] = {2: 6, 3: 4, 4: 3}
#: the most cards a hand holds (a hand never grows past its deal: a card played, one drawn)
MAX_HAND = max(HAND_SIZES.values())
MIN_PLAYERS, MAX_PLAYERS = 2, 4
#: where the Investigation track must end, exactly, for a win
INVESTIGATION_GOAL = 20
#: the top space of the Holmes track: a Confirm never takes him past it (a decision, see
#: ``impossible.py``)
HOLMES_TOP = 20
