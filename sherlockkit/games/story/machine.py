"""The case machine: the loop that runs a move's frames, the player's decisions, and the
dice with Luck (R003).

:func:`run` pops frames (``agenda.py``) and hands each to its step by type until the
player must decide or nothing is left; :func:`decide` applies the player's option to
the decision they faced. A :class:`~agenda.Check` rolls the dice; with Luck left the
player may keep the roll or spend 1 Luck to roll every die of it again, once (the offer
says whether the roll goes against the player: ``luck.goes_against``); then the roll's
resolver, by the type of roll, says what it gives.
"""

from __future__ import annotations

from typing import Callable

from sherlockkit.games.story import actions, campaign, combat, dice, effects, party, turn, villains
from sherlockkit.games.story import agenda as a
from sherlockkit.games.story import luck as luck_rule
from sherlockkit.games.story.paragraphs import Casebook
from sherlockkit.games.story.events import RollMade
from sherlockkit.games.story.state import Decision, Roll, Sheet


def run(sheet: Sheet, book: Casebook) -> None:
    """Run frames until the player must decide, then set the decision on the table
    (after a case, or at the campaign's end, when nothing is left to run)."""
    stack = sheet.stack  # the sheet's list for the whole move, pushed and popped in place
    while sheet.pending is None and stack:
        frame = stack.pop()
        STEPS[type(frame)](sheet, book, frame)
    if sheet.pending is None:
        campaign.next_decision(sheet, book)


def decide(sheet: Sheet, book: Casebook, decision: Decision, option: str) -> None:
    """Apply the player's ``option`` (one of ``decision``'s) to the case."""
    DECISIONS[decision.kind](sheet, book, option)


# --- dice and Luck (R003) -----------------------------------------------------------------------


def check(sheet: Sheet, book: Casebook, frame: a.Check) -> None:
    """Roll the dice of ``frame.roll``; with Luck left, offer to keep them or roll again
    before they count (R003), else they count now."""
    roll = frame.roll
    rolled = dice.roll_dice(sheet, roll.DICE)
    if sheet.luck == 0:
        resolve(sheet, book, roll, rolled)
        return
    sheet.push(a.AwaitLuck(roll, rolled))
    name, luck, against = a.label(roll), sheet.luck, luck_rule.goes_against(sheet, book, roll, rolled)
    sheet.pending = Decision("luck", f"{name}: you rolled {' + '.join(map(str, rolled))}"
                                     f"{', and it goes against you' if against else ''}. Keep it, or spend 1 Luck "
                                     "to roll again?",
                             (("keep", "Keep the roll"), ("reroll", f"Re-roll (Luck {luck} → {luck - 1})")),
                             against=against)
    sheet.rolls += (Roll(name, rolled, sum(rolled), "waiting"),)


def keep_or_reroll(sheet: Sheet, book: Casebook, option: str) -> None:
    """R003: keep the roll waiting, or spend 1 Luck to roll all its dice again (the new
    roll counts: Luck is never offered twice for one roll)."""
    waiting = sheet.pop()
    rolled = waiting.dice
    if option == "reroll":
        sheet.gain_luck(-1, "reroll")
        rolled = dice.roll_dice(sheet, len(rolled))
    resolve(sheet, book, waiting.roll, rolled, rerolled=option == "reroll")


def resolve(sheet: Sheet, book: Casebook, roll: a.DiceRoll, rolled: tuple[int, ...], rerolled: bool = False) -> None:
    """What a roll does once it is final (its resolver, by the kind of roll, says); it goes
    on the dice tray and into the events."""
    name, total = a.label(roll), sum(rolled)
    verdict = RESOLVERS[type(roll)](sheet, book, roll, total) or ""
    sheet.rolls += (Roll(name, rolled, total, verdict, rerolled),)
    sheet.record(RollMade(name, rolled, total, verdict, rerolled))


# --- the dispatch tables -----------------------------------------------------------------------------

#: Each kind of frame and the step that runs it.
STEPS: dict[type, Callable] = {
    a.StartTurn: turn.start_turn, a.Encounter: turn.encounter, a.EndTurn: turn.end_turn, a.Rest: actions.rest,
    a.RollOnLine: turn.roll_on_line, a.Read: effects.read, a.ApplyEffects: effects.apply_effects, a.Check: check,
    a.Cornered: villains.cornered, a.FightRound: combat.fight_round, a.FightEnd: combat.fight_end,
    a.StartCase: campaign.start_case_frame,
}

#: Each kind of roll and what it gives once final (a verdict for the dice tray).
RESOLVERS: dict[type, Callable] = {
    a.ActionRoll: actions.resolve_action, a.EncounterRoll: turn.resolve_encounter,
    a.EncounterTypeRoll: turn.resolve_encounter_type, a.LineRoll: turn.resolve_line, a.HealingRoll: actions.resolve_heal,
    a.SkillRoll: effects.resolve_skill, a.TableRoll: effects.resolve_table, a.AllyStaysRoll: party.resolve_ally_stays,
    a.VillainRoll: villains.resolve_villain, a.MotiveRoll: villains.resolve_motive,
    a.DeductionRoll: villains.resolve_deduction, a.StrikeRoll: combat.resolve_strike,
    a.EscapeRoll: combat.resolve_escape,
}

#: Each kind of decision and what the player's option does.
DECISIONS: dict[str, Callable[[Sheet, Casebook, str], None]] = {
    "action": actions.choose_action, "luck": keep_or_reroll, "choice": effects.take_option,
    "villain": villains.choose_way, "combat": combat.fight_or_flee, "after_case": campaign.decide,
}
