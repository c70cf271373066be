"""What happens at a Picture Perfect party, as typed events: for the log (``narration``),
the tables, the bots and anyone replaying a party.

Most events are public. A :class:`Read` (what is inside an envelope) and a
:class:`VipSlipped` are seen by their ``player`` alone (``private``); another's
:class:`Chose` is seen without the envelope chosen, and an :class:`Answered` without the
answer but by the asker and the one asked (``seeing.events_seen_by`` says it once).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from sherlockkit.games.picture.cards import Wish
from sherlockkit.games.picture.mat import Space


@dataclass(frozen=True)
class Event:
    """Something that happened at the party (one of the kinds below). ``private``: seen by
    its ``player`` alone."""

    private: ClassVar[bool] = False


@dataclass(frozen=True)
class Dealt(Event):
    """The party is dealt: ``holders`` (guest, seat) for every envelope dealt to a player."""

    players: int
    notes: bool
    holders: tuple[tuple[str, int], ...]
    victim: str | None = None  # a Sherlock party: the victim, face up
    culprit_cards: tuple[Wish, ...] = ()  # a Sherlock party: the culprit's two cards, face up
    irene: bool = False  # Irène joins every player's figures
    # the variant "more suspects": the two guests who were outside, public (empty: the children)
    outside: tuple[str, ...] = ()
    # the variant "detectives as guests": the three guests whose envelopes, cards and
    # figures went back to the box, public, in the order of ``guests.EVERY_NAME``
    removed: tuple[str, ...] = ()


@dataclass(frozen=True)
class ExchangeTurned(Event):
    """Round ``round`` begins: its exchange ``card`` is turned up; ``first`` starts the exchange."""

    round: int
    card: str
    first: int


@dataclass(frozen=True)
class Took(Event):
    """``player`` took ``guest``'s envelope from ``source`` (a seat; ``None`` for the middle)."""

    player: int
    guest: str
    source: int | None


@dataclass(frozen=True)
class Chose(Event):
    """A player chose the envelope to pass (which one: for them only, until all move)."""

    player: int
    guest: str | None  # None in the other players' views


@dataclass(frozen=True)
class Passed(Event):
    """``player`` passed ``guest``'s envelope to seat ``to``."""

    player: int
    to: int
    guest: str


@dataclass(frozen=True)
class Returned(Event):
    """``player`` put ``guest``'s envelope back in the middle."""

    player: int
    guest: str


@dataclass(frozen=True)
class Skipped(Event):
    """A player's exchange turn passed without a move: nothing they could do under ``card``."""

    player: int
    card: str


@dataclass(frozen=True)
class Read(Event):
    """``player`` read ``guest``'s envelope: its cards, and whether a VIP card is inside;
    in a Sherlock party also its Alibi card (a suspect's name or ``alibis.SAW_NOTHING``)."""

    player: int
    guest: str
    cards: tuple[Wish, ...]
    vip: bool
    alibi: str | None = None
    private: ClassVar[bool] = True


@dataclass(frozen=True)
class Asked(Event):
    """A question put (public): ``player`` asks ``target`` about ``guest``."""

    player: int
    target: int
    kind: str
    guest: str


@dataclass(frozen=True)
class Answered(Event):
    """The answer, seen by the asker ``player`` (and known to the answerer ``target``);
    the others see that an answer was given, not which (``answer`` None in their views)."""

    player: int
    target: int
    kind: str
    guest: str
    answer: str | None


@dataclass(frozen=True)
class Placed(Event):
    """``player`` stood ``guest`` on ``space`` (from ``moved_from``, or from off the mat)."""

    player: int
    guest: str
    space: Space
    moved_from: Space | None


@dataclass(frozen=True)
class Unplaced(Event):
    """``player`` took ``guest`` off ``space``."""

    player: int
    guest: str
    space: Space


@dataclass(frozen=True)
class Aimed(Event):
    """``player`` moved their camera to ``x`` across, ``height`` up."""

    player: int
    x: int
    height: int


@dataclass(frozen=True)
class VipSlipped(Event):
    """``player`` slipped their VIP card into ``guest``'s envelope (seen by them alone)."""

    player: int
    guest: str
    private: ClassVar[bool] = True


@dataclass(frozen=True)
class SaidReady(Event):
    """``player`` is done arranging for this round."""

    player: int


@dataclass(frozen=True)
class RoundEnded(Event):
    """Everyone was Ready: round ``round`` is over."""

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
class PhotoTaken(Event):
    """``player``'s photo, guest by guest, and its ``score``."""

    player: int
    guests: tuple[GuestScore, ...]
    score: int
    # the detectives' variant: Watson, Holmes and Irène are guests here, scored by their wishes
    detectives_as_guests: bool = False


@dataclass(frozen=True)
class GameEnded(Event):
    """The end: every envelope shown (guest, cards, VIP inside), every score, the winners."""

    envelopes: tuple[tuple[str, tuple[Wish, ...], bool], ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    culprit: str | None = None  # a Sherlock party: the culprit's card turned over
