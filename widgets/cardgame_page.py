"""The card game table's page: its words, its style, and the pieces of HTML it is made
of. Every piece is drawn from one seat's view (``rules.view``), never from the state, and
decides no rule: who won, what a card does to you and what a Telegram cost come from the
view. This module knows nothing of the controller (``widgets.cardgame``), which imports it.
"""

from __future__ import annotations

import html
from urllib.parse import quote

from sherlockkit.games.cardgame import legality
from sherlockkit.games.cardgame.cards import AFOOT, ARREST, EFFECTS, HOLMES, KINDS, TAKING, WATSON
from sherlockkit.games.cardgame.events import Arrested, Escaped, Peek, TrailCold
from sherlockkit.games.cardgame.state import ALIBI_WINDOW, DRAWN, PASSING, Answer, PassCard, Play, PlayVillains, View
from widgets.cardgame_art import back_svg, card_face_svg, colour, top_svg


def slug(card: str) -> str:
    """A card's name as a CSS class name."""
    return "".join(c if c.isalnum() else "-" for c in card.lower()).strip("-")


# --- style ------------------------------------------------------------------------------------------

STYLE = """<style>
.sk-cardgame { max-width: 1100px; }
.sk-cardgame .widget-html-content { line-height: 1.35; }
.sk-cardgame .sk-title { margin: 4px 0; }
.sk-cardgame .sk-banner { display: inline-block; padding: 3px 12px; border-radius: 14px; background: #eee;
  font-weight: bold; margin-left: 8px; font-size: 0.95em; }
.sk-cardgame .sk-banner.sk-your-turn { background: #ffd54a; color: #3a2a00; box-shadow: 0 0 0 2px #e0a800; }
.sk-cardgame .sk-banner.sk-over { background: #cfeedd; color: #064; }
.sk-cardgame .sk-board { display: flex; gap: 10px 18px; align-items: flex-start; flex-wrap: wrap; }
.sk-cardgame .sk-centre { display: flex; gap: 12px; align-items: flex-start; flex: 0 1 auto; min-width: 0; }
.sk-cardgame .sk-place { text-align: center; font-size: 0.85em; color: #555; flex: 0 0 auto; }
.sk-cardgame .sk-follow { font-size: 0.85em; color: #444; flex: 1 1 120px; min-width: 0; max-width: 230px; }
.sk-cardgame .sk-seats-box { flex: 1 1 300px; min-width: 0; }
.sk-cardgame .sk-seats { display: grid; gap: 6px; grid-template-columns: repeat(auto-fill, minmax(104px, 1fr)); }
.sk-cardgame .sk-seat { padding: 4px 6px; border: 1px solid #ddd; border-radius: 8px; text-align: center;
  min-width: 0; overflow-wrap: anywhere; transition: background-color 0.3s, box-shadow 0.3s; }
.sk-cardgame .sk-seat.sk-winner { background: #e4f5ea; border-color: #6fb58a; box-shadow: 0 0 0 2px #6fb58a; }
.sk-cardgame .sk-seat.sk-active { background: #fff4d6; border-color: #e0b040; box-shadow: 0 0 0 2px #e0b040; }
.sk-cardgame .sk-seat-body { display: flex; align-items: center; justify-content: center; gap: 6px;
  font-size: 0.9em; }
.sk-cardgame .sk-seat .sk-status { font-size: 0.85em; min-height: 1.2em; }
.sk-cardgame .sk-last-hand { font-size: 0.85em; color: #444; margin: 4px 0 0 0; }
.sk-cardgame .sk-prompt { font-size: 1.1em; margin: 8px 0 2px 0; padding: 6px 10px; border-left: 5px solid #e0a800;
  background: #fffaf0; }
.sk-cardgame .sk-prompt.sk-waiting { border-left-color: #bbb; background: #f7f7f7; color: #555; }
.sk-cardgame .sk-message { font-size: 1.05em; min-height: 1.4em; color: #9a3a00; margin: 4px 0; font-weight: bold; }
.sk-cardgame .sk-hand-card { background-color: transparent !important; background-size: 100% 100%;
  background-repeat: no-repeat; border: none; box-shadow: none !important; white-space: normal; line-height: 1.15;
  font-weight: bold; font-size: 12px; display: flex; align-items: flex-end; justify-content: center;
  text-align: center; padding: 0 8px 14px 8px; color: #2a2320; margin: 10px 3px 4px 3px; overflow: visible;
  transition: transform 0.2s, opacity 0.2s; }
.sk-cardgame .sk-hand-card:focus, .sk-cardgame .sk-hand-card:focus-visible { outline: none; }
.sk-cardgame .sk-hand-card:focus-visible { filter: drop-shadow(0 0 3px #1f5fbf) drop-shadow(0 0 2px #1f5fbf); }
.sk-cardgame .sk-hand-card.sk-legal { transform: translateY(-8px);
  filter: drop-shadow(0 0 4px #f0b400) drop-shadow(0 0 3px #f0b400); }
.sk-cardgame .sk-hand-card.sk-dim { opacity: 0.5; filter: grayscale(55%); }
.sk-cardgame .sk-hand-card.sk-chosen { filter: drop-shadow(0 0 5px #d4002a) drop-shadow(0 0 3px #d4002a); }
.sk-cardgame .sk-hand-label { margin: 6px 0 0 0; }
.sk-cardgame .sk-hand-label small { color: #666; }
.sk-cardgame .sk-lower { gap: 4px 18px; }
.sk-cardgame table.sk-scores { border-collapse: collapse; font-size: 0.92em; }
.sk-cardgame .sk-scores td, .sk-cardgame .sk-scores th { border: 1px solid #ddd; padding: 2px 6px; text-align: right; }
.sk-cardgame .sk-scores th { background: #f4efe4; font-weight: normal; }
.sk-cardgame .sk-scores th.sk-who { text-align: left; font-weight: bold; background: #faf7f0; }
.sk-cardgame .sk-scores td.sk-total { font-weight: bold; background: #faf7f0; }
.sk-cardgame .sk-scores td.sk-best { background: #d8f1e2; }
.sk-cardgame .sk-legend { font-size: 0.8em; color: #666; max-width: 420px; }
.sk-cardgame .sk-chip { display: inline-block; border: 2px solid #999; border-radius: 5px; padding: 0 5px;
  margin: 1px 2px; background: #fffdf6; font-size: 0.9em; white-space: nowrap; }
.sk-cardgame .sk-peeks { max-width: 460px; }
.sk-cardgame .sk-peeks li { margin: 2px 0; }
.sk-cardgame .sk-moved { color: #666; font-size: 0.85em; }
.sk-cardgame .sk-log { margin: 0; padding: 0 4px 0 0; list-style: none; max-height: 280px; overflow-y: auto;
  font-size: 0.92em; }
.sk-cardgame .sk-log li { margin: 0 0 3px 0; }
.sk-cardgame .sk-log li:first-child > details > summary { font-weight: bold; }
.sk-cardgame .sk-log summary { cursor: pointer; }
.sk-cardgame .sk-log .sk-why { margin: 2px 0 4px 18px; color: #555; font-size: 0.92em; }
.sk-cardgame h4 { margin: 8px 0 4px 0; }
/* motion: what just changed arrives (the frame stills it when motion is off) */
@keyframes sk-card-lands { from { transform: translate(-18px, -26px) rotate(-8deg) scale(1.12); opacity: 0.2; } }
@keyframes sk-card-drawn { from { transform: translateY(36px) scale(0.9); opacity: 0; } }
@keyframes sk-news { from { opacity: 0; transform: translateX(-10px); } }
@keyframes sk-count { 50% { transform: scale(1.35); color: #9a3a00; } }
.sk-cardgame .sk-top-card { display: inline-block; }
.sk-cardgame .sk-top-card.sk-arrive { animation: sk-card-lands 320ms ease-out; }
.sk-cardgame .sk-hand-card.sk-arrive { animation: sk-card-drawn 340ms ease-out; }
.sk-cardgame .sk-log li:first-child { animation: sk-news 300ms ease-out; }
.sk-cardgame .sk-seat.sk-changed .sk-count { display: inline-block; animation: sk-count 360ms ease-in-out; }
/* a phone: smaller cards, so that a hand of six fits two rows and the table one screen */
@media (max-width: 520px) {
  .sk-cardgame .sk-hand-card { width: 74px !important; height: 106px !important; font-size: 11px;
    padding: 0 5px 11px 5px; margin: 10px 2px 2px 2px; }
  .sk-cardgame .sk-top-card svg { width: 84px; height: auto; }
  .sk-cardgame .sk-seats { grid-template-columns: repeat(auto-fill, minmax(96px, 1fr)); }
  .sk-cardgame .sk-follow { max-width: none; }
}
</style>"""

CARD_BACKGROUNDS = "<style>" + "".join(
    f'.sk-cardgame .sk-hand-card.sk-kind-{slug(k)} {{ background-image: url("data:image/svg+xml,'
    f'{quote(card_face_svg(k), safe="")}"); }}\n' for k in KINDS) + "</style>"


# --- pieces of the page (from the view only) ---------------------------------------------------------


def header(seen: View, seed: int, level: str, replaying: bool) -> str:
    """The title: which hand, whose move, the seed and the bots' level."""
    me = seen.me
    if seen.finished:
        banner = "<span class='sk-banner sk-over'>Game over</span>"
    elif replaying:
        banner = "<span class='sk-banner'>Replay</span>"
    elif seen.phase == PASSING:
        who = "Your choice" if seen.passed and not seen.passed[me] and seen.hand else "Passing cards"
        mine = " sk-your-turn" if who == "Your choice" else ""
        banner = f"<span class='sk-banner{mine}'>{who}: pass a card left</span>"
    elif seen.phase == ALIBI_WINDOW:
        target = seen.pending.target
        banner = ("<span class='sk-banner sk-your-turn'>▶ You must answer</span>" if target == me
                  else f"<span class='sk-banner'>{html.escape(seen.names[target])} answers</span>")
    elif seen.turn == me:
        banner = "<span class='sk-banner sk-your-turn'>▶ Your turn</span>"
    else:
        banner = f"<span class='sk-banner'>{html.escape(seen.names[seen.turn])}'s turn</span>"
    return (f"<h3 class='sk-title'>Hand {seen.hand_number} of {seen.hands_in_game}{banner}"
            f" <small class='sk-seed'>seed {seed} · bots: {html.escape(level)}</small></h3>")


def _follow_hint(seen: View) -> str:
    if seen.finished:
        return ""
    if not seen.played:
        return "The hand opens with <b>The game is afoot!</b>"
    kinds = [k for k in legality.playable(seen.top) if k != AFOOT]
    chips = "".join(_chip(k) for k in kinds)
    return f"May follow now: {chips}" if kinds else "Nothing may follow."


def _chip(card: str) -> str:
    return f"<span class='sk-chip' style='border-color:{colour(card)}'>{html.escape(card)}</span>"


def board(seen: View, level: str, replaying: bool, arrived: bool = False, changed: frozenset = frozenset(),
          news: str = "") -> str:
    """The table: the card that counts, the draw pile, what may follow, and every seat (a
    grid that wraps onto more rows on a narrow screen). ``arrived``: the card on the table
    has just been played (it lands); ``changed``: the seats whose number of cards just
    changed; ``news``: a line under the seats (how the last hand ended)."""
    landing = " sk-arrive" if arrived else ""
    top = f"<div class='sk-top-card{landing}'>{top_svg(seen.top, opened=bool(seen.played), width=104)}</div>"
    last = ""
    if seen.played and seen.played[-1] != seen.top.card:
        last = (f"<div>last played: {_chip(seen.played[-1])}<br><small>(the table goes on as if from "
                f"{html.escape(seen.top.label)})</small></div>")
    centre = (f"<div class='sk-centre'><div class='sk-place'><div>on the table</div>{top}{last}</div>"
              f"<div class='sk-place'><div>draw pile</div>{back_svg(seen.pile_size, width=62)}"
              f"<div>{len(seen.played)} played<br>this hand</div></div>"
              f"<div class='sk-follow'>{_follow_hint(seen)}</div></div>")
    cells = []
    for p, name in enumerate(seen.names):
        active = _acting(seen, p) and not seen.finished and not replaying
        who = "your seat" if p == seen.me else f"bot · {html.escape(level)}"
        cards = seen.hand_sizes[p]
        won = seen.finished and p in seen.outcome.winners
        css = ("sk-seat" + (" sk-active" if active else "") + (" sk-changed" if p in changed else "")
               + (" sk-winner" if won else ""))
        cells.append(
            f"<div class='{css}' data-seat='{p}'>"
            f"<div><b>{'▶ ' if active else ''}{html.escape(name)}</b><br><small>{who}</small></div>"
            f"<div class='sk-seat-body'>{back_svg(cards, width=34)}<div>"
            f"<span class='sk-count' data-seat='{p}'>{cards}</span> card{'s' if cards != 1 else ''}<br>"
            f"<span title='penalty points so far'>{seen.scores[p]} pts</span></div></div>"
            f"<div class='sk-status'>{_seat_status(seen, p)}</div></div>")
    order = " → ".join(html.escape(n) for n in seen.names) + " → …"
    told = f"<p class='sk-last-hand'>{html.escape(news)}</p>" if news else ""
    seats = (f"<div class='sk-seats-box'><div class='sk-seats'>{''.join(cells)}</div>"
             f"<div class='sk-legend'>Play goes round to the left: {order}</div>{told}</div>")
    return f"<div class='sk-board'>{centre}{seats}</div>"


def _acting(seen: View, p: int) -> bool:
    if seen.phase == ALIBI_WINDOW:
        return seen.pending.target == p
    if seen.phase == PASSING:
        return bool(seen.passed) and not seen.passed[p] and seen.hand_sizes[p] > 0
    return seen.turn == p


def _seat_status(seen: View, p: int) -> str:
    if seen.finished:
        said = [_part_in_the_end(seen, p)] + (["<b>winner</b>"] if p in seen.outcome.winners else [])
        return " · ".join(s for s in said if s)
    if seen.phase == ALIBI_WINDOW:
        pending = seen.pending
        if pending.target == p:
            return f"answering {html.escape(pending.card)}"
        if pending.by == p:
            return f"played {html.escape(pending.card)}"
        return ""
    if seen.phase == PASSING and seen.passed:
        return "passed ✓" if seen.passed[p] else ("no card" if not seen.hand_sizes[p] else "choosing…")
    if seen.turn == p:
        return "drew a card" if seen.phase == DRAWN else "playing"
    return ""


def _part_in_the_end(seen: View, p: int) -> str:
    """What seat ``p`` did in the end of the last hand: made the arrest, was caught, escaped."""
    end = next((e for e in reversed(seen.events) if isinstance(e, (Arrested, Escaped, TrailCold))), None)
    if isinstance(end, Arrested):
        return "made the arrest" if p == end.by else "caught" if p == end.target else ""
    return "escaped" if isinstance(end, Escaped) and end.player == p else ""


def prompt(seen: View, options: list, replaying: bool, choosing: str | None) -> str:
    """What the table waits for, in a sentence: your move (and what it means), or whose."""
    def box(text: str, waiting: bool = False) -> str:
        """The prompt's box around ``text`` (greyed while you wait for others)."""
        return f"<div class='sk-prompt{' sk-waiting' if waiting else ''}'>{text}</div>"

    names, me = seen.names, seen.me
    if seen.finished:
        return ""
    if replaying:
        return box("A replay is running.", waiting=True)
    if choosing is not None:
        return box(f"<b>{html.escape(choosing)}</b>: {html.escape(EFFECTS[choosing])} Choose the player.")
    if seen.phase == PASSING:
        left = html.escape(names[(me + 1) % seen.players])
        waiting = ", ".join(html.escape(names[p]) for p in range(seen.players)
                            if not seen.passed[p] and seen.hand_sizes[p])
        if any(isinstance(a, PassCard) for a in options):
            return box(f"After the Alibi everyone passes one card, face down, to the left. "
                       f"<b>Click the card you give to {left}.</b>")
        if seen.my_pass:
            return box(f"You pass {_chip(seen.my_pass)} to {left}. Waiting for {waiting}…", waiting=True)
        return box(f"Everyone passes a card to the left. Waiting for {waiting}…", waiting=True)
    if seen.phase == ALIBI_WINDOW:
        pending = seen.pending
        by, card = html.escape(names[pending.by]), pending.card
        if pending.target != me:
            return box(f"{by} plays {html.escape(card)} on {html.escape(names[pending.target])}, who answers…",
                       waiting=True)
        taking = TAKING[card]
        if pending.arrest and card != ARREST:  # the engine says this card arrests too
            taking += ", and here it is an arrest as well: a Villain in your hand is caught"
        alibi = ("Play your Alibi to stop it" if Answer(me, True) in options else "You hold no Alibi")
        return box(f"<b>{by} plays {html.escape(card)} on you.</b> If you take it, {html.escape(taking)}. "
                   f"{alibi}, or take it.")
    if seen.turn != me:
        who = html.escape(names[seen.turn])
        doing = "has drawn a card and decides" if seen.phase == DRAWN else "is playing"
        return box(f"{who} {doing}…", waiting=True)
    if seen.phase == DRAWN:
        if len(options) == 1:  # only Keep
            return box(f"You drew {_chip(seen.drawn)}; it does not fit the table, so keep it.")
        return box(f"You drew {_chip(seen.drawn)}, and it may be played now: click it, or keep it.")
    if PlayVillains(me) in options:
        return box("<b>You hold only Villains: put them down now and escape!</b>")
    if not seen.played:
        return box("Your turn: you hold <b>The game is afoot!</b> Click it to open the hand.")
    if any(isinstance(a, Play) for a in options):
        return box(f"<b>Your turn:</b> play one of your highlighted cards "
                   f"(the table shows {html.escape(seen.top.label)}).")
    if seen.pile_size:
        return box(f"<b>Your turn:</b> none of your cards may follow {html.escape(seen.top.label)}: draw a card.")
    return box(f"<b>Your turn:</b> none of your cards may follow {html.escape(seen.top.label)}, and the draw "
               "pile is empty: you pass.")


def notice(seen: View, message: str) -> str:
    """The session's last sentence: a refusal, a load. (How the game ended is the ending
    bar's, above the table.)"""
    return f"<p class='sk-message'>{html.escape(message, quote=False)}</p>"


def scores(seen: View) -> str:
    """The scores as a table that fits a phone: a row for each player, a column for each
    hand (the one under way too, once a Telegram has scored in it) and the totals, then
    what scores."""
    columns = [str(i) for i in range(1, len(seen.hand_scores) + 1)]
    rows = [list(row) for row in zip(*seen.hand_scores)] if seen.hand_scores else [[] for _ in seen.names]
    if any(seen.telegrams) and not seen.finished:
        columns.append(f"{seen.hand_number} so far")
        for row, points in zip(rows, seen.telegrams):
            row.append(points)
    best = min(seen.scores)
    body = []
    for p, name in enumerate(seen.names):
        cells = "".join(f"<td>{v:+d}</td>" for v in rows[p])
        total = seen.scores[p]
        body.append(f"<tr data-seat='{p}'><th class='sk-who'>{html.escape(name)}</th>{cells}"
                    f"<td class='sk-total{' sk-best' if total == best else ''}'>{total}</td></tr>")
    if len(columns) == 1:
        head, note = f"<tr><th></th><th>hand {columns[0]}</th><th>total</th></tr>", ""
    elif columns:  # two header rows: "hand" over the hands' numbers, so six hands fit a phone
        head = (f"<tr><th rowspan='2'></th><th colspan='{len(columns)}'>hand</th><th rowspan='2'>total</th></tr>"
                f"<tr>{''.join(f'<th>{c}</th>' for c in columns)}</tr>")
        note = ""
    else:
        head, note = "<tr><th></th><th>total</th></tr>", "<div class='sk-legend'><i>no hand scored yet</i></div>"
    s = seen.scoring
    legend = (f"Penalty points, the lowest total wins: +{s.card} for each card left in your hand at the end "
              f"of a hand, +{s.villain_card} for each Villain, +{s.captured} when you are caught with a Villain, "
              f"{s.arrest} for the arrest, {s.escape} for escaping, +{s.telegram} for receiving a Telegram.")
    return (f"<h4>Scores</h4><table class='sk-scores'>{head}{''.join(body)}</table>{note}"
            f"<div class='sk-legend'>{html.escape(legend)}</div>")


def peeks(seen: View) -> str:
    """What you have seen of other hands this hand, and whether cards have moved since."""
    mine = [(i, e) for i, e in enumerate(seen.events) if isinstance(e, Peek) and e.hand == seen.hand_number]
    if not mine:
        return ("<div class='sk-peeks'><h4>What you have seen</h4><i>Nothing yet this hand: a Clue, a Disguise, "
                "Holmes or Watson lets you look at someone's cards.</i></div>")
    items = []
    for at, peek in reversed(mine):
        moved = any(e.moves_cards for e in seen.events[at + 1:])
        what = "whole hand" if peek.why in (HOLMES, WATSON) else f"{len(peek.cards)} cards"
        cards = "".join(_chip(c) for c in peek.cards) or "<i>no cards</i>"
        note = " <span class='sk-moved'>(cards have moved since)</span>" if moved else ""
        whose = html.escape(seen.names[peek.target])
        items.append(f"<li>{html.escape(peek.why)}: {whose}'s {what}: {cards}{note}</li>")
    return f"<div class='sk-peeks'><h4>What you have seen</h4><ul>{''.join(items)}</ul></div>"
