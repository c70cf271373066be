"""Picture Perfect: the fourteen guests of the party, the project's own.

Ten grown-ups (five women, five men), two children, a potted plant and a dog. Every player
has the same fourteen figures and each guest has one envelope of wishes. What a guest
*is* for the wishes is its ``kind``; how its figure looks to the camera (its outline and
where its face is) is in ``figures.py``.

Decision (stated on the rules-decisions page): "a man" and "a woman" in a wish mean the
grown-ups; the children, the plant and the dog are neither.
"""

from __future__ import annotations

from dataclasses import dataclass

MAN, WOMAN, CHILD, PLANT, DOG = "man", "woman", "child", "plant", "dog"
KINDS = (MAN, WOMAN, CHILD, PLANT, DOG)


@dataclass(frozen=True)
class Guest:
    """A guest: ``name`` (also its envelope's), ``kind``, and a few words of its looks."""

    name: str
    kind: str
    looks: str

    @property
    def person(self) -> bool:
        """Whether the guest is a person (a grown-up or a child), not the plant or the dog."""
        return self.kind in (MAN, WOMAN, CHILD)


GUESTS: tuple[Guest, ...] = (
    Guest("Lady Arabella", WOMAN, "a tall lady in a plumed hat"),
    Guest("the Colonel", MAN, "a stout old soldier with a white moustache"),
    Guest("Mrs Pike", WOMAN, "the housekeeper, keys at her belt"),
    Guest("the Reverend", MAN, "a thin vicar in a wide black hat"),
    Guest("Miss Ashby", WOMAN, "a young governess, turned to look out of the window"),
    Guest("Doctor Vale", MAN, "a family doctor with his bag"),
    Guest("Signora Bellini", WOMAN, "an opera singer in a great fur stole"),
    Guest("Captain Thorne", MAN, "a sea captain in a pea coat, seen from behind"),
    Guest("Madame Roche", WOMAN, "a fortune teller under a veil"),
    Guest("Mr Wren", MAN, "a nervous young clerk, very tall"),
    Guest("Tom", CHILD, "a boy with a hoop"),
    Guest("Polly", CHILD, "a girl holding a kite"),
    Guest("the Aspidistra", PLANT, "a potted plant with broad leaves"),
    Guest("Biscuit", DOG, "a spaniel sitting up"),
)
NAMES = tuple(g.name for g in GUESTS)
BY_NAME = {g.name: g for g in GUESTS}


# --- the variant "detectives as guests" (issue 14) ------------------------------------------------
#: Watson, Holmes and Irène as plain guests, in this order: each with an envelope of wishes,
#: scored by them like anyone; Watson and Holmes are men, Irène a woman. (The same names as
#: the expansion's figures, ``figures.EXPANSION_NAMES``.)
DETECTIVES: tuple[Guest, ...] = (
    Guest("Watson", MAN, "the doctor, in a bowler hat, notebook in hand"),
    Guest("Holmes", MAN, "the detective in his deerstalker, pipe in hand"),
    Guest("Irène", WOMAN, "the adventuress, in an evening gown"),
)
DETECTIVE_NAMES = tuple(g.name for g in DETECTIVES)
#: every guest who may come to a party: our fourteen, then the three detectives
EVERY_NAME = NAMES + DETECTIVE_NAMES
#: how many guests a party has (the detectives' variant removes three of the seventeen)
PARTY_SIZE = len(NAMES)


def party(table) -> tuple[str, ...]:
    """The fourteen guests of this party (a ``State``, a ``View``, or anything with a
    ``guests`` field), in a fixed order -- our order, then Watson, Holmes, Irène -- the
    order the table keeps envelopes and holders in. An empty ``guests`` (every party but
    the detectives' variant) means our fourteen, ``NAMES``."""
    return tuple(getattr(table, "guests", ()) or ()) or NAMES


def in_party_order(names) -> tuple[str, ...]:
    """``names`` (guests of any party) in the fixed order of ``EVERY_NAME``."""
    chosen = set(names)
    return tuple(g for g in EVERY_NAME if g in chosen)


def capital(text: str) -> str:
    """``text`` with a capital first letter: a sentence starting with a guest's name ("the
    Colonel ...") starts with a capital."""
    return text[:1].upper() + text[1:]


def guest_named(name: str) -> Guest:
    """The guest called ``name``; ``ValueError`` with a sentence if there is none."""
    if name in BY_NAME:
        return BY_NAME[name]
    raise ValueError(f"There is no guest called {str(name)[:40]!r} at this party.")


def any_guest_named(name: str) -> Guest:
    """The guest called ``name`` among all seventeen who may come to a party (our fourteen
    and, for the detectives' variant, Watson, Holmes and Irène as guests); ``ValueError``
    with a sentence for nobody's name. (Whether that guest is at *this* party: ``party``.)"""
    for g in DETECTIVES:
        if g.name == name:
            return g
    return guest_named(name)
