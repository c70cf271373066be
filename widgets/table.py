"""What every game's table widget shares: the base class :class:`GameTable`.

A table is a thin view over a :class:`~widgets.session.GameSession`: it draws the
session's ``view`` (never the engine's whole state) and turns clicks into the session's
moves. The base class wires the redraw to every change and gives every table the same
frame:

- the **ending bar** at the top, shown once the game is over: who won and why in a
  sentence (the game's :meth:`GameTable.ending_sentence`), "Play again" (the same
  options, a new deal) and "New game" (the settings panel's options);
- the **replay bar**, shown while a replay runs: where it is, pause or go on, one
  step, skip to the end, and its speed;
- the folded **settings panel** (:meth:`GameTable.settings`): the game's own settings,
  a motion switch, a seed box, New game, and saves.

Layouts reflow rather than shrink: bars wrap on a phone (375 px) instead of cutting
their buttons.
"""

from __future__ import annotations

import html
from typing import Callable

import ipywidgets as w

from widgets.controls import (BAD_SEED, action_button, guarded, marked, read_seed, refuse_bad_state, save_controls,
                             settings_panel)

#: Replay speeds offered (label -> seconds between moves).
REPLAY_SPEEDS = {"slow": 1.2, "normal": 0.6, "fast": 0.2}

FRAME_STYLE = """<style>
.sk-table .sk-bar { display: flex; flex-wrap: wrap; align-items: center; gap: 6px; margin: 4px 0; }
.sk-table .sk-bar .widget-button { width: auto; min-width: max-content; }
.sk-table .sk-ending { background: #eef7ee; border: 1px solid #8bbf8b; border-radius: 8px; padding: 6px 10px; }
.sk-table .sk-ending .sk-verdict { font-size: 1.15em; color: #064; flex: 1 1 100%; margin: 0; }
.sk-table .sk-ending.sk-lost { background: #f7eeee; border-color: #c99; }
.sk-table .sk-ending.sk-lost .sk-verdict { color: #7a1f1f; }
.sk-table .sk-replay-bar { background: #f4f0e6; border-radius: 8px; padding: 4px 8px; }
/* coloured buttons dark enough for their white words (axe-core's contrast, 4.5:1 at least) */
.sk-table .jupyter-button.mod-success { background-color: #2e7d32; }
.sk-table .jupyter-button.mod-info { background-color: #00707c; }
.sk-table .jupyter-button.mod-warning { background-color: #a65400; }
.sk-table .jupyter-button.mod-danger { background-color: #c62828; }
.sk-table .jupyter-button.mod-primary { background-color: #1565c0; }
.sk-table .widget-html-content { white-space: normal; }
.sk-table .widget-textarea, .sk-table .widget-text { max-width: calc(100% - 4px); }
@media (prefers-reduced-motion: reduce) { .sk-table * { animation: none !important; transition: none !important; } }
.sk-table.sk-still * { animation: none !important; transition: none !important; }
/* a table shared with friends sits inside the panel's fold: on a phone the fold keeps a thin
   edge, so that the cards keep the width their words need to be read (9.5 px high) */
@media (max-width: 600px) { .sk-friends-fold .jupyter-widget-Collapse-contents,
  .sk-friends-fold .p-Collapse-contents { padding: 6px 2px; } }
</style>"""


def _bar(children: list, css: str) -> w.Box:
    """A row of controls that wraps onto more lines when the page is narrow."""
    bar = w.Box(children, layout=w.Layout(display="none"))
    bar.add_class("sk-bar")
    bar.add_class(css)
    return bar


class GameTable(w.VBox):
    """A game's table. Subclasses set ``css`` (the class the page and tests find it by)
    and ``style``, build their parts, call ``super().__init__(game, parts)``, draw in
    :meth:`render` and say how a game ended in :meth:`ending_sentence`."""

    css = "sk-table"
    style = ""

    def __init__(self, game, parts: list[w.Widget]):
        self.game = game
        self._start: Callable[[int | None], None] = lambda seed: game.start(seed, game.options)
        self.verdict = w.HTML()
        self.verdict.add_class("sk-verdict")
        self.play_again_button = action_button("Play again", lambda _: game.play_again(), "play-again",
                                               style="success")
        self.ending_new_button = action_button("New game…", lambda _: self._open_settings(), "ending-new-game")
        self.ending = _bar([self.verdict, self.play_again_button, self.ending_new_button], "sk-ending")
        self.replay_where = w.HTML()
        self.replay_pause_button = action_button("Pause", lambda _: self._pause(), "replay-pause")
        self.replay_step_button = action_button("Step", lambda _: game.replay_step(), "replay-step")
        self.replay_skip_button = action_button("Skip to end", lambda _: game.replay_skip(), "replay-skip")
        self.replay_speed = w.ToggleButtons(options=list(REPLAY_SPEEDS), value="normal",
                                            style={"button_width": "auto"})
        self.replay_speed.observe(guarded(self._on_speed, game), names="value")
        self.replay_bar = _bar([self.replay_where, self.replay_pause_button, self.replay_step_button,
                                self.replay_skip_button, self.replay_speed], "sk-replay-bar")
        super().__init__([w.HTML(FRAME_STYLE + self.style), self.ending, self.replay_bar] + list(parts))
        self.add_class("sk-table")
        self.add_class(self.css)
        self.guard_all(self)
        game.on_change(self.redraw)
        self.redraw()

    def guard_all(self, widget: w.Widget) -> None:
        """Tell every guarded button under ``widget`` to put its refusals in this
        table's session (buttons are made before the table is), and make every widget
        answer a value it cannot take with a sentence (:func:`refuse_bad_state`)."""
        guard = getattr(widget, "guard", None)
        if guard is not None and guard.session is None:
            guard.session = self.game
        refuse_bad_state(widget, self.game)
        for child in getattr(widget, "children", ()):
            self.guard_all(child)

    # --- drawing ---------------------------------------------------------------------------------

    def redraw(self) -> None:
        """Draw the table, then the frame's bars."""
        self.render()
        over = self.game.outcome
        showing = over is not None and not self.game.replaying
        self.ending.layout.display = "flex" if showing else "none"
        if showing:
            self.verdict.value = f"<p class='sk-verdict'>{html.escape(self.ending_sentence(self.game.view, over))}</p>"
            won = self.game.rules.standing(over, self.game.seat)[0]
            marked(self.ending, "sk-won", won)  # a win and a loss look apart (issue 28)
            marked(self.ending, "sk-lost", not won)
        self.replay_bar.layout.display = "flex" if self.game.replaying else "none"
        if self.game.replaying:
            done, total = self.game.replay_progress
            self.replay_where.value = f"<b>Replay</b> {done}/{total}"
            self.replay_pause_button.description = "Go on" if self.game.replay_paused else "Pause"

    def render(self) -> None:
        """Draw the table from ``self.game.view`` (and the session's message)."""
        raise NotImplementedError

    def ending_sentence(self, view, outcome) -> str:
        """Who won and why, in a sentence, for the ending bar."""
        return "The game is over."

    # --- the moves on offer ---------------------------------------------------------------------------

    def move_buttons(self) -> list[w.Button]:
        """Every button of the table that leads to moves (``controls.move_button``), shown
        or not, in the order the table holds them."""
        found, stack = [], [self]
        while stack:
            here = stack.pop(0)
            if isinstance(here, w.Button) and getattr(here, "moves", None) is not None:
                found.append(here)
            stack[:0] = list(getattr(here, "children", ()))
        return found

    def path_to(self, move) -> list[w.Button]:
        """The buttons to click, in order, to make ``move`` (one of your legal moves): by
        default the one button offering exactly that move. A table whose moves are chosen
        in steps (a card, then what to do with it) says its own way."""
        return [b for b in self.move_buttons() if b.moves == (move,)][:1]

    # --- the frame's controls ----------------------------------------------------------------------

    def _pause(self) -> None:
        self.game.replay_pause(not self.game.replay_paused)

    def _on_speed(self, change) -> None:
        seconds = REPLAY_SPEEDS.get(change["new"])
        if seconds is None:  # the page can send any value: keep the last good one
            self.replay_speed.value = "normal"
            return
        self.game.replay_speed(seconds)

    def _open_settings(self) -> None:
        setup = getattr(self, "setup", None)
        if setup is not None:
            setup.selected_index = 0

    def settings(self, rows: list, start: Callable[[int | None], None], what: str = "game",
                 replay_seconds: float = 0.6) -> w.Accordion:
        """The folded settings panel: ``rows`` of the game's own settings, then the motion
        switch, a seed box, New game (which calls ``start(seed)``, ``None`` for a random
        seed) and the saves. A seed box holding something else than a whole number is
        refused with a sentence. Keeps ``seed``, ``motion``, ``new_button``,
        ``replay_button``, ``save_button``, ``load_button`` and ``save_box``."""
        self._start = self._deal = start
        self.seed = w.Text(value="", placeholder="random", description="seed")
        self.seed.add_class("sk-seed-box")
        self.motion = w.Checkbox(value=True, description="motion (cards and dice move)", indent=False)
        self.motion.observe(guarded(self._on_motion, self.game), names="value")

        def new_game(_=None) -> None:
            seed = read_seed(self.game, self.seed.value)
            if seed is not BAD_SEED:
                self.deal_anew(seed)

        self.new_button = action_button("New game", new_game, "new-game", style="success")
        self.save_box, saving = save_controls(self.game, what, replay_seconds=replay_seconds)
        self.replay_button, self.save_button, self.load_button = saving
        buttons = w.Box([self.new_button, *saving], layout=w.Layout(flex_flow="row wrap"))
        self.setup = settings_panel(list(rows) + [self.motion, self.seed, buttons, self.save_box], what)
        return self.setup

    def deal_anew(self, seed: int | None) -> None:
        """A new game from ``seed`` with the settings as they stand (the ``start`` given to
        :meth:`settings`); when it is refused, the game is put back as it was, a settings
        change made before it included, and the refusal goes on to the page's guard."""
        held = self.game.hold()
        try:
            self._deal(seed)
        except Exception:
            self.game.restore(held)
            raise

    def _on_motion(self, change) -> None:
        if change["new"] is True:
            self.remove_class("sk-still")
        else:
            self.add_class("sk-still")
