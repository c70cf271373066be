"""Beyond Baker Street: the shapes of the game -- the moves, what a player knows of their
own cards, the table itself and a player's view of it.

Nothing here is a rule. Each kind of move has its module, named for it, holding when it is
allowed (``refusal``, ``offered``) and what it does: ``assist.py``, ``investigate.py``,
``confirm.py``, ``eliminate.py``, ``pursue.py``, and the characters' powers ``rally.py`` and
``recall.py``. A section of the board and how it adds up is in ``sections.py``. What
happened is told by the events of ``events.py``, which ``narration`` turns into the log's
sentences.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Union

from sherlockkit.games.bakerstreet.cards import CaseFile, Evidence, Lead
from sherlockkit.games.bakerstreet.events import Event, Outcome
from sherlockkit.games.bakerstreet.sections import Pile, PileView  # noqa: F401 -- named with the table's shapes


# --- actions: each names the seat that takes it first ---------------------------------------------

@dataclass(frozen=True)
class Assist:
    """Tell ``target`` which of their cards show ``number``, or ``icon`` (both, for a
    character whose Assist gives two hints)."""

    player: int
    target: int
    number: int | None = None
    icon: str | None = None


@dataclass(frozen=True)
class Investigate:
    """Play the card in slot ``card`` of your own hand (you cannot see it: you point at
    its place) under the open Lead of the section ``lead``."""

    player: int
    card: int
    lead: str


@dataclass(frozen=True)
class Confirm:
    """Confirm the open Lead of the section ``lead``: its evidence adds up to its target."""

    player: int
    lead: str


@dataclass(frozen=True)
class Eliminate:
    """Play the card in slot ``card`` of your hand to the Impossible: its number goes on
    the Investigation track."""

    player: int
    card: int


@dataclass(frozen=True)
class Pursue:
    """Drop the open Lead of the section ``lead`` into the Impossible and turn up the next."""

    player: int
    lead: str


@dataclass(frozen=True)
class Rally:
    """A character's power, once a game: Holmes goes one step back, away from 0."""

    player: int


@dataclass(frozen=True)
class Recall:
    """A character's power, once a game: the eliminated ``evidence`` ("Track 4") leaves
    the Impossible for the deck, and the Investigation track goes down by its number."""

    player: int
    evidence: str


Action = Union[Assist, Investigate, Confirm, Eliminate, Pursue, Rally, Recall]
ACTIONS = {cls.__name__: cls for cls in (Assist, Investigate, Confirm, Eliminate, Pursue, Rally, Recall)}


# --- what a player knows of their own cards ---------------------------------------------------------

@dataclass(frozen=True)
class Told:
    """What a player was told about one card of theirs: its number and icon when an Assist
    pointed at it, and the numbers and icons it is not (an Assist naming a number or icon
    that did not point at it)."""

    number: int | None = None
    icon: str | None = None
    not_numbers: frozenset = frozenset()
    not_icons: frozenset = frozenset()


UNTOLD = Told()


# --- the table ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class State:
    """The whole table. Each hand is hidden from its holder only, the deck and the face-down
    Leads from everyone: see ``rules.view``."""

    players: int
    case: CaseFile
    characters: tuple[str | None, ...]  # one per seat (``None``: played without characters)
    hands: tuple[tuple[Evidence, ...], ...]
    told: tuple[tuple[Told, ...], ...]  # parallel to ``hands``
    deck: tuple[Evidence, ...]  # top first
    piles: tuple[Pile, Pile, Pile]  # in board order: Suspect, Motive, Opportunity
    impossible: tuple[Evidence | Lead, ...]  # in the order the cards went in
    box: tuple[Lead, ...]  # Leads out of play
    holmes: int
    investigation: int
    turn: int
    step: int
    powers_used: frozenset = frozenset()  # seats whose once-a-game power is spent
    seed: int = 0
    events: tuple[Event, ...] = ()


@dataclass(frozen=True)
class View:
    """What one player sees: every hand but their own (``None`` in its place), what
    everyone was told about their own cards, the board, and every event."""

    player: int
    players: int
    case: CaseFile
    characters: tuple[str | None, ...]
    hands: tuple[tuple[Evidence, ...] | None, ...]
    hand_sizes: tuple[int, ...]
    told: tuple[tuple[Told, ...], ...]
    deck_size: int
    piles: tuple[PileView, ...]
    impossible: tuple[Evidence | Lead, ...]
    impossible_limit: int
    holmes: int
    investigation: int
    turn: int
    powers_used: frozenset
    outcome: Outcome | None
    events: tuple[Event, ...] = field(repr=False, default=())
