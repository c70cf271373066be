"""Sherlock Express at the table: you against one to five bots.

``ExpressGame`` is the controller (engine state, bots on timers, your moves);
``ExpressTable`` is the ipywidgets view that draws it. No rule lives here: who may slap,
what a slap wins and what clears whom all come from ``sherlockkit.games.express``, and
what to tell you after a slap comes from the events the engine recorded, told by its
``narration`` (to you as "you"). The cards as they lie (a place, the alibi rows, the last
round's proof) are drawn by ``widgets.express_art``.

The table reflows rather than shrinks: on a phone the six suspects, Moriarty and their
slaps sit in a grid of four columns, one screen high (``express_style.py``). What just
happened moves (an alibi turns over, a caught suspect leaves, the new one is dealt in):
the table remembers which events it has drawn, and marks what came since as new. A redraw
sends the page only what changed: the chips, the alibi rows and the log's lines are each
a widget of their own (``widgets.parts.Parts``), kept from one move to the next.
"""

from __future__ import annotations

import html

import ipywidgets as w

from sherlockkit.games.express import bots, narration, rules
from sherlockkit.games.express.deduction import face_up_traits
from sherlockkit.games.express.events import Accused, AlibiTurnedUp, Event, GameWon, RoundBegun, RoundVoid
from sherlockkit.games.express.state import DECK, Reveal, Slap, View
from widgets.controls import guarded, move_button, offer
from widgets.express_art import alibi_rows, deck_svg, facedown_svg, proof_html, slot_html
from widgets.express_style import STYLE
from widgets.parts import Parts
from widgets.session import GameSession
from widgets.table import GameTable

HUMAN_NAME = "Holmes"
BOT_NAMES = ("Lestrade", "Irene", "Mycroft", "Mrs Hudson", "Gregson")
KEYS_HELP = "click here for keys: 1-6 slap · 0 Moriarty · space turn up"
#: The most lines the log shows before it keeps only the round in play.
MAX_LOG = 40


class ExpressGame(GameSession):
    """A game of Sherlock Express with you in seat 0 (or bots only) and bots elsewhere."""

    paced = False  # a bot's reaction time is the race itself: no server hurries it

    def __init__(self, players: int = 3, level: str = "medium", seed: int | None = None,
                 false_alibi: bool = False, target: int = 5, bots_only: bool = False, clock=None):
        self.level = level
        self.bots_only = bots_only
        options = {"players": players, "target": target, "false_alibi": false_alibi,
                   "names": self._names(players)}
        super().__init__(rules, options, seed=seed, clock=clock)

    def _names(self, players: int) -> list[str]:
        return list((("Watson",) if self.bots_only else (HUMAN_NAME,)) + BOT_NAMES[: players - 1])

    def prepare(self) -> None:
        """A bot, at the chosen speed, in every seat but yours."""
        seats = {p: self.level for p in range(self.options["players"]) if p != self.seat or self.bots_only}
        self.bots = bots.make_bots(seats, self.seed)

    def new_game(self, players=None, level=None, seed=None, false_alibi=None, target=None) -> None:
        """Deal again with the given settings (the current ones where not given)."""
        if level is not None:
            self.level = level
        o = self.options
        players = players or o["players"]
        self.start(seed, {
            "players": players, "names": self._names(players),
            "target": target or o["target"],
            "false_alibi": o["false_alibi"] if false_alibi is None else false_alibi,
        })

    def bot_delay(self, seat: int, action) -> float:
        """As quick as the bot's level: a fresh reaction time for a slap, its pause for an alibi."""
        return bots.thinking_time(self.bots[seat], action)

    @property
    def you(self) -> int | None:
        """The seat the page speaks to as "you" (``None`` in a game of bots only)."""
        return None if self.bots_only else self.seat

    def options_for(self, game_options: dict) -> dict:
        """The session's options for ``game_options``, with a name for every seat."""
        options = {**self.options, **game_options}
        return {**options, "names": self._names(options["players"])}

    # --- your moves -------------------------------------------------------------------

    def your_moves(self) -> list:
        """What the rules allow you now (nothing in a game of bots only)."""
        return [] if self.bots_only else rules.legal_moves(self.view)

    def reveal(self) -> bool:
        """Turn up your top alibi (only on your turn)."""
        return self.act(Reveal(self.seat))

    def slap(self, slot) -> bool:
        """Slap a visible suspect (0-5) or the deck (``"deck"``) for Moriarty."""
        return self.act(Slap(self.seat, slot))

    def act(self, action, by_you: bool = True) -> bool:
        """Play ``action`` (see ``GameSession.act``); after a slap of yours, say how it went,
        as its events tell."""
        seen = len(self.state.events)
        if not super().act(action, by_you):
            return False
        if by_you and type(action) is Slap and action.player == self.seat:
            news = self.state.events[seen:]
            yours = next(e for e in news if isinstance(e, Accused) and e.player == self.seat)
            if any(isinstance(e, RoundVoid) for e in news):
                pass  # everyone is out: the log's latest news says the round is void
            elif not yours.right:
                self.message = "Wrong! Nothing proves that suspect guilty yet: you are out until the next round."
            elif not self.state.finished:
                self.message = "Well spotted! The card is yours."
            self.notify()
        return True


class ExpressTable(GameTable):
    """The playable table: suspects to slap, everyone's alibis, scores, log and settings."""

    css = "sk-express"
    style = STYLE

    def __init__(self, game: ExpressGame | None = None, **options):
        self.game = game or ExpressGame(**options)
        self._drawn = (len(self.game.view.events),) * 2  # events drawn: (before the latest change, now)
        self._lines: list[str] = []  # the log's lines on the page, one per event from _log_from
        self._log_from, self._logged = 0, ()
        self.header = _html("sk-head")
        self.scores = Parts("sk-scores", "sk-chip")
        self.cards = [_html("sk-card") for _ in range(rules.DISPLAY_SIZE)]
        self.slap_buttons = [move_button(f"{i + 1} · slap", self._play, f"slap-{i + 1}")
                             for i in range(rules.DISPLAY_SIZE)]
        self.deck = _html("sk-card")
        self.deck_button = move_button("0 · slap", self._play, "slap-deck")
        self.reveal_button = move_button("Turn up my alibi", self._play, "reveal", style="primary")
        self.key_box = w.Text(placeholder=KEYS_HELP)
        self.key_box.add_class("sk-keys")
        self.key_box.observe(guarded(self._on_key, self.game), names="value")
        self.shade = w.Checkbox(value=False, description="shade cleared suspects (learning aid)", indent=False)
        self.shade.add_class("sk-shade")
        self.shade.observe(guarded(lambda _: self.render(), self.game), names="value")
        self.notice = _html("sk-notice")
        self.alibis = Parts("sk-alibis-now", "sk-alibi-row", flow="column")
        self.last_round = _html("sk-last-round-box")
        self.log_box = Parts("sk-log", "sk-line", flow="column")
        self.round_log = w.VBox([w.HTML("<b class='sk-log-title'>What happened</b>"), self.log_box])
        self.players = w.IntSlider(value=self.game.options["players"], min=2, max=6, description="players")
        self.level = w.Dropdown(options=list(bots.LEVELS), value=self.game.level, description="bot speed")
        self.variant = w.Checkbox(value=self.game.options["false_alibi"], description="False Alibi variant")
        self.setup = self.settings([_box([self.players, self.level], "sk-settings-row"), self.variant], self._start)

        cells = [_box([card, button], "sk-cell", w.VBox) for card, button in zip(self.cards, self.slap_buttons)]
        suspects = _box(cells + [_box([self.deck, self.deck_button], "sk-cell", w.VBox)], "sk-suspects")
        actions = _box([self.reveal_button, self.key_box, self.shade], "sk-actions")
        super().__init__(self.game, [
            self.header, self.scores, suspects, actions, self.notice, self.alibis, self.last_round,
            self.round_log, self.setup,
        ])

    def _start(self, seed: int | None) -> None:
        self.game.new_game(players=self.players.value, level=self.level.value, seed=seed,
                           false_alibi=self.variant.value)

    def _play(self, button) -> None:
        """A click on a button: the move it offers (the engine's own)."""
        self.game.act(button.moves[0])

    def _on_key(self, change) -> None:
        """A key typed in the keys box: 1-6 slaps a suspect, 0 the deck, space (or r) turns
        up your alibi; a move the rules refuse is told with the engine's sentence."""
        typed = change["new"]
        if not typed:
            return
        key = typed[-1]
        self.key_box.value = ""
        seat = self.game.seat
        if key in "123456":  # what the key asks for: the engine says whether it may be done
            self.game.act(Slap(seat, int(key) - 1))
        elif key == "0":
            self.game.act(Slap(seat, DECK))
        elif key in " rR":
            self.game.act(Reveal(seat))

    # --- drawing ---------------------------------------------------------------------

    def news(self, table: View) -> tuple[Event, ...]:
        """The events that came with the latest change of the table (what moves on the
        page). A redraw with no new event keeps them, so its markup is unchanged and
        nothing moves twice; a new deal (fewer events) has no news."""
        before, now = self._drawn
        count = len(table.events)
        if count < now:
            self._drawn = (count, count)
        elif count > now:
            self._drawn = (now, count)
        return table.events[self._drawn[0]:]

    def render(self) -> None:
        game, table = self.game, self.game.view
        news = self.news(table)
        goal = "until the deck runs out" if table.target is None else f"first to {table.target}"
        variant = " · False Alibi variant" if table.false_alibi_variant else ""
        where = "Game over" if table.finished else f"Round {table.round}"
        self.header.value = (f"<div class='sk-title'><b>{where}</b> · {goal}{variant} · {html.escape(game.level)} bots"
                             f" <small class='sk-seed'>seed {game.seed_words}</small></div>")
        # what a click changes first: the alibi just turned up is the news a player looks at
        self.alibis.show(_alibis(table, game.you, news), first=None if game.you is None else 1 + game.you)
        cleared = face_up_traits(table) if self.shade.value else frozenset()
        allowed = game.your_moves()
        caught = {e.slot: e for e in news if isinstance(e, Accused) and e.right}
        for i, card in enumerate(self.cards):
            card.value = slot_html(i, table.display[i], cleared, caught.get(i))
        self.deck.value = slot_html(DECK, None, cleared, caught.get(DECK), deck=deck_svg(table.deck_size))
        self.notice.value = _message(game, table)
        self.scores.show(_scoreboard(table, game.you, news))
        self.last_round.value = _last_round(table, game.you, news)
        self._draw_log(table)
        # the buttons last: an enabled button means the table it acts on is drawn, so a
        # quick click does not queue behind the rest of the redraw
        for slot, button in [*enumerate(self.slap_buttons), (DECK, self.deck_button)]:
            offer(button, [move for move in allowed if type(move) is Slap and move.slot == slot])
        offer(self.reveal_button, [move for move in allowed if type(move) is Reveal])

    def _draw_log(self, table: View) -> None:
        """The log from the start of the last round, a line per event. A new event costs
        one line's markup: a line already on the page is not sent again (its details stay
        open if you opened them), and a line is marked new inside its own markup, which
        moves it in as it is drawn without touching the lines above it."""
        events = table.events
        start = _log_start(events)
        if start != self._log_from or events[start:start + len(self._logged)] != self._logged:
            self._lines, self._log_from = [], start  # a new deal, or the log moved on a round
        fresh = len(events) - len(self.news(table))
        for k in range(start + len(self._lines), len(events)):
            self._lines.append(_log_line(events[k], table.names, self.game.you, new=k >= fresh and k > 0))
        self._logged = events[start:]
        self.log_box.show(self._lines)

    def ending_sentence(self, view: View, outcome) -> str:
        """Who won and why: narration's sentence for the game's end, spoken to you."""
        end = next((e for e in reversed(view.events) if isinstance(e, GameWon)), None)
        if end is None:  # a finished game always ends with its GameWon; this is a safeguard
            end = GameWon(outcome.winners, max(outcome.scores), "deck empty")
        return narration.sentence(end, view.names, self.game.you)


def _log_start(events) -> int:
    """Where the log starts: at the previous round's first event, so that how it was
    solved can be read during the next one (at the current round's, if that is long)."""
    begun = [k for k, e in enumerate(events) if isinstance(e, RoundBegun)]
    start = begun[-2] if len(begun) > 1 else 0
    return begun[-1] if len(events) - start > MAX_LOG and begun else start


def _log_line(event: Event, names, you: int | None, new: bool) -> str:
    """A line of the log: the event's story, with the rule behind it one click away."""
    mark = " class='sk-new'" if new else ""
    return (f"<details{mark}><summary>{_escape(narration.sentence(event, names, you))}"
            f"</summary><p class='sk-detail'>{_escape(narration.detail(event, names, you))}</p></details>")


def _html(css: str, **shared) -> w.HTML:
    part = w.HTML(**shared)
    part.add_class(css)
    return part


def _box(children: list, css: str, kind=w.Box) -> w.Box:
    box = kind(children)
    box.add_class(css)
    return box


def _scoreboard(table: View, you: int | None, news) -> list[str]:
    """A chip per player: name, suspects caught, alibis left face down, and whose turn it
    is, who is out, who won. A score that just went up pops; a player just out shakes."""
    scored = {e.player for e in news if isinstance(e, Accused) and e.right}
    wrong = {e.player for e in news if isinstance(e, Accused) and not e.right}
    end = next((e for e in reversed(table.events) if isinstance(e, GameWon)), None)
    chips = []
    for p, name in enumerate(table.names):
        turning = table.turn == p and not table.finished
        status = ["<b class='sk-turn'>▶ turning up</b>"] if turning else []
        if p in table.out:
            status.append("<span class='sk-out'>✗ out this round</span>")
        if end is not None and p in end.winners:
            status.append("<b class='sk-won'>★ wins</b>")
        tag = " <small class='sk-you'>you</small>" if p == you else ""
        css = " sk-active" * turning + " sk-winner" * bool(end and p in end.winners) + " sk-new-out" * (p in wrong)
        chips.append(
            f"<div class='sk-player{css}' data-seat='{p}'><b>{html.escape(name)}</b>{tag}<br>"
            f"<span class='sk-nowrap'><span class='sk-score{' sk-new' * (p in scored)}' data-seat='{p}'>"
            f"{len(table.won[p])}</span> caught</span> · <span class='sk-nowrap'>"
            f"{facedown_svg(table.pile_sizes[p], width=13)} {table.pile_sizes[p]} alibis</span>"
            f"<div class='sk-status'>{' '.join(status)}</div></div>")
    return chips


def _alibis(table: View, you: int | None, news) -> list[str]:
    """Everyone's alibis face up this round (at the end, the last round's), the newest
    turning over."""
    new: dict[int, int] = {}
    for e in news:
        if isinstance(e, AlibiTurnedUp):
            new[e.player] = new.get(e.player, 0) + 1
    title = "Alibis of the last round" if table.finished else "Alibis turned up this round"
    if table.false_alibi is not None:
        title += f" · false alibi: {table.false_alibi}"
    names = ["You" if p == you else name for p, name in enumerate(table.names)]
    return alibi_rows(names, table.revealed, new, title)


def _last_round(table: View, you: int | None, news) -> str:
    """How the last round ended, kept in view all through the next one: the alibis that
    were up, who caught whom (at the end of the game, only the catch: its alibis are
    still on the table above)."""
    events = table.events
    ends = [k for k, e in enumerate(events) if isinstance(e, RoundVoid) or isinstance(e, Accused) and e.right]
    if not ends:
        return ""
    end = ends[-1]
    begun = max(k for k in range(end) if isinstance(events[k], RoundBegun))
    number = events[begun].round
    event = events[end]
    traits = () if table.finished else [e.trait for e in events[begun:end] if isinstance(e, AlibiTurnedUp)]
    won = event.won if isinstance(event, Accused) else ()
    new = any(e is event for e in news)
    return proof_html(f"How round {number} ended", narration.sentence(event, table.names, you), traits, won, new)


def _message(game: ExpressGame, table: View) -> str:
    """The line under the suspects: your last move's result, the latest accusation, or
    your turn; once the game is over, the latest accusation only (the ending bar says the
    rest: a catch's "Well spotted!" stayed under "Game over")."""
    text = (game.message if not table.finished else "") or _latest_accusation(table, game.you)
    if not text and table.turn == game.seat and game.you is not None and not table.finished:
        text = "Your turn: turn up your alibi (or slap, if you have spotted the culprit)."
    return f"<p class='sk-message'>{_escape(text)}</p>"


def _latest_accusation(table: View, you: int | None) -> str:
    """The last accusation (or a void round), if it is among the last two events: news
    worth showing, in the log's words."""
    for event in table.events[-2:]:
        if isinstance(event, (Accused, RoundVoid)):
            return narration.sentence(event, table.names, you)
    return ""


def _escape(text: str) -> str:
    return html.escape(text, quote=False)
