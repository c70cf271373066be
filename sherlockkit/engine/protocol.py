"""The protocol every game follows, and the checks every game's rules share.

A game is a module (``sherlockkit/games/<id>/rules.py``) with:

- ``NAME`` (the game's id in saves and URLs), ``TITLE`` and ``ACTIONS`` (each kind of
  move by its class name);
- ``new(seed, **options) -> State``: the table as it is dealt, a frozen dataclass; a bad
  option is a ``ValueError`` with a sentence;
- ``view(state, player) -> View``: what that player may see, and nothing else;
- ``legal_moves(view) -> list[Action]``: the moves the view's player may make now,
  worked out from that view alone (what the rules allow you can be seen from your seat);
- ``legal_actions(state, player=None) -> list[Action]``: the same list for ``player``
  (``legal_moves(view(state, player))``), or for every seat that may move now;
- ``refusal(state, action) -> str | None``: the sentence that refuses ``action`` now, or
  ``None`` when the rules allow it. It judges the move from its player's view, so it
  can name no card that player cannot see;
- ``play(state, action) -> State``: the table after the move; a move ``refusal`` refuses
  raises :class:`IllegalAction` with that sentence, and the old state is untouched;
- ``outcome(state)``: ``None`` while the game runs, then the result and the scores;
- ``action_from_json(data) -> Action``, the inverse of :func:`action_to_json`;
- ``shuffle_hidden(state, player, rng) -> State``: the same table with every card
  ``player`` cannot see dealt again among the places hidden from them.

Tables and bots ask ``legal_moves`` and ``refusal``; nothing else works out which moves
exist. ``tests/test_protocol.py`` holds every registered game to this, for every option
set its registry entry declares.
"""

from __future__ import annotations

import dataclasses
import functools
from types import UnionType
from typing import Any, Callable, Iterable, Literal, Mapping, Protocol, Union, get_args, get_origin, get_type_hints

#: The most digits a seed may have (the app draws 128-bit seeds: 39 digits).
MAX_SEED_DIGITS = 40
#: The longest name a player may have.
MAX_NAME = 40


class IllegalAction(ValueError):
    """An action the rules forbid; its message is a sentence for the player."""


class Game(Protocol):
    NAME: str
    TITLE: str
    ACTIONS: Mapping[str, type]

    def new(self, seed: int, **options: Any) -> Any: ...
    def view(self, state: Any, player: int) -> Any: ...
    def legal_moves(self, view: Any) -> list[Any]: ...
    def legal_actions(self, state: Any, player: int | None = None) -> list[Any]: ...
    def refusal(self, state: Any, action: Any) -> str | None: ...
    def play(self, state: Any, action: Any) -> Any: ...
    def outcome(self, state: Any) -> Any: ...
    def action_from_json(self, data: dict) -> Any: ...


class Bot(Protocol):
    """The one bot contract: a bot sits in ``seat`` and chooses from that seat's view.

    ``choose`` returns the action it takes now, or ``None`` when it has nothing to do (not
    its turn, or -- in a speed game -- nothing worth a slap yet). How long it seems to
    think is the widget's business, not the bot's.
    """

    seat: int

    def choose(self, view: Any) -> Any | None: ...


# --- options -------------------------------------------------------------------------------------


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


# --- moves ---------------------------------------------------------------------------------------


def malformed(action: Any, actions: Mapping[str, type], players: int) -> str | None:
    """The sentence refusing ``action`` before any rule is asked -- not one of the game's
    moves, a field not of its declared type (``True`` is not a seat, ``1.0`` not a card),
    a player not seated at the table -- or ``None`` for a well-formed move."""
    if type(action) not in actions.values():
        return "That is not a move of this game."
    wrong = _wrong_field(action)
    if wrong:
        return wrong
    player = getattr(action, "player", 0)
    if not 0 <= player < players:
        return f"There is no player number {player} at this table."
    return None


def action_to_json(action: Any) -> dict:
    """The action as a plain JSON object: its kind and its fields."""
    return {"kind": type(action).__name__, **dataclasses.asdict(action)}


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
    wrong = _wrong_field(action)
    if wrong:
        raise ValueError(wrong[0].lower() + wrong[1:].rstrip("."))
    return action


def _wrong_field(action: Any) -> str | None:
    """A sentence if a field of ``action`` is not of the type its class declares."""
    for name, kinds, values in _field_checks(type(action)):
        value = getattr(action, name)
        if type(value) in kinds or (type(value) in _HASHABLE and (type(value), value) in values):
            continue
        return f"A move's {name} cannot be {shortened(value)}."
    return None


#: The types a literal value of a move's field can have (all hashable).
_HASHABLE = (int, bool, str)


@functools.cache  # one entry per kind of move of the five games (some twenty): what a move is checked by
def _field_checks(cls: type) -> tuple[tuple[str, frozenset, frozenset], ...]:
    """Each field of a kind of move with what it may hold: the exact types it may be of,
    and the (type, value) pairs of the literals it may be (``Literal["deck"]``)."""
    hints = get_type_hints(cls)
    return tuple((f.name, *_allowed(hints[f.name])) for f in dataclasses.fields(cls))


def _allowed(hint: Any) -> tuple[frozenset, frozenset]:
    """The exact types a value of the JSON-able type ``hint`` may be of (``bool`` is not an
    ``int``, ``1.0`` is not an ``int``), and the literal values it may be."""
    if hint is Any:
        return frozenset((int, bool, str, float, type(None), list, dict)), frozenset()
    origin = get_origin(hint)
    if origin in (Union, UnionType):
        parts = [_allowed(h) for h in get_args(hint)]
        return frozenset().union(*(k for k, _ in parts)), frozenset().union(*(v for _, v in parts))
    if origin is Literal:
        return frozenset(), frozenset((type(a), a) for a in get_args(hint))
    if hint is type(None):
        return frozenset({type(None)}), frozenset()
    if hint in (int, bool, str):
        return frozenset({hint}), frozenset()
    return frozenset(), frozenset()


def shortened(value: Any) -> str:
    """``repr(value)``, cut short so a refusal never echoes a huge input back."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


# --- playing -------------------------------------------------------------------------------------


def replay(game: Game, seed: int, options: dict, actions: Iterable[Any]) -> Any:
    """The state reached by dealing ``seed`` with ``options`` and playing ``actions``."""
    state = game.new(seed, **options)
    for action in actions:
        state = game.play(state, action)
    return state


def first_seat(proposals: Mapping[int, Any]) -> Any:
    """Of the moves bots propose at once (seat -> action), the one of the lowest seat."""
    return proposals[min(proposals)]


def proposals(game: Game, state: Any, bots: Mapping[int, Bot]) -> dict[int, Any]:
    """What each of ``bots`` (seat -> bot) would do at ``state``, each shown its own
    seat's view: seat -> move, for the bots that would move now."""
    proposed = {}
    for seat, bot in bots.items():
        action = bot.choose(game.view(state, seat))
        if action is not None:
            proposed[seat] = action
    return proposed


def play_out(game: Game, state: Any, bots: Mapping[int, Bot],
             pick: Callable[[Mapping[int, Any]], Any] = first_seat, limit: int = 100_000) -> tuple[Any, list]:
    """A game played to its end by ``bots`` (seat -> bot): every bot is shown its own
    view; of the moves proposed at once, ``pick`` chooses the one played (by default the
    lowest seat's; a speed game passes the quickest). Returns the final state and every
    move. ``ValueError`` if no bot can move before the end, ``RuntimeError`` past ``limit``."""
    moves: list = []
    while game.outcome(state) is None:
        proposed = proposals(game, state, bots)
        if not proposed:
            raise ValueError("No bot can move, but the game is not over.")
        action = pick(proposed)
        state = game.play(state, action)
        moves.append(action)
        if len(moves) > limit:
            raise RuntimeError(f"The bots went on for more than {limit} moves.")
    return state, moves


def standing(winners: tuple[int, ...], scores: tuple[int, ...], seat: int) -> tuple[bool, float, int]:
    """``(won, share, score)`` of ``seat`` in a game won by ``winners`` (a tie shares the
    win: each tied seat has 1 / their number of it) with ``scores`` seat by seat."""
    won = seat in winners
    return won, 1 / len(winners) if won else 0.0, scores[seat]
