"""The campaign (A000, R007, R010): cases begun and ended, the death roll, what SM buys
after a case, and the campaign's end."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from sherlockkit.games.story.events.event import Event


@dataclass(frozen=True)
class CampaignBegun(Event):
    """A000: Holmes and Watson take up their first case."""


@dataclass(frozen=True)
class CaseStarted(Event):
    """Case number ``number``: ``adventure`` (``title``, at ``place``)."""

    number: int
    adventure: str
    title: str
    place: str


@dataclass(frozen=True)
class CaseEnded(Event):
    """The case is over: ``"solved"`` (``reward`` Luck for the way, ``sm`` for the SM
    left) or ``"lost"`` (all SM and ``lost`` Luck); ``luck`` is what is left."""

    adventure: str
    result: Literal["solved", "lost"]
    reward: int
    sm: int
    lost: int
    luck: int


@dataclass(frozen=True)
class DeathRoll(Event):
    """R007: a lost case with nothing left: the die decides ``fate``."""

    fate: str


@dataclass(frozen=True)
class QualityRaised(Event):
    """R010: ``name``'s ``quality`` rises to ``value``."""

    name: str
    quality: str
    value: int


@dataclass(frozen=True)
class TraitRaised(Event):
    """R010: ``name`` now has ``trait`` at ``level``."""

    name: str
    trait: str
    level: int


@dataclass(frozen=True)
class FriendMade(Event):
    """R010: the Ally ``name`` becomes a Friend."""

    name: str


@dataclass(frozen=True)
class FriendParted(Event):
    """R010: the Friend ``name`` makes room for a new one."""

    name: str


@dataclass(frozen=True)
class CampaignEnded(Event):
    """The campaign is over: Holmes ``"retired"`` after ``cases`` cases, or is ``"dead"``."""

    fate: Literal["retired", "dead"]
    cases: int
