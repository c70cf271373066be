"""OpenSpiel's information-set MCTS as a seat of a tournament (issue 31): the level
``"ismcts"`` in any game's lineup, played one seat at a time (``tournament/ismcts.py``),
its games the same each time and legal for the engine, refused with a sentence when they
cannot be played, and the stored tables the chapters read (``ismcts_tables.py``) played
again from their first seeds."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("pyspiel")

from sherlockkit import openspiel  # noqa: E402
from sherlockkit.games import GAMES  # noqa: E402
from sherlockkit.tournament import Grid, TournamentError, grids, seats  # noqa: E402
from sherlockkit.tournament import ismcts, ismcts_tables  # noqa: E402

pytestmark = pytest.mark.research

#: a small budget: the tests ask what is played, not how well
QUICK = {"simulations": 2}


@pytest.mark.parametrize("game, lineup", [
    ("cardgame", ("sleuth", "ismcts", "constable")),
    ("express", ("ismcts", "medium", "hard")),
    ("story", ("ismcts",)),
    ("bakerstreet", ("ismcts", "conventions")),
])
def test_a_game_with_an_ismcts_seat_is_played_to_its_end_by_moves_the_engine_accepts_and_twice_alike(game, lineup):
    rows = seats.play_chunk(game, lineup, "{}", json.dumps(QUICK), (3,))
    assert rows == seats.play_chunk(game, lineup, "{}", json.dumps(QUICK), (3,)), "a game depends on its seed alone"
    assert [r.level for r in rows] == list(lineup) and all(r.moves > 0 for r in rows)
    # the same moves, played by the engine from the deal, end the same game
    final, moves = ismcts.played(game, lineup, {}, QUICK, 3)
    rules = GAMES[game].rules
    state = rules.new(3, **({} if GAMES[game].solo else {"players": len(lineup)}))
    for move in moves:
        assert move in rules.legal_actions(state)
        state = rules.play(state, move)
    assert state == final and rows[0].moves == len(moves)
    outcome = rules.outcome(state)
    assert outcome is not None
    assert [seats.seat_results(game, outcome, seat) for seat in range(len(lineup))] == \
        [(r.won, r.share, r.score) for r in rows]


def test_an_ismcts_seat_plays_where_the_deal_of_the_same_seed_is_the_games_own():
    # the chance node's outcome is the seed: the table dealt is the one the game's own harness deals
    spiel = openspiel.load("cardgame", {"players": 3})
    state = spiel.new_initial_state()
    state.apply_action(17)
    assert state.table.state == GAMES["cardgame"].rules.new(17, players=3)


def test_a_speed_game_with_ismcts_and_our_bots_that_wait_ends_and_its_seats_share_one_win():
    # Sherlock Express: our bots see nothing to slap most of the time, and wait; the game still ends
    rows = seats.play_chunk("express", ("medium", "ismcts", "easy"), "{}", json.dumps(QUICK), (0, 1))
    assert {r.seed for r in rows} == {0, 1} and sum(r.share for r in rows if r.seed == 0) == pytest.approx(1)


@pytest.mark.parametrize("make, sentence", [
    (lambda: Grid("cardgame", [("ismcts", "sleuth", "sleuth")], bot_options=[{"simulations": 0}]),
     "searches at least once a move"),
    (lambda: Grid("cardgame", [("ismcts", "sleuth", "sleuth")], bot_options=[{"simulations": "many"}]),
     "searches at least once a move"),
    (lambda: Grid("cardgame", [("ismcts", "sleuth", "sleuth")], bot_options=[{"simulations": True}]),
     "searches at least once a move"),
    (lambda: Grid("cardgame", [("sleuth", "sleuth", "sleuth")], bot_options=[{"simulations": 5}]),
     "no option 'simulations'"),
    (lambda: Grid("cardgame", [("ismcts", "sleuth", "sleuth")], seeds=range(65_530, 65_540)),
     "seeds run from 0 to 65,535, not 65539"),
    (lambda: Grid("cardgame", [("ismcts", "sleuth", "sleuth")], seeds=[-1, 2]), "not -1"),
    (lambda: Grid("bakerstreet", [("ismcts", "seeing")]), "seeing bot must be told its own hand"),
    (lambda: Grid("express", [("ismct", "easy")]), "levels are easy, medium, hard, expert, ismcts"),
])
def test_a_grid_with_ismcts_that_cannot_be_played_is_refused_with_a_sentence(make, sentence):
    with pytest.raises(TournamentError, match=sentence):
        make()


def test_without_openspiel_a_grid_with_ismcts_says_how_to_install_it(monkeypatch):
    import builtins

    real_import = builtins.__import__

    def no_openspiel(name, globals=None, locals=None, fromlist=(), level=0):
        if name == "pyspiel" or (name == "sherlockkit" and "openspiel" in (fromlist or ())):
            raise ImportError("No module named 'pyspiel'", name="pyspiel")
        return real_import(name, globals, locals, fromlist, level)

    monkeypatch.setattr(builtins, "__import__", no_openspiel)
    with pytest.raises(TournamentError, match=r"pip install sherlockkit\[openspiel\]"):
        Grid("cardgame", [("ismcts", "sleuth", "sleuth")], seeds=range(2))


def test_a_seed_outside_the_chance_nodes_deals_is_refused_by_the_harness_too():
    with pytest.raises(ValueError, match="seeds run from 0 to 65,535"):
        ismcts.play_with_ismcts("cardgame", ("ismcts", "sleuth", "sleuth"), {}, QUICK, 70_000)


@pytest.mark.parametrize("game", sorted(ismcts_tables.STORED))
def test_the_stored_table_is_its_grid_played_and_its_first_seeds_play_again_alike(game):
    grid = ismcts_tables.STORED[game]()
    rows = ismcts_tables.stored(game)
    cells = {(r.lineup, r.options, r.bot_options) for r in rows}
    assert cells == {(",".join(lineup), options, bot) for lineup, options, bot in grid.cells()}
    assert len(rows) == sum(len(lineup) for lineup, _, _ in grid.cells()) * len(grid.seeds)
    # the first seed of each lineup with IS-MCTS, played again, gives its stored rows
    for lineup, options, bot_options in grid.cells():
        if ismcts.ISMCTS not in lineup or lineup != tuple(sorted(lineup, key=lambda level: level != ismcts.ISMCTS)):
            continue  # (one rotation a lineup: each takes seconds)
        again = seats.play_chunk(game, lineup, options, bot_options, (grid.seeds[0],))
        assert again == [r for r in rows if r.lineup == ",".join(lineup) and r.options == options
                         and r.seed == grid.seeds[0]]


def test_the_standings_give_every_level_of_every_lineup_its_rate_and_interval():
    rates = ismcts_tables.standings("cardgame")
    grid = ismcts_tables.STORED["cardgame"]()
    assert {(dict(r.group)["lineup"], dict(r.group)["level"]) for r in rates} == {
        (",".join(lineup), level) for lineup, _, _ in grid.cells() for level in set(lineup)}
    for rate in rates:
        assert rate.games == len(grid.seeds) and rate.low <= rate.rate <= rate.high
    # the seats of one game share one win between them (a tie shares it)
    for lineup, _, _ in grid.cells():
        shares = sum(r.share * r.seats for r in rates if dict(r.group)["lineup"] == ",".join(lineup))
        assert shares == pytest.approx(len(grid.seeds))


def test_the_card_game_grid_seats_ismcts_in_every_seat_against_each_level():
    grid = grids.cardgame_against_ismcts(seeds=range(2))
    with_ismcts = [lineup for lineup in grid.lineups if ismcts.ISMCTS in lineup]
    assert sorted(lineup.index(ismcts.ISMCTS) for lineup in with_ismcts) == [0, 0, 1, 1, 2, 2]
    assert {level for lineup in with_ismcts for level in lineup} == {"ismcts", "sleuth", "constable"}


def test_by_table_counts_each_lineup_with_its_rotations_once():
    tables = ismcts_tables.by_table("cardgame")
    assert set(tables) == {("ismcts", "sleuth", "sleuth"), ("constable", "constable", "ismcts"),
                           ("constable", "constable", "sleuth")}
    seeds = len(ismcts_tables.STORED["cardgame"]().seeds)
    for key, rates in tables.items():
        assert set(rates) == set(key)
        assert all(rate.games == 3 * seeds for rate in rates.values())  # three rotations of each deal
        assert sum(rate.seats for rate in rates.values()) == 3 * 3 * seeds
    (team,) = ismcts_tables.by_table("bakerstreet")[("ismcts", "ismcts")].values()
    assert team.seats == 2 * team.games
