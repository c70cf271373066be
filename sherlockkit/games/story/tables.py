"""Every dice table of the Detective Story Game, as data, in one place.

The engine rolls on these objects and ``odds.py`` reads exact probabilities from the
same objects, so a change here changes play and analysis together.

A table row's result is a tuple of *effects*, in the same little language as the
casebook's paragraphs: ``{"sm": 1}``, ``{"event": "clue"}``, ``{"villain_option": 2}``...
One registry, ``effects.EFFECTS``, reads both.
"""

from __future__ import annotations

from sherlockkit.dice import Table, d6

ACTIONS = ("attempt_arrest", "explore", "investigate", "seek_information", "research", "rest", "wait")
#: The actions as the player reads them.
ACTION_NAMES = {"attempt_arrest": "Attempt Arrest", "explore": "Explore", "investigate": "Investigate",
                "seek_information": "Seek Information", "research": "Research", "rest": "Rest", "wait": "Wait"}
#: The rule paragraph each action consults.
RULE_OF_ACTION = {"attempt_arrest": "r007a", "explore": "r007b", "investigate": "r007c",
                  "seek_information": "r007d", "research": "r007e", "rest": "r007f", "wait": "r007"}
TURNS = 12  # R007: a case has twelve turns

# --- R007a-e: the action tables (2d6 + modifiers) ------------------------------------------

ATTEMPT_ARREST = Table("Attempt Arrest", {
    "2-3": ({"death": "holmes"},),
    "4": ({"kill_random_ally": True}, {"luck": -2}),
    "5": ({"trap": True},),
    "6-7": ({"luck": -1},),
    "8": ({"sm": -1}, {"villain_option": 2}),
    "9-11": ({"sm": 1}, {"villain_option": 2}),
    "12": ({"bonus": {"action": "attempt_arrest", "amount": 1}},),
    "13+": ({"villain_option": 3},),
})

EXPLORE = Table("Explore", {
    "2": ({"event": "villain"},),
    "3-4": ({"goto": "m403"},),
    "5": ({"ally_leaves": "random"},),
    "6-7": (),
    "8": ({"event": "character"},),
    "9-10": ({"allow_investigate": True},),
    "11": ({"event": "clue"},),
    "12+": ({"holmes_or_watson": True},),
})

INVESTIGATE = Table("Investigate", {
    "2-3": ({"trap": True},),
    "4-5": ({"event": "villain"},),
    "6": (),
    "7": ({"bonus": {"action": "investigate", "amount": 1}},),
    "8": ({"event": "location_or_clue"},),
    "9-10": ({"event": "clue"},),
    "11": ({"sm": 1},),
    "12+": ({"holmes_or_watson": True},),
})

SEEK_INFORMATION = Table("Seek Information", {
    "2": ({"trap": True},),
    "3": ({"event": "villain"},),
    "4": ({"block_channel": True},),
    "5-6": (),
    "7": ({"bonus": {"action": "seek_information", "amount": 1}},),
    "8-10": ({"witness": True},),
    "11": ({"motive_found": True},),  # reveal the Motive and gain 1 Luck, if a Villain is known
    "12+": ({"holmes_or_watson": True},),
})

RESEARCH = Table("Research", {
    "2": ({"luck": 1}, {"sm": 1}),
    "3": ({"allies_may_leave": True},),
    "4": ({"luck": -1},),
    "5-7": (),
    "8-9": ({"bonus": {"action": "research", "amount": 1}},),
    "10-11": ({"sm": 1},),
    "12": ({"sm": 2},),
    "13+": ({"holmes_or_watson": True},),
})

ACTION_TABLES = {
    "attempt_arrest": ATTEMPT_ARREST,
    "explore": EXPLORE,
    "investigate": INVESTIGATE,
    "seek_information": SEEK_INFORMATION,
    "research": RESEARCH,
}

#: The traits that may each add +1 (at most +1 in all) to Seek Information.
SEEK_CHANNELS = ("Charisma", "Disguise", "Thief", "History")
TRAIT_CAP = 3  # "max 3" for Tracking, Aware and History


def action_modifier(action: str, *, turn: int, sm: int = 0, traits: dict | None = None, bonus: int = 0,
                    outside_london: bool = False, channel: str | None = None) -> int:
    """The total added to the 2d6 of an action's table, with every modifier of R007.

    ``traits`` maps a trait to the group's total level; ``bonus`` is the cumulative
    "+1 next turn" earned by the same action; ``channel`` is the trait chosen for Seek
    Information (its +1 counts only if the group has it).
    """
    traits = traits or {}
    if action == "attempt_arrest":
        return sm + (-1 if turn <= 2 else 0) + (1 if turn >= 9 else 0) + bonus
    if action == "explore":
        return min(traits.get("Tracking", 0), TRAIT_CAP)
    if action == "investigate":
        history = min(traits.get("History", 0), TRAIT_CAP) if outside_london else 0
        return min(traits.get("Aware", 0), TRAIT_CAP) + history + bonus
    if action == "seek_information":
        return (1 if channel in SEEK_CHANNELS and traits.get(channel, 0) > 0 else 0) + bonus
    if action == "research":
        return sm + (-1 if turn <= 4 else 0) + (1 if turn >= 9 else 0) + bonus
    raise ValueError(f"{action!r} has no table; the actions with tables are {', '.join(ACTION_TABLES)}.")


# --- small d6 splits used by several results -------------------------------------------------

HOLMES_OR_WATSON = Table("Holmes or Watson event", {"1-3": "holmes", "4-6": "watson"}, roll=d6)
WITNESS = Table("A useful witness", {"1-2": "location", "3-4": "character", "5-6": "clue"}, roll=d6)
RETURNING_CLUE = Table("A clue seen before", {"1-3": (), "4-6": ({"sm": 1},)}, roll=d6)
GENDER = Table("Man or woman", {"1-3": "male", "4-6": "female"}, roll=d6)

# --- R008: the Encounter Matrix ---------------------------------------------------------------

#: (first turn, last turn, lowest 2d6 roll that brings an event, the six columns)
ENCOUNTER_BANDS = (
    (1, 4, 7, ("villain", "holmes", "watson", "character", "character", "location")),
    (5, 8, 6, ("villain", "villain", "holmes", "watson", "character", "character")),
    # The rulebook prints five results for turns 9-12; the sixth is Character (the row
    # above shifted by one) -- a decision stated on the rules-decisions page.
    (9, 12, 5, ("villain", "villain", "villain", "holmes", "watson", "character")),
)
WAIT_BONUS = 1  # Wait adds +1 to the encounter roll


def encounter_band(turn: int) -> tuple[int, tuple[str, ...]]:
    """The event threshold and the six encounter types of a turn's band."""
    for first, last, threshold, columns in ENCOUNTER_BANDS:
        if first <= turn <= last:
            return threshold, columns
    raise ValueError(f"A case has turns 1 to {TURNS}, not {turn}.")


def encounter_shift(motive_revealed: bool, can_arrest: bool) -> int:
    """What is taken off the d6 that picks the encounter type: -2 once an arrest is
    possible (it replaces the -1 for a revealed Motive)."""
    return 2 if can_arrest else 1 if motive_revealed else 0


def encounter_column(die: int, shift: int) -> int:
    """The column (1-6) a shifted d6 reads; below 1 reads column 1."""
    return max(1, die - shift)


def encounter_table(turn: int, motive_revealed: bool = False, can_arrest: bool = False) -> Table:
    """The encounter type as a table on the (shifted) d6, for one turn's situation."""
    _, columns = encounter_band(turn)
    shift = encounter_shift(motive_revealed, can_arrest)
    by_face = {f"{face}": columns[encounter_column(face, shift) - 1] for face in range(1, 7)}
    return Table(f"Encounter type, turn {turn}", by_face, roll=d6)


# --- R009a: combat ---------------------------------------------------------------------------

#: The result for the lower strike total, by the difference 1..8 (8 means 8 or more).
COMBAT_RESULTS = {
    "holmes_or_watson": ("unhurt",) + ("stunned",) * 3 + ("wounded",) * 3 + ("seriously wounded",),
    "other": ("stunned",) * 2 + ("wounded",) * 3 + ("seriously wounded",) * 2 + ("death",),
}


def combat_result(difference: int, holmes_or_watson: bool) -> str | None:
    """What a strike difference does to the lower fighter (``None`` on a tie)."""
    if difference <= 0:
        return None
    row = COMBAT_RESULTS["holmes_or_watson" if holmes_or_watson else "other"]
    return row[min(difference, 8) - 1]


def strike_modifier(brawn: int, *, weaponry: int = 0, madness: int = 0, addiction: int = 0,
                    stunned: bool = False, wounded: bool = False) -> int:
    """Everything R009a adds to Brawn + 1d6 for one strike (the Brawn band included)."""
    band = 2 if brawn >= 9 else 1 if 4 <= brawn <= 8 else 0
    return band + weaponry - madness - addiction - (1 if stunned else 0) - (2 if wounded else 0)


# --- A000, R007 and R010: the d6 charts ------------------------------------------------------

# Written from the top face down; a Table sorts its rows.
EQUIPMENT = Table("Equipment", {"6": "m418", "5": "m416", "3-4": "m415", "1-2": "m413"}, roll=d6)
FIRST_CASE = Table("First case", {"1-3": "a001", "4-6": "a002"}, roll=d6)
LOST_CASE = Table("A lost case with nothing left", {
    "1-2": "holmes_killed", "3-4": "watson_killed", "5": "lestrade_killed", "6": "no_effect",
}, roll=d6)

#: The d6 tables a paragraph or a result may send the case to, by their id in a ``TableRoll``.
D6_TABLES = {"holmes_or_watson": HOLMES_OR_WATSON, "witness": WITNESS, "returning_clue": RETURNING_CLUE,
             "equipment": EQUIPMENT}

#: R007f: what Rest can treat, and the Medicine roll each needs.
HEALING = {"Wound": 8, "Addiction": 9, "Madness": 11}

#: R005b option 3: the three ways to close in on a cornered Villain.
VILLAIN_WAYS = {"deduction": "Deduction", "hide_follow": "Hide and Follow", "fight": "Fight"}

#: R009a: a Bravery roll to escape, 1 off the roll per level of Running.
ESCAPE_PARAGRAPH = "m629"
BAKER_STREET = "m403"
END_OF_CASE = "m401"
