"""The shapes of Sherlock Express: its moves, its table, what a player sees, and events.

Nothing here is a rule. ``rules`` says which moves are allowed; ``reveal``, ``slap`` and
``rounds`` say what they do; ``narration`` turns the events into the log's sentences.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Literal, Union

from sherlockkit.games.express.cards import Suspect

#: Slap the suspect deck: Moriarty is the culprit when every visible suspect is cleared.
DECK = "deck"
#: Where a hand can land: a visible suspect's place (0-5), or the suspect deck.
Slot = Union[int, Literal["deck"]]


# --- moves ----------------------------------------------------------------------------

@dataclass(frozen=True)
class Reveal:
    """The player whose turn it is turns up the top alibi of their pile."""

    player: int


@dataclass(frozen=True)
class Slap:
    """A player accuses: a visible suspect (slot 0-5) or Moriarty (``slot="deck"``)."""

    player: int
    slot: Slot


Action = Union[Reveal, Slap]
ACTIONS: dict[str, type] = {"Reveal": Reveal, "Slap": Slap}


# --- events: what happened, for the log, the widget and anyone replaying ----------------------
# Everything in Sherlock Express happens face up, so every event is seen by every player.

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


# --- the table ---------------------------------------------------------------------------

@dataclass(frozen=True)
class State:
    """The whole table. Piles and the suspect deck are hidden: see ``rules.view``."""

    seed: int
    names: tuple[str, ...]
    target: int | None  # cards to win; None: play until the suspect deck runs out
    false_alibi_variant: bool
    shuffles: str  # between rounds: "round" (one stream shuffles every pile) or "pile" (older saves: rounds.py)
    step: int  # actions taken so far
    round: int
    starter: int  # who turned up the first alibi of this round
    suspect_deck: tuple[Suspect, ...]  # face down, top first
    display: tuple[Suspect | None, ...]  # the visible suspects, by slot
    piles: tuple[tuple[str, ...], ...]  # each player's face-down alibis, top first
    revealed: tuple[tuple[str, ...], ...]  # each player's face-up alibis this round
    won: tuple[tuple[Suspect, ...], ...]
    out: frozenset[int]  # players out of this round after a wrong slap
    turn: int | None  # who turns up the next alibi; None when every pile is empty
    false_alibi: str | None  # variant: the trait a repeated alibi points at
    finished: bool
    events: tuple[Event, ...]  # everything that happened, oldest first

    @property
    def players(self) -> int:
        """How many players sit at the table."""
        return len(self.names)

    @cached_property
    def log(self) -> tuple[str, ...]:
        """The events as the log's sentences (written by ``narration``, one per event)."""
        return _narrate(self.events, self.names)


@dataclass(frozen=True)
class Outcome:
    """The end of the game: who won (ties share) and how many suspects each caught."""

    winners: tuple[int, ...]
    scores: tuple[int, ...]


@dataclass(frozen=True)
class View:
    """What one player sees: everything face up, and only the sizes of face-down piles."""

    me: int
    names: tuple[str, ...]
    round: int
    display: tuple[Suspect | None, ...]
    revealed: tuple[tuple[str, ...], ...]
    pile_sizes: tuple[int, ...]
    deck_size: int
    won: tuple[tuple[Suspect, ...], ...]
    out: frozenset[int]
    turn: int | None
    false_alibi: str | None
    false_alibi_variant: bool
    target: int | None
    finished: bool
    events: tuple[Event, ...]

    @property
    def face_up_traits(self) -> frozenset[str]:
        """Every trait shown by an alibi turned up this round."""
        return frozenset(t for pile in self.revealed for t in pile)

    @cached_property
    def log(self) -> tuple[str, ...]:
        """The events this player saw, as the log's sentences."""
        return _narrate(self.events, self.names)


#: Where a state remembers (``engine.remembered``) the fields every seat's view shares.
SEEN = "seen"


def view_fields(state: State) -> dict:
    """Every field of a view of ``state``, in View's order, ``me`` left ``None``: what every
    seat sees alike (everything in this game happens face up)."""
    return {
        "me": None, "names": state.names, "round": state.round, "display": state.display,
        "revealed": state.revealed, "pile_sizes": tuple(map(len, state.piles)),
        "deck_size": len(state.suspect_deck), "won": state.won, "out": state.out, "turn": state.turn,
        "false_alibi": state.false_alibi, "false_alibi_variant": state.false_alibi_variant,
        "target": state.target, "finished": state.finished, "events": state.events,
    }


def _narrate(events, names) -> tuple[str, ...]:
    # Imported here because narration imports the event kinds above.
    from sherlockkit.games.express import narration

    return narration.log(events, names)
