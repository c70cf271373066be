"""Picture Perfect: what each player sees -- the events as they saw them, the envelopes
they know, and their Alibi sheet. ``rules.view`` puts them together.

An envelope shows only to whoever holds it (with the notes option, every envelope a player
has read stays known, as they last saw it); another's reading (``Read``) and VIP card
(``VipSlipped``) are theirs alone; the envelope another player chose to pass is not named
before it moves; an answer is seen by the asker and the one asked, the others see only
that an answer was given. The culprit is in no view until the photos are taken.
"""

from __future__ import annotations

from dataclasses import dataclass

from sherlockkit.games.picture.events import (
    Aimed, Answered, Asked, Chose, Dealt, Event, ExchangeTurned, GameEnded, Passed, PhotoTaken, Placed, Read, Returned,
    RoundEnded, SaidReady, Skipped, Took, Unplaced, VipSlipped,
)
from sherlockkit.engine import evolve
from sherlockkit.games.picture.guests import party
from sherlockkit.games.picture.questions import NOTHING_TOLD, Told, sheet_told, told_more
from sherlockkit.games.picture.state import OVER, State


#: The kinds of event every player sees as they are (any other kind is asked of :func:`seen_by`).
SEEN_AS_THEY_ARE = frozenset({Dealt, ExchangeTurned, Took, Passed, Returned, Skipped, Asked, Placed, Unplaced, Aimed,
                              SaidReady, RoundEnded, PhotoTaken, GameEnded})


def seen_by(event: Event, player: int) -> Event | None:
    """The event as ``player`` sees it: ``None`` for another's private event; another's
    choice of envelope to pass without its name; another's answer without the answer."""
    if event.private and event.player != player:
        return None
    if isinstance(event, Chose) and event.player != player:
        return Chose(event.player, None)
    if isinstance(event, Answered) and player not in (event.player, event.target):
        return Answered(event.player, event.target, event.kind, event.guest, None)
    return event


def events_seen_by(events: tuple[Event, ...], player: int) -> tuple[Event, ...]:
    """The events as ``player`` sees them (:func:`seen_by`), in order."""
    public = SEEN_AS_THEY_ARE
    return tuple([seen for event in events
                  if (seen := event if type(event) in public else seen_by(event, player)) is not None])


@dataclass(frozen=True)
class Seen:
    """What one seat has seen of the table's first ``upto`` events (the last of them
    ``last``): those events as it saw them, and what they told it for its Alibi sheet."""

    upto: int
    last: Event | None
    events: tuple[Event, ...]
    told: Told


#: a seat that has seen nothing yet
NOTHING_SEEN = Seen(0, None, (), NOTHING_TOLD)


def seen_now(state: State, player: int) -> Seen:
    """What ``player`` has seen of all ``state``'s events: what the table kept for them
    (``State.seen``, as :func:`followed` left it) and the events since, read now. A table
    whose kept sight is not of its own events (made by hand, or dealt again) is read whole."""
    kept = state.seen[player] if state.seen else NOTHING_SEEN
    events, upto = state.events, kept.upto
    if upto > len(events) or (upto and events[upto - 1] is not kept.last):
        kept, upto = NOTHING_SEEN, 0
    if upto == len(events):
        return kept
    new = events[upto:]
    return Seen(len(events), events[-1], kept.events + events_seen_by(new, player), told_more(kept.told, new, player))


def followed(state: State) -> State:
    """``state`` with what each seat has seen brought up to its last event: kept beside the
    table so that a view reads only the events since the last move, not the whole party
    again (CONTRIBUTING.md, "Speed")."""
    return evolve(state, seen=tuple([seen_now(state, p) for p in range(state.players)]))


def sheet_seen(state: State, seen: Seen) -> frozenset[str]:
    """The guests the Alibi sheet of a seat that has ``seen`` this clears; empty outside a
    Sherlock party."""
    return sheet_told(seen.told, state.victim) if state.sherlock else frozenset()


def known_envelopes(state: State, player: int) -> tuple[tuple[str, tuple, bool], ...]:
    """The envelopes ``player`` knows now, as (guest, cards, VIP inside) in guest order:
    those in their hands; with notes, also every other they have read, as they last saw
    it; at the end, every envelope."""
    if state.phase == OVER:
        return tuple((e.guest, e.cards, e.vip) for e in state.envelopes)
    known: dict[str, tuple] = {}
    if state.notes:
        for e in state.events:
            if isinstance(e, Read) and e.player == player:
                known[e.guest] = (e.cards, e.vip)
            elif isinstance(e, VipSlipped) and e.player == player:
                known[e.guest] = (known[e.guest][0], True)
    for e, h in zip(state.envelopes, state.holders):
        if h == player:
            known[e.guest] = (e.cards, e.vip)
    return tuple((g, *known[g]) for g in party(state) if g in known)


def read_by(state: State, player: int) -> frozenset[str]:
    """The envelopes ``player`` has read (held at some time) so far."""
    return frozenset(e.guest for e in state.events if isinstance(e, Read) and e.player == player)
