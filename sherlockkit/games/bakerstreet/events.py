"""What happens at a Beyond Baker Street table, as typed events, in the order it happens:
for the log (``narration``), the table widget, the bots and anyone replaying a case.

Every event is seen by every player, so no event names a card its holder cannot see: a
drawn card is never named, and a card is named only once it is played face up.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from sherlockkit.games.bakerstreet.cards import Evidence, Lead


@dataclass(frozen=True)
class Event:
    """Something that happened at the table (one of the kinds below)."""


@dataclass(frozen=True)
class CaseOpened(Event):
    """The table is dealt for Case File ``case``; ``first`` plays first."""

    case: int
    players: int
    first: int


@dataclass(frozen=True)
class Assisted(Event):
    """``player`` told ``target`` that the cards in ``slots`` are exactly their cards of
    ``number`` (or ``icon``; both with two hints)."""

    player: int
    target: int
    number: int | None
    icon: str | None
    slots: tuple[int, ...]


@dataclass(frozen=True)
class Investigated(Event):
    """``player`` played ``card`` from slot ``slot`` under the ``kind`` Lead; ``matched``:
    its icon is the Lead's. ``total`` and ``target``: the Lead's sums after it."""

    player: int
    slot: int
    card: Evidence
    kind: str
    matched: bool
    total: int
    target: int


@dataclass(frozen=True)
class LeadDied(Event):
    """The ``kind`` Lead ``lead`` is dead, because of ``why`` (:data:`OVERSHOT` by an
    Investigate, :data:`PURSUED`); ``impossible``: it went to the Impossible (else a
    character's power sent it back to the box)."""

    kind: str
    lead: Lead
    why: str
    impossible: bool = True

    OVERSHOT: ClassVar[str] = "overshot"
    PURSUED: ClassVar[str] = "pursued"


@dataclass(frozen=True)
class LeadRevealed(Event):
    """The next Lead of the ``kind`` section, ``lead``, is turned face up."""

    kind: str
    lead: Lead


@dataclass(frozen=True)
class EvidenceReturned(Event):
    """The ``cards`` played under a dead ``kind`` Lead were shuffled into the deck
    (``rebuilt``: the deck was empty, and they are now the whole deck)."""

    kind: str
    cards: tuple[Evidence, ...]
    rebuilt: bool = False


@dataclass(frozen=True)
class Confirmed(Event):
    """``player`` confirmed the ``kind`` Lead ``lead``; ``short``: one short of its
    target, by a character's power."""

    player: int
    kind: str
    lead: Lead
    short: bool = False


@dataclass(frozen=True)
class Eliminated(Event):
    """``player`` played ``card`` from slot ``slot`` to the Impossible; the Investigation
    track now stands at ``investigation``."""

    player: int
    slot: int
    card: Evidence
    investigation: int


@dataclass(frozen=True)
class Pursued(Event):
    """``player`` gave up the open ``kind`` Lead ``lead``."""

    player: int
    kind: str
    lead: Lead


@dataclass(frozen=True)
class Drew(Event):
    """``player`` drew a card from the deck (never which: they cannot see it)."""

    player: int


@dataclass(frozen=True)
class DeckEmpty(Event):
    """``player`` would draw, but the deck is empty: they play on with one card fewer."""

    player: int


@dataclass(frozen=True)
class HolmesMoved(Event):
    """The Holmes marker moved ``steps`` (negative: toward 0, 0: it could not move) and
    stands on ``to``, because of ``why``."""

    steps: int
    to: int
    why: str

    ASSIST: ClassVar[str] = "assist"
    CONFIRM: ClassVar[str] = "confirm"
    CROWDED: ClassVar[str] = "crowded"  # a card beyond the Impossible's limit
    RALLY: ClassVar[str] = "rally"


@dataclass(frozen=True)
class PowerUsed(Event):
    """``player``'s character ``character`` bent a rule: ``rule`` names which
    (``characters.py``)."""

    player: int
    character: str
    rule: str


@dataclass(frozen=True)
class Recalled(Event):
    """``player`` took ``card`` back from the Impossible into the deck; the Investigation
    track now stands at ``investigation``."""

    player: int
    card: Evidence
    investigation: int


@dataclass(frozen=True)
class Outcome:
    """The end of the game: ``won`` or lost, and ``why`` (one of the constants below)."""

    won: bool
    why: str

    SOLVED: ClassVar[str] = "solved"  # all three Leads confirmed, the track at exactly 20
    HOLMES: ClassVar[str] = "holmes"  # the Holmes marker reached 0
    OVERSHOT: ClassVar[str] = "overshot"  # the Investigation track passed 20
    NO_LEADS: ClassVar[str] = "no leads"  # a section's last Lead was lost
    SHORT: ClassVar[str] = "short"  # the third Lead confirmed with the track short of 20


@dataclass(frozen=True)
class GameEnded(Event):
    """The case is over: ``outcome``."""

    outcome: Outcome
