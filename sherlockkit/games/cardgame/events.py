"""What happens at a table of The Sherlock Holmes Card Game, as typed events, in the order
it happens: for the log (``narration``), the table widget, the bots and anyone replaying a
game.

Every event is seen by every player but a :class:`Peek`, which only its looker sees
(``rules.view``). An event names only cards that are face up: what a player drew, passed
or lost in a false arrest is told as a number.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar


@dataclass(frozen=True)
class Event:
    """Something that happened at the table. ``moves_cards``: after it, what a player saw
    in another's hand may no longer be there."""

    moves_cards: ClassVar[bool] = False


@dataclass(frozen=True)
class HandDealt(Event):
    """Hand number ``hand`` is dealt; ``opener`` holds "The game is afoot!"."""

    hand: int
    opener: int
    moves_cards: ClassVar[bool] = True


@dataclass(frozen=True)
class CardPlayed(Event):
    """``player`` played ``card`` (on ``target``, when it names a player). ``arrest``: the
    card is an arrest (an Arrest, or an Inspector laid on Scotland Yard)."""

    player: int
    card: str
    target: int | None = None
    arrest: bool = False


@dataclass(frozen=True)
class Drew(Event):
    """``player`` drew ``count`` cards (never which) because of ``why``: their turn
    (:data:`ON_TURN`), Scotland Yard, I Suspect or an Inspector."""

    player: int
    count: int
    why: str

    ON_TURN: ClassVar[str] = "turn"


@dataclass(frozen=True)
class PassedTurn(Event):
    """``player`` could neither play nor draw (the pile is empty), and passed."""

    player: int


@dataclass(frozen=True)
class Kept(Event):
    """``player`` kept the card they had just drawn."""

    player: int


@dataclass(frozen=True)
class Answered(Event):
    """``player``, named by ``card``, played an Alibi (``alibi``) or let the card stand."""

    player: int
    card: str
    alibi: bool


@dataclass(frozen=True)
class PassChosen(Event):
    """``player`` chose the card they pass to the left (never which)."""

    player: int


@dataclass(frozen=True)
class CardsWentRound(Event):
    """Every chosen card moved, face down, to the next player on the left."""

    moves_cards: ClassVar[bool] = True


@dataclass(frozen=True)
class FogRedeal(Event):
    """Thick Fog: every hand gathered, shuffled and dealt back at its size."""

    moves_cards: ClassVar[bool] = True


@dataclass(frozen=True)
class HandsSwapped(Event):
    """Mycroft: ``player`` and ``target`` swapped hands."""

    player: int
    target: int
    moves_cards: ClassVar[bool] = True


@dataclass(frozen=True)
class Looked(Event):
    """``looker`` looked, by ``card``, at ``count`` cards of ``target`` (``None``: the
    whole hand). What they saw is a :class:`Peek`, private to them."""

    looker: int
    target: int
    card: str
    count: int | None


@dataclass(frozen=True)
class Peek(Event):
    """Cards ``looker`` saw in ``target``'s hand, in hand number ``hand``, by ``why``.
    Private: only the looker's view holds it."""

    looker: int
    target: int
    cards: tuple[str, ...]
    hand: int
    why: str


@dataclass(frozen=True)
class NoVillainFound(Event):
    """``looker``'s Holmes or Watson (``card``) found no Villain: ``target`` keeps the hand."""

    looker: int
    target: int
    card: str


@dataclass(frozen=True)
class TelegramReceived(Event):
    """``player`` took ``points`` penalty points from a Telegram."""

    player: int
    points: int


@dataclass(frozen=True)
class Arrested(Event):
    """``by``'s ``card`` found ``villains`` in ``target``'s hand: caught; the hand ends."""

    by: int
    target: int
    card: str
    villains: tuple[str, ...]


@dataclass(frozen=True)
class FalseArrest(Event):
    """``target`` held no Villain: ``by`` took their ``taken`` cards, and they drew as many."""

    by: int
    target: int
    taken: int
    moves_cards: ClassVar[bool] = True


@dataclass(frozen=True)
class Escaped(Event):
    """``player`` put down ``villains``, their last cards, and escaped; the hand ends."""

    player: int
    villains: tuple[str, ...]


@dataclass(frozen=True)
class TrailCold(Event):
    """The pile is empty and nobody could play for a whole round: the hand ends."""


@dataclass(frozen=True)
class HandScored(Event):
    """Hand number ``hand`` scored ``points`` (one per seat, Telegrams included)."""

    hand: int
    points: tuple[int, ...]


@dataclass(frozen=True)
class GameOver(Event):
    """The last hand is scored: ``winners`` share the lowest total, ``best``."""

    winners: tuple[int, ...]
    best: int
