"""Drawings for the Detective Story Game table: the case sheet, the dice, the paragraph,
the trail of paragraphs read (by their titles), the log lines and the table's style.

Each function turns part of the view into HTML; none decides a rule. What moved since
the last drawing gets the class ``sk-fresh`` (the caller says what is new), and the
style animates it briefly: dice roll, a new paragraph and new log lines fade in. The
frame switches every animation off for a still table or a reader who asks for less motion.
"""

from __future__ import annotations

import html

from sherlockkit.games.story.casebook import KIND_COLOURS

STYLE = """<style>
.sk-story .widget-html-content { line-height: 1.45; }
.sk-story .sk-main { display: flex; flex-flow: row wrap; align-items: flex-start; gap: 10px 14px; overflow: visible; }
.sk-story .sk-sheet-col { flex: 0 1 280px; min-width: 0; max-width: 100%; }
.sk-story .sk-play { flex: 1 1 340px; min-width: 0; max-width: 720px; overflow: visible; }
@media (max-width: 700px) { .sk-story .sk-sheet-col { order: 2; flex-basis: 100%; } }
.sk-story .sk-sheet { font-size: 0.92em; border: 1px solid #c9b48a; border-radius: 8px; padding: 6px 10px;
  background: #fffaf0; }
.sk-story .sk-sheet table { width: 100%; border-collapse: collapse; }
.sk-story .sk-sheet td { padding: 2px 4px; vertical-align: top; }
.sk-story .sk-status { display: flex; flex-wrap: wrap; gap: 2px 12px; font-size: 0.95em; }
.sk-story .sk-status b.sk-luck, .sk-story .sk-status b.sk-sm { font-size: 1.1em; }
.sk-story .sk-paragraph { border-left: 4px solid #8c5a2b; padding: 4px 10px; margin: 6px 0; background: #fcf7ee; }
.sk-story .sk-paragraph p { margin: 4px 0; }
.sk-story .sk-paragraph.sk-past summary { cursor: pointer; color: #6b5137; }
.sk-story .sk-verdict-panel { border: 1px solid #8bbf8b; background: #f3faf3; border-radius: 8px; padding: 6px 10px;
  margin: 6px 0; }
.sk-story .sk-verdict-panel.sk-lost, .sk-story .sk-verdict-panel.sk-dead { border-color: #c98b8b;
  background: #fbf2f2; }
.sk-story .sk-verdict-panel .sk-cause { font-weight: bold; }
.sk-story .sk-turn-lines { margin: 4px 0; padding: 0; list-style: none; font-size: 0.93em; }
.sk-story .sk-turn-lines li { margin: 2px 0; }
.sk-story .sk-rolls { margin: 4px 0; }
.sk-story .sk-rolls div { margin: 2px 0; display: flex; flex-wrap: wrap; align-items: center; gap: 2px 6px; }
.sk-story .sk-prompt { font-weight: bold; margin: 8px 0 4px 0; }
.sk-story .sk-hint { font-size: 0.85em; color: #555; margin: 0 0 6px 0; }
.sk-story .sk-choices { width: 100%; gap: 4px; }
.sk-story .sk-choices .jupyter-button, .sk-story .sk-spend .jupyter-button { height: auto; min-height: 32px;
  line-height: 1.3; padding: 5px 12px; white-space: normal; overflow: visible; text-overflow: clip; }
.sk-story .sk-choices .sk-option { width: auto; align-self: stretch; margin: 2px 0; max-width: 100%;
  text-align: left; }
.sk-story .sk-closed { color: #666; font-size: 0.85em; margin: 4px 0; padding: 0 0 0 1.2em; }
.sk-story .sk-closed li { margin: 1px 0; }
.sk-story .sk-spend { width: 100%; gap: 6px; }
.sk-story .sk-spend .sk-row { display: flex; flex-flow: row wrap; align-items: center; gap: 6px; overflow: visible; }
.sk-story .sk-spend .widget-dropdown { width: auto; max-width: 100%; flex: 1 1 200px; min-width: 0; }
.sk-story .sk-spend .widget-dropdown > select { min-width: 0; }
.sk-story .sk-spend .widget-dropdown.sk-what { flex: 2 1 300px; }
.sk-story .sk-trail { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 2px; padding: 0; margin: 4px 0;
  list-style: none; font-size: 0.85em; }
.sk-story .sk-trail li { display: inline-flex; align-items: center; gap: 4px; }
.sk-story .sk-trail li + li::before { content: "→"; color: #999; margin: 0 4px 0 2px; }
.sk-story .sk-trail .sk-dot { width: 10px; height: 10px; border-radius: 50%; display: inline-block; flex: none; }
.sk-story .sk-trail .sk-here { font-weight: bold; }
.sk-story .sk-log { font-size: 0.85em; max-height: 300px; overflow-y: auto; }
.sk-story .sk-log .sk-entry { margin: 2px 0; }
.sk-story .sk-log details.sk-entry > summary { cursor: pointer; list-style: none; }
.sk-story .sk-log details.sk-entry > summary::after { content: " ⋯"; color: #a08060; }
.sk-story .sk-detail { color: #6b5137; font-size: 0.92em; margin: 1px 0 3px 1.2em; }
.sk-story .sk-k-TurnStarted { font-weight: bold; margin-top: 6px; }
.sk-story .sk-k-ParagraphRead, .sk-story .sk-k-CaseStarted { font-style: italic; }
.sk-story .sk-setup-row { display: flex; flex-flow: row wrap; gap: 8px; }
.sk-story .sk-setup-row .widget-select-multiple, .sk-story .sk-setup-row .widget-dropdown { max-width: 100%; }
@keyframes sk-roll { 0% { transform: rotate(-160deg) scale(0.5); opacity: 0; }
  70% { transform: rotate(12deg) scale(1.08); opacity: 1; } 100% { transform: none; opacity: 1; } }
@keyframes sk-fade-in { from { opacity: 0; transform: translateY(6px); } to { opacity: 1; transform: none; } }
.sk-story .sk-fresh .sk-die { animation: sk-roll 380ms ease-out both; }
.sk-story .sk-paragraph.sk-fresh, .sk-story .sk-turn-lines li.sk-fresh, .sk-story .sk-verdict-panel.sk-fresh {
  animation: sk-fade-in 350ms ease-out both; }
</style>"""

PIPS = {1: [(2, 2)], 2: [(1, 1), (3, 3)], 3: [(1, 1), (2, 2), (3, 3)], 4: [(1, 1), (1, 3), (3, 1), (3, 3)],
        5: [(1, 1), (1, 3), (2, 2), (3, 1), (3, 3)], 6: [(1, 1), (1, 2), (1, 3), (3, 1), (3, 2), (3, 3)]}


def die_svg(value: int, size: int = 30, faded: bool = False) -> str:
    """One d6 showing ``value`` (faded while the roll waits for Keep or Re-roll)."""
    step = size / 4
    dots = "".join(f"<circle cx='{c * step:.1f}' cy='{r * step:.1f}' r='{size / 11:.1f}' fill='#222'/>"
                   for r, c in PIPS[value])
    return (f"<svg class='sk-die' role='img' aria-label='die: {value}' width='{size}' height='{size}' "
            f"viewBox='0 0 {size} {size}' style='opacity:{0.55 if faded else 1};margin:0 2px;flex:none'>"
            f"<rect x='1' y='1' width='{size - 2}' height='{size - 2}' rx='{size / 6:.1f}' fill='#fffdf5' "
            f"stroke='#5b4636' stroke-width='1.5'/>{dots}</svg>")


def rolls_html(rolls, fresh: bool, book=None) -> str:
    """The dice tray: each roll of the last move with its dice and what it gave (a
    paragraph by its title, from ``book``); ``fresh`` when they were just rolled (they
    tumble in)."""
    if not rolls:
        return ""
    items = []
    for roll in rolls:
        faces = "".join(die_svg(d, faded=roll.verdict == "waiting") for d in roll.dice)
        gave = book[roll.verdict].title if book is not None and roll.verdict in book else roll.verdict
        verdict = "" if roll.verdict in ("", "waiting") else f"<span>→ {html.escape(gave)}</span>"
        again = "<small>(re-rolled)</small>" if roll.rerolled else ""
        name = html.escape(roll.label) + ("" if roll.label.endswith("?") else ":")
        items.append(f"<div><span>{name}</span><span>{faces}</span>{verdict}{again}</div>")
    return f"<div class='sk-rolls{' sk-fresh' if fresh else ''}'><b>Dice</b>{''.join(items)}</div>"


def trail_html(trail: list[tuple[str, str, str]]) -> str:
    """The last paragraphs read, by their titles, as a chain that wraps on a narrow
    screen: (id, kind, title), the current one last and in bold; the id is a tooltip."""
    if not trail:
        return ""
    stops = []
    for i, (pid, kind, title) in enumerate(trail):
        here = " class='sk-here'" if i == len(trail) - 1 else ""
        stops.append(f"<li title='{html.escape(pid)} ({html.escape(kind)})'{here}>"
                     f"<span class='sk-dot' style='background:{KIND_COLOURS.get(kind, '#888')}'></span>"
                     f"{html.escape(title)}</li>")
    return f"<ol class='sk-trail' aria-label='paragraphs read'>{''.join(stops)}</ol>"


def paragraph_html(paragraph, fresh: bool, past: bool) -> str:
    """The paragraph read last (``fresh``: it fades in). Once a case has ended it steps
    back (``past``): folded under its title, after what ended the case."""
    if paragraph is None:
        return ""
    title, text = html.escape(paragraph.title), html.escape(paragraph.text)
    if past:
        return (f"<details class='sk-paragraph sk-past'><summary>The last page read: “{title}”</summary>"
                f"<p>{text}</p></details>")
    return f"<div class='sk-paragraph{' sk-fresh' if fresh else ''}'><b>{title}</b><p>{text}</p></div>"


def lines_html(entries, fresh_from: int, css: str = "sk-turn-lines") -> str:
    """Sentences of the story as a list; those from index ``fresh_from`` on are new (they
    fade in). Each keeps its detail as a tooltip."""
    if not entries:
        return ""
    items = "".join(f"<li class='sk-k-{e.kind}{' sk-fresh' if i >= fresh_from else ''}' "
                    f"title='{html.escape(e.detail)}'>{html.escape(e.text)}</li>" for i, e in enumerate(entries))
    return f"<ul class='{css}'>{items}</ul>"


#: the kinds of log line that head what follows them (a turn, a case)
HEADINGS = frozenset({"TurnStarted", "CaseStarted"})


def newest_first(entries) -> list:
    """``entries`` newest first, each turn's heading kept above its own lines: the turns
    from the latest back, and within each turn its lines from the latest back."""
    blocks: list[list] = [[]]
    for e in entries:
        if e.kind in HEADINGS and blocks[-1]:
            blocks.append([])
        blocks[-1].append(e)
    out = []
    for block in reversed(blocks):
        head = block[:1] if block and block[0].kind in HEADINGS else []
        out += head + list(reversed(block[len(head):]))
    return out


def log_html(entries) -> str:
    """The case log, newest first (each turn under its heading): each line a sentence,
    its dice and rule one click away."""
    lines = []
    for e in newest_first(entries):
        text = html.escape(e.text)
        if e.detail:
            lines.append(f"<details class='sk-entry sk-k-{e.kind}'><summary>{text}</summary>"
                         f"<div class='sk-detail'>{html.escape(e.detail)}</div></details>")
        else:
            lines.append(f"<div class='sk-entry sk-k-{e.kind}'>{text}</div>")
    return ("<details open><summary>Case log (newest first; click a line for its dice and rule)</summary>"
            f"<div class='sk-log' tabindex='0'>{''.join(lines)}</div></details>")


def verdict_html(cause: str, cost: str, result: str, fresh: bool) -> str:
    """How the case ended: the cause first, then what it cost or brought."""
    return (f"<div class='sk-verdict-panel sk-{html.escape(result)}{' sk-fresh' if fresh else ''}'>"
            f"<div class='sk-cause'>{html.escape(cause)}</div><div class='sk-cost'>{html.escape(cost)}</div></div>")


def status_html(view, title: str) -> str:
    """The case at a glance: the adventure, the turn, SM and Luck."""
    return (f"<div class='sk-status'><span><b>{html.escape(title)}</b></span>"
            f"<span class='sk-turn'>Turn <b>{view.turn}</b> of {view.turns}</span>"
            f"<span>SM <b class='sk-sm'>{view.sm}</b></span><span>Luck <b class='sk-luck'>{view.luck}</b></span></div>")


def sheet_html(view, book, seed: int) -> str:
    """The case sheet: the Villain and the Motive as far as known, where the group is,
    everyone in it with their Qualities, Traits and wounds, and the cases so far."""
    people = [view.holmes] + ([view.watson] if view.watson else []) + list(view.friends) + list(view.allies)
    rows = []
    for p in people:
        traits = ", ".join(f"{t} {lvl}" for t, lvl in p.traits) or "—"
        state = f" · <b>{p.condition}</b>" if p.condition else ""
        away = " (away)" if p.name in view.away else ""
        role = "Ally" if p in view.allies else "Friend" if p in view.friends else ""
        rows.append(f"<tr><td><b>{html.escape(p.name)}</b>{away} <small>{role}</small>{state}<br>"
                    f"<small>Brains {p.brains} · Brawn {p.brawn} · Bravery {p.bravery}<br>"
                    f"{html.escape(traits)}</small>"
                    f"</td></tr>")
    if view.villain:
        villain = html.escape(book[view.villain].title)
        if view.motive_revealed:
            motive = book[view.villain]["motives"][view.motive]
            villain += f"<br><small>Motive: {html.escape(motive['text'])} <b>(SM {motive['value']})</b></small>"
        else:
            villain += "<br><small>Motive: unknown</small>"
    else:
        villain = "not yet revealed"
    solved = sum(1 for _, r in view.cases if r == "solved")
    return (f"<div class='sk-sheet'><div><b>Case sheet</b> <small>seed {seed}</small></div>"
            f"<div>Villain: <span class='sk-villain'>{villain}</span></div>"
            f"<div>Location: {html.escape(view.location or 'out and about')}</div>"
            f"<table>{''.join(rows)}</table>"
            f"<div><small>Cases: {len(view.cases)} ({solved} solved)</small></div></div>")
