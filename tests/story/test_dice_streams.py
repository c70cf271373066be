"""Where the player's dice come from (``dice.py``): one stream of bytes a move since save
version 3, each die its own stream in campaigns saved before (their saves:
``tests/test_older_saves.py``)."""

from __future__ import annotations

import hashlib
import json
from collections import Counter

import pytest

from sherlockkit import engine
from sherlockkit.engine import sealing
from sherlockkit.games.story import dice, rules
from sherlockkit.games.story.state import Sheet
from tests.older_saves import older_save
from tests.random_play import random_game


def _faces_of(seed: int, step: int, count: int) -> tuple[int, ...]:
    """The first ``count`` faces of a move's stream, read here from SHA-256 directly."""
    faces, block = [], 0
    while len(faces) < count:
        for byte in hashlib.sha256(f"{seed}/{step}/dice {block}".encode()).digest():
            if byte < 252 and len(faces) < count:
                faces.append(byte % 6 + 1)
        block += 1
    return tuple(faces)


def test_a_moves_dice_are_its_streams_bytes_read_in_order_across_its_rolls():
    state = rules.new(11)
    assert state.dice == "move"
    for step in (1, 2, 7):
        sheet = Sheet(state)
        sheet.step = step
        rolled = dice.roll_dice(sheet, 2) + dice.roll_dice(sheet, 1) + dice.roll_dice(sheet, 3)
        assert rolled == _faces_of(11, step, 6)
        assert sheet.draws == 6


def test_a_move_needing_more_than_one_block_reads_the_next_block():
    sheet = Sheet(rules.new(3))
    sheet.step = 4
    rolled = sum((dice.roll_dice(sheet, 2) for _ in range(40)), ())  # 80 dice: three blocks at least
    assert rolled == _faces_of(3, 4, 80)
    assert sheet.dice_blocks >= 3


def test_each_face_comes_from_42_of_the_bytes_and_the_last_four_are_passed_over(monkeypatch):
    blocks = [bytes(range(256)), bytes([3] * 32)]  # every byte once, then a block of 3s
    monkeypatch.setattr(dice, "dice_block", lambda seed, step, block: blocks[block])
    sheet = Sheet(rules.new(1))
    rolled = dice.roll_dice(sheet, 252)
    assert Counter(rolled) == {face: 42 for face in range(1, 7)}
    assert rolled[:7] == (1, 2, 3, 4, 5, 6, 1)
    assert dice.roll_dice(sheet, 1) == (4,)  # 252..255 passed over: the next block's first byte, 3


def test_the_dice_of_different_moves_and_campaigns_differ():
    seen = {_faces_of(seed, step, 8) for seed in (1, 2) for step in range(20)}
    assert len(seen) == 40


def test_the_faces_of_many_moves_are_fair_within_three_standard_deviations():
    faces = Counter(face for step in range(3000) for face in _faces_from_engine(5, step))
    count = sum(faces.values())
    spread = 3 * (count * (1 / 6) * (5 / 6)) ** 0.5
    assert all(abs(faces[face] - count / 6) < spread for face in range(1, 7)), faces


def _faces_from_engine(seed: int, step: int) -> tuple[int, ...]:
    sheet = Sheet(rules.new(seed))
    sheet.step = step
    return dice.roll_dice(sheet, 4)


def test_a_campaign_saved_before_draws_each_die_from_its_own_stream():
    state = rules.new(11, dice="die")
    for step in range(3):
        for count in (1, 2, 3):
            sheet, plain = Sheet(state), Sheet(state)
            sheet.step = plain.step = step
            sheet.draws = plain.draws = step  # dice already drawn this move count on
            rolled = dice.roll_dice(sheet, count)
            assert rolled == tuple(engine.chance(11, step, f"die {step + n}").randint(1, 6) for n in range(count))
            assert sheet.draws == step + count


@pytest.mark.parametrize("wrong", ["dice", "", None, 6, ["move"]])
def test_a_way_of_drawing_dice_that_is_neither_is_refused_with_a_sentence(wrong):
    with pytest.raises(ValueError, match="one stream a move"):
        rules.new(1, dice=wrong)


def test_a_save_of_version_3_is_not_read_with_an_older_versions_seal():
    body = {"format": engine.SAVE_FORMAT, "version": 3, "game": rules.NAME, "seed": 4, "options": {}, "actions": []}
    forged = json.dumps({"format": engine.SAVE_FORMAT, "version": 2, "game": rules.NAME,
                         "sealed": sealing.seal(body, f"{engine.SAVE_FORMAT}/2/{rules.NAME}".encode())})
    with pytest.raises(engine.CorruptSave, match="not a sherlockkit saved game"):
        engine.load(rules, forged)
    with pytest.raises(engine.CorruptSave, match="format version 7; this version of sherlockkit reads versions 2 and 3"):
        engine.load(rules, older_save(rules, 4, {}, [], sealed=False, version=7))


def test_campaigns_of_both_ways_play_to_their_end():
    for way in dice.WAYS:
        states, _ = random_game(rules, 9, dice=way)
        assert rules.outcome(states[-1]) is not None and {s.dice for s in states} == {way}
