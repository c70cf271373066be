"""The whole case as a Markov decision process: the exact chance of an arrest by turn 12.

``case_model`` says what a turn does to a :class:`Situation` (and what the model keeps
and sets aside); ``case_solver`` solves it. Solving is backward induction, exact,
memoised over the reachable situations only: the moves as fractions (GMP rationals), the
sums as whole numbers over powers of 6, sympy ``Rational`` at the edge. Best play from
turn 1 of a case takes seconds (``benchmarks/story_case.py``).

The policies a player might follow (``POLICIES``) are functions of a situation and the
actions open; the bots (``bots.py``) play them at the table. :func:`simulate` samples the
same model, a check of the solver.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Mapping

from sympy import Rational

from sherlockkit.games.story import odds, tables
from sherlockkit.games.story.case_model import (  # noqa: F401 - the model's names, read here too
    ACTIONS, BONUS_CAP, D6, LOST, LUCK_CAP, SM_CAP, SOLVED, TWO_D6, Delta, Fraction, Model, Situation,
)
from sherlockkit.games.story.case_solver import STEP, Policy, Solver, _whole  # noqa: F401 - read here too
from sherlockkit.games.story.characters import DEFAULT_TRAITS


@dataclass
class Solution:
    """An evaluated case: the chance of an arrest from the start, and the choice made in
    every situation reached; the solver that made it, kept by :func:`solve`, answers
    :meth:`q` and :meth:`solve_from`."""

    probability: Rational
    policy: Mapping  # Situation -> action
    values: Mapping  # Situation -> Fraction (chance of an arrest from there)
    model: Model
    solver: Solver | None = field(default=None, repr=False, compare=False)  # the one that solved it

    def best_action(self, situation: Situation) -> str:
        """The action chosen in ``situation``."""
        return self.policy[situation]

    def q(self, situation: Situation, action: str) -> Rational:
        """The chance of an arrest by turn 12 after choosing ``action`` in ``situation``
        (then playing as the solution does), from what the solver has valued already."""
        p = self._solver().q(situation, action)
        return Rational(int(p.numerator), int(p.denominator))

    def solve_from(self, situation: Situation) -> "Solution":
        """The same case, model and policy solved from another ``situation`` (another
        start, less Luck...) by the same solver: what it has valued already is not valued
        again, so a second start costs little. Both solutions then read the solver's one
        table of values and choices, which grows with every situation either one values."""
        solver = self._solver()
        p = solver.value(situation)
        return Solution(Rational(int(p.numerator), int(p.denominator)), solver.chosen, solver.values, self.model,
                        solver)

    def _solver(self) -> Solver:
        if self.solver is None:
            raise ValueError("This solution was made without its solver; solve() keeps it.")
        return self.solver


def start(sm: int = 0, luck: int = 4) -> Situation:
    """The first turn of a case, with the SM carried in (at most 1) and the Luck held."""
    return Situation(1, None, 0, None, min(sm, 1), min(luck, LUCK_CAP), (), False)


def solve(adventure: str = "a001", traits: Iterable[str] = DEFAULT_TRAITS, policy: Policy | None = None,
          situation: Situation | None = None) -> Solution:
    """The exact chance of an arrest by turn 12 under ``policy`` (the optimal one when
    ``None``), with the action chosen in every situation reached."""
    model = Model(adventure, traits)
    solver = Solver(model, policy)
    p = solver.value(situation or start())
    return Solution(Rational(int(p.numerator), int(p.denominator)), solver.chosen, solver.values, model, solver)


def case_odds(policy: Policy | None = None, adventure: str = "a001", traits: Iterable[str] = DEFAULT_TRAITS) -> Rational:
    """The exact chance of arresting the Villain by turn 12 under ``policy``."""
    return solve(adventure, traits, policy).probability


def known_motive(turn: int, villain: str, sm: int, motive: int = 0) -> Situation:
    """The start of ``turn`` with ``villain`` and their Motive number ``motive`` known
    and ``sm`` in hand, and nothing else: no Luck, no bonus, no trap."""
    return Situation(turn=turn, villain=villain, meetings=0, motive=motive, sm=sm, luck=0, bonus=(), trapped=False)


def best_choice(solver: Solver, situation: Situation) -> tuple[str, Fraction]:
    """The best action in ``situation`` and the chance of an arrest by turn 12 from
    there with the best play; ``"any"`` when every open action is worth the same (which
    happens only when the arrest is already out of reach)."""
    chances = {action: solver.q(situation, action) for action in solver.model.allowed(situation)}
    top = [action for action, p in chances.items() if p == max(chances.values())]
    return (top[0] if len(top) == 1 else "any"), solver.value(situation)


def motive_map(solver: Solver, villain: str, sms: Iterable[int] = range(SM_CAP + 1),
               turns: Iterable[int] = range(1, tables.TURNS + 1), motive: int = 0) -> dict:
    """Once ``villain`` and their Motive are known with no Luck, bonus or trap in hand
    (:func:`known_motive`): for each (turn, SM), the best action and the chance of an
    arrest from there with the best play (:func:`best_choice`). The turns are solved from
    the last back, so each one reads the values of the turn after it."""
    sms = list(sms)
    return {(turn, sm): best_choice(solver, known_motive(turn, villain, sm, motive))
            for turn in sorted(turns, reverse=True) for sm in sms}


# --- policies a player might use -------------------------------------------------------------

def arrest_when_allowed(s: Situation, options: tuple) -> str:
    """Attempt Arrest as soon as it is open; otherwise Research, Investigate, Seek
    Information, Explore, in that order."""
    for action in ("attempt_arrest", "research", "investigate", "seek_information", "explore"):
        if action in options:
            return action
    return "wait"


def arrest_when_ready(s: Situation, options: tuple) -> str:
    """Attempt Arrest only once SM reaches 2 or more; until then Research, Investigate,
    Seek Information, Explore, in that order."""
    if "attempt_arrest" in options and s.sm >= 2:
        return "attempt_arrest"
    for action in ("research", "investigate", "seek_information", "explore", "attempt_arrest"):
        if action in options:
            return action
    return "wait"


def always_investigate(s: Situation, options: tuple) -> str:
    """Investigate whenever it is open; else Explore; else Wait."""
    for action in ("investigate", "explore"):
        if action in options:
            return action
    return "wait"


def always_wait(s: Situation, options: tuple) -> str:
    """Never act: wait for the Villain to come to you."""
    return "wait"


POLICIES = {"arrest when allowed": arrest_when_allowed, "arrest when SM >= 2": arrest_when_ready,
            "always investigate": always_investigate, "always wait": always_wait}


# --- a cross-check: the same model, sampled ----------------------------------------------------

def _sample(dist: dict, rng):
    point, running = rng.random(), 0.0
    for outcome, p in dist.items():
        running += float(p)
        if point < running:
            return outcome
    return outcome


def simulate(policy: Policy, cases: int, adventure: str = "a001", traits: Iterable[str] = DEFAULT_TRAITS,
             seed: int = 0) -> float:
    """The share of ``cases`` sampled from the model (not solved) that end in an arrest:
    a Monte Carlo check of the backward induction."""
    import random

    rng = random.Random(seed)
    model = Model(adventure, traits)
    solver = Solver(model, policy)
    events = {(turn, waiting): float(odds.encounter_chance(turn, waiting))  # R008, turn by turn
              for turn in range(1, tables.TURNS + 1) for waiting in (False, True)}
    arrests = 0
    for _ in range(cases):
        s = solver.canon(start())
        while True:
            if not s.trapped:
                action = policy(s, model.allowed(s))
                s = s._replace(action=action)
                if action != "wait":
                    label = model.labels(action, model.modifier(s, action))[_sample(TWO_D6, rng)]
                    s = _sample(model.apply(s, _sample(model.row_effects(action, label), rng)), rng)
            if isinstance(s, str):
                break
            _, columns = tables.encounter_band(s.turn)
            if rng.random() < events[s.turn, s.action == "wait"]:
                shift = tables.encounter_shift(s.motive is not None, model.can_arrest(s))
                line = columns[tables.encounter_column(rng.randint(1, 6), shift) - 1]
                s = _sample(model.apply(s, _sample(model.line(line, 1), rng)), rng)
                if isinstance(s, str):
                    break
            if s.turn >= tables.TURNS:
                s = LOST
                break
            s = solver.canon(solver.next_turn(s))
        arrests += s == SOLVED
    return arrests / cases
