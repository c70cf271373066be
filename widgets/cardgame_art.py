"""The Sherlock Holmes Card Game card art, as SVG markup strings.

Pure functions, no widgets: every public function returns a self-contained ``<svg>``
element (no scripts, images, external files, fonts or ids). The design is our own and
simple: a cream card with a rounded border in the suit's colour (``cards.COLOUR_OF``),
the suit's name at the top, a small glyph drawn with shapes in the middle and the card's
name at the bottom. Glyphs are drawn around the origin, about 44 units across.
"""

from __future__ import annotations

from html import escape

from sherlockkit.games.cardgame import legality
from sherlockkit.games.cardgame.cards import (
    AFOOT, ALIBI, ARREST, BAKER_STREET, CLAY, CLUE, COLOUR_OF, COUNTRY, DISGUISE, HANSOM, HOLMES, I_SUSPECT,
    IN_COUNTRY, IN_LONDON, INSPECTOR, KINDS, LONDON, MILVERTON, MORAN, MORIARTY, MYCROFT, SCOTLAND_YARD,
    SUIT_OF, TELEGRAM, THICK_FOG, TRAIN, WATSON,
)
from widgets.svg import at as _at, svg as _svg

INK = "#2a2320"
PAPER = "#fffdf6"
#: the colour names of ``cards.SUITS`` as the ink the cards are drawn with
HEX = {
    "blue": "#1f5fbf",
    "green": "#2e8b3a",
    "magenta": "#c0188c",
    "orange": "#e07b00",
    "purple": "#6a3d9a",
    "black": "#222222",
}
#: a pale wash of each suit colour, behind the glyph
WASH = {
    "blue": "#e3edfb",
    "green": "#e2f3e4",
    "magenta": "#fbe3f3",
    "orange": "#fdefdc",
    "purple": "#eee6f6",
    "black": "#e6e3e0",
}
CARD_W, CARD_H = 100, 140


def colour(card: str) -> str:
    """The hex colour of ``card``'s suit (its border)."""
    try:
        return HEX[COLOUR_OF[card]]
    except KeyError:
        raise ValueError(f"{card!r} is not a card of The Sherlock Holmes Card Game.") from None


def _lines(name: str, limit: int = 13) -> list[str]:
    """``name`` broken into lines of about ``limit`` characters, at spaces."""
    lines: list[str] = []
    for word in name.split():
        if lines and len(lines[-1]) + 1 + len(word) <= limit:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]


# --- glyphs -------------------------------------------------------------------------------------


def _train(c: str) -> str:
    return (
        f'<rect x="-20" y="-6" width="26" height="14" rx="2" fill="{c}"/>'
        f'<rect x="6" y="-16" width="14" height="24" rx="2" fill="{c}"/>'
        '<rect x="9" y="-13" width="8" height="7" fill="#fff"/>'
        f'<rect x="-16" y="-16" width="6" height="10" fill="{c}"/>'
        '<circle cx="-14" cy="-21" r="3" fill="#bbb"/><circle cx="-9" cy="-25" r="4" fill="#ccc"/>'
        f'<circle cx="-13" cy="11" r="5" fill="{INK}"/><circle cx="-1" cy="11" r="5" fill="{INK}"/>'
        f'<circle cx="13" cy="11" r="5" fill="{INK}"/>'
        f'<path d="M-24 17 L24 17" stroke="{INK}" stroke-width="2"/>'
    )


def _hansom(c: str) -> str:
    return (
        f'<path d="M-14 -18 L8 -18 L12 2 L-18 2 Z" fill="{c}"/>'
        '<rect x="-10" y="-14" width="10" height="8" fill="#fff"/>'
        f'<path d="M10 -2 L26 4" stroke="{INK}" stroke-width="2"/>'
        f'<circle cx="-4" cy="8" r="12" fill="none" stroke="{INK}" stroke-width="2.5"/>'
        f'<path d="M-4 -4 L-4 20 M-16 8 L8 8 M-12.5 -0.5 L4.5 16.5 M-12.5 16.5 L4.5 -0.5" stroke="{INK}" '
        'stroke-width="1"/>'
        f'<rect x="-18" y="-24" width="8" height="6" rx="1" fill="{INK}"/>'
    )


def _fog(c: str) -> str:
    wave = "M-22 {y} Q-16 {a} -11 {y} T0 {y} T11 {y} T22 {y}"
    return "".join(
        f'<path d="{wave.format(y=y, a=y - 5)}" fill="none" stroke="{tone}" stroke-width="4" stroke-linecap="round"/>'
        for y, tone in ((-12, "#9aa3ad"), (-1, c), (10, "#b6bdc5"), (21, "#9aa3ad"))
    )


def _london(c: str) -> str:
    return (
        f'<rect x="-7" y="-12" width="14" height="36" fill="{c}"/>'
        f'<path d="M-9 -12 L0 -28 L9 -12 Z" fill="{c}"/>'
        '<circle cy="-4" r="5" fill="#fff"/>'
        f'<path d="M0 -4 L0 -8 M0 -4 L3 -4" stroke="{INK}" stroke-width="1.2"/>'
        f'<rect x="-22" y="10" width="12" height="14" fill="{c}" opacity="0.6"/>'
        f'<rect x="10" y="4" width="12" height="20" fill="{c}" opacity="0.6"/>'
    )


def _baker_street(c: str) -> str:
    return (
        f'<path d="M-13 24 L-13 -10 A13 13 0 0 1 13 -10 L13 24 Z" fill="{c}"/>'
        '<path d="M-9 -11 A9 9 0 0 1 9 -11 Z" fill="#fff"/>'
        f'<path d="M0 -20 L0 -11 M-6 -17 L0 -11 M6 -17 L0 -11" stroke="{c}" stroke-width="1.2"/>'
        '<rect x="-9" y="-6" width="18" height="8" rx="1" fill="#fff"/>'
        f'<text y="0.5" text-anchor="middle" font-family="sans-serif" font-size="6.5" font-weight="bold" '
        f'fill="{INK}">221B</text>'
        '<circle cx="7" cy="10" r="2" fill="#d4a72c"/>'
    )


def _scotland_yard(c: str) -> str:
    return (
        f'<rect x="-2" y="0" width="4" height="24" fill="{INK}"/>'
        f'<rect x="-10" y="-16" width="20" height="16" rx="2" fill="{c}"/>'
        '<rect x="-7" y="-13" width="14" height="10" fill="#e8f4ff"/>'
        f'<path d="M-12 -16 L0 -26 L12 -16 Z" fill="{INK}"/>'
        f'<rect x="-8" y="22" width="16" height="3" fill="{INK}"/>'
    )


def _country(c: str) -> str:
    return (
        f'<ellipse cx="-8" cy="20" rx="22" ry="12" fill="{c}" opacity="0.55"/>'
        f'<ellipse cx="12" cy="22" rx="18" ry="9" fill="{c}" opacity="0.8"/>'
        '<rect x="4" y="-6" width="4" height="20" fill="#7d4f24"/>'
        f'<circle cx="6" cy="-12" r="11" fill="{c}"/>'
        '<circle cx="-15" cy="-18" r="5" fill="#f2c94c"/>'
    )


def _clue(c: str) -> str:
    return (
        f'<path d="M8 8 L22 22" stroke="#6b3f1f" stroke-width="6" stroke-linecap="round"/>'
        f'<circle cx="-3" cy="-3" r="15" fill="#eef6ff" stroke="{c}" stroke-width="4"/>'
        '<path d="M-12 -7 A10 10 0 0 1 -6 -13" fill="none" stroke="#fff" stroke-width="2.5" stroke-linecap="round"/>'
    )


def _suspect(c: str) -> str:
    return (
        f'<path d="M-24 0 Q0 -22 24 0 Q0 22 -24 0 Z" fill="#fff" stroke="{c}" stroke-width="3"/>'
        f'<circle r="8" fill="{c}"/><circle r="3.5" fill="{INK}"/><circle cx="-2.5" cy="-2.5" r="1.5" fill="#fff"/>'
        f'<path d="M-16 -16 L-12 -11 M0 -20 L0 -14 M16 -16 L12 -11" stroke="{c}" stroke-width="2"/>'
    )


def _telegram(c: str) -> str:
    return (
        f'<rect x="-22" y="-14" width="44" height="30" rx="2" fill="#fff" stroke="{c}" stroke-width="2.5"/>'
        f'<path d="M-22 -14 L0 4 L22 -14" fill="none" stroke="{c}" stroke-width="2.5"/>'
        '<path d="M-2 -26 L-8 -16 L-1 -16 L-6 -6 L6 -19 L-1 -19 L4 -26 Z" fill="#f2c94c" stroke="#b8860b" '
        'stroke-width="0.8"/>'
    )


def _disguise(c: str) -> str:
    return (
        f'<path d="M-24 -6 Q-12 -16 0 -6 Q12 -16 24 -6 Q22 12 8 10 Q2 4 0 4 Q-2 4 -8 10 Q-22 12 -24 -6 Z" '
        f'fill="{c}"/>'
        '<ellipse cx="-11" cy="-1" rx="5.5" ry="3.5" fill="#fff"/>'
        '<ellipse cx="11" cy="-1" rx="5.5" ry="3.5" fill="#fff"/>'
        f'<path d="M-14 18 Q-7 13 0 17 Q7 13 14 18 Q7 22 0 19 Q-7 22 -14 18 Z" fill="{INK}"/>'
    )


def _inspector(c: str) -> str:
    return (
        f'<path d="M-16 10 Q-18 -22 0 -24 Q18 -22 16 10 Z" fill="{c}"/>'
        f'<path d="M-22 10 L22 10 L18 15 L-18 15 Z" fill="{INK}"/>'
        '<path d="M0 -12 L5 -4 L0 4 L-5 -4 Z" fill="#f2c94c"/>'
        f'<circle cy="-25" r="3" fill="{c}"/>'
    )


def _arrest(c: str) -> str:
    return (
        f'<circle cx="-11" cy="4" r="10" fill="none" stroke="{c}" stroke-width="4"/>'
        f'<circle cx="11" cy="4" r="10" fill="none" stroke="{c}" stroke-width="4"/>'
        f'<path d="M-4 -8 Q0 -16 4 -8" fill="none" stroke="{INK}" stroke-width="2.5"/>'
        f'<rect x="-15" y="-10" width="8" height="5" fill="{INK}"/>'
        f'<rect x="7" y="-10" width="8" height="5" fill="{INK}"/>'
    )


def _alibi(c: str) -> str:
    return (
        f'<path d="M0 -24 L20 -16 Q20 12 0 24 Q-20 12 -20 -16 Z" fill="{c}"/>'
        '<path d="M-9 0 L-2 8 L11 -8" fill="none" stroke="#fff" stroke-width="4.5" stroke-linecap="round" '
        'stroke-linejoin="round"/>'
    )


def _holmes(c: str) -> str:
    return (
        f'<path d="M-16 0 Q-16 -22 0 -22 Q16 -22 16 0 Z" fill="{c}"/>'
        f'<path d="M-24 2 L-12 -2 L-12 4 Z M24 2 L12 -2 L12 4 Z" fill="{c}"/>'
        f'<path d="M-18 0 L18 0" stroke="{INK}" stroke-width="2.5"/>'
        f'<path d="M-8 -18 L-8 -2 M0 -22 L0 -2 M8 -18 L8 -2" stroke="#fff" stroke-width="0.8" opacity="0.6"/>'
        f'<path d="M-6 12 L6 12 Q10 12 12 16 L16 24 L8 24 L6 17 L-6 17 Z" fill="#7d4f24"/>'
    )


def _watson(c: str) -> str:
    return (
        f'<path d="M-12 -2 C-13 -26 13 -26 12 -2 Z" fill="{c}"/>'
        f'<path d="M-21 -2 Q0 -7 21 -2 Q0 4 -21 -2 Z" fill="{INK}"/>'
        f'<path d="M0 14 C-4 10 -10 10 -16 15 C-10 18 -4 19 0 17 Z M0 14 C4 10 10 10 16 15 C10 18 4 19 0 17 Z" '
        f'fill="{INK}"/>'
    )


def _mycroft(c: str) -> str:
    return (
        f'<rect x="-10" y="-26" width="20" height="18" rx="1" fill="{c}"/>'
        f'<rect x="-17" y="-9" width="34" height="4" rx="2" fill="{c}"/>'
        f'<path d="M-18 6 Q0 -2 16 6" fill="none" stroke="{INK}" stroke-width="2.5"/>'
        f'<path d="M16 6 L9 1 M16 6 L9 10" stroke="{INK}" stroke-width="2.5" stroke-linecap="round"/>'
        f'<path d="M18 18 Q0 26 -16 18" fill="none" stroke="{INK}" stroke-width="2.5"/>'
        f'<path d="M-16 18 L-9 13 M-16 18 L-9 22" stroke="{INK}" stroke-width="2.5" stroke-linecap="round"/>'
    )


def _afoot(c: str) -> str:
    foot = (f'<ellipse rx="5" ry="8" fill="{c}"/><circle cx="-3" cy="-11" r="1.8" fill="{c}"/>'
            f'<circle cx="1" cy="-12" r="1.8" fill="{c}"/><circle cx="4.5" cy="-10" r="1.6" fill="{c}"/>')
    return (f'{_at(-9, 16, 1, foot)}{_at(8, 2, 1, foot)}'
            f'<g opacity="0.55">{_at(-8, -14, 0.9, foot)}</g>')


def _moriarty(c: str) -> str:
    spokes = "".join(f'<path d="M0 0 L{x} {y}" stroke="{c}" stroke-width="1.2"/>'
                     for x, y in ((24, 0), (17, 17), (0, 24), (-17, 17), (-24, 0), (-17, -17), (0, -24), (17, -17)))
    rings = "".join(
        f'<polygon points="{r},0 {r * .7:.1f},{r * .7:.1f} 0,{r} {-r * .7:.1f},{r * .7:.1f} {-r},0 '
        f'{-r * .7:.1f},{-r * .7:.1f} 0,{-r} {r * .7:.1f},{-r * .7:.1f}" fill="none" stroke="{c}" stroke-width="1"/>'
        for r in (8, 15, 22))
    return spokes + rings + f'<circle r="4" fill="{c}"/>'


def _moran(c: str) -> str:
    return (
        f'<circle r="18" fill="none" stroke="{c}" stroke-width="3"/><circle r="7" fill="none" stroke="{c}" '
        f'stroke-width="1.5"/><path d="M-24 0 L-10 0 M10 0 L24 0 M0 -24 L0 -10 M0 10 L0 24" stroke="{c}" '
        'stroke-width="2"/><circle r="1.8" fill="#b00"/>'
    )


def _clay(c: str) -> str:
    return (
        f'<path d="M-24 22 L-24 2 A24 24 0 0 1 24 2 L24 22 Z" fill="#8a6a4a"/>'
        f'<path d="M-12 22 L-12 8 A12 12 0 0 1 12 8 L12 22 Z" fill="{c}"/>'
        '<path d="M14 -22 L2 4" stroke="#7d4f24" stroke-width="3"/>'
        '<path d="M-2 2 L6 6 L2 14 L-6 10 Z" fill="#888"/>'
    )


def _milverton(c: str) -> str:
    return (
        '<rect x="-20" y="-16" width="40" height="30" rx="2" fill="#fff" stroke="#999" stroke-width="1.5"/>'
        f'<path d="M-14 -8 L14 -8 M-14 -2 L14 -2 M-14 4 L4 4" stroke="{c}" stroke-width="1.5"/>'
        '<circle cx="12" cy="12" r="8" fill="#b00"/><circle cx="12" cy="12" r="4" fill="none" stroke="#700" '
        'stroke-width="1.2"/>'
    )


GLYPHS = {
    TRAIN: _train, HANSOM: _hansom, THICK_FOG: _fog,
    LONDON: _london, BAKER_STREET: _baker_street, SCOTLAND_YARD: _scotland_yard, COUNTRY: _country,
    CLUE: _clue, I_SUSPECT: _suspect, TELEGRAM: _telegram, DISGUISE: _disguise,
    INSPECTOR: _inspector, ARREST: _arrest, ALIBI: _alibi,
    HOLMES: _holmes, WATSON: _watson, MYCROFT: _mycroft, AFOOT: _afoot,
    MORIARTY: _moriarty, MORAN: _moran, CLAY: _clay, MILVERTON: _milverton,
}
assert set(GLYPHS) == set(KINDS)


def glyph(card: str) -> str:
    """The small drawing of ``card``, around the origin (about 48 units across)."""
    return GLYPHS[card](colour(card))


# --- cards -------------------------------------------------------------------------------------


def _face(card: str, named: bool) -> str:
    """The body of a card (100 x 140 units): border, suit, glyph and, if ``named``, the name."""
    ink = colour(card)
    wash = WASH[COLOUR_OF[card]]
    suit = SUIT_OF[card]
    body = (
        f'<rect x="3" y="3" width="94" height="134" rx="10" fill="{PAPER}" stroke="{ink}" stroke-width="5"/>'
        f'<rect x="9" y="20" width="82" height="64" rx="6" fill="{wash}"/>'
        f'<text x="50" y="15.5" text-anchor="middle" font-family="sans-serif" font-size="8.5" '
        f'letter-spacing="1" font-weight="bold" fill="{ink}">{escape(suit.upper())}</text>'
        f'{_at(50, 52, 1.05, glyph(card))}'
    )
    if named:
        lines = _lines(card)
        size = 12 if len(lines) == 1 else 10.5 if len(lines) == 2 else 9.5
        first = 112 - (len(lines) - 1) * size / 2
        body += "".join(
            f'<text x="50" y="{first + i * (size + 1):.1f}" text-anchor="middle" font-family="sans-serif" '
            f'font-size="{size:g}" font-weight="bold" fill="{INK}">{escape(line)}</text>'
            for i, line in enumerate(lines)
        )
    return body


def card_svg(card: str, *, width: float = 90) -> str:
    """A face-up card (100 x 140 units, ``width`` pixels wide): suit, glyph and name."""
    colour(card)  # a ValueError for a card that does not exist
    css = f"sk-card sk-suit-{SUIT_OF[card].lower()}"
    return _svg(CARD_W, CARD_H, width, css, f"{card} ({SUIT_OF[card]})", _face(card, named=True))


def card_face_svg(card: str, *, width: float = 86) -> str:
    """A card without its name (for a button whose own text names it)."""
    colour(card)
    return _svg(CARD_W, CARD_H, width, "sk-card-face", f"{card} ({SUIT_OF[card]})", _face(card, named=False))


def _count(count) -> int:
    if not isinstance(count, int) or isinstance(count, bool) or count < 0:
        raise ValueError(f"A hand or pile holds a whole, non-negative number of cards, not {count!r}.")
    return count


def back_svg(count: int | None = None, *, width: float = 40, what: str = "cards") -> str:
    """A face-down card (100 x 140 units); with ``count``, a small stack showing that number."""
    plain = count is None
    n = 1 if plain else _count(count)
    pattern = "".join(f'<circle cx="{x}" cy="{y}" r="1.6" fill="#c9a227" opacity="0.5"/>'
                      for x in range(20, 90, 12) for y in range(20, 130, 12))
    card = ('<rect x="{o}" y="{o}" width="90" height="130" rx="9" fill="#5b1f2b" stroke="#2e0f15" '
            'stroke-width="2"/>')
    if n == 0:
        body = '<rect x="5" y="5" width="90" height="130" rx="9" fill="none" stroke="#999" stroke-dasharray="6 4"/>'
    else:
        body = "".join(card.format(o=o) for o in (10, 5, 0)[-min(n, 3):])
        body += (f'<g>{pattern}</g><rect x="8" y="8" width="74" height="114" rx="6" fill="none" stroke="#c9a227" '
                 'stroke-width="2"/>'
                 '<circle cx="45" cy="56" r="16" fill="none" stroke="#c9a227" stroke-width="4"/>'
                 '<path d="M56 67 L68 79" stroke="#c9a227" stroke-width="6" stroke-linecap="round"/>')
    if not plain:
        body += (f'<text x="45" y="{118 if n else 78}" text-anchor="middle" font-family="sans-serif" '
                 f'font-size="30" font-weight="bold" fill="{"#999" if n == 0 else "#fff"}">{n}</text>')
    label = "a face-down card" if plain else f"{n} {what[:-1] if n == 1 else what}, face down"
    return _svg(CARD_W, CARD_H, width, "sk-back", label, body)


REGION_WORDS = {IN_LONDON: "in London", IN_COUNTRY: "in the Country", legality.ANYWHERE: "anywhere (after the fog)"}


def _region_badge(region: str) -> str:
    """A badge under the table's card saying where the game is (London, the Country or anywhere)."""
    tone = {IN_LONDON: "#1f5f8b", IN_COUNTRY: "#2e8b3a"}.get(region, "#6f7780")
    if region == IN_LONDON:
        icon = (f'<rect x="-3" y="-6" width="6" height="14" fill="#fff"/><path d="M-4 -6 L0 -12 L4 -6 Z" '
                f'fill="#fff"/><circle cy="-2" r="1.8" fill="{tone}"/>')
    elif region == IN_COUNTRY:
        icon = '<rect x="-1" y="-1" width="2" height="9" fill="#fff"/><circle cy="-4" r="6" fill="#fff"/>'
    else:
        icon = ''.join(f'<path d="M-7 {y} Q-3.5 {y - 3} 0 {y} T7 {y}" fill="none" stroke="#fff" stroke-width="2"/>'
                       for y in (-5, 0, 5))
    lead, place = {IN_LONDON: ("the game is in", "London"), IN_COUNTRY: ("the game is in", "the Country")}.get(
        region, ("the game is", "anywhere"))
    return (f'<rect x="2" y="144" width="96" height="30" rx="10" fill="{tone}"/>{_at(13, 159, 0.85, icon)}'
            f'<text x="57" y="155" text-anchor="middle" font-family="sans-serif" font-size="8" fill="#fff">'
            f'{escape(lead)}</text>'
            f'<text x="57" y="168.5" text-anchor="middle" font-family="sans-serif" font-size="11.5" '
            f'font-weight="bold" fill="#fff">{escape(place)}</text>')


def top_svg(top: legality.Top, *, opened: bool = True, width: float = 110) -> str:
    """The card that counts on the table, and where the game is (a badge under it).

    ``opened`` False: nothing played yet, an empty place that waits for "The game is afoot!"."""
    if not opened:
        body = ('<rect x="5" y="5" width="90" height="130" rx="10" fill="#f7f3e8" stroke="#b8a98a" '
                'stroke-width="2" stroke-dasharray="7 5"/>'
                + "".join(f'<text x="50" y="{y}" text-anchor="middle" font-family="sans-serif" font-size="10" '
                          f'fill="#7a6a4a">{escape(t)}</text>'
                          for y, t in ((58, "Nothing played:"), (74, "The game is"), (88, "afoot! opens")))
                + _region_badge(top.region))
        return _svg(CARD_W, 176, width, "sk-top sk-top-empty", f"nothing played yet, {REGION_WORDS[top.region]}", body)
    body = _face(top.card, named=True) + _region_badge(top.region)
    label = f"on the table: {top.card}, {REGION_WORDS.get(top.region, top.region)}"
    return _svg(CARD_W, 176, width, f"sk-top sk-suit-{SUIT_OF[top.card].lower()}", label, body)
