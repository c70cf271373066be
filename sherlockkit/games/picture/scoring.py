"""Picture Perfect: the score of a player's photo.

A guest in the photo scores by how many of its envelope's wishes are met: 0 -> -3,
1 -> 1, 2 -> 3, 3 -> 6 (``cards.POINTS``); a VIP guest (a VIP card lies in its envelope,
whoever slipped it in) scores double. A guest not on the mat, or on it but wholly out of
the frame, scores 0. The player with the most points wins; ties share the win.
"""

from __future__ import annotations

from typing import Mapping, Sequence

from sherlockkit.games.picture import wishes
from sherlockkit.games.picture.cards import POINTS, VIP_FACTOR
from sherlockkit.games.picture.guests import NAMES
from sherlockkit.games.picture.mat import Space
from sherlockkit.games.picture.state import Envelope, GuestScore, Outcome, State, mat_of


def points(met: int, vip: bool) -> int:
    """The points of a guest in the photo with ``met`` wishes granted (doubled for a VIP)."""
    return POINTS[met] * (VIP_FACTOR if vip else 1)


def camera(x: int, height: int):
    """The ``photo.Camera`` at (x, height)."""
    from sherlockkit.games.picture.photo import camera_at

    return camera_at(x, height)


def photo_of(placements: Mapping[str, Space], at: tuple[int, int]):
    """The photo of a mat taken with the camera at ``at`` = (x, height)."""
    from sherlockkit.games.picture.photo import take

    return take(placements, camera(*at))


def score_photo(placements: Mapping[str, Space], at: tuple[int, int],
                envelopes: Sequence[Envelope]) -> tuple[GuestScore, ...]:
    """Each placed guest of a mat, in guest order, with where it stands, whether it is in
    the frame, which of its wishes are met and its points."""
    photo = photo_of(placements, at)
    by_guest = {e.guest: e for e in envelopes}
    out = []
    for guest in NAMES:
        if guest not in placements:
            continue
        envelope = by_guest[guest]
        shot = photo.shots[guest]
        met = tuple(wishes.met(card, guest, placements, photo) for card in envelope.cards)
        worth = points(sum(met), envelope.vip) if shot.in_frame else 0
        out.append(GuestScore(guest, placements[guest], shot.in_frame, met, envelope.vip, worth))
    return tuple(out)


def final(state: State) -> Outcome:
    """Every player's photo scored, the totals and the winners (all who share the most)."""
    photos = tuple(score_photo(mat_of(state, p), state.cameras[p], state.envelopes) for p in range(state.players))
    scores = tuple(sum(g.points for g in photo) for photo in photos)
    best = max(scores)
    return Outcome(scores, tuple(p for p, s in enumerate(scores) if s == best), photos)
