"""Picture Perfect at the table: you and one to five bots arrange the party for a photo.

``PictureSession`` is the controller (engine state, bots of one level on the session's
timer, your moves); ``PictureTable`` is the ipywidgets view, drawn from ``session.view``
only: the envelopes you know (those in your hands; with notes, every one you have read),
the exchange's moves, your mat seen from above (a 4x4 grid of buttons, the table on
1B-1C), the camera, the live photo of your layout with each guest's wishes met as far as
you know, Ready, the questions of a Sherlock party, and the log (``narration.log``: without
notes it reads no envelope out to you, the rulebook's memory game).

Every button that makes a move is offered its moves from ``rules.legal_moves`` of your
view at each redraw (``controls.offer``); the arranging's buttons are in
``picture_mat``, the questions' in ``picture_case``; :meth:`PictureTable.path_to` names
the clicks of any move. No rule lives here: a wish is judged by ``wishes.met``, a
refusal is the engine's sentence. The settings' Variant menu hands the engine's variants
to ``rules.new``, which says which may be played with which settings.
"""

from __future__ import annotations

from html import escape

import ipywidgets as w

from sherlockkit.games.picture import bots, narration, rules
from sherlockkit.games.picture.cards import EXCHANGE_WORDS, MAX_PLAYERS, MIN_PLAYERS
from sherlockkit.games.picture.deal import DETECTIVES_AS_GUESTS, MORE_SUSPECTS
from sherlockkit.games.picture.events import GameEnded
from sherlockkit.games.picture.photo import camera_at, take
from sherlockkit.games.picture.state import CHOOSING, EXCHANGING, Aim, Place, Unplace, View, Vip
from widgets.controls import action_button, changed, move_button, offer, shown
from widgets.parts import Parts, log_start, newest_in_view
from widgets.picture_case import CASE_STYLE, QuestionPanel, case_html, culprit_revealed, odds_of, sheet_html
from widgets.picture_mat import ArrangingControls
from widgets.picture_stage import (
    STYLE, envelopes_html, exchange_words, final_html, header_html, live_photo_html, prompt_html, rounds_of,
    seats_html,
)
from widgets.session import GameSession
from widgets.table import GameTable

BOT_SECONDS = 0.8
#: an arranging move of a bot is quicker: a bot plays its planned layout out one move a turn
ARRANGE_SECONDS = 0.35
LOG_LINES = 80  # the most lines the log shows (``log_start``: from 40 to 80 of the newest)
#: the variant menu: "none" (the engine's ``variant=None``), then the engine's variants by
#: name; which may be played with which settings is the engine's to say
NO_VARIANT = "none"
VARIANT_MENU = (NO_VARIANT, MORE_SUSPECTS, DETECTIVES_AS_GUESTS)


class PictureSession(GameSession):
    """A party of Picture Perfect with you in seat 0 and bots of ``level`` in the others;
    ``sherlock`` plays the Sherlock expansion, ``irene`` adds Irène, ``variant`` one of the
    engine's variants (``rules.VARIANTS``; the base game by default). ``budget``: the
    layouts a thinking bot scores a round (``bots.make_bots``; tests give a small one)."""

    #: saves written before the expansion carry none of them: they are base parties; a party
    #: without a variant carries no ``variant`` (its save reads as before the variants)
    optional_options = frozenset({"sherlock", "irene", "variant"})

    def __init__(self, players: int = 3, notes: bool = False, level: str | None = None, seed: int | None = None,
                 clock=None, bot_seconds: float = BOT_SECONDS, arrange_seconds: float = ARRANGE_SECONDS,
                 sherlock: bool = False, irene: bool = False, variant: str | None = None, budget: int = bots.BUDGET):
        level = bots.LEVELS[-1] if level is None else level
        if level not in bots.LEVELS:
            raise ValueError(f"Unknown bot level {str(level)[:30]!r}; the levels are {', '.join(bots.LEVELS)}.")
        self.level, self.budget = level, budget
        self.bot_seconds, self.arrange_seconds = bot_seconds, arrange_seconds
        super().__init__(rules, _options(players, notes, sherlock, irene, variant), seed=seed, clock=clock)

    def prepare(self) -> None:
        """A bot of the chosen level in every seat but yours."""
        self.bots = bots.make_bots({p: self.level for p in range(self.options["players"]) if p != self.seat},
                                   self.seed, self.budget)

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
        """Seconds before a bot's move: quicker for a step of its planned layout."""
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
        self.header = _html("sk-title-box")
        self.exchange_card = _html("sk-exchange-card")
        self.envelopes = _html("sk-envelope-box")
        self.exchange_buttons: list[w.Button] = []
        self.exchange_bar = _bar([])
        self.vip_buttons: list[w.Button] = []
        self.vip_bar = _bar([])
        self.prompt = _html("sk-prompt")
        self.arranging = ArrangingControls(self._act, self._tell)
        # the arranging's buttons, by the names the page and the tests know them by
        self.guest_buttons, self.space_buttons = self.arranging.guest_buttons, self.arranging.space_buttons
        self.unplace_button, self.ready_button = self.arranging.unplace_button, self.arranging.ready_button
        self.across_buttons, self.height_buttons = self.arranging.across_buttons, self.arranging.height_buttons
        self.table_cells = self.arranging.table_cells
        self.sheet = _html("sk-sheet-box")
        stage = w.VBox([w.HTML("<b>Your mat</b> <small>(seen from above; pick a guest, then a space)</small>"),
                        self.arranging.guest_list, self.arranging.mat, self.arranging.mat_bar])
        stage.add_class("sk-stage")
        self.photo = _html("sk-photo")
        self.guests_box = _html("sk-guests-box")
        # the photo right under the mat and Ready on a phone (you watch it change as you place),
        # the camera under the photo, then the envelopes, their wishes in sight while you
        # arrange; the Alibi sheet under the mat on a desktop, after the photo on a phone
        shot = w.VBox([self.photo, self.arranging.camera, self.guests_box, self.envelopes, self.vip_bar])
        shot.add_class("sk-shot")
        self.play_area = _bar([stage, shot, self.sheet], "sk-play")
        self.photos = _html("sk-photos-box")
        self.seats = _html("sk-seats")
        self.message = _html("sk-message")
        self.log_box = Parts("sk-log-lines", "sk-log-line", flow="column")
        self.log_view = newest_in_view(self.log_box, "sk-log")
        self.case = _html("sk-case-box")
        self.questions = QuestionPanel(self._act, lambda button: self.guard_all(button))
        self.setup = self._setup_panel()
        self.switch_words = _html("sk-switch-words")
        self.switch_button = action_button("", self._switch, "switch")  # a new party: no move of this one
        switch_bar = _bar([self.switch_words, self.switch_button], "sk-switch-bar")
        super().__init__(game, [self.header, switch_bar, self.case, self.exchange_card, self.prompt, self.exchange_bar,
                                self.questions, self.message, self.photos, self.play_area, self.seats,
                                self.log_view, self.setup])

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
        for setting, css in zip(settings, ("players", "bots", "notes", "sherlock", "irene", "variant")):
            setting.layout.max_width = "100%"
            setting.add_class(f"sk-{css}-setting")
        row = w.Box(list(settings), layout=w.Layout(flex_flow="row wrap"))
        return self.settings([row], self._new_game, replay_seconds=0.3)

    # --- clicks -------------------------------------------------------------------------------

    def _new_game(self, seed: int | None) -> None:
        self.arranging.picked = self.arranging.aim_x = None
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

    def _switch(self, _button=None) -> None:
        """The switch at the top: a new party with the other game (the Sherlock expansion or
        the base game), the other settings as they are; the settings' box follows."""
        before = self.sherlock_box.value
        self.sherlock_box.value = not self.game.options.get("sherlock", False)
        try:
            self.deal_anew(None)
        except Exception:  # the engine's sentence reaches the page; the box as it was too
            self.sherlock_box.value = before
            raise

    def _act(self, action) -> bool:
        """Play ``action`` as you; a refusal is the engine's sentence in the message."""
        return self.game.act(action)

    def _tell(self, text: str) -> None:
        self.game.message = text
        self.game.notify()

    def _play(self, button: w.Button) -> None:
        """A button of a pool (an exchange's, a VIP's): the move it is offered."""
        if not button.moves:  # a hidden button clicked all the same (a page can send anything)
            self._tell("That is not on offer now.")
            return
        self._act(button.moves[0])

    def _pool(self, buttons: list, bar: w.Box, moves: list, css: str, words) -> None:
        """A button offered each of ``moves`` (more buttons made as needed), the rest hidden."""
        while len(buttons) < len(moves):
            button = move_button("", self._play, css)
            button.add_class(f"sk-{css}-{len(buttons)}")
            self.guard_all(button)
            buttons.append(button)
            bar.children = (*bar.children, button)
        for k, button in enumerate(buttons):
            offer(button, moves[k:k + 1])
            changed(button, description=words(moves[k]) if k < len(moves) else "")
            shown(button, k < len(moves))

    def path_to(self, move) -> list[w.Button]:
        """The buttons to click, in order, to make ``move``: a figure then a space (or "Take
        off the mat"), a place across then a height, a player and a question then a suspect;
        the one button offering it for any other move."""
        path = self.arranging.path_to(move)
        if path is None:
            path = self.questions.path_to(move)
        return path if path is not None else super().path_to(move)

    # --- drawing ------------------------------------------------------------------------------

    def render(self) -> None:
        """Draw the table from your view: every button offered its moves of your legal moves."""
        view: View = self.game.view
        names = self.game.seat_names(view.players)  # a shared table's people by the names they sat down with
        told = narration.logged(view)
        lines = narration.sentences(told[log_start(len(told), LOG_LINES):], view.player, names)
        self.log_box.show([f"<div>{_escape(line)}</div>" for line in lines])
        over = view.outcome is not None
        allowed = rules.legal_moves(view) if not over and not self.game.replaying else []
        card = EXCHANGE_WORDS.get(view.exchange, "")
        changed(self.exchange_card,
                value="" if over else f"<b>Round {view.round}, the exchange card:</b> {_escape(card)}")
        shown(self.exchange_card, not over)
        exchanging = view.phase in (EXCHANGING, CHOOSING)
        self._pool(self.exchange_buttons, self.exchange_bar, allowed if exchanging else [], "exchange",
                   lambda a: exchange_words(a, view))
        self._pool(self.vip_buttons, self.vip_bar, [a for a in allowed if type(a) is Vip] if not exchanging else [],
                   "vip", lambda a: f"Slip your VIP card into {a.guest}'s envelope")
        changed(self.prompt, value=prompt_html(view, allowed, self.game.replaying, names))
        self.questions.draw(view, allowed, names)
        # the odds only while the culprit is hidden (at the end the reveal says who it was)
        odds = odds_of(view) if view.sherlock and not over else {}
        changed(self.case, value=case_html(view, rounds_of(view)) if view.sherlock else "")
        shown(self.case, view.sherlock)
        changed(self.sheet, value=sheet_html(view, odds) if view.sherlock and not over else "")
        shown(self.sheet, view.sherlock and not over)
        changed(self.envelopes, value="<b>Envelopes you know</b>" + envelopes_html(view))
        self.arranging.draw(view, allowed)
        self._draw_photo(view, odds, names)
        # at the end every envelope is open in the players' photos: no need to list them again
        changed(self.seats, value="" if over else seats_html(view, names))
        shown(self.seats, not over)
        changed(self.play_area.layout, display="none" if over else "grid")
        changed(self.message, value=_escape(self.game.message))
        sherlock = bool(self.game.options.get("sherlock"))
        changed(self.switch_words, value="Playing <b>the Sherlock expansion</b>: a culprit among the guests."
                if sherlock else "Playing <b>the base game</b>: the party's photo, no crime.")
        changed(self.switch_button, description="New party: the base game" if sherlock
                else "New party: the Sherlock expansion")
        # the title last: the page gets the changes in this order, so a new party's title (or a
        # new round's) never shows over the last one's mat and buttons
        changed(self.header, value=header_html(view, self.game.seed_words))

    def _draw_photo(self, view: View, odds: dict, names) -> None:
        if view.outcome is not None:
            changed(self.photo, value="")
            changed(self.guests_box, value="")
            parts = []
            for seat in range(view.players):
                photo = take(dict(view.mats[seat]), camera_at(*view.cameras[seat]))
                parts.append(final_html(view, seat, photo, view.outcome.photos[seat], view.outcome.scores[seat],
                                        culprit=culprit_revealed(view), names=names))
            changed(self.photos, value="<div class='sk-photos'>" + "".join(parts) + "</div>")
            shown(self.photos, True)
            return
        changed(self.photos, value="")
        shown(self.photos, False)
        placements = dict(view.mats[view.player])
        photo = take(placements, camera_at(*view.cameras[view.player]))
        picture, lines = live_photo_html(view, placements, photo, odds)
        changed(self.photo, value=picture)
        changed(self.guests_box, value=lines)

    def ending_sentence(self, view, outcome) -> str:
        """Every score and who wins, and in a Sherlock party the culprit turned over."""
        # the GameEnded event carries the culprit, turned over at the end (the outcome does not)
        ended = next((e for e in reversed(view.events) if isinstance(e, GameEnded)), outcome)
        return narration.ending(ended, view.player)


def _html(css: str) -> w.HTML:
    part = w.HTML()
    part.add_class(css)
    return part


def _bar(children, css: str = "sk-actions") -> w.Box:
    bar = w.Box(list(children))
    bar.add_class(css)
    return bar


def _escape(text: str) -> str:
    return escape(text)
