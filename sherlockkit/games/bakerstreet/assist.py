"""Assist (the rulebook's "Assist"): tell a teammate which of their cards show one number or
one icon. Every such card is pointed at, and at least one must be: a hint of "none of
these" is not allowed; the cards not pointed at are, from now on, known not to be it. Holmes gains a step.

Characters: the Telegraphist may name a number and an icon at once (two hints, one step);
the Reader of Novels, the Old Sailor, the City Clerk and the Recluse may not name Clues,
Documents, Tracks and Witnesses.
"""

from __future__ import annotations

from sherlockkit.engine import replace_at
from sherlockkit.games.bakerstreet import characters, impossible, turns
from sherlockkit.games.bakerstreet.cards import ICONS, MAX_PLAYERS, NUMBERS, Evidence, plural
from sherlockkit.games.bakerstreet.events import Assisted, HolmesMoved
from sherlockkit.games.bakerstreet.state import Assist, State, Told, View


#: Every Assist of the game, made once, as ``investigate.INVESTIGATES``: ``ASSISTS[me][target]``
#: maps what an Assist of ``me`` to ``target`` names -- a number, an icon, or a pair of
#: them (the Telegraphist's) -- to the move (``None`` for ``me`` themself).
ASSISTS = tuple(tuple(None if target == me else {
    **{number: Assist(me, target, number, None) for number in NUMBERS},
    **{icon: Assist(me, target, None, icon) for icon in ICONS},
    **{(number, icon): Assist(me, target, number, icon) for number in NUMBERS for icon in ICONS},
} for target in range(MAX_PLAYERS)) for me in range(MAX_PLAYERS))


def refusal(seen: View, move: Assist) -> str | None:
    """Why ``seen.player`` may not give this Assist now, or ``None``: to a teammate, naming
    one number or one icon (both only for the Telegraphist; an icon the character may name),
    each of which points at one card of theirs at least."""
    number, icon, target = move.number, move.icon, move.target
    if not 0 <= target < seen.players:
        return f"There is no player number {target} at this table."
    if target == move.player:
        return "An Assist tells a teammate about their cards; nobody may tell you about your own."
    if number is None and icon is None:
        return "An Assist names a number or an icon."
    if number is not None and icon is not None and not characters.bends(seen, move.player, characters.TWO_HINTS):
        return "An Assist names one number or one icon, not both."
    if number is not None and number not in NUMBERS:
        return "Evidence numbers run from 1 to 6."
    if icon is not None and icon not in ICONS:
        return "The icons are Clue, Document, Track and Witness."
    if icon is not None and icon == characters.barred_icon(seen, move.player):
        return f"{characters.character(seen, move.player).name} may not Assist by naming {plural(icon)}."
    hand = seen.hands[target]  # a teammate's hand: in view
    if number is not None and number not in [card.number for card in hand]:
        return f"{turns.seat_name(target)} holds no {number}: an Assist must point at one card at least."
    if icon is not None and icon not in [card.icon for card in hand]:
        return f"{turns.seat_name(target)} holds no {plural(icon)}: an Assist must point at one card at least."
    return None


def offered(seen: View) -> list[Assist]:
    """The Assists :func:`refusal` allows now, teammate by teammate: each number they hold
    (low first), each icon they hold (in the book's order) that the character may name
    and, for the Telegraphist, each pair of them."""
    me = seen.player
    two = characters.bends(seen, me, characters.TWO_HINTS)
    barred = characters.barred_icon(seen, me)
    out = []
    for target, hand in enumerate(seen.hands):
        if target == me:
            continue
        naming = ASSISTS[me][target]
        numbers = sorted({card.number for card in hand})
        held = {card.icon for card in hand}
        icons = [icon for icon in ICONS if icon in held and icon != barred]
        out += [naming[n] for n in numbers]
        out += [naming[i] for i in icons]
        if two:
            out += [naming[n, i] for n in numbers for i in icons]
    return out


def pointed(hand: tuple[Evidence, ...], number: int | None, icon: str | None) -> tuple[int, ...]:
    """The slots of ``hand`` an Assist naming ``number`` and/or ``icon`` points at: every
    card showing the number or the icon."""
    return tuple(slot for slot, card in enumerate(hand)
                 if (number is not None and card.number == number) or (icon is not None and card.icon == icon))


def learn(told: Told, card: Evidence, number: int | None, icon: str | None) -> Told:
    """What its holder knows of ``card`` after an Assist naming ``number`` and/or ``icon``:
    what it is if it was pointed at, what it is not if it was not."""
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
    return Told(known_number, known_icon, not_numbers, not_icons)


def assist(state: State, move: Assist) -> State:
    """The table after ``move``: the teammate learns, card by card, what the hint says, and
    Holmes moves one step toward 0."""
    hand = state.hands[move.target]
    told = tuple(learn(t, card, move.number, move.icon) for t, card in zip(state.told[move.target], hand))
    moved, holmes = impossible.holmes_moved(state, -1, HolmesMoved.ASSIST)
    said = Assisted(move.player, move.target, move.number, move.icon, pointed(hand, move.number, move.icon))
    return turns.taken(state, (said, moved), told=replace_at(state.told, move.target, told), holmes=holmes)
