"""Immutable tables, changed cheaply: what every game's moves use to make a new state.

A state is a frozen dataclass; a move makes a new one with :func:`evolve` (the fields it
names set anew, the others shared with the old table) and never changes the old one.
"""

from __future__ import annotations

import dataclasses
import functools
from typing import Any


def made(cls: type, fields: dict) -> Any:
    """The frozen dataclass ``cls`` holding ``fields`` (every one of its fields by name, and
    nothing else; the dict becomes the object's own): the object ``cls(**fields)`` makes,
    equal to it, made without running ``__init__`` -- for a record of many fields made
    often, as a view every seat asks for or the state a move freezes (CONTRIBUTING.md,
    "Speed"). ``TypeError`` for a class whose ``__init__`` does more than set its fields,
    or for too many or too few fields."""
    names = _fields_only(cls)
    if names is None or len(fields) != len(names):
        raise TypeError(f"a {cls.__name__} is made from exactly its fields: {', '.join(sorted(names or ()))}")
    record = object.__new__(cls)
    object.__setattr__(record, "__dict__", fields)
    return record


def evolve(obj: Any, **changes: Any) -> Any:
    """``obj`` (a frozen dataclass) with the fields in ``changes`` set anew: what
    ``dataclasses.replace`` returns.

    The speed trick of the engine (CONTRIBUTING.md, "Speed"): for a class whose
    ``__init__`` only sets its fields, the new object is made from a copy of the old one's
    fields instead of running ``__init__`` again (a frozen dataclass's sets each field with
    a call of its own); anything kept beside the fields (a cached property) is left
    behind. Any other class goes through ``dataclasses.replace``."""
    names = _fields_only(type(obj))
    if names is None:
        return dataclasses.replace(obj, **changes)
    if not names.issuperset(changes):
        raise TypeError(f"{type(obj).__name__} has no field {sorted(set(changes) - names)[0]!r}")
    fields = obj.__dict__.copy()
    if len(fields) != len(names):  # something was kept beside the fields: not carried over
        fields = {name: fields[name] for name in names}
    fields.update(changes)
    record = object.__new__(type(obj))
    object.__setattr__(record, "__dict__", fields)
    return record


@functools.cache  # one entry per kind of record of the five games (a few dozen classes)
def _fields_only(cls: type) -> frozenset[str] | None:
    """The field names of ``cls`` if its ``__init__`` does nothing but set them (a dataclass
    without ``__post_init__``, slots or fields left out of ``__init__``), else ``None``."""
    if not dataclasses.is_dataclass(cls) or hasattr(cls, "__post_init__") or hasattr(cls, "__slots__"):
        return None
    fields = dataclasses.fields(cls)
    if any(not f.init for f in fields):
        return None
    return frozenset(f.name for f in fields)


def replace_at(seq: tuple, index: int, value: Any) -> tuple:
    """``seq`` with the item at ``index`` replaced by ``value``."""
    return seq[:index] + (value,) + seq[index + 1:]
