"""The shared protocol: chance, replay, saves that refuse tampering with a sentence."""

import json

import pytest

from sherlockkit import engine
from sherlockkit.engine import CorruptSave, IllegalAction
from sherlockkit.games import rules_of
from sherlockkit.games.express import bots, rules


def a_game(seed=4, players=3):
    table = bots.make_bots({p: "hard" for p in range(players)}, seed)
    final, actions = bots.play_out(rules.new(seed, players=players), table)
    return final, actions[:40]


def test_chance_depends_only_on_seed_step_and_purpose():
    assert engine.chance(1, 2, "x").random() == engine.chance(1, 2, "x").random()
    assert engine.chance(1, 2, "x").random() != engine.chance(1, 3, "x").random()
    assert engine.chance(1, 2, "x").random() != engine.chance(1, 2, "y").random()


def test_actions_serialise_and_read_back():
    for action in [rules.Reveal(2), rules.Slap(1, 4), rules.Slap(0, rules.DECK)]:
        data = engine.action_to_json(action)
        assert json.loads(json.dumps(data)) == data
        assert rules.action_from_json(data) == action


def test_save_and_load_give_the_same_game():
    _, actions = a_game()
    text = engine.save(rules, 4, {"players": 3}, actions)
    record, state = engine.load(rules, text)
    assert record.seed == 4 and record.options == {"players": 3}
    assert state == engine.replay(rules, 4, {"players": 3}, actions)


@pytest.mark.parametrize("mangle, sentence", [
    (lambda t: t[: len(t) // 2], "not valid JSON"),
    (lambda t: json.dumps({"hello": 1}), "not a sherlockkit saved game"),
    (lambda t: t.replace('"version": 1', '"version": 9'), "format version 9"),
    (lambda t: t.replace('"game": "express"', '"game": "story"'), "of the game 'story'"),
    (lambda t: t.replace('"seed": 4', '"seed": 5'), "changed after it was written"),
])
def test_a_corrupt_or_tampered_save_is_refused_with_a_sentence(mangle, sentence):
    _, actions = a_game()
    text = engine.save(rules, 4, {"players": 3}, actions)
    with pytest.raises(CorruptSave, match=sentence):
        engine.load(rules, mangle(text))


def _resigned(body):
    """A save edited by someone who also recomputed the digest."""
    body = {k: v for k, v in body.items() if k != "digest"}
    return json.dumps({**body, "digest": engine._digest(body)})


def test_a_save_with_an_illegal_move_is_refused_even_with_a_good_digest():
    _, actions = a_game()
    body = json.loads(engine.save(rules, 4, {"players": 3}, actions))
    body["actions"].insert(0, {"kind": "Reveal", "player": 2})
    with pytest.raises(CorruptSave, match="Move 1 of this save breaks the rules: It is Player 1's turn"):
        engine.load(rules, _resigned(body))


def test_a_save_with_unreadable_moves_or_options_is_refused():
    body = json.loads(engine.save(rules, 4, {"players": 3}, []))
    body["actions"] = [{"kind": "Teleport", "player": 0}]
    with pytest.raises(CorruptSave, match="cannot be read"):
        engine.load(rules, _resigned(body))
    body["actions"], body["options"] = [], {"players": 9}
    with pytest.raises(CorruptSave, match="options cannot start a game"):
        engine.load(rules, _resigned(body))


def test_games_are_found_by_id():
    assert rules_of("express") is rules
    with pytest.raises(KeyError, match="no game called"):
        rules_of("chess")


def test_illegal_action_is_a_value_error_with_the_sentence():
    with pytest.raises(IllegalAction) as refused:
        rules.play(rules.new(1), rules.Reveal(3))
    assert isinstance(refused.value, ValueError)
    assert str(refused.value) == "It is Player 1's turn to turn up an alibi: wait for it."
