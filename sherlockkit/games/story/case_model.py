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

try:  # GMP's rationals are exact like fractions.Fraction, and several times faster
    from gmpy2 import mpq as Fraction
except ImportError:  # pragma: no cover - gmpy2 is a dependency, this is a fallback
    from fractions import Fraction
from typing import Callable, Iterable, NamedTuple

from sympy import Rational

from sherlockkit.dice import two_d6
from sherlockkit.games.story import casebook, effects, odds, party, rolls, tables
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

#: The effects of the language (``effects.EFFECTS``) that change nothing the model counts:
#: permissions, places, allies leaving or hurt, wounds, items; and the engine's own steps
#: (``joins``, ``end_case_reward``, ``villain_fight``), never written in a paragraph or a row.
SET_ASIDE = frozenset({"allow_investigate", "location", "ally_leaves", "allies_may_leave", "kill_random_ally",
                       "wound", "item", "block_channel", "joins", "end_case_reward", "villain_fight"})
#: The effects the model counts (``Model.effect``).
MODELLED = frozenset({"roll", "sm", "luck", "choice", "ally", "fight", "event", "goto", "holmes_or_watson", "witness",
                      "reveal_motive", "trap", "motive_found", "death", "bonus", "villain_option", "end_case"})


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
        """What one effect of the casebook's language does, as a distribution of deltas
        (``NOTHING`` for the effects the model sets aside, :data:`SET_ASIDE`)."""
        name, value = effects.name_of(effect), effects.value_of(effect)
        if name == "roll":
            p = self.chance(effect["roll"])
            return _mix([(p, self.effects(effect.get("success", ()), depth)),
                         (1 - p, self.effects(effect.get("failure", ()), depth))])
        if name in ("sm", "luck"):
            return {Delta(**{name: value}): Fraction(1)}
        if name == "choice":
            options = [self.effects(o.get("effects", ()), depth) for o in value]
            return max(options, key=lambda d: (sum(p * x.sm for x, p in d.items()), sum(p * x.luck for x, p in d.items())))
        if name == "ally":  # R002: joining brings 1 Luck; the Ally's help is outside the model
            p = self.chance(party.JOIN_ROLL)
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
        if name in tables.D6_TABLES:  # a d6 table that names the line to roll on
            table = tables.D6_TABLES[name]
            results = {row.label: row.result for row in table.rows}
            return _mix([(_fraction(p), self.line(results[label], depth + 1)) for label, p in table.odds().items()])
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
        if name in SET_ASIDE:
            return NOTHING
        raise ValueError(f"The case model does not know the effect {name!r}: count it, or set it aside (SET_ASIDE).")

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
        key = ("row", action, label)
        if key not in self._lines:
            row = next(r for r in tables.ACTION_TABLES[action].rows if r.label == label)
            self._lines[key] = self.effects(row.result, 0)
        return self._lines[key]
