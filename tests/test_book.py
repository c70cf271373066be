"""The static book builds (Jupyter Book 1), offline-ready when JS is vendored.

Builds go to temporary folders (``--path-output``) so the tests leave the tree
clean; the command is otherwise the one of ``make book``.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "book"
VENDOR = BOOK / "_vendor"
CHAPTERS = ["intro", "express", "rules-decisions"]
CDN = re.compile(r"https?://[^\"']*(unpkg|jsdelivr|cdnjs|cloudflare)", re.I)
SCRIPT_SRC = re.compile(r"<script\b[^>]*\bsrc=\"([^\"]+)\"", re.I)

needs_vendor = pytest.mark.skipif(
    not (VENDOR / "require.js").exists(),
    reason="book/_vendor is missing (run: make vendor)",
)


def jupyter_book() -> str:
    beside_python = Path(sys.executable).with_name("jupyter-book")
    return str(beside_python) if beside_python.exists() else shutil.which("jupyter-book")


def build(source: Path, output: Path) -> Path:
    """``make book``'s command on ``source``; returns the html folder."""
    result = subprocess.run(
        [
            jupyter_book(), "build", str(source),
            "--config", str(ROOT / "jupyter_book.yml"),
            "--toc", str(source / "_toc.yml"),  # absolute, see the Makefile
            "--path-output", str(output),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-4000:]
    return output / "_build" / "html"


def script_sources(html_dir: Path) -> dict[str, list[str]]:
    return {
        page.name: SCRIPT_SRC.findall(page.read_text(encoding="utf-8"))
        for page in html_dir.glob("*.html")
    }


@pytest.fixture(scope="module")
def book_html(tmp_path_factory) -> Path:
    return build(BOOK, tmp_path_factory.mktemp("book"))


def test_book_builds_every_chapter(book_html):
    for chapter in CHAPTERS:
        assert (book_html / f"{chapter}.html").is_file(), chapter
    assert (book_html / "index.html").is_file()


def test_book_does_not_build_the_app(book_html):
    assert not (book_html / "app").exists()


@needs_vendor
def test_book_uses_the_vendored_javascript(book_html):
    assert (book_html / "_static" / "require.js").is_file()
    assert (book_html / "_static" / "html-manager" / "embed-amd.js").is_file()
    assert (book_html / "_static" / "mathjax" / "tex-mml-chtml.js").is_file()
    assert list((book_html / "@jupyter-widgets").glob("*.woff2"))  # icon fonts
    for page, sources in script_sources(book_html).items():
        for src in sources:
            if "require" in src or "embed-amd" in src or "mathjax" in src.lower():
                assert not CDN.match(src), f"{page} loads {src} from a CDN"
                assert src.startswith("_static/"), f"{page} loads {src}"


WIDGET_NOTEBOOK = {
    "cells": [
        {"cell_type": "markdown", "metadata": {}, "source": "# Widgets\n\n$x^2$"},
        {
            "cell_type": "code",
            "metadata": {},
            "execution_count": None,
            "outputs": [],
            "source": "import ipywidgets\nipywidgets.IntSlider(3)",
        },
    ],
    "metadata": {
        "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}
    },
    "nbformat": 4,
    "nbformat_minor": 5,
}


@needs_vendor
def test_widget_pages_load_require_widgets_and_mathjax_locally(tmp_path):
    """A one-page book with a widget and maths, built with the project's
    configuration: its page must load all three scripts from _static/."""
    source = tmp_path / "src"
    source.mkdir()
    (source / "_vendor").symlink_to(VENDOR, target_is_directory=True)
    (source / "_toc.yml").write_text("format: jb-book\nroot: widgets\n")
    (source / "widgets.ipynb").write_text(json.dumps(WIDGET_NOTEBOOK))
    html = build(source, tmp_path / "out")

    sources = script_sources(html)["widgets.html"]
    page = (html / "widgets.html").read_text(encoding="utf-8")
    assert "application/vnd.jupyter.widget-state+json" in page
    assert any(s.split("?")[0] == "_static/require.js" for s in sources), sources
    assert any(s.split("?")[0] == "_static/html-manager/embed-amd.js" for s in sources)
    assert any(s.split("?")[0] == "_static/mathjax/tex-mml-chtml.js" for s in sources)
    assert 'data-jupyter-widgets-cdn="_static/"' in page
    assert "crossorigin" not in page
    assert not [s for s in sources if CDN.match(s)], sources
