"""The static book builds (Jupyter Book 1), offline-ready when JS is vendored.

Builds go to temporary folders (``--path-output``) so the tests leave the tree
clean; the command is otherwise the one of ``make book``. The browser tests read
the built pages as a reader would, served from 127.0.0.1: no console error, no
failed request, nothing asked of the internet, code folded, nothing wider than a
phone.
"""

from __future__ import annotations

import functools
import json
import re
import shutil
import subprocess
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "book"
VENDOR = BOOK / "_vendor"
CHAPTERS = ["intro", "express", "rules-decisions"]
# the chapters that are notebooks: their code is folded but for a few cells
NOTEBOOK_CHAPTERS = ["express", "story", "story-odds", "cardgame", "bakerstreet", "picture", "picture-sherlock"]
MOST_OPEN_CELLS = 3
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


def test_every_chapter_ran_to_its_end_without_an_error(book_html):
    """The build executes each chapter notebook (``execute_notebooks: force``) and keeps
    the executed copy beside the pages: every code cell ran, and none shows an error."""
    import nbformat

    executed = book_html.parent / "jupyter_execute"
    chapters = sorted(BOOK.glob("*.ipynb"))
    assert {p.stem for p in chapters} >= set(NOTEBOOK_CHAPTERS)
    for chapter in chapters:
        assert (executed / chapter.name).is_file(), f"the build did not execute {chapter.name}"
        notebook = nbformat.read(executed / chapter.name, as_version=4)
        code = [c for c in notebook.cells if c.cell_type == "code" and c.source.strip()]
        assert code, f"{chapter.name} has no code cell"
        not_run = [i for i, c in enumerate(code) if c.execution_count is None]
        assert not not_run, f"{chapter.name}: code cells {not_run} did not run"
        errors = [o for c in code for o in c.get("outputs", []) if o.output_type == "error"]
        assert not errors, f"{chapter.name}: {errors[0].get('ename')}: {errors[0].get('evalue')}"


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


# ------------------------------------------------------------- in a browser


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:  # the test reports what matters
        pass


@pytest.fixture(scope="module")
def book_url(book_html):
    """The built book served over http://127.0.0.1 from a thread of this process."""
    handler = functools.partial(_QuietHandler, directory=str(book_html))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}/"
    finally:
        server.shutdown()
        server.server_close()


def pages(book_html: Path) -> list[str]:
    return sorted(page.name for page in book_html.glob("*.html"))


def open_page(browser, url: str, width: int = 1280):
    """Opens ``url`` in a fresh context ``width`` pixels wide, once its scripts
    are done; returns ``(page, problems)``, every console error, uncaught error,
    failed request and request that would leave the book, as sentences."""
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    problems: list[str] = []
    base = url.rsplit("/", 1)[0] + "/"

    def stay_in_the_book(route) -> None:
        address = route.request.url
        if address.startswith((base, "data:", "blob:")):
            route.continue_()
        else:  # offline, this would fail (or hang) for a reader
            problems.append(f"asks outside the book for {address}")
            route.abort()

    page.on("console", lambda m: problems.append(f"console error: {m.text}")
            if m.type == "error" else None)
    page.on("pageerror", lambda error: problems.append(f"uncaught error: {error}"))
    page.on("requestfailed", lambda r: problems.append(
        f"request failed: {r.url} ({r.failure})"))
    page.on("response", lambda r: problems.append(f"HTTP {r.status}: {r.url}")
            if r.status >= 400 else None)
    page.route("**/*", stay_in_the_book)
    page.goto(url, wait_until="load")
    page.wait_for_load_state("networkidle")
    # the widget manager draws each snapshot beside its script once loaded
    page.wait_for_function("""() => [...document.querySelectorAll(
        'script[type="application/vnd.jupyter.widget-view+json"]')]
        .every(s => s.parentElement.querySelector('.widget-subarea > *'))""",
                           timeout=20_000)
    return page, problems


@needs_vendor
@pytest.mark.browser
def test_every_page_loads_without_errors_and_stays_offline(book_html, book_url, browser):
    found = {}
    for name in pages(book_html):
        page, problems = open_page(browser, book_url + name)
        page.wait_for_timeout(300)  # errors thrown by late callbacks
        if problems:
            found[name] = problems
        page.context.close()
    assert not found, "\n".join(
        f"{name}: {problem}" for name, problems in found.items() for problem in problems)


MATHS_DRAWN = """() => document.querySelectorAll('mjx-container').length
    >= document.querySelectorAll('span.math, div.math').length"""
VISIBLE_INPUTS = """() => [...document.querySelectorAll('div.cell_input')]
    .filter(e => e.checkVisibility() && !e.closest('details:not([open])')).length"""


@needs_vendor
@pytest.mark.browser
def test_chapters_fold_their_code_and_draw_their_widgets_and_maths(book_html, book_url, browser):
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    for name in NOTEBOOK_CHAPTERS:
        page, _ = open_page(browser, book_url + f"{name}.html")
        inputs = page.locator("div.cell_input").count()
        shown = page.evaluate(VISIBLE_INPUTS)
        assert inputs > MOST_OPEN_CELLS, f"{name}: only {inputs} code cells in the page"
        assert shown <= MOST_OPEN_CELLS, f"{name}: {shown} code cells shown unfolded"
        assert page.locator("div.cell details.hide > summary").count() >= inputs - shown
        try:
            page.wait_for_function(MATHS_DRAWN, timeout=20_000)
        except PlaywrightTimeout:
            pytest.fail(f"{name}: MathJax did not draw every formula")
        page.context.close()


@needs_vendor
@pytest.mark.browser
def test_no_page_is_wider_than_a_phone(book_html, book_url, browser):
    wider = {}
    for name in pages(book_html):
        page, _ = open_page(browser, book_url + name, width=375)
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > 375:
            wider[name] = width
        page.context.close()
    assert not wider, f"pages wider than a 375 px screen: {wider}"
