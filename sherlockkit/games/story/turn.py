"""A turn of a case (R007): the action chosen and rolled on its table, Rest (R007f), the
encounter roll (R008), the event it brings, and the end of the turn; and the effects the
action tables give the turns that follow (a bonus, a trap, Investigate allowed, a
channel closed).
"""

from __future__ import annotations

from sherlockkit.engine import evolve
from sherlockkit.games.story import campaign, tables, villains
from sherlockkit.games.story.agenda import (
    ActionRoll, ApplyEffects, Check, Encounter, EncounterRoll, EncounterTypeRoll, EndTurn, HealingRoll, LineRoll,
    Read, Rest, RollOnLine, StartTurn, TableRoll,
)
from sherlockkit.games.story.casebook import Casebook
from sherlockkit.games.story.characters import WOUNDED
from sherlockkit.games.story.events import (
    ActionChosen, ActionRolled, BonusEarned, EncounterRolled, EncounterTypeRolled, FoundOut, Healing,
    InvestigateAllowed, LineRolled, Nothing, TimeRanOut, TrapSprung, TurnStarted, TurnTrapped,
)
from sherlockkit.games.story.state import Decision, Sheet
from sherlockkit.games.story.tables import ACTION_NAMES, HEALING, RULE_OF_ACTION


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
    options, closed = action_options(sheet, book)
    sheet.pending = Decision("action", f"Turn {sheet.turn}: choose an action.", options, closed)


def action_options(sheet: Sheet, book: Casebook) -> tuple[tuple, tuple]:
    """R007a-f: the actions open this turn (id, label) and the closed ones (id, why not)."""
    traits = sheet.group_traits()
    key = (sheet.villain is not None, sheet.motive_revealed, sheet.investigate_now, sheet.had_clue,
           sheet.blocked_channels, tuple([traits.get(channel, 0) > 0 for channel in tables.SEEK_CHANNELS]),
           traits.get("Medicine", 0) > 0)
    found = _options_known.get(key)
    if found is None:
        if len(_options_known) > 2000:  # play meets a few dozen combinations; a bound all the same
            _options_known.clear()
        found = _options_known[key] = _action_options(sheet)
    return found


# The actions open and closed, worked out once for each combination of all that
# :func:`_action_options` reads: who and what is known, Investigate allowed, a Clue found,
# the channels closed, which channels someone in the party has a level in, and whether
# anyone has Medicine (a level is never below 0, so the party's total is above 0 exactly
# when someone's is).
_options_known: dict[tuple, tuple[tuple, tuple]] = {}


def _action_options(sheet: Sheet) -> tuple[tuple, tuple]:
    """:func:`action_options` worked out."""
    known = sheet.villain is not None
    need_motive = known and not sheet.motive_revealed
    open_, closed = [], []

    def offer(action, allowed, reason, label=None):
        (open_ if allowed else closed).append((action, label or ACTION_NAMES[action]) if allowed else (action, reason))

    offer("attempt_arrest", known and sheet.motive_revealed,
          "Attempt Arrest needs the Villain revealed and the Motive uncovered.")
    offer("explore", not known, "Explore is only possible while the Villain is still unknown.")
    offer("investigate", sheet.investigate_now or need_motive,
          "Investigate needs an event that allows it, or a revealed Villain whose Motive is unknown.")
    seek_open = sheet.had_clue or need_motive
    offer("seek_information", seek_open, "Seek Information needs a Clue found or a Villain revealed without Motive.",
          "Seek Information (no trait)")
    traits = sheet.group_traits()
    for channel in tables.SEEK_CHANNELS:
        option = f"seek_information:{channel}"
        if not seek_open:
            continue
        if channel in sheet.blocked_channels:
            closed.append((option, f"You were found out seeking information through {channel}: not again this case."))
        elif traits.get(channel, 0) > 0:
            open_.append((option, f"Seek Information through {channel} (+1)"))
    offer("research", sheet.motive_revealed, "Research needs the Motive uncovered.")
    offer("rest", any(p.trait("Medicine") for p in sheet.party), "Rest needs someone with Medicine at your side.")
    offer("wait", True, "")
    return tuple(open_), tuple(closed)


def choose_action(sheet: Sheet, book: Casebook, option: str) -> None:
    """The turn's action (``"seek_information:Charisma"`` names its channel): its roll, or
    Rest's healing; then the encounter roll (with Wait's bonus) and the turn's end."""
    action, _, channel = option.partition(":")
    sheet.action_now = action
    sheet.consult(RULE_OF_ACTION[action])
    sheet.record(ActionChosen(action, channel or None))
    sheet.push(EndTurn(), Encounter(action == "wait"))
    if action == "wait":
        return
    if action == "rest":
        healers = tuple(p.name for p in sorted(sheet.party, key=lambda p: -p.trait("Medicine")) if p.trait("Medicine"))
        patients = tuple((p.name, need) for p in sheet.party for need in HEALING
                         if (p.wounds == WOUNDED if need == "Wound" else p.trait(need) > 0))
        if not patients:
            sheet.record(Nothing("nobody to tend"))
        sheet.push(Rest(healers, patients))
        return
    bonus = dict(sheet.bonus_now).get(action, 0)
    adventure = book[sheet.adventure]
    modifier = tables.action_modifier(action, turn=sheet.turn, sm=sheet.sm, traits=sheet.group_traits(),
                                      bonus=bonus, outside_london=adventure["outside_london"], channel=channel or None)
    sheet.push(Check(ActionRoll(action, modifier, channel or None)))


def resolve_action(sheet: Sheet, book: Casebook, roll: ActionRoll, total: int) -> str:
    """R007a-e: the row the modified total reads (``"row 9-11"``); its effects are queued
    (a 4 on Seek Information closes the channel used, if any)."""
    row = tables.ACTION_TABLES[roll.action].row_for(total + roll.modifier)
    sheet.record(ActionRolled(roll.action, total, roll.modifier, row.label))
    effects = tuple({"block_channel": roll.channel} if "block_channel" in e else e for e in row.result)
    sheet.push(ApplyEffects(RULE_OF_ACTION[roll.action], effects))
    return f"row {row.label}"


# --- R007f: Rest --------------------------------------------------------------------------------


def rest(sheet: Sheet, book: Casebook, frame: Rest) -> None:
    """R007f: the best healer left tries the next patient."""
    if not frame.patients:
        return
    if not frame.healers:
        sheet.record(Nothing("no healer left"))
        return
    patient, need = frame.patients[0]
    sheet.push(Check(HealingRoll(frame.healers[0], patient, need, frame.healers, frame.patients[1:])))


def resolve_heal(sheet: Sheet, book: Casebook, roll: HealingRoll, total: int) -> str:
    """R007f: ``"healed"`` (a Wound gone, or a level of Addiction or Madness) and the same
    healer goes on; or ``"failed"``, and the next healer takes over this patient."""
    level = next((p.trait("Medicine") for p in sheet.party if p.name == roll.healer), 0)
    target = HEALING[roll.need]
    if total + level >= target:
        person = next(p for p in sheet.party if p.name == roll.patient)
        if roll.need == "Wound":
            person = evolve(person, wounds=0)
        else:
            person = person.with_trait(roll.need, person.trait(roll.need) - 1)
        sheet.set_person(person)
        sheet.record(Healing(roll.healer, roll.patient, roll.need, total, level, target, True))
        sheet.push(Rest(roll.healers, roll.patients))
        return "healed"
    sheet.record(Healing(roll.healer, roll.patient, roll.need, total, level, target, False))
    sheet.push(Rest(roll.healers[1:], ((roll.patient, roll.need),) + roll.patients))
    return "failed"


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


# --- effects on the turns to come ----------------------------------------------------------------


def event(sheet: Sheet, book: Casebook, pid: str, line: str) -> None:
    """An event of the kind ``line`` happens."""
    sheet.push(RollOnLine(line))


def holmes_or_watson(sheet: Sheet, book: Casebook, pid: str, _: bool) -> None:
    """A d6: a Holmes event on 1-3, a Watson event on 4-6."""
    sheet.push(Check(TableRoll("holmes_or_watson", pid)))


def witness(sheet: Sheet, book: Casebook, pid: str, _: bool) -> None:
    """R007d 8-10: a d6 for a Location, Character or Clue event."""
    sheet.push(Check(TableRoll("witness", pid)))


def allow_investigate(sheet: Sheet, book: Casebook, pid: str, _: bool) -> None:
    """Investigate may be chosen next turn."""
    sheet.investigate_next = True
    sheet.record(InvestigateAllowed())


def bonus(sheet: Sheet, book: Casebook, pid: str, spec: dict) -> None:
    """R007c-e: +amount to an action next turn, added to this turn's if it is the same action."""
    action, amount = spec["action"], spec["amount"]
    carried = dict(sheet.bonus_now).get(action, 0) if action == sheet.action_now else 0
    earned = dict(sheet.bonus_next)
    earned[action] = max(earned.get(action, 0), carried + amount)
    sheet.bonus_next = tuple(sorted(earned.items()))
    sheet.record(BonusEarned(action, carried + amount))


def location(sheet: Sheet, book: Casebook, pid: str, place: str) -> None:
    """The group is now at ``place``."""
    sheet.location = place


def trap(sheet: Sheet, book: Casebook, pid: str, _: bool) -> None:
    """A trap: the next turn has no action (its encounter roll still happens)."""
    sheet.trapped_next = True
    sheet.record(TrapSprung())


def block_channel(sheet: Sheet, book: Casebook, pid: str, channel: str | None) -> None:
    """R007d 4: found out; the channel used (if any) is closed for the case."""
    if channel:
        sheet.blocked_channels += (channel,)
    sheet.record(FoundOut(channel or None))
