"""Picture Perfect: the deal, and dealing again what a player cannot see.

The base game: the preference cards are shuffled and three go into each guest's envelope
(none naming its own guest: ``cards.deal_envelopes``); each player is dealt two envelopes
(one with five or six players) and reads them; the rest lie in the middle; the exchange
deck is shuffled and its first six cards are the rounds'. The Sherlock expansion
(``alibis.py``): a culprit drawn face down and a victim face up, an Alibi card in every
envelope, the culprit's two face-up cards, the victim's envelope back in the box and the
envelopes of the guests who were outside in the middle; its seven exchange cards in
order. The variant "detectives as guests" (the base game): three of the seventeen guests
drawn to stay in the box. Every draw comes from the seed's own streams (``engine.chance``).
"""

from __future__ import annotations

import random
from dataclasses import replace

from sherlockkit.engine import chance
from sherlockkit.games.picture import alibis, phases
from sherlockkit.games.picture.cards import (
    CULPRIT_CARD, EXCHANGES, PREFERENCES, ROUNDS, SHERLOCK_EXCHANGES, SHERLOCK_PREFERENCES, deal_envelopes,
    detectives_deck, draw_way_out, envelopes_each, fits,
)
from sherlockkit.games.picture.envelopes import reading
from sherlockkit.games.picture.events import Dealt, Read
from sherlockkit.games.picture.guests import EVERY_NAME, NAMES, PARTY_SIZE, in_party_order, party
from sherlockkit.games.picture.photo import DEFAULT_CAMERA
from sherlockkit.games.picture.questions import sheet_of
from sherlockkit.games.picture.seeing import read_by
from sherlockkit.games.picture.state import EXCHANGING, OVER, Envelope, State

DETECTIVES_AS_GUESTS, MORE_SUSPECTS = "detectives as guests", "more suspects"


def detectives_party(seed: int, players: int, notes: bool) -> State:
    """The variant "detectives as guests" (the base game): three of the seventeen guests
    (ours and Watson, Holmes, Irène), drawn from the seed's own stream, go back to the
    box with every card naming them; the other fourteen play as plain guests."""
    removed = in_party_order(chance(seed, 0, "guests removed").sample(EVERY_NAME, len(EVERY_NAME) - PARTY_SIZE))
    guests = tuple(g for g in EVERY_NAME if g not in removed)
    return deal(seed, players, notes, False, False, DETECTIVES_AS_GUESTS, guests, removed)


def deal(seed: int, players: int, notes: bool, sherlock: bool, irene: bool, variant: str | None,
         guests: tuple[str, ...] = (), removed: tuple[str, ...] = ()) -> State:
    """The party dealt from ``seed`` with options ``rules.new`` has checked, its first round
    begun; ``guests``: the party's fourteen in the detectives' variant (empty: ours),
    ``removed`` the three back in the box."""
    names = guests or NAMES
    deck = list(detectives_deck(guests) if guests else PREFERENCES) + (list(SHERLOCK_PREFERENCES) if sherlock else [])
    chance(seed, 0, "preferences").shuffle(deck)
    case, way_out = None, None
    if sherlock:
        case = alibis.deal_case(seed, alibis.draw_outside(seed) if variant == MORE_SUSPECTS else ())
        way_out, deck = draw_way_out(deck)
    contents, rest = deal_envelopes(deck, names)
    order = list(names)
    chance(seed, 0, "envelopes").shuffle(order)
    if case is not None:  # the victim's envelope is boxed, the outside guests' lie in the middle
        order = [g for g in order if g != case.victim and g not in alibis.outside(case)]
    each = envelopes_each(players)
    holders = {g: p for p in range(players) for g in order[p * each:(p + 1) * each]}
    exchanges = list(EXCHANGES)
    chance(seed, 0, "exchange").shuffle(exchanges)
    if sherlock:
        exchanges = list(SHERLOCK_EXCHANGES)  # in order, no. 1 first: seven rounds
    dealt = Dealt(players, notes, tuple((g, holders[g]) for g in names if g in holders), irene=irene,
                  removed=removed)
    state = State(
        players=players, notes=notes, seed=seed, step=0, round=0,
        exchanges=tuple(exchanges[:len(SHERLOCK_EXCHANGES) if sherlock else ROUNDS]), phase=EXCHANGING,
        envelopes=tuple(Envelope(g, c) for g, c in zip(names, contents)),
        holders=tuple(holders.get(g) for g in names), deck=rest, mats=((),) * players,
        cameras=((DEFAULT_CAMERA.x, DEFAULT_CAMERA.height),) * players, turns=(), chosen=(None,) * players,
        pending=None, taken=frozenset(), ready=frozenset(), vips=(True,) * players, events=(dealt,),
        irene=irene, variant=variant if guests else None, guests=guests,
    )
    if case is not None:
        culprit_cards = (CULPRIT_CARD, way_out)
        state = replace(state, sherlock=True, variant=variant, culprit=case.culprit, victim=case.victim,
                        alibis=case.alibis, culprit_cards=culprit_cards, outside=case.outside,
                        events=(replace(dealt, victim=case.victim, culprit_cards=culprit_cards,
                                        outside=case.outside),))
    reads = tuple(reading(state, holders[g], g) for g in names if g in holders)  # holding is reading
    return phases.begin_round(replace(state, events=state.events + reads), 1)


def shuffle_hidden(state: State, player: int, rng: random.Random, tries: int = 1000) -> State:
    """The same table with every preference card ``player`` has not seen dealt again:
    the cards of the envelopes they never held and the undealt deck, among themselves,
    each envelope keeping three cards none of which names its own guest. Other players'
    readings of those envelopes follow their new contents. VIP cards stay where they are;
    in a Sherlock party the Alibi cards they never read are dealt again too."""
    if state.phase == OVER:
        return state
    seen = read_by(state, player)
    names = party(state)
    hidden = [i for i, g in enumerate(names) if g not in seen]
    pool = [c for i in hidden for c in state.envelopes[i].cards] + list(state.deck)
    for _ in range(tries):
        rng.shuffle(pool)
        dealt = {names[i]: tuple(pool[3 * k:3 * k + 3]) for k, i in enumerate(hidden)}
        if all(fits(g, cards) for g, cards in dealt.items()):
            break
    else:
        return state  # no fitting deal found: leave the table as it is (never seen in practice)
    envelopes = tuple(replace(e, cards=dealt[e.guest]) if e.guest in dealt else e for e in state.envelopes)
    events = tuple(replace(e, cards=dealt[e.guest]) if isinstance(e, Read) and e.guest in dealt else e
                   for e in state.events)
    state = replace(state, envelopes=envelopes, deck=tuple(pool[3 * len(hidden):]), events=events)
    return _shuffle_alibis(state, player, seen, rng) if state.sherlock else state


def _shuffle_alibis(state: State, player: int, seen: frozenset[str], rng: random.Random) -> State:
    """The Alibi cards of the envelopes a player never read and the culprit's face-down
    card dealt again among themselves (the culprit's always a suspect's card); the
    outside guests' "I saw nothing" and the victim stay, being public. Other players'
    readings follow the new cards."""
    away = alibis.outside(state)
    unread = [g for g, a in zip(NAMES, state.alibis) if g not in seen and a is not None and g not in away]
    pool = [alibis.alibi_of(state.alibis, g) for g in unread] + [state.culprit]
    ruled_out = sheet_of(state.events, player, state.victim)
    while True:  # the true deal fits, so a fitting one is found
        rng.shuffle(pool)
        if pool[-1] != alibis.SAW_NOTHING and pool[-1] not in ruled_out:
            break
    dealt = dict(zip(unread, pool))
    cards = tuple(dealt.get(g, a) for g, a in zip(NAMES, state.alibis))
    events = tuple(replace(e, alibi=dealt[e.guest]) if isinstance(e, Read) and e.guest in dealt else e
                   for e in state.events)
    return replace(state, alibis=cards, culprit=pool[-1], events=events)
