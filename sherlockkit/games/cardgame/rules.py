"""The Sherlock Holmes Card Game: the engine protocol (see ``sherlockkit.engine``).

A hand: the holder of "The game is afoot!" opens; then each player in turn, passing to
the left, plays one card that may follow the table's last card (``legality.py``), or,
holding none, draws one -- and may play it at once if it fits, or keep it. A player
holding a Villain wants to empty their hand with the Villain(s) last; everyone else wants
to find that player with an Arrest, an Inspector at Scotland Yard, Holmes or Watson. A
hand ends with an arrest, an escape, or -- the draw pile empty and nobody able to play
for a whole round -- a cold trail, and is scored. The rulebook ends the game at the
arrest, so a game is one hand unless ``hands`` says more. Scores are penalty points: the
lowest total wins.

The moves open to a player and the refusals are in ``legal.py``; what moves do in
``plays.py`` (a turn), ``answers.py`` (the Alibi and the passing), ``arrests.py`` and
``hands.py`` (the deal and the score). Everything the rulebook leaves open is decided on
the book's rules-decisions page and tested in ``tests/cardgame``.
"""

from __future__ import annotations

import random
from dataclasses import replace

from sherlockkit.engine import (
    IllegalAction, check_action, check_names, check_players, check_seed, evolve, read_action, recalled,
    remembered,
)
from sherlockkit.games.cardgame import answers, legality, plays
from sherlockkit.games.cardgame.cards import AFOOT
from sherlockkit.games.cardgame.hands import deal
from sherlockkit.games.cardgame.legal import movers, moves, why_illegal
from sherlockkit.games.cardgame.state import (
    ACTIONS, DRAWN, MAX_PLAYERS, MIN_PLAYERS, PASSING, PLAY, Action, Answer, Draw, Keep, Outcome, Peek,
    Play, PlayVillains, Scoring, State, View,
)

NAME = "cardgame"
TITLE = "The Sherlock Holmes Card Game"


def new(seed: int, players: int = 4, hands: int = 1, names=None, **points) -> State:
    """A new game for ``players`` players, dealt from ``seed``: one hand, as the rulebook
    has it (the arrest ends the game), or ``hands`` hands; ``points`` overrides the values
    of :class:`Scoring` (``captured=30``...)."""
    check_seed(seed)
    check_players(players, MIN_PLAYERS, MAX_PLAYERS, TITLE)
    if not isinstance(hands, int) or isinstance(hands, bool) or hands < 1:
        raise ValueError(f"A game has at least one hand, not {hands!r}.")
    known = set(Scoring.__dataclass_fields__)
    unknown = set(points) - known
    if unknown:
        raise ValueError(f"There is no scoring value called {sorted(unknown)[0]!r}; they are {', '.join(sorted(known))}.")
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in points.values()):
        raise ValueError("Scoring values are whole numbers of points.")
    state = State(
        seed=seed, names=check_names(names, players), scoring=Scoring(**points), hands_in_game=hands,
        hand_number=0, step=0, hands=(), pile=(), played=(), top=legality.START, turn=0, phase=PLAY, drawn=None,
        pending=None, passing=(), resume=0, idle=0, scores=(0,) * players, telegrams=(0,) * players,
        hand_scores=(), finished=False, events=(),
    )
    return deal(state)


def legal_actions(state: State, player: int | None = None) -> list[Action]:
    """Every action allowed now (to ``player``, or to anyone, seat by seat)."""
    if state.finished:
        return []
    if player is not None:
        return list(_moves(state, player))
    return [a for p in movers(state) for a in _moves(state, p)]


def _moves(state: State, player: int) -> tuple[Action, ...]:
    """The moves open to ``player`` (worked out once per state: ``play`` asks again)."""
    return remembered(state, ("moves", player), lambda: tuple(moves(view(state, player))))


def play(state: State, action: Action) -> State:
    """The table after ``action``; :class:`IllegalAction` (a sentence) if the rules forbid it."""
    check_action(action, ACTIONS, state.players)
    if state.finished or action not in _moves(state, action.player):
        raise IllegalAction(why_illegal(state, action))
    before, state = state, evolve(state, step=state.step + 1)
    me = action.player
    if isinstance(action, Play):
        after = plays.play_card(state, action)
    elif isinstance(action, PlayVillains):
        after = plays.go_out(state, me)
    elif isinstance(action, Draw):
        after = plays.draw(state, me)
    elif isinstance(action, Keep):
        after = plays.keep(state, me)
    elif isinstance(action, Answer):
        after = answers.answer(state, action.alibi)
    else:
        after = answers.pass_card(state, me, action.card)  # the one kind of move left: PassCard
    _carry_seen(before, after)
    return after


def view(state: State, player: int) -> View:
    """What ``player`` sees: their own hand and the card they drew, how many cards the
    others hold, the table, the scores, every event but the others' peeks, and the
    outcome once the game is over."""
    return remembered(state, ("view", player), lambda: _view(state, player))


def _view(state: State, player: int) -> View:
    """The View of ``player``: the table everyone sees (made once per state), with the
    fields that differ from seat to seat set on a copy of it."""
    made = _new(View)  # what engine.maker(View) makes (View is a plain frozen dataclass), made here
    fields = made.__dict__  # from a copy of the fields every seat shares, in the order of View's fields
    fields.update(remembered(state, "public", lambda: _public(state)))
    fields["me"] = player
    fields["hand"] = state.hands[player]
    if fields["drawn"] is not None and state.turn != player:
        fields["drawn"] = None  # only the drawer sees the card drawn
    if state.phase == PASSING:
        fields["my_pass"] = state.passing[player]
    fields["events"] = _seen(state, player)
    return made


def _public(state: State) -> dict:
    """Every field of a View, as any seat sees it: the seat's own ones (``me``, ``hand``,
    ``drawn``, ``my_pass``, ``events``) hold what a seat other than the drawer and the
    passer would see, or a placeholder, for :func:`_view` to set."""
    passing = state.phase == PASSING
    return {  # a literal, not dict(...): keyword arguments cost twice as much
        "me": None, "names": state.names, "hand": None, "hand_sizes": tuple(map(len, state.hands)),
        "pile_size": len(state.pile), "played": state.played, "top": state.top, "turn": state.turn,
        "phase": state.phase, "drawn": state.drawn if state.phase == DRAWN else None, "pending": state.pending,
        "passed": tuple(c is not None for c in state.passing) if passing else (), "my_pass": None,
        "scores": state.scores, "telegrams": state.telegrams, "hand_scores": state.hand_scores,
        "hand_number": state.hand_number, "hands_in_game": state.hands_in_game, "finished": state.finished,
        "outcome": outcome(state), "scoring": state.scoring, "events": None,
    }


def _seen(state: State, player: int) -> tuple:
    """The events ``player`` may see: all but the others' peeks into a hand."""
    seen = remembered(state, "seen", dict)  # seat -> the events it may see, as far as asked
    events = seen.get(player)
    if events is None:
        events = seen[player] = _visible(state.events, player)
    return events


def _visible(events: tuple, player: int) -> tuple:
    return tuple(e for e in events if not isinstance(e, Peek) or e.looker == player)


def _carry_seen(before: State, after: State) -> None:
    """Hand on to ``after`` the events each player could see in ``before`` (the state
    ``after`` came from), adding only the new ones: a view costs no pass over the game's
    whole history. Every step of a move adds its events at the end (``hands.record``), so
    ``after``'s events continue ``before``'s when ``before``'s last one is still in its
    place (each event is an object of its own); if not, nothing is handed on."""
    seen = recalled(before, "seen")
    old, new = before.events, after.events
    if not seen or not old or len(new) < len(old) or new[len(old) - 1] is not old[-1]:
        return
    added = new[len(old):]
    if Peek in map(type, added):  # a peek is hidden from the others
        carried = {player: events + _visible(added, player) for player, events in seen.items()}
    else:
        carried = {player: events + added for player, events in seen.items()}
    remembered(after, "seen", lambda: carried)


_new = object.__new__


def outcome(state: State) -> Outcome | None:
    """``None`` while the game runs; then the winners (the lowest total) and every total."""
    if not state.finished:
        return None
    best = min(state.scores)
    return Outcome(tuple(p for p, s in enumerate(state.scores) if s == best), state.scores)


def action_from_json(data: dict) -> Action:
    """The action a JSON object describes (see ``engine.action_to_json``); ``ValueError``
    with a short reason otherwise."""
    return read_action(data, ACTIONS)


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
