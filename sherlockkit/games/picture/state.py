"""Picture Perfect: the shapes of the game -- its moves, the table, a player's view and
the end -- and where things are on the table.

No rule lives here. When each move is allowed and what it does is in the module of its
kind (``take``, ``pass_on``, ``give_back``, ``place``, ``unplace``, ``aim``, ``vip``,
``ready``, ``ask``, ``answer``); which phase follows which in ``phases``; what happened
is told by the events of ``events.py``, which ``narration`` turns into the log.

Spaces travel in moves as their names (``"2B"``, see ``mat.Space.__str__``): a move's
fields are plain JSON values that ``engine.malformed`` checks by type. On the table
(the mats) they are :class:`~sherlockkit.games.picture.mat.Space`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Union

from sherlockkit.games.picture.cards import Wish
from sherlockkit.games.picture.events import Asked, Event, GuestScore
from sherlockkit.games.picture.figures import FIGURE_NAMES
from sherlockkit.games.picture.guests import party
from sherlockkit.games.picture.mat import Space

# --- actions: each names the seat that takes it first ---------------------------------------------


@dataclass(frozen=True)
class Take:
    """Take ``guest``'s envelope (from the middle, or from a neighbour when the card says so)."""

    player: int
    guest: str


@dataclass(frozen=True)
class Pass:
    """Pass ``guest``'s envelope on, as the exchange card says (to the left, the right, or
    back to the neighbour you swap with). For a pass card it is your choice, kept until all
    have chosen."""

    player: int
    guest: str


@dataclass(frozen=True)
class Return:
    """Put ``guest``'s envelope back in the middle."""

    player: int
    guest: str


@dataclass(frozen=True)
class Place:
    """Stand ``guest`` on the space named ``space`` of your mat (a move if it stands elsewhere)."""

    player: int
    guest: str
    space: str


@dataclass(frozen=True)
class Unplace:
    """Take ``guest`` off your mat."""

    player: int
    guest: str


@dataclass(frozen=True)
class Aim:
    """Move your camera to ``x`` across, ``height`` up."""

    player: int
    x: int
    height: int


@dataclass(frozen=True)
class Vip:
    """Slip your VIP card into ``guest``'s envelope, which you hold."""

    player: int
    guest: str


@dataclass(frozen=True)
class Ready:
    """You are done arranging for this round."""

    player: int


@dataclass(frozen=True)
class Ask:
    """The Sherlock expansion: ask player ``target`` one closed question about ``guest``:
    ``question`` "confirmed" ("Have you confirmed GUEST's alibi?") or "cleared" ("Is GUEST
    cleared, as far as you know?"). (Not called ``kind``: a saved move keeps its class's
    name under that key.)"""

    player: int
    target: int
    question: str
    guest: str


@dataclass(frozen=True)
class Answer:
    """Answer the question put to you: "yes", "no" or "I don't know" -- honestly."""

    player: int
    answer: str


Action = Union[Take, Pass, Return, Place, Unplace, Aim, Vip, Ready, Ask, Answer]
ACTIONS: dict[str, type] = {c.__name__: c for c in (Take, Pass, Return, Place, Unplace, Aim, Vip, Ready, Ask, Answer)}

#: The phases of a round (``phases.py`` says which follows which): the exchange, turn by
#: turn (``EXCHANGING``) or everyone choosing an envelope to pass (``CHOOSING``); after a
#: question card of a Sherlock party the questions (``ASKING``, ``ANSWERING``); then the
#: arranging; ``OVER`` once the photos are taken.
ARRANGING, EXCHANGING, CHOOSING, OVER = "arranging", "exchanging", "choosing", "over"
ASKING, ANSWERING = "asking", "answering"


# --- the table -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Envelope:
    """A guest's envelope: its three preference cards, and whether a VIP card is inside."""

    guest: str
    cards: tuple[Wish, ...]
    vip: bool = False


@dataclass(frozen=True)
class State:
    """The whole table.

    ``envelopes`` and ``holders`` run in the party's guest order (``guests.party``: our
    fourteen, ``guests.NAMES``, but in the detectives' variant) (a holder is a seat, or
    ``None`` for the middle). ``mats[p]`` is player ``p``'s mat as (guest, space) pairs in
    ``NAMES`` order, ``cameras[p]`` their camera (x, height). ``turns`` are the seats still
    to act in a turn-by-turn exchange (the first acts now), ``chosen`` each seat's choice
    for a pass card, ``pending`` the envelope moved in the first half of a two-step turn
    (put back in a trade with the middle, taken in a swap), ``taken`` the envelopes taken
    this round. ``vips[p]``: player ``p`` still has their VIP card."""

    players: int
    notes: bool
    seed: int
    step: int
    round: int
    exchanges: tuple[str, ...]  # the exchange deck, in the order the rounds turn it up
    phase: str
    envelopes: tuple[Envelope, ...]
    holders: tuple[int | None, ...]
    deck: tuple[Wish, ...]  # the preference cards not dealt
    mats: tuple[tuple[tuple[str, Space], ...], ...]
    cameras: tuple[tuple[int, int], ...]
    turns: tuple[int, ...]
    chosen: tuple[str | None, ...]
    pending: str | None
    taken: frozenset[str]
    ready: frozenset[int]
    vips: tuple[bool, ...]
    events: tuple[Event, ...]
    result: "Outcome | None" = None
    # the Sherlock expansion (issue 14); a base party leaves them as they are
    sherlock: bool = False
    irene: bool = False
    variant: str | None = None
    culprit: str | None = None  # hidden from every player until the end
    victim: str | None = None  # public; its envelope is back in the box
    alibis: tuple[str | None, ...] = ()  # the Alibi card in each envelope, in guest order
    culprit_cards: tuple[Wish, ...] = ()  # the culprit card and its way out, face up
    question: Asked | None = None  # the question waiting for its answer
    # the guests who were outside, drawn by the variant "more suspects"; empty: the
    # children (ask ``alibis.outside(state)``)
    outside: tuple[str, ...] = ()
    # the party's fourteen guests, the order ``envelopes`` and ``holders`` run in; empty:
    # our fourteen (``guests.NAMES``). The variant "detectives as guests" keeps fourteen
    # of the seventeen here (ask ``guests.party(state)``)
    guests: tuple[str, ...] = ()
    # what each seat has seen so far (``seeing.Seen``), kept as the party goes so that a view
    # need not read every event again (``seeing.followed``); not part of the table itself
    seen: tuple = field(default=(), compare=False, repr=False)

    @property
    def exchange(self) -> str | None:
        """The exchange card of this round."""
        return self.exchanges[self.round - 1] if 1 <= self.round <= len(self.exchanges) else None


@dataclass(frozen=True)
class Outcome:
    """The end: each seat's score (``scores[p]``), the winners (ties share the win), and
    each player's photo guest by guest."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    photos: tuple[tuple[GuestScore, ...], ...]


@dataclass(frozen=True)
class View:
    """What ``player`` sees: the public table, the envelopes they hold (and, with notes,
    every one they have read, as they last saw it), and the events shown to them."""

    player: int
    players: int
    notes: bool
    round: int
    exchange: str | None
    phase: str
    turn: int | None  # who acts now in a turn-by-turn exchange
    holders: tuple[int | None, ...]
    mats: tuple[tuple[tuple[str, Space], ...], ...]
    cameras: tuple[tuple[int, int], ...]
    chosen: tuple[bool, ...]  # who has chosen their envelope to pass
    my_choice: str | None
    pending: str | None
    taken: frozenset[str]
    ready: frozenset[int]
    vip_unused: bool
    envelopes: tuple[tuple[str, tuple[Wish, ...], bool], ...]  # (guest, cards, VIP seen) known now
    outcome: Outcome | None
    events: tuple[Event, ...]  # the events as this player saw them (``seeing.events_seen_by``)
    # the Sherlock expansion: the victim and the culprit's two cards (public), and the
    # guests this player's Alibi sheet clears (see ``alibis.sheet``); never the culprit
    sherlock: bool = False
    victim: str | None = None
    culprit_cards: tuple[Wish, ...] = ()
    cleared: frozenset[str] = frozenset()
    question: Asked | None = None
    irene: bool = False
    # public too: the variant played and the guests who were outside (empty: the
    # children; ask ``alibis.outside(view)``)
    variant: str | None = None
    outside: tuple[str, ...] = ()
    # public: the party's fourteen guests (empty: ours; ask ``guests.party(view)``), the
    # order ``holders`` runs in
    guests: tuple[str, ...] = ()


# --- reading the table (no rule: where things are) ------------------------------------------------------

def seat_name(seat: int) -> str:
    """A seat as a refusal names it: "Player 2"."""
    return f"Player {seat + 1}"



def index(guest: str, table: "State | View | None" = None) -> int:
    """Where ``guest``'s envelope is in ``table``'s ``envelopes`` and ``holders`` (the
    party's guests, ``guests.party``; without a table, our fourteen)."""
    return party(table).index(guest)


def held(table: State | View, seat: int | None) -> tuple[str, ...]:
    """The envelopes ``seat`` holds now (``None``: those lying in the middle; never the
    victim's, back in the box in a Sherlock party), in guest order."""
    victim = table.victim
    return tuple(g for g, h in zip(party(table), table.holders) if h == seat and g != victim)


def holder(table: State | View, guest: str) -> int | None:
    """Who holds ``guest``'s envelope: a seat, or ``None`` for the middle."""
    return table.holders[index(guest, table)]


def mat_of(state: State | View, seat: int) -> dict[str, Space]:
    """Player ``seat``'s mat: guest -> the space it stands on."""
    return dict(state.mats[seat])


def with_mat(mat: dict[str, Space]) -> tuple[tuple[str, Space], ...]:
    """A mat as the table keeps it: (figure, space) pairs in figure order (the fourteen
    guests, then the expansion's figures)."""
    return tuple((g, mat[g]) for g in FIGURE_NAMES if g in mat)
