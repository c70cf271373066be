"""The protocol every game follows, and what all games share: chance, replay, saves.

A game is a module (or any object) with:

- ``NAME``: the game's id in saves and URLs (``"express"``);
- ``new(seed, **options) -> State``: a frozen dataclass, the table as it is dealt;
- ``legal_actions(state, player=None) -> list[Action]``: what may be done now (by that
  player, or by anyone when ``player`` is ``None``);
- ``play(state, action) -> State``: the table after the action; an illegal action raises
  :class:`IllegalAction` with a sentence a player understands, and the old state is
  untouched (states are immutable);
- ``view(state, player) -> View``: what that player may see;
- ``outcome(state)``: ``None`` while the game runs, then the result and the scores;
- ``action_from_json(data) -> Action``: the inverse of ``action_to_json``.

Chance comes only from :func:`chance`, a ``random.Random`` derived from the seed and the
number of actions taken so far, so ``(seed, options, actions)`` replays a game exactly.
A save is that triple as JSON with a format version and a digest.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import random
from dataclasses import dataclass
from typing import Any, Iterable, Protocol, Sequence

SAVE_FORMAT = "sherlockkit-save"
SAVE_VERSION = 1


class IllegalAction(ValueError):
    """An action the rules forbid; its message is a sentence for the player."""


class CorruptSave(ValueError):
    """A save that cannot be trusted; its message says why, in a sentence."""


class Game(Protocol):
    NAME: str

    def new(self, seed: int, **options: Any) -> Any: ...
    def legal_actions(self, state: Any, player: int | None = None) -> list[Any]: ...
    def play(self, state: Any, action: Any) -> Any: ...
    def view(self, state: Any, player: int) -> Any: ...
    def outcome(self, state: Any) -> Any: ...
    def action_from_json(self, data: dict) -> Any: ...


def chance(seed: int, step: int, purpose: str = "") -> random.Random:
    """The random source for the ``step``-th action of the game dealt with ``seed``.

    Two calls with the same arguments give the same sequence; ``purpose`` separates
    independent draws made at the same step (a shuffle of piles, a deck).
    """
    digest = hashlib.sha256(f"{seed}/{step}/{purpose}".encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


def action_to_json(action: Any) -> dict:
    """The action as a plain JSON object: its kind and its fields."""
    return {"kind": type(action).__name__, **dataclasses.asdict(action)}


def replay(game: Game, seed: int, options: dict, actions: Iterable[Any]) -> Any:
    """The state reached by dealing ``seed`` with ``options`` and playing ``actions``."""
    state = game.new(seed, **options)
    for action in actions:
        state = game.play(state, action)
    return state


@dataclass(frozen=True)
class Record:
    """A game as saved: everything needed to replay it exactly."""

    game: str
    seed: int
    options: dict
    actions: tuple


def _digest(body: dict) -> str:
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()


def save(game: Game, seed: int, options: dict, actions: Sequence[Any]) -> str:
    """The game as a JSON text that :func:`load` turns back into the same game."""
    body = {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "game": game.NAME,
        "seed": seed,
        "options": options,
        "actions": [action_to_json(a) for a in actions],
    }
    return json.dumps({**body, "digest": _digest(body)}, indent=1)


def load(game: Game, text: str) -> tuple[Record, Any]:
    """The saved record and the state it replays to.

    Refuses with :class:`CorruptSave` (a sentence, never a traceback) a text that is not
    a save of this game, was edited by hand, or holds a move the rules forbid.
    """
    try:
        data = json.loads(text)
    except (TypeError, ValueError):
        raise CorruptSave("This is not a saved game: the text is not valid JSON.") from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise CorruptSave("This is not a sherlockkit saved game.")
    if data.get("version") != SAVE_VERSION:
        raise CorruptSave(
            f"This save has format version {data.get('version')!r}; "
            f"this version of sherlockkit reads version {SAVE_VERSION}."
        )
    if data.get("game") != game.NAME:
        raise CorruptSave(f"This save is of the game {data.get('game')!r}, not {game.NAME!r}.")
    body = {k: v for k, v in data.items() if k != "digest"}
    if data.get("digest") != _digest(body):
        raise CorruptSave("This save was changed after it was written: its digest does not match.")
    seed, options, moves = data.get("seed"), data.get("options"), data.get("actions")
    if not isinstance(seed, int) or not isinstance(options, dict) or not isinstance(moves, list):
        raise CorruptSave("This save lacks its seed, its options or its list of moves.")
    try:
        actions = tuple(game.action_from_json(m) for m in moves)
    except (TypeError, ValueError, KeyError) as error:
        raise CorruptSave(f"This save holds a move that cannot be read ({error}).") from None
    try:
        state = game.new(seed, **options)
    except (TypeError, ValueError) as error:
        raise CorruptSave(f"This save's options cannot start a game: {error}") from None
    for number, action in enumerate(actions, start=1):
        try:
            state = game.play(state, action)
        except IllegalAction as error:
            raise CorruptSave(f"Move {number} of this save breaks the rules: {error}") from None
    return Record(game.NAME, seed, options, actions), state
