"""Beyond Baker Street's inference bot: it reads Assists as the conventions mean them
(``conventions.py``), and otherwise keeps the exact belief about its own hand
(``odds.belief``) and picks the move whose expected progress, from the exact odds, is
best (a certain loss is never chosen). It is also the blueprint the searching bot
(``search.py``) checks its moves against.
"""

from __future__ import annotations

import random

from sherlockkit.games.bakerstreet import odds
from sherlockkit.games.bakerstreet.conventions import (
    HOLMES_MARGIN, conventions, hints, pursue_dead_end, settled_move)
from sherlockkit.games.bakerstreet.state import Action, Eliminate, Investigate, View

#: the inference bot's weights: the least a card move must be worth before a hint is
#: preferred, what a wrong icon costs (it raises a target), what an Eliminate is worth
INF_THRESHOLD, INF_WRONG, INF_ELIM = 0.8, 0.5, 0.3


def card_moves(view: View, options: list[Action]) -> list[tuple[float, Action]]:
    """The Investigates and Eliminates of ``options``, each with what the inference bot
    expects of it from the exact belief about its own hand (a Lead made exact counts 3, a
    Lead advanced 1, a Lead killed -4, a wrong icon -0.5; an Eliminate landing on 20
    counts 2, any other 0.3, less 0.5 when the Impossible is full), best first; an
    Eliminate that may pass 20 is left out."""
    belief = odds.belief(view)
    deals = belief.deals
    out = []
    for a in options:
        # whole counts of deals, divided at the last moment: the same floats as the exact
        # chances' (``odds.investigate_odds``) would give, without making the Fractions
        if isinstance(a, Investigate):
            w = odds.investigate_deals(view, a.card, a.lead, belief)
            score = (3 * w["exact"] + w["advance"] - 4 * w["kill"]) / deals - INF_WRONG * (w["wrong_icon"] / deals)
        elif isinstance(a, Eliminate):
            w = odds.eliminate_deals(view, a.card, belief)
            if w["over"]:
                continue
            crowded = len(view.impossible) >= view.impossible_limit
            score = 2 * w["exact"] / deals + INF_ELIM - (0.5 if crowded else 0)
        else:
            continue
        out.append((score, a))
    out.sort(key=lambda sa: -sa[0])  # stable: of equal scores, the list's first
    return out


def inference(view: View, options: list[Action], rng: random.Random) -> Action:
    """The inference bot's move: the conventions' first moves, then the best expected
    outcome from the exact belief about its own hand."""
    move = settled_move(view, options)
    if move:
        return move
    scored = card_moves(view, options)
    if scored and scored[0][0] > INF_THRESHOLD:  # below this, a hint or a pursuit is worth more
        return scored[0][1]
    if view.holmes > HOLMES_MARGIN:
        good = hints(view, options)
        if good:
            return good[0][1]
    return pursue_dead_end(view, options) or conventions(view, options, rng)
