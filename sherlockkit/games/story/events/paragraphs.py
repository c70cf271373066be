"""Paragraphs read, the Solve Modifier and Luck (R001, R003), equipment carried, and the
effects that find nothing to act on."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from sherlockkit.games.story.events.event import Event


@dataclass(frozen=True)
class ParagraphRead(Event):
    """A paragraph of the casebook is read."""

    paragraph: str
    title: str


@dataclass(frozen=True)
class ClueRevisited(Event):
    """R008: a clue read again: something missed is spotted (+1 SM) or nothing new."""

    paragraph: str
    spotted: bool


@dataclass(frozen=True)
class SMChanged(Event):
    """The Solve Modifier went from ``before`` to ``after``: ``change`` asked (never below
    0), and why (``"paragraph"``, ``"villain"``, ``"spent"``, ``"case lost"``, ``"new case"``)."""

    before: int
    after: int
    change: int
    why: str


@dataclass(frozen=True)
class LuckChanged(Event):
    """Luck went from ``before`` to ``after``: ``change`` asked (never below 0), and why
    (``"paragraph"``, ``"reroll"``, ``"ally joins"``, ``"killed"``, ``"wounded"``,
    ``"case solved"``, ``"case lost"``, ``"inspector lost"``)."""

    before: int
    after: int
    change: int
    why: str


@dataclass(frozen=True)
class ItemCarried(Event):
    """A piece of equipment is carried by ``holder`` (``None``: nobody is left to)."""

    item: str
    holder: str | None


#: Why an effect found nothing to act on (each has its sentence in ``narration.py``).
NothingWhy = Literal[
    "nobody to tend", "no healer left", "only once", "no ally to leave", "nobody else", "no ally to hurt",
    "watson not here", "motive without villain", "no villain yet", "already with you", "left this case",
    "no inspector"]


@dataclass(frozen=True)
class Nothing(Event):
    """An action or effect that finds nothing to act on; ``name`` is whom or what it is about."""

    why: NothingWhy
    name: str = ""
