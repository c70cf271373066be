"""Sherlock Express: the rules as a pure state machine.

A round: players take turns, clockwise, turning up the top alibi of their own pile. An
alibi clears every visible suspect with that trait. Whenever the culprit is determined
by what is on the table (one visible suspect left uncleared, or none: then Moriarty, the
suspect deck, is the culprit) any player still in the round may slap it. The first
correct slap wins the card; a wrong slap puts that player out until the next round.

Slaps happen "at any moment" at the real table. Here a slap is an action like any other,
taken in the order the actions arrive: the widget and the bots decide who is quickest.

Everything the rulebook leaves open is decided on the book's rules-decisions page and
tested in ``tests/express``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Union

from sherlockkit.engine import IllegalAction, chance
from sherlockkit.games.express.cards import ALIBIS, SUSPECTS, Suspect

NAME = "express"
DISPLAY_SIZE = 6
MIN_PLAYERS, MAX_PLAYERS = 2, 6
#: Slap the suspect deck: Moriarty is the culprit when every visible suspect is cleared.
DECK = "deck"
Slot = Union[int, str]


# --- actions -------------------------------------------------------------------------

@dataclass(frozen=True)
class Reveal:
    """The player whose turn it is turns up the top alibi of their pile."""

    player: int


@dataclass(frozen=True)
class Slap:
    """A player accuses: a visible suspect (slot 0-5) or Moriarty (``slot="deck"``)."""

    player: int
    slot: Slot


Action = Union[Reveal, Slap]


def action_from_json(data: dict) -> Action:
    """The action a JSON object describes (see ``engine.action_to_json``)."""
    kind = data.get("kind")
    player = data.get("player")
    if not isinstance(player, int):
        raise ValueError("a move needs a player number")
    if kind == "Reveal":
        return Reveal(player)
    if kind == "Slap":
        slot = data.get("slot")
        if slot != DECK and not isinstance(slot, int):
            raise ValueError("a slap needs a suspect's place or the deck")
        return Slap(player, slot)
    raise ValueError(f"unknown move {kind!r}")


# --- state ---------------------------------------------------------------------------

@dataclass(frozen=True)
class State:
    """The whole table. Piles and the suspect deck are hidden: see :func:`view`."""

    seed: int
    names: tuple[str, ...]
    target: int | None  # cards to win; None: play until the suspect deck runs out
    false_alibi_variant: bool
    step: int  # actions taken so far
    round: int
    starter: int  # who turned up the first alibi of this round
    suspect_deck: tuple[Suspect, ...]  # face down, top first
    display: tuple[Suspect | None, ...]  # the visible suspects, by slot
    piles: tuple[tuple[str, ...], ...]  # each player's face-down alibis, top first
    revealed: tuple[tuple[str, ...], ...]  # each player's face-up alibis this round
    won: tuple[tuple[Suspect, ...], ...]
    out: frozenset[int]  # players out of this round after a wrong slap
    turn: int | None  # who turns up the next alibi; None when every pile is empty
    false_alibi: str | None  # variant: the trait a repeated alibi points at
    finished: bool
    log: tuple[str, ...]

    @property
    def players(self) -> int:
        return len(self.names)


@dataclass(frozen=True)
class Outcome:
    """The end of the game: who won (ties share) and how many suspects each caught."""

    winners: tuple[int, ...]
    scores: tuple[int, ...]


@dataclass(frozen=True)
class View:
    """What one player sees: everything face up, and only the sizes of face-down piles."""

    me: int
    names: tuple[str, ...]
    round: int
    display: tuple[Suspect | None, ...]
    revealed: tuple[tuple[str, ...], ...]
    pile_sizes: tuple[int, ...]
    deck_size: int
    won: tuple[tuple[Suspect, ...], ...]
    out: frozenset[int]
    turn: int | None
    false_alibi: str | None
    false_alibi_variant: bool
    target: int | None
    finished: bool
    log: tuple[str, ...]

    @property
    def face_up_traits(self) -> frozenset[str]:
        return frozenset(t for pile in self.revealed for t in pile)


# --- deduction: what the table shows --------------------------------------------------

def face_up_traits(state: State | View) -> frozenset[str]:
    """Every trait shown by an alibi turned up this round."""
    return frozenset(t for pile in state.revealed for t in pile)


def uncleared_slots(display, traits) -> tuple[int, ...]:
    """The slots whose suspect no face-up trait clears."""
    return tuple(i for i, s in enumerate(display) if s is not None and not s.cleared_by(traits))


def culprit(state: State | View) -> Slot | None:
    """The slot the table proves guilty: the last uncleared suspect, ``DECK`` when all are
    cleared (Moriarty), or ``None`` while two or more suspects are still uncleared."""
    left = uncleared_slots(state.display, face_up_traits(state))
    if len(left) == 1:
        return left[0]
    if not left:
        return DECK
    return None


def false_alibi_targets(state: State | View) -> tuple[Slot, ...]:
    """Variant: the slots a false alibi points at (the deck when no visible suspect bears it)."""
    if state.false_alibi is None:
        return ()
    bearing = tuple(i for i, s in enumerate(state.display) if s is not None and state.false_alibi in s.traits)
    return bearing or (DECK,)


def correct_slots(state: State | View) -> tuple[Slot, ...]:
    """Every slot a slap would win right now (empty while nothing is proven)."""
    proven = culprit(state)
    slots = () if proven is None else (proven,)
    return slots + tuple(s for s in false_alibi_targets(state) if s not in slots)


# --- the protocol ----------------------------------------------------------------------

def new(seed: int, players: int = 4, target: int | None = 5, false_alibi: bool = False,
        names: list[str] | tuple[str, ...] | None = None) -> State:
    """A new game: suspects shuffled with six face up, the 36 alibis dealt round the table.

    ``target`` is the number of suspect cards that wins (the rulebook's 5); with the
    False Alibi variant the game is played until the suspect deck runs out, so
    ``target`` is ignored there.
    """
    if not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Sherlock Express is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players!r}.")
    if target is not None and (not isinstance(target, int) or target < 1):
        raise ValueError(f"The number of cards to win must be a whole number of at least 1, not {target!r}.")
    if not isinstance(seed, int):
        raise ValueError(f"A seed is a whole number, not {seed!r}.")
    names = tuple(names) if names is not None else tuple(f"Player {i + 1}" for i in range(players))
    if len(names) != players or len(set(names)) != players:
        raise ValueError("Give every player a different name.")
    rng = chance(seed, 0, "deal")
    suspects = list(SUSPECTS)
    rng.shuffle(suspects)
    alibis = list(ALIBIS)
    rng.shuffle(alibis)
    # Dealt one at a time round the table: with five players the first gets one more.
    piles = tuple(tuple(alibis[p::players]) for p in range(players))
    return State(
        seed=seed, names=names, target=None if false_alibi else target,
        false_alibi_variant=bool(false_alibi), step=0, round=1, starter=0,
        suspect_deck=tuple(suspects[DISPLAY_SIZE:]), display=tuple(suspects[:DISPLAY_SIZE]),
        piles=piles, revealed=tuple(() for _ in range(players)),
        won=tuple(() for _ in range(players)), out=frozenset(), turn=0,
        false_alibi=None, finished=False,
        log=(f"Round 1: {names[0]} turns up the first alibi.",),
    )


def legal_actions(state: State, player: int | None = None) -> list[Action]:
    """Every action allowed now (to ``player``, or to anyone). A slap on the wrong
    suspect is allowed: it is a mistake the rules punish, not a forbidden move."""
    if state.finished:
        return []
    seats = range(state.players) if player is None else [player]
    actions: list[Action] = []
    if state.turn is not None and state.turn in seats:
        actions.append(Reveal(state.turn))
    for p in seats:
        if p not in state.out:
            actions += [Slap(p, i) for i, s in enumerate(state.display) if s is not None]
            actions.append(Slap(p, DECK))
    return actions


def play(state: State, action: Action) -> State:
    """The table after ``action``; raises :class:`IllegalAction` if the rules forbid it."""
    if state.finished:
        raise IllegalAction("The game is over: start a new one to play again.")
    if not isinstance(action, (Reveal, Slap)):
        raise IllegalAction("Sherlock Express has two moves: turn up an alibi, or slap a suspect.")
    if not isinstance(action.player, int) or not 0 <= action.player < state.players:
        raise IllegalAction(f"There is no player number {action.player!r} at this table.")
    if isinstance(action, Reveal):
        return _reveal(state, action.player)
    return _slap(state, action.player, action.slot)


def view(state: State, player: int) -> View:
    """What ``player`` sees: no face-down alibi and no card of the suspect deck."""
    return View(
        me=player, names=state.names, round=state.round, display=state.display,
        revealed=state.revealed, pile_sizes=tuple(len(p) for p in state.piles),
        deck_size=len(state.suspect_deck), won=state.won, out=state.out, turn=state.turn,
        false_alibi=state.false_alibi, false_alibi_variant=state.false_alibi_variant,
        target=state.target, finished=state.finished, log=state.log,
    )


def outcome(state: State) -> Outcome | None:
    """``None`` while the game runs; then the winners (most suspects) and every score."""
    if not state.finished:
        return None
    scores = tuple(len(w) for w in state.won)
    best = max(scores)
    return Outcome(tuple(p for p, s in enumerate(scores) if s == best), scores)


# --- transitions -----------------------------------------------------------------------

def _next_turn(piles, after: int) -> int | None:
    """The next player clockwise after ``after`` who still has an alibi to turn up."""
    n = len(piles)
    for k in range(1, n + 1):
        p = (after + k) % n
        if piles[p]:
            return p
    return None


def _reveal(state: State, player: int) -> State:
    if state.turn is None:
        raise IllegalAction("Every alibi is face up: all that is left is to accuse.")
    if player != state.turn:
        raise IllegalAction(f"It is {state.names[state.turn]}'s turn to turn up an alibi: wait for it.")
    trait, rest = state.piles[player][0], state.piles[player][1:]
    repeated = trait in face_up_traits(state)
    piles = _with(state.piles, player, rest)
    revealed = _with(state.revealed, player, state.revealed[player] + (trait,))
    name = state.names[player]
    false_alibi = state.false_alibi
    if repeated and state.false_alibi_variant:
        false_alibi = trait
        line = f"{name} turns up {trait} again: a false alibi! It points at a suspect with {trait}."
    elif repeated:
        line = f"{name} turns up {trait} again: nothing new."
    else:
        line = f"{name} turns up {trait}."
    return replace(
        state, step=state.step + 1, piles=piles, revealed=revealed, false_alibi=false_alibi,
        turn=_next_turn(piles, player), log=state.log + (line,),
    )


def _slap(state: State, player: int, slot: Slot) -> State:
    name = state.names[player]
    if player in state.out:
        raise IllegalAction(f"{name} is out of this round after a wrong accusation: wait for the next round.")
    if slot != DECK and not (isinstance(slot, int) and 0 <= slot < len(state.display) and state.display[slot]):
        raise IllegalAction("There is no suspect there: slap one of the visible suspects or the suspect deck.")
    accused = "Moriarty (the suspect deck)" if slot == DECK else str(state.display[slot])
    if slot in correct_slots(state):
        return _score(state, player, slot, accused)
    out = state.out | {player}
    line = f"{name} accuses {accused}, wrongly, and is out of this round."
    state = replace(state, step=state.step + 1, out=out, log=state.log + (line,))
    if len(out) == state.players:
        return _next_round(state, starter=state.starter,
                           note="Everyone is out: the round is void and the alibis go back.")
    return state


def _score(state: State, player: int, slot: Slot, accused: str) -> State:
    deck = list(state.suspect_deck)
    display = list(state.display)
    by_false_alibi = slot != culprit(state)  # right only because a false alibi points there
    if slot == DECK:
        taken = [deck.pop(0)]
    else:
        taken = [display[slot]]
        display[slot] = deck.pop(0) if deck else None
    if by_false_alibi and deck:
        taken.append(deck.pop(0))  # the variant's accusation is worth two cards
    won = _with(state.won, player, state.won[player] + tuple(taken))
    cards = " and ".join(str(c) for c in taken)
    why = "the false alibi" if by_false_alibi else "the alibis"
    line = f"{state.names[player]} slaps {accused}, proven by {why}, and wins {cards}."
    state = replace(state, step=state.step + 1, suspect_deck=tuple(deck), display=tuple(display),
                    won=won, log=state.log + (line,))
    return _next_round(state, starter=player)


def _next_round(state: State, starter: int, note: str | None = None) -> State:
    """Alibis shuffled back into their owners' piles, and the next round begun by
    ``starter`` -- unless someone has won or the suspect deck has run out."""
    lines = (note,) if note else ()
    scores = [len(w) for w in state.won]
    reached = state.target is not None and max(scores) >= state.target
    if reached or not state.suspect_deck:
        why = "reaches the target" if reached else "has the most suspects when the deck runs out"
        best = max(scores)
        leaders = " and ".join(n for n, s in zip(state.names, scores) if s == best)
        return replace(state, finished=True, turn=None, out=frozenset(), false_alibi=None,
                       log=state.log + lines + (f"{leaders} {why} and wins the game with {best}.",))
    piles = []
    for p, (pile, face_up) in enumerate(zip(state.piles, state.revealed)):
        cards = list(pile + face_up)
        chance(state.seed, state.step, f"pile {p}").shuffle(cards)
        piles.append(tuple(cards))
    number = state.round + 1
    lines += (f"Round {number}: {state.names[starter]} turns up the first alibi.",)
    return replace(
        state, round=number, starter=starter, piles=tuple(piles),
        revealed=tuple(() for _ in piles), out=frozenset(), false_alibi=None,
        turn=starter if piles[starter] else _next_turn(piles, starter), log=state.log + lines,
    )


def _with(seq: tuple, index: int, value) -> tuple:
    """``seq`` with the item at ``index`` replaced by ``value``."""
    return seq[:index] + (value,) + seq[index + 1:]
