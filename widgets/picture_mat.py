"""Picture Perfect's arranging controls: your figures, your mat seen from above, the camera,
Ready -- every one a button offered the moves it leads to, taken from the engine's
``legal_moves`` of your view at every redraw.

Placing a guest is chosen in steps: a figure of the list (or the space it stands on),
then a free space (or "Take off the mat"). Aiming the camera too: a place across (or the
camera's own, by default), then a height. The buttons of the first step are choosers,
offered every move they lead to; the second step's make the move. :meth:`ArrangingControls.path_to`
names the clicks that make a move. Nothing here works out which moves exist, and a move
the engine refuses is shown as its sentence (the Ready button's, while it waits for
Watson and Holmes).
"""

from __future__ import annotations

from html import escape

import ipywidgets as w

from sherlockkit.games.picture import ready, rules
from sherlockkit.games.picture.place import not_placeable
from sherlockkit.games.picture.figures import FIGURE_NAMES, party_figures
from sherlockkit.games.picture.mat import COLUMNS, ROWS, TABLE, Space, space_named
from sherlockkit.games.picture.photo import CAMERA_HEIGHTS, CAMERA_XS
from sherlockkit.games.picture.state import Aim, Place, Ready, Unplace, View
from widgets.controls import changed, marked, move_button, offer, shown

#: the mat as seen from above, the back row on top and the camera below row 1
MAT_ROWS = tuple(range(ROWS, 0, -1))


def _box(children, css: str, kind=w.Box) -> w.Box:
    box = kind(list(children))
    box.add_class(css)
    return box


class ArrangingControls:
    """Your figures, your mat, the camera pad, "Take off the mat" and Ready. ``act(move)``
    plays a move as you (a refusal becomes the session's message) and ``tell(text)`` says
    something without a move; both redraw the table."""

    def __init__(self, act, tell):
        self._act, self._tell = act, tell
        self.picked: str | None = None  # the figure picked up, to stand on the next space clicked
        self.aim_x: int | None = None  # a place across picked for the camera (None: where it stands)
        self._view: View | None = None
        self.guest_buttons = {name: self._guest_button(k, name) for k, name in enumerate(FIGURE_NAMES)}
        self.guest_list = _box(self.guest_buttons.values(), "sk-guest-list")
        self.space_buttons: dict[Space, w.Button] = {}
        self.table_cells: list[w.HTML] = []  # the table, or the coffin with the victim's name
        cells = []
        for row in MAT_ROWS:
            for column in range(1, COLUMNS + 1):
                space = Space(row, column)
                if space in TABLE:
                    cell = w.HTML()
                    cell.add_class("sk-table-space")
                    self.table_cells.append(cell)
                else:
                    cell = move_button(str(space), lambda b, s=space: self._click_space(s), "space")
                    cell.add_class(f"sk-space-{space}")
                    self.space_buttons[space] = cell
                cells.append(cell)
        self.mat = _box(cells, "sk-mat", w.GridBox)
        self.unplace_button = move_button("Take off the mat", self._play, "unplace", style="warning")
        self.ready_button = move_button("Ready", self._play, "ready", style="success")
        self.mat_bar = _box([self.unplace_button, self.ready_button], "sk-actions")
        self.across_buttons = {x: self._camera_button(x, "across", self._pick_across) for x in CAMERA_XS}
        self.height_buttons = {h: self._camera_button(h, "height", self._aim) for h in CAMERA_HEIGHTS}
        self.camera_note = w.HTML()
        self.camera_note.add_class("sk-camera-note")
        self.camera = _box([self.camera_note,
                            _box([w.HTML("<b>across</b>"), *self.across_buttons.values()], "sk-camera-row"),
                            _box([w.HTML("<b>height</b>"), *self.height_buttons.values()], "sk-camera-row")],
                           "sk-camera", w.VBox)

    def _guest_button(self, k: int, name: str) -> w.Button:
        button = move_button(name, lambda b: self._pick(name), "guest")
        button.add_class(f"sk-guest-{k}")
        return button

    def _camera_button(self, value: int, css: str, handler) -> w.Button:
        button = move_button(str(value), handler, f"camera-{css}")
        button.add_class(f"sk-{css}-{value}".replace("-" * 2, "-minus-"))
        return button

    # --- clicks ---------------------------------------------------------------------------------------

    def _play(self, button: w.Button, wanted=None) -> None:
        """A button making a move: the one it is offered (the engine's own). Clicked though
        it offers none (a page can click a disabled button), the move it would make
        (``wanted``) is told the engine's refusal."""
        if not button.moves:
            why = rules.MOVES[type(wanted)].refusal(self._view, wanted) if wanted is not None else None
            self._tell(why or "That is not on offer now.")
            return
        self.picked = self.aim_x = None
        self._act(button.moves[0])

    def _pick(self, guest: str) -> None:
        """A figure of the list: pick it up (or put it down again with a second click); one
        that leads to no move now is told so in the engine's words when it has some."""
        if not self.guest_buttons[guest].moves:
            self.picked = None
            self._tell(not_placeable(self._view, guest) or f"{guest} cannot be moved now.")
            return
        self.picked = None if self.picked == guest else guest
        self._tell("")

    def _click_space(self, space: Space) -> None:
        """A space of your mat: the picked figure stands there; with none picked, the figure
        standing there is picked up (click another space to move it, or take it off)."""
        button = self.space_buttons[space]
        if self.picked is not None:
            self._play(button, Place(self._view.player, self.picked, str(space)))
            return
        if not button.moves:
            self._tell("Pick a guest first (the list above the mat), then a space.")
            return
        self.picked = button.moves[0].guest
        self._tell("")

    def _aim(self, button: w.Button) -> None:
        """A height: the camera moves there (across where picked, else where it stands)."""
        me = self._view.player
        across = self._view.cameras[me][0] if self.aim_x is None else self.aim_x
        self._play(button, Aim(me, across, int(button.description)))

    def _pick_across(self, button: w.Button) -> None:
        """A place across for the camera: its height comes next (a second click puts it back)."""
        if not button.moves:
            self._tell("That is not on offer now.")
            return
        x = button.moves[0].x
        self.aim_x = None if self.aim_x == x else x
        self._tell("")

    # --- drawing --------------------------------------------------------------------------------------

    def draw(self, view: View, allowed: list) -> None:
        """Offer every button the moves of ``allowed`` (your legal moves) it leads to, and
        show your mat as it stands."""
        self._view = view
        me = view.player
        mat = dict(view.mats[me])
        standing = {s: g for g, s in mat.items()}
        figures = party_figures(view)
        leads: dict[str, list] = {g: [] for g in FIGURE_NAMES}  # what each figure's button leads to
        aims: dict[int, list] = {x: [] for x in CAMERA_XS}  # the camera's moves, by place across
        for move in allowed:
            if type(move) in (Place, Unplace):
                leads[move.guest].append(move)
            elif type(move) is Aim:
                aims[move.x].append(move)
        if self.picked is not None and not leads[self.picked]:
            self.picked = None
        arranging = any(aims.values())  # the camera may always move while you arrange
        for cell in self.table_cells:
            marked(cell, "sk-coffin", bool(view.victim))  # the coffin's wood, as in the photo
            changed(cell, value="<div style='text-align:center;padding-top:6px;line-height:1.1;color:#fff'>coffin<br>"
                                f"<small>{escape(view.victim)}</small></div>" if view.victim
                                else "<div style='text-align:center;padding-top:14px;color:#fff'>table</div>")
        for name, button in self.guest_buttons.items():
            shown(button, name in figures)  # a guest in the box: none
            where = mat.get(name)
            if name == view.victim:
                changed(button, description=f"{name} · in the coffin", tooltip=f"{name} is the victim")
            else:
                changed(button, description=f"{name} · {where}" if where else name,
                        tooltip=f"{name} stands on {where}: click to pick up" if where else f"Pick up {name}",
                        button_style="warning" if self.picked == name else "")
            marked(button, "sk-placed", where is not None)
            marked(button, "sk-picked", self.picked == name)
            offer(button, leads[name] if name in figures else ())
        for space, button in self.space_buttons.items():
            guest = standing.get(space)
            changed(button, description=f"{space} {guest}" if guest else str(space),
                    tooltip=f"{guest} on {space}" if guest else f"Empty space {space}",
                    button_style="info" if guest else "")
            marked(button, "sk-picked", guest is not None and guest == self.picked)
            if self.picked is not None:
                offer(button, [m for m in leads[self.picked] if type(m) is Place and m.space == str(space)])
            else:
                offer(button, leads[guest] if guest is not None else ())
        takes_off = [m for m in leads[self.picked] if type(m) is Unplace] if self.picked else []
        shown(self.unplace_button, bool(takes_off))
        offer(self.unplace_button, takes_off)
        if takes_off:
            changed(self.unplace_button, description=f"Take {self.picked} off the mat")
        offer(self.ready_button, [m for m in allowed if type(m) is Ready])
        # shown while you arrange, even while the engine refuses it (Watson and Holmes out of the
        # last photo): its sentence says why, rather than a button that vanishes unexplained
        shown(self.ready_button, arranging)
        changed(self.ready_button, tooltip="" if self.ready_button.moves or not arranging
                else ready.refusal(view, Ready(me)) or "")
        shown(self.mat_bar, view.outcome is None)
        self._draw_camera(view, aims)

    def _draw_camera(self, view: View, aims: dict[int, list]) -> None:
        x, height = view.cameras[view.player]
        if self.aim_x is not None and not aims[self.aim_x]:
            self.aim_x = None
        across = x if self.aim_x is None else self.aim_x
        for value, button in self.across_buttons.items():
            offer(button, aims[value])
            changed(button, button_style="warning" if value == self.aim_x else "info" if value == x else "")
        for value, button in self.height_buttons.items():
            offer(button, [m for m in aims[across] if m.height == value])
            changed(button, button_style="info" if value == height else "")
        changed(self.camera_note, value=(
            f"<b>The camera</b> stands {x} across, {height} high, in front of row 1 (below the mat as drawn). "
            + (f"Now a height for {self.aim_x} across." if self.aim_x is not None
               else "Click a height to move it up or down, or a place across first.")))
        shown(self.camera, view.outcome is None)

    def path_to(self, move) -> list[w.Button] | None:
        """The buttons to click, in order, to make ``move`` from these controls (``None``
        for a move they do not make)."""
        if type(move) is Place:
            first = [] if self.picked == move.guest else [self.guest_buttons[move.guest]]
            return first + [self.space_buttons[space_named(move.space)]]
        if type(move) is Unplace:
            first = [] if self.picked == move.guest else [self.guest_buttons[move.guest]]
            return first + [self.unplace_button]
        if type(move) is Aim:
            x, _ = self._view.cameras[self._view.player]
            across = x if self.aim_x is None else self.aim_x
            first = [] if across == move.x else [self.across_buttons[move.x]]
            return first + [self.height_buttons[move.height]]
        if type(move) is Ready:
            return [self.ready_button]
        return None
