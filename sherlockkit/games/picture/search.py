"""Picture Perfect: the thinking bots' search for the best layout of a mat and a camera.

The search (:func:`search`) is an iterated local search over layouts: from the current
mat (or the greedy layout, :func:`greedy`, when that is better), random steps (place a
guest, move one, swap two, unplace one, move the camera; now and then, one guest tried on
every space) are kept when the expected score does not drop; after ``patience`` steps
without a gain it restarts a few random steps away from the best layout so far. It stops
after a fixed number of layouts scored (``budget``, the greedy pass's included), so a
move's thinking is bounded; its randomness is the bot's own ``rng``, so games replay.
:func:`random_layouts` and :func:`greedy` are the baselines it is measured against;
:func:`frame` repairs a layout that leaves a figure the rules require out of the frame.

A layout is scored by a function the bot gives (``expect.Evaluator.score``): this module
knows nothing of the rules but the mat's spaces and the camera's positions.
"""

from __future__ import annotations

import gc
import random
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Callable, Mapping, Sequence

from sherlockkit.games.picture.expect import Evaluator
from sherlockkit.games.picture.guests import NAMES
from sherlockkit.games.picture.mat import SPACES, Space
from sherlockkit.games.picture.photo import CAMERA_HEIGHTS, CAMERA_XS, Camera, take

#: layouts scored per search (one search a round): about 0.1-0.4 s on this machine (six-player Sherlock
#: parties the slowest), well under a second
BUDGET = 600
#: steps without a gain before the search restarts near its best layout
PATIENCE = 100
#: the share of steps that try one guest on every space at once (the others: one random change)
RELOCATE = 0.1
ALL_CAMERAS: tuple[Camera, ...] = tuple(Camera(x, h) for x in CAMERA_XS for h in CAMERA_HEIGHTS)


@dataclass(frozen=True)
class Layout:
    """A mat (guest -> space) and a camera, with its expected score."""

    placements: Mapping[str, Space]
    camera: Camera
    value: float


def _camera_steps(cameras: Sequence[Camera]) -> dict[Camera, tuple[Camera, ...]]:
    """For each camera, the others within two units across and up (a small step), in the
    order of ``cameras`` (each camera's neighbourhood looked up, not every pair compared:
    comparing every pair was a fifth of a Sherlock party of bots)."""
    order = {camera: k for k, camera in enumerate(cameras)}
    near = {}
    for c in cameras:
        around = (Camera(c.x + dx, c.height + dh) for dx in range(-2, 3) for dh in range(-2, 3) if dx or dh)
        near[c] = tuple(sorted((d for d in around if d in order), key=order.__getitem__))
    return near


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


@contextmanager
def collector_held_off():
    """Python's cyclic garbage collector held off while a search runs, and as it was after.
    A search makes nothing cyclic (its layouts and photos go when the last reference does),
    but it makes and drops so many objects that the collector would otherwise walk every
    figure's remembered projection several times a search (CONTRIBUTING, speed)."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def search(score: Callable[[Mapping[str, Space], Camera], float], start: Mapping[str, Space], camera: Camera,
           rng: random.Random, budget: int = BUDGET, guests: Sequence[str] = NAMES,
           cameras: Sequence[Camera] = ALL_CAMERAS, patience: int = PATIENCE, from_greedy: bool = True) -> Layout:
    """The best layout found by scoring ``budget`` layouts (iterated local search from
    ``start`` with ``camera``, or from the greedy layout when that is better), placing
    only ``guests`` and aiming only at ``cameras``; the collector held off meanwhile."""
    with collector_held_off():
        return _search(score, start, camera, rng, budget, guests, cameras, patience, from_greedy)


def _search(score, start, camera, rng, budget, guests, cameras, patience, from_greedy) -> Layout:
    """:func:`search`'s work."""
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


def frame(evaluator: Evaluator, layout: Layout) -> Layout:
    """``layout``, or when it leaves a required figure (``evaluator.required``) out of the
    frame, the best of the layouts that move one such figure to a space (swapping) where
    it is framed -- under the same camera if one is, else under any -- again until every
    required figure is in: a repair the search's penalty makes rare."""
    def missing(placements, camera):
        """The required figures out of the frame of this layout's photo."""
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
