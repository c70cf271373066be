"""Picture Perfect tables for the widget's tests: sessions on a hand-turned clock, what the
page carries, the envelopes you never read, and your moves made by clicking."""

from __future__ import annotations

import random

from sherlockkit.games.picture import rules
from sherlockkit.games.picture.alibis import INVESTIGATORS
from sherlockkit.games.picture.cards import HIDE, NEXT_TO
from sherlockkit.games.picture.guests import party
from tests.seen import widgets_under, wire_text  # noqa: F401  (the page tests import them from here)
from widgets.clock import ManualClock
from widgets.picture import PictureSession, PictureTable


def game(seed: int = 7, **options) -> PictureSession:
    return PictureSession(seed=seed, clock=ManualClock(), **options)


def table(seed: int = 7, **options) -> PictureTable:
    return PictureTable(game(seed=seed, **options))


def shown(widget) -> bool:
    return widget.layout.display != "none"


def never_read(session, seat: int = 0) -> list[str]:
    """The guests of the party (``guests.party``) whose envelopes ``seat`` has never held."""
    seen = rules.read_by(session.state, seat)
    return [g for g in party(session.state) if g not in seen]


def secret_texts(session, guests) -> list[str]:
    """The words (without the full stop: the log quotes them without it) of the one-of-a-kind cards ("next to Tom", "hide Polly's face": one of
    each in the deck) inside the envelopes of ``guests``: found on the page, they could only
    have come from those envelopes."""
    envelopes = {e.guest: e for e in session.state.envelopes}
    return [card.text.rstrip(".") for g in guests for card in envelopes[g].cards if card.kind in (NEXT_TO, HIDE)]


def leaks(tab) -> list[str]:
    """The one-of-a-kind wishes of envelopes you never read found in any widget's state."""
    text = wire_text(tab).replace("&#x27;", "'").replace("\\u2019", "'")
    return [t for t in secret_texts(tab.game, never_read(tab.game)) if t in text or t.replace("'", "&#x27;") in text]


def visible(buttons) -> list:
    return [b for b in buttons if shown(b) and not b.disabled]


def place_by_clicks(tab, guest: str, space: str) -> None:
    """Pick ``guest`` in the list, then click ``space`` ("2B")."""
    from sherlockkit.games.picture.mat import space_named

    if tab.picked != guest:
        tab.guest_buttons[guest].click()
    tab.space_buttons[space_named(space)].click()


def play_for_you(tab, rng: random.Random) -> bool:
    """One move of yours through the table's buttons and sliders, if the table offers one;
    True if it was made (the game moved on)."""
    session = tab.game
    before = len(session.actions)
    exchange = visible(tab.exchange_buttons)
    if exchange:
        rng.choice(exchange).click()
        return len(session.actions) > before
    if ask_or_answer(tab, rng):
        return len(session.actions) > before
    if not shown(tab.ready_button):
        return False
    roll = rng.random()
    free = [s for s, b in tab.space_buttons.items() if str(s) == b.description]
    figures = [g for g, b in tab.guest_buttons.items() if shown(b) and not b.disabled]
    missing = [g for g in INVESTIGATORS if g in figures and g not in dict(session.view.mats[0])]
    if "must be in your photo" in session.message and free:  # the last Ready refused: frame them
        named = [g for g in INVESTIGATORS if g in session.message.split(" must ")[0]]
        if tab.across.value != 0:
            tab.across.value = 0
        else:
            front = sorted(free, key=lambda s: (s.row, abs(2 * s.column - 5)))
            place_by_clicks(tab, named[0], str(front[0]))
    elif missing and free and roll < 0.3:
        place_by_clicks(tab, missing[0], str(rng.choice(free)))
    elif roll < 0.45 and free:
        place_by_clicks(tab, rng.choice(figures), str(rng.choice(free)))
    elif roll < 0.55:
        placed = [s for s, b in tab.space_buttons.items() if str(s) != b.description]
        if placed:
            tab.space_buttons[rng.choice(placed)].click()
            tab.unplace_button.click()
    elif roll < 0.65:
        tab.across.value = rng.choice([v for v in range(tab.across.min, tab.across.max + 1) if v != tab.across.value])
    elif roll < 0.72 and visible(tab.vip_buttons):
        rng.choice(visible(tab.vip_buttons)).click()
    else:
        tab.ready_button.click()
    return len(session.actions) > before


def ask_or_answer(tab, rng: random.Random) -> bool:
    """A question asked (a random choice of the menus) or answered (a random one of the
    three answers: a lie is refused, and the next try may tell the truth), if the table
    offers one; True if a button was clicked."""
    panel = tab.questions
    if not shown(panel):
        return False
    if shown(panel.asking):
        for menu in (panel.to, panel.kind, panel.about):
            menu.value = rng.choice([v for _, v in menu.options])
        panel.ask_button.click()
        return True
    if shown(panel.answering):
        rng.choice(panel.answer_buttons).click()
        return True
    return False


def play_out(tab, rng: random.Random, check=None, limit: int = 3000) -> int:
    """Play the party to its end (you by clicks, the bots on the clock); ``check(tab)``
    after every move; the number of your moves."""
    mine = 0
    for _ in range(limit):
        if tab.game.view.outcome is not None:
            return mine
        before = len(tab.game.actions)
        if play_for_you(tab, rng):
            mine += 1
        else:
            tab.game.clock.advance(5)
        if check is not None and len(tab.game.actions) != before:
            check(tab)
    raise AssertionError("the party did not end")
