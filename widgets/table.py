"""What every game's table widget shares: the base class :class:`GameTable`.

A table is a thin view over a :class:`~widgets.session.GameSession`: it draws the
session's ``view`` (never the engine's whole state) and turns clicks into the session's
moves. The base class wires the redraw to every change, and builds the folded settings
panel every table has: the game's own settings, a seed box, New game, and saves.
"""

from __future__ import annotations

from typing import Callable

import ipywidgets as w

from widgets.controls import BAD_SEED, action_button, read_seed, save_controls, settings_panel


class GameTable(w.VBox):
    """A game's table. Subclasses set ``css`` (the class the page and tests find it by)
    and ``style``, build their parts, call ``super().__init__(game, parts)``, and draw in
    :meth:`render`."""

    css = "sk-table"
    style = ""

    def __init__(self, game, parts: list[w.Widget]):
        self.game = game
        super().__init__(([w.HTML(self.style)] if self.style else []) + list(parts))
        self.add_class("sk-table")
        self.add_class(self.css)
        game.on_change(self.render)
        self.render()

    def render(self) -> None:
        """Draw the table from ``self.game.view`` (and the session's message)."""
        raise NotImplementedError

    def settings(self, rows: list, start: Callable[[int | None], None], what: str = "game",
                 replay_seconds: float = 0.6) -> w.Accordion:
        """The folded settings panel: ``rows`` of the game's own settings, then a seed box,
        New game (which calls ``start(seed)``, ``None`` for a random seed) and the saves.
        A seed box holding something else than a whole number is refused with a sentence.
        Keeps ``seed``, ``new_button``, ``replay_button``, ``save_button``, ``load_button``
        and ``save_box`` for the table and its tests."""
        self.seed = w.Text(value="", placeholder="random", description="seed")
        self.seed.add_class("sk-seed-box")

        def new_game(_=None) -> None:
            seed = read_seed(self.game, self.seed.value)
            if seed is not BAD_SEED:
                start(seed)

        self.new_button = action_button("New game", new_game, "new-game", style="success")
        self.save_box, saving = save_controls(self.game, what, replay_seconds=replay_seconds)
        self.replay_button, self.save_button, self.load_button = saving
        return settings_panel(list(rows) + [self.seed, w.HBox([self.new_button, *saving]), self.save_box], what)
