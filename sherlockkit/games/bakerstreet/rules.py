"""Beyond Baker Street: the engine protocol (``sherlockkit.engine``), and nothing else.

A co-operative case for 2 to 4 players, who hold their Evidence cards facing out: each
sees every hand but their own. In turn, each takes one action -- Assist, Investigate,
Confirm, Eliminate or Pursue (or a character's once-a-game power); nobody passes. The
team wins by confirming the Suspect, the Motive and the Opportunity with the
Investigation track at exactly 20, before the Holmes marker reaches 0.

When each move is allowed and what it does is in the module named for it (``assist``,
``investigate``, ``confirm``, ``eliminate``, ``pursue``; the powers ``rally`` and
``recall``); the deal in ``setup``, the turn in ``turns``, the end in ``ending``; the
shapes in ``state``, what happened in ``events``. Everything the rulebook leaves open is
decided on the book's rules-decisions page and tested in ``tests/bakerstreet``.
"""

from __future__ import annotations

import random
from dataclasses import replace

from sherlockkit import engine
from sherlockkit.engine import IllegalAction
from sherlockkit.games.bakerstreet import (
    assist, confirm, eliminate, ending, impossible, investigate, pursue, rally, recall, setup, turns,
)
from sherlockkit.games.bakerstreet.cards import CASE_FILES, KINDS, MAX_PLAYERS, MIN_PLAYERS
from sherlockkit.games.bakerstreet.events import LeadDied, Outcome
from sherlockkit.games.bakerstreet.setup import DEALT
from sherlockkit.games.bakerstreet.state import (
    ACTIONS, Action, Assist, Confirm, Eliminate, Investigate, Pursue, Rally, Recall, State, View,
)

NAME = "bakerstreet"
TITLE = "Beyond Baker Street"

__all__ = ["NAME", "TITLE", "ACTIONS", "DEALT", "State", "View", "Outcome", "new", "view", "legal_moves",
           "legal_actions", "refusal", "play", "outcome", "action_from_json", "shuffle_hidden", "standing"]

#: Each kind of move and its module: when it is allowed (``refusal``, ``offered``), in the
#: order the moves are listed.
MOVES = {Assist: assist, Investigate: investigate, Confirm: confirm, Eliminate: eliminate, Pursue: pursue,
         Rally: rally, Recall: recall}
#: What each kind of move does to the table.
EFFECTS = {Assist: assist.assist, Investigate: investigate.investigate, Confirm: confirm.confirm,
           Eliminate: eliminate.eliminate, Pursue: pursue.pursue, Rally: rally.rally, Recall: recall.recall}


def new(seed: int, players: int = 2, case: int = 1, characters=None) -> State:
    """A new case for ``players`` players dealt from ``seed``: Case File ``case`` (1 the
    easiest, 6 the hardest), without characters, with them ``"dealt"`` at random, or with
    the ones named seat by seat."""
    engine.check_seed(seed)
    engine.check_players(players, MIN_PLAYERS, MAX_PLAYERS, TITLE)
    if not isinstance(case, int) or isinstance(case, bool) or case not in CASE_FILES:
        raise ValueError(f"The Case Files are numbered 1 to 6, not {str(case)[:30]}.")
    return setup.deal(seed, players, case, setup.cast(characters, players, seed))


def view(state: State, player: int) -> View:
    """What ``player`` sees: every hand but their own, what everyone was told about their
    own cards, the board (each section's open Lead, its evidence and sums, how many Leads
    wait below), the Impossible, the tracks, and every event."""
    return engine.made(View, {  # every seat's, every move: made from its fields (CONTRIBUTING.md, "Speed")
        "player": player, "players": state.players, "case": state.case, "characters": state.characters,
        "hands": state.hands[:player] + (None,) + state.hands[player + 1:],
        "hand_sizes": tuple(map(len, state.hands)), "told": state.told, "deck_size": len(state.deck),
        "piles": tuple([pile.seen for pile in state.piles]), "impossible": state.impossible,
        "impossible_limit": impossible.limit(state), "holmes": state.holmes, "investigation": state.investigation,
        "turn": state.turn, "powers_used": state.powers_used, "outcome": ending.ended(state), "events": state.events})


def legal_moves(seen: View) -> list[Action]:
    """Every move ``seen.player`` may make now, in order (Assists, Investigates, Confirms,
    Eliminates, Pursues, then the powers): none but on their turn while the case is open.
    Each kind's module offers the moves its judge (``refusal``) allows, worked out with
    the judge's own clauses rather than by asking it about every candidate, which cost a
    third of a random move (``tests/bakerstreet/test_digest.py`` holds every list to its
    judge)."""
    if turns.refusal(seen, seen.player):
        return []
    moves = []
    for kind in MOVES.values():
        moves += kind.offered(seen)
    return moves


def legal_actions(state: State, player: int | None = None) -> list[Action]:
    """The moves ``player`` may make now (:func:`legal_moves` of their view), or, with no
    ``player``, everyone's: those of the seat whose turn it is, the only seat with any."""
    return legal_moves(view(state, state.turn if player is None else player))


def refusal(state: State, action: Action) -> str | None:
    """The sentence refusing ``action`` now, or ``None`` when the rules allow it; judged
    from its player's view, so it names no card they cannot see."""
    wrong = engine.malformed(action, ACTIONS, state.players)
    if wrong:
        return wrong
    seen = view(state, action.player)
    return turns.refusal(seen, action.player) or MOVES[type(action)].refusal(seen, action)


def play(state: State, action: Action) -> State:
    """The table after ``action``, the end checked and the turn passed on;
    :class:`IllegalAction` (the :func:`refusal`) if the rules forbid it."""
    wrong = refusal(state, action)
    if wrong:
        raise IllegalAction(wrong)
    return EFFECTS[type(action)](state, action)


def outcome(state: State) -> Outcome | None:
    """``None`` while the case runs; then whether it was won, and why it ended."""
    return ending.ended(state)


def action_from_json(data: dict) -> Action:
    """The action a JSON object describes (see ``engine.action_to_json``); ``ValueError``
    with a short reason otherwise."""
    return engine.read_action(data, ACTIONS)


def shuffle_hidden(state: State, player: int, rng: random.Random) -> State:
    """The same table with every card ``player`` cannot see dealt again among the places
    hidden from them, each as big as it was: their own hand and the deck among themselves,
    and the face-down Leads of each kind among that kind's hidden places (below the open
    Lead of its section, and the box). What ``player`` was told stays as it is; a Lead
    everyone has seen (one a character sent back to the box) stays where it is."""
    own = list(state.hands[player]) + list(state.deck)
    rng.shuffle(own)
    size = len(state.hands[player])
    hands = state.hands[:player] + (tuple(own[:size]),) + state.hands[player + 1:]
    seen = {e.lead for e in state.events if isinstance(e, LeadDied)}
    piles, box = list(state.piles), list(state.box)
    for index, kind in enumerate(KINDS):
        below = list(piles[index].leads[1:])
        spots = [i for i, lead in enumerate(box) if lead.kind == kind and lead not in seen]
        pool = below + [box[i] for i in spots]
        rng.shuffle(pool)
        piles[index] = replace(piles[index], leads=piles[index].leads[:1] + tuple(pool[:len(below)]))
        for i, lead in zip(spots, pool[len(below):]):
            box[i] = lead
    return replace(state, hands=hands, deck=tuple(own[size:]), piles=tuple(piles), box=tuple(box))


def standing(result: Outcome, seat: int) -> tuple[bool, float, None]:
    """``(won, share, score)`` of any seat for a tournament's table: the team wins or
    loses together, and keeps no score."""
    return bool(result.won), 1.0 if result.won else 0.0, None
