"""Saves of a shared table (issue 30): the game's own save, with who sat where sealed inside.

While the game runs, the host may save the table. The text is the game's sealed save
(``engine.saves``: nobody can read the deal or the seed, nobody can forge it) whose body
also holds the table's seats: each seat's kind, name and bot level, and the secret token
of each person's seat. Reopening a table from it deals nothing: the game's moves are
replayed, and on to where the table last stood on this server (the journal: a save made
earlier brings back the last position, never an earlier one, so saving and reopening
teaches no card twice). Everyone sits where they sat: the holder of the save sits down as
the host (a save is the host's seat: keep it as you keep your seat's link), the others
come back by their own seat links, and until they do the game's stand-in bot plays for
them. Nobody new joins a reopened table and no seat of it opens: each seat's hand stays
its person's.

Once the game is over there is nothing to resume: the host's save is then the game's
open replay (readable, with no seats and no tokens), as the app gives at a game's end.
"""

from __future__ import annotations

import json
from typing import Any, Callable

from sherlockkit import engine
from sherlockkit.engine import CorruptSave, action_to_json, journal, saves, shortened
from sherlockkit.games import GAMES, GameEntry
from sherlockkit.rooms.room import BOT, ENDED, PERSON, Room, RoomError, Seat

#: the key of a table's save body under which its seats are kept
TABLE = "table"


def save_table(room: Room, token: str) -> str:
    """The table of ``room`` as a save, for its host (``token``): sealed while the game
    runs (seats and tokens inside the seal), the open replay once it is over.
    ``RoomError`` for anyone but the host, or before the first deal."""
    room.seat_of(token)
    if token != room.host_token:
        raise RoomError("Only the host saves the table.")
    if room.state is None:
        raise RoomError("There is no game to save yet: start it first.")
    if room.status == ENDED:
        return engine.save(room.entry.rules, room.seed, room.game_options(), room.moves, sealed=False)
    seats = [{"kind": s.kind, "name": s.name, "level": s.level, "token": s.token} for s in room.seats]
    return engine.save(room.entry.rules, room.seed, room.game_options(), room.moves, sealed=True,
                       extra={TABLE: {"seats": seats}})


def reopened(text: Any, code: str, now: Callable[[], float], tokens_in_use: Callable[[str], bool]) -> Room:
    """A room of ``code`` reopened from the table save ``text``, gathering, its holder in
    the host's seat (the room's ``host_token`` is theirs): all or nothing. ``RoomError``
    (a sentence) for a text that is not a table save of this server, an edited one, a
    game that is over, or a table still open here (``tokens_in_use(token)``)."""
    entry = _entry_of(text)
    try:
        body = saves.read_save(entry.rules, text)
        record, state = saves.load(entry.rules, text)
    except CorruptSave as refused:
        raise RoomError(str(refused)) from None
    if not record.sealed or TABLE not in body:
        raise RoomError("This save holds a game but no table to sit at (a finished table's save is its "
                        f"replay): load it on the {entry.title} page.")
    seats = _seats(entry, body[TABLE], record.options)
    if any(s.token and tokens_in_use(s.token) for s in seats):
        raise RoomError("This table is still open on this server: its people go back to it with their seat links.")
    moves = list(record.actions)
    known = journal.played_on(entry.rules.NAME, record.seed, [action_to_json(m) for m in moves])
    if known is not None:
        try:  # played on after this save was made: it goes on from there
            moves = [entry.rules.action_from_json(m) for m in known]
            state = engine.replay(entry.rules, record.seed, record.options, moves)
        except Exception:
            raise RoomError("This table's game was played on after this save, and that play cannot be "
                            "replayed here.") from None
    if entry.rules.outcome(state) is not None:
        raise RoomError("This table's game is over: there is nothing to resume.")
    options = {k: v for k, v in record.options.items() if k != "names"}
    room = Room(entry.id, options, seats[0].name, code, now)
    room.resume(record.seed, state, moves, seats)
    return room


def _entry_of(text: Any) -> GameEntry:
    """The registry entry of the game a save names (its open head): ``RoomError`` else."""
    if not isinstance(text, str) or len(text) > saves.MAX_SAVE_CHARS:
        raise RoomError("A table's save is the text its host was given.")
    try:
        head = json.loads(text)
    except (RecursionError, ValueError):
        raise RoomError("This is not a saved table: the text is not valid JSON.") from None
    name = head.get("game") if isinstance(head, dict) else None
    entry = next((e for e in GAMES.values() if e.rules.NAME == name), None)
    if entry is None:
        raise RoomError("This is not a sherlockkit saved table.")
    if entry.solo:
        raise RoomError(f"{entry.title} is played alone: its saves are loaded on its own page.")
    return entry


def _seats(entry: GameEntry, table: Any, options: dict) -> list[Seat]:
    """The seats a table save holds, checked against its game: ``RoomError`` else."""
    seats = table.get("seats") if isinstance(table, dict) else None
    if not isinstance(seats, list) or len(seats) != options.get("players", entry.min_players):
        raise RoomError("This saved table's seats do not match its game.")
    out = []
    for number, seat in enumerate(seats):
        kind, name, level, token = (seat.get(k) for k in ("kind", "name", "level", "token")) \
            if isinstance(seat, dict) else (None,) * 4
        person = kind == PERSON and isinstance(token, str) and token
        bot = kind == BOT and isinstance(level, str)
        if not (person or bot) or not isinstance(name, str) or (number == 0 and not person):
            raise RoomError(f"This saved table's seat {shortened(number + 1)} cannot be read.")
        out.append(Seat(number, kind=kind, name=name, level=level, token=token if person else None))
    return out
