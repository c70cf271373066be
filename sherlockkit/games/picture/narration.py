"""Picture Perfect's log: the one place where events become sentences.

``sentence`` tells one event as a player reads it ("You take the Colonel's envelope from
the middle.", "Player 3 passes Polly's envelope to you."), or as a spectator does
(``me=None``); ``detail`` the rule behind it; ``ending`` gives the scores and the
winners; ``sentences`` tells a run of events; :func:`log` tells a player's view to them.
What is inside an envelope is told only to a reader who read it (a ``Read`` event is
theirs alone), and the envelope another player chose to pass is not named before it
moves. Nothing else in the game writes English for the log, and nothing reads it back:
bots and tables read the events.
"""

from __future__ import annotations

from collections.abc import Sequence

from sherlockkit.games.picture.alibis import INVESTIGATORS, IRENE, SAW_NOTHING, outside
from sherlockkit.games.picture.questions import WORDS as QUESTION_WORDS
from sherlockkit.games.picture.cards import (
    EXCHANGE_WORDS, GIVE_BACK, PASSES, QUIET, SWAPS, TAKE, TRADE_MIDDLE, mechanic,
)
from sherlockkit.games.picture.events import (
    Aimed, Answered, Asked, Chose, Dealt, Event, ExchangeTurned, GameEnded, Passed, PhotoTaken, Placed, Read, Returned,
    RoundEnded, SaidReady, Skipped, Took, Unplaced, VipSlipped,
)
from sherlockkit.games.picture.state import View


def _cap(text: str) -> str:
    return text[0].upper() + text[1:]


class _Cast:
    """Who is who in a sentence: seats by name, the reader as "you"."""

    def __init__(self, me: int | None, names: tuple[str, ...] | None):
        self.me, self.names = me, names

    def who(self, seat: int) -> str:
        """The seat as a sentence names it: "you", or the player's name."""
        if seat == self.me:
            return "you"
        return self.names[seat] if self.names else f"Player {seat + 1}"

    def Who(self, seat: int) -> str:
        """The seat at the start of a sentence."""
        return _cap(self.who(seat))

    def does(self, seat: int, verb: str) -> str:
        """``verb`` as the seat's subject takes it: "you take", "Player 2 takes"."""
        if seat != self.me:
            return verb
        irregular = {"is": "are", "has": "have", "passes": "pass", "reaches": "reach"}
        return irregular.get(verb, verb[:-1])

    def own(self, seat: int) -> str:
        """The possessive of a seat that is the subject already: "your", "their"."""
        return "your" if seat == self.me else "their"

    def whose(self, seat: int) -> str:
        """The seat's possessive: "your", "Player 2's"."""
        return "your" if seat == self.me else f"{self.who(seat)}'s"


_SKIPS = {TAKE: "no envelope in the middle may be taken", GIVE_BACK: "no envelope to put back",
          TRADE_MIDDLE: "nothing to trade with the middle", SWAPS[0]: "nothing to swap", SWAPS[1]: "nothing to swap"}


def _alibi_words(alibi: str | None) -> str:
    """The Alibi card read in an envelope, told after its wishes ("" outside a Sherlock party)."""
    if alibi is None:
        return ""
    if alibi == SAW_NOTHING:
        return " Its Alibi card: \"I saw nothing\"."
    return f" Its Alibi card clears {alibi}."


def _listed(names) -> str:
    """Names as a list in words: "A, B and C"."""
    names = list(names)
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _vip_words(vip: bool) -> str:
    return " and a VIP card" if vip else ""


def sentence(event: Event, me: int | None = None, names: tuple[str, ...] | None = None) -> str:
    """The event told to ``me`` (a seat, spoken to as "you") or to a spectator (``None``)."""
    c = _Cast(me, names)
    if isinstance(event, Dealt):
        mine = [g for g, p in event.holders if p == me]
        held = f" You are dealt {' and '.join(mine)}'s envelope{'s' if len(mine) > 1 else ''}." if mine else ""
        notes = " You may keep notes of what you read." if event.notes else " Remember what you read: " \
                                                                            "an envelope shows only while you hold it."
        if getattr(event, "irene", False):
            notes += " Irène Adler joins every player's figures: she scores 5 for each VIP guest beside her."
        if event.victim is not None:
            way_out = " and ".join(f'"{card.text.rstrip(".")}"' for card in event.culprit_cards)
            away = _cap(" and ".join(outside(event)))
            return (f"The party begins, and a guest lies dead: {event.victim} is the victim, in the coffin. {away} "
                    f"were outside at the time: they saw nothing and are cleared. One of the suspects did it; the "
                    f"culprit's two face-up cards say {way_out}. {event.players} players arrange the guests, with "
                    f"Watson and Holmes.{held}{notes}")
        removed = getattr(event, "removed", ())
        if removed:
            return (f"The party begins, Watson, Holmes and Irène invited as guests; three of the seventeen stay in "
                    f"the box with their envelopes and every card naming them: {_listed(removed)}. "
                    f"{event.players} players arrange the same fourteen guests.{held}{notes}")
        return f"The party begins: {event.players} players arrange the same fourteen guests.{held}{notes}"
    if isinstance(event, ExchangeTurned):
        said = f"Round {event.round}, the exchange card: {EXCHANGE_WORDS[event.card]}"
        if mechanic(event.card) in (QUIET,) + PASSES:
            return said
        return f"{said} {c.Who(event.first)} {c.does(event.first, 'starts')}."
    if isinstance(event, Took):
        where = "the middle" if event.source is None else c.who(event.source)
        return f"{c.Who(event.player)} {c.does(event.player, 'takes')} {event.guest}'s envelope from {where}."
    if isinstance(event, Chose):
        if event.guest is None:
            return f"{c.Who(event.player)} {c.does(event.player, 'chooses')} an envelope to pass."
        return f"{c.Who(event.player)} {c.does(event.player, 'chooses')} to pass {event.guest}'s envelope."
    if isinstance(event, Passed):
        return f"{c.Who(event.player)} {c.does(event.player, 'passes')} {event.guest}'s envelope to {c.who(event.to)}."
    if isinstance(event, Returned):
        return f"{c.Who(event.player)} {c.does(event.player, 'puts')} {event.guest}'s envelope back in the middle."
    if isinstance(event, Skipped):
        return f"{c.Who(event.player)} {c.does(event.player, 'has')} {_SKIPS.get(mechanic(event.card), 'nothing to do')}."
    if isinstance(event, Read):
        wishes = "; ".join(card.text.rstrip(".") for card in event.cards)
        said = f"{c.Who(event.player)} {c.does(event.player, 'reads')} {event.guest}'s envelope: " \
               f"\"{wishes}\"{_vip_words(event.vip)}."
        return said + _alibi_words(event.alibi)
    if isinstance(event, Asked):
        asked = QUESTION_WORDS[event.kind].format(guest=event.guest)
        return f"{c.Who(event.player)} {c.does(event.player, 'asks')} {c.who(event.target)}: \"{asked}\""
    if isinstance(event, Answered):
        if event.answer is None:
            return f"{c.Who(event.target)} {c.does(event.target, 'answers')} {c.who(event.player)} in secret."
        return f"{c.Who(event.target)} {c.does(event.target, 'answers')} {c.who(event.player)} about " \
               f"{event.guest}: {event.answer}."
    if isinstance(event, Placed):
        verb = "moves" if event.moved_from is not None else "stands"
        frm = f" from {event.moved_from}" if event.moved_from is not None else ""
        return f"{c.Who(event.player)} {c.does(event.player, verb)} {event.guest}{frm} to {event.space}." \
            if event.moved_from is not None else \
            f"{c.Who(event.player)} {c.does(event.player, verb)} {event.guest} on {event.space}."
    if isinstance(event, Unplaced):
        return f"{c.Who(event.player)} {c.does(event.player, 'takes')} {event.guest} off {event.space}."
    if isinstance(event, Aimed):
        return f"{c.Who(event.player)} {c.does(event.player, 'moves')} {c.own(event.player)} camera to " \
               f"{event.x} across, {event.height} high."
    if isinstance(event, VipSlipped):
        return f"{c.Who(event.player)} {c.does(event.player, 'slips')} {c.own(event.player)} VIP card into " \
               f"{event.guest}'s envelope."
    if isinstance(event, SaidReady):
        return f"{c.Who(event.player)} {c.does(event.player, 'is')} ready."
    if isinstance(event, RoundEnded):
        return f"Round {event.round} is over."
    if isinstance(event, PhotoTaken):
        shown = sum(g.in_frame for g in event.guests)
        return f"{_cap(c.whose(event.player))} photo shows {shown} " \
               f"guest{'s' if shown != 1 else ''} and scores {event.score}."
    if isinstance(event, GameEnded):
        return ending(event, me, names)
    raise ValueError(f"No sentence for {type(event).__name__}.")


def detail(event: Event, me: int | None = None, names: tuple[str, ...] | None = None) -> str:
    """The rule behind an event, one click away in the app ("" when there is nothing to add)."""
    c = _Cast(me, names)
    if isinstance(event, ExchangeTurned):
        if mechanic(event.card) in PASSES:
            return "Everyone holding an envelope chooses one; nothing moves until all have chosen, then all move at once."
        if mechanic(event.card) == QUIET:
            return "No envelope moves this round: everyone goes straight to arranging their guests."
        return (f"The exchange goes round the table in seat order from {c.who(event.first)} (the first player moves "
                "one seat on each round); a player who can do nothing under the card is passed over.")
    if isinstance(event, Read):
        return ("Holding an envelope is reading it. Without notes, you see an envelope only while you hold it: "
                "remember what you read.")
    if isinstance(event, Skipped):
        return f"The card asks: {EXCHANGE_WORDS[event.card]} Nothing could be done, so the turn passes on."
    if isinstance(event, (Placed, Unplaced)):
        return "Guests may be placed, moved and taken off freely until the photo; not every guest must be placed."
    if isinstance(event, PhotoTaken):
        parts = []
        for g in event.guests:
            if not g.in_frame:
                parts.append(f"{g.guest} on {g.space} is out of the frame: 0")
                continue
            vip = ", doubled as a VIP" if g.vip else ""
            if g.guest == IRENE and not event.detectives_as_guests:
                parts.append(f"Irène on {g.space}: {sum(g.met)} VIP guest{'s' if sum(g.met) != 1 else ''} "
                             f"beside her, {g.points}")
                continue
            if g.guest in INVESTIGATORS and not event.detectives_as_guests:
                parts.append(f"{g.guest} on {g.space}: {'next to' if g.met[0] else 'not next to'} the culprit, "
                             f"{g.points}")
                continue
            culprit = " (the culprit)" if len(g.met) == 5 else ""
            parts.append(f"{g.guest}{culprit} on {g.space}: {sum(g.met)} of {len(g.met)} wishes met{vip}, {g.points}")
        shown = "; ".join(parts) if parts else "no guest placed"
        more = (" Watson and Holmes score 12 each next to the culprit; the culprit scores -6, -2, 1, 4, 8 or 12 for "
                "0 to 5 of its wishes met.") if any(g.guest in INVESTIGATORS for g in event.guests) \
            and not event.detectives_as_guests else ""
        return f"{shown}. A guest scores -3, 1, 3 or 6 for 0, 1, 2 or 3 wishes met.{more}"
    return ""


def ending(event: GameEnded, me: int | None = None, names: tuple[str, ...] | None = None) -> str:
    """The end in a sentence: every score, and who wins (ties share the win). ``event`` is
    the ``GameEnded`` event or the game's ``Outcome`` (both carry ``scores`` and ``winners``)."""
    c = _Cast(me, names)
    scores = ", ".join(f"{c.who(p)} {s}" for p, s in enumerate(event.scores))
    winners = [c.who(p) for p in event.winners]
    if len(winners) == 1:
        won = f"{_cap(winners[0])} {c.does(event.winners[0], 'wins')}"
    else:
        won = f"{_cap(', '.join(winners[:-1]))} and {winners[-1]} share the win"
    culprit = getattr(event, "culprit", None)
    told = f" The culprit's card is turned over: {culprit} did it." if culprit is not None else ""
    return f"The photos are taken and every envelope is opened.{told} Scores: {scores}. {won}."


def sentences(events: Sequence[Event], me: int | None = None, names: tuple[str, ...] | None = None
              ) -> tuple[str, ...]:
    """Each of ``events`` in its sentence, in order, told to ``me`` (or to a spectator): the
    story of a party as a chapter or a replay tells it."""
    return tuple(sentence(e, me, names) for e in events)


def logged(seen: View) -> tuple[Event, ...]:
    """The events the log of ``seen.player`` tells, in order, a line each: every event of
    their view but, without the notes option while the party goes on, the readings of an
    envelope's wishes. That is the rulebook's memory game (no notes of the guests' wishes
    may be kept), and the log would keep what the player is meant to remember."""
    if not seen.notes and seen.outcome is None:
        return tuple(e for e in seen.events if not isinstance(e, Read))
    return seen.events


def log(seen: View, last: int | None = None, names: tuple[str, ...] | None = None) -> tuple[str, ...]:
    """The party's log as ``seen.player`` reads it (called "you"), the others by ``names``
    (else "Player 2"...): each event :func:`logged` in its sentence, in order, or only the
    ``last`` ones."""
    events = logged(seen)
    if last is not None:
        events = events[max(len(events) - last, 0):]
    return sentences(events, seen.player, names)
