"""Beyond Baker Street: a recorded case read back (``teams``' ``first_won``, ``tables``,
``turn_events``, ``record``): the first case a team wins, its tables replayed by the
engine, and the turns the chapter remarks on."""

from __future__ import annotations

import pytest

from sherlockkit.games.bakerstreet import rules, teams
from sherlockkit.games.bakerstreet.cards import INVESTIGATION_GOAL
from sherlockkit.games.bakerstreet.events import Assisted
from sherlockkit.games.bakerstreet.state import Assist, Confirm, Eliminate, Investigate, Pursue


@pytest.fixture(scope="module")
def won():
    """The chapter's case: the first that two inference bots win on Case File 1."""
    seed, game = teams.first_won("inference", 2, 1)
    return seed, game, teams.tables(seed, 2, 1, game.moves)


def test_the_first_case_won_is_won_and_every_case_before_it_lost(won):
    seed, game, _ = won
    assert game.outcome.won and game == teams.play_case("inference", 2, 1, seed)
    assert not any(teams.play_case("inference", 2, 1, s).outcome.won for s in range(seed))


def test_a_team_that_wins_nothing_is_a_sentence():
    with pytest.raises(ValueError, match="wins none of the first 3 cases of Case File 6"):
        teams.first_won("random", 2, 6, search=3)


def test_the_tables_are_the_deal_and_the_engine_after_each_move(won):
    seed, game, states = won
    assert len(states) == len(game.moves) + 1 and states[0] == rules.new(seed, 2, 1)
    assert all(rules.play(before, move) == after for before, move, after in zip(states, game.moves, states[1:]))
    assert rules.outcome(states[-1]) == game.outcome
    # each turn's events, one after the other, are the whole story after the deal
    told = [e for t in range(1, len(states)) for e in teams.turn_events(states, t)]
    assert tuple(told) == states[-1].events[len(states[0].events):]


def test_the_record_of_a_won_case(won):
    _, game, states = won
    record = teams.record(states, game.moves)
    assert record.turns == len(game.moves) == sum(record.kinds.values())
    assert list(record.kinds.values()) == sorted(record.kinds.values(), reverse=True)
    for kind, turns in ((Investigate, record.investigates), (Confirm, record.confirms),
                        (Eliminate, record.eliminates)):
        assert turns == tuple(t for t, m in enumerate(game.moves, 1) if isinstance(m, kind))
        assert record.kinds.get(kind.__name__, 0) == len(turns)
    assert set(record.on_a_hint) <= set(record.investigates)
    assert record.first_confirm == record.confirms[0] and len(record.confirms) == 3  # a won case confirms all three
    assert states[record.reached_goal].investigation == INVESTIGATION_GOAL
    assert all(s.investigation != INVESTIGATION_GOAL for s in states[:record.reached_goal])
    assert record.first_hint in teams.turn_events(states, record.first_assist)
    assert not any(isinstance(e, Assisted) for t in range(1, record.first_assist) for e in teams.turn_events(states, t))
    assert record.holmes == states[-1].holmes


def test_the_record_of_a_few_moves_played_by_hand():
    state = rules.new(3, 2, 1)  # seat 0 first; seat 1 holds Document 1 in slot 1
    assert state.turn == 0
    moves = [Assist(0, 1, number=1), Investigate(1, 1, "Opportunity"), Assist(0, 1, icon="Track"),
             Pursue(1, "Suspect")]
    states = teams.tables(3, 2, 1, moves)
    record = teams.record(states, moves)
    assert record.turns == 4 and record.kinds == {"Assist": 2, "Investigate": 1, "Pursue": 1}
    assert (record.investigates, record.on_a_hint) == ((2,), (2,))
    assert record.first_assist == 1 and record.first_hint == Assisted(0, 1, 1, None, (1,))
    assert (record.first_confirm, record.reached_goal, record.confirms, record.eliminates) == (None, None, (), ())
    assert record.holmes == states[-1].holmes == state.holmes - 2  # two Assists, each a step to Holmes


def test_a_record_needs_a_table_for_every_move():
    states = teams.tables(3, 2, 1, [Assist(0, 1, number=1)])
    with pytest.raises(ValueError, match="1 moves make 2 tables, not 1"):
        teams.record(states[:1], [Assist(0, 1, number=1)])
