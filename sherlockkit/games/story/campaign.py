"""Between the cases: starting one (A000), losing or solving it (R007), Holmes's death,
and spending Solve Modifier points afterwards (R010)."""

from __future__ import annotations

from math import ceil

from sherlockkit.engine import chance, evolve
from sherlockkit.games.story import tables
from sherlockkit.games.story.agenda import ApplyEffects, Check, Read, StartCase, StartTurn, TableRoll
from sherlockkit.games.story.paragraphs import Casebook
from sherlockkit.games.story.characters import HEALTHY, MAX_QUALITY_GAIN, MAX_TRAIT, QUALITIES, TRAITS, Character
from sherlockkit.games.story.events import (
    CampaignBegun, CampaignEnded, CaseEnded, CaseStarted, DeathRoll, FriendMade, FriendParted, InspectorLost, Killed,
    ParagraphRead, QualityRaised, SpecialRule, TraitRaised,
)
from sherlockkit.games.story.state import Decision, Purchase, Sheet

NEW_INSPECTOR_SPEC = {"name": "Inspector Hopkins", "brains": 4, "brawn": 5, "bravery": 5,
                      "traits": {"British Law": 1, "Running": 1}}
MAX_FRIENDS = 3
EQUIPMENT_COST, FRIEND_COST, NEW_TRAIT_COST = 5, 6, 3
TRAIT_STEP_COST = {1: 4, 2: 6}  # from level 1 to 2, from 2 to 3
SM_CARRIED_OVER = 1  # R001: never more than 1 SM at the start of a case
PROLOGUE = "a400"  # R001: "to start a game now", the adventure prologue


def begin(sheet: Sheet, book: Casebook, first_case: str | None) -> None:
    """R001 sends a new player to the prologue (a400), which is read first; then A000:
    roll the starting equipment, then the first case (a001 on 1-3, a002 on 4-6)."""
    sheet.consult("r001")
    sheet.consult(PROLOGUE)
    sheet.record(ParagraphRead(PROLOGUE, book[PROLOGUE].title))
    for rule in ("r003", "a000"):
        sheet.consult(rule)
    equipment = tables.EQUIPMENT.row_for(chance(sheet.seed, 0, "equipment").randint(1, 6)).result
    if first_case is None:
        first_case = tables.FIRST_CASE.row_for(chance(sheet.seed, 0, "first case").randint(1, 6)).result
    sheet.record(CampaignBegun())
    sheet.push(StartCase(first_case), Read(equipment))


def start_case_frame(sheet: Sheet, book: Casebook, frame: StartCase) -> None:
    """The first case begins, once the starting equipment is read."""
    start_case(sheet, book, frame.adventure)


def start_case(sheet: Sheet, book: Casebook, adventure: str) -> None:
    """A fresh case sheet at turn 1 in ``adventure``; the campaign carries over."""
    sheet.phase = "case"
    sheet.adventure, sheet.turn = adventure, 1
    sheet.villain, sheet.motive, sheet.motive_revealed, sheet.meetings = None, None, False, 0
    sheet.had_clue, sheet.clues_found, sheet.allies, sheet.away = False, (), (), ()
    sheet.location, sheet.bonus_now, sheet.bonus_next = "", (), ()
    sheet.investigate_now = sheet.investigate_next = sheet.trapped_now = sheet.trapped_next = False
    sheet.blocked_channels, sheet.met_once, sheet.action_now, sheet.fight = (), (), "", None
    sheet.consult("r006")
    sheet.consult(adventure)
    paragraph = book[adventure]
    sheet.record(CaseStarted(len(sheet.cases) + 1, adventure, paragraph.title, paragraph["place"]))
    sheet.push(StartTurn())
    special = paragraph.get("special")
    if special and special.get("when") == "case_start" and (not special.get("first_case_only") or not sheet.cases):
        sheet.record(SpecialRule(adventure, special["text"]))
        sheet.push(ApplyEffects(adventure, tuple(special.get("effects", ()))))


def end_case(sheet: Sheet, book: Casebook, result: str, reward: int = 0) -> None:
    """The case is over: solved (Luck reward, then Luck equal to SM, R010) or lost (R007:
    all SM and half the Luck, rounded up; the death roll if nothing was left)."""
    if sheet.phase != "case":
        return
    sheet.stack.clear()
    sheet.fight = None
    adventure = sheet.adventure
    if result == "solved":
        sheet.case_sm_end = sheet.sm
        sheet.gain_luck(reward + sheet.sm, "case solved")
        sheet.record(CaseEnded(adventure, "solved", reward, sheet.sm, 0, sheet.luck))
    else:
        if sheet.sm == 0 and sheet.luck == 0:
            fate = tables.LOST_CASE.row_for(chance(sheet.seed, sheet.step, "lost case").randint(1, 6)).result
            death_roll(sheet, fate)
            if sheet.phase == "over":
                return
        lost = ceil(sheet.luck / 2)
        sheet.gain_sm(-sheet.sm, "case lost")
        sheet.case_sm_end = 0
        sheet.gain_luck(-lost, "case lost")
        sheet.record(CaseEnded(adventure, "lost", 0, 0, lost, sheet.luck))
    sheet.cases += ((adventure, result),)
    sheet.inspector_ban = max(0, sheet.inspector_ban - 1)
    sheet.phase = "after_case"
    sheet.consult("r010")
    sheet.consult(tables.END_OF_CASE)


def inspector_killed(sheet: Sheet, name: str) -> None:
    """R007: if Lestrade's successor is killed, lose 3 Luck and no Inspector will be an
    Ally for this case and the next two."""
    if name == NEW_INSPECTOR_SPEC["name"]:
        sheet.gain_luck(-3, "inspector lost")
        sheet.inspector_ban = 3
        sheet.record(InspectorLost(sheet.luck))


def holmes_dies(sheet: Sheet, death: Killed) -> None:
    """Holmes is dead (``death`` says how): the case and the campaign end here."""
    sheet.record(death)
    if sheet.phase == "case":
        sheet.cases += ((sheet.adventure, "dead"),)
    sheet.stack.clear()
    sheet.fight, sheet.phase, sheet.fate = None, "over", "dead"
    sheet.record(CampaignEnded("dead", len(sheet.cases)))


def death_roll(sheet: Sheet, fate: str) -> None:
    """R007: a lost case with no SM and no Luck left: Holmes, Watson or Lestrade may die."""
    sheet.record(DeathRoll(fate))
    if fate == "holmes_killed":
        holmes_dies(sheet, Killed("Holmes", "death roll"))
    elif fate == "watson_killed":
        sheet.watson = None
        sheet.record(Killed("Watson", "death roll"))
    elif fate == "lestrade_killed":
        sheet.lestrade_alive = False
        sheet.record(Killed("Inspector Lestrade", "death roll"))


def end_case_effect(sheet: Sheet, book: Casebook, pid: str, result: str) -> None:
    """A paragraph ends the case, ``"solved"`` or ``"lost"``."""
    end_case(sheet, book, result)


def death_effect(sheet: Sheet, book: Casebook, pid: str, who: str) -> None:
    """R007a 2-3: the arrest goes wrong and Holmes dies."""
    holmes_dies(sheet, Killed("Holmes", "arrest"))


# --- after a case: R010 ----------------------------------------------------------------------------

def improvable(sheet: Sheet) -> list[Character]:
    """R010: who may raise Qualities and Traits with SM: Holmes and Watson, not the
    Friends (they count as Allies, and their gain is the +4 of becoming a Friend)."""
    return [sheet.holmes] + ([sheet.watson] if sheet.watson else [])


def purchases(sheet: Sheet, book: Casebook) -> list[Purchase]:
    """R010: everything the SM left can buy now, each with its price in SM."""
    found = []
    for person in improvable(sheet):
        gains = dict(person.gains)
        for quality in QUALITIES:
            value = getattr(person, quality.lower())
            cost = ceil(value / 2)
            if cost <= sheet.sm and gains.get(quality, 0) < MAX_QUALITY_GAIN:
                found.append(Purchase(f"quality:{person.name}:{quality}", "quality", person.name,
                                      f"{quality} {value} → {value + 1}", cost))
        levels = dict(person.traits)  # person.trait(...) for each of the sixteen traits
        for trait in TRAITS:
            if trait == "Medicine" and person.name == "Holmes":
                continue
            level = levels.get(trait, 0)
            cost = NEW_TRAIT_COST if level == 0 else TRAIT_STEP_COST.get(level)
            if level < MAX_TRAIT and cost is not None and cost <= sheet.sm:
                found.append(Purchase(f"trait:{person.name}:{trait}", "trait", person.name,
                                      f"{trait} {level} → {level + 1}", cost))
    if sheet.sm >= EQUIPMENT_COST:
        found.append(Purchase("equipment", "equipment", "", "Roll for equipment", EQUIPMENT_COST))
    if sheet.sm >= FRIEND_COST:
        for ally in sheet.allies:
            if not ally.able:
                continue
            if len(sheet.friends) < MAX_FRIENDS:
                found.append(Purchase(f"friend:{ally.name}", "friend", "", f"Make {ally.name} a Friend", FRIEND_COST))
            else:  # R010: a new Friend may take the place of one you do not wish to keep
                found += [Purchase(f"friend:{ally.name}:{old.name}", "friend", "",
                                   f"Make {ally.name} a Friend in place of {old.name}", FRIEND_COST)
                          for old in sheet.friends]
    return found


def _options_buying(found: list[Purchase]) -> list[tuple[str, str]]:
    """The options that buy what ``found`` lists: (id, label with the price)."""
    return [(p.option, f"{p.who}: {p.what} ({p.cost} SM)" if p.who else f"{p.what} ({p.cost} SM)") for p in found]


def adventures(book: Casebook) -> tuple[tuple[str, str], ...]:
    """The options that take up a case: ("next:a001", its title)..., in the casebook's order."""
    return tuple((f"next:{pid}", p.title) for pid, p in book.items() if p.kind == "adventure")


def next_decision(sheet: Sheet, book: Casebook) -> None:
    """The decision when the machine has nothing left to run: after a case, what to buy
    (``Decision.purchases``), which case to take up next (``Decision.cases``) or to retire."""
    if sheet.phase == "over":
        sheet.pending = Decision("over", "The campaign is over.", ())
        return
    if sheet.phase != "after_case":
        raise RuntimeError("The case machine stopped without a decision.")
    cases = adventures(book)
    found = purchases(sheet, book)
    options = _options_buying(found)
    options += [(option, f"Take up the next case: {title}") for option, title in cases]
    options.append(("retire", "Retire: end the campaign here"))
    sheet.pending = Decision("after_case", f"The case is closed ({sheet.cases[-1][1]}). SM to spend: {sheet.sm}.",
                             tuple(options), purchases=tuple(found), cases=cases)


def decide(sheet: Sheet, book: Casebook, option: str) -> None:
    """After a case: retire, take up the next case, or spend SM (R010)."""
    kind, _, rest = option.partition(":")
    if kind == "retire":
        sheet.phase, sheet.fate = "over", "retired"
        sheet.record(CampaignEnded("retired", len(sheet.cases)))
    elif kind == "next":
        sheet.gain_sm(min(sheet.sm, SM_CARRIED_OVER) - sheet.sm, "new case")
        heal = lambda p: p if p.wounds == HEALTHY else evolve(p, wounds=HEALTHY)
        sheet.holmes = heal(sheet.holmes)
        sheet.watson = heal(sheet.watson) if sheet.watson else None
        sheet.friends = tuple(heal(f) for f in sheet.friends)
        start_case(sheet, book, rest)
    elif kind == "equipment":
        sheet.gain_sm(-EQUIPMENT_COST, "spent")
        sheet.push(Check(TableRoll("equipment", "r010")))
    elif kind == "friend":
        sheet.gain_sm(-FRIEND_COST, "spent")
        name, _, replaced = rest.partition(":")
        if replaced:
            sheet.friends = tuple(f for f in sheet.friends if f.name != replaced)
            sheet.record(FriendParted(replaced))
        befriend(sheet, name)
    else:
        buy(sheet, kind, *rest.split(":"))


def buy(sheet: Sheet, kind: str, name: str, what: str) -> None:
    """R010: a Quality point (half its value, rounded up) or a Trait level (3, 4, 6)."""
    person = next(p for p in improvable(sheet) if p.name == name)
    if kind == "quality":
        value = getattr(person, what.lower())
        sheet.gain_sm(-ceil(value / 2), "spent")
        gains = dict(person.gains)
        gains[what] = gains.get(what, 0) + 1
        person = evolve(person, **{what.lower(): value + 1}, gains=tuple(sorted(gains.items())))
        sheet.record(QualityRaised(name, what, value + 1))
    else:
        level = person.trait(what)
        sheet.gain_sm(-(NEW_TRAIT_COST if level == 0 else TRAIT_STEP_COST[level]), "spent")
        person = person.with_trait(what, level + 1)
        sheet.record(TraitRaised(name, what, level + 1))
    sheet.set_person(person)


def befriend(sheet: Sheet, name: str) -> None:
    """R010: an Ally becomes a Friend: +4 to the Qualities (+2 to the lowest, +1 to each
    other, our split) and Aware if they lack it."""
    ally = next(a for a in sheet.allies if a.name == name)
    values = {q: getattr(ally, q.lower()) for q in QUALITIES}
    lowest = min(values, key=values.get)
    raised = {q.lower(): v + (2 if q == lowest else 1) for q, v in values.items()}
    friend = evolve(ally, **raised)
    if not friend.trait("Aware"):
        friend = friend.with_trait("Aware", 1)
    sheet.allies = tuple(a for a in sheet.allies if a.name != name)
    sheet.friends += (friend,)
    sheet.record(FriendMade(name))


def case_result(state) -> str | None:
    """``None`` while a case runs; ``"solved"``, ``"lost"`` or ``"dead"`` once it has ended."""
    if state.phase == "case" or not state.cases:
        return None
    return state.cases[-1][1]
