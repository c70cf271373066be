"""Serve the sherlockkit dashboards (this folder) with Voilà.

    python book/app/serve.py [--port 8866] [--folder PATH] [--host-name NAME ...]
                             [--cull-closed S] [--cull-idle S] [--cull-interval S]
                             [--pool N] [--bot-pace F]

Every notebook of ``book/app`` is served at ``/voila/render/<name>.ipynb``; the
root URL ``/`` is the landing page, the list of games (``widgets/landing.py``).
Compared with a plain ``voila book/app`` this launcher

* binds to 127.0.0.1 and never opens a browser;
* answers only to its own names: a request whose ``Host`` is not 127.0.0.1,
  localhost, [::1] or a name given with ``--host-name`` (or in the environment
  variable ``SHERLOCKKIT_HOST_NAMES``, separated by commas) gets 403 before any
  handler runs, so a page under a rebound DNS name can neither open a dashboard,
  start a kernel nor shut one down (standalone Voilà switches jupyter_server's own
  check off with ``allow_remote_access=True``);
* serves the landing page itself, as plain HTML: choosing a game starts no kernel
  (the old ``index.ipynb`` address redirects to it);
* pre-heats ``--pool`` kernels per dashboard (default 1), so a page shows its table
  at once; a page arriving when no pre-heated kernel is *ready* does not wait for
  one silently (Voilà would hold back the whole page until the kernel being heated
  had started): it gets the page's frame at once, with a message, and a kernel of
  its own;
* tells the player what is happening (``templates/index.html.j2``): "setting up
  your table" while the kernel starts, a busy notice when that takes long, a retry
  (at most three, then a sentence and a button) if the table never arrived, and a
  notice with a reload button if the table's kernel goes away (culled, or the
  server restarted);
* turns on TCP_NODELAY on the kernel websocket: without it Nagle's algorithm
  delays each small widget message, and a click takes ~45 ms instead of ~3 ms
  to update the page;
* shuts a page's kernel down when the page is closed (Voilà's own call for this is
  refused for want of an XSRF token, and the kernels pile up);
* culls kernels nobody uses: one that no page is connected to (a page closed
  without saying so, a bare GET of a dashboard) after ``--cull-closed`` seconds
  without activity, one whose page is open but untouched after ``--cull-idle``
  seconds; the pre-heated kernels waiting in the pool are never culled;
* answers stray routes cleanly: no login/logout pages (the app has no accounts;
  they answered 500), and a malformed template path is a 404;
* serves the lab template and its error pages without their links to a CDN (they
  only failed offline);
* holds the tables for several people (``sherlockkit.rooms.service``) under
  ``/sherlockkit/rooms/``: one lobby for every page of the server;
* plays the bots at ``--bot-pace`` times their own pauses (default 1; the tests'
  app plays quicker), alone at a table or with friends; Sherlock Express's
  reaction times are the race itself and never change;
* prints one line ``sherlockkit app: http://127.0.0.1:PORT/`` once it listens.

Voilà's default stays untouched: the page cannot run arbitrary code in its
kernel, it can only talk to the widgets the notebook created.
"""

from __future__ import annotations

import argparse
import inspect
import os
import re
import shutil
import sys
import tempfile
from datetime import datetime, timedelta, timezone
from pathlib import Path

import jinja2
import tornado.web
from jinja2.bccache import Bucket
from jupyter_server import DEFAULT_STATIC_FILES_PATH
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager, ServerKernelManager
from jupyter_server.utils import url_path_join
from tornado.ioloop import IOLoop
from tornado.log import app_log
from traitlets import Integer, TraitError, default
from voila.app import Voila
import voila.notebook_renderer
from voila.exporter import VoilaExporter
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
from voila.static_file_handler import TemplateStaticFileHandler
from voila.tornado.handler import TornadoVoilaHandler
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

from sherlockkit.rooms.service import BOT_PAUSE, RoomService
from widgets.clock import BOT_PACE_ENV
from widgets.friends import ROOMS_ADDRESS
from widgets.landing import landing_document

APP_DIR = Path(__file__).resolve().parent
#: where the tables for several people answer, under the server's base URL
ROOMS = "sherlockkit/rooms"
TEMPLATE_DIR = APP_DIR / "templates"  # lab's page and error pages without CDN links
OLD_LANDING_PAGE = "voila/render/index.ipynb"  # the landing page was a notebook once
DASHBOARDS = "voila/render/"
POOL = 1  # pre-heated kernels per dashboard
LOCAL_NAMES = ("127.0.0.1", "localhost", "[::1]")
HOST_NAMES_VARIABLE = "SHERLOCKKIT_HOST_NAMES"
# how long a kernel may sit unused, in seconds (see the module docstring)
CULL_CLOSED = 50  # with CULL_INTERVAL: a closed page's kernel is freed within a minute
CULL_IDLE = 30 * 60
CULL_INTERVAL = 10
KERNEL_NICENESS = 5  # kernels run at this lower CPU priority than the server
# traitlets name classes by import path: this module, whether run as a script or imported
MODULE_NAME = "sherlockkit_app_serve"
if __name__ in sys.modules:  # not when a test loads this file without importing it
    sys.modules.setdefault(MODULE_NAME, sys.modules[__name__])


def host_names(extra: list[str] | None = None, environ=os.environ) -> frozenset[str]:
    """The host names the app answers to: the local ones, the environment's, ``extra``."""
    names = set(LOCAL_NAMES)
    names.update(n for n in re.split(r"[,\s]+", environ.get(HOST_NAMES_VARIABLE, "")) if n)
    names.update(extra or ())
    return frozenset(n.strip().lower() for n in names)


class SharedTemplateCache(jinja2.BytecodeCache):
    """The page templates, compiled once for every page the app renders.

    Voilà builds a new Jinja environment for each page it renders, which compiled its
    fourteen templates again (~0.2 s a page, on the server's one event loop): when twenty
    players arrived together the last waited ~4 s for the first byte of their page.
    Jinja's bytecode cache keeps the compiled code, checked against the template's source,
    so an edited template is compiled again. Sync and async compilations are kept apart.
    """

    def __init__(self):
        self.codes: dict[str, bytes] = {}

    def get_bucket(self, environment, name, filename, source):
        key = self.get_cache_key(name, filename) + ("/async" if environment.is_async else "/sync")
        bucket = Bucket(environment, key, self.get_source_checksum(source))
        self.load_bytecode(bucket)
        return bucket

    def load_bytecode(self, bucket):
        code = self.codes.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket):
        self.codes[bucket.key] = bucket.bytecode_to_string()


TEMPLATES = SharedTemplateCache()


class CachedTemplatesExporter(VoilaExporter):
    """Voilà's page exporter, reading its templates from :data:`TEMPLATES`."""

    def _create_environment(self):
        environment = super()._create_environment()
        environment.bytecode_cache = TEMPLATES
        return environment


class WrongHostHandler(tornado.web.RequestHandler):
    """The answer to a request sent under a name the app does not serve: 403."""

    def prepare(self):
        # the host is the sender's text: log only a short excerpt of it
        app_log.warning("sherlockkit app: refused a request for host %r", self.request.host[:60])
        self.set_status(403)
        self.set_header("Content-Type", "text/plain; charset=utf-8")
        self.finish("This server does not answer to that host name.\n")


class HostCheckedApplication(tornado.web.Application):
    """A Tornado application that answers only requests addressed to its own names."""

    def __init__(self, allowed_hosts: frozenset[str], **settings):
        self.allowed_hosts = allowed_hosts
        super().__init__(**settings)

    def find_handler(self, request, **kwargs):
        # checked before routing, so every route (pages, static files, the kernel
        # websocket, the shutdown call) is covered, including ones added later
        if request.host_name not in self.allowed_hosts:
            return self.get_handler_delegate(request, WrongHostHandler)
        return super().find_handler(request, **kwargs)


class PoliteKernelManager(ServerKernelManager):
    """A page's kernel, started at a lower CPU priority than the server (``nice``).

    When many players arrive at once, their kernels starting up took the server's event
    loop's share of the CPU: every page, those already at play included, waited for
    it (the first byte of a new page came ~4 s late at twenty arrivals). The server is
    what every page shares, so it goes first; kernels share what is left as before.

    It speaks to the server over local sockets, not TCP ports: a port is chosen free and
    bound by the kernel a moment later, and another program on the machine took one in
    between once (two runs of the tests at once: the kernel died with "Address already in
    use" and its page never got a table). The sockets are files in a folder of the
    kernel's own, made in the temporary folder, that only this user may read
    (``sk-kernel-XXXXXXXX/ipc-<n>``: no kernel id in a name anyone can list, since a
    table's kernel id opens it), removed with the kernel. Beside the connection file,
    where jupyter_client puts them, a player's server under JupyterHub made paths longer
    than a socket's may be (107 bytes), and its kernels never started.
    """

    @default("transport")
    def _local_sockets(self):
        return "ipc"

    @default("ip")
    def _sockets_path(self):
        return str(Path(tempfile.mkdtemp(prefix="sk-kernel-")) / "ipc")

    async def _async_pre_start_kernel(self, **kw):
        if self.transport == "ipc":  # made again for a restart, which removed it with the old sockets
            Path(self.ip).parent.mkdir(mode=0o700, exist_ok=True)
        return await super()._async_pre_start_kernel(**kw)

    def cleanup_ipc_files(self):
        super().cleanup_ipc_files()
        if self.transport == "ipc" and Path(self.ip).parent.name.startswith("sk-kernel-"):
            shutil.rmtree(Path(self.ip).parent, ignore_errors=True)

    def format_kernel_cmd(self, extra_arguments=None):
        command = super().format_kernel_cmd(extra_arguments)
        nice = shutil.which("nice")
        return [nice, "-n", str(KERNEL_NICENESS), *command] if nice else command


class SherlockkitKernelManager(AsyncMappingKernelManager):
    """jupyter_server's kernel manager with a second, longer limit for open pages.

    ``cull_idle_timeout`` (with ``cull_connected`` off) frees the kernels no page is
    connected to; ``cull_abandoned_after`` frees those whose page is still open but
    has not been used for that long.  Voilà wraps this class with its pre-heated pool,
    which keeps the pool's waiting kernels out of both.
    """

    @default("kernel_manager_class")
    def _polite_kernels(self):
        return f"{MODULE_NAME}.PoliteKernelManager"

    cull_abandoned_after = Integer(
        CULL_IDLE, config=True,
        help="Seconds without activity after which a kernel with an open page is culled.",
    )

    async def cull_kernels(self):
        # A pre-heated kernel idles in the pool until a page takes it: keep its clock
        # at "now" meanwhile, or the page it goes to could lose it to the very next
        # round, before its websocket has connected.
        now = datetime.now(timezone.utc)
        for kernel_id in self._waiting_in_pool():
            kernel = self._kernels.get(kernel_id)
            if kernel is not None:
                kernel.last_activity = now
        await super().cull_kernels()

    def _waiting_in_pool(self) -> list[str]:
        """Ids of the kernels waiting in Voilà's pre-heated pool (none without one)."""
        waiting = []
        for pool in getattr(self, "_pools", {}).values():
            for task in pool:
                if task.done() and not task.cancelled() and task.exception() is None:
                    waiting.append(task.result()["kernel_id"])
        return waiting

    async def shutdown_kernel(self, kernel_id, *args, **kwargs):
        """Shut the kernel down, then close its pages' websockets (so they know)."""
        try:
            return await super().shutdown_kernel(kernel_id, *args, **kwargs)
        finally:
            NoDelayKernelWebsocketHandler.close_all(kernel_id)

    async def cull_kernel_if_idle(self, kernel_id):
        """Shut the kernel down if its page is open but unused past the limit, or
        (jupyter_server's rule) if no page is connected and it idled past its own."""
        kernel = self._kernels.get(kernel_id)
        try:
            last_activity = kernel.last_activity
        except (AttributeError, TraitError):
            # still starting: its activity is not watched yet, and it is not idle
            return
        connected = self._kernel_connections.get(kernel_id, 0) > 0
        if connected and last_activity is not None and self.cull_abandoned_after > 0:
            if datetime.now(timezone.utc) - last_activity > timedelta(seconds=self.cull_abandoned_after):
                self.log.warning("Culling kernel %s: its page was left unused", kernel_id)
                await self.shutdown_kernel(kernel_id)
                return
        await super().cull_kernel_if_idle(kernel_id)


class NoDelayKernelWebsocketHandler(VoilaKernelWebsocketHandler):
    """Voilà's kernel websocket with Nagle's algorithm switched off, and closed when
    its kernel is shut down.

    jupyter_server leaves a page's websocket open after its kernel is gone (culled,
    say): the page could not tell its table had died. Closing it lets the page say so
    (``templates/index.html.j2``).
    """

    open_sockets: dict[str, set[NoDelayKernelWebsocketHandler]] = {}

    async def open(self, *args, **kwargs):
        self.set_nodelay(True)
        self.open_sockets.setdefault(self.kernel_id, set()).add(self)
        result = super().open(*args, **kwargs)
        if inspect.isawaitable(result):
            await result

    def on_close(self):
        sockets = self.open_sockets.get(getattr(self, "kernel_id", None), set())
        sockets.discard(self)
        if not sockets:
            self.open_sockets.pop(getattr(self, "kernel_id", None), None)
        return super().on_close()

    @classmethod
    def close_all(cls, kernel_id: str) -> None:
        """Close the websockets of pages connected to a kernel that has been shut down."""
        for socket in list(cls.open_sockets.pop(kernel_id, ())):
            socket.close(code=1001, reason="the table's kernel has stopped")


class PageClosedHandler(VoilaShutdownKernelHandler):
    """Voilà's "the page was closed, shut its kernel down" call, accepted.

    The page sends it with ``navigator.sendBeacon``, which cannot carry the XSRF token,
    so Voilà refuses it (403) and every closed page's kernel would live until the server
    stops. Skipping the XSRF check here only lets a caller stop a kernel whose secret id
    it already knows, which is exactly what the page that owns it does.
    """

    def check_xsrf_cookie(self):
        return None


class LandingHandler(tornado.web.RequestHandler):
    """The landing page: the list of games, as plain HTML (no kernel)."""

    def initialize(self, document: str):
        self.document = document

    def get(self):
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-cache")
        self.finish(self.document)


#: where the built book is (``make book``), served at ``/book/``; ``SHERLOCKKIT_BOOK_DIR`` names another
BOOK_DIR = Path(os.environ.get("SHERLOCKKIT_BOOK_DIR") or APP_DIR.parent / "_build" / "html")
#: the app's icon (a magnifying glass), served at ``/favicon.ico``; the book's too (jupyter_book.yml)
FAVICON = (APP_DIR.parent / "images" / "favicon.svg").read_text(encoding="utf-8")


class BookHandler(tornado.web.StaticFileHandler):
    """The built book at ``/book/``; before ``make book`` has built it, a page that says so."""

    async def get(self, path: str, include_body: bool = True):
        if not (Path(self.root) / "index.html").is_file():
            self.set_status(404)
            self.set_header("Content-Type", "text/html; charset=utf-8")
            self.finish("<!DOCTYPE html><html lang='en'><meta charset='utf-8'><title>sherlockkit: the book</title>"
                        "<p>The book is not built on this server yet: run <code>make book</code> in the project, "
                        "then come back. <a href='../'>Back to the games</a></p></html>")
            return
        await super().get(path, include_body)


class FaviconHandler(tornado.web.RequestHandler):
    """The app's icon, for the browser's tab (it asks for ``/favicon.ico``)."""

    def get(self):
        self.set_header("Content-Type", "image/svg+xml")
        self.set_header("Cache-Control", "max-age=86400")
        self.finish(FAVICON)


class ReadyKernelVoilaHandler(TornadoVoilaHandler):
    """Voilà's dashboard page, which takes a pre-heated kernel only once it is ready.

    Voilà takes the next kernel of the pool even while it is still starting, and then
    sends nothing at all until it has: under a burst of players the browser showed a
    blank page for up to a minute. Here such a page takes the ordinary road instead: its
    frame and the "setting up your table" message are sent at once, and it starts a
    kernel of its own, while the pool goes on heating for the next player.
    """

    def should_use_rendered_notebook(self, notebook_data, pool_size, template_name, theme, request_args):
        pool = getattr(self.kernel_manager, "_pools", {}).get(self._notebook_name(), [])
        ready = [task for task in pool
                 if task.done() and not task.cancelled() and task.exception() is None]
        if not ready:
            return False
        # the pool hands out its first task: make it a ready one
        pool.remove(ready[0])
        pool.insert(0, ready[0])
        return super().should_use_rendered_notebook(notebook_data, pool_size, template_name, theme, request_args)

    def _notebook_name(self) -> str:
        """The notebook this request renders, as the pool names it (relative path)."""
        path = self.path_args[0] if self.path_args else ""
        return path.strip("/")


class TemplateFileHandler(TemplateStaticFileHandler):
    """Voilà's template static files, where a malformed path is a 404, not a 500."""

    _PATH = re.compile(r"[A-Za-z0-9_-]+/static/.+")

    def parse_url_path(self, path):
        # Voilà splits the path without checking it (ValueError, 500); the template
        # name is also a directory name, so only a plain word is accepted -- and the path
        # as Voilà will read it, once ".." is resolved, must still be one (a path that
        # climbs out of "static", or holds a NUL, answered 500)
        if not self._PATH.fullmatch(path) or "\x00" in path or not self._PATH.fullmatch(os.path.normpath(path)):
            raise tornado.web.HTTPError(404)
        return super().parse_url_path(path)


class SherlockkitApp(Voila):
    """Voilà serving ``book/app`` with the tweaks described above."""

    name = "sherlockkit-app"
    allowed_hosts: frozenset[str] = host_names()
    cull_closed = CULL_CLOSED
    cull_idle = CULL_IDLE
    cull_interval = CULL_INTERVAL
    bot_pace = 1.0  # the bots' pauses times this (--bot-pace)

    def setup_template_dirs(self):
        super().setup_template_dirs()
        # first on the path, so its index.html.j2 stands in for lab's (which it
        # extends); the template keeps lab's name, so lab's static files still serve
        self.template_paths.insert(0, str(TEMPLATE_DIR))

    def init_handlers(self):
        handlers = super().init_handlers()
        root = self.server_url
        home = url_path_join(self.base_url, "/")
        document = landing_document(self.root_dir, url_path_join(self.base_url, DASHBOARDS),
                                    book=url_path_join(self.base_url, "book/"))
        # the identity provider's /login and /logout: the app has no accounts
        accounts = {handler[0] for handler in self.identity_provider.get_handlers()}
        patched = []
        for handler in handlers:
            pattern, klass = handler[0], handler[1]
            if pattern in accounts:
                continue
            if klass is VoilaKernelWebsocketHandler:
                handler = (pattern, NoDelayKernelWebsocketHandler, *handler[2:])
            elif klass is VoilaShutdownKernelHandler:
                handler = (pattern, PageClosedHandler, *handler[2:])
            elif klass is TemplateStaticFileHandler:
                handler = (pattern, TemplateFileHandler, *handler[2:])
            elif klass is TornadoVoilaHandler:
                handler = (pattern, ReadyKernelVoilaHandler, *handler[2:])
            elif pattern == root:
                # the folder listing at "/" becomes the landing page
                handler = (pattern, LandingHandler, {"document": document})
            patched.append(handler)
        # the old notebook address of the landing page (dashboards link to it)
        old = url_path_join(self.base_url, OLD_LANDING_PAGE)
        patched.insert(0, (re.escape(old), tornado.web.RedirectHandler, {"url": home, "permanent": False}))
        book = url_path_join(self.base_url, "book")
        patched.insert(0, (re.escape(book), tornado.web.RedirectHandler, {"url": book + "/", "permanent": False}))
        patched.insert(0, (re.escape(book) + "/(.*)", BookHandler,
                           {"path": str(BOOK_DIR), "default_filename": "index.html"}))
        patched.insert(0, (re.escape(url_path_join(self.base_url, "favicon.ico")), FaviconHandler))
        # the tables for several people: one lobby for every page of this server
        patched[:0] = self.rooms.handlers(url_path_join(self.base_url, ROOMS))
        return patched

    @property
    def rooms(self) -> RoomService:
        """The tables for several people this server holds (``sherlockkit.rooms``)."""
        if not hasattr(self, "_rooms"):
            self._rooms = RoomService(bot_pause=BOT_PAUSE * self.bot_pace)
        return self._rooms

    def start(self):
        # Voilà's start(), with the host-checked application and the culling
        # kernel manager (both must be in place before the first kernel starts);
        # every kernel is told where this server's tables for several people are
        os.environ[ROOMS_ADDRESS] = f"http://127.0.0.1:{self.port}{url_path_join(self.base_url, ROOMS)}"
        self.voila_configuration.multi_kernel_manager_class = SherlockkitKernelManager
        # Voilà's page renderer names its exporter class at module level: point it at the
        # one whose templates are compiled once (SharedTemplateCache)
        voila.notebook_renderer.VoilaExporter = CachedTemplatesExporter
        culling = self.config.SherlockkitKernelManager
        culling.cull_idle_timeout = self.cull_closed
        culling.cull_connected = False
        culling.cull_interval = self.cull_interval
        culling.cull_abandoned_after = self.cull_idle
        self.connection_dir = tempfile.mkdtemp(prefix="voila_", dir=self.connection_dir_root)
        settings = self.init_settings()
        self.app = HostCheckedApplication(self.allowed_hosts, **settings)
        self.app.settings.update(self.tornado_settings)
        # jupyter_server's error pages link their styles with static_url(), which
        # fails without a static_path: every 404 of its handlers became a traceback
        # and an empty page.  Its static files are among those of /voila/static/.
        self.app.settings.setdefault("static_path", DEFAULT_STATIC_FILES_PATH)
        self.app.settings.setdefault(
            "static_url_prefix", url_path_join(self.base_url, "voila/static/")
        )
        self.app.add_handlers(".*$", self.init_handlers())
        self.listen()

    def listen(self):
        # Voilà's listen() binds the port, then runs the event loop until the
        # end; this callback runs as soon as the loop starts, i.e. once we listen.
        IOLoop.current().add_callback(self._announce)
        super().listen()

    def _announce(self):
        self.rooms.start()
        print(f"sherlockkit app: http://{self.ip}:{self.port}/", flush=True)


#: Voilà settings every server of the app uses, here and in each player's server behind the
#: hub (deploy/singleuser/jupyter_server_config.py reads them): "Class.trait" -> value
VOILA_SETTINGS = {
    "VoilaConfiguration.theme": "light",
    # nbclient waits 4 s by default for a cell's output after it ran; when many pages start
    # kernels at once on a small machine the table comes later and was dropped without a
    # word (benchmarks/load.py: 19 of 20 pages blank)
    "VoilaExecutor.iopub_timeout": 60,
}


def options(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line's settings, each checked: a wrong one ends the program with a
    sentence (argparse's usage and error), before anything starts."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8866, help="port (default 8866)")
    parser.add_argument("--folder", type=Path, default=APP_DIR,
                        help="folder of notebooks to serve (default: the one of this file)")
    parser.add_argument("--host-name", action="append", default=[], metavar="NAME",
                        help="a host name the app answers to, besides 127.0.0.1 and "
                             f"localhost (repeatable; also ${HOST_NAMES_VARIABLE})")
    parser.add_argument("--cull-closed", type=int, default=CULL_CLOSED, metavar="S",
                        help="free a kernel no page is connected to after S idle seconds "
                             f"(default {CULL_CLOSED})")
    parser.add_argument("--cull-idle", type=int, default=CULL_IDLE, metavar="S",
                        help="free a kernel whose page is open but unused after S seconds "
                             f"(default {CULL_IDLE}; 0 never)")
    parser.add_argument("--pool", type=int, default=POOL, metavar="N",
                        help=f"pre-heated kernels kept ready per dashboard (default {POOL}; 0 none)")
    parser.add_argument("--cull-interval", type=int, default=CULL_INTERVAL, metavar="S",
                        help=f"look for kernels to free every S seconds (default {CULL_INTERVAL})")
    parser.add_argument("--bot-pace", type=float, default=1.0, metavar="F",
                        help="the bots' pauses times F: below 1 quicker, above slower (default 1; "
                             "Sherlock Express's reaction times are the race and never change)")
    args = parser.parse_args(argv)
    if args.cull_closed <= 0 or args.cull_interval <= 0 or args.cull_idle < 0:
        parser.error("--cull-closed and --cull-interval must be positive, --cull-idle not negative")
    if not 0 <= args.pool <= 20:
        parser.error("--pool must be between 0 and 20")
    if not 0 < args.bot_pace <= 10:
        parser.error("--bot-pace must be above 0 and at most 10")
    return args


def main(argv: list[str] | None = None) -> None:
    args = options(argv)
    # the kernels this server starts inherit its environment: their tables read the pace there
    os.environ[BOT_PACE_ENV] = repr(args.bot_pace)

    app = SherlockkitApp.instance()
    app.allowed_hosts = host_names(args.host_name)
    app.cull_closed, app.cull_idle = args.cull_closed, args.cull_idle
    app.cull_interval = args.cull_interval
    app.bot_pace = args.bot_pace
    app.initialize(
        [
            str(args.folder.resolve()),
            "--Voila.ip=127.0.0.1",
            f"--Voila.port={args.port}",
            "--Voila.port_retries=0",
            "--no-browser",
            f"--VoilaConfiguration.preheat_kernel={args.pool > 0}",
            f"--VoilaConfiguration.default_pool_size={args.pool}",
            *(f"--{name}={value}" for name, value in VOILA_SETTINGS.items()),
        ]
    )
    app.start()


if __name__ == "__main__":
    sys.exit(main())
