"""The app as a process and Chromium, for the tests and for ``book/app/screenshots.py``:
a free port of 127.0.0.1, a page's HTTP status, the app's process group stopped, and the
Debian Chromium with the arguments every run gives it. No pytest here: the screenshot
script imports it too."""

from __future__ import annotations

import contextlib
import os
import queue
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SERVE = ROOT / "book" / "app" / "serve.py"
#: the longest the app may take to start and answer its landing page, in seconds
STARTUP_SECONDS = 90
#: the bots' pauses in the tests' app against their own (``serve.py --bot-pace``): a party
#: played by clicks waits on the page, never on time, so quicker bots only take less of the
#: suite's time (Sherlock Express's reaction times stay as they are)
TEST_BOT_PACE = 0.25

#: what every run passes Chromium: no sandbox (root in a container), nothing asked of the
#: internet (no QUIC, updates, sync or background requests)
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def find_chromium() -> str | None:
    """The Debian package's Chromium (never a downloaded one), or ``None``."""
    if os.access("/usr/bin/chromium", os.X_OK):
        return "/usr/bin/chromium"
    return shutil.which("chromium")


def free_port() -> int:
    """A port of 127.0.0.1 nobody listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def http_status(url: str) -> int | None:
    """The HTTP status of ``url`` (``None`` when nothing answers)."""
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code
    except OSError:
        return None


def stop(process: subprocess.Popen) -> None:
    """SIGTERM to the process's group lets Voilà shut its kernels down (they run in their
    own sessions); SIGKILL the group if it does not exit in time."""
    if process.poll() is not None:
        return
    try:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=10)
    except ProcessLookupError:
        pass


@contextlib.contextmanager
def running_app(port: int | None = None, startup: float = STARTUP_SECONDS,
                bot_pace: float = TEST_BOT_PACE) -> Iterator[str]:
    """The app served by ``serve.py`` in a process group of its own, its bots at
    ``bot_pace`` times their own pauses: yields its base URL
    (``http://127.0.0.1:PORT/``, the address it prints) once the landing page answers
    (:class:`RuntimeError` with the app's last lines if it does not within ``startup``
    seconds), and stops the group on the way out, error or not."""
    process = subprocess.Popen(
        [sys.executable, str(SERVE), "--port", str(port or free_port()), "--bot-pace", str(bot_pace)],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        start_new_session=True,
    )
    lines: queue.Queue[str] = queue.Queue()
    log: list[str] = []

    def pump() -> None:
        for line in process.stdout:
            log.append(line)
            lines.put(line)

    threading.Thread(target=pump, daemon=True).start()
    try:
        deadline = time.monotonic() + startup
        base_url = None
        while base_url is None:
            if time.monotonic() > deadline or process.poll() is not None:
                raise RuntimeError("the app did not announce its address:\n" + "".join(log[-30:]))
            try:
                line = lines.get(timeout=1)
            except queue.Empty:
                continue
            match = re.fullmatch(r"sherlockkit app: (http://\S+/)", line.strip())
            if match:
                base_url = match.group(1)
        while http_status(base_url) != 200:
            if time.monotonic() > deadline or process.poll() is not None:
                raise RuntimeError("the landing page did not answer 200:\n" + "".join(log[-30:]))
            time.sleep(0.25)
        yield base_url
    finally:
        stop(process)
