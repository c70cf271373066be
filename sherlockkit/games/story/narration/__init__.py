"""The case log: the one place where events become sentences.

Every event is told twice. :func:`sentence` tells it in the voice of the casebook ("Holmes
is cornered by the Baron's hired roughs and cannot get away"), or gives ``None`` when
another event tells it (the Luck a new Ally brings, a d6 told by the paragraph it leads
to); :func:`detail` gives the dice and the rule behind it, one click away in the app
("Escape: 2d6 11 = 11, needs 7 or less (R009a)"). Both read ``before``, the events
before this one, as a narrator remembers who is fighting whom. :func:`sentences` tells a
run of events, :func:`log` the player's view, and :func:`entries` pairs each sentence with
its detail for the app's log; :func:`case_closed` and :func:`ending` say how a case and
the campaign ended, the cause first. (A roll's name on the dice tray is the engine's:
``agenda.label``.)

Some fifty kinds of event told twice make a package: the sentences (``sentences.py``),
the details (``details.py``), the endings (``endings.py``) and the grammar of names and
the story so far (``words.py``). Rewording a sentence here changes no behaviour: the
engine, the bots and the tests of rules read events.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sherlockkit.games.story import events as ev
from sherlockkit.games.story.narration.details import DETAILS
from sherlockkit.games.story.narration.endings import case_closed, ending
from sherlockkit.games.story.narration.sentences import SENTENCES
from sherlockkit.games.story.narration.words import Story, Upto, plural
from sherlockkit.games.story.state import View

__all__ = ["sentence", "detail", "sentences", "log", "Entry", "entries", "case_closed", "ending", "plural",
           "SENTENCES", "DETAILS"]


def sentence(event: ev.Event, before: Story = ()) -> str | None:
    """The casebook's sentence for ``event`` (after the events ``before`` it), or ``None``
    when another event tells it."""
    return SENTENCES[type(event)](event, before)


def detail(event: ev.Event, before: Story = ()) -> str | None:
    """The dice and the rule behind ``event``, or ``None`` when there is nothing to add."""
    told = DETAILS.get(type(event))
    return told(event, before) if told else None


def sentences(events: Sequence[ev.Event]) -> tuple[str, ...]:
    """The log's sentences for ``events``, in order (an event another one tells has none):
    the story of a campaign as a chapter or a replay tells it."""
    return tuple(line for i, e in enumerate(events) if (line := sentence(e, Upto(events, i))))


def log(seen: View, last: int | None = None) -> tuple[str, ...]:
    """The campaign's log as the player reads it: the sentences of every event of their
    view, in order, or only the ``last`` ones."""
    events = seen.events
    if last is None:
        return sentences(events)
    told: list[str] = []
    for i in range(len(events) - 1, -1, -1):  # from the end, as far back as the last lines go
        if len(told) >= last:
            break
        line = sentence(events[i], Upto(events, i))
        if line:
            told.append(line)
    return tuple(reversed(told))


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
