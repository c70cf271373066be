"""Every number chance gives a case during a move: the player's dice, and the other draws
(an opponent's strike die, 1d3 of Luck, an Ally picked at random).

The player's dice of a move come from one stream of bytes, the move's: the SHA-256 of
``"{seed}/{step}/dice {block}"`` (32 bytes a block, a next block if a move ever needs
more), each byte below 252 giving the face ``byte % 6 + 1`` (252 is 42 × 6, so every face
is equally likely; a byte from 252 up is passed over). A campaign replays exactly from its
seed and moves. The rarer draws each come from their own stream,
``engine.chance(seed, move, "foe N")`` (``"d3 N"``, ``"pick N"``), N counting the numbers
drawn so far in the move.

Campaigns saved before (save version 2) drew each die from its own stream,
``engine.chance(seed, move, "die N")``: they are played with ``dice = "die"``
(:data:`ONE_STREAM_A_DIE`), which keeps that way, so that they replay as they were played.
One stream a move is the default, :data:`ONE_STREAM_A_MOVE`: seeding a generator for each
die was a third of a move's time.

The tests force :func:`roll_dice` and :func:`draw` (``tests/story/conftest.py``).
"""

from __future__ import annotations

import hashlib
import random

from sherlockkit.engine import chance, die
from sherlockkit.games.story.state import Sheet

#: The player's dice drawn from one stream a move (campaigns since save version 3).
ONE_STREAM_A_MOVE = "move"
#: Each of the player's dice drawn from its own stream (campaigns saved at version 2).
ONE_STREAM_A_DIE = "die"
WAYS = (ONE_STREAM_A_MOVE, ONE_STREAM_A_DIE)

#: What each byte of the stream gives: ``byte % 6 + 1`` for 0 to 251 (42 bytes a face);
#: the bytes from 252 up are passed over.
_FACE_OF_BYTE = bytes(byte % 6 + 1 for byte in range(256))
_PASSED_OVER = bytes(range(252, 256))


def roll_dice(sheet: Sheet, count: int) -> tuple[int, ...]:
    """``count`` fresh d6 for the player: the next faces of the move's stream (or, in a
    campaign saved at version 2, each die from its own stream)."""
    first = sheet.draws
    sheet.draws = first + count
    if sheet.dice == ONE_STREAM_A_DIE:
        return tuple([die(chance(sheet.seed, sheet.step, f"die {n}")) for n in range(first, first + count)])
    faces, at = sheet.dice_faces, sheet.dice_at
    while len(faces) - at < count:  # the faces read so far run out: the stream's next block
        block = dice_block(sheet.seed, sheet.step, sheet.dice_blocks)
        faces, at = faces[at:] + block.translate(_FACE_OF_BYTE, _PASSED_OVER), 0
        sheet.dice_blocks += 1
    sheet.dice_faces, sheet.dice_at = faces, at + count
    return tuple(faces[at:at + count])


def dice_block(seed: int, step: int, block: int) -> bytes:
    """The ``block``-th 32 bytes of the dice stream of move ``step`` of the campaign ``seed``."""
    return hashlib.sha256(f"{seed}/{step}/dice {block}".encode()).digest()


def draw(sheet: Sheet, what: str) -> random.Random:
    """The stream for the next number of this move: ``"foe"`` (an opponent's strike),
    ``"d3"`` (Luck lost with a friend) or ``"pick"`` (someone at random)."""
    stream = chance(sheet.seed, sheet.step, f"{what} {sheet.draws}")
    sheet.draws += 1
    return stream
