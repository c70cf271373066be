"""Pieces of markup that a table redraws one by one: what a table of many small parts
(a chip per player, a row per player, a line per event) is drawn with."""

from __future__ import annotations

import ipywidgets as w
from ipywidgets.widgets.widget_string import HTMLStyle


class Parts(w.Box):
    """Pieces of markup in a row or a column (a chip per player, an alibi row per
    player, a log line per event), each its own HTML widget kept from one redraw to the
    next: a redraw sends only the pieces whose markup changed (ipywidgets sends no value
    equal to the one the page has) and makes no new widget unless the pieces grow; the
    pieces share one layout and one style, so a new piece is one widget, not three."""

    def __init__(self, css: str, piece_css: str, flow: str = "row wrap"):
        """``flow`` is the CSS ``flex-flow``: "row wrap" (chips), "column" (rows, the first on
        top) or "column-reverse" (a log whose newest line, the last, stays on top, in view)."""
        super().__init__(layout=w.Layout(flex_flow=flow))
        self.add_class(css)
        self._piece_css, self._pieces = piece_css, []
        self._piece_layout, self._piece_style = w.Layout(), HTMLStyle()

    @property
    def value(self) -> str:
        """The markup shown, every piece in order (as a reader of the page has it)."""
        return "".join(piece.value for piece in self.children)

    def show(self, markups: list[str], first: int | None = None) -> None:
        """Show ``markups``, a piece each, drawing piece ``first`` before the others."""
        while len(self._pieces) < len(markups):
            self._pieces.append(_html(self._piece_css, layout=self._piece_layout, style=self._piece_style))
        order = list(range(len(markups)))
        if first is not None and first < len(markups):
            order.remove(first)
            order.insert(0, first)
        for k in order:
            self._pieces[k].value = markups[k]
        if len(self.children) != len(markups):
            self.children = tuple(self._pieces[:len(markups)])


def log_start(count: int, most: int) -> int:
    """Where a table's log of ``count`` lines starts when it shows at most ``most``: the
    window moves on half of ``most`` lines at a time (it shows between half and all of
    ``most``), so that a new line is one new piece on the page. A window moving on by one
    line at each event changed every piece's words, all ``most`` of them sent again for
    each line (some fifty widget messages a move in a long Picture Perfect party)."""
    step = max(1, most // 2)
    return 0 if count <= most else -(-(count - most) // step) * step


def newest_in_view(lines: Parts, css: str) -> w.Box:
    """A scrolling box (CSS class ``css``) around ``lines``, a log whose oldest line comes
    first, that keeps its newest line in view: the box flows bottom to top
    ("column-reverse"), so a browser starts its scroll at the bottom, where the newest line
    is, and keeps it there as lines come, while the lines inside read top to bottom (a
    log flowing bottom to top itself stayed on its oldest lines)."""
    box = w.Box([lines], layout=w.Layout(flex_flow="column-reverse"))
    box.add_class(css)
    return box


def _html(css: str, **shared) -> w.HTML:
    """A piece with its class from the start: the page gets it with the piece, not in a
    second message."""
    return w.HTML(_dom_classes=(css,), **shared)
