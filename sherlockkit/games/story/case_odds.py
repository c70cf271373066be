"""The whole case as a Markov decision process: the exact chance of an arrest by turn 12.

The state that matters (:class:`Situation`): the turn; the Villain (once revealed) and
how many times you have met them; the Motive (once uncovered); SM; Luck; the "+1 next
turn" bonuses; a trap.

What the model keeps and what it sets aside (said again in the chapter):

- Every table (R007a-e, R008) and every villain's numbers are read from the engine's own
  data (``tables.py``, the casebook), so the model changes when they change.
- The casebook's events enter as exact distributions of what they do to the state
  (SM, Luck, Motive, bonuses, traps, Villain meetings), computed for the reference party
  (Holmes with his traits, and Watson). Inside an event a choice takes the option with
  the best expected SM; a fight is won on its first exchange of strikes (Watson, the
  strongest, against the opponent) or else escaped; Allies, wounds, items and places
  have no effect in the model, nor do the permissions events give (to Investigate early).
  A clue seen again counts as new.
- Luck is spent by the optimal policy only to re-roll an action's 2d6 (the roll that
  matters most); other rolls are kept. Luck above ``LUCK_CAP`` and SM above ``SM_CAP``
  are not counted (they never change a decision).
- Option 3 (R005b) is taken the best way: start with Deduction, Hide/Follow or Fight,
  failing down the cascade; a lost fight leaves the case running.

Solving is backward induction, exact, memoised over the reachable situations only: the
moves as fractions (GMP rationals), the sums as whole numbers over powers of 6 (see
:class:`Solver`), sympy ``Rational`` at the edge. Best play from turn 1 of a case takes
seconds (``benchmarks/story_case.py``).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

try:  # GMP's rationals are exact like fractions.Fraction, and several times faster
    from gmpy2 import mpq as Fraction
except ImportError:  # pragma: no cover - gmpy2 is a dependency, this is a fallback
    from fractions import Fraction
from typing import Callable, Iterable, Mapping, NamedTuple

from sympy import Rational

from sherlockkit.dice import two_d6
from sherlockkit.games.story import casebook, rolls, tables
from sherlockkit.games.story.casebook import Casebook
from sherlockkit.games.story.characters import holmes as young_holmes, watson as dr_watson
from sherlockkit.games.story.rules import DEFAULT_TRAITS

SM_CAP = 6
LUCK_CAP = 2
BONUS_CAP = 2
ACTIONS = ("attempt_arrest", "explore", "investigate", "seek_information", "research", "wait")
TWO_D6 = {total: Fraction(int(p.p), int(p.q)) for total, p in two_d6.items()}
D6 = Fraction(1, 6)
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


class Delta(NamedTuple):
    """What an event does to the situation."""

    sm: int = 0
    luck: int = 0
    motive: bool = False
    trap: bool = False
    bonus: tuple = ()
    villain: bool = False
    motive_found: bool = False
    option: int = 0  # 2 or 3: a villain option from Attempt Arrest
    end: str = ""  # "solved", "lost" or "dead"


def _join(a: Delta, b: Delta) -> Delta:
    """Two deltas one after the other."""
    bonus = dict(a.bonus)
    for action, amount in b.bonus:
        bonus[action] = bonus.get(action, 0) + amount
    return Delta(a.sm + b.sm, a.luck + b.luck, a.motive or b.motive, a.trap or b.trap,
                 tuple(sorted(bonus.items())), a.villain or b.villain, a.motive_found or b.motive_found,
                 a.option or b.option, a.end or b.end)


def _then(first: dict, second: dict) -> dict:
    out: dict = defaultdict(Fraction)
    for a, p in first.items():
        if a.end:
            out[a] += p
            continue
        for b, q in second.items():
            out[_join(a, b)] += p * q
    return dict(out)


def _mix(parts: Iterable[tuple[Fraction, dict]]) -> dict:
    out: dict = defaultdict(Fraction)
    for weight, dist in parts:
        for delta, p in dist.items():
            out[delta] += weight * p
    return dict(out)


NOTHING = {Delta(): Fraction(1)}


def _fraction(p: Rational) -> Fraction:
    """An exact sympy chance as the solver's fraction (the same value)."""
    return Fraction(int(p.p), int(p.q))


# --- the casebook's effects as distributions ---------------------------------------------------

class Model:
    """One adventure's case, for one party, ready to solve."""

    def __init__(self, adventure: str = "a001", traits: Iterable[str] = DEFAULT_TRAITS, book: Casebook | None = None):
        self.book = book or casebook.load()
        if adventure not in self.book or self.book[adventure].kind != "adventure":
            raise ValueError(f"{adventure!r} is not an adventure of the casebook.")
        self.adventure = self.book[adventure]
        self.holmes = young_holmes(tuple(traits))
        self.party = (self.holmes, dr_watson())
        self.traits: dict[str, int] = defaultdict(int)
        for person in self.party:
            for trait, level in person.traits:
                self.traits[trait] += level
        self.outside = self.adventure["outside_london"]
        self._lines: dict = {}
        self._effects: dict = {}
        self._general: dict = {}
        self._modifiers: dict = {}
        self._chances: dict = {}  # a roll's spec, as sorted items -> its chance

    # rolls for the party
    def chance(self, spec) -> Fraction:
        """The chance the party passes the roll ``spec`` (R004, as ``rolls`` states it),
        as a fraction for the solver's sums."""
        key = tuple(sorted(spec.items()))
        found = self._chances.get(key)
        if found is None:
            found = self._chances[key] = _fraction(rolls.chance(spec, self.holmes, self.party))
        return found

    def effects(self, effects, depth: int = 0) -> dict:
        """The distribution of what a list of effects does (cached: the lists are the
        casebook's and the tables' own, which never change)."""
        key = (id(effects), depth)
        cached = self._effects.get(key)
        if cached is not None and cached[0] is effects:
            return cached[1]
        dist = NOTHING
        for effect in effects:
            dist = _then(dist, self.effect(effect, depth))
        self._effects[key] = (effects, dist)
        return dist

    def effect(self, effect, depth: int) -> dict:
        if "roll" in effect:
            p = self.chance(effect["roll"])
            return _mix([(p, self.effects(effect.get("success", ()), depth)),
                         (1 - p, self.effects(effect.get("failure", ()), depth))])
        (name, value), = effect.items()
        if name in ("sm", "luck"):
            return {Delta(**{name: value}): Fraction(1)}
        if name == "choice":
            options = [self.effects(o.get("effects", ()), depth) for o in value]
            return max(options, key=lambda d: (sum(p * x.sm for x, p in d.items()), sum(p * x.luck for x, p in d.items())))
        if name == "ally":
            p = self.chance({"trait": "Charisma", "target": 7})
            return {Delta(luck=1): p, Delta(): 1 - p}
        if name == "fight":
            won = self.first_strike(value["opponents"][0])
            escape = _then(self.effects(value.get("escaped", ()), depth),
                           self.effects(self.book[tables.ESCAPE_PARAGRAPH].effects, depth + 1))
            return _mix([(won, self.effects(value.get("won", ()), depth)), (1 - won, escape)])
        if name == "event":  # Investigate 8 reads Location: places are outside the model
            return self.line("location" if value == "location_or_clue" else value, depth + 1)
        if name == "goto":
            return self.effects(self.book[value].effects, depth + 1) if depth < 3 else NOTHING
        if name == "holmes_or_watson":
            return _mix([(Fraction(1, 2), self.line("holmes", depth + 1)), (Fraction(1, 2), self.line("watson", depth + 1))])
        if name == "witness":
            return _mix([(Fraction(1, 3), self.line(line, depth + 1)) for line in ("location", "character", "clue")])
        simple = {"reveal_motive": Delta(motive=True), "trap": Delta(trap=True), "motive_found": Delta(motive_found=True),
                  "death": Delta(end="dead")}
        if name in simple:
            return {simple[name]: Fraction(1)}
        if name == "bonus":
            return {Delta(bonus=((value["action"], value["amount"]),)): Fraction(1)}
        if name == "villain_option":
            return {Delta(option=value): Fraction(1)}
        if name == "end_case":
            return {Delta(end=value): Fraction(1)}
        return NOTHING  # permissions, allies leaving, wounds, items, places: outside the model

    def line(self, line: str, depth: int) -> dict:
        """An event of a line: each die face's paragraph, 1/6 each."""
        if line == "villain":
            return {Delta(villain=True): Fraction(1)}
        if depth > 3:
            return NOTHING
        key = (line, depth)
        if key not in self._lines:
            parts = []
            for pid in self.adventure[line]:
                parts.append((D6, self.effects(self.book[pid].effects, depth)))
            self._lines[key] = _mix(parts)
        return self._lines[key]

    def first_strike(self, opponent) -> Fraction:
        """Watson (the strongest) wins the first exchange of strikes against ``opponent``."""
        ours = dr_watson()
        mine = ours.brawn + tables.strike_modifier(ours.brawn, weaponry=ours.trait("Weaponry"))
        theirs = opponent["brawn"] + tables.strike_modifier(
            opponent["brawn"], weaponry=dict(opponent.get("traits", {})).get("Weaponry", 0))
        wins = sum(1 for a in range(1, 7) for b in range(1, 7) if mine + a > theirs + b)
        return Fraction(wins, 36)

    # --- villains ------------------------------------------------------------------------

    def motive_value(self, villain: str, motive: int) -> int:
        return self.book[villain]["motives"][motive]["value"]

    def can_arrest(self, s: Situation) -> bool:
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
        out: dict = defaultdict(Fraction)
        for s, p in dist.items():
            if isinstance(s, str):
                out[s] += p
                continue
            for t, q in step(s).items():
                out[t] += p * q
        return dict(out)

    def then_effects(self, s: Situation, effects) -> dict:
        out: dict = defaultdict(Fraction)
        for delta, p in self.effects(effects, 1).items():
            for t, q in self.apply(s, delta).items():
                out[t] += p * q
        return dict(out)

    def reveal_motive(self, s: Situation) -> dict:
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
            bonus = tables.WAIT_BONUS if waiting else 0
            event = sum((p for t, p in TWO_D6.items() if t + bonus >= threshold), Fraction(0))
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

    def label_odds(self, action: str, modifier: int, value):
        """(total, value of its row) for each 2d6 total, evaluating each row once."""
        labels = self.labels(action, modifier)
        seen = {label: value(label) for label in set(labels.values())}
        return [(t, seen[label]) for t, label in labels.items()]

    def row_effects(self, action: str, label: str) -> dict:
        key = ("row", action, label)
        if key not in self._lines:
            row = next(r for r in tables.ACTION_TABLES[action].rows if r.label == label)
            self._lines[key] = self.effects(row.result, 0)
        return self._lines[key]


@dataclass
class Solution:
    """An evaluated case: the chance of an arrest from the start, and the choice made in
    every situation reached."""

    probability: Rational
    policy: Mapping  # Situation -> action
    values: Mapping  # Situation -> Fraction (chance of an arrest from there)
    model: Model

    def best_action(self, situation: Situation) -> str:
        return self.policy[situation]


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
    return Solution(Rational(int(p.numerator), int(p.denominator)), solver.chosen, solver.values, model)


def case_odds(policy: Policy | None = None, adventure: str = "a001", traits: Iterable[str] = DEFAULT_TRAITS) -> Rational:
    """The exact chance of arresting the Villain by turn 12 under ``policy``."""
    return solve(adventure, traits, policy).probability


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
            threshold, columns = tables.encounter_band(s.turn)
            waiting = s.action == "wait"
            if _sample(TWO_D6, rng) + (tables.WAIT_BONUS if waiting else 0) >= threshold:
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
