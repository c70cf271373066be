"""The player's choices and the turn (R007, R008): the dice and what each roll gave, the
action chosen and rolled, the encounter, what the turn earns for the next."""

from __future__ import annotations

from dataclasses import dataclass

from sherlockkit.games.story.events.event import Event


# --- dice and choices -------------------------------------------------------------------------------


@dataclass(frozen=True)
class RollMade(Event):
    """A roll is final: what it was for, the dice, their total and what it gave."""

    label: str
    dice: tuple[int, ...]
    total: int
    verdict: str
    rerolled: bool = False


@dataclass(frozen=True)
class ActionChosen(Event):
    """R007: the turn's action (Seek Information through ``channel``, if one)."""

    action: str
    channel: str | None = None


@dataclass(frozen=True)
class OptionChosen(Event):
    """The player took the option ``label`` of paragraph ``paragraph``'s choice."""

    paragraph: str
    label: str


@dataclass(frozen=True)
class VillainWayChosen(Event):
    """R005b option 3: how the player closes in (``"deduction"``, ``"hide_follow"``, ``"fight"``)."""

    way: str


@dataclass(frozen=True)
class FightOrFlee(Event):
    """R009a: after a round, the player fights on or tries to escape."""

    escape: bool


# --- the turn ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TurnStarted(Event):
    """R007: turn ``turn`` begins."""

    turn: int


@dataclass(frozen=True)
class TurnTrapped(Event):
    """A trap holds Holmes: this turn has no action."""


@dataclass(frozen=True)
class ActionRolled(Event):
    """R007a-e: the action's 2d6 ``roll`` plus ``modifier`` read the table's ``row``."""

    action: str
    roll: int
    modifier: int
    row: str


@dataclass(frozen=True)
class EncounterRolled(Event):
    """R008: the encounter roll (Wait's bonus included) against the turn's threshold."""

    total: int
    threshold: int
    happens: bool


@dataclass(frozen=True)
class EncounterTypeRolled(Event):
    """R008: the type die, less ``shift``, picks the kind of event on ``line``."""

    die: int
    shift: int
    line: str


@dataclass(frozen=True)
class LineRolled(Event):
    """R006: a d6 on the adventure's ``line`` leads to ``paragraph``."""

    line: str
    die: int
    paragraph: str


@dataclass(frozen=True)
class TableRolled(Event):
    """A d6 on one of ``tables.D6_TABLES`` read the row ``row``."""

    table: str
    die: int
    row: str


@dataclass(frozen=True)
class RollTested(Event):
    """R004: a Quality or Trait roll (``label``) came to ``total`` and ``passed`` or not."""

    label: str
    total: int
    passed: bool


@dataclass(frozen=True)
class BonusEarned(Event):
    """R007c-e: +``amount`` to ``action`` if it is chosen next turn."""

    action: str
    amount: int


@dataclass(frozen=True)
class InvestigateAllowed(Event):
    """Investigate may be chosen next turn."""


@dataclass(frozen=True)
class TrapSprung(Event):
    """A trap: the next turn has no action."""


@dataclass(frozen=True)
class FoundOut(Event):
    """R007d 4: found out seeking information (through ``channel``, closed for the case)."""

    channel: str | None


@dataclass(frozen=True)
class Healing(Event):
    """R007f: ``healer``'s Medicine roll (``roll`` + ``level`` against ``target``) on
    ``patient``'s ``need``, in a Rest turn or after a fight (R009b reuses the step)."""

    healer: str
    patient: str
    need: str
    roll: int
    level: int
    target: int
    healed: bool


@dataclass(frozen=True)
class TimeRanOut(Event):
    """R007: the last turn has passed without an arrest."""
