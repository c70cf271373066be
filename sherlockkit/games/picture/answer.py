"""Answering a question (the Sherlock expansion): the asked player answers "yes", "no" or
"I don't know", honestly -- "The questioned player must answer honestly" -- and the asker
alone sees the answer ("all other players must close their eyes"). An honest answer is
the answerer's Alibi sheet's (``questions.honest``); then the next player asks, or the
arranging begins (``phases.next_asker``).
"""

from __future__ import annotations

from sherlockkit.engine import evolve
from sherlockkit.games.picture import phases
from sherlockkit.games.picture.events import Answered
from sherlockkit.games.picture.questions import ANSWERS, honest
from sherlockkit.games.picture.state import ANSWERING, Answer, State, View, seat_name


def refusal(seen: View, move: Answer) -> str | None:
    """Why ``seen.player`` may not give ``move.answer`` now (a sentence), or ``None``: only
    the player asked, and only the answer their Alibi sheet gives."""
    if seen.phase != ANSWERING:
        return "No question is waiting for an answer."
    question = seen.question
    if move.player != question.target:
        return f"The question was put to {seat_name(question.target)}."
    if move.answer not in ANSWERS:
        return "Answer yes, no or I don't know."
    if move.answer != honest(seen.events, question.target, seen.victim, question.kind, question.guest):
        return "That answer is not what your Alibi sheet says: answer honestly."
    return None


def offered(seen: View) -> list[Answer]:
    """The answer :func:`refusal` allows now: the honest one, when the question is put to
    ``seen.player`` (none outside an answer)."""
    if seen.phase != ANSWERING:
        return []
    return [move for move in (Answer(seen.player, a) for a in ANSWERS) if refusal(seen, move) is None]


def answer(state: State, move: Answer) -> State:
    """The table after the answer is given (seen by the asker alone): the next player asks,
    or the arranging begins."""
    q = state.question
    said = Answered(q.player, q.target, q.kind, q.guest, move.answer)
    return phases.next_asker(evolve(state, step=state.step + 1, question=None, events=state.events + (said,)))
