"""A table for several people (issue 30): one room, the one place its game's state lives.

A room is opened by its host for one game of the registry (``sherlockkit.games``) with
that game's options; it has a seat for each player. Seat 0 is the host's. Each other
seat waits for a person (open), or the host gives it to a bot (at a level of the game's
bots). People join by the room's code and get a seat and a *seat token*, a secret that
is their seat: every later call names the token, never the seat. When every seat is
taken, the host starts: the deal is drawn from a seed nobody sees (as in the app).

While the game runs each seat is shown only its own view (the engine's ``view``), so
hidden cards stay hidden exactly as they do against bots; a move is read from JSON,
must be the move of the caller's own seat, and is judged by the engine's ``refusal``:
anything else is a sentence, and nothing changes. A person who leaves, or is not heard
from for :data:`AWAY_AFTER` seconds, is *away*: the game's stand-in bot plays the seat
until they come back with their token, and everyone is told. A room where every person
is away is closed. Moves are played in the order the room receives them; each person's
move is timed from the last change of the table (the reaction times a speed game shows
at its end).

Every move is written to the server's journal (``engine.journal``) as it is played, as
the app does for a game played alone: the host's save of the table (``saved.py``)
reopens it where it last stood, never earlier, so no save teaches a card twice.

This module knows no network: the app's server holds the rooms (``lobby.py``) and
passes calls and views on. Time comes from ``now`` (a function of no arguments: the
seconds of some clock), so tests drive it by hand.
"""

from __future__ import annotations

import inspect
import secrets
from dataclasses import dataclass
from typing import Any, Callable

from sherlockkit import engine
from sherlockkit.engine import IllegalAction, action_to_json, journal, shortened
from sherlockkit.games import GAMES, GameEntry

#: seconds without a word from a person before their seat is given to a bot meanwhile
AWAY_AFTER = 60.0
#: the longest name a person may sit down with
MAX_NAME = engine.MAX_NAME

OPEN, PERSON, BOT = "open", "person", "bot"
GATHERING, PLAYING, ENDED, CLOSED = "gathering", "playing", "ended", "closed"


@dataclass
class Seat:
    """One seat of a room: ``kind`` (open, a person, a bot), the name shown, the level of
    its bot (a bot's seat, or a person's while they are away), the secret token of a
    person's seat, when the person was last heard from, and whether they are away."""

    number: int
    kind: str = OPEN
    name: str = ""
    level: str | None = None
    token: str | None = None
    last_heard: float = 0.0
    away: bool = False

    @property
    def played_by_bot(self) -> bool:
        """Whether a bot makes this seat's moves now: a bot's seat, or an away person's."""
        return self.kind == BOT or (self.kind == PERSON and self.away)


class RoomError(ValueError):
    """A call the room refuses; its message is a sentence for the person who made it."""


class Room:
    """One table of ``game_id`` for several people, opened by ``host`` (their name) with
    the game's ``options`` (``players`` among them: the number of seats). ``code``: how
    friends find it. ``RoomError`` (a sentence) for a game played alone, unknown options
    or a bad name."""

    def __init__(self, game_id: str, options: dict, host: str, code: str, now: Callable[[], float]):
        entry = GAMES.get(game_id) if isinstance(game_id, str) else None
        if entry is None:
            raise RoomError(f"There is no game called {shortened(game_id)}; the games are {', '.join(GAMES)}.")
        if entry.solo:
            raise RoomError(f"{entry.title} is played alone: there is no table to share.")
        if not isinstance(options, dict):
            raise RoomError("A table's options are named values, such as {\"players\": 3}.")
        self.entry: GameEntry = entry
        named = _option_names(entry)
        unknown = sorted(set(options) - named)
        if unknown:
            raise RoomError(f"{entry.title} has no option {shortened(unknown[0])}; "
                            f"its options are {', '.join(sorted(named))}.")
        # every option named, its default where the host named none: what the tables show
        self.options = {**_option_defaults(entry), **options}
        players = self.options.setdefault("players", entry.min_players)
        try:
            engine.check_players(players, entry.min_players, entry.max_players, entry.title)
            entry.rules.new(0, **self.options)  # the options checked by the rules themselves
        except (TypeError, ValueError) as refused:
            raise RoomError(_sentence(refused)) from None
        self.code = code
        self._now = now
        self.seats = [Seat(n) for n in range(players)]
        self.state: Any = None
        self.seed: int | None = None  # the deal's, drawn at the start: nobody sees it
        self.status = GATHERING
        self.notices: list[str] = []
        self.moves: list[Any] = []
        self._written: list[dict] = []  # the moves as JSON, as the journal holds them
        #: (seat, the move's kind, seconds from the table's last change to the move) of people's moves
        self.reactions: list[tuple[int, str, float]] = []
        self._bots: dict[int, Any] = {}
        self._changed_at = now()
        self.host_token = self._sit(0, host)

    # --- gathering -------------------------------------------------------------------

    def join(self, name: str) -> str:
        """A person called ``name`` takes the first open seat: their seat token.
        ``RoomError`` once the game has started or every seat is taken."""
        if self.status != GATHERING or self.state is not None:
            raise RoomError("This table's game has started: it takes no new players.")
        free = next((s for s in self.seats if s.kind == OPEN), None)
        if free is None:
            raise RoomError("Every seat at this table is taken.")
        return self._sit(free.number, name)

    def give_to_bot(self, token: str, seat: int, level: str | None = None) -> None:
        """The host gives ``seat`` (open, or a bot's) to a bot of ``level`` (by default
        the game's stand-in): ``RoomError`` for anyone but the host, a person's seat, or a
        level the game's bots do not have."""
        target = self._hosts_seat(token, seat)
        if target.kind == PERSON:
            raise RoomError(f"Seat {seat + 1} is {target.name}'s: it cannot be given to a bot.")
        level = self.entry.stand_in if level is None else level
        self._checked_level(level)
        target.kind, target.level, target.name = BOT, level, f"Bot {seat + 1} ({level})"
        self._tell(f"Seat {seat + 1} goes to a bot ({level}).")

    def open_seat(self, token: str, seat: int) -> None:
        """The host takes a bot off ``seat``: it waits for a person again."""
        target = self._hosts_seat(token, seat)
        if target.kind != BOT:
            raise RoomError(f"Seat {seat + 1} has no bot to take off.")
        target.kind, target.level, target.name = OPEN, None, ""
        self._tell(f"Seat {seat + 1} waits for a player.")

    def start(self, token: str) -> None:
        """The host starts the game: every seat must be a person's or a bot's. The deal
        and the bots' chance are drawn from seeds nobody sees."""
        self.seat_of(token)
        if token != self.host_token:
            raise RoomError("Only the host starts the game.")
        if self.status != GATHERING:
            raise RoomError("The game has started already.")
        waiting = [s.number + 1 for s in self.seats if s.kind == OPEN]
        if waiting:
            raise RoomError(f"Seat {waiting[0]} waits for a player: give it to a bot, or wait for a friend.")
        resumed = self.state is not None  # reopened from a save: it goes on where it stood
        if not resumed:
            self.seed = engine.draw_seed()
            self.state = self.entry.rules.new(self.seed, **self.game_options())
        self._bots = self.entry.bots.make_bots({s.number: s.level for s in self.seats if s.kind == BOT},
                                               engine.draw_seed())
        self.status = PLAYING
        self._changed()
        self._tell("The game goes on." if resumed else "The game begins.")
        for seat in self.seats:
            if seat.kind == PERSON and seat.away:
                self._tell(f"{seat.name} is not back yet: a bot plays seat {seat.number + 1} until they are.")

    def game_options(self) -> dict:
        """The options the game is dealt with: the table's, and the seats' names where the
        game calls its players by name."""
        options = dict(self.options)
        if "names" in inspect.signature(self.entry.rules.new).parameters:
            options["names"] = [s.name for s in self.seats]
        return options

    def resume(self, seed: int, state: Any, moves: list, seats: list[Seat]) -> None:
        """Seat a table reopened from its save (``saved.py``): the game dealt from ``seed``
        at ``state`` after ``moves``, and ``seats`` as they were (each person's token kept,
        so their own seat link finds them). Everyone but the host is away until they come
        back; the host starts it again. Nobody joins and no seat opens: each seat's hand
        stays its person's."""
        host = self.seats[0]
        for seat in seats:
            if seat.kind == BOT:
                self._checked_level(seat.level)
            seat.away = seat.kind == PERSON and seat.number != 0
            seat.last_heard = self._now()
        seats[0].token, seats[0].last_heard = host.token, host.last_heard
        self.seats, self.host_token = seats, host.token
        self.seed, self.state, self.moves = seed, state, list(moves)
        self._written = [action_to_json(m) for m in moves]
        self._tell(f"{host.name} reopens the table at move {len(moves)}: the others come back by their own "
                   "seat links.")

    def again(self, token: str) -> None:
        """The host deals a new game at the same table, once the last is over: the same
        people and bots in the same seats (those away stay away), new seeds nobody sees."""
        self.seat_of(token)
        if token != self.host_token:
            raise RoomError("Only the host deals a new game.")
        if self.status != ENDED:
            raise RoomError("This game is not over yet: finish it before dealing another.")
        self.status, self.state = GATHERING, None
        self.moves, self._written, self.reactions, self._bots = [], [], [], {}
        self.start(token)

    # --- playing ---------------------------------------------------------------------

    def view(self, token: str) -> Any:
        """What the seat of ``token`` sees of the game (the engine's ``view`` of that seat
        alone), or ``None`` before it starts; the person is there (not away)."""
        self.heard(token)
        return self.shown(token)[0]

    def legal_moves(self, token: str) -> list:
        """The moves the seat of ``token`` may make now (none before the game starts)."""
        self.heard(token)
        return self.shown(token)[1]

    def shown(self, token: str) -> tuple[Any, list]:
        """The view of the seat of ``token`` and the moves it may make now, as
        :meth:`view` and :meth:`legal_moves` give them, without counting it as a word from
        its person."""
        seat = self.seat_of(token)
        if self.state is None:
            return None, []
        view = self.entry.rules.view(self.state, seat.number)
        return view, self.entry.rules.legal_moves(view) if self.status == PLAYING else []

    def play(self, token: str, move: Any) -> Any:
        """The move ``move`` (its JSON object) made by the seat of ``token``: the move as
        played. ``RoomError`` (nothing changed) for a game not running, a move that is
        not a move, the move of another seat, or one the rules refuse (their sentence)."""
        seat = self.seat_of(token)
        self._heard_from(seat)
        if self.status != PLAYING:
            raise RoomError("The game is not running: no move can be made now.")
        try:
            action = self.entry.rules.action_from_json(move)
        except (TypeError, ValueError) as refused:
            raise RoomError(f"That is not a move of this game: {_sentence(refused)}") from None
        if getattr(action, "player", 0) != seat.number:
            raise RoomError(f"You sit in seat {seat.number + 1}: a move for another seat is not yours to make.")
        reaction = self._now() - self._changed_at
        self._played(action)
        self.reactions.append((seat.number, type(action).__name__, reaction))
        return action

    def play_bots(self) -> Any | None:
        """One move of the seats a bot plays now (bots' seats, and away people's), the
        lowest seat's when several would move: the move played, or ``None``."""
        if self.status != PLAYING:
            return None
        state = self.state
        proposed = engine.proposals(self.entry.rules, state, self.bots_now())
        return self.play_bot(engine.first_seat(proposed), state) if proposed else None

    def bots_now(self) -> dict[int, Any]:
        """The seats a bot plays now, each with its bot (seat -> bot), seat by seat."""
        return {seat.number: self._bot(seat) for seat in self.seats if seat.played_by_bot}

    def play_bot(self, action: Any, state: Any) -> Any | None:
        """``action``, a bot's choice at ``state``, played if the table is still at that
        state and a bot still plays the seat (a person's move, or their return, may have
        come first): the move played, or ``None``."""
        seat = getattr(action, "player", 0)
        if self.status != PLAYING or self.state is not state or not self.seats[seat].played_by_bot:
            return None
        return self._played(action)

    def heard(self, token: str) -> None:
        """The person of ``token`` is there (their page is open): not away."""
        self._heard_from(self.seat_of(token))

    # --- coming and going ------------------------------------------------------------

    def leave(self, token: str) -> None:
        """The person of ``token`` leaves: while the game runs a bot plays their seat until
        they come back (with the same token); before it starts their seat opens again."""
        seat = self.seat_of(token)
        if self.status == GATHERING and token == self.host_token:
            self.status = CLOSED
            self._tell(f"{seat.name}, the host, left before the game began: the table is closed.")
        elif self.status == GATHERING and self.state is None:
            self._tell(f"{seat.name} left the table.")
            seat.kind, seat.name, seat.token = OPEN, "", None
        else:
            self._away(seat, f"{seat.name} left the table")

    def tick(self) -> None:
        """Look at the clock: a person not heard from for :data:`AWAY_AFTER` seconds is
        away (a bot plays their seat meanwhile)."""
        for seat in self.seats:
            if seat.kind == PERSON and not seat.away and self._now() - seat.last_heard >= AWAY_AFTER:
                self._away(seat, f"{seat.name} has not been heard from for a while")

    def seats_shown(self) -> list[dict]:
        """Who sits where, as everyone may see it: each seat's number, name, kind, level
        and whether its person is away (never a token)."""
        return [{"seat": s.number, "name": s.name, "kind": s.kind, "level": s.level, "away": s.away}
                for s in self.seats]

    # --- inside --------------------------------------------------------------------------

    def _sit(self, number: int, name: Any) -> str:
        name = name.strip() if isinstance(name, str) else name
        if not isinstance(name, str) or not 0 < len(name) <= MAX_NAME:
            raise RoomError(f"A name is a text of 1 to {MAX_NAME} characters.")
        if any(s.kind != OPEN and s.name == name for s in self.seats):
            raise RoomError(f"Somebody at this table is called {name} already: choose another name.")
        seat = self.seats[number]
        seat.kind, seat.name, seat.token, seat.away = PERSON, name, secrets.token_urlsafe(16), False
        seat.last_heard = self._now()
        self._tell(f"{name} sits down in seat {number + 1}.")
        return seat.token

    def seat_of(self, token: Any) -> Seat:
        """The seat of the person whose token is ``token``; ``RoomError`` if it is nobody's here."""
        seat = next((s for s in self.seats if s.kind == PERSON and isinstance(token, str) and s.token == token), None)
        if seat is None:
            raise RoomError("That seat token is not one of this table's.")
        return seat

    def _hosts_seat(self, token: str, number: Any) -> Seat:
        self.seat_of(token)
        if token != self.host_token:
            raise RoomError("Only the host chooses who sits where.")
        if self.status != GATHERING or self.state is not None:
            raise RoomError("The game has started: the seats are as they are.")
        if not isinstance(number, int) or isinstance(number, bool) or not 0 <= number < len(self.seats):
            raise RoomError(f"This table has seats 1 to {len(self.seats)}.")
        return self.seats[number]

    def _checked_level(self, level: Any) -> None:
        try:
            self.entry.bots.make_bots({0: level}, 0)
        except (TypeError, ValueError) as refused:
            raise RoomError(_sentence(refused)) from None

    def _bot(self, seat: Seat):
        if seat.number not in self._bots:  # an away person's seat: the game's stand-in
            self._bots[seat.number] = self.entry.bots.make_bots({seat.number: self.entry.stand_in},
                                                                engine.draw_seed())[seat.number]
        return self._bots[seat.number]

    def _heard_from(self, seat: Seat) -> None:
        seat.last_heard = self._now()
        if seat.away and self.status != CLOSED:
            seat.away = False
            self._bots.pop(seat.number, None)
            self._tell(f"{seat.name} is back in seat {seat.number + 1}.")

    def _away(self, seat: Seat, why: str) -> None:
        if seat.away or self.status == CLOSED:
            return
        seat.away = True
        if all(s.away for s in self.seats if s.kind == PERSON):
            self.status = CLOSED
            self._tell(f"{why}, and nobody is left: the table is closed.")
            return
        self._tell(f"{why}: a bot plays seat {seat.number + 1} until they are back.")

    def _played(self, action: Any) -> Any:
        try:
            after = self.entry.rules.play(self.state, action)
        except IllegalAction as refused:
            raise RoomError(str(refused)) from None
        self._written.append(action_to_json(action))
        try:
            known = journal.write(self.entry.rules.NAME, self.seed, self._written)
        except OSError:  # the server's disk: the move is not made, the table stays as it was
            self._written.pop()
            raise RoomError("The table could not write this move down on the server: try again in a moment.") \
                from None
        if known is not None:
            self._written.pop()
            self.status = CLOSED  # the same save reopened at another table, which played on first
            self._tell("This game was played on at another table reopened from the same save: this one is "
                       "closed, since a game has one line of play.")
            raise RoomError("This game was played on at another table: this one is closed.")
        self.state = after
        self.moves.append(action)
        self._changed()
        if self.entry.rules.outcome(self.state) is not None:
            self.status = ENDED
            self._tell("The game is over.")
        return action

    def _changed(self) -> None:
        self._changed_at = self._now()

    def _tell(self, notice: str) -> None:
        self.notices.append(notice)


def _option_names(entry: GameEntry) -> set[str]:
    """The options a room of ``entry``'s game may be opened with: those its ``new`` takes
    by name, but the seed (drawn) and the players' names (the seats')."""
    return {name for name, p in inspect.signature(entry.rules.new).parameters.items()
            if name not in ("seed", "names") and p.kind is not inspect.Parameter.VAR_KEYWORD}


def _option_defaults(entry: GameEntry) -> dict[str, Any]:
    """The options of :func:`_option_names` with the values ``new`` gives them by default."""
    parameters = inspect.signature(entry.rules.new).parameters
    return {name: parameters[name].default for name in _option_names(entry)
            if parameters[name].default is not inspect.Parameter.empty}


def _sentence(error: BaseException) -> str:
    """An error's message as a sentence: capitalised, with a full stop."""
    text = str(error).strip().strip("'\"") or "That was refused."
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."
