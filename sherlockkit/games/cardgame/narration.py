"""The Sherlock Holmes Card Game's log: the one place where events become sentences.

Nothing else in the game writes English for the log, and nothing reads it back: bots,
the table widget and the chapter read the events. A sentence names only cards that are
face up (played cards, the Villains of an arrest or an escape); draws, passes and the
cards of a false arrest are told as numbers, and a :class:`~state.Peek` is not told at
all (the looker sees it in their view).
"""

from __future__ import annotations

from collections.abc import Iterable

from sherlockkit.games.cardgame.cards import AFOOT, INSPECTOR, SCOTLAND_YARD, THICK_FOG
from sherlockkit.games.cardgame.legality import full_stop
from sherlockkit.games.cardgame.state import (
    Answered, Arrested, CardPlayed, CardsWentRound, Drew, Escaped, Event, FalseArrest, FogRedeal, GameOver,
    HandDealt, HandScored, HandsSwapped, Kept, Looked, NoVillainFound, PassChosen, PassedTurn, Peek,
    TelegramReceived, TrailCold,
)

NUMBERS = ("no", "a", "two", "three", "four", "five", "six")


def log(events: Iterable[Event], names: tuple[str, ...]) -> tuple[str, ...]:
    """The log: one sentence for each event that is told, oldest first."""
    return tuple(line for line in (sentence(e, names) for e in events) if line)


def sentence(event: Event, names: tuple[str, ...]) -> str | None:
    """``event`` in a sentence for the log, or ``None`` for an event the log does not
    tell (a private look into a hand)."""
    if isinstance(event, Peek):
        return None
    if isinstance(event, CardPlayed):
        return _played(event, names)
    if isinstance(event, Drew):
        return _drew(event, names)
    tell = _SENTENCES.get(type(event))
    if tell is None:
        raise TypeError(f"narration has no sentence for {type(event).__name__}")
    return tell(event, names)


def _played(e: CardPlayed, names) -> str:
    who = names[e.player]
    if e.card == AFOOT:
        return f"{who} plays {AFOOT} The hand begins in London."
    if e.card == THICK_FOG:
        return f"{who} plays {THICK_FOG}."
    if e.target is None:
        return full_stop(f"{who} plays {e.card}")
    if e.card == INSPECTOR and e.arrest:
        return f"{who} plays {e.card} on {names[e.target]}: at {SCOTLAND_YARD} it is an arrest too."
    return f"{who} plays {e.card} on {names[e.target]}."


def _drew(e: Drew, names) -> str:
    who = names[e.player]
    if e.why == Drew.ON_TURN:
        return f"{who} cannot play and draws a card."
    cards = _cards(e.count, words=True)
    if e.why == SCOTLAND_YARD:
        return f"{who} draws {cards} before playing."
    return f"{who} draws {cards}."


def _cards(k: int, words: bool = False) -> str:
    count = NUMBERS[k] if words and k < len(NUMBERS) else str(k)
    return f"{count} card" if k == 1 else f"{count} cards"


def _and(items) -> str:
    return " and ".join(items)


_SENTENCES = {
    HandDealt: lambda e, n: f"Hand {e.hand} is dealt: {n[e.opener]} holds {AFOOT}",
    PassedTurn: lambda e, n: f"{n[e.player]} cannot play, and the draw pile is empty: {n[e.player]} passes.",
    Kept: lambda e, n: f"{n[e.player]} keeps the card.",
    Answered: lambda e, n: (
        f"{n[e.player]} answers with an Alibi: {e.card} does nothing, and everyone passes a card, face down, "
        "to the left." if e.alibi else f"{n[e.player]} plays no Alibi against {e.card}."),
    PassChosen: lambda e, n: f"{n[e.player]} has chosen the card to pass.",
    CardsWentRound: lambda e, n: "The cards have gone round.",
    FogRedeal: lambda e, n: "Every hand is gathered, shuffled and dealt again, each as big as it was.",
    HandsSwapped: lambda e, n: f"{n[e.player]} and {n[e.target]} swap hands.",
    Looked: lambda e, n: (
        f"{n[e.looker]} looks through the hand of {n[e.target]} with {e.card}." if e.count is None
        else f"{n[e.looker]} looks at {_cards(e.count, words=True)} of {n[e.target]} with {e.card}."),
    NoVillainFound: lambda e, n: f"No Villain there: {n[e.target]} takes the hand back.",
    TelegramReceived: lambda e, n: f"{n[e.player]} takes {e.points} penalty points.",
    Arrested: lambda e, n: (
        f"With {e.card}, {n[e.by]} finds {_and(e.villains)} in the hand of {n[e.target]}: "
        f"{n[e.target]} is arrested!"),
    FalseArrest: lambda e, n: (
        f"{n[e.target]} holds no Villain: a false arrest. {n[e.by]} takes {_cards(e.taken)} from "
        f"{n[e.target]}, who draws as many."),
    Escaped: lambda e, n: (
        f"{n[e.player]} puts down {_and(e.villains)} as the last {'card' if len(e.villains) == 1 else 'cards'} "
        "of the hand and escapes!"),
    TrailCold: lambda e, n: "Nobody can play and the pile is empty: the trail goes cold.",
    HandScored: lambda e, n: "Hand {} scores: {}.".format(
        e.hand, ", ".join(f"{name} {'+' if v >= 0 else ''}{v}" for name, v in zip(n, e.points, strict=True))),
    GameOver: lambda e, n: (
        f"The game is over: {_and(n[p] for p in e.winners)} "
        f"{'wins' if len(e.winners) == 1 else 'share the win'} with {e.best} points (lowest)."),
}
