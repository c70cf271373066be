"""What the casebook's events do to a case, as exact distributions: the first half of the
case model (``case_model.py``), for one adventure and one party.

An event is a list of effects (``effects.py``); :class:`CaseEvents` turns each into a
distribution of :class:`Delta` s, what it does to the state that matters (SM, Luck, the
Motive, a bonus, a trap, a Villain met, the case's end), for the reference party. What
the model keeps and sets aside is said in ``case_model.py``'s docstring.
"""

from __future__ import annotations

from collections import defaultdict

try:  # GMP's rationals are exact like fractions.Fraction, and several times faster
    from gmpy2 import mpq as Fraction
except ImportError:  # pragma: no cover - gmpy2 is a dependency, this is a fallback
    from fractions import Fraction
from typing import Iterable, NamedTuple

from sympy import Rational

from sherlockkit.dice import two_d6
from sherlockkit.games.story import casebook, effects, party, rolls, tables
from sherlockkit.games.story.characters import DEFAULT_TRAITS, holmes as young_holmes, watson as dr_watson
from sherlockkit.games.story.paragraphs import Casebook

TWO_D6 = {total: Fraction(int(p.p), int(p.q)) for total, p in two_d6.items()}
D6 = Fraction(1, 6)


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


class CaseEvents:
    """The casebook's events for one adventure's case and one party, as distributions
    (each list of effects worked out once: the lists are the casebook's and the tables'
    own, which never change)."""

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
