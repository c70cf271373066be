"""The case model: what a turn of a case does to the state that matters, as exact
distributions (``case_odds`` solves it).

The state that matters (:class:`Situation`): the turn; the Villain (once revealed) and
how many times you have met them; the Motive (once uncovered); SM; Luck; the "+1 next
turn" bonuses; a trap. :class:`Model` says, for one adventure and one party, what each
action's row, each encounter and each of the casebook's events does to it.

What the model keeps and what it sets aside (said again in the chapter):

- Every table (R007a-e, R008) and every villain's numbers are read from the engine's own
  data (``tables.py``, the casebook), and every roll from the engine's own rule
  (``rolls.py``), so the model changes when they change.
- The casebook's events enter as exact distributions of what they do to the state
  (SM, Luck, Motive, bonuses, traps, Villain meetings), computed for the reference party
  (Holmes with his traits, and Watson). Inside an event a choice takes the option with
  the best expected SM; a fight is won on its first exchange of strikes (Watson, the
  strongest, against the opponent) or else escaped; Allies, wounds, items and places
  have no effect in the model, nor do the permissions events give (to Investigate early).
  A clue seen again counts as new.
- Luck is spent by the optimal policy only to re-roll an action's 2d6 (the roll that
  matters most); other rolls are kept. Luck above ``LUCK_CAP`` and SM above ``SM_CAP``
  are not counted (``SM_CAP`` is the highest SM any Motive asks for).
- Option 3 (R005b) is taken the best way: start with Deduction, Hide/Follow or Fight,
  failing down the cascade; a lost fight leaves the case running.

Chances are fractions (GMP rationals) for the solver's sums.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Callable, NamedTuple

from sherlockkit.games.story import odds, rolls, tables
from sherlockkit.games.story.case_events import (  # noqa: F401 - the events' names, read here too
    D6, MODELLED, NOTHING, SET_ASIDE, TWO_D6, CaseEvents, Delta, Fraction, _fraction,
)

SM_CAP = 6
LUCK_CAP = 2
BONUS_CAP = 2
ACTIONS = ("attempt_arrest", "explore", "investigate", "seek_information", "research", "wait")
SOLVED, LOST = "solved", "lost"


class Situation(NamedTuple):
    """The state that matters at the start of a turn (or during it, with the ``next``s)."""

    turn: int
    villain: str | None
    meetings: int
    motive: int | None
    sm: int
    luck: int
    bonus: tuple  # (action, amount) pairs usable this turn
    trapped: bool
    # earned during the turn, for the next one
    bonus_next: tuple = ()
    trapped_next: bool = False
    action: str = ""


class Model(CaseEvents):
    """One adventure's case, for one party, ready to solve: what the casebook's events do
    (:class:`~case_events.CaseEvents`), and what a turn does to a situation.
    ``Model(adventure="a001", traits=DEFAULT_TRAITS, book=None)``."""

    # --- villains ------------------------------------------------------------------------

    def motive_value(self, villain: str, motive: int) -> int:
        """The SM an arrest of ``villain`` needs, for their Motive number ``motive`` (R005a)."""
        return self.book[villain]["motives"][motive]["value"]

    def can_arrest(self, s: Situation) -> bool:
        """Whether an arrest is possible in ``s``: the Villain and the Motive known, the SM at the Motive's value."""
        return s.villain is not None and s.motive is not None and s.sm >= self.motive_value(s.villain, s.motive)

    def option3(self, s: Situation) -> tuple[Fraction, str]:
        """The best chance of closing the case face to face, and the way to start."""
        key = ("option3", s.villain, s.sm)
        if key not in self._lines:
            self._lines[key] = self._option3(s)
        return self._lines[key]

    def _option3(self, s: Situation) -> tuple[Fraction, str]:
        villain = self.book[s.villain]
        deduction = _fraction(rolls.deduction_chance(self.holmes.quality("Brains"), s.sm, villain["brains"]))
        hide = self.chance(villain["hide_follow"])
        fight = self.first_strike({"brawn": villain["brawn"], "traits": villain.get("traits", {})})
        ways = {"deduction": deduction + (1 - deduction) * (hide + (1 - hide) * fight),
                "hide_follow": hide + (1 - hide) * fight, "fight": fight}
        best = max(ways, key=ways.get)
        return ways[best], best

    # --- what happens to a situation --------------------------------------------------

    def apply(self, s: Situation, delta: Delta) -> dict:
        """The outcomes (situations, or ``"solved"``/``"lost"``) of a delta, with chances."""
        turn = s.turn
        base = s._replace(turn=0) if turn else s  # what a delta does never depends on the turn
        general = self._general.get((base, delta))
        if general is None:
            general = self._general[(base, delta)] = self._apply(base, delta)
        if not turn:
            return general
        return {o if o.__class__ is str else o._replace(turn=turn): p for o, p in general.items()}

    def _apply(self, s: Situation, delta: Delta) -> dict:
        if delta.end:
            return {SOLVED if delta.end == "solved" else LOST: Fraction(1)}
        bonus = dict(s.bonus_next)
        for action, amount in delta.bonus:
            carried = dict(s.bonus).get(action, 0) if action == s.action else 0
            bonus[action] = max(bonus.get(action, 0), carried + amount)
        luck = delta.luck + (1 if delta.motive_found and s.villain else 0)
        s = s._replace(sm=min(SM_CAP, max(0, s.sm + delta.sm)), luck=min(LUCK_CAP, max(0, s.luck + luck)),
                       trapped_next=s.trapped_next or delta.trap, bonus_next=tuple(sorted(bonus.items())))
        dist = {s: Fraction(1)}
        if delta.motive or (delta.motive_found and s.villain):
            dist = self.each(dist, self.reveal_motive)
        if delta.villain:
            dist = self.each(dist, self.villain_event)
        if delta.option:
            dist = self.each(dist, lambda x: self.villain_option(x, delta.option))
        return dist

    @staticmethod
    def each(dist: dict, step: Callable) -> dict:
        """The outcomes of ``step`` applied to each situation of ``dist`` (an ended case stays as it is), with their chances."""
        out: dict = defaultdict(Fraction)
        for s, p in dist.items():
            if isinstance(s, str):
                out[s] += p
                continue
            for t, q in step(s).items():
                out[t] += p * q
        return dict(out)

    def then_effects(self, s: Situation, effects) -> dict:
        """The outcomes of ``effects`` taking place in ``s``, with their chances."""
        out: dict = defaultdict(Fraction)
        for delta, p in self.effects(effects, 1).items():
            for t, q in self.apply(s, delta).items():
                out[t] += p * q
        return dict(out)

    def reveal_motive(self, s: Situation) -> dict:
        """R005a: the Motive rolled (each with its share of the d6) and the Villain's option 1 read."""
        if s.villain is None or s.motive is not None:
            return {s: Fraction(1)}
        villain = self.book[s.villain]
        out: dict = defaultdict(Fraction)
        for index, motive in enumerate(villain["motives"]):
            low, _, high = str(motive["faces"]).partition("-")
            share = Fraction(int(high or low) - int(low) + 1, 6)
            for t, q in self.then_effects(s._replace(motive=index), villain.get("option1", ())).items():
                out[t] += share * q
        return dict(out)

    def villain_event(self, s: Situation) -> dict:
        """R005a: a Villain event: the Villain revealed if unknown, else met (the second meeting
        uncovers the Motive; then the Villain is faced as option 3 says)."""
        if s.villain is None:
            out: dict = defaultdict(Fraction)
            special = self.adventure.get("special")
            for pid in self.adventure["villain"]:
                revealed = s._replace(villain=pid, meetings=0, sm=min(SM_CAP, max(0, s.sm + self.book[pid]["sm_modifier"])))
                if special and special.get("when", "villain_revealed") == "villain_revealed":
                    outcomes = self.then_effects(revealed, special.get("effects", ()))
                else:
                    outcomes = {revealed: Fraction(1)}
                for t, q in outcomes.items():
                    out[t] += D6 * q
            return dict(out)
        s = s._replace(meetings=min(2, s.meetings + 1))
        if s.motive is None and s.meetings >= 2:
            return self.reveal_motive(s)
        return self.villain_option(s, 3)

    def villain_option(self, s: Situation, number: int) -> dict:
        """R005b: the Villain's option ``number``: 3 closes the case when an arrest is possible
        (the best way to close in), else option 2's effects."""
        if s.villain is None:
            return {s: Fraction(1)}
        if number == 3 and self.can_arrest(s):
            p, _ = self.option3(s)
            return {SOLVED: p, s: 1 - p} if p < 1 else {SOLVED: Fraction(1)}
        return self.then_effects(s, self.book[s.villain].get("option2", ()))

    # --- the turn ------------------------------------------------------------------------

    def allowed(self, s: Situation) -> tuple[str, ...]:
        """The actions open in a situation: as in the engine, except that the model does
        not follow the permissions an event or a found Clue gives (Investigate and Seek
        Information are open exactly while the Villain is known and the Motive is not),
        and Rest, which is Wait without its +1, is left out."""
        known, motive = s.villain is not None, s.motive is not None
        ok = {"attempt_arrest": known and motive, "explore": not known,
              "investigate": known and not motive, "seek_information": known and not motive,
              "research": motive, "wait": True}
        return tuple(a for a in ACTIONS if ok[a])

    def modifier(self, s: Situation, action: str, turn: int | None = None) -> int:
        """What is added to ``action``'s 2d6 in ``s`` (on ``turn`` when given, else ``s.turn``)."""
        key = (action, s.turn if turn is None else turn, s.sm, dict(s.bonus).get(action, 0) if s.bonus else 0)
        found = self._modifiers.get(key)
        if found is None:
            channel = next((c for c in tables.SEEK_CHANNELS if self.traits.get(c, 0) > 0), None)
            found = self._modifiers[key] = tables.action_modifier(
                action, turn=key[1], sm=key[2], traits=self.traits, bonus=key[3],
                outside_london=self.outside, channel=channel)
        return found

    def encounter_deltas(self, turn: int, shift: int, waiting: bool) -> dict:
        """R008 as one distribution: ``None`` for no event, else what the event does
        (the six type columns and each line's six paragraphs merged)."""
        threshold, columns = tables.encounter_band(turn)
        key = ("encounter", threshold, columns, shift, waiting)
        if key not in self._lines:
            event = _fraction(odds.encounter_chance(turn, waiting))
            merged: dict = defaultdict(Fraction)
            merged[None] = 1 - event
            for face in range(1, 7):
                line = columns[tables.encounter_column(face, shift) - 1]
                for delta, p in self.line(line, 1).items():
                    merged[delta] += event * D6 * p
            self._lines[key] = dict(merged)
        return self._lines[key]

    def labels(self, action: str, modifier: int) -> dict:
        """For each 2d6 total, the row of the action's table it reads with ``modifier``."""
        key = ("labels", action, modifier)
        if key not in self._lines:
            table = tables.ACTION_TABLES[action]
            self._lines[key] = {t: table.row_for(t + modifier).label for t in TWO_D6}
        return self._lines[key]

    def row_effects(self, action: str, label: str) -> dict:
        """What the row ``label`` of ``action``'s table does, as a distribution of deltas."""
        key = ("row", action, label)
        if key not in self._lines:
            row = next(r for r in tables.ACTION_TABLES[action].rows if r.label == label)
            self._lines[key] = self.effects(row.result, 0)
        return self._lines[key]
