"""Events, not sentences: every move is recorded as typed events, the log is written from
them in one place, and nothing plays differently when the log's wording changes."""

import dataclasses
import html
import random
import re

import pytest

from sherlockkit.games.express import bots, narration, rules
from sherlockkit.games.express.cards import SUSPECTS
from sherlockkit.games.express.state import DECK, Reveal, Slap
from sherlockkit.games.express.events import Accused, AlibiTurnedUp, Event, GameWon, RoundBegun, RoundVoid
from widgets.clock import ManualClock
from widgets.express import ExpressGame, ExpressTable

NAMES = ("Ann", "Bo", "Cy")
S0, S1, S2, S5 = SUSPECTS[0], SUSPECTS[1], SUSPECTS[2], SUSPECTS[5]

#: One event of every kind, with the sentence the log writes for it: (told of the players
#: by name, told to Ann as "you").
EXAMPLES = {
    RoundBegun(3, 1): ("Round 3 begins: Bo will turn up the first alibi.",) * 2,
    RoundBegun(2, 0): ("Round 2 begins: Ann will turn up the first alibi.",
                       "Round 2 begins: you will turn up the first alibi."),
    AlibiTurnedUp(0, "tiger", repeated=False, false_alibi=False): (
        "Ann turns up a tiger alibi: no tiger did it.", "You turn up a tiger alibi: no tiger did it."),
    AlibiTurnedUp(1, "monocle", repeated=False, false_alibi=False):
        ("Bo turns up a monocle alibi: nobody with a monocle did it.",) * 2,
    AlibiTurnedUp(1, "tea room", repeated=False, false_alibi=False):
        ("Bo turns up a tea room alibi: nobody in the tea room did it.",) * 2,
    AlibiTurnedUp(2, "garden", repeated=True, false_alibi=False):
        ("Cy turns up another garden alibi: nothing new.",) * 2,
    AlibiTurnedUp(1, "panda", repeated=True, false_alibi=True):
        ("Bo turns up another panda alibi: a false alibi! It points at a panda.",) * 2,
    Accused(1, 2, S0, right=False, by_false_alibi=False, won=()):
        (f"Bo slaps {S0}, but nothing proves it: Bo sits out the rest of the round.",) * 2,
    Accused(0, DECK, None, right=False, by_false_alibi=False, won=()): (
        "Ann slaps the deck, accusing Moriarty, but nothing proves it: Ann sits out the rest of the round.",
        "You slap the deck, accusing Moriarty, but nothing proves it: you sit out the rest of the round."),
    Accused(2, 4, S5, right=True, by_false_alibi=False, won=(S5,)):
        (f"Cy catches {S5}, the one suspect the alibis leave.",) * 2,
    Accused(0, 4, S5, right=True, by_false_alibi=False, won=(S5,)): (
        f"Ann catches {S5}, the one suspect the alibis leave.", f"You catch {S5}, the one suspect the alibis leave."),
    Accused(1, DECK, None, right=True, by_false_alibi=False, won=(S1,)):
        ("Every suspect is cleared, so it was Moriarty: Bo slaps the deck and takes its top card.",) * 2,
    Accused(0, DECK, None, right=True, by_false_alibi=True, won=(S1, S2)): (
        "Ann slaps the deck, where the false alibi points, and takes two cards.",
        "You slap the deck, where the false alibi points, and take two cards."),
    Accused(2, 1, S1, right=True, by_false_alibi=True, won=(S1,)):
        (f"Cy slaps {S1}, as the false alibi points, and takes one card.",) * 2,
    RoundVoid(4): ("Everyone has slapped wrongly: round 4 is void, and nobody catches anyone.",) * 2,
    GameWon((1,), 5, "target"): ("Bo catches a fifth suspect and wins the game.",) * 2,
    GameWon((0,), 5, "target"): ("Ann catches a fifth suspect and wins the game.",
                                 "You catch your fifth suspect and win the game."),
    GameWon((2,), 8, "deck empty"):
        ("The suspect deck runs out: Cy wins the game with 8 suspects, more than anyone.",) * 2,
    GameWon((0, 2), 9, "deck empty"): ("The suspect deck runs out: Ann and Cy share the win with 9 suspects each.",
                                       "The suspect deck runs out: you and Cy share the win with 9 suspects each."),
    GameWon((0, 1, 2), 4, "deck empty"): (
        "The suspect deck runs out: Ann, Bo and Cy share the win with 4 suspects each.",
        "The suspect deck runs out: you, Bo and Cy share the win with 4 suspects each."),
}


def _kinds(cls=Event):
    return {k for sub in cls.__subclasses__() for k in {sub} | _kinds(sub)}


def test_narration_has_a_sentence_for_every_kind_of_event():
    assert {type(e) for e in EXAMPLES} == _kinds()
    for event, (told, to_you) in EXAMPLES.items():
        assert narration.sentence(event, NAMES) == told
        assert narration.sentence(event, NAMES, you=0) == to_you


def test_every_event_has_a_detail_one_click_away():
    for event in EXAMPLES:
        detail = narration.detail(event, NAMES)
        assert detail and detail != narration.sentence(event, NAMES) and detail.endswith(".")


def test_details_name_what_was_won_and_why():
    right = Accused(2, 4, S5, right=True, by_false_alibi=False, won=(S5,))
    assert str(S5) in narration.detail(right, NAMES) and "cleared" in narration.detail(right, NAMES)
    moriarty = Accused(1, DECK, None, right=True, by_false_alibi=True, won=(S1, S2))
    assert f"{S1} and {S2}" in narration.detail(moriarty, NAMES)
    assert "already face up" in narration.detail(AlibiTurnedUp(0, "koala", True, False), NAMES)
    assert "5 suspects" in narration.detail(GameWon((1,), 5, "target"), NAMES)


# --- grammar: names built into sentences ------------------------------------------------------

APP_NAMES = ("Holmes (you)", "Irene", "Mycroft")


@pytest.mark.parametrize("event", list(EXAMPLES), ids=lambda e: type(e).__name__)
def test_sentences_to_you_say_you_with_its_verbs_never_your_seats_name(event):
    for text in (narration.sentence(event, APP_NAMES, you=0), narration.detail(event, APP_NAMES, you=0)):
        assert "Holmes" not in text and "(you)'s" not in text
        assert not re.search(r"\b[Yy]ou (turns|slaps|sits|catches|takes|wins|shares)\b", text)
        assert not re.search(r"\b(Irene|Mycroft) (turn|slap|sit|catch|take|win)\b", text)


def test_two_or_three_winners_share_with_a_plural_verb():
    for winners in ((1, 2), (0, 1), (0, 1, 2)):
        for you in (None, 0):
            text = narration.sentence(GameWon(winners, 4, "deck empty"), APP_NAMES, you)
            assert "share the win" in text and "shares" not in text and "wins" not in text
    alone = narration.sentence(GameWon((1,), 6, "deck empty"), APP_NAMES, 0)
    assert "Irene wins the game" in alone and "share" not in alone


def test_the_winning_catch_is_counted_in_words():
    assert narration.sentence(GameWon((1,), 3, "target"), NAMES) == "Bo catches a third suspect and wins the game."
    assert narration.sentence(GameWon((1,), 1, "target"), NAMES) == "Bo catches the first suspect and wins the game."
    assert narration.sentence(GameWon((0,), 1, "target"), NAMES, 0) == "You catch your first suspect and win the game."
    assert "25th suspect" in narration.sentence(GameWon((1,), 25, "target"), NAMES)
    assert not re.search(r"with \d+\.", " ".join(narration.sentence(e, NAMES) for e in EXAMPLES)), \
        "a score is a number of suspects, never a bare number"


def test_a_round_is_not_said_to_begin_with_an_alibi_before_one_is_turned_up():
    state = rules.new(3, players=3, names=["Ann", "Bo", "Cy"])
    assert narration.sentences(state.events, state.names) == ("Round 1 begins: Ann will turn up the first alibi.",)
    state = rules.play(state, Reveal(0))
    assert narration.sentences(state.events, state.names)[-1].startswith("Ann turns up a ")


def test_an_unknown_event_has_no_sentence():
    @dataclasses.dataclass(frozen=True)
    class Sneezed(Event):
        player: int

    with pytest.raises(TypeError, match="no sentence"):
        narration.sentence(Sneezed(0), NAMES)


def test_every_event_is_a_frozen_dataclass():
    for kind in _kinds():
        assert dataclasses.is_dataclass(kind) and kind.__dataclass_params__.frozen


def _random_game(seed, players=4):
    """A game of random legal moves, mostly alibis, with a right slap whenever one is proven
    (half the time): every state met, and the moves."""
    rng = random.Random(seed)
    state = rules.new(seed, players=players)
    states, moves = [state], []
    while not state.finished:
        legal = rules.legal_actions(state)
        slaps = [a for a in legal if isinstance(a, Slap)]
        reveal = [a for a in legal if isinstance(a, Reveal)]
        move = rng.choice(reveal if reveal and rng.random() < 0.85 else slaps or legal)
        state = rules.play(state, move)
        states.append(state)
        moves.append(move)
    return states, moves


@pytest.mark.parametrize("seed", range(4))
def test_every_move_records_its_events_and_the_log_is_one_sentence_per_event(seed):
    states, moves = _random_game(seed)
    for before, move, after in zip(states, moves, states[1:]):
        new = after.events[len(before.events):]
        assert after.events[: len(before.events)] == before.events  # only ever added to
        assert new, "a move recorded no event"
        if isinstance(move, Reveal):
            assert new == (AlibiTurnedUp(move.player, after.revealed[move.player][-1],
                                         new[0].repeated, new[0].false_alibi),)
        else:
            first = new[0]
            assert isinstance(first, Accused) and (first.player, first.slot) == (move.player, move.slot)
            assert all(isinstance(e, (RoundVoid, RoundBegun, GameWon)) for e in new[1:])
            assert (after.round != before.round or after.finished) == (len(new) > 1)
    final = states[-1]
    assert isinstance(final.events[-1], GameWon)
    assert len(narration.sentences(final.events, final.names)) == len(final.events)
    assert narration.log(rules.view(final, 1)) == narration.sentences(final.events, final.names, you=1)
    assert narration.log(rules.view(final, 1), last=2) == narration.sentences(final.events[-2:], final.names, you=1)


def test_a_slap_records_what_the_table_held_then():
    states, moves = _random_game(7)
    for before, move, after in zip(states, moves, states[1:]):
        if isinstance(move, Slap):
            accused = after.events[len(before.events)]
            assert accused.suspect == (None if move.slot == DECK else before.display[move.slot])
            assert sum(len(w) for w in after.won) - sum(len(w) for w in before.won) == len(accused.won)
            assert accused.right == bool(accused.won)


def _bot_game(seed):
    seats = bots.make_bots({p: list(bots.LEVELS)[p] for p in range(4)}, seed)
    return bots.play_out(rules.new(seed, players=4), seats)


def _app_game(seed):
    """A bots-only game in the app, drawn on its table after every move."""
    session = ExpressGame(players=4, level="medium", seed=seed, bots_only=True, clock=ManualClock())
    table = ExpressTable(session)
    session.clock.advance(10_000)
    assert session.state.finished and table.ending.layout.display == "flex"
    assert html.escape(narration.sentence(session.state.events[-1], session.state.names)) in table.verdict.value
    return session.state, list(session.actions)


def test_rewording_the_log_changes_no_move(monkeypatch):
    before = [_bot_game(seed) for seed in range(3)] + [_app_game(seed) for seed in range(2)]
    monkeypatch.setattr(narration, "sentence", lambda event, names, you=None: "Something happened.")
    after = [_bot_game(seed) for seed in range(3)] + [_app_game(seed) for seed in range(2)]
    assert [moves for _, moves in after] == [moves for _, moves in before]
    assert [state.events for state, _ in after] == [state.events for state, _ in before]
    assert set(narration.sentences(after[0][0].events, after[0][0].names)) == {"Something happened."}
