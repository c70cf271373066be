"""Drawings for the Detective Story Game table: dice faces and the map of paragraphs read."""

from __future__ import annotations

import html

from sherlockkit.games.story.graph import KIND_COLOURS

PIPS = {1: [(2, 2)], 2: [(1, 1), (3, 3)], 3: [(1, 1), (2, 2), (3, 3)], 4: [(1, 1), (1, 3), (3, 1), (3, 3)],
        5: [(1, 1), (1, 3), (2, 2), (3, 1), (3, 3)], 6: [(1, 1), (1, 2), (1, 3), (3, 1), (3, 2), (3, 3)]}


def die_svg(value: int, size: int = 30, faded: bool = False) -> str:
    """One d6 showing ``value`` (faded for a roll that was re-rolled)."""
    step = size / 4
    dots = "".join(f"<circle cx='{c * step:.1f}' cy='{r * step:.1f}' r='{size / 11:.1f}' fill='#222'/>"
                   for r, c in PIPS[value])
    return (f"<svg class='sk-die' role='img' aria-label='die: {value}' width='{size}' height='{size}' "
            f"viewBox='0 0 {size} {size}' style='opacity:{0.45 if faded else 1};margin:0 2px'>"
            f"<rect x='1' y='1' width='{size - 2}' height='{size - 2}' rx='{size / 6:.1f}' fill='#fffdf5' "
            f"stroke='#5b4636' stroke-width='1.5'/>{dots}</svg>")


def trail_svg(trail: list[tuple[str, str, str]], width: int = 640) -> str:
    """The last paragraphs read, as a chain of coloured stops: (id, kind, title)."""
    if not trail:
        return ""
    gap = width / max(len(trail), 1)
    parts = []
    for i, (pid, kind, title) in enumerate(trail):
        x = gap * i + gap / 2
        colour = KIND_COLOURS.get(kind, "#888")
        if i:
            parts.append(f"<line x1='{x - gap + 16:.0f}' y1='22' x2='{x - 16:.0f}' y2='22' stroke='#aaa' "
                         f"stroke-width='2' marker-end='url(#sk-arrow)'/>")
        current = " stroke='#000' stroke-width='3'" if i == len(trail) - 1 else ""
        parts.append(f"<g><title>{html.escape(pid)}: {html.escape(title)}</title>"
                     f"<circle cx='{x:.0f}' cy='22' r='14' fill='{colour}'{current}/>"
                     f"<text x='{x:.0f}' y='50' font-size='10' text-anchor='middle' font-family='sans-serif'>"
                     f"{html.escape(pid)}</text></g>")
    return (f"<svg class='sk-trail' role='img' aria-label='paragraphs read' width='{width}' height='58' "
            f"viewBox='0 0 {width} 58'><defs><marker id='sk-arrow' markerWidth='8' markerHeight='8' refX='6' "
            f"refY='3' orient='auto'><path d='M0,0 L6,3 L0,6 z' fill='#aaa'/></marker></defs>{''.join(parts)}</svg>")
