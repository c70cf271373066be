"""JupyterHub for sherlockkit: many anonymous players on one machine, each with a Voilà
server of their own (``make hub``; deploy/README.md says what it is and is not).

    .venv/bin/jupyterhub -f deploy/jupyterhub_config.py

Every setting below has its reason beside it. What a player's own server does (the
dashboards, the landing page, what a page may ask of its kernel) is in
``deploy/singleuser/``; this file only says who gets such a server, where, for how long.

Environment variables (all optional; ``tests/test_hub.py`` sets them to free ports and a
short idle time):

* ``SHERLOCKKIT_HUB_PORT``           the players' port (default 8000)
* ``SHERLOCKKIT_HUB_API_PORT``       the hub's own API, for the servers (default 8081)
* ``SHERLOCKKIT_HUB_PROXY_API_PORT`` the proxy's API, for the hub (default 8001)
* ``SHERLOCKKIT_HUB_ROOMS_PORT``     the tables for several people, a service of the hub
  (default 8002)
* ``SHERLOCKKIT_HUB_RUNTIME``        database, cookie secret, players' homes (default
  ``deploy/.runtime``, git-ignored)
* ``SHERLOCKKIT_HUB_CULL_IDLE``      seconds a server may idle before it is stopped (900)
* ``SHERLOCKKIT_HUB_CULL_EVERY``     seconds between the culler's rounds (60)
* ``SHERLOCKKIT_HUB_MAX_SERVERS``    players served at once (default 40)
* ``SHERLOCKKIT_HUB_LOGINS_PER_ADDRESS`` new players one client address may make in 10
  minutes (default 10: ``front_door.py``)
* ``SHERLOCKKIT_HUB_STOP_WAIT``      seconds a stopping server is given to end on SIGINT,
  before SIGTERM (default 3)
* ``SHERLOCKKIT_HUB_ADMIN_TOKEN``    if set, a read-only API token (a service called
  ``sherlockkit-observer``) that may list users and servers: for tests and benchmarks
"""

from __future__ import annotations

import os
import secrets
import sys
from pathlib import Path

DEPLOY = Path(__file__).resolve().parent
ROOT = DEPLOY.parent
APP_DIR = ROOT / "book" / "app"
RUNTIME = Path(os.environ.get("SHERLOCKKIT_HUB_RUNTIME", DEPLOY / ".runtime")).resolve()
PROXY = DEPLOY / ".proxy" / "node_modules" / ".bin" / "configurable-http-proxy"
BIN = Path(sys.executable).parent  # the venv the hub runs in: the servers run in it too


def _number(name: str, default: int) -> int:
    """The whole number in environment variable ``name`` (``default`` when unset)."""
    text = os.environ.get(name, "").strip()
    if not text:
        return default
    if not text.isdigit() or int(text) <= 0:
        raise SystemExit(f"{name} must be a positive whole number, not {text[:20]!r}.")
    return int(text)


def _port(name: str, default: int) -> int:
    """The port number in environment variable ``name`` (``default`` when unset)."""
    port = _number(name, default)
    if port > 65535:
        raise SystemExit(f"{name} must be a port number, from 1 to 65535, not {port}.")
    return port


PORT = _port("SHERLOCKKIT_HUB_PORT", 8000)
API_PORT = _port("SHERLOCKKIT_HUB_API_PORT", 8081)
PROXY_API_PORT = _port("SHERLOCKKIT_HUB_PROXY_API_PORT", 8001)
ROOMS_PORT = _port("SHERLOCKKIT_HUB_ROOMS_PORT", 8002)
ROOMS = "sherlockkit-rooms"  # the service's name (sherlockkit/rooms/hub_service.py)
ROOMS_URL = f"http://127.0.0.1:{ROOMS_PORT}"
CULL_IDLE = _number("SHERLOCKKIT_HUB_CULL_IDLE", 15 * 60)
CULL_EVERY = _number("SHERLOCKKIT_HUB_CULL_EVERY", 60)
MAX_SERVERS = _number("SHERLOCKKIT_HUB_MAX_SERVERS", 40)
LOGINS_PER_ADDRESS = _number("SHERLOCKKIT_HUB_LOGINS_PER_ADDRESS", 10)
STOP_WAIT = _number("SHERLOCKKIT_HUB_STOP_WAIT", 3)
# how often a server's activity reaches the culler: often enough that a server in use is
# never taken for idle (a quarter of the idle time), at most JupyterHub's default 5 minutes
ACTIVITY_EVERY = max(5, min(300, CULL_IDLE // 4))

RUNTIME.mkdir(parents=True, exist_ok=True, mode=0o700)
(RUNTIME / "save-key").mkdir(exist_ok=True, mode=0o700)
# saves are sealed with one key for every player (a save loads in any player's server, and
# a shared table's in the tables' service): the test's or the operator's folder if given
KEY_DIR = os.environ.get("SHERLOCKKIT_KEY_DIR", str(RUNTIME / "save-key"))

c = get_config()  # noqa: F821 (JupyterHub defines it when it reads this file)

# --- where it listens: 127.0.0.1 only ----------------------------------------------------
c.JupyterHub.bind_url = f"http://127.0.0.1:{PORT}/"  # the players' address, loopback only
c.JupyterHub.hub_ip = "127.0.0.1"  # the hub's API, for the proxy and the servers
c.JupyterHub.hub_port = API_PORT
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{PROXY_API_PORT}"  # the hub drives the proxy here
# the proxy `make hub` installed (npm, pinned), not one on the PATH of whoever runs it
c.ConfigurableHTTPProxy.command = [str(PROXY)] if PROXY.exists() else ["configurable-http-proxy"]
c.ConfigurableHTTPProxy.pid_file = str(RUNTIME / "proxy.pid")  # a stale proxy is found and stopped

# --- the hub's own state: in the git-ignored runtime folder, never committed ---------------
c.JupyterHub.db_url = f"sqlite:///{RUNTIME / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(RUNTIME / "jupyterhub_cookie_secret")  # made on first run, mode 600
c.ConfigurableHTTPProxy.auth_token = secrets.token_hex(32)  # hub <-> proxy, new each start
c.JupyterHub.cleanup_servers = True  # a stopped hub stops its players' servers too
c.JupyterHub.cleanup_proxy = True

# --- who: anonymous players --------------------------------------------------------------
# /hub/tmplogin makes a new user with a random name (a uuid) and starts their server; the
# home page logs a newcomer in the same way (auto_login), so the address is enough
# through the front door (deploy/front_door.py): at most LOGINS_PER_ADDRESS new players
# from one address in 10 minutes, and no more users than servers (each user holds one):
# a burst of logins cannot fill the hub, and the refused get a page that says why
sys.path.insert(0, str(DEPLOY))
c.JupyterHub.authenticator_class = "front_door.FrontDoorAuthenticator"
c.FrontDoorAuthenticator.per_address = LOGINS_PER_ADDRESS
c.FrontDoorAuthenticator.window = 600
c.FrontDoorAuthenticator.most_users = MAX_SERVERS
c.Authenticator.allow_all = True  # any visitor is a player: that is what anonymous means
c.JupyterHub.implicit_spawn_seconds = 0.01  # the hub's home page goes straight to the player's server
c.JupyterHub.allow_named_servers = False  # one table-server per player, no more

# --- a player's server: jupyterhub-singleuser with Voilà -----------------------------------
# The hub runs as the user who started it, and temporary players are no accounts of this
# machine, so the usual LocalProcessSpawner (which switches to the player's system user)
# cannot run: SimpleLocalProcessSpawner runs every server as the hub's own user, with a home
# folder per player under RUNTIME/homes. It isolates nothing at the system level (JupyterHub
# says: testing only); what keeps players apart is the hub's access control (a player's
# cookie opens only their own /user/<name>/) and what deploy/singleuser allows a page to do
# (no code, no files, no terminals): see deploy/README.md. A cluster uses kubespawner.
c.JupyterHub.spawner_class = "jupyterhub.spawner.SimpleLocalProcessSpawner"
c.SimpleLocalProcessSpawner.home_dir_template = str(RUNTIME / "homes" / "{username}")
c.Spawner.ip = "127.0.0.1"  # each server on the loopback, on a free port the spawner picks
c.Spawner.cmd = [str(BIN / "jupyterhub-singleuser")]
c.Spawner.notebook_dir = str(APP_DIR)  # the dashboards `make app` serves, and only those
c.Spawner.default_url = "/voila/render/index.ipynb"  # the landing page (the list of games)
c.Spawner.environment = {
    # the player's server reads its settings (Voilà, the lock-down) from this folder only
    "JUPYTER_CONFIG_DIR": str(DEPLOY / "singleuser"),
    "SHERLOCKKIT_KEY_DIR": KEY_DIR,
    # the tables for several people: the hub's service below, reached by the kernels
    # directly (on the loopback) with their server's hub token
    "SHERLOCKKIT_ROOMS": f"{ROOMS_URL}/services/{ROOMS}",
    # the server tells the hub of its activity (kernels, pages) this often
    "JUPYTERHUB_ACTIVITY_INTERVAL": str(ACTIVITY_EVERY),
}
c.Spawner.env_keep = ["PATH", "LANG", "LC_ALL", "VIRTUAL_ENV", "SHERLOCKKIT_SAVE_KEY"]
if os.geteuid() == 0:
    # the servers run as whoever started the hub; Jupyter refuses root unless told, and a
    # container often runs as root. A player's server runs no code a page sends
    # (deploy/singleuser), but prefer starting the hub as an ordinary user.
    c.Spawner.args = ["--allow-root"]
# a server that has not answered in two minutes has failed (8 arriving together on 2 busy
# cores took ~36 s each: benchmarks/README.md, "Many players")
c.Spawner.start_timeout = 120
c.Spawner.http_timeout = 60
# stopping (a culled server, the culler itself when the hub stops): SIGINT, then SIGTERM after
# 3 s (STOP_WAIT), SIGKILL after 5 more; the defaults (10 s, 5 s, 5 s) held the hub's shutdown
# ~30 s
c.LocalProcessSpawner.interrupt_timeout = STOP_WAIT
c.LocalProcessSpawner.term_timeout = 5
# Memory: a player's server is ~210 MB with one table open (its Jupyter server ~150 MB, the
# kernel ~57 MB: benchmarks/README.md, "Many players"). JupyterHub hands this to the spawner, and only some spawners enforce it
# (kubespawner, systemdspawner, dockerspawner): the local spawner only passes it on to the
# server as MEM_LIMIT, it stops nothing. On one machine the limit that holds is
# active_server_limit below.
c.Spawner.mem_limit = "512M"
c.Spawner.cpu_limit = 1.0  # likewise: enforced by the cluster's spawner, informative here

# --- how many -----------------------------------------------------------------------------
c.JupyterHub.active_server_limit = MAX_SERVERS  # past it a newcomer is told to come back later
c.JupyterHub.concurrent_spawn_limit = 10  # servers starting at once; more would starve the others

# --- for how long: idle servers are stopped, their anonymous users forgotten ----------------
c.JupyterHub.load_roles = [
    {
        "name": "idle-culler",
        "description": "Stop servers nobody uses, forget their anonymous users",
        # the culler's documented needs, and admin:users to delete a culled temporary user
        "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers", "admin:users"],
        "services": ["idle-culler"],
    },
]
c.JupyterHub.services = [
    {
        "name": "idle-culler",
        "command": [
            sys.executable, "-m", "jupyterhub_idle_culler",
            f"--timeout={CULL_IDLE}",
            f"--cull-every={CULL_EVERY}",
            "--cull-users=True",  # a temporary user cannot come back: delete it with its server
        ],
    },
]
# --- tables for several people: one lobby for every player's server ---------------------------
# A table's state lives in one place for all its people (issue 30): this service, started and
# stopped by the hub. It admits only tokens allowed to reach it: the players' servers' own
# (the "server" role below, JupyterHub's two default scopes of a server's token and this
# one), which their kernels hold and their pages never see. A token never holds more than
# its owner may do, so every player may reach the service too (the "user" role: JupyterHub's
# "self" and this); it trusts a caller with nothing but their own seat's view (its seat token).
c.JupyterHub.services.append({
    "name": ROOMS,
    "url": ROOMS_URL,
    "command": [sys.executable, "-m", "sherlockkit.rooms.hub_service"],
    "environment": {"SHERLOCKKIT_KEY_DIR": KEY_DIR},  # its saves and journal are the players' servers'
    "display": False,
})
c.JupyterHub.load_roles.append({"name": "user", "scopes": ["self", f"access:services!service={ROOMS}"]})
c.JupyterHub.load_roles.append({
    "name": "server",
    "scopes": ["users:activity!user", "access:servers!server", f"access:services!service={ROOMS}"],
})
c.JupyterHub.last_activity_interval = ACTIVITY_EVERY  # and the proxy's traffic, as often
OBSERVER_TOKEN = os.environ.get("SHERLOCKKIT_HUB_ADMIN_TOKEN", "")
if OBSERVER_TOKEN:
    # a read-only view of users and servers for a test or a benchmark; nothing it can change
    c.JupyterHub.services.append({"name": "sherlockkit-observer", "api_token": OBSERVER_TOKEN})
    c.JupyterHub.load_roles.append({
        "name": "sherlockkit-observer",
        "scopes": ["list:users", "read:users", "read:servers", "read:users:activity"],
        "services": ["sherlockkit-observer"],
    })

# --- what the hub itself shows ---------------------------------------------------------------
c.JupyterHub.shutdown_on_logout = True  # a player who logs out frees their server at once
