"""The Sherlock Holmes Card Game: the shapes of the game -- its moves, the table, what a
player sees, the end -- and the scoring values.

No rule lives here. When each move is allowed and what it does is in its own module:
``playing`` (a card in turn), ``drawing``, ``keeping``, ``villains`` (going out),
``answering`` (the Alibi) and ``passing`` (the cards passed after an Alibi); what happened
is told by the events of ``events.py``, which ``narration`` turns into sentences.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from sherlockkit.games.cardgame.cards import ARREST, DISGUISE, HOLMES, I_SUSPECT, INSPECTOR, MYCROFT, WATSON
from sherlockkit.games.cardgame.events import Event, Peek
from sherlockkit.games.cardgame.legality import Top

MIN_PLAYERS, MAX_PLAYERS = 3, 6
HAND_SIZE = 6
#: the cards that name another player
TARGETED = (DISGUISE, I_SUSPECT, INSPECTOR, ARREST, HOLMES, WATSON, MYCROFT)
#: phases of a hand: a turn; a drawn card to play or keep; a card waiting for its
#: target's answer; everyone choosing a card to pass after an Alibi
PLAY, DRAWN, ALIBI_WINDOW, PASSING = "play", "drawn", "alibi", "passing"


@dataclass(frozen=True)
class Scoring:
    """Penalty points (the lowest total wins). The rulebook names what scores, not how
    much: these values are the book's, and each is an option of ``rules.new``."""

    card: int = 1  # each card still in a hand when the hand ends
    villain_card: int = 5  # each Villain still in a hand (instead of ``card``)
    captured: int = 20  # the player caught holding a Villain
    arrest: int = -15  # the player who makes the arrest
    escape: int = -15  # the player who goes out with their Villain(s)
    telegram: int = 10  # the player after a Telegram


# --- actions -------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Play:
    """Play ``card`` from your hand (``target``: the player it names, when it names one)."""

    player: int
    card: str
    target: int | None = None


@dataclass(frozen=True)
class PlayVillains:
    """Go out: put down every card you hold, all of them Villains."""

    player: int


@dataclass(frozen=True)
class Draw:
    """Holding nothing you may play: take the top card of the draw pile (or pass, when it
    is empty)."""

    player: int


@dataclass(frozen=True)
class Keep:
    """Keep the card you just drew instead of playing it."""

    player: int


@dataclass(frozen=True)
class Answer:
    """Named by an Arrest, Inspector, I Suspect or Watson: play your Alibi, or take it."""

    player: int
    alibi: bool


@dataclass(frozen=True)
class PassCard:
    """After an Alibi: the card you pass, face down, to the player on your left."""

    player: int
    card: str


Action = Union[Play, PlayVillains, Draw, Keep, Answer, PassCard]
ACTIONS = {cls.__name__: cls for cls in (Play, PlayVillains, Draw, Keep, Answer, PassCard)}


# --- the table -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Pending:
    """A card waiting for its target's answer (an Alibi, or not). ``under``: the table
    before the card; ``arrest``: taking it is an arrest (an Arrest, or an Inspector laid
    on Scotland Yard)."""

    card: str
    by: int
    target: int
    under: Top
    arrest: bool


@dataclass(frozen=True)
class Outcome:
    """The end of the game: the winners (lowest total) and every total."""

    winners: tuple[int, ...]
    scores: tuple[int, ...]


@dataclass(frozen=True)
class State:
    """The whole table. Hands and the draw pile are hidden: see ``rules.view``."""

    seed: int
    names: tuple[str, ...]
    scoring: Scoring
    hands_in_game: int
    hand_number: int
    step: int
    hands: tuple[tuple[str, ...], ...]
    pile: tuple[str, ...]  # the draw pile, top first
    played: tuple[str, ...]  # this hand's played cards, oldest first
    top: Top
    turn: int
    phase: str
    drawn: str | None  # the card just drawn, in the DRAWN phase
    pending: Pending | None
    passing: tuple[str | None, ...]  # PASSING: each player's chosen card (None: not yet)
    resume: int  # PASSING: who plays once the cards have moved
    idle: int  # turns in a row without a card played while the pile is empty
    scores: tuple[int, ...]  # the game's totals so far (penalty points)
    telegrams: tuple[int, ...]  # this hand's Telegram points, already in ``scores``
    hand_scores: tuple[tuple[int, ...], ...]  # finished hands, one row each
    finished: bool
    events: tuple[Event, ...]
    seen_by: tuple[tuple[Event, ...], ...]  # each seat's events: all but the others' peeks (``hands.record``)

    @property
    def players(self) -> int:
        """How many players sit at the table."""
        return len(self.names)

    @property
    def peeks(self) -> tuple[Peek, ...]:
        """Every look into a hand, by anyone (private: see :class:`View`)."""
        return tuple(e for e in self.events if isinstance(e, Peek))


@dataclass(frozen=True)
class View:
    """What one player sees: their own hand, the sizes of the others, the table, the
    events anyone could see and their own peeks; the outcome once the game is over."""

    me: int
    names: tuple[str, ...]
    hand: tuple[str, ...]
    hand_sizes: tuple[int, ...]
    pile_size: int
    played: tuple[str, ...]
    top: Top
    turn: int
    phase: str
    drawn: str | None  # only when it is mine
    pending: Pending | None
    passed: tuple[bool, ...]  # PASSING: who has chosen a card
    my_pass: str | None
    scores: tuple[int, ...]
    telegrams: tuple[int, ...]  # this hand's Telegram points, already in ``scores``
    hand_scores: tuple[tuple[int, ...], ...]
    hand_number: int
    hands_in_game: int
    finished: bool
    outcome: Outcome | None
    scoring: Scoring
    events: tuple[Event, ...]

    @property
    def players(self) -> int:
        """How many players sit at the table."""
        return len(self.names)

    @property
    def peeks(self) -> tuple[Peek, ...]:
        """The looks into other hands this player made."""
        return tuple(e for e in self.events if isinstance(e, Peek))
