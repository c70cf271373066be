"""The dice and the rule behind every kind of event (``DETAILS``): what the app shows one
click away from the casebook's sentence. A kind left out has nothing to add."""

from __future__ import annotations

from typing import Callable

from sherlockkit.games.story import events as ev, tables
from sherlockkit.games.story.narration.words import Story, rule_name
from sherlockkit.games.story.tables import ACTION_NAMES, RULE_OF_ACTION, VILLAIN_WAYS


def _escape_detail(e: ev.EscapeTried, before: Story) -> str:
    running = f" - Running {e.running}" if e.running else ""
    return f"Escape: 2d6 {e.roll}{running} = {e.roll - e.running}, needs {e.bravery} or less (R009a)."


DETAILS: dict[type, Callable[[ev.Event, Story], str | None]] = {
    ev.ActionChosen: lambda e, b: (f"Action: {ACTION_NAMES[e.action]}"
                                   + (f" through {e.channel} (+1)" if e.channel else "")
                                   + f" ({rule_name(RULE_OF_ACTION[e.action])})."),
    ev.OptionChosen: lambda e, b: f"An option of paragraph {e.paragraph}.",
    ev.VillainWayChosen: lambda e, b: f"Closing in: {VILLAIN_WAYS[e.way]} (R005b, option 3).",
    ev.FightOrFlee: lambda e, b: ("Escaping is Holmes's Bravery roll, less his Running (R009a)." if e.escape
                                  else "Another round (R009a)."),
    ev.TurnTrapped: lambda e, b: "No action this turn; the encounter roll is still made.",
    ev.ActionRolled: lambda e, b: (f"{ACTION_NAMES[e.action]}: 2d6 {e.roll} {e.modifier:+d} = {e.roll + e.modifier}, "
                                   f"row {e.row} ({rule_name(RULE_OF_ACTION[e.action])})."),
    ev.EncounterRolled: lambda e, b: f"Encounter roll: {e.total}, against {e.threshold} or more this turn (R008).",
    ev.EncounterTypeRolled: lambda e, b: (f"Encounter type: d6 {e.die}" + (f" −{e.shift}" if e.shift else "")
                                          + f" → {e.line} (R008)."),
    ev.LineRolled: lambda e, b: f"{e.line.title()} line: d6 {e.die} → {e.paragraph} (R006).",
    ev.TableRolled: lambda e, b: f"{tables.D6_TABLES[e.table].name}: d6 {e.die} → {e.row}.",
    ev.RollTested: lambda e, b: f"{e.label}: {e.total}, {'a success' if e.passed else 'a failure'} (R004).",
    ev.BonusEarned: lambda e, b: "A bonus for the next turn only (R007).",
    ev.TrapSprung: lambda e, b: "No action next turn; its encounter roll is still made.",
    ev.FoundOut: lambda e, b: "Seek Information, row 4 (R007d).",
    ev.Healing: lambda e, b: f"Medicine roll: 2d6 {e.roll} + Medicine {e.level}, needs {e.target} (R007f).",
    ev.TimeRanOut: lambda e, b: "A case has twelve turns (R007).",
    ev.ParagraphRead: lambda e, b: f"Paragraph {e.paragraph}.",
    ev.ClueRevisited: lambda e, b: "A clue read again: 4-6 on a d6 finds something missed, SM +1 (R008).",
    ev.SMChanged: lambda e, b: f"Solve Modifier {e.before} → {e.after} (never below 0).",
    ev.LuckChanged: lambda e, b: f"Luck {e.before} → {e.after} (R003).",
    ev.AllyJoined: lambda e, b: "A new Ally brings 1 Luck (R002).",
    ev.AllyStays: lambda e, b: f"d6 {e.die}: 3-6 stays, 1-2 leaves (R007e).",
    ev.LeftCase: lambda e, b: {"own trail": "d6 1-2: the Ally leaves (R007e).",
                               "leaves": "Explore, row 5 (R007b).",
                               "seriously wounded": "Seriously wounded: out of the case (R009b)."}[e.why],
    ev.Wounded: lambda e, b: "A Wound: Brawn -2 for the case; a second is Serious (R009b).",
    ev.HolmesCarriedHome: lambda e, b: "Holmes Seriously Wounded: the case is lost (R009b).",
    ev.Killed: lambda e, b: {"fight": "A death in a fight (R009b).", "attempt": "Attempt Arrest, row 4 (R007a).",
                             "arrest": "Attempt Arrest, rows 2-3 (R007a).",
                             "death roll": "The death roll of a case lost with no SM and no Luck (R007)."}[e.how],
    ev.VillainRevealed: lambda e, b: f"The Villain's SM modifier {e.modifier:+d}: {e.before} → {e.after} (R005a).",
    ev.SecondMeeting: lambda e, b: "The second meeting with a known Villain rolls the Motive (R005a).",
    ev.VillainMeeting: lambda e, b: "A meeting before an arrest is possible: the Villain's option 2 (R005b).",
    ev.MotiveUncovered: lambda e, b: "An arrest needs the SM to reach the Motive's value (R005a).",
    ev.DeductionMade: lambda e, b: (f"Holmes's Brains + SM = {e.ours}, against 2d6 + the Villain's Brains = "
                                    f"{e.theirs} (R005b)."),
    ev.FightStarted: lambda e, b: ", ".join(f"{n}: Brawn {brawn}" for n, brawn in e.opponents) + " (R009a).",
    ev.Exchange: lambda e, b: "Each strike is Brawn + d6 with its modifiers; the lower takes the difference (R009a).",
    ev.StrikeResult: lambda e, b: f"{e.loser}: {e.result} (R009a).",
    ev.FoeDown: lambda e, b: "R009b for the other side.",
    ev.EscapeTried: _escape_detail,
    ev.FightWon: lambda e, b: "The first hurt ends a fight: the paragraph's effects for a win follow (R009a).",
    ev.FightLost: lambda e, b: ("The first hurt ends a fight: the paragraph's effects for coming away without a "
                                "win follow (R009a)."),
    ev.CaseStarted: lambda e, b: f"Adventure {e.adventure}.",
    ev.CaseEnded: lambda e, b: ("Luck for the way the case ended, and as much again as the SM left (R010)."
                                if e.result == "solved" else
                                "A lost case costs all the SM and half the Luck, rounded up (R007)."),
    ev.DeathRoll: lambda e, b: f"The death roll (R007): {e.fate.replace('_', ' ')}.",
    ev.QualityRaised: lambda e, b: "Bought with SM after the case (R010).",
    ev.TraitRaised: lambda e, b: "Bought with SM after the case (R010).",
    ev.FriendMade: lambda e, b: "Bought with SM after the case (R010).",
}
