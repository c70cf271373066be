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
A save is that triple as JSON with a format version. While the game runs the save is
*sealed* (encrypted and authenticated with a key only this server holds), so it resumes
the game but shows no card; once the game is over it is *open* (readable JSON with a
keyed MAC), a replay to share and study. Neither can be forged without the key.

Past the protocol and the saves come what every game's engine repeats: the checks of
options and moves, and the helpers that keep immutable states cheap to make (:func:`evolve`,
:func:`build`, :func:`frozen`, :func:`remembered`; issue 15). That is why the module is over 400 lines: one
place for what all five games share, so no game restates it.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import hmac
import inspect
import json
import random
import secrets
import _random
from dataclasses import dataclass
from types import UnionType
from typing import (
    Any, Callable, Iterable, Literal, Mapping, Protocol, Sequence, Union, dataclass_transform, get_args, get_origin,
    get_type_hints,
)

from sherlockkit import sealing

SAVE_FORMAT = "sherlockkit-save"
SAVE_VERSION = 3
#: The older versions still read: a game whose play changed since says, in
#: ``older_save_options(version, options)``, the options that replay such a save as it was
#: played (version 3: Express's piles shuffled from one stream a round, the Detective Story
#: Game's dice drawn from one stream a move).
OLDER_VERSIONS = (2,)
#: The longest save text read (a game of any length fits well within it).
MAX_SAVE_CHARS = 1_000_000
#: The most digits a seed may have (the app draws 128-bit seeds: 39 digits).
MAX_SEED_DIGITS = 40


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
    # random.Random(n) seeds twice (in __new__, then again in the Python-level seed of
    # __init__); seeding once with the same whole number gives the very same generator.
    stream = _new_random(random.Random)
    _seed_random(stream, int.from_bytes(digest[:8], "big"))
    stream.gauss_next = None
    return stream


_new_random = random.Random.__new__
_seed_random = _random.Random.seed


def shuffled(stream: random.Random, items: Iterable[Any]) -> list:
    """``items`` as a list in the order ``stream.shuffle`` leaves it, drawing the very same
    numbers from ``stream`` (the loop of ``random.Random.shuffle`` written out, without a
    method call for each card: the shuffles between rounds are a large part of a move)."""
    cards = list(items)
    bits = stream.getrandbits
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = bits(k)
        while j >= n:
            j = bits(k)
        cards[i], cards[j] = cards[j], cards[i]
    return cards


def die(stream: random.Random, sides: int = 6) -> int:
    """``stream.randint(1, sides)``: the same number from the same draws, made directly."""
    bits = stream.getrandbits
    k = sides.bit_length()
    r = bits(k)
    while r >= sides:
        r = bits(k)
    return r + 1


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


def draw_seed() -> int:
    """A seed nobody can guess: 128 random bits (with a million seeds, the cards in view
    would tell which deal it is, and so every hidden card)."""
    return secrets.randbits(128)


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


def save(game: Game, seed: int, options: dict, actions: Sequence[Any]) -> str:
    """The game as a JSON text that :func:`load` turns back into the same game: sealed
    while the game runs (it resumes the game and shows nothing), open once it is over."""
    body = {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "game": game.NAME,
        "seed": seed,
        "options": options,
        "actions": [action_to_json(a) for a in actions],
    }
    over = game.outcome(replay(game, seed, options, actions)) is not None
    return write_save(body, sealed=not over)


def read_save(game: Game, text: Any) -> dict:
    """The body of a save of ``game`` written with this server's key (sealed or open):
    :class:`CorruptSave` with a sentence for anything else."""
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
    return body


def load(game: Game, text: str) -> tuple[Record, Any]:
    """The saved record and the state it replays to.

    Refuses with :class:`CorruptSave` (a sentence, never a traceback) a text that is not
    a save of this game written with this server's key, was edited, is too large, or
    holds options or a move the rules forbid.
    """
    data = read_save(game, text)
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
    for number, action in enumerate(actions, start=1):
        try:
            state = game.play(state, action)
        except IllegalAction as error:
            raise CorruptSave(f"Move {number} of this save breaks the rules: {_excerpt(error)}") from None
        except Exception:
            raise CorruptSave(f"Move {number} of this save cannot be played.") from None
    return Record(game.NAME, seed, options, actions), state


def _excerpt(error: Exception, limit: int = 200) -> str:
    """An error's sentence, cut short so that a refusal never echoes a huge input."""
    text = str(error)
    return text if len(text) <= limit else text[:limit - 3] + "..."


# --- what every game repeats ------------------------------------------------------------------


class Bot(Protocol):
    """The one bot contract: a bot sits in ``seat`` and chooses from that seat's view.

    ``choose`` returns the action it takes now, or ``None`` when it has nothing to do (not
    its turn, or -- in a speed game -- nothing worth a slap yet). How long it seems to
    think is the widget's business, not the bot's.
    """

    seat: int

    def choose(self, view: Any) -> Any | None: ...


def check_seed(seed: Any) -> int:
    """``seed`` if it is a whole number; otherwise ``ValueError`` with a sentence."""
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError(f"A seed is a whole number, not {shortened(seed)}.")
    if abs(seed) >= 10 ** MAX_SEED_DIGITS:
        raise ValueError(f"A seed has at most {MAX_SEED_DIGITS} digits.")
    return seed


def check_players(players: Any, low: int, high: int, title: str) -> int:
    """``players`` if it is a whole number from ``low`` to ``high``; otherwise ``ValueError``."""
    if not isinstance(players, int) or isinstance(players, bool) or not low <= players <= high:
        raise ValueError(f"{title} is for {low} to {high} players, not {shortened(players)}.")
    return players


def check_names(names: Any, players: int) -> tuple[str, ...]:
    """The players' names (``"Player 1"``... when ``names`` is ``None``): one short,
    different text per seat, or ``ValueError``."""
    if names is None:
        return tuple(f"Player {i + 1}" for i in range(players))
    if isinstance(names, (str, bytes)) or not isinstance(names, (list, tuple)):
        raise ValueError("The players' names are a list of texts, one per seat.")
    names = tuple(names)
    if len(names) != players:
        raise ValueError(f"Give every player a name: {players} names, not {len(names)}.")
    if not all(isinstance(n, str) and 0 < len(n.strip()) <= MAX_NAME for n in names):
        raise ValueError(f"A player's name is a text of 1 to {MAX_NAME} characters.")
    if len(set(names)) != players:
        raise ValueError("Give every player a different name.")
    return names


MAX_NAME = 40


def replace_at(seq: tuple, index: int, value: Any) -> tuple:
    """``seq`` with the item at ``index`` replaced by ``value``."""
    return seq[:index] + (value,) + seq[index + 1:]


# --- immutable states, made cheaply ------------------------------------------------------------
# A frozen dataclass's __init__ sets each field through object.__setattr__, and
# dataclasses.replace reads every field and runs __init__ again: the largest cost of a move
# when a state has twenty fields. The two helpers below make the same objects directly.
# Only for classes whose __init__ does nothing else (no __post_init__, every field set by
# __init__); any other class goes through its __init__ as before.


@functools.lru_cache(maxsize=None)
def _plain_fields(cls: type) -> frozenset | None:
    """The field names of ``cls`` if its instances can be made without running __init__
    (a dataclass without __post_init__, InitVar or init=False fields), else ``None``."""
    if not dataclasses.is_dataclass(cls) or hasattr(cls, "__post_init__") or hasattr(cls, "__slots__"):
        return None
    fields = dataclasses.fields(cls)
    # An InitVar is an argument of __init__ that is no field; a ClassVar (a constant of the
    # kind, as an event's) is neither, and changes nothing.
    arguments = list(inspect.signature(cls.__init__).parameters)[1:]
    if any(not f.init for f in fields) or arguments != [f.name for f in fields]:
        return None
    return frozenset(f.name for f in fields)


def build(cls: type, **values: Any) -> Any:
    """A ``cls`` (a frozen dataclass) holding ``values``, one for each of its fields: the
    same object as ``cls(**values)``, made without running __init__ (see :func:`maker`)."""
    return maker(cls)(**values)


@functools.lru_cache(maxsize=None)
def maker(cls: type) -> Callable[..., Any]:
    """A function making a ``cls`` (a frozen dataclass) from all its fields, given by name:
    the same object as ``cls(...)``, its fields set at once instead of one
    ``object.__setattr__`` each (for what is made several times a move, as a view a seat).
    A missing or unknown field is a ``TypeError``, as for ``cls``; a field with a default
    value may be left out, as for ``cls``. A class that is not plain (see
    :func:`_plain_fields`), or with a default factory, is made by ``cls`` itself."""
    names = _plain_fields(cls)
    fields = dataclasses.fields(cls) if names is not None else ()
    if names is None or any(f.default_factory is not dataclasses.MISSING for f in fields):
        return cls
    order = [f.name for f in fields]
    # A field with a default value is taken from the class's defaults when not given.
    defaults = {f"_sk_default_{f.name}": f.default for f in fields if f.default is not dataclasses.MISSING}
    signature = ", ".join(n if f"_sk_default_{n}" not in defaults else f"{n}=_sk_default_{n}" for n in order)
    source = (f"def make_{cls.__name__}(*, {signature}):\n"
              f"    _sk_made = _sk_new(_sk_cls)\n"
              f"    _sk_made.__dict__.update({{{', '.join(f'{n!r}: {n}' for n in order)}}})\n"
              f"    return _sk_made\n")
    space = {"_sk_new": object.__new__, "_sk_cls": cls, **defaults}
    exec(source, space)  # noqa: S102 -- made from the class's own field names, as dataclasses does
    return space[f"make_{cls.__name__}"]


@dataclass_transform(frozen_default=True)
def frozen(cls: type) -> type:
    """``cls`` made a frozen dataclass, as ``@dataclass(frozen=True)`` makes it (the same
    fields, equality, hash and repr, the same ``__init__`` signature), whose ``__init__``
    writes the fields straight into the new object's ``__dict__``: the frozen dataclass's
    own sets them one ``object.__setattr__`` call each, half the cost of making a frame,
    an event or a record, and a move of the Detective Story Game makes some twenty.
    (Writing the ``__dict__`` is what ``object.__setattr__`` does for a plain class;
    nothing else runs in that ``__init__`` when the class has no ``__post_init__``, no
    default factory and no ``init=False`` field, which is checked.)"""
    cls = dataclass(frozen=True)(cls)
    declared = dataclasses.fields(cls)
    if not declared:
        return cls
    if hasattr(cls, "__post_init__") or any(not f.init or f.default_factory is not dataclasses.MISSING for f in declared):
        raise TypeError(f"{cls.__name__}: @frozen takes plain fields only")
    signature = ", ".join(f.name if f.default is dataclasses.MISSING else f"{f.name}=_default_{f.name}" for f in declared)
    writes = "".join(f"\n    fields[{f.name!r}] = {f.name}" for f in declared)
    space = {f"_default_{f.name}": f.default for f in declared if f.default is not dataclasses.MISSING}
    exec(f"def __init__(self, {signature}):\n    fields = self.__dict__{writes}", space)  # noqa: S102
    init = space["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__, init.__annotations__ = cls.__init__.__doc__, cls.__init__.__annotations__
    cls.__init__ = init
    return cls


def evolve(obj: Any, known: Mapping[Any, Any] | None = None, /, **changes: Any) -> Any:
    """``obj`` (a frozen dataclass) with the fields in ``changes`` set anew: what
    ``dataclasses.replace`` returns, without reading every field and running __init__.
    What a state remembers beside its fields (a cached log, the views it has given) is not
    carried over, but for ``known`` (key -> value): what a move knows still holds on the
    table it makes (the same cards face up: the same places to slap), remembered as if
    :func:`remembered` had worked it out. The caller answers for its truth; each game tests
    what it carries against the slow way."""
    names = _plain_fields(type(obj))
    if names is None:
        made = dataclasses.replace(obj, **changes)
    else:
        now = obj.__dict__.copy()  # a plain object's fields are its __dict__'s entries
        if len(now) != len(names):  # drop what was remembered beside the fields
            now.pop(_MEMO, None)
            if len(now) != len(names):
                now = {key: value for key, value in now.items() if key in names}
        now.update(changes)
        if len(now) != len(names):  # a change that is no field of the class
            raise TypeError(f"{type(obj).__name__} has no field {sorted(set(changes) - names)[0]!r}")
        made = _new_object(type(obj))
        _set_attribute(made, "__dict__", now)  # a frozen object's fields, set at once
    if known:
        made.__dict__[_MEMO] = dict(known)
    return made


#: Where :func:`remembered` keeps what it computed for an object, beside its fields.
_MEMO = "_remembered"
_new_object = object.__new__
_set_attribute = object.__setattr__


def recalled(obj: Any, key: Any, default: Any = None) -> Any:
    """What :func:`remembered` keeps for ``obj`` and ``key``, or ``default`` when nothing
    was computed yet (for a move that carries a state's derived data on to the next)."""
    memo = obj.__dict__.get(_MEMO)
    return default if memo is None else memo.get(key, default)


def remembered(obj: Any, key: Any, make: Callable[..., Any], *arguments: Any) -> Any:
    """``make(*arguments)``, computed once for the immutable ``obj`` and ``key`` and kept
    beside its fields (never compared, printed or saved, and not carried over by
    :func:`evolve`): for what a state's moves and views derive from it, asked for several
    times a move (``remembered(state, "slots", places_of, state)`` makes no closure)."""
    memo = obj.__dict__.get(_MEMO)
    if memo is None:
        memo = obj.__dict__[_MEMO] = {}
    elif key in memo:
        return memo[key]
    value = memo[key] = make(*arguments)
    return value


def shortened(value: Any) -> str:
    """``repr(value)``, cut short so a refusal never echoes a huge input back."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _fits(value: Any, hint: Any) -> bool:
    """Whether ``value`` is exactly of the JSON-able type ``hint`` (``bool`` is not an
    ``int``, ``1.0`` is not an ``int``)."""
    if hint is Any:
        return True
    origin = get_origin(hint)
    if origin in (Union, UnionType):
        return any(_fits(value, h) for h in get_args(hint))
    if hint is type(None):
        return value is None
    if hint is int:
        return type(value) is int
    if hint is bool:
        return type(value) is bool
    if hint is str:
        return type(value) is str
    if get_origin(hint) is Literal:
        return any(type(value) is type(a) and value == a for a in get_args(hint))
    return False


@functools.lru_cache(maxsize=None)
def _hints(cls: type) -> dict:
    """The declared types of a move's fields (worked out once per kind of move)."""
    return get_type_hints(cls)


def _exact_type(kind: type) -> Callable[[Any], bool]:
    return lambda value: type(value) is kind


def _checker(hint: Any) -> Callable[[Any], bool]:
    """A test of whether a value fits ``hint``, as :func:`_fits` says, made once per hint."""
    if hint in (int, bool, str):
        return _exact_type(hint)
    if hint is type(None):
        return lambda value: value is None
    if get_origin(hint) in (Union, UnionType) and all(h in (int, bool, str, type(None)) or get_origin(h) is Literal
                                                      for h in get_args(hint)):
        kinds = frozenset(h for h in get_args(hint) if h in (int, bool, str, type(None)))
        literals = frozenset((type(a), a) for h in get_args(hint) if get_origin(h) is Literal for a in get_args(h))
        literal_types = frozenset(kind for kind, _ in literals)  # str, int, bool: hashable
        return lambda value: type(value) in kinds or (type(value) in literal_types and (type(value), value) in literals)
    return lambda value: _fits(value, hint)


@functools.lru_cache(maxsize=None)
def _field_checks(cls: type) -> tuple[tuple[str, Callable[[Any], bool]], ...]:
    """Each field of a kind of move with the test of its declared type (worked out once)."""
    hints = _hints(cls)
    return tuple((f.name, _checker(hints[f.name])) for f in dataclasses.fields(cls))


def check_fields(action: Any) -> str | None:
    """A sentence if a field of ``action`` is not of the type its class declares
    (``Play(0, "Clue", 1.0)``, a seat ``True``), else ``None``."""
    for name, fits in _field_checks(type(action)):
        value = getattr(action, name)
        if not fits(value):
            return f"A move's {name} cannot be {shortened(value)}."
    return None


def check_action(action: Any, actions: Mapping[str, type], players: int) -> None:
    """Raise :class:`IllegalAction` (a sentence) unless ``action`` is one of the game's
    moves with fields of the right types, by a player seated at the table."""
    if type(action) not in actions.values():
        raise IllegalAction("That is not a move of this game.")
    wrong = check_fields(action)
    if wrong:
        raise IllegalAction(wrong)
    player = getattr(action, "player", 0)
    if not 0 <= player < players:
        raise IllegalAction(f"There is no player number {player} at this table.")


def read_action(data: Any, actions: Mapping[str, type]) -> Any:
    """The move a JSON object describes (the inverse of :func:`action_to_json`), checked
    field by field against its class: ``ValueError`` with a short reason otherwise."""
    if not isinstance(data, dict):
        raise ValueError("a move is a JSON object")
    kind = data.get("kind")
    if not isinstance(kind, str) or kind not in actions:
        raise ValueError(f"unknown move {shortened(kind)}")
    cls = actions[kind]
    fields = {k: v for k, v in data.items() if k != "kind"}
    names = {f.name for f in dataclasses.fields(cls)}
    required = {f.name for f in dataclasses.fields(cls)
                if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING}
    if not required <= set(fields) <= names:
        raise ValueError(f"a {kind} move has the fields {', '.join(sorted(names))}")
    action = cls(**fields)
    wrong = check_fields(action)
    if wrong:
        raise ValueError(wrong[0].lower() + wrong[1:].rstrip("."))
    return action


def first_seat(proposals: Mapping[int, Any]) -> Any:
    """Of the moves bots propose at once (seat -> action), the one of the lowest seat."""
    return proposals[min(proposals)]


def play_out(game: Game, state: Any, bots: Mapping[int, Bot],
             pick: Callable[[Mapping[int, Any]], Any] = first_seat, limit: int = 100_000) -> tuple[Any, list]:
    """A game played to its end by ``bots`` (seat -> bot): every bot is shown its own
    view; of the moves proposed at once, ``pick`` chooses the one played (by default the
    lowest seat's; a speed game passes the quickest). Returns the final state and every
    move. ``ValueError`` if no bot can move before the end, ``RuntimeError`` past ``limit``."""
    moves: list = []
    while game.outcome(state) is None:
        proposals = {}
        for seat, bot in bots.items():
            action = bot.choose(game.view(state, seat))
            if action is not None:
                proposals[seat] = action
        if not proposals:
            raise ValueError("No bot can move, but the game is not over.")
        action = pick(proposals)
        state = game.play(state, action)
        moves.append(action)
        if len(moves) > limit:
            raise RuntimeError(f"The bots went on for more than {limit} moves.")
    return state, moves
