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

Issue 25 made every game list everyone's moves seat by seat (``legal_actions(state)`` is
each seat's ``legal_moves`` in turn): Express's turn's Reveal no longer comes first. That
order is in the digest, so Express's were written again by the commit that changed it,
after checking that a digest with everyone's moves sorted (every state, each seat's own
moves in order, every view and outcome) was the same for that commit and the one before.

Issue 25 also took the Story's log out of its ``State`` and ``View`` (the log is now
``narration.log(view)``, told from the events): a field the digest hashed, so the Story's
were written again by the commit that removed it, after checking that the digests with
``log`` left out of ``State`` and ``View`` (and ``dice`` out of ``State``, as
``ADDED_SINCE`` says) were the same for that commit and the one before, and that every
view's ``narration.log`` was, line for line, the ``log`` the code before gave.

Issue 28 made the Story's Luck offer say whether the roll goes against the player
(``Decision.against``, and its prompt's words): the Story's were written again by the
commit that added it, after checking that with every roll judged "not against"
(``luck.JUDGES`` emptied) and ``Decision.against`` left out, the digests were the ones
before.
"""

from __future__ import annotations

import pytest

from tests.replay_digest import RECORDED, digests

#: The digest of each configuration of :data:`tests.replay_digest.RECORDED`, by commit 2154472
#: (Express's and the Story's: see above).
BEFORE = {
    "express": ["a24939f1554c5db8ee13dcd21ad40961846b03495c6fcb9bd6a6f5140971616f",
                "3f87c402c4249af5ac71023751c335d558a94104dd0e30f6e3b7486925e20224",
                "7b2c7571f1ed8ccec1aa8a9a0b584495950b99b0b1a761c0289de4883573fef7",
                "9aa66124cdebf4e466a5774efcf5eac0de1678c593a6a82656f548afac750593",
                "e0232571d6e4fe39bb17197cd7586b04c8c3e31ce97b1f1e263e20bbcc221761",
                "d308a1e3fbbe4f991e174a9eb5b28bfa4ef31542e1cb039c38f84be0ded04af4"],
    "cardgame": ["7ad821c8806ed0e3684193edd74754ee7e186ca40f67bc794114d0a837cd33d6",
                 "b8fb3b757cb62ee058f5754931cf0e83833b2ba182acbf39213c96862b97ea1a",
                 "25bd876655f680a6605110e065b494d27adfd3ad453662bb5ab78ba4bc39741e"],
    "story": ["ec0bb3c324ac7da5b948bfa3382d7a062712472f4073992ef4a3d7f597cd5677",
              "9b90f6583fbe0a1a18161fe1adb259aaa805a81640ec24ef4af5bd87e56d33f3"],
}


@pytest.mark.parametrize("game_id", sorted(BEFORE))
def test_random_games_play_exactly_as_before_the_speed_work(game_id):
    assert len(BEFORE[game_id]) == len(RECORDED[game_id])
    assert digests(game_id) == BEFORE[game_id]
