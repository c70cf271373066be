"""Beyond Baker Street tables for the widget's tests: sessions on a hand-turned clock,
what the page carries, and the names of your own hidden cards."""

from __future__ import annotations

import random
import re
from fractions import Fraction

from sherlockkit.games.bakerstreet.cards import KINDS, Evidence
from sherlockkit.games.bakerstreet.events import Eliminated, EvidenceReturned, Investigated, Recalled
from widgets.bakerstreet import BakerStreetSession, BakerStreetTable
from tests.seen import widgets_under, wire_text  # noqa: F401  (the page tests import them from here)
from widgets.clock import ManualClock


def game(seed: int = 7, **options) -> BakerStreetSession:
    return BakerStreetSession(seed=seed, clock=ManualClock(), **options)


def card_forms(card: Evidence) -> tuple[str, ...]:
    """The ways a card's name could be written: "Track 4", "Track-4", "track4", "Track_4"..."""
    icon, n = card.icon, card.number
    forms = {f"{icon} {n}", f"{icon}-{n}", f"{icon}{n}", f"{icon}_{n}", f"{icon}&nbsp;{n}", f"{icon}\\u00a0{n}"}
    return tuple(sorted(forms | {f.lower() for f in forms}))


def ever_public(events) -> set[Evidence]:
    """The Evidence cards some event has named (played, eliminated, returned, recalled)."""
    out = set()
    for e in events:
        if isinstance(e, (Investigated, Eliminated, Recalled)):
            out.add(e.card)
        elif isinstance(e, EvidenceReturned):
            out.update(e.cards)
    return out


def hidden_cards(session) -> list[Evidence]:
    """Your cards the table has never named: none of them may reach the page."""
    named = ever_public(session.state.events)
    return [c for c in session.state.hands[session.seat] if c not in named]


def leaks(table) -> list[str]:
    """The forms of your hidden cards found in any widget's state (none expected)."""
    return named_in(wire_text(table), hidden_cards(table.game))


def named_in(text: str, cards) -> list[str]:
    """The forms of ``cards`` that ``text`` holds as a whole name ("Document 1", but not
    the Lead "Document 10")."""
    lowered = text.lower()
    return [form for card in cards for form in card_forms(card)
            if re.search(re.escape(form.lower()) + r"(?![0-9])", lowered)]


def shown(widget) -> bool:
    return widget.layout.display != "none"


def on_offer(button) -> bool:
    """Whether the page shows ``button`` and it can be clicked."""
    return shown(button) and not button.disabled


def play_for_you(table, rng: random.Random) -> bool:
    """One move of yours through the table's buttons, if it is your turn; True if made.
    Mostly sensible (Confirm when it can; Investigate; sometimes Assist or Eliminate)."""
    view = table.game.view
    if view.outcome is not None or view.turn != view.player or table.game.replaying:
        return False
    for kind in KINDS:
        if on_offer(table.confirm_buttons[kind]):
            table.confirm_buttons[kind].click()
            return True
    roll = rng.random()
    teammates = [b for b in table.assist_buttons if on_offer(b)]
    if roll < 0.25 and teammates:
        rng.choice(teammates).click()
        rng.choice([b for b in table.hint_buttons if on_offer(b)]).click()
        return True
    if view.hand_sizes[view.player] == 0:
        table.pursue_buttons[rng.choice([k for k in KINDS if on_offer(table.pursue_buttons[k])])].click()
        return True
    k = rng.choice([k for k, b in enumerate(table.card_buttons[0]) if shown(b)])
    if table.slot != k:  # a second click on the card pointed at would put it down again
        table.card_buttons[0][k].click()
    if roll < 0.4:
        table.eliminate_button.click()
    else:
        table.investigate_buttons[rng.choice([k for k in KINDS if on_offer(table.investigate_buttons[k])])].click()
    return True


def odds_shown(table) -> dict[str, Fraction]:
    """The chances the odds panel shows, by name ("Suspect advance", "Eliminate over",
    "number 3", "icon Clue"), read from the exact fraction each carries; {} when hidden."""
    if not shown(table.odds):
        return {}
    return {name: Fraction(value) for name, value in re.findall(r"data-odds='([^']+)' title='([^']+)'", table.odds.value)}


def odds_percents(table) -> dict[str, str]:
    """The percentage the panel writes for each chance, by the same names."""
    return dict(re.findall(r"data-odds='([^']+)' title='[^']+'>(?:[^<:]*: )?([<>]?[0-9]+%)", table.odds.value))
