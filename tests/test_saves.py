"""Fair play with saves and seeds (issue 11): a save made during a game is sealed with the
server's key (it resumes the game and shows nothing); once the game is over the save is
open (seed and moves to share and study) but keyed, so no one can edit or forge either;
the app draws seeds nobody can guess and shows them only at the end."""

from __future__ import annotations

import hashlib
import json
import os
import stat

import pytest

from sherlockkit import engine
from sherlockkit.engine import sealing
from sherlockkit.engine import CorruptSave
from sherlockkit.games import GAMES
from sherlockkit.games.express import rules as express
from tests.test_table import finish, table_of
from widgets.clock import ManualClock


@pytest.fixture(autouse=True)
def key_dir(tmp_path, monkeypatch):
    """Every test with its own key folder, never the user's home."""
    monkeypatch.delenv(sealing.KEY_ENV, raising=False)
    monkeypatch.setenv(sealing.KEY_DIR_ENV, str(tmp_path / "keys"))
    return tmp_path / "keys"


def an_express_game(seed=4, moves=None):
    """The moves of a bot-free random Express game (all of them, or the first ``moves``),
    a kind of move drawn first (``tests/random_play.py``: so that it ends in a few hundred)."""
    from tests.random_play import random_game

    actions = random_game(express, seed, players=3)[1]
    return actions if moves is None else actions[:moves]


# --- the key ------------------------------------------------------------------------------------


def test_the_key_is_made_on_first_use_readable_by_its_owner_only(key_dir):
    assert not key_dir.exists()
    key = sealing.save_key()
    path = key_dir / "save.key"
    assert len(key) == 32 and path.exists()
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert sealing.save_key() == key  # the same key on the next use


def test_the_key_may_come_from_the_environment(monkeypatch, key_dir):
    monkeypatch.setenv(sealing.KEY_ENV, "ab" * 32)
    assert sealing.save_key() == bytes.fromhex("ab" * 32) and not key_dir.exists()
    monkeypatch.setenv(sealing.KEY_ENV, "not a key")
    with pytest.raises(RuntimeError, match="64 hexadecimal digits"):
        sealing.save_key()


# --- sealed during the game, open after it -------------------------------------------------------


def test_a_save_during_the_game_is_sealed_and_resumes_it():
    actions = an_express_game(moves=20)
    text = engine.save(express, 1234567, {"players": 3}, actions)
    data = json.loads(text)
    assert set(data) == {"format", "version", "game", "sealed"} and data["game"] == "express"
    assert "1234567" not in text and "Reveal" not in text and "Slap" not in text
    record, state = engine.load(express, text)
    assert record.seed == 1234567 and state == engine.replay(express, 1234567, {"players": 3}, actions)


def test_a_save_after_the_game_is_open_with_its_seed_and_moves():
    actions = an_express_game()
    text = engine.save(express, 4, {"players": 3}, actions)
    data = json.loads(text)
    assert data["seed"] == 4 and len(data["actions"]) == len(actions) and "sealed" not in data
    assert engine.load(express, text)[1] == engine.replay(express, 4, {"players": 3}, actions)


def test_an_edited_open_save_is_refused_even_with_a_recomputed_unkeyed_digest():
    actions = an_express_game()
    data = json.loads(engine.save(express, 4, {"players": 3}, actions))
    data["seed"] = 5
    body = {k: v for k, v in data.items() if k != "digest"}
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"))
    data["digest"] = hashlib.sha256(canonical.encode()).hexdigest()  # the old digest, anyone's to compute
    with pytest.raises(CorruptSave, match="changed after it was written"):
        engine.load(express, json.dumps(data))


def test_a_save_sealed_or_signed_by_another_server_is_refused(monkeypatch):
    sealed = engine.save(express, 4, {"players": 3}, an_express_game(moves=10))
    opened = engine.save(express, 4, {"players": 3}, an_express_game())
    monkeypatch.setenv(sealing.KEY_ENV, "cd" * 32)  # another server's key
    with pytest.raises(CorruptSave, match="sealed by another server"):
        engine.load(express, sealed)
    with pytest.raises(CorruptSave, match="written by another server"):
        engine.load(express, opened)


def test_a_sealed_save_cannot_be_moved_to_another_game():
    text = engine.save(express, 4, {"players": 3}, an_express_game(moves=10))
    data = dict(json.loads(text), game="cardgame")
    with pytest.raises(CorruptSave, match="sealed by another server or changed"):
        engine.load(GAMES["cardgame"].rules, json.dumps(data))


def test_an_old_unkeyed_save_is_refused_saying_why():
    body = {"format": engine.SAVE_FORMAT, "version": 1, "game": "express", "seed": 4,
            "options": {"players": 3}, "actions": []}
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"))
    old = json.dumps({**body, "digest": hashlib.sha256(canonical.encode()).hexdigest()})
    with pytest.raises(CorruptSave, match="older sherlockkit, without a key: anyone could have edited it"):
        engine.load(express, old)


# --- seeds ---------------------------------------------------------------------------------------


def test_the_app_draws_seeds_nobody_can_guess():
    seeds = {engine.draw_seed() for _ in range(50)}
    assert len(seeds) == 50 and max(seeds) > 2**100 and all(0 <= s < 2**128 for s in seeds)
    session = GAMES["express"].table_class()(clock=ManualClock()).game
    assert session.seed_drawn and session.seed.bit_length() > 64  # far more deals than cards in view can tell
    assert len(str(session.seed)) <= engine.MAX_SEED_DIGITS


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_drawn_seed_is_hidden_during_the_game_and_shown_at_its_end(game_id):
    table = GAMES[game_id].table_class()(clock=ManualClock(), **GAMES[game_id].quick_bots)
    session = table.game
    seed = str(session.seed)
    assert session.seed_shown is None and "hidden until the end" in _page(table) and seed not in _page(table)
    assert seed not in session.save()  # the save hands out no seed either
    finish(table)
    assert session.seed_shown == session.seed and seed in _page(table)
    assert json.loads(session.save())["seed"] == session.seed  # the whole replay is open after the game


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_typed_seed_is_a_deal_the_player_chose_to_know(game_id):
    table = table_of(game_id, seed=5)
    assert table.game.seed_shown == 5 and "seed 5" in _page(table)


def test_play_again_draws_a_new_hidden_seed():
    table = table_of("express", seed=5)
    finish(table)
    table.play_again_button.click()
    assert table.game.seed_drawn and table.game.seed_shown is None and table.game.seed != 5


def test_a_loaded_save_keeps_its_seed_hidden_until_the_end():
    table = GAMES["express"].table_class()(clock=ManualClock())
    text = engine.save(express, 4, {"players": 3, "names": ["Holmes", "Lestrade", "Irene"], "target": 5,
                                    "false_alibi": False}, an_express_game(moves=5))
    table.save_box.value = text
    table.load_button.click()
    assert table.game.seed == 4 and table.game.seed_shown is None and "seed 4" not in _page(table)


def _page(table) -> str:
    """Every text the table's widgets hold (what the page can read)."""
    texts = []

    def walk(widget):
        for name in ("value", "description", "placeholder"):
            value = getattr(widget, name, None)
            if isinstance(value, str):
                texts.append(value)
        for child in getattr(widget, "children", ()):
            walk(child)

    walk(table)
    return "\n".join(texts)


def test_a_key_file_others_can_read_is_not_used(key_dir):
    sealing.save_key()
    os.chmod(key_dir / "save.key", 0o644)
    with pytest.raises(RuntimeError, match="chmod 600"):
        sealing.save_key()
