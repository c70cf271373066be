"""Sherlock Express: the engine protocol (``sherlockkit.engine``), and nothing else.

A round: players take turns, clockwise, turning up the top alibi of their own pile. An
alibi clears every visible suspect with that trait. Whenever the culprit is determined
by what is on the table (one visible suspect left uncleared, or none: then Moriarty, the
suspect deck, is the culprit) any player still in the round may slap it. The first
correct slap wins the card; a wrong slap puts that player out until the next round.

Slaps happen "at any moment" at the real table. Here a slap is an action like any other,
taken in the order the actions arrive: the widget and the bots decide who is quickest.

What the moves do is in ``reveal``, ``slap`` and ``rounds``; what the table proves in
``deduction``; the shapes in ``state``. Everything the rulebook leaves open is decided on
the book's rules-decisions page and tested in ``tests/express``.
"""

from __future__ import annotations

import random
from dataclasses import replace

from sherlockkit import engine
from sherlockkit.engine import IllegalAction
from sherlockkit.games.express import rounds
from sherlockkit.games.express.cards import DISPLAY_SIZE
from sherlockkit.games.express.deduction import slots as places_to_slap
from sherlockkit.games.express.reveal import turn_up
from sherlockkit.games.express.slap import accuse
from sherlockkit.games.express.state import (
    ACTIONS, DECK, SEEN, Action, Outcome, Reveal, Slap, State, View, view_fields,
)

NAME = "express"
TITLE = "Sherlock Express"
MIN_PLAYERS, MAX_PLAYERS = 2, 6

__all__ = ["NAME", "ACTIONS", "DECK", "DISPLAY_SIZE", "Reveal", "Slap", "State", "View", "Outcome",
           "new", "legal_actions", "play", "view", "outcome", "action_from_json", "shuffle_hidden",
           "older_save_options"]


def new(seed: int, players: int = 4, target: int | None = 5, false_alibi: bool = False,
        names: list[str] | tuple[str, ...] | None = None, shuffles: str = rounds.ONE_STREAM_A_ROUND) -> State:
    """A new game: suspects shuffled with six face up, the 36 alibis dealt round the table.

    ``target`` is the number of suspect cards that wins (the rulebook's 5); with the
    False Alibi variant the game is played until the suspect deck runs out, so
    ``target`` is ignored there. ``shuffles`` is how the piles are shuffled between rounds
    (``rounds.py``): from one stream a round, or one a pile for games saved before
    (:func:`older_save_options`).
    """
    seed = engine.check_seed(seed)
    players = engine.check_players(players, MIN_PLAYERS, MAX_PLAYERS, TITLE)
    if target is not None and (type(target) is not int or target < 1):
        raise ValueError(f"The number of cards to win must be a whole number of at least 1, not {target!r}.")
    if type(false_alibi) is not bool:
        raise ValueError(f"The False Alibi variant is on (True) or off (False), not {false_alibi!r}.")
    names = engine.check_names(names, players)
    if not isinstance(shuffles, str) or shuffles not in rounds.WAYS:
        raise ValueError(f"The piles are shuffled from one stream a round ({rounds.ONE_STREAM_A_ROUND!r}) or one a "
                         f"pile ({rounds.ONE_STREAM_A_PILE!r}, for games saved before).")
    return rounds.deal(seed, names, None if false_alibi else target, false_alibi, shuffles)


def older_save_options(version: int, options: dict) -> dict:
    """The options that replay a game saved at an older save ``version`` as it was played:
    before version 3 each pile was shuffled from its own stream between rounds."""
    return {**options, "shuffles": rounds.ONE_STREAM_A_PILE}


def legal_actions(state: State, player: int | None = None) -> list[Action]:
    """Every action allowed now (to ``player``, or to anyone). A slap on the wrong
    suspect is allowed: it is a mistake the rules punish, not a forbidden move."""
    if state.finished:
        return []
    slots = places_to_slap(state)
    players = len(state.names)  # state.players, without the property's call
    if player is None or type(player) is int and 0 <= player < MAX_PLAYERS:
        key = (players, state.turn, state.out, slots, player)
        known = _LEGAL.get(key)
        if known is None:
            if len(_LEGAL) > 100_000:  # never in a real game; a bound all the same
                _LEGAL.clear()
            known = _LEGAL[key] = tuple(_legal(players, state.turn, state.out, slots, player))
        return list(known)
    return _legal(players, state.turn, state.out, slots, player)


def _legal(players: int, turn: int | None, out: frozenset, slots: tuple, player) -> list[Action]:
    """The moves open at a table of ``players`` where ``turn`` reveals next, ``out`` may not
    slap and ``slots`` may be slapped (to ``player``, or to anyone)."""
    seats = range(players) if player is None else [player]
    actions: list[Action] = []
    if turn is not None and turn in seats:
        actions.append(_REVEALS[turn])
    for p in seats:
        if p not in out:
            slaps = _SLAPS[p] if type(p) is int and 0 <= p < MAX_PLAYERS else {s: Slap(p, s) for s in slots}
            actions += [slaps[i] for i in slots]
    return actions


# Moves are immutable: each possible one is made once, and legal_actions hands out the same.
_REVEALS = tuple(Reveal(p) for p in range(MAX_PLAYERS))
_SLAPS = tuple({slot: Slap(p, slot) for slot in (*range(DISPLAY_SIZE), DECK)} for p in range(MAX_PLAYERS))
#: The moves legal_actions hands out, by identity: their kinds and fields are known good.
_MADE = frozenset(map(id, (*_REVEALS, *(slap for slaps in _SLAPS for slap in slaps.values()))))
#: The moves open at each kind of table (players, turn, who is out, the places to slap,
#: whose moves), worked out once: a few hundred tables in all.
_LEGAL: dict[tuple, tuple[Action, ...]] = {}


def play(state: State, action: Action) -> State:
    """The table after ``action``; raises :class:`IllegalAction` if the rules forbid it."""
    players = len(state.names)  # state.players, without the property's call
    if id(action) not in _MADE or action.player >= players:  # one of legal_actions' own: known good
        engine.check_action(action, ACTIONS, players)
    if state.finished:
        raise IllegalAction("The game is over: start a new one to play again.")
    if type(action) is Reveal:  # check_action let through only the game's own kinds
        return turn_up(state, action.player)
    return accuse(state, action.player, action.slot)


def view(state: State, player: int) -> View:
    """What ``player`` sees: no face-down alibi (not even their own) and no card of the
    suspect deck; every event, since everything in this game happens face up."""
    # Everyone sees the same table: a view's fields are gathered once per state (or carried
    # on by the move that made it, see ``reveal`` and ``slap``), and a seat's view is a View
    # whose own fields are a copy of them with the seat as ``me`` (the object View(...) makes,
    # its fields in the same order, written at once instead of one by one).
    made = _new_object(View)
    fields = made.__dict__
    fields.update(engine.remembered(state, SEEN, view_fields, state))
    fields["me"] = player
    return made


_new_object = object.__new__


def outcome(state: State) -> Outcome | None:
    """``None`` while the game runs; then the winners (most suspects) and every score."""
    if not state.finished:
        return None
    scores = tuple(len(w) for w in state.won)
    best = max(scores)
    return Outcome(tuple(p for p, s in enumerate(scores) if s == best), scores)


def action_from_json(data: dict) -> Action:
    """The action a JSON object describes (see ``engine.action_to_json``)."""
    return engine.read_action(data, ACTIONS)


def shuffle_hidden(state: State, player: int, rng: random.Random) -> State:
    """The same table with every card hidden from ``player`` dealt again among the hidden
    places: all the face-down alibis (every pile, ``player``'s own included, keeping each
    pile's size) and the suspect deck."""
    face_down = [t for pile in state.piles for t in pile]
    rng.shuffle(face_down)
    piles, start = [], 0
    for pile in state.piles:
        piles.append(tuple(face_down[start:start + len(pile)]))
        start += len(pile)
    deck = list(state.suspect_deck)
    rng.shuffle(deck)
    return replace(state, piles=tuple(piles), suspect_deck=tuple(deck))
