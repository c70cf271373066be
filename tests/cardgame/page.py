"""Card game tables for the widget's tests: sessions on a hand-turned clock, rigged hands,
and what the page shows."""

from __future__ import annotations

from dataclasses import replace

from sherlockkit.games.cardgame import rules
from sherlockkit.games.cardgame.cards import AFOOT, HANSOM, IN_LONDON, LONDON
from sherlockkit.games.cardgame.legality import Top
from sherlockkit.games.cardgame.state import PLAY
from widgets.cardgame import CardGameSession, _names
from widgets.clock import ManualClock

PLAYERS = 4


def seed_where(you_open: bool, players: int = PLAYERS) -> int:
    """A seed whose first hand gives you "The game is afoot!" (or gives it to a bot)."""
    for seed in range(1, 500):
        state = rules.new(seed, players=players, names=_names(players))
        if (AFOOT in state.hands[0]) == you_open:
            return seed
    raise AssertionError("no such seed")


def game(seed=None, **options):
    options.setdefault("players", PLAYERS)
    return CardGameSession(seed=seed_where(True) if seed is None else seed, clock=ManualClock(), **options)


def rigged(session, hands, top=Top(LONDON, IN_LONDON), played=(AFOOT, HANSOM, LONDON), turn=0, **changes):
    """The session's table with the given hands (the rest of the 108 cards in the pile)."""
    state = session.state
    held = [c for h in hands for c in h]
    pile = list(state.pile) + [c for h in state.hands for c in h] + list(state.played)
    for card in held + list(played):
        pile.remove(card)
    session.state = replace(state, hands=tuple(tuple(h) for h in hands), pile=tuple(pile), played=tuple(played),
                            top=top, turn=turn, phase=changes.pop("phase", PLAY), **changes)
    session.after_change()
    return session


def card_button(view, card):
    return next(b for b in view.hand_box.children if b.description == card)


def shown(widget) -> bool:
    return widget.layout.display != "none"


def texts(widget, skip=()):
    """Every string the page shows or carries for ``widget`` and everything inside it."""
    if widget in skip:
        return []
    out = []
    for name in ("value", "description", "tooltip", "placeholder"):
        value = getattr(widget, name, None)
        if isinstance(value, str):
            out.append(value)
    out += [t for t in getattr(widget, "titles", ()) if t]
    for child in getattr(widget, "children", ()):
        out += texts(child, skip)
    return out


def page_text(view):
    # the first child is the stylesheet: the same for every game (it draws every kind of card)
    return "\n".join(texts(view, skip=(view.children[0],)))


def play_for_you(view):
    """Make one move of yours through the page's buttons, if you have one; True if you did."""
    seen = view.game.view
    options = rules.legal_moves(seen)
    if not options:
        return False
    for button in (view.villains_button, view.take_button, view.keep_button, view.draw_button):
        if shown(button):
            button.click()
            return True
    legal = [b for b in view.hand_box.children if "sk-legal" in b._dom_classes]
    legal[0].click()
    if view.choosing:
        next(b for b in view.target_buttons if shown(b)).click()
    return True
