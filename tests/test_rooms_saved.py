"""Saves of a shared table (``sherlockkit.rooms.saved``, issue 30), without the network.

The host's save of a running table is sealed (no seed, no card, no seat token can be read
in it); reopened, the table stands where it last stood on this server -- never at an
earlier move, so saving and reopening teaches no card twice -- with everyone in their own
seat (their own seat links find it; nobody new joins, no seat opens); a finished table's
save is its open replay; and any text that is not a table's save of this server is a
sentence that opens nothing."""

from __future__ import annotations

import json
import random

import pytest

from sherlockkit import engine
from sherlockkit.engine import action_to_json, saves
from sherlockkit.games import GAMES
from sherlockkit.rooms import BOT, CLOSED, ENDED, GATHERING, PERSON, PLAYING, RoomError
from sherlockkit.rooms.lobby import Lobby
from sherlockkit.rooms.saved import save_table
from tests.test_rooms import QUICK, Clock, play_to_the_end


def a_table(lobby: Lobby, game_id="bakerstreet", players=3, people=("Ann", "Bob")):
    """A table of ``lobby`` opened by the first of ``people``, the others joined, the last
    seats given to the game's quickest bot, started: the room and the people's tokens."""
    room, host = lobby.open(game_id, {"players": players}, people[0])
    tokens = [host] + [lobby.join(room.code, name)[1] for name in people[1:]]
    for seat in range(len(people), players):
        room.give_to_bot(host, seat, QUICK[game_id])
    room.start(host)
    return room, tokens


def play_some(room, tokens, moves: int, rng: random.Random) -> None:
    """``moves`` more moves at ``room``: a person's random move of their list, else a bot's."""
    goal = len(room.moves) + moves
    while len(room.moves) < goal and room.status == PLAYING:
        mine = [(t, m) for t in tokens for m in room.legal_moves(t)]
        if mine:
            token, move = rng.choice(mine)
            room.play(token, action_to_json(move))
        else:
            assert room.play_bots() is not None


def everyone_leaves(room, tokens) -> None:
    for token in tokens:
        room.leave(token)
    assert room.status == CLOSED


def test_the_host_saves_a_running_table_sealed_and_it_reopens_with_everyone_in_their_seat():
    lobby = Lobby(Clock())
    room, (ann, bob) = a_table(lobby)
    play_some(room, (ann, bob), 6, random.Random(1))
    text = save_table(room, ann)
    sealed = json.loads(text)
    # sealed: what anyone may read is the format, the version and the game
    assert set(sealed) == {"format", "version", "game", "sealed"} and sealed["game"] == "bakerstreet"
    assert ann not in text and bob not in text and str(room.seed) not in text
    state, moves = room.state, list(room.moves)
    everyone_leaves(room, (ann, bob))
    lobby.tidy()

    again, host = lobby.reopen(text)
    assert again.code != room.code and again.status == GATHERING
    assert again.state == state and again.moves == moves and again.seed == room.seed
    assert [(s.kind, s.name) for s in again.seats] == [(PERSON, "Ann"), (PERSON, "Bob"), (BOT, "Bot 3 (random)")]
    assert again.seats[2].level == QUICK["bakerstreet"]
    # the holder of the save is the host, in seat 0; Bob's own seat link finds his seat, and
    # he is away until he comes back
    assert again.seat_of(host).number == 0 and host != ann
    assert lobby.room_of(bob) is again and again.seats[1].away
    with pytest.raises(RoomError):
        lobby.room_of(ann)  # the old host link is void: the save's holder holds the seat now
    assert again.view(bob) == again.entry.rules.view(state, 1) and not again.seats[1].away
    assert any("Bob is back" in n for n in again.notices)
    again.start(host)
    assert again.status == PLAYING and again.state == state  # nothing dealt again
    assert "The game goes on." in again.notices
    play_to_the_end(again, [host, bob], random.Random(2))
    assert again.status == ENDED


def test_a_save_made_earlier_reopens_at_the_table_s_last_move():
    """Save, see more cards, reopen the old save: the table is where it last stood, so no
    card is seen a second time by going back."""
    lobby = Lobby(Clock())
    room, (ann, bob) = a_table(lobby, "picture", players=3)
    play_some(room, (ann, bob), 3, random.Random(3))
    early = save_table(room, ann)
    at_save = len(room.moves)
    play_some(room, (ann, bob), 8, random.Random(4))
    assert len(room.moves) > at_save and room.status == PLAYING
    latest, moves = room.state, list(room.moves)
    everyone_leaves(room, (ann, bob))
    lobby.tidy()
    again, host = lobby.reopen(early)
    assert again.moves == moves and again.state == latest
    assert f"at move {len(moves)}" in again.notices[-1]


def test_one_save_reopened_at_two_servers_plays_on_at_one_table_only():
    """Two servers that share the key share the journal: the first table to move keeps the
    game, the other is closed with a sentence at its first move."""
    first = Lobby(Clock())
    room, (ann, bob) = a_table(first, "express", players=3)
    play_some(room, (ann, bob), 2, random.Random(5))
    text = save_table(room, ann)
    everyone_leaves(room, (ann, bob))
    one, one_host = Lobby(Clock()).reopen(text)
    two, two_host = Lobby(Clock()).reopen(text)
    one.start(one_host)
    two.start(two_host)
    mover = next(t for t in (one_host, bob) if one.legal_moves(t))
    move = action_to_json(one.legal_moves(mover)[0])
    one.play(mover, move)
    other = two_host if mover == one_host else bob
    with pytest.raises(RoomError, match="played on at another table"):
        two.play(other, move)
    assert two.status == CLOSED and len(two.moves) == len(one.moves) - 1


def test_only_the_host_saves_and_only_a_game_dealt():
    lobby = Lobby(Clock())
    room, host = lobby.open("bakerstreet", {"players": 2}, "Ann")
    _, bob = lobby.join(room.code, "Bob")
    with pytest.raises(RoomError, match="no game to save yet"):
        save_table(room, host)
    room.start(host)
    for token, sentence in [(bob, "Only the host"), ("forged", "not one of this table's"), (None, "not one")]:
        with pytest.raises(RoomError, match=sentence):
            save_table(room, token)


def test_a_finished_table_saves_as_its_open_replay_without_seats():
    lobby = Lobby(Clock())
    room, (ann, bob) = a_table(lobby, "express", players=3)
    play_to_the_end(room, [ann, bob], random.Random(6))
    text = save_table(room, ann)
    assert ann not in text and bob not in text
    body = json.loads(text)
    assert body["seed"] == room.seed and len(body["actions"]) == len(room.moves) and "table" not in body
    record, state = engine.load(room.entry.rules, text)  # the app replays it
    assert room.entry.rules.outcome(state) is not None and not record.sealed
    before = len(lobby)
    with pytest.raises(RoomError, match="no table to sit at"):
        lobby.reopen(text)
    assert len(lobby) == before


def test_nobody_joins_a_reopened_table_and_no_seat_opens():
    lobby = Lobby(Clock())
    room, (ann, bob) = a_table(lobby, "picture", players=3)
    play_some(room, (ann, bob), 2, random.Random(7))
    text = save_table(room, ann)
    with pytest.raises(RoomError, match="still open"):  # its people go back to it instead
        lobby.reopen(text)
    everyone_leaves(room, (ann, bob))
    again, host = lobby.reopen(text)
    for call, sentence in [(lambda: lobby.join(again.code, "Mallory"), "has started"),
                           (lambda: again.open_seat(host, 2), "seats are as they are"),
                           (lambda: again.give_to_bot(host, 1), "seats are as they are")]:
        with pytest.raises(RoomError, match=sentence):
            call()
    again.leave(bob)  # a person leaving a reopened table keeps their seat (away), never opens it
    assert again.seats[1].kind == PERSON and again.seats[1].token == bob and again.seats[1].away


def _sealed_table(seats, game="bakerstreet", players=2) -> str:
    """A table save written with this server's key around ``seats`` (what a bug, never a
    person, could make: the key is the server's)."""
    rules = GAMES[game].rules
    body = {"format": saves.SAVE_FORMAT, "version": saves.SAVE_VERSION, "game": rules.NAME, "seed": 11,
            "options": {"players": players}, "actions": [], "table": {"seats": seats}}
    return saves.write_save(body, sealed=True)


def _edited(text: str) -> str:
    data = json.loads(text)
    sealed = data["sealed"]
    data["sealed"] = sealed[:40] + ("A" if sealed[40] != "A" else "B") + sealed[41:]
    return json.dumps(data)


ANN = {"kind": "person", "name": "Ann", "level": None, "token": "t" * 22}


@pytest.mark.parametrize("text, sentence", [
    (None, "the text its host was given"),
    (["save"], "the text its host was given"),
    ("x" * (saves.MAX_SAVE_CHARS + 1), "the text its host was given"),
    ("{not json", "not valid JSON"),
    ("[]", "not a sherlockkit saved table"),
    ('{"format": "sherlockkit-save", "game": "chess"}', "not a sherlockkit saved table"),
    (lambda: engine.save(GAMES["story"].rules, 5, {}, []), "played alone"),
    (lambda: engine.save(GAMES["bakerstreet"].rules, 5, {"players": 2}, []), "no table to sit at"),
    (lambda: _edited(_sealed_table([ANN, {**ANN, "name": "Bob", "token": "u" * 22}])), "digest does not match"),
    (lambda: _sealed_table([ANN]), "seats do not match"),
    (lambda: _sealed_table([ANN, {"kind": "ghost", "name": "Bob"}]), "seat 2 cannot be read"),
    (lambda: _sealed_table([{"kind": "bot", "name": "B", "level": "random"}, ANN]), "seat 1 cannot be read"),
    (lambda: _sealed_table([ANN, {"kind": "bot", "name": "B", "level": "seeing"}]), "peek"),
])
def test_what_is_not_a_table_s_save_of_this_server_is_a_sentence_and_opens_nothing(text, sentence):
    lobby = Lobby(Clock())
    with pytest.raises(RoomError, match=sentence) as refused:
        lobby.reopen(text() if callable(text) else text)
    said = str(refused.value)
    assert said[0].isupper() and said.endswith(".") and len(said) < 300
    assert len(lobby) == 0


def test_a_move_the_server_cannot_write_down_is_a_sentence_and_changes_nothing(monkeypatch):
    """The journal is what keeps a reopened table from going back: a move it cannot hold
    (the server's disk) is not made, and the table stays as it was."""
    lobby = Lobby(Clock())
    room, (ann, bob) = a_table(lobby, "bakerstreet", players=2, people=("Ann", "Bob"))
    mover = (ann, bob)[room.state.turn]
    move = action_to_json(room.legal_moves(mover)[0])
    before = (room.state, len(room.moves), room.status)

    def full(*_):
        raise OSError("no space left on device")
    monkeypatch.setattr("sherlockkit.engine.journal.write", full)
    with pytest.raises(RoomError, match="could not write this move down"):
        room.play(mover, move)
    assert (room.state, len(room.moves), room.status) == before
    monkeypatch.undo()
    room.play(mover, move)  # written once the disk is back
    assert len(room.moves) == 1
