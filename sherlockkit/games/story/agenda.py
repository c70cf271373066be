"""What is left to do in a move: the frames on the machine's stack, and the rolls.

A move runs until the player must decide. What is still to happen waits on
``State.stack`` as *frames*, typed frozen dataclasses that :mod:`machine` dispatches by
type: ``StartTurn()``, ``Encounter(waiting)``, ``Read(pid)``, ``ApplyEffects(pid,
effects)``, ``Check(roll)``... A frame pushed last runs first.

A roll waits in a :class:`Check` frame as a :class:`DiceRoll` saying what it is for
(``ActionRoll("explore", 1, None)``, ``StrikeRoll("Watson", "Rough")``...) and how many
dice it takes (``DICE``). Every one is the player's, so Luck may be spent on any (the
other side's dice are drawn, never checked: ``combat.resolve_strike``). Its name on the
dice tray and in the Luck offer is :func:`label`'s; what it does once final is in the
module of its subject.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Mapping

from sherlockkit.games.story.tables import ACTION_NAMES, D6_TABLES

Effects = tuple  # a tuple of casebook effects (``{"sm": 1}``...), see ``effects.py``


class Frame:
    """Something left to do in the current move."""


class DiceRoll:
    """A roll the player makes: what it is for; 1d6 unless ``DICE`` says 2d6."""

    DICE: ClassVar[int] = 1


# --- the turn (R007, R008) --------------------------------------------------------------------


@dataclass(frozen=True)
class StartTurn(Frame):
    """R007: a turn begins: the action is chosen, unless a trap holds Holmes."""


@dataclass(frozen=True)
class Encounter(Frame):
    """R008: the turn's encounter roll (``waiting``: the turn's action was Wait)."""

    waiting: bool


@dataclass(frozen=True)
class EndTurn(Frame):
    """The turn is over: the next begins, or the case is lost after the last."""


@dataclass(frozen=True)
class Rest(Frame):
    """R007f: healing in turn; ``healers`` by name, best Medicine first, and the
    ``patients`` still to treat as (name, what ails them) pairs."""

    healers: tuple[str, ...]
    patients: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class RollOnLine(Frame):
    """An event of a kind (``"clue"``, ``"villain"``, ``"location_or_clue"``...): roll on
    that line of the adventure (a Villain event has rules of its own)."""

    line: str


# --- paragraphs and their effects -------------------------------------------------------------


@dataclass(frozen=True)
class Read(Frame):
    """Read the paragraph ``pid`` and apply what it does."""

    pid: str


@dataclass(frozen=True)
class ApplyEffects(Frame):
    """Apply ``effects`` (of paragraph ``pid``, or of a table row) in order."""

    pid: str
    effects: Effects


@dataclass(frozen=True)
class Offer(Frame):
    """A paragraph's choice waiting for the player: ``options`` as written in ``pid``."""

    pid: str
    options: tuple


# --- the Villain (R005b) and fights (R009a) -------------------------------------------------------


@dataclass(frozen=True)
class Cornered(Frame):
    """R005b option 3: the Villain is within reach, waiting for how the player closes in."""


@dataclass(frozen=True)
class FightRound(Frame):
    """R009a: one round of the fight on the table."""


@dataclass(frozen=True)
class FightEnd(Frame):
    """After a round in which nobody was hurt worse than Stunned: fight on or flee (a
    Wound, a Serious Wound or a death ends the fight as it is struck)."""


# --- the campaign ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class StartCase(Frame):
    """A fresh case sheet for ``adventure``."""

    adventure: str


# --- rolls -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Check(Frame):
    """Roll the dice for ``roll`` (then, with Luck left, offer to roll again)."""

    roll: DiceRoll


@dataclass(frozen=True)
class AwaitLuck(Frame):
    """``roll`` has fallen as ``dice``; the player keeps it or spends Luck to roll again."""

    roll: DiceRoll
    dice: tuple[int, ...]


@dataclass(frozen=True)
class ActionRoll(DiceRoll):
    """R007a-e: 2d6 on the action's table, plus ``modifier`` (Seek Information through
    ``channel``, if one was chosen)."""

    DICE = 2
    action: str
    modifier: int
    channel: str | None


@dataclass(frozen=True)
class EncounterRoll(DiceRoll):
    """R008: 2d6 against the turn's ``threshold`` (Wait adds its bonus)."""

    DICE = 2
    threshold: int
    waiting: bool


@dataclass(frozen=True)
class EncounterTypeRoll(DiceRoll):
    """R008: the d6 that picks the encounter's column."""


@dataclass(frozen=True)
class LineRoll(DiceRoll):
    """R006: the d6 on one of the adventure's lines."""

    line: str


@dataclass(frozen=True)
class SkillRoll(DiceRoll):
    """R004: a Quality or Trait roll ``spec`` of paragraph ``pid``, then its ``success``
    or ``failure`` effects; ``label`` names it on the dice tray."""

    DICE = 2
    spec: Mapping[str, Any]
    success: Effects
    failure: Effects
    pid: str
    label: str


@dataclass(frozen=True)
class MotiveRoll(DiceRoll):
    """R005a: the d6 that picks the Villain's Motive."""


@dataclass(frozen=True)
class VillainRoll(DiceRoll):
    """R005a: the d6 on the adventure's Villain line."""


@dataclass(frozen=True)
class TableRoll(DiceRoll):
    """A d6 on one of ``tables.D6_TABLES`` (``table``), for paragraph ``pid``."""

    table: str
    pid: str


@dataclass(frozen=True)
class AllyStaysRoll(DiceRoll):
    """R007e 3: does ``name`` stay with the case?"""

    name: str


@dataclass(frozen=True)
class HealingRoll(DiceRoll):
    """R007f: ``healer``'s Medicine roll for ``patient``'s ``need``; ``healers`` and the
    ``patients`` after this one are who is left to try and to treat."""

    DICE = 2
    healer: str
    patient: str
    need: str
    healers: tuple[str, ...]
    patients: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class DeductionRoll(DiceRoll):
    """R005b 1: 2d6 plus the Villain's Brains against Holmes's Brains plus SM."""

    DICE = 2


@dataclass(frozen=True)
class EscapeRoll(DiceRoll):
    """R009a: Holmes's Bravery roll to escape, less his Running."""

    DICE = 2
    bravery: int
    running: int


@dataclass(frozen=True)
class StrikeRoll(DiceRoll):
    """R009a: ``ours`` strikes at ``theirs`` (the opponent's die is drawn, not offered)."""

    ours: str
    theirs: str


# --- the names of rolls ---------------------------------------------------------------------------

#: The name of each kind of roll that is named by its kind alone.
ROLL_NAMES = {
    EncounterRoll: "Encounter roll (2d6)", EncounterTypeRoll: "Encounter type (d6)", MotiveRoll: "Motive (d6)",
    DeductionRoll: "Deduction (2d6 + the Villain's Brains)", EscapeRoll: "Escape (Bravery roll)",
    HealingRoll: "Healing (Medicine roll)", AllyStaysRoll: "Does the Ally stay? (d6)", VillainRoll: "Villain (d6)",
}


def label(roll: DiceRoll) -> str:
    """A roll's name on the dice tray and in the Luck offer: ``"Explore (2d6+1)"``."""
    name = ROLL_NAMES.get(type(roll))
    if name is not None:
        return name
    if isinstance(roll, ActionRoll):
        return f"{ACTION_NAMES[roll.action]} (2d6{roll.modifier:+d})"
    if isinstance(roll, SkillRoll):
        return roll.label
    if isinstance(roll, LineRoll):
        return f"{roll.line.title()} event (d6)"
    if isinstance(roll, TableRoll):
        return D6_TABLES[roll.table].name + " (d6)"
    if isinstance(roll, StrikeRoll):
        return f"{roll.ours} strikes at {roll.theirs} (Brawn + d6)"
    raise TypeError(f"No name for the roll {roll!r}.")
