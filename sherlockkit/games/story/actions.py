"""Taking Actions (R007, R007a-f): which of the seven actions are open this turn and why
the others are closed, the action's roll on its table, Rest and its healing (R007f), and
what the tables' rows give the turn that follows: a bonus, a trap, Investigate allowed, a
channel of Seek Information closed.

What each row of an action's table does is data (``tables.py``: R007a Attempt Arrest,
R007b Explore, R007c Investigate, R007d Seek Information, R007e Research); when each
action may be chosen is :func:`action_options`, the one place that judges it.
"""

from __future__ import annotations

from sherlockkit.engine import evolve
from sherlockkit.games.story import tables
from sherlockkit.games.story.agenda import ActionRoll, ApplyEffects, Check, Encounter, EndTurn, HealingRoll, Rest
from sherlockkit.games.story.characters import WOUNDED
from sherlockkit.games.story.events import (
    ActionChosen, ActionRolled, BonusEarned, FoundOut, Healing, InvestigateAllowed, Nothing, TrapSprung,
)
from sherlockkit.games.story.paragraphs import Casebook
from sherlockkit.games.story.state import Sheet
from sherlockkit.games.story.tables import ACTION_NAMES, HEALING, RULE_OF_ACTION


def action_options(sheet: Sheet) -> tuple[tuple, tuple]:
    """R007a-f: the actions open this turn, as (option, label), and the closed ones, as
    (option, why not). Seek Information is offered plain and through each channel the
    group has a level in (R007d), a channel it was found out using being closed."""
    known = sheet.villain is not None
    need_motive = known and not sheet.motive_revealed
    traits = sheet.group_traits()
    open_, closed = [], []

    def offer(action, allowed, reason, label=None):
        """``action`` among the open ones (with ``label``) if ``allowed``, else among the closed with ``reason``."""
        if allowed:
            open_.append((action, label or ACTION_NAMES[action]))
        else:
            closed.append((action, reason))

    offer("attempt_arrest", known and sheet.motive_revealed,
          "Attempt Arrest needs the Villain revealed and the Motive uncovered.")
    offer("explore", not known, "Explore is only possible while the Villain is still unknown.")
    offer("investigate", sheet.investigate_now or need_motive,
          "Investigate needs an event that allows it, or a revealed Villain whose Motive is unknown.")
    seek_open = sheet.had_clue or need_motive
    offer("seek_information", seek_open, "Seek Information needs a Clue found or a Villain revealed without Motive.",
          "Seek Information (no trait)")
    if seek_open:
        for channel in tables.SEEK_CHANNELS:
            option = f"seek_information:{channel}"
            if channel in sheet.blocked_channels:
                closed.append((option, f"You were found out seeking information through {channel}: "
                                       "not again this case."))
            elif traits.get(channel, 0) > 0:
                open_.append((option, f"Seek Information through {channel} (+1)"))
    offer("research", sheet.motive_revealed, "Research needs the Motive uncovered.")
    offer("rest", traits.get("Medicine", 0) > 0, "Rest needs someone with Medicine at your side.")
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


# --- R007f: Rest ----------------------------------------------------------------------------------


def rest(sheet: Sheet, book: Casebook, frame: Rest) -> None:
    """R007f: the best healer left tries the next patient."""
    if not frame.patients:
        return
    if not frame.healers:
        sheet.record(Nothing("no healer left"))
        return
    patient, need = frame.patients[0]
    sheet.push(Check(HealingRoll(frame.healers[0], patient, need, frame.healers, frame.patients[1:])))


def heals(sheet: Sheet, roll: HealingRoll, total: int) -> bool:
    """R007f: whether the healer's 2d6 ``total`` plus their Medicine reaches what the
    patient's need takes (``tables.HEALING``)."""
    level = next((p.trait("Medicine") for p in sheet.party if p.name == roll.healer), 0)
    return total + level >= HEALING[roll.need]


def resolve_heal(sheet: Sheet, book: Casebook, roll: HealingRoll, total: int) -> str:
    """R007f: ``"healed"`` (a Wound gone, or a level of Addiction or Madness) and the same
    healer goes on; or ``"failed"``, and the next healer takes over this patient."""
    level = next((p.trait("Medicine") for p in sheet.party if p.name == roll.healer), 0)
    target = HEALING[roll.need]
    if heals(sheet, roll, total):
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


# --- what a row gives the next turn (effects) ------------------------------------------------------


def allow_investigate(sheet: Sheet, book: Casebook, pid: str, _: bool) -> None:
    """R007b 9-10: Investigate may be chosen next turn."""
    sheet.investigate_next = True
    sheet.record(InvestigateAllowed())


def bonus(sheet: Sheet, book: Casebook, pid: str, spec: dict) -> None:
    """R007a 12, R007c 7, R007d 7, R007e 8-9: +amount to an action next turn, added to this
    turn's if it is the same action (the +1 is cumulative)."""
    action, amount = spec["action"], spec["amount"]
    carried = dict(sheet.bonus_now).get(action, 0) if action == sheet.action_now else 0
    earned = dict(sheet.bonus_next)
    earned[action] = max(earned.get(action, 0), carried + amount)
    sheet.bonus_next = tuple(sorted(earned.items()))
    sheet.record(BonusEarned(action, carried + amount))


def trap(sheet: Sheet, book: Casebook, pid: str, _: bool) -> None:
    """A trap (R007a 5, R007c 2-3, R007d 2): the next turn has no action (its encounter
    roll still happens)."""
    sheet.trapped_next = True
    sheet.record(TrapSprung())


def block_channel(sheet: Sheet, book: Casebook, pid: str, channel: str | None) -> None:
    """R007d 4: found out; the channel used (if any) is closed for the case."""
    if channel:
        sheet.blocked_channels += (channel,)
    sheet.record(FoundOut(channel or None))
