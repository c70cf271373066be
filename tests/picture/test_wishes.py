"""Picture Perfect: every kind of wish met and not met, on rigged mats; the two wishes
about faces on rigged photos (the covering checked on the photo first)."""

from __future__ import annotations

import pytest

from sherlockkit.games.picture import photo, wishes
from sherlockkit.games.picture.cards import PREFERENCES, Wish
from tests.picture.table import placed

CAMERA = photo.DEFAULT_CAMERA


def met(card: Wish, guest: str, pairs: dict[str, str], camera=CAMERA) -> bool:
    mat = placed(pairs)
    return wishes.met(card, guest, mat, photo.take(mat, camera))


@pytest.mark.parametrize("card, yes, no", [
    (Wish("row", row=1), "1A", "2A"), (Wish("row", row=2), "2B", "3B"), (Wish("row", row=3), "3C", "4C"),
    (Wish("row", row=4), "4D", "3D"),
    (Wish("front"), "2D", "3D"), (Wish("front"), "1A", "4A"), (Wish("back"), "3A", "2A"), (Wish("back"), "4B", "1D"),
    (Wish("last"), "4C", "3C"),
    (Wish("left"), "3A", "3B"), (Wish("right"), "2D", "2C"),
    (Wish("centre"), "2B", "2A"), (Wish("centre"), "4C", "4D"),
    (Wish("table"), "2B", "3B"), (Wish("table"), "1A", "2A"), (Wish("table"), "1D", "2D"),
])
def test_places_on_the_mat(card, yes, no):
    assert met(card, "Tom", {"Tom": yes})
    assert not met(card, "Tom", {"Tom": no})


def test_a_guest_not_on_the_mat_has_no_wish_met():
    for card in set(PREFERENCES):
        assert not met(card, "Tom", {"Polly": "2A"})


def test_next_to_means_sharing_a_side():
    card = Wish("next to", guest="Polly")
    assert met(card, "Tom", {"Tom": "2A", "Polly": "3A"})
    assert met(card, "Tom", {"Tom": "2B", "Polly": "2C"})
    assert not met(card, "Tom", {"Tom": "2A", "Polly": "3B"})  # corners do not touch
    assert not met(card, "Tom", {"Tom": "2A"})  # Polly not placed
    assert not met(card, "Tom", {"Tom": "1A", "Polly": "1D"})


def test_not_next_to_a_man_or_a_woman_means_the_grown_ups():
    no_man, no_woman = Wish("no man"), Wish("no woman")
    assert met(no_man, "Tom", {"Tom": "2A"})
    assert not met(no_man, "Tom", {"Tom": "2A", "the Colonel": "3A"})
    assert met(no_man, "Tom", {"Tom": "2A", "the Colonel": "3B", "Lady Arabella": "2B"})
    assert not met(no_woman, "Tom", {"Tom": "2A", "Lady Arabella": "2B"})
    assert met(no_woman, "Tom", {"Tom": "2A", "Polly": "2B", "Biscuit": "1A", "the Aspidistra": "3A"})
    assert met(no_man, "the Colonel", {"the Colonel": "2A"})  # a man is not next to himself


def test_my_face_not_visible_on_rigged_photos():
    card = Wish("no face")
    pairs = {"the Colonel": "1A", "Mrs Pike": "2A"}
    shot = photo.take(placed(pairs), CAMERA).shots["Mrs Pike"]
    assert shot.in_frame and not shot.face_visible  # the photo as rigged: the Colonel covers her face
    assert met(card, "Mrs Pike", pairs)
    alone = photo.take(placed({"Mrs Pike": "2A"}), CAMERA).shots["Mrs Pike"]
    assert alone.face_visible
    assert not met(card, "Mrs Pike", {"Mrs Pike": "2A"})
    assert met(card, "Miss Ashby", {"Miss Ashby": "2A"})  # shows no face: always met
    out = photo.camera_at(8, 4)
    assert not photo.take(placed({"Lady Arabella": "1A"}), out).shots["Lady Arabella"].in_frame
    assert not met(card, "Lady Arabella", {"Lady Arabella": "1A"}, out)  # not in the photo at all


def test_hide_a_face_on_rigged_photos():
    card = Wish("hide", guest="Mrs Pike")
    pairs = {"the Colonel": "1A", "Mrs Pike": "2A"}
    assert "the Colonel" in photo.take(placed(pairs), CAMERA).shots["Mrs Pike"].face_covered_by
    assert met(card, "the Colonel", pairs)
    assert not met(card, "Tom", {**pairs, "Tom": "4D"})  # someone else covers her, not Tom
    assert not met(card, "the Colonel", {"the Colonel": "1A", "Mrs Pike": "3D"})
    assert not met(card, "the Colonel", {"the Colonel": "1A"})  # Mrs Pike not placed


def test_only_the_face_wishes_need_the_photo():
    assert {c.kind for c in PREFERENCES if wishes.needs_photo(c)} == {"no face", "hide"}


def test_the_photo_wishes_read_nothing_of_the_photo_but_what_as_photographed_says():
    """Over random layouts of a Sherlock party's figures under random cameras, any two
    photos that give a guest the same ``as_photographed`` reading grant it the same photo
    wishes, card by card (the bots' search remembers a guest's value by that reading)."""
    import random

    from sherlockkit.games.picture.cards import SHERLOCK_PREFERENCES
    from sherlockkit.games.picture.figures import FIGURE_NAMES
    from sherlockkit.games.picture.mat import SPACES

    cards = [c for c in set(PREFERENCES) | set(SHERLOCK_PREFERENCES) if wishes.needs_photo(c)]
    investigators = ("Holmes", "Watson")
    rng = random.Random(7)
    granted: dict[tuple, tuple] = {}
    compared = 0
    for _ in range(300):
        k = rng.randint(2, len(SPACES))
        placements = dict(zip(rng.sample(FIGURE_NAMES, k), rng.sample(SPACES, k)))
        shot = photo.take(placements, photo.Camera(rng.choice(photo.CAMERA_XS), rng.choice(photo.CAMERA_HEIGHTS)))
        for guest in placements:
            reading = (guest, wishes.as_photographed(guest, shot, investigators))
            judged = tuple(wishes.met(c, guest, placements, shot) for c in cards)
            compared += reading in granted
            assert granted.setdefault(reading, judged) == judged, (guest, reading)
    assert compared > 1000  # readings met again, or the test proves nothing
    assert {c.kind for c in cards} == {"no face", "hide", "not seen at all", "photographed with"}
