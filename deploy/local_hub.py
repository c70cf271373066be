"""The local hub as a process a test or a benchmark can start and always stop.

    with LocalHub.start(runtime, cull_idle=30) as hub:
        hub.base          # http://127.0.0.1:PORT/
        hub.api("users")  # the hub's REST API, with the read-only observer token

Free loopback ports, its own runtime folder, and a stop that leaves nothing behind:
SIGTERM to the hub (it stops its players' servers and the culler), then SIGKILL to every
process it had started, whatever happened.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

DEPLOY = Path(__file__).resolve().parent
ROOT = DEPLOY.parent
CONFIG = DEPLOY / "jupyterhub_config.py"
PROXY = DEPLOY / ".proxy" / "node_modules" / ".bin" / "configurable-http-proxy"
RUNNING = "JupyterHub is now running at"


def free_port() -> int:
    """A port nobody listens on right now, on 127.0.0.1."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def proxy_missing() -> str | None:
    """Why the proxy cannot be had (None once ``make hub-proxy`` has installed it)."""
    if PROXY.exists():
        return None
    if shutil.which("npm") is None:
        return "npm not found: the hub's proxy (configurable-http-proxy) cannot be installed"
    done = subprocess.run(["make", "-s", "hub-proxy"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    if done.returncode != 0 or not PROXY.exists():
        return "make hub-proxy failed:\n" + done.stdout[-2000:] + done.stderr[-2000:]
    return None


class LocalHub:
    """A running ``jupyterhub -f deploy/jupyterhub_config.py`` and what it printed."""

    def __init__(self, process: subprocess.Popen, port: int, token: str, log: list[str]):
        self.process, self.port, self.token, self.log = process, port, token, log
        self.base = f"http://127.0.0.1:{port}/"
        # every process seen under the hub (pid -> start time), to be sure they end
        self.seen: dict[int, float] = {}

    @classmethod
    def start(cls, runtime: Path, cull_idle: int = 900, cull_every: int = 60,
              max_servers: int = 40, stop_wait: int = 3, timeout: float = 90.0,
              logins_per_address: int = 10) -> LocalHub:
        """The hub on free ports, its state in ``runtime``, once it says it runs."""
        port, token = free_port(), secrets.token_hex(24)
        env = dict(os.environ)
        env.update({
            "SHERLOCKKIT_HUB_PORT": str(port),
            "SHERLOCKKIT_HUB_API_PORT": str(free_port()),
            "SHERLOCKKIT_HUB_PROXY_API_PORT": str(free_port()),
            "SHERLOCKKIT_HUB_ROOMS_PORT": str(free_port()),
            "SHERLOCKKIT_HUB_RUNTIME": str(runtime),
            "SHERLOCKKIT_HUB_CULL_IDLE": str(cull_idle),
            "SHERLOCKKIT_HUB_CULL_EVERY": str(cull_every),
            "SHERLOCKKIT_HUB_MAX_SERVERS": str(max_servers),
            "SHERLOCKKIT_HUB_STOP_WAIT": str(stop_wait),
            "SHERLOCKKIT_HUB_LOGINS_PER_ADDRESS": str(logins_per_address),
            "SHERLOCKKIT_HUB_ADMIN_TOKEN": token,
        })
        hub_command = Path(sys.executable).parent / "jupyterhub"
        process = subprocess.Popen([str(hub_command), "-f", str(CONFIG)], cwd=runtime, env=env,
                                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                   start_new_session=True)
        log: list[str] = []
        threading.Thread(target=lambda: log.extend(process.stdout), daemon=True).start()
        hub = cls(process, port, token, log)
        deadline = time.monotonic() + timeout
        while not any(RUNNING in line for line in list(log)):
            if time.monotonic() > deadline or process.poll() is not None:
                hub.stop()
                raise RuntimeError("the hub did not start:\n" + "".join(log[-60:]))
            time.sleep(0.2)
        return hub

    def __enter__(self) -> LocalHub:
        return self

    def __exit__(self, *exc) -> None:
        self.stop()

    def api(self, path: str):
        """The JSON the hub's REST API answers for ``path`` (None for a 404)."""
        request = urllib.request.Request(self.base + "hub/api/" + path,
                                         headers={"Authorization": f"token {self.token}"})
        try:
            with urllib.request.urlopen(request, timeout=20) as response:
                return json.load(response)
        except urllib.error.HTTPError as error:
            if error.code == 404:
                return None
            raise

    def running_server(self, name: str) -> bool:
        """Whether player ``name`` has a server running (False once culled or deleted)."""
        user = self.api(f"users/{name}")
        return bool(user) and bool(user.get("servers", {}).get("", {}).get("ready"))

    def processes(self):
        """The processes under the hub now (servers, kernels, proxy, culler), remembered."""
        import psutil

        try:
            found = psutil.Process(self.process.pid).children(recursive=True)
        except psutil.NoSuchProcess:
            found = []
        for process in found:
            try:
                self.seen.setdefault(process.pid, process.create_time())
            except psutil.NoSuchProcess:
                continue
        return found

    def stop(self) -> None:
        """SIGTERM to the hub (it stops what it started), SIGKILL to whatever is left."""
        import psutil

        self.processes()
        if self.process.poll() is None:
            try:
                os.killpg(self.process.pid, signal.SIGTERM)
                self.process.wait(timeout=45)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=10)
            except ProcessLookupError:
                pass
        for pid, started in self.seen.items():
            try:
                process = psutil.Process(pid)
                if process.create_time() == started:  # the same process, not a reused pid
                    process.kill()
            except psutil.NoSuchProcess:
                pass
