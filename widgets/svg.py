"""Small SVG helpers shared by the games' card art."""

from __future__ import annotations

from html import escape


def at(x: float, y: float, scale: float, body: str) -> str:
    """A group drawing ``body`` with its origin moved to (x, y) and scaled."""
    return f'<g transform="translate({x:g} {y:g}) scale({scale:g})">{body}</g>'


def svg(view_w: float, view_h: float, width: float, css_class: str, label: str, body: str) -> str:
    """The root ``<svg>`` element: accessible (``role``, ``aria-label``, ``<title>``)."""
    height = width * view_h / view_w
    label = escape(label)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {view_w:g} {view_h:g}" '
        f'width="{width:g}" height="{height:.1f}" role="img" aria-label="{label}" '
        f'class="{css_class}"><title>{label}</title>{body}</svg>'
    )
