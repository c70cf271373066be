"""Bots for Picture Perfect. A bot decides from its own :class:`~state.View` only.

Three levels:

- ``"random"``: during the exchange, any allowed move; while arranging, a kind of move
  first (place, unplace, aim, VIP, Ready), then one of that kind, so Ready comes often
  and every round ends.
- ``"forgetful"``: knows only what its view holds now -- without the notes option, the
  envelopes in its hands. Each round it searches for the layout of its mat and camera with
  the highest expected score (``expect.py``) and plays it out, one move a turn.
- ``"keen"``: the same search, but it remembers every envelope it has read (and where it
  slipped its VIP card), in its own memory, from the ``Read`` events of its views. With
  the notes option a forgetful bot knows what a keen one does.

The search (:func:`search`) is an iterated local search over layouts: from the current
mat (or the greedy layout, :func:`greedy`, when that is better), random steps (place a
guest, move one, swap two, unplace one, move the camera; now and then, one guest tried on
every space) are kept when the expected score does not drop; after ``patience`` steps
without a gain it restarts a few random steps away from the best layout so far. It stops
after a fixed number of layouts scored (``budget``, the greedy pass's included), so a
move's thinking is bounded; its randomness is the bot's own ``rng``, so games replay. It
searches once a round, at the bot's first arranging move, and plays the layout out one
move a turn (:func:`next_move`).

In the exchange the bots take envelopes they have not read (a keen bot knows which) and
give away the one worth least to their planned photo; in the last round they slip their
VIP card into the envelope they hold whose guest their layout satisfies best.

In a Sherlock party (and with Irène) the search places Watson, Holmes (and Irène) too,
never the victim, and scores a layout with the bot's exact odds of the culprit
(``hunch.py``: the investigators' bet, the culprit's five wishes, Irène's VIPs); in the
last round a layout leaving an investigator out of the frame is penalised and, should the
search still end there, repaired (:func:`frame`), so Ready is accepted. At a question the
bot asks the most telling one and answers the one honest answer (``hunch.question_move``);
``questions=False`` makes it ask at random and leave the answers out of its odds.
"""

from __future__ import annotations

import gc
import random
from dataclasses import dataclass, field
from typing import Callable, Mapping, Sequence

from sherlockkit.engine import chance
from sherlockkit.games.picture import hunch, legal
from sherlockkit.games.picture.expect import Evaluator, Knowledge
from sherlockkit.games.picture.figures import FIGURE_NAMES
from sherlockkit.games.picture.guests import NAMES
from sherlockkit.games.picture.mat import SPACES, Space
from sherlockkit.games.picture.photo import CAMERA_HEIGHTS, CAMERA_XS, Camera
from sherlockkit.games.picture.state import (
    ANSWERING, ARRANGING, ASKING, Aim, Pass, Place, Read, Ready, Return, Take, Unplace, View, Vip, VipSlipped,
    index,
)

RANDOM, FORGETFUL, KEEN = "random", "forgetful", "keen"
LEVELS = (RANDOM, FORGETFUL, KEEN)
#: layouts scored per search (one search a round): about 0.1-0.3 s on this machine, well under a second
BUDGET = 600
#: steps without a gain before the search restarts near its best layout
PATIENCE = 100
#: the share of steps that try one guest on every space at once (the others: one random change)
RELOCATE = 0.1
ALL_CAMERAS: tuple[Camera, ...] = tuple(Camera(x, h) for x in CAMERA_XS for h in CAMERA_HEIGHTS)


def _allowed(view: View) -> list:
    """The moves this seat may make, worked out from its view alone (the exchange card, the
    holders, its own mat and camera: nothing hidden is needed to know what is allowed)."""
    return legal.moves_in_view(view)


@dataclass
class RandomBot:
    """Any allowed move, the kind of move drawn first."""

    seat: int
    rng: random.Random

    def choose(self, view: View):
        options = _allowed(view)
        if not options:
            return None
        kind = self.rng.choice(sorted({type(a).__name__ for a in options}))
        return self.rng.choice([a for a in options if type(a).__name__ == kind])


# --- the search over layouts ----------------------------------------------------------------------------

@dataclass(frozen=True)
class Layout:
    """A mat (guest -> space) and a camera, with its expected score."""

    placements: Mapping[str, Space]
    camera: Camera
    value: float


def _camera_steps(cameras: Sequence[Camera]) -> dict[Camera, tuple[Camera, ...]]:
    """For each camera, the others within two units across and up (a small step)."""
    return {c: tuple(d for d in cameras if d != c and abs(d.x - c.x) <= 2 and abs(d.height - c.height) <= 2)
            for c in cameras}


def _step(placements: dict, camera: Camera, rng: random.Random, guests: Sequence[str],
          cameras: Sequence[Camera], near: dict) -> tuple[dict, Camera]:
    """A random neighbour of a layout: place, move, swap, unplace, or move the camera."""
    placements = dict(placements)
    placed = [g for g in guests if g in placements]
    free = [s for s in SPACES if s not in placements.values()]
    unplaced = [g for g in guests if g not in placements]
    kinds = []
    if unplaced and free:
        kinds += ["place"] * 3
    if placed and free:
        kinds += ["move"] * 3
    if len(placed) >= 2:
        kinds += ["swap"] * 2
    if placed:
        kinds.append("unplace")
    if len(cameras) > 1:
        kinds += ["camera"] * 2
    kind = rng.choice(kinds)
    if kind == "place":
        placements[rng.choice(unplaced)] = rng.choice(free)
    elif kind == "move":
        placements[rng.choice(placed)] = rng.choice(free)
    elif kind == "swap":
        a, b = rng.sample(placed, 2)
        placements[a], placements[b] = placements[b], placements[a]
    elif kind == "unplace":
        del placements[rng.choice(placed)]
    else:
        steps = near.get(camera) or ()
        camera = rng.choice(steps) if steps and rng.random() < 0.75 else rng.choice(cameras)
    return placements, camera


def _relocations(placements: Mapping[str, Space], guest: str) -> list[dict]:
    """Every layout with ``guest`` moved to another space (swapping with whoever stands
    there) or taken off."""
    out = []
    here = placements.get(guest)
    standing = {s: g for g, s in placements.items()}
    for space in SPACES:
        if space == here:
            continue
        trial = dict(placements)
        trial[guest] = space
        other = standing.get(space)
        if other is not None:
            if here is None:
                del trial[other]
            else:
                trial[other] = here
        out.append(trial)
    if here is not None:
        out.append({g: s for g, s in placements.items() if g != guest})
    return out


def search(score: Callable[[Mapping[str, Space], Camera], float], start: Mapping[str, Space], camera: Camera,
           rng: random.Random, budget: int = BUDGET, guests: Sequence[str] = NAMES,
           cameras: Sequence[Camera] = ALL_CAMERAS, patience: int = PATIENCE, from_greedy: bool = True) -> Layout:
    """The best layout found by scoring ``budget`` layouts (iterated local search from
    ``start`` with ``camera``, or from the greedy layout when that is better), placing
    only ``guests`` and aiming only at ``cameras``."""
    near = _camera_steps(cameras)
    start = {g: s for g, s in start.items() if g in guests}
    if camera not in near:
        camera = cameras[0]
    current = best = Layout(start, camera, score(start, camera))
    spent, stale = 1, 0
    if from_greedy:  # a cheap good start (about ten layouts a guest), counted in the budget
        counted = []
        greedy_layout = greedy(lambda p, c: counted.append(1) or score(p, c), camera, guests)
        spent += len(counted)
        if greedy_layout.value > current.value:
            current = best = greedy_layout
    while spent < budget:
        if rng.random() < RELOCATE:  # the best place for one guest: every space (a swap if taken), or off
            trials = _relocations(current.placements, rng.choice(list(guests)))[:budget - spent]
            scored = [(score(p, current.camera), p) for p in trials]
            spent += len(scored)
            value, placements = max(scored, key=lambda vp: vp[0], default=(float("-inf"), None))
            cam = current.camera
        else:
            placements, cam = _step(current.placements, current.camera, rng, guests, cameras, near)
            value = score(placements, cam)
            spent += 1
        stale = 0 if value > current.value else stale + 1
        if value >= current.value:
            current = Layout(placements, cam, value)
            if value > best.value:
                best = current
        if stale >= patience and spent < budget:  # restart a few steps away from the best so far
            placements, cam = dict(best.placements), best.camera
            for _ in range(3):
                placements, cam = _step(placements, cam, rng, guests, cameras, near)
            current, stale, spent = Layout(placements, cam, score(placements, cam)), 0, spent + 1
    return best


def random_layouts(score, rng: random.Random, budget: int, guests: Sequence[str] = NAMES,
                   cameras: Sequence[Camera] = ALL_CAMERAS) -> Layout:
    """A baseline: the best of ``budget`` layouts drawn at random (a random number of the
    guests on random spaces, a random camera)."""
    best = None
    for _ in range(budget):
        n = rng.randint(0, len(guests))
        placements = dict(zip(rng.sample(list(guests), n), rng.sample(SPACES, n)))
        cam = rng.choice(cameras)
        value = score(placements, cam)
        if best is None or value > best.value:
            best = Layout(placements, cam, value)
    return best


def greedy(score, camera: Camera, guests: Sequence[str] = NAMES) -> Layout:
    """A baseline: one pass over the guests, each put on the free space that raises the
    expected score most (or left off when none does), the camera fixed."""
    placements: dict = {}
    value = score(placements, camera)
    for guest in guests:
        best = None
        for space in SPACES:
            if space in placements.values():
                continue
            trial = {**placements, guest: space}
            v = score(trial, camera)
            if v > value and (best is None or v > best[1]):
                best = (space, v)
        if best is not None:
            placements[guest], value = best
    return Layout(placements, camera, value)


# --- the thinking bots --------------------------------------------------------------------------------------

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
        self._remember(view)
        if view.outcome is not None or (view.phase == ARRANGING and self.seat in view.ready):
            return None
        if view.phase == ARRANGING:
            return self._arrange(view)
        if view.phase in (ASKING, ANSWERING):
            return hunch.question_move(view, self.rng, self.questions)
        options = _allowed(view)
        return self._exchange(view, options) if options else None

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
    def _arrange(self, view: View):
        if self._plan is None or self._plan[0] != view.round:
            self._plan = (view.round, *self._search(view))
        _, layout, vip = self._plan
        return next_move(view, layout, vip)

    def _search(self, view: View) -> tuple[Layout, str | None]:
        # Python's cyclic collector, left on, walks the photo's caches (hundreds of
        # thousands of objects) several times a search: a third of the thinking and every
        # slow move (benchmarks/README.md). The search makes no reference cycles (its
        # layouts are freed by reference counting), so the collector waits until it ends.
        collecting = gc.isenabled()
        gc.disable()
        try:
            return self._search_layout(view)
        finally:
            if collecting:
                gc.enable()

    def _search_layout(self, view: View) -> tuple[Layout, str | None]:
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
        if view.vip_unused and view.round >= hunch.last_round(view):  # no exchange is left to carry it off
            mine = [g for g in layout.placements if g in knowledge.guests and view.holders[index(g, view)] == self.seat
                    and not knowledge.known.get(g, ((), False))[1] and self._values.get(g, 0.0) > 0]
            vip = max(mine, key=lambda g: (self._values[g], g), default=None)
        return layout, vip


def frame(evaluator: Evaluator, layout: Layout) -> Layout:
    """``layout``, or when it leaves a required figure (``evaluator.required``) out of the
    frame, the best of the layouts that move one such figure to a space (swapping) where
    it is framed -- under the same camera if one is, else under any -- again until every
    required figure is in: a repair the search's penalty makes rare."""
    from sherlockkit.games.picture.photo import take

    def missing(placements, camera):
        shots = take(placements, camera).shots
        return [f for f in evaluator.required if f not in shots or not shots[f].in_frame]

    for _ in range(len(evaluator.required)):
        out = missing(layout.placements, layout.camera)
        if not out:
            break
        moved = [p for p in _relocations(layout.placements, out[0]) if p.get(out[0]) is not None]
        for cameras in ((layout.camera,), ALL_CAMERAS):  # the camera moves only when it must
            fewer = [(p, c) for c in cameras for p in moved if len(missing(p, c)) < len(out)]
            if fewer:
                break
        placements, camera = max(fewer or [(p, layout.camera) for p in moved], key=lambda pc: evaluator.score(*pc))
        layout = Layout(placements, camera, evaluator.score(placements, camera))
    return layout


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
