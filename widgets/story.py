"""The Detective Story Game at the table: a solo case with its sheet, dice and choices.

``StoryGame`` holds the campaign (the engine state) and plays your choices;
``StoryTable`` draws the case as a reader follows it: where the case stands (turn, SM,
Luck), how the last case ended (the cause first, then the cost), the paragraph just read,
what happened this turn and in your last move (so a roll is explained before you are
asked to keep it), the dice
as they fell, the decision (every option a full-width button with its whole label; closed
ones listed with the reason), the trail of paragraphs by title, the case sheet, and the
case log, each line a sentence with its dice and rule one click away. After a case, SM is
spent through a short form (for whom, what, its cost, Spend) read from the engine's
decision. On a phone the columns stack, the case first and the sheet after. No rule
lives here: the engine says what is open (every button that makes a move is offered it
from ``rules.legal_moves``), what it costs and what happened.
"""

from __future__ import annotations

import html
import re

import ipywidgets as w

from sherlockkit.games.story import casebook, narration, rules
from sherlockkit.games.story.characters import DEFAULT_TRAITS, STARTING_TRAITS
from sherlockkit.games.story.events import CaseStarted, RollMade, TurnStarted
from sherlockkit.games.story.state import Choose, Roll
from widgets.controls import close, guarded, move_button, offer
from widgets.session import GameSession
from widgets.story_art import (
    STYLE, lines_html, log_html, paragraph_html, rolls_html, sheet_html, status_html, trail_html, verdict_html,
)
from widgets.table import GameTable

#: How many lines of the turn so far, of the log, and stops of the trail are drawn.
TURN_LINES, LOG_LINES, TRAIL_STOPS = 12, 80, 8
#: When the table asks about Luck (R003), the setting's choices: by default only after a
#: roll that goes against you (the engine's ``Decision.against``); any other roll is kept.
LUCK_ASKS = {"against": "after a roll against you", "always": "after every roll", "never": "never: keep every roll"}
#: The words for a purchase's kind in the SM form.
KIND_WORDS = {"quality": "Quality", "trait": "Trait", "equipment": "Equipment", "friend": "Friend"}


def option_class(option: str) -> str:
    """A CSS class naming an option, for tests and styles (``"sk-opt-seek_information-Charisma"``)."""
    return "sk-opt-" + re.sub(r"[^A-Za-z0-9_]+", "-", option)


class StoryGame(GameSession):
    """A Detective Story Game campaign played by you."""

    optional_options = frozenset({"first_case"})  # a campaign may start on a rolled case

    def __init__(self, seed: int | None = None, traits=DEFAULT_TRAITS, first_case: str | None = None,
                 ask_luck: str = "against", clock=None):
        if ask_luck not in LUCK_ASKS:
            raise ValueError(f"ask_luck is one of {', '.join(LUCK_ASKS)}, not {ask_luck!r}.")
        self.ask_luck = ask_luck
        options = {"traits": list(traits)}
        if first_case:
            options["first_case"] = first_case
        super().__init__(rules, options, seed=seed, clock=clock)

    def choose(self, option: str) -> bool:
        """Take one option of the decision on the table (refused with the engine's
        sentence if it is not open)."""
        return self.act(Choose(option))

    def asks(self, decision) -> bool:
        """Whether the table puts ``decision`` to you: a Luck offer only as the setting
        says (``LUCK_ASKS``), every other decision always."""
        if decision is None or decision.kind != "luck":
            return True
        return self.ask_luck == "always" or (self.ask_luck == "against" and decision.against)

    def automatic_move(self, view) -> Choose | None:
        """A roll the table does not ask about is kept as it falls (the engine's "keep")."""
        if self.asks(view.decision):
            return None
        return next((move for move in self.rules.legal_moves(view) if move.option == "keep"), None)


class SpendForm(w.VBox):
    """After a case: spend SM (for whom, what, its cost, Spend), then take up the next
    case or retire. Reads ``Decision.purchases`` and ``Decision.cases``; the other
    options (retiring) are buttons. Spend and "Take up the case" are offered the move
    their menus choose, when it is one of the legal moves."""

    def __init__(self, game: StoryGame):
        self.game = game
        self.sm = w.HTML()
        self.who = w.Dropdown(description="for", layout=w.Layout(width="auto"))
        self.what = w.Dropdown(description="improve", layout=w.Layout(width="auto"))
        self.what.add_class("sk-what")  # the longest words of the form ("Quality: Brains 9 → 10"): room first
        self.cost = w.HTML()
        self.spend_button = move_button("Spend", _player(game), "spend-button", style="primary")
        self.next_case = w.Dropdown(description="next case", layout=w.Layout(width="auto"))
        self.next_button = move_button("Take up the case", _player(game), "next-case", style="success")
        self.others = w.Box(layout=w.Layout(overflow="visible"))
        self.others.add_class("sk-row")
        self.buying = _row([self.who, self.what, self.cost, self.spend_button])
        self.who.observe(guarded(lambda _: self._fill_what(), game), names="value")
        self.what.observe(guarded(lambda _: self._show_cost(), game), names="value")
        self.next_case.observe(guarded(lambda _: self._offer(), game), names="value")
        super().__init__([self.sm, self.buying, _row([self.next_case, self.next_button]), self.others],
                         layout=w.Layout(overflow="visible"))
        self.add_class("sk-spend")
        self.decision = None
        self.legal: tuple[Choose, ...] = ()

    def show(self, decision, sm: int, played: tuple[str, ...], legal: list[Choose]) -> None:
        """Fill the form from the decision after a case and its ``legal`` moves (``played``:
        the titles of the cases played, so that the next case offered first is one not
        yet played)."""
        if decision == self.decision and tuple(legal) == self.legal:
            return
        self.decision, self.legal = decision, tuple(legal)
        people = list(dict.fromkeys(p.who for p in decision.purchases))
        self.who.options = [(who or "the group", who) for who in people]
        self.who.value = people[0] if people else None
        self.buying.layout.display = "flex" if people else "none"
        self.sm.value = (f"<div class='sk-sm-left'>SM to spend: <b>{sm}</b>"
                         + ("" if people else " — nothing it can buy now.") + "</div>")
        self._fill_what()
        self.next_case.options = [(title, option) for option, title in decision.cases]
        fresh = [option for option, title in decision.cases if title not in played]
        self.next_case.value = (fresh or [option for option, _ in decision.cases] or [None])[0]
        chosen = {p.option for p in decision.purchases} | {c for c, _ in decision.cases}
        labels = dict(decision.options)
        _options(self.game, self.others, [(labels[move.option], move, "") for move in legal if move.option not in chosen])
        self._offer()

    def path_to(self, move: Choose) -> list[w.Button]:
        """The clicks that make ``move`` from this form: its menus set to it, then Spend
        or "Take up the case" (another option's own button)."""
        bought = next((p for p in self.decision.purchases if p.option == move.option), None)
        if bought is not None:
            self.who.value = bought.who
            self.what.value = bought.option
            return [self.spend_button]
        if move.option in {option for option, _ in self.decision.cases}:
            self.next_case.value = move.option
            return [self.next_button]
        return [b for b in self.others.children if b.moves == (move,)]

    def _offer(self) -> None:
        """Spend and "Take up the case" offered the move their menus choose, if it is legal."""
        for button, menu in ((self.spend_button, self.what), (self.next_button, self.next_case)):
            offer(button, [move for move in self.legal if move.option == menu.value])

    def _purchases(self):
        return [p for p in self.decision.purchases if p.who == self.who.value] if self.decision else []

    def _fill_what(self) -> None:
        offered = self._purchases()
        self.what.options = [(f"{KIND_WORDS.get(p.kind, p.kind)}: {p.what}", p.option) for p in offered]
        self.what.value = offered[0].option if offered else None
        self._show_cost()

    def _show_cost(self) -> None:
        chosen = next((p for p in self._purchases() if p.option == self.what.value), None)
        self.cost.value = f"<span class='sk-cost'>costs <b>{chosen.cost}</b> SM</span>" if chosen else ""
        self._offer()


def _row(children) -> w.Box:
    """Controls side by side that wrap onto more lines on a narrow screen."""
    row = w.Box(children, layout=w.Layout(overflow="visible"))
    row.add_class("sk-row")
    return row


def _player(game: StoryGame):
    """What a click on a button offered a move does: ``game`` plays the move."""
    return lambda button: game.act(button.moves[0])


def _option_button(game: StoryGame, label: str, move: Choose, style: str) -> w.Button:
    """A legal move, an option of the decision, as a button carrying its whole label."""
    button = move_button(label, _player(game), "option", style=style)
    button.tooltip = label
    button.add_class(option_class(move.option))
    offer(button, [move])
    button.option = (label, move, style)  # what it was made for (_options)
    return button


def _options(game: StoryGame, box: w.Box, options: list[tuple[str, Choose, str]]) -> None:
    """``box`` shows a button per option (its label, its move, its style), made anew only
    when the options change: a redraw of the same decision (a die rolled, a setting changed)
    keeps the buttons the page has; the option buttons replaced are closed."""
    drawn = [b for b in box.children if getattr(b, "option", None) is not None]
    if [b.option for b in drawn] == options and len(drawn) == len(box.children):
        return
    box.children = [_option_button(game, *option) for option in options]
    for button in drawn:
        close(button)


class StoryTable(GameTable):
    """The playable case: the case on the right (first on a phone), the sheet on the left."""

    css = "sk-story"
    style = STYLE

    def __init__(self, game: StoryGame | None = None, **options):
        game = game or StoryGame(**options)
        self.book = casebook.load()
        self.status, self.verdict_panel, self.paragraph, self.turn_lines = w.HTML(), w.HTML(), w.HTML(), w.HTML()
        self.dice, self.prompt, self.closed, self.notice, self.trail = w.HTML(), w.HTML(), w.HTML(), w.HTML(), w.HTML()
        self.sheet_box, self.case_log = w.HTML(), w.HTML()
        self.sheet_box.add_class("sk-sheet-col")
        self.choices = w.VBox(layout=w.Layout(overflow="visible"))
        self.choices.add_class("sk-choices")
        self.game = game  # the form and the settings' save buttons need it before the base class sets it
        self.spend = SpendForm(game)
        self.trait_picker = w.SelectMultiple(options=STARTING_TRAITS, value=tuple(game.options["traits"]),
                                             description="traits", rows=6)
        cases = [("rolled (A000)", "")] + [(f"{pid}: {p.title}", pid) for pid, p in self.book.items()
                                            if p.kind == "adventure"]
        self.first_case = w.Dropdown(options=cases, value=game.options.get("first_case", ""),
                                     description="first case")
        self.ask_luck = w.Dropdown(options=[(words, mode) for mode, words in LUCK_ASKS.items()], value=game.ask_luck,
                                   description="ask about Luck", style={"description_width": "initial"})
        self.ask_luck.add_class("sk-luck-setting")
        self.ask_luck.observe(guarded(self._ask_luck, game), names="value")
        setup_row = _row([self.trait_picker, w.VBox([self.first_case, self.ask_luck])])
        setup_row.add_class("sk-setup-row")
        self.setup = self.settings([setup_row], self._start, what="campaign", replay_seconds=0.25)
        self.play_column = w.VBox([self.status, self.verdict_panel, self.paragraph, self.turn_lines, self.dice,
                                   self.prompt, self.choices, self.closed, self.notice, self.trail],
                                  layout=w.Layout(overflow="visible"))
        self.play_column.add_class("sk-play")
        main = w.Box([self.sheet_box, self.play_column], layout=w.Layout(overflow="visible"))
        main.add_class("sk-main")
        self._drawn: tuple = (None, (), 0, None)  # paragraph, rolls, events, case result: to see what is new
        self._move_start = 0  # where the events of the last move begin
        super().__init__(game, [main, self.case_log, self.setup])
        self.guard_all(self.spend)  # on the table only after a case: not among the parts guarded above

    def _ask_luck(self, change) -> None:
        """The Luck setting, when the page sends one of its choices (anything else: a
        sentence, and the setting stays); a roll waiting that it no longer asks about is
        kept at once."""
        if change["new"] not in LUCK_ASKS:
            self.game.message = f"Luck is asked about {' / '.join(LUCK_ASKS.values())}; that choice is not one."
            self.game.notify()
            return
        self.game.ask_luck = change["new"]
        self.game.after_change()  # (which tells the views)

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
        """Draw the case from the session's view: its status, the paragraph, the turn so far,
        the dice, the decision (a button for each legal move) and the log."""
        game, view = self.game, self.game.view
        events, decision, over = view.events, view.decision, view.phase != "case"
        drawn_paragraph, drawn_rolls, drawn_events, drawn_end = self._drawn
        seen = drawn_events if drawn_events <= len(events) else 0
        title = self.book[view.adventure].title if view.adventure else "—"
        self.status.value = status_html(view, title)
        self.sheet_box.value = sheet_html(view, self.book, game.seed_words)
        ended = narration.case_closed(events) if over and view.cases else None
        result = view.cases[-1][1] if ended else None
        self.verdict_panel.value = verdict_html(*ended, result, fresh=drawn_end != result) if ended else ""
        story = _story_trail(view.read)
        paragraph = self.book[story[-1]] if story else None
        self.paragraph.value = paragraph_html(paragraph, fresh=story[-1:] != [drawn_paragraph], past=over)
        if len(events) > seen:  # a move was made: its events start where the last drawing ended
            self._move_start = seen
        start = min(_turn_start(events), self._move_start if self._move_start <= len(events) else len(events))
        lines = narration.entries(events, start)
        fresh_from = len(narration.entries(events[:seen], start)) if seen > start else 0
        self.turn_lines.value = lines_html(lines[-TURN_LINES:], fresh_from - max(0, len(lines) - TURN_LINES))
        rolls = _rolls_since(events, min(self._move_start, len(events)), view.rolls)
        self.dice.value = rolls_html(rolls, fresh=rolls != drawn_rolls, book=self.book)
        shown = decision is not None and decision.kind != "over"
        self.prompt.value = (f"<div class='sk-prompt'>{html.escape(decision.prompt)}</div>" if shown else "") + (
            f"<div class='sk-hint'>Asked because you chose to be asked about Luck "
            f"{LUCK_ASKS[game.ask_luck]} (the settings below change it).</div>"
            if shown and decision.kind == "luck" else "")
        legal = game.rules.legal_moves(view)
        if shown and decision.kind == "after_case":
            self.spend.show(decision, view.sm, tuple(self.book[adventure].title for adventure, _ in view.cases), legal)
            if self.choices.children != (self.spend,):
                _options(game, self.choices, [])  # the option buttons it replaces closed
                self.choices.children = [self.spend]
        else:
            style = "primary" if shown and decision.kind == "action" else ""
            labels = dict(decision.options) if shown else {}
            _options(game, self.choices, [(labels[move.option], move, style) for move in legal])
        self.guard_all(self.choices)  # the buttons just made tell this table's session their refusals
        closed = decision.closed if shown else ()
        self.closed.value = ("<ul class='sk-closed'>" + "".join(
            f"<li>✗ {html.escape(reason)}</li>" for _, reason in closed) + "</ul>") if closed else ""
        self.notice.value = (f"<p class='sk-message' style='color:#7a3e00'>{html.escape(game.message, quote=False)}</p>"
                             if game.message else "<p class='sk-message'></p>")
        trail = [(pid, self.book[pid].kind, self.book[pid].title) for pid in story[-TRAIL_STOPS:]]
        self.trail.value = "<div><b>Where the case has led</b></div>" + trail_html(trail) if trail else ""
        self.case_log.value = log_html(narration.entries(events, max(0, len(events) - 4 * LOG_LINES))[-LOG_LINES:])
        self._drawn = (story[-1] if story else None, rolls, len(events), result)

    def path_to(self, move: Choose) -> list[w.Button]:
        """The clicks that make ``move``: its option's button, or, after a case, the SM
        form's menus and button."""
        decision = self.game.view.decision
        if decision is not None and decision.kind == "after_case":
            return self.spend.path_to(move)
        return super().path_to(move)

    def ending_sentence(self, view, outcome) -> str:
        """How the campaign ended, the cause first: retired after so many cases, or how
        and in which case Holmes died."""
        return narration.ending(view.events, outcome.result, outcome.solved, outcome.lost, outcome.luck)


def _story_trail(read: tuple[str, ...]) -> list[str]:
    """The paragraphs of the story read (rules consulted are left out)."""
    return [pid for pid in read if not pid.startswith("r") and pid != "a000"]


def _rolls_since(events, start: int, rolls: tuple[Roll, ...]) -> tuple[Roll, ...]:
    """The dice tray: every roll made since your last move began (at ``start`` in
    ``events``), those the table kept for you without asking too, then any roll waiting on
    your Luck (among the last move's ``rolls``)."""
    made = tuple(Roll(e.label, e.dice, e.total, e.verdict, e.rerolled) for e in events[start:] if isinstance(e, RollMade))
    return made + tuple(roll for roll in rolls if roll.verdict == "waiting")


def _turn_start(events) -> int:
    """Where the turn (or the case, before its first turn) began in ``events``."""
    for i in range(len(events) - 1, -1, -1):
        if isinstance(events[i], (TurnStarted, CaseStarted)):
            return i
    return 0
