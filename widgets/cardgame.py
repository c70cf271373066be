"""The Sherlock Holmes Card Game at the table: you against two to five bots.

``CardGameSession`` is the controller (engine state, bots on timers, your moves);
``CardGameTable`` is the ipywidgets view. The view is drawn only from what your seat may
see, ``session.view``: your own hand, the sizes of the other hands, the table, the events
and your own peeks. No rule lives here: what may be played, and why not, who won and what
a card does come from ``sherlockkit.games.cardgame``; the log's sentences, their rules
and the ending's sentence from its ``narration``; the page's pieces are in
``widgets.cardgame_page``.

Every button that makes a move is offered its moves, at every drawing, from the engine's
list (``rules.legal_moves`` of your view): the cards of your hand (a card that names a
player leads to a choice of whom, the target buttons), Draw, Keep, the Villains, the
Alibi and Take it. A card of your hand that leads to no move stays clickable: a click asks
the engine to play it, and the engine's refusal says why not.

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
from sherlockkit.games.cardgame.events import Arrested, Escaped, HandScored, TrailCold
from sherlockkit.games.cardgame.state import (
    ALIBI_WINDOW, MAX_PLAYERS, MIN_PLAYERS, PASSING, Action, Answer, Draw, Keep, PassCard, Play, PlayVillains, View,
)
from widgets.cardgame_page import CARD_BACKGROUNDS, EFFECTS, STYLE, board, header, notice, peeks, prompt, scores, slug
from widgets.controls import action_button, move_button, offer
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

    def options_for(self, game_options: dict) -> dict:
        """The session's options for ``game_options``, with a name for every seat."""
        options = {**self.options, **game_options}
        return {**options, "names": _names(options["players"])}

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


def card_of(move: Action, hand: tuple[str, ...]) -> tuple[str, ...]:
    """The cards of ``hand`` that ``move`` is made with, for the buttons of your hand: the
    card played or passed, the Alibi of an answer with it, every Villain of a going out."""
    if isinstance(move, (Play, PassCard)):
        return (move.card,)
    if isinstance(move, Answer) and move.alibi:
        return (ALIBI,)
    if isinstance(move, PlayVillains):
        return tuple(c for c in hand if c in VILLAINS)
    return ()


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
        self.draw_button = move_button("Draw a card", self._make, "draw", style="primary")
        self.keep_button = move_button("Keep it", self._make, "keep", style="warning")
        self.villains_button = move_button("Put down my Villains and escape", self._make, "villains", style="danger")
        self.alibi_button = move_button("Play Alibi", self._make, "alibi", style="success")
        self.take_button = move_button("Take it", self._make, "take", style="warning")
        self.target_label = w.HTML()
        self.target_buttons = [move_button("", self._make, f"target-{s}", style="info") for s in range(MAX_PLAYERS)]
        for button in self.target_buttons:
            button.add_class("sk-target")
        self.cancel_button = action_button("Cancel", lambda _: self._cancel(), "cancel")
        self.action_bar = w.HBox([self.draw_button, self.keep_button, self.villains_button, self.alibi_button,
                                  self.take_button, self.target_label, *self.target_buttons, self.cancel_button],
                                 layout=w.Layout(flex_flow="row wrap", align_items="center"))
        self.notice = w.HTML()
        self.hand_label = w.HTML()
        self.hand_buttons: list[w.Button] = []
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
        return self.settings([row, self.hands_slider], self._new_game, replay_seconds=0.4)

    # --- clicks ----------------------------------------------------------------------------

    def _new_game(self, seed: int | None) -> None:
        """New game, with the settings of the panel (a random seed when ``seed`` is None)."""
        hands = self.hands_slider.value
        if type(hands) is not int or not 1 <= hands <= MAX_HANDS:  # the page can push a slider past its max
            raise ValueError(f"A game here has 1 to {MAX_HANDS} hands.")
        self.choosing = None
        self.game.new_game(players=self.players_slider.value, level=self.level_menu.value,
                           hands=self.hands_slider.value, seed=seed)

    def _make(self, button: w.Button) -> None:
        """A click on a button that makes one move: the move it was offered (the page may
        be a moment behind: a button offered nothing makes nothing)."""
        self.choosing = None
        if button.moves:
            self.game.act(button.moves[0])
        else:
            self.render()

    def _click_card(self, button: w.Button) -> None:
        """A click on a card of your hand: the move it leads to; for a card that names a
        player, the choice of whom (the target buttons); for a card that leads to no move,
        the engine's sentence saying why not."""
        card, moves = button.card, button.moves
        self.choosing = None
        if moves is None:
            self.game.act(self._asked_by(card))  # refused: the engine says why
        elif len(moves) == 1:
            self.game.act(moves[0])
        elif moves:
            self.choosing = card  # a card that names a player: ask whom
            self.game.message = ""
            self.render()

    def _asked_by(self, card: str) -> Action:
        """The move a click on ``card`` asks for when it leads to none (to be refused with
        the engine's sentence): passing it while the cards are passed, answering with it
        when it is the Alibi and a card waits for an answer, else playing it."""
        seen, me = self.game.view, self.game.seat
        if seen.phase == PASSING:
            return PassCard(me, card)
        if seen.phase == ALIBI_WINDOW and card == ALIBI:
            return Answer(me, True)
        return Play(me, card)

    def _cancel(self) -> None:
        self.choosing = None
        self.render()

    def path_to(self, move: Action) -> list[w.Button]:
        """The clicks that make ``move``: a card that names a player, then whom; any other
        move, the one button offering it."""
        if isinstance(move, Play) and move.target is not None:
            card = next(b for b in self.hand_box.children if move in (b.moves or ()))
            return [card, self.target_buttons[move.target]]
        return super().path_to(move)

    # --- drawing -----------------------------------------------------------------------------

    def render(self) -> None:
        """Draw the table from your seat's view only; every button is offered its moves
        from the engine's list."""
        game, seen = self.game, self.game.view
        legal = [] if game.replaying else rules.legal_moves(seen)
        if not any(isinstance(m, Play) and m.card == self.choosing for m in legal):
            self.choosing = None
        arrived, changed, drawn = self._what_moved(seen)
        # The page receives the changes in this order: the hand and the buttons first, the
        # banner and the prompt last, so "your turn" never shows over last turn's hand.
        self._render_hand(seen, legal, drawn)
        self._render_actions(seen, legal)
        self.board.value = board(seen, game.level, game.replaying, arrived, changed, self._last_hand(seen))
        self.scores_box.value = scores(seen)
        self.peeks_box.value = peeks(seen)
        self.notice.value = notice(seen, game.message)
        told = narration.lines(seen.events, seen.names, seen.me)
        items = "".join(f"<li><details><summary>{html.escape(line.sentence, quote=False)}</summary>"
                        f"<div class='sk-why'>{html.escape(line.detail, quote=False)}</div></details></li>"
                        for line in reversed(told[-LOG_LINES:]))
        self.log_box.value = (f"<h4>What happened <small>(newest first; open a line for the rule)</small></h4>"
                              f"<ol class='sk-log' tabindex='0'>{items}</ol>")
        self.header.value = header(seen, game.seed_words, game.level, game.replaying)
        self.prompt.value = prompt(seen, legal, game.replaying, self.choosing)

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

    def _render_actions(self, seen: View, legal: list[Action]) -> None:
        """The buttons of the moment, each offered the move of the engine's list it makes
        (and shown only when it makes one); the target buttons, while a card waits for whom."""
        offer(self.draw_button, [m for m in legal if isinstance(m, Draw)], hide=True)
        self.draw_button.description = "Draw a card" if seen.pile_size else "Pass (the draw pile is empty)"
        offer(self.keep_button, [m for m in legal if isinstance(m, Keep)], hide=True)
        self.keep_button.description = f"Keep the {seen.drawn}" if seen.drawn else "Keep it"
        offer(self.villains_button, [m for m in legal if isinstance(m, PlayVillains)], hide=True)
        offer(self.alibi_button, [m for m in legal if isinstance(m, Answer) and m.alibi], hide=True)
        offer(self.take_button, [m for m in legal if isinstance(m, Answer) and not m.alibi], hide=True)
        on = {m.target: m for m in legal if isinstance(m, Play) and m.card == self.choosing and m.target is not None}
        for seat, button in enumerate(self.target_buttons):
            offer(button, [on[seat]] if seat in on else [], hide=True)
            if seat in on:
                cards = seen.hand_sizes[seat]
                button.description = f"{seen.names[seat]} ({cards} card{'s' if cards != 1 else ''})"
        self.target_label.layout.display = "" if on else "none"
        self.target_label.value = f"<b>Play {html.escape(self.choosing)} on:</b>&nbsp;" if on else ""
        self.cancel_button.layout.display = "" if on else "none"

    def _card_button(self) -> w.Button:
        """A new button for a card of your hand (its card and moves are set as it is drawn)."""
        button = move_button("", self._click_card, "hand-card")
        button.layout = w.Layout(width="86px", height="122px")
        button.card = ""
        self.guard_all(button)
        return button

    def _render_hand(self, seen: View, legal: list[Action], drawn: Counter) -> None:
        """Your hand, a button a card: offered the moves made with that card; a card that
        leads to none is dimmed, and a click on it asks why not."""
        hand = tuple(sorted(seen.hand, key=KINDS.index))
        while len(self.hand_buttons) < len(hand):
            self.hand_buttons.append(self._card_button())
        fresh, left = set(), Counter(drawn)
        for i in reversed(range(len(hand))):  # the last copies of a kind stand for the ones that came in
            if left[hand[i]] > 0:
                left[hand[i]] -= 1
                fresh.add(i)
        for i, (card, button) in enumerate(zip(hand, self.hand_buttons)):
            button.card = card
            moves = [m for m in legal if card in card_of(m, seen.hand)]
            if moves:
                offer(button, moves)
            else:  # a dimmed card: a click asks the engine, whose refusal says why not
                button.moves, button.disabled = None, False
            state = "sk-legal" if moves else "sk-dim"
            chosen = ("sk-chosen",) if card == self.choosing else ()
            came = ("sk-arrive",) if i in fresh else ()
            classes = ("sk-hand-card", f"sk-kind-{slug(card)}", f"sk-suit-{SUIT_OF[card].lower()}", state, *chosen,
                       *came)
            if button.description != card:
                button.description = card
            button.tooltip = EFFECTS[card] + ("" if moves else " (Not playable now: click to see why.)")
            if tuple(button._dom_classes) != classes:
                button._dom_classes = classes
        if tuple(self.hand_box.children) != tuple(self.hand_buttons[: len(hand)]):
            self.hand_box.children = self.hand_buttons[: len(hand)]
        playable = any(b.moves for b in self.hand_buttons[: len(hand)])
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
