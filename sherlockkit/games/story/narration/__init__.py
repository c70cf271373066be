"""The case log: the one place where events become sentences, and rolls get their names.

Every event is told twice. :func:`sentence` tells it in the voice of the casebook ("Holmes
is cornered by the Baron's hired roughs and cannot get away"), or gives ``None`` when
another event tells it (the Luck a new Ally brings, a d6 told by the paragraph it leads
to); :func:`detail` gives the dice and the rule behind it, one click away in the app
("Escape: 2d6 11 = 11, needs 7 or less (R009a)"). Both read ``before``, the events
before this one, as a narrator remembers who is fighting whom. :func:`log` tells a run of
events and :func:`entries` pairs each sentence with its detail for the app's log;
:func:`case_closed` and :func:`ending` say how a case and the campaign ended, the cause
first; :func:`label` names a roll on the dice tray.

Some fifty kinds of event told twice make a package: the sentences (``sentences.py``),
the details (``details.py``), the endings (``endings.py``) and the grammar of names and
the story so far (``words.py``). Rewording a sentence here changes no behaviour: the
engine, the bots and the tests of rules read events.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sherlockkit.games.story import agenda, events as ev, tables
from sherlockkit.games.story.narration.details import DETAILS
from sherlockkit.games.story.narration.endings import case_closed, ending
from sherlockkit.games.story.narration.sentences import SENTENCES
from sherlockkit.games.story.narration.words import Story, Upto, plural
from sherlockkit.games.story.tables import ACTION_NAMES

__all__ = ["sentence", "detail", "log", "Entry", "entries", "case_closed", "ending", "label", "plural",
           "SENTENCES", "DETAILS"]


def sentence(event: ev.Event, before: Story = ()) -> str | None:
    """The casebook's sentence for ``event`` (after the events ``before`` it), or ``None``
    when another event tells it."""
    return SENTENCES[type(event)](event, before)


def detail(event: ev.Event, before: Story = ()) -> str | None:
    """The dice and the rule behind ``event``, or ``None`` when there is nothing to add."""
    told = DETAILS.get(type(event))
    return told(event, before) if told else None


def log(events: Sequence[ev.Event]) -> tuple[str, ...]:
    """The log's sentences for ``events``, in order."""
    return tuple(line for i, e in enumerate(events) if (line := sentence(e, Upto(events, i))))


@dataclass(frozen=True)
class Entry:
    """One line of the log: the sentence, the detail behind it (``""`` if none), and the
    kind of event it tells (a CSS hook: ``"TurnStarted"``, ``"ParagraphRead"``...)."""

    text: str
    detail: str
    kind: str


def entries(events: Sequence[ev.Event], start: int = 0) -> tuple[Entry, ...]:
    """The log of ``events[start:]``: each sentence with its detail. The detail of an event
    that has no sentence (the d6 on a line) joins the next sentence's (the paragraph it
    led to)."""
    found, carried = [], []
    for i in range(start, len(events)):
        event, before = events[i], Upto(events, i)
        text, more = sentence(event, before), detail(event, before)
        if more:
            carried.append(more)
        if text:
            found.append(Entry(text, " ".join(carried), type(event).__name__))
            carried = []
    return tuple(found)


# --- the names of rolls ---------------------------------------------------------------------------

ROLL_NAMES = {
    agenda.EncounterRoll: "Encounter roll (2d6)", agenda.EncounterTypeRoll: "Encounter type (d6)",
    agenda.MotiveRoll: "Motive (d6)", agenda.DeductionRoll: "Deduction (2d6 + the Villain's Brains)",
    agenda.EscapeRoll: "Escape (Bravery roll)", agenda.HealingRoll: "Healing (Medicine roll)",
    agenda.AllyStaysRoll: "Does the Ally stay? (d6)", agenda.VillainRoll: "Villain (d6)",
}


def label(roll: agenda.DiceRoll) -> str:
    """A roll's name on the dice tray and in the Luck offer: ``"Explore (2d6+1)"``."""
    name = ROLL_NAMES.get(type(roll))  # a name for the kind (the encounter's rolls: the most made)
    if name is not None:
        return name
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
