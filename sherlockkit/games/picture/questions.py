"""Picture Perfect, the Sherlock expansion: the two closed questions, their three answers,
and what an honest answer is -- the answerer's Alibi sheet.

After the exchange of a question card (``cards.QUESTION_CARDS``) every player in turn,
from the round's first player, asks one other player one closed question about a
suspect (``ask.py``); the question is public, the answer is seen by the asker alone
(``answer.py``). Two questions (ours): "Have you confirmed X's alibi?" (``CONFIRMED``)
and "Is X cleared, as far as you know?" (``CLEARED``). ("Have you held Y's envelope?" is
public already: not a question.)

Honesty, from the answerer's Alibi sheet (:func:`sheet_of`): to ``CONFIRMED`` "yes" when
they read X's Alibi card or X is checked on every sheet (the victim, the guests who were
outside: the children, or the two the variant "more suspects" drew), else "no"; to
``CLEARED`` "yes" when their sheet clears X (read, checked, or told by an answer), else
"I don't know" (a sheet never shows a guest as not cleared). :func:`honest` is the one
judge of an answer, so an answer is always the sheet's.
"""

from __future__ import annotations

from dataclasses import dataclass

from sherlockkit.games.picture import alibis
from sherlockkit.games.picture.events import Answered, Dealt, Read

CONFIRMED, CLEARED = "confirmed", "cleared"
KINDS = (CONFIRMED, CLEARED)
YES, NO, UNKNOWN = "yes", "no", "I don't know"
ANSWERS = (YES, NO, UNKNOWN)
WORDS = {CONFIRMED: "Have you confirmed {guest}'s alibi?", CLEARED: "Is {guest} cleared, as far as you know?"}


@dataclass(frozen=True)
class Told:
    """What a seat's events have told it for its Alibi sheet: the Alibi cards it read (in
    order; ``None`` for "I saw nothing"), the guests an answer it was given cleared ("yes" to
    either question), and the guests who were outside (told by the deal: empty, the children)."""

    read: tuple[str | None, ...] = ()
    cleared: frozenset[str] = frozenset()
    away: tuple[str, ...] = ()


#: a seat told nothing yet
NOTHING_TOLD = Told()


def told_more(told: Told, events, seat: int) -> Told:
    """``told`` once ``seat`` has also seen ``events`` (every event of the table, in order:
    only the seat's readings and the answers given to it count, and the deal)."""
    read, cleared, away = told.read, told.cleared, told.away
    for e in events:
        kind = type(e)
        if kind is Read:
            if e.player == seat:
                read += (e.alibi,)
        elif kind is Answered:
            if e.player == seat and e.answer == YES:
                cleared |= {e.guest}
        elif kind is Dealt:
            away = e.outside
    unchanged = read is told.read and cleared is told.cleared and away is told.away
    return told if unchanged else Told(read, cleared, away)


def sheet_told(told: Told, victim: str) -> frozenset[str]:
    """The guests an Alibi sheet clears after ``told``: those confirmed (every Alibi card
    read, the victim, the guests who were outside) and those an answer cleared."""
    return alibis.sheet(victim, told.read, told.away) | told.cleared


def confirmed_by(events, seat: int, victim: str) -> frozenset[str]:
    """The guests ``seat`` has confirmed: every Alibi card they read clears its guest, and
    the victim and the guests who were outside (told by the deal) are checked on every sheet."""
    told = told_more(NOTHING_TOLD, events, seat)
    return alibis.sheet(victim, told.read, told.away)


def sheet_of(events, seat: int, victim: str) -> frozenset[str]:
    """The guests ``seat``'s Alibi sheet clears: those they confirmed, and those an answer
    they were given cleared ("yes" to either question)."""
    return sheet_told(told_more(NOTHING_TOLD, events, seat), victim)


def honest(events, seat: int, victim: str, kind: str, guest: str) -> str:
    """The answer ``seat``'s sheet gives to the question ``kind`` about ``guest``."""
    if kind == CONFIRMED:
        return YES if guest in confirmed_by(events, seat, victim) else NO
    return YES if guest in sheet_of(events, seat, victim) else UNKNOWN
