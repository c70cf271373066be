"""Sherlock Express at the table: you against one to five bots.

``ExpressGame`` is the controller (engine state, bots on timers, your moves);
``ExpressTable`` is the ipywidgets view that draws it. No rule lives here: who may slap,
what a slap wins and what clears whom all come from ``sherlockkit.games.express``, and
what to tell you after a slap comes from the events the engine recorded.
"""

from __future__ import annotations

import html

import ipywidgets as w

from sherlockkit.games.express import bots, narration, rules
from sherlockkit.games.express.deduction import face_up_traits
from sherlockkit.games.express.state import DECK, Accused, Reveal, RoundVoid, Slap, View
from widgets.controls import action_button
from widgets.express_art import alibi_svg, deck_svg, facedown_svg, suspect_svg
from widgets.session import GameSession
from widgets.table import GameTable

HUMAN_NAME = "Holmes (you)"
BOT_NAMES = ("Lestrade", "Irene", "Mycroft", "Mrs Hudson", "Gregson")
KEYS_HELP = "click here for keys: 1-6 slap · 0 Moriarty · space turn up"
STYLE = """<style>
.sk-express table.sk-scores { margin: 4px 0; border-collapse: separate; }
.sk-express .sk-scores td { padding: 4px 12px; border: 1px solid #ddd; border-radius: 6px; vertical-align: top; }
.sk-express .sk-scores td.sk-active { background: #fff4d6; border-color: #e0b040; }
.sk-express .sk-scores .sk-pile { vertical-align: middle; }
.sk-express .sk-alibis { display: flex; align-items: center; gap: 4px; margin: 2px 0; min-height: 60px; }
.sk-express .sk-alibis b { min-width: 110px; }
.sk-express .sk-card-button { width: 110px; }
.sk-express .sk-message { font-size: 1.1em; min-height: 1.5em; color: #7a3e00; margin: 6px 0; }
.sk-express .sk-over { color: #064; font-size: 1.25em; }
.sk-express .sk-log { margin: 0; }
</style>"""


class ExpressGame(GameSession):
    """A game of Sherlock Express with you in seat 0 (or bots only) and bots elsewhere."""

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

    # --- your moves -------------------------------------------------------------------

    def your_moves(self) -> list:
        """What the rules allow you now (nothing in a game of bots only)."""
        return [] if self.bots_only else rules.legal_actions(self.state, self.seat)

    def reveal(self) -> bool:
        """Turn up your top alibi (only on your turn)."""
        return self.act(Reveal(self.seat))

    def slap(self, slot) -> bool:
        """Slap a visible suspect (0-5) or the deck (``"deck"``) for Moriarty."""
        seen = len(self.state.events)
        if not self.act(Slap(self.seat, slot)):
            return False
        news = self.state.events[seen:]
        yours = next(e for e in news if isinstance(e, Accused) and e.player == self.seat)
        if any(isinstance(e, RoundVoid) for e in news):
            pass  # everyone is out: the log's latest news says the round is void
        elif not yours.right:
            self.message = "Wrong! Nothing proves that suspect guilty yet: you are out until the next round."
        else:
            self.message = "Well spotted! The card is yours."
        self.notify()
        return True


class ExpressTable(GameTable):
    """The playable table: suspects to slap, everyone's alibis, scores, log and settings."""

    css = "sk-express"
    style = STYLE

    def __init__(self, game: ExpressGame | None = None, **options):
        self.game = game or ExpressGame(**options)
        self.header = w.HTML()
        self.scores = w.HTML()
        self.cards = [w.HTML() for _ in range(rules.DISPLAY_SIZE)]
        self.slap_buttons = [action_button(f"{i + 1} · slap", lambda _, i=i: self.game.slap(i), f"slap-{i + 1}",
                                          width="110px") for i in range(rules.DISPLAY_SIZE)]
        self.deck = w.HTML()
        self.deck_button = action_button("0 · Moriarty", lambda _: self.game.slap(DECK), "slap-deck", width="110px")
        self.reveal_button = action_button("Turn up my alibi", lambda _: self.game.reveal(), "reveal",
                                          style="primary", width="160px")
        self.key_box = w.Text(placeholder=KEYS_HELP, layout=w.Layout(width="380px"))
        self.key_box.add_class("sk-keys")
        self.key_box.observe(self._on_key, names="value")
        self.shade = w.Checkbox(value=False, description="shade cleared suspects (learning aid)", indent=False)
        self.shade.observe(lambda _: self.render(), names="value")
        self.notice = w.HTML()
        self.alibis = w.HTML()
        self.round_log = w.HTML()
        self.players = w.IntSlider(value=self.game.options["players"], min=2, max=6, description="players")
        self.level = w.Dropdown(options=list(bots.LEVELS), value=self.game.level, description="bot speed")
        self.variant = w.Checkbox(value=self.game.options["false_alibi"], description="False Alibi variant")
        self.setup = self.settings([w.HBox([self.players, self.level]), self.variant], self._start)

        def column(*parts):
            return w.VBox(list(parts), layout=w.Layout(align_items="center", margin="0 6px 0 0"))

        suspects = w.HBox([column(c, b) for c, b in zip(self.cards, self.slap_buttons)]
                          + [column(self.deck, self.deck_button)], layout=w.Layout(flex_flow="row wrap"))
        hands = w.HBox([self.reveal_button, self.key_box, self.shade],
                       layout=w.Layout(align_items="center", margin="0 6px 0 0"))
        super().__init__(self.game, [
            self.header, self.scores, suspects, hands,
            self.notice, self.alibis, self.round_log, self.setup,
        ])

    def _start(self, seed: int | None) -> None:
        self.game.new_game(players=self.players.value, level=self.level.value, seed=seed,
                           false_alibi=self.variant.value)

    def _on_key(self, change) -> None:
        typed = change["new"]
        if not typed:
            return
        key = typed[-1]
        self.key_box.value = ""
        if key in "123456":
            self.game.slap(int(key) - 1)
        elif key == "0":
            self.game.slap(DECK)
        elif key in " rR":
            self.game.reveal()

    # --- drawing ---------------------------------------------------------------------

    def render(self) -> None:
        game, table = self.game, self.game.view
        goal = "until the deck runs out" if table.target is None else f"first to {table.target}"
        variant = " · False Alibi variant" if table.false_alibi_variant else ""
        self.header.value = (f"<h3 class='sk-title'>Round {table.round} · {goal}{variant}"
                             f" <small class='sk-seed'>seed {game.seed}</small></h3>")
        self.scores.value = _scoreboard(table, game)
        cleared = face_up_traits(table) if self.shade.value else frozenset()
        allowed = game.your_moves()
        for i, (card, button) in enumerate(zip(self.cards, self.slap_buttons)):
            suspect = table.display[i]
            card.value = suspect_svg(suspect, cleared=suspect.cleared_by(cleared)) if suspect else ""
            button.disabled = Slap(game.seat, i) not in allowed
        self.deck.value = deck_svg(table.deck_size)
        self.deck_button.disabled = Slap(game.seat, DECK) not in allowed
        self.reveal_button.disabled = Reveal(game.seat) not in allowed
        self.notice.value = _message(game, table)
        self.alibis.value = _alibi_rows(table)
        lines = "".join(f"<li>{html.escape(line)}</li>" for line in narration.log(table.events[-10:], table.names))
        self.round_log.value = f"<details open><summary>Round log</summary><ol class='sk-log'>{lines}</ol></details>"


def _scoreboard(table: View, game: ExpressGame) -> str:
    cells = []
    for p, name in enumerate(table.names):
        status = []
        if table.turn == p and not table.finished:
            status.append("<b class='sk-turn'>▶ turning up</b>")
        if p in table.out:
            status.append("<span class='sk-out' style='color:#b00'>✗ out this round</span>")
        level = "" if p == game.seat and not game.bots_only else f" <small>({game.level})</small>"
        active = " sk-active" if table.turn == p and not table.finished else ""
        cells.append(
            f"<td class='sk-player{active}' data-seat='{p}'>"
            f"<b>{html.escape(name)}</b>{level}<br>"
            f"<span class='sk-score' data-seat='{p}'>{len(table.won[p])}</span> caught · "
            f"<span class='sk-pile'>{facedown_svg(table.pile_sizes[p], width=26)}</span> alibis<br>"
            f"{' '.join(status) or '&nbsp;'}</td>"
        )
    return f"<table class='sk-scores'><tr>{''.join(cells)}</tr></table>"


def _alibi_rows(table: View) -> str:
    rows = []
    for p, name in enumerate(table.names):
        cards = "".join(alibi_svg(trait, width=44) for trait in table.revealed[p]) or "<i>none yet</i>"
        rows.append(f"<div class='sk-alibis' data-seat='{p}'><b>{html.escape(name)}</b>{cards}</div>")
    return "<div><b>Alibis turned up this round</b>" + "".join(rows) + "</div>"


def _message(game: ExpressGame, table: View) -> str:
    result = rules.outcome(game.state)
    if result is not None:
        winners = " and ".join(table.names[p] for p in result.winners)
        you_won = game.seat in result.winners and not game.bots_only
        text = f"Game over: {winners} {'wins' if len(result.winners) == 1 else 'share the win'}!"
        if you_won:
            text += " Well played."
        return f"<p class='sk-message sk-over'>{html.escape(text, quote=False)}</p>"
    text = game.message or _latest_accusation(table)
    if not text and table.turn == game.seat and not game.bots_only:
        text = "Your turn: turn up your alibi (or slap, if you have spotted the culprit)."
    return f"<p class='sk-message'>{html.escape(text, quote=False)}</p>"


def _latest_accusation(table: View) -> str:
    """The last accusation (or a void round), if it is among the last two events: news
    worth showing, in the log's words."""
    for event in table.events[-2:]:
        if isinstance(event, (Accused, RoundVoid)):
            return narration.sentence(event, table.names)
    return ""
