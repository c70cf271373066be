"""Between the cases: starting one (A000), losing or solving it (R007), and spending
Solve Modifier points afterwards (R010)."""

from __future__ import annotations

from dataclasses import replace
from math import ceil

from sherlockkit.engine import chance
from sherlockkit.games.story import tables
from sherlockkit.games.story.casebook import Casebook
from sherlockkit.games.story.characters import HEALTHY, MAX_QUALITY_GAIN, MAX_TRAIT, QUALITIES, TRAITS
from sherlockkit.games.story.state import Decision, Sheet

NEW_INSPECTOR_SPEC = {"name": "Inspector Hopkins", "brains": 4, "brawn": 5, "bravery": 5,
                      "traits": {"British Law": 1, "Running": 1}}
MAX_FRIENDS = 3
EQUIPMENT_COST, FRIEND_COST, NEW_TRAIT_COST = 5, 6, 3
TRAIT_STEP_COST = {1: 4, 2: 6}  # from level 1 to 2, from 2 to 3


def begin(sheet: Sheet, first_case: str | None) -> None:
    """A000: roll the starting equipment, then the first case (a001 on 1-3, a002 on 4-6)."""
    for rule in ("r001", "r003", "a000"):
        sheet.consult(rule)
    equipment = tables.EQUIPMENT.row_for(chance(sheet.seed, 0, "equipment").randint(1, 6)).result
    if first_case is None:
        first_case = tables.FIRST_CASE.row_for(chance(sheet.seed, 0, "first case").randint(1, 6)).result
    sheet.say("Holmes and Watson take up their first case.")
    sheet.push(("campaign", "start_case", first_case), ("read", equipment))


def step(sheet: Sheet, book: Casebook, what: str, *args) -> None:
    if what == "start_case":
        start_case(sheet, book, *args)


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
    sheet.say(f"Case {len(sheet.cases) + 1}: {paragraph.title} ({paragraph['place']}).")
    sheet.push(("turn",))
    special = paragraph.get("special")
    if special and special.get("when") == "case_start" and (not special.get("first_case_only") or not sheet.cases):
        sheet.say(f"Special rule: {special['text']}")
        sheet.push(("effects", adventure, tuple(special.get("effects", ()))))


def between_cases_effect(sheet: Sheet, effect) -> bool:
    """Effects that still apply when no case is running (equipment bought after a case)."""
    return "item" in effect


def end_case(sheet: Sheet, book: Casebook, result: str, reward: int = 0) -> None:
    """The case is over: solved (Luck reward, then Luck equal to SM, R010) or lost (R007:
    all SM and half the Luck, rounded up; the death roll if nothing was left)."""
    if sheet.phase != "case":
        return
    sheet.stack, sheet.fight = (), None
    adventure = sheet.adventure
    if result == "solved":
        sheet.luck += reward
        sheet.case_sm_end = sheet.sm
        sheet.luck += sheet.sm
        sheet.say(f"Case solved! +{reward} Luck for the way it ended, +{sheet.sm} Luck for the SM left (Luck {sheet.luck}).")
    else:
        if sheet.sm == 0 and sheet.luck == 0:
            fate = tables.LOST_CASE.row_for(chance(sheet.seed, sheet.step, "lost case").randint(1, 6)).result
            death_roll(sheet, fate)
            if sheet.phase == "over":
                return
        lost = ceil(sheet.luck / 2)
        sheet.sm, sheet.case_sm_end = 0, 0
        sheet.luck -= lost
        sheet.say(f"Case lost: all SM gone and {lost} Luck (Luck {sheet.luck}).")
    sheet.cases += ((adventure, result),)
    sheet.inspector_ban = max(0, sheet.inspector_ban - 1)
    sheet.phase = "after_case"
    sheet.consult("r010")
    sheet.consult(tables.END_OF_CASE)


def inspector_killed(sheet: Sheet, name: str) -> None:
    """R007: if Lestrade's successor is killed, lose 3 Luck and no Inspector will be an
    Ally for this case and the next two."""
    if name == NEW_INSPECTOR_SPEC["name"]:
        sheet.luck = max(0, sheet.luck - 3)
        sheet.inspector_ban = 3
        sheet.say(f"Losing a second Inspector costs 3 Luck (now {sheet.luck}); the Yard will send nobody for a while.")


def holmes_dies(sheet: Sheet, line: str) -> None:
    sheet.say(line)
    if sheet.phase == "case":
        sheet.cases += ((sheet.adventure, "dead"),)
    sheet.stack, sheet.fight, sheet.phase, sheet.fate = (), None, "over", "dead"


def death_roll(sheet: Sheet, fate: str) -> None:
    """R007: a lost case with no SM and no Luck left."""
    sheet.say(f"Nothing left to fall back on: the dice decide ({fate.replace('_', ' ')}).")
    if fate == "holmes_killed":
        holmes_dies(sheet, "Holmes is dead: the game is over.")
    elif fate == "watson_killed":
        sheet.watson = None
        sheet.say("Watson is killed; Holmes carries on alone.")
    elif fate == "lestrade_killed":
        sheet.lestrade_alive = False
        sheet.say("Inspector Lestrade is killed; a new Inspector takes up his duties.")


# --- after a case: R010 ----------------------------------------------------------------------------

def spending_options(sheet: Sheet, book: Casebook) -> list[tuple[str, str]]:
    """Everything the SM left can buy now, with its price."""
    options = []
    people = [sheet.holmes] + ([sheet.watson] if sheet.watson else []) + list(sheet.friends)
    for person in people:
        gains = dict(person.gains)
        for quality in QUALITIES:
            value = getattr(person, quality.lower())
            cost = ceil(value / 2)
            if cost <= sheet.sm and gains.get(quality, 0) < MAX_QUALITY_GAIN:
                options.append((f"quality:{person.name}:{quality}", f"{person.name}: {quality} {value} → {value + 1} ({cost} SM)"))
        for trait in TRAITS:
            if trait == "Medicine" and person.name == "Holmes":
                continue
            level = person.trait(trait)
            cost = NEW_TRAIT_COST if level == 0 else TRAIT_STEP_COST.get(level)
            if level < MAX_TRAIT and cost is not None and cost <= sheet.sm:
                options.append((f"trait:{person.name}:{trait}", f"{person.name}: {trait} {level} → {level + 1} ({cost} SM)"))
    if sheet.sm >= EQUIPMENT_COST:
        options.append(("equipment", f"Roll for equipment ({EQUIPMENT_COST} SM)"))
    if sheet.sm >= FRIEND_COST:
        for ally in sheet.allies:
            if not ally.able:
                continue
            if len(sheet.friends) < MAX_FRIENDS:
                options.append((f"friend:{ally.name}", f"Make {ally.name} a Friend ({FRIEND_COST} SM)"))
            else:  # R010: a new Friend may take the place of one you do not wish to keep
                options += [(f"friend:{ally.name}:{old.name}", f"Make {ally.name} a Friend in place of {old.name} "
                             f"({FRIEND_COST} SM)") for old in sheet.friends]
    return options


def next_decision(sheet: Sheet, book: Casebook) -> None:
    """The decision when the machine has nothing left to run."""
    if sheet.phase == "over":
        sheet.pending = Decision("over", "The campaign is over.", ())
        return
    if sheet.phase != "after_case":
        raise RuntimeError("The case machine stopped without a decision.")
    adventures = [pid for pid, p in book.items() if p.kind == "adventure"]
    options = spending_options(sheet, book)
    options += [(f"next:{a}", f"Take up the next case: {book[a].title}") for a in adventures]
    options.append(("retire", "Retire: end the campaign here"))
    sheet.pending = Decision("after_case", f"The case is closed ({sheet.cases[-1][1]}). SM to spend: {sheet.sm}.",
                             tuple(options))


def decide(sheet: Sheet, book: Casebook, decision: Decision, option: str) -> None:
    kind, _, rest = option.partition(":")
    if kind == "retire":
        sheet.phase, sheet.fate = "over", "retired"
        sheet.say(f"Holmes retires to keep bees, after {len(sheet.cases)} cases.")
    elif kind == "next":
        sheet.sm = min(sheet.sm, 1)  # R001: never more than 1 SM at the start of a case
        heal = lambda p: replace(p, wounds=HEALTHY)
        sheet.holmes = heal(sheet.holmes)
        sheet.watson = heal(sheet.watson) if sheet.watson else None
        sheet.friends = tuple(heal(f) for f in sheet.friends)
        start_case(sheet, book, rest)
    elif kind == "equipment":
        sheet.sm -= EQUIPMENT_COST
        sheet.push(("check", "table", ("equipment", "r010")))
    elif kind == "friend":
        sheet.sm -= FRIEND_COST
        name, _, replaced = rest.partition(":")
        if replaced:
            sheet.friends = tuple(f for f in sheet.friends if f.name != replaced)
            sheet.say(f"{replaced} goes their own way.")
        befriend(sheet, name)
    else:
        buy(sheet, kind, *rest.split(":"))


def buy(sheet: Sheet, kind: str, name: str, what: str) -> None:
    people = [sheet.holmes] + ([sheet.watson] if sheet.watson else []) + list(sheet.friends)
    person = next(p for p in people if p.name == name)
    if kind == "quality":
        value = getattr(person, what.lower())
        sheet.sm -= ceil(value / 2)
        gains = dict(person.gains)
        gains[what] = gains.get(what, 0) + 1
        person = replace(person, **{what.lower(): value + 1}, gains=tuple(sorted(gains.items())))
        sheet.say(f"{name}'s {what} rises to {value + 1}.")
    else:
        level = person.trait(what)
        sheet.sm -= NEW_TRAIT_COST if level == 0 else TRAIT_STEP_COST[level]
        person = person.with_trait(what, level + 1)
        sheet.say(f"{name} now has {what} {level + 1}.")
    sheet.set_person(person)


def befriend(sheet: Sheet, name: str) -> None:
    """R010: an Ally becomes a Friend: +4 to the Qualities (+2 to the lowest, +1 to each
    other, our split) and Aware if they lack it."""
    ally = next(a for a in sheet.allies if a.name == name)
    values = {q: getattr(ally, q.lower()) for q in QUALITIES}
    lowest = min(values, key=values.get)
    raised = {q.lower(): v + (2 if q == lowest else 1) for q, v in values.items()}
    friend = replace(ally, **raised)
    if not friend.trait("Aware"):
        friend = friend.with_trait("Aware", 1)
    sheet.allies = tuple(a for a in sheet.allies if a.name != name)
    sheet.friends += (friend,)
    sheet.say(f"{name} becomes a Friend and will join every case.")
