"""Rigged tables for Beyond Baker Street's tests: a state built card by card, with every
card not placed going to the deck (Evidence) or the box (Leads), so the 52 cards are
always all there."""

from __future__ import annotations

from collections import Counter

from sherlockkit.games.bakerstreet import rules
from sherlockkit.games.bakerstreet.cards import CASE_FILES, EVIDENCE, KINDS, LEADS, Evidence, Lead, evidence_named
from sherlockkit.games.bakerstreet.state import UNTOLD, Pile, State


def E(*names: str):
    """Evidence cards by name: ``E("Track 4")`` one card, ``E("Track 4", "Clue 1")`` a tuple."""
    cards = tuple(evidence_named(n) for n in names)
    return cards[0] if len(cards) == 1 else cards


def L(kind: str, icon: str, value: int) -> Lead:
    lead = Lead(kind, icon, value)
    assert lead in LEADS
    return lead


def rig(hands, *, deck=None, piles=None, case: int = 1, characters=None, impossible=(), holmes=None,
        investigation: int = 0, turn: int = 0, seed: int = 7, powers_used=frozenset()) -> State:
    """A table with these ``hands`` (tuples of Evidence), ``piles`` ({kind: (leads, evidence)}
    or a Pile; unnamed sections get one default Lead each), the rest of the Evidence in the
    deck (in EVIDENCE order) unless ``deck`` is given."""
    hands = tuple(_cards(h) for h in hands)
    players = len(hands)
    built = []
    defaults = {"Suspect": (L("Suspect", "Clue", 11),), "Motive": (L("Motive", "Clue", 9),),
                "Opportunity": (L("Opportunity", "Clue", 7),)}
    for kind in KINDS:
        spec = (piles or {}).get(kind, (defaults[kind], ()))
        built.append(spec if isinstance(spec, Pile) else Pile(kind, tuple(spec[0]), _cards(spec[1])))
    placed = [c for h in hands for c in h] + [c for p in built for c in p.evidence] + \
             [c for c in impossible if c in EVIDENCE]
    if deck is None:
        deck = tuple(c for c in EVIDENCE if c not in placed)
    used_leads = [lead for p in built for lead in p.leads] + [c for c in impossible if c in LEADS]
    box = tuple(lead for lead in LEADS if lead not in used_leads)
    chars = (None,) * players if characters is None else tuple(characters)
    file = CASE_FILES[case]
    state = State(players=players, case=file, characters=chars, hands=hands,
                 told=tuple((UNTOLD,) * len(h) for h in hands), deck=tuple(deck), piles=tuple(built),
                 impossible=tuple(impossible), box=box, holmes=file.holmes if holmes is None else holmes,
                 investigation=investigation, turn=turn, step=0, powers_used=frozenset(powers_used), seed=seed,
                 events=())
    assert_accounted(state)  # a test that places a card twice is wrong, not the engine
    return state


def _cards(cards) -> tuple:
    """A single card or several, as a tuple."""
    return (cards,) if isinstance(cards, Evidence) else tuple(cards)


def all_cards(state: State) -> Counter:
    """Every card of the table, wherever it is, counted."""
    return Counter([c for h in state.hands for c in h] + list(state.deck)
                   + [c for p in state.piles for c in p.evidence] + [lead for p in state.piles for lead in p.leads]
                   + list(state.impossible) + list(state.box))


def assert_accounted(state: State) -> None:
    """The 52 cards are each in exactly one place."""
    counted = all_cards(state)
    assert counted == Counter(EVIDENCE) + Counter(LEADS), counted - (Counter(EVIDENCE) + Counter(LEADS))
    assert all(len(t) == len(h) for t, h in zip(state.told, state.hands))


def new_events(before: State, after: State) -> tuple:
    """The events ``after`` added."""
    return after.events[len(before.events):]


def act(state: State, action) -> State:
    """``state`` after ``action`` (which must be legal), checked for the 52 cards."""
    after = rules.play(state, action)
    assert_accounted(after)
    return after
