"""Fights (R009a, and R009b for the other side): rounds of strikes until someone is
hurt, fighting on or trying to escape, and what follows a fight (healing an Ally).

A fight goes on only while nobody is hurt: the first Wounded, Seriously Wounded or
killed result, on either side, ends it, and the side that took it has lost (R009a: a
fight lasts until a side flees, gives up, or takes a wound or worse). A Stun or an
unhurt exchange lets the round go on, and after the round the player fights on or
tries to escape.
"""

from __future__ import annotations

from sherlockkit.engine import evolve
from sherlockkit.games.story import campaign, dice, party, tables
from sherlockkit.games.story.agenda import (
    ApplyEffects, Check, EscapeRoll, FightEnd, FightRound, Read, Rest, StrikeRoll,
)
from sherlockkit.games.story.paragraphs import Casebook
from sherlockkit.games.story.characters import SERIOUSLY_WOUNDED, WOUNDED, Character, make
from sherlockkit.games.story.events import (
    EscapeTried, Exchange, FightLost, FightOrFlee, FightStarted, FightWon, FoeDown, StrikeResult,
)
from sherlockkit.games.story.state import Decision, Fight, Sheet

#: What a strike's result does to the loser's wounds.
HARM = {"wounded": WOUNDED, "seriously wounded": SERIOUSLY_WOUNDED, "death": SERIOUSLY_WOUNDED}
#: The Brawn a Wound takes off for the case and a Stun for the fight (R009b).
WOUND_BRAWN, STUN_BRAWN = 2, 1


def fight(sheet: Sheet, book: Casebook, pid: str, spec: dict) -> None:
    """A paragraph's fight against its opponents, with its effects for winning and for
    coming away without a win (an escape, or a lost fight)."""
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


# --- the strike -----------------------------------------------------------------------------------


def fighting_brawn(brawn: int, *, stunned: bool = False, wounded: bool = False) -> int:
    """R009b: the Brawn a fighter has in the fight: 2 less once Wounded (for the case),
    1 less once Stunned (for the fight)."""
    return brawn - (WOUND_BRAWN if wounded else 0) - (STUN_BRAWN if stunned else 0)


def strike_base(brawn: int, *, weaponry: int = 0, madness: int = 0, addiction: int = 0,
                stunned: bool = False, wounded: bool = False) -> int:
    """R009a with R009b: what a strike adds to its 1d6, for a fighter of Brawn ``brawn``.

    The Brawn is the fighting Brawn (:func:`fighting_brawn`), and the band (+1 for 4-8,
    +2 for 9+) is read on it. A Stun also costs R009a's -1 on top of R009b's Brawn: the
    two rules each take 1 (the issue's reading). A Wound's -2 is R009b's Brawn lost for
    the case, which R009a's "-2 if Wounded" names again: counted once."""
    now = fighting_brawn(brawn, stunned=stunned, wounded=wounded)
    return now + tables.strike_modifier(now, weaponry=weaponry, madness=madness, addiction=addiction,
                                        stunned=stunned, wounded=False)


def strike(person: Character, stunned: tuple[str, ...], die: int) -> int:
    """R009a: ``person``'s strike total on ``die`` (``stunned``: who is Stunned in this fight)."""
    return die + strike_base(person.brawn, weaponry=person.trait("Weaponry"), madness=person.trait("Madness"),
                             addiction=person.trait("Addiction"), stunned=person.name in stunned,
                             wounded=person.wounds >= WOUNDED)


# --- a round --------------------------------------------------------------------------------------


def fight_round(sheet: Sheet, book: Casebook, frame: FightRound) -> None:
    """R009a: one round: the strongest of the group meet the opponents one to one, the
    strongest pair first."""
    if sheet.fight is None or sheet.phase != "case":
        return
    opponents = [o for o in sheet.fight.opponents if o.able]
    fighters = sorted(sheet.party, key=lambda p: -p.quality("Brawn"))
    sheet.push(FightEnd())
    for ours, theirs in reversed(list(zip(fighters, opponents))):
        sheet.push(Check(StrikeRoll(ours.name, theirs.name)))


def fighters(sheet: Sheet, roll: StrikeRoll) -> tuple[Character, Character] | None:
    """R009a: the two who strike at each other by ``roll`` -- ours, and theirs still able --
    or ``None`` when there is no fight or either is no longer in it."""
    if sheet.fight is None:
        return None
    ours = next((p for p in sheet.party if p.name == roll.ours), None)
    theirs = next((o for o in sheet.fight.opponents if o.name == roll.theirs and o.able), None)
    return None if ours is None or theirs is None else (ours, theirs)


def resolve_strike(sheet: Sheet, book: Casebook, roll: StrikeRoll, die: int) -> str:
    """R009a: our strike against theirs (their die drawn); the lower total takes the
    difference table's result (``"stunned"``, ``"wounded"``...; ``"even"`` on a tie;
    ``""`` if either fighter is no longer in the fight). A Wound or worse ends the fight."""
    pair = fighters(sheet, roll)
    if pair is None:
        return ""
    ours, theirs = pair
    current = sheet.fight
    their_die = dice.draw(sheet, "foe").randint(1, 6)
    a, b = strike(ours, current.stunned, die), strike(theirs, current.stunned, their_die)
    sheet.record(Exchange(ours.name, theirs.name, a, b))
    if a == b:
        return "even"
    we_won = a > b
    loser, gap = (theirs, a - b) if we_won else (ours, b - a)
    result = tables.combat_result(gap, holmes_or_watson=loser.name in ("Holmes", "Watson"))
    sheet.record(StrikeResult(loser.name, result))
    if result == "stunned":
        if loser.name not in current.stunned:  # R009b: only once per fight
            sheet.fight = evolve(current, stunned=current.stunned + (loser.name,))
        return result
    if result not in HARM:  # unhurt
        return result
    _drop_the_rest_of_the_round(sheet)
    if we_won:
        foe_hurt(sheet, book, theirs, HARM[result], killed=result == "death")
    else:
        sheet.record(FightLost(ours.name, theirs.name, result))
        party.hurt(sheet, book, ours, HARM[result], killed=result == "death")
        if sheet.phase == "case" and sheet.fight is not None:
            fight_over(sheet, sheet.fight.escaped)  # lost: no win, as after an escape
    return result


def _drop_the_rest_of_the_round(sheet: Sheet) -> None:
    """The fight is decided: the round's strikes still to come, and its end, are not played."""
    while sheet.stack and (isinstance(sheet.stack[-1], FightEnd) or (
            isinstance(sheet.stack[-1], Check) and isinstance(sheet.stack[-1].roll, StrikeRoll))):
        sheet.pop()


def foe_hurt(sheet: Sheet, book: Casebook, foe: Character, harm: int, killed: bool) -> None:
    """R009b for the other side, who lost the fight: a death ends the case (1 Luck lost,
    no arrest); the Villain beaten (Wounded or worse) is arrested, for the fight's reward
    (R005b option 3 won); anyone else beaten goes on their way (Seriously Wounded: out of
    the case) and the paragraph's effects for a win follow."""
    current = sheet.fight
    hit = evolve(foe, wounds=min(SERIOUSLY_WOUNDED, foe.wounds + harm))
    sheet.fight = evolve(current, opponents=tuple(hit if o.name == foe.name else o for o in current.opponents))
    if killed:
        sheet.gain_luck(-1, "killed")
        sheet.record(FoeDown(foe.name, "killed", sheet.luck))
        campaign.end_case(sheet, book, "solved")
    elif current.villain:
        if not hit.able:
            sheet.record(FoeDown(foe.name, "arrested"))
        else:
            sheet.record(FightWon())
        campaign.end_case(sheet, book, "solved", reward=book[sheet.villain]["rewards"]["fight"])
    else:
        if not hit.able:
            sheet.record(FoeDown(foe.name, "out"))
        sheet.record(FightWon())
        fight_over(sheet, current.won)


def fight_over(sheet: Sheet, effects: tuple) -> None:
    """The fight is over and the case goes on: the paragraph's ``effects`` for how it
    ended follow, once any Ally has been healed (R009b)."""
    pid = sheet.fight.paragraph
    sheet.fight = None
    sheet.push(ApplyEffects(pid, tuple(effects)))
    heal_allies(sheet)


def heal_allies(sheet: Sheet) -> None:
    """R009b: after a fight, a Wounded Ally (a Friend counts as one; Holmes and Watson do
    not) may be healed in the presence of an Ally with Medicine: R007f's Medicine 8 roll,
    +1 per level of the healer's Medicine, each healer trying until they fail."""
    if sheet.phase != "case":
        return
    watson = sheet.watson.name if sheet.watson is not None else None
    allies = [p for p in sheet.party if p.name not in ("Holmes", watson)]
    healers = tuple(p.name for p in sorted(allies, key=lambda p: -p.trait("Medicine")) if p.trait("Medicine"))
    patients = tuple((p.name, "Wound") for p in allies if p.wounds == WOUNDED)
    if healers and patients:
        sheet.consult("r009b")
        sheet.push(Rest(healers, patients))


# --- after a round: fight on or flee -------------------------------------------------------------


def fight_end(sheet: Sheet, book: Casebook, frame: FightEnd) -> None:
    """After a round in which nobody was hurt: the player fights on or tries to escape."""
    if sheet.fight is None or sheet.phase != "case":
        if sheet.phase != "case":
            sheet.fight = None
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


def escapes(roll: EscapeRoll, total: int) -> bool:
    """R009a: whether Holmes gets away on a 2d6 ``total``: less his Running, at or under
    his Bravery."""
    return total - roll.running <= roll.bravery


def resolve_escape(sheet: Sheet, book: Casebook, roll: EscapeRoll, total: int) -> str:
    """R009a: 2d6 less Running at or under Bravery: ``"escaped"`` (any Ally healed, m629
    read, then the event's escape effects); otherwise ``"caught"`` and the fight goes on."""
    escaped = escapes(roll, total)
    sheet.record(EscapeTried(total, roll.running, roll.bravery, escaped))
    if escaped:
        effects, pid = sheet.fight.escaped, sheet.fight.paragraph
        sheet.fight = None
        sheet.push(ApplyEffects(pid, tuple(effects)), Read(tables.ESCAPE_PARAGRAPH))
        heal_allies(sheet)
        return "escaped"
    sheet.push(FightRound())
    return "caught"
