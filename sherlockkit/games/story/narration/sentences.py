"""The casebook's sentence for every kind of event (``SENTENCES``), told after the
events before it: ``None`` when another event tells it."""

from __future__ import annotations

from typing import Callable

from sherlockkit.games.story import events as ev, tables
from sherlockkit.games.story.narration.words import (
    Story, agree, and_list, cap, foes, last, plural, struck_by, the, whose,
)
from sherlockkit.games.story.tables import ACTION_NAMES

#: Line of the adventure -> what it brings, as the casebook would say it.
LINE_SENTENCES = {
    "villain": "It is the Villain's doing.", "character": "Someone crosses Holmes's path.",
    "clue": "A clue comes to light.", "location": "The trail leads to a new place.",
    "holmes": "It concerns Holmes himself.", "watson": "It concerns Watson.",
    "location_or_clue": "There is a place to search, or a clue in it.",
}
ACTION_SENTENCES = {
    "attempt_arrest": "Holmes moves to make the arrest.", "explore": "Holmes goes out to explore.",
    "investigate": "Holmes investigates.", "seek_information": "Holmes goes seeking information",
    "research": "Holmes settles down to research.", "rest": "The company rests and tends its hurts.",
    "wait": "Holmes waits for the case to come to him.",
}
CHANNELS = {"Charisma": "by charm", "Disguise": "in disguise", "Thief": "by a thief's means",
            "History": "in the records of old crimes"}
#: Who does the action, as the subject of what its roll brings.
ACTION_SUBJECTS = {"attempt_arrest": "The attempt", "explore": "The exploring", "investigate": "The investigation",
                   "seek_information": "The inquiry", "research": "The research"}
#: What a row of an action table brings, by its first effect (the effects' own events follow).
ROW_WORDS = {
    "event": "leads somewhere", "goto": "ends back at Baker Street", "trap": "walks into a trap",
    "luck": "tries fortune", "bonus": "prepares the ground for next turn",
    "allow_investigate": "finds something worth investigating", "ally_leaves": "costs Holmes a companion",
    "holmes_or_watson": "sets Holmes and Watson thinking", "witness": "finds a useful witness",
    "motive_found": "may uncover the Motive", "block_channel": "gives Holmes away",
    "villain_option": "brings Holmes face to face with the Villain", "death": "goes terribly wrong",
    "kill_random_ally": "goes badly wrong", "allies_may_leave": "tries the company's patience",
}
LINE_WORDS = {"villain": "a trace of the Villain", "character": "someone worth meeting", "clue": "a clue",
              "location": "a place worth a visit", "location_or_clue": "a place or a clue",
              "holmes": "Holmes himself", "watson": "Watson"}


def _action_rolled(e: ev.ActionRolled, before: Story) -> str:
    row = tables.ACTION_TABLES[e.action].row_for(e.roll + e.modifier).result
    subject = ACTION_SUBJECTS.get(e.action, ACTION_NAMES[e.action])
    if not row:
        return f"{subject} turns up nothing."
    name, value = next(iter(row[0].items()))
    if name == "event":
        return f"{subject} leads to {LINE_WORDS.get(value, 'something')}."
    if name == "sm":
        return f"{subject} {'brings the truth nearer' if value > 0 else 'sets the case back'}."
    return f"{subject} {ROW_WORDS.get(name, 'has its consequences')}."


def _action_chosen(e: ev.ActionChosen, before: Story) -> str:
    text = ACTION_SENTENCES[e.action]
    if e.action == "seek_information":
        text += (" " + CHANNELS.get(e.channel, f"through {e.channel}")) if e.channel else ""
        text += "."
    return text


def _table(e: ev.TableRolled, before: Story) -> str | None:
    result = tables.D6_TABLES[e.table].row_for(e.die).result
    if e.table == "holmes_or_watson":
        return LINE_SENTENCES[result]
    if e.table == "witness":
        return f"A witness knows something: {LINE_WORDS[result]}."
    return None  # a clue seen again, or equipment: told by what follows


def _tested(e: ev.RollTested, before: Story) -> str:
    if e.label.endswith("?"):  # "Charisma 7: will Wiggins join?"
        question = e.label.partition(": ")[2] or e.label
        return f"{cap(question)} {'Yes.' if e.passed else 'No.'}"
    what = e.label.split(" (")[0]
    what = what if what.endswith("roll") else what + " roll"
    return f"The {what} {'succeeds' if e.passed else 'fails'}."


def _healing(e: ev.Healing, before: Story) -> str:
    need = e.need.lower()
    own = ("his own" if e.healer in ("Holmes", "Watson") else "their own") if e.healer == e.patient \
        else whose(e.patient)
    if e.healed:
        return f"{e.healer} treats {own} {need}, and it heals."
    return f"{e.healer} can do nothing for {own} {need} this time."


NOTHING = {
    "nobody to tend": "Nobody needs tending.",
    "no healer left": "No one else here can tend the wounds.",  # in a Rest turn or after a fight
    "only once": "“{name}” happens only once: nothing more comes of it.",
    "no ally to leave": "No Ally is with Holmes to leave.",
    "nobody else": "Nobody else is with Holmes; he alone survives the disaster.",
    "no ally to hurt": "No Ally is with Holmes to be hurt.",
    "watson not here": "Watson is not here to be hurt.",
    "motive without villain": "A reason for a crime, but no known Villain to pin it on: nothing comes of it.",
    "no villain yet": "No Villain is known yet.",
    "already with you": "{name} is already with Holmes.",
    "left this case": "{name} has left this case: a passing word, but never an Ally again this case.",
    "no inspector": "After the last Inspector's death, Scotland Yard sends nobody to help.",
}


def _item(e: ev.ItemCarried, before: Story) -> str:
    if e.holder is None:
        return f"The {e.item[:1].lower() + e.item[1:]} is left behind: nobody is there to carry it."
    mine = f"{e.holder}'s "
    thing = "his " + e.item[len(mine):] if e.item.startswith(mine) else "a " + e.item[:1].lower() + e.item[1:]
    return f"{e.holder} now carries {thing}."


def _left(e: ev.LeftCase, before: Story) -> str:
    if e.why == "own trail":
        return f"{e.name} follows a trail of their own and leaves the case."
    if e.why == "leaves":
        return f"{e.name} decides to leave the investigation."
    if e.name == "Watson":
        return f"Watson is seriously wounded and goes home for the rest of the case (Luck -{e.lost}, now {e.luck})."
    return f"{e.name} is seriously wounded and leaves the case (Luck -{e.lost}, now {e.luck})."


def _killed(e: ev.Killed, before: Story) -> str:
    if e.name == "Holmes":
        if e.how == "fight":
            by = struck_by(before)
            return f"Holmes falls to {the(by)} and does not rise again." if by else "Holmes is killed in the fight."
        return {"arrest": "The arrest goes wrong, and Holmes is killed.",
                "death roll": "The dice go against Holmes: he is killed."}[e.how]
    if e.how == "attempt":
        return f"{e.name} is killed in the attempt."
    if e.how == "death roll":
        if e.name == "Watson":
            return "The dice go against Watson: he is killed, and Holmes carries on alone."
        return f"The dice go against {e.name}: he is killed, and a new Inspector takes up his duties."
    return f"{e.name} is killed in the fight (Luck -{e.lost}, now {e.luck})."


def _strike_result(e: ev.StrikeResult, before: Story) -> str | None:
    exchange = before[-1] if before and isinstance(before[-1], ev.Exchange) else None
    ours = exchange is None or exchange.ours == e.loser
    name = cap(the(e.loser))
    if e.result == "unhurt":
        return f"{name} {agree(e.loser, 'is', 'are')} unhurt."
    if e.result == "stunned":
        return f"{name} {agree(e.loser, 'reels', 'reel')}, stunned."
    if e.result == "wounded" and not ours:
        return f"{name} {agree(e.loser, 'is', 'are')} wounded."
    return None  # told by FightLost and the wounds, or by FoeDown


FOE_HARM = {"wounded": ("wounds", "wound"), "seriously wounded": ("leaves {} seriously wounded",
                                                                   "leave {} seriously wounded"),
            "death": ("strikes {} down", "strike {} down")}


def _fight_lost(e: ev.FightLost, before: Story) -> str:
    one, many = FOE_HARM.get(e.result, ("hurts", "hurt"))
    verb = agree(e.by, one, many)
    what = verb.format(e.loser) if "{}" in verb else f"{verb} {e.loser}"
    return f"The fight is lost: {the(e.by)} {what}."


def _escape(e: ev.EscapeTried, before: Story) -> str:
    them = foes(before)
    if e.escaped:
        return f"Holmes gets away from {them}."
    return (f"Holmes is cornered by {them} and cannot get away — Bravery {e.bravery} needed, "
            f"{e.roll - e.running} rolled.")


def _foe_down(e: ev.FoeDown, before: Story) -> str:
    name, be = cap(the(e.name)), agree(e.name, "is", "are")
    if e.how == "killed":
        return f"{name} {be} killed: the case ends, though without an arrest (Luck -1, now {e.luck})."
    if e.how == "arrested":
        return f"{name} {be} beaten and arrested."
    return f"{name} {be} seriously wounded and out of the fight."


def _case_ended(e: ev.CaseEnded, before: Story) -> str:
    if e.result == "solved":
        return (f"The case is solved! Luck +{e.reward} for the way it ended and +{e.sm} for the SM left "
                f"(Luck now {e.luck}).")
    sm = sm_lost(before)
    if not sm and not e.lost:
        return "The case is lost, with no SM and no Luck left to lose."
    what = f"the {sm} SM gathered and {e.lost} Luck" if sm else f"{e.lost} Luck"
    return f"The case is lost, and with it {what} (Luck now {e.luck})."


def sm_lost(before: Story) -> int:
    """The SM a lost case took, from the change just before its end."""
    change = last(before, ev.SMChanged, within=3)
    return change.before - change.after if change is not None and change.why == "case lost" else 0


def _sm(e: ev.SMChanged, before: Story) -> str | None:
    if e.why != "paragraph":
        return None  # told by the Villain, the purchase or the case's end
    if e.before == e.after:
        return "The case would slip back, but there is no SM to lose."
    how = "Holmes is a step nearer the truth" if e.change > 0 else "The case slips back"
    return f"{how} (SM {e.change:+d}, now {e.after})."


def _luck(e: ev.LuckChanged, before: Story) -> str | None:
    if e.why == "reroll":
        return f"Holmes trusts to luck and rolls again (Luck {e.after} left)."
    if e.why != "paragraph":
        return None  # told by the event that cost or brought it
    if e.before == e.after:
        return "Fortune frowns, but there is no Luck left to lose."
    return f"Fortune {'smiles' if e.change > 0 else 'frowns'} (Luck {e.change:+d}, now {e.after})."


def _death_roll(e: ev.DeathRoll, before: Story) -> str:
    text = "With no SM and no Luck to fall back on, the dice decide who pays for the lost case"
    return text + (": this time, nobody." if e.fate == "no_effect" else ".")


def _fight_won(e: ev.FightWon, before: Story) -> str:
    them = foes(before)
    return f"The fight is won: {them} {'are' if ' and ' in them or plural(them) else 'is'} beaten."


SENTENCES: dict[type, Callable[[ev.Event, Story], str | None]] = {
    ev.RollMade: lambda e, b: None,  # each roll's meaning is told by the event it led to
    ev.ActionChosen: _action_chosen,
    ev.OptionChosen: lambda e, b: f"Holmes decides: {e.label[:1].lower() + e.label[1:]}.",
    ev.VillainWayChosen: lambda e, b: {"deduction": "Holmes means to outwit the Villain by deduction.",
                                       "hide_follow": "Holmes means to hide and follow the Villain to the proof.",
                                       "fight": "Holmes means to take the Villain by force."}[e.way],
    ev.FightOrFlee: lambda e, b: "Holmes looks for a way out." if e.escape else "Holmes fights on.",
    ev.TurnStarted: lambda e, b: f"— Turn {e.turn} —",
    ev.TurnTrapped: lambda e, b: "Holmes is caught in a trap and spends this turn getting free.",
    ev.ActionRolled: _action_rolled,
    ev.EncounterRolled: lambda e, b: ("The turn does not stay quiet: something happens." if e.happens
                                      else "A quiet spell: nothing happens this turn."),
    ev.EncounterTypeRolled: lambda e, b: LINE_SENTENCES.get(e.line, "Something happens."),
    ev.LineRolled: lambda e, b: None,  # told by the paragraph it leads to
    ev.TableRolled: _table,
    ev.RollTested: _tested,
    ev.BonusEarned: lambda e, b: (f"That will help: +{e.amount} to {ACTION_NAMES[e.action]} "
                                  "if Holmes chooses it next turn."),
    ev.InvestigateAllowed: lambda e, b: "Something here is worth a closer look: Investigate is open next turn.",
    ev.TrapSprung: lambda e, b: "A trap! Holmes will lose the next turn getting free.",
    ev.FoundOut: lambda e, b: "Holmes is found out asking questions" + (
        f": {e.channel} will not serve him again this case." if e.channel else "."),
    ev.Healing: _healing,
    ev.TimeRanOut: lambda e, b: "Twelve turns have passed and the Villain is still at large: the trail has gone cold.",
    ev.ParagraphRead: lambda e, b: f"“{e.title}”",
    ev.ClueRevisited: lambda e, b: ("Holmes returns to a clue seen before and spots something missed." if e.spotted
                                    else "A clue seen before: it tells Holmes nothing new."),
    ev.SMChanged: _sm,
    ev.LuckChanged: _luck,
    ev.ItemCarried: _item,
    ev.Nothing: lambda e, b: NOTHING[e.why].format(name=e.name),
    ev.AllyJoined: lambda e, b: f"{e.name} joins Holmes as an Ally (Luck +1, now {e.luck}).",
    ev.AllyStays: lambda e, b: f"{e.name} stays on the case.",
    ev.LeftCase: _left,
    ev.Wounded: lambda e, b: (f"{cap(the(e.name))} {agree(e.name, 'is', 'are')} wounded "
                              "(Brawn -2 for the rest of the case)."),
    ev.HolmesCarriedHome: lambda e, b: ("Holmes is seriously wounded and carried back to Baker Street: "
                                        "the case is lost."),
    ev.Killed: _killed,
    ev.InspectorLost: lambda e, b: (f"Losing a second Inspector costs 3 Luck (now {e.luck}); "
                                    "the Yard will send nobody for a while."),
    ev.VillainRevealed: lambda e, b: f"The Villain is unmasked: {e.title} (SM {e.modifier:+d}, now {e.after}).",
    ev.SpecialRule: lambda e, b: f"A rule of this case: {e.text}",
    ev.SecondMeeting: lambda e, b: "Holmes meets the Villain a second time, and the Motive comes out.",
    ev.VillainMeeting: lambda e, b: f"Holmes crosses paths with {e.title}, but cannot yet make an arrest.",
    ev.MotiveUncovered: lambda e, b: (f"The Motive comes to light: {e.text.rstrip('.')}. "
                                      f"An arrest now needs SM {e.value}."),
    ev.DeductionMade: lambda e, b: ("Holmes lays out his chain of reasoning, and the Villain is outwitted."
                                    if e.outwitted else
                                    "The plot is too deep for deduction alone: Holmes must hide and follow."),
    ev.VillainSlipsAway: lambda e, b: "The Villain slips the net, and it comes to a fight.",
    ev.FightStarted: lambda e, b: (f"A fight! {cap(and_list(n for n, _ in e.opponents))} "
                                   f"{'stand' if len(e.opponents) > 1 or plural(e.opponents[0][0]) else 'stands'} "
                                   f"against Holmes."),
    ev.Exchange: lambda e, b: (f"{cap(the(e.ours))} {agree(e.ours, 'strikes', 'strike')} {e.our_strike}, "
                               f"{the(e.theirs)} {agree(e.theirs, 'strikes', 'strike')} {e.their_strike}."),
    ev.StrikeResult: _strike_result,
    ev.FoeDown: _foe_down,
    ev.EscapeTried: _escape,
    ev.FightWon: _fight_won,
    ev.FightLost: _fight_lost,
    ev.CampaignBegun: lambda e, b: "Holmes and Watson take up their first case.",
    ev.CaseStarted: lambda e, b: f"Case {e.number}: {e.title}, in {e.place}.",
    ev.CaseEnded: _case_ended,
    ev.DeathRoll: _death_roll,
    ev.QualityRaised: lambda e, b: f"{e.name}'s {e.quality} rises to {e.value}.",
    ev.TraitRaised: lambda e, b: f"{e.name} now has {e.trait} {e.level}.",
    ev.FriendMade: lambda e, b: f"{e.name} becomes a Friend and will join every case.",
    ev.FriendParted: lambda e, b: f"{e.name} goes their own way.",
    ev.CampaignEnded: lambda e, b: (f"Holmes retires to keep bees, after {e.cases} case{'s' * (e.cases != 1)}."
                                    if e.fate == "retired" else
                                    f"Here the casebook closes, after {e.cases} case{'s' * (e.cases != 1)}."),
}
