"""Picture Perfect at the table: you and one to five bots arrange the party for a photo.

``PictureSession`` is the controller (engine state, bots of one level on the session's
timer, your moves); ``PictureTable`` is the ipywidgets view, drawn from ``session.view``
only: the envelopes you know (those in your hands; with notes, every one you have read),
the exchange step's moves as the engine offers them, your mat seen from above (a 4x4 grid
of buttons, the table on 1B-1C), the camera's two sliders, the live photo of your layout
with each guest's wishes met as far as you know, Ready, and the log. No rule lives here:
the moves offered come from ``legal.moves_in_view`` (the engine's own judge, fed the view),
a wish is judged by ``wishes.met``, the log's sentences come from ``narration``.

Without notes the game is the rulebook's memory game: an envelope you passed on leaves the
page, and so the log leaves out the lines that read an envelope's wishes to you (they
would keep what you are meant to remember).

The settings' Variant menu hands the engine's variants to ``rules.new``, which says which
may be played with which settings. (A little over 400 lines: the controller and the
table's clicks and drawing read as one; its HTML is in ``picture_stage``/``picture_case``.)
"""

from __future__ import annotations

import ipywidgets as w

from sherlockkit.games.picture import bots, legal, narration, rules
from sherlockkit.games.picture.cards import EXCHANGE_WORDS, MAX_PLAYERS, MIN_PLAYERS
from sherlockkit.games.picture.figures import FIGURE_NAMES
from sherlockkit.games.picture.mat import COLUMNS, ROWS, TABLE, Space
from sherlockkit.games.picture.photo import CAMERA_HEIGHTS, CAMERA_XS, camera_at, take
from sherlockkit.games.picture.state import Aim, GameEnded, Pass, Place, Read, Ready, Return, Take, Unplace, View, Vip
from widgets.bakerstreet import Parts
from widgets.controls import action_button, guarded
from widgets.picture_case import CASE_STYLE, QuestionPanel, case_html, culprit_revealed, odds_of, sheet_html
from widgets.picture_stage import (
    STYLE, envelopes_html, exchange_words, final_html, header_html, live_photo_html, prompt_html, rounds_of,
    seats_html,
)
from widgets.session import GameSession
from widgets.table import GameTable

BOT_SECONDS = 0.8
#: an arranging move of a bot is quicker: a bot plays its planned layout out one move a turn
ARRANGE_SECONDS = 0.35
LOG_LINES = 80
#: the variant menu: "none" (the engine's ``variant=None``), then the engine's variants by
#: name; which may be played with which settings is the engine's to say
NO_VARIANT = "none"
VARIANT_MENU = (NO_VARIANT, rules.MORE_SUSPECTS, rules.DETECTIVES_AS_GUESTS)
#: the mat as seen from above, the back row on top and the camera below row 1
MAT_ROWS = tuple(range(ROWS, 0, -1))


class PictureSession(GameSession):
    """A party of Picture Perfect with you in seat 0 and bots of ``level`` in the others;
    ``sherlock`` plays the Sherlock expansion, ``irene`` adds Irène, ``variant`` one of the
    engine's variants (``rules.VARIANTS``; the base game by default)."""

    #: saves written before the expansion carry none of them: they are base parties; a party
    #: without a variant carries no ``variant`` (its save reads as before the variants)
    optional_options = frozenset({"sherlock", "irene", "variant"})

    def __init__(self, players: int = 3, notes: bool = False, level: str | None = None, seed: int | None = None,
                 clock=None, bot_seconds: float = BOT_SECONDS, arrange_seconds: float = ARRANGE_SECONDS,
                 sherlock: bool = False, irene: bool = False, variant: str | None = None):
        level = bots.LEVELS[-1] if level is None else level
        if level not in bots.LEVELS:
            raise ValueError(f"Unknown bot level {str(level)[:30]!r}; the levels are {', '.join(bots.LEVELS)}.")
        self.level = level
        self.bot_seconds, self.arrange_seconds = bot_seconds, arrange_seconds
        super().__init__(rules, _options(players, notes, sherlock, irene, variant), seed=seed, clock=clock)

    def prepare(self) -> None:
        """A bot of the chosen level in every seat but yours."""
        self.bots = bots.make_bots({p: self.level for p in range(self.options["players"]) if p != self.seat},
                                   self.seed)

    def new_game(self, players: int, notes: bool, level: str, seed: int | None, sherlock: bool = False,
                 irene: bool = False, variant: str | None = None) -> None:
        """A new party with these settings; a level not offered is refused with a sentence,
        and settings the engine cannot play together with its sentence."""
        if level not in bots.LEVELS:
            raise ValueError(f"Unknown bot level {str(level)[:30]!r}; the levels are {', '.join(bots.LEVELS)}.")
        held = self.level
        self.level = level
        try:
            self.start(seed, _options(players, notes, sherlock, irene, variant))
        except Exception:
            self.level = held
            raise

    def bot_delay(self, seat: int, action) -> float:
        return self.arrange_seconds if isinstance(action, (Place, Unplace, Aim, Vip)) else self.bot_seconds


def _options(players, notes, sherlock, irene, variant) -> dict:
    """The engine's options of a party; ``variant`` only when one is played."""
    options = {"players": players, "notes": notes, "sherlock": sherlock, "irene": irene}
    return options if variant is None else {**options, "variant": variant}


class PictureTable(GameTable):
    """The playable table: the round and its exchange card, your envelopes, the exchange's
    moves, your mat, the camera, the live photo, Ready, the other players, the log."""

    css = "sk-picture"
    style = STYLE + CASE_STYLE

    def __init__(self, game: PictureSession | None = None, **options):
        game = game or PictureSession(**options)
        self.game = game
        self.picked: str | None = None  # the guest you picked up, to place on the next space you click
        self._drawing = False  # while the table sets the sliders itself, their changes are not moves
        self.header = w.HTML()
        self.exchange_card = w.HTML()
        self.exchange_card.add_class("sk-exchange-card")
        self.envelopes = w.HTML()
        self.envelopes.add_class("sk-envelope-box")
        self._exchange_moves: list = []
        self.exchange_buttons: list[w.Button] = []
        self.exchange_bar = self._bar([])
        self._vip_moves: list = []
        self.vip_buttons: list[w.Button] = []
        self.vip_bar = self._bar([])
        self.prompt = w.HTML()
        self.prompt.add_class("sk-prompt")
        self.guest_buttons = {name: self._guest_button(name) for name in FIGURE_NAMES}
        guest_list = w.Box(list(self.guest_buttons.values()))
        guest_list.add_class("sk-guest-list")
        self.space_buttons: dict[Space, w.Button] = {}
        self.table_cells: list[w.HTML] = []  # the table, or the coffin with the victim's name
        cells = []
        for row in MAT_ROWS:
            for column in range(1, COLUMNS + 1):
                space = Space(row, column)
                if space in TABLE:
                    cell = w.HTML("<div style='text-align:center;padding-top:14px'>table</div>")
                    cell.add_class("sk-table-space")
                    cell.layout.background = "#7a4a26"
                    self.table_cells.append(cell)
                else:
                    cell = action_button(str(space), lambda _, s=space: self._click_space(s), "space")
                    cell.add_class(f"sk-space-{space}")
                    self.space_buttons[space] = cell
                cells.append(cell)
        self.mat = w.GridBox(cells)
        self.mat.add_class("sk-mat")
        self.unplace_button = action_button("Take off the mat", lambda _: self._unplace(), "unplace", style="warning")
        self.ready_button = action_button("Ready", lambda _: self._act(Ready(0)), "ready", style="success")
        self.mat_bar = self._bar([self.unplace_button, self.ready_button])
        self.across = w.IntSlider(value=0, min=CAMERA_XS[0], max=CAMERA_XS[-1], description="across",
                                  continuous_update=False)
        self.height = w.IntSlider(value=10, min=CAMERA_HEIGHTS[0], max=CAMERA_HEIGHTS[-1], description="height",
                                  continuous_update=False)
        for slider in (self.across, self.height):
            slider.layout.max_width = "100%"
            slider.add_class(f"sk-camera-{slider.description}")
            slider.observe(guarded(self._on_camera, game), names="value")
        camera_note = w.HTML("<div class='sk-camera-note'>The camera stands in front of row 1 "
                             "(below the mat as drawn).</div>")
        self.sheet = w.HTML()
        self.sheet.add_class("sk-sheet-box")
        stage = w.VBox([w.HTML("<b>Your mat</b> <small>(seen from above; pick a guest, then a space)</small>"),
                        guest_list, self.mat, camera_note, self.mat_bar, self.sheet])
        stage.add_class("sk-stage")
        self.photo = w.HTML()
        self.photo.add_class("sk-photo")
        self.guests_box = w.HTML()
        self.guests_box.add_class("sk-guests-box")
        # the envelopes beside the mat, under the photo: their wishes in sight while you arrange
        # the camera's sliders right under the photo: on a phone both are in sight together
        shot = w.VBox([self.photo, self.across, self.height, self.guests_box, self.envelopes, self.vip_bar])
        shot.add_class("sk-shot")
        self.play_area = w.Box([stage, shot])
        self.play_area.add_class("sk-play")
        self.photos = w.HTML()
        self.photos.add_class("sk-photos-box")
        self.seats = w.HTML()
        self.seats.add_class("sk-seats")
        self.message = w.HTML()
        self.message.add_class("sk-message")
        self.log_box = Parts("sk-log", "sk-log-line")
        self.case = w.HTML()
        self.case.add_class("sk-case-box")
        self.questions = QuestionPanel(self._act)
        self.setup = self._setup_panel()
        super().__init__(game, [self.header, self.case, self.exchange_card, self.prompt, self.exchange_bar,
                                self.questions, self.message,
                                self.photos, self.play_area, self.seats,
                                self.log_box, self.setup])

    @staticmethod
    def _bar(children) -> w.Box:
        bar = w.Box(list(children))
        bar.add_class("sk-actions")
        return bar

    def _guest_button(self, name: str) -> w.Button:
        button = action_button(name, lambda _: self._pick(name), "guest")
        button.add_class(f"sk-guest-{FIGURE_NAMES.index(name)}")
        return button

    def _setup_panel(self) -> w.Accordion:
        o = self.game.options
        self.players_slider = w.IntSlider(value=o["players"], min=MIN_PLAYERS, max=MAX_PLAYERS, description="players")
        self.level_menu = w.Dropdown(options=list(bots.LEVELS), value=self.game.level, description="bots")
        self.notes_box = w.Checkbox(value=o["notes"], description="notes (keep every envelope you read)",
                                    indent=False)
        self.sherlock_box = w.Checkbox(value=o.get("sherlock", False), indent=False, description="Sherlock expansion",
                                       tooltip="a culprit among the guests; seven rounds")
        self.irene_box = w.Checkbox(value=o.get("irene", False), description="Irène", indent=False)
        self.variant_menu = w.Dropdown(options=list(VARIANT_MENU), value=o.get("variant") or NO_VARIANT,
                                       description="Variant")
        self.variant_menu.layout.width = "auto"
        settings = (self.players_slider, self.level_menu, self.notes_box, self.sherlock_box, self.irene_box,
                    self.variant_menu)
        for setting in settings:
            setting.layout.max_width = "100%"
        for setting, css in zip(settings, ("players", "bots", "notes", "sherlock", "irene", "variant")):
            setting.add_class(f"sk-{css}-setting")
        row = w.Box(list(settings), layout=w.Layout(flex_flow="row wrap"))
        return self.settings([row], self._new_game, replay_seconds=0.3)

    # --- clicks -------------------------------------------------------------------------------

    def _new_game(self, seed: int | None) -> None:
        self.picked = None
        switches = {"notes": self.notes_box.value, "Sherlock expansion": self.sherlock_box.value,
                    "Irène": self.irene_box.value}
        for name, value in switches.items():
            if not isinstance(value, bool):
                raise ValueError(f"The {name} setting is on or off.")
        variant = self.variant_menu.value
        if variant is None:  # the page may leave the menu without a choice
            raise ValueError("Choose a variant in the menu (none plays the game as it comes).")
        self.game.new_game(self.players_slider.value, switches["notes"], self.level_menu.value, seed,
                           sherlock=switches["Sherlock expansion"], irene=switches["Irène"],
                           variant=None if variant == NO_VARIANT else variant)

    def _act(self, action) -> bool:
        """Play ``action`` as you; a refusal is the engine's sentence in the message."""
        return self.game.act(action)

    def _tell(self, text: str) -> None:
        self.game.message = text
        self.game.notify()

    def _pick(self, guest: str) -> None:
        """A guest in the list: pick it up (or put it down again with a second click); a
        figure not at this party (its button hidden, but a page can click it) is told so."""
        view = self.game.view
        if guest not in legal.figures(view):
            self.picked = None
            self._tell(f"{guest} is not at this party: the figure stays in the box.")
            return
        self.picked = None if self.picked == guest else guest
        self._tell("")

    def _click_space(self, space: Space) -> None:
        """A space of your mat: the picked guest goes there; with none picked, the guest
        standing there is picked up (click another space to move it, or take it off)."""
        standing = {s: g for g, s in self.game.view.mats[0]}
        if self.picked is None:
            if space in standing:
                self.picked = standing[space]
                self._tell("")
            else:
                self._tell("Pick a guest first (the list above the mat), then a space.")
            return
        if standing.get(space) == self.picked:  # the space it stands on: put it down again
            self.picked = None
            self._tell("")
            return
        guest = self.picked
        self.picked = None
        if not self._act(Place(0, guest, str(space))):
            self.picked = guest
            self.game.notify()

    def _unplace(self) -> None:
        if self.picked is None:
            self._tell("Pick a guest on your mat first (click its space).")
            return
        guest = self.picked
        self.picked = None
        if not self._act(Unplace(0, guest)):
            self.picked = guest
            self.game.notify()

    def _on_camera(self, change) -> None:
        if self._drawing:
            return
        x, height = self.across.value, self.height.value
        if not self._act(Aim(0, x, height)):
            self.redraw()  # the sliders go back to where the camera stands

    def _pool(self, buttons: list, bar: w.Box, moves: list, css: str, handler, words) -> None:
        """Show a button for each of ``moves`` (more buttons made as needed), hide the rest."""
        while len(buttons) < len(moves):
            k = len(buttons)
            button = action_button("", lambda _, k=k: handler(k), f"{css}")
            button.add_class(f"sk-{css}-{k}")
            self.guard_all(button)
            buttons.append(button)
            bar.children = (*bar.children, button)
        for k, button in enumerate(buttons):
            if k < len(moves):
                button.description = words(moves[k])
                button.layout.display = None
            else:
                button.layout.display = "none"

    def _exchange_click(self, k: int) -> None:
        if k < len(self._exchange_moves):
            self._act(self._exchange_moves[k])

    def _vip_click(self, k: int) -> None:
        if k < len(self._vip_moves):
            self._act(self._vip_moves[k])

    # --- drawing ------------------------------------------------------------------------------

    def render(self) -> None:
        view: View = self.game.view
        me = view.player
        # the log first; without notes, the lines reading an envelope out are left off (see above)
        events = [e for e in view.events if view.notes or view.outcome is not None or not isinstance(e, Read)]
        lines = narration.log(events, me, last=LOG_LINES)
        self.log_box.show([f"<div>{_escape(line)}</div>" for line in lines])
        over = view.outcome is not None
        playing = not over and not self.game.replaying
        allowed = legal.moves_in_view(view) if playing else []
        card = EXCHANGE_WORDS.get(view.exchange, "")
        self.exchange_card.value = "" if over else f"<b>Round {view.round}, the exchange card:</b> {_escape(card)}"
        self.exchange_card.layout.display = "none" if over else None
        self._exchange_moves = [a for a in allowed if isinstance(a, (Take, Pass, Return))]
        self._pool(self.exchange_buttons, self.exchange_bar, self._exchange_moves, "exchange",
                   self._exchange_click, lambda a: exchange_words(a, view))
        self._vip_moves = [a for a in allowed if isinstance(a, Vip)]
        self._pool(self.vip_buttons, self.vip_bar, self._vip_moves, "vip", self._vip_click,
                   lambda a: f"Slip your VIP card into {a.guest}'s envelope")
        self.prompt.value = prompt_html(view, allowed, self.game.replaying)
        self.questions.draw(view, allowed)
        # the odds only while the culprit is hidden (at the end the reveal says who it was)
        odds = odds_of(view) if view.sherlock and not over else {}
        self.case.value = case_html(view, rounds_of(view)) if view.sherlock else ""
        self.case.layout.display = None if view.sherlock else "none"
        self.sheet.value = sheet_html(view, odds) if view.sherlock and not over else ""
        self.sheet.layout.display = None if view.sherlock and not over else "none"
        self.envelopes.value = "<b>Envelopes you know</b>" + envelopes_html(view)
        self._draw_mat(view, allowed)
        self._draw_photo(view, odds)
        # at the end every envelope is open in the players' photos: no need to list them again
        self.seats.value = "" if over else seats_html(view)
        self.seats.layout.display = "none" if over else None
        self.message.value = _escape(self.game.message)
        # the title last: the page gets the changes in this order, so a new party's title (or a
        # new round's) never shows over the last one's mat and buttons
        self.header.value = header_html(view, self.game.seed_words)

    def _draw_mat(self, view: View, allowed: list) -> None:
        mat = dict(view.mats[view.player])
        standing = {s: g for g, s in mat.items()}
        arranging = any(isinstance(a, (Place, Ready)) for a in allowed)
        figures = legal.figures(view)
        if self.picked is not None and (not arranging or self.picked not in figures or self.picked == view.victim):
            self.picked = None
        for cell in self.table_cells:
            cell.layout.background = "#2f2520" if view.victim else "#7a4a26"  # the coffin's wood, as in the photo
            cell.value = ("<div style='text-align:center;padding-top:6px;line-height:1.1'>coffin<br><small>"
                          f"{_escape(view.victim)}</small></div>" if view.victim
                          else "<div style='text-align:center;padding-top:14px'>table</div>")
        for name, button in self.guest_buttons.items():
            button.layout.display = None if name in figures else "none"  # a guest in the box: none
            if name == view.victim:
                button.description, button.tooltip = f"{name} · in the coffin", f"{name} is the victim"
                button.disabled = True
                continue
            where = mat.get(name)
            button.description = f"{name} · {where}" if where else name
            button.tooltip = f"{name} stands on {where}: click to pick up" if where else f"Pick up {name}"
            (button.add_class if where else button.remove_class)("sk-placed")
            (button.add_class if self.picked == name else button.remove_class)("sk-picked")
            button.button_style = "warning" if self.picked == name else ""
            button.disabled = not arranging
        for space, button in self.space_buttons.items():
            guest = standing.get(space)
            button.description = f"{space} {guest}" if guest else str(space)
            button.tooltip = f"{guest} on {space}" if guest else f"Empty space {space}"
            button.button_style = "info" if guest else ""
            (button.add_class if guest is not None and guest == self.picked else button.remove_class)("sk-picked")
            button.disabled = not arranging
        self.unplace_button.layout.display = None if arranging and self.picked in mat else "none"
        if self.picked in mat:
            self.unplace_button.description = f"Take {self.picked} off the mat"
        # shown while you arrange, even when the engine refuses it for now (Watson and Holmes out of
        # the last photo): the click says why, rather than a button that vanishes unexplained
        self.ready_button.layout.display = None if arranging else "none"
        self.mat_bar.layout.display = "none" if view.outcome is not None else "flex"
        x, height = view.cameras[view.player]
        self._drawing = True
        try:
            self.across.value, self.height.value = x, height
        finally:
            self._drawing = False
        for slider in (self.across, self.height):
            slider.disabled = not arranging
        self.play_area.layout.display = "none" if view.outcome is not None else "flex"

    def _draw_photo(self, view: View, odds: dict) -> None:
        if view.outcome is not None:
            self.photo.value = self.guests_box.value = ""
            parts = []
            for seat in range(view.players):
                placements = dict(view.mats[seat])
                photo = take(placements, camera_at(*view.cameras[seat]))
                parts.append(final_html(view, seat, photo, view.outcome.photos[seat], view.outcome.scores[seat],
                                        culprit=culprit_revealed(view)))
            self.photos.value = "<div class='sk-photos'>" + "".join(parts) + "</div>"
            self.photos.layout.display = None
            return
        self.photos.value = ""
        self.photos.layout.display = "none"
        placements = dict(view.mats[view.player])
        photo = take(placements, camera_at(*view.cameras[view.player]))
        self.photo.value, self.guests_box.value = live_photo_html(view, placements, photo, odds)

    def ending_sentence(self, view, outcome) -> str:
        # the GameEnded event carries the culprit, turned over at the end (the outcome does not)
        ended = next((e for e in reversed(view.events) if isinstance(e, GameEnded)), outcome)
        return narration.ending(ended, view.player)


def _escape(text: str) -> str:
    from html import escape

    return escape(text)
