"""The photo of Picture Perfect: hand-drawn cases of covering, the frame, ties, the table
and the camera, checked exactly; the covering checked against a brute force on random
layouts; the stage's promise that two figures of one row never overlap."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

from sherlockkit.games.picture import figures, photo
from sherlockkit.games.picture.figures import FIGURE_NAMES, FIGURES, _figure
from sherlockkit.games.picture.guests import GUESTS, NAMES
from sherlockkit.games.picture.mat import SPACES, Space
from sherlockkit.games.picture.photo import (
    CAMERA_HEIGHTS, CAMERA_XS, DEFAULT_CAMERA, FRAME, Camera, camera_at, face_distance2, take)

CAMERAS = [Camera(x, h) for x in CAMERA_XS for h in CAMERA_HEIGHTS]


def _clear():
    photo._seen.cache_clear()


@pytest.fixture
def drawn(monkeypatch):
    """Stand hand-drawn figures on the stage instead of the guests: ``drawn(figure, ...)``."""
    def use(*figs):
        monkeypatch.setattr(photo, "FIGURES", {f.name: f for f in figs})
        _clear()
    yield use
    _clear()


# A block standing on 1A, seen by a camera at (0, 6): it shows at u -18..-12, v -4.5..6.
FRONT = _figure("front", None, ("head", -3, 3, 1.5, 12))
LOW = Camera(0, 6)


def test_a_figure_exactly_behind_one_of_the_same_outline_is_covered_entirely(drawn):
    # on 2A (scale 3/4) this box shows exactly where FRONT does: u -18..-12, v -4.5..6
    behind = _figure("behind", (-7, -3, 8, 12), ("head", -9, -1, 0, 14))
    drawn(FRONT, behind)
    shots = take({"front": Space(1, 1), "behind": Space(2, 1)}, LOW).shots
    assert shots["behind"].parts == shots["front"].parts
    assert shots["behind"].in_frame and not shots["behind"].seen and not shots["behind"].head_seen
    assert not shots["behind"].face_visible and shots["behind"].face_covered_by == {"front"}
    assert shots["front"].seen and shots["front"].head_seen


def test_edges_that_touch_cover_nothing_and_half_a_unit_more_covers(drawn):
    # on 2A this box shows at u -12..-6: its left edge on FRONT's right edge
    touching = _figure("touching", (-1, 1, 8, 12), ("head", -1, 7, 0, 14))
    drawn(FRONT, touching)
    shot = take({"front": Space(1, 1), "touching": Space(2, 1)}, LOW).shots["touching"]
    assert shot.parts[0].left == -12 == take({"front": Space(1, 1)}, LOW).shots["front"].parts[0].right
    assert shot.seen and shot.face_visible and shot.face_covered_by == frozenset()
    assert shot.face.left == -12  # the face too touches FRONT's edge
    # half a unit to the left, its face overlaps FRONT by 3/8 of a unit
    over = _figure("touching", (-1.5, 0.5, 8, 12), ("head", -1.5, 6.5, 0, 14))
    drawn(FRONT, over)
    shot = take({"front": Space(1, 1), "touching": Space(2, 1)}, LOW).shots["touching"]
    assert shot.face.left == Fraction(-99, 8)
    assert shot.seen and shot.head_seen and not shot.face_visible and shot.face_covered_by == {"front"}


def test_a_face_covered_by_one_unit_is_not_visible(drawn):
    # the face on 2A shows at u -12..-9; a front block reaching to u -11 covers one unit of it
    face = _figure("face", (-1, 3, 8, 12), ("head", -1, 3, 8, 12))
    reach = _figure("reach", None, ("head", -3, 4, 1.5, 12))
    drawn(reach, face)
    shot = take({"reach": Space(1, 1), "face": Space(2, 1)}, LOW).shots["face"]
    assert shot.face.left == -12 and shot.face.right == -9
    assert take({"reach": Space(1, 1)}, LOW).shots["reach"].parts[0].right == -11
    assert not shot.face_visible and shot.face_covered_by == {"reach"}
    assert shot.seen and shot.head_seen  # two units of it still show
    # a front block reaching only to the face's edge (u -12) covers nothing of it
    drawn(FRONT, face)
    shot = take({"front": Space(1, 1), "face": Space(2, 1)}, LOW).shots["face"]
    assert shot.face_visible and shot.face_covered_by == frozenset()


@pytest.mark.parametrize("camera", [DEFAULT_CAMERA, Camera(-8, 4), Camera(5, 17)])
def test_ties_two_faces_equidistant_from_a_third(camera):
    # three grown-ups whose faces are at the same height, side by side in row 2
    shots = {"the Colonel": Space(2, 2), "Doctor Vale": Space(2, 1), "Watson": Space(2, 3)}
    for name in shots:
        assert FIGURES[name].face == FIGURES["the Colonel"].face
    picture = take(shots, camera)
    left, right = face_distance2(picture, "the Colonel", "Doctor Vale"), face_distance2(picture, "the Colonel", "Watson")
    assert left == right == Fraction(15, 2) ** 2  # 10 units apart, at row 2's scale of 3/4
    assert isinstance(left, Fraction)
    assert face_distance2(picture, "Doctor Vale", "Watson") == 4 * left
    assert face_distance2(picture, "Watson", "Watson") == 0


def test_face_distance_uses_the_head_of_a_figure_showing_no_face():
    picture = take({"Miss Ashby": Space(2, 1), "Mrs Pike": Space(2, 2)}, DEFAULT_CAMERA)
    ashby, pike = picture.shots["Miss Ashby"], picture.shots["Mrs Pike"]
    assert ashby.face is None
    # her head (10 to 12.5 up) and Mrs Pike's face (10.5 to 12) are centred at 11.25 up,
    # 1.25 above the camera: 15/16 in the photo at row 2's scale of 3/4
    assert ashby.head.centre == (Fraction(-45, 4), Fraction(15, 16))
    assert pike.face.centre == (Fraction(-15, 4), Fraction(15, 16))
    assert face_distance2(picture, "Miss Ashby", "Mrs Pike") == Fraction(15, 2) ** 2
    # Tom's face is centred 8 up, hers 11.25: 3.25 apart, 39/16 in the photo
    tom = take({"Tom": Space(2, 1), "Mrs Pike": Space(2, 2)}, DEFAULT_CAMERA)
    assert face_distance2(tom, "Tom", "Mrs Pike") == Fraction(15, 2) ** 2 + Fraction(39, 16) ** 2


def test_the_table_covers_a_row_2_figures_legs_but_not_its_face():
    picture = take({"the Colonel": Space(2, 2)}, DEFAULT_CAMERA)
    shot, table = picture.shots["the Colonel"], picture.table
    legs = shot.parts[0]
    assert table.bottom < legs.top and legs.bottom < table.top and table.left < legs.left < legs.right < table.right
    assert shot.face_visible and shot.face_covered_by == frozenset() and shot.seen
    # the dog on the same space shows its face just over the table's edge: covered
    dog = take({"Biscuit": Space(2, 2)}, DEFAULT_CAMERA).shots["Biscuit"]
    assert dog.face_covered_by == {"table"} and not dog.face_visible and dog.seen
    # from low down the table hides the dog altogether
    dog = take({"Biscuit": Space(2, 2)}, camera_at(0, 4)).shots["Biscuit"]
    assert dog.in_frame and not dog.seen and not dog.head_seen


def test_the_table_never_covers_row_1():
    for camera in CAMERAS[::7]:
        for name in ("Biscuit", "Tom", "the Colonel"):
            shot = take({name: Space(1, 1)}, camera).shots[name]
            assert "table" not in shot.face_covered_by
            assert shot.seen == shot.in_frame


def test_figures_outside_the_frame_are_not_in_the_photo():
    # Polly on the front left, the camera far right: all of her left of the frame's edge
    polly = take({"Polly": Space(1, 1)}, camera_at(8, 10)).shots["Polly"]
    assert max(p.right for p in polly.parts) < FRAME.left
    assert not polly.in_frame and not polly.seen and not polly.head_seen and not polly.face_visible
    assert polly.face_covered_by == frozenset()
    # the dog in front, the camera high: below the frame's bottom edge
    dog = take({"Biscuit": Space(1, 4)}, camera_at(0, 18)).shots["Biscuit"]
    assert not dog.in_frame and not dog.seen
    # half in: Tom's hoop reaches into the frame, his face does not
    tom = take({"Tom": Space(1, 1)}, camera_at(8, 10)).shots["Tom"]
    assert tom.in_frame and tom.seen and not tom.face_visible and not tom.head_seen


def test_a_face_cut_by_the_frame_is_not_visible():
    # from 6 high the tall clerk's face in front crosses the frame's top edge
    wren = take({"Mr Wren": Space(1, 1)}, camera_at(0, 6)).shots["Mr Wren"]
    assert wren.face.bottom < FRAME.top < wren.face.top
    assert wren.seen and wren.head_seen and not wren.face_visible and wren.face_covered_by == frozenset()


def test_moving_the_camera_shows_a_hidden_face():
    # up: the Colonel in front of Mrs Pike hides her face from 10 high, not from 12
    placed = {"the Colonel": Space(1, 1), "Mrs Pike": Space(2, 1)}
    assert take(placed, DEFAULT_CAMERA).shots["Mrs Pike"].face_covered_by == {"the Colonel"}
    assert take(placed, camera_at(0, 12)).shots["Mrs Pike"].face_visible
    # sideways: Signora Bellini two rows in front hides the clerk's face until the camera
    # stands 3 to the right
    placed = {"Signora Bellini": Space(2, 2), "Mr Wren": Space(4, 2)}
    assert take(placed, camera_at(2, 10)).shots["Mr Wren"].face_covered_by == {"Signora Bellini"}
    assert take(placed, camera_at(3, 10)).shots["Mr Wren"].face_visible


def test_nobody_s_face_shows_for_figures_without_one():
    for name in ("Miss Ashby", "Captain Thorne", "Madame Roche", "the Aspidistra"):
        shot = take({name: Space(2, 1)}, DEFAULT_CAMERA).shots[name]
        assert shot.face is None and not shot.face_visible and shot.seen and shot.head_seen
    assert FIGURES["Biscuit"].face is not None


placements = st.lists(st.sampled_from(SPACES), min_size=len(NAMES), max_size=len(NAMES), unique=True).flatmap(
    lambda spaces: st.integers(0, len(NAMES)).map(lambda k: dict(zip(NAMES[:k], spaces))))


@settings(max_examples=60, deadline=None)
@given(placements, st.sampled_from(CAMERAS), st.sampled_from(CAMERAS), st.randoms(use_true_random=False))
def test_the_camera_never_changes_who_is_placed_and_order_does_not_matter(placed, one, other, rng):
    first = take(placed, one)
    assert set(first.shots) == set(take(placed, other).shots) == set(placed)
    items = list(placed.items())
    rng.shuffle(items)
    _clear()
    again = take(dict(items), one)
    assert dict(again.shots) == dict(first.shots) and again.table == first.table
    assert list(again.shots) == list(first.shots)  # the same order too: farthest row first


@pytest.mark.exhaustive  # every pair, every camera: make test runs it, make check leaves it out
def test_two_figures_of_one_row_never_overlap_at_any_camera():
    """Every pair of figures on every pair of spaces of one row, from every camera: no part
    of one shares any area with a part of the other, nor with the table in row 1. When the
    rightmost edge of every figure on the left space is left of the leftmost edge of every
    figure on the right one, that settles all the pairs there at once."""
    pairs = 0
    for camera in CAMERAS:
        table = photo._table(camera)[1]
        for row in range(1, 5):
            spaces = [s for s in SPACES if s.row == row]
            seen = {s: [photo._seen(n, s, camera) for n in FIGURE_NAMES] for s in spaces}
            for i, a in enumerate(spaces):
                for b in spaces[i + 1:]:
                    pairs += 1
                    if max(x.bounds[1] for x in seen[a]) <= min(y.bounds[0] for y in seen[b]):
                        continue
                    for x in seen[a]:
                        for y in seen[b]:
                            assert not any(photo._overlap(p, q) for p in x.grid_parts for q in y.grid_parts), (a, b, camera)
                if row == 1:
                    for x in seen[a]:
                        assert not any(photo._overlap(p, table) for p in x.grid_parts), (a, camera)
    assert pairs == len(CAMERAS) * (1 + 3 * 6)


def test_the_widest_figures_leave_a_gap_between_columns():
    right = max(p.box.right for f in FIGURES.values() for p in f.parts)
    left = min(p.box.left for f in FIGURES.values() for p in f.parts)
    gaps = {figures.COLUMN_X[c + 1] - figures.COLUMN_X[c] for c in (1, 2, 3)}
    assert right - left < min(gaps)
    for f in FIGURES.values():  # the grid's promise: half units
        for box in [p.box for p in f.parts] + ([f.face] if f.face else []):
            assert all((2 * v).denominator == 1 for v in (box.left, box.right, box.bottom, box.top))
        if f.face is not None:  # a face lies inside its head
            h = f.head
            assert h.left <= f.face.left < f.face.right <= h.right and h.bottom <= f.face.bottom < f.face.top <= h.top


def _inside(point, rect) -> bool:
    u, v = point
    return rect.left < u < rect.right and rect.bottom < v < rect.top


def _brute(picture, name):
    """(seen, head seen, face visible) of one shot, by testing the centre of every cell that
    the edges of the rectangles involved cut the photo into (each cell wholly in or out of
    every rectangle, so its centre speaks for its whole area), on the public Rects only."""
    me = picture.shots[name]
    covers = [p for other in picture.shots.values() if other.space.row < me.space.row for p in other.parts]
    if me.space.row > 1:
        covers.append(picture.table)
    rects = list(me.parts) + covers + [FRAME] + ([me.face] if me.face else [])
    us = sorted({e for r in rects for e in (r.left, r.right)})
    vs = sorted({e for r in rects for e in (r.bottom, r.top)})
    seen = head_seen = False
    face_hit = False
    for u0, u1 in zip(us, us[1:]):
        for v0, v1 in zip(vs, vs[1:]):
            point = ((u0 + u1) / 2, (v0 + v1) / 2)
            covered = any(_inside(point, c) for c in covers)
            framed = _inside(point, FRAME)
            if framed and not covered and any(_inside(point, p) for p in me.parts):
                seen = True
                head_seen = head_seen or _inside(point, me.head)
            if me.face is not None and _inside(point, me.face) and (covered or not framed):
                face_hit = True
    return seen, head_seen, me.face is not None and not face_hit


@pytest.mark.parametrize("seed", range(6))
def test_seen_agrees_with_a_brute_force_on_random_layouts(seed):
    rng = random.Random(seed)
    names = rng.sample(FIGURE_NAMES, rng.randint(8, 14))
    spaces = rng.sample(SPACES, len(names))
    camera = rng.choice(CAMERAS)
    picture = take(dict(zip(names, spaces)), camera)
    for name in names:
        shot = picture.shots[name]
        assert _brute(picture, name) == (shot.seen, shot.head_seen, shot.face_visible), (seed, name, camera)


def test_brute_force_layouts_are_not_trivial():
    # the random layouts above must include covered figures and hidden faces to mean anything
    hidden = covered = 0
    for seed in range(6):
        rng = random.Random(seed)
        names = rng.sample(FIGURE_NAMES, rng.randint(8, 14))
        picture = take(dict(zip(names, rng.sample(SPACES, len(names)))), rng.choice(CAMERAS))
        hidden += sum(1 for s in picture.shots.values() if s.face and not s.face_visible)
        covered += sum(1 for s in picture.shots.values() if s.in_frame and not s.head_seen)
    assert hidden >= 3 and covered >= 1


@pytest.mark.parametrize("x, height", [(1.5, 10), ("3", 10), (True, 10), (9, 10), (-9, 10), (0, 3), (0, 19),
                                       (0, None), (Fraction(1), 10)])
def test_camera_at_refuses_bad_values_with_a_sentence(x, height):
    with pytest.raises(ValueError) as refused:
        camera_at(x, height)
    text = str(refused.value)
    assert text[0].isupper() and text.endswith(".") and "camera" in text


def test_camera_at_takes_every_value_in_range():
    assert camera_at(CAMERA_XS[0], CAMERA_HEIGHTS[-1]) == Camera(-8, 18)
    assert DEFAULT_CAMERA == camera_at(0, 10)
    assert DEFAULT_CAMERA.x in CAMERA_XS and DEFAULT_CAMERA.height in CAMERA_HEIGHTS


def test_take_refuses_two_figures_on_one_space_and_unknown_names():
    with pytest.raises(ValueError, match="both stand on 2A"):
        take({"Tom": Space(2, 1), "Polly": "2A"}, DEFAULT_CAMERA)
    with pytest.raises(ValueError, match="no figure"):
        take({"Moriarty": Space(2, 1)}, DEFAULT_CAMERA)
    with pytest.raises(ValueError, match="table"):
        take({"Tom": "1B"}, DEFAULT_CAMERA)
    assert take({"Tom": "2A"}, DEFAULT_CAMERA) == take({"Tom": Space(2, 1)}, DEFAULT_CAMERA)


def test_every_guest_and_the_expansion_has_a_figure_of_plausible_size():
    assert set(FIGURES) == set(FIGURE_NAMES) and len(FIGURE_NAMES) == 17
    kinds = {g.name: g.kind for g in GUESTS}
    for name, f in FIGURES.items():
        kind = kinds.get(name, "man")
        low, high = {"man": (12, 16), "woman": (12, 16), "child": (8, 10), "plant": (9, 11), "dog": (4, 6)}[kind]
        assert low <= f.height <= high, name
    assert FIGURES["the Aspidistra"].width == 8 and FIGURES["Biscuit"].width == 5
    assert FIGURES["Mr Wren"].height == max(f.height for f in FIGURES.values())


# --- the drawing (widgets/picture_art.py) -------------------------------------------------

SVG = "{http://www.w3.org/2000/svg}"


def _groups(markup: str):
    from xml.etree import ElementTree
    root = ElementTree.fromstring(markup)
    return root, [g for g in root.iter(f"{SVG}g") if g.get("class") in ("shot", "table")]


def test_the_photo_draws_every_shot_at_its_projected_rectangles_and_the_table():
    from widgets.picture_art import photo_svg
    rng = random.Random(3)
    placed = dict(zip(NAMES, rng.sample(SPACES, len(NAMES))))
    picture = take(placed, camera_at(-3, 13))
    root, groups = _groups(photo_svg(picture))
    assert root.get("width") == "100%" and root.get("viewBox") == "-21 -9 42 22"  # the frame and a unit of mount
    drawn = {g.get("data-figure"): g for g in groups if g.get("class") == "shot"}
    assert set(drawn) == set(placed) and [g.get("class") for g in groups].count("table") == 1
    for name, shot in picture.shots.items():
        rects = drawn[name].findall(f"{SVG}rect")[:len(shot.parts)]
        for rect, part in zip(rects, shot.parts):  # y turned down: the top edge at y = -top
            assert float(rect.get("x")) == pytest.approx(float(part.left), abs=1e-4)
            assert float(rect.get("y")) == pytest.approx(float(-part.top), abs=1e-4)
            assert float(rect.get("width")) == pytest.approx(float(part.right - part.left), abs=1e-4)
        assert drawn[name].get("data-space") == str(shot.space)


def test_a_covered_figure_is_drawn_before_the_one_covering_it_and_the_table_before_row_1():
    from widgets.picture_art import photo_svg
    placed = {"Mrs Pike": Space(2, 1), "the Colonel": Space(1, 1), "Tom": Space(1, 4), "Biscuit": Space(2, 2),
              "Mr Wren": Space(4, 2)}
    picture = take(placed, DEFAULT_CAMERA)
    assert picture.shots["Mrs Pike"].face_covered_by == {"the Colonel"}
    order = [g.get("data-figure") or "table" for g in _groups(photo_svg(picture))[1]]
    assert order.index("Mr Wren") < order.index("Mrs Pike") < order.index("the Colonel")
    assert order.index("Biscuit") < order.index("table") < min(order.index("the Colonel"), order.index("Tom"))
    # an empty mat still shows the table
    assert [g.get("class") for g in _groups(photo_svg(take({}, DEFAULT_CAMERA)))[1]] == ["table"]


def test_the_photo_and_figures_escape_their_text():
    from widgets.picture_art import figure_svg, photo_svg
    root, _ = _groups(photo_svg(take({"Tom": "2A"}, DEFAULT_CAMERA), label='Tom <b>"&"</b>'))
    assert root.get("aria-label") == 'Tom <b>"&"</b>'  # well-formed XML, read back as written
    for name in FIGURE_NAMES:
        root, _ = _groups(figure_svg(name))
        assert root.get("aria-label") == name and root.find(f"{SVG}title").text == name
    with pytest.raises(ValueError, match="no figure"):
        figure_svg("<script>")


def test_a_remembered_projection_is_one_made_afresh_and_every_one_fits():
    """``photo._seen`` remembers every figure's projection it made (the one thing the photo
    remembers): each is the projection made anew, and its bound holds every figure on
    every space by every camera, so it never forgets one."""
    assert photo.PROJECTIONS >= len(FIGURE_NAMES) * len(SPACES) * len(CAMERAS)
    rng = random.Random(5)
    for _ in range(300):
        key = (rng.choice(FIGURE_NAMES), rng.choice(SPACES), rng.choice(CAMERAS))
        assert photo._seen(*key) == photo._seen.__wrapped__(*key)
        assert photo._seen(*key) is photo._seen(*key)


def _neighbour(placements: dict, camera: Camera, rng: random.Random) -> tuple[dict, Camera]:
    """A layout a step or two from ``placements``, as a bot's search makes them: a figure
    placed, moved, swapped or taken off, now and then the camera moved."""
    placements = dict(placements)
    for _ in range(rng.choice((1, 1, 2, 3))):
        free = [s for s in SPACES if s not in placements.values()]
        kind = rng.choice(("place", "move", "swap", "off", "camera"))
        if kind == "camera":
            camera = rng.choice(CAMERAS)
        elif kind == "swap" and len(placements) >= 2:
            a, b = rng.sample(sorted(placements), 2)
            placements[a], placements[b] = placements[b], placements[a]
        elif kind == "off" and placements:
            del placements[rng.choice(sorted(placements))]
        elif free:
            placements[rng.choice(FIGURE_NAMES)] = rng.choice(free)
    return placements, camera


@pytest.mark.parametrize("seed", range(4))
def test_a_photo_retaken_from_the_last_one_is_the_photo_taken_afresh(seed):
    """``retake`` keeps the shots of figures nothing moved near: every shot, and their order,
    as ``take`` makes them, over chains of search-like steps (a camera step makes a new one)."""
    rng = random.Random(seed)
    kept = 0
    for _ in range(15):
        k = rng.randint(0, len(SPACES))
        placements = dict(zip(rng.sample(FIGURE_NAMES, k), rng.sample(SPACES, k)))
        camera = rng.choice(CAMERAS)
        before = take(placements, camera)
        for _ in range(12):
            placements, camera = _neighbour(placements, camera, rng)
            again, afresh = photo.retake(before, placements, camera), take(placements, camera)
            assert again == afresh
            assert list(again.shots) == list(afresh.shots)
            kept += sum(1 for name, shot in again.shots.items() if before.shots.get(name) is shot)
            before = again
    assert kept > 100  # shots were really kept, not all made again


def test_a_retaken_photo_reads_spaces_by_name_and_refuses_what_take_refuses():
    before = take({"Tom": Space(2, 1)}, DEFAULT_CAMERA)
    assert photo.retake(before, {"Tom": "2A", "Polly": "3B"}, DEFAULT_CAMERA) == take(
        {"Tom": Space(2, 1), "Polly": Space(3, 2)}, DEFAULT_CAMERA)
    with pytest.raises(ValueError, match="cannot both stand"):
        photo.retake(before, {"Tom": "2A", "Polly": "2A"}, DEFAULT_CAMERA)


def test_what_is_read_off_a_photo_stays_with_that_photo():
    """A photo remade with ``dataclasses.replace`` starts with nothing read off it."""
    from dataclasses import replace
    from sherlockkit.games.picture import wishes
    shot = take({"Tom": Space(1, 1), "Polly": Space(2, 1)}, DEFAULT_CAMERA)
    wishes.faces_hidden_by("Tom", shot)
    assert shot.readings and not replace(shot, shots={}).readings
