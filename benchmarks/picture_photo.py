"""Picture Perfect: the exact photo (``photo.take``) against sampling it pixel by pixel.

*Exact*: ``take(placements, camera)`` on random full mats (14 guests) from random cameras,
timed three ways: cold (the figures' projections forgotten first: each projected anew), warm
(the projections remembered: what a bot pays for a new arrangement), and repeated (the same
photo asked again: since issue 25 nothing but the projections is remembered, so as warm). *Baseline*: the same photo by a pixel grid over
the frame (``PIXELS`` per photo unit, floats): each pixel's centre belongs to the nearest
figure (or the table) whose projected outline holds it; a figure is seen if it owns a
pixel, its face visible if it owns every pixel of its face and the face lies inside the
frame. The grid's answers are compared with the exact ones figure by figure (a grid misses
slivers thinner than a pixel, so some disagreement is expected: it is counted, not hidden).
"""

from __future__ import annotations

import random
from time import perf_counter

from common import ratios, row
from sherlockkit.games.picture import photo
from sherlockkit.games.picture.guests import NAMES
from sherlockkit.games.picture.mat import SPACES

PIXELS = (2, 4)


def _layouts(n: int, seed: int = 13):
    rng = random.Random(seed)
    cameras = [photo.Camera(x, h) for x in photo.CAMERA_XS for h in photo.CAMERA_HEIGHTS]
    return [(dict(zip(NAMES, rng.sample(SPACES, len(NAMES)))), rng.choice(cameras)) for _ in range(n)]


def _clear(projections: bool) -> None:
    if projections:  # the photo remembers only the figures' projections (``photo._seen``)
        photo._seen.cache_clear()


def pixel_photo(placements, camera, per_unit: int) -> dict[str, tuple[bool, bool]]:
    """(seen, face visible) of every placed figure, by a grid of ``per_unit`` pixels a unit."""
    exact = photo.take(placements, camera)  # only its projected rectangles are used
    layers = sorted(exact.shots.values(), key=lambda s: s.space.row)  # nearest first
    table = exact.table
    f = photo.FRAME
    owner: dict[tuple[int, int], str] = {}
    width, height = int((f.right - f.left) * per_unit), int((f.top - f.bottom) * per_unit)
    rects = [(s.figure, s.space.row, [tuple(map(float, (p.left, p.right, p.bottom, p.top))) for p in s.parts])
             for s in layers]
    t = tuple(map(float, (table.left, table.right, table.bottom, table.top)))
    for i in range(width):
        u = float(f.left) + (i + 0.5) / per_unit
        for j in range(height):
            v = float(f.bottom) + (j + 0.5) / per_unit
            for name, r, parts in rects:
                if r > 1 and t[0] < u < t[1] and t[2] < v < t[3]:
                    owner[i, j] = "table"
                    break
                if any(p[0] < u < p[1] and p[2] < v < p[3] for p in parts):
                    owner[i, j] = name
                    break
    owned = set(owner.values())
    answers = {}
    for s in layers:
        face_ok = False
        if s.face is not None and f.left <= s.face.left and s.face.right <= f.right and f.bottom <= s.face.bottom and s.face.top <= f.top:
            cells = [(i, j) for i in range(width) for j in range(height)
                     if float(s.face.left) < float(f.left) + (i + 0.5) / per_unit < float(s.face.right)
                     and float(s.face.bottom) < float(f.bottom) + (j + 0.5) / per_unit < float(s.face.top)]
            face_ok = all(owner.get(c) == s.figure for c in cells)
        answers[s.figure] = (s.figure in owned, face_ok)
    return answers


def _time(calls, budget: float) -> float:
    """Seconds per call: the calls repeated until ``budget`` seconds have passed."""
    n, start = 0, perf_counter()
    while True:
        for call in calls:
            call()
        n += len(calls)
        elapsed = perf_counter() - start
        if elapsed >= budget:
            return elapsed / n


def run(quick: bool = False) -> dict:
    """Timings of take() three ways and of the pixel grids, their ratios, and agreement."""
    repeats, budget, n = (3, 0.2, 10) if quick else (7, 0.5, 30)
    layouts = _layouts(n)
    cold, warm, again, grids = [], [], [], {p: [] for p in PIXELS}
    for _ in range(repeats):
        cold.append(_time([lambda pl=pl, c=c: (_clear(True), photo.take(pl, c)) for pl, c in layouts], budget))
        warm.append(_time([lambda pl=pl, c=c: (_clear(False), photo.take(pl, c)) for pl, c in layouts], budget))
        again.append(_time([lambda pl=pl, c=c: photo.take(pl, c) for pl, c in layouts], budget))
        for p in PIXELS:
            start = perf_counter()
            for pl, c in layouts[:3]:
                pixel_photo(pl, c, p)
            grids[p].append((perf_counter() - start) / 3)
    agree = {}
    for p in PIXELS:
        same = total = 0
        for pl, c in layouts:
            exact = photo.take(pl, c)
            grid = pixel_photo(pl, c, p)
            for name, shot in exact.shots.items():
                total += 1
                same += grid[name] == (shot.seen, shot.face_visible)
        agree[p] = (same, total)
    rows = [row("take(), cold (projections anew)", [t * 1e3 for t in cold], "ms"),
            row("take(), warm projections, new photo", [t * 1e3 for t in warm], "ms"),
            row("take(), the same photo again", [t * 1e6 for t in again], "µs")]
    for p in PIXELS:
        rows.append(row(f"pixel grid {p}/unit", [t * 1e3 for t in grids[p]], "ms"))
        rows.append(row(f"pixel grid {p}/unit ÷ take() warm", ratios(grids[p], warm), "x"))
        rows.append(row(f"pixel grid {p}/unit agrees (of {agree[p][1]} figures)", [agree[p][0]], "figures"))
    return {"repeats": repeats, "layouts": n, "cold": cold, "warm": warm, "again": again,
            "grids": {str(p): v for p, v in grids.items()}, "agree": {str(p): v for p, v in agree.items()},
            "rows": rows}


if __name__ == "__main__":
    import sys
    result = run(quick="--quick" in sys.argv)
    for r in result["rows"]:
        print(f"  {r['what']:<48} {r['median']:>10.4g} {r['min']:>10.4g} - {r['max']:<10.4g} {r['unit']}")
