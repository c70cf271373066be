"""Picture Perfect, the Sherlock expansion: the questions -- asking, answering, and what
an honest answer is.

After the exchange of a question card (``cards.QUESTION_CARDS``) every player in turn,
from the round's first player, asks one other player one closed question about a
suspect; the question is public, the answer is seen by the asker alone. Two questions
(ours): "Have you confirmed X's alibi?" (``CONFIRMED``) and "Is X cleared, as far as you
know?" (``CLEARED``). ("Have you held Y's envelope?" is public already: not a question.)

Honesty, from the answerer's Alibi sheet (``sheet_of``): to ``CONFIRMED`` "yes" when they
read X's Alibi card or X is checked on every sheet (the victim, the guests who were
outside: the children, or the two the variant "more suspects" drew), else "no";
to ``CLEARED`` "yes" when their sheet clears X (read, checked, or told by an answer),
else "I don't know" (a sheet never shows a guest as not cleared). The engine
refuses any other answer (``honest`` is the one judge), so an answer is always the
sheet's. When all have asked, the arranging begins.
"""

from __future__ import annotations

from sherlockkit.engine import evolve
from sherlockkit.games.picture import alibis
from sherlockkit.games.picture.state import ANSWERING, ASKING, Answer, Answered, Ask, Asked, Dealt, Read, State

CONFIRMED, CLEARED = "confirmed", "cleared"
KINDS = (CONFIRMED, CLEARED)
YES, NO, UNKNOWN = "yes", "no", "I don't know"
ANSWERS = (YES, NO, UNKNOWN)
WORDS = {CONFIRMED: "Have you confirmed {guest}'s alibi?", CLEARED: "Is {guest} cleared, as far as you know?"}


def outside_in(events) -> tuple[str, ...]:
    """The guests who were outside in the party these events tell (a table's or a view's:
    the deal is public), as ``alibis.outside`` reads them from the deal."""
    dealt = next((e for e in events if isinstance(e, Dealt)), None)
    return alibis.outside(dealt)


def confirmed_by(events, seat: int, victim: str) -> frozenset[str]:
    """The guests ``seat`` has confirmed: every Alibi card they read clears its guest, and
    the victim and the guests who were outside (told by the deal) are checked on every sheet."""
    seen = tuple(e.alibi for e in events if isinstance(e, Read) and e.player == seat)
    return alibis.sheet(victim, seen, outside_in(events))


def sheet_of(events, seat: int, victim: str) -> frozenset[str]:
    """The guests ``seat``'s Alibi sheet clears: those they confirmed, and those an answer
    they were given cleared ("yes" to either question)."""
    told = {e.guest for e in events if isinstance(e, Answered) and e.player == seat and e.answer == YES}
    return confirmed_by(events, seat, victim) | told


def honest(events, seat: int, victim: str, kind: str, guest: str) -> str:
    """The answer ``seat``'s sheet gives to the question ``kind`` about ``guest``."""
    if kind == CONFIRMED:
        return YES if guest in confirmed_by(events, seat, victim) else NO
    return YES if guest in sheet_of(events, seat, victim) else UNKNOWN


def begin(state: State) -> State:
    """The questions of this round begin: every seat asks in turn from the round's first player."""
    first = (state.round - 1) % state.players
    return evolve(state, phase=ASKING, turns=tuple((first + i) % state.players for i in range(state.players)))


def ask(state: State, action: Ask) -> State:
    """The question is put (public); the asked player answers next."""
    question = Asked(action.player, action.target, action.question, action.guest)
    return evolve(state, phase=ANSWERING, question=question, events=state.events + (question,))


def answer(state: State, action: Answer) -> State:
    """The answer is given (to the asker alone); the next seat asks, or the arranging begins."""
    from sherlockkit.games.picture.rounds import arrange

    q = state.question
    said = Answered(q.player, q.target, q.kind, q.guest, action.answer)
    state = evolve(state, question=None, turns=state.turns[1:], phase=ASKING, events=state.events + (said,))
    return state if state.turns else arrange(state)


def refusal(state: State, action) -> str | None:
    """Why a question or an answer may not be given now (a sentence naming no hidden card), or ``None``."""
    if isinstance(action, Ask):
        if state.phase != ASKING:
            return "No question may be asked now."
        if action.player != state.turns[0]:
            return f"It is Player {state.turns[0] + 1}'s turn to ask a question."
        if action.target == action.player or not 0 <= action.target < state.players:
            return "Ask one of the other players."
        if action.question not in KINDS:
            return "Ask whether they have confirmed a guest's alibi, or whether a guest is cleared."
        if action.guest not in alibis.suspects_of(state):
            return f"{action.guest} is not a suspect: ask about a guest who could be the culprit."
        return None
    if state.phase != ANSWERING:
        return "No question is waiting for an answer."
    q = state.question
    if action.player != q.target:
        return f"The question was put to Player {q.target + 1}."
    if action.answer not in ANSWERS:
        return "Answer yes, no or I don't know."
    if action.answer != honest(state.events, q.target, state.victim, q.kind, q.guest):
        return "That answer is not what your Alibi sheet says: answer honestly."
    return None


def moves(state: State, player: int) -> list:
    """Every question or answer ``player`` may give now."""
    if state.phase == ASKING:
        candidates = [Ask(player, t, k, g) for t in range(state.players) for k in KINDS
                      for g in alibis.suspects_of(state)]
    else:
        candidates = [Answer(player, a) for a in ANSWERS]
    return [a for a in candidates if refusal(state, a) is None]
