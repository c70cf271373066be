"""App: the Sherlock Express page in headless Chromium against a bare one-button page.

Four servers run side by side on free loopback ports:

* ``book/app/serve.py`` -- the app (``express.ipynb``);
* ``book/app/serve.py --folder benchmarks`` -- the same launcher serving
  ``bare_button.ipynb``, one Button whose click sets a Label to the click count;
* plain ``voila benchmarks/bare_button.ipynb`` and plain ``voila book/app/express.ipynb``
  -- no pre-heated kernel and no TCP_NODELAY on the kernel websocket.

Measured, always against a baseline in the same browser session:

a. time to first widget: from ``page.goto`` to the button visible (Express: the
   "Turn up my alibi" button), loads alternating Express / bare, each load waiting
   for the launcher's kernel pool to be refilled so every load gets a pre-heated kernel;
b. click -> update, timed inside the page with ``performance.now()`` and a
   MutationObserver: the click is dispatched by page script, the clock stops when the
   DOM shows the update (Express: a new alibi card in your row; bare: the label's
   count goes up). Only your own turn enables Express's button and the bots play on
   ~1 s timers, so between clicks we wait for the button to be enabled again;
c. the same clicks through plain Voilà against the launcher (the TCP_NODELAY effect);
d. paired clicks: each Express click followed at once by a bare click, both pages open
   through the same launcher, so that a pair meets the same conditions (issue 11's
   "an Express click within 2x of a bare button" is measured this way).
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

from common import row, summary

ROOT = Path(__file__).resolve().parent.parent
BENCH = Path(__file__).resolve().parent
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
STARTUP_TIMEOUT = 120  # seconds, for a server to listen and pre-heat
SETTLE = 3.0  # seconds after a pooled kernel starts, for its notebook to finish running
EXPRESS = {"path": "voila/render/express.ipynb", "button": ".sk-reveal",
           "probe": ".sk-alibis[data-seat='0'] svg.sk-alibi", "mode": "count"}
BARE = {"path": "voila/render/bare_button.ipynb", "button": ".bb-button", "probe": ".bb-label", "mode": "number"}

# Click `button` from page script and resolve with the ms until `probe` goes up
# (a count of elements, or the number a label shows); null after `timeout` ms.
MEASURE_CLICK = """([button, probe, mode, timeout]) => new Promise(resolve => {
  const read = () => mode === "count" ? document.querySelectorAll(probe).length
                                      : Number(document.querySelector(probe).textContent);
  const before = read();
  let t0 = 0;
  const done = value => { observer.disconnect(); clearTimeout(timer); resolve(value); };
  const observer = new MutationObserver(() => { if (read() > before) done(performance.now() - t0); });
  observer.observe(document.body, {childList: true, subtree: true, characterData: true});
  const timer = setTimeout(() => done(null), timeout);
  t0 = performance.now();
  document.querySelector(button).click();
})"""
# Express: "turn" once your button is enabled, "over" when the game has ended (the
# table's ending bar is showing).
EXPRESS_READY = """() => { const ending = document.querySelector('.sk-express .sk-ending');
  if (ending && ending.offsetParent !== null) return 'over';
  const button = document.querySelector('.sk-reveal');
  return button && !button.disabled ? 'turn' : ''; }"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """A Voilà server in its own process group, its output kept for the pool log."""

    def __init__(self, name: str, args: list[str], port: int):
        self.name, self.port, self.lines = name, port, []
        self.base = f"http://127.0.0.1:{port}/"
        self.used: dict[str, int] = {}  # notebook -> pooled kernels taken so far
        self.process = subprocess.Popen([sys.executable, *args], cwd=ROOT, stdout=subprocess.PIPE,
                                        stderr=subprocess.STDOUT, text=True, start_new_session=True)
        threading.Thread(target=self._pump, daemon=True).start()

    def _pump(self):
        for line in self.process.stdout:
            self.lines.append((time.monotonic(), line))

    def wait_listening(self) -> None:
        """Until any HTTP answer comes back (a 404 will do: nothing is rendered)."""
        deadline = time.monotonic() + STARTUP_TIMEOUT
        while True:
            try:
                urllib.request.urlopen(self.base + "voila/static/none", timeout=5)
                return
            except urllib.error.HTTPError:
                return
            except OSError:
                pass
            if time.monotonic() > deadline or self.process.poll() is not None:
                raise RuntimeError(f"{self.name} did not start:\n" + "".join(line for _, line in self.lines))
            time.sleep(0.2)

    def take_kernel(self, notebook: str) -> None:
        """Wait until the launcher's pool holds a fresh pre-heated kernel for ``notebook``
        (the n-th "pool is filled" line for the n-th page), settled; then count it used."""
        needed = self.used.get(notebook, 0) + 1
        pattern = f"Kernel pool of {notebook} is filled"
        deadline = time.monotonic() + STARTUP_TIMEOUT
        while True:
            fills = [t for t, line in list(self.lines) if pattern in line]
            if len(fills) >= needed:
                break
            if time.monotonic() > deadline or self.process.poll() is not None:
                raise RuntimeError(f"{self.name}: no pre-heated kernel for {notebook}")
            time.sleep(0.1)
        time.sleep(max(0.0, fills[needed - 1] + SETTLE - time.monotonic()))
        self.used[notebook] = needed

    def stop(self) -> None:
        """SIGTERM to the group (Voilà then shuts down its kernels, which run in their own
        sessions), SIGKILL if it lingers."""
        if self.process.poll() is not None:
            return
        try:
            os.killpg(self.process.pid, signal.SIGTERM)
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)
        except ProcessLookupError:
            pass


def open_page(context, server: Server, target: dict, pooled: bool = True):
    """A new page on ``target``, and the seconds from ``goto`` to its button visible."""
    if pooled:
        server.take_kernel(Path(target["path"]).name)
    page = context.new_page()
    start = time.perf_counter()
    page.goto(server.base + target["path"], timeout=120_000)
    page.wait_for_selector(target["button"], state="visible", timeout=120_000)
    return page, time.perf_counter() - start


def click_ms(page, target: dict, timeout_ms: int = 10_000) -> float | None:
    return page.evaluate(MEASURE_CLICK, [target["button"], target["probe"], target["mode"], timeout_ms])


def first_widget(browser, app: Server, bench: Server, loads: int) -> tuple[list, list]:
    """Time to first widget, Express and bare alternating; one warm-up load each.

    Closing a page does not free its kernel (Voilà's unload request is refused, 403,
    missing _xsrf): idle kernels pile up until the server stops, at little CPU cost."""
    contexts = {"express": browser.new_context(), "bare": browser.new_context()}
    times = {"express": [], "bare": []}
    for i in range(loads + 1):
        for name, server, target in (("express", app, EXPRESS), ("bare", bench, BARE)):
            page, seconds = open_page(contexts[name], server, target)
            page.close(run_before_unload=True)
            if i:
                times[name].append(seconds)
    for context in contexts.values():
        context.close()
    return times["express"], times["bare"]


def bare_clicks(browser, bench: Server, plain: Server, clicks: int) -> tuple[list, list]:
    """Click latency of the bare page, launcher and plain Voilà interleaved, ten clicks
    at a time, each click as soon as the previous one has shown (a quick clicker)."""
    context = browser.new_context()
    pages = {"launcher": open_page(context, bench, BARE)[0],
             "plain": open_page(context, plain, {**BARE, "path": ""}, pooled=False)[0]}
    samples = {"launcher": [], "plain": []}
    for name, page in pages.items():  # warm-up
        for _ in range(3):
            click_ms(page, BARE)
    while len(samples["plain"]) < clicks:
        for name, page in pages.items():
            samples[name] += [click_ms(page, BARE) for _ in range(min(10, clicks - len(samples[name])))]
    context.close()
    return samples["launcher"], samples["plain"]


def express_clicks(browser, app: Server, plain: Server, clicks: int, max_loads: int = 4) -> tuple[list, list]:
    """Click latency of "Turn up my alibi" through the launcher and through plain Voilà:
    both games run side by side and whichever page shows your turn is clicked next.
    A page whose game is over is loaded again (a new game)."""
    servers = {"launcher": (app, EXPRESS, True), "plain": (plain, {**EXPRESS, "path": ""}, False)}
    contexts = {name: browser.new_context() for name in servers}
    pages = {name: open_page(contexts[name], *servers[name])[0] for name in servers}
    samples: dict[str, list] = {name: [] for name in servers}
    loads = dict.fromkeys(servers, 1)
    deadline = time.monotonic() + 600
    while pages and time.monotonic() < deadline:
        for name in list(pages):
            page = pages[name]
            state = page.evaluate(EXPRESS_READY)
            if state == "turn":
                samples[name].append(click_ms(page, EXPRESS))
            if len(samples[name]) >= clicks or (state == "over" and loads[name] >= max_loads):
                page.close(run_before_unload=True)
                del pages[name]
            elif state == "over":
                page.close(run_before_unload=True)
                pages[name] = open_page(contexts[name], *servers[name])[0]
                loads[name] += 1
        time.sleep(0.02)
    for context in contexts.values():
        context.close()
    return samples["launcher"], samples["plain"]


def paired_clicks(browser, app: Server, bench: Server, clicks: int, max_loads: int = 6) -> tuple[list, list]:
    """Express and bare clicks in pairs, through the same launcher: an Express page and a
    bare page are open side by side, and each time Express shows your turn it is clicked,
    then the bare button at once. Both clicks of a pair meet the same machine, the same
    browser and the same bots' timers, which separate blocks of clicks do not."""
    context = browser.new_context()
    express = open_page(context, app, EXPRESS)[0]
    bare = open_page(context, bench, BARE)[0]
    for _ in range(3):  # warm-up
        click_ms(bare, BARE)
    samples: dict[str, list] = {"express": [], "bare": []}
    loads, deadline = 1, time.monotonic() + 600
    while len(samples["express"]) < clicks and time.monotonic() < deadline:
        state = express.evaluate(EXPRESS_READY)
        if state == "turn":
            samples["express"].append(click_ms(express, EXPRESS))
            samples["bare"].append(click_ms(bare, BARE))
        elif state == "over":
            if loads >= max_loads:
                break
            express.close(run_before_unload=True)
            express, loads = open_page(context, app, EXPRESS)[0], loads + 1
        time.sleep(0.02)
    context.close()
    return samples["express"], samples["bare"]


def _ratio_of_medians(a: list, b: list) -> list:
    ma, mb = summary(a)["median"], summary(b)["median"]
    return [ma / mb] if ma and mb else []


def run(quick: bool = False) -> dict:
    """Start the servers, drive Chromium, stop every server whatever happens."""
    from playwright.sync_api import sync_playwright

    loads, bare_n, express_n = (3, 10, 6) if quick else (5, 30, 20)
    commands = {
        "app": ["book/app/serve.py"],  # its default folder: book/app
        "bench": ["book/app/serve.py", "--folder", str(BENCH)],
        "plain_bare": ["-m", "voila", str(BENCH / "bare_button.ipynb"), "--no-browser", "--Voila.ip=127.0.0.1"],
        "plain_express": ["-m", "voila", str(ROOT / "book" / "app" / "express.ipynb"), "--no-browser",
                          "--Voila.ip=127.0.0.1"],
    }
    servers: dict[str, Server] = {}
    try:
        for name, command in commands.items():
            port = free_port()
            servers[name] = Server(name, [*command, f"--port={port}"], port)
        for server in servers.values():
            server.wait_listening()
        s = servers
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
            try:
                ttfw_express, ttfw_bare = first_widget(browser, s["app"], s["bench"], loads)
                bare_ours, bare_plain = bare_clicks(browser, s["bench"], s["plain_bare"], bare_n)
                express_ours, express_plain = express_clicks(browser, s["app"], s["plain_express"], express_n)
                paired_express, paired_bare = paired_clicks(browser, s["app"], s["bench"], express_n)
            finally:
                browser.close()
    finally:
        for server in servers.values():
            server.stop()
    return {
        "loads": loads, "ttfw_express_s": ttfw_express, "ttfw_bare_s": ttfw_bare,
        "click_express_launcher_ms": express_ours, "click_express_plain_ms": express_plain,
        "click_bare_launcher_ms": bare_ours, "click_bare_plain_ms": bare_plain,
        "click_paired_express_ms": paired_express, "click_paired_bare_ms": paired_bare,
        "rows": [
            row("first widget: Express", ttfw_express, "s"),
            row("first widget: bare", ttfw_bare, "s"),
            row("first widget: ratio Express/bare", _ratio_of_medians(ttfw_express, ttfw_bare), "x"),
            row("click->update: Express (launcher)", express_ours, "ms"),
            row("click->update: bare (launcher)", bare_ours, "ms"),
            row("click->update: ratio Express/bare", _ratio_of_medians(express_ours, bare_ours), "x"),
            row("paired clicks: Express (launcher)", paired_express, "ms"),
            row("paired clicks: bare (launcher)", paired_bare, "ms"),
            row("paired clicks: ratio Express/bare", _ratio_of_medians(paired_express, paired_bare), "x"),
            row("click->update: bare (plain voila)", bare_plain, "ms"),
            row("click->update: ratio plain/launcher, bare", _ratio_of_medians(bare_plain, bare_ours), "x"),
            row("click->update: Express (plain voila)", express_plain, "ms"),
            row("click->update: ratio plain/launcher, Expr.", _ratio_of_medians(express_plain, express_ours), "x"),
        ],
    }
