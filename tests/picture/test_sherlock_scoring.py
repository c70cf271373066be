"""The Sherlock expansion's scoring (issue 14): Watson and Holmes (12 next to the
culprit, both in the photo before the last Ready), the culprit's five wishes and its
table, the victim and the coffin, the twelve new cards, the culprit scored last."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from sherlockkit.engine import IllegalAction
from sherlockkit.games.picture import rules, scoring, wishes
from sherlockkit.games.picture.phases import last_round
from sherlockkit.games.picture.alibis import INVESTIGATORS
from sherlockkit.games.picture.cards import (
    AVOID_INVESTIGATORS, CULPRIT_CARD, CULPRIT_POINTS, FRONT, HIDE, LEFT, NEXT_TO, NEXT_TO_VICTIM, NO_FACE, ROW, TABLE,
    UNSEEN, WITH, Wish,
)
from sherlockkit.games.picture.guests import NAMES
from sherlockkit.games.picture.photo import DEFAULT_CAMERA
from sherlockkit.games.picture.state import ARRANGING, OVER, Envelope, Place, Ready, with_mat

from .table import placed

AT = (DEFAULT_CAMERA.x, DEFAULT_CAMERA.height)
CULPRIT, VICTIM = "the Colonel", "Lady Arabella"
WAY_OUT = Wish(FRONT)


def envelopes(culprit_cards=(Wish(ROW, row=2), Wish(LEFT), Wish(TABLE)), vip=False, **more):
    """Envelopes for every guest (plain cards), the culprit's as given."""
    out = []
    for g in NAMES:
        cards = more.get(g, (Wish(ROW, row=4), Wish(ROW, row=3), Wish(LEFT)))
        if g == CULPRIT:
            cards = culprit_cards
        out.append(Envelope(g, tuple(cards), vip and g == CULPRIT))
    return out


def score(mat, envs=None, at=AT):
    scored = scoring.score_photo(placed(mat), at, envs or envelopes(), VICTIM, CULPRIT, (CULPRIT_CARD, WAY_OUT))
    return scored


def test_culprits_points_table_is_ours():
    assert CULPRIT_POINTS == {0: -6, 1: -2, 2: 1, 3: 4, 4: 8, 5: 12}


def test_culprit_scores_its_five_wishes_last():
    # on 2A: row 2 yes, left yes, at the table no, no investigator next to it yes, front rows yes
    scored = score({CULPRIT: "2A", "Tom": "4D"})
    assert [g.guest for g in scored] == ["Tom", CULPRIT]
    culprit = scored[-1]
    assert culprit.met == (True, True, False, True, True) and culprit.points == 8


def test_watson_next_to_the_culprit_scores_12_and_spoils_its_wish():
    scored = score({CULPRIT: "2A", "Watson": "2B", "Holmes": "4D", "Tom": "3C"})
    assert [g.guest for g in scored] == ["Tom", "Watson", "Holmes", CULPRIT]
    by = {g.guest: g for g in scored}
    assert by["Watson"].points == 12 and by["Watson"].met == (True,)
    assert by["Holmes"].points == 0
    assert by[CULPRIT].met == (True, True, False, False, True) and by[CULPRIT].points == CULPRIT_POINTS[3]


def test_vip_culprit_scores_double():
    scored = score({CULPRIT: "2A"}, envelopes(vip=True))
    assert scored[-1].points == 2 * CULPRIT_POINTS[4]


def test_the_base_score_is_unchanged_without_a_culprit():
    mat = placed({CULPRIT: "2A", "Tom": "4D"})
    base = scoring.score_photo(mat, AT, envelopes())
    assert [g.guest for g in base] == [CULPRIT, "Tom"] and len(base[0].met) == 3


@pytest.mark.parametrize("space,expected", [("2B", True), ("1A", True), ("1D", True), ("3A", False), ("2A", False)])
def test_next_to_the_victim_means_next_to_the_coffin(space, expected):
    photo = scoring.photo_of(placed({"Tom": space}), AT)
    mat = placed({"Tom": space})
    assert wishes.met(Wish(NEXT_TO_VICTIM), "Tom", mat, photo, VICTIM) is expected
    assert wishes.met(Wish(NEXT_TO, guest=VICTIM), "Tom", mat, photo, VICTIM) is expected
    # without a victim (the base game) a card naming an absent guest is never met
    assert wishes.met(Wish(NEXT_TO, guest=VICTIM), "Tom", mat, photo) is False


@pytest.mark.parametrize("space,expected", [("1A", True), ("1D", True), ("2B", True), ("2C", True), ("3B", False),
                                            ("2A", False)])
def test_at_the_table_means_beside_the_coffin(space, expected):
    """The table turned over is the coffin, on the same two spaces: "I want to stand at the
    table" is met beside it, as "next to the victim" is (a decision)."""
    mat = placed({"Tom": space})
    photo = scoring.photo_of(mat, AT)
    assert wishes.met(Wish(TABLE), "Tom", mat, photo, VICTIM) is expected
    assert wishes.met(Wish(NEXT_TO_VICTIM), "Tom", mat, photo, VICTIM) is expected
    scored = score({"Tom": space}, envelopes(Tom=(Wish(TABLE), Wish(ROW, row=4), Wish(ROW, row=3))))
    assert scored[0].guest == "Tom" and scored[0].met[0] is expected


def test_the_coffin_covers_what_the_table_covers():
    """The coffin stands where the table stood and hides the rows behind it alike (a
    decision): Biscuit on 2B has his face cut by it, so his "my face not visible" is met
    in a Sherlock party's photo as in the base game's, and the two photos are one."""
    mat = placed({"Biscuit": "2B", "Tom": "3B"})
    cards = (Wish(NO_FACE), Wish(ROW, row=4), Wish(ROW, row=3))
    scored = score({"Biscuit": "2B", "Tom": "3B"}, envelopes(Biscuit=cards))
    biscuit = next(g for g in scored if g.guest == "Biscuit")
    assert (biscuit.met, biscuit.points) == ((True, False, False), 1)
    base = scoring.score_photo(mat, AT, envelopes(Biscuit=cards))
    assert next(g for g in base if g.guest == "Biscuit") == biscuit
    photo = scoring.photo_of(mat, AT)
    assert photo.shots["Biscuit"].face_covered_by == {"table"} and not photo.shots["Biscuit"].face_visible


def test_hiding_the_victims_face_is_never_met():
    mat = placed({"Tom": "2B", "Polly": "3B"})
    photo = scoring.photo_of(mat, AT)
    assert not wishes.met(Wish(HIDE, guest=VICTIM), "Tom", mat, photo, VICTIM)


def test_not_seen_at_all():
    mat = placed({"the Colonel": "2B", "Tom": "3B"})
    photo = scoring.photo_of(mat, AT)
    assert photo.shots["Tom"].in_frame and not photo.shots["Tom"].seen
    assert wishes.met(Wish(UNSEEN), "Tom", mat, photo)
    alone = placed({"Tom": "3B"})
    assert not wishes.met(Wish(UNSEEN), "Tom", alone, scoring.photo_of(alone, AT))


def test_not_seen_at_all_needs_the_guest_in_the_frame():
    """Met only in the frame with no part of the guest visible: a guest wholly outside the
    frame is not "in the picture" (Tom on 1D, the camera 8 across to the left: out of it)."""
    out = placed({"Tom": "1D"})
    photo = scoring.photo_of(out, (-8, 10))
    assert (photo.shots["Tom"].in_frame, photo.shots["Tom"].seen) == (False, False)
    assert wishes.met(Wish(UNSEEN), "Tom", out, photo) is False
    # in the frame and covered whole by the Colonel in front: met
    hidden = placed({"the Colonel": "2B", "Tom": "3B"})
    photo = scoring.photo_of(hidden, AT)
    assert (photo.shots["Tom"].in_frame, photo.shots["Tom"].seen) == (True, False)
    assert wishes.met(Wish(UNSEEN), "Tom", hidden, photo) is True


@pytest.mark.parametrize("space,expected", [("2A", False), ("2B", True), ("3B", False)])
def test_not_next_to_watson_or_holmes(space, expected):
    mat = placed({"Tom": space, "Holmes": "2C"})
    assert wishes.met(Wish(AVOID_INVESTIGATORS), "Tom", mat, scoring.photo_of(mat, AT)) is (not expected)


def test_photographed_with_an_investigator():
    card = Wish(WITH, guest="Watson")
    mat = placed({"Watson": "2B", "Tom": "2A"})
    photo = scoring.photo_of(mat, AT)
    assert wishes.met(card, "Tom", mat, photo)
    # a nearer face that shows wins; once it is the only one, it is met for it
    closer = placed({"Watson": "2B", "Tom": "2A", "Polly": "2C"})
    photo = scoring.photo_of(closer, AT)
    from sherlockkit.games.picture.photo import face_distance2
    tom, polly = face_distance2(photo, "Tom", "Watson"), face_distance2(photo, "Polly", "Watson")
    assert tom != polly
    assert wishes.met(card, "Tom", closer, photo) is (tom < polly)
    assert wishes.met(card, "Polly", closer, photo) is (polly < tom)
    # Watson himself always has it; without Watson in the photo nobody does
    assert wishes.photographed_with("Watson", "Watson", photo)
    none = placed({"Tom": "2A"})
    assert not wishes.met(card, "Tom", none, scoring.photo_of(none, AT))


@pytest.mark.parametrize("mat,at,hidden_by", [
    ({"Watson": "3B", "Tom": "3A", "Captain Thorne": "2B"}, AT, {"Captain Thorne"}),  # covered by a nearer figure
    ({"Watson": "1A", "Tom": "2A"}, (0, 4), set()),  # cut by the top of the frame (the camera low)
])
def test_photographed_with_needs_the_investigators_face(mat, at, hidden_by):
    """Tom, his face showing, beside Watson, no other face in the photo: not met, because
    Watson's own face does not wholly show."""
    mat = placed(mat)
    photo = scoring.photo_of(mat, at)
    tom, watson = photo.shots["Tom"], photo.shots["Watson"]
    assert (tom.face_visible, watson.in_frame, watson.face_visible) == (True, True, False)
    assert set(watson.face_covered_by) == hidden_by
    assert wishes.met(Wish(WITH, guest="Watson"), "Tom", mat, photo) is False


@pytest.mark.parametrize("rival,space,watson,tom,face", [
    ("Captain Thorne", "2C", "2B", "2A", "the Colonel"),  # seen from behind: his head is nearer
    ("the Aspidistra", "2C", "2B", "2A", "the Colonel"),  # no face: its head (the leaves' top) is nearer
    ("Biscuit", "2B", "3B", "3A", "Polly"),  # his face is nearer, but the table cuts it
])
def test_photographed_with_counts_only_faces_that_wholly_show(rival, space, watson, tom, face):
    """A figure nearer Watson than Tom's face, whose own face does not wholly show, is no
    rival: Tom's wish is met. The same place held by a figure whose whole face shows
    (``face``), nearer too, makes it fail."""
    from sherlockkit.games.picture.photo import face_distance2

    mat = placed({"Watson": watson, "Tom": tom, rival: space})
    photo = scoring.photo_of(mat, AT)
    assert face_distance2(photo, rival, "Watson") < face_distance2(photo, "Tom", "Watson")
    assert photo.shots[rival].head_seen and not photo.shots[rival].face_visible
    assert photo.shots["Tom"].face_visible and photo.shots["Watson"].face_visible
    assert wishes.met(Wish(WITH, guest="Watson"), "Tom", mat, photo) is True
    shown = placed({"Watson": watson, "Tom": tom, face: space})
    photo = scoring.photo_of(shown, AT)
    assert photo.shots[face].face_visible and photo.shots["Watson"].face_visible
    assert face_distance2(photo, face, "Watson") < face_distance2(photo, "Tom", "Watson")
    assert wishes.met(Wish(WITH, guest="Watson"), "Tom", shown, photo) is False


def test_photographed_with_a_tie_fails():
    """Two faces equally near: built from a photo with one guest, mirrored in x."""
    from sherlockkit.games.picture import photo as ph

    mat = placed({"Watson": "2B", "Tom": "2A", "Polly": "2C"})
    photo = scoring.photo_of(mat, AT)
    tom = photo.shots["Tom"]
    twin = replace(photo.shots["Polly"], face=tom.face, head=tom.head, face_visible=True)
    shots = dict(photo.shots)
    shots["Polly"] = twin
    tied = replace(photo, shots=shots)
    assert ph.face_distance2(tied, "Tom", "Watson") == ph.face_distance2(tied, "Polly", "Watson")
    assert not wishes.photographed_with("Watson", "Tom", tied)


def test_the_plant_counts_its_nearest_part():
    mat = placed({"Holmes": "2B", "the Aspidistra": "2A"})
    photo = scoring.photo_of(mat, AT)
    assert photo.shots["the Aspidistra"].seen
    assert wishes.met(Wish(WITH, guest="Holmes"), "the Aspidistra", mat, photo)
    hidden = placed({"Holmes": "2B", "the Aspidistra": "4A", "the Colonel": "3A", "Mrs Pike": "2A"})
    photo = scoring.photo_of(hidden, AT)
    if not photo.shots["the Aspidistra"].seen:
        assert not wishes.met(Wish(WITH, guest="Holmes"), "the Aspidistra", hidden, photo)


def _last_round(seed=3, players=2):
    state = rules.new(seed, players=players, sherlock=True)
    rng = random.Random(seed)
    while not (state.phase == ARRANGING and state.round == last_round(state)):
        actions = rules.legal_actions(state)
        ready = [a for a in actions if isinstance(a, Ready)]
        state = rules.play(state, ready[0] if ready else rng.choice(actions))
    return state


def test_ready_refused_until_watson_and_holmes_are_in_the_photo():
    state = _last_round()
    with pytest.raises(IllegalAction, match="Watson and Holmes must be in your photo"):
        rules.play(state, Ready(0))
    assert Ready(0) not in rules.legal_actions(state, 0)
    state = rules.play(state, Place(0, "Watson", "2B"))
    with pytest.raises(IllegalAction, match="Holmes must be in your photo"):
        rules.play(state, Ready(0))
    state = rules.play(state, Place(0, "Holmes", "2C"))
    assert Ready(0) in rules.legal_actions(state, 0)
    state = rules.play(rules.play(rules.play(state, Ready(0)), Place(1, "Watson", "3B")), Place(1, "Holmes", "3C"))
    state = rules.play(state, Ready(1))
    assert state.phase == OVER
    scored = state.result.photos[0]
    assert [g.guest for g in scored if g.guest in INVESTIGATORS] == ["Watson", "Holmes"]
    assert state.result.scores == tuple(sum(g.points for g in photo) for photo in state.result.photos)


def test_earlier_rounds_and_the_base_game_need_no_investigator():
    state = rules.new(3, players=2, sherlock=True)
    rng = random.Random(0)
    while state.phase != ARRANGING:
        state = rules.play(state, rng.choice(rules.legal_actions(state)))
    assert Ready(0) in rules.legal_actions(state, 0)


def test_the_final_score_uses_the_state_culprit():
    state = _last_round(5)
    culprit = state.culprit
    mats = {p: {culprit: "2B", "Watson": "2A", "Holmes": "2C"} for p in range(2)}
    state = replace(state, mats=tuple(with_mat(placed(mats[p])) for p in range(2)))
    state = rules.play(rules.play(state, Ready(0)), Ready(1))
    photo = state.result.photos[0]
    assert photo[-1].guest == culprit and len(photo[-1].met) == 5
    assert [g.points for g in photo if g.guest in INVESTIGATORS] == [12, 12]


def _pairwise_with(investigator: str, guest: str, photo) -> bool:
    """The wish "photographed with" read one pair at a time, as the rule says it: the
    investigator's whole face shows; the guest shows enough of itself (the plant: seen, its
    outline's nearest point) and is strictly nearer his face than every other figure whose
    whole face shows."""
    from sherlockkit.games.picture.guests import PLANT, any_guest_named
    from sherlockkit.games.picture.photo import face_gap, face_point, on_grid
    if guest == investigator:
        return True
    shots = photo.shots
    them, me = shots.get(investigator), shots.get(guest)
    if them is None or me is None or not them.face_visible:
        return False
    if any_guest_named(guest).kind == PLANT:
        if not me.seen:
            return False
        u, v = face_point(them)
        mine = min(max(2 * l - u, 0, u - 2 * r) ** 2 + max(2 * b - v, 0, v - 2 * t) ** 2
                   for l, r, b, t in (on_grid(p) for p in me.parts))
    elif (me.face_visible if me.face is not None else me.head_seen):
        mine = face_gap(photo, guest, investigator)
    else:
        return False
    return all(mine < face_gap(photo, other, investigator) for other, shot in shots.items()
               if other not in (guest, investigator) and shot.face is not None and shot.face_visible)


@pytest.mark.parametrize("seed", range(3))
def test_who_is_photographed_with_an_investigator_read_once_a_photo_is_the_pairwise_reading(seed):
    """``wishes.photographed_with_him`` (every figure at once, kept with the photo) names
    exactly the figures the pair-by-pair reading grants, over random crowded photos; and
    who hides whose face is each shot's own list, read the other way round."""
    from sherlockkit.games.picture.figures import FIGURE_NAMES
    from sherlockkit.games.picture.mat import SPACES
    from sherlockkit.games.picture.photo import CAMERA_HEIGHTS, CAMERA_XS, Camera, take
    rng = random.Random(seed)
    granted = 0
    for _ in range(60):
        k = rng.randint(6, len(SPACES))
        names = rng.sample([n for n in FIGURE_NAMES if n not in INVESTIGATORS], k - 2) + list(INVESTIGATORS)
        shot = take(dict(zip(names, rng.sample(SPACES, k))), Camera(rng.choice(CAMERA_XS), rng.choice(CAMERA_HEIGHTS)))
        for investigator in INVESTIGATORS:
            expected = {g for g in shot.shots if g != investigator and _pairwise_with(investigator, g, shot)}
            assert wishes.photographed_with_him(investigator, shot) == expected
            granted += len(expected)
        for guest in shot.shots:
            assert wishes.faces_hidden_by(guest, shot) == {x for x, s in shot.shots.items() if guest in s.face_covered_by}
    assert granted > 10
