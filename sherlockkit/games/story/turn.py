"""A turn of a case (R007): it begins (the action is chosen, ``actions.py``, unless a trap
holds Holmes), the Encounter Matrix is rolled (R008), the event it brings is rolled on
the adventure's line (R006), and the turn ends: the next begins, or the case is lost
after the twelfth.
"""

from __future__ import annotations

from sherlockkit.games.story import actions, campaign, tables, villains
from sherlockkit.games.story.agenda import (
    Check, Encounter, EncounterRoll, EncounterTypeRoll, EndTurn, LineRoll, Read, RollOnLine, StartTurn, TableRoll,
)
from sherlockkit.games.story.events import (
    EncounterRolled, EncounterTypeRolled, LineRolled, TimeRanOut, TurnStarted, TurnTrapped,
)
from sherlockkit.games.story.paragraphs import Casebook
from sherlockkit.games.story.state import Decision, Sheet


def start_turn(sheet: Sheet, book: Casebook, frame: StartTurn) -> None:
    """R007: what the last turn earned for this one comes into force; the action is
    chosen, unless a trap holds Holmes (then only the encounter roll)."""
    sheet.bonus_now, sheet.bonus_next = sheet.bonus_next, ()
    sheet.investigate_now, sheet.investigate_next = sheet.investigate_next, False
    sheet.trapped_now, sheet.trapped_next = sheet.trapped_next, False
    sheet.action_now = ""
    sheet.record(TurnStarted(sheet.turn))
    if sheet.trapped_now:
        sheet.record(TurnTrapped())
        sheet.push(EndTurn(), Encounter(False))
        return
    options, closed = actions.action_options(sheet)
    sheet.pending = Decision("action", f"Turn {sheet.turn}: choose an action.", options, closed)


# --- R008: the encounter ------------------------------------------------------------------------


def encounter(sheet: Sheet, book: Casebook, frame: Encounter) -> None:
    """R008: the encounter roll against the turn's threshold."""
    if sheet.phase != "case":
        return
    sheet.consult("r008")
    threshold, _ = tables.encounter_band(sheet.turn)
    sheet.push(Check(EncounterRoll(threshold, frame.waiting)))


def resolve_encounter(sheet: Sheet, book: Casebook, roll: EncounterRoll, total: int) -> str:
    """R008 (and Wait's bonus, ``tables.WAIT_BONUS``): ``"event"`` at or over the
    threshold, then the type die; ``"quiet"`` under it."""
    total += tables.WAIT_BONUS if roll.waiting else 0
    happens = total >= roll.threshold
    sheet.record(EncounterRolled(total, roll.threshold, happens))
    if happens:
        sheet.push(Check(EncounterTypeRoll()))
        return "event"
    return "quiet"


def resolve_encounter_type(sheet: Sheet, book: Casebook, roll: EncounterTypeRoll, die: int) -> str:
    """R008: the kind of event in the turn's column (the die shifted once the Motive is
    known, more once an arrest is possible)."""
    _, columns = tables.encounter_band(sheet.turn)
    shift = tables.encounter_shift(sheet.motive_revealed, villains.can_arrest(sheet, book))
    line = columns[tables.encounter_column(die, shift) - 1]
    sheet.record(EncounterTypeRolled(die, shift, line))
    sheet.push(RollOnLine(line))
    return line


def roll_on_line(sheet: Sheet, book: Casebook, frame: RollOnLine) -> None:
    """An event of a kind: roll on the adventure's line (a Villain event has its own
    rules; "location or clue" is a Clue away from Baker Street, R007c 8)."""
    line = frame.line
    if line == "location_or_clue":
        line = "clue" if sheet.location and sheet.location != "221B Baker Street" else "location"
    if line == "villain":
        villains.villain_event(sheet, book)
        return
    sheet.push(Check(LineRoll(line)))


def resolve_line(sheet: Sheet, book: Casebook, roll: LineRoll, die: int) -> str:
    """R006: the paragraph the die reads on the adventure's line, to be read now."""
    pid = book[sheet.adventure][roll.line][die - 1]
    sheet.record(LineRolled(roll.line, die, pid))
    sheet.push(Read(pid))
    return pid


def end_turn(sheet: Sheet, book: Casebook, frame: EndTurn) -> None:
    """R007: the next turn, or the case lost when the last has passed."""
    if sheet.phase != "case":
        return
    if sheet.turn >= tables.TURNS:
        sheet.record(TimeRanOut())
        campaign.end_case(sheet, book, "lost")
        return
    sheet.turn += 1
    sheet.push(StartTurn())


# --- events brought by a row or a paragraph --------------------------------------------------------


def event(sheet: Sheet, book: Casebook, pid: str, line: str) -> None:
    """An event of the kind ``line`` happens."""
    sheet.push(RollOnLine(line))


def holmes_or_watson(sheet: Sheet, book: Casebook, pid: str, _: bool) -> None:
    """A d6: a Holmes event on 1-3, a Watson event on 4-6."""
    sheet.push(Check(TableRoll("holmes_or_watson", pid)))


def witness(sheet: Sheet, book: Casebook, pid: str, _: bool) -> None:
    """R007d 8-10: a d6 for a Location, Character or Clue event."""
    sheet.push(Check(TableRoll("witness", pid)))


def location(sheet: Sheet, book: Casebook, pid: str, place: str) -> None:
    """The group is now at ``place``."""
    sheet.location = place
