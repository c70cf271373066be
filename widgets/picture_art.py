"""Picture Perfect art, as SVG markup strings: the photo and the figures.

Pure functions, no widgets, no game rule: ``photo_svg`` draws the very ``Photo`` that is
scored (``sherlockkit.games.picture.photo``), each figure as its projected rectangles,
farthest row first so nearer figures paint over the ones they cover, its face drawn in
its face rectangle, the table in row 1, and a white mount around the frame hiding what
falls outside it. The viewBox is in photo units with v turned downwards (y = −v), so the
drawing and the scoring share one geometry. ``figure_svg`` draws one figure in its own
units, for buttons and lists. No scripts, images or ids: inline as many times as needed.
"""

from __future__ import annotations

from html import escape

from sherlockkit.games.picture.figures import FIGURES, ROW_DEPTH, figure_named
from sherlockkit.games.picture.photo import FOCAL, FRAME, Photo, Rect, Shot

INK = "#2a2320"
SKIN = "#f1c9a5"
WALL = "#efe4cf"
FLOOR = "#b89a74"
MAT = "#9c4b3c"
TABLE_WOOD = "#7a4a26"
COFFIN_WOOD = "#2f2520"
#: the mount's width around the frame, in photo units
MOUNT = 1

#: the colour of each figure's parts, by part name; a head not named here is skin
COLOURS: dict[str, dict[str, str]] = {
    "Lady Arabella": {"skirt": "#8e3b6e", "bodice": "#a9487f", "brim": "#2f2440", "crown": "#2f2440", "plume": "#f6eedd"},
    "the Colonel": {"legs": "#2d2d3a", "coat": "#b22d2d"},
    "Mrs Pike": {"skirt": "#3f4a5a", "bodice": "#56657a", "keys": "#d4a72c", "bun": "#8a8a8a"},
    "the Reverend": {"legs": "#1e1e24", "coat": "#26262e", "brim": "#111116", "crown": "#111116"},
    "Miss Ashby": {"skirt": "#6a8caf", "bodice": "#7fa2c4", "head": "#7a4b26", "bun": "#6a3f1f"},
    "Doctor Vale": {"legs": "#3a3a3a", "coat": "#4d5b3a", "bag": "#5a3218", "hair": "#9a9a9a"},
    "Signora Bellini": {"skirt": "#7d1f3a", "bodice": "#9b2c4d", "stole": "#dccbb0", "hair": "#1f1a17"},
    "Captain Thorne": {"legs": "#1b2a44", "coat": "#1f3355", "head": "#3a2a1e", "cap": "#142036"},
    "Madame Roche": {"skirt": "#4a2c5e", "bodice": "#5d3a75", "head": "#2e1f3a", "veil": "#3b2850"},
    "Mr Wren": {"legs": "#4a4a4a", "coat": "#6b5a45", "hair": "#c4862f"},
    "Tom": {"hoop": "#e9d3a8", "legs": "#4b5a6b", "jacket": "#2f6f9a", "cap": "#2b3b52"},
    "Polly": {"skirt": "#e07a9a", "bodice": "#f0a0b8", "kite": "#3fa34d"},
    "the Aspidistra": {"pot": "#a0522d", "stem": "#3d7a31", "leaves": "#4f9a3f", "head": "#62b04e"},
    "Biscuit": {"body": "#c68642", "ears": "#7a4a1e", "head": "#d9a066"},
    "Watson": {"legs": "#3b3b3b", "coat": "#6e5a3e", "bowler": "#222222"},
    "Holmes": {"legs": "#3a3a3a", "cape": "#7b6a4f", "deerstalker": "#8b7a58"},
    "Irène": {"skirt": "#2f6f6a", "bodice": "#3f8a84", "hat": "#1e3d3a", "feather": "#efe0bc"},
}
#: a moustache under the nose, for the figures that wear one
MOUSTACHES = {"the Colonel": "#f4f1ea", "Watson": "#6b4a2b", "Doctor Vale": "#9a9a9a"}


def _n(value) -> str:
    """A coordinate as a short decimal (drawing only; the scoring stays exact)."""
    return f"{round(float(value), 4):g}"


def _rect(left, right, bottom, top, fill: str, extra: str = "") -> str:
    """A rectangle given in up-is-positive units, drawn with y turned downwards."""
    return (f'<rect x="{_n(left)}" y="{_n(-top)}" width="{_n(right - left)}" height="{_n(top - bottom)}" '
            f'fill="{fill}"{extra}/>')


def _face(name: str, left, right, bottom, top, stroke: float) -> str:
    """Eyes, nose and mouth (and a moustache) filling the face rectangle."""
    w, h = float(right - left), float(top - bottom)
    x0, y0 = float(left), -float(top)  # top-left corner, y down
    eye = min(w, h) * 0.11
    dog = name == "Biscuit"
    parts = [
        f'<circle cx="{_n(x0 + w * 0.3)}" cy="{_n(y0 + h * 0.33)}" r="{_n(eye)}" fill="{INK}"/>',
        f'<circle cx="{_n(x0 + w * 0.7)}" cy="{_n(y0 + h * 0.33)}" r="{_n(eye)}" fill="{INK}"/>',
    ]
    if dog:
        parts.append(f'<ellipse cx="{_n(x0 + w / 2)}" cy="{_n(y0 + h * 0.58)}" rx="{_n(w * 0.14)}" '
                     f'ry="{_n(h * 0.09)}" fill="{INK}"/>')
    else:
        parts.append(f'<path d="M{_n(x0 + w / 2)} {_n(y0 + h * 0.42)} l{_n(-w * 0.06)} {_n(h * 0.2)} '
                     f'h{_n(w * 0.1)}" fill="none" stroke="#b07a5a" stroke-width="{_n(stroke)}"/>')
    if name in MOUSTACHES:
        parts.append(f'<path d="M{_n(x0 + w * 0.28)} {_n(y0 + h * 0.7)} Q{_n(x0 + w / 2)} {_n(y0 + h * 0.6)} '
                     f'{_n(x0 + w * 0.72)} {_n(y0 + h * 0.7)}" fill="none" stroke="{MOUSTACHES[name]}" '
                     f'stroke-width="{_n(stroke * 2.5)}" stroke-linecap="round"/>')
    parts.append(f'<path d="M{_n(x0 + w * 0.36)} {_n(y0 + h * 0.8)} Q{_n(x0 + w / 2)} {_n(y0 + h * 0.9)} '
                 f'{_n(x0 + w * 0.64)} {_n(y0 + h * 0.8)}" fill="none" stroke="#8c3b3b" '
                 f'stroke-width="{_n(stroke)}" stroke-linecap="round"/>')
    return "".join(parts)


def _figure_body(name: str, boxes, face, stroke: float) -> str:
    """The parts of figure ``name`` at ``boxes`` (same order as its parts) and its face."""
    colours = COLOURS.get(name, {})
    figure = FIGURES[name]
    out = []
    for part, box in zip(figure.parts, boxes):
        fill = colours.get(part.name, SKIN if part.name == "head" else "#777777")
        extra = f' stroke="{INK}" stroke-width="{_n(stroke)}"'
        if part.name == "veil":
            extra += ' fill-opacity="0.85"'
        out.append(_rect(box.left, box.right, box.bottom, box.top, fill, extra))
    if face is not None:
        out.append(_face(name, face.left, face.right, face.bottom, face.top, stroke))
    return "".join(out)


def _shot(shot: Shot, stroke: float) -> str:
    label = escape(f"{shot.figure} on {shot.space}")
    return (f'<g class="shot" data-figure="{escape(shot.figure)}" data-space="{shot.space}">'
            f'<title>{label}</title>{_figure_body(shot.figure, shot.parts, shot.face, stroke)}</g>')


def _table(table: Rect, stroke: float, coffin: str | None = None) -> str:
    """The table in row 1; in a Sherlock party the coffin, dark, with the victim's name on it."""
    top = table.top - (table.top - table.bottom) / 6
    edge = f' stroke="{INK}" stroke-width="{_n(stroke)}"'
    if coffin is None:
        return ('<g class="table"><title>the table</title>'
                + _rect(table.left, table.right, table.bottom, table.top, TABLE_WOOD, edge)
                + _rect(table.left, table.right, top, table.top, "#9a6438", edge) + '</g>')
    name = escape(coffin)
    middle = (table.left + table.right) / 2
    height = table.top - table.bottom
    size = min(height / 3, (table.right - table.left) / max(len(coffin) * 0.6, 1))
    return (f'<g class="table coffin" data-victim="{name}"><title>the coffin of {name}</title>'
            + _rect(table.left, table.right, table.bottom, table.top, COFFIN_WOOD, edge)
            + _rect(table.left, table.right, top, table.top, "#4a3a2e", edge)
            + f'<text x="{_n(middle)}" y="{_n(-(table.bottom + height * 0.4))}" font-size="{_n(size)}" '
              f'text-anchor="middle" fill="#f1e6cf" font-family="serif">{name}</text></g>')


def _room(photo: Photo) -> str:
    """The wall, the floor and the mat under the figures, in the camera's perspective."""
    cx, h = photo.camera.x, photo.camera.height
    near, far = ROW_DEPTH[1] - 2, ROW_DEPTH[max(ROW_DEPTH)] + 2

    def point(x, z):
        return f"{_n(FOCAL * (x - cx) / z)} {_n(FOCAL * h / z)}"  # y down: −v = F·h/z on the floor

    horizon = FOCAL * h / (far + 3)  # the wall stands a little behind the mat
    left, right = float(FRAME.left) - MOUNT, float(FRAME.right) + MOUNT
    top, bottom = -float(FRAME.top) - MOUNT, -float(FRAME.bottom) + MOUNT
    mat = f"M{point(-20, near)} L{point(20, near)} L{point(20, far)} L{point(-20, far)} Z"
    return (f'<rect x="{_n(left)}" y="{_n(top)}" width="{_n(right - left)}" height="{_n(bottom - top)}" fill="{FLOOR}"/>'
            f'<rect x="{_n(left)}" y="{_n(top)}" width="{_n(right - left)}" height="{_n(horizon - top)}" fill="{WALL}"/>'
            f'<path d="{mat}" fill="{MAT}" fill-opacity="0.55"/>')


def _mount() -> str:
    """A white mount with the frame cut out of it, and the frame's edge."""
    f = FRAME
    outer = (float(f.left) - MOUNT, -float(f.top) - MOUNT, float(f.right) + MOUNT, -float(f.bottom) + MOUNT)
    inner = (float(f.left), -float(f.top), float(f.right), -float(f.bottom))
    ring = (f"M{_n(outer[0])} {_n(outer[1])} H{_n(outer[2])} V{_n(outer[3])} H{_n(outer[0])} Z "
            f"M{_n(inner[0])} {_n(inner[1])} V{_n(inner[3])} H{_n(inner[2])} V{_n(inner[1])} Z")
    return (f'<path d="{ring}" fill="#fbf8f1" fill-rule="evenodd"/>'
            f'<rect x="{_n(inner[0])}" y="{_n(inner[1])}" width="{_n(inner[2] - inner[0])}" '
            f'height="{_n(inner[3] - inner[1])}" fill="none" stroke="{INK}" stroke-width="0.12"/>')


def photo_svg(photo: Photo, label: str | None = None, coffin: str | None = None) -> str:
    """The photo as an ``<svg>`` filling its container's width: the room, every figure
    farthest row first (the table before row 1; the coffin of ``coffin``, the victim, in a
    Sherlock party), the mount around the frame."""
    stroke = 0.06
    shots = sorted(photo.shots.values(), key=lambda s: (-s.space.row, s.space.column))
    body = [_room(photo)]
    for shot in shots:
        if shot.space.row == 1 and not any('class="table' in b for b in body):
            body.append(_table(photo.table, stroke, coffin))
        body.append(_shot(shot, stroke))
    if not any('class="table' in b for b in body):
        body.append(_table(photo.table, stroke, coffin))
    body.append(_mount())
    in_photo = sum(1 for s in photo.shots.values() if s.in_frame)
    label = label or (f"The photo from the camera at {photo.camera.x} across, {photo.camera.height} high: "
                      f"{in_photo} of {len(photo.shots)} figures in it")
    label = escape(label)
    left, top = float(FRAME.left) - MOUNT, -float(FRAME.top) - MOUNT
    width, height = float(FRAME.right - FRAME.left) + 2 * MOUNT, float(FRAME.top - FRAME.bottom) + 2 * MOUNT
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{_n(left)} {_n(top)} {_n(width)} {_n(height)}" '
            f'width="100%" style="max-width:100%;height:auto;display:block" role="img" aria-label="{label}" '
            f'class="picture-photo"><title>{label}</title>{"".join(body)}</svg>')


#: every figure's small picture shares one scale: this many units tall, the tallest's height
_FIGURE_VIEW = float(max(f.height for f in FIGURES.values())) + 1


def figure_svg(name: str, height: float = 48) -> str:
    """A small picture of figure ``name`` standing on the floor, for buttons and lists: every
    figure at one scale (the box ``height`` pixels tall fits the tallest), so the dog is small."""
    figure = figure_named(name)
    boxes = [p.box for p in figure.parts]
    left = float(min(b.left for b in boxes)) - 0.5
    right = float(max(b.right for b in boxes)) + 0.5
    view_w, view_h = right - left, _FIGURE_VIEW
    width = height * view_w / view_h
    label = escape(name)
    body = _figure_body(name, boxes, figure.face, 0.12)
    floor = f'<rect x="{_n(left)}" y="0" width="{_n(view_w)}" height="0.3" fill="{FLOOR}"/>'
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{_n(left)} {_n(0.5 - view_h)} {_n(view_w)} {_n(view_h)}" '
            f'width="{width:.1f}" height="{height:g}" role="img" aria-label="{label}" class="picture-figure">'
            f'<title>{label}</title>{floor}{body}</svg>')


__all__ = ["photo_svg", "figure_svg", "COLOURS"]
