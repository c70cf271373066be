"""Saves: a game is its seed, its options and its moves, written as JSON with a version.

While the game runs the save is *sealed* (encrypted and authenticated with a key only
this server holds: ``sealing.py``), so it resumes the game but shows no card; once the
game is over it is *open* (readable JSON with a keyed digest), a replay to share and
study. Neither can be forged without the key. :func:`load` replays a save through the
game's own rules, so a save holding a move the rules forbid is refused like any move.
"""

from __future__ import annotations

import hmac
import json
from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from sherlockkit.engine import sealing
from sherlockkit.engine.protocol import MAX_SEED_DIGITS, Game, IllegalAction, action_to_json, replay, shortened

SAVE_FORMAT = "sherlockkit-save"
SAVE_VERSION = 3
#: The older versions still read: a game whose play changed since says, in
#: ``older_save_options(version, options)``, the options that replay such a save as it was
#: played (version 3: Express's piles shuffled from one stream a round, the Detective Story
#: Game's dice drawn from one stream a move).
OLDER_VERSIONS = (2,)
#: The longest save text read (a game of any length fits well within it).
MAX_SAVE_CHARS = 1_000_000


class CorruptSave(ValueError):
    """A save that cannot be trusted; its message says why, in a sentence."""


@dataclass(frozen=True)
class Record:
    """A game as saved: everything needed to replay it exactly, and whether the save was
    sealed (its deal unknown to whoever holds it) or open."""

    game: str
    seed: int
    options: dict
    actions: tuple
    sealed: bool = True


def _label(game_name: str, version: int = SAVE_VERSION) -> bytes:
    """What a sealed save is bound to: its format, version and game."""
    return f"{SAVE_FORMAT}/{version}/{game_name}".encode()


def write_save(body: dict, sealed: bool) -> str:
    """The save text of ``body`` (format, version, game, seed, options, actions): sealed,
    or open with its keyed digest. For :func:`save`, and for tests and tools that hold the key."""
    if sealed:
        head = {"format": SAVE_FORMAT, "version": SAVE_VERSION, "game": body["game"]}
        return json.dumps({**head, "sealed": sealing.seal(body, _label(body["game"]))}, indent=1)
    return json.dumps({**body, "digest": sealing.mac(body)}, indent=1)


def save(game: Game, seed: int, options: dict, actions: Sequence[Any], sealed: bool | None = None,
         extra: dict | None = None) -> str:
    """The game as a JSON text that :func:`load` turns back into the same game: sealed
    while the game runs (it resumes the game and shows nothing), open once it is over;
    ``sealed=False``: open all the same (a practice game, whose deal its player knows).
    ``extra``: more fields kept with the game, inside the seal when sealed (a shared
    table's seats: ``sherlockkit.rooms.saved``); :func:`read_save` gives them back."""
    body = {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "game": game.NAME,
        "seed": seed,
        "options": options,
        "actions": [action_to_json(a) for a in actions],
        **(extra or {}),
    }
    if sealed is None:
        sealed = game.outcome(replay(game, seed, options, actions)) is None
    return write_save(body, sealed=sealed)


def read_save(game: Game, text: Any) -> dict:
    """The body of a save of ``game`` written with this server's key (sealed or open):
    :class:`CorruptSave` with a sentence for anything else."""
    return _opened(game, text)[0]


def _opened(game: Game, text: Any) -> tuple[dict, bool]:
    """:func:`read_save`'s body, and whether the save was sealed."""
    if not isinstance(text, str):
        raise CorruptSave("This is not a saved game: a save is a text.")
    if len(text) > MAX_SAVE_CHARS:
        raise CorruptSave(f"This is not a saved game: it is longer than {MAX_SAVE_CHARS:,} characters.")
    try:
        data = json.loads(text)
    except RecursionError:
        raise CorruptSave("This is not a saved game: its brackets are nested too deep.") from None
    except (TypeError, ValueError):
        raise CorruptSave("This is not a saved game: the text is not valid JSON.") from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise CorruptSave("This is not a sherlockkit saved game.")
    if data.get("version") == 1:
        raise CorruptSave("This save was written by an older sherlockkit, without a key: anyone could have "
                          "edited it, so it cannot be trusted and is not loaded.")
    version = data.get("version")
    if version != SAVE_VERSION and version not in OLDER_VERSIONS:
        raise CorruptSave(f"This save has format version {shortened(data.get('version'))}; "
                          f"this version of sherlockkit reads versions "
                          f"{', '.join(map(str, OLDER_VERSIONS))} and {SAVE_VERSION}.")
    if data.get("game") != game.NAME:
        raise CorruptSave(f"This save is of the game {shortened(data.get('game'))}, not {game.NAME!r}.")
    if "sealed" in data:
        body = sealing.unseal(data["sealed"], _label(data["game"], version))
        if body is None:
            raise CorruptSave("This save was sealed by another server or changed after it was written: "
                              "its digest does not match.")
    else:
        body = {k: v for k, v in data.items() if k != "digest"}
        digest = data.get("digest")
        try:
            expected = sealing.mac(body)
        except (RecursionError, ValueError):
            raise CorruptSave("This is not a saved game: its brackets are nested too deep.") from None
        if not isinstance(digest, str) or not hmac.compare_digest(digest, expected):
            raise CorruptSave("This save was changed after it was written, or written by another server: "
                              "its digest does not match.")
    if not isinstance(body, dict) or body.get("game") != game.NAME or body.get("version") != version:
        raise CorruptSave("This is not a sherlockkit saved game.")
    return body, "sealed" in data


def load(game: Game, text: str) -> tuple[Record, Any]:
    """The saved record and the state it replays to.

    Refuses with :class:`CorruptSave` (a sentence, never a traceback) a text that is not
    a save of this game written with this server's key, was edited, is too large, or
    holds options or a move the rules forbid.
    """
    data, sealed = _opened(game, text)
    seed, options, moves = data.get("seed"), data.get("options"), data.get("actions")
    if type(seed) is not int or not isinstance(options, dict) or not isinstance(moves, list):
        raise CorruptSave("This save lacks its seed, its options or its list of moves.")
    if abs(seed) >= 10 ** MAX_SEED_DIGITS:
        raise CorruptSave(f"This save's seed has more than {MAX_SEED_DIGITS} digits.")
    older = getattr(game, "older_save_options", None)
    if data["version"] != SAVE_VERSION and older is not None:
        options = older(data["version"], options)  # played then as these options play it now
    try:
        actions = tuple(game.action_from_json(m) for m in moves)
    except (TypeError, ValueError, KeyError) as error:
        raise CorruptSave(f"This save holds a move that cannot be read ({_excerpt(error)}).") from None
    try:
        state = game.new(seed, **options)
    except Exception as error:  # any refusal of the options is the save's fault, told as such
        raise CorruptSave(f"This save's options cannot start a game: {_excerpt(error)}") from None
    state = _replayed(game, state, actions)
    return Record(game.NAME, seed, options, actions, sealed=sealed), state


def _replayed(game: Game, state: Any, actions: Iterable[Any]) -> Any:
    """``state`` after ``actions``, each checked by the rules: :class:`CorruptSave` naming
    the first move they refuse."""
    for number, action in enumerate(actions, start=1):
        try:
            state = game.play(state, action)
        except IllegalAction as error:
            raise CorruptSave(f"Move {number} of this save breaks the rules: {_excerpt(error)}") from None
        except Exception:
            raise CorruptSave(f"Move {number} of this save cannot be played.") from None
    return state


def _excerpt(error: Exception, limit: int = 200) -> str:
    """An error's sentence, cut short so that a refusal never echoes a huge input."""
    text = str(error)
    return text if len(text) <= limit else text[:limit - 3] + "..."
