"""The rooms over the network: tornado handlers holding one server's lobby, for the app's
Voilà server and for the hub's service alike (issue 30).

Three plain JSON calls open a room, join one, and reopen one from its host's save; everything else goes over a websocket
each seat opens with its token (the first message: ``{"token": ...}``). Over it the seat
sends what it does -- ``{"do": "play", "move": {...}}``, ``"start"``, ``"again"``, ``"bot"`` (with
``seat`` and, if wished, ``level``), ``"open"`` (with ``seat``), ``"leave"``, ``"look"``, ``"save"`` (the host's:
``{"save": text}`` comes back on that socket alone) -- and receives, after every change of its room, a *frame* made for it alone
(:meth:`RoomService.frame`): the room (seats, notices, status) and its own view, with
the moves it may make. A refused call gets ``{"refused": "<sentence>"}`` on that socket
only, and changes nothing.

The bots of a room think away from the server's loop (a thread); the quickest waits its
thinking time (its game's pace: a Sherlock Express bot's reaction time), and its move is
played only if the table has not moved meanwhile: moves are decided in the order the
server receives them, a person's slap against a bot's. A seat whose socket
is open is there; one without for :data:`~sherlockkit.rooms.room.AWAY_AFTER` seconds is
away, and a bot plays it until it is back.

Where the rooms serve several servers (the hub's service, ``hub_service.py``), every call
and socket is first *admitted* (``admit``: the hub's check of the caller's token); one
not admitted gets its sentence with status 403 and reaches no room.

Nothing here trusts the page: a body or a message that is not the JSON expected, a token
that is not a seat's, a move of another seat -- each is a sentence. The websocket keeps
tornado's own check of the page's origin (a page of another site cannot open one), and
the two calls take only ``application/json`` (which another site's page cannot send
without the server's leave).
"""

from __future__ import annotations

import asyncio
import json
import logging
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Awaitable, Callable

import tornado.web
import tornado.websocket
from tornado.ioloop import PeriodicCallback

from sherlockkit import engine
from sherlockkit.engine import action_to_json
from sherlockkit.rooms import saved
from sherlockkit.rooms.lobby import Lobby
from sherlockkit.rooms.room import ENDED, PLAYING, Room, RoomError
from sherlockkit.rooms.wire import view_to_json

log = logging.getLogger("sherlockkit.rooms")

#: seconds a bot seems to think before its move
BOT_PAUSE = 0.7
#: how often (seconds) the rooms look at the clock
TICK = 1.0
#: the newest notices a frame carries
NOTICES_SHOWN = 30
#: the largest message or body a seat may send (a move is a few hundred bytes)
MOST_BYTES = 4096
#: the largest body of a call to reopen a table (a save of a long game: tens of kB)
MOST_SAVE_BYTES = 1_100_000


class RoomService:
    """The lobby of one server, the seats' open sockets, and the bots' thinking."""

    def __init__(self, lobby: Lobby | None = None, bot_pause: float = BOT_PAUSE, pace: float = 1.0,
                 admit: Callable[[Any], Awaitable[None]] | None = None):
        self.lobby = lobby if lobby is not None else Lobby()
        #: who may call: ``await admit(request)`` raises ``RoomError`` (a sentence) for a
        #: caller refused; ``None``: every caller the server itself lets through
        self.admit = admit
        self.bot_pause = bot_pause
        self.pace = pace  # 1: the bots' own pace; less, quicker (tests)
        self._sockets: dict[str, set[SeatSocket]] = {}
        self._driving: set[str] = set()
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="room-bots")
        self._ticker: PeriodicCallback | None = None

    def handlers(self, prefix: str) -> list[tuple]:
        """The routes under ``prefix`` (``/sherlockkit/rooms``): ``/open``, ``/join``, ``/reopen``, ``/socket``."""
        here = {"service": self}
        return [(f"{prefix}/open", OpenHandler, here), (f"{prefix}/join", JoinHandler, here),
                (f"{prefix}/reopen", ReopenHandler, here), (f"{prefix}/socket", SeatSocket, here)]

    def start(self) -> None:
        """Look at the clock every :data:`TICK` seconds (call on the server's loop)."""
        if self._ticker is None:
            self._ticker = PeriodicCallback(self.tick, TICK * 1000)
            self._ticker.start()

    def stop(self) -> None:
        if self._ticker is not None:
            self._ticker.stop()
            self._ticker = None
        self._pool.shutdown(wait=False, cancel_futures=True)

    def tick(self) -> None:
        """Every seat with an open socket is there; the rooms look at the clock; a room
        whose people went away is told so."""
        for sockets in list(self._sockets.values()):
            for socket in list(sockets):
                try:
                    socket.room.heard(socket.token)
                except RoomError:
                    pass
        before = {code: (room.status, len(room.notices)) for code, room in self._rooms()}
        self.lobby.tick()
        for code, room in self._rooms():
            if before.get(code) != (room.status, len(room.notices)):
                self.changed(room)

    # --- frames ------------------------------------------------------------------------

    def frame(self, room: Room, token: str) -> dict:
        """What the seat of ``token`` is sent: the room as everyone sees it, and its own
        view and moves (nothing of any other seat's hidden cards)."""
        seat = room.seat_of(token).number
        view, moves = room.shown(token)
        return {"code": room.code, "game": room.entry.id, "title": room.entry.title, "status": room.status,
                "you": seat, "host": token == room.host_token, "seats": room.seats_shown(),
                "notices": room.notices[-NOTICES_SHOWN:],
                "options": room.options,
                "view": None if view is None else view_to_json(view),
                "outcome": None if room.state is None else view_to_json(room.entry.rules.outcome(room.state)),
                "moves": [action_to_json(m) for m in moves],
                "reactions": [list(r) for r in room.reactions] if room.status == ENDED else []}

    def changed(self, room: Room) -> None:
        """Send every open seat of ``room`` its frame; let the bots think if they may move."""
        for socket in list(self._sockets.get(room.code, ())):
            socket.send_frame()
        if room.status == PLAYING and room.code not in self._driving and room.bots_now():
            self._driving.add(room.code)
            asyncio.get_running_loop().create_task(self._drive(room))

    async def _drive(self, room: Room) -> None:
        """Bots' moves, one at a time, while any would move: each bot looks at the table
        (thinking in a thread), the quickest waits its thinking time, and its move is
        played if the table has not moved meanwhile (else they look again)."""
        try:
            while room.status == PLAYING and room.bots_now():
                state, bots = room.state, room.bots_now()
                proposals = await asyncio.get_running_loop().run_in_executor(
                    self._pool, engine.proposals, room.entry.rules, state, bots)
                if not proposals:
                    if room.state is state:  # no bot would move: the people's turn
                        break
                    continue
                delays = {seat: self.thinking_time(room, bots[seat], move) for seat, move in proposals.items()}
                seat = min(delays, key=delays.get)
                await asyncio.sleep(delays[seat])
                try:
                    played = room.play_bot(proposals[seat], state)
                except RoomError:  # the move could not be written down: look again in a moment
                    log.warning("a bot's move at room %s could not be made", room.code)
                    await asyncio.sleep(1.0)
                    continue
                if played is None:  # a person was quicker: look again
                    continue
                for socket in list(self._sockets.get(room.code, ())):
                    socket.send_frame()
        except Exception:  # a bot's failure is the server's log's business, never a page's
            log.exception("the bots of room %s stopped", room.code)
        finally:
            self._driving.discard(room.code)

    def thinking_time(self, room: Room, bot: Any, move: Any) -> float:
        """Seconds ``bot`` seems to think before ``move``: its game's own pace where the
        game's bots have one (``thinking_time``: Sherlock Express's reaction times), else
        :attr:`bot_pause`; times :attr:`pace`."""
        timing = getattr(room.entry.bots, "thinking_time", None)
        return self.pace * (timing(bot, move) if timing is not None else self.bot_pause)

    def _rooms(self) -> list[tuple[str, Room]]:
        return [(code, self.lobby.room(code)) for code in self.lobby.codes()]

    def seated(self, socket: SeatSocket) -> None:
        self._sockets.setdefault(socket.room.code, set()).add(socket)

    def gone(self, socket: SeatSocket) -> None:
        sockets = self._sockets.get(socket.room.code, set())
        sockets.discard(socket)
        if not sockets:
            self._sockets.pop(socket.room.code, None)


def _json_body(handler: tornado.web.RequestHandler, most_bytes: int = MOST_BYTES) -> dict:
    """The request's JSON object; ``RoomError`` (a sentence) for anything else."""
    if handler.request.headers.get("Content-Type", "").split(";")[0].strip() != "application/json":
        raise RoomError("Send the table a JSON object (Content-Type: application/json).")
    if len(handler.request.body) > most_bytes:
        raise RoomError("That is far too long for a call to a table.")
    try:
        data = json.loads(handler.request.body)
    except ValueError:
        raise RoomError("That is not JSON.") from None
    if not isinstance(data, dict):
        raise RoomError("Send the table a JSON object.")
    return data


async def _admitted(handler: tornado.web.RequestHandler, service: RoomService) -> None:
    """Let the request go on if the service admits its caller; else answer it with the
    sentence (status 403): a request finished in ``prepare`` goes no further."""
    if service.admit is None:
        return
    try:
        await service.admit(handler.request)
    except RoomError as refused:
        handler.set_status(403)
        handler.set_header("Cache-Control", "no-store")
        handler.finish({"refused": str(refused)})


class _CallHandler(tornado.web.RequestHandler):
    """A plain JSON call: the answer, or ``{"refused": sentence}`` with status 400."""

    most_bytes = MOST_BYTES

    def initialize(self, service: RoomService):
        self.service = service

    async def prepare(self):
        await _admitted(self, self.service)

    def check_xsrf_cookie(self):  # JSON only (see the module's text): no form can post here
        pass

    def post(self):
        self.set_header("Cache-Control", "no-store")
        try:
            self.write(self.answer(_json_body(self, self.most_bytes)))
        except RoomError as refused:
            self.set_status(400)
            self.write({"refused": str(refused)})

    def answer(self, data: dict) -> dict:
        raise NotImplementedError


class OpenHandler(_CallHandler):
    """POST ``{"game", "options", "name"}``: a new room; ``{"code", "token"}``."""

    def answer(self, data):
        room, token = self.service.lobby.open(data.get("game"), data.get("options", {}), data.get("name"))
        return {"code": room.code, "token": token}


class JoinHandler(_CallHandler):
    """POST ``{"code", "name"}``: a seat at the room of that code; ``{"code", "token"}``."""

    def answer(self, data):
        room, token = self.service.lobby.join(data.get("code"), data.get("name"))
        self.service.changed(room)
        return {"code": room.code, "token": token}


class ReopenHandler(_CallHandler):
    """POST ``{"save"}``: the table of a host's save reopened (``saved.py``), its caller
    the host; ``{"code", "token"}``."""

    most_bytes = MOST_SAVE_BYTES

    def answer(self, data):
        room, token = self.service.lobby.reopen(data.get("save"))
        return {"code": room.code, "token": token}


#: what a seat may send, ``{"do": name, ...}``, and the room's call each makes (``"look"``
#: besides: the seat's frame again)
CALLS = {
    "play": lambda room, token, data: room.play(token, data.get("move")),
    "start": lambda room, token, data: room.start(token),
    "again": lambda room, token, data: room.again(token),
    "bot": lambda room, token, data: room.give_to_bot(token, data.get("seat"), data.get("level")),
    "open": lambda room, token, data: room.open_seat(token, data.get("seat")),
    "leave": lambda room, token, data: room.leave(token),
}


class SeatSocket(tornado.websocket.WebSocketHandler):
    """One seat's socket: its token first, then what it does (see the module's text)."""

    def initialize(self, service: RoomService):
        self.service = service
        self.room: Room | None = None
        self.token: str | None = None

    async def prepare(self):  # a caller not admitted gets the sentence, and no socket
        await _admitted(self, self.service)

    def get_compression_options(self):
        return {}  # frames repeat a lot of text: compressed, a view is a few kB

    async def on_message(self, message):
        try:
            data = json.loads(message) if isinstance(message, str) and len(message) <= MOST_BYTES else None
        except ValueError:
            data = None
        if not isinstance(data, dict):
            self._refuse("Send the table a JSON object of at most a few thousand characters.")
            return
        try:
            if self.room is None:
                self._sit(data.get("token"))
            else:
                self._do(data)
        except RoomError as refused:
            self._refuse(str(refused))

    def _sit(self, token: Any) -> None:
        room = self.service.lobby.room_of(token)
        self.room, self.token = room, token
        self.service.seated(self)
        room.heard(token)
        self.service.changed(room)

    def _do(self, data: dict) -> None:
        do = data.get("do")
        if do == "look":
            self.room.heard(self.token)
            self.send_frame()
            return
        if do == "save":  # the host's alone, on this socket alone: nothing changes
            self.write_message(json.dumps({"save": saved.save_table(self.room, self.token)}))
            return
        call = CALLS.get(do) if isinstance(do, str) else None
        if call is None:
            raise RoomError("A seat may play, start, deal again, give a seat to a bot, open a seat, leave, look "
                            "or save.")
        call(self.room, self.token, data)
        self.service.changed(self.room)

    def send_frame(self) -> None:
        try:
            self.write_message(json.dumps(self.service.frame(self.room, self.token)))
        except RoomError:  # the seat is no longer this token's (it left before the game)
            self.close()
        except tornado.websocket.WebSocketClosedError:
            self.service.gone(self)

    def _refuse(self, sentence: str) -> None:
        try:
            self.write_message(json.dumps({"refused": sentence}))
        except tornado.websocket.WebSocketClosedError:
            pass

    def on_close(self):
        if self.room is not None:
            self.service.gone(self)
