"""The Detective Story Game at the table: a solo case with its sheet, dice and choices.

``StoryGame`` holds the campaign (the engine state) and plays your choices;
``StoryTable`` draws the case sheet, the decision with its options (closed ones greyed
with the reason), the dice as they fell, the paragraph just read, a map of the last
paragraphs and the case log. No rule lives here.
"""

from __future__ import annotations

import html
import re

import ipywidgets as w

from sherlockkit.games.story import casebook, rules
from sherlockkit.games.story.characters import STARTING_TRAITS
from sherlockkit.games.story.state import Choose
from widgets.session import GameSession
from widgets.story_art import die_svg, trail_svg
from widgets.table import GameTable

STYLE = """<style>
.sk-story .sk-sheet { font-size: 0.92em; border: 1px solid #c9b48a; border-radius: 8px; padding: 6px 10px;
  background: #fffaf0; min-width: 260px; }
.sk-story .sk-sheet table td { padding: 1px 6px; }
.sk-story .sk-paragraph { border-left: 4px solid #8c5a2b; padding: 4px 10px; margin: 6px 0; background: #fcf7ee;
  max-width: 640px; }
.sk-story .sk-prompt { font-weight: bold; margin: 6px 0 2px 0; }
.sk-story .sk-closed { color: #777; font-size: 0.85em; }
.sk-story .sk-rolls div { margin: 2px 0; }
.sk-story .sk-log { font-size: 0.85em; max-height: 260px; overflow-y: auto; }
</style>"""


def option_class(option: str) -> str:
    """A CSS class naming an option, for tests and styles (``"sk-opt-seek_information-Charisma"``)."""
    return "sk-opt-" + re.sub(r"[^A-Za-z0-9_]+", "-", option)


class StoryGame(GameSession):
    """A Detective Story Game campaign played by you."""

    def __init__(self, seed: int | None = None, traits=rules.DEFAULT_TRAITS, first_case: str | None = None,
                 ask_luck: bool = True, clock=None):
        self.ask_luck = ask_luck
        options = {"traits": list(traits)}
        if first_case:
            options["first_case"] = first_case
        super().__init__(rules, options, seed=seed, clock=clock)

    def choose(self, option: str) -> bool:
        """Take one option of the decision on the table."""
        return self.act(Choose(option))

    def after_change(self) -> None:
        # With "don't ask about Luck", every roll is kept as it falls.
        while not self.ask_luck and not self.replaying and self.state.pending and self.state.pending.kind == "luck":
            self.state = self.rules.play(self.state, Choose("keep"))
            self.actions.append(Choose("keep"))
        super().after_change()


class StoryTable(GameTable):
    """The playable case: sheet on the left; decision, dice, paragraph and map on the right."""

    css = "sk-story"
    style = STYLE

    def __init__(self, game: StoryGame | None = None, **options):
        game = game or StoryGame(**options)
        self.book = casebook.load()
        self.sheet_box = w.HTML()
        self.prompt = w.HTML()
        self.choices = w.VBox()
        self.closed = w.HTML()
        self.notice = w.HTML()
        self.dice = w.HTML()
        self.paragraph = w.HTML()
        self.trail = w.HTML()
        self.case_log = w.HTML()
        self.trait_picker = w.SelectMultiple(options=STARTING_TRAITS, value=tuple(game.options["traits"]),
                                             description="traits", rows=6)
        cases = [("rolled (A000)", "")] + [(f"{pid}: {p.title}", pid) for pid, p in self.book.items()
                                            if p.kind == "adventure"]
        self.first_case = w.Dropdown(options=cases, value=game.options.get("first_case", ""),
                                     description="first case")
        self.ask_luck = w.Checkbox(value=game.ask_luck, description="ask before using Luck", indent=False)
        self.ask_luck.observe(lambda change: setattr(self.game, "ask_luck", change["new"]), names="value")
        self.game = game  # the settings' save buttons need it before the base class sets it
        self.setup = self.settings([w.HBox([self.trait_picker, w.VBox([self.first_case, self.ask_luck])])],
                                   self._start, what="campaign", replay_seconds=0.25)
        right = w.VBox([self.prompt, self.choices, self.closed, self.notice, self.dice, self.paragraph, self.trail],
                       layout=w.Layout(margin="0 0 0 14px"))
        super().__init__(game, [w.HBox([self.sheet_box, right]), self.case_log, self.setup])

    def _start(self, seed: int | None) -> None:
        """A new campaign with the traits and first case chosen (``None``: a random seed)."""
        if len(self.trait_picker.value) != 3:
            self.game.message = f"Choose exactly three traits for Holmes (you chose {len(self.trait_picker.value)})."
            self.game.notify()
            return
        options = {"traits": list(self.trait_picker.value)}
        if self.first_case.value:
            options["first_case"] = self.first_case.value
        self.game.start(seed, options)

    # --- drawing --------------------------------------------------------------------------

    def render(self) -> None:
        game, view = self.game, self.game.view
        self.sheet_box.value = _case_sheet(view, self.book, game.seed)
        decision = view.decision
        self.prompt.value = f"<div class='sk-prompt'>{html.escape(decision.prompt)}</div>" if decision else ""
        self.choices.children = [self._option_button(o, label) for o, label in (decision.options if decision else ())]
        closed = decision.closed if decision else ()
        self.closed.value = ("<div class='sk-closed'>" + "".join(
            f"<div>✗ {html.escape(reason)}</div>" for _, reason in closed) + "</div>") if closed else ""
        self.notice.value = (f"<p class='sk-message' style='color:#7a3e00'>{html.escape(game.message, quote=False)}</p>"
                             if game.message else "<p class='sk-message'></p>")
        self.dice.value = _rolls(view.rolls)
        self.paragraph.value = _last_paragraph(view, self.book)
        trail = [(pid, self.book[pid].kind, self.book[pid].title) for pid in _story_trail(view.read)[-8:]]
        self.trail.value = "<div><b>Where you are</b></div>" + trail_svg(trail) if trail else ""
        lines = "".join(f"<div>{html.escape(line)}</div>" for line in reversed(view.log[-40:]))
        self.case_log.value = (f"<details open><summary>Case log (newest first)</summary>"
                               f"<div class='sk-log'>{lines}</div></details>")

    def _option_button(self, option: str, label: str) -> w.Button:
        button = w.Button(description=label, layout=w.Layout(width="auto", max_width="640px"),
                          button_style="primary" if self.game.view.decision.kind == "action" else "")
        button.add_class("sk-option")
        button.add_class(option_class(option))
        button.on_click(lambda _: self.game.choose(option))
        return button


def _story_trail(read: tuple[str, ...]) -> list[str]:
    """The paragraphs of the story read (rules consulted are left out)."""
    return [pid for pid in read if not pid.startswith("r") and pid != "a000"]


def _case_sheet(sheet: rules.View, book, seed: int) -> str:
    people = [sheet.holmes] + ([sheet.watson] if sheet.watson else []) + list(sheet.friends) + list(sheet.allies)
    rows = []
    for p in people:
        traits = ", ".join(f"{t} {lvl}" for t, lvl in p.traits) or "—"
        state = f" · <b>{p.condition}</b>" if p.condition else ""
        away = " (away)" if p.name in sheet.away else ""
        role = "Ally" if p in sheet.allies else "Friend" if p in sheet.friends else ""
        rows.append(f"<tr><td><b>{html.escape(p.name)}</b>{away} <small>{role}</small>{state}<br>"
                    f"<small>Brains {p.brains} · Brawn {p.brawn} · Bravery {p.bravery}<br>{html.escape(traits)}</small>"
                    f"</td></tr>")
    adventure = book[sheet.adventure].title if sheet.adventure else "—"
    if sheet.villain:
        villain = html.escape(book[sheet.villain].title)
        if sheet.motive_revealed:
            motive = book[sheet.villain]["motives"][sheet.motive]
            villain += f"<br><small>Motive: {html.escape(motive['text'])} <b>(SM {motive['value']})</b></small>"
        else:
            villain += "<br><small>Motive: unknown</small>"
    else:
        villain = "not yet revealed"
    solved = sum(1 for _, r in sheet.cases if r == "solved")
    return (f"<div class='sk-sheet'><div><b>{html.escape(adventure)}</b> <small>seed {seed}</small></div>"
            f"<div class='sk-turn'>Turn <b>{sheet.turn}</b> of {sheet.turns} · SM <b class='sk-sm'>{sheet.sm}</b> · "
            f"Luck <b class='sk-luck'>{sheet.luck}</b></div>"
            f"<div>Villain: <span class='sk-villain'>{villain}</span></div>"
            f"<div>Location: {html.escape(sheet.location or 'out and about')}</div>"
            f"<table>{''.join(rows)}</table>"
            f"<div><small>Cases: {len(sheet.cases)} ({solved} solved)</small></div></div>")


def _rolls(rolls) -> str:
    if not rolls:
        return ""
    items = []
    for roll in rolls:
        faces = "".join(die_svg(d, faded=roll.verdict == "waiting") for d in roll.dice)
        verdict = "" if roll.verdict in ("", "waiting") else f" → {html.escape(roll.verdict)}"
        again = " <small>(re-rolled)</small>" if roll.rerolled else ""
        items.append(f"<div>{html.escape(roll.label)}: {faces}{verdict}{again}</div>")
    return "<div class='sk-rolls'><b>Dice</b>" + "".join(items) + "</div>"


def _last_paragraph(sheet: rules.View, book) -> str:
    story = _story_trail(sheet.read)
    if not story:
        return ""
    p = book[story[-1]]
    return (f"<div class='sk-paragraph'><b>{html.escape(p.id)} · {html.escape(p.title)}</b>"
            f"<p>{html.escape(p.text)}</p></div>")
