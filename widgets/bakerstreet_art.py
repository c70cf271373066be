"""Beyond Baker Street drawn: the two tracks as SVG, the three Lead sections, a card face
up, a card's back with what its holder was told, the style sheet.

Everything here draws from a player's ``View`` (or a part of it); nothing here knows a
rule. A card back carries only what its holder was told (``Told``), never the card:
the class names, titles and text of a back are the same for any card behind it.
"""

from __future__ import annotations

import html
from fractions import Fraction

from sherlockkit.games.bakerstreet import odds
from sherlockkit.games.bakerstreet.cards import HOLMES_TOP, ICONS, INVESTIGATION_GOAL, Evidence, Lead
from sherlockkit.games.bakerstreet.state import PileView, Told, View

#: an icon's colour on the cards (a colour and a letter, so it reads without colour too)
ICON_COLOURS = {"Clue": "#8a5a00", "Document": "#1f4e9c", "Track": "#2d7a3a", "Witness": "#8c2a6a"}
#: the track runs 0..20 for both markers: the rule's number, read from the game's data
TRACK_TOP = max(HOLMES_TOP, INVESTIGATION_GOAL)

STYLE = """<style>
.sk-table.sk-bakerstreet { max-width: 980px; }
.sk-bakerstreet .widget-html-content { line-height: 1.35; }
.sk-bakerstreet .sk-title { font-size: 1.05em; margin: 2px 0; }
.sk-bakerstreet .sk-seed { color: #5f5f5f; }
.sk-bakerstreet .sk-track { display: flex; align-items: center; gap: 2px 8px; max-width: 720px; }
.sk-bakerstreet .sk-track-name { flex: 0 0 8.5em; font-size: 0.9em; white-space: nowrap; }
.sk-bakerstreet .sk-track svg { flex: 1 1 auto; min-width: 0; width: 100%; max-width: 600px; height: auto; display: block; }
@media (max-width: 600px) {
  .sk-bakerstreet .sk-track { flex-direction: column; align-items: stretch; }
  .sk-bakerstreet .sk-track-name { flex: none; }
}
.sk-bakerstreet .sk-counts { display: flex; flex-wrap: wrap; gap: 4px 14px; font-size: 0.95em; }
.sk-bakerstreet .sk-over-limit { color: #b00; font-weight: bold; }
.sk-table.sk-bakerstreet .sk-leads { display: grid; grid-template-columns: repeat(auto-fit, minmax(150px, 1fr));
  gap: 6px; margin: 4px 0; }
.sk-bakerstreet .sk-lead { border: 1px solid #ccc; border-radius: 8px; padding: 4px 8px; background: #fbfaf6; }
.sk-bakerstreet .sk-lead.sk-confirmed { background: #eef7ee; border-color: #8bbf8b; }
.sk-bakerstreet .sk-lead.sk-lost { background: #f6e9e9; border-color: #c99; }
.sk-bakerstreet .sk-lead h4 { margin: 0 0 2px 0; font-size: 1em; }
.sk-bakerstreet .sk-sum { font-weight: bold; }
.sk-bakerstreet .sk-sums.sk-ready { color: #064; }
.sk-bakerstreet .sk-impossible-cards { margin: 2px 0; }
.sk-bakerstreet .sk-card { display: inline-block; border-radius: 5px; color: #fff; padding: 0 5px; margin: 1px;
  font-size: 0.9em; white-space: nowrap; }
.sk-bakerstreet .sk-card.sk-off { opacity: 0.65; text-decoration: line-through; }
.sk-table.sk-bakerstreet .sk-seat { border: 1px solid #ddd; border-radius: 8px; padding: 2px 6px; margin: 2px 0;
  display: flex; flex-wrap: wrap; align-items: center; gap: 4px; }
.sk-table.sk-bakerstreet .sk-seat.sk-active { background: #fff4d6; border-color: #e0b040; }
.sk-table.sk-bakerstreet .sk-seat .widget-button { width: auto; min-width: max-content; height: auto;
  min-height: 32px; }
.sk-bakerstreet .sk-who { font-weight: bold; min-width: 7em; }
.sk-table.sk-bakerstreet .sk-slot.sk-selected { outline: 3px solid #e0a000; }
.sk-table.sk-bakerstreet .sk-slot { white-space: normal; line-height: 1.2; max-width: 150px; }
.sk-table.sk-bakerstreet .sk-actions { display: flex; flex-wrap: wrap; gap: 4px; align-items: center; margin: 3px 0; }
.sk-table.sk-bakerstreet .sk-actions .widget-button { width: auto; min-width: max-content; }
.sk-bakerstreet .sk-message { color: #a40; min-height: 1.2em; }
.sk-bakerstreet .sk-known { font-size: 0.92em; color: #333; }
.sk-table.sk-bakerstreet .sk-log { max-height: 260px; flex-direction: column-reverse; overflow-y: auto; font-size: 0.92em; border-top: 1px solid #eee; }
.sk-table.sk-bakerstreet .sk-log-lines { flex: none; }
.sk-bakerstreet .sk-log-line { margin: 1px 0; }
.sk-bakerstreet .sk-odds { border: 1px solid #d8cfae; background: #fffdf4; border-radius: 8px; padding: 3px 6px;
  margin: 2px 0; font-size: 0.9em; max-width: 560px; box-sizing: border-box; }
.sk-bakerstreet .sk-odds table { border-collapse: collapse; width: 100%; table-layout: fixed; }
.sk-bakerstreet .sk-odds th, .sk-bakerstreet .sk-odds td { padding: 1px 3px; text-align: center;
  vertical-align: top; line-height: 1.15; overflow-wrap: anywhere; }
.sk-bakerstreet .sk-odds th:first-child { text-align: left; width: 27%; }
.sk-bakerstreet .sk-odds thead th { font-weight: normal; color: #555; font-size: 0.8em; overflow-wrap: normal; }
.sk-bakerstreet .sk-odds tbody tr { border-top: 1px solid #eee3c4; }
.sk-bakerstreet .sk-odds small { display: block; color: #5f5f5f; font-size: 0.8em; }
.sk-bakerstreet .sk-odds .sk-nil { color: #666; }
.sk-bakerstreet .sk-odds .sk-kill, .sk-bakerstreet .sk-odds .sk-lost-odds { color: #a00; }
.sk-bakerstreet .sk-odds .sk-exact-odds { color: #064; }
.sk-bakerstreet .sk-odds-line { margin: 2px 0; }
.sk-bakerstreet .sk-odds-line small { display: inline; }
.sk-bakerstreet .sk-odds .sk-nowrap { white-space: nowrap; }
</style>"""


def escape(text) -> str:
    return html.escape(str(text), quote=True)


def card_html(card: Evidence, off: bool = False) -> str:
    """An Evidence card face up, in its icon's colour (``off``: a wrong icon under a Lead)."""
    colour = ICON_COLOURS.get(card.icon, "#555")
    mark = " sk-off" if off else ""
    return f"<span class='sk-card{mark}' style='background:{colour}'>{escape(card)}</span>"


def told_words(told: Told) -> str:
    """What a player was told about one of their cards, in a few words ("Track · not 4"),
    or "?" when they know nothing. The icon and the number are kept apart by a dot: a
    card fully known reads "Track · 4"."""
    parts = []
    if told.icon is not None:
        parts.append(told.icon)
    if told.number is not None:
        parts.append(str(told.number))
    if told.icon is None and told.not_icons:
        parts.append("not " + "/".join(sorted(told.not_icons)))
    if told.number is None and told.not_numbers:
        parts.append("not " + "/".join(str(n) for n in sorted(told.not_numbers)))
    return " · ".join(parts) if parts else "?"


def lead_html(pile: PileView, view: View) -> str:
    """One section of the board: its open Lead (or that it is lost), the Leads below it,
    the evidence under it with the running total against the target, confirmed or not."""
    state_css = " sk-confirmed" if pile.confirmed else (" sk-lost" if pile.lead is None else "")
    head = f"<h4>{escape(pile.kind)}{' ✔ confirmed' if pile.confirmed else ''}</h4>"
    if pile.lead is None:
        return f"<div class='sk-lead{state_css}' data-kind='{escape(pile.kind)}'>{head}<div>No Lead left.</div></div>"
    lead: Lead = pile.lead
    colour = ICON_COLOURS.get(lead.icon, "#555")
    open_lead = (f"<div>Lead: <span class='sk-card' style='background:{colour}'>{escape(lead.icon)} "
                 f"{lead.value}</span> <small>({pile.leads_below} below)</small></div>")
    cards = "".join(card_html(c, off=c.icon != lead.icon) for c in pile.evidence) or "<i>no evidence yet</i>"
    wrong = any(c.icon != lead.icon for c in pile.evidence)
    why = " <small>(struck out: a wrong icon, which raised the target)</small>" if wrong else ""
    ready = " sk-ready" if pile.total == pile.target and not pile.confirmed else ""
    sums = f"<div class='sk-sums{ready}'><span class='sk-sum'>{pile.total}</span> of {pile.target}{why}</div>"
    return (f"<div class='sk-lead{state_css}' data-kind='{escape(pile.kind)}'>{head}{open_lead}"
            f"<div>{cards}</div>{sums}</div>")


def _track_row(at: int, colour: str, goal: int | None, title: str) -> str:
    """One track of spaces 0..20 as an ``<svg>``, its marker on ``at`` (every fifth space
    numbered, so the numbers stay readable on a phone); the track's name is the page's
    text beside it (:func:`tracks_html`), never under a marker."""
    step = 26
    out = []
    for space in range(TRACK_TOP + 1):
        x = 2 + space * step
        fill = "#fde7a8" if space == goal else "#f4f1ea"
        out.append(f"<rect x='{x}' y='3' width='{step - 3}' height='22' rx='3' fill='{fill}' stroke='#bbb'/>")
        if space % 5 == 0:
            out.append(f"<text x='{x + (step - 3) / 2}' y='20' font-size='17' text-anchor='middle' "
                       f"fill='#666'>{space}</text>")
    if 0 <= at <= TRACK_TOP:
        cx = 2 + at * step + (step - 3) / 2
        out.append(f"<circle cx='{cx}' cy='14' r='13' fill='{colour}'/>"
                   f"<text x='{cx}' y='20' font-size='17' font-weight='bold' text-anchor='middle' "
                   f"fill='#fff'>{at}</text>")
    width = 4 + (TRACK_TOP + 1) * step
    return (f"<svg viewBox='0 0 {width} 28' role='img' aria-label='{escape(title)}'><title>{escape(title)}</title>"
            f"{''.join(out)}</svg>")


def tracks_html(view: View) -> str:
    """The Holmes track and the Investigation track (0-20), each named in the page's text
    with its space, markers on their spaces; the Investigation's goal space (20) is shaded.
    On a phone each name stands above its track."""
    holmes = f"Holmes on space {view.holmes} of {TRACK_TOP}"
    investigation = f"the Investigation track on {view.investigation}; the goal is exactly {INVESTIGATION_GOAL}"
    rows = ((f"Holmes <b>{view.holmes}</b>", _track_row(view.holmes, "#7a1f1f", None, holmes)),
            (f"Investigation <b>{view.investigation}</b>",
             _track_row(view.investigation, "#1f4e9c", INVESTIGATION_GOAL, investigation)))
    return "".join(f"<div class='sk-track'><span class='sk-track-name'>{name}</span>{svg}</div>" for name, svg in rows)


def counts_html(view: View) -> str:
    """The Impossible against its limit, and the deck's size."""
    held = len(view.impossible)
    over = " sk-over-limit" if held > view.impossible_limit else ""
    return (f"<div class='sk-counts'><span class='sk-impossible{over}'>Impossible: {held} of {view.impossible_limit}"
            f"</span><span class='sk-deck'>Deck: {view.deck_size} cards</span></div>{_impossible_html(view)}")


def _impossible_html(view: View) -> str:
    """What lies in the Impossible, in the order it went in: eliminated cards face up, dead
    Leads by their kind."""
    if not view.impossible:
        return ""
    shown = [card_html(c) if isinstance(c, Evidence) else
             f"<span class='sk-card' style='background:#666'>{escape(c.kind)} {escape(c.icon)} {c.value}</span>"
             for c in view.impossible]
    return f"<div class='sk-impossible-cards'><small>In the Impossible:</small> {''.join(shown)}</div>"


# --- the odds of the card you point at ----------------------------------------------------------------

#: an Investigate's outcomes, as ``odds.InvestigateOdds`` names them, with the panel's
#: column heading and what it means (the heading's title)
INVESTIGATE_COLUMNS = (
    ("advance", "advances", "the right icon, and the total stays below the target"),
    ("exact", "exact", "the right icon, and the total meets the target: the Lead can be Confirmed"),
    ("kill", "kills", "the right icon, but the total passes the target: the Lead dies"),
    ("wrong_icon", "wrong icon", "another icon: the card counts nothing and the target goes up by its number"),
)


def percent(chance: Fraction) -> str:
    """A chance as a whole percentage for the eye: "0%" and "100%" only when it is exactly
    impossible or certain, so a small chance reads "<1%" and a near-certainty ">99%"."""
    if chance == 0:
        return "0%"
    if chance == 1:
        return "100%"
    whole = int(chance * 100 + Fraction(1, 2))  # to the nearest percent, halves up
    return "<1%" if whole < 1 else ">99%" if whole > 99 else f"{whole}%"


def _chance_cell(chance: Fraction, name: str, css: str = "") -> str:
    """A cell: the percentage, and the exact fraction under it (and as its title, for a mouse)."""
    css = " sk-nil" if chance == 0 else css
    return f"<td class='sk-odds-cell{css}' data-odds='{escape(name)}' title='{chance}'>{_with_fraction(chance)}</td>"


def _with_fraction(chance: Fraction) -> str:
    """The percentage, then the exact fraction in small print unless it is 0 or 1 (the
    percentage says those exactly)."""
    return percent(chance) + ("" if chance in (0, 1) else f" <small>{chance}</small>")


def _chances_line(label: str, chances: dict, key, kind: str) -> str:
    """A short line of what a card may be: ``label`` then each value and its chance, the
    values it cannot be left out. Each value is written "Clue: 25%", never "Clue 2...",
    so no text here reads as a card's name."""
    values = sorted(chances, key=key)
    parts = [f"<span class='sk-nowrap' data-odds='{kind} {escape(value)}' title='{chances[value]}'>{escape(value)}: "
             f"{percent(chances[value])}{' ·' if k < len(values) - 1 else ''}</span>" for k, value in enumerate(values)]
    return f"<div class='sk-odds-line sk-odds-{kind}s'>{label} {' '.join(parts)}</div>"


def odds_html(view: View, slot: int, known: odds.Belief) -> str:
    """What Investigating each open Lead, or Eliminating, with the card in ``slot`` of your
    hand would do, and what that card may be: every chance worked out by ``odds`` from your
    view (``known`` is your belief, from ``odds.belief(view)``), as ``Fraction`` so no
    SymPy is loaded. Nothing here reads your cards: the page cannot tell them apart."""
    heads = "".join(f"<th title='{escape(meaning)}'>{escape(head)}</th>" for _, head, meaning in INVESTIGATE_COLUMNS)
    rows = []
    for pile in view.piles:
        if pile.lead is None or pile.confirmed:
            continue  # nothing to investigate there
        chances = odds.investigate_odds(view, slot, pile.kind, known, rational=False)
        cells = "".join(_chance_cell(getattr(chances, field), f"{pile.kind} {field}",
                                     {"exact": " sk-exact-odds", "kill": " sk-kill"}.get(field, ""))
                        for field, _, _ in INVESTIGATE_COLUMNS)
        # "Track · 4 of 12": never "Track 4", which would read as a card
        where = (f"<span class='sk-nowrap'>{escape(pile.lead.icon)} ·</span> "
                 f"<span class='sk-nowrap'>{pile.total} of {pile.target}</span>")
        rows.append(f"<tr data-kind='{escape(pile.kind)}'><th>{escape(pile.kind)}<small>{where}</small></th>{cells}</tr>")
    table = (f"<table><thead><tr><th>Investigate</th>{heads}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
             if rows else "<div class='sk-odds-line'>No Lead is open to investigate.</div>")
    gone = odds.eliminate_odds(view, slot, known, rational=False)
    eliminate = (f"<div class='sk-odds-line sk-odds-eliminate'><b>Eliminate</b> (track on {view.investigation}): "
                 f"<span class='sk-nowrap'>exactly {INVESTIGATION_GOAL}: <span class='sk-exact-odds' "
                 f"data-odds='Eliminate exact' title='{gone.exact}'>{_with_fraction(gone.exact)}</span> ·</span> "
                 f"<span class='sk-nowrap'>past {INVESTIGATION_GOAL}, the case lost: <span class='sk-lost-odds' "
                 f"data-odds='Eliminate over' title='{gone.over}'>{_with_fraction(gone.over)}</span></span></div>")
    numbers = _chances_line("<b>Its number</b>", known.numbers(slot, rational=False), int, "number")
    icons = _chances_line("<b>Its icon</b>", known.icons(slot, rational=False), ICONS.index, "icon")
    return (f"<div class='sk-odds' data-slot='{slot}'><div class='sk-odds-line'><b>Card {slot + 1}: the odds</b> "
            f"<small>from what you see and were told</small></div>{table}{eliminate}{numbers}{icons}</div>")
