"""Beyond Baker Street, made faster (issue 15) and then simple again (issue 25), still plays
exactly as before: the same deals, the same legal moves in the same order, the same states,
views, events and outcomes, move by move, over recorded random games (every player count,
easy and hard Case Files, characters dealt) in which every kind of move is played.

The digests below were written by the code of commit 2154472 (before the speed work), in
an independent run, as ``tests/replay_digest.py`` says (a worktree of that commit, its
``game_digest`` run importing that worktree's ``sherlockkit``), for each line of :data:`RECORDED` and :data:`RECORDED_MANY` (the same digests with any
``PYTHONHASHSEED``). A change of behaviour made on purpose writes its new digests down the
same way, from its commit. (Issue 25 listed everyone's moves seat by seat; only the seat
whose turn it is has any, so the order, and these digests, did not change.) The last test
holds ``legal_moves`` to ``refusal`` on every state met: no candidate the rules allow is
left out of the list.
"""

from __future__ import annotations

import pytest

from sherlockkit.games.bakerstreet import rules
from sherlockkit.games.bakerstreet.state import ACTIONS
from tests.random_play import random_game
from tests.replay_digest import game_digest

#: (seeds, options, the digest of commit 2154472): every player count, easy and hard Case
#: Files, characters dealt, and a few games where a Lead is confirmed (rare in random play)
RECORDED = [
    (range(8), {}, "52c6b73073e373b9b140c56ef3f1f7cbb92229e683ecab3bb6ee0d5e01b244da"),
    (range(6), {"players": 3, "case": 4, "characters": "dealt"},
     "104118c08f1d904711041806f7452d61016cef99252493e64552df3285c3a578"),
    (range(6), {"players": 4, "case": 6, "characters": "dealt"},
     "207614283d2cf49640d7dd13ef983ca661965a686ffcea88dc10abcac74f6cf1"),
    (range(4), {"players": 2, "case": 2, "characters": "dealt"},
     "d9afe00799fe2c5cbfd93ebddfd558f2bf39aaec8b984951592032ffa8184694"),
    ((35, 147, 241, 243), {"players": 2, "case": 1, "characters": ["surgeon", "archivist"]},
     "ac76a53fac158b6dffe27a5a275bfc247fb1d5b69610e58c6adc05c2da6e28ee"),
    ((209, 273, 546), {"players": 3, "case": 1, "characters": "dealt"},
     "3f07888ebbe35dc7ff0ba4730f57c14afb9e8bbd0d02d6e62adad07186c3b4ca"),
    ((225,), {}, "9a54c5cc367e198964da3f73515745425ab0293d723ffd3b574a272cd204a0c0"),
]
#: forty games of each of four tables (slow: some ten seconds)
RECORDED_MANY = [
    (range(40), {}, "6581cc18b59386d72c42acdeac747964c60bdeafe997d17b32151a8a64fbb0cc"),
    (range(40), {"players": 3, "case": 4, "characters": "dealt"},
     "f9f3775946562bd98c3702d95972805e1db5d3ce9acc4458314e1880e8b29fbe"),
    (range(40), {"players": 4, "case": 6, "characters": "dealt"},
     "500d21c35ba0a3b2d4a04530bb26537e9a8874cbff5d4012abec26aeded8e486"),
    (range(40), {"players": 2, "case": 2, "characters": "dealt"},
     "14b6c64d7db9e20ac988228e2dad8844ebddb1128718cd8c64ee0db7878431f1"),
]


@pytest.mark.parametrize("seeds, options, before", RECORDED + [pytest.param(*r, marks=pytest.mark.slow) for r in RECORDED_MANY])
def test_random_games_play_exactly_as_before_the_speed_work(seeds, options, before):
    assert game_digest(rules, seeds, **options) == before


def test_the_recorded_games_play_every_kind_of_move():
    """The quick digests hold every move's code: each kind of move is played in them."""
    played = {type(move).__name__ for seeds, options, _ in RECORDED for seed in seeds
              for move in random_game(rules, seed, **options)[1]}
    assert played == set(ACTIONS)


def _every_candidate(state, me) -> list:
    """Every action of ``me`` worth judging, in the order the list of legal moves gives
    them: every Assist pointing at a card, every slot under every section, each section to
    Confirm or Pursue, the powers, each card in the Impossible to Recall."""
    from sherlockkit.games.bakerstreet.cards import ICONS, KINDS, Evidence
    from sherlockkit.games.bakerstreet.state import Assist, Confirm, Eliminate, Investigate, Pursue, Rally, Recall

    out = []
    two = state.characters[me] == "telegraphist"
    for target in range(state.players):
        if target != me:
            hand = state.hands[target]
            numbers = sorted({c.number for c in hand})
            icons = [i for i in ICONS if any(c.icon == i for c in hand)]
            out += [Assist(me, target, number=n) for n in numbers] + [Assist(me, target, icon=i) for i in icons]
            out += [Assist(me, target, n, i) for n in numbers for i in icons] if two else []
    slots = range(len(state.hands[me]))
    out += [Investigate(me, s, kind) for s in slots for kind in KINDS] + [Confirm(me, kind) for kind in KINDS]
    out += [Eliminate(me, s) for s in slots] + [Pursue(me, kind) for kind in KINDS] + [Rally(me)]
    return out + [Recall(me, str(c)) for c in sorted({c for c in state.impossible if isinstance(c, Evidence)})]


@pytest.mark.parametrize("seeds, options", [r[:2] for r in RECORDED])
def test_the_legal_moves_are_the_candidates_refusal_lets_through(seeds, options):
    """Each kind's ``offered`` works its list out with its judge's clauses; what
    ``legal_moves`` lists is every candidate that ``refusal`` lets through, whole, in the
    same order, for every seat (none but the seat whose turn it is): a move ``offered``
    forgot, or one it offers that the judge refuses, would show here."""
    for seed in seeds:
        for state in random_game(rules, seed, **options)[0]:
            for me in range(state.players):
                assert rules.legal_moves(rules.view(state, me)) == [
                    a for a in _every_candidate(state, me) if rules.refusal(state, a) is None]
