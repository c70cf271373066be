"""Holmes's group and the fights (R002, R009a, R009b): who joins, who leaves, wounds and
deaths; a fight's strikes, its escape and its end."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from sherlockkit.games.story.events.event import Event


# --- people (R002, R009b) ---------------------------------------------------------------------------


@dataclass(frozen=True)
class AllyJoined(Event):
    """R002: ``name`` joins as an Ally (+1 Luck, to ``luck``)."""

    name: str
    luck: int


@dataclass(frozen=True)
class AllyStays(Event):
    """R007e 3: ``name`` stays with the case (on ``die``)."""

    name: str
    die: int


@dataclass(frozen=True)
class LeftCase(Event):
    """``name`` leaves the case for good: ``why`` is ``"leaves"`` (they decide to),
    ``"own trail"`` (R007e 3) or ``"seriously wounded"`` (R009b, costing ``lost`` Luck,
    leaving ``luck``)."""

    name: str
    why: Literal["leaves", "own trail", "seriously wounded"]
    lost: int = 0
    luck: int = 0


@dataclass(frozen=True)
class Wounded(Event):
    """R009b: ``name`` is Wounded (Brawn -2 for the case)."""

    name: str


@dataclass(frozen=True)
class HolmesCarriedHome(Event):
    """R009b: Holmes is Seriously Wounded, carried back to Baker Street; the case is lost."""


@dataclass(frozen=True)
class Killed(Event):
    """``name`` is killed: ``how`` is ``"fight"`` (losing ``lost`` Luck, leaving
    ``luck``), ``"attempt"`` (R007a 4), ``"arrest"`` (R007a 2-3) or ``"death roll"`` (R007)."""

    name: str
    how: Literal["fight", "attempt", "arrest", "death roll"]
    lost: int = 0
    luck: int = 0


@dataclass(frozen=True)
class InspectorLost(Event):
    """R007: the second Inspector is killed: 3 Luck lost (leaving ``luck``), no Inspector for a while."""

    luck: int


# --- fights (R009a, R009b) --------------------------------------------------------------------------


@dataclass(frozen=True)
class FightStarted(Event):
    """R009a: a fight against ``opponents`` (name, Brawn)."""

    opponents: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class Exchange(Event):
    """R009a: one pair's strikes: ``ours`` struck ``our_strike``, ``theirs`` ``their_strike``."""

    ours: str
    theirs: str
    our_strike: int
    their_strike: int


@dataclass(frozen=True)
class StrikeResult(Event):
    """R009a: what the lower strike did to ``loser``: ``"unhurt"``, ``"stunned"``,
    ``"wounded"``, ``"seriously wounded"`` or ``"death"``."""

    loser: str
    result: str


@dataclass(frozen=True)
class FoeDown(Event):
    """R009b: an opponent is out: ``"killed"`` (1 Luck lost, leaving ``luck``; the case
    ends), ``"arrested"`` (the Villain) or ``"out"`` of the fight."""

    name: str
    how: Literal["killed", "arrested", "out"]
    luck: int = 0


@dataclass(frozen=True)
class EscapeTried(Event):
    """R009a: the escape roll ``roll`` less ``running`` against ``bravery``."""

    roll: int
    running: int
    bravery: int
    escaped: bool


@dataclass(frozen=True)
class FightWon(Event):
    """R009a: the fight is won: an opponent took a Wound or worse (the first hurt ends
    the fight, and the hurt side has lost)."""


@dataclass(frozen=True)
class FightLost(Event):
    """R009a: the fight is lost: ``by``'s strike did ``result`` (``"wounded"``,
    ``"seriously wounded"`` or ``"death"``) to ``loser``, on Holmes's side. The first hurt
    ends a fight; what it does to ``loser`` is told by the events that follow."""

    loser: str
    by: str
    result: str
