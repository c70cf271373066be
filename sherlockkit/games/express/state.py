"""The shapes of Sherlock Express: its moves, its table, and what a player sees.

Nothing here is a rule. ``reveal`` and ``slap`` say when each move is allowed and what it
does, ``rounds`` what happens between rounds; what happened is told by the events of
``events.py``, which ``narration`` turns into the log's sentences.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from sherlockkit.games.express.cards import DECK, Slot, Suspect  # noqa: F401 -- DECK: the moves' own word
from sherlockkit.games.express.events import Event


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
