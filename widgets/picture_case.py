"""Picture Perfect, the Sherlock expansion at the table: the case, the Alibi sheet with the
exact odds of the culprit, and the questions.

Drawn from the player's ``View`` only, never from the engine's state: the case (the victim
in the coffin, the culprit's two face-up cards, the seven rounds), the Alibi sheet (every
guest, ✓ when the sheet clears them and why; beside each open suspect the exact chance
they are the culprit from ``culprit.odds_view``; the Alibi card read in each envelope),
what Watson and Holmes stand to score (their expected points over those odds, judged by
``scoring.sherlock_scores``), and ``QuestionPanel``: ask (choices built from the moves
``legal.moves_in_view`` offers) and answer (yes / no / I don't know: the engine refuses an
answer the sheet proves false, with its sentence). Nothing here can name the culprit
before the end: the culprit is not in the view; the reveal reads the ``GameEnded`` event.
"""

from __future__ import annotations

from fractions import Fraction
from html import escape
from typing import Mapping

import ipywidgets as w

from sherlockkit.games.picture import alibis, culprit
from sherlockkit.games.picture.alibis import INVESTIGATORS, SAW_NOTHING
from sherlockkit.games.picture.cards import INVESTIGATOR_POINTS
from sherlockkit.games.picture.guests import party
from sherlockkit.games.picture.mat import Space
from sherlockkit.games.picture.questions import ANSWERS, KINDS, WORDS, YES
from sherlockkit.games.picture.state import Answer, Answered, Ask, Asked, Envelope, ExchangeTurned, GameEnded, Read, View
from widgets.controls import action_button

CASE_STYLE = """<style>
.sk-picture .sk-case { border: 1px solid #6b5a45; border-radius: 8px; background: #f6f1e7; padding: 4px 8px;
  margin: 2px 0; }
.sk-picture .sk-case .sk-coffin-name { font-weight: bold; }
.sk-picture .sk-case .sk-culprit-revealed { color: #8b0000; font-size: 1.1em; }
.sk-picture .sk-sheet table { border-collapse: collapse; width: 100%; font-size: 0.92em; }
.sk-picture .sk-sheet td { padding: 1px 4px; border-bottom: 1px solid #eee; vertical-align: top; }
.sk-picture .sk-sheet .sk-cleared td { color: #666; }
.sk-picture .sk-sheet .sk-tick { color: #064; font-weight: bold; }
.sk-picture .sk-sheet .sk-odds { text-align: right; white-space: nowrap; }
.sk-picture .sk-sheet .sk-exact { display: block; color: #777; font-size: 0.85em; }
.sk-picture .sk-sheet .sk-odds-bar { display: block; height: 4px; background: #b22d2d; border-radius: 2px; }
.sk-picture .sk-sheet ul { margin: 2px 0; padding-left: 1.1em; font-size: 0.92em; }
.sk-table.sk-picture .sk-questions { border: 1px solid #c9b58a; border-radius: 8px; background: #fffdf4;
  padding: 4px 8px; margin: 2px 0; }
.sk-table.sk-picture .sk-questions .widget-dropdown { width: auto; max-width: 100%; }
.sk-table.sk-picture .sk-questions .widget-dropdown select { max-width: 100%; }
.sk-table.sk-picture .sk-questions .widget-dropdown > label { width: auto; min-width: 3em; }
</style>"""


def _who(seat: int, me: int) -> str:
    return "You" if seat == me else f"Player {seat + 1}"


def culprit_revealed(view: View) -> str | None:
    """The culprit, once the end has turned its card over (``None`` before)."""
    for event in reversed(view.events):
        if isinstance(event, GameEnded):
            return event.culprit
    return None


def case_html(view: View, rounds: int) -> str:
    """The case as the table shows it: the victim in the coffin, the culprit's two face-up
    cards in words, Watson and Holmes to place, the round of ``rounds``; at the end, who did it."""
    cards = " and ".join(f"“{escape(card.text.rstrip('.'))}”" for card in view.culprit_cards)
    done = culprit_revealed(view)
    if done is not None:
        verdict = (f"<div class='sk-culprit-revealed'>The culprit's card is turned over: "
                   f"<b data-culprit='{escape(done)}'>{escape(done)}</b> did it.</div>")
    else:
        verdict = ("<div>The culprit is one of the open suspects on your Alibi sheet; "
                   f"Watson and Holmes score {INVESTIGATOR_POINTS} each beside them.</div>")
    place = ("" if done is not None else " Place Watson and Holmes like guests: both must be in your photo "
             "before the last Ready.")
    return (f"<div class='sk-case'><b>The case</b> · round {max(view.round, 1)} of {rounds}: "
            f"<span class='sk-coffin-name'>{escape(view.victim or '')}</span> lies in the coffin (the table). "
            f"The culprit's face-up cards: {cards}.{place}{verdict}</div>")


def odds_of(view: View) -> dict[str, Fraction]:
    """Each suspect (the victim left out) -> the exact chance it is the culprit, for the
    viewer (``culprit.odds_view``; Fractions, no analysis library)."""
    return culprit.odds_view(view, rational=False)


def _percent(p: Fraction) -> str:
    value = float(p) * 100
    if p and value < 0.1:
        return "<0.1%"
    return f"{value:.1f}%" if value < 99.95 or p == 1 else ">99.9%"


def clear_reasons(view: View) -> dict[str, str]:
    """Why each guest is cleared on the viewer's Alibi sheet (``view.cleared``), in words:
    outside at the time, the victim, an alibi read in an envelope, an answer given."""
    reasons: dict[str, str] = {}
    for guest in alibis.outside(view):
        reasons[guest] = "outside at the time"
    if view.victim:
        reasons[view.victim] = "the victim"
    for e in view.events:
        if isinstance(e, Read) and e.player == view.player and e.alibi not in (None, SAW_NOTHING):
            reasons.setdefault(e.alibi, f"alibi read in {e.guest}'s envelope")
        elif isinstance(e, Answered) and e.player == view.player and e.answer == YES:
            reasons.setdefault(e.guest, f"Player {e.target + 1} answered yes")
    return {g: r for g, r in reasons.items() if g in view.cleared}


def sheet_html(view: View, odds: Mapping[str, Fraction]) -> str:
    """Your Alibi sheet: every guest of the party, ✓ and why when cleared, the exact chance
    of each open suspect (percent, the exact fraction beneath; ``data-odds`` holds it);
    then the Alibi card you read in each envelope you hold or held."""
    reasons = clear_reasons(view)
    rows = []
    names = list(alibis.outside(view)) + list(alibis.suspects_of(view))
    for guest in names:
        if guest in view.cleared:
            rows.append(f"<tr class='sk-cleared' data-guest='{escape(guest)}'><td><span class='sk-tick'>✓</span> "
                        f"{escape(guest)}</td><td>{escape(reasons.get(guest, 'cleared'))}</td></tr>")
            continue
        p = odds.get(guest, Fraction(0))
        exact = f"{p.numerator}/{p.denominator}"
        bar = f"<span class='sk-odds-bar' style='width:{float(p) * 100:.1f}%'></span>"
        rows.append(f"<tr class='sk-open' data-guest='{escape(guest)}'><td>{escape(guest)}{bar}</td>"
                    f"<td class='sk-odds' data-odds='{exact}' title='exactly {exact}'>{_percent(p)}"
                    f"<span class='sk-exact'>{exact}</span></td></tr>")
    open_count = sum(1 for g in names if g not in view.cleared)
    read = {}
    for e in view.events:
        if isinstance(e, Read) and e.player == view.player and e.alibi is not None:
            read[e.guest] = e.alibi
    held_now = {g for g, h in zip(party(view), view.holders) if h == view.player}
    items = "".join(
        f"<li>{escape(g)}'s envelope{'' if g in held_now else ' (held earlier)'}: "
        f"{'“I saw nothing”' if a == SAW_NOTHING else 'clears ' + escape(a)}</li>" for g, a in read.items())
    cards = f"<b>Alibi cards you read</b><ul>{items}</ul>" if items else "<i>You have read no Alibi card yet.</i>"
    return (f"<div class='sk-sheet'><b>Your Alibi sheet</b> <small>({open_count} open suspect"
            f"{'' if open_count == 1 else 's'}; the chance each is the culprit, exactly, from what you know)"
            f"</small><table>{''.join(rows)}</table>{cards}</div>")


def investigators_html(view: View, placements: Mapping[str, Space], photo, odds: Mapping[str, Fraction]) -> list[str]:
    """A line for Watson and Holmes on your mat: the points they stand to score, exactly,
    over the culprit's odds (each suspect as culprit scored by ``scoring.sherlock_scores``)."""
    from sherlockkit.games.picture.scoring import sherlock_scores

    expected = {i: Fraction(0) for i in INVESTIGATORS}
    for suspect, p in odds.items():
        if not p or suspect not in placements:
            continue
        for line in sherlock_scores(placements, photo, Envelope(suspect, ()), view.victim, ()):
            if line.guest in expected:
                expected[line.guest] += p * line.points
    lines = []
    for investigator in INVESTIGATORS:
        if investigator not in placements:
            continue
        shot = photo.shots[investigator]
        where = f"<b>{investigator}</b> on {placements[investigator]}"
        if not shot.in_frame:
            lines.append(f"<li>{where}: out of the frame (he must be in the photo)</li>")
            continue
        e = expected[investigator]
        lines.append(f"<li>{where}: {INVESTIGATOR_POINTS} if the culprit stands beside him; worth "
                     f"<span data-expected='{e.numerator}/{e.denominator}'>{float(e):.1f}</span> "
                     f"points on your odds</li>")
    return lines


def question_words(q: Asked, me: int) -> str:
    """A question as the table shows it: who asks whom, and what."""
    asker = "You ask" if q.player == me else f"Player {q.player + 1} asks"
    target = "you" if q.target == me else f"Player {q.target + 1}"
    return f"{asker} {target}: “{escape(WORDS[q.kind].format(guest=q.guest))}”"


class QuestionPanel(w.VBox):
    """The questions of a question card: when you ask, a player, a question and a suspect
    (only what ``legal.moves_in_view`` offers), then Ask; when you are asked, the question
    and three answers. ``act`` plays a move for you (the table's: refusals as sentences)."""

    def __init__(self, act):
        self._act = act
        self._asks: list[Ask] = []
        self.question = w.HTML()
        self.to = w.Dropdown(options=[], description="ask")
        self.kind = w.Dropdown(options=[], description="question")
        self.about = w.Dropdown(options=[], description="about")
        for menu, css in ((self.to, "sk-ask-to"), (self.kind, "sk-ask-kind"), (self.about, "sk-ask-about")):
            menu.add_class(css)
            menu.layout.max_width = "100%"
        self.ask_button = action_button("Ask", lambda _: self._ask(), "ask", style="primary")
        self.asking = w.Box([self.to, self.kind, self.about, self.ask_button],
                            layout=w.Layout(flex_flow="row wrap", align_items="center"))
        self.asking.add_class("sk-actions")
        self.answer_buttons = [action_button(a, lambda _, a=a: self._answer(a), f"answer-{k}")
                               for k, a in enumerate(ANSWERS)]
        for button in self.answer_buttons:
            button.add_class("sk-answer")
        self.answering = w.Box(self.answer_buttons)
        self.answering.add_class("sk-actions")
        super().__init__([self.question, self.asking, self.answering])
        self.add_class("sk-questions")
        self._me = 0

    def _ask(self) -> None:
        move = Ask(self._me, self.to.value, self.kind.value, self.about.value)
        if move not in self._asks:  # a choice the menus did not offer (a page can send anything)
            raise ValueError("Choose a player, a question and a suspect from the menus, on your turn to ask.")
        self._act(move)

    def _answer(self, answer: str) -> None:
        self._act(Answer(self._me, answer))

    @staticmethod
    def _offer(menu: w.Dropdown, options: list) -> None:
        """Set a menu's options only when they change (keeping your choice when it stays offered)."""
        if list(menu.options) != options:
            kept = menu.value
            menu.options = options
            values = [v for _, v in options]
            if values:  # a menu always holds a choice: yours if still offered, else the first
                menu.value = kept if kept in values else values[0]

    def draw(self, view: View, allowed: list) -> None:
        """Show what the view allows: the asking menus, or the question put to you."""
        self._me = view.player
        self._asks = [a for a in allowed if isinstance(a, Ask)]
        answering = any(isinstance(a, Answer) for a in allowed)
        q = view.question
        last = None  # the answer you were given this round, if any
        for e in reversed(view.events):
            if isinstance(e, ExchangeTurned):
                break
            if isinstance(e, Answered) and e.player == view.player:
                last = e
                break
        if self._asks:
            self._offer(self.to, [(f"Player {t + 1}", t) for t in sorted({a.target for a in self._asks})])
            kinds = [k for k in KINDS if any(a.question == k for a in self._asks)]
            self._offer(self.kind, [(WORDS[k].format(guest="…"), k) for k in kinds])
            guests = [g for g in party(view) if any(a.guest == g for a in self._asks)]
            self._offer(self.about, [(g, g) for g in guests])
            self.question.value = "<b>Your turn to ask</b> one player one question (the answer is for you alone)."
        elif answering and q is not None:
            self.question.value = (f"<b>{question_words(q, view.player)}</b> Answer from your Alibi sheet: "
                                   "the table refuses an answer it knows is false.")
        elif q is not None:
            self.question.value = f"{question_words(q, view.player)} <i>(waiting for the answer)</i>"
        elif last is not None and view.phase in ("asking", "answering"):
            self.question.value = (f"Player {last.target + 1} answered you about {escape(last.guest)}: "
                                   f"<b>{escape(last.answer or '')}</b>.")
        else:
            self.question.value = ""
        self.asking.layout.display = "flex" if self._asks else "none"
        self.answering.layout.display = "flex" if answering else "none"
        asking_phase = view.phase in ("asking", "answering") and view.outcome is None
        self.layout.display = None if asking_phase else "none"
