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

from dataclasses import dataclass, field, replace
from typing import Union

from sherlockkit.engine import IllegalAction, chance
from sherlockkit.games.cardgame import legality
from sherlockkit.games.cardgame.cards import (
    AFOOT, ALIBI, ARREST, CLUE, DISGUISE, HOLMES, I_SUSPECT, INSPECTOR, KINDS, MYCROFT, SCOTLAND_YARD,
    TELEGRAM, THICK_FOG, VILLAINS, WATSON, full_deck,
)
from sherlockkit.games.cardgame.legality import Top

NAME = "cardgame"
MIN_PLAYERS, MAX_PLAYERS = 3, 6
HAND_SIZE = 6
#: the cards that name another player
TARGETED = (DISGUISE, I_SUSPECT, INSPECTOR, ARREST, HOLMES, WATSON, MYCROFT)
#: phases of a hand
PLAY, DRAWN, ALIBI_WINDOW, PASSING = "play", "drawn", "alibi", "passing"


@dataclass(frozen=True)
class Scoring:
    """Penalty points (the lowest total wins). The rulebook names what scores, not how
    much: these values are the book's, and each is an option of :func:`new`."""

    card: int = 1  # each card still in a hand when the hand ends
    villain_card: int = 5  # each Villain still in a hand (instead of ``card``)
    captured: int = 20  # the player caught holding a Villain
    arrest: int = -15  # the player who makes the arrest
    escape: int = -15  # the player who goes out with their Villain(s)
    telegram: int = 10  # the player after a Telegram


# --- actions -------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Play:
    """Play ``card`` from your hand (``target``: the player it names, when it names one)."""

    player: int
    card: str
    target: int | None = None


@dataclass(frozen=True)
class PlayVillains:
    """Go out: put down every card you hold, all of them Villains."""

    player: int


@dataclass(frozen=True)
class Draw:
    """Holding nothing you may play: take the top card of the draw pile."""

    player: int


@dataclass(frozen=True)
class Keep:
    """Keep the card you just drew instead of playing it."""

    player: int


@dataclass(frozen=True)
class Answer:
    """Named by an Arrest, Inspector, I Suspect or Watson: play your Alibi, or take it."""

    player: int
    alibi: bool


@dataclass(frozen=True)
class PassCard:
    """After an Alibi: the card you pass, face down, to the player on your left."""

    player: int
    card: str


Action = Union[Play, PlayVillains, Draw, Keep, Answer, PassCard]
ACTIONS = {cls.__name__: cls for cls in (Play, PlayVillains, Draw, Keep, Answer, PassCard)}


def action_from_json(data: dict) -> Action:
    """The action a JSON object describes (see ``engine.action_to_json``)."""
    kind = data.get("kind")
    if kind not in ACTIONS:
        raise ValueError(f"unknown move {kind!r}")
    fields = {k: v for k, v in data.items() if k != "kind"}
    if not isinstance(fields.get("player"), int):
        raise ValueError("a move needs a player number")
    try:
        return ACTIONS[kind](**fields)
    except TypeError:
        raise ValueError(f"a {kind} move has other fields than {sorted(fields)}") from None


# --- state ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Peek:
    """Cards one player has seen in another's hand (private to ``looker``)."""

    looker: int
    target: int
    cards: tuple[str, ...]
    hand: int
    why: str
    at: int  # how many log lines there were when the cards were seen


@dataclass(frozen=True)
class Pending:
    """A card waiting for its target's answer (an Alibi, or not)."""

    card: str
    by: int
    target: int
    under: Top  # the table before the card (an Inspector at Scotland Yard is an Arrest)


@dataclass(frozen=True)
class State:
    """The whole table. Hands and the draw pile are hidden: see :func:`view`."""

    seed: int
    names: tuple[str, ...]
    scoring: Scoring
    hands_in_game: int
    hand_number: int
    step: int
    hands: tuple[tuple[str, ...], ...]
    pile: tuple[str, ...]  # the draw pile, top first
    played: tuple[str, ...]  # this hand's played cards, oldest first
    top: Top
    turn: int
    phase: str
    drawn: str | None  # the card just drawn, in the DRAWN phase
    pending: Pending | None
    passing: tuple[str | None, ...]  # PASSING: each player's chosen card (None: not yet)
    resume: int  # PASSING: who plays once the cards have moved
    idle: int  # turns in a row without a card played while the pile is empty
    scores: tuple[int, ...]  # the game's totals so far (penalty points)
    hand_scores: tuple[tuple[int, ...], ...]  # finished hands, one row each
    peeks: tuple[Peek, ...]
    finished: bool
    log: tuple[str, ...]

    @property
    def players(self) -> int:
        return len(self.names)


@dataclass(frozen=True)
class View:
    """What one player sees: their own hand, the sizes of the others, the table, and only
    the peeks they made themselves."""

    me: int
    names: tuple[str, ...]
    hand: tuple[str, ...]
    hand_sizes: tuple[int, ...]
    pile_size: int
    played: tuple[str, ...]
    top: Top
    turn: int
    phase: str
    drawn: str | None  # only when it is mine
    pending: Pending | None
    passed: tuple[bool, ...]  # PASSING: who has chosen a card
    my_pass: str | None
    scores: tuple[int, ...]
    hand_scores: tuple[tuple[int, ...], ...]
    hand_number: int
    hands_in_game: int
    peeks: tuple[Peek, ...]
    finished: bool
    log: tuple[str, ...]
    scoring: Scoring = field(default_factory=Scoring)

    @property
    def players(self) -> int:
        return len(self.names)


@dataclass(frozen=True)
class Outcome:
    """The end of the game: the winners (lowest total) and every total."""

    winners: tuple[int, ...]
    scores: tuple[int, ...]


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
    return _deal(state)


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
        return _apply(state, action)
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


# --- transitions ---------------------------------------------------------------------------------

def _apply(state: State, action: Action) -> State:
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
    return _deal(state)


def _deal(state: State) -> State:
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
