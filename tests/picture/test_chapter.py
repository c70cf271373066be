"""The Picture Perfect chapter's drawings (widgets/picture_chapter.py) and the notebook's shape."""

import re
from pathlib import Path

import nbformat
import pytest

from sherlockkit.games.picture.guests import GUESTS
from sherlockkit.games.picture.mat import SPACES, TABLE, space_named
from widgets.picture_chapter import CELL, MARGIN, guests_html, mat_svg, side_by_side

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
    notebook = nbformat.read(CHAPTER, as_version=4)
    code = [c for c in notebook.cells if c.cell_type == "code"]
    assert code[0].metadata.get("tags") == ["remove-input"]
    assert all(c.metadata.get("tags") == ["hide-input"] for c in code[1:])
    assert all(not c.outputs and c.execution_count is None for c in code)
