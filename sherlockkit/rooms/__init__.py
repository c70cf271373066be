"""Tables for several people (issue 30): a room holds one game's state for everyone at
its table (``room.py``); the lobby holds the rooms, found by code or seat token
(``lobby.py``). Neither knows the network: the app's server passes calls on."""

from sherlockkit.rooms.room import AWAY_AFTER, BOT, CLOSED, ENDED, GATHERING, OPEN, PERSON, PLAYING, Room, RoomError, Seat

__all__ = ["AWAY_AFTER", "BOT", "CLOSED", "ENDED", "GATHERING", "OPEN", "PERSON", "PLAYING", "Room", "RoomError", "Seat"]
