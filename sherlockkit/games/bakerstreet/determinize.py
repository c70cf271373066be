"""A whole table drawn to fit what one player has seen: what a searching bot plays its
rollouts on (issue 29), and what a game-AI library's "sample a state from this
information state" asks for.

Reads the player's :class:`~state.View` only. Their own hand is drawn from the deals that
fit everything they have seen, in order (``odds.possible``: what each slot was told, and
no card in sight since the slot was filled), every such deal alike -- the deals
``odds.belief`` counts; the deck is the other unseen cards in a random order; each
section's face-down Leads are drawn from its kind's Leads nobody has seen, and the rest go
in the box. The table's own random source (a reshuffled deck) is drawn anew.
"""

from __future__ import annotations

import random

from sherlockkit.games.bakerstreet import odds
from sherlockkit.games.bakerstreet.cards import LEADS, Lead
from sherlockkit.games.bakerstreet.events import LeadDied
from sherlockkit.games.bakerstreet.sections import Pile
from sherlockkit.games.bakerstreet.state import State, View

#: deals drawn before a view is declared to fit none (what it was told contradicts itself)
TRIES = 100_000


def own_hand(view: View, rng: random.Random, model: str = odds.EVERYTHING_SEEN, cards: tuple | None = None) -> tuple:
    """A hand for ``view.player`` drawn uniformly from the deals that fit what they have
    seen: each slot a card drawn from those it may hold, a deal giving one card to two
    slots thrown away (so every fitting deal is as likely as another). ``cards``: the
    unseen cards (``odds.unseen(view)``), when the caller has them already."""
    cards = odds.unseen(view) if cards is None else cards
    choices = [[c for c, ok in zip(cards, row) if ok] for row in odds.possible(view, cards, model)]
    if any(not options for options in choices):
        raise ValueError("What the player was told of a card fits none of the cards they cannot see.")
    for _ in range(TRIES):
        hand = tuple(rng.choice(options) for options in choices)
        if len(set(hand)) == len(hand):
            return hand
    raise ValueError(f"No deal of {TRIES:,} drawn gives each slot a card of its own.")


def table_for(view: View, rng: random.Random, model: str = odds.EVERYTHING_SEEN) -> State:
    """A whole table ``view.player`` could be sitting at: their view of it is ``view``
    (see the module's docstring for what is drawn)."""
    cards = odds.unseen(view)
    hand = own_hand(view, rng, model, cards)
    deck = [c for c in cards if c not in hand]
    rng.shuffle(deck)
    if len(deck) != view.deck_size:
        raise ValueError(f"The view counts {view.deck_size} cards in the deck, but {len(deck)} are unseen.")
    boxed = tuple(e.lead for e in view.events if isinstance(e, LeadDied) and not e.impossible)
    known = ({p.lead for p in view.piles if p.lead is not None} | set(boxed)
             | {x for x in view.impossible if isinstance(x, Lead)})
    piles = []
    for pile in view.piles:
        below = rng.sample([lead for lead in LEADS if lead.kind == pile.kind and lead not in known], pile.leads_below)
        leads = (pile.lead, *below) if pile.lead is not None else ()
        piles.append(Pile(pile.kind, leads, pile.evidence, pile.confirmed))
    placed = {lead for p in piles for lead in p.leads} | known
    box = tuple(lead for lead in LEADS if lead not in placed) + boxed
    hands = view.hands[:view.player] + (hand,) + view.hands[view.player + 1:]
    return State(
        players=view.players, case=view.case, characters=view.characters, hands=hands, told=view.told,
        deck=tuple(deck), piles=tuple(piles), impossible=view.impossible, box=box, holmes=view.holmes,
        investigation=view.investigation, turn=view.turn, step=0, powers_used=view.powers_used,
        seed=rng.randrange(2 ** 31), events=view.events)
