"""A seat of a table for several people, as this kernel holds it: the line to the
rooms' server (:class:`RoomLink`) and what the game's table widget reads
(:class:`FriendsSession`): the frame the server sent for your seat, and moves sent back.
No state of the game is here (``widgets.friends`` says the rest)."""

from __future__ import annotations

import json
import os
from typing import Any, Callable

from tornado.httpclient import AsyncHTTPClient, HTTPRequest
from tornado.websocket import websocket_connect

from sherlockkit.engine import action_to_json
from sherlockkit.games import GAMES
from sherlockkit.rooms.room import RoomError
from sherlockkit.rooms.wire import view_from_json


#: the token of this kernel's server under JupyterHub (the hub gives it to the server, and
#: the server to its kernels; a page never sees it): what the hub's rooms admit
HUB_TOKEN = "JUPYTERHUB_API_TOKEN"


class RoomLink:
    """This kernel's line to the rooms of the server at ``address``
    (``http://127.0.0.1:PORT/sherlockkit/rooms``, or the hub's rooms service): the calls,
    and a seat's socket; under JupyterHub each carries the server's hub token."""

    def __init__(self, address: str):
        self.address = address.rstrip("/")
        self.socket = None
        token = os.environ.get(HUB_TOKEN)
        self.headers = {"Authorization": f"token {token}"} if token else {}

    async def call(self, what: str, body: dict) -> dict:
        """The answer of ``/open``, ``/join`` or ``/reopen``; ``RoomError`` with the server's sentence."""
        response = await AsyncHTTPClient().fetch(
            f"{self.address}/{what}", method="POST", body=json.dumps(body), raise_error=False,
            headers={"Content-Type": "application/json", **self.headers}, request_timeout=30)
        try:
            data = json.loads(response.body or b"{}")
        except ValueError:
            data = {}
        if response.code != 200:
            raise RoomError(data.get("refused") or "The tables' server did not answer: try again in a moment.")
        return data

    async def sit(self, token: str, heard: Callable[[dict | None], None]) -> None:
        """Open the seat's socket and pass every message on to ``heard`` (``None`` once
        the socket closes)."""
        self.socket = await websocket_connect(HTTPRequest("ws" + self.address[len("http"):] + "/socket",
                                                          headers=self.headers))
        await self.socket.write_message(json.dumps({"token": token}))
        while True:
            message = await self.socket.read_message()
            if message is None:
                heard(None)
                return
            heard(json.loads(message))

    def send(self, data: dict) -> None:
        if self.socket is not None:
            self.socket.write_message(json.dumps(data))


class FriendsSession:
    """What a game's table widget reads, for a seat of a table for several people: the
    frame the server sent last, and the moves sent back. No state of the game is here."""

    replaying = False
    replay_paused = False
    seed_words = "drawn by the table"

    def __init__(self, game_id: str, send: Callable[[dict], None]):
        self.entry = GAMES[game_id]
        self.rules = self.entry.rules
        self.level = self.entry.stand_in
        self.frame: dict = {}
        self.message = ""
        self._send = send
        self._view: tuple[Any, Any] = (None, None)  # (the frame's view as sent, as a view)
        self._listeners: list[Callable[[], None]] = []

    # --- what the table reads ---------------------------------------------------------------

    @property
    def seat(self) -> int:
        return self.frame.get("you", 0)

    @property
    def options(self) -> dict:
        return dict(self.frame.get("options", {}))

    @property
    def view(self):
        """Your seat's view, as the server sent it."""
        sent = self.frame.get("view")
        if self._view[0] is not sent:
            self._view = (sent, view_from_json(sent))
        return self._view[1]

    @property
    def outcome(self):
        sent = self.frame.get("outcome")
        return None if sent is None else view_from_json(sent)

    @property
    def you(self) -> int:
        """The seat the table speaks to as "you"."""
        return self.seat

    def your_moves(self) -> list:
        """What the rules allow your seat's view now (the list the server's frame holds too)."""
        return self.rules.legal_moves(self.view) if self.frame.get("status") == "playing" else []

    def seat_names(self, players: int) -> tuple[str, ...]:
        """What the table calls each seat: the names the people sat down with, the bots'."""
        return tuple(seat["name"] for seat in self.frame.get("seats", ()))[:players]

    def on_change(self, listener: Callable[[], None]) -> None:
        self._listeners.append(listener)

    def notify(self) -> None:
        for listener in self._listeners:
            listener()

    # --- what the table does ------------------------------------------------------------------

    def act(self, action: Any, by_you: bool = True) -> bool:
        """Send ``action`` to the server, which plays it or says why not."""
        self.message = ""
        self._send({"do": "play", "move": action_to_json(action)})
        return True

    def play_again(self) -> None:
        """The host deals a new game at the same table (the server refuses anyone else)."""
        self._send({"do": "again"})

    def heard(self, frame: dict) -> None:
        """A message of the server: a frame, or a refusal of what this seat sent."""
        if "refused" in frame:
            self.message = str(frame["refused"])
        else:
            self.frame = frame
        self.notify()

    def hold(self) -> dict:
        return {}

    def restore(self, held: dict) -> None:
        pass

    def start(self, seed, options) -> None:
        self.message = "A shared table plays the game its host opened: open a new table for another."
        self.notify()

    new_game = start
