"""Old names, kept only until their last readers move: ``tests/story/situations.py``
(``frames.run`` on a stack of tuples) and the two story chapters (``ACTION_NAMES``,
``action_options``). The engine itself is in ``machine.py`` and the modules it names.
Delete this module once nothing imports it.
"""

from __future__ import annotations

from sherlockkit.games.story import agenda, machine
from sherlockkit.games.story.casebook import Casebook
from sherlockkit.games.story.state import Sheet
from sherlockkit.games.story.tables import ACTION_NAMES  # noqa: F401  (old name)
from sherlockkit.games.story.turn import action_options  # noqa: F401  (old name)

#: The old tuple frames, as the typed frames they were.
_OLD = {"turn": agenda.StartTurn, "end_turn": agenda.EndTurn, "encounter": agenda.Encounter,
        "read": agenda.Read, "effects": agenda.ApplyEffects}


def run(sheet: Sheet, book: Casebook) -> None:
    """``machine.run``, after reading old tuple frames (``("read", "m420")``) as typed ones."""
    sheet.stack = tuple(_OLD[f[0]](*f[1:]) if isinstance(f, tuple) else f for f in sheet.stack)
    machine.run(sheet, book)
