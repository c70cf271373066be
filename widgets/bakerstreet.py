"""Beyond Baker Street at the table: you and one to three bots against Holmes.

``BakerStreetSession`` is the controller (engine state, bots on the session's timer, your
moves); ``BakerStreetTable`` is the ipywidgets view. The view is drawn from
``session.view`` only: the others' hands face up, yours as backs marked with what you
were told. Your own cards never reach the page: a back is "card 2" and its ``Told``,
whatever card it is. No rule lives here: what may be done, and the sentence refusing what
may not, come from ``sherlockkit.games.bakerstreet``; the log's sentences from its
``narration``; the drawings from ``widgets.bakerstreet_art``.

The log is a widget per line, kept from one redraw to the next, so a move sends the page
its new line and the pieces that changed, not the whole table again.
"""

from __future__ import annotations

import ipywidgets as w

from sherlockkit.games.bakerstreet import bots, characters, narration, odds, rules
from sherlockkit.games.bakerstreet.cards import (
    CASE_FILES, HAND_SIZES, ICONS, KINDS, MAX_PLAYERS, MIN_PLAYERS, NUMBERS, Evidence,
)
from sherlockkit.games.bakerstreet.state import Assist, Confirm, Eliminate, Investigate, Pursue, Rally, Recall, View
from widgets.bakerstreet_art import STYLE, counts_html, escape, lead_html, odds_html, told_words, tracks_svg
from widgets.controls import action_button
from widgets.session import GameSession
from widgets.table import GameTable

HUMAN_NAME = "you"
#: bots go by their seats, as the engine's refusals name them ("Player 2 holds no 4")
BOT_NAMES = ("Player 2", "Player 3", "Player 4")
BOT_SECONDS = 0.9
MAX_HAND = max(HAND_SIZES.values())
LOG_LINES = 60
#: the bot level that sees its own cards: a yardstick, never offered as a teammate
SEEING = bots.SEEING
CHARACTER_OPTIONS = {"none": None, "dealt": rules.DEALT}


def offered_levels() -> list[str]:
    """The bot levels a player may choose: every level but the one that sees its own cards."""
    return [level for level in bots.LEVELS if level != SEEING]


def _names(players: int) -> tuple[str, ...]:
    return (HUMAN_NAME, *BOT_NAMES[: players - 1])


class BakerStreetSession(GameSession):
    """A case of Beyond Baker Street with you in seat 0 and bots of ``level`` in the others."""

    optional_options = frozenset({"characters"})

    def __init__(self, players: int = 2, case: int = 1, characters: str | None = None, level: str | None = None,
                 seed: int | None = None, clock=None, bot_seconds: float = BOT_SECONDS):
        levels = offered_levels()
        level = levels[-1] if level is None else level
        if level not in levels:
            raise ValueError(f"Unknown bot level {str(level)[:30]!r}; the levels are {', '.join(levels)}.")
        self.level = level
        self.bot_seconds = bot_seconds
        super().__init__(rules, {"players": players, "case": case, "characters": characters}, seed=seed,
                         clock=clock)

    def prepare(self) -> None:
        """A bot of the chosen level in every seat but yours."""
        self.bots = bots.make_bots({p: self.level for p in range(self.options["players"]) if p != self.seat},
                                   self.seed)

    def new_game(self, players: int, case: int, characters: str | None, level: str, seed: int | None) -> None:
        """Deal a new case with these settings; a level not offered is refused with a sentence."""
        if level not in offered_levels():
            raise ValueError(f"Unknown bot level {str(level)[:30]!r}; the levels are {', '.join(offered_levels())}.")
        held = self.level
        self.level = level
        try:
            self.start(seed, {"players": players, "case": case, "characters": characters})
        except Exception:
            self.level = held
            raise

    def bot_delay(self, seat: int, action) -> float:
        return self.bot_seconds


class Parts(w.Box):
    """Lines of markup, each its own HTML widget kept from one redraw to the next: a redraw
    sends only the lines whose markup changed, and a new line is one new widget."""

    def __init__(self, css: str, piece_css: str):
        super().__init__(layout=w.Layout(flex_flow="column-reverse"))  # the newest line on top, in view
        self.add_class(css)
        self._piece_css, self._pieces = piece_css, []

    @property
    def value(self) -> str:
        return "".join(piece.value for piece in self.children)

    def show(self, markups: list[str]) -> None:
        while len(self._pieces) < len(markups):
            piece = w.HTML()
            piece.add_class(self._piece_css)
            self._pieces.append(piece)
        for piece, markup in zip(self._pieces, markups):
            piece.value = markup
        if len(self.children) != len(markups):
            self.children = tuple(self._pieces[:len(markups)])


class BakerStreetTable(GameTable):
    """The playable table: the tracks, the three Leads, every hand (yours as backs), the
    actions of your turn, what a teammate knows of a card, the log and the settings."""

    css = "sk-bakerstreet"
    style = STYLE

    def __init__(self, game: BakerStreetSession | None = None, **options):
        game = game or BakerStreetSession(**options)
        self.game = game
        self.slot: int | None = None  # the card of yours pointed at
        self.target: int | None = None  # the teammate an Assist is for
        self.pointed: tuple[int, int] | None = None  # a teammate's card whose holder's knowledge is shown
        self.header = w.HTML()
        self.tracks = w.HTML()
        self.tracks.add_class("sk-tracks")
        self.counts = w.HTML()
        self.leads = w.HTML()
        self.leads.add_class("sk-leads-box")
        self.seat_labels = [w.HTML() for _ in range(MAX_PLAYERS)]
        self.card_buttons = [[self._card_button(seat, k) for k in range(MAX_HAND)] for seat in range(MAX_PLAYERS)]
        self.seats = []
        for seat in range(MAX_PLAYERS):
            box = w.Box([self.seat_labels[seat], *self.card_buttons[seat]])
            box.add_class("sk-seat")
            box.add_class(f"sk-seat-{seat}")
            self.seats.append(box)
        self.known = w.HTML()
        self.known.add_class("sk-known")
        self.prompt = w.HTML()
        self.prompt.add_class("sk-prompt")
        self.investigate_buttons = {k: action_button(f"Investigate under {k}", lambda _, k=k: self._investigate(k),
                                                     f"investigate-{k.lower()}", style="primary") for k in KINDS}
        self.eliminate_button = action_button("Eliminate it", lambda _: self._eliminate(), "eliminate",
                                              style="warning")
        self.slot_bar = self._bar([*self.investigate_buttons.values(), self.eliminate_button])
        # The odds of the card you point at, under its Investigate and Eliminate buttons.
        # Shown by pointing itself, not behind a toggle: on a phone a toggle is one more tap
        # and one more row, and pointing is already the on-demand gesture (tap again to
        # fold it). Below the buttons, so opening it never pushes them down the screen.
        self.odds = w.HTML()
        self.odds.add_class("sk-odds-box")
        self._belief: tuple[View, odds.Belief] | None = None  # the last view's belief, kept for its redraws
        self.assist_buttons = [action_button("", lambda _, s=s: self._choose_target(s), f"assist-{s}", style="info")
                               for s in range(MAX_PLAYERS)]
        self.hint_buttons = [action_button("", lambda _, k=k: self._hint(k), f"hint-{k}")
                             for k in range(len(NUMBERS) + len(ICONS))]
        self._hints: list[tuple[int | None, str | None]] = []
        self.assist_bar = self._bar([*self.assist_buttons, *self.hint_buttons])
        self.confirm_buttons = {k: action_button(f"Confirm {k}", lambda _, k=k: self._act(Confirm(0, k)),
                                                 f"confirm-{k.lower()}", style="success") for k in KINDS}
        self.pursue_buttons = {k: action_button(f"Pursue {k}", lambda _, k=k: self._act(Pursue(0, k)),
                                                f"pursue-{k.lower()}") for k in KINDS}
        self.rally_button = action_button("Rally (power)", lambda _: self._act(Rally(0)), "rally", style="info")
        self.recall_buttons = [action_button("", lambda _, k=k: self._recall(k), f"recall-{k}")
                               for k in range(len(NUMBERS) * len(ICONS))]
        self._recallable: list[str] = []
        self.lead_bar = self._bar([*self.confirm_buttons.values(), *self.pursue_buttons.values(),
                                   self.rally_button, *self.recall_buttons])
        self.message = w.HTML()
        self.message.add_class("sk-message")
        self.log_box = Parts("sk-log", "sk-log-line")
        self.setup = self._setup_panel()
        super().__init__(game, [self.header, self.tracks, self.counts, self.leads, *self.seats, self.known,
                                self.prompt, self.slot_bar, self.odds, self.assist_bar, self.lead_bar, self.message,
                                self.log_box, self.setup])

    @staticmethod
    def _bar(children) -> w.Box:
        bar = w.Box(list(children))
        bar.add_class("sk-actions")
        return bar

    def _card_button(self, seat: int, slot: int) -> w.Button:
        css = "slot" if seat == 0 else "other-card"
        button = action_button("", lambda _: self._click_card(seat, slot), f"{css}")
        button.add_class(f"sk-card-{seat}-{slot}")
        return button

    def _setup_panel(self) -> w.Accordion:
        o = self.game.options
        self.players_slider = w.IntSlider(value=o["players"], min=MIN_PLAYERS, max=MAX_PLAYERS, description="players")
        self.case_slider = w.IntSlider(value=o["case"], min=min(CASE_FILES), max=max(CASE_FILES),
                                       description="case file")
        chosen = next((k for k, v in CHARACTER_OPTIONS.items() if v == o.get("characters")), "none")
        self.characters_menu = w.Dropdown(options=list(CHARACTER_OPTIONS), value=chosen, description="characters")
        self.level_menu = w.Dropdown(options=offered_levels(), value=self.game.level, description="bots")
        for setting in (self.players_slider, self.case_slider, self.characters_menu, self.level_menu):
            setting.layout.max_width = "100%"
            setting.add_class(f"sk-{setting.description.replace(' ', '-')}-setting")
        row = w.Box([self.players_slider, self.case_slider, self.characters_menu, self.level_menu],
                    layout=w.Layout(flex_flow="row wrap"))
        return self.settings([row], self._new_game, replay_seconds=0.4)

    # --- clicks -------------------------------------------------------------------------------

    def _new_game(self, seed: int | None) -> None:
        self.slot = self.target = None
        self.game.new_game(self.players_slider.value, self.case_slider.value,
                           CHARACTER_OPTIONS[self.characters_menu.value], self.level_menu.value, seed)

    def _act(self, action) -> bool:
        """Play ``action`` as you; a refusal is the engine's sentence in the message."""
        held = self.slot, self.target
        self.slot = self.target = None  # put down before the move's own redraw: no odds worked out for nothing
        done = self.game.act(action)
        if not done:
            self.slot, self.target = held
            self.redraw()
        return done

    def _click_card(self, seat: int, slot: int) -> None:
        """Your card: point at it (for Investigate or Eliminate). A teammate's: show what
        that teammate knows of it."""
        view = self.game.view
        if seat == view.player:
            self.slot = None if self.slot == slot else slot
            self.game.message = ""
        else:
            self.pointed = (seat, slot)
        self.game.notify()

    def _investigate(self, kind: str) -> None:
        if self.slot is None:
            self.game.message = "Point at one of your cards first (they are the backs in your row)."
            self.game.notify()
            return
        self._act(Investigate(0, self.slot, kind))

    def _eliminate(self) -> None:
        if self.slot is None:
            self.game.message = "Point at one of your cards first (they are the backs in your row)."
            self.game.notify()
            return
        self._act(Eliminate(0, self.slot))

    def _choose_target(self, seat: int) -> None:
        self.target = seat
        self.game.message = ""
        self.game.notify()

    def _hint(self, k: int) -> None:
        if self.target is None or k >= len(self._hints):
            self.game.message = "Choose a teammate to Assist first."
            self.game.notify()
            return
        number, icon = self._hints[k]
        self._act(Assist(0, self.target, number=number, icon=icon))

    def _recall(self, k: int) -> None:
        if k < len(self._recallable):
            self._act(Recall(0, self._recallable[k]))

    # --- drawing ------------------------------------------------------------------------------

    def render(self) -> None:
        view: View = self.game.view
        names = _names(view.players)
        # the log first: a card of yours reaches the page in its log line, the moment it is played
        lines = narration.log(view.events, view.player, names, last=LOG_LINES)
        self.log_box.show([f"<div>{escape(line)}</div>" for line in lines])
        your_turn = view.turn == view.player and view.outcome is None and not self.game.replaying
        case = view.case
        cast = ""
        if view.characters[view.player] is not None:
            me = characters.CHARACTERS[view.characters[view.player]]
            cast = f" · you are {escape(me.name)}: {escape(me.text)}"
        self.header.value = (f"<div class='sk-title'><b>Beyond Baker Street</b> · Case File {case.number} · "
                             f"{view.players} detectives <span class='sk-seed'>seed {self.game.seed_words}</span>"
                             f"{cast}</div>")
        self.tracks.value = tracks_svg(view)
        self.counts.value = counts_html(view)
        self.leads.value = ("<div class='sk-leads'>" + "".join(lead_html(p, view) for p in view.piles) + "</div>")
        self._draw_seats(view, names, your_turn)
        self._draw_actions(view, names, your_turn)
        self.known.value = self._known(view, names)
        self._draw_odds(view)
        if view.outcome is not None:
            self.prompt.value = ""
        elif your_turn:
            self.prompt.value = ("<b>Your turn.</b> Point at one of your cards to Investigate or Eliminate it, "
                                 "Assist a teammate, or Confirm or Pursue a Lead.")
        elif self.game.replaying:
            self.prompt.value = "<i>Replaying.</i>"
        else:
            self.prompt.value = f"<i>{escape(names[view.turn])} is thinking…</i>"
        self.message.value = escape(self.game.message)

    def _known(self, view: View, names) -> str:
        """What the holder of the teammate's card you pointed at knows of it."""
        if self.pointed is None:
            return "<small>Click a teammate's card to see what they know of it.</small>"
        seat, slot = self.pointed
        hand = view.hands[seat] if seat < view.players else None
        if not hand or slot >= len(hand):
            self.pointed = None
            return "<small>Click a teammate's card to see what they know of it.</small>"
        words = told_words(view.told[seat][slot])
        knows = "nothing yet" if words == "?" else words
        return f"<b>{escape(names[seat])}</b> knows of their {escape(hand[slot])} (card {slot + 1}): {escape(knows)}."

    def _draw_odds(self, view: View) -> None:
        """The odds of the card of yours pointed at, while the case is open; the belief is
        worked out once per view (a redraw for a message or a click reuses it)."""
        if self.slot is None or view.outcome is not None or self.slot >= view.hand_sizes[view.player]:
            self.odds.layout.display, self.odds.value = "none", ""
            return
        if self._belief is None or self._belief[0] != view:
            self._belief = (view, odds.belief(view))
        self.odds.value = odds_html(view, self.slot, self._belief[1])
        self.odds.layout.display = None

    def _draw_seats(self, view: View, names, your_turn: bool) -> None:
        for seat, box in enumerate(self.seats):
            if seat >= view.players:
                box.layout.display = "none"
                continue
            box.layout.display = "flex"
            who = "You" if seat == view.player else names[seat]
            cast = view.characters[seat]
            role = f" <small>({escape(characters.CHARACTERS[cast].name)})</small>" if cast else ""
            self.seat_labels[seat].value = f"<span class='sk-who'>{escape(who)}</span>{role}"
            if seat == view.turn and view.outcome is None:
                box.add_class("sk-active")
            else:
                box.remove_class("sk-active")
            size = view.hand_sizes[seat]
            for slot, button in enumerate(self.card_buttons[seat]):
                if slot >= size:
                    button.layout.display = "none"
                    continue
                button.layout.display = None
                if seat == view.player:
                    # a back: its slot and what you were told, nothing else
                    button.description = f"card {slot + 1}: {told_words(view.told[seat][slot])}"
                    button.tooltip = "Your card: point at it to Investigate or Eliminate it"
                    (button.add_class if self.slot == slot else button.remove_class)("sk-selected")
                    button.button_style = "warning" if self.slot == slot else ""
                else:
                    card: Evidence = view.hands[seat][slot]
                    button.description = str(card)
                    button.tooltip = f"What {names[seat]} knows of it"
                    button.style.button_color = {"Clue": "#f3e3c2", "Document": "#d7e2f5", "Track": "#d6ecd9",
                                                 "Witness": "#efd8e8"}.get(card.icon)
        if self.slot is not None and self.slot >= view.hand_sizes[view.player]:
            self.slot = None

    def _draw_actions(self, view: View, names, your_turn: bool) -> None:
        self.slot_bar.layout.display = "flex" if your_turn and self.slot is not None else "none"
        self.lead_bar.layout.display = "flex" if your_turn else "none"
        self.assist_bar.layout.display = "flex" if your_turn else "none"
        for seat, button in enumerate(self.assist_buttons):
            show = your_turn and seat != view.player and seat < view.players
            button.layout.display = None if show else "none"
            button.description = f"Assist {names[seat]}" if seat < len(names) else ""
            button.button_style = "warning" if self.target == seat else "info"
        hints: list[tuple[int | None, str | None]] = []
        if your_turn and self.target is not None and self.target < view.players and view.hands[self.target]:
            hand = view.hands[self.target]
            hints = [(n, None) for n in sorted({c.number for c in hand})]
            icons = [i for i in ICONS if any(c.icon == i for c in hand)]
            hints += [(None, i) for i in icons]
            mine = view.characters[view.player]
            if mine and characters.CHARACTERS[mine].rule == characters.TWO_HINTS:  # a number and an icon at once
                hints += [(n, i) for n in sorted({c.number for c in hand}) for i in icons]
        self._hints = hints
        while len(self.hint_buttons) < len(hints):  # more buttons only for a two-hint character
            k = len(self.hint_buttons)
            button = action_button("", lambda _, k=k: self._hint(k), f"hint-{k}")
            self.guard_all(button)
            self.hint_buttons.append(button)
            self.assist_bar.children = (*self.assist_bar.children, button)
        for k, button in enumerate(self.hint_buttons):
            if k < len(hints):
                number, icon = hints[k]
                words = [f"{number}s" if number is not None else "", f"{icon}s" if icon is not None else ""]
                button.description = "their " + " and ".join(word for word in words if word)
                button.layout.display = None
            else:
                button.layout.display = "none"
        for kind, pile in zip(KINDS, view.piles):
            live = pile.lead is not None and not pile.confirmed
            self.confirm_buttons[kind].layout.display = None if live else "none"
            # green when the sums say it can be; the engine still has the last word
            self.confirm_buttons[kind].button_style = "success" if pile.total == pile.target else ""
            self.pursue_buttons[kind].layout.display = None if live else "none"
        mine = view.characters[view.player]
        rule = characters.CHARACTERS[mine].rule if mine else None
        spent = view.player in view.powers_used
        self.rally_button.layout.display = None if rule == characters.RALLY and not spent else "none"
        self._recallable = (sorted({str(c) for c in view.impossible if isinstance(c, Evidence)})
                            if rule == characters.RECALL and not spent else [])
        for k, button in enumerate(self.recall_buttons):
            if k < len(self._recallable):
                button.description = f"Recall {self._recallable[k]} (power)"
                button.layout.display = None
            else:
                button.layout.display = "none"

    def ending_sentence(self, view, outcome) -> str:
        return narration.ending(outcome)
