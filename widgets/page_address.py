"""The query of the address a page came by (``?table=CODE``, ``?seat=TOKEN``), read in the
page's kernel.

Voilà tells a kernel the address of its page in two ways. A kernel started for the page
has it in its environment (``QUERY_STRING``) from the start. A pre-heated kernel
(``VOILA_PREHEAT``) was started before any page asked for it: it learns the address when
a page takes it, by asking Voilà's socket ``voila/query/<kernel id>``, which answers once,
with the page's request as JSON. This is what ``voila.utils.get_query_string`` does,
written out with tornado's websocket client: importing ``voila.utils`` in a kernel loads
Voilà's whole server (about two seconds of CPU in every table's kernel, for one message).
"""

from __future__ import annotations

import asyncio
import json
import os

from tornado.websocket import websocket_connect

#: how long a pre-heated kernel waits for Voilà's socket to answer the connection (seconds)
CONNECT_TIMEOUT = 5


def query_socket() -> str | None:
    """The address of the socket where this pre-heated kernel learns its page's request,
    built as Voilà builds it from what it put in the kernel's environment; ``None`` for a
    kernel that was not pre-heated (its page's query is already in its environment)."""
    if os.getenv("VOILA_PREHEAT", "False") == "False":
        return None
    protocol = os.getenv("VOILA_WS_PROTOCOL", "ws")
    server_ip = os.getenv("VOILA_APP_IP", "127.0.0.1")
    server_port = os.getenv("VOILA_APP_PORT", "8866")
    base = os.getenv("VOILA_WS_BASE_URL", os.getenv("VOILA_SERVER_URL", "/"))
    return f"{protocol}://{server_ip}:{server_port}{base}voila/query/{os.getenv('VOILA_KERNEL_ID')}"


async def _first_message(url: str) -> str | None:
    """The first message Voilà's socket at ``url`` sends (``None``: it closed without one)."""
    connection = await websocket_connect(url, connect_timeout=CONNECT_TIMEOUT)
    try:
        return await connection.read_message()
    finally:
        connection.close()


def page_query() -> str:
    """The query of the page's address (without ``?``; ``""`` when it has none, or when no
    Voilà page took this kernel: a notebook, a test). A pre-heated kernel waits here until
    a page takes it: call it from a thread of its own."""
    url = query_socket()
    if url is None:
        return os.getenv("QUERY_STRING", "")
    try:
        answer = asyncio.run(_first_message(url))
        request = json.loads(answer) if answer else {}
    except Exception:  # refused, timed out, closed, not JSON: no address heard, as with none
        return ""
    query = request.get("QUERY_STRING", "") if isinstance(request, dict) else ""
    return query if isinstance(query, str) else ""
