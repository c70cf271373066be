"""The Villain (R005a, R005b): revealed, met, the Motive uncovered, and closed in on."""

from __future__ import annotations

from dataclasses import dataclass

from sherlockkit.games.story.events.event import Event


@dataclass(frozen=True)
class VillainRevealed(Event):
    """R005a: the Villain is ``villain`` (``title``); their SM ``modifier`` took SM from
    ``before`` to ``after``."""

    villain: str
    title: str
    modifier: int
    before: int
    after: int


@dataclass(frozen=True)
class SpecialRule(Event):
    """An adventure's special rule applies."""

    adventure: str
    text: str


@dataclass(frozen=True)
class SecondMeeting(Event):
    """R005a: the second meeting with the Villain brings out the Motive."""


@dataclass(frozen=True)
class VillainMeeting(Event):
    """R005b option 2: a meeting with ``villain`` (``title``) before an arrest is possible."""

    villain: str
    title: str


@dataclass(frozen=True)
class MotiveUncovered(Event):
    """R005a: the Motive (``motive``, an index into the villain's list) is uncovered:
    ``text``; an arrest needs SM ``value``."""

    villain: str
    motive: int
    text: str
    value: int


@dataclass(frozen=True)
class DeductionMade(Event):
    """R005b 1: Holmes's ``ours`` against the plot's ``theirs``."""

    ours: int
    theirs: int
    outwitted: bool


@dataclass(frozen=True)
class VillainSlipsAway(Event):
    """R005b 2: Hide and Follow failed: it comes to a fight."""
