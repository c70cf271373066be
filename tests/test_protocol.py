"""The protocol every game follows (``sherlockkit.engine.protocol``), tested over every
game of ``sherlockkit.games.GAMES`` and every option set its entry declares.

A game registered there is tested here the moment it is: random games end; a seat's
legal moves are worked out from its view alone and are the moves the rules accept; a
refused move is a sentence, the same one ``play`` raises, and changes nothing; a game
replays exactly and survives a save; a tampered save is refused; a player's view does not
change when the cards hidden from them move; every bot level chooses one of the moves its
view offers; a finished game tells a tournament each seat's result. Nothing here names a
game: what differs between games is read from the registry.
"""

from __future__ import annotations

import dataclasses
import json
import pickle
import random

import pytest

from sherlockkit import engine
from sherlockkit.engine import CorruptSave, IllegalAction
from sherlockkit.games import GAMES, GameEntry, load_save, rules_of
from tests.random_play import MOVE_LIMIT, random_game

#: Random games played to the end per option set.
GAMES_EACH = 3
#: Values the page could send in place of any field of a move.
JUNK = (-1, 99, 10**30, None, True, False, 1.0, 0.5, "", "nonsense", "x" * 5_000, [], {}, (1, 2))
#: Every option set of every game, as (game id, set name).
OPTION_SETS = [(entry.id, name) for entry in GAMES.values() for name in entry.option_sets]


def _ids(pair) -> str:
    return f"{pair[0]}-{pair[1].replace(' ', '_')}"




@pytest.fixture(params=sorted(GAMES), scope="module")
def game(request) -> GameEntry:
    return GAMES[request.param]


@pytest.fixture(params=OPTION_SETS, ids=_ids, scope="module")
def option_set(request) -> tuple[GameEntry, dict]:
    game_id, name = request.param
    entry = GAMES[game_id]
    return entry, dict(entry.option_sets[name])


@pytest.fixture(scope="module")
def played(option_set):
    """A few random games of one option set, shared by the tests below: ``(entry, options,
    [(seed, states, moves), ...])``."""
    entry, options = option_set
    return entry, options, [(seed, *random_game(entry.rules, seed, **options)) for seed in range(GAMES_EACH)]


def _players(state) -> int:
    return getattr(state, "players", 1)


def _positions(games, each: int = 12):
    """Some states met in ``games``, spread over each game (its deal and its end too)."""
    for _, states, _ in games:
        yield from states[:: max(1, len(states) // each)]
        yield states[-1]


# --- the registry -----------------------------------------------------------------------------------------


PROTOCOL = ("NAME", "TITLE", "ACTIONS", "new", "view", "legal_moves", "legal_actions", "refusal", "play", "outcome",
            "action_from_json", "shuffle_hidden", "standing")


def test_every_registered_game_has_the_protocol(game):
    rules = game.rules
    for name in PROTOCOL:
        assert hasattr(rules, name), f"{game.id}: rules.{name} is missing"
    assert rules.NAME == game.id and rules.TITLE == game.title
    assert rules_of(game.id) is rules
    for name, cls in rules.ACTIONS.items():
        assert cls.__name__ == name and dataclasses.is_dataclass(cls)
        assert cls.__dataclass_params__.frozen, f"{name} must be frozen"
        # a saved move keeps its class's name under "kind" (engine.action_to_json): a field of
        # that name would overwrite it, and the save would not load
        assert "kind" not in {f.name for f in dataclasses.fields(cls)}, f"{name} has a field called kind"
    assert callable(game.narration.log) and callable(game.play_function()) and callable(game.standing_function())


def test_the_registry_describes_each_game_by_numbers_and_option_sets(game):
    assert 1 <= game.min_players <= game.max_players
    names = list(game.option_sets)
    assert names[0] == "rulebook" and dict(game.option_sets["rulebook"]) == {}, "the rulebook's game comes first"
    for name, options in game.option_sets.items():
        state = game.rules.new(0, **options)
        assert game.min_players <= _players(state) <= game.max_players, f"{game.id} {name}: players out of range"
    if not game.solo:
        for players in (game.min_players, game.max_players):
            assert _players(game.rules.new(0, players=players)) == players
        for players in (game.min_players - 1, game.max_players + 1):
            with pytest.raises(ValueError):
                game.rules.new(0, players=players)
    with pytest.raises(KeyError, match="no game called"):
        rules_of("chess")


# --- every game ends, and tells what happened --------------------------------------------------------------


def test_random_games_end_and_each_move_records_events(played):
    entry, options, games = played
    rules = entry.rules
    for seed, states, moves in games:
        final = states[-1]
        assert rules.outcome(final) is not None, f"{entry.id} {options}: seed {seed} did not end in {MOVE_LIMIT} moves"
        assert rules.legal_actions(final) == []
        for before, after in zip(states, states[1:]):
            assert len(after.events) > len(before.events), f"{entry.id}: a move recorded no event"
            assert after.events[: len(before.events)] == before.events, "events are only ever added"
        assert all(dataclasses.is_dataclass(e) and e.__dataclass_params__.frozen for e in final.events)
        for player in range(_players(final)):
            lines = entry.narration.log(rules.view(final, player))
            assert lines and all(isinstance(line, str) and line for line in lines)


def test_a_finished_game_tells_each_seat_its_standing(played):
    entry, _, games = played
    for _, states, _ in games:
        outcome = entry.rules.outcome(states[-1])
        for seat in range(_players(states[-1])):
            won, share, score = entry.rules.standing(outcome, seat)
            assert type(won) is bool and 0 <= share <= 1 and (share > 0) == won
            assert score is None or type(score) is int


# --- one list of moves ---------------------------------------------------------------------------------------


def test_a_seats_legal_moves_come_from_its_view_and_are_what_the_rules_accept(played):
    entry, _, games = played
    rules = entry.rules
    for state in _positions(games):
        everyone = []
        for player in range(_players(state)):
            seen = rules.view(state, player)
            legal = rules.legal_moves(seen)
            assert legal == rules.legal_actions(state, player), f"{entry.id}: seat {player}'s moves differ"
            assert len(set(legal)) == len(legal), f"{entry.id}: a move offered twice"
            for move in legal:
                assert rules.refusal(state, move) is None, f"{entry.id}: {move} is offered but refused"
            everyone += legal
        assert rules.legal_actions(state) == everyone, f"{entry.id}: everyone's moves are each seat's, in seat order"


def _candidates(rules, state, rng: random.Random, count: int = 30) -> list:
    """Moves made from the legal ones by changing one field to another value seen, or to junk."""
    legal = rules.legal_actions(state)
    pool = [getattr(a, f.name) for a in legal for f in dataclasses.fields(a)] + list(JUNK)
    kinds = list(rules.ACTIONS.values())
    out = []
    for _ in range(count):
        if legal and rng.random() < 0.8:
            base = rng.choice(legal)
        else:
            cls = rng.choice(kinds)
            try:
                base = cls(*[rng.choice(pool) for _ in dataclasses.fields(cls)])
            except TypeError:
                continue
        fields = dataclasses.fields(base)
        if fields:
            name = rng.choice(fields).name
            base = dataclasses.replace(base, **{name: rng.choice(pool)})
        out.append(base)
    return out + [None, "Reveal", {"kind": "Play"}, 42]


def _strictly_in(move, legal: set) -> bool:
    """Whether ``move`` is one of the ``legal`` moves field for field with the same types
    (``Slap(0, True)`` equals ``Slap(0, 1)`` in Python, but is not a legal move)."""
    def same(a, b) -> bool:
        return type(a) is type(b) and all(
            type(getattr(a, f.name)) is type(getattr(b, f.name)) and getattr(a, f.name) == getattr(b, f.name)
            for f in dataclasses.fields(a))
    try:
        equal = move in legal  # a move with a list or a dict in it is no legal move (those hash)
    except TypeError:
        return False
    return equal and dataclasses.is_dataclass(move) and any(same(move, a) for a in legal if a == move)


def _is_sentence(text: str) -> bool:
    return bool(text) and not text[0].islower() and not text[0].isspace() and text.rstrip()[-1] in ".!?" and len(text) <= 300


def test_a_refused_move_is_the_refusals_sentence_and_changes_nothing(played):
    entry, _, games = played
    rules = entry.rules
    rng = random.Random(f"{entry.id}/illegal")
    tried = refused = 0
    for state in _positions(games[:2], each=20):
        legal = set(rules.legal_actions(state))
        before = pickle.dumps(state)  # every part of the table, as bytes: a change shows
        for move in _candidates(rules, state, rng):
            tried += 1
            if _strictly_in(move, legal):
                assert rules.refusal(state, move) is None
                continue
            why = rules.refusal(state, move)
            assert why is not None and _is_sentence(why), f"{entry.id}: {str(why)[:120]!r} is not a sentence"
            with pytest.raises(IllegalAction) as refusal:
                rules.play(state, move)
            assert str(refusal.value) == why, f"{entry.id}: play refused {move} with another sentence"
            refused += 1
        assert pickle.dumps(state) == before, f"{entry.id}: a refused move at this position changed the state"
    assert refused > tried // 3


def test_actions_round_trip_through_json_and_junk_is_refused(played):
    entry, _, games = played
    rules = entry.rules
    for _, _, moves in games:
        for move in moves:
            assert rules.action_from_json(json.loads(json.dumps(engine.action_to_json(move)))) == move
    for junk in ({}, {"kind": "Nope"}, {"kind": next(iter(rules.ACTIONS)), "player": True},
                 {"kind": next(iter(rules.ACTIONS)), "surplus": 1}, [], "Reveal", None):
        with pytest.raises(ValueError):
            rules.action_from_json(junk)


def test_every_bot_level_chooses_one_of_the_moves_its_view_offers(played):
    """At positions of a random game, every level's bot in every seat with a move (and in
    one without) chooses ``None`` or one of its view's legal moves; bots think with the
    registry's quick options (the same bots, searching less)."""
    entry, options, games = played
    rules = entry.rules
    checked = 0
    for state in _positions(games[:1], each=4):
        movers = {move.player for move in rules.legal_actions(state) if hasattr(move, "player")} or {0}
        seats = sorted(movers | {min(set(range(_players(state))) - movers, default=0)})
        for level in entry.bots.LEVELS:
            try:
                team = entry.bots.make_bots({seat: level for seat in seats}, 7, **entry.quick_bots)
            except ValueError:  # a level that needs what only a harness gives (a peek at its own cards)
                continue
            for seat, bot in team.items():
                assert bot.seat == seat
                seen = rules.view(state, seat)
                choice = bot.choose(seen)
                assert choice is None or choice in rules.legal_moves(seen), f"{entry.id} {level}: {choice}"
                checked += 1
    assert checked


# --- replay and saves ----------------------------------------------------------------------------------------


def test_replay_and_save_load_are_exact(played):
    entry, options, games = played
    rules = entry.rules
    for seed, states, moves in games[:2]:
        assert engine.replay(rules, seed, options, moves) == states[-1]
        half = len(moves) // 2
        record, state = engine.load(rules, engine.save(rules, seed, options, moves[:half]))
        assert state == states[half] and list(record.actions) == moves[:half] and record.options == options
        record, state = engine.load(rules, engine.save(rules, seed, options, moves))  # a finished game's open save
        assert state == states[-1]


def test_a_tampered_save_is_refused(played):
    entry, options, games = played
    rules = entry.rules
    seed, states, moves = games[1]
    text = engine.save(rules, seed, options, moves[:10])
    data = engine.read_save(rules, text)  # what the server alone can read of a sealed save
    tampered = [dict(data, seed=data["seed"] + 1), dict(data, options={"players": 99}),
                dict(data, actions=data["actions"][:-1]), dict(data, game="chess")]
    for edited in tampered:
        with pytest.raises(CorruptSave):
            engine.load(rules, json.dumps(edited))
    for broken in (text[: len(text) // 2], "", "null", "[]", "{" * 10_000):
        with pytest.raises(CorruptSave):
            engine.load(rules, broken)


def test_a_save_names_its_game_and_is_loaded_through_the_registry(played):
    entry, options, games = played
    seed, states, moves = games[2]
    found, record, state = load_save(engine.save(entry.rules, seed, options, moves[:6]))
    assert found is entry and state == states[6] and record.seed == seed
    for bad in ("{}", "[1]", "nonsense", json.dumps({"game": "chess"})):
        with pytest.raises(CorruptSave, match="not a save of any of the games"):
            load_save(bad)


# --- hidden stays hidden -----------------------------------------------------------------------------------------


def test_views_do_not_change_when_hidden_cards_move(played):
    entry, _, games = played
    rules = entry.rules
    rng = random.Random(f"{entry.id}/hidden")
    moved = 0
    for state in _positions(games):
        for player in range(_players(state)):
            other = rules.shuffle_hidden(state, player, rng)
            moved += other != state
            assert rules.view(other, player) == rules.view(state, player), \
                f"{entry.id}: player {player}'s view changed when only hidden cards moved"
            assert rules.legal_moves(rules.view(other, player)) == rules.legal_moves(rules.view(state, player))
    if entry.hides_information:
        assert moved, f"{entry.id}: shuffle_hidden never moved a card, so this test could not see a leak"
    else:
        assert not moved, f"{entry.id} hides nothing, yet shuffle_hidden moved a card"
