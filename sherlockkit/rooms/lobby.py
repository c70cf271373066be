"""The lobby: every open room of a server, found by its code (to join) or by a seat token
(to play), and the rooms reopened from a host's save. A code is short and easy to read aloud (no 0/O, no 1/I/L); a token is a
secret. The lobby holds at most :data:`MOST_ROOMS` rooms; a room closed, or over for
:data:`KEPT_AFTER_END` seconds, is let go.
"""

from __future__ import annotations

import contextlib
import secrets
import time
from typing import Any, Callable

from sherlockkit.engine import shortened
from sherlockkit.rooms import saved
from sherlockkit.rooms.room import CLOSED, ENDED, Room, RoomError

#: the letters of a room's code: none that reads like another
CODE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 5
#: the most rooms a server holds at once (each holds a game and its bots: small)
MOST_ROOMS = 200
#: seconds a finished room is kept, for its players to read the ending
KEPT_AFTER_END = 600.0


class Lobby:
    """The rooms of one server. ``now``: the clock rooms read (seconds)."""

    def __init__(self, now: Callable[[], float] = time.monotonic):
        self._now = now
        self._rooms: dict[str, Room] = {}
        self._ended_at: dict[str, float] = {}

    def open(self, game_id: str, options: dict, host: str) -> tuple[Room, str]:
        """A new room of ``game_id`` opened by ``host``: the room and the host's seat
        token. ``RoomError`` (a sentence) when the lobby is full or the room refused."""
        self.tidy()
        if len(self._rooms) >= MOST_ROOMS:
            raise RoomError("Every table of this server is taken: try again in a few minutes.")
        code = self._new_code()
        room = Room(game_id, options, host, code, self._now)
        self._rooms[code] = room
        return room, room.host_token

    def reopen(self, text: Any) -> tuple[Room, str]:
        """A room reopened from the save of a table (``saved.py``), its holder the host:
        the room and the host's seat token. ``RoomError`` (a sentence) else."""
        self.tidy()
        if len(self._rooms) >= MOST_ROOMS:
            raise RoomError("Every table of this server is taken: try again in a few minutes.")
        code = self._new_code()
        room = saved.reopened(text, code, self._now, self._holds)
        self._rooms[code] = room
        return room, room.host_token

    def _holds(self, token: str) -> bool:
        try:
            self.room_of(token)
        except RoomError:
            return False
        return True

    def room(self, code: str) -> Room:
        """The room of ``code`` (any case, spaces ignored); ``RoomError`` if there is none."""
        key = code.replace(" ", "").upper() if isinstance(code, str) else None
        room = self._rooms.get(key) if key else None
        if room is None:
            raise RoomError(f"There is no table with the code {shortened(code)}.")
        return room

    def room_of(self, token: Any) -> Room:
        """The room where ``token`` is a seat's; ``RoomError`` if it is nobody's."""
        for room in self._rooms.values():
            with contextlib.suppress(RoomError):
                room.seat_of(token)
                return room
        raise RoomError("That seat token is not one of any table's.")

    def codes(self) -> list[str]:
        """The codes of the rooms held now."""
        return list(self._rooms)

    def join(self, code: str, name: str) -> tuple[Room, str]:
        """``name`` sits at the room of ``code``: the room and their seat token."""
        room = self.room(code)
        return room, room.join(name)

    def tick(self) -> None:
        """Every room looks at the clock (people away); finished rooms are let go in time."""
        for room in list(self._rooms.values()):
            room.tick()
        self.tidy()

    def tidy(self) -> None:
        """Let go of the rooms closed, and of those over for :data:`KEPT_AFTER_END` seconds."""
        now = self._now()
        for code, room in list(self._rooms.items()):
            if room.status == ENDED:
                self._ended_at.setdefault(code, now)
            if room.status == CLOSED or now - self._ended_at.get(code, now) >= KEPT_AFTER_END:
                del self._rooms[code]
                self._ended_at.pop(code, None)

    def __len__(self) -> int:
        return len(self._rooms)

    def _new_code(self) -> str:
        while True:
            code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
            if code not in self._rooms:
                return code
