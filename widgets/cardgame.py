"""The Sherlock Holmes Card Game at the table: you against two to five bots.

``CardGameSession`` is the controller (engine state, bots on timers, your moves);
``CardGameTable`` is the ipywidgets view. The view is drawn only from what your seat may
see, ``session.view``: your own hand, the sizes of the other hands, the table, the events
and your own peeks. No rule lives here: what may be played, and why not, who won and what
a card does come from ``sherlockkit.games.cardgame``; the log's sentences, their rules
and the ending's sentence from its ``narration``; the page's pieces are in
``widgets.cardgame_page``.

The table reflows rather than shrinks: the seats are a grid that wraps, your hand wraps,
the scores are a row per player. What just changed is marked for a short CSS animation
(the card landing on the table, a card coming into your hand, a seat's count), once: the
next drawing takes the mark off, so nothing moves again, and nothing waits for it.
"""

from __future__ import annotations

import html
from collections import Counter

import ipywidgets as w

from sherlockkit.games.cardgame import bots, narration, rules
from sherlockkit.games.cardgame.cards import ALIBI, KINDS, SUIT_OF, VILLAINS
from sherlockkit.games.cardgame.legal import moves
from sherlockkit.games.cardgame.state import (
    ALIBI_WINDOW, MAX_PLAYERS, MIN_PLAYERS, PASSING, Answer, Arrested, Draw, Escaped, HandScored, Keep, PassCard,
    Play, PlayVillains, TrailCold, View,
)
from widgets.cardgame_page import (
    CARD_BACKGROUNDS, EFFECTS, STYLE, board, header, notice, peeks, playable_kinds, prompt, scores, slug,
)
from widgets.controls import action_button, guarded
from widgets.session import GameSession
from widgets.table import GameTable

HUMAN_NAME = "Holmes (you)"
#: no bot is called after a card (Watson, Mycroft), so the log never reads "plays Mycroft on Mycroft"
BOT_NAMES = ("Lestrade", "Irene", "Mrs Hudson", "Gregson", "Wiggins")
BOT_SECONDS = 0.7  # a bot's turn
QUICK_SECONDS = 0.35  # a bot's answer to a card, or the card it passes
MAX_HANDS = 6
LOG_LINES = 80  # the newest lines the log shows


def _names(players: int) -> list[str]:
    return [HUMAN_NAME, *BOT_NAMES[: players - 1]]


class CardGameSession(GameSession):
    """A game of The Sherlock Holmes Card Game with you in seat 0 and bots in the others.
    A game is one hand, as the rulebook has it, unless ``hands`` says more."""

    def __init__(self, players: int = 4, level: str = "sleuth", seed: int | None = None, hands: int = 1,
                 clock=None, bot_seconds: float = BOT_SECONDS):
        if level not in bots.LEVELS:
            raise ValueError(f"Unknown bot level {level!r}; the levels are {', '.join(bots.LEVELS)}.")
        self.level = level
        self.bot_seconds = bot_seconds
        super().__init__(rules, {"players": players, "hands": hands, "names": _names(players)}, seed=seed,
                         clock=clock)

    def prepare(self) -> None:
        """A bot of the chosen level in every seat but yours."""
        self.bots = bots.make_bots({p: self.level for p in range(self.options["players"]) if p != self.seat},
                                   self.seed)

    def new_game(self, players=None, level=None, hands=None, seed=None) -> None:
        """Deal again with the given settings (the current ones where not given)."""
        if level is not None:
            if level not in bots.LEVELS:
                self.message = f"Unknown bot level {level!r}; the levels are {', '.join(bots.LEVELS)}."
                self.notify()
                return
            self.level = level
        players = players or self.options["players"]
        hands = hands or self.options["hands"]
        self.start(seed, {"players": players, "hands": hands, "names": _names(players)})

    def bot_delay(self, seat: int, action) -> float:
        """A turn's thinking time; an answer to a card, or the card passed, comes quicker."""
        return QUICK_SECONDS if isinstance(action, (Answer, PassCard)) else self.bot_seconds

    # --- your moves -------------------------------------------------------------------

    def play(self, card: str, target: int | None = None) -> bool:
        """Play ``card`` from your hand (``target``: the seat it names, when it names one)."""
        return self.act(Play(self.seat, card, target))

    def play_villains(self) -> bool:
        """Go out: put down your Villains, the only cards you hold."""
        return self.act(PlayVillains(self.seat))

    def draw(self) -> bool:
        """Holding nothing you may play: draw (or pass, when the pile is empty)."""
        return self.act(Draw(self.seat))

    def keep(self) -> bool:
        """Keep the card you have just drawn."""
        return self.act(Keep(self.seat))

    def answer(self, alibi: bool) -> bool:
        """Named by an Arrest, Inspector, I Suspect or Watson: play your Alibi, or take it."""
        return self.act(Answer(self.seat, alibi))

    def pass_card(self, card: str) -> bool:
        """After an Alibi: the card you pass, face down, to the player on your left."""
        return self.act(PassCard(self.seat, card))


class CardGameTable(GameTable):
    """The playable table: the card on the table, the other players' hands (face down),
    your hand to click, the controls of the moment, scores, what you have seen, the log
    and the settings."""

    css = "sk-cardgame"
    style = STYLE + CARD_BACKGROUNDS

    def __init__(self, game: CardGameSession | None = None, **options):
        game = game or CardGameSession(**options)
        self.choosing: str | None = None  # a card of yours waiting for its target
        self.header = w.HTML()
        self.board = w.HTML()
        self.prompt = w.HTML()
        self.draw_button = action_button("Draw a card", lambda _: self.game.draw(), "draw", style="primary")
        self.keep_button = action_button("Keep it", lambda _: self.game.keep(), "keep", style="warning")
        self.villains_button = action_button("Put down my Villains and escape", lambda _: self.game.play_villains(),
                                             "villains", style="danger")
        self.alibi_button = action_button("Play Alibi", lambda _: self._answer(True), "alibi", style="success")
        self.take_button = action_button("Take it", lambda _: self._answer(False), "take", style="warning")
        self.target_label = w.HTML()
        self.target_buttons = [action_button("", lambda _, s=s: self._play_on(s), f"target-{s}", style="info")
                               for s in range(MAX_PLAYERS)]
        for button in self.target_buttons:
            button.add_class("sk-target")
        self.cancel_button = action_button("Cancel", lambda _: self._cancel(), "cancel")
        self.action_bar = w.HBox([self.draw_button, self.keep_button, self.villains_button, self.alibi_button,
                                  self.take_button, self.target_label, *self.target_buttons, self.cancel_button],
                                 layout=w.Layout(flex_flow="row wrap", align_items="center"))
        self.notice = w.HTML()
        self.hand_label = w.HTML()
        self.hand_buttons: list[w.Button] = []
        self.shown_hand: tuple[str, ...] = ()
        self.hand_box = w.HBox(layout=w.Layout(flex_flow="row wrap", align_items="flex-end", min_height="140px"))
        self.hand_box.add_class("sk-hand")
        self.scores_box = w.HTML()
        self.peeks_box = w.HTML()
        self.log_box = w.HTML()
        self.game = game  # the settings read the session's options
        self.setup = self._setup_panel()
        # side by side on a desktop, one under the other on a phone
        lower = w.Box([w.VBox([self.log_box], layout=w.Layout(flex="1 1 320px", min_width="0")),
                       w.VBox([self.scores_box, self.peeks_box], layout=w.Layout(flex="1 1 280px", min_width="0"))],
                      layout=w.Layout(flex_flow="row wrap"))
        lower.add_class("sk-lower")
        self._shown: tuple | None = None  # (hand number, cards played, hand sizes, your hand) last drawn
        super().__init__(game, [self.header, self.board, self.prompt, self.action_bar, self.notice,
                                self.hand_label, self.hand_box, lower, self.setup])

    def _setup_panel(self) -> w.Accordion:
        o = self.game.options
        self.players_slider = w.IntSlider(value=o["players"], min=MIN_PLAYERS, max=MAX_PLAYERS,
                                          description="players")
        self.players_slider.add_class("sk-players-slider")
        self.level_menu = w.Dropdown(options=list(bots.LEVELS), value=self.game.level, description="bots")
        self.hands_slider = w.IntSlider(value=o["hands"], min=1, max=MAX_HANDS, description="hands")
        for setting in (self.players_slider, self.level_menu, self.hands_slider):
            setting.layout.max_width = "100%"
        row = w.Box([self.players_slider, self.level_menu], layout=w.Layout(flex_flow="row wrap"))
        panel = self.settings([row, self.hands_slider], self._new_game,
                              replay_seconds=0.4)
        return panel

    # --- clicks ----------------------------------------------------------------------------

    def _new_game(self, seed: int | None) -> None:
        """New game, with the settings of the panel (a random seed when ``seed`` is None)."""
        hands = self.hands_slider.value
        if type(hands) is not int or not 1 <= hands <= MAX_HANDS:  # the page can push a slider past its max
            raise ValueError(f"A game here has 1 to {MAX_HANDS} hands.")
        self.choosing = None
        self.game.new_game(players=self.players_slider.value, level=self.level_menu.value,
                           hands=self.hands_slider.value, seed=seed)

    def click_card(self, card: str) -> None:
        """A click on a card of your hand: what it means depends on the moment."""
        seen = self.game.view
        options = moves(seen)
        self.choosing = None
        if seen.phase == PASSING and not seen.finished:
            self.game.pass_card(card)
        elif seen.phase == ALIBI_WINDOW and card == ALIBI and Answer(seen.me, True) in options:
            self.game.answer(True)
        elif card in VILLAINS and PlayVillains(seen.me) in options:
            self.game.play_villains()
        elif not self.game.replaying and any(isinstance(a, Play) and a.card == card and a.target is not None
                                             for a in options):
            self.choosing = card  # a card that names a player: ask whom
            self.game.message = ""
            self.render()
        else:
            self.game.play(card)  # legal, or refused with the engine's sentence

    def _play_on(self, seat: int) -> None:
        card, self.choosing = self.choosing, None
        if card is None:
            self.render()
        else:
            self.game.play(card, seat)

    def _cancel(self) -> None:
        self.choosing = None
        self.render()

    def _answer(self, alibi: bool) -> None:
        self.choosing = None
        self.game.answer(alibi)

    # --- drawing -----------------------------------------------------------------------------

    def render(self) -> None:
        """Draw the table from your seat's view only."""
        game, seen = self.game, self.game.view
        options = [] if game.replaying else moves(seen)
        playable = playable_kinds(seen, options)
        if self.choosing is not None and not any(isinstance(a, Play) and a.card == self.choosing for a in options):
            self.choosing = None
        arrived, changed, drawn = self._what_moved(seen)
        # The page receives the changes in this order: the hand and the buttons first, the
        # banner and the prompt last, so "your turn" never shows over last turn's hand.
        self._render_hand(seen, playable, drawn)
        self._render_actions(seen, options)
        self.board.value = board(seen, game.level, game.replaying, arrived, changed, self._last_hand(seen))
        self.scores_box.value = scores(seen)
        self.peeks_box.value = peeks(seen)
        self.notice.value = notice(seen, game.message)
        told = narration.lines(seen.events, seen.names, seen.me)
        items = "".join(f"<li><details><summary>{html.escape(line.sentence, quote=False)}</summary>"
                        f"<div class='sk-why'>{html.escape(line.detail, quote=False)}</div></details></li>"
                        for line in reversed(told[-LOG_LINES:]))
        self.log_box.value = (f"<h4>What happened <small>(newest first; open a line for the rule)</small></h4>"
                              f"<ol class='sk-log'>{items}</ol>")
        self.header.value = header(seen, game.seed_words, game.level, game.replaying)
        self.prompt.value = prompt(seen, options, game.replaying, self.choosing)

    def ending_sentence(self, view: View, outcome) -> str:
        """How the game ended: the arrest (who caught whom, holding which Villain), the
        escape or the cold trail, who won and every total."""
        return narration.ending(view.events, view.names, outcome.scores, view.me)

    def _what_moved(self, seen: View) -> tuple[bool, frozenset, Counter]:
        """Since the last drawing: has a card just landed on the table, whose number of
        cards has changed, and which cards have come into your hand (the motion's cues)."""
        now = (seen.hand_number, len(seen.played), seen.hand_sizes, Counter(seen.hand))
        before, self._shown = self._shown, now
        if before is None:
            return False, frozenset(), Counter()
        same_hand = before[0] == now[0] and len(before[2]) == len(now[2])
        arrived = same_hand and now[1] > before[1]
        changed = frozenset(p for p in range(len(now[2])) if same_hand and now[2][p] != before[2][p])
        return arrived, changed, now[3] - before[3]

    def _last_hand(self, seen: View) -> str:
        """How the hand before this one ended and what it scored (a game of several hands),
        in the log's words; nothing in the first hand or once the game is over."""
        if seen.hand_number < 2 or seen.finished:
            return ""
        ends = [e for e in seen.events if isinstance(e, (Arrested, Escaped, TrailCold, HandScored))][-2:]
        told = " ".join(narration.sentence(e, seen.names, seen.me) for e in ends)
        return f"Last hand: {told}"

    def _render_actions(self, seen: View, options: list) -> None:
        me = seen.me
        def show(widget, visible: bool) -> None:
            widget.layout.display = "" if visible else "none"

        show(self.draw_button, Draw(me) in options)
        self.draw_button.description = "Draw a card" if seen.pile_size else "Pass (the draw pile is empty)"
        show(self.keep_button, Keep(me) in options)
        self.keep_button.description = f"Keep the {seen.drawn}" if seen.drawn else "Keep it"
        show(self.villains_button, PlayVillains(me) in options)
        show(self.alibi_button, Answer(me, True) in options)
        show(self.take_button, Answer(me, False) in options)
        targets = sorted({a.target for a in options if isinstance(a, Play) and a.card == self.choosing
                          and a.target is not None}) if self.choosing else []
        show(self.target_label, bool(targets))
        self.target_label.value = (f"<b>Play {html.escape(self.choosing)} on:</b>&nbsp;" if targets else "")
        for seat, button in enumerate(self.target_buttons):
            show(button, seat in targets)
            if seat in targets:
                cards = seen.hand_sizes[seat]
                button.description = f"{seen.names[seat]} ({cards} card{'s' if cards != 1 else ''})"
        show(self.cancel_button, bool(targets))

    def _render_hand(self, seen: View, playable: set[str], drawn: Counter) -> None:
        hand = tuple(sorted(seen.hand, key=KINDS.index))
        while len(self.hand_buttons) < len(hand):
            i = len(self.hand_buttons)
            button = w.Button(layout=w.Layout(width="86px", height="122px"))
            button.on_click(guarded(lambda _, i=i: self.click_card(self.shown_hand[i]), self.game))
            self.hand_buttons.append(button)
        self.shown_hand = hand
        fresh, left = set(), Counter(drawn)
        for i in reversed(range(len(hand))):  # the last copies of a kind stand for the ones that came in
            if left[hand[i]] > 0:
                left[hand[i]] -= 1
                fresh.add(i)
        for i, (card, button) in enumerate(zip(hand, self.hand_buttons)):
            state = "sk-legal" if card in playable else "sk-dim"
            chosen = ("sk-chosen",) if card == self.choosing else ()
            came = ("sk-arrive",) if i in fresh else ()
            classes = ("sk-hand-card", f"sk-kind-{slug(card)}", f"sk-suit-{SUIT_OF[card].lower()}", state, *chosen,
                       *came)
            if button.description != card:
                button.description = card
            button.tooltip = EFFECTS[card] + ("" if card in playable else " (Not playable now: click to see why.)")
            if tuple(button._dom_classes) != classes:
                button._dom_classes = classes
        if tuple(self.hand_box.children) != tuple(self.hand_buttons[: len(hand)]):
            self.hand_box.children = self.hand_buttons[: len(hand)]
        if seen.finished:
            hint = "the game is over"
        elif seen.phase == PASSING and playable:
            hint = "click the card you pass to the left"
        elif seen.phase == ALIBI_WINDOW and playable:
            hint = "your Alibi may answer now"
        elif playable:
            hint = "highlighted cards may be played now; click a dimmed one to see why not"
        else:
            hint = "none may be played now; click one to see why"
        self.hand_label.value = (f"<h4 class='sk-hand-label'>Your hand: {len(hand)} card{'s' if len(hand) != 1 else ''}"
                                 f" <small>({hint})</small></h4>")

