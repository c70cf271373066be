"""Sherlock Express's cards: 27 suspects and 36 alibis, as data.

Every suspect is one animal, one accessory and one place; each of the 27 combinations
appears once. An alibi card shows one of the nine traits, and there are four of each.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from typing import Literal, Union

ANIMALS = ("tiger", "panda", "koala")
ACCESSORIES = ("bowler hat", "moustache", "monocle")
PLACES = ("library", "garden", "tea room")

#: The nine traits an alibi card can show, grouped by kind.
TRAIT_KINDS = {"animal": ANIMALS, "accessory": ACCESSORIES, "place": PLACES}
TRAITS = ANIMALS + ACCESSORIES + PLACES
COPIES_PER_TRAIT = 4
#: Suspects face up on the table at once.
DISPLAY_SIZE = 6
#: Players at a table, from the fewest to the most.
MIN_PLAYERS, MAX_PLAYERS = 2, 6
#: Slap the suspect deck: Moriarty is the culprit when every visible suspect is cleared.
DECK = "deck"
#: Where a hand can land: a visible suspect's place (0-5), or the suspect deck.
Slot = Union[int, Literal["deck"]]

#: The French names of the rulebook, for the glossary.
GLOSSARY = {
    "Suspect card": "carte Suspect",
    "Alibi card": "carte Alibi",
    "culprit": "coupable",
    "to clear (a suspect)": "innocenter",
    "round": "manche",
    "draw pile": "pioche",
    "to accuse (slap)": "désigner un coupable (poser sa main sur la carte)",
    "out for the round": "éliminé de la manche",
}


@dataclass(frozen=True, order=True)
class Suspect:
    """A suspect card: who (animal), wearing what (accessory), seen where (place)."""

    animal: str
    accessory: str
    place: str

    @property
    def traits(self) -> frozenset[str]:
        """The three traits an alibi can clear this suspect by."""
        return frozenset((self.animal, self.accessory, self.place))

    def cleared_by(self, traits) -> bool:
        """Whether any of the revealed ``traits`` clears this suspect."""
        return not self.traits.isdisjoint(traits)

    def __str__(self) -> str:
        return f"the {self.animal} with a {self.accessory} in the {self.place}"


SUSPECTS: tuple[Suspect, ...] = tuple(
    Suspect(animal, accessory, place) for animal, accessory, place in product(ANIMALS, ACCESSORIES, PLACES)
)

#: The alibi deck: each trait four times.
ALIBIS: tuple[str, ...] = tuple(trait for trait in TRAITS for _ in range(COPIES_PER_TRAIT))


def kind_of(trait: str) -> str:
    """Whether a trait is an ``"animal"``, an ``"accessory"`` or a ``"place"``."""
    for kind, traits in TRAIT_KINDS.items():
        if trait in traits:
            return kind
    raise ValueError(f"{trait!r} is not a Sherlock Express trait.")
