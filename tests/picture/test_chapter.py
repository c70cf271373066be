"""The Picture Perfect chapter's drawings and words (widgets/picture_chapter.py) and the
notebook's shape."""

import re
from fractions import Fraction
from pathlib import Path

import pytest

from sherlockkit.games.picture import photo
from sherlockkit.games.picture.cards import HIDE, LAST, NEXT_TO, NO_FACE, NO_MAN, ROW, Wish
from sherlockkit.games.picture.guests import GUESTS
from sherlockkit.games.picture.mat import SPACES, TABLE, space_named
from widgets.picture_chapter import (
    CELL, MARGIN, beside, covering, face_words, granted_words, grounds, guests_html, mat_svg, nearest,
    side_by_side, span, standing, who)
from tests import notebook_file

CHAPTER = Path(__file__).resolve().parents[2] / "book" / "picture.ipynb"


def _texts(svg: str) -> list[tuple[float, float, str]]:
    return [(float(x), float(y), t) for x, y, t in re.findall(r"<text x='([\d.]+)' y='([\d.]+)'[^>]*>([^<]*)</text>", svg)]


def test_the_mat_names_every_guest_space_once_and_none_of_the_table():
    names = [t for _, _, t in _texts(mat_svg())]
    assert sorted(n for n in names if re.fullmatch(r"\d[A-D]", n)) == sorted(str(s) for s in SPACES)
    for space in TABLE:
        assert str(space) not in names
    assert any("the table (1B, 1C)" in n for n in names)


def test_a_placed_guest_is_written_inside_its_own_space():
    svg = mat_svg({"Tom": space_named("4A"), "the Colonel": space_named("1D")})
    texts = _texts(svg)
    for name, space, column, rows_from_top in (("Tom", "4A", 1, 0), ("Colonel", "1D", 4, 3)):
        x, y, _ = next(t for t in texts if name in t[2])
        left, top = MARGIN + (column - 1) * CELL, MARGIN + rows_from_top * CELL
        assert left < x < left + CELL and top < y < top + CELL, (name, x, y)
    assert "Polly" not in svg


def test_marks_colour_only_the_marked_guest_space():
    svg = mat_svg({"Tom": space_named("2B"), "Polly": space_named("3C")}, marks={"Tom": "#ff0000"})
    assert svg.count("fill='#ff0000'") == 1
    x, y = MARGIN + 1 * CELL, MARGIN + 2 * CELL  # 2B: second column, third row from the top
    assert f"<rect x='{x}' y='{y}' width='{CELL}' height='{CELL}' fill='#ff0000'" in svg


def test_names_and_labels_are_escaped():
    svg = mat_svg(label="a <b> & c")
    assert "a &lt;b&gt; &amp; c" in svg and "<b>" not in svg
    html = side_by_side(["<svg/>", "<svg/>"], ["one & two", "<three>"])
    assert "one &amp; two" in html and "&lt;three&gt;" in html and html.count("<figure") == 2


def test_side_by_side_wants_a_caption_for_each_drawing():
    with pytest.raises(ValueError):
        side_by_side(["<svg/>", "<svg/>"], ["only one"])


def test_the_guests_table_has_a_row_and_a_figure_for_every_guest():
    html = guests_html(GUESTS)
    assert html.count("<tr>") == len(GUESTS) + 1
    assert html.count("class=\"picture-figure\"") == len(GUESTS)
    for guest in GUESTS:
        assert f"<b>{guest.name}</b>" in html and guest.looks in html


def test_the_notebook_stores_no_output_and_folds_its_code():
    notebook = notebook_file.read(CHAPTER)
    code = [c for c in notebook.cells if c.cell_type == "code"]
    assert code[0].metadata.get("tags") == ["remove-input"]
    assert all(c.metadata.get("tags") == ["hide-input"] for c in code[1:])
    assert all(not c.outputs and c.execution_count is None for c in code)


def test_every_name_the_prose_glues_is_glued_by_a_cell_and_no_cell_prints():
    notebook = notebook_file.read(CHAPTER)
    prose = "\n".join(c.source for c in notebook.cells if c.cell_type == "markdown")
    code = "\n".join(c.source for c in notebook.cells if c.cell_type == "code")
    used = set(re.findall(r"\{glue:md\}`([^`]+)`", prose))
    made = set(re.findall(r"glued\(\"([^\"]+)\"", code))
    assert used and used == made, (used - made, made - used)
    assert "print(" not in code and "Markdown(" not in code


# --- the worked photo in words -----------------------------------------------------------------------

_BOX = photo.Rect.of(Fraction(0), Fraction(1), Fraction(0), Fraction(1))


def _shot(name, face=True, in_frame=True, seen=True, visible=True, covered=()):
    """A shot made by hand: only what the words read of it is meant."""
    return photo.Shot(name, space_named("2A"), (_BOX,), _BOX if face else None, _BOX, in_frame, seen, visible,
                      seen, frozenset(covered))


def test_face_words_say_what_shows_of_a_face():
    assert face_words(_shot("Madame Roche", face=False)) == "Madame Roche shows no face"
    assert face_words(_shot("Polly")) == "Polly's face shows whole"
    assert (face_words(_shot("Polly", visible=False, covered={"the Colonel", photo.TABLE}))
            == "Polly's face is partly covered by the Colonel and the table")
    assert face_words(_shot("Polly", visible=False)) == "Polly's face is partly outside the frame"
    assert who(photo.TABLE) == "the table" and who("Tom") == "Tom"


def test_standing_says_outside_the_frame_then_unseen_then_the_face():
    assert standing(_shot("Tom", in_frame=False, seen=False)) == "outside the frame"
    assert standing(_shot("Tom", seen=False)) == "in the frame but not seen"
    assert standing(_shot("Tom", visible=False, covered={"Biscuit"})) == "Tom's face is partly covered by Biscuit"


PLACED = {"Polly": space_named("2A"), "the Colonel": space_named("1A"), "Tom": space_named("1D"),
          "Lady Arabella": space_named("2B")}


def test_beside_names_the_guests_on_spaces_sharing_a_side_with_their_kind():
    assert beside("Polly", PLACED) == "the Colonel (man), Lady Arabella (woman)"
    assert beside("Tom", PLACED) == "nobody"  # 1D touches the table's 1C and the empty 2D


def test_grounds_give_the_fact_each_kind_of_wish_rests_on():
    shots = {"Polly": _shot("Polly", visible=False, covered={"the Colonel"}), "Tom": _shot("Tom")}
    assert grounds(Wish(NEXT_TO, guest="Tom"), "Polly", PLACED, shots) == "Tom stands on 1D"
    assert grounds(Wish(NEXT_TO, guest="Biscuit"), "Polly", PLACED, shots) == "Biscuit is not on the mat"
    assert grounds(Wish(NO_MAN), "Polly", PLACED, shots) == "beside: the Colonel (man), Lady Arabella (woman)"
    assert grounds(Wish(NO_FACE), "Polly", PLACED, shots) == "Polly's face is partly covered by the Colonel"
    assert grounds(Wish(HIDE, guest="Tom"), "Polly", PLACED, shots) == "Tom's face shows whole"
    assert grounds(Wish(HIDE, guest="Mr Wren"), "Polly", PLACED, shots) == "Mr Wren is not on the mat"
    assert grounds(Wish(ROW, row=2), "Polly", PLACED, shots) == grounds(Wish(LAST), "Polly", PLACED, shots) \
        == "stands on 2A"


def test_covering_says_who_covers_whose_face():
    shots = {"Mrs Pike": _shot("Mrs Pike", visible=False, covered={"Lady Arabella"}),
             "Biscuit": _shot("Biscuit", visible=False, covered={photo.TABLE, "Tom"}),
             "Tom": _shot("Tom")}
    shown = photo.Photo(photo.DEFAULT_CAMERA, shots, _BOX)
    assert covering(shown) == ["Lady Arabella covers part of Mrs Pike's face",
                               "the table and Tom cover part of Biscuit's face"]
    assert covering(photo.Photo(photo.DEFAULT_CAMERA, {"Tom": _shot("Tom")}, _BOX)) == []


def test_covering_reads_a_real_photo():
    """From the middle, the Colonel in front stands between the camera and Polly's face."""
    taken = photo.take(PLACED, photo.DEFAULT_CAMERA)
    assert "the Colonel covers part of Polly's face" in covering(taken)


def test_granted_words_count_guests_by_wishes_granted_the_most_first():
    assert granted_words([1, 3, 2, 1, 2, 1, 0]) == ("1 guest with 3 wishes granted, 2 guests with 2 wishes granted, "
                                                   "3 guests with 1 wish granted, 1 guest with 0 wishes granted")
    assert granted_words([]) == ""


def test_span_tells_a_whole_rectangle_from_one_with_gaps():
    assert span([(0, 4), (1, 4), (0, 5), (1, 5)]) == "every position across 0 to 1, heights 4 to 5"
    assert span([(0, 4), (1, 5)]) == "all of them inside the box across 0 to 1, heights 4 to 5"
    assert span([(-6, 18)]) == "every position across -6 to -6, heights 18 to 18"


def test_nearest_counts_steps_and_breaks_ties_leftmost_then_lowest():
    assert nearest([(3, 10), (-3, 10), (0, 14)], (0, 10)) == (-3, 10)
    assert nearest([(0, 12), (0, 8), (2, 10)], (0, 10)) == (0, 8)
    assert nearest([(5, 5)], (0, 10)) == (5, 5)
