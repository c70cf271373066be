"""A fingerprint of everything a game shows while it is played, for the tests that hold an
engine's behaviour fixed while its code is made faster (issue 15).

:func:`game_digest` plays random games (``tests/random_play.py``) and hashes, for every
state met: the whole state (every declared field, hidden cards included), the legal moves in
their order, every seat's view and the outcome. Two codes give the same digest only if they
deal the same cards, offer the same moves in the same order, and write the same events, views
and results.

Objects are hashed by their content, never by ``repr`` or ``id``: a dataclass by its class
name and its compared fields in order, a frozenset or a dict sorted, so the digest does not
depend on ``PYTHONHASHSEED`` nor on what a code caches beside a state's fields.

Run as a script against an older code to write down its digests::

    PYTHONPATH=/tmp/old-checkout .venv/bin/python -m tests.replay_digest express

or, for a recorded list of another game's tests, check that commit out in a git worktree,
copy this file and ``tests/random_play.py`` into it, and call :func:`game_digest` there::

    git worktree add --detach /tmp/base 2154472
    cp tests/replay_digest.py /tmp/base/tests/
    cd /tmp && PYTHONPATH=/tmp/base .venv/bin/python -c "from tests.replay_digest import game_digest; ..."
"""

from __future__ import annotations

import dataclasses
import hashlib
import sys
from fractions import Fraction

from tests.random_play import random_game


class _Hasher:
    """Content hashes of values, remembered by identity for as long as the hasher lives
    (a game's states share most of their parts: their events, their hands). Fields named
    in ``left_out`` (class name -> field names) are not hashed: see :data:`ADDED_SINCE`."""

    def __init__(self, left_out: dict[str, frozenset[str]] | None = None) -> None:
        self.memo: dict[int, tuple[object, str]] = {}
        self.left_out = left_out or {}

    def __call__(self, value) -> str:
        if value is None or type(value) in (bool, int, str, float, Fraction):
            return f"{type(value).__name__}:{value!r}"
        key = id(value)
        known = self.memo.get(key)
        if known is not None and known[0] is value:
            return known[1]
        text = self._content(value)
        digest = hashlib.sha256(text.encode()).hexdigest()[:24]
        self.memo[key] = (value, digest)  # the value is kept alive, so its id stays its own
        return digest

    def _content(self, value) -> str:
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            skip = self.left_out.get(type(value).__qualname__, ())
            parts = [f"{f.name}={self(getattr(value, f.name))}" for f in dataclasses.fields(value)
                     if f.compare and f.name not in skip]
            return f"{type(value).__qualname__}({','.join(parts)})"
        if isinstance(value, (tuple, list)):
            return f"{type(value).__name__}[{','.join(self(v) for v in value)}]"
        if isinstance(value, (frozenset, set)):
            return f"{type(value).__name__}{{{','.join(sorted(self(v) for v in value))}}}"
        if isinstance(value, dict):
            return "dict{" + ",".join(sorted(f"{self(k)}:{self(v)}" for k, v in value.items())) + "}"
        raise TypeError(f"no content hash for a {type(value).__name__}")


def game_digest(rules, seeds, left_out=None, **options) -> str:
    """The digest of random games of ``rules`` dealt from ``seeds`` with ``options``: every
    state, its legal moves (in order), every seat's view and the outcome, move by move
    (without the fields ``left_out``, class name -> field names)."""
    total = hashlib.sha256()
    for seed in seeds:
        content = _Hasher(left_out)
        states, moves = random_game(rules, seed, **options)
        for state in states:
            seats = range(getattr(state, "players", 1))
            total.update(content(state).encode())
            total.update(content(rules.legal_actions(state)).encode())
            for seat in seats:
                total.update(content(rules.legal_actions(state, seat)).encode())
                total.update(content(rules.view(state, seat)).encode())
            total.update(content(rules.outcome(state)).encode())
        total.update(content(moves).encode())
    return total.hexdigest()


#: The games recorded, per game: (seeds, options) pairs. Games as they were played before
#: save version 3 first (Express's piles shuffled one stream a pile, the Story's dice one
#: stream a die), then the same games as they are played since (one stream a round, a move).
_EXPRESS = [(range(4), {}), (range(2), {"players": 2}), (range(2), {"players": 6, "false_alibi": True})]
RECORDED = {
    "express": [(seeds, {**options, "shuffles": "pile"}) for seeds, options in _EXPRESS] + _EXPRESS,
    "cardgame": [(range(6), {}), (range(3), {"players": 3}), (range(3), {"players": 6, "hands": 2})],
    "story": [(range(12), {"dice": "die"}), (range(12), {})],
}

#: Fields a game's state gained after a digest was first written, left out of every digest
#: of the game so that the digests written before still compare: those that stay as its
#: options set them for the whole game (how Express shuffles, how the Story draws its dice),
#: and the card game's events kept seat by seat (each view's events are in the digest).
ADDED_SINCE = {"express": {"State": frozenset({"shuffles"})}, "story": {"State": frozenset({"dice"})},
               "cardgame": {"State": frozenset({"seen_by"})}}


def digests(game_id: str) -> list[str]:
    """The digest of each recorded configuration of ``game_id`` (see :data:`RECORDED`)."""
    from sherlockkit.games import GAMES

    rules = GAMES[game_id].rules
    left_out = ADDED_SINCE.get(game_id)
    return [game_digest(rules, seeds, left_out, **options) for seeds, options in RECORDED[game_id]]


if __name__ == "__main__":
    import sherlockkit

    print("sherlockkit from", sherlockkit.__file__)
    for game in sys.argv[1:]:
        print(game, digests(game))
