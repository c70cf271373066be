"""Picture Perfect: the shapes of the game -- moves, events, the table, a player's view
and the end.

No rule lives here: what may be done (and the refusals) is in ``legal.py``; the exchange
cards' effects in ``exchange.py``; placing, the camera and the VIP in ``arrange.py``; the
turn of the rounds and the end in ``rounds.py``; the wishes in ``wishes.py``; the score
in ``scoring.py``; the log's sentences in ``narration.py``.

Spaces travel in moves as their names (``"2B"``, see ``mat.Space.__str__``): a move's
fields are plain JSON values that ``engine.check_action`` checks by type. On the table
(the mats) they are :class:`~sherlockkit.games.picture.mat.Space`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from sherlockkit.games.picture.cards import Wish
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


# --- events ------------------------------------------------------------------------------------------
# An event with ``private = True`` is seen by its ``player`` only (``view`` leaves it out
# of everyone else's events).

@dataclass(frozen=True)
class Dealt:
    players: int
    notes: bool
    holders: tuple[tuple[str, int], ...]  # (guest, seat) for every envelope dealt to a player
    victim: str | None = None  # a Sherlock party: the victim, face up
    culprit_cards: tuple[Wish, ...] = ()  # a Sherlock party: the culprit's two cards, face up
    irene: bool = False  # Irène joins every player's figures
    # the variant "more suspects": the two guests who were outside, public (empty: the children)
    outside: tuple[str, ...] = ()
    # the variant "detectives as guests": the three guests whose envelopes, cards and
    # figures went back to the box, public, in the order of ``guests.EVERY_NAME``
    removed: tuple[str, ...] = ()


@dataclass(frozen=True)
class ExchangeTurned:
    round: int
    card: str
    first: int  # the seat that starts the exchange


@dataclass(frozen=True)
class Took:
    player: int
    guest: str
    source: int | None  # the seat it came from; None for the middle


@dataclass(frozen=True)
class Chose:
    """A player chose the envelope to pass (which one: for them only, until all move)."""

    player: int
    guest: str | None  # None in the other players' views


@dataclass(frozen=True)
class Passed:
    player: int
    to: int
    guest: str


@dataclass(frozen=True)
class Returned:
    player: int
    guest: str


@dataclass(frozen=True)
class Skipped:
    """A player's exchange turn passed without a move: nothing they could do."""

    player: int
    card: str


@dataclass(frozen=True)
class Read:
    """``player`` read ``guest``'s envelope: its cards, and whether a VIP card is inside;
    in a Sherlock party also its Alibi card (a suspect's name or ``alibis.SAW_NOTHING``)."""

    player: int
    guest: str
    cards: tuple[Wish, ...]
    vip: bool
    alibi: str | None = None
    private = True


@dataclass(frozen=True)
class Asked:
    """A question put (public): ``player`` asks ``target`` about ``guest``."""

    player: int
    target: int
    kind: str
    guest: str


@dataclass(frozen=True)
class Answered:
    """The answer, seen by the asker ``player`` (and known to the answerer ``target``);
    the others see that an answer was given, not which (``answer`` None in their views)."""

    player: int
    target: int
    kind: str
    guest: str
    answer: str | None


@dataclass(frozen=True)
class Placed:
    player: int
    guest: str
    space: Space
    moved_from: Space | None


@dataclass(frozen=True)
class Unplaced:
    player: int
    guest: str
    space: Space


@dataclass(frozen=True)
class Aimed:
    player: int
    x: int
    height: int


@dataclass(frozen=True)
class VipSlipped:
    player: int
    guest: str
    private = True


@dataclass(frozen=True)
class SaidReady:
    player: int


@dataclass(frozen=True)
class RoundEnded:
    round: int


@dataclass(frozen=True)
class GuestScore:
    """One guest of one player's photo: where it stood, in frame, wishes met, points."""

    guest: str
    space: Space
    in_frame: bool
    met: tuple[bool, ...]
    vip: bool
    points: int


@dataclass(frozen=True)
class PhotoTaken:
    player: int
    guests: tuple[GuestScore, ...]
    score: int
    # the detectives' variant: Watson, Holmes and Irène are guests here, scored by their wishes
    detectives_as_guests: bool = False


@dataclass(frozen=True)
class GameEnded:
    """The end: every envelope shown (guest, cards, VIP inside), every score, the winners."""

    envelopes: tuple[tuple[str, tuple[Wish, ...], bool], ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    culprit: str | None = None  # a Sherlock party: the culprit's card turned over


Event = Union[Dealt, ExchangeTurned, Took, Chose, Passed, Returned, Skipped, Read, Placed, Unplaced, Aimed,
              VipSlipped, SaidReady, RoundEnded, PhotoTaken, GameEnded]

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
    (put back in a trade with the middle, taken in a swap), ``taken`` the envelopes taken this round. ``vips[p]``: player ``p`` still has
    their VIP card."""

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
    events: tuple
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

    @property
    def exchange(self) -> str | None:
        """The exchange card of this round."""
        return self.exchanges[self.round - 1] if 1 <= self.round <= len(self.exchanges) else None

    @property
    def log(self) -> tuple[str, ...]:
        """The log: the events told as sentences (``narration.py``), every seat by name."""
        from sherlockkit.games.picture.narration import log  # here: narration imports these shapes

        return log(self.events, None)


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
    events: tuple
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

    @property
    def log(self) -> tuple[str, ...]:
        """The log as this player reads it (``narration.py``)."""
        from sherlockkit.games.picture.narration import log

        return log(self.events, self.player)


# --- reading the table (no rule: where things are) ------------------------------------------------------

def index(guest: str, table: "State | View | None" = None) -> int:
    """Where ``guest``'s envelope is in ``table``'s ``envelopes`` and ``holders`` (the
    party's guests, ``guests.party``; without a table, our fourteen)."""
    from sherlockkit.games.picture.guests import party

    return party(table).index(guest)


def held(state: State, seat: int | None) -> tuple[str, ...]:
    """The envelopes ``seat`` holds now (``None``: those lying in the middle; never the
    victim's, back in the box in a Sherlock party), in guest order."""
    return tuple(e.guest for e, h in zip(state.envelopes, state.holders) if h == seat and e.guest != state.victim)


def holder(state: State, guest: str) -> int | None:
    """Who holds ``guest``'s envelope: a seat, or ``None`` for the middle."""
    return state.holders[index(guest, state)]


def mat_of(state: State | View, seat: int) -> dict[str, Space]:
    """Player ``seat``'s mat: guest -> the space it stands on."""
    return dict(state.mats[seat])


def with_mat(mat: dict[str, Space]) -> tuple[tuple[str, Space], ...]:
    """A mat as the table keeps it: (figure, space) pairs in figure order (the fourteen
    guests, then the expansion's figures)."""
    from sherlockkit.games.picture.figures import FIGURE_NAMES

    return tuple((g, mat[g]) for g in FIGURE_NAMES if g in mat)
