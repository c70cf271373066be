"""Sherlock Express: the engine protocol (``sherlockkit.engine``), and nothing else.

A round: players take turns, clockwise, turning up the top alibi of their own pile. An
alibi clears every visible suspect with that trait. Whenever the culprit is determined
by what is on the table (one visible suspect left uncleared, or none: then Moriarty, the
suspect deck, is the culprit) any player still in the round may slap it. The first
correct slap wins the card; a wrong slap puts that player out until the next round.

Slaps happen "at any moment" at the real table. Here a slap is an action like any other,
taken in the order the actions arrive: the widget and the bots decide who is quickest.

When each move is allowed and what it does is in ``reveal`` and ``slap`` (one module a
kind of move), the deal and the rounds in ``rounds``, what the table proves in
``deduction``; the shapes in ``state``, what happened in ``events``. Everything the rulebook leaves open is decided on
the book's rules-decisions page and tested in ``tests/express``.
"""

from __future__ import annotations

import random
from dataclasses import replace

from sherlockkit import engine
from sherlockkit.engine import IllegalAction
from sherlockkit.games.express import reveal, rounds, slap
from sherlockkit.games.express.cards import DECK, DISPLAY_SIZE, MAX_PLAYERS, MIN_PLAYERS
from sherlockkit.games.express.state import ACTIONS, Action, Outcome, Reveal, Slap, State, View

NAME = "express"
TITLE = "Sherlock Express"

__all__ = ["NAME", "TITLE", "ACTIONS", "DECK", "DISPLAY_SIZE", "Reveal", "Slap", "State", "View", "Outcome",
           "new", "view", "legal_moves", "legal_actions", "refusal", "play", "outcome", "action_from_json",
           "shuffle_hidden", "older_save_options", "standing"]

#: Each kind of move and its module: when it is allowed (``refusal``, ``offered``) and what it does.
MOVES = {Reveal: reveal, Slap: slap}


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


def view(state: State, player: int) -> View:
    """What ``player`` sees: no face-down alibi (not even their own) and no card of the
    suspect deck; every event, since everything in this game happens face up."""
    return engine.made(View, {  # every seat's, every move: made from its fields (CONTRIBUTING.md, "Speed")
        "me": player, "names": state.names, "round": state.round, "display": state.display,
        "revealed": state.revealed, "pile_sizes": tuple(map(len, state.piles)),
        "deck_size": len(state.suspect_deck), "won": state.won, "out": state.out, "turn": state.turn,
        "false_alibi": state.false_alibi, "false_alibi_variant": state.false_alibi_variant,
        "target": state.target, "finished": state.finished, "events": state.events})


def legal_moves(seen: View) -> list[Action]:
    """Every move ``seen.me`` may make now: turning up their alibi on their turn, and a
    slap on any visible suspect or the deck while they are in the round (a slap on the
    wrong suspect is allowed: it is a mistake the rules punish, not a forbidden move)."""
    if seen.finished:
        return []
    return [move for kind in MOVES.values() for move in kind.offered(seen) if kind.refusal(seen, move) is None]


def legal_actions(state: State, player: int | None = None) -> list[Action]:
    """The moves ``player`` may make now (:func:`legal_moves` of their view), or every
    seat's, seat by seat: anyone may slap at any moment."""
    seats = range(state.players) if player is None else (player,)
    return [move for seat in seats for move in legal_moves(view(state, seat))]


def refusal(state: State, action: Action) -> str | None:
    """The sentence refusing ``action`` now, or ``None`` when the rules allow it."""
    wrong = engine.malformed(action, ACTIONS, state.players)
    if wrong:
        return wrong
    if state.finished:
        return "The game is over: start a new one to play again."
    return MOVES[type(action)].refusal(view(state, action.player), action)


def play(state: State, action: Action) -> State:
    """The table after ``action``; :class:`IllegalAction` (the :func:`refusal`) if the
    rules forbid it."""
    wrong = refusal(state, action)
    if wrong:
        raise IllegalAction(wrong)
    if type(action) is Reveal:
        return reveal.turn_up(state, action.player)
    return slap.accuse(state, action.player, action.slot)


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


def standing(result: Outcome, seat: int) -> tuple[bool, float, int]:
    """``(won, share, score)`` of ``seat`` in a finished game, for a tournament's table: a
    win shared by a tie counts 1 / the number of winners."""
    return engine.standing(result.winners, result.scores, seat)
