"""Picture Perfect, the Sherlock expansion at the table: the case, the Alibi sheet with the
exact odds of the culprit, and the questions.

Drawn from the player's ``View`` only, never from the engine's state: the case (the victim
in the coffin, the culprit's two face-up cards, the seven rounds), the Alibi sheet (every
guest, ✓ when the sheet clears them and why; beside each open suspect the exact chance
they are the culprit from ``culprit.odds_view``; the Alibi card read in each envelope),
what Watson and Holmes stand to score (their expected points over those odds, judged by
``scoring.sherlock_scores``), and ``QuestionPanel``: ask and answer by buttons offered the
questions and the answer your view's legal moves hold (the honest answer alone: the
engine takes no other). Nothing here can name the culprit before the end: the culprit is
not in the view; the reveal reads the ``GameEnded`` event.
"""

from __future__ import annotations

from fractions import Fraction
from html import escape
from typing import Mapping, Sequence

import ipywidgets as w

from sherlockkit.games.picture import alibis, answer, ask, culprit
from sherlockkit.games.picture.alibis import INVESTIGATORS, SAW_NOTHING
from sherlockkit.games.picture.cards import INVESTIGATOR_POINTS
from sherlockkit.games.picture.guests import party
from sherlockkit.games.picture.mat import Space
from sherlockkit.games.picture.questions import ANSWERS, KINDS, WORDS, YES
from sherlockkit.games.picture.events import Answered, Asked, ExchangeTurned, GameEnded, Read
from sherlockkit.games.picture.state import ANSWERING, ASKING, Answer, Ask, Envelope, View
from widgets.controls import changed, move_button, offer, shown

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
.sk-picture .sk-sheet .sk-exact { display: block; color: #666; font-size: 0.85em; }
.sk-picture .sk-sheet .sk-odds-bar { display: block; height: 4px; background: #b22d2d; border-radius: 2px; }
.sk-picture .sk-sheet ul { margin: 2px 0; padding-left: 1.1em; font-size: 0.92em; }
.sk-table.sk-picture .sk-questions { border: 1px solid #c9b58a; border-radius: 8px; background: #fffdf4;
  padding: 4px 8px; margin: 2px 0; }
.sk-table.sk-picture .sk-questions .widget-dropdown { width: auto; max-width: 100%; }
.sk-table.sk-picture .sk-questions .widget-dropdown select { max-width: 100%; }
.sk-table.sk-picture .sk-questions .widget-dropdown > label { width: auto; min-width: 3em; }
</style>"""


def who(seat: int, me: int, names: Sequence[str] | None = None) -> str:
    """A seat as the table names it (text, not HTML): "You", the name the player sat down
    with at a shared table (``names``), else "Player 2"."""
    if seat == me:
        return "You"
    return names[seat] if names and seat < len(names) else f"Player {seat + 1}"


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
        worth = (f"<span data-expected='{e.numerator}/{e.denominator}'>{float(e):.1f}</span> points on your odds"
                 if e else f"<span data-expected='0/1'>nothing</span> on your odds (no open suspect beside him)")
        lines.append(f"<li>{where}: {INVESTIGATOR_POINTS} if the culprit stands beside him; worth {worth}</li>")
    return lines


def question_words(q: Asked, me: int, names: Sequence[str] | None = None) -> str:
    """A question as the table shows it (HTML): who asks whom, and what."""
    asker = "You ask" if q.player == me else f"{escape(who(q.player, me, names))} asks"
    target = "you" if q.target == me else escape(who(q.target, me, names))
    return f"{asker} {target}: “{escape(WORDS[q.kind].format(guest=q.guest))}”"


class QuestionPanel(w.VBox):
    """The questions of a question card. When you ask: whom (a button a player), which
    question (a button each), then the suspect it is about (a button each, which asks) --
    every button offered the questions it leads to, from the moves your view offers; the
    first player and question are picked at first. When you are asked: the question and
    the three answers, the honest one offered (the engine takes no other). ``play(move)``
    plays a move for you; ``guard(button)`` hands a button made later to the table."""

    def __init__(self, play, guard):
        self._play, self._adopt = play, guard
        self._drawn: tuple = ()  # the view and moves last drawn
        self.to: int | None = None
        self.kind: str | None = None
        self.question = w.HTML()
        self.to_buttons: dict[int, w.Button] = {}  # made as players come (up to five others)
        self.to_row = w.Box()
        self.kind_buttons = {k: move_button(WORDS[k].format(guest="…"), lambda b, k=k: self._pick_kind(k),
                                            f"ask-kind-{n}") for n, k in enumerate(KINDS)}
        self.about_buttons: dict[str, w.Button] = {}  # made as suspects come
        self.about_row = w.Box()
        kinds = w.Box(list(self.kind_buttons.values()))
        self.asking = w.VBox([self._row("ask", self.to_row), self._row("question", kinds),
                              self._row("about", self.about_row)])
        self.answer_buttons = [move_button(a, self._answer, f"answer-{k}") for k, a in enumerate(ANSWERS)]
        for button in self.answer_buttons:
            button.add_class("sk-answer")
        self.answering = w.Box(self.answer_buttons)
        self.answering.add_class("sk-actions")
        super().__init__([self.question, self.asking, self.answering])
        self.add_class("sk-questions")

    @staticmethod
    def _row(label: str, box: w.Box) -> w.Box:
        box.add_class("sk-actions")
        row = w.Box([w.HTML(f"<b>{label}</b>"), box])
        row.add_class("sk-ask-row")
        return row

    def _pick_to(self, target: int) -> None:
        self.to = target
        self._redraw()

    def _pick_kind(self, kind: str) -> None:
        self.kind = kind
        self._redraw()

    def _ask(self, button: w.Button) -> None:
        if not button.moves:  # a disabled button clicked all the same (a page can send anything)
            view = self._drawn[0]
            move = Ask(view.player, self.to if self.to is not None else -1, self.kind or "", button.description)
            raise ValueError(ask.refusal(view, move) or "Pick a player and a question first.")
        self._play(button.moves[0])

    def _answer(self, button: w.Button) -> None:
        if not button.moves:  # the engine's words for the answer it would not take
            view = self._drawn[0]
            raise ValueError(answer.refusal(view, Answer(view.player, button.description)) or "Not now.")
        self._play(button.moves[0])

    def _redraw(self) -> None:
        self.draw(*self._drawn)

    def _buttons(self, made: dict, keys, make, row: w.Box) -> None:
        """The buttons of ``keys`` in ``row`` (made the first time each is needed, and
        handed to ``guard``: the table's, so that their refusals reach its message)."""
        for key in keys:
            if key not in made:
                made[key] = make(key)
                self._adopt(made[key])
        wanted = tuple(made[k] for k in keys)
        if tuple(row.children) != wanted:
            row.children = wanted

    def draw(self, view: View, allowed: list, names: Sequence[str] | None = None) -> None:
        """Show what the view allows: whom to ask, which question and about whom, or the
        question put to you and its answers; every button offered its moves of ``allowed``;
        the players called by ``names`` (a shared table's), else "Player 2"..."""
        self._drawn = (view, allowed)
        questions = allowed if view.phase in (ASKING, ANSWERING) else []
        asks = [m for m in questions if isinstance(m, Ask)]
        answers = [m for m in questions if isinstance(m, Answer)]
        targets = sorted({m.target for m in asks})
        if self.to not in targets:
            self.to = targets[0] if targets else None
        kinds = [k for k in KINDS if any(m.question == k and m.target == self.to for m in asks)]
        if self.kind not in kinds:
            self.kind = kinds[0] if kinds else None
        self._buttons(self.to_buttons, targets, lambda t: move_button(
            who(t, view.player, names), lambda b, t=t: self._pick_to(t), f"ask-to-{t}"), self.to_row)
        for t, button in self.to_buttons.items():  # those out of the row too: they lead nowhere now
            offer(button, [m for m in asks if m.target == t])
            changed(button, button_style="info" if t == self.to else "")
        for k, button in self.kind_buttons.items():
            offer(button, [m for m in asks if m.question == k and m.target == self.to])
            changed(button, button_style="info" if k == self.kind else "")
        suspects = [g for g in party(view) if any(m.guest == g for m in asks)]
        self._buttons(self.about_buttons, suspects, lambda g: move_button(g, self._ask, "ask"), self.about_row)
        for g, button in self.about_buttons.items():
            offer(button, [m for m in asks if m.guest == g and m.target == self.to and m.question == self.kind])
        for a, button in zip(ANSWERS, self.answer_buttons):
            offer(button, [m for m in answers if m.answer == a])
        q = view.question
        last = None  # the answer you were given this round, if any
        for e in reversed(view.events):
            if isinstance(e, ExchangeTurned):
                break
            if isinstance(e, Answered) and e.player == view.player:
                last = e
                break
        if asks:
            said = ("<b>Your turn to ask</b> one player one question (the answer is for you alone): pick the "
                    "player and the question, then click the suspect.")
        elif answers and q is not None:
            said = (f"<b>{question_words(q, view.player, names)}</b> Answer from your Alibi sheet: the table takes only "
                    "the answer it gives.")
        elif q is not None:
            said = f"{question_words(q, view.player, names)} <i>(waiting for the answer)</i>"
        elif last is not None and view.phase in ("asking", "answering"):
            said = (f"{escape(who(last.target, view.player, names))} answered you about {escape(last.guest)}: "
                    f"<b>{escape(last.answer or '')}</b>.")
        else:
            said = ""
        changed(self.question, value=said)
        changed(self.asking.layout, display="flex" if asks else "none")
        changed(self.answering.layout, display="flex" if answers else "none")
        shown(self, view.phase in ("asking", "answering") and view.outcome is None)

    def path_to(self, move) -> list[w.Button] | None:
        """The buttons to click, in order, to make ``move`` (a question or an answer), or
        ``None`` for another kind of move."""
        if isinstance(move, Answer):
            return [b for b in self.answer_buttons if b.moves == (move,)][:1]
        if not isinstance(move, Ask):
            return None
        to, kind = self.to, self.kind
        path = []
        if to != move.target:
            path.append(self.to_buttons[move.target])
        if kind != move.question:
            path.append(self.kind_buttons[move.question])
        return path + [self.about_buttons[move.guest]]
