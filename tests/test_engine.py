"""The shared protocol: chance, replay, saves that refuse tampering with a sentence."""

import json

import pytest

from sherlockkit import engine
from sherlockkit.engine import CorruptSave, IllegalAction
from sherlockkit.games import rules_of
from sherlockkit.games.express import rules
from tests.random_play import random_game


def a_game(seed=4, players=3, moves=40):
    """The first ``moves`` moves of a game of random legal moves, and the table they leave.

    Random as the protocol suite plays (``tests/random_play``: a kind of move drawn first,
    turning up alibis and slapping alike), and only as far as the saves need: drawing
    among all moves alike slapped nearly every time, and played tens of thousands of moves
    to an end these tests never read."""
    states, actions = random_game(rules, seed, limit=moves, players=players)
    assert len(actions) == moves, "the game ended before the moves the saves are made of"
    return states[-1], actions


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
    (lambda t: t.replace('"version": 3', '"version": 9'), "format version 9"),
    (lambda t: t.replace('"game": "express"', '"game": "story"'), "of the game 'story'"),
    (lambda t: t.replace('"sealed": "', '"sealed": "A'), "changed after it was written"),
])
def test_a_corrupt_or_tampered_save_is_refused_with_a_sentence(mangle, sentence):
    _, actions = a_game()
    text = engine.save(rules, 4, {"players": 3}, actions)
    with pytest.raises(CorruptSave, match=sentence):
        engine.load(rules, mangle(text))


def _resigned(body):
    """A save edited by someone who also holds the server's key (what the engine checks
    beyond the key)."""
    body = {k: v for k, v in body.items() if k != "digest"}
    return engine.write_save(body, sealed=False)


def test_a_save_with_an_illegal_move_is_refused_even_with_a_good_digest():
    _, actions = a_game()
    body = engine.read_save(rules, engine.save(rules, 4, {"players": 3}, actions))
    body["actions"].insert(0, {"kind": "Reveal", "player": 2})
    with pytest.raises(CorruptSave, match="Move 1 of this save breaks the rules: It is Player 1's turn"):
        engine.load(rules, _resigned(body))


def test_a_save_with_unreadable_moves_or_options_is_refused():
    body = engine.read_save(rules, engine.save(rules, 4, {"players": 3}, []))
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


# --- what every game repeats, in one place ---------------------------------------------------------

def test_seed_players_and_names_are_checked_with_sentences():
    assert engine.check_seed(7) == 7
    for bad in (True, 1.5, "7", None):
        with pytest.raises(ValueError, match="A seed is a whole number"):
            engine.check_seed(bad)
    with pytest.raises(ValueError, match="not '" + "9" * 36 + r"\.\.\."):
        engine.check_seed("9" * 5000)  # a huge input is not echoed back whole
    assert engine.check_players(3, 2, 6, "A game") == 3
    for bad in (1, 7, True, 3.0):
        with pytest.raises(ValueError, match="A game is for 2 to 6 players"):
            engine.check_players(bad, 2, 6, "A game")
    assert engine.check_names(None, 2) == ("Player 1", "Player 2")
    assert engine.check_names(["Ann", "Bo"], 2) == ("Ann", "Bo")
    for bad, why in ((["Ann"], "2 names"), (["Ann", "Ann"], "different"), ([1, 2], "a text"),
                     ("AB", "a list"), (["Ann", "x" * 41], "a text"), (["Ann", " "], "a text")):
        with pytest.raises(ValueError, match=why):
            engine.check_names(bad, 2)


def test_moves_read_from_json_are_typed_exactly():
    actions = {"Reveal": rules.Reveal, "Slap": rules.Slap}
    assert engine.read_action({"kind": "Slap", "player": 1, "slot": "deck"}, actions) == rules.Slap(1, "deck")
    for bad in ({"kind": "Slap", "player": True, "slot": 1}, {"kind": "Slap", "player": 1.0, "slot": 1},
                {"kind": "Slap", "player": 1}, {"kind": "Slap", "player": 1, "slot": 1, "extra": 0},
                {"kind": "Slap", "player": 1, "slot": [1]}, {"kind": "Fly", "player": 1}, {"player": 1}, [], "Slap"):
        with pytest.raises(ValueError):
            engine.read_action(bad, actions)


def test_a_malformed_move_is_refused_with_a_sentence_before_any_rule():
    actions = {"Reveal": rules.Reveal, "Slap": rules.Slap}
    assert engine.malformed(rules.Slap(1, 2), actions, 3) is None
    for bad, why in ((rules.Slap(True, 2), "player cannot be True"), (rules.Slap(1, 2.0), "slot cannot be 2.0"),
                     (rules.Reveal(3), "no player number 3"), ("Reveal", "not a move of this game"),
                     (None, "not a move of this game")):
        assert why in engine.malformed(bad, actions, 3)


def test_replace_at_replaces_one_item():
    assert engine.replace_at((1, 2, 3), 1, "x") == (1, "x", 3)


def test_play_out_plays_the_picked_proposal_until_the_end():
    import random

    class AnyLegal:
        """Plays a random move of its own seat (it peeks at the engine: for this test only)."""

        def __init__(self, seat):
            self.seat, self.rng = seat, random.Random(seat)

        def choose(self, view):
            legal = rules.legal_actions(state_of[0], self.seat)
            return self.rng.choice(legal) if legal else None

    state_of = [rules.new(2, players=2)]

    class Game:
        def __getattr__(self, name):
            return getattr(rules, name)

        def play(self, state, action):
            state_of[0] = rules.play(state, action)
            return state_of[0]

    final, moves = engine.play_out(Game(), state_of[0], {0: AnyLegal(0), 1: AnyLegal(1)})
    assert rules.outcome(final) is not None
    assert engine.replay(rules, 2, {"players": 2}, moves) == final


# --- chance --------------------------------------------------------------------------------------


def test_chance_is_the_generator_seeded_with_the_first_8_bytes_of_the_sha256():
    import hashlib
    import random

    for seed, step, purpose in [(0, 0, ""), (10**39, 7, "die 3"), (-5, 123, "deck")]:
        digest = hashlib.sha256(f"{seed}/{step}/{purpose}".encode()).digest()
        expected = random.Random(int.from_bytes(digest[:8], "big"))
        stream = engine.chance(seed, step, purpose)
        assert stream.getstate() == expected.getstate()
        assert [stream.random() for _ in range(5)] == [expected.random() for _ in range(5)]
        assert stream.gauss(0, 1) == expected.gauss(0, 1) and stream.gauss(0, 1) == expected.gauss(0, 1)


def test_evolve_gives_what_dataclasses_replace_gives():
    import dataclasses

    state = rules.new(3, players=3)
    after = engine.evolve(state, step=5, turn=2)
    assert after == dataclasses.replace(state, step=5, turn=2) and type(after) is type(state)
    assert after.piles is state.piles and hash(after) == hash(dataclasses.replace(state, step=5, turn=2))
    assert state.step == 0  # the old one untouched
    with pytest.raises(dataclasses.FrozenInstanceError):
        after.step = 6
    with pytest.raises(TypeError, match="no field 'stepp'"):
        engine.evolve(state, stepp=1)


def test_made_is_the_record_its_constructor_makes_and_refuses_a_field_too_many_or_too_few():
    import dataclasses

    view = rules.view(rules.new(3), 1)
    values = {f.name: getattr(view, f.name) for f in dataclasses.fields(view)}
    built = engine.made(rules.View, dict(values))
    assert built == rules.View(**values) and type(built) is rules.View and hash(built) == hash(view)
    with pytest.raises(TypeError):
        engine.made(rules.View, {k: v for k, v in values.items() if k != "me"})
    with pytest.raises(TypeError):
        engine.made(rules.View, {**values, "extra": 1})


def test_evolve_leaves_behind_what_was_kept_beside_the_fields_and_runs_a_post_init():
    import dataclasses
    from functools import cached_property

    @dataclasses.dataclass(frozen=True)
    class Section:
        cards: tuple

        @cached_property
        def total(self) -> int:
            return sum(self.cards)

    @dataclasses.dataclass(frozen=True)
    class Checked:
        cards: tuple

        def __post_init__(self):
            if len(self.cards) > 3:
                raise ValueError("too many")

    old = Section((1, 2))
    assert old.total == 3
    assert engine.evolve(old, cards=(5,)).total == 5  # worked out afresh, not the old one's
    with pytest.raises(ValueError, match="too many"):
        engine.evolve(Checked((1,)), cards=(1, 2, 3, 4))


def test_move_fields_are_checked_by_their_declared_types():
    actions = {"Reveal": rules.Reveal, "Slap": rules.Slap}
    assert engine.malformed(rules.Slap(0, 3), actions, 3) is None and engine.malformed(rules.Slap(0, "deck"), actions, 3) is None
    for wrong, name in [(rules.Slap(True, 3), "player"), (rules.Slap(0, 1.0), "slot"), (rules.Slap(0, "Deck"), "slot"),
                        (rules.Slap(0, None), "slot"), (rules.Slap(0, []), "slot"), (rules.Reveal("0"), "player")]:
        assert engine.malformed(wrong, actions, 3) == f"A move's {name} cannot be {engine.shortened(getattr(wrong, name))}."
