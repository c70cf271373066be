"""Assist: tell a teammate which of their cards show one number or one icon (or both, for
the Telegraphist's kind). Every such card is pointed at, never none; the cards not
pointed at are, from now on, known not to be it. Holmes gains a step."""

from __future__ import annotations

from sherlockkit.engine import maker, replace_at
from sherlockkit.games.bakerstreet import impossible
from sherlockkit.games.bakerstreet.cards import Evidence
from sherlockkit.games.bakerstreet.state import Assist, Assisted, HolmesMoved, State, Told


def pointed(hand: tuple[Evidence, ...], number: int | None, icon: str | None) -> tuple[int, ...]:
    """The slots of ``hand`` an Assist naming ``number`` and/or ``icon`` points at: every
    card showing the number, then (two hints) every card showing the icon."""
    return tuple(slot for slot, card in enumerate(hand)
                 if (number is not None and card.number == number) or (icon is not None and card.icon == icon))


def learn(told: Told, card: Evidence, number: int | None, icon: str | None) -> Told:
    """What its holder knows of ``card`` after an Assist naming ``number`` and/or ``icon``."""
    known_number, known_icon, not_numbers, not_icons = told.number, told.icon, told.not_numbers, told.not_icons
    if number is not None:
        if card.number == number:
            known_number = number
        else:
            not_numbers = not_numbers | {number}
    if icon is not None:
        if card.icon == icon:
            known_icon = icon
        else:
            not_icons = not_icons | {icon}
    return _told(number=known_number, icon=known_icon, not_numbers=not_numbers, not_icons=not_icons)


#: a Told from all its fields at once
_told = maker(Told)


def assist(state: State, action: Assist) -> State:
    """The table after ``action`` (already found legal): the target learns, card by card,
    what the hint says; Holmes moves one step toward 0."""
    hand = state.hands[action.target]
    told = tuple(learn(t, card, action.number, action.icon) for t, card in zip(state.told[action.target], hand))
    told_now = replace_at(state.told, action.target, told)
    return impossible.move_holmes(state, -1, HolmesMoved.ASSIST,
                                  Assisted(action.player, action.target, action.number, action.icon,
                                           pointed(hand, action.number, action.icon)), told=told_now)
