"""Picture Perfect: turning the rounds, and the end.

Each of the six rounds turns up the next exchange card (``exchange.start``), then the
arranging: everyone arranges in any order and says Ready. When all are Ready the round
ends; after the sixth, the photos are taken and scored, and every envelope is shown.
"""

from __future__ import annotations

from sherlockkit.engine import evolve
from sherlockkit.games.picture import exchange, scoring
from sherlockkit.games.picture.cards import QUESTION_CARDS, ROUNDS
from sherlockkit.games.picture.state import (
    ASKING, ARRANGING, OVER, ExchangeTurned, GameEnded, PhotoTaken, RoundEnded, State,
)


def last_round(state: State) -> int:
    """The number of the party's last round, after which the photos are taken."""
    return len(state.exchanges) if state.sherlock else ROUNDS


def begin(state: State, number: int) -> State:
    """Round ``number`` begins: its exchange card is turned up, first player rotating."""
    state = evolve(state, round=number, taken=frozenset(), pending=None, ready=frozenset(), turns=())
    turned = ExchangeTurned(number, state.exchange, (number - 1) % state.players)
    return exchange.start(evolve(state, events=state.events + (turned,)))


def arrange(state: State) -> State:
    """The exchange is over: the arranging of this round starts, nobody Ready yet (after a
    question card of a Sherlock party, once everyone has asked: ``questions.py``)."""
    if state.sherlock and state.exchange in QUESTION_CARDS and state.phase != ASKING:
        from sherlockkit.games.picture import questions

        return questions.begin(state)
    return evolve(state, phase=ARRANGING, ready=frozenset(), turns=(), pending=None)


def end_round(state: State) -> State:
    """Everyone is Ready: the round ends, and the next begins (or, after the last, the end)."""
    state = evolve(state, events=state.events + (RoundEnded(state.round),))
    return finish(state) if state.round >= last_round(state) else begin(state, state.round + 1)


def finish(state: State) -> State:
    """The photos are taken and scored; every envelope and score is shown."""
    result = scoring.final(state)
    taken = tuple(PhotoTaken(p, photo, result.scores[p], bool(state.guests)) for p, photo in enumerate(result.photos))
    shown = tuple((e.guest, e.cards, e.vip) for e in state.envelopes)
    ended = GameEnded(shown, result.scores, result.winners, state.culprit)
    return evolve(state, phase=OVER, result=result, ready=frozenset(), events=state.events + taken + (ended,))
