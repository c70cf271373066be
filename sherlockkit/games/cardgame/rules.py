"""The Sherlock Holmes Card Game: the rules as a pure state machine.

A hand: the holder of "The game is afoot!" opens; then each player in turn, passing to
the left, plays one card that may follow the table's last card (see ``legality.py``), or,
holding none, draws one -- and may play it at once if it fits, or keep it. A player holding a
Villain wants to empty their hand with the Villain(s) last; everyone else wants to find
that player with an Arrest, an Inspector at Scotland Yard, Holmes or Watson. A hand ends
with an arrest, an escape, or -- the draw pile empty and nobody able to play for a whole
round -- a cold trail; it is scored, and the next hand is dealt, until the game's hands
are played. Scores are penalty points: the lowest total wins.

Everything the rulebook leaves open is decided on the book's rules-decisions page and
tested in ``tests/cardgame``.
"""

from __future__ import annotations

from sherlockkit.engine import IllegalAction
from sherlockkit.games.cardgame import legality
from sherlockkit.games.cardgame.cards import AFOOT, ALIBI, KINDS, VILLAINS
from sherlockkit.games.cardgame.effects import apply, deal
from sherlockkit.games.cardgame.legality import Top  # noqa: F401 -- read through rules too
from sherlockkit.games.cardgame.table import (  # noqa: F401 -- the game's names, read through rules
    ACTIONS, ALIBI_WINDOW, DRAWN, HAND_SIZE, MAX_PLAYERS, MIN_PLAYERS, NAME, PASSING, PLAY, TARGETED, Action,
    Answer, Draw, Keep, Outcome, PassCard, Peek, Pending, Play, PlayVillains, Scoring, State, View,
    action_from_json,
)


# --- the protocol ---------------------------------------------------------------------------------

def new(seed: int, players: int = 4, hands: int = 3, names=None, **points) -> State:
    """A new game of ``hands`` hands for ``players`` players; ``points`` overrides the
    values of :class:`Scoring` (``captured=30``...)."""
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError(f"A seed is a whole number, not {seed!r}.")
    if not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"The Sherlock Holmes Card Game is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players!r}.")
    if not isinstance(hands, int) or hands < 1:
        raise ValueError(f"A game has at least one hand, not {hands!r}.")
    known = set(Scoring.__dataclass_fields__)
    unknown = set(points) - known
    if unknown:
        raise ValueError(f"There is no scoring value called {sorted(unknown)[0]!r}; they are {', '.join(sorted(known))}.")
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in points.values()):
        raise ValueError("Scoring values are whole numbers of points.")
    names = tuple(names) if names is not None else tuple(f"Player {i + 1}" for i in range(players))
    if len(names) != players or len(set(names)) != players:
        raise ValueError("Give every player a different name.")
    state = State(
        seed=seed, names=names, scoring=Scoring(**points), hands_in_game=hands, hand_number=0, step=0,
        hands=(), pile=(), played=(), top=legality.START, turn=0, phase=PLAY, drawn=None, pending=None,
        passing=(), resume=0, idle=0, scores=(0,) * players, hand_scores=(), peeks=(), finished=False, log=(),
    )
    return deal(state)


def legal_actions(state: State, player: int | None = None) -> list[Action]:
    """Every action allowed now (to ``player``, or to anyone)."""
    if state.finished:
        return []
    seats = range(state.players) if player is None else [player]
    return [a for p in seats for a in moves(view(state, p))]


def moves(seen: View) -> list[Action]:
    """The actions open to ``seen.me``, worked out from what that player sees (a bot
    needs nothing more)."""
    me, hand = seen.me, seen.hand
    if seen.finished:
        return []
    if seen.phase == PASSING:
        return [] if seen.passed[me] or not hand else [PassCard(me, c) for c in _kinds(hand)]
    if seen.phase == ALIBI_WINDOW:
        if seen.pending.target != me:
            return []
        return ([Answer(me, True)] if ALIBI in hand else []) + [Answer(me, False)]
    if seen.turn != me:
        return []
    if seen.phase == DRAWN:
        return _plays(seen, (seen.drawn,)) + [Keep(me)]
    return _plays(seen, _kinds(hand)) or [Draw(me)]


def play(state: State, action: Action) -> State:
    """The table after ``action``; raises :class:`IllegalAction` if the rules forbid it."""
    if state.finished:
        raise IllegalAction("The game is over: start a new one to play again.")
    if not isinstance(action, tuple(ACTIONS.values())):
        raise IllegalAction("That is not a move of this game.")
    if not isinstance(action.player, int) or not 0 <= action.player < state.players:
        raise IllegalAction(f"There is no player number {action.player!r} at this table.")
    if action in legal_actions(state, action.player):
        return apply(state, action)
    raise IllegalAction(why_illegal(state, action))


def view(state: State, player: int) -> View:
    """What ``player`` sees: no card of another hand or of the pile, and only their own peeks."""
    mine = state.phase == DRAWN and state.turn == player
    return View(
        me=player, names=state.names, hand=state.hands[player], hand_sizes=tuple(len(h) for h in state.hands),
        pile_size=len(state.pile), played=state.played, top=state.top, turn=state.turn, phase=state.phase,
        drawn=state.drawn if mine else None, pending=state.pending,
        passed=tuple(c is not None for c in state.passing) if state.phase == PASSING else (),
        my_pass=state.passing[player] if state.phase == PASSING else None,
        scores=state.scores, hand_scores=state.hand_scores, hand_number=state.hand_number,
        hands_in_game=state.hands_in_game, peeks=tuple(p for p in state.peeks if p.looker == player),
        finished=state.finished, log=state.log, scoring=state.scoring,
    )


def outcome(state: State) -> Outcome | None:
    """``None`` while the game runs; then the winners (the lowest total) and every total."""
    if not state.finished:
        return None
    best = min(state.scores)
    return Outcome(tuple(p for p, s in enumerate(state.scores) if s == best), state.scores)


# --- what is legal, and why not -----------------------------------------------------------------------

def _kinds(hand) -> tuple[str, ...]:
    """The kinds in ``hand``, once each, in the order of the card list."""
    held = set(hand)
    return tuple(k for k in KINDS if k in held)


def _plays(seen: View, kinds) -> list[Action]:
    """The plays of ``kinds`` that ``seen.me`` may make on the table ``seen`` shows."""
    me, hand = seen.me, seen.hand
    if hand and all(c in VILLAINS for c in hand):
        return [PlayVillains(me)]
    out: list[Action] = []
    for kind in kinds:
        if kind == AFOOT:
            if not seen.played:
                out.append(Play(me, AFOOT))
            continue
        if not seen.played or not legality.may_follow(kind, seen.top):
            continue
        if kind in TARGETED:
            out += [Play(me, kind, t) for t in range(seen.players) if t != me]
        else:
            out.append(Play(me, kind))
    return out


def why_illegal(state: State, action: Action) -> str:
    """A sentence saying why ``action`` is not allowed now (it never names a hidden card)."""
    me, names = action.player, state.names
    if state.phase == PASSING:
        if not isinstance(action, PassCard):
            return "Everyone is passing a card to the left after the Alibi: choose the card you pass."
        if state.passing[me] is not None:
            return "You have already chosen the card you pass."
        return "You can only pass a card you hold."
    if state.phase == ALIBI_WINDOW:
        target = state.pending.target
        if me != target:
            return f"{names[target]} is answering {state.pending.card}: wait for them."
        if isinstance(action, Answer):
            return "You hold no Alibi."
        return f"Answer {state.pending.card} first: play your Alibi, or take it."
    if isinstance(action, (Answer, PassCard)):
        return "Nothing is waiting for that now."
    if me != state.turn:
        return f"It is {names[state.turn]}'s turn."
    hand = state.hands[me]
    if state.phase == DRAWN:
        if isinstance(action, Play) and action.card != state.drawn:
            return "After drawing you may play only the card you drew, or keep it."
        if isinstance(action, Draw):
            return "You have drawn already: play the card you drew, or keep it."
    if isinstance(action, Keep):
        return "Keep is for the card you have just drawn."
    if isinstance(action, Draw):
        return "You hold a card you may play, so you cannot draw."
    if isinstance(action, PlayVillains):
        return "A Villain goes down only as the last card of a hand: all your cards must be Villains."
    card = action.card
    if card not in hand:
        return legality.full_stop(f"You hold no {card}") if card in KINDS else f"There is no card called {card!r}."
    if hand and all(c in VILLAINS for c in hand):
        return "You hold only Villains: put them down together."
    if card == AFOOT:
        return "The game is afoot! opens the hand and cannot be played later."
    if not state.played:
        return "The hand opens with The game is afoot!"
    why = legality.reason(card, state.top)
    if why:
        return why
    if card in TARGETED:
        if action.target == me:
            return f"{card} names another player, not yourself."
        return f"{card} names another player: choose one of {', '.join(n for i, n in enumerate(names) if i != me)}."
    return f"{card} names nobody."
