"""Fights (R009a, and R009b for the other side): rounds of strikes, fighting on or
trying to escape, and the opponents put out of the fight.
"""

from __future__ import annotations

from dataclasses import replace

from sherlockkit.games.story import campaign, dice, party, tables
from sherlockkit.games.story.agenda import ApplyEffects, Check, EscapeRoll, FightEnd, FightRound, Read, StrikeRoll
from sherlockkit.games.story.casebook import Casebook
from sherlockkit.games.story.characters import SERIOUSLY_WOUNDED, WOUNDED, Character, make
from sherlockkit.games.story.events import (
    EscapeTried, Exchange, FightOrFlee, FightStarted, FightWon, FoeDown, StrikeResult,
)
from sherlockkit.games.story.state import Decision, Fight, Sheet

#: What a strike's result does to the loser's wounds.
HARM = {"wounded": WOUNDED, "seriously wounded": SERIOUSLY_WOUNDED, "death": SERIOUSLY_WOUNDED}


def fight(sheet: Sheet, book: Casebook, pid: str, spec: dict) -> None:
    """A paragraph's fight against its opponents, with its effects for winning and escaping."""
    opponents = tuple(make(o["name"], o.get("brains", 5), o["brawn"], o.get("bravery", 5), dict(o.get("traits", {})))
                      for o in spec["opponents"])
    start_fight(sheet, opponents, tuple(spec.get("won", ())), tuple(spec.get("escaped", ())), pid, villain=False)


def start_fight(sheet: Sheet, opponents: tuple[Character, ...], won: tuple, escaped: tuple, pid: str,
                villain: bool) -> None:
    """R009a: the fight is on the table and its first round begins."""
    sheet.consult("r009a")
    sheet.record(FightStarted(tuple((o.name, o.brawn) for o in opponents)))
    sheet.fight = Fight(opponents, (), won, escaped, pid, villain)
    sheet.push(FightRound())


def strike(person: Character, stunned: tuple[str, ...], die: int) -> int:
    """R009a: Brawn + 1d6 + the strike's modifiers for ``person`` (``stunned``: who is Stunned)."""
    return person.brawn + die + tables.strike_modifier(
        person.brawn, weaponry=person.trait("Weaponry"), madness=person.trait("Madness"),
        addiction=person.trait("Addiction"), stunned=person.name in stunned, wounded=person.wounds >= WOUNDED)


def fight_round(sheet: Sheet, book: Casebook, frame: FightRound) -> None:
    """R009a: one round: the strongest of the group meet the opponents one to one."""
    if sheet.fight is None or sheet.phase != "case":
        return
    opponents = [o for o in sheet.fight.opponents if o.able]
    fighters = sorted(sheet.party, key=lambda p: -p.quality("Brawn"))
    sheet.push(FightEnd())
    for ours, theirs in reversed(list(zip(fighters, opponents))):
        sheet.push(Check(StrikeRoll(ours.name, theirs.name)))


def resolve_strike(sheet: Sheet, book: Casebook, roll: StrikeRoll, die: int) -> str:
    """R009a: our strike against theirs (their die drawn); the lower total takes the
    difference table's result (``"stunned"``, ``"wounded"``...; ``"even"`` on a tie;
    ``""`` if either fighter is no longer in the fight)."""
    if sheet.fight is None:
        return ""
    current = sheet.fight
    ours = next((p for p in sheet.party if p.name == roll.ours), None)
    theirs = next((o for o in current.opponents if o.name == roll.theirs and o.able), None)
    if ours is None or theirs is None:
        return ""
    their_die = dice.draw(sheet, "foe").randint(1, 6)
    a, b = strike(ours, current.stunned, die), strike(theirs, current.stunned, their_die)
    sheet.record(Exchange(ours.name, theirs.name, a, b))
    if a == b:
        return "even"
    we_won = a > b
    loser, gap = (theirs, a - b) if we_won else (ours, b - a)
    result = tables.combat_result(gap, holmes_or_watson=loser.name in ("Holmes", "Watson"))
    sheet.record(StrikeResult(loser.name, result))
    if result == "stunned" and loser.name not in current.stunned:
        sheet.fight = replace(current, stunned=current.stunned + (loser.name,))
    elif result in HARM:
        if we_won:
            hit = replace(theirs, wounds=min(SERIOUSLY_WOUNDED, theirs.wounds + HARM[result]))
            opponents = tuple(hit if o.name == theirs.name else o for o in current.opponents)
            sheet.fight = replace(current, opponents=opponents)
            if not hit.able:
                foe_down(sheet, book, hit, killed=result == "death", villain=current.villain)
        else:
            party.hurt(sheet, book, ours, HARM[result], killed=result == "death")
    return result


def foe_down(sheet: Sheet, book: Casebook, foe: Character, killed: bool, villain: bool) -> None:
    """R009b for the other side: a death ends the case (1 Luck lost); a Villain Seriously
    Wounded is arrested; an unfriendly character Seriously Wounded is out of it."""
    if killed:
        sheet.gain_luck(-1, "killed")
        sheet.record(FoeDown(foe.name, "killed", sheet.luck))
        campaign.end_case(sheet, book, "solved")
    elif villain:
        sheet.record(FoeDown(foe.name, "arrested"))
        campaign.end_case(sheet, book, "solved", reward=book[sheet.villain]["rewards"]["fight"])
    else:
        sheet.record(FoeDown(foe.name, "out"))


def fight_end(sheet: Sheet, book: Casebook, frame: FightEnd) -> None:
    """After a round: the fight is won when no opponent is left able; otherwise the
    player fights on or tries to escape."""
    if sheet.fight is None or sheet.phase != "case":
        if sheet.phase != "case":
            sheet.fight = None
        return
    if not any(o.able for o in sheet.fight.opponents):
        won, pid = sheet.fight.won, sheet.fight.paragraph
        sheet.fight = None
        sheet.record(FightWon())
        sheet.push(ApplyEffects(pid, tuple(won)))
        return
    sheet.pending = Decision("combat", "The fight goes on. Fight on, or try to escape (a Bravery roll)?",
                             (("fight_on", "Fight on"), ("escape", "Try to escape")))


def fight_or_flee(sheet: Sheet, book: Casebook, option: str) -> None:
    """The player's choice after a round: another round, or Holmes's escape roll."""
    if option == "escape":
        sheet.record(FightOrFlee(True))
        sheet.push(Check(EscapeRoll(sheet.holmes.quality("Bravery"), sheet.holmes.trait("Running"))))
    else:
        sheet.record(FightOrFlee(False))
        sheet.push(FightRound())


def resolve_escape(sheet: Sheet, book: Casebook, roll: EscapeRoll, total: int) -> str:
    """R009a: 2d6 less Running at or under Bravery: ``"escaped"`` (m629 read, then the
    event's escape effects); otherwise ``"caught"`` and the fight goes on."""
    escaped = total - roll.running <= roll.bravery
    sheet.record(EscapeTried(total, roll.running, roll.bravery, escaped))
    if escaped:
        effects, pid = sheet.fight.escaped, sheet.fight.paragraph
        sheet.fight = None
        sheet.push(ApplyEffects(pid, tuple(effects)), Read(tables.ESCAPE_PARAGRAPH))
        return "escaped"
    sheet.push(FightRound())
    return "caught"
