"""Holmes, Watson and the people who join them: qualities, traits, wounds (R002-R003)."""

from __future__ import annotations

from dataclasses import dataclass

from sherlockkit.engine import evolve

QUALITIES = ("Brains", "Brawn", "Bravery")
#: The traits Holmes may start with (choose three), in alphabetical order.
STARTING_TRAITS = ("Aware", "British Law", "Charisma", "Disguise", "History", "Running", "Science",
                   "Sensational Literature", "Thief", "Tracking", "Weaponry")
#: The three traits a campaign gives Holmes unless others are chosen.
DEFAULT_TRAITS = ("Aware", "Tracking", "Charisma")
LATER_TRAITS = ("Medicine", "Victim", "Addiction", "Aristocracy", "Madness")
TRAITS = STARTING_TRAITS + LATER_TRAITS
MAX_TRAIT = 3
MAX_QUALITY_GAIN = 4  # R010: at most +4 to any Quality across the campaign

HEALTHY, WOUNDED, SERIOUSLY_WOUNDED = 0, 1, 2
#: R009b: the wound levels as the case sheet names them ("" for a healthy character).
CONDITIONS = {HEALTHY: "", WOUNDED: "Wounded", SERIOUSLY_WOUNDED: "Seriously wounded"}


@dataclass(frozen=True)
class Character:
    """Someone in Holmes's group (or facing it): three qualities, traits with levels."""

    name: str
    brains: int
    brawn: int
    bravery: int
    traits: tuple[tuple[str, int], ...] = ()
    wounds: int = HEALTHY
    gains: tuple[tuple[str, int], ...] = ()  # Quality points bought with SM (R010 cap)

    def trait(self, name: str) -> int:
        """This character's level in a trait (0 if they lack it)."""
        for trait, level in self.traits:  # a few pairs, each trait once: no dict to build
            if trait == name:
                return level
        return 0

    def quality(self, name: str) -> int:
        """Brains, Brawn or Bravery; a Wound takes 2 off Brawn for the case (R009b)."""
        value = getattr(self, name.lower())
        if name == "Brawn" and self.wounds >= WOUNDED:
            value -= 2
        return value

    def with_trait(self, name: str, level: int) -> "Character":
        """This character with the trait ``name`` at ``level``."""
        traits = dict(self.traits)
        traits[name] = level
        return evolve(self, traits=tuple(sorted(traits.items())))

    @property
    def condition(self) -> str:
        """How hurt this character is, in words ("" when unhurt)."""
        return CONDITIONS[self.wounds]

    @property
    def able(self) -> bool:
        """Still able to act and fight (not Seriously Wounded)."""
        return self.wounds < SERIOUSLY_WOUNDED


def make(name: str, brains: int, brawn: int, bravery: int, traits: dict | None = None) -> Character:
    """A character from plain values (traits as a name -> level mapping)."""
    return Character(name, brains, brawn, bravery, tuple(sorted((traits or {}).items())))


def holmes(traits: tuple[str, ...] | list[str]) -> Character:
    """Young Holmes (R003): Brains 9, Brawn 5, Bravery 7 and three different starting traits."""
    traits = tuple(traits)
    if len(traits) != 3 or len(set(traits)) != 3:
        raise ValueError("Holmes starts with exactly three different traits.")
    for trait in traits:
        if trait not in STARTING_TRAITS:
            raise ValueError(f"{trait!r} is not a starting trait; choose from: {', '.join(STARTING_TRAITS)}.")
    return make("Holmes", 9, 5, 7, {t: 1 for t in traits})


def watson() -> Character:
    """Dr Watson (R003), a doctor who served in the army: Medicine at level 2, Charisma and
    Weaponry at level 1; Brains and Brawn 6, Bravery 7."""
    return make("Watson", 6, 6, 7, {"Charisma": 1, "Weaponry": 1, "Medicine": 2})


INSPECTOR = make("Inspector", 4, 5, 5, {"British Law": 1, "Running": 1})  # R007 death roll 5
