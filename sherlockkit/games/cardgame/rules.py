"""The Sherlock Holmes Card Game: the engine protocol (``sherlockkit.engine``), and nothing else.

A hand: the holder of "The game is afoot!" opens; then each player in turn, passing to
the left, plays one card that may follow the table's last card (``legality.py``), or,
holding none, draws one -- and may play it at once if it fits, or keep it. A player
holding a Villain wants to empty their hand with the Villain(s) last; everyone else wants
to find that player with an Arrest, an Inspector at Scotland Yard, Holmes or Watson. A
hand ends with an arrest, an escape, or -- the draw pile empty and nobody able to play
for a whole round -- a cold trail, and is scored. The rulebook ends the game at the
arrest, so a game is one hand unless ``hands`` says more. Scores are penalty points: the
lowest total wins.

When each move is allowed and what it does is in its own module, named in the game's
words (:data:`MOVES`): ``playing`` (a card on your turn, card by card), ``drawing``,
``keeping``, ``villains`` (going out), ``answering`` (the Alibi) and ``passing`` (the cards
passed after an Alibi); whose move it is in ``turns``, the deal and the score in
``hands``, Holmes, Watson and the arrests in ``arrests``. The shapes are in ``state``,
what happened in ``events``. Everything the rulebook leaves open is decided on the book's
rules-decisions page and tested in ``tests/cardgame``.
"""

from __future__ import annotations

import random
from dataclasses import replace

from sherlockkit import engine
from sherlockkit.engine import IllegalAction
from sherlockkit.games.cardgame import answering, drawing, keeping, legality, passing, playing, villains
from sherlockkit.games.cardgame.cards import AFOOT
from sherlockkit.games.cardgame.hands import deal
from sherlockkit.games.cardgame.turns import to_move
from sherlockkit.games.cardgame.state import (
    ACTIONS, DRAWN, MAX_PLAYERS, MIN_PLAYERS, PASSING, PLAY, Action, Answer, Draw, Keep, Outcome, PassCard, Play,
    PlayVillains, Scoring, State, View,
)

NAME = "cardgame"
TITLE = "The Sherlock Holmes Card Game"

__all__ = ["NAME", "TITLE", "ACTIONS", "MOVES", "Play", "PlayVillains", "Draw", "Keep", "Answer", "PassCard",
           "State", "View", "Outcome", "Scoring", "new", "view", "legal_moves", "legal_actions", "refusal", "play",
           "outcome", "action_from_json", "shuffle_hidden", "standing"]

#: Each kind of move and its module: when it is allowed (``refusal``, ``offered``) and what it does.
MOVES = {Play: playing, PlayVillains: villains, Draw: drawing, Keep: keeping, Answer: answering, PassCard: passing}
#: What each kind of move does: its module's function making the table after it.
EFFECTS = {Play: playing.play, PlayVillains: villains.go_out, Draw: drawing.draw, Keep: keeping.keep,
           Answer: answering.answer, PassCard: passing.pass_card}


def new(seed: int, players: int = 4, hands: int = 1, names=None, **points) -> State:
    """A new game for ``players`` players, dealt from ``seed``: one hand, as the rulebook
    has it (the arrest ends the game), or ``hands`` hands; ``points`` overrides the values
    of :class:`Scoring` (``captured=30``...)."""
    engine.check_seed(seed)
    engine.check_players(players, MIN_PLAYERS, MAX_PLAYERS, TITLE)
    if not isinstance(hands, int) or isinstance(hands, bool) or hands < 1:
        raise ValueError(f"A game has at least one hand, not {hands!r}.")
    known = set(Scoring.__dataclass_fields__)
    unknown = set(points) - known
    if unknown:
        raise ValueError(f"There is no scoring value called {sorted(unknown)[0]!r}; "
                         f"they are {', '.join(sorted(known))}.")
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in points.values()):
        raise ValueError("Scoring values are whole numbers of points.")
    state = State(
        seed=seed, names=engine.check_names(names, players), scoring=Scoring(**points), hands_in_game=hands,
        hand_number=0, step=0, hands=(), pile=(), played=(), top=legality.START, turn=0, phase=PLAY, drawn=None,
        pending=None, passing=(), resume=0, idle=0, scores=(0,) * players, telegrams=(0,) * players,
        hand_scores=(), finished=False, events=(), seen_by=((),) * players,
    )
    return deal(state)


def view(state: State, player: int) -> View:
    """What ``player`` sees: their own hand and the card they drew, how many cards the
    others hold, the table, the scores, every event but the others' peeks, and the
    outcome once the game is over."""
    passing_now = state.phase == PASSING
    return engine.made(View, {  # every seat's, every move: made from its fields (CONTRIBUTING.md, "Speed")
        "me": player, "names": state.names, "hand": state.hands[player], "hand_sizes": tuple(map(len, state.hands)),
        "pile_size": len(state.pile), "played": state.played, "top": state.top, "turn": state.turn,
        "phase": state.phase, "drawn": state.drawn if state.phase == DRAWN and state.turn == player else None,
        "pending": state.pending, "passed": tuple(c is not None for c in state.passing) if passing_now else (),
        "my_pass": state.passing[player] if passing_now else None, "scores": state.scores,
        "telegrams": state.telegrams, "hand_scores": state.hand_scores, "hand_number": state.hand_number,
        "hands_in_game": state.hands_in_game, "finished": state.finished, "outcome": outcome(state),
        "scoring": state.scoring, "events": state.seen_by[player]})


def legal_moves(seen: View) -> list[Action]:
    """Every move ``seen.me`` may make now, worked out from what they see: each kind of
    move's candidates (``offered``) that its rule allows (``refusal``)."""
    if seen.finished:
        return []
    return [move for kind in MOVES.values() for move in kind.offered(seen) if kind.refusal(seen, move) is None]


def legal_actions(state: State, player: int | None = None) -> list[Action]:
    """The moves ``player`` may make now (:func:`legal_moves` of their view), or every
    seat's, seat by seat: those of the seats that are to move now (``turns.to_move``: the
    player whose turn it is, the player a card names, or everyone while the cards are
    passed after an Alibi), every other seat having none. Asking only them saves about a
    quarter of a random move's time at four players (``benchmarks/engines.py``: 1.32x the
    moves a second of asking every seat)."""
    seats = to_move(state) if player is None else (player,)
    return [move for seat in seats for move in legal_moves(view(state, seat))]


def refusal(state: State, action: Action) -> str | None:
    """The sentence refusing ``action`` now, or ``None`` when the rules allow it. It is
    judged from the acting player's view, so it names no card they cannot see."""
    wrong = engine.malformed(action, ACTIONS, state.players)
    if wrong:
        return wrong
    if state.finished:
        return "The game is over: start a new one to play again."
    return MOVES[type(action)].refusal(view(state, action.player), action)


def play(state: State, action: Action) -> State:
    """The table after ``action``; :class:`IllegalAction` (the :func:`refusal`) if the
    rules forbid it. The old table is never changed."""
    wrong = refusal(state, action)
    if wrong:
        raise IllegalAction(wrong)
    return EFFECTS[type(action)](engine.evolve(state, step=state.step + 1), action)


def outcome(state: State) -> Outcome | None:
    """``None`` while the game runs; then the winners (the lowest total) and every total."""
    if not state.finished:
        return None
    best = min(state.scores)
    return Outcome(tuple(p for p, s in enumerate(state.scores) if s == best), state.scores)


def action_from_json(data: dict) -> Action:
    """The action a JSON object describes (see ``engine.action_to_json``); ``ValueError``
    with a short reason otherwise."""
    return engine.read_action(data, ACTIONS)


def shuffle_hidden(state: State, player: int, rng: random.Random) -> State:
    """The same table with every card ``player`` cannot see -- the other hands and the
    draw pile -- dealt again among those places, each as big as it was. ``player``'s own
    hand (with the card they drew and the card they chose to pass) stays; so does "The
    game is afoot!" while it waits in its opener's hand, since everyone knows who holds
    it. Another player who had drawn or chosen a card to pass now holds another one."""
    others = [p for p in range(state.players) if p != player]
    fixed = {p: [AFOOT] for p in others if AFOOT in state.hands[p]}  # public: the deal says who opens
    pool = [c for p in others for c in state.hands[p]] + list(state.pile)
    for p, cards in fixed.items():
        pool.remove(cards[0])
    rng.shuffle(pool)
    hands = list(state.hands)
    for p in others:
        size = len(state.hands[p]) - len(fixed.get(p, ()))
        hands[p] = tuple(fixed.get(p, [])) + tuple(pool[:size])
        pool = pool[size:]
    changes = {"hands": tuple(hands), "pile": tuple(pool)}
    if state.phase == DRAWN and state.turn != player:
        changes["drawn"] = hands[state.turn][-1]  # the drawn card is the last one taken in
    if state.phase == PASSING:
        changes["passing"] = tuple(
            c if p == player or c is None else rng.choice(hands[p]) for p, c in enumerate(state.passing))
    return replace(state, **changes)


def standing(result: Outcome, seat: int) -> tuple[bool, float, int]:
    """``(won, share, score)`` of ``seat`` in a finished game, for a tournament's table: a
    win shared by a tie counts 1 / the number of winners."""
    return engine.standing(result.winners, result.scores, seat)
