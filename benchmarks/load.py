"""Load: N players open the Express dashboard at once and play it, on one app server.

    .venv/bin/python benchmarks/load.py [--n 1 5 10 20] [--play 40] [--voila-config JSON]

(``benchmarks/run.py --only load`` runs it with the defaults.) For each N a fresh
``book/app/serve.py`` is started on a free loopback port and given time to pre-heat; then
N pages of headless Chromium (the Debian package, one browser context each, like N
people) open ``express.ipynb`` together, and each plays like a person: when "Turn up my
alibi" is enabled it waits a moment (a person reads the table) and clicks it. Reported
for each N, the run with N=1 being the baseline:

* pages whose table never showed (within ``LOAD_TIMEOUT``): a failed or silent load;
* time to table: from ``goto`` to the button visible;
* click -> update p50/p95: timed inside the page, as in ``app.py`` (the click is
  dispatched by page script, the clock stops when your new alibi card is in the DOM);
  a click that shows nothing within ``CLICK_TIMEOUT`` counts as lost;
* kernels alive under the server and the RSS of those kernel processes (MB), after the
  loads and at the end of play; "Timeout waiting for IOPub output" lines in the log;
* where the CPU went during play, in cores (CPU seconds per second): the kernels, the
  server, Chromium, and the whole machine (the difference is other work on it).

Bounded: at most ``max(n)`` pages, ``LOAD_TIMEOUT`` to load, ``--play`` seconds of play,
every server stopped (SIGTERM to its group) whatever happens. Traffic only to 127.0.0.1.
The browser runs on the same two cores as the server: at N=20 Chromium's own work is part
of what a click waits for, so the figures are an upper bound on what remote players see.

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
import sys
import tempfile
import time
from pathlib import Path

import psutil

sys.path.insert(0, str(Path(__file__).resolve().parent))

from app import CHROMIUM, CHROMIUM_ARGS, EXPRESS, EXPRESS_READY, MEASURE_CLICK, Server, free_port  # noqa: E402
from common import row  # noqa: E402

LOAD_TIMEOUT = 90.0  # seconds for a page to show its table
CLICK_TIMEOUT = 10_000  # ms for a click to show its alibi
THINK = (0.3, 1.2)  # seconds a person looks at the table before clicking
IOPUB_WARNING = "Timeout waiting for IOPub output"


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


def cpu_seconds(server: Server) -> dict:
    """CPU seconds used so far (user + system), by process id: the kernels and the server
    (the server's process tree), Chromium (this process's tree: the driver's browser), and
    the whole machine under "machine" (what is left is other work on this shared machine)."""
    groups = {"kernels": {}, "server": {}, "chromium": {}}
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
                    continue  # this benchmark itself
                else:
                    group_of = group
                t = process.cpu_times()
                groups[group_of][process.pid] = t.user + t.system + t.children_user + t.children_system
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


def percentile(values: list, q: float) -> float | None:
    """The q-th percentile (nearest rank) of the values that are not None."""
    values = sorted(v for v in values if v is not None)
    if not values:
        return None
    return values[min(len(values) - 1, max(0, round(q / 100 * len(values) + 0.5) - 1))]


async def load(browser, base: str) -> dict:
    """One player: a new context, the page, and the seconds to its table (None: never)."""
    context = await browser.new_context()
    page = await context.new_page()
    start = time.perf_counter()
    try:
        await page.goto(base + EXPRESS["path"], timeout=LOAD_TIMEOUT * 1000)
        await page.wait_for_selector(EXPRESS["button"], state="visible",
                                     timeout=max(1.0, LOAD_TIMEOUT - (time.perf_counter() - start)) * 1000)
        seconds, error = time.perf_counter() - start, None
    except Exception as exc:  # a timeout or a closed page: this load failed
        seconds, error = None, type(exc).__name__
    return {"context": context, "page": page, "seconds": seconds, "error": error}


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


async def crowd(n: int, play_seconds: float) -> dict:
    """A fresh server, n pages opened together, played, closed; the figures of that run."""
    from playwright.async_api import async_playwright

    port = free_port()
    server = Server(f"app-{n}", ["book/app/serve.py", f"--port={port}"], port)
    result: dict = {"n": n}
    try:
        server.wait_listening()
        server.take_kernel("express.ipynb")  # the pool pre-heated, as a server that has been up a while
        async with async_playwright() as playwright:
            browser = await playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
            try:
                players = await asyncio.gather(*(load(browser, server.base) for _ in range(n)))
                result["kernels_loaded"], result["rss_loaded_mb"] = kernels(server)
                rng = random.Random(n)
                cpu_before, start = cpu_seconds(server), time.monotonic()
                until = start + play_seconds
                await asyncio.gather(*(play(p, until, rng) for p in players if p["seconds"] is not None))
                cpu_after, wall = cpu_seconds(server), time.monotonic() - start
                result["cpu_share_in_play"] = cpu_share(cpu_before, cpu_after, wall)
                result["kernels_played"], result["rss_played_mb"] = kernels(server)
                for p in players:
                    await p["page"].close(run_before_unload=True)
                    await p["context"].close()
            finally:
                await browser.close()
        clicks = [c for p in players for c in p.get("clicks", [])]
        result.update(
            failed=sum(p["seconds"] is None for p in players),
            errors=sorted({p["error"] for p in players if p["error"]}),
            to_table_s=[p["seconds"] for p in players if p["seconds"] is not None],
            clicks_ms=[c for c in clicks if c is not None],
            clicks_lost=sum(c is None for c in clicks),
            iopub_warnings=sum(IOPUB_WARNING in line for _, line in server.lines),
        )
    finally:
        server.stop()
    return result


def rows_of(r: dict) -> list[dict]:
    n = r["n"]
    per_kernel = r["rss_loaded_mb"] / r["kernels_loaded"] if r["kernels_loaded"] else None
    return [
        row(f"N={n}: pages without a table", [r["failed"]], "pages"),
        row(f"N={n}: time to table", r["to_table_s"], "s"),
        row(f"N={n}: click->update", r["clicks_ms"], "ms"),
        row(f"N={n}: click->update p95", [percentile(r["clicks_ms"], 95)], "ms"),
        row(f"N={n}: clicks that showed nothing", [r["clicks_lost"]], "clicks"),
        row(f"N={n}: kernels after loading", [r["kernels_loaded"]], "kernels"),
        row(f"N={n}: kernels' RSS after loading", [r["rss_loaded_mb"]], "MB"),
        row(f"N={n}: RSS per kernel", [per_kernel], "MB"),
        row(f"N={n}: IOPub timeouts in the log", [r["iopub_warnings"]], "lines"),
        *(row(f"N={n}: CPU in play: {who}", [share], "cores")
          for who, share in r.get("cpu_share_in_play", {}).items()),
    ]


def run(quick: bool = False, sizes: tuple = (1, 5, 10, 20), play_seconds: float = 40.0,
        voila_config: dict | None = None) -> dict:
    """Every N in turn, each on its own server; rows for the printed table."""
    if quick:
        sizes, play_seconds = (1, 5), 20.0
    env_backup = os.environ.get("JUPYTER_CONFIG_DIR")
    with tempfile.TemporaryDirectory() as config_dir:
        if voila_config:
            Path(config_dir, "voila.json").write_text(json.dumps(voila_config))
            os.environ["JUPYTER_CONFIG_DIR"] = config_dir  # read by the server started below
        try:
            runs = [asyncio.run(crowd(n, play_seconds)) for n in sizes]
        finally:
            if voila_config:
                if env_backup is None:
                    os.environ.pop("JUPYTER_CONFIG_DIR", None)
                else:
                    os.environ["JUPYTER_CONFIG_DIR"] = env_backup
    return {"runs": runs, "voila_config": voila_config or {},
            "rows": [r for each in runs for r in rows_of(each)]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, nargs="+", default=[1, 5, 10, 20], help="numbers of players")
    parser.add_argument("--play", type=float, default=40.0, help="seconds of play for each N")
    parser.add_argument("--voila-config", type=json.loads, default=None,
                        help='Voilà settings for the server, e.g. \'{"VoilaExecutor": {"iopub_timeout": 30}}\'')
    args = parser.parse_args()
    if max(args.n) > 40 or args.play > 300:
        parser.error("at most 40 players and 300 s of play")
    report = run(sizes=tuple(args.n), play_seconds=args.play, voila_config=args.voila_config)
    for r in report["rows"]:
        print(f"  {r['what']:<44} median {r['median']!s:>10}  min {r['min']!s:>10}  max {r['max']!s:>10}  n {r['n']}  {r['unit']}")
    out = Path(__file__).resolve().parent / "results" / "load.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps(report, indent=1))
    print(f"written: {out}")


if __name__ == "__main__":
    main()
