"""Tables set up by hand for the card game's tests: chosen hands, pile and top card.

``rig`` starts from a real deal (so names, scoring and options are the engine's own) and
replaces the cards with the ones a test asks for. Every one of the 108 cards stays
accounted for: what the hands and the pile do not hold is put among the cards already
played this hand, which also makes the hand "open" (The game is afoot! is behind us).
"""

from __future__ import annotations

import copy
import re
from collections import Counter
from dataclasses import replace

import pytest

from sherlockkit.engine import IllegalAction
from sherlockkit.games.cardgame import narration, rules
from sherlockkit.games.cardgame.cards import (
    AFOOT, BAKER_STREET, CLUE, COUNTRY, HANSOM, IN_COUNTRY, IN_LONDON, LONDON, SCOTLAND_YARD, THICK_FOG, TRAIN,
    full_deck,
)
from sherlockkit.games.cardgame.legality import ANYWHERE, Top
from sherlockkit.games.cardgame.state import PLAY, Play, State

#: a few tables the tests use often
AT_LONDON = Top(LONDON, IN_LONDON)
AT_BAKER_STREET = Top(BAKER_STREET, IN_LONDON)
AT_YARD = Top(SCOTLAND_YARD, IN_LONDON)
AT_COUNTRY = Top(COUNTRY, IN_COUNTRY)
TRAIN_FROM_LONDON = Top(TRAIN, IN_LONDON)
TRAIN_FROM_COUNTRY = Top(TRAIN, IN_COUNTRY)
HANSOM_IN_LONDON = Top(HANSOM, IN_LONDON)
HANSOM_IN_COUNTRY = Top(HANSOM, IN_COUNTRY)
FOG = Top(THICK_FOG, ANYWHERE)
CLUE_L = Top(CLUE, IN_LONDON)
CLUE_C = Top(CLUE, IN_COUNTRY)

#: ``pile=REST``: every card not in a hand goes to the pile (bar the top card, which is played)
REST = "rest"


def top(card: str, region: str = IN_LONDON) -> Top:
    """The table showing ``card`` in ``region`` (Thick Fog is always 'anywhere')."""
    return Top(card, ANYWHERE if card == "Thick Fog" else region)


def leftover(*groups) -> Counter:
    """The cards of the deck that none of ``groups`` (lists of cards) holds; fails the
    test if the groups ask for more copies of a kind than the deck has."""
    rest = Counter(full_deck())
    for group in groups:
        rest.subtract(Counter(group))
    short = {k: -n for k, n in rest.items() if n < 0}
    assert not short, f"the deck has not that many of {short}"
    return +rest


def ordered(counter: Counter) -> list[str]:
    """A counter of cards as a list, in the deck's order (so a rigged table is reproducible)."""
    out = []
    for kind in dict.fromkeys(full_deck()):
        out += [kind] * counter[kind]
    return out


def rig(hands, pile=(), on: Top = AT_LONDON, turn: int = 0, seed: int = 7, **changes) -> State:
    """A table in mid-hand with exactly these ``hands`` (lists of kinds, one per player),
    this draw ``pile`` (top first; ``REST`` for all the other cards) and ``on`` as the
    table's top, ``turn`` to play; ``changes`` replaces any other field of the state
    (``hands_in_game=1``, ``scoring=...``...). Options of ``rules.new`` may be given as
    ``options={...}``."""
    options = changes.pop("options", {})
    players = len(hands)
    state = rules.new(seed, players=players, **options)
    hands = tuple(tuple(h) for h in hands)
    if pile == REST:
        rest = leftover(*hands)
        first = on.card if rest[on.card] else AFOOT
        if not rest[first]:
            raise AssertionError("a rigged table needs a card already played")
        rest[first] -= 1
        played = (first,)
        pile = tuple(ordered(+rest))
    else:
        pile = tuple(pile)
        rest = leftover(*hands, pile)
        played = ordered(rest)
        # the top card last, as the table would show it
        if on.card in played:
            played.remove(on.card)
            played.append(on.card)
        played = tuple(played)
        if not played:
            raise AssertionError("a rigged table needs a card already played")
    state = replace(
        state, hands=hands, pile=tuple(pile), played=played, top=on, turn=turn, phase=PLAY, drawn=None,
        pending=None, passing=(), resume=0, idle=0,
    )
    state = replace(state, **changes)
    assert_accounted(state)
    return state


def all_cards(state) -> Counter:
    """Every card on the table: the hands, the pile and this hand's played cards."""
    return Counter(c for h in state.hands for c in h) + Counter(state.pile) + Counter(state.played)


def assert_accounted(state) -> None:
    assert all_cards(state) == Counter(full_deck())


def one_of_each(*kinds_to_skip) -> list[str]:
    """A hand holding one card of every kind (but ``kinds_to_skip``)."""
    return [k for k in dict.fromkeys(full_deck()) if k not in kinds_to_skip]


def kinds_offered(state, player: int) -> set[str]:
    """The kinds ``player`` may play now (whatever the target)."""
    return {a.card for a in rules.legal_actions(state, player) if isinstance(a, Play)}


def act(state, *actions):
    """The table after ``actions``, each one checked by the rules."""
    for action in actions:
        state = rules.play(state, action)
    return state


def refused(state, action, fragment):
    """``action`` is refused with a sentence holding ``fragment``, is not offered, and
    the table is left exactly as it was."""
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction, match=re.escape(fragment)):
        rules.play(state, action)
    assert state == before
    assert action not in rules.legal_actions(state)


def told(table) -> tuple[str, ...]:
    """What happened at ``table`` (a state, or a view), in the log's sentences, as a reader
    at no seat reads them."""
    return narration.sentences(table.events, table.names)


def name(seat):
    """How a seat is called when no names are given."""
    return f"Player {seat + 1}"
