"""A wire player: a player of the Express dashboard who does on the network what the
Voilà page does for them, without a browser to render it.

Chromium pages on the machine under test spend its cores drawing (at N=20 the test
browsers used 1.4 of the 2 cores), while real players bring their own machines. A wire
player costs the server exactly what such a player costs it, and this machine almost
nothing:

1. it GETs ``/voila/render/express.ipynb`` with a browser's headers, reads the streamed
   HTML to the end, takes the kernel id from ``<script id="jupyter-config-data">`` and
   fetches the files the page fetches: ``files``, the list a Chromium page fetched (about
   95 scripts, styles and a font, ~5 MB: ``load.py`` records it once per server), over at
   most six connections as Chromium does, or without that list only those the HTML names;
   then ``GET /api/kernels/<id>``, as the page does before it connects;
2. it opens the kernel websocket with the page's subprotocol
   (``v1.kernel.websocket.jupyter.org``, binary frames) and asks for the kernel's info;
3. it asks for every widget's state as ipywidgets 8's page does (a
   ``jupyter.widget.control`` comm and ``request_states``, the comm closed once they have
   come), then follows the kernel's ``update``, ``comm_open`` and ``comm_close`` messages;
4. it plays like a person: when "Turn up my alibi" (the button with the ``sk-reveal``
   class) is enabled it waits 0.3-1.2 s, sends the click the page sends, and times it;
5. it leaves as the page does: the ``beforeunload`` beacon that shuts its kernel down.

Timed, from this player's side of the network:

* ``first_byte_s``: GET to the first byte of HTML (how long a player looks at nothing);
* ``to_table_s``: GET until the page's cell output has arrived and the widget states
  are known (what the page needs to draw the table);
* per click, ``alibi_ms``: the click sent to the first ``update`` that adds a card to your
  alibi row (seat 0), what a player sees change, and ``idle_ms``: to the kernel's
  ``status: idle`` for that click (the kernel is done with it).
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import time
import uuid
from dataclasses import dataclass, field

import httpx
import websockets

EXPRESS_PAGE = "voila/render/express.ipynb"
PROTOCOL = "v1.kernel.websocket.jupyter.org"
CONTROL_TARGET = "jupyter.widget.control"
THINK = (0.3, 1.2)  # seconds a person looks at the table before clicking
CLICK_TIMEOUT = 10.0  # seconds for a click to be answered; past it the click is lost
LOAD_TIMEOUT = 90.0  # seconds for the page and the widget states
# what Chromium sends for a page (its user agent names the engine, not a person)
BROWSER_HEADERS = {
    "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) "
                  "Chrome/131.0.0.0 Safari/537.36 sherlockkit-wire-player",
    "Accept": "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8",
    "Accept-Language": "en-GB,en;q=0.9",
    "Accept-Encoding": "gzip, deflate",
    "Upgrade-Insecure-Requests": "1",
}
CONFIG = re.compile(r'<script id="jupyter-config-data" type="application/json">\s*(\{.*?\})\s*</script>', re.S)
CELL_OUTPUT = "application/vnd.voila.cell-output+json"
ASSET = re.compile(r'<(?:script[^>]*\bsrc|link[^>]*\bhref)="(/[^"]+)"')
ALIBI_ROW = re.compile(r"<div class='sk-alibis' data-seat='0'>(.*?)</div>", re.S)
ALIBI_CARD = re.compile(r"class=['\"]sk-alibi['\"]")


# --- the kernel websocket's v1 protocol ---------------------------------------------------

def pack(channel: str, msg: dict) -> bytes:
    """A message as the page sends it: offsets, then channel, header, parent header,
    metadata and content (JSON), little-endian 64-bit offsets (jupyter_server's v1)."""
    parts = [json.dumps(msg[k]).encode() for k in ("header", "parent_header", "metadata", "content")]
    parts = [channel.encode(), *parts, *msg.get("buffers", [])]
    offsets = [8 * (1 + len(parts) + 1)]
    for part in parts:
        offsets.append(offsets[-1] + len(part))
    head = len(offsets).to_bytes(8, "little") + b"".join(o.to_bytes(8, "little") for o in offsets)
    return head + b"".join(parts)


def unpack(frame: bytes) -> tuple[str, dict]:
    """The channel and the message (header, parent_header, metadata, content, buffers)
    of a frame the server sends."""
    count = int.from_bytes(frame[:8], "little")
    offsets = [int.from_bytes(frame[8 * (i + 1):8 * (i + 2)], "little") for i in range(count)]
    parts = [frame[offsets[i]:offsets[i + 1]] for i in range(count - 1)]
    channel = parts[0].decode()
    msg = {k: json.loads(part) for k, part in zip(("header", "parent_header", "metadata", "content"), parts[1:5])}
    msg["buffers"] = parts[5:]
    return channel, msg


def message(msg_type: str, content: dict, session: str, metadata: dict | None = None) -> dict:
    """A new message of the page's session, as @jupyterlab/services writes it."""
    header = {"msg_id": str(uuid.uuid4()), "msg_type": msg_type, "username": "", "session": session,
              "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "version": "5.2"}
    return {"header": header, "parent_header": {}, "metadata": metadata or {}, "content": content, "buffers": []}


#: changes of state no page would send: a value out of range or of the wrong type, an
#: index past the end, a text where a flag goes
HOSTILE = ({"value": 10**30}, {"value": "not a value"}, {"index": 9999}, {"disabled": "yes"},
           {"description": 12}, {"value": ["a", 1, None]})


# --- the player ------------------------------------------------------------------------------

@dataclass
class WireResult:
    """What one wire player saw (times in seconds from its GET, clicks in ms)."""
    first_byte_s: float | None = None
    html_s: float | None = None
    to_table_s: float | None = None
    error: str | None = None
    alibi_ms: list = field(default_factory=list)  # None: the click changed nothing in time
    idle_ms: list = field(default_factory=list)
    over: bool = False


class WirePlayer:
    """One player at ``base`` (``http://127.0.0.1:PORT/``): load, play, leave."""

    def __init__(self, base: str, rng: random.Random, think: tuple = THINK, files: tuple = ()):
        self.base, self.rng, self.think, self.files = base, rng, think, tuple(files)
        self.result = WireResult()
        self.session = str(uuid.uuid4())
        self.kernel_id: str | None = None
        self.states: dict[str, dict] = {}  # model id -> the widget's state, kept up to date
        self.button: str | None = None  # "Turn up my alibi"
        self.alibis: str | None = None  # the alibi rows (an HTML widget)
        self.header: str | None = None  # says "Game over" at the end
        self.changed = asyncio.Event()
        self.http: httpx.AsyncClient | None = None
        self.ws = None
        self.reader: asyncio.Task | None = None
        self._control_id: str | None = None  # the control comm, while the states are asked for
        self._control_reply: asyncio.Future | None = None
        self._click: dict | None = None  # the click in flight: msg id, start, alibi cards before
        self.printed: list[str] = []  # what the kernel sent the page to print (stderr, stdout, errors)
        self._idle: dict[str, asyncio.Event] = {}  # msg id -> set once the kernel is idle after it

    # --- loading ------------------------------------------------------------------------

    async def load(self) -> None:
        """Open the page like a browser; ``result`` says how long it took or why it failed."""
        start = time.perf_counter()
        try:
            await asyncio.wait_for(self._load(start), LOAD_TIMEOUT)
            self.result.to_table_s = time.perf_counter() - start
        except Exception as exc:  # a timeout, a refused socket, a page without its table
            self.result.error = self.result.error or f"{type(exc).__name__}: {str(exc)[:120]}"

    async def _load(self, start: float) -> None:
        port_host = self.base.split("//", 1)[1].rstrip("/")
        # Chromium opens at most six connections to one host
        self.http = httpx.AsyncClient(headers=BROWSER_HEADERS, timeout=LOAD_TIMEOUT,
                                      limits=httpx.Limits(max_connections=6))
        chunks = []
        async with self.http.stream("GET", self.base + EXPRESS_PAGE) as response:
            response.raise_for_status()
            async for chunk in response.aiter_text():
                if self.result.first_byte_s is None and chunk:
                    self.result.first_byte_s = time.perf_counter() - start
                chunks.append(chunk)
        page = "".join(chunks)
        self.result.html_s = time.perf_counter() - start
        if CELL_OUTPUT not in page or "application/vnd.jupyter.widget-view+json" not in page:
            self.result.error = "silent: the page came without the table's output"
            raise RuntimeError(self.result.error)
        config = CONFIG.search(page)
        self.kernel_id = json.loads(config.group(1))["kernelId"]
        files = self.files or tuple(dict.fromkeys(ASSET.findall(page)))
        await asyncio.gather(*(self._asset(path) for path in files))
        await self._asset(f"/api/kernels/{self.kernel_id}?{int(time.time() * 1000)}")
        cookies = "; ".join(f"{k}={v}" for k, v in self.http.cookies.items())
        url = (f"ws://{port_host}/api/kernels/{self.kernel_id}/channels?session_id={self.session}")
        self.ws = await websockets.connect(
            url, subprotocols=[PROTOCOL], compression=None, max_size=None, open_timeout=LOAD_TIMEOUT,
            origin=self.base.rstrip("/"), user_agent_header=BROWSER_HEADERS["User-Agent"],
            additional_headers={"Cookie": cookies} if cookies else None)
        self.reader = asyncio.create_task(self._read())
        await self._send(message("kernel_info_request", {}, self.session))
        await self._load_states()
        self._find_widgets()

    async def _asset(self, path: str) -> None:
        """A file the page fetches (a script, a style sheet, a font), read to the end."""
        response = await self.http.get(self.base.rstrip("/") + path)
        response.raise_for_status()

    async def _load_states(self) -> None:
        """Every widget's state, by the control comm of ipywidgets 8."""
        comm_id = str(uuid.uuid4())
        self._control_reply = asyncio.get_running_loop().create_future()
        self._control_id = comm_id
        await self._send(message("comm_open", {"comm_id": comm_id, "target_name": CONTROL_TARGET, "data": {}},
                                 self.session, {"version": "1.0.0"}))
        await self._send(message("comm_msg", {"comm_id": comm_id, "data": {"method": "request_states"}},
                                 self.session))
        # each entry is {model_name, model_module, ..., state}: the state is what is drawn
        reply = await self._control_reply
        await self._send(message("comm_close", {"comm_id": comm_id, "data": {}}, self.session))
        self.states.update({model_id: dict(entry.get("state", {})) for model_id, entry in reply.items()})

    def _find_widgets(self) -> None:
        """The model ids of the reveal button, the alibi rows and the header."""
        for model_id, state in self.states.items():
            classes = state.get("_dom_classes", ())
            if "sk-reveal" in classes:
                self.button = model_id
            elif "sk-alibis-box" in classes:  # the rows as one widget (before issue 11)
                self.alibis = model_id
            elif "sk-alibi-row" in classes and ALIBI_ROW.search(state.get("value", "")):
                self.alibis = model_id  # your own row, a widget of its own
            elif "sk-head" in classes:
                self.header = model_id
        if self.button is None or self.alibis is None:
            self.result.error = "silent: the widget states hold no Express table"
            raise RuntimeError(self.result.error)

    # --- the kernel's messages ------------------------------------------------------------

    async def _send(self, msg: dict, channel: str = "shell") -> None:
        await self.ws.send(pack(channel, msg))

    async def _read(self) -> None:
        """Apply every message the kernel sends to the widget states; time the click."""
        try:
            async for frame in self.ws:
                if isinstance(frame, bytes):
                    self._receive(*unpack(frame))
        except websockets.ConnectionClosed:
            pass
        finally:
            self.changed.set()

    def _receive(self, channel: str, msg: dict) -> None:
        kind, content = msg["header"]["msg_type"], msg["content"]
        now = time.perf_counter()
        if kind == "stream":
            self.printed.append(f"{content.get('name')}: {content.get('text', '')}")
        elif kind == "error":
            self.printed.append("error: " + "\n".join(content.get("traceback", [])))
        elif kind == "status" and content.get("execution_state") == "idle":
            waiting = self._idle.get(msg["parent_header"].get("msg_id"))
            if waiting is not None:
                waiting.set()
        click = self._click
        if kind == "status" and click and msg["parent_header"].get("msg_id") == click["msg_id"]:
            if content.get("execution_state") == "idle" and click["idle_ms"] is None:
                click["idle_ms"] = (now - click["t0"]) * 1000
                self.changed.set()
            return
        if kind == "comm_open":
            data = content.get("data", {})
            self.states[content["comm_id"]] = dict(data.get("state", {}))
        elif kind == "comm_close":
            self.states.pop(content.get("comm_id"), None)
        elif kind == "comm_msg":
            comm_id, data = content.get("comm_id"), content.get("data", {})
            method = data.get("method")
            if comm_id == self._control_id:
                if method == "update_states" and self._control_reply and not self._control_reply.done():
                    self._control_reply.set_result(data.get("states", {}))
                return
            if method in ("update", "echo_update") and comm_id in self.states:
                self.states[comm_id].update(data.get("state", {}))
                if click and comm_id == self.alibis and click["alibi_ms"] is None \
                        and self.alibi_cards() > click["cards"]:
                    click["alibi_ms"] = (now - click["t0"]) * 1000
            else:
                return
        else:
            return
        self.changed.set()

    # --- what the table shows ---------------------------------------------------------------

    def alibi_cards(self) -> int:
        """The alibi cards face up in your row (seat 0), as the page would draw them."""
        row = ALIBI_ROW.search(self.states.get(self.alibis, {}).get("value", ""))
        return len(ALIBI_CARD.findall(row.group(1))) if row else 0

    def my_turn(self) -> bool:
        return not self.states.get(self.button, {}).get("disabled", True)

    def game_over(self) -> bool:
        return "Game over" in self.states.get(self.header, {}).get("value", "")

    # --- playing ----------------------------------------------------------------------------

    async def play(self, until: float, clicks: int | None = None) -> None:
        """Turn up your alibi whenever it is your turn, until the game ends, ``until``
        (``time.monotonic``) or, if given, that many ``clicks``; each click's times go to
        ``result``."""
        while time.monotonic() < until and self.ws is not None and self.reader and not self.reader.done():
            if clicks is not None and len(self.result.alibi_ms) >= clicks:
                return
            if self.game_over():
                self.result.over = True
                return
            if self.my_turn():
                await asyncio.sleep(self.rng.uniform(*self.think))
                if self.my_turn() and not self.game_over():
                    await self.click()
                continue
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), max(0.01, until - time.monotonic()))
            except asyncio.TimeoutError:
                return

    async def click(self) -> None:
        """Click "Turn up my alibi" as the page does, and wait for the kernel's answer."""
        msg = message("comm_msg", {"comm_id": self.button,
                                   "data": {"method": "custom", "content": {"event": "click"}}},
                      self.session)
        self._click = {"msg_id": msg["header"]["msg_id"], "cards": self.alibi_cards(),
                       "alibi_ms": None, "idle_ms": None, "t0": time.perf_counter()}
        await self._send(msg)
        deadline = time.monotonic() + CLICK_TIMEOUT
        click = self._click
        # the kernel's idle for the click comes after every update the click made
        while click["idle_ms"] is None and time.monotonic() < deadline and not self.reader.done():
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), max(0.01, deadline - time.monotonic()))
            except asyncio.TimeoutError:
                break
        self._click = None
        self.result.alibi_ms.append(click["alibi_ms"])
        self.result.idle_ms.append(click["idle_ms"])

    async def send_and_wait(self, msg: dict, timeout: float = CLICK_TIMEOUT) -> bool:
        """Send ``msg`` and wait until the kernel has handled it (idle after it): whether it
        did within ``timeout`` seconds."""
        done = self._idle[msg["header"]["msg_id"]] = asyncio.Event()
        await self._send(msg)
        try:
            await asyncio.wait_for(done.wait(), timeout)
            return True
        except asyncio.TimeoutError:
            return False
        finally:
            self._idle.pop(msg["header"]["msg_id"], None)

    async def hostile(self, payloads: tuple = HOSTILE, most: int = 400) -> int:
        """Send every widget of the page each of ``payloads`` as a change of its state
        (values no control of the page would ever send), at most ``most`` messages, each
        waited for: how many the kernel handled."""
        handled = 0
        for model_id in list(self.states):
            for payload in payloads:
                if handled >= most:
                    return handled
                msg = message("comm_msg", {"comm_id": model_id, "data": {"method": "update", "state": payload,
                                                                        "buffer_paths": []}}, self.session)
                handled += await self.send_and_wait(msg, timeout=10)
        return handled

    # --- leaving ------------------------------------------------------------------------------

    async def leave(self) -> None:
        """Close the page: the beacon that shuts the kernel down, then the sockets."""
        try:
            if self.kernel_id and self.http is not None:
                xsrf = self.http.cookies.get("_xsrf", "")
                await self.http.post(f"{self.base}voila/api/shutdown/{self.kernel_id}",
                                     files={"_xsrf": (None, xsrf)}, timeout=10)
        except Exception:  # the server may be gone already: nothing left to free
            pass
        if self.ws is not None:
            await self.ws.close()
        if self.reader is not None:
            self.reader.cancel()
        if self.http is not None:
            await self.http.aclose()


async def demo(base: str, play_seconds: float, seed: int = 0) -> WireResult:
    """One wire player on a running app: load, play ``play_seconds``, leave."""
    player = WirePlayer(base, random.Random(seed))
    try:
        await player.load()
        if player.result.error is None:
            await player.play(time.monotonic() + play_seconds)
    finally:
        await player.leave()
    return player.result


if __name__ == "__main__":
    import sys

    print(asyncio.run(demo(sys.argv[1], float(sys.argv[2]) if len(sys.argv) > 2 else 20.0)))
