"""Beyond Baker Street: the shapes of the game -- moves, what happens at the table
(events), the table itself, a player's view, the end.

No rule lives here: what may be done is in ``rules.py`` (with its refusals), what each
move does in ``assist.py``, ``investigate.py``, ``confirm.py``, ``eliminate.py``,
``pursue.py`` and ``characters.py``; a Lead's target and total in ``leads.py``; the
Impossible and the Holmes track in ``impossible.py``; the end in ``ending.py``; the
log's sentences in ``narration.py``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar, Union

from sherlockkit.games.bakerstreet.cards import CaseFile, Evidence, Lead


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


# --- events: what happened, in the order it happened ------------------------------------------------

@dataclass(frozen=True)
class Event:
    """Something that happened at the table, seen by everyone (no event names a card its
    holder cannot see: a drawn card is never named). ``moves_cards``: after it, a card
    seen in a hand may no longer be there."""

    moves_cards: ClassVar[bool] = False


@dataclass(frozen=True)
class CaseOpened(Event):
    """The table is dealt for Case File ``case``; ``first`` plays first."""

    case: int
    players: int
    first: int
    moves_cards: ClassVar[bool] = True


@dataclass(frozen=True)
class Assisted(Event):
    """``player`` told ``target`` that the cards in ``slots`` are exactly their cards of
    ``number`` (or ``icon``; both with two hints)."""

    player: int
    target: int
    number: int | None
    icon: str | None
    slots: tuple[int, ...]


@dataclass(frozen=True)
class Investigated(Event):
    """``player`` played ``card`` from slot ``slot`` under the ``kind`` Lead; ``matched``:
    its icon is the Lead's. ``total`` and ``target``: the Lead's sums after it."""

    player: int
    slot: int
    card: Evidence
    kind: str
    matched: bool
    total: int
    target: int
    moves_cards: ClassVar[bool] = True


@dataclass(frozen=True)
class LeadDied(Event):
    """The ``kind`` Lead ``lead`` is dead, because of ``why`` (:data:`OVERSHOT` by an
    Investigate, :data:`PURSUED`); ``impossible``: it went to the Impossible (else a
    character's power sent it back to the box)."""

    kind: str
    lead: Lead
    why: str
    impossible: bool = True

    OVERSHOT: ClassVar[str] = "overshot"
    PURSUED: ClassVar[str] = "pursued"


@dataclass(frozen=True)
class LeadRevealed(Event):
    """The next Lead of the ``kind`` section, ``lead``, is turned face up."""

    kind: str
    lead: Lead


@dataclass(frozen=True)
class EvidenceReturned(Event):
    """The ``cards`` played under a dead ``kind`` Lead were shuffled into the deck
    (``rebuilt``: the deck was empty, and they are now the whole deck)."""

    kind: str
    cards: tuple[Evidence, ...]
    rebuilt: bool = False
    moves_cards: ClassVar[bool] = True


@dataclass(frozen=True)
class Confirmed(Event):
    """``player`` confirmed the ``kind`` Lead ``lead``; ``short``: one short of its
    target, by a character's power."""

    player: int
    kind: str
    lead: Lead
    short: bool = False


@dataclass(frozen=True)
class Eliminated(Event):
    """``player`` played ``card`` from slot ``slot`` to the Impossible; the Investigation
    track now stands at ``investigation``."""

    player: int
    slot: int
    card: Evidence
    investigation: int
    moves_cards: ClassVar[bool] = True


@dataclass(frozen=True)
class Pursued(Event):
    """``player`` gave up the open ``kind`` Lead ``lead``."""

    player: int
    kind: str
    lead: Lead


@dataclass(frozen=True)
class Drew(Event):
    """``player`` drew a card from the deck (never which: they cannot see it)."""

    player: int
    moves_cards: ClassVar[bool] = True


@dataclass(frozen=True)
class DeckEmpty(Event):
    """``player`` would draw, but the deck is empty: they play on with one card fewer."""

    player: int


@dataclass(frozen=True)
class HolmesMoved(Event):
    """The Holmes marker moved ``steps`` (negative: toward 0, 0: it could not move) and
    stands on ``to``, because of ``why``."""

    steps: int
    to: int
    why: str

    ASSIST: ClassVar[str] = "assist"
    CONFIRM: ClassVar[str] = "confirm"
    CROWDED: ClassVar[str] = "crowded"  # a card beyond the Impossible's limit
    RALLY: ClassVar[str] = "rally"


@dataclass(frozen=True)
class PowerUsed(Event):
    """``player``'s character ``character`` bent a rule: ``rule`` names which
    (``characters.py``)."""

    player: int
    character: str
    rule: str


@dataclass(frozen=True)
class Recalled(Event):
    """``player`` took ``card`` back from the Impossible into the deck; the Investigation
    track now stands at ``investigation``."""

    player: int
    card: Evidence
    investigation: int
    moves_cards: ClassVar[bool] = True


@dataclass(frozen=True)
class Outcome:
    """The end of the game: ``won`` or lost, and ``why`` (one of the constants below)."""

    won: bool
    why: str

    SOLVED: ClassVar[str] = "solved"  # all three Leads confirmed, the track at exactly 20
    HOLMES: ClassVar[str] = "holmes"  # the Holmes marker reached 0
    OVERSHOT: ClassVar[str] = "overshot"  # the Investigation track passed 20
    NO_LEADS: ClassVar[str] = "no leads"  # a section's last Lead was lost
    SHORT: ClassVar[str] = "short"  # the third Lead confirmed with the track short of 20


@dataclass(frozen=True)
class GameEnded(Event):
    """The case is over: ``outcome``."""

    outcome: Outcome


# --- the table ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Pile:
    """One section of the board: its ``kind``, its Leads top first (``leads[0]`` is the
    open one, the others face down), the Evidence played under it in order, and whether
    it is confirmed."""

    kind: str
    leads: tuple[Lead, ...]
    evidence: tuple[Evidence, ...] = ()
    confirmed: bool = False

    @property
    def lead(self) -> Lead | None:
        """The open Lead, or ``None`` once the section has lost its last one."""
        return self.leads[0] if self.leads else None


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

    @property
    def log(self) -> tuple[str, ...]:
        """The log: the events told as sentences (``narration.py``), every seat by name."""
        from sherlockkit.games.bakerstreet.narration import log  # here: narration imports these shapes

        return log(self.events, None)


@dataclass(frozen=True)
class PileView:
    """A section as everyone sees it: its open Lead (``None`` once lost), how many Leads
    wait face down below it, the Evidence under it, whether it is confirmed, and its sums
    (``target``: the Lead's value plus every wrong-icon card; ``total``: the matching cards)."""

    kind: str
    lead: Lead | None
    leads_below: int
    evidence: tuple[Evidence, ...]
    confirmed: bool
    target: int
    total: int


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

    @property
    def log(self) -> tuple[str, ...]:
        """The log as this player reads it (``narration.py``)."""
        from sherlockkit.games.bakerstreet.narration import log

        return log(self.events, self.player)
