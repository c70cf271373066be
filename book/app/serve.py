"""Serve the sherlockkit dashboards (this folder) with Voilà.

    python book/app/serve.py [--port 8866] [--folder PATH]

Every notebook of ``book/app`` is served at ``/voila/render/<name>.ipynb``; the
root URL ``/`` redirects to the landing page ``index.ipynb``.  Compared with a
plain ``voila book/app`` this launcher

* binds to 127.0.0.1 and never opens a browser;
* pre-heats one kernel per notebook, so a page shows its widgets sooner;
* turns on TCP_NODELAY on the kernel websocket: without it Nagle's algorithm
  delays each small widget message, and a click takes ~45 ms instead of ~3 ms
  to update the page;
* shuts a page's kernel down when the page is closed (Voilà's own call for this is
  refused for want of an XSRF token, and the kernels pile up);
* prints one line ``sherlockkit app: http://127.0.0.1:PORT/`` once it listens.

Voilà's default stays untouched: the page cannot run arbitrary code in its
kernel, it can only talk to the widgets the notebook created.
"""

from __future__ import annotations

import argparse
import inspect
import sys
from pathlib import Path

import tornado.web
from jupyter_server.utils import url_path_join
from tornado.ioloop import IOLoop
from voila.app import Voila
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

APP_DIR = Path(__file__).resolve().parent
LANDING_PAGE = "voila/render/index.ipynb"


class NoDelayKernelWebsocketHandler(VoilaKernelWebsocketHandler):
    """Voilà's kernel websocket with Nagle's algorithm switched off."""

    async def open(self, *args, **kwargs):
        self.set_nodelay(True)
        result = super().open(*args, **kwargs)
        if inspect.isawaitable(result):
            await result


class PageClosedHandler(VoilaShutdownKernelHandler):
    """Voilà's "the page was closed, shut its kernel down" call, accepted.

    The page sends it with ``navigator.sendBeacon``, which cannot carry the XSRF token,
    so Voilà refuses it (403) and every closed page's kernel would live until the server
    stops. Skipping the XSRF check here only lets a caller stop a kernel whose secret id
    it already knows, which is exactly what the page that owns it does.
    """

    def check_xsrf_cookie(self):
        return None


class SherlockkitApp(Voila):
    """Voilà serving ``book/app`` with the tweaks described above."""

    name = "sherlockkit-app"

    def init_handlers(self):
        handlers = super().init_handlers()
        root = self.server_url
        landing = url_path_join(self.base_url, LANDING_PAGE)
        patched = []
        for handler in handlers:
            pattern, klass = handler[0], handler[1]
            if klass is VoilaKernelWebsocketHandler:
                handler = (pattern, NoDelayKernelWebsocketHandler, *handler[2:])
            elif klass is VoilaShutdownKernelHandler:
                handler = (pattern, PageClosedHandler, *handler[2:])
            elif pattern == root:
                # the folder listing at "/" becomes a redirect to the landing page
                handler = (
                    pattern,
                    tornado.web.RedirectHandler,
                    {"url": landing, "permanent": False},
                )
            patched.append(handler)
        return patched

    def listen(self):
        # Voilà's listen() binds the port, then runs the event loop until the
        # end; this callback runs as soon as the loop starts, i.e. once we listen.
        IOLoop.current().add_callback(self._announce)
        super().listen()

    def _announce(self):
        print(f"sherlockkit app: http://{self.ip}:{self.port}/", flush=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8866, help="port (default 8866)")
    parser.add_argument("--folder", type=Path, default=APP_DIR,
                        help="folder of notebooks to serve (default: the one of this file)")
    args = parser.parse_args(argv)

    app = SherlockkitApp.instance()
    app.initialize(
        [
            str(args.folder.resolve()),
            "--Voila.ip=127.0.0.1",
            f"--Voila.port={args.port}",
            "--Voila.port_retries=0",
            "--no-browser",
            "--VoilaConfiguration.preheat_kernel=True",
            "--VoilaConfiguration.theme=light",
        ]
    )
    app.start()


if __name__ == "__main__":
    sys.exit(main())
