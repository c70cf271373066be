"""What happens at a Sherlock Express table, as typed events: for the log (``narration``),
the table widget and anyone replaying a game.

Everything in Sherlock Express happens face up, so every event is seen by every player.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from sherlockkit.games.express.cards import Slot, Suspect


@dataclass(frozen=True)
class Event:
    """Something that happened at the table (one of the kinds below)."""


@dataclass(frozen=True)
class RoundBegun(Event):
    """Round ``round`` starts; ``starter`` turns up its first alibi."""

    round: int
    starter: int


@dataclass(frozen=True)
class AlibiTurnedUp(Event):
    """``player`` turned up an alibi showing ``trait``. ``repeated``: the trait was already
    face up this round; ``false_alibi``: in the variant, that repeat is a false alibi."""

    player: int
    trait: str
    repeated: bool
    false_alibi: bool


@dataclass(frozen=True)
class Accused(Event):
    """``player`` slapped ``slot``: ``suspect`` there, or ``None`` for Moriarty (the deck).
    ``right``: the table proved it, and ``won`` are the cards it took (``by_false_alibi``:
    proven by a false alibi, not by elimination). A wrong accusation wins nothing and puts
    the player out of the round."""

    player: int
    slot: Slot
    suspect: Suspect | None
    right: bool
    by_false_alibi: bool
    won: tuple[Suspect, ...]


@dataclass(frozen=True)
class RoundVoid(Event):
    """Everyone accused wrongly: round ``round`` wins nobody anything and is played again."""

    round: int


@dataclass(frozen=True)
class GameWon(Event):
    """The game is over: ``winners`` (ties share) hold ``score`` suspects each. ``why``:
    someone reached the target, or the suspect deck ran out."""

    winners: tuple[int, ...]
    score: int
    why: Literal["target", "deck empty"]
