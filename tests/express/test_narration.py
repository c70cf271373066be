"""Events, not sentences: every move is recorded as typed events, the log is written from
them in one place, and nothing plays differently when the log's wording changes."""

import dataclasses
import random

import pytest

from sherlockkit.games.express import bots, narration, rules
from sherlockkit.games.express.cards import SUSPECTS
from sherlockkit.games.express.state import (
    DECK, Accused, AlibiTurnedUp, Event, GameWon, Reveal, RoundBegun, RoundVoid, Slap,
)
from widgets.clock import ManualClock
from widgets.express import ExpressGame, ExpressTable

NAMES = ("Ann", "Bo", "Cy")

#: One event of every kind, with the sentence the log writes for it.
EXAMPLES = {
    RoundBegun(3, 1): "Round 3: Bo turns up the first alibi.",
    AlibiTurnedUp(0, "tiger", repeated=False, false_alibi=False): "Ann turns up tiger.",
    AlibiTurnedUp(2, "garden", repeated=True, false_alibi=False): "Cy turns up garden again: nothing new.",
    AlibiTurnedUp(1, "panda", repeated=True, false_alibi=True):
        "Bo turns up panda again: a false alibi! It points at a suspect with panda.",
    Accused(1, 2, SUSPECTS[0], right=False, by_false_alibi=False, won=()):
        f"Bo accuses {SUSPECTS[0]}, wrongly, and is out of this round.",
    Accused(0, DECK, None, right=False, by_false_alibi=False, won=()):
        "Ann accuses Moriarty (the suspect deck), wrongly, and is out of this round.",
    Accused(2, 4, SUSPECTS[5], right=True, by_false_alibi=False, won=(SUSPECTS[5],)):
        f"Cy slaps {SUSPECTS[5]}, proven by the alibis, and wins {SUSPECTS[5]}.",
    Accused(0, DECK, None, right=True, by_false_alibi=True, won=(SUSPECTS[1], SUSPECTS[2])):
        f"Ann slaps Moriarty (the suspect deck), proven by the false alibi, and wins {SUSPECTS[1]} and {SUSPECTS[2]}.",
    RoundVoid(4): "Everyone is out: the round is void and the alibis go back.",
    GameWon((1,), 5, "target"): "Bo reaches the target and wins the game with 5.",
    GameWon((2,), 8, "deck empty"): "Cy has the most suspects when the deck runs out and wins the game with 8.",
    GameWon((0, 2), 9, "deck empty"):
        "Ann and Cy have the most suspects when the deck runs out and share the win with 9.",
}


def _kinds(cls=Event):
    return {k for sub in cls.__subclasses__() for k in {sub} | _kinds(sub)}


def test_narration_has_a_sentence_for_every_kind_of_event():
    assert {type(e) for e in EXAMPLES} == _kinds()
    for event, expected in EXAMPLES.items():
        assert narration.sentence(event, NAMES) == expected


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
    assert final.log == narration.log(final.events, final.names)
    assert len(final.log) == len(final.events)
    assert rules.view(final, 1).log == final.log


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
    assert session.state.finished and "Game over" in table.notice.value
    return session.state, list(session.actions)


def test_rewording_the_log_changes_no_move(monkeypatch):
    before = [_bot_game(seed) for seed in range(3)] + [_app_game(seed) for seed in range(2)]
    monkeypatch.setattr(narration, "sentence", lambda event, names: "Something happened.")
    after = [_bot_game(seed) for seed in range(3)] + [_app_game(seed) for seed in range(2)]
    assert [moves for _, moves in after] == [moves for _, moves in before]
    assert [state.events for state, _ in after] == [state.events for state, _ in before]
    assert set(after[0][0].log) == {"Something happened."}
