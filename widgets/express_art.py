"""Sherlock Express card art, as SVG markup strings.

Pure functions, no widgets: every public function returns a self-contained ``<svg>``
element (no scripts, images, external files or ids) that can be inlined in HTML as
many times as needed. The drawings are simple original shapes: one helper per animal
face, per accessory and per place icon, each drawn around the origin and placed with
``_at(x, y, scale, body)``.
"""

from __future__ import annotations

from html import escape
from math import atan2, degrees

from sherlockkit.games.express.cards import Suspect, kind_of
from widgets.svg import at as _at, svg as _svg

INK = "#2a2320"
GOLD = "#d4a72c"
ANIMAL_INK = "#b4531f"  # rust: the colour of animal names and animal alibis
ACCESSORY_INK = "#2c3e66"  # navy: the colour of accessory names and accessory alibis
#: Per place: (background, dark ink for border and name).
PLACE_COLOURS = {
    "library": ("#ecd6b3", "#7d4f24"),
    "garden": ("#d3ebc2", "#3d7a31"),
    "tea room": ("#f1d9ea", "#94527f"),
}




# --- animal faces: drawn around (0, 0), about 60 units wide -----------------------


def _tiger() -> str:
    """An orange tiger face with black stripes and a white muzzle."""
    stripes = "".join(
        f'<path d="{d}" fill="{INK}"/><path d="{d}" fill="{INK}" transform="scale(-1 1)"/>'
        for d in ("M-28.5 -5 L-16 -2 L-28 0 Z", "M-27 5 L-17 6 L-25 10 Z", "M-9 -24 L-6 -13 L-4 -25 Z")
    )
    return (
        f'<circle cx="-19" cy="-19" r="8" fill="#f28c28" stroke="{INK}" stroke-width="1.5"/>'
        f'<circle cx="19" cy="-19" r="8" fill="#f28c28" stroke="{INK}" stroke-width="1.5"/>'
        f'<circle cx="-19" cy="-19" r="4" fill="{INK}"/><circle cx="19" cy="-19" r="4" fill="{INK}"/>'
        f'<ellipse rx="29" ry="26" fill="#f28c28" stroke="{INK}" stroke-width="1.5"/>'
        f'{stripes}<path d="M-2.5 -26 L0 -16 L2.5 -26 Z" fill="{INK}"/>'
        '<ellipse cx="-7" cy="10" rx="9" ry="7.5" fill="#fff8ee"/>'
        '<ellipse cx="7" cy="10" rx="9" ry="7.5" fill="#fff8ee"/>'
        '<ellipse cx="-11" cy="-5" rx="3.6" ry="3.2" fill="#f7d84a"/>'
        '<ellipse cx="11" cy="-5" rx="3.6" ry="3.2" fill="#f7d84a"/>'
        f'<ellipse cx="-11" cy="-5" rx="1.2" ry="3" fill="{INK}"/>'
        f'<ellipse cx="11" cy="-5" rx="1.2" ry="3" fill="{INK}"/>'
        '<path d="M-4.5 3 L4.5 3 L0 8 Z" fill="#d9647a"/>'
        f'<path d="M0 8 Q-2 13 -6 12 M0 8 Q2 13 6 12" fill="none" stroke="{INK}" stroke-width="1.2"/>'
    )


def _panda() -> str:
    """A white panda face with black ears and black eye patches."""
    return (
        f'<circle cx="-19" cy="-19" r="9" fill="{INK}"/><circle cx="19" cy="-19" r="9" fill="{INK}"/>'
        f'<ellipse rx="28" ry="25" fill="#ffffff" stroke="{INK}" stroke-width="1.5"/>'
        f'<ellipse cx="-11" cy="-3" rx="7" ry="9.5" fill="{INK}" transform="rotate(35 -11 -3)"/>'
        f'<ellipse cx="11" cy="-3" rx="7" ry="9.5" fill="{INK}" transform="rotate(-35 11 -3)"/>'
        '<circle cx="-10" cy="-4" r="2.8" fill="#fff"/><circle cx="10" cy="-4" r="2.8" fill="#fff"/>'
        f'<circle cx="-10" cy="-4" r="1.4" fill="{INK}"/><circle cx="10" cy="-4" r="1.4" fill="{INK}"/>'
        f'<ellipse cy="6" rx="4.5" ry="3.2" fill="{INK}"/>'
        f'<path d="M0 9 Q-2 13 -5 12 M0 9 Q2 13 5 12" fill="none" stroke="{INK}" stroke-width="1.2"/>'
    )


def _koala() -> str:
    """A grey koala face with big fluffy round ears and a large dark nose."""
    ear = (
        '<circle r="14" fill="#8f979f" stroke="#5d646b" stroke-width="1.5"/>'
        '<circle r="8.5" fill="#f3eee8" stroke="#f3eee8" stroke-width="4" '
        'stroke-dasharray="1.2 2.4" stroke-linecap="round"/>'
    )
    return (
        f'{_at(-25, -13, 1, ear)}{_at(25, -13, 1, ear)}'
        '<ellipse rx="25" ry="24" fill="#9ea6ad" stroke="#5d646b" stroke-width="1.5"/>'
        '<ellipse cy="10" rx="14" ry="12" fill="#b8bfc5"/>'
        f'<circle cx="-11" cy="-6" r="2.6" fill="{INK}"/><circle cx="11" cy="-6" r="2.6" fill="{INK}"/>'
        '<circle cx="-10.3" cy="-6.8" r="0.9" fill="#fff"/><circle cx="11.7" cy="-6.8" r="0.9" fill="#fff"/>'
        '<path d="M0 -6 C7.5 -6 8.5 4 7 9 C5.5 14 -5.5 14 -7 9 C-8.5 4 -7.5 -6 0 -6 Z" fill="#332c2c"/>'
        '<ellipse cx="-2.5" cy="-1" rx="1.6" ry="3" fill="#6b6363"/>'
    )


#: Per animal: its drawing, the y of the top of its head, where its (left) eye is,
#: and the y just under its nose, in face units.
ANIMAL_ART = {
    "tiger": (_tiger, -25, (11, -5), 10),
    "panda": (_panda, -24, (10, -4), 11),
    "koala": (_koala, -23, (11, -6), 15.5),
}

# --- accessories: each drawn around its own anchor ----------------------------------


def _bowler_hat() -> str:
    """A black round-crown bowler hat whose brim is centred on the origin."""
    return (
        f'<path d="M-12.5 1 C-14 -25 14 -25 12.5 1 Z" fill="{INK}"/>'
        '<rect x="-12.9" y="-5" width="25.8" height="4.5" fill="#8a2a2a"/>'
        '<path d="M-7 -14 Q-3 -19 3 -18.5" fill="none" stroke="#6c625d" stroke-width="1.6" stroke-linecap="round"/>'
        f'<path d="M-22 1 Q0 -4 22 1 Q0 7.5 -22 1 Z" fill="{INK}"/>'
    )


def _moustache() -> str:
    """A curly black moustache centred on the origin, about 36 units wide."""
    half = (
        f'<path d="M0 -2 C-4 -5 -10 -5 -15 -1 C-10 2 -5 4 0 2.5 Z" fill="{INK}"/>'
        f'<path d="M-14 -1 C-18 2 -21.5 -1 -20 -4 C-18.5 -6.5 -15.5 -5.5 -16.5 -3.5" fill="none" '
        f'stroke="{INK}" stroke-width="2" stroke-linecap="round"/>'
    )
    return f'{half}<g transform="scale(-1 1)">{half}</g>'


def _monocle() -> str:
    """A gold monocle ring centred on the origin, with a chain hanging down and out."""
    return (
        f'<path d="M6 5 Q14 12 12 24" fill="none" stroke="{GOLD}" stroke-width="1.3" '
        'stroke-dasharray="1.6 1.1"/>'
        f'<circle r="7.5" fill="#e8f4ff" fill-opacity="0.35" stroke="{GOLD}" stroke-width="2.8"/>'
        '<path d="M-3.5 -3 A4.5 4.5 0 0 1 1 -4.5" fill="none" stroke="#fff" stroke-width="1"/>'
    )


ACCESSORY_ART = {"bowler hat": _bowler_hat, "moustache": _moustache, "monocle": _monocle}

# --- places: an icon about 24 units wide around the origin, and a backdrop strip --


def _library() -> str:
    """A warm brown bookshelf with two shelves of coloured books."""
    books = "".join(
        f'<rect x="{x}" y="{shelf - h}" width="3" height="{h}" fill="{c}"/>'
        for shelf in (-1, 9)
        for x, h, c in ((-8, 7, "#b33a3a"), (-4.6, 6, "#2f5d8c"), (-1.2, 7, "#d9a441"), (2.2, 5.5, "#3d7a31"))
    )
    return (
        '<rect x="-11" y="-11" width="22" height="22" rx="1.5" fill="#7d4f24"/>'
        '<rect x="-9" y="-9" width="18" height="8" fill="#f3e3c7"/>'
        '<rect x="-9" y="1" width="18" height="8" fill="#f3e3c7"/>'
        f'{books}<rect x="6" y="3" width="3" height="6" fill="#8a6a9a" transform="rotate(-15 7 9)"/>'
    )


def _garden() -> str:
    """A green hedge with a leaf: three round bushes and a single big leaf."""
    return (
        '<circle cx="-6" cy="3" r="6.5" fill="#3d7a31"/><circle cx="6" cy="3" r="6.5" fill="#3d7a31"/>'
        '<circle cy="-1" r="7.5" fill="#4f9a3a"/><rect x="-12" y="5" width="24" height="5" rx="1" fill="#2e6125"/>'
        '<path d="M-3 3 C-4 -8 4 -13 11 -12 C11 -4 6 3 -3 3 Z" fill="#7cc456" stroke="#2e6125" stroke-width="0.8"/>'
        '<path d="M-3 3 Q3 -4 9 -10" fill="none" stroke="#2e6125" stroke-width="0.8"/>'
    )


def _tea_room() -> str:
    """A white teacup with a rose rim on its saucer, with a curl of steam."""
    return (
        '<ellipse cy="8" rx="12" ry="3" fill="#fff" stroke="#94527f" stroke-width="1"/>'
        '<path d="M7 -1 C13 -2 13 6 6 5" fill="none" stroke="#94527f" stroke-width="1.8"/>'
        '<path d="M-9 -3 L9 -3 C9 5 5 8 0 8 C-5 8 -9 5 -9 -3 Z" fill="#fff" stroke="#94527f" stroke-width="1"/>'
        '<rect x="-9" y="-3.5" width="18" height="2.2" rx="1" fill="#d9759f"/>'
        '<path d="M-2 -6 C-5 -9 1 -10 -2 -13 M3 -6 C0 -9 6 -10 3 -13" fill="none" stroke="#94527f" '
        'stroke-width="1" stroke-linecap="round"/>'
    )


def _shelf_backdrop() -> str:
    """A row of book spines on a wooden shelf, 110 units wide."""
    colours = ("#b33a3a", "#2f5d8c", "#d9a441", "#3d7a31", "#8a6a9a", "#a0522d")
    books = "".join(
        f'<rect x="{x}" y="{18 - h}" width="7" height="{h}" fill="{colours[i % 6]}" opacity="0.55"/>'
        for i, (x, h) in enumerate((3 + 8 * i, 14 + (i * 5) % 6) for i in range(14))
    )
    return f'{books}<rect y="18" width="110" height="4" fill="#7d4f24" opacity="0.7"/>'


def _hedge_backdrop() -> str:
    """A rounded hedge along the bottom, 110 units wide."""
    bushes = "".join(f'<circle cx="{x}" cy="12" r="9" fill="#6fae55"/>' for x in range(0, 121, 14))
    return f'{bushes}<rect y="12" width="110" height="10" fill="#6fae55"/>'


def _table_backdrop() -> str:
    """A tea table with a scalloped rose tablecloth, 110 units wide."""
    scallops = "".join(f'<circle cx="{x}" cy="20" r="4" fill="#e3a6c5"/>' for x in range(4, 110, 8))
    cloth = '<rect y="6" width="110" height="14" fill="#e3a6c5"/><rect y="6" width="110" height="2" fill="#94527f"/>'
    return cloth + scallops


PLACE_ART = {
    "library": (_library, _shelf_backdrop),
    "garden": (_garden, _hedge_backdrop),
    "tea room": (_tea_room, _table_backdrop),
}


def _lookup(table: dict, trait: str, kind: str):
    """``table[trait]``, or a ValueError naming the unknown trait."""
    try:
        return table[trait]
    except (KeyError, TypeError):
        raise ValueError(f"{trait!r} is not a Sherlock Express {kind}; expected one of {', '.join(table)}.") from None


def _face(animal: str, accessory: str | None, x: float, y: float, s: float) -> str:
    """The animal's face at (x, y) scaled by s, wearing ``accessory`` if given."""
    draw, top, eye, lip = _lookup(ANIMAL_ART, animal, "animal")
    body = draw()
    if accessory is not None:
        wear = _lookup(ACCESSORY_ART, accessory, "accessory")
        anchors = {"bowler hat": (0, top + 3, 1.1), "moustache": (0, lip, 1), "monocle": (*eye, 1)}
        body += _at(*anchors[accessory], wear())
    return _at(x, y, s, body)


def _ink(trait: str) -> str:
    """The colour in which a trait's name is written, on suspects and alibis alike."""
    kind = kind_of(trait)
    return ANIMAL_INK if kind == "animal" else ACCESSORY_INK if kind == "accessory" else PLACE_COLOURS[trait][1]


# --- public cards --------------------------------------------------------------------


def suspect_svg(suspect: Suspect, *, cleared: bool = False, width: float = 110, css: str = "sk-suspect") -> str:
    """A suspect card (110 x 160 units, shown ``width`` pixels wide) as an ``<svg>`` string.

    The background, backdrop and corner icon say the place; the face says the animal and
    wears the accessory; a label spells out the three traits. ``cleared`` dims the card and
    crosses it with a "cleared" stripe, leaving it recognisable. ``css`` is its class: a
    card in play is an ``sk-suspect``; a picture of one (caught, leaving) is called otherwise.
    """
    icon, backdrop = _lookup(PLACE_ART, suspect.place, "place")
    paper, dark = PLACE_COLOURS[suspect.place]
    body = (
        f'<rect x="1" y="1" width="108" height="158" rx="9" fill="{paper}" stroke="{dark}" stroke-width="2"/>'
        f'{_at(0, 96, 1, backdrop())}'
        f'<circle cx="17" cy="17" r="13.5" fill="#fff" fill-opacity="0.85" stroke="{dark}" stroke-width="1"/>'
        f'{_at(17, 17, 0.9, icon())}'
        f'{_face(suspect.animal, suspect.accessory, 55, 70, 1.05)}'
        '<rect x="6" y="121" width="98" height="33" rx="5" fill="#fffdf8" stroke="#d8cfc2" stroke-width="0.8"/>'
        f'<text x="55" y="135" text-anchor="middle" font-family="sans-serif" font-size="10" fill="{INK}">'
        f'<tspan fill="{_ink(suspect.animal)}" font-weight="bold">{escape(suspect.animal)}</tspan> · '
        f'<tspan fill="{_ink(suspect.accessory)}">{escape(suspect.accessory)}</tspan></text>'
        f'<text x="55" y="148" text-anchor="middle" font-family="sans-serif" font-size="10" '
        f'font-style="italic" fill="{dark}">{escape(suspect.place)}</text>'
    )
    if cleared:
        angle = degrees(atan2(-80, 110))
        body = (
            f'<g opacity="0.5">{body}</g>'
            '<rect x="1" y="1" width="108" height="158" rx="9" fill="#8c8c8c" fill-opacity="0.3"/>'
            '<polygon points="1,104 1,126 109,46 109,24" fill="#5a5a5a" fill-opacity="0.85"/>'
            f'<text x="55" y="79" text-anchor="middle" font-family="sans-serif" font-size="13" font-weight="bold" '
            f'letter-spacing="2" fill="#fff" transform="rotate({angle:.1f} 55 75)">CLEARED</text>'
        )
    label = f"{suspect}{' (cleared)' if cleared else ''}"
    return _svg(110, 160, width, css + (" sk-cleared" if cleared else ""), label, body)


def alibi_svg(trait: str, *, width: float = 54) -> str:
    """A small alibi card (55 x 80 units) showing one trait and its name, as an ``<svg>`` string.

    Animal alibis are cream with a rust border, accessory alibis pale blue with a navy
    border, place alibis take the place's colours, as on the suspect cards.
    """
    kind = kind_of(trait)
    ink = _ink(trait)
    if kind == "animal":
        paper, picture = "#fbf1e2", _face(trait, None, 27.5, 33, 0.56)
    elif kind == "accessory":
        scale = {"bowler hat": 1.0, "moustache": 1.15, "monocle": 1.5}[trait]
        paper, picture = "#e9eef7", _at(27.5, 36 if trait == "bowler hat" else 30, scale, ACCESSORY_ART[trait]())
    else:
        paper, picture = PLACE_COLOURS[trait][0], _at(27.5, 32, 1.55, PLACE_ART[trait][0]())
    body = (
        f'<rect x="1" y="1" width="53" height="78" rx="6" fill="{paper}" stroke="{ink}" stroke-width="2"/>'
        f'{picture}<rect x="4" y="60" width="47" height="15" rx="3" fill="#fffdf8"/>'
        f'<text x="27.5" y="71" text-anchor="middle" font-family="sans-serif" font-size="9" '
        f'font-weight="bold" fill="{ink}">{escape(trait)}</text>'
    )
    return _svg(55, 80, width, "sk-alibi", f"alibi: {trait}", body)


def _count(count: int) -> int:
    """``count`` checked to be a whole number of cards."""
    if not isinstance(count, int) or count < 0:
        raise ValueError(f"A pile holds a whole, non-negative number of cards, not {count!r}.")
    return count


def deck_svg(count: int, *, width: float = 110) -> str:
    """The back of the suspect deck (110 x 160 units) with ``count`` cards left, as an ``<svg>`` string."""
    count = _count(count)
    cards = "card" if count == 1 else "cards"
    dots = "".join(
        f'<circle cx="{x}" cy="{y}" r="1" fill="#3a4f8f"/>' for x in range(14, 100, 12) for y in range(14, 150, 12)
    )
    glass = (
        f'<path d="M12 12 L27 27" stroke="#6b3f1f" stroke-width="7" stroke-linecap="round"/>'
        f'<circle r="17" fill="#cfe3ff" fill-opacity="0.25" stroke="{GOLD}" stroke-width="4.5"/>'
        '<path d="M-10 -6 A11 11 0 0 1 -4 -11" fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round"/>'
        f'<text y="8" text-anchor="middle" font-family="serif" font-size="22" font-weight="bold" fill="{GOLD}">?</text>'
    )
    body = (
        '<rect x="1" y="1" width="108" height="158" rx="9" fill="#1b2a59" stroke="#0e1733" stroke-width="2"/>'
        f'{dots}<rect x="7" y="7" width="96" height="146" rx="6" fill="none" stroke="{GOLD}" stroke-width="1.5"/>'
        f'{_at(50, 60, 1.1, glass)}'
        f'<text x="55" y="118" text-anchor="middle" font-family="serif" font-style="italic" font-size="17" '
        f'fill="{GOLD}">Moriarty?</text>'
        f'<text x="55" y="139" text-anchor="middle" font-family="sans-serif" font-size="10" fill="#e8ecf7">'
        f'{count} {cards} left</text>'
    )
    return _svg(110, 160, width, "sk-deck", f"suspect deck: {count} {cards} left", body)


def facedown_svg(count: int, *, width: float = 40) -> str:
    """A face-down alibi pile (44 x 64 units) showing ``count``, as an ``<svg>`` string."""
    count = _count(count)
    cards = "card" if count == 1 else "cards"
    card = '<rect x="{0}" y="{0}" width="38" height="56" rx="4" fill="#7a1f2b" stroke="#3d0f15" stroke-width="1.2"/>'
    if count == 0:
        body = '<rect x="1" y="1" width="38" height="56" rx="4" fill="none" stroke="#999" stroke-dasharray="3 2"/>'
    else:
        body = "".join(card.format(offset) for offset in (5, 3, 1)[-min(count, 3):])
        body += (
            f'<rect x="4" y="4" width="32" height="50" rx="2.5" fill="none" stroke="{GOLD}" stroke-width="0.8"/>'
        )
    body += (
        f'<text x="20" y="34.5" text-anchor="middle" font-family="sans-serif" font-size="15" font-weight="bold" '
        f'fill="{"#999" if count == 0 else "#fff"}">{count}</text>'
    )
    return _svg(44, 64, width, "sk-alibi-pile", f"alibi pile: {count} {cards} face down", body)


# --- the cards as they lie on the table: a place, the alibi rows, the last round's proof ------
# Markup for ``widgets.express``; a class says what just arrived, and the table's style
# moves it (an alibi turns over, a caught suspect leaves and the next is dealt in).


def slot_html(slot, suspect: Suspect | None, cleared, caught=None, deck: str | None = None) -> str:
    """One place of the display (``slot`` 0-5, or the deck's, drawn as ``deck``): its card,
    shaded if one of the ``cleared`` traits clears it, or an empty place. ``caught``: the
    right accusation that just emptied it (an ``Accused`` event), whose card is drawn
    leaving over the one dealt in."""
    if deck is not None:
        card = deck
    elif suspect is None:
        card = "<div class='sk-empty' role='img' aria-label='an empty place'></div>"
    else:
        card = suspect_svg(suspect, cleared=suspect.cleared_by(cleared))
    leaving = ""
    if caught is not None:
        if deck is None and suspect is not None:
            card = f"<div class='sk-dealt'>{card}</div>"
        gone = caught.suspect or caught.won[0]
        leaving = f"<div class='sk-leaving' aria-hidden='true'>{suspect_svg(gone, css='sk-caught')}</div>"
    return f"<div class='sk-slot' data-slot='{slot}'>{card}{leaving}</div>"


def alibi_rows(names, revealed, new: dict[int, int], title: str) -> list[str]:
    """Everyone's face-up alibis: ``title``, then a row per player (``names``, already
    worded), each its own piece of markup so that a row is sent to the page only when it
    changes; the last ``new[p]`` of player ``p``'s are marked as just turned up."""
    rows = [f"<div class='sk-h'>{escape(title)}</div>"]
    for p, (name, traits) in enumerate(zip(names, revealed)):
        fresh = len(traits) - new.get(p, 0)
        cards = "".join(_arrived(alibi_svg(t), k >= fresh) for k, t in enumerate(traits))
        rows.append(f"<div class='sk-alibis' data-seat='{p}'><span class='sk-who'>{escape(name)}</span>"
                    f"{cards or '<span class=sk-none>—</span>'}</div>")
    return rows


def proof_html(title: str, story: str, traits, won, new: bool) -> str:
    """The last round's proof: ``title``, the ``story`` of how it ended, the alibis that
    were face up then (``traits``) and the suspects it won."""
    alibis = "".join(alibi_svg(t) for t in traits)
    cards = "".join(suspect_svg(s, css="sk-caught") for s in won)
    arrow = "<span class='sk-arrow' aria-hidden='true'>→</span>" if alibis and cards else ""
    return (f"<div class='sk-last-round{' sk-new' if new else ''}'><div class='sk-h'>{escape(title)}</div>"
            f"<div class='sk-story'>{escape(story)}</div><div class='sk-proof'>{alibis}{arrow}{cards}</div></div>")


def _arrived(card: str, new: bool) -> str:
    """A card, wrapped to turn over if it has just been turned up."""
    return f"<span class='sk-flip sk-flip-new'>{card}</span>" if new else card
