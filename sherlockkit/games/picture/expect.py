"""Picture Perfect: the expected score of a layout, from what a player knows.

A player knows some envelopes (their cards, and whether a VIP card is inside) and not the
others. For a layout (the guests on their mat and the camera) each placed guest in the
photo scores by how many of its wishes are met (``scoring.points``). For a guest whose
envelope the player knows, every wish is judged (``wishes.met`` on the real photo). For a
guest whose envelope is unknown, each of its three cards is one of the preference cards
the player has not seen -- the deck's composition minus every card of the envelopes they
know, minus the cards that name that guest (no envelope holds a card naming its own
guest) -- and the chance ``p`` that such a card is met is the average, over that pool, of
``wishes.met`` judged on the same layout.

**The approximation**: the number of wishes met is then taken as the known ones met plus
Binomial(unknown, p), as if the three unknown cards were drawn *with* replacement, each
independently. They are really drawn without replacement (and an envelope never holds
the same card twice), so the true chance of two or three met differs slightly;
``tests/picture/test_expect.py`` measures the gap against exact enumeration on a small
pool. An envelope the player does not know is taken to hold no VIP card; a VIP card they
know of doubles.

Two ways to the same number: :func:`expected_score` is exact (``Fraction``) and reports
guest by guest, for the tests and the chapter; :class:`Evaluator` gives the same value in
floats, remembering the mat-only part of each guest's judgement (a mat wish depends only
on the guest's space and the guests on the spaces touching it), for the bots' search.

The Sherlock expansion (and Irène): the unseen pool is the party's deck (``hunch.unseen``),
wishes are judged with the victim, Watson, Holmes and Irène have no envelope, and a
``hunch.Case`` adds the culprit, the investigators and Irène (``hunch.py`` says how).
In the variant "detectives as guests" Watson, Holmes and Irène are guests with envelopes
(``Knowledge.guests`` says who has one) and Irène grants no grace.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from math import comb
from typing import Iterable, Mapping

from sherlockkit.games.picture import wishes
from sherlockkit.games.picture.alibis import IRENE
from sherlockkit.games.picture.cards import (
    HIDE, INVESTIGATOR_POINTS, IRENE_POINTS, PER_ENVELOPE, PREFERENCES, WITH, Wish,
)
from sherlockkit.games.picture.mat import SPACES, Space, neighbours
from sherlockkit.games.picture.photo import Camera, Photo, retake, take
from sherlockkit.games.picture.guests import NAMES
from sherlockkit.games.picture.scoring import beside_irene, culprit_points, irene_is_guest, points, spared


@dataclass(frozen=True)
class Knowledge:
    """What a player knows of the envelopes: ``known`` maps a guest to (its cards, VIP
    inside); ``unseen`` is the composition of the preference cards they have not seen
    (by default the whole deck minus every known card); ``guests`` are the party's guests,
    those with an envelope (``guests.party``: our fourteen but in the detectives' variant).
    ``grace``: whether a VIP beside Irène loses nothing (not when she is a guest herself)."""

    known: Mapping[str, tuple[tuple[Wish, ...], bool]]
    unseen: Counter = field(default=None)  # type: ignore[assignment]
    guests: frozenset[str] = frozenset(NAMES)

    @property
    def grace(self) -> bool:
        """Whether a VIP beside Irène loses nothing (not when she is one of the guests)."""
        return not irene_is_guest(self.guests)

    def __post_init__(self):
        if self.unseen is None:
            seen = Counter(c for cards, _ in self.known.values() for c in cards)
            object.__setattr__(self, "unseen", Counter(PREFERENCES) - seen)

    @classmethod
    def of(cls, envelopes: Iterable[tuple[str, tuple[Wish, ...], bool]]) -> "Knowledge":
        """The knowledge of a view's ``envelopes`` ((guest, cards, VIP seen) triples) in a
        party of our fourteen guests."""
        return cls({g: (tuple(cards), vip) for g, cards, vip in envelopes})

    def pool(self, guest: str) -> Counter:
        """The cards that may lie in ``guest``'s envelope, as far as the player knows:
        the unseen ones, less those naming ``guest``."""
        return Counter({c: n for c, n in self.unseen.items() if n > 0 and not c.names(guest)})


def met_distribution(known_met: int, unknown: int, p) -> dict[int, object]:
    """The chance of each number of wishes met: ``known_met`` plus Binomial(``unknown``, ``p``)
    (exact when ``p`` is a Fraction)."""
    return {known_met + j: comb(unknown, j) * p ** j * (1 - p) ** (unknown - j) for j in range(unknown + 1)}


def expected_points(known_met: int, unknown: int, p, vip: bool, worth=points):
    """A guest's expected points in the photo (see :func:`met_distribution`); ``worth(met,
    vip)`` gives the points of each number of wishes met (a guest's, by default)."""
    return sum(chance * worth(n, vip) for n, chance in met_distribution(known_met, unknown, p).items())


@dataclass(frozen=True)
class GuestExpectation:
    """One placed guest of a layout: whether it is in the photo, its known wishes met, how
    many of its cards are unknown and the chance each is met, VIP, and its expected points
    (0 out of the frame)."""

    guest: str
    space: Space
    in_frame: bool
    known_met: int
    unknown: int
    chance: Fraction
    vip: bool
    expected: Fraction


def chance_met(knowledge: Knowledge, guest: str, placements: Mapping[str, Space], photo: Photo,
               victim: str | None = None) -> Fraction:
    """The chance that one unknown card of ``guest``'s envelope is met on this layout:
    the share of its pool (``Knowledge.pool``) that ``wishes.met`` grants."""
    pool = knowledge.pool(guest)
    total = sum(pool.values())
    if total == 0:
        return Fraction(0)
    return Fraction(sum(n for c, n in pool.items() if wishes.met(c, guest, placements, photo, victim)), total)


def guest_expectations(knowledge: Knowledge, placements: Mapping[str, Space], camera: Camera,
                       victim: str | None = None) -> tuple[GuestExpectation, ...]:
    """Every placed guest of the layout (not Watson, Holmes or Irène, who have no envelope)
    with its expectation, exactly, in mat order; in a Sherlock party wishes are judged with
    the ``victim``, and a VIP beside Irène loses nothing when none of its wishes is met
    (``scoring.spared``, applied to each number of wishes met)."""
    photo = take(placements, camera)
    out = []
    for guest, space in sorted(placements.items(), key=lambda item: item[1]):
        if guest not in knowledge.guests:
            continue
        cards, vip = knowledge.known.get(guest, ((), False))
        unknown = PER_ENVELOPE - len(cards)
        known_met = sum(wishes.met(c, guest, placements, photo, victim) for c in cards)
        p = chance_met(knowledge, guest, placements, photo, victim) if unknown else Fraction(0)
        in_frame = photo.shots[guest].in_frame
        grace = knowledge.grace
        worth = (Fraction(expected_points(known_met, unknown, p, vip,
                                          lambda n, v, g=guest: spared(points(n, v), n, g, placements, v) if grace
                                          else points(n, v)))
                 if in_frame else Fraction(0))
        out.append(GuestExpectation(guest, space, in_frame, known_met, unknown, p, vip, worth))
    return tuple(out)


def expected_score(knowledge: Knowledge, placements: Mapping[str, Space], camera: Camera) -> Fraction:
    """The layout's expected score for a player who knows ``knowledge``, exactly (its guests'
    expected points; with a ``hunch.Case`` -- a Sherlock party, or Irène -- the culprit, the
    investigators and Irène count too: ``hunch.expected_score``)."""
    return sum((g.expected for g in guest_expectations(knowledge, placements, camera)), Fraction(0))


# --- the same in floats, with the mat-only judgements remembered ------------------------------------------

_TOUCHING = {s: neighbours(s) for s in SPACES}


class Evaluator:
    """The expected score of layouts for one player's knowledge, in floats, fast.

    A guest's judgement splits in two: the wishes read from the mat (everything but the
    face and photo wishes, ``wishes.needs_photo``) depend only on its space and on the
    figures standing on the spaces touching it, so they are judged once per such
    neighbourhood (through ``wishes.met`` on that small mat) and remembered; the photo
    wishes are judged on each layout's photo. With a ``hunch.Case`` (a Sherlock party, or
    Irène) the culprit's change, the investigators and Irène count too, as
    ``hunch.expected_score`` says (its odds read once, here). ``required``: figures that
    must be in the frame (Watson and Holmes in a Sherlock party's last round); a layout
    leaving one out loses ``MISSING`` points for each, so the search puts them in.
    ``evaluations`` counts the layouts scored."""

    def __init__(self, knowledge: Knowledge, case=None, required: tuple[str, ...] = ()):
        self.knowledge = knowledge
        self.case = case
        self.victim = case.victim if case is not None else None
        self.odds = {g: float(p) for g, p in case.odds.items() if p} if case is not None else {}
        self.culprit_cards = tuple(case.culprit_cards) if case is not None else ()
        self.vips = case.vips if case is not None else frozenset()
        self.required = tuple(required)
        self.evaluations = 0
        self._local: dict = {}
        self._pools: dict[str, tuple[list, list, dict, int]] = {}
        self._curves: dict[tuple, tuple[float, ...]] = {}
        self._last_photo: Photo | None = None  # the photo of the layout scored last
        self._values: dict[tuple, float] = {}  # a guest's expected points, by what they depend on
        judged = [c for cards, _ in knowledge.known.values() for c in cards] + [*knowledge.unseen, *self.culprit_cards]
        #: the investigators a wish to be photographed with someone names (what the photo is read for)
        self._investigators = tuple(sorted({c.guest for c in judged if c.kind == WITH}))

    def _photo(self, placements: Mapping[str, Space], camera: Camera) -> Photo:
        """The photo of this layout, worked out from the last layout's (``photo.retake``: a
        search's layouts differ by a figure or three), or taken anew at the first."""
        last = self._last_photo
        return take(placements, camera) if last is None else retake(last, placements, camera)

    def _pool(self, guest: str) -> tuple[list, list, dict, int]:
        """``guest``'s unseen pool split into (mat cards, photo cards but the wishes to hide
        a face, those by the face they name) with their counts, and its size."""
        if guest not in self._pools:
            pool = self.knowledge.pool(guest)
            on_mat = [(c, n) for c, n in pool.items() if not wishes.needs_photo(c)]
            on_photo = [(c, n) for c, n in pool.items() if wishes.needs_photo(c) and c.kind != HIDE]
            hiding = {c.guest: n for c, n in pool.items() if c.kind == HIDE}
            self._pools[guest] = (on_mat, on_photo, hiding, sum(pool.values()))
        return self._pools[guest]

    def _on_mat(self, guest: str, space: Space, around: tuple) -> tuple[int, int, int]:
        """(known mat wishes met, count of the pool's mat cards met, the culprit's face-up
        mat cards met) for ``guest`` on ``space`` with ``around`` ((figure, space) on the
        touching spaces)."""
        key = (guest, space, around)
        hit = self._local.get(key)
        if hit is None:
            local = dict(around)
            local[guest] = space
            cards, _ = self.knowledge.known.get(guest, ((), False))
            victim = self.victim
            known = sum(wishes.met(c, guest, local, None, victim) for c in cards if not wishes.needs_photo(c))
            pooled = 0
            if len(cards) < PER_ENVELOPE:
                pooled = sum(n for c, n in self._pool(guest)[0] if wishes.met(c, guest, local, None, victim))
            marked = 0
            if guest in self.odds:
                marked = sum(wishes.met(c, guest, local, None, victim) for c in self.culprit_cards
                             if not wishes.needs_photo(c))
            hit = self._local[key] = (known, pooled, marked)
        return hit

    def _curve(self, known_met: int, unknown: int, vip: bool, guest: str, placements, culprit: bool) -> tuple:
        """The points of ``known_met`` + j wishes met, j = 0..``unknown`` (floats), as a
        guest or as the culprit, with Irène's grace where it applies."""
        spared_here = vip and self.knowledge.grace and beside_irene(placements, guest)
        key = (known_met, unknown, vip, spared_here, culprit)
        if key not in self._curves:
            worth = culprit_points if culprit else points
            grace = spared if spared_here else (lambda points_, *_: points_)
            self._curves[key] = tuple(float(grace(worth(known_met + j, vip), known_met + j, guest, placements, vip))
                                      for j in range(unknown + 1))
        return self._curves[key]

    def guest_values(self, placements: Mapping[str, Space], camera: Camera, photo: Photo | None = None
                     ) -> dict[str, float]:
        """Each placed figure's expected points on this layout (0 out of the frame): a
        guest's blended with its points as the culprit by the odds; an investigator's by
        the chance the culprit stands beside him; Irène's by the known VIPs beside her.
        ``photo``: the layout's photo, when the caller has taken it already."""
        self.evaluations += 1
        photo = photo or self._photo(placements, camera)
        shots = photo.shots
        at = {s: g for g, s in placements.items()}
        values = {}
        guests = self.knowledge.guests
        for guest, space in placements.items():
            if not shots[guest].in_frame:
                values[guest] = 0.0
                continue
            if guest not in guests:
                values[guest] = self._figure(guest, space, at)
                continue
            around = tuple((at[t], t) for t in _TOUCHING[space] if t in at)
            # Irène's grace is read from the neighbourhood too: she is beside the guest or not
            key = (guest, space, around, wishes.as_photographed(guest, photo, self._investigators))
            value = self._values.get(key)
            if value is None:
                value = self._values[key] = self._guest_value(guest, space, around, placements, photo)
            values[guest] = value
        self._last_photo = photo
        return values

    def _guest_value(self, guest: str, space: Space, around: tuple, placements: Mapping[str, Space],
                     photo: Photo) -> float:
        """``guest``'s expected points on ``space`` in the frame of ``photo``, with ``around``
        on the spaces touching it: blended with its points as the culprit by the odds."""
        known_met, pooled, marked = self._on_mat(guest, space, around)
        cards, vip = self.knowledge.known.get(guest, ((), False))
        for c in cards:
            if wishes.needs_photo(c):
                known_met += wishes.met(c, guest, placements, photo, self.victim)
        unknown = PER_ENVELOPE - len(cards)
        p = 0.0
        if unknown:
            _, on_photo, hiding, total = self._pool(guest)
            pooled += sum(n for c, n in on_photo if wishes.met(c, guest, placements, photo, self.victim))
            # a wish to hide a face is met when it names a face this guest covers (wishes.met)
            pooled += sum(hiding.get(face, 0) for face in wishes.faces_hidden_by(guest, photo))
            p = pooled / total if total else 0.0
        weights = [comb(unknown, j) * p ** j * (1 - p) ** (unknown - j) for j in range(unknown + 1)]
        terms = self._curve(known_met, unknown, vip, guest, placements, False)
        value = sum(w * t for w, t in zip(weights, terms))
        chance = self.odds.get(guest)
        if chance:  # the culprit scores as the culprit only, by its five wishes
            for c in self.culprit_cards:
                if wishes.needs_photo(c):
                    marked += wishes.met(c, guest, placements, photo, self.victim)
            guilty = self._curve(known_met + marked, unknown, vip, guest, placements, True)
            value += chance * (sum(w * t for w, t in zip(weights, guilty)) - value)
        return value

    def _figure(self, figure: str, space: Space, at: Mapping[Space, str]) -> float:
        """An investigator's or Irène's expected points in the frame on ``space``."""
        near = [at[t] for t in _TOUCHING[space] if t in at]
        if figure == IRENE:
            return float(IRENE_POINTS * sum(1 for g in near if g in self.vips))
        return INVESTIGATOR_POINTS * sum(self.odds.get(g, 0.0) for g in near)

    def score(self, placements: Mapping[str, Space], camera: Camera) -> float:
        """The layout's expected score (floats; :func:`expected_score` is the exact twin),
        less ``MISSING`` for each required figure out of the frame."""
        photo = self._photo(placements, camera)
        value = sum(self.guest_values(placements, camera, photo).values())
        if self.required:
            shots = photo.shots
            value -= MISSING * sum(1 for f in self.required if f not in shots or not shots[f].in_frame)
        return value


#: what a layout loses for each figure it must frame and does not (more than any layout scores)
MISSING = 1000.0
