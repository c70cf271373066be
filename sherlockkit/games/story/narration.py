"""The case log: the one place where events become sentences, and rolls get their names.

:func:`sentence` tells one event (``None`` for an event another one already tells, such
as the Luck a new Ally brings); :func:`log` tells a run of them. :func:`label` names a
roll on the dice tray. Rewording a sentence here changes no behaviour: the engine, the
bots and the tests of rules read events.
"""

from __future__ import annotations

from typing import Callable, Iterable

from sherlockkit.games.story import agenda, events as ev, tables
from sherlockkit.games.story.tables import ACTION_NAMES, VILLAIN_WAYS


def sentence(event: ev.Event) -> str | None:
    """The log's sentence for ``event``, or ``None`` when it is told by another event."""
    return SENTENCES[type(event)](event)


def log(events: Iterable[ev.Event]) -> tuple[str, ...]:
    """The log's sentences for ``events``, in order."""
    return tuple(line for line in map(sentence, events) if line)


# --- the sentences, kind by kind ----------------------------------------------------------------


def _luck(e: ev.LuckChanged) -> str | None:
    if e.why == "reroll":
        return "Luck: 1 point spent to roll again."
    return f"Luck {e.change:+d} (now {e.after})." if e.why == "paragraph" else None


def _encounter(e: ev.EncounterRolled) -> str:
    what = "something happens" if e.happens else "a quiet spell"
    return f"Encounter roll {e.total} (needs {e.threshold}+): {what}."


def _healing(e: ev.Healing) -> str:
    need = e.need.lower()
    if e.healed:
        return f"{e.healer} treats {e.patient}'s {need} ({e.roll}+{e.level}, needs {e.target}): healed."
    return f"{e.healer} cannot help {e.patient}'s {need} this turn ({e.roll}+{e.level} < {e.target})."


NOTHING = {
    "nobody to tend": "Nobody needs tending.",
    "no healer left": "No one is left who can heal this turn.",
    "only once": "{name} happens only once: nothing more comes of it.",
    "no ally to leave": "No Ally is with you to leave.",
    "nobody else": "Nobody else is with you; Holmes alone survives the disaster.",
    "no ally to hurt": "No Ally is with you to be hurt.",
    "watson not here": "Watson is not here to be hurt.",
    "motive without villain": "A reason for a crime, but no known Villain to pin it on: no effect.",
    "no villain yet": "No Villain is known yet.",
    "already with you": "{name} is already with you.",
    "left this case": "{name} has left this case: a passing word, but never an Ally again this case.",
    "no inspector": "After the last Inspector's death, Scotland Yard sends nobody to help.",
}


def _left(e: ev.LeftCase) -> str:
    if e.why == "own trail":
        return f"{e.name} follows a trail of their own and leaves the case."
    if e.why == "leaves":
        return f"{e.name} decides to leave the investigation."
    if e.name == "Watson":
        return f"Watson is Seriously Wounded and goes home for the rest of the case. Lose {e.lost} Luck (now {e.luck})."
    return f"{e.name} is Seriously Wounded and leaves the case. Lose {e.lost} Luck (now {e.luck})."


def _killed(e: ev.Killed) -> str:
    if e.name == "Holmes":
        return {"fight": "Holmes is killed in the fight.",
                "arrest": "The arrest goes wrong and Holmes dies: the campaign ends here.",
                "death roll": "Holmes is dead: the game is over."}[e.how]
    if e.how == "attempt":
        return f"{e.name} is killed in the attempt."
    if e.how == "death roll":
        if e.name == "Watson":
            return "Watson is killed; Holmes carries on alone."
        return f"{e.name} is killed; a new Inspector takes up his duties."
    return f"{e.name} is killed. Lose {e.lost} Luck (now {e.luck})."


def _foe_down(e: ev.FoeDown) -> str:
    if e.how == "killed":
        return f"{e.name} is killed. Lose 1 Luck (now {e.luck}); the case ends, though without an arrest."
    if e.how == "arrested":
        return f"{e.name} is Seriously Wounded and arrested."
    return f"{e.name} is Seriously Wounded and out of the fight."


def _case_ended(e: ev.CaseEnded) -> str:
    if e.result == "solved":
        return (f"Case solved! +{e.reward} Luck for the way it ended, +{e.sm} Luck for the SM left "
                f"(Luck {e.luck}).")
    return f"Case lost: all SM gone and {e.lost} Luck (Luck {e.luck})."


def _encounter_type(e: ev.EncounterTypeRolled) -> str:
    shift = f" −{e.shift}" if e.shift else ""
    return f"Encounter type: d6 {e.die}{shift} → {e.line}."


def _deduction(e: ev.DeductionMade) -> str:
    then = "Outwitted!" if e.outwitted else "Still baffled: hide or follow."
    return f"Deduction: Holmes {e.ours} against the plot's {e.theirs}. {then}"


def _escape(e: ev.EscapeTried) -> str:
    then = "you get away" if e.escaped else "cornered, the fight goes on"
    return f"Escape: {e.roll}-{e.running} against Bravery {e.bravery}: {then}."


def _found_out(e: ev.FoundOut) -> str:
    if e.channel:
        return f"You are found out: no more Seeking Information through {e.channel} this case."
    return "You are found out asking questions."


def _item(e: ev.ItemCarried) -> str:
    return f"{e.holder} now carries {e.item}." if e.holder else f"{e.item}: nobody left to carry it."


SENTENCES: dict[type, Callable[[ev.Event], str | None]] = {
    ev.RollMade: lambda e: None,  # each roll's meaning is told by the event it led to
    ev.ActionChosen: lambda e: f"Action: {ACTION_NAMES[e.action]}" + (f" through {e.channel}." if e.channel else "."),
    ev.OptionChosen: lambda e: f"You choose: {e.label}",
    ev.VillainWayChosen: lambda e: f"You face the Villain by {VILLAIN_WAYS[e.way]}.",
    ev.FightOrFlee: lambda e: "You try to escape: a Bravery roll." if e.escape else "You fight on.",
    ev.TurnStarted: lambda e: f"— Turn {e.turn} —",
    ev.TurnTrapped: lambda e: "Caught in a trap: this turn goes on escaping it (no action).",
    ev.ActionRolled: lambda e: (f"{ACTION_NAMES[e.action]}: {e.roll}{e.modifier:+d} = {e.roll + e.modifier}, "
                                f"row {e.row}."),
    ev.EncounterRolled: _encounter,
    ev.EncounterTypeRolled: _encounter_type,
    ev.LineRolled: lambda e: f"{e.line.title()} line: d6 {e.die} → {e.paragraph}.",
    ev.TableRolled: lambda e: f"{tables.D6_TABLES[e.table].name}: d6 {e.die} → {e.row}.",
    ev.RollTested: lambda e: f"{e.label}: rolled {e.total} — {'success' if e.passed else 'failure'}.",
    ev.BonusEarned: lambda e: f"+{e.amount} to {ACTION_NAMES[e.action]} if you choose it next turn.",
    ev.InvestigateAllowed: lambda e: "You may Investigate next turn.",
    ev.TrapSprung: lambda e: "A trap! Next turn is spent escaping (the encounter roll still happens).",
    ev.FoundOut: _found_out,
    ev.Healing: _healing,
    ev.TimeRanOut: lambda e: "Twelve turns have passed: the Villain has slipped away.",
    ev.ParagraphRead: lambda e: f"Read {e.paragraph}: {e.title}.",
    ev.ClueRevisited: lambda e: "A clue seen before: " + (
        "you spot something missed (+1 SM)." if e.spotted else "nothing new."),
    ev.SMChanged: lambda e: f"Solve Modifier {e.change:+d} (now {e.after})." if e.why == "paragraph" else None,
    ev.LuckChanged: _luck,
    ev.ItemCarried: _item,
    ev.Nothing: lambda e: NOTHING[e.why].format(name=e.name),
    ev.AllyJoined: lambda e: f"{e.name} joins you as an Ally (+1 Luck, now {e.luck}).",
    ev.AllyStays: lambda e: f"{e.name} stays with you (d6 {e.die}).",
    ev.LeftCase: _left,
    ev.Wounded: lambda e: f"{e.name} is Wounded (Brawn -2 for the case).",
    ev.HolmesCarriedHome: lambda e: ("Holmes is Seriously Wounded and carried back to 221B Baker Street: "
                                     "the case is lost."),
    ev.Killed: _killed,
    ev.InspectorLost: lambda e: (f"Losing a second Inspector costs 3 Luck (now {e.luck}); "
                                 "the Yard will send nobody for a while."),
    ev.VillainRevealed: lambda e: (f"The Villain is revealed: {e.title} "
                                   f"(SM {e.modifier:+d}: {e.before} → {e.after})."),
    ev.SpecialRule: lambda e: f"Special rule: {e.text}",
    ev.SecondMeeting: lambda e: "A second meeting with the Villain: the Motive comes out.",
    ev.VillainMeeting: lambda e: f"You meet {e.title} before you can arrest them.",
    ev.MotiveUncovered: lambda e: f"The Motive is uncovered: {e.text} (Arrest needs SM {e.value}).",
    ev.DeductionMade: _deduction,
    ev.VillainSlipsAway: lambda e: "The Villain slips your net: it comes to a fight.",
    ev.FightStarted: lambda e: "A fight: " + ", ".join(f"{name} (Brawn {brawn})" for name, brawn in e.opponents) + ".",
    ev.Exchange: lambda e: f"{e.ours} strikes {e.our_strike}, {e.theirs} strikes {e.their_strike}.",
    ev.StrikeResult: lambda e: f"{e.loser}: {e.result}.",
    ev.FoeDown: _foe_down,
    ev.EscapeTried: _escape,
    ev.FightWon: lambda e: "The fight is won.",
    ev.CampaignBegun: lambda e: "Holmes and Watson take up their first case.",
    ev.CaseStarted: lambda e: f"Case {e.number}: {e.title} ({e.place}).",
    ev.CaseEnded: _case_ended,
    ev.DeathRoll: lambda e: f"Nothing left to fall back on: the dice decide ({e.fate.replace('_', ' ')}).",
    ev.QualityRaised: lambda e: f"{e.name}'s {e.quality} rises to {e.value}.",
    ev.TraitRaised: lambda e: f"{e.name} now has {e.trait} {e.level}.",
    ev.FriendMade: lambda e: f"{e.name} becomes a Friend and will join every case.",
    ev.FriendParted: lambda e: f"{e.name} goes their own way.",
    ev.CampaignEnded: lambda e: f"Holmes retires to keep bees, after {e.cases} cases." if e.fate == "retired" else None,
}


# --- the names of rolls ---------------------------------------------------------------------------

ROLL_NAMES = {
    agenda.EncounterRoll: "Encounter roll (2d6)", agenda.EncounterTypeRoll: "Encounter type (d6)",
    agenda.MotiveRoll: "Motive (d6)", agenda.DeductionRoll: "Deduction (2d6 + the Villain's Brains)",
    agenda.EscapeRoll: "Escape (Bravery roll)", agenda.HealingRoll: "Healing (Medicine roll)",
    agenda.AllyStaysRoll: "Does the Ally stay? (d6)", agenda.VillainRoll: "Villain (d6)",
}


def label(roll: agenda.DiceRoll) -> str:
    """A roll's name on the dice tray and in the Luck offer: ``"Explore (2d6+1)"``."""
    if isinstance(roll, agenda.ActionRoll):
        return f"{ACTION_NAMES[roll.action]} (2d6{roll.modifier:+d})"
    if isinstance(roll, agenda.SkillRoll):
        return roll.label
    if isinstance(roll, agenda.LineRoll):
        return f"{roll.line.title()} event (d6)"
    if isinstance(roll, agenda.TableRoll):
        return tables.D6_TABLES[roll.table].name + " (d6)"
    if isinstance(roll, agenda.StrikeRoll):
        return f"{roll.ours} strikes at {roll.theirs} (Brawn + d6)"
    return ROLL_NAMES[type(roll)]
