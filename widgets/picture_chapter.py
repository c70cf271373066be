"""Picture Perfect's chapters drawn: the guests with their figures, the mat seen from above,
photos side by side, as static HTML and SVG (the built book has no kernel), and a worked
photo told in words; for the Sherlock expansion's chapter, an Alibi sheet with the odds, a
told round, a photo's score line by line.

Drawing and telling only: which guest stands where, and what the photo shows, come from
the engine (``sherlockkit.games.picture``); nothing here judges a wish or scores.
"""

from __future__ import annotations

from collections import Counter
from html import escape
from typing import Iterable, Mapping, Sequence

from sherlockkit.games.picture.alibis import INVESTIGATORS
from sherlockkit.games.picture.cards import HIDE, NEXT_TO, NO_FACE, NO_MAN, NO_WOMAN, Wish
from sherlockkit.games.picture.guests import Guest, any_guest_named
from sherlockkit.games.picture.mat import COLUMNS, ROWS, TABLE, Space, touching
from sherlockkit.games.picture.photo import TABLE as TABLE_FIGURE, Photo, Shot
from widgets.chapter import scrolling
from widgets.picture_art import figure_svg
from widgets.picture_stage import score_line

#: colours of the mat from above (the same mat red as the photo's room)
MAT, LINE, TABLE_WOOD, INK, MUTED = "#e9d6cf", "#9c4b3c", "#7a4a26", "#2a2320", "#7a6f66"
#: one space of the drawn mat, in SVG units; the margins hold the letters, numbers and camera
CELL, MARGIN, CAMERA_ROOM = 100, 34, 40


def guests_html(guests: Iterable[Guest]) -> str:
    """The guests as a small table: each one's figure (all at one scale), its name and kind,
    and a few words of its looks."""
    cell = "padding:2px 8px;vertical-align:middle"
    rows = "".join(
        "<tr>"
        f"<td style='{cell};text-align:center'>{figure_svg(g.name, 44)}</td>"
        f"<td style='{cell};white-space:nowrap;text-align:left'><b>{escape(g.name)}</b><br>"
        f"<span style='color:{MUTED}'>{escape(g.kind)}</span></td>"
        f"<td style='{cell};text-align:left'>{escape(g.looks)}</td>"
        "</tr>"
        for g in guests)
    head = "".join(f"<th style='padding:2px 8px;text-align:left'>{h}</th>" for h in ("figure", "guest", "looks"))
    return scrolling(f"<table class='sk-picture-guests' style='font-size:0.9em'><tr>{head}</tr>{rows}</table>",
                     "the guests")


def _cell(space: Space) -> tuple[float, float]:
    """The top-left corner of ``space`` on the drawing: row 4 at the top, row 1 at the bottom
    (nearest the camera, which stands below the mat)."""
    return MARGIN + (space.column - 1) * CELL, MARGIN + (ROWS - space.row) * CELL


def _words(name: str, x: float, y: float, size: int = 15) -> str:
    """A guest's name centred at (x, y), broken in two lines when it has two words or more."""
    words = name.split()
    lines = [name] if len(words) < 2 or len(name) <= 9 else [" ".join(words[:-1]), words[-1]]
    top = y - (len(lines) - 1) * size * 0.55
    return "".join(f"<text x='{x:g}' y='{top + i * size * 1.1:g}' font-size='{size}' text-anchor='middle' "
                   f"fill='{INK}'>{escape(line)}</text>" for i, line in enumerate(lines))


def mat_svg(placements: Mapping[str, Space] | None = None, label: str | None = None,
            marks: Mapping[str, str] | None = None, max_width: int = 360) -> str:
    """The floor mat seen from above: four rows of four spaces named 1A..4D, row 1 at the
    front (bottom), the table on its two spaces, the camera below; each placed guest's name
    on its space (``placements``: guest -> space). ``marks`` colours a guest's space
    (guest -> a CSS colour)."""
    placements = dict(placements or {})
    marks = dict(marks or {})
    width = 2 * MARGIN + COLUMNS * CELL
    height = 2 * MARGIN + ROWS * CELL + CAMERA_ROOM
    body = [f"<rect x='{MARGIN}' y='{MARGIN}' width='{COLUMNS * CELL}' height='{ROWS * CELL}' fill='{MAT}'/>"]
    who = {space: name for name, space in placements.items()}
    for row in range(1, ROWS + 1):
        for column in range(1, COLUMNS + 1):
            space = Space(row, column)
            if space in TABLE:
                continue
            x, y = _cell(space)
            fill = marks.get(who.get(space, ""), "none")
            body.append(f"<rect x='{x:g}' y='{y:g}' width='{CELL}' height='{CELL}' fill='{fill}' "
                        f"stroke='{LINE}' stroke-width='2'/>")
            body.append(f"<text x='{x + 6:g}' y='{y + 17:g}' font-size='14' fill='{MUTED}'>{space}</text>")
            if space in who:
                body.append(_words(who[space], x + CELL / 2, y + CELL / 2 + 10))
    left, top = _cell(TABLE[0])
    body.append(f"<rect x='{left + 8:g}' y='{top + 22:g}' width='{2 * CELL - 16}' height='{CELL - 44}' rx='6' "
                f"fill='{TABLE_WOOD}' stroke='{INK}' stroke-width='2'/>")
    body.append(f"<text x='{left + CELL:g}' y='{top + CELL / 2 + 6:g}' font-size='17' text-anchor='middle' "
                f"fill='#fbf8f1'>the table ({TABLE[0]}, {TABLE[1]})</text>")
    for column in range(1, COLUMNS + 1):
        x = MARGIN + (column - 0.5) * CELL
        body.append(f"<text x='{x:g}' y='{MARGIN - 10}' font-size='16' text-anchor='middle' fill='{INK}'>"
                    f"{'ABCD'[column - 1]}</text>")
    for row in range(1, ROWS + 1):
        y = MARGIN + (ROWS - row + 0.5) * CELL + 6
        body.append(f"<text x='{MARGIN / 2:g}' y='{y:g}' font-size='16' text-anchor='middle' fill='{INK}'>{row}</text>")
    cx, cy = width / 2, MARGIN + ROWS * CELL + CAMERA_ROOM / 2 + 4
    body.append(f"<rect x='{cx - 16:g}' y='{cy - 10:g}' width='32' height='20' rx='4' fill='{INK}'/>"
                f"<circle cx='{cx:g}' cy='{cy:g}' r='6' fill='#fbf8f1'/>"
                f"<text x='{cx + 26:g}' y='{cy + 6:g}' font-size='16' fill='{INK}'>the camera</text>")
    label = label or ("The mat from above" + (f" with {len(placements)} guests placed" if placements else ""))
    return (f"<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 {width} {height}' width='100%' "
            f"style='max-width:{max_width}px;height:auto;display:block' role='img' aria-label='{escape(label)}' "
            f"class='sk-picture-mat'><title>{escape(label)}</title>{''.join(body)}</svg>")


def side_by_side(blocks: Sequence[str], captions: Sequence[str], min_width: int = 280) -> str:
    """Drawings next to each other, each over its caption; on a narrow screen they stack."""
    cells = "".join(
        f"<figure style='flex:1 1 {min_width}px;margin:0;min-width:0'>{block}"
        f"<figcaption style='font-size:0.9em;margin-top:4px'>{escape(caption)}</figcaption></figure>"
        for block, caption in zip(blocks, captions, strict=True))
    return f"<div class='sk-picture-row' style='display:flex;flex-wrap:wrap;gap:12px'>{cells}</div>"


# --- the worked photo told in words (book/picture.ipynb) ----------------------------------------------

def who(name: str) -> str:
    """A figure's name as a sentence says it: a guest by its name, the table as "the table"."""
    return "the table" if name == TABLE_FIGURE else name


def _in_order(names: Iterable[str]) -> list[str]:
    """Figures' names as a sentence says them (:func:`who`), in alphabetical order as read."""
    return sorted((who(n) for n in names), key=str.lower)


def beside(guest: str, placed: Mapping[str, Space]) -> str:
    """Who stands beside ``guest`` on the mat (``placed``: guest -> space), as *not next to
    a man / a woman* reads it: every guest on a space sharing a side with its own, with what
    that guest is ("Polly (child), the Colonel (man)"), or "nobody"."""
    near = [f"{g} ({any_guest_named(g).kind})" for g, s in placed.items()
            if g != guest and touching(s, placed[guest])]
    return ", ".join(near) if near else "nobody"


def face_words(shot: Shot) -> str:
    """What the photo shows of a figure's face, as the face wishes read it: none at all,
    whole, partly covered (and by whom, in alphabetical order as read), or partly
    cut off by the frame."""
    name = shot.figure
    if shot.face is None:
        return f"{name} shows no face"
    if shot.face_visible:
        return f"{name}'s face shows whole"
    if shot.face_covered_by:
        return f"{name}'s face is partly covered by " + " and ".join(_in_order(shot.face_covered_by))
    return f"{name}'s face is partly outside the frame"


def grounds(card: Wish, guest: str, placed: Mapping[str, Space], shots: Mapping[str, Shot]) -> str:
    """The fact on the mat or in the photo that the verdict on ``guest``'s wish ``card``
    rests on, in words: where the other guest stands (*next to*), who stands beside it
    (*not next to a man / a woman*), what the photo shows of a face (its own for *my face
    not visible*, the other's for *hide ...'s face*), or else its own space. The verdict
    itself is ``wishes.met``'s; this only says what it looked at."""
    if card.kind == NEXT_TO:
        there = placed.get(card.guest)
        return f"{card.guest} is not on the mat" if there is None else f"{card.guest} stands on {there}"
    if card.kind in (NO_MAN, NO_WOMAN):
        return "beside: " + beside(guest, placed)
    if card.kind == NO_FACE:
        return face_words(shots[guest])
    if card.kind == HIDE:
        return f"{card.guest} is not on the mat" if card.guest not in shots else face_words(shots[card.guest])
    return f"stands on {placed[guest]}"


def standing(shot: Shot) -> str:
    """How a placed guest comes out in a photo: outside the frame (it scores nothing), in
    the frame but wholly covered, or else what shows of its face (:func:`face_words`)."""
    if not shot.in_frame:
        return "outside the frame"
    if not shot.seen:
        return "in the frame but not seen"
    return face_words(shot)


def covering(photo: Photo) -> list[str]:
    """Who covers part of whose face in ``photo``, a sentence each, farthest face first
    ("the Colonel covers part of Polly's face"); an empty list when every face that shows
    is uncovered."""
    lines = []
    for name, shot in photo.shots.items():
        by = _in_order(shot.face_covered_by)
        if by:
            lines.append(f"{' and '.join(by)} cover{'s' if len(by) == 1 else ''} part of {name}'s face")
    return lines


def granted_words(met: Iterable[int]) -> str:
    """How many guests had how many wishes granted, the most first ("2 guests with 3 wishes
    granted, 1 guest with 1 wish granted"); ``met``: each scored guest's wishes granted."""
    return ", ".join(f"{n} guest{'s' if n != 1 else ''} with {k} wish{'es' if k != 1 else ''} granted"
                     for k, n in sorted(Counter(met).items(), reverse=True))


def span(at: Sequence[tuple[int, int]]) -> str:
    """Where the camera positions ``at`` (across, height) lie: "every position across a to
    b, heights c to d" when they fill that rectangle of the grid, "all of them inside the
    box across a to b, heights c to d" when they leave gaps in it."""
    xs, hs = sorted({x for x, _ in at}), sorted({h for _, h in at})
    box = f"across {xs[0]} to {xs[-1]}, heights {hs[0]} to {hs[-1]}"
    whole = len(set(at)) == (xs[-1] - xs[0] + 1) * (hs[-1] - hs[0] + 1)
    return f"every position {box}" if whole else f"all of them inside the box {box}"


def nearest(at: Iterable[tuple[int, int]], start: tuple[int, int]) -> tuple[int, int]:
    """The camera position of ``at`` (across, height) fewest steps from ``start`` (steps
    across plus steps up or down); of several as near, the leftmost, then the lowest."""
    return min(at, key=lambda p: (abs(p[0] - start[0]) + abs(p[1] - start[1]), p))


# --- the Sherlock expansion's chapter (book/picture-sherlock.ipynb) ------------------------------------

#: the chapter's style: rounds as folding boxes, a sheet's odds as short bars
SHERLOCK_STYLE = """<style>
.sk-sherlock-round { border: 1px solid #ddd; border-radius: 6px; margin: 3px 0; padding: 2px 8px; }
.sk-sherlock-round[open] { background: #fcfbf8; }
.sk-sherlock-round summary { cursor: pointer; line-height: 1.35; }
.sk-sherlock-round ul { margin: 2px 0 4px 0; padding-left: 1.2em; }
.sk-sherlock-sheet td { padding: 1px 6px; white-space: nowrap; vertical-align: middle; }
.sk-sherlock-lines ul { margin: 2px 0; padding-left: 1.1em; font-size: 0.9em; }
.sk-sherlock-lines .sk-met { color: #064; font-weight: bold; }
.sk-sherlock-lines .sk-unmet { color: #a22; font-weight: bold; }
</style>"""
#: the colour of the bar of a suspect's chance on a drawn sheet
ODDS_BAR = "#1f4e9c"


def _chance(p) -> str:
    """An exact chance as its fraction and a rounded percentage ("2/9, 22%")."""
    return f"{p}, {float(p):.0%}" if p else "0"


def sheet_html(suspects: Sequence[str], cleared: Iterable[str], odds: Mapping[str, object],
               label: str | None = None) -> str:
    """An Alibi sheet drawn: each of ``suspects`` on a line, checked when ``cleared``,
    otherwise with its exact chance of being the culprit (``odds``: suspect -> a
    ``Fraction`` or ``Rational``) as a fraction, a percentage and a short bar. A suspect
    missing from ``odds`` and not cleared has chance 0."""
    cleared = set(cleared)
    rows = []
    for name in suspects:
        if name in cleared:
            rows.append(f"<tr><td>&#9745; <s>{escape(name)}</s></td>"
                        f"<td style='color:{MUTED}'>cleared</td><td></td></tr>")
            continue
        p = odds.get(name, 0)
        width = round(90 * float(p))
        rows.append(f"<tr><td>&#9744; <b>{escape(name)}</b></td><td>{escape(_chance(p))}</td>"
                    f"<td><span style='display:inline-block;width:{width}px;height:9px;background:{ODDS_BAR}'>"
                    f"</span></td></tr>")
    caption = (f"<caption style='caption-side:top;text-align:left;font-weight:bold'>{escape(label)}</caption>"
               if label else "")
    return f"<table class='sk-sherlock-sheet' style='font-size:0.9em'>{caption}{''.join(rows)}</table>"


def round_html(title: str, sentences: Sequence[str], sheet: str, open_: bool = False) -> str:
    """One round of a told party as a folding box: ``title`` on its summary line, the
    ``sentences`` told (plain text, escaped here) as a list, then ``sheet`` (HTML, e.g. from
    :func:`sheet_html`) under them."""
    told = "".join(f"<li>{escape(s)}</li>" for s in sentences) or "<li>Nothing to tell.</li>"
    return (f"<details class='sk-sherlock-round'{' open' if open_ else ''}><summary>{escape(title)}</summary>"
            f"<ul>{told}</ul>{scrolling(sheet, 'the Alibi sheet')}</details>")


def score_lines_html(scored: Sequence, cards: Mapping[str, Sequence], culprit: str | None = None,
                     figures: Sequence[str] = INVESTIGATORS) -> str:
    """A photo's score line by line, in the order scored (the culprit last in a Sherlock
    party), under its total: each guest with its space and points, and each wish
    (``cards``: guest -> its wish cards, the culprit's five for the culprit) met or not;
    the expansion's ``figures`` (Watson and Holmes beside the culprit or not). ``scored``:
    the photo's ``GuestScore`` rows, as the engine scored them. The lines are the table's
    own (``picture_stage.score_line``)."""
    items = "".join(score_line(g, cards.get(g.guest, ()), culprit, figures) for g in scored)
    total = sum(g.points for g in scored)
    return (f"<div class='sk-sherlock-lines'><b>{total} points</b>"
            f"<ul>{items or '<li>No guest placed.</li>'}</ul></div>")
