"""Beyond Baker Street's searching bot (``search.py``): it plays what the rules offer, reads
its view alone, keeps the blueprint's move unless the played-out tables say clearly
otherwise, and values a played-out case as its docstring says. Its strength is measured
by the ladder (``ladder.csv``), not here: a search takes seconds a case."""

from __future__ import annotations

import random

import pytest

from sherlockkit.games.bakerstreet import bots, inference, rules, search, teams
from sherlockkit.games.bakerstreet.cards import INVESTIGATION_GOAL
from sherlockkit.games.bakerstreet.state import Assist, Confirm
from tests.random_play import random_game

from .table import E, L, rig

#: the smallest budget: one table played out a candidate (the tests check the method, not its strength)
ONE = 1


def positions():
    """Open positions of random games at several table sizes and case files."""
    for players, case, seed in ((2, 1, 0), (3, 4, 1), (4, 6, 2)):
        states, _ = random_game(rules, seed, players=players, case=case)
        yield from (s for s in states[:12:3] if rules.outcome(s) is None)


def test_a_searching_team_plays_a_case_to_its_end_with_moves_the_rules_offer():
    bots_ = bots.make_bots({0: "search", 1: "search"}, 5, deals=ONE)
    state = rules.new(5, 2, 1)
    while rules.outcome(state) is None:
        view = rules.view(state, state.turn)
        move = bots_[state.turn].choose(view)
        assert move in rules.legal_moves(view)
        state = rules.play(state, move)
    assert rules.outcome(state) is not None


def test_it_reads_its_view_alone():
    """The cards it cannot see dealt again (the same view): the same move from the same source."""
    checked = 0
    for state in positions():
        view = rules.view(state, state.turn)
        again = rules.shuffle_hidden(state, state.turn, random.Random(9))
        if rules.view(again, state.turn) != view:
            continue  # the re-deal moved a card the player was told about
        options = rules.legal_moves(view)
        assert search.search(view, options, random.Random(1), ONE) == search.search(
            rules.view(again, state.turn), options, random.Random(1), ONE)
        checked += 1
    assert checked >= 3


def test_a_settled_move_is_played_without_searching(monkeypatch):
    """A Lead to confirm: the blueprint's Confirm, no table played out."""
    state = rig([E("Witness 1", "Witness 2"), E("Clue 1", "Track 4")],
                piles={"Opportunity": ((L("Opportunity", "Clue", 7),), E("Clue 3", "Clue 4"))})
    view = rules.view(state, 0)
    monkeypatch.setattr(search, "values", lambda *a, **k: pytest.fail("searched a settled move"))
    assert search.search(view, rules.legal_moves(view), random.Random(0)) == Confirm(0, "Opportunity")


def _unsettled():
    state = rig([E("Witness 1", "Witness 2", "Track 5"), E("Clue 1", "Track 4", "Document 2")])
    view = rules.view(state, 0)
    options = rules.legal_moves(view)
    blueprint = inference.inference(view, options, random.Random(0))
    moves = search.candidates(view, options, blueprint)
    assert not search.settled(view, options) and len(moves) > 1 and moves[0] == blueprint
    return view, options, moves


@pytest.mark.parametrize("gain, chosen", [(search.MARGIN * 2, 1), (search.MARGIN / 2, 0), (-0.3, 0)])
def test_it_leaves_the_blueprint_only_for_a_clear_gain(monkeypatch, gain, chosen):
    view, options, moves = _unsettled()
    worths = [0.4] * len(moves)
    worths[1] = 0.4 + gain
    monkeypatch.setattr(search, "values", lambda *a, **k: list(worths))
    assert search.search(view, options, random.Random(0)) == moves[chosen]


def test_the_candidates_are_the_blueprint_the_best_card_moves_and_the_best_hint():
    view, options, moves = _unsettled()
    best_cards = [m for _, m in inference.card_moves(view, options)[:search.CARD_CANDIDATES]]
    assert all(m in moves for m in best_cards)
    assert any(isinstance(m, Assist) for m in moves)  # Holmes can afford a hint at Case File 1
    assert len(moves) == len(set(moves)) and all(m in options for m in moves)


def test_every_candidate_is_played_out_on_the_same_tables():
    """Common tables: a move played twice as two candidates is worth the same."""
    view, options, moves = _unsettled()
    worths = search.values(view, [moves[1], moves[0], moves[1]], random.Random(3), deals=3)
    assert worths[0] == worths[2]


def test_a_played_out_case_is_worth_a_win_and_a_little_for_its_progress():
    half = rig([E("Witness 1"), E("Clue 1")], investigation=10,
               piles={"Suspect": ((L("Suspect", "Clue", 11),), E("Clue 5", "Clue 6"))})
    # the rigged Suspect holds 11 of 11: its whole quarter; Motive, Opportunity nothing; the track half
    assert search.progress(half) == (1 + 0 + 0 + 10 / INVESTIGATION_GOAL) / 4
    over = rig([E("Witness 1"), E("Clue 1")], investigation=INVESTIGATION_GOAL + 1)
    assert search.progress(over) == 0
    assert search.worth(half) == search.PROGRESS * search.progress(half)
    # a case the seeing bots win: every section confirmed, the track on 20
    seed, game = teams.first_won("seeing", 2, 1)
    won = teams.tables(seed, 2, 1, game.moves)[-1]
    assert search.progress(won) == 1 and search.worth(won) == 1 + search.PROGRESS


def test_a_played_out_case_ends_and_replays_the_same():
    state = rules.new(3, 3, 2)
    view = rules.view(state, state.turn)
    move = rules.legal_moves(view)[0]
    first = search.played_out(state, move, random.Random(8))
    assert first == search.played_out(state, move, random.Random(8))
    assert 0 <= first <= 1 + search.PROGRESS


def test_a_searching_bot_is_given_a_budget_of_whole_tables():
    with pytest.raises(ValueError, match="at least one table"):
        bots.make_bots({0: "search"}, 0, deals=0)
    assert bots.make_bots({0: "search"}, 0)[0].deals == search.DEALS
    view = rules.view(rules.new(0), 0)
    assert bots.make_bots({0: "search"}, 0, deals=2)[0].choose(view) in rules.legal_moves(view)


def test_the_inference_bots_scores_are_the_exact_chances_scores():
    """``inference.card_moves`` scores from whole counts of deals, divided at the end: every
    score is, to the last bit, what its docstring's formula gives on the exact chances
    (``Fraction``), as the bot once computed it -- so the stored ladder's cases still replay."""
    from sherlockkit.games.bakerstreet import odds
    from sherlockkit.games.bakerstreet.state import Eliminate, Investigate

    scored = 0
    for players, case, seed in ((2, 1, 3), (3, 4, 4), (4, 6, 5)):
        state = rules.new(seed, players, case)
        for move in teams.play_case("inference", players, case, seed).moves:
            view = rules.view(state, state.turn)
            options = rules.legal_moves(view)
            expected = {}
            for a in options:
                if isinstance(a, Investigate):
                    o = odds.investigate_odds(view, a.card, a.lead, rational=False)
                    expected[a] = float(3 * o.exact + o.advance - 4 * o.kill - inference.INF_WRONG * o.wrong_icon)
                elif isinstance(a, Eliminate):
                    o = odds.eliminate_odds(view, a.card, rational=False)
                    if not o.over:
                        crowded = len(view.impossible) >= view.impossible_limit
                        expected[a] = float(2 * o.exact) + inference.INF_ELIM - (0.5 if crowded else 0)
            got = inference.card_moves(view, options)
            assert {a: score for score, a in got} == expected
            assert [a for _, a in got] == sorted(expected, key=lambda a: -expected[a])  # ties: the list's order
            scored += len(got)
            state = rules.play(state, move)
    assert scored > 100
