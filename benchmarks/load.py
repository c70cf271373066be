"""Load: N players open the Express dashboard at once and play it, on one app server
(or each on their own server through the hub: ``--target hub``).

    .venv/bin/python benchmarks/load.py [--n 1 5 10 20] [--play 40] [--browsers K | --browsers-only]
                                        [--voila-config JSON] [--target app|hub|both]

(``benchmarks/run.py --only load`` runs it with the defaults.) For each N a fresh
``book/app/serve.py`` is started on a free loopback port and given time to pre-heat; then
N players open ``express.ipynb`` together, and each plays like a person: when "Turn up my
alibi" is enabled it waits a moment (a person reads the table) and clicks it.

Who the players are. Real players each bring their own machine, but headless Chromium
pages run on the two cores under test (at N=20 they used 1.4 of them, the kernels and
the server 0.13), so by default K of the N players (``--browsers``, default 1) are
Chromium pages, measured in the page, and the other N-K are *wire players*
(``wire.py``): they do on the network what the page does (the page and its files, the
kernel websocket, the widget states, the clicks, the beacon on leaving) without
rendering it. The browser pages then show what a player sees while the server carries N
players. ``--browsers-only`` makes all N players Chromium pages (the earlier benchmark).

Reported for each N, the run with N=1 being the baseline, browsers and wire players apart:

* pages whose table never showed (within ``LOAD_TIMEOUT``): a failed or silent load (a
  wire player: the page came without the table's output, or no Express table in the
  widget states);
* the wait before anything shows: for a page, from ``goto`` to the "Setting up your
  table" message (``#loading_text``) or the table, whichever comes first (the time a
  player looks at a blank page); for a wire player, to the first byte of HTML;
* time to table: a page, from ``goto`` to the button visible; a wire player, until the
  cell output and the widget states have come;
* click -> update p50/p95: a page times it inside the page, as in ``app.py`` (the click
  is dispatched by page script, the clock stops when your new alibi card is in the DOM);
  a wire player times the click to the first ``update`` that adds a card to your alibi
  row (the headline, what the page would draw) and to the kernel's ``idle`` for it;
  a click that shows nothing within ``CLICK_TIMEOUT`` counts as lost;
* kernels alive under the server and the RSS of those kernel processes (MB), after the
  loads and at the end of play; "Timeout waiting for IOPub output" lines in the log;
* where the CPU went while the players loaded and during play, in cores (CPU seconds per second): the kernels, the
  server, Chromium, the wire players (this process), and the whole machine (the
  difference is other work on it).

Bounded: at most ``max(n)`` players, ``LOAD_TIMEOUT`` to load, ``--play`` seconds of play,
every server stopped (SIGTERM to its group) whatever happens. Traffic only to 127.0.0.1.

**Through the hub** (``--target hub``, or ``both`` for the app and the hub one after
the other at each N): a fresh local hub (``deploy/local_hub.py``, free ports, a
temporary runtime folder) for each N, and N wire players who each log in as a new
anonymous player (``/hub/tmplogin``), wait for their own server, and play Express on it
as above. Reported besides: the spawn time (``/hub/tmplogin`` to the landing page), the
RSS of each player's server with its kernel, the RSS of everything served (the hub, its
proxy and culler, the servers, the kernels), and the CPU of the hub, the servers and the
kernels. With ``both``, a last table sets the app and the hub side by side for each N,
the N=1 lines being the baseline: CPU per move there is the serving side's CPU during
play over the clicks made (it includes what the servers do while nobody clicks).

This file is longer than ~400 lines because both targets share the players, the CPU
accounting and the report; the hub's part is the section "through JupyterHub".

``--voila-config`` writes the given JSON as ``voila.json`` in a temporary
``JUPYTER_CONFIG_DIR`` for the server: a way to try a Voilà setting (an IOPub timeout, a
pool size) through the unchanged launcher.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import sys
import tempfile
import time
from pathlib import Path

import psutil

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(1, str(Path(__file__).resolve().parent.parent))  # deploy.local_hub

from app import CHROMIUM, CHROMIUM_ARGS, EXPRESS, EXPRESS_READY, MEASURE_CLICK, Server, free_port  # noqa: E402
from common import percentile, row  # noqa: E402
from wire import WirePlayer  # noqa: E402

LOAD_TIMEOUT = 90.0  # seconds for a page to show its table
CLICK_TIMEOUT = 10_000  # ms for a click to show its alibi
THINK = (0.3, 1.2)  # seconds a person looks at the table before clicking
IOPUB_WARNING = "Timeout waiting for IOPub output"
WAITING_TEXT = "Setting up your table"  # what a page waiting for a kernel says at once
# true once the page shows something to look at: the waiting message or the table
SHOWS_SOMETHING = f"""() => {{
  const text = document.querySelector('#loading_text');
  if (text && text.textContent.trim().startsWith({json.dumps(WAITING_TEXT)})) return true;
  const button = document.querySelector({json.dumps(EXPRESS["button"])});
  return !!(button && button.offsetParent);
}}"""


def kernels(server: Server) -> tuple[int, float]:
    """The kernel processes under the server, and their total RSS in MB."""
    try:
        children = psutil.Process(server.process.pid).children(recursive=True)
    except psutil.NoSuchProcess:
        return 0, 0.0
    count, rss = 0, 0
    for child in children:
        try:
            if "ipykernel" in " ".join(child.cmdline()):
                count += 1
                rss += child.memory_info().rss
        except psutil.NoSuchProcess:
            continue
    return count, rss / 2**20


def served_rss(pid: int) -> float:
    """The RSS (MB) of a process and everything under it: what serving costs in memory."""
    try:
        root = psutil.Process(pid)
        processes = [root, *root.children(recursive=True)]
    except psutil.NoSuchProcess:
        return 0.0
    total = 0
    for process in processes:
        try:
            total += process.memory_info().rss
        except psutil.NoSuchProcess:
            continue
    return total / 2**20


def cpu_seconds(server: Server) -> dict:
    """CPU seconds used so far (user + system), by process id: the kernels and the server
    (the server's process tree), Chromium (this process's tree: the driver's browser), the
    wire players (this process itself), and the whole machine under "machine" (what is
    left is other work on this shared machine)."""
    groups = {"kernels": {}, "server": {}, "chromium": {}, "this process (wire players)": {}}
    trees = (("server", server.process.pid), ("chromium", os.getpid()))
    for group, pid in trees:
        try:
            root = psutil.Process(pid)
            processes = [root, *root.children(recursive=True)]
        except psutil.NoSuchProcess:
            continue
        for process in processes:
            try:
                if group == "server" and process.pid != pid:
                    group_of = "kernels"
                elif group == "chromium" and process.pid == pid:
                    group_of = "this process (wire players)"  # this benchmark itself: the wire players' loop
                else:
                    group_of = group
                t = process.cpu_times()
                # this process's children are Chromium, counted on their own
                own = group_of.startswith("this process")
                groups[group_of][process.pid] = t.user + t.system + (0 if own else t.children_user + t.children_system)
            except psutil.NoSuchProcess:
                continue
    t = psutil.cpu_times()
    groups["machine"] = {0: t.user + t.system + getattr(t, "nice", 0.0)}
    return groups


def cpu_share(before: dict, after: dict, seconds: float) -> dict:
    """Cores used by each group between two ``cpu_seconds`` samples (a process that ended
    in between is left out; one that started counts from zero)."""
    return {group: sum(used - before[group].get(pid, 0.0) for pid, used in after[group].items()) / seconds
            for group in after}


async def load(browser, base: str) -> dict:
    """One browser player: a new context, the page, the seconds to its table (None: never)
    and the seconds it showed nothing (until the waiting message or the table)."""
    context = await browser.new_context()
    page = await context.new_page()
    start = time.perf_counter()
    left = lambda: max(1.0, LOAD_TIMEOUT - (time.perf_counter() - start)) * 1000  # noqa: E731
    blank = None
    try:
        # from the first byte on, not at the load event: the streamed page shows its
        # waiting message long before it has all come
        await page.goto(base + EXPRESS["path"], wait_until="commit", timeout=LOAD_TIMEOUT * 1000)

        async def shows_something():
            nonlocal blank
            await page.wait_for_function(SHOWS_SOMETHING, polling=50, timeout=left())
            blank = time.perf_counter() - start

        waiting = asyncio.create_task(shows_something())
        waiting.add_done_callback(lambda task: task.cancelled() or task.exception())  # a timeout here is no failure
        try:
            await page.wait_for_selector(EXPRESS["button"], state="visible", timeout=left())
            seconds, error = time.perf_counter() - start, None
            await asyncio.wait([waiting], timeout=1.0)  # the table itself counts: it is shown now
        finally:
            waiting.cancel()
    except Exception as exc:  # a timeout or a closed page: this load failed
        seconds, error = None, type(exc).__name__
    return {"context": context, "page": page, "seconds": seconds, "blank": blank, "error": error}


async def load_wire(base: str, seed: int, files: tuple) -> WirePlayer:
    """One wire player, its page and widget states loaded (or its error in ``result``)."""
    player = WirePlayer(base, random.Random(seed), files=files)
    await player.load()
    return player


async def page_files(browser, server: Server) -> tuple:
    """The files a Chromium page of Express fetches from the server after its HTML (the
    scripts, styles and font; not the kernel's own URL, which each page asks for its own),
    recorded on one page, closed as a player closes it; then the pool is let refill."""
    context = await browser.new_context()
    page = await context.new_page()
    fetched: list[str] = []
    origin = server.base.rstrip("/")

    def finished(request):
        url = request.url
        if request.method == "GET" and url.startswith(origin) and request.resource_type != "document" \
                and not url.startswith(origin + "/api/"):
            fetched.append(url[len(origin):])

    page.on("requestfinished", finished)
    try:
        await page.goto(server.base + EXPRESS["path"], timeout=LOAD_TIMEOUT * 1000)
        await page.wait_for_selector(EXPRESS["button"], state="visible", timeout=LOAD_TIMEOUT * 1000)
        await page.wait_for_load_state("networkidle", timeout=10_000)
    finally:
        await page.close(run_before_unload=True)
        await context.close()
    await asyncio.to_thread(server.take_kernel, "express.ipynb")
    return tuple(dict.fromkeys(fetched))


async def play(player: dict, until: float, rng: random.Random) -> None:
    """Click "Turn up my alibi" whenever it is this player's turn, until the game ends or
    time is up; each click's ms (None when nothing showed) goes to ``player["clicks"]``."""
    page, player["clicks"] = player["page"], []
    while time.monotonic() < until:
        state = await page.evaluate(EXPRESS_READY)
        if state == "over":
            player["over"] = True
            return
        if state == "turn":
            await asyncio.sleep(rng.uniform(*THINK))
            if await page.evaluate(EXPRESS_READY) == "turn":
                player["clicks"].append(await page.evaluate(
                    MEASURE_CLICK, [EXPRESS["button"], EXPRESS["probe"], EXPRESS["mode"], CLICK_TIMEOUT]))
        else:
            await asyncio.sleep(0.15)


async def crowd(n: int, play_seconds: float, browsers: int | None = 1) -> dict:
    """A fresh server, n players (``browsers`` of them Chromium pages, all of them when
    None, the rest wire players) opened together, played, closed; the figures of that run."""
    from playwright.async_api import async_playwright

    k = n if browsers is None else min(n, browsers)
    port = free_port()
    server = Server(f"app-{n}", ["book/app/serve.py", f"--port={port}"], port)
    result: dict = {"n": n, "browsers": k, "wire": n - k}
    pages: list = []
    wires: list = []
    try:
        server.wait_listening()
        server.take_kernel("express.ipynb")  # the pool pre-heated, as a server that has been up a while
        async with async_playwright() as playwright:
            browser = await playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
            try:
                files = await page_files(browser, server) if k < n else ()
                result["page_files"] = len(files)
                cpu_before, start = cpu_seconds(server), time.monotonic()
                opening = await asyncio.gather(*(load(browser, server.base) for _ in range(k)),
                                               *(load_wire(server.base, seed, files) for seed in range(n - k)))
                pages, wires = opening[:k], opening[k:]
                result["cpu_share_in_loading"] = cpu_share(cpu_before, cpu_seconds(server), time.monotonic() - start)
                result["kernels_loaded"], result["rss_loaded_mb"] = kernels(server)
                rng = random.Random(n)
                cpu_before, start = cpu_seconds(server), time.monotonic()
                until = start + play_seconds
                await asyncio.gather(*(play(p, until, rng) for p in pages if p["seconds"] is not None),
                                     *(w.play(until) for w in wires if w.result.error is None))
                cpu_after, wall = cpu_seconds(server), time.monotonic() - start
                result["cpu_share_in_play"] = cpu_share(cpu_before, cpu_after, wall)
                result["play_wall_s"] = wall
                result["served_rss_mb"] = served_rss(server.process.pid)
                result["kernels_played"], result["rss_played_mb"] = kernels(server)
            finally:
                for p in pages:
                    await p["page"].close(run_before_unload=True)
                    await p["context"].close()
                await asyncio.gather(*(w.leave() for w in wires), return_exceptions=True)
                await browser.close()
        clicks = [c for p in pages for c in p.get("clicks", [])]
        wire_alibi = [c for w in wires for c in w.result.alibi_ms]
        wire_idle = [c for w in wires for c in w.result.idle_ms]
        result.update(
            failed=sum(p["seconds"] is None for p in pages),
            errors=sorted({p["error"] for p in pages if p["error"]}),
            to_table_s=[p["seconds"] for p in pages if p["seconds"] is not None],
            blank_s=[p["blank"] for p in pages if p["blank"] is not None],
            clicks_ms=[c for c in clicks if c is not None],
            clicks_lost=sum(c is None for c in clicks),
            wire_failed=sum(w.result.error is not None for w in wires),
            wire_errors=sorted({w.result.error for w in wires if w.result.error}),
            wire_first_byte_s=[w.result.first_byte_s for w in wires if w.result.first_byte_s is not None],
            wire_to_table_s=[w.result.to_table_s for w in wires if w.result.to_table_s is not None],
            wire_alibi_ms=[c for c in wire_alibi if c is not None],
            wire_idle_ms=[c for c in wire_idle if c is not None],
            wire_clicks_lost=sum(c is None for c in wire_alibi),
            iopub_warnings=sum(IOPUB_WARNING in line for _, line in server.lines),
        )
    finally:
        server.stop()
    return result


# --- the same players through JupyterHub (deploy/) ---------------------------------------

LANDING = re.compile(r"/user/([^/]+)/voila/render/index\.ipynb$")


class HubWirePlayer(WirePlayer):
    """A wire player whose table is on their own server under the hub: the hub's cookie
    for ``/user/<name>/`` on every request, the page's files asked below that prefix."""

    def __init__(self, base: str, rng: random.Random, name: str, cookies: dict):
        self._cookies, self._prefix = cookies, f"/user/{name}"
        super().__init__(base, rng)

    @property
    def http(self):
        return self._http

    @http.setter
    def http(self, client):  # WirePlayer makes its client when it loads: give it the cookie
        if client is not None:
            client.cookies.update(self._cookies)
        self._http = client

    async def _asset(self, path: str) -> None:
        if path.startswith(self._prefix + "/"):  # the page names its files from the root
            path = path[len(self._prefix):]
        await super()._asset(path)


async def arrive(hub, seed: int) -> dict:
    """One anonymous player: /hub/tmplogin, then the hub's page until their server is up
    and the landing page shows; the seconds it took (spawn) and a wire player for it."""
    import httpx

    from wire import BROWSER_HEADERS

    start = time.perf_counter()
    async with httpx.AsyncClient(headers=BROWSER_HEADERS, follow_redirects=True, timeout=LOAD_TIMEOUT) as client:
        try:
            response = await client.get(hub.base + "hub/tmplogin")
            while not LANDING.search(response.url.path):
                if time.perf_counter() - start > LOAD_TIMEOUT:
                    return {"spawn_s": None, "error": f"no landing page: {response.url.path[:80]}"}
                await asyncio.sleep(0.5)
                response = await client.get(hub.base + "hub/")
        except Exception as exc:  # the hub refused or timed out
            return {"spawn_s": None, "error": f"{type(exc).__name__}: {str(exc)[:120]}"}
        name = LANDING.search(response.url.path).group(1)
        cookies = {c.name: c.value for c in client.cookies.jar if c.path.startswith(f"/user/{name}")}
    player = HubWirePlayer(f"{hub.base}user/{name}/", random.Random(seed), name, cookies)
    return {"spawn_s": time.perf_counter() - start, "error": None, "name": name, "player": player}


def hub_cpu(hub) -> dict:
    """CPU seconds so far, by process id: the hub with its proxy and culler, the players'
    servers, their kernels, this process (the wire players) and the whole machine."""
    groups = {"hub": {}, "servers": {}, "kernels": {}, "this process (wire players)": {}}
    try:
        root = psutil.Process(hub.process.pid)
        processes = [root, *root.children(recursive=True)]
    except psutil.NoSuchProcess:
        processes = []
    for process in processes:
        try:
            command = " ".join(process.cmdline())
            group = ("servers" if "jupyterhub-singleuser" in command
                     else "kernels" if "ipykernel" in command else "hub")
            t = process.cpu_times()
            groups[group][process.pid] = t.user + t.system
        except psutil.NoSuchProcess:
            continue
    t = psutil.Process().cpu_times()
    groups["this process (wire players)"][os.getpid()] = t.user + t.system
    t = psutil.cpu_times()
    groups["machine"] = {0: t.user + t.system + getattr(t, "nice", 0.0)}
    return groups


def per_player_rss(hub) -> list[float]:
    """MB for each player: their server's RSS and its kernels'."""
    sizes = []
    for process in hub.processes():
        try:
            if "jupyterhub-singleuser" in " ".join(process.cmdline()):
                sizes.append(served_rss(process.pid))
        except psutil.NoSuchProcess:
            continue
    return sizes


async def hub_crowd(n: int, play_seconds: float) -> dict:
    """A fresh local hub, n anonymous wire players arriving together, each spawned, loaded,
    played, gone; the figures of that run (the hub and all it started stopped after)."""
    from deploy.local_hub import LocalHub, proxy_missing

    missing = proxy_missing()
    if missing:
        raise RuntimeError(missing)
    result: dict = {"n": n, "target": "hub"}
    with tempfile.TemporaryDirectory(prefix="sherlockkit-hub-") as runtime:
        hub = await asyncio.to_thread(LocalHub.start, Path(runtime), 3600, 600, max(40, n))
        wires: list = []
        try:
            cpu_before, start = hub_cpu(hub), time.monotonic()
            arrivals = await asyncio.gather(*(arrive(hub, seed) for seed in range(n)))
            wires = [a["player"] for a in arrivals if a["error"] is None]
            await asyncio.gather(*(w.load() for w in wires))
            result["cpu_share_in_loading"] = cpu_share(cpu_before, hub_cpu(hub), time.monotonic() - start)
            result["rss_per_player_mb"] = per_player_rss(hub)
            result["served_rss_mb"] = served_rss(hub.process.pid)
            cpu_before, start = hub_cpu(hub), time.monotonic()
            await asyncio.gather(*(w.play(time.monotonic() + play_seconds) for w in wires if w.result.error is None))
            wall = time.monotonic() - start
            result["cpu_share_in_play"] = cpu_share(cpu_before, hub_cpu(hub), wall)
            result["play_wall_s"] = wall
        finally:
            await asyncio.gather(*(w.leave() for w in wires), return_exceptions=True)
            await asyncio.to_thread(hub.stop)
    alibi = [c for w in wires for c in w.result.alibi_ms]
    result.update(
        spawn_s=[a["spawn_s"] for a in arrivals if a["spawn_s"] is not None],
        spawn_failed=sum(a["error"] is not None for a in arrivals),
        spawn_errors=sorted({a["error"] for a in arrivals if a["error"]}),
        wire_failed=sum(w.result.error is not None for w in wires),
        wire_errors=sorted({w.result.error for w in wires if w.result.error}),
        wire_to_table_s=[w.result.to_table_s for w in wires if w.result.to_table_s is not None],
        wire_alibi_ms=[c for c in alibi if c is not None],
        wire_clicks_lost=sum(c is None for c in alibi),
    )
    return result


def cpu_ms_per_move(r: dict, groups: tuple) -> float | None:
    """The serving side's CPU (ms) per click during play: the given groups' cores times
    the seconds of play, over the clicks made (wire players' and pages' alike)."""
    clicks = len(r.get("wire_alibi_ms", [])) + r.get("wire_clicks_lost", 0) \
        + len(r.get("clicks_ms", [])) + r.get("clicks_lost", 0)
    share = r.get("cpu_share_in_play", {})
    if not clicks or "play_wall_s" not in r:
        return None
    return 1000 * sum(share.get(g, 0.0) for g in groups) * r["play_wall_s"] / clicks


def side_by_side(app_runs: list[dict], hub_runs: list[dict]) -> list[dict]:
    """For each N, one line per target: what a player waits and costs, against N=1."""
    lines = []
    for target, runs, groups in (("app", app_runs, ("server", "kernels")),
                                 ("hub", hub_runs, ("hub", "servers", "kernels"))):
        for r in runs:
            lines.append({
                "target": target, "n": r["n"],
                "failed": r.get("wire_failed", 0) + r.get("failed", 0) + r.get("spawn_failed", 0),
                "spawn_s": percentile(r.get("spawn_s", []), 50),
                "to_table_s": percentile(r.get("wire_to_table_s", []) or r.get("to_table_s", []), 50),
                "click_p50_ms": percentile(r.get("wire_alibi_ms", []), 50),
                "click_p95_ms": percentile(r.get("wire_alibi_ms", []), 95),
                "served_rss_mb": r.get("served_rss_mb"),
                "rss_per_player_mb": percentile(r.get("rss_per_player_mb", []), 50),
                "cpu_ms_per_move": cpu_ms_per_move(r, groups),
                "cpu_cores_in_play": sum(r.get("cpu_share_in_play", {}).get(g, 0.0) for g in groups),
            })
    return lines


def rows_of(r: dict) -> list[dict]:
    n = r["n"]
    per_kernel = r["rss_loaded_mb"] / r["kernels_loaded"] if r["kernels_loaded"] else None
    browser_rows = [
        row(f"N={n}: pages without a table", [r["failed"]], "pages"),
        row(f"N={n}: page blank (to message/table)", r["blank_s"], "s"),
        row(f"N={n}: time to table", r["to_table_s"], "s"),
        row(f"N={n}: click->update", r["clicks_ms"], "ms"),
        row(f"N={n}: click->update p95", [percentile(r["clicks_ms"], 95)], "ms"),
        row(f"N={n}: clicks that showed nothing", [r["clicks_lost"]], "clicks"),
    ] if r["browsers"] else []
    wire_rows = [
        row(f"N={n}: wire: loads without a table", [r["wire_failed"]], "players"),
        row(f"N={n}: wire: first byte of HTML", r["wire_first_byte_s"], "s"),
        row(f"N={n}: wire: time to table", r["wire_to_table_s"], "s"),
        row(f"N={n}: wire: click->alibi update", r["wire_alibi_ms"], "ms"),
        row(f"N={n}: wire: click->alibi update p95", [percentile(r["wire_alibi_ms"], 95)], "ms"),
        row(f"N={n}: wire: click->kernel idle", r["wire_idle_ms"], "ms"),
        row(f"N={n}: wire: click->kernel idle p95", [percentile(r["wire_idle_ms"], 95)], "ms"),
        row(f"N={n}: wire: clicks that showed nothing", [r["wire_clicks_lost"]], "clicks"),
    ] if r["wire"] else []
    return [
        *browser_rows,
        *wire_rows,
        row(f"N={n}: kernels after loading", [r["kernels_loaded"]], "kernels"),
        row(f"N={n}: kernels' RSS after loading", [r["rss_loaded_mb"]], "MB"),
        row(f"N={n}: RSS per kernel", [per_kernel], "MB"),
        row(f"N={n}: IOPub timeouts in the log", [r["iopub_warnings"]], "lines"),
        *(row(f"N={n}: CPU in {when}: {who}", [share], "cores")
          for when in ("loading", "play") for who, share in r.get(f"cpu_share_in_{when}", {}).items()),
    ]


def hub_rows_of(r: dict) -> list[dict]:
    n = r["n"]
    return [
        row(f"hub N={n}: players without a server", [r["spawn_failed"]], "players"),
        row(f"hub N={n}: spawn (tmplogin to landing page)", r["spawn_s"], "s"),
        row(f"hub N={n}: wire: loads without a table", [r["wire_failed"]], "players"),
        row(f"hub N={n}: wire: time to table", r["wire_to_table_s"], "s"),
        row(f"hub N={n}: wire: click->alibi update", r["wire_alibi_ms"], "ms"),
        row(f"hub N={n}: wire: click->alibi update p95", [percentile(r["wire_alibi_ms"], 95)], "ms"),
        row(f"hub N={n}: wire: clicks that showed nothing", [r["wire_clicks_lost"]], "clicks"),
        row(f"hub N={n}: RSS per player (server + kernel)", r["rss_per_player_mb"], "MB"),
        row(f"hub N={n}: RSS of everything served", [r["served_rss_mb"]], "MB"),
        *(row(f"hub N={n}: CPU in {when}: {who}", [share], "cores")
          for when in ("loading", "play") for who, share in r.get(f"cpu_share_in_{when}", {}).items()),
    ]


def run(quick: bool = False, sizes: tuple = (1, 5, 10, 20), play_seconds: float = 40.0,
        voila_config: dict | None = None, browsers: int | None = 1, target: str = "app") -> dict:
    """Every N in turn, each on its own server (``target`` "app"), its own hub ("hub"), or
    both, one after the other; on the app ``browsers`` of the N players are Chromium pages
    (all of them when None), the others wire players; through the hub all are wire
    players. Rows for the printed table, and with both a side-by-side comparison."""
    if quick:
        sizes, play_seconds = (1, 5), 20.0
    app_runs, hub_runs = [], []
    env_backup = os.environ.get("JUPYTER_CONFIG_DIR")
    with tempfile.TemporaryDirectory() as config_dir:
        if voila_config:
            Path(config_dir, "voila.json").write_text(json.dumps(voila_config))
            os.environ["JUPYTER_CONFIG_DIR"] = config_dir  # read by the server started below
        try:
            for n in sizes:
                if target in ("app", "both"):
                    app_runs.append(asyncio.run(crowd(n, play_seconds, browsers)))
                if target in ("hub", "both"):
                    hub_runs.append(asyncio.run(hub_crowd(n, play_seconds)))
        finally:
            if voila_config:
                if env_backup is None:
                    os.environ.pop("JUPYTER_CONFIG_DIR", None)
                else:
                    os.environ["JUPYTER_CONFIG_DIR"] = env_backup
    return {"runs": app_runs, "hub_runs": hub_runs, "voila_config": voila_config or {},
            "browsers": "all" if browsers is None else browsers, "target": target,
            "side_by_side": side_by_side(app_runs, hub_runs),
            "rows": [r for each in app_runs for r in rows_of(each)]
                    + [r for each in hub_runs for r in hub_rows_of(each)]}


def print_side_by_side(lines: list[dict]) -> None:
    """The comparison table: each target's figures, and its N=1 line as the baseline."""
    def show(value, digits=1):
        return "-" if value is None else f"{value:.{digits}f}"

    print(f"  {'target':<6} {'N':>3} {'failed':>6} {'spawn s':>8} {'table s':>8} {'click p50/p95 ms':>17} "
          f"{'RSS all MB':>10} {'MB/player':>9} {'CPU ms/move':>11} {'cores':>6}")
    for line in lines:
        clicks = f"{show(line['click_p50_ms'])}/{show(line['click_p95_ms'])}"
        print(f"  {line['target']:<6} {line['n']:>3} {line['failed']:>6} {show(line['spawn_s']):>8} "
              f"{show(line['to_table_s']):>8} {clicks:>17} {show(line['served_rss_mb'], 0):>10} "
              f"{show(line['rss_per_player_mb'], 0):>9} {show(line['cpu_ms_per_move'], 2):>11} "
              f"{show(line['cpu_cores_in_play'], 3):>6}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, nargs="+", default=[1, 5, 10, 20], help="numbers of players")
    parser.add_argument("--play", type=float, default=40.0, help="seconds of play for each N")
    parser.add_argument("--target", choices=("app", "hub", "both"), default="app",
                        help="one app server (make app), the hub (make hub: a server per player), or both")
    players = parser.add_mutually_exclusive_group()
    players.add_argument("--browsers", type=int, default=1, metavar="K",
                         help="players that are Chromium pages (default 1); the others are wire players")
    players.add_argument("--browsers-only", action="store_true", help="every player a Chromium page")
    parser.add_argument("--voila-config", type=json.loads, default=None,
                        help='Voilà settings for the server, e.g. \'{"VoilaExecutor": {"iopub_timeout": 30}}\'')
    args = parser.parse_args()
    if max(args.n) > 40 or min(args.n) < 1 or args.play > 300 or args.browsers < 0:
        parser.error("1 to 40 players, at most 300 s of play, a number of browsers not negative")
    report = run(sizes=tuple(args.n), play_seconds=args.play, voila_config=args.voila_config,
                 browsers=None if args.browsers_only else args.browsers, target=args.target)
    for r in report["rows"]:
        print(f"  {r['what']:<44} median {r['median']!s:>10}  min {r['min']!s:>10}  max {r['max']!s:>10}  n {r['n']}  {r['unit']}")
    print()
    print_side_by_side(report["side_by_side"])
    out = Path(__file__).resolve().parent / "results" / "load.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps(report, indent=1, default=str))
    print(f"written: {out}")


if __name__ == "__main__":
    main()
