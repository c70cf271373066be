"""The protocol every game follows, tested over every game in ``GAMES`` (and any planned
game whose engine is built before its table: ``ENGINES``).

A game registered in ``sherlockkit.games.GAMES`` is tested here the moment it is
registered: random games end; only legal actions are accepted, and a refused one is a
sentence that changes nothing; a game replays exactly and survives a save; a tampered
save is refused; a player's view does not change when the cards hidden from them move.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import random

import pytest

from sherlockkit import engine
from sherlockkit.engine import CorruptSave, IllegalAction
from tests.random_play import MOVE_LIMIT, random_game
from sherlockkit.games import CATALOGUE, ENGINES, GAMES, PLANNED, GameEntry, rules_of

#: Random games played to the end per game, and the most moves one may take.
GAMES_EACH = 12
#: Games with nothing hidden from anyone (a solo gamebook draws nothing in advance).
NOTHING_HIDDEN = {"story"}
#: Values the page could send in place of any field of a move.
JUNK = (-1, 99, 10**30, None, True, False, 1.0, 0.5, "", "nonsense", "x" * 5_000, [], {}, (1, 2))


@pytest.fixture(params=sorted(ENGINES), scope="module")
def game(request) -> GameEntry:
    return ENGINES[request.param]


@pytest.fixture(scope="module")
def played(game):
    """A few random games of ``game``, shared by the tests below."""
    return [random_game(game.rules, seed) for seed in range(GAMES_EACH)]


# --- the registry ---------------------------------------------------------------------------------------

def test_every_registered_game_has_the_protocol(game):
    rules = game.rules
    for name in ("NAME", "ACTIONS", "new", "legal_actions", "play", "view", "outcome", "action_from_json",
                 "shuffle_hidden"):
        assert hasattr(rules, name), f"{game.id}: rules.{name} is missing"
    assert rules.NAME == game.id
    assert rules_of(game.id) is rules
    for name, cls in rules.ACTIONS.items():
        assert cls.__name__ == name and dataclasses.is_dataclass(cls)
        assert cls.__dataclass_params__.frozen, f"{name} must be frozen"
        # a saved move keeps its class's name under "kind" (engine.action_to_json): a field of
        # that name would overwrite it, and the save would not load
        assert "kind" not in {f.name for f in dataclasses.fields(cls)}, f"{name} has a field called kind"


def test_every_game_has_bots_that_follow_the_contract(game):
    bots = game.bots
    assert bots is not None and bots.LEVELS
    rules = game.rules
    state = rules.new(3)
    seats = range(_players(rules, state))
    made = bots.make_bots({seat: list(bots.LEVELS)[0] for seat in seats}, 3)
    for seat, bot in made.items():
        assert bot.seat == seat
        choice = bot.choose(rules.view(state, seat))
        assert choice is None or choice in rules.legal_actions(state, seat)


def test_the_landing_page_lists_every_game_once():
    ids = [entry.id for entry in CATALOGUE]
    assert len(ids) == len(set(ids)) == len(GAMES) + len(PLANNED)
    assert not set(GAMES) & set(PLANNED)
    with pytest.raises(KeyError, match="no game called"):
        rules_of("chess")


# --- every game ends --------------------------------------------------------------------------------------

def test_random_games_end(game, played):
    for states, moves in played:
        assert game.rules.outcome(states[-1]) is not None, f"{game.id}: a random game did not end in {MOVE_LIMIT} moves"
        assert game.rules.legal_actions(states[-1]) == []


def test_every_play_records_events(game, played):
    """Each move leaves typed events, and the log is written from them."""
    rules = game.rules
    for states, _ in played[:3]:
        for before, after in zip(states, states[1:]):
            assert len(after.events) > len(before.events), f"{game.id}: a move recorded no event"
            assert after.events[: len(before.events)] == before.events, "events are only ever added"
        final = states[-1]
        assert all(dataclasses.is_dataclass(e) and e.__dataclass_params__.frozen for e in final.events)
        assert all(isinstance(line, str) and line for line in final.log)


# --- only legal actions --------------------------------------------------------------------------------------

def _players(rules, state) -> int:
    return getattr(state, "players", 1)


def _candidates(rules, state, rng: random.Random, count: int = 40) -> list:
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


def _strictly_in(move, legal) -> bool:
    """Whether ``move`` is one of ``legal`` field for field with the same types
    (``Slap(0, True)`` equals ``Slap(0, 1)`` in Python, but is not a legal move)."""
    def same(a, b) -> bool:
        return type(a) is type(b) and all(
            type(getattr(a, f.name)) is type(getattr(b, f.name)) and getattr(a, f.name) == getattr(b, f.name)
            for f in dataclasses.fields(a))
    return dataclasses.is_dataclass(move) and any(same(move, a) for a in legal)


def _is_sentence(text: str) -> bool:
    return bool(text) and not text[0].islower() and not text[0].isspace() and text.rstrip()[-1] in ".!?" and len(text) <= 300


def test_only_legal_actions_are_accepted_and_refusals_change_nothing(game, played):
    rules = game.rules
    rng = random.Random(f"{game.id}/illegal")
    tried = refused = 0
    for states, _ in played[:4]:
        for state in states[:: max(1, len(states) // 25)]:
            legal = rules.legal_actions(state)
            before = copy.deepcopy(state)
            for move in _candidates(rules, state, rng):
                tried += 1
                if _strictly_in(move, legal):
                    assert rules.play(state, move) is not None
                    continue
                with pytest.raises(IllegalAction) as refusal:
                    rules.play(state, move)
                refused += 1
                assert _is_sentence(str(refusal.value)), f"{game.id}: {str(refusal.value)[:120]!r} is not a sentence"
                assert state == before, f"{game.id}: a refused move changed the state"
    assert refused > tried // 3


def test_actions_round_trip_through_json_and_junk_is_refused(game, played):
    rules = game.rules
    states, moves = played[0]
    for move in moves:
        assert rules.action_from_json(json.loads(json.dumps(engine.action_to_json(move)))) == move
    for junk in ({}, {"kind": "Nope"}, {"kind": next(iter(rules.ACTIONS)), "player": True},
                 {"kind": next(iter(rules.ACTIONS)), "surplus": 1}, [], "Reveal", None):
        with pytest.raises(ValueError):
            rules.action_from_json(junk)


# --- replay and saves --------------------------------------------------------------------------------------------

def test_replay_and_save_load_are_exact(game, played):
    rules = game.rules
    for seed, (states, moves) in enumerate(played[:4]):
        assert engine.replay(rules, seed, {}, moves) == states[-1]
        half = len(moves) // 2
        text = engine.save(rules, seed, {}, moves[:half])
        record, state = engine.load(rules, text)
        assert state == states[half] and list(record.actions) == moves[:half]


def test_a_tampered_save_is_refused(game, played):
    rules = game.rules
    states, moves = played[1]
    text = engine.save(rules, 1, {}, moves[:10])
    data = engine.read_save(rules, text)  # what the server alone can read of a sealed save
    tampered = [dict(data, seed=data["seed"] + 1), dict(data, options={"players": 99}),
                dict(data, actions=data["actions"][:-1]), dict(data, game="chess")]
    for edited in tampered:
        with pytest.raises(CorruptSave):
            engine.load(rules, json.dumps(edited))
    for broken in (text[: len(text) // 2], "", "null", "[]", "{" * 10_000):
        with pytest.raises(CorruptSave):
            engine.load(rules, broken)


# --- hidden stays hidden ----------------------------------------------------------------------------------------

def test_views_do_not_change_when_hidden_cards_move(game, played):
    rules = game.rules
    rng = random.Random(f"{game.id}/hidden")
    moved = 0
    for states, _ in played[:4]:
        for state in states[:: max(1, len(states) // 20)]:
            for player in range(_players(rules, state)):
                other = rules.shuffle_hidden(state, player, rng)
                moved += other != state
                assert rules.view(other, player) == rules.view(state, player), \
                    f"{game.id}: player {player}'s view changed when only hidden cards moved"
    if game.id not in NOTHING_HIDDEN:
        assert moved, f"{game.id}: shuffle_hidden never moved a card, so this test could not see a leak"


def test_a_save_names_its_game_and_is_loaded_through_the_registry(game, played):
    from sherlockkit.games import load_save

    states, moves = played[2]
    entry, record, state = load_save(engine.save(game.rules, 2, {}, moves[:6]))
    assert entry is game and state == states[6] and record.seed == 2
    for bad in ("{}", "[1]", "nonsense", json.dumps({"game": "chess"})):
        with pytest.raises(CorruptSave, match="not a save of any of the games"):
            load_save(bad)
