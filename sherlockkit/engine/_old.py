"""What the games used before issue 25, kept only until each game no longer needs it:
fields written without ``__init__`` (``build``, ``maker``, ``frozen``), a state's
remembered results (``remembered``, ``recalled``), ``evolve`` carrying what a move knows,
and ``check_action``. To be removed when no game imports them."""

from __future__ import annotations

import dataclasses
import functools
import inspect
from types import UnionType
from typing import Any, Callable, Literal, Mapping, Union, dataclass_transform, get_args, get_origin, get_type_hints
from dataclasses import dataclass

from sherlockkit.engine.protocol import IllegalAction, _fits, shortened


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


