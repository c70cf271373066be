"""Bots for Picture Perfect. A bot decides from its own :class:`~state.View` only, and
chooses among the moves ``rules.legal_moves`` offers that view (never one it did not).

Three levels:

- ``"random"``: any offered move, a kind of move drawn first (place, unplace, aim, VIP,
  Ready...), then one of that kind, so Ready comes often and every round ends.
- ``"forgetful"``: knows only what its view holds now -- without the notes option, the
  envelopes in its hands. Each round it searches for the layout of its mat and camera with
  the highest expected score (``expect.py``, ``search.py``) and plays it out, one move a turn.
- ``"keen"``: the same search, but it remembers every envelope it has read (and where it
  slipped its VIP card), in its own memory, from the ``Read`` events of its views. With
  the notes option a forgetful bot knows what a keen one does.

A thinking bot searches once a round, at its first arranging move (a ``budget`` of
layouts scored: ``search.BUDGET``), and plays the layout out one move a turn
(:func:`next_move`). In the exchange the bots take envelopes they have not read (a keen
bot knows which) and give away the one worth least to their planned photo; in the last
round they slip their VIP card into the envelope they hold whose guest their layout
satisfies best.

In a Sherlock party (and with Irène) the search places Watson, Holmes (and Irène) too,
never the victim, and scores a layout with the bot's exact odds of the culprit
(``hunch.py``: the investigators' bet, the culprit's five wishes, Irène's VIPs); in the
last round a layout leaving an investigator out of the frame is penalised and, should the
search still end there, repaired (``search.frame``), so Ready is offered. At a question the
bot asks the most telling one and answers the one honest answer (``hunch.question_move``);
``questions=False`` makes it ask at random and leave the answers out of its odds.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from sherlockkit.engine import chance
from sherlockkit.games.picture import hunch, phases, rules
from sherlockkit.games.picture.events import Read, VipSlipped
from sherlockkit.games.picture.expect import Evaluator, Knowledge
from sherlockkit.games.picture.figures import FIGURE_NAMES
from sherlockkit.games.picture.photo import Camera
from sherlockkit.games.picture.search import BUDGET, Layout, frame, search
from sherlockkit.games.picture.state import (
    ANSWERING, ARRANGING, ASKING, Aim, Pass, Place, Ready, Return, Take, Unplace, View, Vip, index,
)

RANDOM, FORGETFUL, KEEN = "random", "forgetful", "keen"
LEVELS = (RANDOM, FORGETFUL, KEEN)


@dataclass
class RandomBot:
    """Any offered move, the kind of move drawn first."""

    seat: int
    rng: random.Random

    def choose(self, view: View):
        """A move of ``rules.legal_moves(view)`` at random (a kind first), or ``None`` when
        there is none."""
        options = rules.legal_moves(view)
        if not options:
            return None
        kind = self.rng.choice(sorted({type(a).__name__ for a in options}))
        return self.rng.choice([a for a in options if type(a).__name__ == kind])


def offered_as(move, legal: list):
    """``move`` as ``legal`` (the moves a view offers) holds it, or ``None`` when it is not
    one of them."""
    return next((m for m in legal if type(m) is type(move) and m == move), None)


@dataclass
class SearchBot:
    """A bot that plays the layout its search finds best for what it knows. ``keen``: it
    remembers every envelope it has read; otherwise it knows only its view's envelopes."""

    seat: int
    rng: random.Random
    keen: bool
    budget: int = BUDGET
    questions: bool = True  # ask the most telling question and use the answers; else ask at random, ignore them
    odds: dict | None = None  # its exact odds of each suspect at its last search (a Sherlock party)
    memory: dict = field(default_factory=dict)  # guest -> (cards, VIP inside), as last read
    _events_seen: int = 0
    _plan: tuple | None = None  # (round, Layout, VIP guest or None)
    _values: dict = field(default_factory=dict)  # guest -> its expected points in the last plan

    def knowledge(self, view: View) -> Knowledge:
        """What this bot knows now: its view's envelopes, and (keen) its memory, in its
        party (``hunch.knowledge``: the party's deck and guests)."""
        known = dict(self.memory) if self.keen else {}
        known.update({g: (tuple(cards), vip) for g, cards, vip in view.envelopes})
        return hunch.knowledge(view, known)

    def _remember(self, view: View) -> None:
        """A keen bot files away what its new events show: envelopes read, its VIP slipped."""
        if not self.keen:
            return
        for event in view.events[self._events_seen:]:
            if isinstance(event, Read) and event.player == self.seat:
                self.memory[event.guest] = (tuple(event.cards), event.vip)
            elif isinstance(event, VipSlipped) and event.player == self.seat and event.guest in self.memory:
                self.memory[event.guest] = (self.memory[event.guest][0], True)
        self._events_seen = len(view.events)
        for g, cards, vip in view.envelopes:
            self.memory[g] = (tuple(cards), vip)

    def choose(self, view: View):
        """The move this bot makes now, one of ``rules.legal_moves(view)``: its planned
        layout's next move while it arranges, a question or the honest answer, its choice
        in the exchange; ``None`` when nothing is offered to it."""
        self._remember(view)
        options = rules.legal_moves(view)
        if not options:
            return None
        if view.phase == ARRANGING:
            return self._arrange(view, options)
        if view.phase in (ASKING, ANSWERING):
            return hunch.question_move(view, options, self.rng, self.questions)
        return self._exchange(view, options)

    # the exchange: take what it has not read, give away what is worth least to it
    def _exchange(self, view: View, options: list):
        takes = [a for a in options if isinstance(a, Take)]
        if takes:
            known = self.knowledge(view).known
            unread = [a for a in takes if a.guest not in known]
            return self.rng.choice(unread or takes)
        gives = [a for a in options if isinstance(a, (Pass, Return))]
        worth = {a.guest: (self._values.get(a.guest, 0.0), self.rng.random()) for a in gives}
        return min(gives, key=lambda a: worth[a.guest]) if gives else self.rng.choice(options)

    # arranging: search once a round, then play the plan out one move a turn
    def _arrange(self, view: View, options: list):
        if self._plan is None or self._plan[0] != view.round:
            self._plan = (view.round, *self._search(view))
        _, layout, vip = self._plan
        # the plan's next move is offered (the search frames what Ready needs); should it not
        # be, Ready if offered, else the first move offered
        return (offered_as(next_move(view, layout, vip), options) or offered_as(Ready(view.player), options)
                or options[0])

    def _search(self, view: View) -> tuple[Layout, str | None]:
        knowledge = self.knowledge(view)
        evaluator = Evaluator(knowledge)
        if view.sherlock or view.irene:  # the odds read once a search
            self.odds = hunch.odds_of(view, self.questions) if view.sherlock else None
            evaluator = Evaluator(knowledge, hunch.case_of(view, knowledge.known, self.odds or {}),
                                  hunch.required(view))
        mat = dict(view.mats[self.seat])
        layout = search(evaluator.score, mat, Camera(*view.cameras[self.seat]), self.rng, self.budget,
                        hunch.figures(view))
        layout = frame(evaluator, layout)
        self._values = evaluator.guest_values(layout.placements, layout.camera)
        vip = None
        if view.vip_unused and view.round >= phases.last_round(view):  # no exchange is left to carry it off
            mine = [g for g in layout.placements if g in knowledge.guests and view.holders[index(g, view)] == self.seat
                    and not knowledge.known.get(g, ((), False))[1] and self._values.get(g, 0.0) > 0]
            vip = max(mine, key=lambda g: (self._values[g], g), default=None)
        return layout, vip


def next_move(view: View, layout: Layout, vip: str | None):
    """The next move towards ``layout`` from the viewer's mat: take off figures it leaves
    out, put each other figure on its space (taking off whoever stands in the way of a
    cycle of moves), aim the camera, slip the VIP card, then Ready."""
    me = view.player
    mat = dict(view.mats[me])
    target = layout.placements
    for guest in FIGURE_NAMES:
        if guest in mat and guest not in target:
            return Unplace(me, guest)
    standing = {s: g for g, s in mat.items()}
    blocked = None
    for guest in FIGURE_NAMES:
        if guest in target and mat.get(guest) != target[guest]:
            if target[guest] not in standing:
                return Place(me, guest, str(target[guest]))
            blocked = blocked or standing[target[guest]]
    if blocked is not None:
        return Unplace(me, blocked)
    if tuple(view.cameras[me]) != (layout.camera.x, layout.camera.height):
        return Aim(me, layout.camera.x, layout.camera.height)
    if vip is not None and view.vip_unused and view.holders[index(vip, view)] == me:
        return Vip(me, vip)
    return Ready(me)


def make_bots(levels: dict[int, str], seed: int, budget: int = BUDGET,
              questions: bool = True) -> dict[int, RandomBot | SearchBot]:
    """A bot per seat at the level asked (``ValueError`` with a sentence for an unknown level, or a
    ``budget`` that is not a whole number of layouts, at least 1); the
    thinking bots score ``budget`` layouts a round and, in a Sherlock party, ask the most
    telling question and use the answers (``questions``) or ask at random and ignore them."""
    if type(budget) is not int or budget < 1:
        raise ValueError(f"A bot's budget is a whole number of layouts, at least 1, not {str(budget)[:30]!r}.")
    bots: dict = {}
    for seat, level in levels.items():
        if level not in LEVELS:
            raise ValueError(f"There is no bot level {str(level)[:30]!r}; the levels are {', '.join(LEVELS)}.")
        rng = chance(seed, 0, f"bot/{seat}")
        bots[seat] = RandomBot(seat, rng) if level == RANDOM else SearchBot(seat, rng, level == KEEN, budget, questions)
    return bots
