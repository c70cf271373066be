"""R003's "a roll that does not go your way": which rolls go against the player.

The rulebook lets Luck re-roll any roll and leaves the judging to the player. The table
asks about Luck, by default, only after a roll that goes against you, read here before
the roll counts, from the dice and what the sheet shows (never from a die still to be
drawn):

- a test failed: a Quality, Trait or Deduction roll, Rest's Medicine roll, an escape;
- an action's row (or a d6 table's row of effects) that costs you something (SM, Luck, a
  trap, an Ally, a life, a closed channel) or gives nothing at all;
- an Ally's d6 that sends them away;
- a strike more likely to lose its exchange than to win it (the other side's die is
  drawn once the roll is kept, so the odds over its six faces decide).

Rolls that choose *which* rather than *how well* (the encounter roll and its type, an
adventure's line, the Villain, the Motive, Holmes or Watson, a witness) never go against
you: an encounter may bring the Villain you need as well as danger. The rules-decisions
page of the book says so too.
"""

from __future__ import annotations

from typing import Callable

from sherlockkit.games.story import actions, combat, party, rolls, tables, villains
from sherlockkit.games.story import agenda as a
from sherlockkit.games.story.effects import name_of, value_of
from sherlockkit.games.story.paragraphs import Casebook
from sherlockkit.games.story.state import Sheet

#: Effects that always cost the party something.
COSTS = frozenset({"death", "kill_random_ally", "trap", "ally_leaves", "allies_may_leave", "block_channel", "wound"})


def costs(effects: tuple) -> bool:
    """Whether a row's ``effects`` cost the party something or give nothing at all."""
    if not effects:
        return True
    return any(name_of(e) in COSTS or (name_of(e) in ("sm", "luck") and value_of(e) < 0) for e in effects)


def goes_against(sheet: Sheet, book: Casebook, roll: a.DiceRoll, rolled: tuple[int, ...]) -> bool:
    """Whether ``rolled``, the dice of ``roll`` as they fell, go against the player (see the
    module's list); rolls of a kind not listed there never do."""
    judge = JUDGES.get(type(roll))
    return judge is not None and judge(sheet, book, roll, sum(rolled))


def _action(sheet: Sheet, book: Casebook, roll: a.ActionRoll, total: int) -> bool:
    return costs(tables.ACTION_TABLES[roll.action].row_for(total + roll.modifier).result)


def _table(sheet: Sheet, book: Casebook, roll: a.TableRoll, die: int) -> bool:
    result = tables.D6_TABLES[roll.table].row_for(die).result
    return isinstance(result, tuple) and costs(result)


def _skill(sheet: Sheet, book: Casebook, roll: a.SkillRoll, total: int) -> bool:
    return not rolls.passes(roll.spec, total, sheet.holmes, sheet.party)


def _strike(sheet: Sheet, book: Casebook, roll: a.StrikeRoll, die: int) -> bool:
    pair = combat.fighters(sheet, roll)
    if pair is None:
        return False
    ours, theirs = pair
    mine = combat.strike(ours, sheet.fight.stunned, die)
    others = [combat.strike(theirs, sheet.fight.stunned, face) for face in range(1, 7)]
    return sum(other > mine for other in others) > sum(other < mine for other in others)


#: Each kind of roll that can go against the player, and how it is judged.
JUDGES: dict[type, Callable[..., bool]] = {
    a.ActionRoll: _action, a.TableRoll: _table, a.SkillRoll: _skill,
    a.DeductionRoll: lambda sheet, book, roll, total: not villains.outwits(sheet, book, total),
    a.HealingRoll: lambda sheet, book, roll, total: not actions.heals(sheet, roll, total),
    a.EscapeRoll: lambda sheet, book, roll, total: not combat.escapes(roll, total),
    a.AllyStaysRoll: lambda sheet, book, roll, die: party.leaves(die),
    a.StrikeRoll: _strike,
}
