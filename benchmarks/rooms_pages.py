"""Load on the tables for several people, the whole way: T tables of Sherlock Express, four
people at each, every person a page of the app (issue 30: the kernel -> page leg).

    .venv/bin/python benchmarks/rooms_pages.py [--tables 1 10] [--seconds 20] [--think 0.3]

``rooms_load.py`` times the server's leg: a seat's kernel to the rooms server and back.
Here every person is a page of ``serve.py`` (a wire player, ``wire.py``: it loads the
Express dashboard, so it has a kernel of its own, and sends what a Chromium page sends):
the host types a name, chooses four players and opens a table through the widgets of the
page's "Play with friends" panel; three more pages type the code it shows and join; the
host starts. Each person then turns up their alibi whenever the shared table offers it
(after ``--think`` seconds, the same for everyone). Nobody slaps, so a table plays its
thirty-odd alibis and then waits: the window is short enough for that.

Measured, for each number of tables, from the pages' side: *click -> every seat updated*,
from the click sent by one page to the moment the last of the four pages at the table has
received its kernel's redraw of the shared table (an update or a new widget of the table,
made after the click), p50 and p95; clicks lost (a page with no redraw within
``LOST_AFTER`` seconds); the widget messages (updates and new widgets of the shared
table) a page receives per click; kernels, and the CPU in play of the kernels, the server
and this process (the pages). The baseline is the run with one
table in the same call (p95 ratio). The issue's aim: 10 tables of four, p95 under 250 ms,
nothing lost. Forty kernels and the server share this machine's two cores with the forty
wire players (one process, asyncio): real people's pages would run elsewhere.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import re
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from app import Server, free_port  # noqa: E402
from common import percentile, print_table, row  # noqa: E402
from load import cpu_seconds, cpu_share, kernels  # noqa: E402
from wire import WirePlayer, message  # noqa: E402

#: a click some page of its table has not seen redrawn after this long is lost
LOST_AFTER = 5.0
#: seconds for the tables to be opened, joined and started
SEATING = 120.0
CODE = re.compile(r"sk-friends-code['\"][^>]*>\s*([A-Za-z0-9]+)\s*<")


class Person(WirePlayer):
    """A page at a table for several people: the friends panel's widgets found by their
    classes, the shared table's widgets told apart from the page's own (those made after
    the page loaded), and the times its kernel redrew the shared table. Once seated it
    plays as ``WirePlayer.play`` does, on the shared table's button, ``think`` seconds
    after its turn comes; each click goes to ``clicks`` with the people of its table."""

    def __init__(self, base: str, rng: random.Random, name: str, think: float, clicks: list):
        super().__init__(base, rng, think=(think, think))
        self.name = name
        self.own: set[str] = set()  # the page's models once loaded: its own table and the panel
        self.redrawn: list[float] = []  # perf_counter of each redraw of the shared table
        self.table: list[Person] = []  # the people at its shared table, itself among them
        self.clicks = clicks  # (time sent, the table's people) of every click, the crowd's

    async def load(self) -> None:
        await super().load()
        self.own = set(self.states)

    def _receive(self, channel: str, msg: dict) -> None:
        kind, content = msg["header"]["msg_type"], msg["content"]
        drawn = kind == "comm_open" or (kind == "comm_msg" and content.get("data", {}).get("method") == "update")
        if self.own and drawn and content.get("comm_id") not in self.own:  # the shared table redrawn
            self.redrawn.append(time.perf_counter())
        super()._receive(channel, msg)

    def model(self, css: str, shared: bool = False) -> str | None:
        """The model id of the widget with class ``css`` (of the shared table when ``shared``)."""
        for model_id, state in self.states.items():
            if css in state.get("_dom_classes", ()) and (model_id not in self.own) == shared:
                return model_id
        return None

    async def set(self, css: str, **state) -> bool:
        msg = message("comm_msg", {"comm_id": self.model(css), "data": {"method": "update", "state": state,
                                                                      "buffer_paths": []}}, self.session)
        return await self.send_and_wait(msg)

    async def press(self, css: str, shared: bool = False) -> bool:
        msg = message("comm_msg", {"comm_id": self.model(css, shared),
                                   "data": {"method": "custom", "content": {"event": "click"}}}, self.session)
        return await self.send_and_wait(msg)

    def sit_down(self, table: list[Person]) -> None:
        """At the shared table once it has started: its button and header are what
        ``play`` watches (not the page's own table's, hidden under it)."""
        self.table = table
        self.button, self.header = self.model("sk-reveal", shared=True), self.model("sk-head", shared=True)

    async def click(self) -> None:
        """"Turn up my alibi" on the shared table, timed from here to every page's redraw."""
        self.clicks.append((time.perf_counter(), self.table))
        await self.press("sk-reveal", shared=True)

    def shown(self, css: str) -> str:
        return str(self.states.get(self.model(css), {}).get("value", ""))

    async def until(self, condition, seconds: float = SEATING) -> None:
        deadline = time.monotonic() + seconds
        while not condition():
            if time.monotonic() > deadline:
                raise TimeoutError(f"{self.name}: not seated in {seconds:.0f} s")
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), 1.0)
            except asyncio.TimeoutError:
                pass


async def seat(people: list[Person]) -> None:
    """The first person opens a table of four, the others join it by its code, and the
    host starts once the three have sat."""
    host, guests = people[0], people[1:]
    await host.set("sk-friends-name", value=host.name)
    labels = host.states[host.model("sk-friends-players")].get("_options_labels", [])
    await host.set("sk-friends-players", index=list(labels).index(str(len(people))))
    await host.press("sk-friends-open")
    await host.until(lambda: CODE.search(host.shown("sk-friends-where")))
    code = CODE.search(host.shown("sk-friends-where")).group(1)
    for guest in guests:
        await guest.set("sk-friends-name", value=guest.name)
        await guest.set("sk-friends-code-box", value=code)
        await guest.press("sk-friends-join")
    for guest in guests:
        await guest.until(lambda g=guest: code in g.shown("sk-friends-where"))
    await host.until(lambda: all(p.name in host_seats(host) for p in people))
    await host.press("sk-friends-start")
    for person in people:
        await person.until(lambda p=person: p.model("sk-reveal", shared=True) is not None)
        person.sit_down(people)


def host_seats(host: Person) -> str:
    """Every text the host's page holds (the seats' list is widgets of their own)."""
    return " ".join(str(s.get("value", "")) for s in host.states.values())


def latencies(clicks: list) -> tuple[list[float], int]:
    """Click -> every seat redrawn (ms) for each click, and the clicks lost."""
    out, lost = [], 0
    for t0, people in clicks:
        firsts = [next((t for t in p.redrawn if t > t0), None) for p in people]
        if any(t is None or t - t0 > LOST_AFTER for t in firsts):
            lost += 1
        else:
            out.append((max(firsts) - t0) * 1000)
    return out, lost


async def crowd(tables: int, seconds: float, think: float) -> dict:
    """A fresh server; ``tables`` tables of four pages seated, played ``seconds``, closed."""
    port = free_port()
    server = Server(f"rooms-pages-{tables}", ["book/app/serve.py", f"--port={port}"], port)
    people: list[Person] = []
    result: dict = {"tables": tables}
    try:
        server.wait_listening()
        clicks: list = []
        people = [Person(server.base, random.Random(k), f"P{k}", think, clicks) for k in range(4 * tables)]
        await asyncio.gather(*(p.load() for p in people))
        failed = [p.result.error for p in people if p.result.error]
        if failed:
            raise RuntimeError(f"{len(failed)} pages did not load: {failed[0]}")
        groups = [people[4 * t:4 * t + 4] for t in range(tables)]
        await asyncio.gather(*(seat(g) for g in groups))
        result["kernels"], result["rss_mb"] = kernels(server)
        before, start = cpu_seconds(server), time.monotonic()
        await asyncio.gather(*(p.play(start + seconds) for p in people))
        result["cpu"] = cpu_share(before, cpu_seconds(server), time.monotonic() - start)
        await asyncio.sleep(LOST_AFTER)  # the last clicks' redraws on their way (else counted lost)
        result["ms"], result["lost"] = latencies(clicks)
        result["redraws_per_click_and_page"] = sum(len(p.redrawn) for p in people) / max(1, len(clicks)) / 4
        result["clicks"] = len(clicks)
    finally:
        await asyncio.gather(*(p.leave() for p in people), return_exceptions=True)
        server.stop()
    return result


def run(tables: tuple = (1, 10), seconds: float = 20.0, think: float = 0.3, quick: bool = False) -> dict:
    """Each number of tables in turn on a fresh server; the printed table's rows."""
    if quick:
        tables, seconds = (1, 3), 10.0
    results = [asyncio.run(crowd(t, seconds, think)) for t in tables]
    base = percentile(results[0]["ms"], 95)
    rows = []
    for r in results:
        what, p95 = f"{r['tables']} table(s) of four pages", percentile(r["ms"], 95)
        rows += [row(f"{what}: click -> every page, p50", [percentile(r["ms"], 50)], "ms"),
                 row(f"{what}: click -> every page, p95", [p95], "ms"),
                 row(f"{what}: p95 / one table's p95", [p95 / base if p95 and base else None], "x"),
                 row(f"{what}: clicks made", [r["clicks"]], "clicks"),
                 row(f"{what}: clicks lost", [r["lost"]], "clicks"),
                 row(f"{what}: widget messages a page gets per click", [r["redraws_per_click_and_page"]], "messages"),
                 row(f"{what}: kernels, their memory", [r["kernels"]], f"kernels, {r['rss_mb']:.0f} MB"),
                 row(f"{what}: kernels' CPU in play", [r["cpu"]["kernels"]], "cores"),
                 row(f"{what}: the server's CPU in play", [r["cpu"]["server"]], "cores"),
                 row(f"{what}: the pages' CPU in play (this process)", [r["cpu"]["this process (wire players)"]],
                     "cores"),
                 row(f"{what}: the machine's CPU in play", [r["cpu"]["machine"]], "cores")]
    return {"rows": rows, "results": [{k: v for k, v in r.items() if k != "ms"} for r in results]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[1, 10])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--think", type=float, default=0.3)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    result = run(tuple(args.tables), args.seconds, args.think, args.quick)
    print_table("Tables for several people, page to page (benchmarks/rooms_pages.py)", result["rows"])


if __name__ == "__main__":
    main()
