"""The rooms over the network (``sherlockkit.rooms.service``), on a real tornado server on
127.0.0.1 with real websockets: two people and a bot play a case of Beyond Baker Street to
its end, each seat's frames holding its own view only; hostile calls and messages get a
sentence and change nothing; a seat whose socket closes is played by a bot and comes
back with its token; the host saves the table over their socket and reopens it by a call. Every wait is on a message arriving, bounded only to fail."""

from __future__ import annotations

import asyncio
import json
import random
import threading

import pytest
import tornado.httpserver
import tornado.netutil
import tornado.httpclient
import tornado.web
from tornado.httpclient import AsyncHTTPClient, HTTPClientError
from tornado.websocket import websocket_connect

from sherlockkit.games import GAMES
from sherlockkit.rooms import AWAY_AFTER, ENDED, PLAYING
from sherlockkit.rooms.lobby import Lobby
from sherlockkit.rooms.service import RoomService
from sherlockkit.rooms.wire import view_from_json

pytestmark = pytest.mark.table  # a server and its sockets, games played through them: make test

PREFIX = "/sherlockkit/rooms"
WAIT = 20  # seconds a message may take before the test fails


class Server:
    """The service's handlers on a port of 127.0.0.1, for one test."""

    def __init__(self, lobby: Lobby | None = None):
        self.service = RoomService(lobby, bot_pause=0.01, pace=0.01)
        sockets = tornado.netutil.bind_sockets(0, "127.0.0.1")
        self.port = sockets[0].getsockname()[1]
        self.http = tornado.httpserver.HTTPServer(tornado.web.Application(self.service.handlers(PREFIX)))
        self.http.add_sockets(sockets)

    async def call(self, path: str, body, content_type="application/json") -> tuple[int, dict]:
        try:
            response = await AsyncHTTPClient().fetch(
                f"http://127.0.0.1:{self.port}{PREFIX}/{path}", method="POST",
                body=body if isinstance(body, (str, bytes)) else json.dumps(body),
                headers={"Content-Type": content_type})
            return response.code, json.loads(response.body)
        except HTTPClientError as refused:
            return refused.code, json.loads(refused.response.body)

    async def seat(self, token: str) -> "Seat":
        seat = Seat(await websocket_connect(f"ws://127.0.0.1:{self.port}{PREFIX}/socket"))
        if token is not None:
            await seat.send({"token": token})
        return seat

    def close(self):
        self.http.stop()
        self.service.stop()


class Seat:
    """One seat's socket: every frame and refusal it receives, read as they come."""

    def __init__(self, socket):
        self.socket = socket
        self.frames: list[dict] = []
        self.refusals: list[str] = []
        self.saves: list[str] = []
        self.arrived = asyncio.Event()
        self.reader = asyncio.get_running_loop().create_task(self._read())

    async def _read(self):
        while True:
            message = await self.socket.read_message()
            if message is None:
                return
            data = json.loads(message)
            if "refused" in data:
                self.refusals.append(data["refused"])
            elif "save" in data:
                self.saves.append(data["save"])
            else:
                self.frames.append(data)
            self.arrived.set()

    async def send(self, data) -> None:
        await self.socket.write_message(data if isinstance(data, str) else json.dumps(data))

    async def until(self, done) -> None:
        """Wait for messages until ``done()``; fail after :data:`WAIT` seconds."""
        async def waiting():
            while not done():
                self.arrived.clear()
                await self.arrived.wait()
        await asyncio.wait_for(waiting(), WAIT)

    @property
    def last(self) -> dict:
        return self.frames[-1]


def run(test, lobby: Lobby | None = None):
    """Run the coroutine function ``test(server)`` on a fresh loop with a fresh server, in a
    thread of its own: a browser test run before in this process may have left an event
    loop running in this thread (Playwright's), where asyncio refuses to start another."""
    async def main():
        server = Server(lobby)
        try:
            await test(server)
        finally:
            server.close()

    failed: list[BaseException] = []

    def thread():
        try:
            asyncio.run(main())
        except BaseException as error:  # handed to the test's own thread
            failed.append(error)

    worker = threading.Thread(target=thread)
    worker.start()
    worker.join()
    if failed:
        raise failed[0]


def test_two_people_and_a_bot_play_a_case_to_its_end_each_seeing_their_own_view():
    async def test(server: Server):
        status, opened = await server.call("open", {"game": "bakerstreet", "options": {"players": 3}, "name": "Ann"})
        assert status == 200 and set(opened) == {"code", "token"}
        status, joined = await server.call("join", {"code": opened["code"].lower(), "name": "Bob"})
        assert status == 200 and joined["code"] == opened["code"]
        ann, bob = await server.seat(opened["token"]), await server.seat(joined["token"])
        await ann.until(lambda: ann.frames)
        assert ann.last["status"] == "gathering" and ann.last["host"] and ann.last["view"] is None
        await ann.send({"do": "bot", "seat": 2, "level": "random"})
        await ann.send({"do": "start"})
        for seat in (ann, bob):
            await seat.until(lambda: seat.frames and seat.last["status"] == PLAYING)
        assert not bob.last["host"] and [s["kind"] for s in bob.last["seats"]] == ["person", "person", "bot"]
        room = server.service.lobby.room(opened["code"])
        rules = GAMES["bakerstreet"].rules
        rng, seats = random.Random(4), {0: ann, 1: bob}
        while room.status == PLAYING:
            for number, seat in seats.items():  # each frame is its own seat's view, to the last card
                frame = seat.last
                view = view_from_json(frame["view"])
                assert frame["you"] == number and view.player == number and view.hands[number] is None
            mover = room.state.turn
            if mover in seats:
                seat = seats[mover]
                await seat.until(lambda: seat.last["moves"] and seat.last["view"] == _json_view(room, mover))
                moved = len(room.moves)
                await seat.send({"do": "play", "move": rng.choice(seat.last["moves"])})
                await seat.until(lambda: len(room.moves) > moved and seat.last["view"] == _json_view(room, mover))
            else:  # the bot's turn: it moves by itself
                moved = len(room.moves)
                await ann.until(lambda: len(room.moves) > moved or room.status != PLAYING)
        await ann.until(lambda: ann.last["status"] == ENDED)
        await bob.until(lambda: bob.last["status"] == ENDED)
        assert rules.outcome(room.state) is not None and ann.last["moves"] == []
        assert ann.last["reactions"] and all(seat in (0, 1) for seat, _, _ in ann.last["reactions"])
        assert not ann.refusals and not bob.refusals
    run(test)


def _json_view(room, seat: int):
    from sherlockkit.rooms.wire import view_to_json
    return json.loads(json.dumps(view_to_json(room.entry.rules.view(room.state, seat))))


def test_hostile_calls_and_messages_get_a_sentence_and_change_nothing():
    async def test(server: Server):
        for body, content_type, sentence in [
                ({"game": "bakerstreet", "name": "Ann"}, "text/plain", "Content-Type: application/json"),
                ("{not json", "application/json", "not JSON"),
                ("[1, 2]", "application/json", "a JSON object"),
                ({"game": "story", "name": "Ann"}, "application/json", "played alone"),
                ({"game": "bakerstreet", "name": "x" * 5000}, "application/json", "far too long")]:
            status, answer = await server.call("open", body, content_type)
            assert status == 400 and sentence in answer["refused"], answer
        assert len(server.service.lobby) == 0
        status, answer = await server.call("join", {"code": "NOPE1", "name": "Eve"})
        assert status == 400 and "no table with the code" in answer["refused"]
        _, opened = await server.call("open", {"game": "bakerstreet", "options": {"players": 2}, "name": "Ann"})
        _, joined = await server.call("join", {"code": opened["code"], "name": "Bob"})
        room = server.service.lobby.room(opened["code"])
        stranger = await server.seat(None)
        await stranger.send({"token": "forged"})
        await stranger.send("not json at all")
        await stranger.send("x" * 10_000)
        await stranger.until(lambda: len(stranger.refusals) == 3)
        assert "not one of any table's" in stranger.refusals[0] and not stranger.frames
        ann, bob = await server.seat(opened["token"]), await server.seat(joined["token"])
        await bob.send({"do": "start"})
        await bob.until(lambda: bob.refusals)
        assert "Only the host starts" in bob.refusals[-1] and room.status == "gathering"
        await ann.send({"do": "start"})
        await ann.until(lambda: ann.frames and ann.last["status"] == PLAYING)
        mover = room.state.turn
        seats = {0: ann, 1: bob}
        waiting, playing = seats[1 - mover], seats[mover]
        await playing.until(lambda: playing.last["moves"])
        before = (room.state, len(room.notices))
        refused = len(waiting.refusals)
        for message in ({"do": "play", "move": playing.last["moves"][0]},  # the other seat's move
                        {"do": "play", "move": {**playing.last["moves"][0], "player": 1 - mover}},  # out of turn
                        {"do": "play", "move": "Pursue everything"}, {"do": ["play"]}, {"do": "bot", "seat": 0},
                        {"token": opened["token"]}):
            await waiting.send(message)
        await waiting.until(lambda: len(waiting.refusals) == refused + 6)
        assert (room.state, len(room.notices)) == before
        said = waiting.refusals[refused:]
        assert "a move for another seat is not yours" in said[0] and "It is not your turn" in said[1]
        assert all(s[0].isupper() and s.endswith((".", "!", "?")) and "Traceback" not in s for s in said), said
    run(test)


def test_a_seat_whose_socket_closes_is_played_by_a_bot_and_comes_back_with_its_token():
    clock = [0.0]

    async def test(server: Server):
        _, opened = await server.call("open", {"game": "bakerstreet", "options": {"players": 2}, "name": "Ann"})
        _, joined = await server.call("join", {"code": opened["code"], "name": "Bob"})
        room = server.service.lobby.room(opened["code"])
        ann, bob = await server.seat(opened["token"]), await server.seat(joined["token"])
        await ann.send({"do": "start"})
        await bob.until(lambda: bob.frames and bob.last["status"] == PLAYING)
        bob.socket.close()
        await asyncio.wait_for(bob.reader, WAIT)
        clock[0] += AWAY_AFTER + 1
        server.service.tick()  # Ann's socket is open, Bob's is not
        assert room.seats[1].away and not room.seats[0].away
        await ann.until(lambda: any("Bob has not been heard from" in n for n in ann.last["notices"]))
        moved = sum(1 for m in room.moves if m.player == 1)
        while room.status == PLAYING and sum(1 for m in room.moves if m.player == 1) == moved:
            if room.state.turn == 0:  # Ann plays; the bot plays Bob's seat
                await ann.until(lambda: ann.last["moves"] and ann.last["view"] == _json_view(room, 0))
                count = len(room.moves)
                await ann.send({"do": "play", "move": ann.last["moves"][0]})
                await ann.until(lambda: len(room.moves) > count)
            else:
                count = len(room.moves)
                await ann.until(lambda: len(room.moves) > count or room.status != PLAYING)
        back = await server.seat(joined["token"])
        await back.until(lambda: back.frames)
        assert not room.seats[1].away and back.last["you"] == 1
        await ann.until(lambda: "Bob is back in seat 2." in ann.last["notices"])
    run(test, Lobby(lambda: clock[0]))


def test_the_host_saves_over_their_socket_and_reopens_the_table_by_a_call():
    async def test(server: Server):
        _, opened = await server.call("open", {"game": "bakerstreet", "options": {"players": 2}, "name": "Ann"})
        _, joined = await server.call("join", {"code": opened["code"], "name": "Bob"})
        ann, bob = await server.seat(opened["token"]), await server.seat(joined["token"])
        await ann.send({"do": "start"})
        await ann.until(lambda: ann.frames and ann.last["status"] == PLAYING)
        await bob.send({"do": "save"})
        await bob.until(lambda: bob.refusals)
        assert "Only the host saves" in bob.refusals[-1] and not bob.saves
        frames = len(bob.frames)
        await ann.send({"do": "save"})
        await ann.until(lambda: ann.saves)
        text = ann.saves[0]
        assert json.loads(text)["sealed"] and opened["token"] not in text and joined["token"] not in text
        room = server.service.lobby.room(opened["code"])
        state = room.state
        for seat, token in ((ann, opened["token"]), (bob, joined["token"])):
            await seat.send({"do": "leave"})
        await ann.until(lambda: ann.last["status"] == "closed")
        assert len(bob.frames) > frames and not bob.saves  # the save went to the host's socket alone
        status, answer = await server.call("reopen", {"save": text[:-5]})
        assert status == 400 and "not valid JSON" in answer["refused"]
        status, answer = await server.call("reopen", {"save": "x" * 2_000_000})
        assert status == 400 and "far too long" in answer["refused"]
        status, again = await server.call("reopen", {"save": text})
        assert status == 200 and again["code"] != opened["code"]
        host, back = await server.seat(again["token"]), await server.seat(joined["token"])
        await back.until(lambda: back.frames)
        assert back.last["code"] == again["code"] and back.last["you"] == 1 and not back.last["host"]
        assert back.last["view"] == _json_view(server.service.lobby.room(again["code"]), 1)
        assert server.service.lobby.room(again["code"]).state == state
        await host.send({"do": "start"})
        await back.until(lambda: back.last["status"] == PLAYING)
    run(test)


def test_a_service_that_admits_by_token_refuses_everyone_else_with_a_sentence():
    """The hub's rooms (``hub_service``) admit a call or a socket by its token: without one,
    or with one the hub refuses, a sentence and 403, and no room is reached."""
    from sherlockkit.rooms.hub_service import SCOPE, hub_admission

    class Hub:  # what the service asks of JupyterHub's HubAuth: who owns a token, and its scopes
        async def user_for_token(self, token, sync=True):
            return {"good": {"name": "ann", "scopes": [SCOPE]},
                    "narrow": {"name": "eve", "scopes": ["read:users"]}}.get(token)

        def check_scopes(self, required, owner):
            return set(required) <= set(owner["scopes"])

    async def test(server: Server):
        server.service.admit = hub_admission(Hub())
        body = {"game": "bakerstreet", "options": {"players": 2}, "name": "Ann"}
        for headers, sentence in [({}, "with the hub's token"), ({"Authorization": "token nope"}, "does not let"),
                                  ({"Authorization": "token narrow"}, "does not let"),
                                  ({"Authorization": "Basic good"}, "with the hub's token")]:
            try:
                await AsyncHTTPClient().fetch(f"http://127.0.0.1:{server.port}{PREFIX}/open", method="POST",
                                              body=json.dumps(body),
                                              headers={"Content-Type": "application/json", **headers})
                raise AssertionError("admitted")
            except HTTPClientError as refused:
                assert refused.code == 403 and sentence in json.loads(refused.response.body)["refused"]
        assert len(server.service.lobby) == 0
        with pytest.raises(HTTPClientError) as refused:
            await websocket_connect(f"ws://127.0.0.1:{server.port}{PREFIX}/socket")
        assert refused.value.code == 403
        response = await AsyncHTTPClient().fetch(
            f"http://127.0.0.1:{server.port}{PREFIX}/open", method="POST", body=json.dumps(body),
            headers={"Content-Type": "application/json", "Authorization": "token good"})
        opened = json.loads(response.body)
        socket = await websocket_connect(tornado.httpclient.HTTPRequest(
            f"ws://127.0.0.1:{server.port}{PREFIX}/socket", headers={"Authorization": "token good"}))
        seat = Seat(socket)
        await seat.send({"token": opened["token"]})
        await seat.until(lambda: seat.frames)
        assert seat.last["code"] == opened["code"]
    run(test)
