"""Beyond Baker Street's log: the one place where events become sentences.

``sentence`` tells one event as the story goes ("Player 2 tells you: these two cards
are Tracks", "Holmes draws a step nearer the answer"); ``sentences`` tells them all, to one
reader (``me``: spoken to as "you") or to nobody in particular; ``log`` tells a seat's view
to that seat; ``ending`` says how the case ended. A drawn card is never named -- its holder cannot see it -- and no sentence
names a card still in a hand. Nothing else in the game writes English for the log, and
nothing reads it back.
"""

from __future__ import annotations

from collections.abc import Sequence

from sherlockkit.games.bakerstreet import characters
from sherlockkit.games.bakerstreet.cards import HOLMES_TOP, INVESTIGATION_GOAL, plural
from sherlockkit.games.bakerstreet.events import (
    Assisted, CaseOpened, Confirmed, DeckEmpty, Drew, Eliminated, Event, EvidenceReturned, GameEnded, HolmesMoved,
    Investigated, LeadDied, LeadRevealed, Outcome, PowerUsed, Pursued, Recalled,
)
from sherlockkit.games.bakerstreet.state import View

COUNTS = ("no", "one", "two", "three", "four", "five", "six")

ENDINGS = {
    Outcome.SOLVED: "Case solved: the Suspect, the Motive and the Opportunity are confirmed and the "
                    f"Investigation track stands at exactly {INVESTIGATION_GOAL}, ahead of Holmes.",
    Outcome.HOLMES: "Holmes has solved it first: his marker reached 0, and the case is lost.",
    Outcome.OVERSHOT: f"The Investigation track went past {INVESTIGATION_GOAL}: the case is lost.",
    Outcome.NO_LEADS: "A section of the board ran out of Leads: the case is lost.",
    Outcome.SHORT: "All three Leads are confirmed, but the Investigation track is short of "
                   f"{INVESTIGATION_GOAL}: the case is lost.",
}


def ending(outcome: Outcome) -> str:
    """How the case ended, in a sentence."""
    return ENDINGS[outcome.why]


class _Cast:
    """Who is who in a sentence: seats by name, the reader as "you"."""

    def __init__(self, names: tuple[str, ...] | None, me: int | None):
        self.names, self.me = names, me

    def who(self, seat: int) -> str:
        if seat == self.me:
            return "you"
        return self.names[seat] if self.names else f"Player {seat + 1}"

    def Who(self, seat: int) -> str:
        text = self.who(seat)
        return text[0].upper() + text[1:]

    def does(self, seat: int, verb: str) -> str:
        """``verb`` (third person) as the seat's subject takes it: "you draw", "Irene draws"."""
        if seat != self.me:
            return verb
        irregular = {"is": "are", "has": "have", "goes": "go", "does": "do"}
        return irregular.get(verb, verb[:-2] if verb.endswith(("ses", "xes", "shes", "ches")) else verb[:-1])

    def whose(self, seat: int) -> str:
        return "your" if seat == self.me else f"{self.who(seat)}'s"


def _noun(number: int | None, icon: str | None, many: bool) -> str:
    if number is not None:
        return f"{number}s" if many else f"a {number}"
    return plural(icon) if many else f"a {icon}"


def _hint(slots: tuple[int, ...], number: int | None, icon: str | None) -> str:
    """What an Assist says of the cards it points at (\"these two cards (cards 1, 3) are Tracks\")."""
    many = len(slots) > 1
    these = f"these {COUNTS[len(slots)]} cards" if many else "this card"
    where = ", ".join(str(s + 1) for s in slots)
    return f"{these} (card{'s' if many else ''} {where}) {'are' if many else 'is'} {_noun(number, icon, many)}"


def sentence(event: Event, me: int | None = None, names: tuple[str, ...] | None = None,
             before: Event | None = None) -> str:
    """``event`` in a sentence of the story, told to ``me`` (``before``: the event just
    before it, which a dead Lead's sentence reads for its sums)."""
    c = _Cast(names, me)
    if isinstance(event, CaseOpened):
        return (f"Case File {event.case} is opened by {COUNTS[event.players]} detectives; "
                f"{c.who(event.first)} {c.does(event.first, 'goes')} first.")
    if isinstance(event, Assisted):
        hand = event.slots
        if event.number is not None and event.icon is not None:
            # two hints: the slots are the union; tell the whole of it in one breath
            return (f"{c.Who(event.player)} {c.does(event.player, 'tells')} {c.who(event.target)} two things at once: "
                    f"which cards are {event.number}s and which are {plural(event.icon)} (cards "
                    f"{', '.join(str(s + 1) for s in hand)} between them).")
        hint = _hint(hand, event.number, event.icon)
        return f"{c.Who(event.player)} {c.does(event.player, 'tells')} {c.who(event.target)}: {hint}."
    if isinstance(event, Investigated):
        head = f"{c.Who(event.player)} {c.does(event.player, 'plays')} {event.card} under the {event.kind}"
        if event.matched:
            return f"{head}: it fits, {event.total} of {event.target}."
        return f"{head}: the wrong icon, so the target climbs to {event.target}."
    if isinstance(event, LeadDied):
        where = "face down into the Impossible" if event.impossible else "back into the box"
        if event.why == LeadDied.OVERSHOT and isinstance(before, Investigated):
            return (f"The {event.kind} goes cold: {before.total} against a target of {before.target}; "
                    f"{event.lead.icon} {event.lead.value} goes {where}.")
        return f"The {event.kind}, {event.lead.icon} {event.lead.value}, goes {where}."
    if isinstance(event, LeadRevealed):
        return f"A new {event.kind} turns up: {event.lead.icon} {event.lead.value}."
    if isinstance(event, EvidenceReturned):
        n = len(event.cards)
        what = f"The {COUNTS[n] if n < len(COUNTS) else n} cards under it" if n > 1 else "The card under it"
        if event.rebuilt:
            return f"{what} {'are' if n > 1 else 'is'} shuffled to make a new deck."
        return f"{what} {'are' if n > 1 else 'is'} shuffled back into the deck."
    if isinstance(event, Confirmed):
        short = ", one short of its target" if event.short else ""
        return (f"{c.Who(event.player)} {c.does(event.player, 'confirms')} the {event.kind}: "
                f"{event.lead.icon} {event.lead.value}{short}.")
    if isinstance(event, Eliminated):
        return (f"{c.Who(event.player)} {c.does(event.player, 'eliminates')} {event.card}: the Investigation "
                f"track moves to {event.investigation}.")
    if isinstance(event, Pursued):
        return (f"{c.Who(event.player)} {c.does(event.player, 'gives')} up the {event.kind} "
                f"({event.lead.icon} {event.lead.value}).")
    if isinstance(event, Drew):
        if event.player == me:
            return "You draw a card, and cannot see it."
        return f"{c.Who(event.player)} draws a card."
    if isinstance(event, DeckEmpty):
        return f"The deck is empty: {c.who(event.player)} {c.does(event.player, 'draws')} nothing."
    if isinstance(event, HolmesMoved):
        return _holmes(event)
    if isinstance(event, PowerUsed):
        return _power(c, event)
    if isinstance(event, Recalled):
        return (f"{c.Who(event.player)} {c.does(event.player, 'takes')} {event.card} back out of the Impossible and "
                f"into the deck: the Investigation track drops to {event.investigation}.")
    if isinstance(event, GameEnded):
        return ending(event.outcome)
    raise TypeError(f"narration has no sentence for {type(event).__name__}")


def _holmes(event: HolmesMoved) -> str:
    if event.steps < 0:
        lead = {HolmesMoved.ASSIST: "Every hint helps Holmes too: he draws",
                HolmesMoved.CROWDED: "The Impossible is over its limit, and Holmes draws"}.get(event.why, "Holmes draws")
        return f"{lead} a step nearer the answer (space {event.to})."
    if event.steps > 0:
        return f"Holmes falls a step behind the team (space {event.to})."
    if event.to >= HOLMES_TOP:
        return f"Holmes is as far behind as he can be (space {HOLMES_TOP})."
    return f"Holmes stays on space {event.to}."


def _power(c: _Cast, event: PowerUsed) -> str:
    name = characters.CHARACTERS[event.character].name
    head = f"{name} ({c.who(event.player)})"
    return {
        characters.CONFIRM_SHORT: f"{head} trusts a near thing: the Lead is confirmed one short.",
        characters.QUIET_ELIMINATE: f"{head} works quietly: the crowded Impossible costs no step.",
        characters.DEAD_LEADS_BOXED: f"{head} drops the cold trail without fuss: the Impossible does not count it.",
        characters.RALLY: f"{head} wins the team a step on Holmes.",
    }.get(event.rule, f"{head} bends a rule.")


def sentences(events: Sequence[Event], me: int | None = None, names: tuple[str, ...] | None = None,
              last: int | None = None) -> tuple[str, ...]:
    """One sentence per event, oldest first, told to ``me`` (as "you") if given, each seat
    by its name (``names``, else "Player 1"...); only the ``last`` ones when given (and only
    their events, and the one before them, told)."""
    lines, before = [], None
    if last is not None:
        start = max(len(events) - last, 0)
        before, events = (events[start - 1] if start else None), events[start:]
    for event in events:
        lines.append(sentence(event, me, names, before))
        before = event
    return tuple(lines)


def log(seen: View, last: int | None = None, names: tuple[str, ...] | None = None) -> tuple[str, ...]:
    """The case's log as ``seen.player`` reads it (called "you"), the others by ``names``
    (else "Player 2"...): every event's sentence, in order, or only the ``last`` ones (a
    table shows no more)."""
    return sentences(seen.events, seen.player, names, last=last)
