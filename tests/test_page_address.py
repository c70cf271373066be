"""What a table's kernel reads of its page's address (``widgets.page_address``): from its
environment when it was started for the page, from Voilà's query socket when it was
pre-heated; nothing, never an error, when nobody answers or the answer is nonsense.

Voilà's socket is played by a tornado server on 127.0.0.1 that answers each connection
once, as ``voila/query/<kernel id>`` does."""

from __future__ import annotations

import asyncio
import json
import threading

import pytest

from widgets import page_address
from widgets.page_address import page_query, query_socket

KERNEL = "0c1d2e3f"


def asked_in_a_thread() -> str:
    """``page_query()`` called as the friends panel calls it, from a thread of its own (this
    process's main thread may hold a running event loop: Playwright's, after a browser test)."""
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(page_query).result(timeout=30)


@pytest.fixture
def voila_socket(monkeypatch):
    """A stand-in for Voilà's query socket on a free port of 127.0.0.1: set ``answers[0]``
    to what it sends (``None``: it closes without a word); the pre-heated kernel's
    environment points at it. Yields ``(answers, paths asked)``."""
    import tornado.httpserver
    import tornado.testing
    import tornado.web
    import tornado.websocket

    answers: list = [json.dumps({"QUERY_STRING": "seat=abc", "SERVER_NAME": "127.0.0.1"})]
    asked: list[str] = []

    class Query(tornado.websocket.WebSocketHandler):
        def open(self, kernel):
            asked.append(self.request.path)
            if answers[0] is not None:
                self.write_message(answers[0])
            self.close()

    listening, port = tornado.testing.bind_unused_port()  # on 127.0.0.1
    ready, holder = threading.Event(), {}

    def serve():
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        server = tornado.httpserver.HTTPServer(tornado.web.Application([(r"/base/voila/query/(.*)", Query)]))
        server.add_sockets([listening])
        holder.update(loop=loop, server=server)
        ready.set()
        loop.run_forever()

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    ready.wait(10)
    for name, value in {"VOILA_PREHEAT": "True", "VOILA_APP_IP": "127.0.0.1", "VOILA_APP_PORT": str(port),
                        "VOILA_SERVER_URL": "/base/", "VOILA_KERNEL_ID": KERNEL}.items():
        monkeypatch.setenv(name, value)
    monkeypatch.delenv("VOILA_WS_BASE_URL", raising=False)
    monkeypatch.delenv("QUERY_STRING", raising=False)
    try:
        yield answers, asked
    finally:
        holder["loop"].call_soon_threadsafe(holder["server"].stop)
        holder["loop"].call_soon_threadsafe(holder["loop"].stop)
        thread.join(10)


def test_a_kernel_started_for_its_page_reads_the_query_from_its_environment(monkeypatch):
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    monkeypatch.setenv("QUERY_STRING", "table=K7Q2")
    assert query_socket() is None and asked_in_a_thread() == "table=K7Q2"
    monkeypatch.setenv("VOILA_PREHEAT", "False")  # Voilà's word for a kernel that was not pre-heated
    assert asked_in_a_thread() == "table=K7Q2"


def test_outside_voila_there_is_no_query(monkeypatch):
    for name in ("VOILA_PREHEAT", "QUERY_STRING"):
        monkeypatch.delenv(name, raising=False)
    assert asked_in_a_thread() == ""


def test_a_pre_heated_kernel_asks_voilas_socket_for_its_page_and_reads_its_query(voila_socket):
    answers, asked = voila_socket
    assert query_socket().endswith(f"/base/voila/query/{KERNEL}")
    assert asked_in_a_thread() == "seat=abc"
    assert asked == [f"/base/voila/query/{KERNEL}"]


@pytest.mark.parametrize("answer", [None, "not json", "[1, 2]", json.dumps({"QUERY_STRING": 7}), json.dumps({})])
def test_an_answer_without_a_query_is_no_query(voila_socket, answer):
    answers, _ = voila_socket
    answers[0] = answer
    assert asked_in_a_thread() == ""


def test_nobody_at_the_socket_is_no_query(monkeypatch):
    import socket

    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    for name, value in {"VOILA_PREHEAT": "True", "VOILA_APP_PORT": str(port), "VOILA_KERNEL_ID": KERNEL}.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setattr(page_address, "CONNECT_TIMEOUT", 2)
    assert asked_in_a_thread() == ""


def test_the_kernel_does_not_load_voila():
    """Reading the address is why a table's kernel once imported Voilà's server (two
    seconds of CPU in every kernel): neither what a table imports nor reading the address
    loads it."""
    import subprocess
    import sys

    code = ("import sys, widgets.friends, widgets.page_address, widgets.express, widgets.bakerstreet, "
            "widgets.cardgame, widgets.picture, widgets.story; widgets.page_address.page_query(); "
            "print('voila' in sys.modules)")
    shown = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert shown.stdout.strip() == "False"
