"""The case machine: turns, rolls with Luck, paragraphs and their effects.

A frame is a tuple whose first item names what it does:

``("turn",)`` start a turn · ``("encounter", waiting)`` R008 · ``("end_turn",)``
``("read", pid)`` read a paragraph · ``("effects", pid, effects)`` apply effects in order
``("event", line)`` roll on the adventure's line · ``("check", kind, payload)`` a roll
``("resolve", kind, payload, dice)`` a roll waiting for the Luck decision
``("rest", healers, patients)`` R007f · ``("fight_round",)`` R009a · ``("option3",)`` R005b

:func:`run` pops frames until a decision is needed; :func:`decide` applies the player's
choice. Rolls are drawn from ``engine.chance(seed, move, "die N")``.
"""

from __future__ import annotations

from dataclasses import replace

from sherlockkit.engine import chance
from sherlockkit.games.story import campaign, tables
from sherlockkit.games.story.casebook import Casebook
from sherlockkit.games.story.characters import SERIOUSLY_WOUNDED, WOUNDED, Character, make
from sherlockkit.games.story.state import Decision, Roll, Sheet

RULE_OF_ACTION = {"attempt_arrest": "r007a", "explore": "r007b", "investigate": "r007c",
                  "seek_information": "r007d", "research": "r007e", "rest": "r007f", "wait": "r007"}
ACTION_NAMES = {"attempt_arrest": "Attempt Arrest", "explore": "Explore", "investigate": "Investigate",
                "seek_information": "Seek Information", "research": "Research", "rest": "Rest", "wait": "Wait"}


# --- the loop ---------------------------------------------------------------------------------

def run(sheet: Sheet, book: Casebook) -> None:
    """Run frames until the player must decide or nothing is left to do."""
    while sheet.pending is None and sheet.stack:
        frame = sheet.pop()
        STEPS[frame[0]](sheet, book, *frame[1:])
    if sheet.pending is None:
        campaign.next_decision(sheet, book)


def decide(sheet: Sheet, book: Casebook, decision: Decision, option: str) -> None:
    """Apply the player's ``option`` to the ``decision`` they faced."""
    if decision.kind == "action":
        choose_action(sheet, book, option)
    elif decision.kind == "luck":
        _, kind, payload, dice = sheet.pop()
        if option == "reroll":
            sheet.luck -= 1
            sheet.say("Luck: 1 point spent to roll again.")
            dice = roll_dice(sheet, len(dice))
        resolve(sheet, book, kind, payload, dice, rerolled=option == "reroll")
    elif decision.kind == "choice":
        _, pid, options = sheet.pop()
        picked = options[int(option)]
        sheet.say(f"You choose: {picked['label']}")
        sheet.push(("effects", pid, tuple(picked.get("effects", ()))))
    elif decision.kind == "villain":
        sheet.pop()  # the option3 frame
        sheet.say(f"You face the Villain by {VILLAIN_WAYS[option]}.")
        start_villain_way(sheet, book, option)
    elif decision.kind == "combat":
        if option == "escape":
            sheet.say("You try to escape: a Bravery roll.")
            bravery = sheet.holmes.quality("Bravery")
            sheet.push(("check", "escape", (bravery, sheet.holmes.trait("Running"))))
        else:
            sheet.say("You fight on.")
            sheet.push(("fight_round",))
    else:
        campaign.decide(sheet, book, decision, option)


# --- dice and Luck ------------------------------------------------------------------------------

def roll_dice(sheet: Sheet, count: int) -> tuple[int, ...]:
    """``count`` fresh d6, each from its own stream of this move."""
    dice = []
    for _ in range(count):
        dice.append(chance(sheet.seed, sheet.step, f"die {sheet.draws}").randint(1, 6))
        sheet.draws += 1
    return tuple(dice)


DICE_OF = {"action": 2, "encounter": 2, "skill": 2, "deduction": 2, "escape": 2, "heal": 2}


def step_check(sheet: Sheet, book: Casebook, kind: str, payload: tuple) -> None:
    """Roll for a check; with Luck left, offer to keep or re-roll before it counts."""
    dice = roll_dice(sheet, DICE_OF.get(kind, 1))
    if sheet.luck > 0 and kind in LUCKY:
        sheet.push(("resolve", kind, payload, dice))
        label = describe(kind, payload)
        sheet.pending = Decision("luck", f"{label}: you rolled {' + '.join(map(str, dice))}. Keep it, or spend 1 Luck to roll again?",
                                 (("keep", "Keep the roll"), ("reroll", f"Re-roll (Luck {sheet.luck} → {sheet.luck - 1})")))
        sheet.rolls += (Roll(label, dice, sum(dice), "waiting"),)
        return
    resolve(sheet, book, kind, payload, dice)


def describe(kind: str, payload: tuple) -> str:
    if kind == "action":
        return f"{ACTION_NAMES[payload[0]]} (2d6{payload[1]:+d})"
    if kind == "skill":
        return payload[4]
    if kind == "line":
        return f"{payload[0].title()} event (d6)"
    if kind == "table":
        return TABLES[payload[0]].name + " (d6)"
    if kind == "strike":
        return f"{payload[0]} strikes at {payload[1]} (Brawn + d6)"
    return LABELS.get(kind, kind)


LABELS = {"encounter": "Encounter roll (2d6)", "encounter_type": "Encounter type (d6)", "motive": "Motive (d6)",
          "deduction": "Deduction (2d6 + the Villain's Brains)", "escape": "Escape (Bravery roll)",
          "heal": "Healing (Medicine roll)", "ally_stays": "Does the Ally stay? (d6)", "death": "After a lost case (d6)",
          "villain_line": "Villain (d6)"}


# --- resolving rolls -----------------------------------------------------------------------------

def resolve(sheet: Sheet, book: Casebook, kind: str, payload: tuple, dice: tuple, rerolled: bool = False) -> None:
    """What a roll does once it is final."""
    total = sum(dice)
    label = describe(kind, payload)
    verdict = RESOLVERS[kind](sheet, book, payload, total)
    sheet.rolls += (Roll(label, dice, total, verdict or "", rerolled),)


def resolve_action(sheet, book, payload, total):
    action, modifier, channel = payload
    row = tables.ACTION_TABLES[action].row_for(total + modifier)
    sheet.say(f"{ACTION_NAMES[action]}: {total}{modifier:+d} = {total + modifier}, row {row.label}.")
    effects = tuple({"block_channel": channel} if "block_channel" in e else e for e in row.result)
    sheet.push(("effects", RULE_OF_ACTION[action], effects))
    return f"row {row.label}"


def resolve_encounter(sheet, book, payload, total):
    threshold, waiting = payload
    total += tables.WAIT_BONUS if waiting else 0
    if total >= threshold:
        sheet.say(f"Encounter roll {total} (needs {threshold}+): something happens.")
        sheet.push(("check", "encounter_type", ()))
        return "event"
    sheet.say(f"Encounter roll {total} (needs {threshold}+): a quiet spell.")
    return "quiet"


def resolve_encounter_type(sheet, book, payload, die):
    _, columns = tables.encounter_band(sheet.turn)
    shift = tables.encounter_shift(sheet.motive_revealed, can_arrest(sheet, book))
    line = columns[tables.encounter_column(die, shift) - 1]
    sheet.say(f"Encounter type: d6 {die}" + (f" −{shift}" if shift else "") + f" → {line}.")
    sheet.push(("event", line))
    return line


def resolve_line(sheet, book, payload, die):
    (line,) = payload
    pid = book[sheet.adventure][line][die - 1]
    sheet.say(f"{line.title()} line: d6 {die} → {pid}.")
    sheet.push(("read", pid))
    return pid


def resolve_skill(sheet, book, payload, total):
    spec, success, failure, pid, label = payload
    passed = passes(sheet, spec, total)
    sheet.say(f"{label}: rolled {total} — {'success' if passed else 'failure'}.")
    sheet.push(("effects", pid, tuple(success if passed else failure)))
    return "success" if passed else "failure"


def passes(sheet: Sheet, spec, total: int) -> bool:
    """R004: a Quality roll succeeds on 2d6 at or under the Quality (with its modifier);
    a Trait roll on 2d6 plus the group's (or Holmes's) levels at or over the target."""
    modifier = spec.get("modifier", 0)
    people = (sheet.holmes,) if spec.get("who") == "holmes" else sheet.party
    if "quality" in spec:
        return total <= sheet.holmes.quality(spec["quality"]) + modifier
    levels = sum(p.trait(spec["trait"]) for p in people)
    return total + levels + modifier >= spec["target"]


def resolve_motive(sheet, book, payload, die):
    villain = book[sheet.villain]
    for index, motive in enumerate(villain["motives"]):
        low, high = _faces(motive["faces"])
        if low <= die <= high:
            sheet.motive = index
    motive = villain["motives"][sheet.motive]
    sheet.motive_revealed = True
    sheet.consult("r005b")
    sheet.say(f"The Motive is uncovered: {motive['text']} (Arrest needs SM {motive['value']}).")
    sheet.push(("effects", sheet.villain, tuple(villain.get("option1", ()))))
    return motive["text"]


def _faces(text: str) -> tuple[int, int]:
    low, _, high = str(text).partition("-")
    return int(low), int(high or low)


def resolve_table(sheet, book, payload, die):
    name, pid = payload
    row = TABLES[name].row_for(die)
    result = row.result
    sheet.say(f"{TABLES[name].name}: d6 {die} → {row.label}.")
    if name in ("holmes_or_watson", "witness"):
        sheet.push(("event", result))
    elif name == "returning_clue":
        sheet.say("A clue seen before: " + ("you spot something missed (+1 SM)." if result else "nothing new."))
        sheet.push(("effects", pid, result))
    elif name == "equipment":
        sheet.push(("read", result))
    return str(result) if not isinstance(result, tuple) else row.label


TABLES = {"holmes_or_watson": tables.HOLMES_OR_WATSON, "witness": tables.WITNESS,
          "returning_clue": tables.RETURNING_CLUE, "equipment": tables.EQUIPMENT}


def resolve_ally_stays(sheet, book, payload, die):
    (name,) = payload
    if die <= 2:
        leave(sheet, name, f"{name} follows a trail of their own and leaves the case.")
        return "leaves"
    sheet.say(f"{name} stays with you (d6 {die}).")
    return "stays"


#: R007f: what Rest can treat, and the Medicine roll each needs.
HEALING = {"Wound": 8, "Addiction": 9, "Madness": 11}


def resolve_heal(sheet, book, payload, total):
    healer, (patient, need), healers, patients = payload
    level = next((p.trait("Medicine") for p in sheet.party if p.name == healer), 0)
    target = HEALING[need]
    if total + level >= target:
        person = next(p for p in sheet.party if p.name == patient)
        person = replace(person, wounds=0) if need == "Wound" else person.with_trait(need, person.trait(need) - 1)
        sheet.set_person(person)
        sheet.say(f"{healer} treats {patient}'s {need.lower()} ({total}+{level}, needs {target}): healed.")
        sheet.push(("rest", healers, patients))
        return "healed"
    sheet.say(f"{healer} cannot help {patient}'s {need.lower()} this turn ({total}+{level} < {target}).")
    sheet.push(("rest", healers[1:], ((patient, need),) + patients))
    return "failed"


def resolve_deduction(sheet, book, payload, total):
    villain = book[sheet.villain]
    theirs = total + villain["brains"]
    ours = sheet.holmes.quality("Brains") + sheet.sm
    if ours > theirs:
        sheet.say(f"Deduction: Holmes {ours} against the plot's {theirs}. Outwitted!")
        campaign.end_case(sheet, book, "solved", reward=villain["rewards"]["deduction"])
        return "success"
    sheet.say(f"Deduction: Holmes {ours} against the plot's {theirs}. Still baffled: hide or follow.")
    start_villain_way(sheet, book, "hide_follow")
    return "failure"


def resolve_escape(sheet, book, payload, total):
    bravery, running = payload
    if total - running <= bravery:
        sheet.say(f"Escape: {total}-{running} against Bravery {bravery}: you get away.")
        _, _, _, escaped, pid, _ = sheet.fight
        sheet.fight = None
        sheet.push(("effects", pid, tuple(escaped)), ("read", tables.ESCAPE_PARAGRAPH))
        return "escaped"
    sheet.say(f"Escape: {total}-{running} against Bravery {bravery}: cornered, the fight goes on.")
    sheet.push(("fight_round",))
    return "caught"


def resolve_death(sheet, book, payload, die):
    fate = tables.LOST_CASE.row_for(die).result
    campaign.death_roll(sheet, fate)
    return fate


# --- the turn -------------------------------------------------------------------------------

def step_turn(sheet: Sheet, book: Casebook) -> None:
    """R007: the start of a turn; the action is chosen unless a trap holds Holmes."""
    sheet.bonus_now, sheet.bonus_next = sheet.bonus_next, ()
    sheet.investigate_now, sheet.investigate_next = sheet.investigate_next, False
    sheet.trapped_now, sheet.trapped_next = sheet.trapped_next, False
    sheet.action_now = ""
    sheet.say(f"— Turn {sheet.turn} —")
    if sheet.trapped_now:
        sheet.say("Caught in a trap: this turn goes on escaping it (no action).")
        sheet.push(("end_turn",), ("encounter", False))
        return
    options, closed = action_options(sheet, book)
    sheet.pending = Decision("action", f"Turn {sheet.turn}: choose an action.", options, closed)


def action_options(sheet: Sheet, book: Casebook) -> tuple[tuple, tuple]:
    """The actions open this turn (id, label) and the closed ones with the reason."""
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
    action, _, channel = option.partition(":")
    sheet.action_now = action
    sheet.consult(RULE_OF_ACTION[action])
    sheet.say(f"Action: {ACTION_NAMES[action]}" + (f" through {channel}." if channel else "."))
    sheet.push(("end_turn",), ("encounter", action == "wait"))
    if action == "wait":
        return
    if action == "rest":
        healers = tuple(p.name for p in sorted(sheet.party, key=lambda p: -p.trait("Medicine")) if p.trait("Medicine"))
        patients = tuple((p.name, need) for p in sheet.party for need in HEALING
                         if (p.wounds == WOUNDED if need == "Wound" else p.trait(need) > 0))
        if not patients:
            sheet.say("Nobody needs tending.")
        sheet.push(("rest", healers, patients))
        return
    bonus = dict(sheet.bonus_now).get(action, 0)
    adventure = book[sheet.adventure]
    modifier = tables.action_modifier(action, turn=sheet.turn, sm=sheet.sm, traits=sheet.group_traits(),
                                      bonus=bonus, outside_london=adventure["outside_london"], channel=channel or None)
    sheet.push(("check", "action", (action, modifier, channel or None)))


def step_rest(sheet: Sheet, book: Casebook, healers: tuple, patients: tuple) -> None:
    if not patients:
        return
    if not healers:
        sheet.say("No one is left who can heal this turn.")
        return
    sheet.push(("check", "heal", (healers[0], patients[0], healers, patients[1:])))


def step_encounter(sheet: Sheet, book: Casebook, waiting: bool) -> None:
    if sheet.phase != "case":
        return
    sheet.consult("r008")
    threshold, _ = tables.encounter_band(sheet.turn)
    sheet.push(("check", "encounter", (threshold, waiting)))


def step_end_turn(sheet: Sheet, book: Casebook) -> None:
    if sheet.phase != "case":
        return
    if sheet.turn >= tables.TURNS:
        sheet.say("Twelve turns have passed: the Villain has slipped away.")
        campaign.end_case(sheet, book, "lost")
        return
    sheet.turn += 1
    sheet.push(("turn",))


# --- paragraphs and effects --------------------------------------------------------------------

def step_read(sheet: Sheet, book: Casebook, pid: str) -> None:
    """Read a paragraph: note it, apply the returning-clue rule (R008), run its effects."""
    paragraph = book[pid]
    sheet.consult(pid)
    sheet.say(f"Read {pid}: {paragraph.title}.")
    if paragraph.kind == "clue":
        sheet.had_clue = True
        if pid in sheet.clues_found:
            sheet.push(("check", "table", ("returning_clue", pid)))
            return
        sheet.clues_found += (pid,)
    if paragraph.once:
        if pid in sheet.met_once:
            sheet.say(f"{paragraph.title} happens only once: nothing more comes of it.")
            return
        sheet.met_once += (pid,)
    sheet.push(("effects", pid, paragraph.effects))


def step_effects(sheet: Sheet, book: Casebook, pid: str, effects: tuple) -> None:
    if not effects or sheet.phase != "case" and not campaign.between_cases_effect(sheet, effects[0]):
        return
    first, rest = effects[0], effects[1:]
    if rest:
        sheet.push(("effects", pid, rest))
    apply(sheet, book, pid, first)


def apply(sheet: Sheet, book: Casebook, pid: str, effect) -> None:
    """One effect of a paragraph or a table row."""
    if "roll" in effect:
        spec = effect["roll"]
        what = spec.get("quality") or spec.get("trait")
        label = f"{what} roll" + (f" ({spec['target']}+)" if "target" in spec else "")
        sheet.consult("r004")
        sheet.push(("check", "skill", (spec, tuple(effect.get("success", ())), tuple(effect.get("failure", ())), pid, label)))
        return
    (name, value), = effect.items()
    EFFECTS[name](sheet, book, pid, value)


def gain_sm(sheet, book, pid, amount):
    sheet.sm = max(0, sheet.sm + amount)
    sheet.say(f"Solve Modifier {amount:+d} (now {sheet.sm}).")


def gain_luck(sheet, book, pid, amount):
    sheet.luck = max(0, sheet.luck + amount)
    sheet.say(f"Luck {amount:+d} (now {sheet.luck}).")


def offer_choice(sheet, book, pid, options):
    sheet.push(("choice", pid, tuple(options)))
    sheet.pending = Decision("choice", f"{book[pid].title}: what do you do?",
                             tuple((str(i), o["label"]) for i, o in enumerate(options)))


def ally_offer(sheet, book, pid, spec):
    if spec["name"] == "Inspector Lestrade" and not sheet.lestrade_alive:
        spec = dict(campaign.NEW_INSPECTOR_SPEC)
    if any(p.name == spec["name"] for p in sheet.party):
        sheet.say(f"{spec['name']} is already with you.")
        return
    if spec["name"] in sheet.away:
        sheet.say(f"{spec['name']} has left this case: a passing word, but never an Ally again this case.")
        return
    if spec["name"].startswith("Inspector") and sheet.inspector_ban:
        sheet.say("After the last Inspector's death, Scotland Yard sends nobody to help.")
        return
    sheet.consult("r002")
    join = ({"joins": spec},)
    sheet.push(("check", "skill", ({"trait": "Charisma", "target": 7}, join, (), pid, f"Charisma 7: will {spec['name']} join?")))


def joins(sheet, book, pid, spec):
    person = make(spec["name"], spec["brains"], spec["brawn"], spec["bravery"], dict(spec.get("traits", {})))
    sheet.allies += (person,)
    sheet.luck += 1
    sheet.say(f"{person.name} joins you as an Ally (+1 Luck, now {sheet.luck}).")


def ally_leaves(sheet, book, pid, _):
    leaving = [p.name for p in sheet.allies] + [f.name for f in sheet.friends if f.name not in sheet.away]
    if not leaving:
        sheet.say("No Ally is with you to leave.")
        return
    name = chance(sheet.seed, sheet.step, f"pick {sheet.draws}").choice(sorted(leaving))
    sheet.draws += 1
    leave(sheet, name, f"{name} decides to leave the investigation.")


def leave(sheet: Sheet, name: str, line: str) -> None:
    """Someone leaves the case (R008: they never come back as an Ally this case)."""
    sheet.allies = tuple(a for a in sheet.allies if a.name != name)
    if name not in sheet.away:
        sheet.away += (name,)
    sheet.say(line)


def allies_may_leave(sheet, book, pid, _):
    for name in sorted([a.name for a in sheet.allies] + [f.name for f in sheet.friends if f.name not in sheet.away]):
        sheet.push(("check", "ally_stays", (name,)))


def kill_random_ally(sheet, book, pid, _):
    others = [a.name for a in sheet.allies] + [f.name for f in sheet.friends if f.name not in sheet.away]
    if others:
        name = chance(sheet.seed, sheet.step, f"pick {sheet.draws}").choice(sorted(others))
        sheet.draws += 1
        sheet.allies = tuple(a for a in sheet.allies if a.name != name)
        sheet.friends = tuple(f for f in sheet.friends if f.name != name)
        sheet.say(f"{name} is killed in the attempt.")
        campaign.inspector_killed(sheet, name)
    elif sheet.watson is not None and "Watson" not in sheet.away:
        sheet.say("Watson is killed in the attempt.")
        sheet.watson = None
    else:
        sheet.say("Nobody else is with you; Holmes alone survives the disaster.")


def wound(sheet, book, pid, who):
    sheet.consult("r009b")
    if who == "random_ally":
        if not sheet.allies:
            sheet.say("No Ally is with you to be hurt.")
            return
        pick = chance(sheet.seed, sheet.step, f"pick {sheet.draws}").choice(sorted(a.name for a in sheet.allies))
        sheet.draws += 1
        person = next(a for a in sheet.allies if a.name == pick)
    elif who == "watson":
        if sheet.watson is None or "Watson" in sheet.away:
            sheet.say("Watson is not here to be hurt.")
            return
        person = sheet.watson
    else:
        person = sheet.holmes
    hurt(sheet, book, person, WOUNDED)


def hurt(sheet: Sheet, book: Casebook, person: Character, result_wounds: int, killed: bool = False) -> None:
    """R009b for someone on Holmes's side: a Wound (a second is Serious), Serious, Death."""
    wounds = SERIOUSLY_WOUNDED if killed else min(SERIOUSLY_WOUNDED, person.wounds + result_wounds)
    person = replace(person, wounds=wounds)
    name = person.name
    if killed:
        lost = chance(sheet.seed, sheet.step, f"d3 {sheet.draws}").randint(1, 3)
        sheet.draws += 1
        if name == "Holmes":
            campaign.holmes_dies(sheet, "Holmes is killed in the fight.")
            return
        if name == "Watson":
            sheet.watson = None
        sheet.allies = tuple(a for a in sheet.allies if a.name != name)
        sheet.friends = tuple(f for f in sheet.friends if f.name != name)
        sheet.luck = max(0, sheet.luck - lost)
        sheet.say(f"{name} is killed. Lose {lost} Luck (now {sheet.luck}).")
        campaign.inspector_killed(sheet, name)
        return
    sheet.set_person(person)
    if wounds < SERIOUSLY_WOUNDED:
        sheet.say(f"{name} is Wounded (Brawn -2 for the case).")
        return
    if name == "Holmes":
        sheet.say("Holmes is Seriously Wounded and carried back to 221B Baker Street: the case is lost.")
        sheet.consult(tables.BAKER_STREET)
        campaign.end_case(sheet, book, "lost")
    elif name == "Watson":
        sheet.luck = max(0, sheet.luck - 2)
        leave(sheet, name, f"Watson is Seriously Wounded and goes home for the rest of the case. Lose 2 Luck (now {sheet.luck}).")
    else:
        sheet.luck = max(0, sheet.luck - 1)
        leave(sheet, name, f"{name} is Seriously Wounded and leaves the case. Lose 1 Luck (now {sheet.luck}).")


def event(sheet, book, pid, line):
    sheet.push(("event", line))


def step_event(sheet: Sheet, book: Casebook, line: str) -> None:
    """An event of a kind: roll on the adventure's line (a Villain event has its own rules)."""
    if line == "location_or_clue":
        line = "clue" if sheet.location and sheet.location != "221B Baker Street" else "location"
    if line == "villain":
        villain_event(sheet, book)
        return
    sheet.push(("check", "line", (line,)))


def goto(sheet, book, pid, target):
    sheet.push(("read", target))


def reveal_motive(sheet, book, pid, _):
    if sheet.villain is None or sheet.motive_revealed:
        return
    sheet.push(("check", "motive", ()))


def motive_found(sheet, book, pid, _):
    if sheet.villain is None:
        sheet.say("A reason for a crime, but no known Villain to pin it on: no effect.")
        return
    gain_luck(sheet, book, pid, 1)
    reveal_motive(sheet, book, pid, True)


def allow_investigate(sheet, book, pid, _):
    sheet.investigate_next = True
    sheet.say("You may Investigate next turn.")


def bonus(sheet, book, pid, spec):
    action, amount = spec["action"], spec["amount"]
    carried = dict(sheet.bonus_now).get(action, 0) if action == sheet.action_now else 0
    earned = dict(sheet.bonus_next)
    earned[action] = max(earned.get(action, 0), carried + amount)
    sheet.bonus_next = tuple(sorted(earned.items()))
    sheet.say(f"+{carried + amount} to {ACTION_NAMES[action]} if you choose it next turn.")


def location(sheet, book, pid, place):
    sheet.location = place


def trap(sheet, book, pid, _):
    sheet.trapped_next = True
    sheet.say("A trap! Next turn is spent escaping (the encounter roll still happens).")


def item(sheet, book, pid, spec):
    holder = sheet.holmes if spec.get("holder", "holmes") == "holmes" else sheet.watson
    if holder is None:
        sheet.say(f"{spec['name']}: nobody left to carry it.")
        return
    for trait, level in dict(spec.get("traits", {})).items():
        if holder.name == "Holmes" and trait == "Medicine":
            continue
        holder = holder.with_trait(trait, min(3, holder.trait(trait) + level))
    sheet.set_person(holder)
    sheet.say(f"{holder.name} now carries {spec['name']}.")


def end_case(sheet, book, pid, result):
    campaign.end_case(sheet, book, result)


def death(sheet, book, pid, who):
    campaign.holmes_dies(sheet, "The arrest goes wrong and Holmes dies: the campaign ends here.")


def block_channel(sheet, book, pid, channel):
    if channel:
        sheet.blocked_channels += (channel,)
        sheet.say(f"You are found out: no more Seeking Information through {channel} this case.")
    else:
        sheet.say("You are found out asking questions.")


def holmes_or_watson(sheet, book, pid, _):
    sheet.push(("check", "table", ("holmes_or_watson", pid)))


def witness(sheet, book, pid, _):
    sheet.push(("check", "table", ("witness", pid)))


def villain_option(sheet, book, pid, number):
    if sheet.villain is None:
        sheet.say("No Villain is known yet.")
        return
    if number == 3 and can_arrest(sheet, book):
        sheet.push(("option3",))
    else:
        villain_meeting(sheet, book)


def fight(sheet, book, pid, spec):
    opponents = tuple(make(o["name"], o.get("brains", 5), o["brawn"], o.get("bravery", 5), dict(o.get("traits", {})))
                      for o in spec["opponents"])
    start_fight(sheet, opponents, tuple(spec.get("won", ())), tuple(spec.get("escaped", ())), pid, villain=False)


EFFECTS = {
    "sm": gain_sm, "luck": gain_luck, "choice": offer_choice, "ally": ally_offer, "joins": joins,
    "ally_leaves": ally_leaves, "allies_may_leave": allies_may_leave, "kill_random_ally": kill_random_ally,
    "wound": wound, "event": event, "goto": goto, "reveal_motive": reveal_motive, "motive_found": motive_found,
    "allow_investigate": allow_investigate, "bonus": bonus, "location": location, "trap": trap, "item": item,
    "end_case": end_case, "death": death, "block_channel": block_channel, "holmes_or_watson": holmes_or_watson,
    "witness": witness, "villain_option": villain_option, "fight": fight,
}


# --- villains (R005a, R005b) --------------------------------------------------------------------

VILLAIN_WAYS = {"deduction": "Deduction", "hide_follow": "Hide and Follow", "fight": "Fight"}


def can_arrest(sheet: Sheet, book: Casebook) -> bool:
    """Villain known, Motive uncovered and SM at least the Motive's value."""
    if sheet.villain is None or not sheet.motive_revealed:
        return False
    return sheet.sm >= book[sheet.villain]["motives"][sheet.motive]["value"]


def villain_event(sheet: Sheet, book: Casebook) -> None:
    """Reveal the Villain if none is known; otherwise a meeting (the second reveals the Motive)."""
    sheet.consult("r005a")
    if sheet.villain is None:
        sheet.push(("check", "villain_line", ()))
        return
    sheet.meetings += 1
    if not sheet.motive_revealed and sheet.meetings >= 2:
        sheet.say("A second meeting with the Villain: the Motive comes out.")
        sheet.push(("check", "motive", ()))
    elif can_arrest(sheet, book):
        sheet.push(("option3",))
    else:
        villain_meeting(sheet, book)


def resolve_villain_line(sheet, book, payload, die):
    pid = book[sheet.adventure]["villain"][die - 1]
    villain = book[pid]
    sheet.villain = pid
    sheet.consult(pid)
    before = sheet.sm
    sheet.sm = max(0, sheet.sm + villain["sm_modifier"])
    sheet.say(f"The Villain is revealed: {villain.title} (SM {villain['sm_modifier']:+d}: {before} → {sheet.sm}).")
    special = book[sheet.adventure].get("special")
    if special and special.get("when", "villain_revealed") == "villain_revealed" and (
            not special.get("first_case_only") or not sheet.cases):
        sheet.say(f"Special rule: {special['text']}")
        sheet.push(("effects", sheet.adventure, tuple(special.get("effects", ()))))
    return pid


def villain_meeting(sheet: Sheet, book: Casebook) -> None:
    """Option 2: a meeting before an arrest is possible (the villain's own checks)."""
    sheet.consult("r005b")
    sheet.say(f"You meet {book[sheet.villain].title} before you can arrest them.")
    sheet.push(("effects", sheet.villain, tuple(book[sheet.villain].get("option2", ()))))


def step_option3(sheet: Sheet, book: Casebook) -> None:
    sheet.push(("option3",))
    sheet.pending = Decision("villain", f"{book[sheet.villain].title} is within reach. How do you close the case?",
                             tuple(VILLAIN_WAYS.items()))


def start_villain_way(sheet: Sheet, book: Casebook, way: str) -> None:
    villain = book[sheet.villain]
    if way == "deduction":
        sheet.push(("check", "deduction", ()))
    elif way == "hide_follow":
        spec = villain["hide_follow"]
        what = spec.get("quality") or spec.get("trait")
        sheet.push(("check", "skill", (spec, ({"end_case_reward": "hide_follow"},), ({"villain_fight": True},),
                                       sheet.villain, f"Hide and Follow ({what})")))
    else:
        opponent = make(villain.title, villain["brains"], villain["brawn"], villain["bravery"], dict(villain.get("traits", {})))
        start_fight(sheet, (opponent,), (), (), sheet.villain, villain=True)


def end_case_reward(sheet, book, pid, way):
    campaign.end_case(sheet, book, "solved", reward=book[sheet.villain]["rewards"][way])


def villain_fight(sheet, book, pid, _):
    sheet.say("The Villain slips your net: it comes to a fight.")
    start_villain_way(sheet, book, "fight")


EFFECTS.update({"end_case_reward": end_case_reward, "villain_fight": villain_fight})


# --- combat (R009a) --------------------------------------------------------------------------

def start_fight(sheet, opponents, won, escaped, pid, villain) -> None:
    sheet.consult("r009a")
    sheet.say("A fight: " + ", ".join(f"{o.name} (Brawn {o.brawn})" for o in opponents) + ".")
    sheet.fight = (opponents, (), won, escaped, pid, villain)
    sheet.push(("fight_round",))


def strike(person: Character, stunned: tuple, die: int) -> int:
    return person.brawn + die + tables.strike_modifier(
        person.brawn, weaponry=person.trait("Weaponry"), madness=person.trait("Madness"),
        addiction=person.trait("Addiction"), stunned=person.name in stunned, wounded=person.wounds >= WOUNDED)


def step_fight_round(sheet: Sheet, book: Casebook) -> None:
    """One round: the strongest of the group meet the opponents one to one."""
    if sheet.fight is None or sheet.phase != "case":
        return
    opponents = [o for o in sheet.fight[0] if o.able]
    fighters = sorted(sheet.party, key=lambda p: -p.quality("Brawn"))
    sheet.push(("fight_end",))
    for ours, theirs in reversed(list(zip(fighters, opponents))):
        sheet.push(("check", "strike", (ours.name, theirs.name)))


def resolve_strike(sheet, book, payload, die):
    ours_name, theirs_name = payload
    if sheet.fight is None:
        return ""
    opponents, stunned, won, escaped, pid, villain = sheet.fight
    ours = next((p for p in sheet.party if p.name == ours_name), None)
    theirs = next((o for o in opponents if o.name == theirs_name and o.able), None)
    if ours is None or theirs is None:
        return ""
    their_die = chance(sheet.seed, sheet.step, f"foe {sheet.draws}").randint(1, 6)
    sheet.draws += 1
    a, b = strike(ours, stunned, die), strike(theirs, stunned, their_die)
    sheet.say(f"{ours.name} strikes {a}, {theirs.name} strikes {b}.")
    if a == b:
        return "even"
    loser, gap = (theirs, a - b) if a > b else (ours, b - a)
    result = tables.combat_result(gap, holmes_or_watson=loser.name in ("Holmes", "Watson"))
    sheet.say(f"{loser.name}: {result}.")
    if result == "stunned" and loser.name not in stunned:
        sheet.fight = (opponents, stunned + (loser.name,), won, escaped, pid, villain)
    elif result in ("wounded", "seriously wounded", "death"):
        extra = {"wounded": WOUNDED, "seriously wounded": SERIOUSLY_WOUNDED, "death": SERIOUSLY_WOUNDED}[result]
        if loser is theirs:
            hit = replace(theirs, wounds=min(SERIOUSLY_WOUNDED, theirs.wounds + extra))
            opponents = tuple(hit if o.name == theirs.name else o for o in opponents)
            sheet.fight = (opponents, sheet.fight[1], won, escaped, pid, villain)
            if not hit.able:
                foe_down(sheet, book, hit, killed=result == "death", villain=villain)
        else:
            hurt(sheet, book, ours, extra, killed=result == "death")
    return result


def foe_down(sheet, book, foe, killed, villain):
    """R009b for the other side: a Villain Seriously Wounded is arrested; a death ends the
    case (1 Luck lost); an unfriendly character Seriously Wounded is out of it."""
    if killed:
        sheet.luck = max(0, sheet.luck - 1)
        sheet.say(f"{foe.name} is killed. Lose 1 Luck (now {sheet.luck}); the case ends, though without an arrest.")
        campaign.end_case(sheet, book, "solved")
    elif villain:
        sheet.say(f"{foe.name} is Seriously Wounded and arrested.")
        campaign.end_case(sheet, book, "solved", reward=book[sheet.villain]["rewards"]["fight"])
    else:
        sheet.say(f"{foe.name} is Seriously Wounded and out of the fight.")


def step_fight_end(sheet: Sheet, book: Casebook) -> None:
    if sheet.fight is None or sheet.phase != "case":
        sheet.fight = None if sheet.phase != "case" else sheet.fight
        return
    opponents, _, won, _, pid, _ = sheet.fight
    if not any(o.able for o in opponents):
        sheet.fight = None
        sheet.say("The fight is won.")
        sheet.push(("effects", pid, tuple(won)))
        return
    sheet.pending = Decision("combat", "The fight goes on. Fight on, or try to escape (a Bravery roll)?",
                             (("fight_on", "Fight on"), ("escape", "Try to escape")))


STEPS = {
    "turn": step_turn, "encounter": step_encounter, "end_turn": step_end_turn, "read": step_read,
    "effects": step_effects, "event": step_event, "check": step_check, "rest": step_rest,
    "option3": step_option3, "fight_round": step_fight_round, "fight_end": step_fight_end,
    "campaign": lambda sheet, book, *args: campaign.step(sheet, book, *args),
}

RESOLVERS = {
    "action": resolve_action, "encounter": resolve_encounter, "encounter_type": resolve_encounter_type,
    "line": resolve_line, "skill": resolve_skill, "motive": resolve_motive, "table": resolve_table,
    "ally_stays": resolve_ally_stays, "heal": resolve_heal, "deduction": resolve_deduction,
    "escape": resolve_escape, "death": resolve_death, "villain_line": resolve_villain_line,
    "strike": resolve_strike,
}
#: Every roll the player makes may be re-rolled with Luck (the dice of opponents may not).
LUCKY = set(RESOLVERS) - {"death"}
