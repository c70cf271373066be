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

The files live beside this extension, not in ``book/_static`` (Jupyter Book adds
everything found there to every page) nor in ``book/_vendor`` (rebuilt by
``make vendor``).
"""

from __future__ import annotations

from pathlib import Path

STATIC = Path(__file__).parent / "static"

# Sphinx writes scripts in order of priority (default 500, which MathJax's own
# inline configuration uses). The bridge must run after that configuration
# (which replaces ``window.MathJax``) and before the deferred MathJax script.
AFTER_MATHJAX_CONFIG = 510


def _add_static_path(app, config) -> None:
    config.html_static_path.append(str(STATIC))


def setup(app):
    app.connect("config-inited", _add_static_path)
    app.add_js_file("mathjax-hub.js", priority=AFTER_MATHJAX_CONFIG)
    app.add_css_file("book.css")
    app.add_js_file("accessible.js", loading_method="defer")
    return {"parallel_read_safe": True, "parallel_write_safe": True}
