"""The Sherlock expansion's chapter (book/picture-sherlock.ipynb): its drawings
(widgets/picture_chapter.py: an Alibi sheet with the odds, a told round, a photo's score
line by line), the notebook's shape, and the notebook as the book's build ran it (no
cell of any chapter prints or shows a bare value: ``tests/test_book.py``), its outputs
holding what its sections promise -- every round's odds a whole distribution, the culprit
named only once it is revealed, the table of bots with and without questions, the checks
of exactness -- and its prose in markdown, every value in it glued by the code."""

from __future__ import annotations

import html
import re
from fractions import Fraction

import pytest

from sherlockkit.games.picture.cards import CULPRIT_CARD, Wish, FRONT, LAST
from sherlockkit.games.picture.mat import space_named
from sherlockkit.games.picture.events import GuestScore
from widgets.picture_chapter import round_html, score_lines_html, sheet_html
from tests import book_build, notebook_file

CHAPTER = book_build.BOOK / "picture-sherlock.ipynb"
REVEAL = "### The culprit revealed"


# --- the drawings ------------------------------------------------------------------------------------------

def test_a_sheet_strikes_the_cleared_and_gives_the_open_their_exact_chance():
    html_text = sheet_html(["the Colonel", "Mrs Pike", "Tom & Co"], {"Mrs Pike"},
                           {"the Colonel": Fraction(2, 3), "Tom & Co": Fraction(1, 3)}, label="a <sheet>")
    rows = re.findall(r"<tr>(.*?)</tr>", html_text)
    assert len(rows) == 3
    assert "<s>Mrs Pike</s>" in rows[1] and "cleared" in rows[1] and not re.search(r"\d/\d", rows[1])
    assert "2/3, 67%" in rows[0] and "width:60px" in rows[0]  # the bar is 90 px for a sure culprit
    assert "Tom &amp; Co" in rows[2] and "1/3, 33%" in rows[2]
    assert "a &lt;sheet&gt;" in html_text and "<sheet>" not in html_text


def test_a_suspect_with_no_chance_reads_zero():
    row = re.findall(r"<tr>(.*?)</tr>", sheet_html(["Biscuit"], (), {}))[0]
    assert ">0<" in row and "width:0px" in row


def test_a_round_folds_its_escaped_sentences_over_its_sheet():
    box = round_html("Round 2: <first>", ["You read A's envelope.", "B & C"], "<table>sheet</table>", open_=True)
    assert box.startswith("<details class='sk-sherlock-round' open>")
    assert "<summary>Round 2: &lt;first&gt;</summary>" in box
    assert box.count("<li>") == 2 and "B &amp; C" in box
    assert box.index("</ul>") < box.index("<table>sheet</table>")
    assert " open>" not in round_html("Round 3", [], "")


def test_score_lines_mark_the_culprit_the_investigators_and_every_wish():
    at = space_named
    scored = (
        GuestScore("Polly", at("2A"), True, (True, False, True), False, 3),
        GuestScore("Tom", at("4D"), False, (False, False, False), False, 0),
        GuestScore("Watson", at("2B"), True, (True,), False, 12),
        GuestScore("Holmes", at("4A"), True, (False,), False, 0),
        GuestScore("Mrs Pike", at("2C"), True, (True, True, False, False, True), True, 8),
    )
    cards = {"Polly": (Wish(FRONT), Wish(LAST), Wish(FRONT)),
             "Mrs Pike": (Wish(FRONT), Wish(FRONT), Wish(LAST), CULPRIT_CARD, Wish(LAST))}
    text = score_lines_html(scored, cards, culprit="Mrs Pike")
    items = re.findall(r"<li>(.*?)</li>", text)
    assert len(items) == 5
    assert "<b>23 points</b>" in text
    assert "Polly</b> on 2A: +3" in items[0] and items[0].count("&#10003;") == 2 and items[0].count("&#10007;") == 1
    assert "out of the frame, 0" in items[1]
    assert "beside the culprit, +12" in items[2] and "not beside the culprit, +0" in items[3]
    assert "Mrs Pike</b> (the culprit) (VIP) on 2C: +8" in items[4]
    assert items[4].count("&#10003;") == 3 and items[4].count("&#10007;") == 2
    assert "(the culprit)" not in "".join(items[:4])
    assert "(the culprit)" not in score_lines_html(scored[:1], cards)


# --- the notebook's shape ------------------------------------------------------------------------------------

OPEN_WORDS = {"No": 0, "One": 1, "Two": 2, "Three": 3}


def test_the_notebook_stores_no_output_folds_its_code_and_follows_the_picture_chapter():
    notebook = notebook_file.read(CHAPTER)
    code = [c for c in notebook.cells if c.cell_type == "code"]
    assert code[0].metadata.get("tags") == ["remove-input"]
    assert all(c.metadata.get("tags") in (["hide-input"], None) for c in code[1:])
    assert all(not c.outputs and c.execution_count is None for c in code)
    # at most three cells left open, as many as the chapter's opening says
    opened = sum(1 for c in code[1:] if not c.metadata.get("tags"))
    said = re.search(r"(No|One|Two|Three)\s+cells?\s+stays?\s+open", notebook.cells[0].source)
    assert said and OPEN_WORDS[said.group(1)] == opened <= 3
    toc = [line.strip() for line in (book_build.BOOK / "_toc.yml").read_text().splitlines()]
    assert toc.index("- file: picture-sherlock") == toc.index("- file: picture") + 1


def test_the_prose_says_in_markdown_what_the_code_computes():
    """No sentence is built by a cell: the code glues values (``widgets.chapter.glued``) and
    shows tables and drawings, never Markdown, printed lines or a value's repr."""
    notebook = notebook_file.read(CHAPTER)
    for cell in notebook.cells:
        if cell.cell_type == "code":
            assert "Markdown(" not in cell.source and "print(" not in cell.source, cell.source[:80]


# --- the notebook run -------------------------------------------------------------------------------------------

def _text(output) -> str:
    """An output's text: a stream, Markdown, or HTML (drawings dropped)."""
    if output.output_type == "stream":
        return output.text
    data = output.get("data", {})
    if "text/markdown" in data:
        return data["text/markdown"]
    return re.sub(r"<svg.*?</svg>", "", data.get("text/html", ""), flags=re.S)


def _tables(text: str) -> dict[str, list[list[str]]]:
    """The captioned HTML tables of an output: caption -> rows of cell texts."""
    out = {}
    for caption, body in re.findall(r"<caption[^>]*>(.*?)</caption>(.*?)</table>", text, flags=re.S):
        rows = [[html.unescape(c) for c in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, flags=re.S)]
                for row in re.findall(r"<tr>(.*?)</tr>", body, flags=re.S)]
        out[html.unescape(caption)] = rows
    return out


def _fraction(cell: str) -> Fraction:
    """A chance as ``widgets.chapter.exact`` writes it (``"5/48 = 10%"``, ``"–"`` for none)."""
    return Fraction(0) if cell == "–" else Fraction(cell.split(" = ")[0])


@pytest.fixture(scope="module")
def ran(book_html):
    """The chapter as the book's build ran it (``tests/book_build.py``: the chapters run
    once in the suite): (markdown as the book shows it, its glued values written in;
    output texts), cell by cell, and the run notebook."""
    notebook = book_build.executed(book_html, CHAPTER.stem)
    errors = [o for c in notebook.cells for o in c.get("outputs", []) if o.output_type == "error"]
    assert not errors, errors
    glued = book_build.glued(book_html, CHAPTER.stem)
    used = {m for c in notebook.cells if c.cell_type == "markdown"
            for m in re.findall(r"\{glue:md\}`([^`]+)`", c.source)}
    assert used == set(glued), (used - set(glued), set(glued) - used)
    sources = [re.sub(r"\{glue:md\}`([^`]+)`", lambda m: glued[m.group(1)], c.source) if c.cell_type == "markdown"
               else "" for c in notebook.cells]
    texts = ["\n".join(_text(o) for o in c.get("outputs", [])) for c in notebook.cells]
    return sources, texts, notebook


@pytest.mark.notebook
def test_every_round_s_odds_are_a_whole_distribution(ran):
    _, texts, _ = ran
    tables = {k: v for t in texts for k, v in _tables(t).items()}
    rows = tables["Player 1's chance of each suspect after each round"]
    header, body = rows[0], rows[1:]
    assert header[:2] == ["suspect", "deal"] and header[-1] == "round 7"
    assert len(body) == 11  # the suspects but the victim
    for column in range(1, len(header)):
        assert sum(_fraction(r[column]) for r in body) == 1, header[column]
    # the round-by-round sheets show the same chances: the deal's sheet has every open suspect at its column's value
    sheets = [t for t in texts if "<details class='sk-sherlock-round'" in t]
    assert len(sheets) == 1 and sheets[0].count("<details") == 8


@pytest.mark.notebook
def test_the_culprit_is_named_only_once_revealed(ran):
    sources, texts, _ = ran
    reveal = next(i for i, s in enumerate(sources) if s.startswith(REVEAL))
    named = re.search(r"\*\*The culprit: ([^.*]+)\.\*\*", sources[reveal])
    assert named, sources[reveal][:200]
    culprit = named.group(1)
    before = "\n".join(sources[:reveal] + texts[:reveal])
    for telling in ("The culprit:", "(the culprit)", "The culprit's card is turned over", f"{culprit} did it"):
        assert telling not in before, telling
    after = "\n".join(texts[reveal:])
    assert f"{culprit}</b> (the culprit)" in after  # its line in the photos, scored last


@pytest.mark.notebook
def test_the_table_with_and_without_questions_is_there_and_replayed(ran):
    sources, texts, _ = ran
    tables = {k: v for t in texts for k, v in _tables(t).items()}
    caption = next(k for k in tables if "each played with and without the questions" in k)
    rows = tables[caption]
    assert rows[0] == ["per seat", "with questions", "without", "difference"]
    assert [r[0] for r in rows[1:]] == ["chance given to the culprit", "culprit the likeliest",
                                        "suspects left open", "investigators' points", "score"]
    assert all(re.search(r"\(.+ to .+\)", cell) for r in rows[1:] for cell in r[1:])  # each with its interval
    again = next(v for k, v in tables.items() if k.endswith("without the questions, played again"))
    assert again[0][1:3] == ["stored score", "score played again"] and len(again) == 4
    assert all(r[1] == r[2] for r in again[1:])
    # the prose reads the table's own values
    prose = " ".join(next(s for s in sources if s.startswith("With the questions, a bot ends the party")).split())
    chance = rows[1]
    assert f"a chance of {chance[1].split(' ')[0]} on average, against {chance[2].split(' ')[0]} without" in prose
    assert re.search(r"\((wholly above zero|wholly below zero|which takes in zero)\)", prose)


@pytest.mark.notebook
def test_the_odds_are_checked_against_listing_and_sampling(ran):
    sources, texts, _ = ran
    joined = " ".join(" ".join(sources).split())
    listed = re.search(r"In (\d+) of (\d+) states of knowledge the counts agree", joined)
    assert listed and listed.group(1) == listed.group(2)
    sampled = re.search(r"exact chance is (\d+\.\d+) .*?tolerance of (\d+\.\d+)", joined)
    assert sampled and float(sampled.group(1)) < float(sampled.group(2))
    asked = next(t for t in texts if "every question Player 1 could ask" in t)
    bits = [float(r[3]) for r in _tables(asked)["every question Player 1 could ask, the most telling first"][1:]]
    assert bits == sorted(bits, reverse=True) and bits[0] > 0
