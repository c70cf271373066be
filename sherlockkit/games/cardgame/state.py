"""The Sherlock Holmes Card Game: the shapes of the game -- moves, what happens at the
table (events), the table itself, a player's view, the end -- and the scoring values.

No rule lives here: what may be done is in ``legal.py``, what a move does in
``plays.py``, ``answers.py``, ``arrests.py`` and ``hands.py``, and the log's sentences
in ``narration.py``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Union

from sherlockkit.games.cardgame.cards import ARREST, DISGUISE, HOLMES, I_SUSPECT, INSPECTOR, MYCROFT, WATSON
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


# --- events: what happened, in the order it happened -----------------------------------------------

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

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def peeks(self) -> tuple[Peek, ...]:
        """Every look into a hand, by anyone (private: see :class:`View`)."""
        return tuple(e for e in self.events if isinstance(e, Peek))

    @property
    def log(self) -> tuple[str, ...]:
        """The log: the events told as sentences (``narration.py``)."""
        from sherlockkit.games.cardgame.narration import log  # here: narration imports these shapes

        return log(self.events, self.names)


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
        return len(self.names)

    @property
    def peeks(self) -> tuple[Peek, ...]:
        """The looks into other hands this player made."""
        return tuple(e for e in self.events if isinstance(e, Peek))

    @property
    def log(self) -> tuple[str, ...]:
        """The log as this player reads it (``narration.py``)."""
        from sherlockkit.games.cardgame.narration import log

        return log(self.events, self.names)
