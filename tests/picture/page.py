"""Picture Perfect tables for the widget's tests: sessions on a hand-turned clock (their
thinking bots on a small search budget), what the page carries, the envelopes you never
read, and your moves made by clicking the buttons the table names for them."""

from __future__ import annotations

import random

from sherlockkit.games.picture import rules
from sherlockkit.games.picture.alibis import INVESTIGATORS
from sherlockkit.games.picture.cards import HIDE, NEXT_TO
from sherlockkit.games.picture.guests import party
from sherlockkit.games.picture.mat import space_named
from sherlockkit.games.picture.seeing import read_by
from sherlockkit.games.picture.state import Place, Ready
from tests.random_play import a_random_move
from tests.seen import widgets_under, wire_text  # noqa: F401  (the page tests import them from here)
from widgets.clock import ManualClock
from widgets.picture import PictureSession, PictureTable

#: layouts a thinking bot scores a round at the tests' tables (the app's: ``bots.BUDGET``)
BUDGET = 30
#: the middle of the mat, where Watson and Holmes are in every photo
MIDDLE = ("2B", "2C", "3B", "3C")


def game(seed: int = 7, **options) -> PictureSession:
    options.setdefault("budget", BUDGET)
    return PictureSession(seed=seed, clock=ManualClock(), **options)


def table(seed: int = 7, **options) -> PictureTable:
    return PictureTable(game(seed=seed, **options))


def shown(widget) -> bool:
    return widget.layout.display != "none"


def never_read(session, seat: int = 0) -> list[str]:
    """The guests of the party (``guests.party``) whose envelopes ``seat`` has never held."""
    seen = read_by(session.state, seat)
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


def same_whatever_is_hidden(tab, trials: int = 1) -> bool:
    """Whether every widget's state stays as it was when the cards you have not seen (the
    wishes, in a Sherlock party the Alibi cards and the culprit's) are dealt again; the
    table is put back."""
    session = tab.game
    state, before = session.state, wire_text(tab)
    try:
        for trial in range(trials):
            session.state = rules.shuffle_hidden(state, 0, random.Random(len(session.actions) * 7 + trial))
            session.notify()
            if wire_text(tab) != before:
                return False
        return True
    finally:
        session.state = state
        session.notify()


def click(tab, move) -> None:
    """Make ``move`` by the clicks the table names for it, each on a button it shows enabled."""
    for button in tab.path_to(move):
        assert shown(button) and not button.disabled, (move, button.description)
        button.click()


def place_by_clicks(tab, guest: str, space: str) -> None:
    """Pick ``guest`` in the list, then click ``space`` ("2B")."""
    if tab.arranging.picked != guest:
        tab.guest_buttons[guest].click()
    tab.space_buttons[space_named(space)].click()


def play_for_you(tab, rng: random.Random) -> bool:
    """One move of yours by clicks, if the page offers one: a kind of move drawn first, then
    one of that kind, leaning to Ready (so every round ends) and to standing Watson and
    Holmes in the middle of the mat (so the last Ready of a Sherlock party comes); True if
    it was made."""
    session = tab.game
    legal = [] if session.replaying else rules.legal_moves(session.view)
    if not legal:
        return False
    before = len(session.actions)
    middle = [m for m in legal if type(m) is Place and m.guest in INVESTIGATORS and m.space in MIDDLE]
    ready = [m for m in legal if type(m) is Ready]
    if ready and rng.random() < 0.2:
        move = ready[0]
    elif middle and rng.random() < 0.3:
        move = rng.choice(middle)
    else:
        move = a_random_move(legal, rng)
    click(tab, move)
    assert session.actions[before:] == [move], (move, session.message)
    return True


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
