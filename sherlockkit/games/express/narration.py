"""The log: the one place where Sherlock Express's events become sentences.

One sentence per event, so a widget can show "the last two lines" as the last two events.
Nothing else in the game writes English for the log, and nothing reads it back: bots and
widgets read the events.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from sherlockkit.games.express.state import AlibiTurnedUp, Accused, Event, GameWon, RoundBegun, RoundVoid

MORIARTY = "Moriarty (the suspect deck)"


def sentence(event: Event, names: Sequence[str]) -> str:
    """The log's sentence for ``event``, with the players called by ``names``."""
    match event:
        case RoundBegun(round=number, starter=starter):
            return f"Round {number}: {names[starter]} turns up the first alibi."
        case AlibiTurnedUp(player=p, trait=trait, false_alibi=True):
            return f"{names[p]} turns up {trait} again: a false alibi! It points at a suspect with {trait}."
        case AlibiTurnedUp(player=p, trait=trait, repeated=True):
            return f"{names[p]} turns up {trait} again: nothing new."
        case AlibiTurnedUp(player=p, trait=trait):
            return f"{names[p]} turns up {trait}."
        case Accused(player=p, suspect=suspect, right=False):
            return f"{names[p]} accuses {_accused(suspect)}, wrongly, and is out of this round."
        case Accused(player=p, suspect=suspect, by_false_alibi=by_false_alibi, won=won):
            why = "the false alibi" if by_false_alibi else "the alibis"
            cards = " and ".join(str(c) for c in won)
            return f"{names[p]} slaps {_accused(suspect)}, proven by {why}, and wins {cards}."
        case RoundVoid():
            return "Everyone is out: the round is void and the alibis go back."
        case GameWon(winners=winners, score=score, why=why):
            leaders = " and ".join(names[p] for p in winners)
            if len(winners) > 1:  # only an empty deck can leave a tie
                return f"{leaders} have the most suspects when the deck runs out and share the win with {score}."
            how = "reaches the target" if why == "target" else "has the most suspects when the deck runs out"
            return f"{leaders} {how} and wins the game with {score}."
    raise TypeError(f"Sherlock Express has no sentence for {event!r}.")


def log(events: Iterable[Event], names: Sequence[str]) -> tuple[str, ...]:
    """Every event's sentence, in order: the game's log."""
    return tuple(sentence(e, names) for e in events)


def _accused(suspect) -> str:
    return MORIARTY if suspect is None else str(suspect)
