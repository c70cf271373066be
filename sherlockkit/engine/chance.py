"""Chance: every die and shuffle of a game comes from its seed and the move being made.

``chance(seed, step, purpose)`` is the random source of the ``step``-th move of the game
dealt from ``seed``; so ``(seed, options, moves)`` replays a game exactly, and a save is
that triple. A deal's seed is drawn by :func:`draw_seed` from the server's entropy.
"""

from __future__ import annotations

import hashlib
import random
import secrets
from typing import Any, Iterable


def chance(seed: int, step: int, purpose: str = "") -> random.Random:
    """The random source for the ``step``-th action of the game dealt with ``seed``.

    Two calls with the same arguments give the same sequence; ``purpose`` separates
    independent draws made at the same step (a shuffle of piles, a deck).
    """
    digest = hashlib.sha256(f"{seed}/{step}/{purpose}".encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


def shuffled(stream: random.Random, items: Iterable[Any]) -> list:
    """``items`` as a list, shuffled by ``stream`` (``random.shuffle``'s order)."""
    cards = list(items)
    stream.shuffle(cards)
    return cards


def die(stream: random.Random, sides: int = 6) -> int:
    """A roll of a die of ``sides`` faces drawn from ``stream``."""
    return stream.randint(1, sides)


def draw_seed() -> int:
    """A seed nobody can guess: 128 random bits (with a million seeds, the cards in view
    would tell which deal it is, and so every hidden card)."""
    return secrets.randbits(128)
