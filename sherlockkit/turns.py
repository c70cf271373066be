"""One seat at a time: any of the five games as a sequential game, the shape OpenSpiel and
PettingZoo ask for (``sherlockkit.openspiel``, ``sherlockkit.pettingzoo``).

The engines stay as they are; this module only says who is asked next and numbers the
moves. What it adds, written down in the book's rules-decisions page:

- **Who is asked.** A seat that may move now is asked. When several may (everyone slaps
  in Sherlock Express, passes a card in the card game, arranges a photo in Picture
  Perfect), they are asked one at a time: in seat order, except that a seat with a kind
  of move no other of them has (the seat whose turn it is: Express's Reveal) is asked
  last. Such a seat may **wait**: let the next one be asked instead. A seat may wait only
  while another of them has not waited since the last move, so a round in which everyone
  waits ends with a move. After any move, the asking starts again.
- **Move numbers.** A seat's moves are numbered in the order its view's
  ``legal_moves`` lists them, 0, 1, 2...; waiting is the number :func:`wait_number`
  (the game's most moves). A number means a move of *this* view: the list is a function of
  the view alone, so every deal a seat cannot tell apart numbers its moves alike.
- **Returns.** A finished game gives each seat its share of the win (1 / the winners;
  the co-operative game: 1 each when the team wins), 0 otherwise.
- **What a seat knows.** Its information is its view (the events it saw included), as
  canonical text (:func:`information`) and as hashed features (:func:`features`); its
  observation is the view without the events.
- **Chance.** A game's dice and shuffles come from its seed and the move number (the
  engine's ``chance``): a deal is a seed. :func:`resampled` gives a world a seat cannot
  tell from the real one: the cards hidden from it dealt again (``shuffle_hidden``) and a
  new seed, so the dice and draws to come are unknown too.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Mapping

from sherlockkit.engine import shortened
from sherlockkit.games import GAMES, GameEntry

#: the length of a seat's hashed features (:func:`features`)
FEATURES = 512
#: the deals (seeds 0, 1, ...) a game is dealt from by default: OpenSpiel's chance node's outcomes
DEALS = 2 ** 16


class Wait:
    """Let the next seat that may move be asked first (see the module's notes)."""

    def __repr__(self) -> str:
        return "Wait"

    def __reduce__(self) -> str:
        return "WAIT"  # a copy or a pickle of it is the one WAIT of this module


WAIT = Wait()


@dataclass(frozen=True)
class Table:
    """A game in play, one seat asked at a time: the engine's state, and the seats that
    waited since the last move."""

    game: str
    options: tuple  # (name, value) pairs, sorted; a list as a tuple
    state: Any
    waited: frozenset = frozenset()

    def __deepcopy__(self, memo) -> "Table":
        return self  # nothing in it changes: a copy is the table itself

    @property
    def entry(self) -> GameEntry:
        return GAMES[self.game]

    @functools.cached_property
    def movers(self) -> tuple[int, ...]:
        """The seats that may move now, in the order they are asked (see the module's
        notes); worked out once a table (every question below asks it)."""
        if self.entry.rules.outcome(self.state) is not None:
            return ()
        kinds: dict[int, set[str]] = {}
        for move in self.entry.rules.legal_actions(self.state):
            kinds.setdefault(getattr(move, "player", 0), set()).add(type(move).__name__)

        def own_kind(seat: int) -> bool:
            others = set().union(*(k for s, k in kinds.items() if s != seat))
            return bool(kinds[seat] - others)

        return tuple(sorted(kinds, key=lambda seat: (len(kinds) > 1 and own_kind(seat), seat)))

    @functools.cached_property
    def offered(self) -> tuple:
        """The moves of the seat asked now, then :data:`WAIT` when it may wait (see
        :func:`moves`); worked out once a table."""
        asked = to_move(self)
        if asked is None:
            return ()
        rules = self.entry.rules
        listed = tuple(rules.legal_moves(rules.view(self.state, asked)))
        if len(listed) >= self.entry.most_moves:
            raise RuntimeError(f"{self.entry.title} offers {len(listed)} moves, more than the "
                               f"{self.entry.most_moves} the registry allows it: raise its most_moves.")
        return listed + (WAIT,) if may_wait(self, asked) else listed


def deal(game: str, seed: int, options: Mapping[str, Any] | None = None) -> Table:
    """The table of ``game`` dealt from ``seed`` with ``options`` (``ValueError`` with a
    sentence for an unknown game or a bad option)."""
    if game not in GAMES:
        raise ValueError(f"There is no game {game!r}; the games are {', '.join(GAMES)}.")
    options = dict(options or {})
    state = GAMES[game].rules.new(seed, **options)
    kept = tuple(sorted((name, tuple(v) if isinstance(v, list) else v) for name, v in options.items()))
    return Table(game, kept, state)


def players(table: Table) -> int:
    """How many seats the table has."""
    return 1 if table.entry.solo else table.state.players


def to_move(table: Table) -> int | None:
    """The seat asked now, or ``None`` once the game is over."""
    waiting = [seat for seat in table.movers if seat not in table.waited]
    return waiting[0] if waiting else None


def may_wait(table: Table, seat: int) -> bool:
    """Whether ``seat``, asked now, may wait: another seat that may move has not waited."""
    return any(other != seat and other not in table.waited for other in table.movers)


def moves(table: Table, seat: int | None = None) -> list:
    """The moves of the seat asked now (its view's ``legal_moves``, in order), then
    :data:`WAIT` when it may wait; ``[]`` for any other seat."""
    if seat is not None and seat != to_move(table):
        return []
    return list(table.offered)


def wait_number(game: str) -> int:
    """The number of the move :data:`WAIT`: the game's most moves (``most_moves``)."""
    return GAMES[game].most_moves


def numbers(table: Table) -> list[int]:
    """The numbers of the moves of the seat asked now, ascending."""
    listed = table.offered
    return [wait_number(table.game) if move is WAIT else k for k, move in enumerate(listed)]


def move_of(table: Table, number: int) -> Any:
    """The move ``number`` means for the seat asked now; ``ValueError`` (a sentence) if it
    means none."""
    listed = table.offered
    waits = bool(listed) and listed[-1] is WAIT
    real = len(listed) - waits
    if waits and number == wait_number(table.game) and type(number) is int:
        return WAIT
    if type(number) is not int or not 0 <= number < real:
        offered = f"0 to {real - 1}" if real else "none"
        raise ValueError(f"Move {shortened(number)} is not one the seat asked now can make: {offered}"
                         + (f", or {wait_number(table.game)} to wait." if waits else "."))
    return listed[number]


def number_of(table: Table, move: Any) -> int:
    """The number of ``move`` (one of :func:`moves`, or :data:`WAIT`) for the seat asked now."""
    return wait_number(table.game) if move is WAIT else table.offered.index(move)


def play(table: Table, number: int) -> Table:
    """The table after the seat asked now makes move ``number`` (or waits)."""
    move = move_of(table, number)
    if move is WAIT:
        return dataclasses.replace(table, waited=table.waited | {to_move(table)})
    return dataclasses.replace(table, state=table.entry.rules.play(table.state, move), waited=frozenset())


def returns(table: Table) -> list[float]:
    """Each seat's share of the win in a finished game (0 while it runs)."""
    count = players(table)
    outcome = table.entry.rules.outcome(table.state)
    if outcome is None:
        return [0.0] * count
    standing = table.entry.standing_function()
    result = []
    for seat in range(count):
        won, share, _ = standing(outcome, seat)
        result.append(float(won) if table.entry.co_operative else float(share))
    return result


# --- what a seat knows ---------------------------------------------------------------------------------


def plain(value: Any) -> Any:
    """``value`` as JSON, the same text whatever the order of a set: dataclasses as
    ``{"kind": ..., fields...}``, sets sorted."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {"kind": type(value).__name__,
                **{f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}}
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in sorted(value.items(), key=lambda kv: str(kv[0]))}
    if isinstance(value, (set, frozenset)):
        return sorted((plain(v) for v in value), key=lambda v: json.dumps(v, sort_keys=True))
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, Fraction):
        return str(value)
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return str(value)


def _view(table: Table, seat: int, with_events: bool) -> dict:
    view = table.entry.rules.view(table.state, seat)
    if with_events:
        return plain(view)
    return {"kind": type(view).__name__, **{f.name: plain(getattr(view, f.name))
                                            for f in dataclasses.fields(view) if f.name != "events"}}


def _known(table: Table, seat: int, with_events: bool) -> dict:
    """What ``seat`` knows (see :func:`information`), as plain JSON values."""
    asked = to_move(table)
    return {"view": _view(table, seat, with_events), "asked": asked == seat,
            "may_wait": asked == seat and may_wait(table, seat)}


def information(table: Table, seat: int, with_events: bool = True) -> str:
    """What ``seat`` knows, as text: its view (with the events it saw, or without them:
    its observation), canonical JSON, and whether it is asked now and may wait."""
    return json.dumps(_known(table, seat, with_events), sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def features(table: Table, seat: int, with_events: bool = True) -> list[float]:
    """What ``seat`` knows (:func:`information`) as :data:`FEATURES` numbers: every leaf
    (path and value, list positions left out) counted in the slot its hash picks
    (BLAKE2b), and list lengths as leaves of their own."""
    counts = [0.0] * FEATURES

    def walk(value: Any, path: str) -> None:
        if isinstance(value, dict):
            for key, inner in value.items():
                walk(inner, f"{path}.{key}")
        elif isinstance(value, list):
            walk(len(value), f"{path}#")
            for inner in value:
                walk(inner, f"{path}[]")
        else:
            token = f"{path}={json.dumps(value, ensure_ascii=False)}".encode()
            counts[int.from_bytes(hashlib.blake2b(token, digest_size=8).digest(), "big") % FEATURES] += 1.0

    walk(_known(table, seat, with_events), "")
    return counts


def resampled(table: Table, seat: int, rng: random.Random) -> Table:
    """A table ``seat`` cannot tell from this one: every card hidden from it dealt again
    among the places hidden from it, and a new seed for the dice and draws to come."""
    state = table.entry.rules.shuffle_hidden(table.state, seat, rng)
    return dataclasses.replace(table, state=dataclasses.replace(state, seed=rng.getrandbits(64)))


def a_random_move(legal, rng: random.Random):
    """One of the moves ``legal``, drawn as a careless player picks: a kind of move first
    (by its class's name, alike: :data:`WAIT` is a kind), then a move of that kind (alike). The moves are sorted
    into their kinds in one pass: a Picture Perfect table of five offers over a thousand.
    (Drawn move by move from all of them, a Picture Perfect round would last thousands of
    moves: one Ready among hundreds of places and aims.)"""
    kinds: dict[str, list] = {}
    for move in legal:
        kinds.setdefault(type(move).__name__, []).append(move)
    return rng.choice(kinds[rng.choice(sorted(kinds))])
