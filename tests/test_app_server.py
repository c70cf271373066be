"""The Voilà app served by book/app/serve.py.

One app serves this file's tests (``served``: short culling times, a host name of its
own), and one more the pages of tests/pages without a pool (``tests_pages``). Tables are
left to the culler when ``served`` starts, and the tests of culling come last: the tests
in between give the culler its time (under pytest-xdist the browser tests, which run
first, start the app).
"""

from __future__ import annotations

import contextlib
import http.client
import importlib.util
import json
import re
import urllib.request
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tests.app_process import SERVE

OLD_LANDING = "voila/render/index.ipynb"  # the landing page's address when it was a notebook


def _get_without_redirect(url: str) -> http.client.HTTPResponse:
    parts = urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    connection.request("GET", parts.path or "/")
    response = connection.getresponse()
    response.body = response.read()
    connection.close()
    return response


# --- the app ---------------------------------------------------------------------
# Served with short culling times and an extra host name, so that these tests see kernels
# culled in seconds instead of minutes. The tables left to the culler are set at the app's
# start (``served``) and left alone while the other tests of this file run; each culling
# test then reads what became of its table (or waits for it).

# (sized for a busy machine: with the whole suite running beside it, a page has taken over 15 s
# to show its table after its kernel started, and a table culled first never shows; in CI two
# pages opened together were both culled before they connected with a limit of 10 s, and with
# two runs of the suite at once, with 25 s)
CULL_CLOSED = 40  # seconds a kernel without a page may idle (a page connects within ~2 on a quiet machine)
CULL_IDLE = 50  # seconds a kernel with an open, unused page may idle
CULL_INTERVAL = 1  # seconds between the culler's rounds
SERVED_NAME = "sherlock.test"
FOREIGN = "evil.example"
APP_NOTEBOOKS = sorted(p.name for p in (Path(__file__).resolve().parent.parent / "book" / "app").glob("*.ipynb"))
# what the app prints when a page takes a pool's kernel, and when a pool is full again
TAKEN = re.compile(r"Using pre-heated kernel: (\S+) for (\S+)$")
FILLED = re.compile(r"Kernel pool of (\S+) is filled")


def _wait_until(condition, seconds: float, message) -> None:
    """Wait until ``condition()`` is true, asking every 0.2 s; fail with ``message`` (or
    what ``message()`` says) after ``seconds``."""
    import time

    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, message() if callable(message) else message
        time.sleep(0.2)


class _Served:
    """A running serve.py: its port, its process and the lines it printed."""

    def __init__(self, process, port: int, log: list[str]):
        self.process, self.port, self.log = process, port, log
        self.url = f"http://127.0.0.1:{port}/"

    def request(self, method: str, path: str, host: str | None = None, headers=None, body: bytes | None = None):
        """(status, body) of one raw HTTP request, with the given Host header (and ``body``)."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        sent = dict(headers or {})
        sent["Host"] = host or f"127.0.0.1:{self.port}"
        if body is not None:
            sent["Content-Length"] = str(len(body))
        connection.putrequest(method, path, skip_host=True)
        for name, value in sent.items():
            connection.putheader(name, value)
        connection.endheaders(body)
        response = connection.getresponse()
        body = response.read()
        connection.close()
        return response.status, body

    def kernels(self) -> set[int]:
        """Process ids of the kernels the app runs."""
        import psutil

        found = set()
        for child in psutil.Process(self.process.pid).children(recursive=True):
            try:
                if "ipykernel" in " ".join(child.cmdline()):
                    found.add(child.pid)
            except psutil.NoSuchProcess:  # a kernel culled while we looked
                pass
        return found

    def open_dashboard(self, name: str = "express.ipynb") -> str:
        """Render a dashboard with a bare GET (no page ever connects); its kernel id."""
        status, body = self.request("GET", "/voila/render/" + name)
        assert status == 200
        config = re.search(rb'id="jupyter-config-data"[^>]*>(.*?)</script>', body, re.S)
        return json.loads(config.group(1))["kernelId"]

    def kernel_alive(self, kernel_id: str) -> bool:
        status, _ = self.request("GET", "/api/kernels/" + kernel_id)
        assert status in (200, 404)
        return status == 200

    def printed(self, text: str) -> int:
        """How many lines the app has printed with ``text`` in them (read so far)."""
        return sum(text in line for line in list(self.log))

    def caught_up(self) -> None:
        """Wait until every line the app printed before now has been read: it logs a
        request for a page it does not have, and its lines come out in order."""
        import uuid

        mark = f"/sherlockkit-test-mark-{uuid.uuid4().hex}"
        assert self.request("GET", mark)[0] == 404
        _wait_until(lambda: self.printed(mark), 30, "the app's log did not come through")

    def pools_are_full(self) -> bool:
        """Whether every dashboard's pool holds a pre-heated kernel: a pool says when it is
        filled, at the start and again after each kernel a page takes from it."""
        lines = list(self.log)
        taken = [m.group(2) for m in map(TAKEN.search, lines) if m]
        filled = [m.group(1) for m in map(FILLED.search, lines) if m]
        return all(filled.count(name) > taken.count(name) for name in APP_NOTEBOOKS)

    def wait_until_the_pools_are_full(self) -> None:
        """No kernel is being started for a pool: what a test counts stays put."""
        _wait_until(self.pools_are_full, 90, lambda: "a pool did not refill:\n" + "".join(self.log[-40:]))

    def settled(self) -> None:
        """Every table left to the culler is set and every pool full again: no kernel is
        taken or started now but by the test that waits for this."""
        assert self.left_alone.all_set.wait(60), "the tables left to the culler were not set"
        assert not self.left_alone.failed, self.left_alone.failed
        self.wait_until_the_pools_are_full()

    def culled(self, kernel_id: str) -> bool:
        """Whether the culler (not a page's goodbye) shut this kernel down."""
        return any("Culling" in line and kernel_id in line for line in list(self.log))


class _LeftAlone:
    """Tables left to the culler, and when each one's kernel was found gone.

    A thread asks the app every 0.2 s whether each kernel still runs, and notes the
    moment it stops (``time.monotonic()``), so that a test may read it long after; it
    also renders the dashboards it was told to render later (:meth:`render_at`)."""

    def __init__(self, served: _Served):
        import threading

        self.served = served
        self.since: dict[str, float] = {}  # kernel -> when it was last in use
        self.gone: dict[str, float] = {}  # kernel -> when it was found stopped
        self.pages: dict[str, object] = {}  # "open" and "closed": the browser's pages
        self.kernel_of: dict[str, str] = {}  # "bare", "socket", "open", "closed" -> kernel
        self.later: list[tuple[float, str, str]] = []  # (when, name, dashboard) to render
        self.failed: list[str] = []
        self.all_set = threading.Event()  # every table is set: nothing more is rendered
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._watch, daemon=True)
        self._thread.start()

    def watch(self, name: str, kernel: str, since: float) -> None:
        self.kernel_of[name] = kernel
        self.since[kernel] = since

    def render_at(self, when: float, name: str, dashboard: str) -> None:
        """Render ``dashboard`` with a bare GET at ``when`` (``time.monotonic()``), and
        watch its kernel as ``name``."""
        self.later.append((when, name, dashboard))

    def _watch(self) -> None:
        import time

        while not self._stop.wait(0.2):
            try:
                for when, name, dashboard in [t for t in self.later if t[0] <= time.monotonic()]:
                    self.watch(name, self.served.open_dashboard(dashboard), time.monotonic())
                    self.later.remove((when, name, dashboard))
                if not self.later:
                    self.all_set.set()
                for kernel in [k for k in list(self.since) if k not in self.gone]:
                    if not self.served.kernel_alive(kernel):
                        self.gone[kernel] = time.monotonic()
            except (OSError, AssertionError) as error:  # the app is stopping, or failed
                self.failed.append(repr(error))
                self.all_set.set()
                return

    def lifetime(self, name: str, seconds: float) -> float:
        """Seconds from the table's last use to its kernel's end, once it has ended
        (waiting up to ``seconds`` for it)."""
        _wait_until(lambda: name in self.kernel_of or self.failed, seconds, f"the {name} table was never set")
        assert not self.failed, self.failed
        kernel = self.kernel_of[name]
        _wait_until(lambda: kernel in self.gone, seconds, f"the kernel of the {name} table is still running")
        return self.gone[kernel] - self.since[kernel]

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=10)


def _hold_a_socket(served: _Served, kernel: str):
    """The kernel's websocket opened as a page opens it, and held open, in a thread of its
    own (a browser test run before may have left an event loop running in this one, where
    asyncio refuses to start another); returns when it is open."""
    import asyncio
    import threading

    from tornado.websocket import websocket_connect

    opened = threading.Event()

    async def hold():
        socket = await websocket_connect(f"ws://127.0.0.1:{served.port}/api/kernels/{kernel}/channels")
        opened.set()
        while await socket.read_message() is not None:  # until the app closes it
            pass

    threading.Thread(target=lambda: asyncio.run(hold()), daemon=True).start()
    assert opened.wait(30), "the kernel's websocket did not open"


def _open_express(browser, base: str, wait: bool = True):
    """A new browser page showing Sherlock Express's table, and its kernel id; with
    ``wait=False``, the page alone, just asked for (:func:`_table_of` waits for it)."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(base + "voila/render/express.ipynb", wait_until="commit")
    return (page, _table_of(page)) if wait else page


def _table_of(page) -> str:
    """The kernel id of Sherlock Express's table in ``page``, once the table is up."""
    page.wait_for_selector(".sk-express .sk-reveal", timeout=120_000)
    return json.loads(page.locator("#jupyter-config-data").text_content())["kernelId"]


@contextlib.contextmanager
def _serving(*options: str):
    """serve.py with ``options`` on a free port, as a :class:`_Served`, once it has said
    where it listens; stopped whatever happens."""
    import queue
    import subprocess
    import sys
    import threading

    from tests.app_process import free_port, stop
    from tests.conftest import ROOT, SERVE

    port = free_port()
    process = subprocess.Popen(
        [sys.executable, str(SERVE), "--port", str(port), *options],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        start_new_session=True,
    )
    log: list[str] = []
    announced: queue.Queue[str] = queue.Queue()

    def pump():
        for line in process.stdout:
            log.append(line)
            if line.startswith("sherlockkit app: http"):
                announced.put(line)

    threading.Thread(target=pump, daemon=True).start()
    try:
        announced.get(timeout=90)
        yield _Served(process, port, log)
    finally:
        stop(process)


@pytest.fixture(scope="module")
def served(request):
    """serve.py with short culling times and a host name of its own, once every pool is
    full; with tables left to the culler from the start (:class:`_LeftAlone`):

    * "socket": a dashboard whose kernel's websocket is held open (a page left open);
    * "open", "closed": Sherlock Express in two browser pages, the first left open, the
      second closed at once without a word (no ``beforeunload``: a crash, a lost network);
    * "bare": a bare GET of a dashboard (no page ever connects), made once the pools'
      kernels have idled past the closed limit (the page must still get the whole limit).
    """
    import time

    with _serving("--host-name", SERVED_NAME, "--cull-closed", str(CULL_CLOSED),
                  "--cull-idle", str(CULL_IDLE), "--cull-interval", str(CULL_INTERVAL)) as app:
        app.wait_until_the_pools_are_full()
        app.ready_at = time.monotonic()
        alone = app.left_alone = _LeftAlone(app)
        try:
            try:
                # from before the GET: its kernel is in use from then until its socket is
                # held (on a busy machine that took seconds, and a limit counted from after
                # it seemed to come early)
                asked = time.monotonic()
                kernel = app.open_dashboard("bakerstreet.ipynb")
                _hold_a_socket(app, kernel)
                alone.watch("socket", kernel, asked)
                try:
                    browser = request.getfixturevalue("browser")
                except pytest.skip.Exception:
                    browser = None  # the browser tests are skipped too
                # once the pools' kernels have idled past the closed limit (the culler must
                # not count that against the page that takes one)
                alone.render_at(app.ready_at + CULL_CLOSED + 2 * CULL_INTERVAL, "bare", "picture.ipynb")
                if browser is not None:
                    asked = time.monotonic()
                    pages = [_open_express(browser, app.url, wait=False) for _ in range(2)]
                    for name, page in zip(("open", "closed"), pages):
                        alone.pages[name], kernel = page, _table_of(page)
                        # the open page's idle limit from before it was asked for (a lower
                        # bound of its last use, however long the table took to show); the
                        # closed one's limit from now, when it is closed
                        alone.watch(name, kernel, asked if name == "open" else time.monotonic())
                    alone.pages["closed"].close(run_before_unload=False)
            except BaseException:
                print("".join(app.log[-100:]))  # what the app said: shown with the error
                raise
            yield app
        finally:
            alone.stop()
            for page in alone.pages.values():
                page.context.close()


# --- the app's options ------------------------------------------------------------


def _serve():
    """serve.py as a module (its options, without starting it)."""
    spec = importlib.util.spec_from_file_location("serve", SERVE)
    serve = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(serve)
    return serve


@pytest.mark.parametrize("pace", ["0", "-1", "11", "nan", "quick"])
def test_the_app_refuses_a_pace_with_a_sentence_before_it_starts(pace, capsys):
    with pytest.raises(SystemExit):
        _serve().options(["--bot-pace", pace])
    assert "--bot-pace" in capsys.readouterr().err


def test_the_app_plays_the_bots_at_their_own_pace_unless_told():
    serve = _serve()
    assert serve.options([]).bot_pace == 1.0
    assert serve.options(["--bot-pace", "0.25"]).bot_pace == 0.25


# --- the app as a player meets it -----------------------------------------------


def test_the_root_is_the_landing_page(served):
    response = _get_without_redirect(served.url)
    assert response.status == 200
    page = response.body.decode()
    assert "Play Sherlock Express" in page
    assert '<meta name="viewport"' in page
    # a plain page: no notebook, no kernel behind it
    assert "jupyter-config-data" not in page and "kernelId" not in page


def test_the_landing_page_links_to_the_book_which_the_app_serves_and_has_an_icon(served):
    """Issue 28: the app links to the book and serves it at /book/ once built (else a page
    that says how to build it), and answers the browser's /favicon.ico with its icon."""
    from tests.conftest import ROOT

    page = _get_without_redirect(served.url).body.decode()
    assert "<a href='/book/'>Read the book</a>" in page
    book = _get_without_redirect(served.url + "book/")
    if (ROOT / "book" / "_build" / "html" / "index.html").is_file():
        assert book.status == 200 and b"sherlockkit" in book.body.lower()
    else:
        assert book.status == 404 and b"make book" in book.body
    assert _get_without_redirect(served.url + "book").status == 302
    icon = _get_without_redirect(served.url + "favicon.ico")
    assert icon.status == 200 and icon.body.startswith(b"<svg") and icon.getheader("Content-Type") == "image/svg+xml"


def test_the_old_landing_address_leads_to_the_root(served):
    app_url = served.url
    response = _get_without_redirect(app_url + OLD_LANDING)
    assert response.status in (301, 302, 303, 307, 308)
    assert response.getheader("Location") == "/"
    with urllib.request.urlopen(app_url + OLD_LANDING, timeout=60) as followed:
        assert followed.status == 200
        assert followed.url == app_url


@pytest.mark.browser
def test_landing_page_links_to_sherlock_express_and_no_request_leaves_the_server(served, page):
    """From the landing page to Sherlock Express and back by their links; neither they nor
    an error page ask anything of a CDN (it would fail offline)."""
    app_url = served.url
    requested: list[str] = []
    failed: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    # leaving a dashboard sends the "page closed" beacon, which the browser counts as
    # aborted when the next page replaces it (the server gets it: see
    # test_closing_a_page_shuts_its_kernel_down)
    page.on("requestfailed", lambda request: None if "/voila/api/shutdown/" in request.url
            else failed.append(request.url))
    page.goto(app_url)
    link = page.get_by_role("link", name="Play Sherlock Express")
    link.wait_for(timeout=10_000)
    from tests.layout import serious_violations

    assert serious_violations(page) == [], "axe-core: the landing page, readable and usable by everyone"
    link.click()
    page.wait_for_url(re.compile(r"/voila/render/express\.ipynb$"), timeout=60_000)
    page.wait_for_selector(".sk-express .sk-reveal", timeout=60_000)
    page.wait_for_load_state("networkidle")
    # and back: each dashboard links to the list of games
    page.get_by_role("link", name=re.compile("games")).first.click()
    page.wait_for_url(app_url, timeout=60_000)
    page.goto(app_url + "voila/render/no-such-game.ipynb")
    page.get_by_role("link", name="All games").wait_for(timeout=10_000)
    page.wait_for_load_state("networkidle")
    server = urlsplit(app_url).netloc
    elsewhere = [url for url in requested
                 if urlsplit(url).scheme in ("http", "https", "ws", "wss")
                 and urlsplit(url).netloc != server]
    assert elsewhere == []
    assert failed == []


def test_every_dashboard_is_one_click_from_the_landing_page():
    from pathlib import Path

    from sherlockkit.games import GAMES
    from widgets.landing import landing_document

    app = Path(__file__).resolve().parent.parent / "book" / "app"
    dashboards = {p.name for p in app.glob("*.ipynb")}
    page = landing_document(app, "/voila/render/")
    for name in dashboards:
        assert f"href='/voila/render/{name}'" in page
    assert {g.dashboard for g in GAMES.values()} == dashboards, "every game has its dashboard, and no other"
    assert "coming in a later chapter" not in page


@pytest.mark.browser
def test_closing_a_page_shuts_its_kernel_down(served, browser):
    page, kernel = _open_express(browser, served.url)
    assert served.kernel_alive(kernel)
    page.close(run_before_unload=True)
    page.context.close()
    _wait_until(lambda: not served.kernel_alive(kernel), 20, "the closed page's kernel is still running")
    # the page's goodbye stopped it, not the culler (this app's culls a closed page's in seconds)
    served.caught_up()
    assert not served.culled(kernel), "the culler stopped it: the page's goodbye did not"


def test_the_host_names_come_from_options_and_environment():
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "book" / "app" / "serve.py"
    spec = importlib.util.spec_from_file_location("sherlockkit_serve", path)
    serve = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(serve)
    names = serve.host_names(["Play.Example"], {"SHERLOCKKIT_HOST_NAMES": "a.example, b.example"})
    assert names == {"127.0.0.1", "localhost", "[::1]", "play.example", "a.example", "b.example"}
    assert serve.host_names([], {}) == {"127.0.0.1", "localhost", "[::1]"}


@pytest.fixture(scope="module")
def tests_pages():
    """serve.py over tests/pages, without a pool: (port, log)."""
    from tests.conftest import ROOT

    with _serving("--pool", "0", "--folder", str(ROOT / "tests" / "pages")) as app:
        yield app.port, app.log


@pytest.mark.browser
def test_a_page_without_a_ready_kernel_says_so_at_once(tests_pages, page):
    """A player whose page must start a kernel sees a message at once (before: a blank
    page until that kernel was up), then the table."""
    import time

    port, _ = tests_pages
    started = time.monotonic()
    page.goto(f"http://127.0.0.1:{port}/voila/render/a_table.ipynb", wait_until="commit")
    page.wait_for_function(
        "() => (document.getElementById('loading_text') || {}).textContent === 'Setting up your table\u2026'",
        timeout=10_000)
    said = time.monotonic() - started
    page.wait_for_selector(".sk-test-table", timeout=60_000)
    assert time.monotonic() - started > said  # the message came first
    assert page.locator("#loading").count() == 0  # and went when the table came


def test_only_a_ready_pre_heated_kernel_is_taken():
    """The pool's first kernel still starting: the page takes the ordinary road (its
    frame at once) instead of waiting for it; a ready one is moved to the front."""
    import asyncio

    serve = _serve_module()
    loop = asyncio.new_event_loop()
    try:
        starting = loop.create_future()
        ready = loop.create_future()
        ready.set_result({"kernel_id": "ready"})
        failed = loop.create_future()
        failed.set_exception(RuntimeError("the kernel died"))
        handler = object.__new__(serve.ReadyKernelVoilaHandler)
        handler.path_args = ["express.ipynb"]
        for pool, taken in (([starting], False), ([failed, starting], False), ([starting, ready], True)):
            manager = type("Manager", (), {"_pools": {"express.ipynb": pool}})()
            handler.application = type("App", (), {"settings": {"kernel_manager": manager}})()
            data = {"template": "lab", "theme": "light"}
            assert handler.should_use_rendered_notebook(data, len(pool), None, None, {}) is taken
            if taken:
                assert pool[0] is ready
        failed.exception()  # seen
    finally:
        loop.close()


@pytest.mark.browser
def test_a_page_whose_table_never_comes_tries_again_then_says_so(tests_pages, page):
    """The page reloads by itself three times, a little later each time, then says its
    table did not arrive and offers a button. The page's clock is Playwright's: once a
    page has said it will try again, the test moves its clock past the pause instead of
    waiting it out (each try still starts a kernel and runs the notebook)."""
    import time

    from playwright.sync_api import Error as PlaywrightError

    port, log = tests_pages
    asked: list[str] = []  # the page's own address asked for: the first load and each try
    page.on("request", lambda request: asked.append(request.url) if request.is_navigation_request() else None)
    page.clock.install()
    page.goto(f"http://127.0.0.1:{port}/voila/render/no_table.ipynb")
    again = page.get_by_role("button", name="Try again")
    trying = page.get_by_text("The app is busy. Trying again\u2026")
    for _ in range(10):  # three tries, then the button; more would be a bug, caught below
        trying.or_(again).first.wait_for(timeout=60_000)
        if again.is_visible():
            break
        tries = len(asked)
        page.clock.fast_forward(10_000)  # past the longest pause (4.5 s)
        deadline = time.monotonic() + 60  # then the next try (it may have begun by itself) or the button
        while len(asked) == tries and not again.is_visible():
            assert time.monotonic() < deadline, "the page neither tried again nor said it would not"
            try:
                page.wait_for_event("request", lambda request: request.is_navigation_request(), timeout=2_000)
            except PlaywrightError:
                pass
    # the tries are counted by the page's requests for itself, not by its load events: on a
    # busy machine a try can begin (its pause run out on the page's own clock) before the
    # streamed page it replaces has fired its load event, which then never comes
    assert page.locator("#loading_text").text_content() == "Your table did not arrive"
    assert "Try again in a minute" in page.locator("#sk-loading-note").text_content()
    assert len(asked) == 4  # the first load and three more, then it stopped
    # and no fifth try comes by itself, however long the player waits (a reload would
    # ask for the page before the next frame)
    page.clock.fast_forward(60_000)
    try:
        page.evaluate("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")
    except PlaywrightError:  # the page went away: a load has begun
        pass
    assert len(asked) == 4, "the page tried again after it said it would not"
    assert again.is_visible()
    assert "Traceback" not in page.locator("body").inner_text()
    # a player's click on "Try again" starts a fresh round of tries
    with page.expect_event("request", lambda request: request.is_navigation_request(), timeout=30_000):
        again.click()
    assert len(asked) == 5


def _serve_module():
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "book" / "app" / "serve.py"
    spec = importlib.util.spec_from_file_location("sherlockkit_serve_for_tests", path)
    serve = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(serve)
    return serve


def test_page_templates_are_compiled_once_for_every_page():
    # in a thread of its own: an async template renders with asyncio.run, which refuses to
    # start where a browser test left Playwright's event loop running
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as pool:
        pool.submit(_compile_pages_once).result()


def _compile_pages_once():
    import jinja2

    cache = _serve_module().SharedTemplateCache()
    sources = {"page.html": "<p>{{ who }} at the table</p>"}

    def environment(is_async: bool) -> jinja2.Environment:
        return jinja2.Environment(loader=jinja2.DictLoader(sources), bytecode_cache=cache, enable_async=is_async)

    first = environment(True)
    assert first.get_template("page.html").render(who="Holmes") == "<p>Holmes at the table</p>"
    again = environment(True)  # a new page's renderer: the same template, not compiled again
    again.compile = lambda *args, **kwargs: pytest.fail("compiled again")
    assert again.get_template("page.html").render(who="Watson") == "<p>Watson at the table</p>"
    # a synchronous environment does not get the asynchronous code
    assert environment(False).get_template("page.html").render(who="Irene") == "<p>Irene at the table</p>"
    # an edited template is compiled again
    sources["page.html"] = "<p>{{ who }} left</p>"
    assert environment(True).get_template("page.html").render(who="Lestrade") == "<p>Lestrade left</p>"


def test_kernels_run_below_the_server(served):
    import psutil

    served.open_dashboard()
    server = psutil.Process(served.process.pid)
    niceness = {}
    for pid in served.kernels():
        try:
            niceness[pid] = psutil.Process(pid).nice()
        except psutil.NoSuchProcess:  # culled meanwhile
            pass
    assert niceness
    assert set(niceness.values()) == {server.nice() + _serve_module().KERNEL_NICENESS}


def test_kernels_speak_to_the_server_over_local_sockets_in_private_folders(served):
    """No TCP port is chosen for a kernel (another program may take it before the kernel
    binds it): its connection file asks for local sockets, in a folder of the kernel's own
    in the temporary folder that only this user may read, whose name does not hold the
    kernel's id (which opens its table), each socket's path within what a socket's name
    holds."""
    import os
    import stat
    import tempfile

    import psutil
    import zmq

    served.open_dashboard()
    connections = {}
    for pid in served.kernels():
        try:
            command = psutil.Process(pid).cmdline()
        except psutil.NoSuchProcess:  # culled meanwhile
            continue
        connection_file = command[command.index("-f") + 1]
        with open(connection_file, encoding="utf-8") as opened:
            connections[Path(connection_file).stem.removeprefix("kernel-")] = json.load(opened)
    assert connections
    folders = set()
    for kernel, connection in connections.items():
        assert connection["transport"] == "ipc"
        folder = Path(connection["ip"]).parent
        assert folder.parent == Path(tempfile.gettempdir()) and folder.name.startswith("sk-kernel-")
        assert kernel not in connection["ip"]
        assert stat.S_IMODE(os.stat(folder).st_mode) == 0o700
        longest = max(len(f"{connection['ip']}-{connection[name]}")
                      for name in ("shell_port", "iopub_port", "stdin_port", "control_port", "hb_port"))
        assert longest <= zmq.IPC_PATH_MAX_LEN
        folders.add(folder)
    assert len(folders) == len(connections), "each kernel has a folder of its own"


def test_a_kernels_socket_folder_goes_with_it_and_comes_back_for_a_restart():
    import asyncio

    serve = _serve_module()

    async def ready(kernel):
        client = kernel.client()
        client.start_channels()
        await client.wait_for_ready(timeout=60)
        client.stop_channels()

    async def restarted():
        kernel = serve.PoliteKernelManager(kernel_name="python3")
        await kernel.start_kernel()
        await ready(kernel)
        folder = Path(kernel.ip).parent
        sockets = sorted(p.name for p in folder.iterdir())
        await kernel.restart_kernel(now=True)
        await ready(kernel)
        again = sorted(p.name for p in folder.iterdir())
        await kernel.shutdown_kernel(now=True)
        return sockets, again, folder.exists()

    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as pool:  # a loop of its own: a browser test's may run in this thread
        sockets, again, left = pool.submit(asyncio.run, restarted()).result(timeout=120)
    assert sockets == [f"ipc-{n}" for n in range(1, 6)]
    assert again == sockets, "the restarted kernel has its folder and sockets again"
    assert not left, "the folder went with the kernel"


# --- the server under hostile or careless use (issue 11) ----------------------------


def test_opening_the_landing_page_starts_no_kernel(served):
    served.settled()
    served.caught_up()
    kernels = served.kernels()
    taken, started = served.printed("Using pre-heated kernel"), served.printed("Kernel started")
    for _ in range(5):
        status, body = served.request("GET", "/")
        assert status == 200 and b"Play Sherlock Express" in body
    # a page that takes a pre-heated kernel, or starts one, says so before it answers
    served.caught_up()
    assert served.printed("Using pre-heated kernel") == taken
    assert served.printed("Kernel started") == started
    assert not served.kernels() - kernels


def test_a_foreign_host_is_refused_and_starts_no_kernel(served):
    served.settled()
    kernels, started = served.kernels(), served.printed("Kernel started")
    kernel = served.open_dashboard()  # a page's kernel, for the calls below to try to stop
    served.caught_up()
    taken = served.printed("Using pre-heated kernel")
    upgrade = {"Connection": "Upgrade", "Upgrade": "websocket", "Sec-WebSocket-Version": "13",
               "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ=="}
    for host in (FOREIGN, f"{FOREIGN}:{served.port}", f"127.0.0.1.{FOREIGN}"):
        for method, path, headers in [
            ("GET", "/", None),
            ("GET", "/" + OLD_LANDING, None),
            ("GET", "/voila/render/express.ipynb", None),
            ("GET", "/voila/tree", None),
            ("GET", "/voila/static/favicon.ico", None),
            ("GET", "/api/kernels/" + kernel, None),
            ("GET", f"/api/kernels/{kernel}/channels", upgrade),
            ("POST", "/voila/api/shutdown/" + kernel, None),
            ("DELETE", "/api/kernels/" + kernel, None),
        ]:
            status, body = served.request(method, path, host, headers)
            assert status == 403, (host, method, path, status)
            assert b"kernel" not in body.lower()
    assert served.kernel_alive(kernel), "the refused shutdown call stopped the kernel"
    # the only kernel started since is the one the pool starts for the page's (a page that
    # takes a pre-heated kernel, or starts one, says so before it answers)
    served.wait_until_the_pools_are_full()
    served.caught_up()
    assert served.printed("Using pre-heated kernel") == taken
    assert served.printed("Kernel started") <= started + 1
    assert len(served.kernels() - kernels) <= 1


def test_the_served_names_are_answered(served):
    for host in (f"127.0.0.1:{served.port}", f"localhost:{served.port}", "LOCALHOST",
                 f"[::1]:{served.port}", SERVED_NAME, f"{SERVED_NAME}:{served.port}"):
        status, body = served.request("GET", "/", host)
        assert status == 200 and b"Play Sherlock Express" in body, host
    status, body = served.request("GET", "/voila/render/express.ipynb", SERVED_NAME)
    assert status == 200
    assert b"application/vnd.jupyter.widget-view+json" in body


STRAY_ROUTES = [
    ("GET", "/logout"), ("POST", "/logout"), ("GET", "/login"), ("POST", "/login"),
    ("GET", "/api/kernels"), ("POST", "/api/kernels"), ("GET", "/api/sessions"),
    ("GET", "/api/kernels/not-a-kernel"), ("GET", "/api/contents"),
    ("GET", "/voila/render/nonexistent.ipynb"), ("GET", "/voila/render/serve.py"),
    ("GET", "/voila/render/../../README.md"), ("GET", "/voila/files/serve.py"),
    ("GET", "/voila/files/../../pyproject.toml"),
    ("GET", "/voila/files/%2e%2e/%2e%2e/pyproject.toml"),
    ("GET", "/voila/files/..%2f..%2fpyproject.toml"),
    ("GET", "/voila/tree/nonexistent"), ("GET", "/voila/api/contents/..%2f.."),
    ("GET", "/voila/static/nonexistent"), ("GET", "/voila/static/../../app.py"),
    ("GET", "/voila/templates/nonexistent"), ("GET", "/voila/templates/../static/x"),
    ("GET", "/voila/templates/lab/static/nonexistent.js"),
    # paths that climb out of a template's static files once Voilà resolves them (issue 27: 500s)
    ("GET", "/voila/templates/lab/static/../.."), ("GET", "/voila/templates/lab/static/..%2f..%2f"),
    ("GET", "/voila/templates/lab/static/%2e%2e/%2e%2e"), ("GET", "/voila/templates/lab/static/a%00b"),
    ("GET", "/voila/templates/lab/static/x/..%2f..%2f..%2f"),
    ("GET", "/voila/api/themes/nonexistent"), ("GET", "/voila/labextensions/nonexistent"),
    ("GET", "/voila/query/not-a-kernel"), ("GET", "/voila/api/shutdown/x"),
    ("POST", "/voila/api/shutdown/00000000-0000-0000-0000-000000000000"),
    ("GET", "/nonexistent"), ("GET", "/tree"), ("GET", "/lab"), ("GET", "/book/../serve.py"),
    ("GET", "/book/..%2f..%2fpyproject.toml"),
]


def test_stray_routes_answer_cleanly(served):
    before = len(served.log)
    for method, path in STRAY_ROUTES:
        status, body = served.request(method, path)
        assert status < 500, (method, path, status)
        assert status != 200, (method, path)
        assert b"Traceback" not in body
    served.caught_up()
    printed = "".join(served.log[before:])
    assert "Uncaught exception" not in printed
    assert not re.search(r"^5\d\d (GET|POST)", printed, re.M)


def test_the_app_holds_tables_for_several_people_for_its_own_pages_only(served):
    """The rooms answer under /sherlockkit/rooms/ (``sherlockkit.rooms.service``): a table
    opened and sat at over a socket; another host, another site's page, or a form post
    are refused before anything is opened."""
    import websocket  # websocket-client: a plain blocking socket, like a second player's

    json_body = {"Content-Type": "application/json"}
    opened = {"game": "express", "options": {"players": 2}, "name": "Ann"}
    status, body = served.request("POST", "/sherlockkit/rooms/open", headers=json_body,
                                  body=json.dumps(opened).encode())
    assert status == 200, body
    table = json.loads(body)
    status, body = served.request("POST", "/sherlockkit/rooms/open", headers={"Content-Type": "text/plain"},
                                  body=json.dumps(opened).encode())
    assert status == 400 and b"application/json" in body  # what a form of another site could send
    status, _ = served.request("POST", "/sherlockkit/rooms/open", FOREIGN, json_body, json.dumps(opened).encode())
    assert status == 403
    url = f"ws://127.0.0.1:{served.port}/sherlockkit/rooms/socket"
    with pytest.raises(websocket.WebSocketBadStatusException, match="403"):
        websocket.create_connection(url, origin=f"http://{FOREIGN}", timeout=30)
    seat = websocket.create_connection(url, origin=f"http://127.0.0.1:{served.port}", timeout=30)
    try:
        seat.send(json.dumps({"token": table["token"]}))
        frame = json.loads(seat.recv())
        assert frame["code"] == table["code"] and frame["you"] == 0 and frame["status"] == "gathering"
        seat.send(json.dumps({"do": "start"}))
        assert "Seat 2 waits for a player" in json.loads(seat.recv())["refused"]
    finally:
        seat.close()


# --- culling: what became of the tables ``served`` left alone ------------------------


@pytest.mark.browser
def test_a_page_left_past_the_idle_limit_says_its_table_closed(served, browser):
    """Culled after --cull-idle with its page open, the table says so and offers a new one."""
    alone = served.left_alone
    assert "open" in alone.pages
    page = alone.pages["open"]
    # bots wait for the player's move: nothing happens until the culler comes
    notice = page.locator("#sk-closed")
    notice.wait_for(timeout=(CULL_IDLE + 60) * 1000)
    assert "This table has closed" in notice.inner_text()
    assert alone.lifetime("open", 30) > CULL_IDLE - 2, "the notice came before the idle limit"
    page.get_by_role("button", name="Start a new table").click()
    page.wait_for_selector(".sk-express .sk-reveal", timeout=60_000)
    assert page.locator("#sk-closed").count() == 0


@pytest.mark.browser
def test_a_page_closed_without_a_word_frees_its_kernel(served, browser):
    """A tab closed without ``beforeunload`` (a crash, a lost network) frees its kernel."""
    alone = served.left_alone
    assert "closed" in alone.pages
    assert alone.lifetime("closed", CULL_CLOSED + 30) < CULL_CLOSED + 20
    # the culler freed it, not a goodbye call from the page
    served.caught_up()
    assert served.culled(alone.kernel_of["closed"])


def test_a_bare_get_frees_its_kernel(served):
    """A dashboard rendered but never opened (a bare GET) is freed after --cull-closed;
    its kernel idled in the pool before, and the page still gets the whole limit."""
    lifetime = served.left_alone.lifetime("bare", CULL_CLOSED + 30)
    assert lifetime > CULL_CLOSED - 2 * CULL_INTERVAL, "culled before its page had time to connect"
    assert lifetime < CULL_CLOSED + 20
    served.caught_up()
    assert served.culled(served.left_alone.kernel_of["bare"])


def test_a_page_left_open_keeps_its_kernel_until_the_idle_limit(served):
    """A kernel whose websocket stays open is culled only after --cull-idle, well past
    --cull-closed."""
    lifetime = served.left_alone.lifetime("socket", CULL_IDLE + 30)
    assert lifetime > CULL_IDLE - 2 * CULL_INTERVAL, "culled with its page open"
    assert lifetime < CULL_IDLE + 20, "an unused page's kernel lives on"


def test_the_pool_outlives_culling(served):
    """The pools' kernels wait unculled, however long: a page takes a live one."""
    import time

    served.settled()
    # story's pool has not been taken from since the app started, long before
    assert time.monotonic() - served.ready_at > CULL_CLOSED + 2 * CULL_INTERVAL
    # the pools (one kernel per notebook) are never refilled except when a page takes
    # from them, so a culled pool kernel would show as a missing process
    assert len(served.kernels()) >= len(APP_NOTEBOOKS)
    kernel = served.open_dashboard("story.ipynb")
    assert served.kernel_alive(kernel)
    served.caught_up()
    assert any(f"Using pre-heated kernel: {kernel} for story.ipynb" in line for line in served.log), \
        "no pre-heated kernel was waiting for the page"
    assert not served.culled(kernel)
