"""Picture Perfect: one module a kind of move, each the one judge of its kind.

Each kind's module says why a move may not be made (``refusal``, from the player's view)
and offers the moves its judge allows (``offered``): placing a guest and aiming the
camera work their list out clause by clause, the others ask the judge about their
candidates. Here, at positions of random parties of every option set the registry
declares, every kind's offer is exactly every candidate of its kind (a figure on every
space, the camera anywhere, every envelope, junk included) that its judge lets through,
in order; and the moves made once (``place.EVERY_PLACE``, ``aim.EVERY_AIM``) are the moves
made afresh, every one of them.
"""

from __future__ import annotations

import random

import pytest

from sherlockkit.games import GAMES
from sherlockkit.games.picture import aim, place, rules
from sherlockkit.games.picture.cards import MAX_PLAYERS
from sherlockkit.games.picture.figures import FIGURE_NAMES
from sherlockkit.games.picture.mat import SPACES
from sherlockkit.games.picture.photo import CAMERA_HEIGHTS, CAMERA_XS
from sherlockkit.games.picture.questions import ANSWERS, KINDS
from sherlockkit.games.picture.state import Aim, Answer, Ask, Pass, Place, Ready, Return, Take, Unplace, Vip
from tests.random_play import random_game

OPTION_SETS = dict(GAMES["picture"].option_sets)
#: names a move may carry: every figure, and two that are nobody's
NAMES = FIGURE_NAMES + ("Moriarty", "")


def candidates(kind: type, seat: int, players: int) -> list:
    """Every move of ``kind`` by ``seat`` worth judging: every name, space, camera place
    (one beyond each end too), seat, question and answer, and some junk."""
    if kind in (Take, Pass, Return, Vip, Unplace):
        return [kind(seat, name) for name in NAMES]
    if kind is Place:
        return [Place(seat, name, str(space)) for name in NAMES for space in SPACES] + [Place(seat, "Tom", "1B")]
    if kind is Aim:
        return [Aim(seat, x, h) for x in range(CAMERA_XS.start - 1, CAMERA_XS.stop + 1)
                for h in range(CAMERA_HEIGHTS.start - 1, CAMERA_HEIGHTS.stop + 1)]
    if kind is Ready:
        return [Ready(seat)]
    if kind is Ask:
        return [Ask(seat, target, question, name) for target in range(players + 1)
                for question in KINDS + ("anything",) for name in NAMES]
    return [Answer(seat, answer) for answer in ANSWERS + ("maybe",)]


@pytest.mark.parametrize("name", list(OPTION_SETS), ids=lambda n: n.replace(" ", "_"))
def test_each_kind_offers_exactly_what_its_judge_allows(name):
    options = dict(OPTION_SETS[name])
    rng = random.Random(name)
    judged = {kind: 0 for kind in rules.MOVES}
    for seed in range(2):
        states, _ = random_game(rules, seed, limit=600, **options)
        for state in rng.sample(states, min(len(states), 25)):
            for seat in range(state.players):
                seen = rules.view(state, seat)
                for kind, module in rules.MOVES.items():
                    allowed = {m for m in candidates(kind, seat, state.players) if module.refusal(seen, m) is None}
                    offered = module.offered(seen)
                    assert len(set(offered)) == len(offered), f"{kind.__name__}: a move offered twice"
                    assert set(offered) == allowed, f"{name}: {kind.__name__} offers {set(offered) ^ allowed}"
                    judged[kind] += len(offered)
                assert rules.legal_moves(seen) == [m for module in rules.MOVES.values() for m in module.offered(seen)]
    played = {kind.__name__ for kind, n in judged.items() if n}
    assert {"Place", "Unplace", "Aim", "Ready"} <= played and played & {"Take", "Pass", "Return"}


def test_the_moves_made_once_are_every_move_made_afresh():
    for seat in range(MAX_PLAYERS):
        for figure in FIGURE_NAMES:
            assert place.EVERY_PLACE[seat][figure] == tuple(Place(seat, figure, str(s)) for s in SPACES)
        assert aim.EVERY_AIM[seat] == tuple(Aim(seat, x, h) for x in CAMERA_XS for h in CAMERA_HEIGHTS)
    assert set(place.EVERY_PLACE) == set(aim.EVERY_AIM) == set(range(MAX_PLAYERS))


def test_the_order_of_the_offers_is_the_partys_figures_then_the_board():
    """Moves are offered in a fixed order: figures in party order, spaces in board order,
    the camera across then up; the kinds in the order of ``rules.MOVES``."""
    state = rules.new(3, players=2, sherlock=True, irene=True)
    while state.phase != "arranging":
        state = rules.play(state, rules.legal_actions(state)[0])
    seen = rules.view(state, 0)
    places = place.offered(seen)
    figures = [m.guest for m in places]
    assert figures == sorted(figures, key=FIGURE_NAMES.index) and "Watson" in figures
    assert [m.space for m in places if m.guest == figures[0]] == [str(s) for s in SPACES]
    assert aim.offered(seen) == [m for m in aim.EVERY_AIM[0] if (m.x, m.height) != state.cameras[0]]
    kinds = [type(m) for m in rules.legal_moves(seen)]
    assert kinds == sorted(kinds, key=list(rules.MOVES).index)
