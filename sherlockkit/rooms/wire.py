"""A seat's view as JSON, and back: what a room sends each of its seats.

A view is a frozen record of the game (a dataclass of ``sherlockkit.games``) holding
numbers, texts, ``None``, tuples, frozensets and other such records (dataclasses, and
named tuples). Each becomes JSON:
a number, a text or ``None`` as itself; a tuple as ``{"()": [...]}``; a frozenset as
``{"{}": [...]}`` (in a fixed order); a record as ``{"type": "<game>.<Class>", "fields":
{...}}``. :func:`view_from_json` gives back an equal view, of the same types all the way
down, and makes nothing but the records of ``sherlockkit.games``: a frame naming
anything else, or a record with a field too many or too few, is a ``ValueError``.

A view holds what its seat may see and nothing else (the engine's ``view``): what goes
over the wire to a seat is exactly that.
"""

from __future__ import annotations

import dataclasses
import importlib
import json
from typing import Any

GAMES_PACKAGE = "sherlockkit.games"
#: the deepest nesting a frame may have (a view nests some five records deep)
DEEPEST = 32


def view_to_json(view: Any) -> Any:
    """``view`` as a JSON value (see the module's text)."""
    if view is None or type(view) in (bool, int, str, float):
        return view
    if type(view) is tuple:
        return {"()": [view_to_json(x) for x in view]}
    if type(view) is frozenset:
        items = [view_to_json(x) for x in view]
        return {"{}": sorted(items, key=lambda item: json.dumps(item, sort_keys=True))}
    names = _field_names(type(view))
    if names is not None:
        cls = type(view)
        if not cls.__module__.startswith(GAMES_PACKAGE + "."):
            raise TypeError(f"a {cls.__name__} is not a record of the games")
        name = f"{cls.__module__[len(GAMES_PACKAGE) + 1:]}.{cls.__qualname__}"
        return {"type": name, "fields": {n: view_to_json(getattr(view, n)) for n in names}}
    raise TypeError(f"a view holds no {type(view).__name__}")


def view_from_json(data: Any, depth: int = 0) -> Any:
    """The view :func:`view_to_json` made ``data`` from; ``ValueError`` with a short reason
    for anything else."""
    if depth > DEEPEST:
        raise ValueError("a frame nested too deep")
    if data is None or type(data) in (bool, int, str, float):
        return data
    if type(data) is dict and set(data) == {"()"} and type(data["()"]) is list:
        return tuple(view_from_json(x, depth + 1) for x in data["()"])
    if type(data) is dict and set(data) == {"{}"} and type(data["{}"]) is list:
        return frozenset(view_from_json(x, depth + 1) for x in data["{}"])
    if type(data) is dict and set(data) == {"type", "fields"} and type(data["fields"]) is dict:
        cls = _record_class(data["type"])
        names = _field_names(cls)
        if set(data["fields"]) != set(names):
            raise ValueError(f"a {cls.__name__} has the fields {', '.join(sorted(names))}")
        fields = {name: view_from_json(data["fields"][name], depth + 1) for name in names}
        if issubclass(cls, tuple):  # a named tuple
            return cls(**fields)
        record = object.__new__(cls)  # the fields as they were sent: the record was made and checked by the engine
        object.__setattr__(record, "__dict__", fields)
        return record
    raise ValueError("not part of a view")


def _field_names(cls: type) -> tuple[str, ...] | None:
    """The fields of a record class (a dataclass, or a named tuple), in order; ``None``
    for any other class."""
    if dataclasses.is_dataclass(cls):
        return tuple(f.name for f in dataclasses.fields(cls))
    if issubclass(cls, tuple) and isinstance(getattr(cls, "_fields", None), tuple):
        return cls._fields
    return None


def _record_class(name: Any) -> type:
    """The record class ``"<game>.<Class>"`` names, in a module of the games only."""
    if not isinstance(name, str) or name.count(".") < 1 or not all(p.isidentifier() for p in name.split(".")):
        raise ValueError("a record names its type as game.module.Class")
    module_name, _, qualname = name.rpartition(".")
    try:
        module = importlib.import_module(f"{GAMES_PACKAGE}.{module_name}")
    except ImportError:
        raise ValueError(f"no record type {name[:60]}") from None
    cls = getattr(module, qualname, None)
    if not (isinstance(cls, type) and _field_names(cls) is not None and cls.__module__ == module.__name__):
        raise ValueError(f"no record type {name[:60]}")
    return cls
