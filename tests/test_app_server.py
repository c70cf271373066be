"""The Voilà app served by book/app/serve.py."""

from __future__ import annotations

import contextlib
import http.client
import re
import urllib.request
from urllib.parse import urlsplit

import pytest

OLD_LANDING = "voila/render/index.ipynb"  # the landing page's address when it was a notebook


def _get_without_redirect(url: str) -> http.client.HTTPResponse:
    parts = urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    connection.request("GET", parts.path or "/")
    response = connection.getresponse()
    response.body = response.read()
    connection.close()
    return response


def test_the_root_is_the_landing_page(app_url):
    response = _get_without_redirect(app_url)
    assert response.status == 200
    page = response.body.decode()
    assert "Play Sherlock Express" in page
    assert '<meta name="viewport"' in page
    # a plain page: no notebook, no kernel behind it
    assert "jupyter-config-data" not in page and "kernelId" not in page


def test_the_old_landing_address_leads_to_the_root(app_url):
    response = _get_without_redirect(app_url + OLD_LANDING)
    assert response.status in (301, 302, 303, 307, 308)
    assert response.getheader("Location") == "/"
    with urllib.request.urlopen(app_url + OLD_LANDING, timeout=60) as followed:
        assert followed.status == 200
        assert followed.url == app_url


@pytest.mark.browser
def test_landing_page_links_to_sherlock_express(app_url, page):
    page.goto(app_url)
    link = page.get_by_role("link", name="Play Sherlock Express")
    link.wait_for(timeout=10_000)
    link.click()
    page.wait_for_url(re.compile(r"/voila/render/express\.ipynb$"), timeout=60_000)
    # and back: each dashboard links to the list of games
    page.get_by_role("link", name=re.compile("games")).first.click()
    page.wait_for_url(app_url, timeout=60_000)


def test_every_dashboard_is_one_click_from_the_landing_page():
    from pathlib import Path

    from sherlockkit.games import CATALOGUE, GAMES
    from widgets.landing import landing_document

    app = Path(__file__).resolve().parent.parent / "book" / "app"
    dashboards = {p.name for p in app.glob("*.ipynb")}
    page = landing_document(app, "/voila/render/")
    for name in dashboards:
        assert f"href='/voila/render/{name}'" in page
    assert {g.dashboard for g in CATALOGUE} >= dashboards
    assert {g.dashboard for g in GAMES.values()} <= dashboards, "every live game has its dashboard"
    assert page.count("coming in a later chapter") == len(CATALOGUE) - len(dashboards)


def test_opening_the_landing_page_starts_no_kernel(served):
    import time

    time.sleep(2)
    kernels = served.kernels()
    for _ in range(5):
        status, body = served.request("GET", "/")
        assert status == 200 and b"Play Sherlock Express" in body
    time.sleep(3)  # a kernel taken from a pool would be replaced by now
    assert served.kernels() == kernels


@pytest.mark.browser
def test_closing_a_page_shuts_its_kernel_down(app_url, browser):
    import json
    import time
    import urllib.error

    context = browser.new_context()
    page = context.new_page()
    page.goto(app_url + "voila/render/express.ipynb")
    page.wait_for_selector(".sk-express .sk-reveal", timeout=60_000)
    config = json.loads(page.locator("#jupyter-config-data").text_content())
    kernel = app_url + "api/kernels/" + config["kernelId"]
    with urllib.request.urlopen(kernel, timeout=10) as response:
        assert response.status == 200
    page.close(run_before_unload=True)
    context.close()
    deadline = time.monotonic() + 20
    while True:
        try:
            urllib.request.urlopen(kernel, timeout=10).close()
        except urllib.error.HTTPError as gone:
            assert gone.code == 404
            break
        assert time.monotonic() < deadline, "the closed page's kernel is still running"
        time.sleep(0.3)


# --- the server under hostile or careless use (issue 11) ------------------------
# One more app, served with short culling times and an extra host name, so that
# these tests see kernels culled in seconds instead of minutes.

CULL_CLOSED = 8  # seconds a kernel without a page may idle
CULL_IDLE = 20  # seconds a kernel with an open, unused page may idle
SERVED_NAME = "sherlock.test"
FOREIGN = "evil.example"


class _Served:
    """A running serve.py: its port, its process and the lines it printed."""

    def __init__(self, process, port: int, log: list[str]):
        self.process, self.port, self.log = process, port, log

    def request(self, method: str, path: str, host: str | None = None, headers=None):
        """(status, body) of one raw HTTP request, with the given Host header."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        sent = dict(headers or {})
        sent["Host"] = host or f"127.0.0.1:{self.port}"
        connection.putrequest(method, path, skip_host=True)
        for name, value in sent.items():
            connection.putheader(name, value)
        connection.endheaders()
        response = connection.getresponse()
        body = response.read()
        connection.close()
        return response.status, body

    def kernels(self) -> set[int]:
        """Process ids of the kernels the app runs."""
        import psutil

        return {
            child.pid
            for child in psutil.Process(self.process.pid).children(recursive=True)
            if "ipykernel" in " ".join(child.cmdline())
        }

    def open_dashboard(self, name: str = "express.ipynb") -> str:
        """Render a dashboard with a bare GET (no page ever connects); its kernel id."""
        import json

        status, body = self.request("GET", "/voila/render/" + name)
        assert status == 200
        config = re.search(rb'id="jupyter-config-data"[^>]*>(.*?)</script>', body, re.S)
        return json.loads(config.group(1))["kernelId"]

    def kernel_alive(self, kernel_id: str) -> bool:
        status, _ = self.request("GET", "/api/kernels/" + kernel_id)
        assert status in (200, 404)
        return status == 200


@contextlib.contextmanager
def _serving(*options: str):
    """serve.py with ``options`` on a free port, as a :class:`_Served`, once it has said
    where it listens; stopped whatever happens."""
    import queue
    import subprocess
    import sys
    import threading

    from tests.conftest import ROOT, SERVE, _free_port, _stop

    port = _free_port()
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
        _stop(process)


@pytest.fixture(scope="module")
def served():
    import time

    from tests.conftest import ROOT

    with _serving("--host-name", SERVED_NAME, "--cull-closed", str(CULL_CLOSED),
                  "--cull-idle", str(CULL_IDLE), "--cull-interval", "1") as app:
        deadline = time.monotonic() + 90
        # every notebook's pool kernel has rendered once the log says so
        notebooks = len(list((ROOT / "book" / "app").glob("*.ipynb")))
        while sum("Kernel pool of" in line for line in app.log) < notebooks:
            assert time.monotonic() < deadline, "".join(app.log)
            time.sleep(0.25)
        yield app


def _wait_until(condition, seconds: float, message: str) -> None:
    import time

    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, message
        time.sleep(0.3)


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


def test_a_foreign_host_is_refused_and_starts_no_kernel(served):
    import time

    kernel = served.open_dashboard()
    time.sleep(3)  # the pool refills after a page takes its kernel
    kernels, pool_uses = served.kernels(), "".join(served.log).count("Using pre-heated kernel")
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
    time.sleep(3)  # a kernel taken from the pool would be replaced by now
    assert served.kernels() == kernels
    assert "".join(served.log).count("Using pre-heated kernel") == pool_uses


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
    ("GET", "/voila/api/themes/nonexistent"), ("GET", "/voila/labextensions/nonexistent"),
    ("GET", "/voila/query/not-a-kernel"), ("GET", "/voila/api/shutdown/x"),
    ("POST", "/voila/api/shutdown/00000000-0000-0000-0000-000000000000"),
    ("GET", "/favicon.ico"), ("GET", "/nonexistent"), ("GET", "/tree"), ("GET", "/lab"),
]


def test_stray_routes_answer_cleanly(served):
    before = len(served.log)
    for method, path in STRAY_ROUTES:
        status, body = served.request(method, path)
        assert status < 500, (method, path, status)
        assert status != 200, (method, path)
        assert b"Traceback" not in body
    printed = "".join(served.log[before:])
    assert "Uncaught exception" not in printed
    assert not re.search(r"^5\d\d (GET|POST)", printed, re.M)


def test_a_bare_get_frees_its_kernel(served):
    import time

    kernels = served.kernels()
    kernel = served.open_dashboard()
    # a pre-heated kernel idled in the pool before this page took it: the page still
    # gets the whole limit to connect
    time.sleep(CULL_CLOSED - 3)
    assert served.kernel_alive(kernel), "culled before its page had time to connect"
    _wait_until(lambda: not served.kernel_alive(kernel), CULL_CLOSED + 20,
                "the kernel of a page nobody opened is still running")
    # the pool refilled for the page, the culled kernel is gone: as many as before
    _wait_until(lambda: len(served.kernels()) <= len(kernels), 20,
                "the kernel count did not return to the pool's")


def test_the_pool_outlives_culling(served):
    import time
    from pathlib import Path

    time.sleep(CULL_CLOSED + 3)  # the pool's waiting kernels have idled past the limit
    # the pool (one kernel per notebook) is never refilled except when a page takes
    # from it, so a culled pool kernel would show as a missing process
    notebooks = len(list(Path(__file__).resolve().parent.parent.glob("book/app/*.ipynb")))
    assert len(served.kernels()) >= notebooks
    uses = "".join(served.log).count("Using pre-heated kernel")
    kernel = served.open_dashboard("express.ipynb")
    assert served.kernel_alive(kernel)
    assert "".join(served.log).count("Using pre-heated kernel") == uses + 1


def test_a_page_left_open_keeps_its_kernel_until_the_idle_limit(served):
    import asyncio
    import time

    from tornado.websocket import websocket_connect

    kernel = served.open_dashboard()

    async def leave_the_page_open():
        url = f"ws://127.0.0.1:{served.port}/api/kernels/{kernel}/channels"
        socket = await websocket_connect(url)
        opened = time.monotonic()
        await asyncio.sleep(CULL_CLOSED + 4)
        assert await asyncio.to_thread(served.kernel_alive, kernel), "culled with its page open"
        while await asyncio.to_thread(served.kernel_alive, kernel):
            assert time.monotonic() - opened < CULL_IDLE + 20, "an unused page's kernel lives on"
            await asyncio.sleep(0.5)
        assert time.monotonic() - opened > CULL_IDLE - 2
        socket.close()

    # in a thread of its own: a browser test run before this one may have left an event
    # loop running in this thread (Playwright's sync API), where asyncio.run refuses to start
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as pool:
        pool.submit(lambda: asyncio.run(leave_the_page_open())).result()


@pytest.mark.browser
def test_no_request_leaves_the_server(app_url, page):
    """The landing page, a dashboard and an error page ask nothing of a CDN (it would
    fail offline)."""
    requested: list[str] = []
    failed: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    # leaving a dashboard sends the "page closed" beacon, which the browser counts as
    # aborted when the next page replaces it (the server gets it: see
    # test_closing_a_page_shuts_its_kernel_down)
    page.on("requestfailed", lambda request: None if "/voila/api/shutdown/" in request.url
            else failed.append(request.url))
    page.goto(app_url)
    page.get_by_role("link", name="Play Sherlock Express").wait_for(timeout=10_000)
    page.goto(app_url + "voila/render/express.ipynb")
    page.wait_for_selector(".sk-express .sk-reveal", timeout=60_000)
    page.wait_for_load_state("networkidle")
    page.goto(app_url + "voila/render/no-such-game.ipynb")
    page.get_by_role("link", name="All games").wait_for(timeout=10_000)
    page.wait_for_load_state("networkidle")
    server = urlsplit(app_url).netloc
    elsewhere = [url for url in requested
                 if urlsplit(url).scheme in ("http", "https", "ws", "wss")
                 and urlsplit(url).netloc != server]
    assert elsewhere == []
    assert failed == []


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
    port, log = tests_pages
    loads: list[str] = []
    page.on("load", lambda _: loads.append(page.url))
    page.goto(f"http://127.0.0.1:{port}/voila/render/no_table.ipynb")
    page.get_by_role("button", name="Try again").wait_for(timeout=60_000)
    assert page.locator("#loading_text").text_content() == "Your table did not arrive"
    assert "Try again in a minute" in page.locator("#sk-loading-note").text_content()
    # the button is drawn before the last load's "load" event has reached us: wait for it
    for _ in range(100):
        if len(loads) >= 4:
            break
        page.wait_for_timeout(100)
    page.wait_for_timeout(1_000)  # and a while longer: no fifth load comes by itself
    assert len(loads) == 4  # the first load and three more, then it stopped
    assert "Traceback" not in page.locator("body").inner_text()
    # a player's click on "Try again" starts a fresh round of tries
    with page.expect_event("load", timeout=30_000):
        page.get_by_role("button", name="Try again").click()
    assert len(loads) == 5


@pytest.mark.browser
def test_a_page_left_past_the_idle_limit_says_its_table_closed(served, browser):
    """Culled after --cull-idle with its page open, the table says so and offers a new one."""
    context = browser.new_context()
    page = context.new_page()
    try:
        page.goto(f"http://127.0.0.1:{served.port}/voila/render/express.ipynb")
        page.wait_for_selector(".sk-express .sk-reveal", timeout=60_000)
        assert page.locator("#sk-closed").count() == 0
        # bots wait for the player's move: nothing happens until the culler comes
        notice = page.locator("#sk-closed")
        notice.wait_for(timeout=(CULL_IDLE + 40) * 1000)
        assert "This table has closed" in notice.inner_text()
        page.get_by_role("button", name="Start a new table").click()
        page.wait_for_selector(".sk-express .sk-reveal", timeout=60_000)
        assert page.locator("#sk-closed").count() == 0
    finally:
        context.close()


@pytest.mark.browser
def test_a_page_closed_without_a_word_frees_its_kernel(served, browser):
    """A tab closed without ``beforeunload`` (a crash, a lost network) frees its kernel."""
    import json
    import time

    base = f"http://127.0.0.1:{served.port}/"
    context = browser.new_context()
    page = context.new_page()
    page.goto(base + "voila/render/express.ipynb")
    page.wait_for_selector(".sk-express .sk-reveal", timeout=60_000)
    kernel = json.loads(page.locator("#jupyter-config-data").text_content())["kernelId"]
    time.sleep(CULL_CLOSED + 3)
    assert served.kernel_alive(kernel), "culled while its page was open"
    page.close(run_before_unload=False)
    context.close()
    _wait_until(lambda: not served.kernel_alive(kernel), CULL_CLOSED + 20,
                "the kernel of a page closed without a word is still running")
    # the culler freed it, not a goodbye call from the page
    assert any("Culling" in line and kernel in line for line in served.log)


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
    kernels = [psutil.Process(pid) for pid in served.kernels()]
    assert kernels
    assert all(kernel.nice() == server.nice() + _serve_module().KERNEL_NICENESS for kernel in kernels)
