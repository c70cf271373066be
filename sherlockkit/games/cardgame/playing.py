"""Playing a card on your turn: the rulebook's card list, card by card.

What a card may be played on is ``legality.py``'s (the follow lists); when you may play at
all is :func:`refusal`; what each card does is :func:`play`:

- "The game is afoot!" opens the hand, played by its holder, and never comes again;
- a Train or a Hansom moves the game (to the other kind of place, or the same kind);
- Thick Fog: every hand gathered, shuffled and dealt back at its size (:func:`fog`);
- Scotland Yard: the next player draws two cards at once;
- a Clue: look at two cards of the player before you, picked blind; a Disguise: two
  cards of any player you name (:func:`look`);
- a Telegram: the next player takes its penalty points at once;
- an Arrest, an Inspector, I Suspect or Watson names a player, who may answer it with an
  Alibi (``answering.py``): the card waits for that answer;
- Holmes looks through a named player's hand: a Villain there is caught (``arrests.py``);
- Mycroft swaps your hand with a named player's.

After drawing, the one card you may play is the card you drew (``drawing.py``).
"""

from __future__ import annotations

from collections.abc import Iterator

from sherlockkit.engine import chance, evolve, replace_at, shortened
from sherlockkit.games.cardgame import legality
from sherlockkit.games.cardgame.arrests import inspect
from sherlockkit.games.cardgame.cards import (
    AFOOT, ARREST, CLUE, DISGUISE, HOLMES, INSPECTOR, KINDS, MYCROFT, SCOTLAND_YARD, TELEGRAM, THICK_FOG, full_stop,
    kinds_in, only_villains,
)
from sherlockkit.games.cardgame.events import CardPlayed, Drew, FogRedeal, HandsSwapped, Looked, Peek, TelegramReceived
from sherlockkit.games.cardgame.hands import draw_changes, record, without
from sherlockkit.games.cardgame.state import ALIBI_WINDOW, DRAWN, PLAY, TARGETED, Pending, Play, State, View
from sherlockkit.games.cardgame.turns import left_of, not_your_turn

#: cards shown to a Clue or a Disguise
LOOK = 2


def refusal(seen: View, move: Play) -> str | None:
    """Why ``seen.me`` may not play ``move.card`` (on ``move.target``) now, or ``None``
    when they may: on their turn, a card of their hand -- the card just drawn, after a
    draw -- that may follow the table (the hand opens with "The game is afoot!"), naming
    another player when the card names one, and nobody otherwise. A hand of Villains only
    goes down all together (``villains.py``)."""
    me, card, hand = move.player, move.card, seen.hand
    wrong = not_your_turn(seen, me)
    if wrong:
        return wrong
    if seen.phase == DRAWN and card != seen.drawn:
        return "After drawing you may play only the card you drew, or keep it."
    if card not in hand:
        return full_stop(f"You hold no {card}") if card in KINDS else f"There is no card called {shortened(card)}."
    if only_villains(hand):
        return "You hold only Villains: put them down together."
    wrong = on_the_table(seen, card)
    if wrong:
        return wrong
    return _wrong_target(seen, move)


def on_the_table(seen: View, card: str) -> str | None:
    """Why ``card`` may not go on the table now (``None`` when it may: :func:`fits`)."""
    if fits(seen, card):
        return None
    return legality.reason(card, seen.top) if seen.played else "The hand opens with The game is afoot!"


def fits(seen: View, card: str) -> bool:
    """Whether ``card`` may go on the table now: the hand opens with "The game is afoot!",
    and after it a card follows the table's last card as ``legality.py`` says."""
    return legality.may_follow(card, seen.top) if seen.played else card == AFOOT


def _wrong_target(seen: View, move: Play) -> str | None:
    """Why ``move`` names the wrong player: a card that names a player names another one
    at the table; any other card names nobody."""
    me, card, target = move.player, move.card, move.target
    if card not in TARGETED:
        return None if target is None else f"{card} names nobody."
    if target == me:
        return f"{card} names another player, not yourself."
    if target is None or not 0 <= target < seen.players:
        others = ", ".join(name for seat, name in enumerate(seen.names) if seat != me)
        return f"{card} names another player: choose one of {others}."
    return None


def offered(seen: View) -> Iterator[Play]:
    """The plays worth asking :func:`refusal` about, one at a time (whether a player may
    draw asks only whether there is one): on ``seen.me``'s turn, each kind of card in their
    hand that may go on the table, on each other player when it names one."""
    me = seen.me
    if seen.phase not in (PLAY, DRAWN) or seen.turn != me:
        return
    for card in kinds_in(seen.hand):
        if not fits(seen, card):
            continue
        if card in TARGETED:
            yield from (Play(me, card, target) for target in range(seen.players) if target != me)
        else:
            yield Play(me, card)


def play(state: State, move: Play) -> State:
    """The table after ``move.player`` lays ``move.card`` and the card does its work."""
    me, card, target = move.player, move.card, move.target
    under = state.top
    laid = {"hands": without(state, me, card), "played": state.played + (card,),
            "top": legality.next_top(under, card), "drawn": None, "idle": 0}
    if card in legality.ANSWERED_BY_ALIBI:
        # the card waits for its target's answer; an Inspector laid on Scotland Yard arrests
        arrests = card == ARREST or (card == INSPECTOR and under.card == SCOTLAND_YARD)
        return record(state, CardPlayed(me, card, target, arrests), **laid, phase=ALIBI_WINDOW,
                      pending=Pending(card, me, target, under, arrests))
    if card == HOLMES:
        return inspect(record(state, CardPlayed(me, card, target), **laid, phase=PLAY), me, target, HOLMES)
    # Any other card passes the turn on once it has done its work below; no work reads
    # whose turn it is, so the turn is passed in the same step as the card is laid.
    nxt = left_of(state, me)
    state = record(state, CardPlayed(me, card, target), **laid, phase=PLAY, turn=nxt)
    if card == THICK_FOG:
        return record(fog(state), FogRedeal())
    if card == SCOTLAND_YARD:
        changes, drawn = draw_changes(state, nxt, 2)
        return record(state, Drew(nxt, drawn, SCOTLAND_YARD), **changes)
    if card == TELEGRAM:
        points = state.scoring.telegram
        return record(state, TelegramReceived(nxt, points),
                      scores=replace_at(state.scores, nxt, state.scores[nxt] + points),
                      telegrams=replace_at(state.telegrams, nxt, state.telegrams[nxt] + points))
    if card == CLUE:
        return look(state, me, (me - 1) % state.players, CLUE)
    if card == DISGUISE:
        return look(state, me, target, DISGUISE)
    if card == MYCROFT:
        hands = replace_at(state.hands, me, state.hands[target])
        return record(state, HandsSwapped(me, target), hands=replace_at(hands, target, state.hands[me]))
    return state  # the opening card, a movement or a place other than Scotland Yard: nothing more


def fog(state: State) -> State:
    """Thick Fog: every card of every hand gathered, shuffled and dealt back, each hand
    as big as it was."""
    sizes = [len(h) for h in state.hands]
    cards = [c for h in state.hands for c in h]
    chance(state.seed, state.step, "fog").shuffle(cards)
    hands, at = [], 0
    for size in sizes:
        hands.append(tuple(cards[at:at + size]))
        at += size
    return evolve(state, hands=tuple(hands))


def look(state: State, looker: int, target: int, card: str) -> State:
    """A Clue or a Disguise: ``looker`` picks two of ``target``'s cards face down (a blind
    pick, so by chance) and sees them; everyone knows how many."""
    hand = list(state.hands[target])
    chance(state.seed, state.step, "peek").shuffle(hand)
    seen = tuple(sorted(hand[:LOOK]))
    return record(state, Looked(looker, target, card, len(seen)), Peek(looker, target, seen, state.hand_number, card))
