"""The games in play on this server, kept move by move: why a reload teaches nothing.

A sealed save resumes a game without showing its cards; but a save made before a card was
shown, loaded again after, would hand the player the same deal a second time, and with it
the card (save, peek, load, peek at the next...). So the server keeps every game whose
deal nobody knows as it stands: its moves, written down as they are made (one JSON line a
move), under a name made from its seed with the server's key (``game_id``: neither the
seed nor any card is in the journal). Loading a save of a game that was played on since
resumes it where it was last played, and a window still showing an older position of it
cannot play on from there: a game has one line of play, as at a table, and a reload brings back its last
position, never an earlier one (decided, issue 27: the same guarantee as dealing the
unseen cards again at each load, without changing what the other seats know).

The journal lives in ``SHERLOCKKIT_JOURNAL_DIR``, else in a ``games`` folder beside the
save key (``sealing.key_file``): the servers that share a key must share it. An entry is
kept to the game's end and after it (an old save of a finished game resumes at its end),
and cleared once untouched for :data:`KEEP_DAYS` days, on the next start of a game.
"""

from __future__ import annotations

import fcntl
import hashlib
import hmac
import json
import os
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from sherlockkit.engine import sealing

#: The environment variable naming the journal's folder (else ``games`` beside the key).
JOURNAL_DIR_ENV = "SHERLOCKKIT_JOURNAL_DIR"
#: Days an entry of a game nobody plays is kept.
KEEP_DAYS = 30


def folder() -> Path:
    """Where the journal is kept (made on first use, readable by its owner only)."""
    given = os.environ.get(JOURNAL_DIR_ENV)
    path = Path(given) if given else sealing.key_file().parent / "games"
    path.mkdir(parents=True, exist_ok=True, mode=0o700)
    return path


def game_id(game: str, seed: int) -> str:
    """The journal's name for the game of ``game`` dealt from ``seed``: a keyed digest, so
    the name tells nothing of the seed."""
    return hmac.new(sealing.save_key(), f"journal/{game}/{seed}".encode(), hashlib.sha256).hexdigest()[:40]


@contextmanager
def _locked(game: str, seed: int) -> Iterator[Path]:
    """The entry's file (one JSON line a move), locked against another kernel writing it
    at the same moment."""
    path = folder() / f"{game_id(game, seed)}.moves"
    with open(path.with_suffix(".lock"), "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield path
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def _line(move: dict) -> str:
    return json.dumps(move, sort_keys=True)


def _lines(path: Path) -> list[str]:
    try:
        return path.read_text().splitlines()
    except OSError:
        return []


def moves(game: str, seed: int) -> list:
    """The moves of the game as last played on this server (as JSON objects), or ``[]``."""
    with _locked(game, seed) as path:
        return moves_of(_lines(path))


def _head(path: Path) -> tuple[int, str]:
    """How many moves the entry holds and its last line, from its small head file (written
    with every move, so that a move reads two lines, not the whole game)."""
    try:
        count, _, last = path.with_suffix(".head").read_text().partition("\n")
        return int(count), last
    except (OSError, ValueError):
        lines = _lines(path)  # no head (an entry of an older version): read it whole, once
        return len(lines), lines[-1] if lines else ""


def write(game: str, seed: int, played: list) -> list | None:
    """Record the game's newest move: ``played`` are all its moves (JSON objects), the last
    one just made. ``None`` when written; the journal's moves, and nothing written, when
    the game was played on elsewhere (another window, a reload) from an earlier position
    and this line of play may not go on."""
    with _locked(game, seed) as path:
        count, last = _head(path)
        before = len(played) - 1
        if count > before or (count and last != _line(played[count - 1])):
            return moves_of(_lines(path))
        new = [_line(move) for move in played[count:]]
        with open(path, "a") as out:
            out.writelines(line + "\n" for line in new)
        head = path.with_suffix(".head")
        draft = head.with_name(f".{head.name}.{os.getpid()}")
        draft.write_text(f"{len(played)}\n{new[-1]}")
        os.replace(draft, head)
        return None


def played_on(game: str, seed: int, written: list) -> list | None:
    """The journal's moves of the game, if it was played on past ``written`` (its moves as
    JSON objects, a save's) or otherwise than they say: where a loaded save resumes, since
    a game cannot be taken back. ``None`` when the save is where the game stands (or the
    journal has no more of it)."""
    known = moves(game, seed)
    if len(known) > len(written) or known[:len(written)] != written[:len(known)]:
        return known
    return None


def moves_of(lines: list[str]) -> list:
    """The moves written in ``lines`` (a line cut short by a crash ends them)."""
    out = []
    for line in lines:
        try:
            out.append(json.loads(line))
        except ValueError:
            break
    return out


def clear_old(now: float | None = None) -> int:
    """Remove the entries untouched for :data:`KEEP_DAYS` days: how many went."""
    limit = (time.time() if now is None else now) - KEEP_DAYS * 86_400
    gone = 0
    for path in folder().glob("*.moves"):
        try:
            if path.stat().st_mtime < limit:
                path.unlink()
                path.with_suffix(".head").unlink(missing_ok=True)
                path.with_suffix(".lock").unlink(missing_ok=True)
                gone += 1
        except OSError:
            continue
    return gone
