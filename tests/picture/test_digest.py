"""Picture Perfect made faster (issue 15) still plays exactly as before: the same deals,
the same legal moves in the same order, the same states, views, events and outcomes, move
by move, over recorded random parties: the base game with 2, 3, 4 and 6 players, with and
without notes, the variant "detectives as guests", and (slow: long parties, a thousand
moves each) the Sherlock expansion with Irène and the variant "more suspects".

The digests below were written by the code of commit 2154472 (before the speed work), in
an independent run, as ``tests/replay_digest.py`` says (a worktree of that commit, its
``game_digest`` run importing that worktree's ``sherlockkit``), for each line of :data:`RECORDED` and :data:`RECORDED_SLOW` (the same digests with any
``PYTHONHASHSEED``). A change of behaviour made on purpose writes its new digests down the
same way, from its commit.

The digests play every state before asking its views; the last tests ask views between
moves (so that ``play`` hands each seat's events on) and hold ``moves`` to ``refusal``.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from sherlockkit.games.picture import rules
from sherlockkit.games.picture.state import ACTIONS
from tests.random_play import random_game
from tests.replay_digest import game_digest

DETECTIVES, MORE = "detectives as guests", "more suspects"
#: (seeds, options, the digest of commit 2154472)
RECORDED = [
    (range(3), {}, "9f28306be7fc3c73162e8afa6de3ed028915d728dd8134468a29c5365d7d7d4c"),
    (range(2), {"players": 3, "variant": DETECTIVES}, "e772c07d3219eab54789ea372aa2f89ec9f1d1e056186db2a092a77575217ccd"),
    (range(2), {"players": 4, "notes": True}, "1b7830177c10af7204e834f090fca365518baf0db3d2f8cd5122604fd3780f88"),
]
#: some ten to thirty seconds each
RECORDED_SLOW = [
    (range(1), {"players": 6, "notes": True}, "e655cfc46ccbbdb1a747649da2457ae7e392bf21312a1db90eacb11eb2fa40de"),
    (range(1), {"players": 2, "sherlock": True}, "ff2363e2b23f0c84600c8230cedcc495ec5eac724cd56bfe3810b4af26d63920"),
    (range(1), {"players": 3, "sherlock": True, "irene": True},
     "9daa18d1c119de50473c24bfc657a8f6ed80a279343cb9e856c7e60642f88fc6"),
    (range(1), {"players": 2, "sherlock": True, "irene": True, "variant": MORE},
     "c1f0f2ea5929595c5c372a8bc5083afadb1ade9839e119725537ec449b692a1e"),
]


@pytest.mark.parametrize("seeds, options, before",
                         RECORDED + [pytest.param(*r, marks=pytest.mark.slow) for r in RECORDED_SLOW])
def test_random_parties_play_exactly_as_before_the_speed_work(seeds, options, before):
    assert game_digest(rules, seeds, **options) == before


def test_the_recorded_parties_play_every_kind_of_move():
    """The digests hold every move's code: each kind of move is played in them (the
    questions only in the Sherlock parties, the slow ones)."""
    played = {type(move).__name__ for seeds, options, _ in RECORDED + RECORDED_SLOW for seed in seeds
              for move in random_game(rules, seed, **options)[1]}
    assert played == set(ACTIONS)


@pytest.mark.parametrize("seed, options", [(1, {"players": 3}), (2, {"players": 2, "sherlock": True}),
                                           (3, {"players": 4, "notes": True})])
def test_the_events_handed_on_from_move_to_move_are_each_seats_own(seed, options):
    """``play`` hands each seat's events on from the state before (when its view was asked
    there); whichever views were asked along the way, every view is the one worked out
    afresh from the state's fields alone (a copy that remembers nothing)."""
    rng = random.Random(seed)
    state = rules.new(seed, **options)
    kinds = set()
    for _ in range(400):
        if rules.outcome(state) is not None:
            break
        for seat in range(state.players):
            if rng.random() < 0.6:
                assert rules.view(state, seat) == rules.view(dataclasses.replace(state), seat)
        kinds |= {type(e).__name__ for e in state.events}
        legal = rules.legal_actions(state)
        kind = rng.choice(sorted({type(a).__name__ for a in legal}))
        state = rules.play(state, rng.choice([a for a in legal if type(a).__name__ == kind]))
    # the events a seat sees otherwise than as they are were met: another's reading, choice, answer
    assert {"Read", "VipSlipped"} <= kinds
    assert "Chose" in kinds or "Answered" in kinds


def _every_candidate(state, player) -> list:
    """Every move of ``player`` worth judging in the state's phase, in the order ``moves``
    lists them: what ``moves`` offered by asking ``refusal`` about each, before issue 15."""
    from sherlockkit.games.picture.alibis import INVESTIGATORS, IRENE
    from sherlockkit.games.picture.guests import party
    from sherlockkit.games.picture.mat import SPACES
    from sherlockkit.games.picture.photo import CAMERA_HEIGHTS, CAMERA_XS
    from sherlockkit.games.picture.state import Aim, Pass, Place, Ready, Return, Take, Unplace, Vip

    guests = party(state)
    if state.phase in ("exchanging", "choosing"):
        return [kind(player, g) for kind in (Take, Pass, Return) for g in guests]
    figures = guests + (INVESTIGATORS if state.sherlock else ()) + ((IRENE,) if state.irene else ())
    return ([Place(player, g, str(s)) for g in figures for s in SPACES] + [Unplace(player, g) for g in figures]
            + [Vip(player, g) for g in guests] + [Aim(player, x, h) for x in CAMERA_XS for h in CAMERA_HEIGHTS]
            + [Ready(player)])


@pytest.mark.parametrize("seed, options", [(4, {"players": 3}), (5, {"players": 2, "sherlock": True, "irene": True}),
                                           (6, {"players": 3, "variant": DETECTIVES})])
def test_moves_are_the_candidates_refusal_lets_through(seed, options):
    """``moves`` asks refusal's judge piece by piece; what it offers is every candidate that
    ``refusal`` lets through, whole, in the same order -- in every phase but the questions'
    (whose moves still ask ``refusal`` whole)."""
    from sherlockkit.games.picture.legal import moves, refusal

    states, _ = random_game(rules, seed, limit=300, **options)
    phases = set()
    for state in states[::3]:
        if state.phase in ("over", "asking", "answering"):
            continue
        phases.add(state.phase)
        for player in range(state.players):
            judged = [a for a in _every_candidate(state, player) if refusal(state, a) is None]
            assert moves(state, player) == judged
    assert "arranging" in phases and phases & {"exchanging", "choosing"}
