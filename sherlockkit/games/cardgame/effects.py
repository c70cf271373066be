"""The Sherlock Holmes Card Game: what each move does to the table.

``apply`` is called by ``rules.play`` once the move is known to be legal; ``deal`` starts
a hand. Every line of the log is written here, and none names a hidden card.
"""

from __future__ import annotations

from dataclasses import replace

from sherlockkit.engine import chance
from sherlockkit.games.cardgame import legality
from sherlockkit.games.cardgame.cards import (
    AFOOT, ALIBI, ARREST, CLUE, DISGUISE, HOLMES, I_SUSPECT, INSPECTOR, MYCROFT, SCOTLAND_YARD, TELEGRAM,
    THICK_FOG, VILLAINS, WATSON, full_deck,
)
from sherlockkit.games.cardgame.table import (
    ALIBI_WINDOW, DRAWN, HAND_SIZE, PASSING, PLAY, TARGETED, Action, Answer, Draw, Keep, PassCard, Peek, Pending,
    Play, PlayVillains, State,
)


def apply(state: State, action: Action) -> State:
    """The table after ``action``, which ``rules.play`` has already found legal."""
    state = replace(state, step=state.step + 1)
    if isinstance(action, PassCard):
        return _choose_pass(state, action.player, action.card)
    if isinstance(action, Answer):
        return _answer(state, action.alibi)
    if isinstance(action, Draw):
        return _draw_for_turn(state, action.player)
    if isinstance(action, Keep):
        return _next_player(_say(replace(state, phase=PLAY, drawn=None), f"{state.names[action.player]} keeps the card."),
                            action.player)
    if isinstance(action, PlayVillains):
        return _escape(state, action.player)
    return _play_card(state, action)


def _play_card(state: State, action: Play) -> State:
    me, card, target = action.player, action.card, action.target
    names = state.names
    state = _take(state, me, card)
    state = replace(state, played=state.played + (card,), phase=PLAY, drawn=None, idle=0)
    under = state.top
    state = replace(state, top=legality.next_top(under, card))
    who = names[me]
    if card == AFOOT:
        return _next_player(_say(state, f"{who} plays {AFOOT} The hand begins in London."), me)
    if card in TARGETED and card in legality.ANSWERED_BY_ALIBI:
        line = f"{who} plays {card} on {names[target]}."
        if card == INSPECTOR and under.card == SCOTLAND_YARD:
            line = f"{who} plays {card} on {names[target]}: at Scotland Yard it is an arrest too."
        state = _say(state, line)
        return replace(state, phase=ALIBI_WINDOW, pending=Pending(card, me, target, under))
    if card == THICK_FOG:
        return _next_player(_fog(_say(state, f"{who} plays {THICK_FOG}: every hand is gathered, shuffled "
                                             "and dealt again, each as big as it was."), me), me)
    if card == SCOTLAND_YARD:
        nxt = (me + 1) % state.players
        state = _say(state, f"{who} plays {card}: {names[nxt]} draws two cards before playing.")
        return _next_player(_draw(state, nxt, 2), me)
    if card == TELEGRAM:
        nxt = (me + 1) % state.players
        state = _add(state, nxt, state.scoring.telegram)
        return _next_player(_say(state, f"{who} plays {card}: {names[nxt]} takes {state.scoring.telegram} penalty points."), me)
    if card == CLUE:
        before = (me - 1) % state.players
        state = _say(state, f"{who} plays {card} and looks at two of {names[before]}'s cards.")
        return _next_player(_peek(state, me, before, 2, CLUE), me)
    if card == DISGUISE:
        state = _say(state, f"{who} plays {card} and looks at two of {names[target]}'s cards.")
        return _next_player(_peek(state, me, target, 2, DISGUISE), me)
    if card == HOLMES:
        state = _say(state, f"{who} plays {HOLMES} and looks through {names[target]}'s hand.")
        return _inspect(state, me, target, HOLMES)
    if card == MYCROFT:
        hands = list(state.hands)
        hands[me], hands[target] = hands[target], hands[me]
        state = replace(state, hands=tuple(hands))
        return _next_player(_say(state, f"{who} plays {MYCROFT}: {who} and {names[target]} swap hands."), me)
    return _next_player(_say(state, legality.full_stop(f"{who} plays {card}")), me)


def _answer(state: State, alibi: bool) -> State:
    pending, names = state.pending, state.names
    state = replace(state, phase=PLAY, pending=None)
    by, target = pending.by, pending.target
    if alibi:
        state = _take(state, target, ALIBI)
        top = legality.next_top(state.top, ALIBI)
        state = replace(state, played=state.played + (ALIBI,), top=top, idle=0)
        state = _say(state, f"{names[target]} answers with an Alibi: {pending.card} does nothing, and everyone "
                            "passes a card, face down, to the left.")
        return _start_passing(state, resume=(by + 1) % state.players)
    if pending.card == I_SUSPECT:
        state = _say(state, f"{names[target]} draws a card.")
        return _next_player(_draw(state, target, 1), by)
    if pending.card == INSPECTOR:
        state = _say(state, f"{names[target]} draws two cards.")
        state = _draw(state, target, 2)
        if pending.under.card == SCOTLAND_YARD:
            return _arrest(state, by, target, INSPECTOR)
        return _next_player(state, by)
    if pending.card == WATSON:
        state = _say(state, f"{names[by]} looks through {names[target]}'s hand with Watson.")
        return _inspect(state, by, target, WATSON)
    return _arrest(state, by, target, ARREST)


def _inspect(state: State, by: int, target: int, card: str) -> State:
    """Holmes or Watson: a Villain in the hand is caught; otherwise nothing happens."""
    if any(c in VILLAINS for c in state.hands[target]):
        return _captured(state, by, target, card)
    state = _remember(state, by, target, state.hands[target], card)
    return _next_player(_say(state, f"No Villain there: {state.names[target]} takes the hand back."), by)


def _arrest(state: State, by: int, target: int, card: str) -> State:
    names = state.names
    if any(c in VILLAINS for c in state.hands[target]):
        return _captured(state, by, target, card)
    taken = state.hands[target]
    hands = list(state.hands)
    hands[by] = hands[by] + taken
    hands[target] = ()
    state = replace(state, hands=tuple(hands))
    state = _say(state, f"{names[target]} holds no Villain: a false arrest. {names[by]} takes "
                        f"{_cards(len(taken))} from {names[target]}, who draws as many.")
    return _next_player(_draw(state, target, len(taken)), by)


def _choose_pass(state: State, player: int, card: str) -> State:
    passing = list(state.passing)
    passing[player] = card
    state = replace(state, passing=tuple(passing))
    waiting = [p for p in range(state.players) if state.passing[p] is None and state.hands[p]]
    if waiting:
        return state
    hands = [list(h) for h in state.hands]
    for p, c in enumerate(state.passing):
        if c is not None:
            hands[p].remove(c)
    for p, c in enumerate(state.passing):
        if c is not None:
            hands[(p + 1) % state.players].append(c)
    state = replace(state, hands=tuple(tuple(h) for h in hands), passing=(), phase=PLAY)
    state = _say(state, "The cards have gone round.")
    return _turn_to(state, state.resume)


def _start_passing(state: State, resume: int) -> State:
    state = replace(state, phase=PASSING, passing=(None,) * state.players, resume=resume)
    if not any(state.hands):
        return _turn_to(replace(state, phase=PLAY, passing=()), resume)
    return state


def _draw_for_turn(state: State, me: int) -> State:
    who = state.names[me]
    if not state.pile:
        state = replace(state, idle=state.idle + 1)
        state = _say(state, f"{who} cannot play, and the draw pile is empty: {who} passes.")
        if state.idle >= state.players:
            return _end_hand(state, "cold", None, None)
        return _next_player(state, me)
    card = state.pile[0]
    hands = list(state.hands)
    hands[me] = hands[me] + (card,)
    state = replace(state, pile=state.pile[1:], hands=tuple(hands))
    state = _say(state, f"{who} cannot play and draws a card.")
    # Always a choice, even when the card does not fit: otherwise everyone would see
    # whether it does.
    return replace(state, phase=DRAWN, drawn=card)


def _escape(state: State, me: int) -> State:
    villains = state.hands[me]
    state = replace(state, hands=_with(state.hands, me, ()), played=state.played + villains)
    state = _say(state, f"{state.names[me]} puts down {' and '.join(villains)} as the last "
                        f"{'card' if len(villains) == 1 else 'cards'} of the hand and escapes!")
    return _end_hand(state, "escape", me, None)


def _captured(state: State, by: int, target: int, card: str) -> State:
    found = [c for c in state.hands[target] if c in VILLAINS]
    state = _say(state, f"{state.names[by]}'s {card} finds {' and '.join(found)} in {state.names[target]}'s "
                        f"hand: {state.names[target]} is arrested!")
    return _end_hand(state, "arrest", by, target)


def _end_hand(state: State, how: str, who: int | None, caught: int | None) -> State:
    """Score the hand and deal the next one, or end the game."""
    s = state.scoring
    points = [sum(s.villain_card if c in VILLAINS else s.card for c in hand) for hand in state.hands]
    if how == "arrest":
        points[who] += s.arrest
        points[caught] += s.captured
    elif how == "escape":
        points[who] += s.escape
    else:
        state = _say(state, "Nobody can play and the pile is empty: the trail goes cold.")
    # Telegrams were added to the totals as they arrived; the row shows them in this hand.
    telegrams = [state.scores[p] - sum(row[p] for row in state.hand_scores) for p in range(state.players)]
    row = tuple(points[p] + telegrams[p] for p in range(state.players))
    totals = tuple(state.scores[p] + points[p] for p in range(state.players))
    summary = ", ".join(f"{n} {'+' if v >= 0 else ''}{v}" for n, v in zip(state.names, row, strict=True))
    state = replace(state, scores=totals, hand_scores=state.hand_scores + (row,), pending=None, drawn=None,
                    phase=PLAY, passing=())
    state = _say(state, f"Hand {state.hand_number} scores: {summary}.")
    if state.hand_number >= state.hands_in_game:
        best = min(totals)
        winners = " and ".join(n for n, t in zip(state.names, totals, strict=True) if t == best)
        return _say(replace(state, finished=True), f"The game is over: {winners} wins with {best} points (lowest).")
    return deal(state)


def deal(state: State) -> State:
    """A new hand, as the published game deals it: "The game is afoot!" and one Villain
    shuffled into 6 x players - 2 other cards and dealt six each; the other three
    Villains shuffled into the rest, which is the draw pile."""
    number = state.hand_number + 1
    rng = chance(state.seed, state.step, f"deal {number}")
    n = state.players
    villains = list(VILLAINS)
    rng.shuffle(villains)
    rest = [c for c in full_deck() if c != AFOOT and c not in VILLAINS]
    rng.shuffle(rest)
    dealt = rest[: HAND_SIZE * n - 2] + [AFOOT, villains[0]]
    rng.shuffle(dealt)
    pile = rest[HAND_SIZE * n - 2:] + villains[1:]
    rng.shuffle(pile)
    hands = tuple(tuple(dealt[p::n]) for p in range(n))
    opener = next(p for p in range(n) if AFOOT in hands[p])
    state = replace(state, hand_number=number, hands=hands, pile=tuple(pile), played=(), top=legality.START,
                    turn=opener, phase=PLAY, drawn=None, pending=None, passing=(), idle=0)
    return _say(state, f"Hand {number} is dealt: {state.names[opener]} holds {AFOOT}")


# --- small steps --------------------------------------------------------------------------------------

def _next_player(state: State, after: int) -> State:
    return _turn_to(state, (after + 1) % state.players)


def _turn_to(state: State, player: int) -> State:
    return replace(state, turn=player, phase=PLAY)


def _take(state: State, player: int, card: str) -> State:
    hand = list(state.hands[player])
    hand.remove(card)
    return replace(state, hands=_with(state.hands, player, tuple(hand)))


def _draw(state: State, player: int, k: int) -> State:
    """``player`` draws ``k`` cards (as many as the pile has)."""
    taken, rest = state.pile[:k], state.pile[k:]
    return replace(state, pile=rest, hands=_with(state.hands, player, state.hands[player] + taken))


def _fog(state: State, player: int) -> State:
    sizes = [len(h) for h in state.hands]
    cards = [c for h in state.hands for c in h]
    chance(state.seed, state.step, "fog").shuffle(cards)
    hands, at = [], 0
    for size in sizes:
        hands.append(tuple(cards[at:at + size]))
        at += size
    return replace(state, hands=tuple(hands))


def _peek(state: State, looker: int, target: int, k: int, why: str) -> State:
    """``looker`` picks ``k`` of ``target``'s cards face down (a blind pick, so by chance)."""
    hand = list(state.hands[target])
    chance(state.seed, state.step, "peek").shuffle(hand)
    return _remember(state, looker, target, tuple(hand[:k]), why)


def _remember(state: State, looker: int, target: int, cards: tuple, why: str) -> State:
    peek = Peek(looker, target, tuple(sorted(cards)), state.hand_number, why, len(state.log))
    return replace(state, peeks=state.peeks + (peek,))


def _add(state: State, player: int, points: int) -> State:
    return replace(state, scores=_with(state.scores, player, state.scores[player] + points))


def _say(state: State, line: str) -> State:
    return replace(state, log=state.log + (line,))


def _cards(k: int) -> str:
    return "1 card" if k == 1 else f"{k} cards"


def _with(seq: tuple, index: int, value) -> tuple:
    return seq[:index] + (value,) + seq[index + 1:]
