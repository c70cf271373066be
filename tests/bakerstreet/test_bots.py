"""Beyond Baker Street: the bots (``bots.py``) and the ladder (``ladder.py``). Every bot
plays one of the moves its view offers; bots below "seeing" never read their own cards;
the conventions decode as the module documents them. That each level beats the one below
is the ladder's stored table, replayed block by block (``test_ladder.py``)."""

from __future__ import annotations

import random

import pytest

from sherlockkit.games.bakerstreet import bots, conventions, ladder, rules
from sherlockkit.games.bakerstreet.state import Assist, Confirm, Eliminate, Investigate, Pursue

from .table import E, L, rig

BLIND = ("random", "conventions", "inference")
#: every team the tests play: a level, a table size, characters or none
TEAMS = [(level, players, characters) for level in bots.LEVELS for players in (2, 3, 4)
         for characters in (None, rules.DEALT)]
#: cases played by each team (Case Files 1 and 2); the searching team plays the first only
SEEDS = range(2)


def _seeds(level: str) -> range:
    """The cases a team of ``level`` bots plays here."""
    return SEEDS[:1] if level == "search" else SEEDS


def _games(level: str, players: int, seed: int, characters=None):
    """Every (state, seat, the move its bot chose) a case passes through, played by
    ``level`` bots."""
    state = rules.new(seed, players, 1 + seed % 6, characters)
    # a searching bot plays one table out a candidate (its own tests play its full budget)
    team = bots.make_bots({p: level for p in range(players)}, seed, peek=lambda seat: state.hands[seat], deals=1)
    while rules.outcome(state) is None:
        seat = state.turn
        move = team[seat].choose(rules.view(state, seat))
        yield state, seat, move
        state = rules.play(state, move)


@pytest.fixture(scope="module")
def played() -> dict:
    """The positions of every team's cases, by team: ``[(state, seat, move), ...]``."""
    return {team: [at for seed in _seeds(team[0]) for at in _games(team[0], team[1], seed, team[2])] for team in TEAMS}


def test_bots_choose_one_of_the_moves_their_view_offers_and_only_on_their_turn(played):
    for (level, players, _), positions in played.items():
        assert len(positions) > len(_seeds(level)) * 8, level
        team = bots.make_bots({p: level for p in range(players)}, 0, peek=lambda seat: None)
        for state, seat, move in positions:
            assert move in rules.legal_moves(rules.view(state, seat)), (level, move)
            others = [p for p in range(players) if p != seat]
            assert all(team[p].choose(rules.view(state, p)) is None for p in others)


@pytest.mark.parametrize("level", BLIND)
def test_blind_bots_choose_the_same_when_their_own_cards_are_dealt_again(played, level):
    rng = random.Random(level)
    changed = 0
    for (lv, players, characters), positions in played.items():
        if lv != level:
            continue
        for k, (state, seat, move) in enumerate(positions):
            moved = rules.shuffle_hidden(state, seat, rng)
            changed += moved.hands[seat] != state.hands[seat]
            seed = k % 7
            one = bots.make_bots({seat: level}, seed)[seat].choose(rules.view(state, seat))
            two = bots.make_bots({seat: level}, seed)[seat].choose(rules.view(moved, seat))
            assert one == two
    assert changed > 10  # the test did move cards


def test_the_seeing_bot_does_read_its_own_cards():
    """The yardstick sees through ``peek``: on a table where its own card fits exactly, it plays it."""
    state = rig([E("Clue 5", "Witness 1"), E("Track 2", "Track 3")],
                piles={"Suspect": ((L("Suspect", "Clue", 11),), E("Clue 6"))})
    bot = bots.make_bots({0: "seeing"}, 0, peek=lambda seat: state.hands[seat])[0]
    assert bot.choose(rules.view(state, 0)) == Investigate(0, 0, "Suspect")
    with pytest.raises(ValueError, match="peek"):
        bots.make_bots({0: "seeing"}, 0)
    with pytest.raises(ValueError, match="levels are"):
        bots.make_bots({0: "genius"}, 0)


def _after(state, action):
    return rules.play(state, action)


def test_an_icon_hint_means_play_the_newest_card_pointed_at_under_that_icons_lead():
    # Player 2 holds two Clues; the Suspect wants Clue and lacks 5 (Clue 6 under an 11)
    state = rig([E("Witness 1", "Witness 2", "Witness 3"), E("Clue 1", "Track 6", "Clue 5")],
                piles={"Suspect": ((L("Suspect", "Clue", 11),), E("Clue 6")),
                       "Motive": ((L("Motive", "Witness", 9),), ()),
                       "Opportunity": ((L("Opportunity", "Document", 7),), ())})
    giver = bots.make_bots({0: "conventions"}, 0)[0]
    hint = giver.choose(rules.view(state, 0))
    assert isinstance(hint, Assist) and hint.target == 1
    state = _after(state, Assist(0, 1, icon="Clue"))
    receiver = bots.make_bots({1: "conventions"}, 0)[1]
    assert receiver.choose(rules.view(state, 1)) == Investigate(1, 2, "Suspect")  # slot 2: the newest Clue


def test_a_number_hint_goes_under_the_first_lead_it_makes_exact():
    state = rig([E("Witness 1", "Witness 2", "Witness 3"), E("Document 4", "Track 6", "Clue 2")],
                piles={"Suspect": ((L("Suspect", "Clue", 11),), E("Clue 6")),
                       "Motive": ((L("Motive", "Witness", 9),), ()),
                       "Opportunity": ((L("Opportunity", "Document", 7),), E("Document 3"))})
    state = _after(state, Assist(0, 1, number=4))
    receiver = bots.make_bots({1: "conventions"}, 0)[1]
    assert receiver.choose(rules.view(state, 1)) == Investigate(1, 0, "Opportunity")


def test_a_number_hint_that_would_bring_the_track_to_20_means_eliminate():
    state = rig([E("Witness 1", "Witness 2", "Witness 3"), E("Clue 1", "Track 4", "Witness 6")],
                investigation=16)
    state = _after(state, Assist(0, 1, number=4))
    for level in ("conventions", "inference"):
        receiver = bots.make_bots({1: level}, 0)[1]
        assert receiver.choose(rules.view(state, 1)) == Eliminate(1, 1)
    # the giver gives that hint when it is the one good move it sees
    state = rig([E("Witness 1", "Witness 2", "Witness 3"), E("Track 4",)], investigation=16)
    giver = bots.make_bots({0: "conventions"}, 0)[0]
    assert giver.choose(rules.view(state, 0)) == Assist(0, 1, number=4)


def test_a_hint_is_forgotten_once_its_receiver_has_played_a_card():
    state = rig([E("Witness 1", "Witness 2", "Witness 3"), E("Clue 1", "Track 4", "Witness 6")],
                investigation=10)
    state = _after(state, Assist(0, 1, number=4))
    assert conventions.fresh_hint(rules.view(state, 1)) is not None
    state = _after(state, Eliminate(1, 0))
    assert conventions.fresh_hint(rules.view(state, 1)) is None


def test_a_teammate_waiting_on_an_assist_is_not_told_again():
    # three seats: seat 1 holds the Clue 5 the Suspect lacks and is told so by seat 0;
    # seat 2 then sees that same hint as the only good one (seat 0 holds Tracks, which no
    # Lead wants), but seat 1 has not played yet
    piles = {"Suspect": ((L("Suspect", "Clue", 11),), E("Clue 6")),
             "Motive": ((L("Motive", "Witness", 9),), ()),
             "Opportunity": ((L("Opportunity", "Document", 7),), ())}
    state = rig([E("Track 1", "Track 2", "Track 3"), E("Track 4", "Track 6", "Clue 5"),
                 E("Track 5", "Witness 1", "Clue 1")], piles=piles)
    for level in ("conventions", "inference"):
        hint = bots.make_bots({0: level}, 0)[0].choose(rules.view(state, 0))
        assert isinstance(hint, Assist) and hint.target == 1 and (hint.icon, hint.number) in {("Clue", None), (None, 5)}
    # seat 1 answers with an Assist of its own (no card played), and it is seat 2's turn
    told = _after(_after(state, hint), Assist(1, 2, icon="Track"))  # no Lead wants Tracks
    view = rules.view(told, 2)
    assert conventions.waiting(view, 1) and not conventions.waiting(view, 0)
    for level in ("conventions", "inference"):
        move = bots.make_bots({2: level}, 0)[2].choose(view)
        assert not (isinstance(move, Assist) and move.target == 1), (level, move)
    # once seat 1 has played a card, it may be told again
    played = _after(_after(_after(told, Eliminate(2, 0)), Eliminate(0, 0)), Investigate(1, 2, "Suspect"))
    assert not conventions.waiting(rules.view(played, 2), 1)


def test_the_last_lead_is_confirmed_only_on_exactly_20():
    done = ((L("Motive", "Witness", 9),), E("Witness 3", "Witness 6"))
    piles = {"Suspect": ((L("Suspect", "Clue", 11),), E("Clue 5", "Clue 6")), "Motive": done,
             "Opportunity": ((L("Opportunity", "Document", 7),), E("Document 3", "Document 4"))}
    for level in ("conventions", "inference"):
        state = rig([E("Witness 1", "Witness 2"), E("Track 1", "Track 2")], piles=piles, investigation=18)
        state = _after(_after(state, Confirm(0, "Suspect")), Confirm(1, "Motive"))
        bot = bots.make_bots({0: level}, 0)[0]
        assert bot.choose(rules.view(state, 0)) != Confirm(0, "Opportunity")


def test_ladder_games_are_the_same_from_the_same_seed():
    one, two = ladder.play_case("inference", 3, 2, 11), ladder.play_case("inference", 3, 2, 11)
    assert one == two and one.moves
    assert ladder.play_case("random", 3, 2, 12).moves != one.moves


def test_wilson_interval():
    low, high = ladder.wilson(0, 30)
    assert low == 0 and high == pytest.approx(ladder.Z95 ** 2 / (30 + ladder.Z95 ** 2))
    low, high = ladder.wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)


def test_the_table_has_a_row_for_each_level_size_and_case():
    rows = ladder.ladder_table(games=2, levels=("random", "seeing"), players=(2, 3), cases=(1, 6))
    assert [(r.level, r.players, r.case) for r in rows] == [
        (lv, n, c) for lv in ("random", "seeing") for n in (2, 3) for c in (1, 6)]
    assert all(r.games == 2 and 0 <= r.low <= r.wins / 2 <= r.high <= 1 and r.per_second > 0 for r in rows)


def test_a_mixed_team_plays_a_case():
    game = ladder.play_case({0: "seeing", 1: "conventions", 2: "inference"}, 3, 1, 5)
    assert game.outcome is not None and {m.player for m in game.moves} == {0, 1, 2}


def test_the_seeing_bot_never_risks_a_lead_it_can_see_while_it_can_pass():
    """The seeing bound has no harmful fallback (issue 29): with Holmes able to afford a
    step and an Assist offered, it never plays a card under a Lead it does not fit (a wrong
    icon, or past the target), never eliminates past 20, and pursues only dead ends."""
    checked = 0
    for players, case, seed in [(p, c, s) for p in (2, 3, 4) for c in (1, 6) for s in range(12)]:
        state = rules.new(seed, players, case)
        team = bots.make_bots({p: bots.SEEING for p in range(players)}, seed, peek=lambda seat: state.hands[seat])
        while rules.outcome(state) is None:
            view = rules.view(state, state.turn)
            move = team[state.turn].choose(view)
            could_pass = view.holmes > 1 and any(isinstance(a, Assist) for a in rules.legal_moves(view))
            if could_pass and isinstance(move, Investigate):
                card, pile = state.hands[move.player][move.card], view.piles[[p.kind for p in view.piles].index(move.lead)]
                assert card.icon == pile.lead.icon and pile.total + card.number <= pile.target, (seed, move)
                checked += 1
            if could_pass and isinstance(move, Eliminate):
                assert view.investigation + state.hands[move.player][move.card].number <= 20, (seed, move)
            if could_pass and isinstance(move, Pursue):
                pile = next(p for p in view.piles if p.kind == move.lead)
                assert conventions.dead_end(view, pile), (seed, move)
            state = rules.play(state, move)
    assert checked > 100


@pytest.mark.parametrize("level, case", [("inference", 1), ("seeing", 6)])
def test_holmes_steps_account_for_where_his_marker_ends(level, case):
    """Each case alone: his start, plus the Confirms, less the hints and the crowding, is
    where the marker stands at the end (no characters: no Rally; he never reaches the top
    from these starts); a hint is one Assist."""
    from sherlockkit.games.bakerstreet import teams
    from sherlockkit.games.bakerstreet.cards import CASE_FILES

    for seed in range(4):
        steps = teams.holmes_steps(level, 2, case, [seed])
        game = teams.play_case(level, 2, case, seed)
        end = teams.tables(seed, 2, case, game.moves)[-1]
        assert CASE_FILES[case].holmes + steps.confirms - steps.hints - steps.crowded == end.holmes
        assert steps.hints == sum(isinstance(m, Assist) for m in game.moves)
        assert steps.won == game.outcome.won and steps.cases == 1
    both = teams.holmes_steps(level, 2, case, range(4))
    assert both.investigates == sum(
        sum(isinstance(m, Investigate) for m in teams.play_case(level, 2, case, s).moves) for s in range(4)) / 4
