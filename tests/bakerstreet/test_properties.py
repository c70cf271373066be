"""Properties of Beyond Baker Street over many random games (every player count, case
and character deal): the 52 cards are each in one place at every step, every Assist tells
the truth, every game ends, replay is exact, a view does not change when the cards hidden
from its player move, and a view never holds its player's own cards."""

from __future__ import annotations

import dataclasses
import random

import pytest

from sherlockkit import engine
from sherlockkit.games.bakerstreet import narration, rules
from sherlockkit.games.bakerstreet.assist import pointed
from sherlockkit.games.bakerstreet.cards import EVIDENCE
from sherlockkit.games.bakerstreet.characters import CHARACTERS
from sherlockkit.games.bakerstreet.events import Assisted, Drew

from tests import random_play

from .table import assert_accounted

GAMES = 120


def options(seed: int) -> dict:
    return {"players": 2 + seed % 3, "case": 1 + seed % 6, "characters": "dealt" if seed % 2 else None}


def random_game(seed: int):
    """A game of random legal moves: the states met and the moves."""
    states, moves = random_play.random_game(rules, seed, limit=2_000, **options(seed))
    assert rules.outcome(states[-1]) is not None
    return states, moves


@pytest.fixture(scope="module")
def played():
    return [random_game(seed) for seed in range(GAMES)]


def test_every_game_ends_and_the_cards_are_all_there_at_every_step(played):
    for states, _ in played:
        assert rules.outcome(states[-1]) is not None and rules.legal_actions(states[-1]) == []
        for state in states:
            assert_accounted(state)


def test_the_turn_passes_left_and_the_move_that_closes_the_case_leaves_it_with_its_player(played):
    for states, moves in played[:30]:
        last, before = states[-1], states[-2]
        assert last.turn == before.turn == moves[-1].player
        assert all(s.turn == (b.turn + 1) % s.players and m.player == b.turn
                   for b, s, m in zip(states[:-2], states[1:-1], moves))


def test_the_characters_are_played(played):
    seen = {c for states, _ in played for c in states[0].characters if c}
    assert seen == set(CHARACTERS)


def test_every_assist_tells_the_truth(played):
    told = 0
    for states, _ in played:
        for before, after in zip(states, states[1:]):
            for event in after.events[len(before.events):]:
                if isinstance(event, Assisted):
                    hand = before.hands[event.target]
                    assert event.slots == pointed(hand, event.number, event.icon) and event.slots
                    for slot, (card, t) in enumerate(zip(hand, after.told[event.target])):
                        assert t.number in (None, card.number) and t.icon in (None, card.icon)
                        assert card.number not in t.not_numbers and card.icon not in t.not_icons
                    told += 1
    assert told > 50


def test_replay_is_exact(played):
    for seed, (states, moves) in enumerate(played[:30]):
        assert engine.replay(rules, seed, options(seed), moves) == states[-1]
        assert engine.replay(rules, seed, options(seed), moves[:len(moves) // 2]) == states[len(moves) // 2]


def test_a_view_does_not_change_when_the_hidden_cards_move(played):
    rng = random.Random(5)
    moved = 0
    for states, _ in played[:40]:
        for state in states[::3]:
            for player in range(state.players):
                other = rules.shuffle_hidden(state, player, rng)
                moved += other != state
                assert_accounted(other)
                assert other.told == state.told
                assert rules.view(other, player) == rules.view(state, player)
                assert rules.legal_actions(other, player) == rules.legal_actions(state, player)
    assert moved


def test_a_view_never_holds_its_players_own_cards(played):
    for states, _ in played[:40]:
        for state in states:
            for player in range(state.players):
                view = rules.view(state, player)
                text = repr(view)
                assert view.hands[player] is None
                for card in state.hands[player]:
                    assert repr(card) not in text and str(card) not in text


def test_a_drawn_card_is_never_named_in_the_log(played):
    for states, _ in played[:20]:
        final = states[-1]
        for player in range(final.players):
            lines = narration.log(rules.view(final, player))
            for event, line in zip(final.events, lines):
                if isinstance(event, Drew):
                    assert not any(str(card) in line for card in EVIDENCE), line


JUNK = (-1, 0, 1, 2, 3, 5, 7, 99, None, True, 1.0, "", "Track 4", "track 4", "Suspect", "Motive", "Clue", "Spoon")


def test_with_characters_only_legal_moves_pass_and_a_refusal_is_a_sentence_that_changes_nothing(played):
    rng = random.Random(9)
    refused = 0
    for states, _ in played[1:40:2]:  # the games with characters dealt
        for state in states[::4]:
            legal = rules.legal_actions(state)
            for _ in range(30):
                cls = rng.choice(list(rules.ACTIONS.values()))
                fields = [rng.choice(range(state.players))] + [rng.choice(JUNK) for _ in dataclasses.fields(cls)[1:]]
                move = cls(*fields)
                if any(type(move) is type(a) and engine.action_to_json(move) == engine.action_to_json(a)
                       and all(type(getattr(move, f.name)) is type(getattr(a, f.name)) for f in dataclasses.fields(a))
                       for a in legal):
                    rules.play(state, move)
                    continue
                with pytest.raises(engine.IllegalAction) as refusal:
                    rules.play(state, move)
                text = str(refusal.value)
                assert text[0].isupper() and text.endswith(".") and len(text) < 300, text
                refused += 1
    assert refused > 1000
