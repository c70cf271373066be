"""Picture Perfect: the engine protocol (``sherlockkit.engine``), and nothing else.

2 to 6 players each arrange the same fourteen guests on their own mat for a photo. Each
guest's envelope holds three wishes; players hold a few envelopes at a time and read
them, and the exchange cards move the envelopes about, one card a round. After each
exchange everyone arranges (places, moves, takes off guests, aims the camera, slips their
VIP card into an envelope they hold) and says Ready. After the sixth round the photos are
taken: each guest in a player's photo scores by how many of its wishes are met.

When each move is allowed and what it does is in the module of its kind (one module a
kind of move, :data:`MOVES`); which phase follows which in ``phases``; the deal in
``deal``; what a player sees in ``seeing``; the wishes in ``wishes``, the photo in
``photo``, the score in ``scoring``. Option ``notes``: the view shows every envelope a
player has read (as they last saw it), not only those in their hands. The Sherlock
expansion (``sherlock``, ``irene``, ``variant``) adds a culprit among the guests, the
questions, Watson, Holmes and Irène (``alibis``, ``questions``).
"""

from __future__ import annotations

import random

from sherlockkit import engine
from sherlockkit.engine import IllegalAction, evolve
from sherlockkit.games.picture import aim, answer, ask, deal, give_back, pass_on, place, ready, take, unplace, vip
from sherlockkit.games.picture.cards import MAX_PLAYERS, MIN_PLAYERS
from sherlockkit.games.picture.deal import DETECTIVES_AS_GUESTS, MORE_SUSPECTS
from sherlockkit.games.picture.seeing import followed, known_envelopes, seen_now, sheet_seen
from sherlockkit.games.picture.state import (
    ACTIONS, OVER, Action, Aim, Answer, Ask, Outcome, Pass, Place, Ready, Return, State, Take, Unplace, View, Vip,
)

NAME = "picture"
TITLE = "Picture Perfect"

__all__ = ["NAME", "TITLE", "ACTIONS", "VARIANTS", "DETECTIVES_AS_GUESTS", "MORE_SUSPECTS", "new", "view",
           "legal_moves", "legal_actions", "refusal", "play", "outcome", "action_from_json", "shuffle_hidden",
           "standing"]

#: Each kind of move and its module: when it is allowed (``refusal``: why not; ``offered``:
#: every move of the kind it allows now), in the order the moves are listed.
MOVES = {Take: take, Pass: pass_on, Return: give_back, Place: place, Unplace: unplace, Vip: vip, Aim: aim,
         Ready: ready, Ask: ask, Answer: answer}
#: What each kind of move does (in its module).
EFFECTS = {Take: take.take, Pass: pass_on.pass_on, Return: give_back.give_back, Place: place.place,
           Unplace: unplace.take_off, Vip: vip.slip, Aim: aim.aim, Ready: ready.say_ready, Ask: ask.ask,
           Answer: answer.answer}

#: the ways to play the Sherlock expansion: None (the rulebook's setup), the two variants
VARIANTS = (None, DETECTIVES_AS_GUESTS, MORE_SUSPECTS)


def new(seed: int, players: int = 2, notes: bool = False, sherlock: bool = False, irene: bool = False,
        variant: str | None = None) -> State:
    """A new party for ``players`` players dealt from ``seed``; with ``notes`` each player's
    view keeps every envelope they have read (an easier game than the rulebook's). With
    ``sherlock``, the Sherlock expansion: a hidden culprit, a public victim in the coffin,
    an Alibi card in every envelope, Watson and Holmes among every player's figures; with
    ``variant="more suspects"`` two guests drawn at random were outside instead of the
    children, and the culprit and victim may be any of the twelve others. With
    ``variant="detectives as guests"`` (the base game, without ``sherlock`` or ``irene``)
    Watson, Holmes and Irène come as plain guests and three of the seventeen are drawn to
    stay in the box. ``ValueError`` with a sentence for an option that cannot be played."""
    engine.check_seed(seed)
    engine.check_players(players, MIN_PLAYERS, MAX_PLAYERS, TITLE)
    for option, value in (("notes", notes), ("sherlock", sherlock), ("irene", irene)):
        if not isinstance(value, bool):
            raise ValueError(f"The {option} option is true or false, not {str(value)[:30]}.")
    if variant not in VARIANTS:
        raise ValueError(f"There is no variant {str(variant)[:30]!r}: play none, "
                         f"{VARIANTS[1]!r} or {VARIANTS[2]!r}.")
    if variant == DETECTIVES_AS_GUESTS:
        if sherlock or irene:
            raise ValueError("The variant \"detectives as guests\" is a way to play the base game: Watson and "
                             "Holmes cannot be guests and investigators at once, and Irène is a guest here. "
                             "Leave the Sherlock expansion and Irène out.")
        return deal.detectives_party(seed, players, notes)
    if variant is not None and not sherlock:
        raise ValueError(f"The variant {variant!r} is a way to play the Sherlock expansion: "
                         "choose the Sherlock expansion too.")
    return followed(deal.deal(seed, players, notes, sherlock, irene, variant))


def view(state: State, player: int) -> View:
    """What ``player`` sees: the round and its card, every mat and camera, who holds which
    envelope and who is Ready, the envelopes they know (``seeing.known_envelopes``), their
    own choice to pass and VIP card, their Alibi sheet, and the events as they saw them.
    (Made from its fields by ``engine.made``: every seat's view is asked for at every move.)"""
    turn = state.turns[0] if state.turns else None
    seen = seen_now(state, player)
    return engine.made(View, dict(
        player=player, players=state.players, notes=state.notes, round=state.round, exchange=state.exchange,
        phase=state.phase, turn=turn, holders=state.holders, mats=state.mats, cameras=state.cameras,
        chosen=tuple(c is not None for c in state.chosen), my_choice=state.chosen[player],
        pending=state.pending if turn == player else None, taken=state.taken, ready=state.ready,
        vip_unused=state.vips[player], envelopes=known_envelopes(state, player), outcome=state.result,
        events=seen.events, sherlock=state.sherlock, victim=state.victim,
        culprit_cards=state.culprit_cards, cleared=sheet_seen(state, seen), question=state.question,
        irene=state.irene, variant=state.variant, outside=state.outside, guests=state.guests))


def legal_moves(seen: View) -> list[Action]:
    """Every move ``seen.player`` may make now, from their view alone: the exchange's (on
    their turn, or everyone's choice for a pass card), the questions' (asking on their
    turn, answering when asked), or their arranging until they say Ready; none once the
    photos are taken: what each kind's module offers, every move of its kind its judge
    (``refusal``) allows.

    Most kinds offer their candidates that the judge lets through; placing a guest and
    aiming the camera (some two hundred candidates each, every move of a seat) work
    their list out clause by clause with the same clauses as their judge, since asking it
    whole about each would cost four times the rest of a move
    (``tests/picture/test_moves.py`` holds each list to its judge)."""
    if seen.phase == OVER:
        return []
    return [move for kind in MOVES.values() for move in kind.offered(seen)]


def legal_actions(state: State, player: int | None = None) -> list[Action]:
    """The moves ``player`` may make now (:func:`legal_moves` of their view), or every
    seat's, seat by seat."""
    seats = range(state.players) if player is None else (player,)
    return [move for seat in seats for move in legal_moves(view(state, seat))]


def refusal(state: State, action: Action) -> str | None:
    """The sentence refusing ``action`` now, or ``None`` when the rules allow it: judged by
    its kind's module from the view of the player who makes it."""
    wrong = engine.malformed(action, ACTIONS, state.players)
    if wrong:
        return wrong
    if state.phase == OVER:
        return "The game is over: the photos have been taken."
    return MOVES[type(action)].refusal(view(state, action.player), action)


def play(state: State, action: Action) -> State:
    """The table after ``action``; :class:`IllegalAction` (the :func:`refusal`) if the
    rules forbid it. The old state is never changed."""
    wrong = refusal(state, action)
    if wrong:
        raise IllegalAction(wrong)
    return followed(EFFECTS[type(action)](state, action))


def outcome(state: State) -> Outcome | None:
    """``None`` while the party goes on; then every score, the winners and every photo."""
    return state.result


def action_from_json(data: dict) -> Action:
    """The action a JSON object describes (see ``engine.action_to_json``); ``ValueError``
    with a short reason otherwise."""
    return engine.read_action(data, ACTIONS)


def shuffle_hidden(state: State, player: int, rng: random.Random) -> State:
    """The same table with every card ``player`` has not seen dealt again (``deal.shuffle_hidden``)."""
    return followed(evolve(deal.shuffle_hidden(state, player, rng), seen=()))  # others' readings are dealt again


def standing(result: Outcome, seat: int) -> tuple[bool, float, int]:
    """``(won, share, score)`` of ``seat`` in a finished game, for a tournament's table: a
    win shared by a tie counts 1 / the number of winners."""
    return engine.standing(result.winners, result.scores, seat)
