"""Beyond Baker Street's searching bot: the inference bot's move, checked by playing the
case on to its end from tables drawn to fit what the bot has seen.

The method is single-agent search on top of a blueprint (Lerer et al., "Improving
Policies via Search in Cooperative Partially Observable Games", 2020), as Hanabi bots
use it: the *blueprint* is the inference bot (``inference.py``), which every seat --
this one too, after this move -- is assumed to play. At its turn the searching bot:

1. plays the blueprint's move outright when it is one the conventions settle (a Confirm,
   following an Assist): search would only add noise there;
2. otherwise takes a few *candidates*: the blueprint's move, the card moves the inference
   bot rates best, the best hint (while Holmes can afford it), a Pursue of a dead end;
3. draws :data:`DEALS` whole tables that fit its view (``determinize.table_for``: its own
   hand from the exact belief, the deck and the face-down Leads at random), and on each
   plays every candidate and then the blueprint for every seat to the end of the case,
   every candidate on the same tables with the same random sources (so the comparison is
   between moves, not between luck);
4. keeps the blueprint's move unless another candidate's mean value beats it by more than
   :data:`MARGIN`: a search on a few tables is noisy, and a noisy winner would often be
   worse than the blueprint (the "deviate only when sure" rule of the paper).

A played-out case is worth 1 when won, plus a little (:data:`PROGRESS`) for how far it
got: with the hard Case Files the blueprint almost never wins, and win or loss alone
would tell the candidates nothing apart.

Everything is drawn from the bot's own random source, so a case is played the same from
its seed every time (the ladder's replay test depends on it).
"""

from __future__ import annotations

import random

from sherlockkit.games.bakerstreet import conventions, determinize, rules
from sherlockkit.games.bakerstreet.cards import INVESTIGATION_GOAL
from sherlockkit.games.bakerstreet.inference import card_moves, inference
from sherlockkit.games.bakerstreet.state import Action, State, View

#: tables drawn for each searched move (the budget: every candidate is played out on each)
DEALS = 6
#: card moves (Investigate, Eliminate) the inference bot rates best, taken as candidates
CARD_CANDIDATES = 2
#: how much better than the blueprint's move (in mean value a played-out case) another
#: candidate must do before the searching bot plays it
MARGIN = 0.1
#: what a lost case's progress (its Leads and the track, 0 to 1) is worth beside a win's 1
PROGRESS = 0.25
#: no played-out case lasts longer (``teams.MOVE_LIMIT``'s bound: they end far sooner)
ROLLOUT_LIMIT = 400


def progress(state: State) -> float:
    """How far the case got, from 0 to 1: each section a quarter (confirmed, or the share of
    its target its evidence reaches), the Investigation track the last quarter (its share
    of 20, nothing once past it)."""
    sections = sum(1.0 if p.confirmed else (p.seen.total / p.seen.target if p.lead else 0.0)
                   for p in state.piles)
    track = state.investigation / INVESTIGATION_GOAL if state.investigation <= INVESTIGATION_GOAL else 0.0
    return (sections + track) / 4


def worth(state: State) -> float:
    """What a finished case is worth to the search: 1 for a win, plus :data:`PROGRESS` times
    its :func:`progress`."""
    won = rules.outcome(state)
    return (1.0 if won is not None and won.won else 0.0) + PROGRESS * progress(state)


def played_out(table: State, first: Action, rng: random.Random) -> float:
    """The :func:`worth` of the case on ``table`` when ``first`` is played and then every
    seat plays the blueprint (each from its own view) to the end."""
    state = rules.play(table, first)
    for _ in range(ROLLOUT_LIMIT):
        if rules.outcome(state) is not None:
            break
        seen = rules.view(state, state.turn)
        state = rules.play(state, inference(seen, rules.legal_moves(seen), rng))
    return worth(state)


def candidates(view: View, options: list[Action], blueprint: Action) -> list[Action]:
    """The moves worth searching, the blueprint's first (see the module's docstring), each once."""
    out = [blueprint]
    out += [move for _, move in card_moves(view, options)[:CARD_CANDIDATES]]
    if view.holmes > 1:
        good = conventions.hints(view, options)
        if good:
            out.append(good[0][1])
    pursuit = conventions.pursue_dead_end(view, options)
    if pursuit is not None:
        out.append(pursuit)
    return list(dict.fromkeys(out))


def settled(view: View, options: list[Action]) -> bool:
    """Whether the conventions settle this turn (a Confirm to make, an Assist to follow):
    the blueprint's move is played without a search."""
    return conventions.settled_move(view, options) is not None


def values(view: View, moves: list[Action], rng: random.Random, deals: int = DEALS) -> list[float]:
    """The mean :func:`worth` of each of ``moves`` over ``deals`` tables drawn to fit
    ``view`` (every move played out on the same tables with the same random sources)."""
    totals = [0.0] * len(moves)
    for _ in range(deals):
        table = determinize.table_for(view, rng)
        seed = rng.randrange(2 ** 31)
        for i, move in enumerate(moves):
            totals[i] += played_out(table, move, random.Random(seed))
    return [t / deals for t in totals]


def search(view: View, options: list[Action], rng: random.Random, deals: int = DEALS) -> Action:
    """The searching bot's move (see the module's docstring)."""
    settled_move = conventions.settled_move(view, options)  # the blueprint's own first step
    if settled_move is not None:
        return settled_move
    blueprint = inference(view, options, rng)
    moves = candidates(view, options, blueprint)
    if len(moves) == 1:
        return blueprint
    worths = values(view, moves, rng, deals)
    best = max(range(len(moves)), key=worths.__getitem__)
    return moves[best] if worths[best] > worths[0] + MARGIN else blueprint

