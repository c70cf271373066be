"""Shared fixtures: the Voilà app as a subprocess and a headless Chromium.

Browser tests are marked ``@pytest.mark.browser``. Without Chromium they are
skipped, except under ``CI=true`` where a missing browser is a failure.
"""

from __future__ import annotations

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
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SERVE = ROOT / "book" / "app" / "serve.py"
LANDING_PATH = ""  # the landing page is the root
STARTUP_TIMEOUT = 90  # seconds

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
    if os.access("/usr/bin/chromium", os.X_OK):
        return "/usr/bin/chromium"
    return shutil.which("chromium")


def in_ci() -> bool:
    return os.environ.get("CI", "").lower() == "true"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _http_status(url: str) -> int | None:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code
    except OSError:
        return None


def _stop(process: subprocess.Popen) -> None:
    """SIGTERM lets Voilà shut its kernels down (they run in their own
    sessions); SIGKILL the group if it does not exit in time."""
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


@pytest.fixture(scope="session", autouse=True)
def save_key_folder(tmp_path_factory):
    """The key that seals saves lives in a folder of this test run's own (the app
    server and the notebooks' kernels inherit it), never in the user's home."""
    folder = tmp_path_factory.mktemp("save-key")
    before = os.environ.get("SHERLOCKKIT_KEY_DIR")
    os.environ["SHERLOCKKIT_KEY_DIR"] = str(folder)
    yield folder
    if before is None:
        os.environ.pop("SHERLOCKKIT_KEY_DIR", None)
    else:
        os.environ["SHERLOCKKIT_KEY_DIR"] = before


@pytest.fixture(scope="session")
def app_url():
    """Base URL (``http://127.0.0.1:PORT/``) of a running ``book/app/serve.py``."""
    process = subprocess.Popen(
        [sys.executable, str(SERVE), "--port", str(_free_port())],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,  # its own process group, killed at teardown
    )
    lines: queue.Queue[str] = queue.Queue()
    log: list[str] = []

    def pump():
        for line in process.stdout:
            log.append(line)
            lines.put(line)

    threading.Thread(target=pump, daemon=True).start()
    try:
        deadline = time.monotonic() + STARTUP_TIMEOUT
        base_url = None
        while base_url is None:
            remaining = deadline - time.monotonic()
            if remaining <= 0 or process.poll() is not None:
                pytest.fail("the app did not announce its address:\n" + "".join(log))
            try:
                line = lines.get(timeout=min(remaining, 1))
            except queue.Empty:
                continue
            match = re.fullmatch(r"sherlockkit app: (http://\S+/)", line.strip())
            if match:
                base_url = match.group(1)
        while _http_status(base_url + LANDING_PATH) != 200:
            if time.monotonic() > deadline or process.poll() is not None:
                pytest.fail("the landing page did not answer 200:\n" + "".join(log))
            time.sleep(0.25)
        yield base_url
    finally:
        _stop(process)


@pytest.fixture(scope="session")
def browser():
    """A headless Chromium (the Debian package, never a downloaded one)."""
    executable = find_chromium()
    if executable is None:
        reason = "Chromium not found (install it with: apt-get install chromium)"
        if in_ci():
            pytest.fail(reason + "; browser tests cannot be skipped under CI=true")
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=executable, headless=True, args=CHROMIUM_ARGS
        )
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser):
    """A fresh browser context and page for one test."""
    context = browser.new_context()
    page = context.new_page()
    yield page
    context.close()
