"""The jupyter_server extension that makes a player's server under the hub serve the
same app as ``make app`` (book/app/serve.py), at the player's own prefix.

Loaded by ``jupyter_server_config.py`` beside it. It

* serves the landing page (the list of games, plain HTML, no kernel) at
  ``<prefix>voila/render/index.ipynb``: the hub's ``default_url``, and the address every
  dashboard's "Back to all games" link already leads to;
* puts ``book/app/templates`` first on Voilà's template path, as serve.py does (the page
  that says "Setting up your table", retries, and says when its table has closed);
* swaps in serve.py's handlers for the kernel websocket (no Nagle delay, closed when its
  kernel is culled), a closed page's goodbye (accepted without an XSRF token) and the
  template files (a malformed path is a 404);
* refuses, with :class:`PlayerAuthorizer`, everything a page does not need.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import tornado.web
from jupyter_server.base.handlers import JupyterHandler
from jupyter_server.services.kernels.websocket import KernelWebsocketHandler
from jupyter_server.utils import url_path_join
from jupyterhub.singleuser.extension import JupyterHubAuthorizer
from tornado.routing import HostMatches, Rule
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
from voila.static_file_handler import TemplateStaticFileHandler
from voila.tornado.handler import TornadoVoilaHandler

ROOT = Path(__file__).resolve().parents[2]
SERVE = ROOT / "book" / "app" / "serve.py"
LANDING = "voila/render/index.ipynb"  # serve.py's OLD_LANDING_PAGE: the dashboards link to it

# The messages a page may send its kernel: the widgets' comms, the kernel's info, and
# stopping it. Standalone Voilà (what `make app` runs) allows exactly these (voila/app.py,
# Voila.init_settings); as a server extension it sets nothing, so a page could send code.
WIDGET_MESSAGES = ("comm_open", "comm_close", "comm_msg", "comm_info_request", "kernel_info_request",
                   "shutdown_request")


def _load_serve():
    """book/app/serve.py as a module, under the name its classes are configured by."""
    try:
        import widgets  # noqa: F401 (serve.py imports widgets.landing)
    except ImportError:  # a checkout that was not pip-installed: the repository is the path
        sys.path.insert(0, str(ROOT))
    spec = importlib.util.spec_from_file_location("sherlockkit_app_serve", SERVE)
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(spec.name, module)
    spec.loader.exec_module(sys.modules[spec.name]) if sys.modules[spec.name] is module else None
    return sys.modules[spec.name]


serve = _load_serve()


class PlayerAuthorizer(JupyterHubAuthorizer):
    """The hub's check (this server's own player), and then only what a page needs.

    A Voilà page reads its kernel's model and talks to it over the kernel websocket
    (``execute`` on ``kernels`` in jupyter_server's words: what it may *send* there is cut
    down to widget messages by ``allowed_message_types``). Everything else — contents,
    files, sessions, new kernels, terminals, kernel specs written — is refused, with 403.
    """

    ALLOWED = frozenset({("read", "kernels"), ("execute", "kernels"), ("read", "kernelspecs")})

    def is_authorized(self, handler, user, action, resource):
        """Whether ``user`` may ``action`` on ``resource``: only a page's own needs."""
        if (action, resource) not in self.ALLOWED:
            self.log.info("sherlockkit: refused %s on %s", action, resource)
            return False
        return super().is_authorized(handler, user, action, resource)


class LandingHandler(JupyterHandler):
    """The landing page (serve.py's document), for this server's own player only: the
    hub's login like every other page of the server, so another player is turned away."""

    def initialize(self, document: str):
        self.document = document

    @tornado.web.authenticated
    def get(self):
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-cache")
        self.finish(self.document)


SWAPS = {
    KernelWebsocketHandler: serve.NoDelayKernelWebsocketHandler,
    VoilaShutdownKernelHandler: serve.PageClosedHandler,
    TemplateStaticFileHandler: serve.TemplateFileHandler,
}


def _rules(router):
    """Every (path) rule under a Tornado router, depth first."""
    for rule in getattr(router, "rules", ()):
        if hasattr(rule.target, "rules"):
            yield from _rules(rule.target)
        else:
            yield rule


def _jupyter_server_extension_points():
    return [{"module": "sherlockkit_player"}]


def _load_jupyter_server_extension(server_app):
    """The landing page, first of all routes (Voilà would take its address for a notebook)."""
    web_app = server_app.web_app
    base = web_app.settings["base_url"]
    document = serve.landing_document(Path(server_app.root_dir), url_path_join(base, "voila/render/"))
    landing = [(url_path_join(base, LANDING), LandingHandler, {"document": document})]
    router = tornado.web._ApplicationRouter(web_app, landing)
    web_app.default_router.rules.insert(0, Rule(HostMatches(".*$"), router))
    server_app.log.info("sherlockkit: the landing page is at %s", url_path_join(base, LANDING))


async def _start_jupyter_server_extension(server_app):
    """Once every extension has added its routes: serve.py's handlers and templates."""
    swapped = 0
    for rule in _rules(server_app.web_app.default_router):
        if rule.target in SWAPS:
            rule.target = SWAPS[rule.target]
            swapped += 1
        elif rule.target is TornadoVoilaHandler:
            paths = rule.target_kwargs.get("template_paths")
            if paths is not None and str(serve.TEMPLATE_DIR) not in paths:
                paths.insert(0, str(serve.TEMPLATE_DIR))
    server_app.log.info("sherlockkit: %d handlers of book/app/serve.py in place", swapped)
