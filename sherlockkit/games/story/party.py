"""Holmes's group: who joins (R002), who leaves (R007b 5, R007e 3, R008), what they
carry, and wounds and deaths on Holmes's side (R007a 4, R009b).
"""

from __future__ import annotations

from sherlockkit.engine import evolve
from sherlockkit.games.story import campaign, dice, tables
from sherlockkit.games.story.agenda import AllyStaysRoll, Check, SkillRoll
from sherlockkit.games.story.paragraphs import Casebook
from sherlockkit.games.story.characters import SERIOUSLY_WOUNDED, WOUNDED, Character, make
from sherlockkit.games.story.events import (
    AllyJoined, AllyStays, HolmesCarriedHome, ItemCarried, Killed, LeftCase, Nothing, Wounded,
)
from sherlockkit.games.story.state import Sheet

#: R002: the roll that makes someone met join as an Ally.
JOIN_ROLL = {"trait": "Charisma", "target": 7}


def ally(sheet: Sheet, book: Casebook, pid: str, spec: dict) -> None:
    """R002: someone met may join on a Charisma 7 roll -- not someone already with
    Holmes, nor someone who left this case (R008), nor an Inspector while the Yard
    sends nobody (R007); Lestrade's duties pass to the new Inspector once he is dead."""
    if spec["name"] == "Inspector Lestrade" and not sheet.lestrade_alive:
        spec = dict(campaign.NEW_INSPECTOR_SPEC)
    name = spec["name"]
    if any(p.name == name for p in sheet.party):
        sheet.record(Nothing("already with you", name))
        return
    if name in sheet.away:
        sheet.record(Nothing("left this case", name))
        return
    if name.startswith("Inspector") and sheet.inspector_ban:
        sheet.record(Nothing("no inspector"))
        return
    sheet.consult("r002")
    join = ({"joins": spec},)
    sheet.push(Check(SkillRoll(dict(JOIN_ROLL), join, (), pid, f"Charisma 7: will {name} join?")))


def joins(sheet: Sheet, book: Casebook, pid: str, spec: dict) -> None:
    """R002, R003: the character joins as an Ally, bringing 1 Luck."""
    person = make(spec["name"], spec["brains"], spec["brawn"], spec["bravery"], dict(spec.get("traits", {})))
    sheet.allies += (person,)
    sheet.gain_luck(1, "ally joins")
    sheet.record(AllyJoined(person.name, sheet.luck))


def _companions(sheet: Sheet) -> list[str]:
    """Allies and the Friends still on the case (Watson is not an Ally)."""
    return [a.name for a in sheet.allies] + [f.name for f in sheet.friends if f.name not in sheet.away]


def ally_leaves(sheet: Sheet, book: Casebook, pid: str, _: str) -> None:
    """R007b 5: an Ally (or Friend) picked at random leaves the case."""
    leaving = _companions(sheet)
    if not leaving:
        sheet.record(Nothing("no ally to leave"))
        return
    name = dice.draw(sheet, "pick").choice(sorted(leaving))
    leave(sheet, name, LeftCase(name, "leaves"))


def leave(sheet: Sheet, name: str, event: LeftCase) -> None:
    """``name`` leaves the case (R008: never to come back as an Ally this case)."""
    sheet.allies = tuple(a for a in sheet.allies if a.name != name)
    if name not in sheet.away:
        sheet.away += (name,)
    sheet.record(event)


def allies_may_leave(sheet: Sheet, book: Casebook, pid: str, _: bool) -> None:
    """R007e 3: a d6 for each Ally (and Friend)."""
    for name in sorted(_companions(sheet)):
        sheet.push(Check(AllyStaysRoll(name)))


def leaves(die: int) -> bool:
    """R007e 3: an Ally whose d6 shows 1 or 2 leaves the case."""
    return die <= 2


def resolve_ally_stays(sheet: Sheet, book: Casebook, roll: AllyStaysRoll, die: int) -> str:
    """R007e 3: ``"leaves"`` on 1-2, ``"stays"`` on 3-6."""
    if leaves(die):
        leave(sheet, roll.name, LeftCase(roll.name, "own trail"))
        return "leaves"
    sheet.record(AllyStays(roll.name, die))
    return "stays"


def kill_random_ally(sheet: Sheet, book: Casebook, pid: str, _: bool) -> None:
    """R007a 4: an Ally picked at random is killed; Watson only when nobody else is along."""
    others = _companions(sheet)
    if others:
        name = dice.draw(sheet, "pick").choice(sorted(others))
        sheet.allies = tuple(a for a in sheet.allies if a.name != name)
        sheet.friends = tuple(f for f in sheet.friends if f.name != name)
        sheet.record(Killed(name, "attempt"))
        campaign.inspector_killed(sheet, name)
    elif sheet.watson is not None and "Watson" not in sheet.away:
        sheet.record(Killed("Watson", "attempt"))
        sheet.watson = None
    else:
        sheet.record(Nothing("nobody else"))


def wound(sheet: Sheet, book: Casebook, pid: str, who: str) -> None:
    """R009b: Holmes, Watson or an Ally picked at random takes a Wound."""
    sheet.consult("r009b")
    if who == "random_ally":
        if not sheet.allies:
            sheet.record(Nothing("no ally to hurt"))
            return
        pick = dice.draw(sheet, "pick").choice(sorted(a.name for a in sheet.allies))
        person = next(a for a in sheet.allies if a.name == pick)
    elif who == "watson":
        if sheet.watson is None or "Watson" in sheet.away:
            sheet.record(Nothing("watson not here"))
            return
        person = sheet.watson
    else:
        person = sheet.holmes
    hurt(sheet, book, person, WOUNDED)


def hurt(sheet: Sheet, book: Casebook, person: Character, result_wounds: int, killed: bool = False) -> None:
    """R009b for someone on Holmes's side: a Wound (a second is Serious), Serious, Death.
    Seriously Wounded, Holmes is carried home and the case is lost; Watson goes home
    (2 Luck), anyone else leaves (1 Luck). A friend's death costs 1d3 Luck."""
    wounds = SERIOUSLY_WOUNDED if killed else min(SERIOUSLY_WOUNDED, person.wounds + result_wounds)
    person = evolve(person, wounds=wounds)
    name = person.name
    if killed:
        lost = dice.draw(sheet, "d3").randint(1, 3)
        if name == "Holmes":
            campaign.holmes_dies(sheet, Killed("Holmes", "fight"))
            return
        if name == "Watson":
            sheet.watson = None
        sheet.allies = tuple(a for a in sheet.allies if a.name != name)
        sheet.friends = tuple(f for f in sheet.friends if f.name != name)
        sheet.gain_luck(-lost, "killed")
        sheet.record(Killed(name, "fight", lost, sheet.luck))
        campaign.inspector_killed(sheet, name)
        return
    sheet.set_person(person)
    if wounds < SERIOUSLY_WOUNDED:
        sheet.record(Wounded(name))
        return
    if name == "Holmes":
        sheet.record(HolmesCarriedHome())
        sheet.consult(tables.BAKER_STREET)
        campaign.end_case(sheet, book, "lost")
        return
    lost = 2 if name == "Watson" else 1
    sheet.gain_luck(-lost, "wounded")
    leave(sheet, name, LeftCase(name, "seriously wounded", lost, sheet.luck))


def item(sheet: Sheet, book: Casebook, pid: str, spec: dict) -> None:
    """A piece of equipment: its holder gains its traits (at most level 3; never
    Medicine for Holmes, R003)."""
    holder = sheet.holmes if spec.get("holder", "holmes") == "holmes" else sheet.watson
    if holder is None:
        sheet.record(ItemCarried(spec["name"], None))
        return
    for trait, level in dict(spec.get("traits", {})).items():
        if holder.name == "Holmes" and trait == "Medicine":
            continue
        holder = holder.with_trait(trait, min(3, holder.trait(trait) + level))
    sheet.set_person(holder)
    sheet.record(ItemCarried(spec["name"], holder.name))
