"""The wire player of the load benchmark (``benchmarks/wire.py``) against the served app:
it speaks the kernel websocket's v1 protocol as jupyter_server reads it, loads Express as
a page does, plays a click and frees its kernel on leaving. No browser is needed."""

from __future__ import annotations

import asyncio
import random
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

from jupyter_server.services.kernels.connection.base import deserialize_msg_from_ws_v1, serialize_msg_to_ws_v1

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

import wire  # noqa: E402


def test_a_frame_is_what_jupyter_server_reads_and_writes():
    msg = wire.message("comm_msg", {"comm_id": "c", "data": {"method": "custom", "content": {"event": "click"}}},
                       "session")
    channel, parts = deserialize_msg_from_ws_v1(wire.pack("shell", msg))
    assert channel == "shell"
    assert parts[3] == b'{"comm_id": "c", "data": {"method": "custom", "content": {"event": "click"}}}'
    frame = serialize_msg_to_ws_v1(msg, "iopub", pack=lambda part: wire.json.dumps(part).encode())
    assert wire.unpack(frame) == ("iopub", {**msg, "buffers": []})


def test_a_wire_player_loads_express_plays_a_click_and_frees_its_kernel(app_url):
    async def one_player():
        player = wire.WirePlayer(app_url, random.Random(0), think=(0.05, 0.1))
        try:
            await player.load()
            if player.result.error is None:
                await player.play(time.monotonic() + 20, clicks=1)
        finally:
            await player.leave()
        return player

    # in a thread of its own: a browser test run before this one may have left Playwright's
    # event loop running in this thread, where asyncio.run refuses to start
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as pool:
        player = pool.submit(asyncio.run, one_player()).result()
    result = player.result
    assert result.error is None
    assert 0 < result.first_byte_s <= result.html_s <= result.to_table_s
    assert player.button and player.alibis and player.header
    assert len(result.alibi_ms) == 1 and result.alibi_ms[0] is not None
    assert result.idle_ms[0] is not None and result.alibi_ms[0] <= result.idle_ms[0]
    # the beacon on leaving shut the kernel down, as the page's does
    try:
        urllib.request.urlopen(f"{app_url}api/kernels/{player.kernel_id}", timeout=10)
        status = 200
    except urllib.error.HTTPError as error:
        status = error.code
    assert status == 404


def _over_the_wire(app_url, play):
    """``play(player)`` (a coroutine function) with a wire player on Express, in a thread
    of its own (a browser test may have left Playwright's loop running in this one); the
    player after it left."""
    async def one_player():
        player = wire.WirePlayer(app_url, random.Random(0), think=(0.05, 0.1))
        try:
            await player.load()
            if player.result.error is None:
                await play(player)
        finally:
            await player.leave()
        return player

    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, one_player()).result()


def test_no_traceback_ever_reaches_the_page_whatever_the_page_sends(app_url):
    """Issue 27: every widget of the table sent values no control would send (a number
    too big, a text where a number goes, an index past the end, a text for a flag); the
    kernel refuses them, and the page is never sent a line to print (no stderr stream, no
    error, no "Traceback"): the detail goes to the server's log (``widgets/kernel_log.py``)."""
    handled = []

    async def attack(player):
        handled.append(await player.hostile(most=300))
        await player.play(time.monotonic() + 20, clicks=1)  # the table still plays after it

    player = _over_the_wire(app_url, attack)
    assert player.result.error is None
    assert handled[0] >= min(300, len(player.states) * len(wire.HOSTILE)) * 0.9
    assert not [text for text in player.printed if "Traceback" in text or text.startswith(("stderr", "error"))], \
        player.printed[:3]
    assert len(player.result.alibi_ms) == 1 and player.result.alibi_ms[0] is not None
