"""Saved card games: they load back into the same table, and anything else is refused
with a sentence."""

from __future__ import annotations

import json
import re

import pytest

from sherlockkit import engine
from sherlockkit.engine import CorruptSave
from sherlockkit.games import rules_of
from sherlockkit.games.cardgame import bots, rules
from sherlockkit.games.cardgame.cards import ARREST, TRAIN
from sherlockkit.games.cardgame.state import Answer, Draw, Keep, PassCard, Play, PlayVillains
from sherlockkit.games.express import rules as express

OPTIONS = {"players": 4}


def a_game(seed=3, options=OPTIONS):
    n = options.get("players", 4)
    seats = bots.make_bots({p: bots.LEVELS[p % 2] for p in range(n)}, seed)
    final, actions = engine.play_out(rules, rules.new(seed, **options), seats, limit=5000)
    return final, actions


def every_kind_game():
    """A bot game in which every kind of action is made at least once."""
    for seed in range(100):
        final, actions = a_game(seed)
        if {type(a) for a in actions} == set(rules.ACTIONS.values()):
            return seed, final, actions
    raise AssertionError("no game of the first 100 seeds makes every kind of move")


def _resigned(body):
    """A save edited by someone who also holds the server's key (what the engine checks
    beyond the key)."""
    body = {k: v for k, v in body.items() if k != "digest"}
    return engine.write_save(body, sealed=False)


def test_the_game_is_registered_under_its_name():
    assert rules.NAME == "cardgame" and rules_of("cardgame") is rules


def test_every_kind_of_move_goes_to_json_and_back():
    for action in [Play(0, TRAIN), Play(2, ARREST, 1), PlayVillains(3), Draw(1), Keep(1), Answer(2, True),
                   Answer(0, False), PassCard(1, "Professor Moriarty")]:
        data = engine.action_to_json(action)
        assert json.loads(json.dumps(data)) == data
        assert rules.action_from_json(data) == action


def test_a_whole_game_saves_and_loads():
    seed, final, actions = every_kind_game()
    record, loaded = engine.load(rules, engine.save(rules, seed, OPTIONS, actions))
    assert loaded == final and loaded.finished
    assert record == engine.Record("cardgame", seed, OPTIONS, tuple(actions), sealed=False)  # over: an open save


@pytest.mark.parametrize("cut", [0, 1, 17, 60, 150])
def test_a_game_saved_mid_hand_loads_into_the_same_table(cut):
    seed, _, actions = every_kind_game()
    text = engine.save(rules, seed, OPTIONS, actions[:cut])
    record, loaded = engine.load(rules, text)
    assert loaded == engine.replay(rules, seed, OPTIONS, actions[:cut])
    assert rules.legal_actions(loaded) == rules.legal_actions(engine.replay(rules, seed, OPTIONS, actions[:cut]))
    # and the game goes on from there as it did
    assert engine.replay(rules, seed, OPTIONS, actions) == engine.load(
        rules, engine.save(rules, seed, OPTIONS, list(record.actions) + list(actions[cut:])))[1]


def test_the_options_travel_with_the_save():
    options = {"players": 5, "hands": 2, "captured": 30, "telegram": 4, "names": ["A", "B", "C", "D", "E"]}
    final, actions = a_game(8, options)
    record, loaded = engine.load(rules, engine.save(rules, 8, options, actions))
    assert loaded == final
    assert loaded.scoring.captured == 30 and loaded.scoring.telegram == 4 and loaded.names == ("A", "B", "C", "D", "E")
    assert loaded.hands_in_game == 2 and record.options == options


@pytest.mark.parametrize("mangle,sentence", [
    (lambda t: t[: len(t) // 2], "This is not a saved game: the text is not valid JSON."),
    (lambda t: "[1, 2, 3]", "This is not a sherlockkit saved game."),
    (lambda t: json.dumps({"game": "cardgame"}), "This is not a sherlockkit saved game."),
    (lambda t: t.replace('"version": 3', '"version": 4'), "This save has format version 4"),
    (lambda t: t.replace('"game": "cardgame"', '"game": "express"'),
     "This save is of the game 'express', not 'cardgame'."),
    (lambda t: t.replace('"seed": 3', '"seed": 4'), "its digest does not match"),
    (lambda t: t.replace('"players": 4', '"players": 5'), "its digest does not match"),
    (lambda t: t.replace('"kind": "Draw"', '"kind": "Keep"', 1), "its digest does not match"),
])
def test_a_corrupt_or_edited_save_is_refused_with_a_sentence(mangle, sentence):
    _, actions = a_game()
    text = engine.save(rules, 3, OPTIONS, actions)  # a finished game: an open save, readable to edit
    assert mangle(text) != text
    with pytest.raises(CorruptSave, match=re.escape(sentence)):
        engine.load(rules, mangle(text))


def test_a_save_of_another_game_is_refused():
    text = engine.save(express, 4, {"players": 3}, [express.Reveal(0)])
    with pytest.raises(CorruptSave, match="This save is of the game 'express', not 'cardgame'"):
        engine.load(rules, text)


def test_a_save_with_an_illegal_move_is_refused_even_with_a_good_digest():
    state = rules.new(3, **OPTIONS)
    wrong = (state.turn + 1) % 4
    body = engine.read_save(rules, engine.save(rules, 3, OPTIONS, []))
    body["actions"] = [{"kind": "Draw", "player": wrong}]
    sentence = f"Move 1 of this save breaks the rules: It is Player {state.turn + 1}'s turn."
    with pytest.raises(CorruptSave, match=re.escape(sentence)):
        engine.load(rules, _resigned(body))
    # a legal opening, then the opener plays again, out of turn
    body["actions"] = [{"kind": "Play", "player": state.turn, "card": "The game is afoot!", "target": None},
                       {"kind": "Play", "player": state.turn, "card": "The game is afoot!", "target": None}]
    with pytest.raises(CorruptSave, match="Move 2 of this save breaks the rules: It is Player"):
        engine.load(rules, _resigned(body))


def test_a_save_whose_moves_were_swapped_is_refused():
    _, actions = a_game()
    body = engine.read_save(rules, engine.save(rules, 3, OPTIONS, actions[:30]))
    body["actions"][0], body["actions"][1] = body["actions"][1], body["actions"][0]
    with pytest.raises(CorruptSave, match="Move 1 of this save breaks the rules"):
        engine.load(rules, _resigned(body))


@pytest.mark.parametrize("move,reason", [
    ({"kind": "Teleport", "player": 0}, "unknown move 'Teleport'"),
    ({"player": 0}, "unknown move None"),
    ({"kind": "Draw"}, "a Draw move has the fields player"),
    ({"kind": "Draw", "player": "0"}, "a move's player cannot be '0'"),
    ({"kind": "Draw", "player": 0, "card": "Train"}, "a Draw move has the fields player"),
    ({"kind": "Play", "player": 0}, "a Play move has the fields card, player, target"),
    ({"kind": "Play", "player": 0, "card": "Arrest", "target": 1.0}, "a move's target cannot be 1.0"),
    ({"kind": "Answer", "player": 0, "alibi": 1}, "a move's alibi cannot be 1"),
])
def test_a_save_with_an_unreadable_move_is_refused(move, reason):
    body = engine.read_save(rules, engine.save(rules, 3, OPTIONS, []))
    body["actions"] = [move]
    with pytest.raises(CorruptSave, match=f"This save holds a move that cannot be read \\({reason}"):
        engine.load(rules, _resigned(body))


@pytest.mark.parametrize("options,reason", [
    ({"players": 9}, "for 3 to 6 players, not 9"),
    ({"players": 4, "hands": 0}, "at least one hand"),
    ({"players": 4, "bribe": 5}, "no scoring value called 'bribe'"),
    ({"players": 4, "colour": "red"}, "no scoring value called 'colour'"),
])
def test_a_save_whose_options_cannot_start_a_game_is_refused(options, reason):
    body = engine.read_save(rules, engine.save(rules, 3, OPTIONS, []))
    body["options"] = options
    with pytest.raises(CorruptSave, match=f"This save's options cannot start a game: .*{reason}"):
        engine.load(rules, _resigned(body))


def test_a_save_without_a_whole_number_seed_is_refused():
    body = engine.read_save(rules, engine.save(rules, 3, OPTIONS, []))
    body["seed"] = "three"
    with pytest.raises(CorruptSave, match="lacks its seed, its options or its list of moves"):
        engine.load(rules, _resigned(body))


@pytest.mark.parametrize("data,reason", [
    ({"kind": "Fly", "player": 1}, "unknown move 'Fly'"),
    ({"kind": "play", "player": 1, "card": "Train"}, "unknown move 'play'"),
    ({}, "unknown move None"),
    ({"kind": "Keep"}, "a Keep move has the fields player"),
    ({"kind": "Answer", "player": None, "alibi": True}, "a move's player cannot be None"),
    ({"kind": "PassCard", "player": 1.0, "card": "Train"}, "a move's player cannot be 1.0"),
    ({"kind": "Keep", "player": True}, "a move's player cannot be True"),
    ({"kind": "Answer", "player": 1}, "a Answer move has the fields alibi, player"),
    ("Draw", "a move is a JSON object"),
])
def test_action_from_json_refuses_what_is_not_a_move(data, reason):
    with pytest.raises(ValueError, match=reason):
        rules.action_from_json(data)
