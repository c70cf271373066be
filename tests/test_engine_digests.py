"""The engines made faster (issue 15) still play exactly as before: the same deals, legal
moves in the same order, states, views, events and outcomes, move by move.

The digests below were written by the code of commit 2154472 (before the speed work), in an
independent run: that commit checked out in a git worktree and ``tests/replay_digest.py`` run
against it from another folder, so that it imported that worktree's ``sherlockkit``::

    git worktree add --detach /tmp/base 2154472
    mkdir -p /tmp/run/tests && cp tests/random_play.py tests/replay_digest.py /tmp/run/tests/
    touch /tmp/run/tests/__init__.py
    cd /tmp/run && PYTHONPATH=/tmp/base .venv/bin/python -m tests.replay_digest express cardgame story

(the same digests with any ``PYTHONHASHSEED``). A game whose behaviour changes on purpose
writes its new digests down the same way, from the commit that changed it.

The Story's second digest (its dice drawn from one stream a move, save version 3) was
written so, by the commit that changed how its dice are drawn; its first (one stream a
die, as campaigns saved before still play) is still 2154472's, the field ``State.dice``
added since left out (``ADDED_SINCE``).
"""

from __future__ import annotations

import pytest

from tests.replay_digest import RECORDED, digests

#: The digest of each configuration of :data:`tests.replay_digest.RECORDED`, by commit 2154472
#: (the Story's second: see above).
BEFORE = {
    "express": ["a35183c1b83b07e0eb939b38500fdb1104e5742baf4a6fe402a9e03d152f06eb",
                "d95615fc036f749e569ad81ed03d37b9fde20c8713f00de5048cd117c345cb37",
                "d2fce9fcf323848e54e68b457a6e80837d456780287b544e0844f5d18a0501ef"],
    "cardgame": ["7ad821c8806ed0e3684193edd74754ee7e186ca40f67bc794114d0a837cd33d6",
                 "b8fb3b757cb62ee058f5754931cf0e83833b2ba182acbf39213c96862b97ea1a",
                 "25bd876655f680a6605110e065b494d27adfd3ad453662bb5ab78ba4bc39741e"],
    "story": ["e00aee462d0e598dc454c36a9f5d2cc291fa001e322f4ef3a4bad863ae287d13",
              "86444dd063f0dc41ba8215daf86db0f25f002582134f61437d9e91d653a89bae"],
}


@pytest.mark.parametrize("game_id", sorted(BEFORE))
def test_random_games_play_exactly_as_before_the_speed_work(game_id):
    assert len(BEFORE[game_id]) == len(RECORDED[game_id])
    assert digests(game_id) == BEFORE[game_id]
