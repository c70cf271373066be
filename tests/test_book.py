"""The static book builds (Jupyter Book 1), offline-ready when JS is vendored.

Builds go to temporary folders (``--path-output``) so the tests leave the tree
clean; the command is otherwise the one of ``make book``. The browser test reads
every built page once, as a reader would, served from 127.0.0.1: no console error,
no failed request, nothing asked of the internet, widgets and maths drawn, code
folded, nothing wider than a phone, nothing axe-core finds serious (issue 28).
"""

from __future__ import annotations

import functools
import re
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tests.book_build import BOOK, build_log, executed
from tests.layout import serious_violations

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


def script_sources(html_dir: Path) -> dict[str, list[str]]:
    return {
        page.name: SCRIPT_SRC.findall(page.read_text(encoding="utf-8"))
        for page in html_dir.glob("*.html")
    }


def test_book_builds_every_chapter(book_html):
    for chapter in CHAPTERS:
        assert (book_html / f"{chapter}.html").is_file(), chapter
    assert (book_html / "index.html").is_file()


def test_every_chapter_ran_to_its_end_without_an_error(book_html):
    """The build executes each chapter notebook (``execute_notebooks: force``) and keeps
    the executed copy beside the pages: every code cell ran, and none shows an error."""
    chapters = sorted(BOOK.glob("*.ipynb"))
    assert {p.stem for p in chapters} >= set(NOTEBOOK_CHAPTERS)
    for chapter in chapters:
        notebook = executed(book_html, chapter.stem)
        code = [c for c in notebook.cells if c.cell_type == "code" and c.source.strip()]
        assert code, f"{chapter.name} has no code cell"
        not_run = [i for i, c in enumerate(code) if c.execution_count is None]
        assert not not_run, f"{chapter.name}: code cells {not_run} did not run"
        errors = [o for c in code for o in c.get("outputs", []) if o.output_type == "error"]
        assert not errors, f"{chapter.name}: {errors[0].get('ename')}: {errors[0].get('evalue')}"


#: what a chapter's cell may show: a table or a drawing (HTML, SVG, a picture), a widget, a
#: value glued into the prose, a formula -- never printed lines or a bare value's repr
SHOWN = ("text/html", "image/png", "image/svg+xml", "application/vnd.jupyter.widget-view+json",
         "text/latex")


def test_no_chapter_prints_or_shows_a_bare_value(book_html):
    """A reader meets tables, drawings and sentences, never ``{'tiger': 4, ...}`` or
    ``{7: 1/6...}``: no cell of any chapter, as the build ran it, printed a line or shows
    a value as plain text only (a glued value is the prose's, and is not shown)."""
    found = []
    for chapter in sorted(BOOK.glob("*.ipynb")):
        for index, cell in enumerate(executed(book_html, chapter.stem).cells):
            for output in cell.get("outputs", []):
                data = output.get("data", {})
                if output.output_type == "stream":
                    found.append(f"{chapter.name} cell {index} prints: {output.text[:120]!r}")
                elif "scrapbook" not in output.get("metadata", {}) and not any(kind in data for kind in SHOWN):
                    found.append(f"{chapter.name} cell {index} shows: {str(data)[:120]}")
    assert not found, "\n".join(found)


def test_no_chapter_glues_two_values_under_one_name(book_html):
    """A value the prose reads (``{glue:md}`name```) is kept once: a second one under the
    same name would silently replace the first in the sentence (the build warns)."""
    twice = re.findall(r".*glue key .* duplicate.*", build_log(book_html))
    assert not twice, twice


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


@needs_vendor
def test_widget_pages_load_require_widgets_and_mathjax_locally(book_html):
    """Every page of the book with a widget loads require.js, the widget manager and
    MathJax from _static/ (the chapters with a live table or a figure's controls), and the
    widget manager asks for nothing of a CDN; some of them typeset maths too."""
    with_widgets = {name: sources for name, sources in script_sources(book_html).items()
                    if "application/vnd.jupyter.widget-state+json" in (book_html / name).read_text(encoding="utf-8")}
    assert len(with_widgets) >= 2, sorted(with_widgets)
    maths = 0
    for name, sources in with_widgets.items():
        page = (book_html / name).read_text(encoding="utf-8")
        assert any(s.split("?")[0] == "_static/require.js" for s in sources), (name, sources)
        assert any(s.split("?")[0] == "_static/html-manager/embed-amd.js" for s in sources), name
        assert any(s.split("?")[0] == "_static/mathjax/tex-mml-chtml.js" for s in sources), name
        assert 'data-jupyter-widgets-cdn="_static/"' in page, name
        assert "crossorigin" not in page, name
        assert not [s for s in sources if CDN.match(s)], (name, sources)
        maths += 'class="math' in page
    assert maths, "no page with a widget has maths to typeset"


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


PHONE = 375  # px: the narrowest screen a reader holds
DESKTOP = 1280
#: the widget manager draws each snapshot beside its script once loaded
WIDGETS_DRAWN = """() => [...document.querySelectorAll(
    'script[type="application/vnd.jupyter.widget-view+json"]')]
    .every(s => s.parentElement.querySelector('.widget-subarea > *'))"""
MATHS_DRAWN = """() => document.querySelectorAll('mjx-container').length
    >= document.querySelectorAll('span.math, div.math').length"""
#: MathJax's own word that its first typesetting is over (no MathJax: nothing to wait for)
MATHS_DONE = "() => window.MathJax?.startup?.promise?.then(() => true) ?? true"
VISIBLE_INPUTS = """() => [...document.querySelectorAll('div.cell_input')]
    .filter(e => e.checkVisibility() && !e.closest('details:not([open])')).length"""
#: accessible.js has measured what scrolls since the page last changed (issue 28)
MEASURED = "() => !document.documentElement.hasAttribute('data-sk-measuring')"
OUT_OF_REACH = """() => [...document.querySelectorAll('.cell_output div')].filter(box => {
    const style = getComputedStyle(box), scrolls = /^(auto|scroll)$/;
    return ((scrolls.test(style.overflowX) && box.scrollWidth > box.clientWidth)
            || (scrolls.test(style.overflowY) && box.scrollHeight > box.clientHeight))
        && box.tabIndex < 0 && !box.querySelector('a, button, input, select, textarea, [tabindex]');
    }).map(box => box.className)"""
NEXT_FRAME = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"
#: axe-core 4.12 fetches what a stylesheet ``@import``s from the address written in it read
#: against the page's, not the stylesheet's (dequelabs/axe-core#5268): the theme's
#: ``_static/styles/theme.css`` imports ``../basic.css``, which axe asked for at the book's
#: root, a 404 on every page. Each address axe would ask for wrongly, with the right one.
AXE_WRONG_IMPORTS = """() => {
  const wrong = {};
  const walk = sheet => {
    let rules;
    try { rules = sheet.cssRules; } catch (e) { return; }
    for (const rule of rules) {
      if (!(rule instanceof CSSImportRule)) continue;
      const asked = new URL(rule.href, document.baseURI).href;
      const meant = new URL(rule.href, sheet.href || document.baseURI).href;
      if (asked !== meant) wrong[asked] = meant;
      if (rule.styleSheet) walk(rule.styleSheet);
    }
  };
  for (const sheet of document.styleSheets) walk(sheet);
  return wrong;
}"""


class Reader:
    """A reader's browser tab going from page to page of the book served at ``base``.

    :meth:`read` opens a page at a phone's width, with nothing kept from the page before
    but the browser's cache of the book's files (no storage), once its scripts are done
    and the network is quiet. ``problems`` are the sentences of what went wrong on the
    page since: every console error, uncaught error, failed request, HTTP error and request
    that would leave the book (it fails: see ``__init__``); ``waiting``, the requests still
    on their way. The tab routes requests (which turns the browser's cache off: 13 pages
    took 20 to 24 s instead of 15) only while axe-core reads a page
    (:meth:`serious_violations`)."""

    def __init__(self, browser, base: str):
        self.base = base
        # whatever leaves the book goes to a proxy that is not there, and fails: nothing reaches
        # the internet, as for a reader offline (the book's own server is not proxied)
        host = urlsplit(base).hostname
        self.context = browser.new_context(viewport={"width": PHONE, "height": 900},
                                           proxy={"server": "http://127.0.0.1:9", "bypass": host})
        self.page = page = self.context.new_page()
        self.problems: list[str] = []
        self.waiting: set = set()
        self.axe_imports: dict[str, str] = {}  # see AXE_WRONG_IMPORTS
        page.on("console", lambda m: self.problems.append(f"console error: {m.text}")
                if m.type == "error" else None)
        page.on("pageerror", lambda error: self.problems.append(f"uncaught error: {error}"))
        page.on("request", self._asked)
        page.on("requestfinished", lambda r: self.waiting.discard(r))
        page.on("requestfailed", lambda r: (self.waiting.discard(r), self.problems.append(
            f"request failed: {r.url} ({r.failure})")))
        page.on("response", lambda r: self.problems.append(f"HTTP {r.status}: {r.url}")
                if r.status >= 400 else None)

    def _in_the_book(self, address: str) -> bool:
        return address.startswith((self.base, "data:", "blob:"))

    def _asked(self, request) -> None:
        self.waiting.add(request)
        # offline, a request that leaves the book would fail (or hang) for a reader
        if not self._in_the_book(request.url) and request.url not in self.axe_imports:
            self.problems.append(f"asks outside the book for {request.url}")

    def _stay_in_the_book(self, route) -> None:
        address = route.request.url
        if address in self.axe_imports and route.request.resource_type in ("xhr", "fetch"):
            route.continue_(url=self.axe_imports[address])  # what axe-core meant to read
        elif self._in_the_book(address):
            route.continue_()
        else:  # (the request is a problem already: see _asked)
            route.abort()

    def read(self, name: str):
        """The page ``name``, loaded afresh at a phone's width; the tab's page."""
        if self.page.url.startswith(self.base):  # a page of the book: forget what it kept
            self.page.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")
        self.context.clear_cookies()
        self.page.set_viewport_size({"width": PHONE, "height": 900})
        self.problems.clear()
        self.page.goto(self.base + name, wait_until="load")
        self.page.wait_for_load_state("networkidle")
        return self.page

    def scrolling_out_of_reach(self) -> list[str]:
        """The boxes in the page's outputs that scroll (their content wider or taller than
        they are) and that Tab cannot reach, each by its classes (``[]``: none); what
        axe-core's scrollable-region-focusable looks for, asked of every box, where axe
        misses a box whose content is drawn while it reads the page."""
        self.page.wait_for_function(MEASURED, timeout=20_000)
        return self.page.evaluate(OUT_OF_REACH)

    def serious_violations(self) -> list:
        """What axe-core finds serious or critical on the tab's page (``[]``: nothing),
        axe reading the stylesheets the page imports where the browser did, once the
        book's own script has measured the boxes that scroll (``accessible.js``)."""
        self.page.wait_for_function(MEASURED, timeout=20_000)
        self.axe_imports = self.page.evaluate(AXE_WRONG_IMPORTS)
        self.page.route("**/*", self._stay_in_the_book)
        try:
            return serious_violations(self.page)
        finally:
            self.page.unroute("**/*", self._stay_in_the_book)

    def close(self) -> None:
        self.context.close()


def _quiet(page, waiting: set, seconds: float = 20) -> None:
    """Wait until the page has asked for nothing more for two frames (what a resize
    asked for, say, has come or failed)."""
    import time

    deadline = time.monotonic() + seconds
    page.evaluate(NEXT_FRAME)
    while waiting:
        assert time.monotonic() < deadline, f"requests still open after {seconds} s: {waiting}"
        page.evaluate(NEXT_FRAME)


def _folding_problems(page) -> list[str]:
    """What is wrong with a notebook chapter's code cells: too few of them to be a
    chapter, more than a few shown unfolded, a folded one without its summary."""
    inputs = page.locator("div.cell_input").count()
    shown = page.evaluate(VISIBLE_INPUTS)
    folded = page.locator("div.cell details.hide > summary").count()
    problems = []
    if inputs <= MOST_OPEN_CELLS:
        problems.append(f"only {inputs} code cells in the page")
    if shown > MOST_OPEN_CELLS:
        problems.append(f"{shown} code cells shown unfolded")
    if folded < inputs - shown:
        problems.append(f"{inputs - shown} code cells hidden but only {folded} folded under a summary")
    return problems


@needs_vendor
@pytest.mark.browser
def test_every_page_reads_well_offline_on_a_phone_and_on_a_desktop(book_html, book_url, browser):
    """Every page of the built book, opened once as a reader on a phone who then widens
    the window to a desktop's: no console error, no uncaught error, no failed request,
    nothing asked of the internet (at either width); every widget drawn and every formula
    typeset; nothing wider than a phone's screen; each chapter that is a notebook
    folds its code but for a few cells; and axe-core finds nothing serious or critical
    on the page as the phone shows it (issue 28: once, at the phone's width, where wide
    tables scroll; each run is 0.2 to 5 s a page, most of it the colour contrast)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    assert {f"{name}.html" for name in NOTEBOOK_CHAPTERS} <= set(pages(book_html))
    found = {}
    reader = Reader(browser, book_url)
    try:
        for name in pages(book_html):
            page, problems = reader.read(name), reader.problems
            try:
                page.wait_for_function(WIDGETS_DRAWN, timeout=20_000)
            except PlaywrightTimeout:
                problems.append("a widget was not drawn")
            try:
                page.wait_for_function(MATHS_DRAWN, timeout=20_000)
                page.evaluate(MATHS_DONE)  # and MathJax has finished: its late errors are in
            except PlaywrightTimeout:
                problems.append("MathJax did not draw every formula")
            width = page.evaluate("document.documentElement.scrollWidth")
            if width > PHONE:
                problems.append(f"wider than a {PHONE} px screen: {width} px")
            if name.removesuffix(".html") in NOTEBOOK_CHAPTERS:
                problems.extend(_folding_problems(page))
            unreachable = reader.scrolling_out_of_reach()
            if unreachable:
                problems.append(f"boxes that scroll on a phone, which no key reaches: {unreachable}")
            violations = reader.serious_violations()
            if violations:
                problems.append(f"axe-core finds serious or critical violations on a phone "
                                f"(issue 28): {violations}")
            # the same page on a desktop: what its wider layout asks for and runs fails neither
            page.set_viewport_size({"width": DESKTOP, "height": 900})
            _quiet(page, reader.waiting)
            if problems:
                found[name] = list(problems)
    finally:
        reader.close()
    assert not found, "\n".join(
        f"{name}: {problem}" for name, problems in found.items() for problem in problems)
