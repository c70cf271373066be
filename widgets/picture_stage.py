"""Picture Perfect's table drawn as HTML: envelopes as cards, your photo's guests with
their wishes met as far as you know, the players' photos at the end, the style sheet.

Pure functions of what a player's ``View`` holds (and the photos taken of public mats);
no rule lives here: a guest's wishes and points are judged by ``scoring.score_guest``.
The guests are the party's (``guests.party``: in the variant "detectives as guests"
Watson, Holmes and Irène are plain guests with envelopes, three others stay in the box);
Watson, Holmes and Irène get their own lines only as the expansion's figures.
An envelope's wishes are drawn only from ``view.envelopes`` (what the viewer knows), so an
envelope never read never reaches the page.
"""

from __future__ import annotations

from html import escape
from typing import Mapping, Sequence

from sherlockkit.games.picture.alibis import INVESTIGATORS, IRENE
from sherlockkit.games.picture.cards import IRENE_POINTS, ROUNDS, SHERLOCK_EXCHANGES, SWAPS, mechanic
from sherlockkit.games.picture.guests import EVERY_NAME, any_guest_named, party
from sherlockkit.games.picture.figures import expansion_figures
from sherlockkit.games.picture.mat import Space
from sherlockkit.games.picture.scoring import score_guest
from sherlockkit.games.picture.events import GuestScore
from sherlockkit.games.picture import ready
from sherlockkit.games.picture.state import (
    ANSWERING, ARRANGING, ASKING, CHOOSING, EXCHANGING, Ready, Return, Take, View, index,
)
from widgets.picture_art import photo_svg
from widgets.picture_case import investigators_html, who

STYLE = """<style>
.sk-table.sk-picture { max-width: 1100px; }
.sk-picture .widget-html-content { line-height: 1.35; }
.sk-picture .sk-title { font-size: 1.05em; margin: 2px 0; }
.sk-picture .sk-seed { color: #5f5f5f; }
.sk-picture .sk-exchange-card { border: 1px solid #d8cfae; background: #fffdf4; border-radius: 8px;
  padding: 4px 8px; margin: 2px 0; }
.sk-picture .sk-envelopes { display: grid; grid-template-columns: repeat(auto-fill, minmax(200px, 1fr)); gap: 6px; }
.sk-picture .sk-envelope { border: 1px solid #c9b58a; border-radius: 8px; background: #fbf6ea; padding: 4px 8px; }
.sk-picture .sk-envelope.sk-earlier { background: #f1f1f1; border-color: #bbb; border-style: dashed; }
.sk-picture .sk-envelope h4 { margin: 0 0 2px 0; font-size: 1em; }
.sk-picture .sk-envelope ul, .sk-picture .sk-guests ul { margin: 0; padding-left: 1.1em; }
.sk-picture span.sk-vip { background: #8b6508; color: #fff; border-radius: 4px; padding: 0 4px; font-size: 0.85em; }
.sk-picture .sk-earlier-tag { color: #666; font-size: 0.85em; }
.sk-table.sk-picture .sk-actions { display: flex; flex-wrap: wrap; gap: 4px; align-items: center; margin: 3px 0; }
.sk-table.sk-picture .sk-actions .widget-button { width: auto; min-width: max-content; }
.sk-table.sk-picture .sk-switch-bar { display: flex; flex-wrap: wrap; gap: 4px 10px; align-items: center; margin: 4px 0 6px 0; }
.sk-table.sk-picture .sk-switch-bar .widget-button { width: auto; min-width: max-content; }
/* the mat with the Alibi sheet under it on the left, the photo and the camera on the right;
   on a narrow screen one column: the mat, the photo (in sight while you place), the sheet */
.sk-table.sk-picture .sk-play { display: grid; gap: 10px; align-items: start;
  grid-template-columns: minmax(0, 420px) minmax(0, 620px); grid-template-areas: "stage shot" "sheet shot"; }
.sk-table.sk-picture .sk-stage { grid-area: stage; min-width: 0; }
.sk-table.sk-picture .sk-shot { grid-area: shot; min-width: 0; }
.sk-table.sk-picture .sk-play > .sk-sheet-box { grid-area: sheet; min-width: 0; }
@media (max-width: 760px) {
  .sk-table.sk-picture .sk-play { grid-template-columns: minmax(0, 1fr); grid-template-areas: "stage" "shot" "sheet"; }
}
.sk-table.sk-picture .sk-mat { display: grid; grid-template-columns: repeat(4, minmax(0, 1fr)); gap: 3px;
  max-width: 400px; }
.sk-table.sk-picture .sk-mat .widget-button { width: auto; height: 54px; margin: 0; white-space: normal;
  line-height: 1.1; padding: 2px; font-size: 0.85em; min-width: 0; }
.sk-table.sk-picture .sk-mat .sk-table-space { background: #7a4a26; color: #fff; }
.sk-table.sk-picture .sk-mat .sk-table-space.sk-coffin { background: #2f2520; }
.sk-table.sk-picture .sk-mat .sk-picked { outline: 3px solid #e0a000; }
.sk-table.sk-picture .sk-guest-list { display: flex; flex-wrap: wrap; gap: 3px; }
.sk-table.sk-picture .sk-guest-list .widget-button { width: auto; min-width: max-content; margin: 0; }
.sk-table.sk-picture .sk-guest-list .sk-placed { opacity: 0.75; font-style: italic; }
.sk-table.sk-picture .sk-guest-list .sk-picked { outline: 3px solid #e0a000; }
.sk-picture .sk-camera-note { font-size: 0.9em; color: #555; }
.sk-table.sk-picture .sk-camera-row { display: flex; flex-wrap: wrap; gap: 2px; align-items: center; margin: 2px 0; }
.sk-table.sk-picture .sk-camera-row .widget-html { margin: 0 4px 0 0; min-width: 3.5em; }
.sk-table.sk-picture .sk-camera-row .widget-button { width: auto; min-width: 2.2em; padding: 0 3px; margin: 0;
  height: 26px; }
.sk-table.sk-picture .sk-ask-row { display: flex; flex-wrap: wrap; gap: 4px; align-items: center; }
.sk-table.sk-picture .sk-ask-row > .widget-html { min-width: 4.5em; margin: 0; }
.sk-picture .sk-ready-why { color: #a40; }
.sk-picture .sk-guests { font-size: 0.92em; }
.sk-picture .sk-met { color: #064; font-weight: bold; }
.sk-picture .sk-unmet { color: #a22; font-weight: bold; }
.sk-picture .sk-unknown { color: #777; font-weight: bold; }
.sk-picture .sk-score { font-size: 1.05em; }
.sk-picture .sk-seats { font-size: 0.92em; color: #333; }
.sk-picture .sk-message { color: #a40; min-height: 1.2em; }
.sk-table.sk-picture .sk-log { max-height: 260px; flex-direction: column-reverse; overflow-y: auto;
  font-size: 0.92em; border-top: 1px solid #eee; }
.sk-table.sk-picture .sk-log-lines { flex: none; }
.sk-picture .sk-log-line { margin: 1px 0; }
.sk-picture .sk-photos { display: flex; flex-wrap: wrap; gap: 8px; }
.sk-picture .sk-final { flex: 1 1 300px; max-width: 520px; min-width: 0; border: 1px solid #ddd;
  border-radius: 8px; padding: 4px 6px; }
.sk-picture .sk-final.sk-winner { border-color: #8bbf8b; background: #f4fbf4; }
.sk-picture .sk-final h4 { margin: 0 0 3px 0; }
</style>"""


def envelope_html(view: View, guest: str, cards, vip: bool) -> str:
    """One envelope you know, as a card: the guest, its kind, its three wishes, the VIP;
    marked "read earlier" when it is no longer in your hands (notes only)."""
    mine = view.holders[index(guest, view)] == view.player or view.outcome is not None
    tag = "" if mine else " <span class='sk-earlier-tag'>(read earlier)</span>"
    vip_tag = " <span class='sk-vip'>VIP</span>" if vip else ""
    items = "".join(f"<li>{escape(card.text)}</li>" for card in cards)
    css = "sk-envelope" if mine else "sk-envelope sk-earlier"
    return (f"<div class='{css}'><h4>{escape(guest)}{vip_tag}{tag}</h4>"
            f"<small>{escape(any_guest_named(guest).kind)}</small><ul>{items}</ul></div>")


def envelopes_html(view: View) -> str:
    """Every envelope you know now, as cards; a sentence when you hold none."""
    if not view.envelopes:
        return "<i>You hold no envelope now.</i>"
    return ("<div class='sk-envelopes'>"
            + "".join(envelope_html(view, g, cards, vip) for g, cards, vip in view.envelopes) + "</div>")


def _mark(met: bool | None) -> str:
    if met is None:
        return "<span class='sk-unknown' title='a wish you do not know'>?</span>"
    return ("<span class='sk-met' title='met'>&#10003;</span>" if met
            else "<span class='sk-unmet' title='not met'>&#10007;</span>")


def known_points(view: View, placements: Mapping[str, Space], photo) -> tuple[list[str], int, list[str]]:
    """Your photo's guests as far as you know: a line each (its wishes met ✓, not met ✗,
    unknown ?), the points of the guests whose envelopes you know, and the guests in the
    photo whose wishes you do not know (their points are a "?")."""
    known = {g: (cards, vip) for g, cards, vip in view.envelopes}
    figures = expansion_figures(view)
    lines, total, unknown = [], 0, []
    for guest, shot in photo.shots.items():
        space = placements[guest]
        if guest in INVESTIGATORS and guest in figures:
            continue  # their lines come from the case (``picture_case.investigators_html``)
        if guest == IRENE and guest in figures:
            where = f"<b>{IRENE}</b> on {space}"
            lines.append(f"<li>{where}: {IRENE_POINTS} for each VIP guest beside her</li>" if shot.in_frame
                         else f"<li>{where}: out of the frame, 0</li>")
            continue
        if guest not in known:
            marks = " ".join(_mark(None) for _ in range(3))
            where = f"{escape(guest)} on {space}"
            if shot.in_frame:
                unknown.append(guest)
                lines.append(f"<li>{where}: {marks} (wishes unknown)</li>")
            else:
                lines.append(f"<li>{where}: out of the frame, 0</li>")
            continue
        cards, vip = known[guest]
        scored = score_guest(guest, cards, vip, placements, photo, view.victim, guests=party(view))
        marks = " ".join(f"{_mark(m)} <small>{escape(card.text)}</small>" for m, card in zip(scored.met, cards))
        vip_tag = " <span class='sk-vip'>VIP</span>" if vip else ""
        if shot.in_frame:
            total += scored.points
            lines.append(f"<li><b>{escape(guest)}</b>{vip_tag} on {space}: {scored.points:+d}<br>{marks}</li>")
        else:
            lines.append(f"<li><b>{escape(guest)}</b>{vip_tag} on {space}: out of the frame, 0</li>")
    return lines, total, unknown


def live_photo_html(view: View, placements: Mapping[str, Space], photo, odds=None) -> tuple[str, str]:
    """The live photo of your layout (the very photo that is scored), and under it each
    placed guest with its wishes as far as you know and your running score; in a Sherlock
    party Watson's and Holmes's lines over the culprit's ``odds`` (suspect -> chance)."""
    svg = photo_svg(photo, coffin=view.victim)
    lines, total, unknown = known_points(view, placements, photo)
    if view.sherlock:
        lines += investigators_html(view, placements, photo, odds or {})
    if not lines:
        return svg, "<div class='sk-guests'><i>No guest placed yet: pick one in the list, then a space.</i></div>"
    more = (f" + ? for {escape(', '.join(unknown))} (wishes unknown)" if unknown else "")
    case = (" <small>(Watson and Holmes apart; the culprit, wherever it stands, scores by its five wishes "
            "instead)</small>" if view.sherlock else "")
    return svg, (f"<div class='sk-guests'><div class='sk-score'>Your photo as far as you know: "
                 f"<b data-known-score='{total}'>{total}</b> point{'' if abs(total) == 1 else 's'}{more}{case}"
                 f"</div><ul>{''.join(lines)}</ul></div>")


def score_line(g: GuestScore, cards: Sequence, culprit: str | None = None,
               figures: Sequence[str] = INVESTIGATORS) -> str:
    """One guest of a scored photo as a list item: its name (marked when it is the
    ``culprit``, and VIP), its space and points, and each of its wish ``cards`` met
    (&#10003;) or not (&#10007;) -- the culprit's five; for the expansion's ``figures`` in
    the photo, Watson and Holmes beside the culprit or not, Irène's VIP guests beside her.
    A guest wholly out of the frame scores 0. Used by the table's end and the chapter."""
    name = f"<b>{escape(g.guest)}</b>"
    if g.guest == culprit:
        name = f"<b class='sk-culprit' data-culprit-line='{escape(g.guest)}'>{escape(g.guest)}</b> (the culprit)"
    name += " (VIP)" if g.vip else ""
    if not g.in_frame:
        return f"<li>{name} on {g.space}: out of the frame, 0</li>"
    if g.guest in INVESTIGATORS and g.guest in figures:
        beside = "beside the culprit" if g.met and g.met[0] else "not beside the culprit"
        return f"<li>{name} on {g.space}: {beside}, {g.points:+d}</li>"
    if g.guest == IRENE and g.guest in figures:
        return (f"<li>{name} on {g.space}: {sum(g.met)} VIP guest{'' if sum(g.met) == 1 else 's'} "
                f"beside her, {g.points:+d}</li>")
    wishes = "; ".join(f"{_mark(m)} <small>{escape(c.text.rstrip('.'))}</small>" for m, c in zip(g.met, cards))
    return f"<li>{name} on {g.space}: {g.points:+d}" + (f"<br>{wishes}" if wishes else "") + "</li>"


def final_html(view: View, seat: int, photo, scored: tuple[GuestScore, ...], score: int,
               culprit: str | None = None, names: Sequence[str] | None = None) -> str:
    """One player's photo at the end: the photo, the score, each guest's wishes revealed
    and met or not, and its points (``score_line``); in a Sherlock party Watson's and
    Holmes's lines and the ``culprit``'s (its five wishes: its envelope's three and the two
    face-up cards) last."""
    envelopes = {g: cards for g, cards, _ in view.envelopes}
    figures = expansion_figures(view)
    items = []
    for g in scored:
        cards = tuple(envelopes.get(g.guest, ()))
        if g.guest == culprit:
            cards += tuple(view.culprit_cards)
        items.append(score_line(g, cards, culprit, figures))
    won = seat in view.outcome.winners
    css = "sk-final sk-winner" if won else "sk-final"
    crown = " — wins" if won else ""
    listing = f"<ul>{''.join(items)}</ul>" if items else "<i>No guest placed.</i>"
    return (f"<div class='{css}' data-seat='{seat}'><h4>{escape(who(seat, view.player, names))}: "
            f"<span data-score='{score}'>{score}</span> points{crown}</h4>{photo_svg(photo, coffin=view.victim)}"
            f"<div class='sk-guests'>{listing}</div></div>")


def exchange_words(action, view: View) -> str:
    """What an exchange button says: "Take Tom's envelope", "Pass Polly's envelope"..."""
    if isinstance(action, Take):
        source = "the middle" if mechanic(view.exchange) not in SWAPS else "your neighbour"
        return f"Take {action.guest}'s envelope from {source}"
    if isinstance(action, Return):
        return f"Put {action.guest}'s envelope back"
    if view.phase == CHOOSING:
        return f"Pass {action.guest}'s envelope"
    return f"Give {action.guest}'s envelope back"


def seats_html(view: View, names: Sequence[str] | None = None) -> str:
    """Who holds which envelope (public), how many guests each has placed, who is Ready."""
    rows = []
    for seat in range(view.players):
        held = [g for g, h in zip(party(view), view.holders) if h == seat]
        ready = " · Ready" if seat in view.ready else ""
        envelopes = ", ".join(held) if held else "no envelope"
        placed = len(view.mats[seat])
        rows.append(f"<li><b>{escape(who(seat, view.player, names))}</b>: {escape(envelopes)} · "
                    f"{placed} guest{'' if placed == 1 else 's'} placed{ready}</li>")
    middle = [g for g, h in zip(party(view), view.holders) if h is None and g != view.victim]  # the victim's is boxed
    rows.append(f"<li><b>The middle</b>: {escape(', '.join(middle)) if middle else 'empty'}</li>")
    return "<b>Who holds which envelope</b><ul>" + "".join(rows) + "</ul>"


def header_html(view: View, seed_words: str) -> str:
    """The title line: the round of how many, the players, the switches and variant played
    (in the variant "detectives as guests", the three guests in the box), the seed."""
    extras = "".join(f" · {name}" for name, on in (("notes", view.notes), ("Sherlock", view.sherlock),
                                                 ("Irène", view.irene), (view.variant, view.variant)) if on)
    boxed = [g for g in EVERY_NAME if g not in party(view)]
    if view.guests and boxed:  # public: the deal told who stayed in the box
        extras += f" (in the box: {', '.join(boxed)})"
    return (f"<div class='sk-title'><b>Picture Perfect</b> · round {max(view.round, 1)} of {rounds_of(view)} · "
            f"{view.players} players{escape(extras)} <span class='sk-seed'>seed {escape(seed_words)}</span></div>")


def rounds_of(view: View) -> int:
    """How many rounds the party has: seven with the Sherlock expansion (one a card), else six."""
    return len(SHERLOCK_EXCHANGES) if view.sherlock else ROUNDS


def prompt_html(view: View, allowed: list, replaying: bool, names: Sequence[str] | None = None) -> str:
    """What the table asks of you now (or who it waits for), in a line."""
    if view.outcome is not None:
        return ""
    if replaying:
        return "<i>Replaying.</i>"
    if view.phase in (ASKING, ANSWERING):
        if allowed:
            return "<b>Your turn:</b> " + ("ask a question." if view.phase == ASKING else "answer the question.")
        return f"<i>{escape(who(view.turn, view.player, names))} is asking…</i>" if view.turn is not None else ""
    if view.phase == ARRANGING:
        if view.player in view.ready:
            waiting = [who(p, view.player, names) for p in range(view.players) if p not in view.ready]
            return f"<i>You are Ready; waiting for {escape(', '.join(waiting))}.</i>"
        last = (" <b>Last round:</b> Watson and Holmes must both be in your photo before you say Ready."
                if view.sherlock and view.round == rounds_of(view) else "")
        waiting = ready.refusal(view, Ready(view.player))
        return ("<b>Arrange your guests.</b> Pick a guest, then a space; move the camera; "
                f"say Ready when your photo is as you want it.{last}"
                + (f" <span class='sk-ready-why'>{escape(waiting)}</span>" if waiting else ""))
    if view.phase == CHOOSING:
        if allowed:
            return "<b>Your turn:</b> choose the envelope you pass on."
        return "<i>Waiting for everyone to choose an envelope to pass…</i>"
    if view.phase == EXCHANGING and view.turn == view.player and allowed:
        return "<b>Your turn to exchange.</b>"
    if view.turn is not None:
        return f"<i>{escape(who(view.turn, view.player, names))} is exchanging…</i>"
    return ""
