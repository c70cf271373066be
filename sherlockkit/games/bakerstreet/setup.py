"""The deal (the rulebook's "Setup"): the Case File sets the Holmes marker and the
Impossible's limit; each Lead pile shuffled apart and three of a kind dealt to each
section, the top one face up; the characters, if any, dealt; the Evidence shuffled and
dealt by the number of players, the rest the deck; the lowest-numbered character starts.

Decisions: without characters, seat 0 starts (the rulebook asks who last read a Holmes
story); the Leads not dealt go back to the box.
"""

from __future__ import annotations

from sherlockkit.engine import chance
from sherlockkit.games.bakerstreet.cards import CASE_FILES, EVIDENCE, HAND_SIZES, KINDS, LEADS, PILE_SIZE
from sherlockkit.games.bakerstreet.characters import CHARACTERS
from sherlockkit.games.bakerstreet.events import CaseOpened
from sherlockkit.games.bakerstreet.state import UNTOLD, Pile, State

#: the option that deals the characters at random
DEALT = "dealt"


def cast(option, players: int, seed: int) -> tuple[str | None, ...]:
    """The character of each seat the option asks for (``None``, :data:`DEALT` or one id a
    seat), or ``ValueError`` with a sentence."""
    if option is None:
        return (None,) * players
    if option == DEALT:
        return tuple(chance(seed, 0, "characters").sample(sorted(CHARACTERS), players))
    if isinstance(option, (str, bytes)) or not isinstance(option, (list, tuple)):
        raise ValueError("Characters are none, 'dealt', or a list of character names, one a seat.")
    if len(option) != players:
        raise ValueError(f"Give every seat a character: {players} of them, not {len(option)}.")
    for cid in option:
        if not isinstance(cid, str) or cid not in CHARACTERS:
            raise ValueError(f"There is no character called {str(cid)[:30]!r}; they are "
                             f"{', '.join(sorted(CHARACTERS))}.")
    if len(set(option)) != players:
        raise ValueError("Every seat plays a different character.")
    return tuple(option)


def first_player(characters: tuple[str | None, ...]) -> int:
    """The seat that plays first: the lowest character number, or seat 0 without characters."""
    if any(c is None for c in characters):
        return 0
    return min(range(len(characters)), key=lambda seat: CHARACTERS[characters[seat]].number)


def deal(seed: int, players: int, case: int, characters: tuple[str | None, ...]) -> State:
    """The table of Case File ``case`` dealt from ``seed`` for ``players`` seats playing
    ``characters``."""
    deck = list(EVIDENCE)
    chance(seed, 0, "evidence").shuffle(deck)
    size = HAND_SIZES[players]
    hands = tuple(tuple(deck[p * size:(p + 1) * size]) for p in range(players))
    piles = []
    for kind in KINDS:
        of_kind = [lead for lead in LEADS if lead.kind == kind]
        piles.append(Pile(kind, tuple(chance(seed, 0, f"leads/{kind}").sample(of_kind, PILE_SIZE))))
    dealt = {lead for pile in piles for lead in pile.leads}
    file = CASE_FILES[case]
    first = first_player(characters)
    return State(
        players=players, case=file, characters=characters, hands=hands,
        told=tuple((UNTOLD,) * size for _ in hands), deck=tuple(deck[players * size:]), piles=tuple(piles),
        impossible=(), box=tuple(lead for lead in LEADS if lead not in dealt), holmes=file.holmes,
        investigation=0, turn=first, step=0, powers_used=frozenset(), seed=seed,
        events=(CaseOpened(case, players, first),))
