"""Load on the tables for several people: T tables of Beyond Baker Street, four people at
each, all playing at once on one rooms server (issue 30).

    .venv/bin/python benchmarks/rooms_load.py [--tables 1 10] [--seconds 20] [--think 0.2]

The server (``sherlockkit.rooms.service``, the handlers ``serve.py`` holds) runs in a
process of its own on a free loopback port; the people are websocket clients in this
process, each what a page's kernel is to the server: it opens or joins its table by the
two JSON calls, sits with its token, and, whenever a frame offers it moves (its turn),
waits ``--think`` seconds (reading the table) and sends one of them (a kind of move
drawn first, then a move of that kind, as ``tests/random_play.py`` plays). A finished
case is dealt again by its host.

Measured, for each number of tables: *click -> every seat updated*, from a move sent to
the moment the last of the table's four sockets has a frame showing it (its view's events
grew), p50 and p95; clicks lost (no such frame within ``LOST_AFTER`` seconds); moves
refused; moves made a second, and the server's CPU (cores). The baseline is the run
with one table, in the same call: the ratio p95(T tables) / p95(one table) says what the
load costs a click. The issue's aim: 10 tables of four, p95 under 250 ms, nothing lost.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from common import percentile, print_table, row  # noqa: E402

PREFIX = "/sherlockkit/rooms"
#: a click whose frame has not reached every seat of its table after this long is lost
LOST_AFTER = 5.0
PEOPLE = ("Ann", "Bob", "Cleo", "Dev")


# --- the server, in a process of its own -----------------------------------------------------

def serve(port: int) -> None:
    """Run a rooms server on 127.0.0.1:``port`` until killed (the child's work)."""
    import tornado.ioloop
    import tornado.web

    from sherlockkit.rooms.service import RoomService

    service = RoomService()
    app = tornado.web.Application(service.handlers(PREFIX))
    app.listen(port, "127.0.0.1")
    service_loop = tornado.ioloop.IOLoop.current()
    service_loop.add_callback(service.start)
    print("serving", flush=True)
    service_loop.start()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of process ``pid`` (Linux's /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


# --- the people --------------------------------------------------------------------------------

class Table:
    """One table's four people: their sockets, and the clicks waiting for every seat."""

    def __init__(self, port: int, rng: random.Random, think: float):
        self.port, self.rng, self.think = port, rng, think
        self.sockets: list = []
        self.events_seen = [0] * len(PEOPLE)
        self.waiting: list[tuple[float, int, set[int]]] = []  # (sent at, events before, seats still to see it)
        self.latencies: list[float] = []
        self.refused = 0
        self.busy = [False] * len(PEOPLE)
        self.host = False

    async def seat_everyone(self) -> None:
        from tornado.httpclient import AsyncHTTPClient
        from tornado.websocket import websocket_connect

        client = AsyncHTTPClient()
        base = f"http://127.0.0.1:{self.port}{PREFIX}"

        async def call(what, body):
            response = await client.fetch(f"{base}/{what}", method="POST", body=json.dumps(body),
                                          headers={"Content-Type": "application/json"})
            return json.loads(response.body)

        opened = await call("open", {"game": "bakerstreet", "options": {"players": 4}, "name": PEOPLE[0]})
        tokens = [opened["token"]] + [(await call("join", {"code": opened["code"], "name": n}))["token"]
                                      for n in PEOPLE[1:]]
        for seat, token in enumerate(tokens):
            ws = await websocket_connect(f"ws://127.0.0.1:{self.port}{PREFIX}/socket")
            await ws.write_message(json.dumps({"token": token}))
            self.sockets.append(ws)
        for seat, ws in enumerate(self.sockets):
            asyncio.get_running_loop().create_task(self._listen(seat, ws))
        await self.sockets[0].write_message(json.dumps({"do": "start"}))

    async def _listen(self, seat: int, ws) -> None:
        while True:
            message = await ws.read_message()
            if message is None:
                return
            frame = json.loads(message)
            if "refused" in frame:
                self.refused += 1
                self.busy[seat] = False
                continue
            now = time.perf_counter()
            view = frame.get("view")
            events = len(view["fields"]["events"]["()"]) if view else 0
            for sent, before, seats in self.waiting:
                if events > before:
                    seats.discard(seat)
            done = [w for w in self.waiting if not w[2]]
            for sent, _, _ in done:
                self.latencies.append(now - sent)
            self.waiting = [w for w in self.waiting if w[2]]
            self.events_seen[seat] = events
            if frame["status"] == "ended" and frame["host"]:
                await ws.write_message(json.dumps({"do": "again"}))
            elif frame["moves"] and not self.busy[seat]:
                self.busy[seat] = True
                asyncio.get_running_loop().create_task(self._move(seat, ws, frame["moves"], events))

    async def _move(self, seat: int, ws, moves: list, events: int) -> None:
        await asyncio.sleep(self.think * self.rng.uniform(0.5, 1.5))
        kind = self.rng.choice(sorted({m["kind"] for m in moves}))
        move = self.rng.choice([m for m in moves if m["kind"] == kind])
        self.waiting.append((time.perf_counter(), events, set(range(len(PEOPLE)))))
        await ws.write_message(json.dumps({"do": "play", "move": move}))
        self.busy[seat] = False

    def lost(self, now: float) -> int:
        return sum(1 for sent, _, _ in self.waiting if now - sent > LOST_AFTER)

    def close(self) -> None:
        for ws in self.sockets:
            ws.close()


async def crowd(port: int, tables: int, seconds: float, think: float, seed: int) -> dict:
    """``tables`` tables of four playing for ``seconds`` on the server at ``port``."""
    rng = random.Random(seed)
    crowd_ = [Table(port, random.Random(rng.random()), think) for _ in range(tables)]
    for table in crowd_:
        await table.seat_everyone()
    start = time.perf_counter()
    await asyncio.sleep(seconds)
    now = time.perf_counter()
    latencies = [t for table in crowd_ for t in table.latencies]
    lost = sum(table.lost(now) for table in crowd_)
    refused = sum(table.refused for table in crowd_)
    for table in crowd_:
        table.close()
    return {"tables": tables, "clicks": len(latencies), "latencies": latencies, "lost": lost, "refused": refused,
            "moves_per_s": len(latencies) / (now - start)}


def _run_apart(coroutine):
    """``asyncio.run(coroutine)`` in a thread of its own: the calling thread may have an
    event loop running (a test process where Playwright left its own), where asyncio
    refuses to start another."""
    out: dict = {}

    def thread():
        try:
            out["result"] = asyncio.run(coroutine)
        except BaseException as error:  # handed back to the caller's thread
            out["error"] = error

    worker = threading.Thread(target=thread)
    worker.start()
    worker.join()
    if "error" in out:
        raise out["error"]
    return out["result"]


def run(tables: tuple = (1, 10), seconds: float = 20.0, think: float = 0.2, quick: bool = False) -> dict:
    """Each number of ``tables`` on a fresh server, the first (one table) the baseline."""
    if quick:
        seconds = 3.0
    runs = []
    for count in tables:
        port = _free_port()
        server = subprocess.Popen([sys.executable, str(Path(__file__).resolve()), "--serve", str(port)],
                                  cwd=ROOT, stdout=subprocess.PIPE, text=True)
        try:
            assert server.stdout.readline().strip() == "serving"
            cpu_before, wall_before = _cpu_seconds(server.pid), time.perf_counter()
            result = _run_apart(crowd(port, count, seconds, think, seed=count))
            result["server_cores"] = (_cpu_seconds(server.pid) - cpu_before) / (time.perf_counter() - wall_before)
            runs.append(result)
        finally:
            server.kill()
            server.wait()
    base_p95 = percentile(runs[0]["latencies"], 95)
    rows = []
    for r in runs:
        what = f"{r['tables']} table{'s' if r['tables'] != 1 else ''} of four"
        p95 = percentile(r["latencies"], 95)
        rows += [row(f"{what}: click -> every seat, p50", [percentile(r["latencies"], 50) * 1e3], "ms"),
                 row(f"{what}: click -> every seat, p95", [p95 * 1e3], "ms"),
                 row(f"{what}: p95 / one table's p95", [p95 / base_p95], "x"),
                 row(f"{what}: clicks made", [r["clicks"]], "clicks"),
                 row(f"{what}: clicks lost", [r["lost"]], "clicks"),
                 row(f"{what}: moves refused (a stale frame)", [r["refused"]], "moves"),
                 row(f"{what}: the server's CPU", [r["server_cores"]], "cores")]
    return {"runs": [{k: v for k, v in r.items() if k != "latencies"}
                     | {"p50_ms": percentile(r["latencies"], 50) * 1e3, "p95_ms": percentile(r["latencies"], 95) * 1e3}
                     for r in runs], "rows": rows}


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--serve", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--tables", type=int, nargs="+", default=[1, 10])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--think", type=float, default=0.2)
    args = parser.parse_args()
    if args.serve:
        serve(args.serve)
    else:
        result = run(tuple(args.tables), args.seconds, args.think)
        print_table("Tables for several people under load (benchmarks/rooms_load.py)", result["rows"])
