"""Beyond Baker Street at the table: you and one to three bots against Holmes.

``BakerStreetSession`` (``widgets.bakerstreet_session``) is the controller;
``BakerStreetTable`` is the ipywidgets view. The view is drawn from ``session.view`` only:
the others' hands face up, yours as backs marked with what you were told. Your own cards
never reach the page: a back is "card 2" and its ``Told``, whatever card it is.

No rule lives here. Every button that makes a move is offered, at every redraw, the moves
it leads to among the engine's ``legal_moves`` of your view, and is enabled exactly when
it leads to one: a move is chosen in steps (a card of yours, then Investigate under a Lead
or Eliminate; a teammate, then the hint), and :meth:`BakerStreetTable.path_to` names the
clicks of each. The log's sentences come from the game's ``narration``, the drawings from
``widgets.bakerstreet_art``.

The log is a widget per line, kept from one redraw to the next, so a move sends the page
its new line and the pieces that changed, not the whole table again.
"""

from __future__ import annotations

import ipywidgets as w

from sherlockkit.games.bakerstreet import characters, narration, odds, rules
from sherlockkit.games.bakerstreet.cards import CASE_FILES, KINDS, MAX_HAND, MAX_PLAYERS, MIN_PLAYERS, plural
from sherlockkit.games.bakerstreet.state import Assist, Confirm, Eliminate, Investigate, Pursue, Rally, Recall, View
from widgets.bakerstreet_art import STYLE, counts_html, escape, lead_html, odds_html, told_words, tracks_html
from widgets.bakerstreet_session import CHARACTER_OPTIONS, BakerStreetSession, offered_levels
from widgets.controls import action_button, marked, move_button, offer
from widgets.parts import Parts, log_start, newest_in_view
from widgets.table import GameTable

LOG_LINES = 60  # the most lines the log shows (``log_start``: from 30 to 60 of the newest)
#: a teammate's card, in its icon's colour
CARD_COLOURS = {"Clue": "#f3e3c2", "Document": "#d7e2f5", "Track": "#d6ecd9", "Witness": "#efd8e8"}


def _bar(children) -> w.Box:
    bar = w.Box(list(children))
    bar.add_class("sk-actions")
    return bar


def _hint_words(move: Assist) -> str:
    """What a hint button says: "their 5s", "their Witnesses", "their 5s and Clues"."""
    words = [f"{move.number}s" if move.number is not None else "", plural(move.icon) if move.icon else ""]
    return "their " + " and ".join(word for word in words if word)


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
        self.header, self.tracks, self.counts, self.leads = w.HTML(), w.HTML(), w.HTML(), w.HTML()
        self.tracks.add_class("sk-tracks")
        self.leads.add_class("sk-leads-box")
        self.seat_labels = [w.HTML() for _ in range(MAX_PLAYERS)]
        self.card_buttons = [[self._card_button(seat, k) for k in range(MAX_HAND)] for seat in range(MAX_PLAYERS)]
        self.seats = []
        for seat in range(MAX_PLAYERS):
            box = w.Box([self.seat_labels[seat], *self.card_buttons[seat]])
            box.add_class("sk-seat")
            box.add_class(f"sk-seat-{seat}")
            self.seats.append(box)
        self.known, self.prompt = w.HTML(), w.HTML()
        self.known.add_class("sk-known")
        self.prompt.add_class("sk-prompt")
        self.investigate_buttons = {k: move_button(f"Investigate under {k}", self._play, f"investigate-{k.lower()}",
                                                   style="primary") for k in KINDS}
        self.eliminate_button = move_button("Eliminate it", self._play, "eliminate", style="warning")
        self.slot_bar = _bar([*self.investigate_buttons.values(), self.eliminate_button])
        # The odds of the card you point at, under its Investigate and Eliminate buttons.
        # Shown by pointing itself, not behind a toggle: on a phone a toggle is one more tap
        # and one more row, and pointing is already the on-demand gesture (tap again to
        # fold it). Below the buttons, so opening it never pushes them down the screen.
        self.odds = w.HTML()
        self.odds.add_class("sk-odds-box")
        self._belief: tuple[View, odds.Belief] | None = None  # the last view's belief, kept for its redraws
        self.assist_buttons = [move_button("", lambda _, s=s: self._choose_target(s), f"assist-{s}", style="info")
                               for s in range(MAX_PLAYERS)]
        self.hint_buttons: list[w.Button] = []
        self.assist_bar = _bar(self.assist_buttons)
        self.confirm_buttons = {k: move_button(f"Confirm {k}", self._play, f"confirm-{k.lower()}", style="success")
                                for k in KINDS}
        self.pursue_buttons = {k: move_button(f"Pursue {k}", self._play, f"pursue-{k.lower()}") for k in KINDS}
        self.rally_button = move_button("Rally (power)", self._play, "rally", style="info")
        self.recall_buttons: list[w.Button] = []
        self.lead_bar = _bar([*self.confirm_buttons.values(), *self.pursue_buttons.values(), self.rally_button])
        self.message = w.HTML()
        self.message.add_class("sk-message")
        self.log_box = Parts("sk-log-lines", "sk-log-line", flow="column")
        self.log_view = newest_in_view(self.log_box, "sk-log")
        self.setup = self._setup_panel()
        super().__init__(game, [self.header, self.tracks, self.counts, self.leads, *self.seats, self.known,
                                self.prompt, self.slot_bar, self.odds, self.assist_bar, self.lead_bar, self.message,
                                self.log_view, self.setup])

    def _card_button(self, seat: int, slot: int) -> w.Button:
        """A card in a hand: yours to point at (its odds, then Investigate or Eliminate it), a
        teammate's to see what they know of it. Pointing makes no move."""
        button = action_button("", lambda _: self._click_card(seat, slot), "slot" if seat == 0 else "other-card")
        button.add_class(f"sk-card-{seat}-{slot}")
        return button

    def _grown(self, buttons: list[w.Button], count: int, bar: w.Box, css: str) -> list[w.Button]:
        """``buttons`` (a bar's buttons made as needed: a teammate's hints, the cards to
        recall) made at least ``count`` long, each new one put in ``bar``."""
        while len(buttons) < count:
            button = move_button("", self._play, f"{css}-{len(buttons)}")
            self.guard_all(button)
            buttons.append(button)
            bar.children = (*bar.children, button)
        return buttons

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

    def _play(self, button: w.Button) -> None:
        """A click on a button that makes a move: the move the engine's list gave it (none
        when the button is not on offer: a page can send a click to a disabled button)."""
        if button.moves:
            self._act(button.moves[0])

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
        """Your card: point at it (for Investigate or Eliminate), or put it down again. A
        teammate's: show what that teammate knows of it."""
        if seat == self.game.seat:
            self.slot = None if self.slot == slot else slot
            self.game.message = ""
        else:
            self.pointed = (seat, slot)
        self.game.notify()

    def _choose_target(self, seat: int) -> None:
        """The teammate to Assist: their hints are offered next."""
        self.target = seat
        self.game.message = ""
        self.game.notify()

    def path_to(self, move) -> list[w.Button]:
        """The clicks that make ``move`` (one of your legal moves): a card of yours, then
        Investigate under its Lead or Eliminate; a teammate, then the hint; else the one
        button that offers it."""
        kind = type(move)
        if kind in (Investigate, Eliminate):
            last = self.investigate_buttons[move.lead] if kind is Investigate else self.eliminate_button
            return ([] if self.slot == move.card else [self.card_buttons[move.player][move.card]]) + [last]
        if kind is Assist:
            told = [m for m in rules.legal_moves(self.game.view) if type(m) is Assist and m.target == move.target]
            hint = self._grown(self.hint_buttons, told.index(move) + 1, self.assist_bar, "hint")[told.index(move)]
            return ([] if self.target == move.target else [self.assist_buttons[move.target]]) + [hint]
        return super().path_to(move)

    # --- drawing ------------------------------------------------------------------------------

    def render(self) -> None:
        """Draw the table from your view: the log first, then the board, the hands and the
        moves on offer."""
        view: View = self.game.view
        called = self.game.seat_names(view.players)
        # the log first: a card of yours reaches the page in its log line, the moment it is played
        lines = narration.log(view, last=len(view.events) - log_start(len(view.events), LOG_LINES), names=called)
        self.log_box.show([f"<div>{escape(line)}</div>" for line in lines])
        your_turn = view.turn == view.player and view.outcome is None and not self.game.replaying
        cast = ""
        if view.characters[view.player] is not None:
            me = characters.CHARACTERS[view.characters[view.player]]
            cast = f" · you are {escape(me.name)}: {escape(me.text)}"
        self.header.value = (f"<div class='sk-title'><b>Beyond Baker Street</b> · Case File {view.case.number} · "
                             f"{view.players} detectives <span class='sk-seed'>seed {self.game.seed_words}</span>"
                             f"{cast}</div>")
        self.tracks.value = tracks_html(view)
        self.counts.value = counts_html(view)
        self.leads.value = ("<div class='sk-leads'>" + "".join(lead_html(p, view) for p in view.piles) + "</div>")
        self._draw_seats(view, called)
        self._offer_moves(view, called)
        self.known.value = self._known(view, called)
        self._draw_odds(view)
        if view.outcome is not None:
            self.prompt.value = ""
        elif your_turn:
            self.prompt.value = ("<b>Your turn.</b> Point at one of your cards to Investigate or Eliminate it, "
                                 "Assist a teammate, or Confirm or Pursue a Lead.")
        elif self.game.replaying:
            self.prompt.value = "<i>Replaying.</i>"
        else:
            self.prompt.value = f"<i>{escape(called[view.turn])} is thinking…</i>"
        self.message.value = escape(self.game.message)

    def _offer_moves(self, view: View, called) -> None:
        """Give every button that makes a move the moves it leads to now, of the engine's
        list for your view (none while a replay runs), shown only when they lead to one."""
        legal = [] if self.game.replaying else rules.legal_moves(view)
        for kind, button in self.investigate_buttons.items():
            offer(button, [m for m in legal if type(m) is Investigate and m.card == self.slot and m.lead == kind],
                  hide=True)
        offer(self.eliminate_button, [m for m in legal if type(m) is Eliminate and m.card == self.slot], hide=True)
        self.slot_bar.layout.display = "flex" if any(b.moves for b in self.slot_bar.children) else "none"
        for seat, button in enumerate(self.assist_buttons):
            offer(button, [m for m in legal if type(m) is Assist and m.target == seat], hide=True)
            button.description = f"Assist {called[seat]}" if seat < len(called) else ""
            button.button_style = "warning" if self.target == seat else "info"
        told = [m for m in legal if type(m) is Assist and m.target == self.target]
        for button, move in zip(self._grown(self.hint_buttons, len(told), self.assist_bar, "hint"), told):
            button.description = _hint_words(move)
        for k, button in enumerate(self.hint_buttons):
            offer(button, told[k:k + 1], hide=True)
        self.assist_bar.layout.display = "flex" if any(b.moves for b in self.assist_bar.children) else "none"
        for kind in KINDS:
            offer(self.confirm_buttons[kind], [m for m in legal if type(m) is Confirm and m.lead == kind], hide=True)
            offer(self.pursue_buttons[kind], [m for m in legal if type(m) is Pursue and m.lead == kind], hide=True)
        offer(self.rally_button, [m for m in legal if type(m) is Rally], hide=True)
        recalls = [m for m in legal if type(m) is Recall]
        for k, button in enumerate(self._grown(self.recall_buttons, len(recalls), self.lead_bar, "recall")):
            offer(button, recalls[k:k + 1], hide=True)
            button.description = f"Recall {recalls[k].evidence} (power)" if k < len(recalls) else ""
        self.lead_bar.layout.display = "flex" if any(b.moves for b in self.lead_bar.children) else "none"

    def _known(self, view: View, called) -> str:
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
        return f"<b>{escape(called[seat])}</b> knows of their {escape(hand[slot])} (card {slot + 1}): {escape(knows)}."

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

    def _draw_seats(self, view: View, called) -> None:
        if self.slot is not None and self.slot >= view.hand_sizes[view.player]:
            self.slot = None
        for seat, box in enumerate(self.seats):
            if seat >= view.players:
                box.layout.display = "none"
                continue
            box.layout.display = "flex"
            who = "You" if seat == view.player else called[seat]
            cast = view.characters[seat]
            role = f" <small>({escape(characters.CHARACTERS[cast].name)})</small>" if cast else ""
            self.seat_labels[seat].value = f"<span class='sk-who'>{escape(who)}</span>{role}"
            (box.add_class if seat == view.turn and view.outcome is None else box.remove_class)("sk-active")
            size = view.hand_sizes[seat]
            for slot, button in enumerate(self.card_buttons[seat]):
                if slot >= size:
                    button.layout.display = "none"
                    continue
                button.layout.display = None
                marked(button, "sk-slot", seat == view.player)  # yours, whichever seat you sit in
                marked(button, "sk-other-card", seat != view.player)
                if seat == view.player:
                    # a back: its slot and what you were told, nothing else
                    button.description = f"card {slot + 1}: {told_words(view.told[seat][slot])}"
                    button.tooltip = "Your card: point at it to Investigate or Eliminate it"
                    (button.add_class if self.slot == slot else button.remove_class)("sk-selected")
                    button.button_style = "warning" if self.slot == slot else ""
                else:
                    card = view.hands[seat][slot]
                    button.description = str(card)
                    button.tooltip = f"What {called[seat]} knows of it"
                    button.style.button_color = CARD_COLOURS.get(card.icon)

    def ending_sentence(self, view, outcome) -> str:
        """How the case ended, in narration's sentence."""
        return narration.ending(outcome)
