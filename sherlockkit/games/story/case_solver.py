"""The exact solver of a whole case: backward induction over the case model's situations.

``case_model`` says what a turn does to a :class:`~case_model.Situation`; :class:`Solver`
values every situation reachable from where you ask, turn by turn, exactly (see its
docstring for how it stays fast), under a policy or playing best. ``case_odds`` asks it
the chance of an arrest by turn 12.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Callable, Mapping

from sherlockkit.games.story import tables
from sherlockkit.games.story.case_model import (
    BONUS_CAP, LOST, LUCK_CAP, SOLVED, TWO_D6, Fraction, Model, Situation,
)

#: A policy: the action it takes in a situation, among the actions open.
Policy = Callable[[Situation, tuple], str]

#: Every chance in a row's or an encounter's list is written as a whole number of STEPths.
STEP = 6 ** 16
TO_TURN = 36 ** 2 * STEP  # from an encounter's scale to a turn's
PER_TURN = TO_TURN * STEP  # a turn's denominator over the next turn's


def _whole(p: Fraction) -> int:
    """``p`` as a whole number of STEPths (exact, or a clear error)."""
    n = p * STEP
    if n.denominator != 1:
        raise ValueError(f"The chance {p} is not a whole number of 1/6**16ths; the exact solver "
                         "needs every chance of the casebook to be a fraction over a power of 6.")
    return int(n)


class Solver:
    """Backward induction, turn by turn, over the situations reachable from where you ask.

    With ``policy=None`` every choice (action, Luck re-roll, way of facing the Villain)
    is the best; otherwise ``policy(situation, open_actions)`` picks the action and every
    roll is kept.

    How it is fast: nothing that happens in a turn depends on the turn except the action
    modifiers and the encounter band, so what an action's row does to a situation and
    what an encounter does are worked out once, without the turn, as short lists of
    (numbered situation, chance); the backward induction then only sums over those lists,
    memoised turn by turn, visiting the situations reachable from where you ask.

    The sums are done in whole numbers: every chance of the game is a fraction over a
    power of 6 (2d6, d6, halves, thirds), so each list's chances are written over
    ``STEP`` = 6**16 and a turn's values over a fixed denominator (see ``_scale``).
    Whole-number sums skip the gcd a fraction takes after each step, which makes
    them many times faster, and they stay exact; ``value`` and ``q`` turn them back
    into fractions.
    """

    def __init__(self, model: Model, policy: Policy | None = None):
        self.model, self.policy = model, policy
        turns = range(tables.TURNS + 2)
        self._number: dict = {}  # situation without turn -> its number
        self._situations: list = []  # number -> situation without turn
        self._values: list[dict] = [{} for _ in turns]  # turn -> number -> chance of an arrest
        self._chosen: list[dict] = [{} for _ in turns]  # turn -> number -> action
        self._encounter_values: list = [{False: {}, True: {}} for _ in turns]  # turn -> waiting -> after -> chance
        self._row_values: list[dict] = [{} for _ in turns]  # turn -> (acting, row) -> chance
        self._rows: dict = {}  # (acting, row) -> (chance solved, ((after, chance), ...))
        self._encounters: dict = {}  # (band, after, waiting) -> (chance solved, ((next turn, chance), ...))
        self._labels: dict = {}  # (action, modifier) -> ((row, chance in 36ths), ...)
        self._acting: dict = {}  # (situation, action) -> the acting situation(s): as rolled, as re-rolled
        self._afters: dict = {}  # situation -> the number of the situation the encounter roll sees
        self._starts: dict = {}  # situation -> the number of the next turn's start from it
        # the denominator of a value at the start of each turn (turn 13: nothing left)
        self._scale = [PER_TURN ** (tables.TURNS + 1 - turn) for turn in turns]

    def _id(self, s: Situation) -> int:
        number = self._number.get(s)
        if number is None:
            number = self._number[s] = len(self._situations)
            self._situations.append(s)
        return number

    # --- the questions --------------------------------------------------------------

    def value(self, s: Situation) -> Fraction:
        """The chance of an arrest from the start of a turn in situation ``s``."""
        s = self.canon(s)
        return Fraction(self._value(s.turn, self._id(s._replace(turn=0))), self._scale[s.turn])

    def q(self, s: Situation, action: str) -> Fraction:
        """The chance of an arrest after choosing ``action`` in ``s``."""
        return Fraction(self._q(s.turn, self._id(s._replace(turn=0, action="")), action), self._scale[s.turn])

    @property
    def values(self) -> Mapping:
        """Every situation valued so far, with its chance of an arrest (read-only)."""
        return _ByTurn(self, self._values, lambda turn, v: Fraction(v, self._scale[turn]))

    @property
    def chosen(self) -> Mapping:
        """The action taken in every situation valued so far, not when trapped (read-only)."""
        return _ByTurn(self, self._chosen, lambda turn, action: action)

    # --- backward induction, depth first, memoised turn by turn ---------------------------
    # Scales (denominators) of the whole numbers, with D = self._scale[turn + 1]:
    # an encounter's value is over STEP * D, a row's over STEP**2 * D, a turn's over
    # 36**2 * STEP**2 * D = self._scale[turn].

    def _value(self, turn: int, n: int) -> int:
        layer = self._values[turn]
        found = layer.get(n)
        if found is None:
            found = layer[n] = self._evaluate(turn, n)
        return found

    def _evaluate(self, turn: int, n: int) -> int:
        s = self._situations[n]
        if s.trapped:
            return self._encounter_value(turn, self._after(s), False) * TO_TURN
        options = self.model.allowed(s)
        if self.policy is None:
            scored = {a: self._q(turn, n, a) for a in options}
            best = max(scored, key=scored.get)
            self._chosen[turn][n] = best
            return scored[best]
        best = self.policy(s._replace(turn=turn), options)
        if best not in options:
            raise ValueError(f"The policy chose {best!r}, which is closed in {s._replace(turn=turn)}.")
        self._chosen[turn][n] = best
        return self._q(turn, n, best)

    def _q(self, turn: int, n: int, action: str) -> int:
        s = self._situations[n]
        if action == "wait":
            return self._encounter_value(turn, self._after(s), True) * TO_TURN
        weights = self._weights(action, self.model.modifier(s, action, turn))
        who = self._acting.get((n, action))
        if who is None:
            # only this action's own bonus can carry on; the others' are spent with the turn
            own = tuple((a, k) for a, k in s.bonus if a == action)
            who = self._acting[n, action] = self._rollers(self._id(s._replace(action=action, bonus=own)))
        row_value = self._row_value
        if len(who) == 1:
            return 36 * sum(w * row_value(turn, who[0], action, label) for label, w in weights)
        # with Luck: re-roll a row worth less than a fresh roll with one Luck fewer
        again = sum(w * row_value(turn, who[1], action, label) for label, w in weights)
        total = 0
        for label, w in weights:
            kept = 36 * row_value(turn, who[0], action, label)
            total += w * (kept if kept > again else again)
        return total

    def _weights(self, action: str, modifier: int) -> tuple:
        """The rows an action's 2d6 (plus ``modifier``) can read, with their chances in 36ths."""
        key = (action, modifier)
        found = self._labels.get(key)
        if found is None:
            weights: dict = defaultdict(int)
            for total, label in self.model.labels(action, modifier).items():
                weights[label] += int(TWO_D6[total] * 36)
            found = self._labels[key] = tuple(weights.items())
        return found

    def _rollers(self, acting: int) -> tuple:
        """The situation as rolled, and (when Luck can be spent) as re-rolled."""
        s = self._situations[acting]
        if self.policy is None and s.luck > 0:
            return acting, self._id(s._replace(luck=s.luck - 1))
        return (acting,)

    def _row_value(self, turn: int, acting: int, action: str, label: str) -> int:
        key = (acting, label)
        layer = self._row_values[turn]
        found = layer.get(key)
        if found is None:
            solved, afters = self._row(acting, action, label)
            found = solved * STEP * self._scale[turn + 1]
            known = self._encounter_values[turn][False]
            for after, p in afters:
                v = known.get(after)
                found += p * (self._encounter_value(turn, after, False) if v is None else v)
            layer[key] = found
        return found

    def _encounter_value(self, turn: int, after: int, waiting: bool) -> int:
        layer = self._encounter_values[turn][waiting]
        found = layer.get(after)
        if found is None:
            solved, nexts = self._encounter(tables.encounter_band(turn), turn, after, waiting)
            found = solved * self._scale[turn + 1]
            if turn < tables.TURNS:
                values, value = self._values[turn + 1], self._value
                for m, p in nexts:
                    v = values.get(m)
                    found += p * (value(turn + 1, m) if v is None else v)
            layer[after] = found
        return found

    # --- one turn's moves, without the turn ---------------------------------------------

    def _row(self, acting: int, action: str, label: str) -> tuple:
        """Reading ``label`` of ``action``'s table: the chance the case is solved on the
        spot, and where the turn stands after it (before the encounter roll)."""
        key = (acting, label)
        found = self._rows.get(key)
        if found is None:
            solved, afters = Fraction(0), defaultdict(Fraction)
            for delta, p in self.model.row_effects(action, label).items():
                for outcome, q in self.model.apply(self._situations[acting], delta).items():
                    if outcome == SOLVED:
                        solved += p * q
                    elif outcome != LOST:
                        afters[self._after(outcome)] += p * q
            found = self._rows[key] = (_whole(solved), tuple((a, _whole(p)) for a, p in afters.items()))
        return found

    def _after(self, s: Situation) -> int:
        """The number of the situation as the encounter roll sees it: the action is over,
        its bonus is spent and it no longer matters which it was."""
        found = self._afters.get(s)
        if found is None:
            luck = 0 if self.policy is not None else min(s.luck, LUCK_CAP)
            found = self._afters[s] = self._id(s._replace(
                action="", bonus=(), luck=luck, trapped=False,
                bonus_next=tuple((a, min(n, BONUS_CAP)) for a, n in s.bonus_next)))
        return found

    def _encounter(self, band: tuple, turn: int, after: int, waiting: bool) -> tuple:
        """R008 from ``after``: the chance the case is solved during it, and the
        numbers of the situations (without the turn) the next turn starts in."""
        key = (band, after, waiting)
        found = self._encounters.get(key)
        if found is None:
            s = self._situations[after]
            shift = tables.encounter_shift(s.motive is not None, self.model.can_arrest(s))
            solved, nexts = Fraction(0), defaultdict(Fraction)
            for delta, p in self.model.encounter_deltas(turn, shift, waiting).items():
                outcomes = {s: Fraction(1)} if delta is None else self.model.apply(s, delta)
                for outcome, q in outcomes.items():
                    if outcome == SOLVED:
                        solved += p * q
                    elif outcome != LOST:
                        m = self._starts.get(outcome)
                        if m is None:
                            m = self._starts[outcome] = self._id(self.canon(self.next_turn(outcome)))
                        nexts[m] += p * q
            found = self._encounters[key] = (_whole(solved), tuple((m, _whole(p)) for m, p in nexts.items()))
        return found

    @staticmethod
    def next_turn(s: Situation) -> Situation:
        """The start of the turn after ``s`` (the turn number unchanged when ``s`` has none)."""
        return Situation(s.turn + 1 if s.turn else 0, s.villain, s.meetings, s.motive, s.sm, s.luck,
                         s.bonus_next, s.trapped_next)

    def canon(self, s: Situation) -> Situation:
        """The situation with what cannot change a decision folded away: meetings once
        the Motive is known, Luck when no Luck is ever spent, bonuses beyond +2."""
        if (s.meetings == 0 or s.motive is None) and (s.luck == 0 or self.policy is None) and all(
                n <= BONUS_CAP for _, n in s.bonus):
            return s
        return s._replace(meetings=0 if s.motive is not None else s.meetings,
                          luck=0 if self.policy is not None else s.luck,
                          bonus=tuple((a, min(n, BONUS_CAP)) for a, n in s.bonus))


class _ByTurn(Mapping):
    """A solver's turn-by-turn tables seen as one mapping from situations (with their
    turn), converted on reading rather than copied."""

    def __init__(self, solver: Solver, layers: list, read: Callable):
        self._solver, self._layers, self._read = solver, layers, read

    def __getitem__(self, s: Situation):
        n = self._solver._number.get(s._replace(turn=0)) if 0 < s.turn < len(self._layers) else None
        if n is None or n not in self._layers[s.turn]:
            raise KeyError(s)
        return self._read(s.turn, self._layers[s.turn][n])

    def __iter__(self):
        situations = self._solver._situations
        for turn, layer in enumerate(self._layers):
            for n in layer:
                yield situations[n]._replace(turn=turn)

    def __len__(self) -> int:
        return sum(len(layer) for layer in self._layers)
