"""What the book's chapters share to show their results: exact chances, measured rates
with their intervals, and small tables.

A chapter computes with ``sherlockkit`` and shows with these, so every chapter writes a
fraction and a table the same way.
"""

from __future__ import annotations

import html

from IPython.display import HTML


def scrolling(html_text: str, name: str = "a wide table") -> str:
    """``html_text`` in a box that scrolls sideways on a narrow screen instead of widening
    the page: a region a keyboard reaches (and so scrolls), named ``name`` for a screen
    reader."""
    return (f"<div role='region' tabindex='0' aria-label='{html.escape(name, quote=True)}' "
            f"style='overflow-x:auto;max-width:100%'>{html_text}</div>")


def exact(p, digits: int = 2) -> str:
    """An exact chance as its fraction and its percentage (``"1/6 = 16.67%"``); ``"–"``
    when it is impossible."""
    if not p:
        return "–"
    return f"{p} = {float(p):.{digits}%}"


def percent(p, digits: int = 0) -> str:
    """A chance as a rounded percentage; ``">99%"`` rather than a rounded 100%."""
    value = float(p)
    if value < 1 and round(value * 100, digits) >= 100:
        return ">99%"
    return f"{value:.{digits}%}"


def with_interval(p, low, high, digits: int = 0) -> str:
    """A measured rate with its 95% interval, as a reader reads it: ``"62% (55–69%)"``
    (the rate as :func:`percent` writes it, the interval's ends rounded)."""
    return f"{percent(p, digits)} ({100 * float(low):.{digits}f}–{100 * float(high):.{digits}f}%)"


def table(header, rows, caption: str | None = None) -> HTML:
    """A small HTML table of ``rows`` under ``header``; short cells do not wrap."""
    def cell(tag: str, value) -> str:
        text = str(value)
        wrap = "normal" if len(text) > 28 else "nowrap"
        return f"<{tag} style='padding:2px 8px;white-space:{wrap};vertical-align:top'>{html.escape(text)}</{tag}>"

    title = ""
    if caption:
        title = ("<caption style='caption-side:top;text-align:left;font-weight:bold'>"
                 f"{html.escape(caption)}</caption>")
    head = "".join(cell("th", h) for h in header)
    body = "".join("<tr>" + "".join(cell("td", c) for c in row) + "</tr>" for row in rows)
    return HTML(f"<table style='font-size:0.9em;margin-bottom:1em'>{title}<tr>{head}</tr>{body}</table>")


#: Where myst-nb's glue keeps a value a cell does not show (``myst_nb.ext.glue.GLUE_PREFIX``).
GLUE_PREFIX = "application/papermill.record/"


def glued(name: str, text) -> None:
    """Keep ``text`` (a number or words, as the prose reads them) under ``name`` for the
    markdown around it, which writes ``{glue:md}`name``` where it goes: the built book
    shows it in the sentence; the cell that computes it shows nothing.

    What ``myst_nb.glue(name, Markdown(text), display=False)`` does, written out: importing
    myst-nb costs a chapter's kernel some two seconds, a value so kept costs nothing."""
    from IPython.display import display

    text = str(text)
    display({GLUE_PREFIX + "text/markdown": text, GLUE_PREFIX + "text/plain": repr(text)}, raw=True,
            metadata={"scrapbook": {"name": name, "mime_prefix": GLUE_PREFIX}})
