"""Bots for Beyond Baker Street. A bot chooses among the moves ``rules.legal_moves`` offers
its own :class:`~state.View` (its own hand is ``None`` there), reading the view and the
typed events in it, never the log's sentences -- except the ``"seeing"`` bot, a yardstick
for the ladder only, which is handed its own hand by a ``peek`` callable the harness gives
it (never offered as a teammate).

Five levels, weakest first:

- ``"random"``: any legal action, uniformly at random.
- ``"conventions"``: rules of thumb and the conventions every thinking bot shares
  (``conventions.py``).
- ``"inference"``: the conventions, and otherwise the best expected move from the exact
  belief about its own hand (``inference.py``).
- ``"search"``: the inference bot's move checked by playing the case out on tables drawn
  from that belief, every seat playing the inference bot, and changed when another move
  does clearly better (``search.py``); ``deals`` tables a searched move.
- ``"seeing"``: knows its own cards (``peek``) and plays greedily: confirm, make a Lead
  exact, advance a Lead, eliminate towards exactly 20, pursue dead ends; with nothing of
  that, it passes (an Assist, while Holmes can afford the step) rather than risk a Lead
  it can see.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable

from sherlockkit.games.bakerstreet import rules, search
from sherlockkit.games.bakerstreet.cards import INVESTIGATION_GOAL, Evidence
from sherlockkit.games.bakerstreet.conventions import fits_lead, confirm_now, conventions, not_losing, pursue_dead_end
from sherlockkit.games.bakerstreet.inference import inference
from sherlockkit.games.bakerstreet.state import Action, Assist, Eliminate, Investigate, View

LEVELS = ("random", "conventions", "inference", "search", "seeing")
SEEING = "seeing"


def seeing(view: View, options: list[Action], hand: tuple[Evidence, ...], rng: random.Random) -> Action:
    """The seeing bot's move, knowing its own ``hand``: greedy on the cards as they are."""
    move = confirm_now(view, options)
    if move:
        return move
    best, best_score = None, -1.0
    for a in options:
        if isinstance(a, Investigate):
            card, pile = hand[a.card], next(p for p in view.piles if p.kind == a.lead)
            if card.icon != pile.lead.icon or not fits_lead(pile, card.number):
                continue
            score = 5.0 if pile.total + card.number == pile.target else 1 + card.number / 10
        elif isinstance(a, Eliminate):
            after = view.investigation + hand[a.card].number
            if after > INVESTIGATION_GOAL:
                continue
            score = 4.0 if after == INVESTIGATION_GOAL else 0.5 + hand[a.card].number / 20
            if len(view.impossible) >= view.impossible_limit:
                score -= 0.4
        else:
            continue
        if score > best_score:
            best, best_score = a, score
    return best or pursue_dead_end(view, options) or _pass(view, options) or not_losing(view, options, rng)


def _pass(view: View, options: list[Action]) -> Action | None:
    """The seeing bot's pass, when no card of its own can help: an Assist while Holmes can
    afford the step (it tells a seeing teammate nothing, but harms no Lead), the first the
    list offers. Before issue 29 it fell back on a random move that could kill a Lead it
    could see: 2-8 points of win rate lower (``ladder.csv``)."""
    if view.holmes <= 1:
        return None
    return next((a for a in options if isinstance(a, Assist)), None)


@dataclass
class Bot:
    """One seat's bot, following ``engine.Bot``: ``choose(view)`` returns its move, or
    ``None`` when it is not its turn. Only a ``"seeing"`` bot has a ``peek``: the
    harness's way of telling it its own hand (seat -> cards). ``deals``: the tables a
    ``"search"`` bot plays out for each move it searches (its budget)."""

    seat: int
    level: str
    rng: random.Random
    peek: Callable[[int], tuple[Evidence, ...]] | None = None
    deals: int = search.DEALS

    def choose(self, view: View) -> Action | None:
        """The move this bot makes on this table, of the moves its view offers (its
        level's choice), or ``None`` when it is not its turn."""
        if view.outcome is not None or view.turn != self.seat:
            return None
        options = rules.legal_moves(view)
        if not options:
            return None
        if self.level == "random":
            return self.rng.choice(options)
        if self.level == "conventions":
            return conventions(view, options, self.rng)
        if self.level == "inference":
            return inference(view, options, self.rng)
        if self.level == "search":
            return search.search(view, options, self.rng, self.deals)
        return seeing(view, options, self.peek(self.seat), self.rng)


def make_bots(levels: dict[int, str], seed: int, peek: Callable[[int], tuple[Evidence, ...]] | None = None,
              deals: int = search.DEALS) -> dict[int, Bot]:
    """A bot for each seat in ``levels`` (seat -> level), each with its own random source.
    A ``"seeing"`` bot needs ``peek`` (seat -> that seat's hand), given by the harness;
    ``deals`` is a ``"search"`` bot's budget (tables played out a searched move)."""
    unknown = set(levels.values()) - set(LEVELS)
    if unknown:
        raise ValueError(f"Unknown bot level {min(unknown)!r}; the levels are {', '.join(LEVELS)}.")
    if SEEING in levels.values() and peek is None:
        raise ValueError("A seeing bot must be told its own hand: give make_bots a peek.")
    if isinstance(deals, bool) or not isinstance(deals, int) or deals < 1:
        raise ValueError(f"A searching bot plays out at least one table a move, not {str(deals)[:30]!r}.")
    return {seat: Bot(seat, level, random.Random(f"{seed}/{seat}"), peek if level == SEEING else None, deals)
            for seat, level in levels.items()}
