"""Picture Perfect: the score of a player's photo.

A guest in the photo scores by how many of its envelope's wishes are met: 0 -> -3,
1 -> 1, 2 -> 3, 3 -> 6 (``cards.POINTS``); a VIP guest (a VIP card lies in its envelope,
whoever slipped it in) scores double. A guest not on the mat, or on it but wholly out of
the frame, scores 0. The player with the most points wins; ties share the win.
"""

from __future__ import annotations

from typing import Mapping, Sequence

from sherlockkit.games.picture import mat, wishes
from sherlockkit.games.picture.alibis import INVESTIGATORS, IRENE
from sherlockkit.games.picture.cards import CULPRIT_POINTS, INVESTIGATOR_POINTS, IRENE_POINTS, POINTS, VIP_FACTOR, Wish
from sherlockkit.games.picture.guests import NAMES, in_party_order
from sherlockkit.games.picture.events import GuestScore
from sherlockkit.games.picture.mat import Space
from sherlockkit.games.picture.photo import camera_at, take
from sherlockkit.games.picture.state import Envelope, Outcome, State, mat_of


def points(met: int, vip: bool) -> int:
    """The points of a guest in the photo with ``met`` wishes granted (doubled for a VIP)."""
    return POINTS[met] * (VIP_FACTOR if vip else 1)


def culprit_points(met: int, vip: bool) -> int:
    """The culprit's points in the photo with ``met`` of its five wishes granted (doubled
    for a VIP), before Irène's grace."""
    return CULPRIT_POINTS[met] * (VIP_FACTOR if vip else 1)


def score_guest(guest: str, cards: Sequence[Wish], vip: bool, placements: Mapping[str, Space], photo,
                victim: str | None = None, guests: Sequence[str] = NAMES) -> GuestScore:
    """One placed guest of a photo with the wishes ``cards`` (and ``vip``): which are met,
    and its points -- by wishes met when it is in the frame (Irène's grace for a VIP beside
    her with none met, unless she is one of the party's ``guests``), 0 when it is wholly outside."""
    shot = photo.shots[guest]
    met = tuple(wishes.met(card, guest, placements, photo, victim) for card in cards)
    worth = points(sum(met), vip)
    if not irene_is_guest(guests):
        worth = spared(worth, sum(met), guest, placements, vip)
    worth = worth if shot.in_frame else 0
    return GuestScore(guest, placements[guest], shot.in_frame, met, vip, worth)


def photo_of(placements: Mapping[str, Space], at: tuple[int, int]):
    """The photo of a mat taken with the camera at ``at`` = (x, height)."""
    return take(placements, camera_at(*at))


def score_photo(placements: Mapping[str, Space], at: tuple[int, int],
                envelopes: Sequence[Envelope], victim: str | None = None, culprit: str | None = None,
                culprit_cards: Sequence[Wish] = ()) -> tuple[GuestScore, ...]:
    """Each placed guest of a mat, in the party's guest order (that of ``envelopes``),
    with where it stands, whether it is in the frame, which of its wishes are met and its
    points. In a Sherlock party (``culprit`` named) the culprit is scored last, after
    Watson and Holmes (``sherlock_scores``). In the detectives' variant Watson, Holmes and
    Irène, guests with envelopes, score by their wishes like anyone."""
    photo = photo_of(placements, at)
    by_guest = {e.guest: e for e in envelopes}
    guests = in_party_order(by_guest)
    out = []
    for guest in guests:
        if guest not in placements or guest == culprit:
            continue
        envelope = by_guest[guest]
        out.append(score_guest(guest, envelope.cards, envelope.vip, placements, photo, victim, guests))
    if IRENE in placements and not irene_is_guest(guests):
        out.append(irene_score(placements, photo, by_guest))
    if culprit is not None:
        out += sherlock_scores(placements, photo, by_guest[culprit], victim, culprit_cards)
    return tuple(out)


def irene_is_guest(guests: Sequence[str]) -> bool:
    """Whether Irène is one of the party's ``guests`` (the detectives' variant): then her
    VIP rules (5 points a VIP beside her, a VIP beside her with no wish met losing nothing)
    do not apply."""
    return IRENE in guests


def beside_irene(placements: Mapping[str, Space], guest: str) -> bool:
    """Whether ``guest`` stands on a space sharing a side with Irène's."""
    return IRENE in placements and guest in placements and mat.touching(placements[IRENE], placements[guest])


def spared(worth: int, met: int, guest: str, placements: Mapping[str, Space], vip: bool) -> int:
    """A guest's points ``worth`` for ``met`` wishes met, with Irène's grace: a VIP beside
    her with none of its wishes met loses nothing (0); a VIP with one wish met or more
    keeps its points, below 0 as they may be (a VIP culprit with one of five met: -4)."""
    return 0 if vip and met == 0 and beside_irene(placements, guest) else worth


def irene_score(placements: Mapping[str, Space], photo, by_guest) -> GuestScore:
    """Irène in a photo: 5 points for each VIP guest (a VIP card in its envelope) beside
    her, when she is in the frame; ``met`` says, guest by guest in guest order, which VIPs
    stand beside her."""
    vips = tuple(beside_irene(placements, g) for g in in_party_order(by_guest) if by_guest[g].vip)
    shot = photo.shots[IRENE]
    return GuestScore(IRENE, placements[IRENE], shot.in_frame, vips, False,
                      IRENE_POINTS * sum(vips) if shot.in_frame else 0)


def sherlock_scores(placements: Mapping[str, Space], photo, culprit: Envelope, victim: str | None,
                    culprit_cards: Sequence[Wish]) -> list[GuestScore]:
    """Watson and Holmes, then the culprit, as a Sherlock party scores them: an
    investigator in the frame scores 12 standing next to the culprit (sharing a side on
    the mat); the culprit in the frame scores by how many of its five wishes (its
    envelope's three and its two face-up cards) are met, -6 to 12, doubled as a VIP."""
    out = []
    at = placements.get(culprit.guest)
    for investigator in INVESTIGATORS:
        if investigator not in placements:
            continue
        shot = photo.shots[investigator]
        caught = at is not None and mat.touching(placements[investigator], at)
        out.append(GuestScore(investigator, placements[investigator], shot.in_frame, (caught,), False,
                              INVESTIGATOR_POINTS if caught and shot.in_frame else 0))
    if at is not None:
        shot = photo.shots[culprit.guest]
        met = tuple(wishes.met(card, culprit.guest, placements, photo, victim)
                    for card in tuple(culprit.cards) + tuple(culprit_cards))
        worth = culprit_points(sum(met), culprit.vip) if shot.in_frame else 0
        worth = spared(worth, sum(met), culprit.guest, placements, culprit.vip)
        out.append(GuestScore(culprit.guest, at, shot.in_frame, met, culprit.vip, worth))
    return out


def final(state: State) -> Outcome:
    """Every player's photo scored, the totals and the winners (all who share the most)."""
    photos = tuple(score_photo(mat_of(state, p), state.cameras[p], state.envelopes, state.victim, state.culprit,
                               state.culprit_cards) for p in range(state.players))
    scores = tuple(sum(g.points for g in photo) for photo in photos)
    best = max(scores)
    return Outcome(scores, tuple(p for p, s in enumerate(scores) if s == best), photos)
