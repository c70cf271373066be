"""Beyond Baker Street's chapter drawn: the board after a turn of a recorded game, as
static HTML (the built book has no kernel), one ``<details>`` per turn.

The chapter replays a finished game for a spectator, so a board here shows every hand
face up: nothing here is offered to a player during a game. The Lead sections and the
Impossible are drawn by the table's own pieces (``bakerstreet_art``); the tracks are drawn
smaller than the table's, so that a whole game of boards stays a few hundred kilobytes.
"""

from __future__ import annotations

from sherlockkit.games.bakerstreet.cards import HOLMES_TOP, INVESTIGATION_GOAL, Evidence
from sherlockkit.games.bakerstreet.state import View
from widgets.bakerstreet_art import STYLE, card_html, counts_html, escape, lead_html
from widgets.chapter import scrolling  # noqa: F401  (the chapters import it from here too)

#: the chapter's additions to the table's style sheet: turns as folding boxes, boards compact
CHAPTER_STYLE = STYLE + """<style>
.sk-replay details { border: 1px solid #ddd; border-radius: 6px; margin: 3px 0; padding: 2px 8px; }
.sk-replay details[open] { background: #fcfbf8; }
.sk-replay summary { cursor: pointer; line-height: 1.35; }
.sk-replay .sk-turn-no { font-weight: bold; margin-right: 4px; }
.sk-replay .sk-note { margin: 6px 0 10px 0; padding: 4px 10px; border-left: 3px solid #e0b040; background: #fff8e6; }
.sk-replay .sk-board { margin: 4px 0 6px 0; }
.sk-replay .sk-hands { display: flex; flex-wrap: wrap; gap: 2px 12px; }
.sk-replay .sk-mini-tracks svg { width: 100%; max-width: 410px; height: auto; display: block; }
</style>"""


def _bar(y: int, label: str, at: int, goal: int, colour: str) -> str:
    """One track as a bar 0..``goal``: filled up to ``at``, the number written beside it."""
    x0, width = 122, 220
    filled = max(0, min(at, goal)) * width / goal
    return (f"<text x='0' y='{y + 15}' font-size='17'>{escape(label)}</text>"
            f"<rect x='{x0}' y='{y}' width='{width}' height='18' rx='3' fill='#f4f1ea' stroke='#bbb'/>"
            f"<rect x='{x0}' y='{y}' width='{filled:.1f}' height='18' rx='3' fill='{colour}'/>"
            f"<text x='{x0 + width + 6}' y='{y + 15}' font-size='17' font-weight='bold'>{at}/{goal}</text>")


def mini_tracks_svg(view: View) -> str:
    """The Holmes track (his lead: 0 loses the case) and the Investigation track (20
    exactly to win) as two short bars."""
    title = f"Holmes on space {view.holmes}; the Investigation track on {view.investigation} of {INVESTIGATION_GOAL}"
    return (f"<div class='sk-mini-tracks'><svg viewBox='0 0 410 46' role='img' aria-label='{escape(title)}'>"
            f"{_bar(2, 'Holmes', view.holmes, HOLMES_TOP, '#7a1f1f')}"
            f"{_bar(25, 'Investigation', view.investigation, INVESTIGATION_GOAL, '#1f4e9c')}</svg></div>")


def hands_html(hands: tuple[tuple[Evidence, ...], ...], names: tuple[str, ...]) -> str:
    """Every hand face up, as a spectator sees the table (slots numbered from 1)."""
    rows = []
    for name, hand in zip(names, hands):
        cards = "".join(card_html(c) for c in hand) or "<i>no cards</i>"
        rows.append(f"<div><b>{escape(name)}</b>: {cards}</div>")
    return f"<div class='sk-hands'>{''.join(rows)}</div>"


def board_html(view: View, hands: tuple[tuple[Evidence, ...], ...], names: tuple[str, ...]) -> str:
    """The board as it stands: the three Lead sections with their sums against their
    targets, both tracks, the Impossible against its limit, and every hand (``hands``:
    the spectator's; ``view`` gives the board, which every seat sees alike)."""
    leads = "".join(lead_html(p, view) for p in view.piles)
    return (f"<div class='sk-board'><div class='sk-leads'>{leads}</div>{mini_tracks_svg(view)}"
            f"{counts_html(view)}{hands_html(hands, names)}</div>")


def turn_html(number: int, sentences: tuple[str, ...], board: str, opened: bool = False, note: str = "",
              title: str | None = None) -> str:
    """One turn as a folding box: "Turn ``number``." (or ``title``) and its sentences as
    the summary, the board after it inside; ``note``, the chapter's remark on the turn,
    if any, under the box and always shown."""
    said = " ".join(escape(s) for s in sentences)
    remark = f"<p class='sk-note'>{escape(note)}</p>" if note else ""
    head = escape(title) if title is not None else f"Turn {number}."
    return (f"<details{' open' if opened else ''}><summary><span class='sk-turn-no'>{head}</span>"
            f"{said}</summary>{board}</details>{remark}")


def replay_html(turns: list[str]) -> str:
    """The turns of a game, under the style sheet, as one block of static HTML."""
    return f"{CHAPTER_STYLE}<div class='sk-table sk-bakerstreet sk-replay'>{''.join(turns)}</div>"


def spans(numbers) -> str:
    """Numbers as runs, as a reader reads them: 1, 2, 3, 5 -> "1–3 and 5"."""
    runs: list[list[int]] = []
    for n in sorted(numbers):
        if runs and n == runs[-1][1] + 1:
            runs[-1][1] = n
        else:
            runs.append([n, n])
    parts = [f"{a}" if a == b else f"{a}–{b}" for a, b in runs]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def cells_words(cells) -> str:
    """Cells of the ladder's grid (``(players, case)`` pairs) in words, by table size:
    "2 players: cases 1–4; 4 players: case 1"."""
    by_players: dict[int, list[int]] = {}
    for players, case in cells:
        by_players.setdefault(players, []).append(case)
    return "; ".join(f"{n} players: case{'s' if len(cs) > 1 else ''} {spans(cs)}"
                     for n, cs in sorted(by_players.items()))
