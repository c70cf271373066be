"""Picture Perfect's log: a sentence per event as a player reads it, never what is inside
an envelope the reader did not read (nor, without notes, what they read: the memory
game), and the ending with the scores."""

from __future__ import annotations

from sherlockkit.games.picture import rules
from sherlockkit.games.picture.cards import PASS_LEFT, TAKE, Wish
from sherlockkit.games.picture.events import (
    Chose, GameEnded, Passed, PhotoTaken, Placed, Read, Returned, SaidReady, Took, VipSlipped,
)
from sherlockkit.games.picture.narration import detail, log, sentence, sentences
from sherlockkit.games.picture.state import Pass, Take, Vip
from tests.picture.table import S, all_ready, rig
from tests.random_play import random_game


def test_sentences_as_a_player_reads_them():
    assert sentence(Took(0, "the Colonel", None), me=0) == "You take the Colonel's envelope from the middle."
    assert sentence(Took(1, "the Colonel", None), me=0) == "Player 2 takes the Colonel's envelope from the middle."
    assert sentence(Took(0, "Tom", 2), me=0) == "You take Tom's envelope from Player 3."
    assert sentence(Passed(2, 0, "Polly"), me=0) == "Player 3 passes Polly's envelope to you."
    assert sentence(Passed(0, 1, "Polly"), me=0) == "You pass Polly's envelope to Player 2."
    assert sentence(Returned(1, "Biscuit"), me=None) == "Player 2 puts Biscuit's envelope back in the middle."
    assert sentence(Placed(0, "Tom", S("2B"), None), me=0) == "You stand Tom on 2B."
    assert sentence(Placed(1, "Tom", S("3C"), S("2B")), me=0) == "Player 2 moves Tom from 2B to 3C."
    assert sentence(SaidReady(0), me=0) == "You are ready."
    assert sentence(VipSlipped(0, "Tom"), me=0) == "You slip your VIP card into Tom's envelope."
    assert sentence(Chose(1, None), me=0) == "Player 2 chooses an envelope to pass."
    read = Read(0, "Tom", (Wish("row", row=2), Wish("left"), Wish("next to", guest="Polly")), True)
    assert sentence(read, me=0) == ('You read Tom\'s envelope: "I want to stand in row 2; I want to stand on the '
                                    'left; I want to stand next to Polly" and a VIP card.')


def test_the_ending_gives_every_score_and_the_winners():
    ended = GameEnded((), (5, 7, 7), (1, 2))
    assert sentence(ended, me=1).endswith("Scores: Player 1 5, you 7, Player 3 7. You and Player 3 share the win.")
    assert sentence(GameEnded((), (9, 7), (0,)), me=1).endswith("Player 1 wins.")
    assert sentence(GameEnded((), (9, 7), (0,)), me=0).endswith("You win.")


def test_the_last_lines_of_the_log_are_the_whole_log_s_last_lines():
    """A table shows the log's last lines and tells only those: the same sentences."""
    for seed in range(3):
        states = random_game(rules, seed, players=3)[0]
        for state in (states[len(states) // 2], states[-1]):
            seen = rules.view(state, 2)
            for last in (1, 5, 80, len(seen.events), len(seen.events) + 2):
                assert log(seen, last=last) == log(seen)[-last:], (seed, last)


def test_a_reader_never_reads_what_is_inside_an_envelope_they_did_not_read():
    """With notes, a player's log reads out every envelope they read (theirs alone);
    without, none while the party goes on -- what they read, they must remember -- and
    at the end, when every envelope is opened, the same lines as with notes."""
    for seed, players, notes in ((1, 3, False), (2, 4, True)):
        states, _ = random_game(rules, seed, players=players, notes=notes)
        for state in (states[len(states) // 2], states[-1]):
            for p in range(players):
                lines = log(rules.view(state, p))
                mine = {e.guest for e in state.events if isinstance(e, Read) and e.player == p}
                read_lines = [line for line in lines if " read" in line and "envelope:" in line]
                assert all(line.startswith("You read ") for line in read_lines)
                told = notes or rules.outcome(state) is not None
                assert len(read_lines) == told * sum(isinstance(e, Read) and e.player == p for e in state.events)
                assert all(any(f"{g}'s envelope:" in line for g in mine) for line in read_lines)


def test_the_choice_to_pass_is_not_named_to_the_others_before_it_moves():
    state = rig(2, holders={"Tom": 0, "Polly": 1}, exchange=PASS_LEFT, begin=True)
    state = rules.play(state, Pass(0, "Tom"))
    assert log(rules.view(state, 1))[-1] == "Player 1 chooses an envelope to pass."
    assert log(rules.view(state, 0))[-1] == "You choose to pass Tom's envelope."


def test_a_vip_slipped_in_is_told_to_its_player_only():
    state = rules.play(rig(2, holders={"Tom": 0}), Vip(0, "Tom"))
    assert log(rules.view(state, 0))[-1] == "You slip your VIP card into Tom's envelope."
    assert not any("VIP" in line for line in log(rules.view(state, 1)))


def test_the_whole_log_is_sentences():
    states, _ = random_game(rules, 5, players=2, notes=False)
    for p in (0, 1, None):
        lines = sentences(states[-1].events) if p is None else log(rules.view(states[-1], p))
        assert all(line[0].isupper() and line.endswith((".", "!")) for line in lines)
    state = rig(2, holders={"Tom": 0}, exchange=TAKE, begin=True)
    assert sentences(rules.play(state, Take(0, "the Colonel")).events)[-2] == \
        "Player 1 takes the Colonel's envelope from the middle."


def test_the_detail_of_a_photo_tells_each_guest():
    state = rig(2, contents={"Tom": (Wish("row", row=2), Wish("left"), Wish("front"))},
                mats={0: {"Tom": "2A"}}, round=6)
    final = all_ready(state)
    photo = next(e for e in final.events if isinstance(e, PhotoTaken) and e.player == 0)
    assert detail(photo, 0).startswith("Tom on 2A: 3 of 3 wishes met, 6.")
    assert all(isinstance(detail(e, 0), str) for e in final.events)
