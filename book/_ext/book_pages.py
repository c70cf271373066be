"""Sphinx extension: the small files every page of the book carries.

- ``static/mathjax-hub.js`` lets the widget manager typeset with MathJax 3. The
  widget manager (``@jupyter-widgets/html-manager`` 1.x) typesets every widget
  label with MathJax 2's ``MathJax.Hub.Queue``; the book loads MathJax 3, which
  has no ``Hub``, so each widget with a description threw "Cannot read properties
  of undefined (reading 'Queue')" and stopped drawing.
- ``static/book.css`` adjusts the theme for a book of long chapters: folded code
  reads as a quiet note, long printed lines and literals wrap (no page is wider
  than a phone), headings inside a widget keep the widget's scale, and the widget
  manager's closed accordion titles are dark enough to read.
- ``static/accessible.js`` adds to what the theme and the widget manager draw what a
  reader without a mouse or without sight needs (issue 28): a keyboard stop on a box
  of output that scrolls sideways, a name on each slider.

- ``index.html``, the book's front door, sends the reader to the first page and carries
  the book's icon: the one-line redirect written otherwise has none, and the browser asked
  for ``/favicon.ico`` instead (a 404 in its console).

The files live beside this extension, not in ``book/_static`` (Jupyter Book adds
everything found there to every page) nor in ``book/_vendor`` (rebuilt by
``make vendor``).
"""

from __future__ import annotations

import html
from pathlib import Path
from urllib.parse import quote

STATIC = Path(__file__).parent / "static"

# Sphinx writes scripts in order of priority (default 500, which MathJax's own
# inline configuration uses). The bridge must run after that configuration
# (which replaces ``window.MathJax``) and before the deferred MathJax script.
AFTER_MATHJAX_CONFIG = 510


def _add_static_path(app, config) -> None:
    config.html_static_path.append(str(STATIC))


def _front_door(app, exception) -> None:
    """Write the book's ``index.html``: a page that sends the reader to the book's first
    page, with the book's icon (``html_favicon``, an SVG, written in the page). Written
    before sphinx-external-toc looks for one (it writes a bare redirect only where there is
    none)."""
    if exception is not None or "html" not in app.builder.format or app.config.root_doc == "index":
        return
    first = html.escape(f"{app.config.root_doc}.html")
    title = html.escape(app.config.html_title)
    icon = app.config.html_favicon  # inline: a file would be asked for, then cut off by the redirect
    link = (f'<link rel="icon" href="data:image/svg+xml,{quote((Path(app.confdir) / icon).read_text(encoding="utf-8"))}">'
            if icon else "")
    (Path(app.outdir) / "index.html").write_text(
        f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>{title}</title>'
        f'<meta http-equiv="Refresh" content="0; url={first}">{link}</head>'
        f'<body><p><a href="{first}">{title}</a></p></body></html>\n', encoding="utf-8")


def setup(app):
    app.connect("config-inited", _add_static_path)
    app.connect("build-finished", _front_door, priority=400)  # before sphinx-external-toc's (500)
    app.add_js_file("mathjax-hub.js", priority=AFTER_MATHJAX_CONFIG)
    app.add_css_file("book.css")
    app.add_js_file("accessible.js", loading_method="defer")
    return {"parallel_read_safe": True, "parallel_write_safe": True}
