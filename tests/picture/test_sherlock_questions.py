"""The Sherlock expansion's questions (issue 14): after a question card each player asks
one question in turn; the question is public, the answer the asker's alone; only the
answer the answerer's Alibi sheet gives is allowed."""

from __future__ import annotations

import random

import pytest

from sherlockkit.engine import IllegalAction
from sherlockkit.games.picture.narration import sentences
from sherlockkit.games.picture import questions, rules
from sherlockkit.games.picture.alibis import CHILDREN
from sherlockkit.games.picture.cards import QUESTION_CARDS
from sherlockkit.games.picture.questions import CLEARED, CONFIRMED, NO, UNKNOWN, YES
from sherlockkit.games.picture.events import Answered, Asked, Read
from sherlockkit.games.picture.state import ANSWERING, ASKING, OVER, Answer, Ask

from .test_sherlock_setup import _pick


def _to_questions(seed=3, players=3):
    state = rules.new(seed, players=players, sherlock=True)
    rng = random.Random(seed)
    while state.phase != ASKING:
        state = rules.play(state, _pick(state, rng))
    return state


def test_questions_follow_a_question_card_in_seat_order():
    state = _to_questions()
    assert state.exchange in QUESTION_CARDS and state.round == 2
    assert state.turns == (1, 2, 0)  # from the round's first player
    assert all(isinstance(a, Ask) and a.player == 1 for a in rules.legal_actions(state))


def _read_by(state, seat):
    return {e.alibi for e in state.events if isinstance(e, Read) and e.player == seat}


def test_an_honest_answer_only():
    state = _to_questions()
    asker, target = 1, 2
    known = next(iter(_read_by(state, target) - {"I saw nothing", None}))
    asked = rules.play(state, Ask(asker, target, CONFIRMED, known))
    assert asked.phase == ANSWERING and isinstance(asked.events[-1], Asked)
    assert rules.legal_actions(asked) == [Answer(target, YES)]
    for wrong in (NO, UNKNOWN):
        with pytest.raises(IllegalAction, match="honestly"):
            rules.play(asked, Answer(target, wrong))
    with pytest.raises(IllegalAction, match="put to Player 3"):
        rules.play(asked, Answer(0, YES))
    answered = rules.play(asked, Answer(target, YES))
    assert answered.phase == ASKING and answered.turns == (2, 0)
    # the asker's sheet now clears the guest; the third player saw only that an answer was given
    assert known in rules.view(answered, asker).cleared
    assert rules.view(answered, 0).events[-1] == Answered(asker, target, CONFIRMED, known, None)
    assert rules.view(answered, asker).events[-1].answer == YES
    assert rules.view(answered, target).events[-1].answer == YES
    assert sentences(rules.view(answered, 0).events, 0)[-1].endswith("in secret.")
    assert "yes" in sentences(rules.view(answered, asker).events, asker)[-1]


def test_unknown_guests_and_the_sheet():
    state = _to_questions()
    target = 2
    unread = next(s for s in ("the Colonel", "Mrs Pike", "the Reverend", "Doctor Vale", "Mr Wren", "Biscuit")
                  if s not in questions.sheet_of(state.events, target, state.victim))
    asked = rules.play(state, Ask(1, target, CONFIRMED, unread))
    assert rules.legal_actions(asked) == [Answer(target, NO)]
    asked = rules.play(state, Ask(1, target, CLEARED, unread))
    assert rules.legal_actions(asked) == [Answer(target, UNKNOWN)]
    asked = rules.play(state, Ask(1, target, CLEARED, state.victim))
    assert rules.legal_actions(asked) == [Answer(target, YES)]
    with pytest.raises(IllegalAction, match="not a suspect"):
        rules.play(state, Ask(1, target, CLEARED, CHILDREN[0]))
    with pytest.raises(IllegalAction, match="other players"):
        rules.play(state, Ask(1, 1, CLEARED, unread))


def test_the_base_game_has_no_questions():
    state = rules.new(3, players=3)
    with pytest.raises(IllegalAction, match="No question"):
        rules.play(state, Ask(0, 1, CLEARED, "the Colonel"))


@pytest.mark.parametrize("seed,players", [(4, 3), (5, 5)])
def test_every_player_asks_and_is_answered_after_each_question_card(seed, players):
    rng = random.Random(seed)
    state = rules.new(seed, players=players, sherlock=True)
    asked = 0
    while state.phase != OVER:
        if state.phase in (ASKING, ANSWERING):
            asked += 1
            movers = [p for p in range(players) if rules.legal_actions(state, p)]
            assert movers == [state.turns[0] if state.phase == ASKING else state.question.target]
        state = rules.play(state, _pick(state, rng))
    assert asked == 2 * 3 * players  # three question cards, each player asks and is answered
