"""Immutable tables, changed cheaply: what every game's moves use to make a new state.

A state is a frozen dataclass; a move makes a new one with :func:`evolve` (the fields it
names set anew, the others shared with the old table) and never changes the old one.
"""

from __future__ import annotations

import dataclasses
from typing import Any


def evolve(obj: Any, **changes: Any) -> Any:
    """``obj`` (a frozen dataclass) with the fields in ``changes`` set anew: what
    ``dataclasses.replace`` returns."""
    return dataclasses.replace(obj, **changes)


def replace_at(seq: tuple, index: int, value: Any) -> tuple:
    """``seq`` with the item at ``index`` replaced by ``value``."""
    return seq[:index] + (value,) + seq[index + 1:]
