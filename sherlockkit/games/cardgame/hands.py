"""A hand from its deal to its score, and the small steps every move is made of (a card
taken from a hand, cards drawn, events recorded).

The deal is the published game's (the rulebook has none); the scoring values are the
book's (the rulebook names what scores, not how much): see the rules-decisions page.
"""

from __future__ import annotations

from sherlockkit.engine import chance, evolve, replace_at
from sherlockkit.games.cardgame import legality
from sherlockkit.games.cardgame.cards import AFOOT, VILLAINS, full_deck
from sherlockkit.games.cardgame.events import Event, GameOver, HandDealt, HandScored, Peek
from sherlockkit.games.cardgame.state import HAND_SIZE, PLAY, State

#: how a hand ends
ARREST_END, ESCAPE_END, COLD_END = "arrest", "escape", "cold"


def deal(state: State) -> State:
    """The table with a new hand dealt, as the published game deals it: "The game is
    afoot!" and one Villain shuffled into 6 x players - 2 other cards and dealt six each;
    the other three Villains shuffled into the rest, which is the draw pile. The holder
    of "The game is afoot!" is to play."""
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
    state = evolve(state, hand_number=number, hands=hands, pile=tuple(pile), played=(), top=legality.START,
                   turn=opener, phase=PLAY, drawn=None, pending=None, passing=(), idle=0,
                   telegrams=(0,) * n)
    return record(state, HandDealt(number, opener))


def end_hand(state: State, how: str, who: int | None = None, caught: int | None = None) -> State:
    """The table once the hand is scored -- every card left in a hand, a Villain more;
    the arrest (``who`` caught ``caught``) or the escape (of ``who``); this hand's
    Telegrams -- and the next hand dealt, or the game over after its last hand."""
    s = state.scoring
    points = [sum(s.villain_card if c in VILLAINS else s.card for c in hand) for hand in state.hands]
    if how == ARREST_END:
        points[who] += s.arrest
        points[caught] += s.captured
    elif how == ESCAPE_END:
        points[who] += s.escape
    # Telegrams went into the totals as they came; the hand's row shows them too.
    row = tuple(points[p] + state.telegrams[p] for p in range(state.players))
    totals = tuple(state.scores[p] + points[p] for p in range(state.players))
    state = evolve(state, scores=totals, hand_scores=state.hand_scores + (row,), pending=None, drawn=None,
                   phase=PLAY, passing=())
    state = record(state, HandScored(state.hand_number, row))
    if state.hand_number >= state.hands_in_game:
        best = min(totals)
        winners = tuple(p for p, t in enumerate(totals) if t == best)
        return record(evolve(state, finished=True), GameOver(winners, best))
    return deal(state)


# --- small steps --------------------------------------------------------------------------------------

def record(state: State, *events: Event, **changes) -> State:
    """The table with ``changes`` made to its fields and ``events`` added to what happened
    and to what each seat has seen (one new state: a move's steps are gathered into as few
    as they can be)."""
    return evolve(state, events=state.events + events, seen_by=told(state.seen_by, events), **changes)


def told(seen_by: tuple[tuple[Event, ...], ...], events: tuple[Event, ...]) -> tuple[tuple[Event, ...], ...]:
    """What each seat has seen once ``events`` happen: every one of them, but a
    :class:`Peek` only by its looker. (Kept with the table rather than sifted from all the
    events at each view: CONTRIBUTING.md, "Speed".)"""
    if not any(type(e) is Peek for e in events):
        return tuple([seen + events for seen in seen_by])
    return tuple([seen + tuple([e for e in events if type(e) is not Peek or e.looker == seat])
                  for seat, seen in enumerate(seen_by)])


def without(state: State, player: int, card: str) -> tuple[tuple[str, ...], ...]:
    """Every hand, with one ``card`` gone from ``player``'s."""
    hand = list(state.hands[player])
    hand.remove(card)
    return replace_at(state.hands, player, tuple(hand))


def draw_cards(state: State, player: int, k: int) -> tuple[State, int]:
    """``player`` draws ``k`` cards (as many as the pile has); and how many they drew."""
    changes, drawn = draw_changes(state, player, k)
    return evolve(state, **changes), drawn


def draw_changes(state: State, player: int, k: int) -> tuple[dict, int]:
    """What ``player`` drawing ``k`` cards (as many as the pile has) changes -- the pile
    and the hands, as fields of the table -- and how many they draw."""
    taken, rest = state.pile[:k], state.pile[k:]
    return {"pile": rest, "hands": replace_at(state.hands, player, state.hands[player] + taken)}, len(taken)
