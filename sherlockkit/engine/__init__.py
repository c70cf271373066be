"""The engine every game shares: the protocol (``protocol.py``), chance (``chance.py``),
saves and their seals (``saves.py``, ``sealing.py``), and immutable tables (``records.py``).
This module only hands their names on, so that a game writes ``engine.chance(...)``."""

from sherlockkit.engine import journal
from sherlockkit.engine.chance import chance, die, draw_seed, shuffled
from sherlockkit.engine.protocol import (
    MAX_NAME, MAX_SEED_DIGITS, Bot, Game, IllegalAction, action_to_json, check_names, check_players, check_seed,
    first_seat, malformed, play_out, proposals, read_action, replay, shortened, standing,
)
from sherlockkit.engine.records import evolve, made, replace_at
from sherlockkit.engine.saves import (
    MAX_SAVE_CHARS, OLDER_VERSIONS, SAVE_FORMAT, SAVE_VERSION, CorruptSave, Record, _label, load, read_save, save,
    write_save,
)
