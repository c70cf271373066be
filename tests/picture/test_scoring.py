"""Picture Perfect: the scoring table, the VIP double, out of frame and unplaced scoring 0,
and the winners."""

from __future__ import annotations

import pytest

from sherlockkit.games.picture import photo, rules, scoring
from sherlockkit.games.picture.cards import ROUNDS, Wish
from sherlockkit.games.picture.state import Envelope, GuestScore
from tests.picture.table import S, all_ready, placed, rig

#: Tom's three wishes: row 2, left, front -- all met on 2A, two on 1A, one on 3A, none on 4D
TOM_WISHES = (Wish("row", row=2), Wish("left"), Wish("front"))
SPOTS = {"2A": 3, "1A": 2, "3A": 1, "4D": 0}


def envelopes(vip: bool = False):
    return [Envelope("Tom", TOM_WISHES, vip)]


@pytest.mark.parametrize("space, met", SPOTS.items())
@pytest.mark.parametrize("vip", [False, True])
def test_the_scoring_table_and_the_vip_double(space, met, vip):
    [guest] = scoring.score_photo(placed({"Tom": space}), (0, 10), envelopes(vip))
    assert sum(guest.met) == met
    assert guest.points == {0: -3, 1: 1, 2: 3, 3: 6}[met] * (2 if vip else 1)


def test_out_of_frame_scores_nothing():
    mat = {"Tom": S("2A"), "Lady Arabella": S("1A")}
    at = (8, 4)
    assert not photo.take(mat, photo.camera_at(*at)).shots["Lady Arabella"].in_frame
    cards = (Wish("row", row=1), Wish("left"), Wish("front"))  # all three met on the mat
    scored = {g.guest: g for g in scoring.score_photo(mat, at, envelopes() + [Envelope("Lady Arabella", cards)])}
    assert scored["Lady Arabella"].met == (True, True, True)
    assert not scored["Lady Arabella"].in_frame and scored["Lady Arabella"].points == 0


def test_an_unplaced_guest_scores_nothing():
    assert scoring.score_photo({}, (0, 10), envelopes()) == ()
    state = rig(2, contents={"Tom": TOM_WISHES}, mats={0: {"Tom": "2A"}}, round=ROUNDS)
    out = rules.outcome(all_ready(state))
    assert out.scores == (6, 0) and out.photos[1] == ()


def test_the_end_scores_each_players_own_photo_with_their_own_camera():
    cards = (Wish("row", row=1), Wish("left"), Wish("front"))
    state = rig(2, contents={"Lady Arabella": cards}, mats={0: {"Lady Arabella": "1A"}, 1: {"Lady Arabella": "1A"}},
                cameras={1: (8, 4)}, round=ROUNDS)
    out = rules.outcome(all_ready(state))
    assert out.scores == (6, 0) and out.winners == (0,)
    assert out.photos[0] == (GuestScore("Lady Arabella", S("1A"), True, (True, True, True), False, 6),)


def test_a_vip_slipped_in_doubles_the_guest_for_every_player():
    state = rig(2, contents={"Tom": TOM_WISHES}, holders={"Tom": 1}, mats={0: {"Tom": "2A"}, 1: {"Tom": "3A"}},
                round=ROUNDS)
    state = rules.play(state, rules.ACTIONS["Vip"](1, "Tom"))
    assert rules.outcome(all_ready(state)).scores == (12, 2)


def test_the_most_points_wins_alone_by_a_single_point():
    state = rig(2, contents={"Tom": TOM_WISHES}, mats={0: {"Tom": "3A"}}, round=ROUNDS)
    out = rules.outcome(all_ready(state))
    assert out.scores == (1, 0) and out.winners == (0,)
