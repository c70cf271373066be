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

Save version 3 changed how two games draw: Express shuffles every pile between rounds
from one stream a round, the Story draws a move's dice from one stream a move. Their
digests of the games as played since (Express's last three, the Story's second) were
written so, by the commits that made the change; the first ones, of the games as they
were played before (and as their older saves still play: ``shuffles="pile"``,
``dice="die"``), are still 2154472's, with the fields added since left out
(``ADDED_SINCE``).
"""

from __future__ import annotations

import pytest

from tests.replay_digest import RECORDED, digests

#: The digest of each configuration of :data:`tests.replay_digest.RECORDED`, by commit 2154472
#: (Express's last three and the Story's second: see above).
BEFORE = {
    "express": ["a35183c1b83b07e0eb939b38500fdb1104e5742baf4a6fe402a9e03d152f06eb",
                "d95615fc036f749e569ad81ed03d37b9fde20c8713f00de5048cd117c345cb37",
                "d2fce9fcf323848e54e68b457a6e80837d456780287b544e0844f5d18a0501ef",
                "db2cee83a4ce087300839bbafe3be3c77b3b696f3eb402527567261a17264503",
                "c9b7b7e02c0cab4a0ac2fe70068ef66f7385f6d0e4275de8f7bc61310cd3eabb",
                "fe530ad5e35b4e7da2b27698631c652ffa009743b43bdf1fcf7fbc11cb0a53ba"],
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
