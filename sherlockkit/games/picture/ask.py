"""Asking a question (the Sherlock expansion): after a question card's exchange, every
player in turn, from the round's first player, asks one other player one closed question
about a suspect. Only yes-or-no questions; nothing stops two players asking the same one,
nor one player being asked it again.

The two questions and what an honest answer is are in ``questions.py``; the question is
public (``Asked``), and the asked player answers next (``answer.py``).
"""

from __future__ import annotations

from sherlockkit.engine import evolve
from sherlockkit.games.picture.alibis import suspects_of
from sherlockkit.games.picture.events import Asked
from sherlockkit.games.picture.guests import capital
from sherlockkit.games.picture.questions import KINDS
from sherlockkit.games.picture.state import ANSWERING, ASKING, Ask, State, View, seat_name


def refusal(seen: View, move: Ask) -> str | None:
    """Why ``seen.player`` may not ask ``move`` now (a sentence), or ``None``: only on their
    turn to ask, one of the other players, one of the two questions, about a suspect."""
    if seen.phase != ASKING:
        return "No question may be asked now."
    if move.player != seen.turn:
        return f"It is {seat_name(seen.turn)}'s turn to ask a question."
    if move.target == move.player or not 0 <= move.target < seen.players:
        return "Ask one of the other players."
    if move.question not in KINDS:
        return "Ask whether they have confirmed a guest's alibi, or whether a guest is cleared."
    if move.guest not in suspects_of(seen):
        return capital(f"{move.guest} is not a suspect: ask about a guest who could be the culprit.")
    return None


def offered(seen: View) -> list[Ask]:
    """Every question :func:`refusal` allows now: to each other seat, each question, about
    each suspect of the party (none outside the questions)."""
    if seen.phase != ASKING:
        return []
    candidates = (Ask(seen.player, target, kind, guest) for target in range(seen.players) for kind in KINDS
                  for guest in suspects_of(seen))
    return [move for move in candidates if refusal(seen, move) is None]


def ask(state: State, move: Ask) -> State:
    """The table after the question is put (public): the asked player answers next."""
    question = Asked(move.player, move.target, move.question, move.guest)
    return evolve(state, step=state.step + 1, phase=ANSWERING, question=question,
                  events=state.events + (question,))
