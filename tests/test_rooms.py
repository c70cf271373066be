"""Tables for several people (``sherlockkit.rooms``, issue 30), without the network: every
game for several players, every option set its registry entry declares, played to its end
by people (random moves from each seat's own list) and bots at one room; each seat sees
its own view and nothing else; hostile calls (a forged token, another seat's move, a move
out of turn, nonsense) get a sentence and change nothing; people leave, are replaced by a
bot, come back; the lobby finds rooms by code and lets finished ones go."""

from __future__ import annotations

import dataclasses
import random

import pytest

from sherlockkit.engine import action_to_json
from sherlockkit.games import GAMES
from sherlockkit.rooms import AWAY_AFTER, BOT, CLOSED, ENDED, GATHERING, OPEN, PERSON, PLAYING, Room, RoomError
from sherlockkit.rooms import lobby as lobby_module
from sherlockkit.rooms.lobby import Lobby
from tests.random_play import a_random_move

SHARED = [g for g in GAMES.values() if not g.solo]
#: the quickest level of each game's bots, for the bots' seats of these tests
QUICK = {"express": "expert", "cardgame": "constable", "bakerstreet": "random", "picture": "random"}


class Clock:
    """A clock the test moves by hand."""

    def __init__(self):
        self.seconds = 1000.0

    def __call__(self) -> float:
        return self.seconds


def a_room(game_id="bakerstreet", options=None, people=("Ann", "Bob"), bots=(), clock=None):
    """A room gathered: ``people`` seated in turn (the first the host), ``bots`` the seats
    given to the game's quickest bot; the room and each person's token."""
    clock = clock or Clock()
    room = Room(game_id, dict(options or {"players": len(people) + len(bots)}), people[0], "CODE1", clock)
    tokens = [room.host_token] + [room.join(name) for name in people[1:]]
    for seat in bots:
        room.give_to_bot(room.host_token, seat, QUICK[game_id])
    return room, tokens


def play_to_the_end(room: Room, tokens: list[str], rng: random.Random, most: int = 20_000) -> int:
    """People make random moves from their own lists, bots theirs, until the game ends:
    the moves made. A person's list is checked against the engine's for their seat."""
    rules = room.entry.rules
    for _ in range(most):
        if room.status != PLAYING:
            return len(room.moves)
        seat = rng.randrange(len(tokens))  # somebody looks at the table
        moves = room.legal_moves(tokens[seat])
        assert moves == rules.legal_moves(rules.view(room.state, seat))
        if moves and (rng.random() < 0.7 or room.play_bots() is None):
            room.play(tokens[seat], action_to_json(a_random_move(moves, rng)))
        elif not moves and room.play_bots() is None:
            assert any(room.legal_moves(t) for t in tokens), "nobody can move, but the game goes on"
    raise AssertionError(f"not over in {most} moves")


def _cases():
    for entry in SHARED:
        for name, options in entry.option_sets.items():
            yield pytest.param(entry.id, dict(options), id=f"{entry.id}-{name.replace(' ', '-')}")


@pytest.mark.table
@pytest.mark.parametrize("game_id, options", list(_cases()))
def test_every_game_for_several_is_played_to_its_end_by_people_and_bots_at_one_room(game_id, options):
    entry = GAMES[game_id]
    players = options.get("players", entry.min_players)
    options = {**options, "players": players}
    people = ["Ann", "Bob", "Cleo", "Dev", "Eve", "Fay"][: max(2, players - 1)]
    room, tokens = a_room(game_id, options, people, bots=range(len(people), players))
    assert [s.kind for s in room.seats] == [PERSON] * len(people) + [BOT] * (players - len(people))
    room.start(room.host_token)
    assert room.status == PLAYING
    moves = play_to_the_end(room, tokens, random.Random(players))
    assert room.status == ENDED and entry.rules.outcome(room.state) is not None
    assert moves == len(room.moves) > 0
    assert room.notices[-1] == "The game is over."
    # people's moves were timed from the table's last change
    assert room.reactions and all(0 <= seat < len(people) and t >= 0 for seat, _, t in room.reactions)


def test_each_seat_is_shown_its_own_view_and_the_names_it_sat_down_with():
    room, tokens = a_room("cardgame", {"players": 4}, ("Ann", "Bob", "Cleo"), bots=(3,))
    assert room.view(tokens[1]) is None  # nothing to see before the game starts
    room.start(room.host_token)
    rules = room.entry.rules
    for seat, token in enumerate(tokens):
        assert room.view(token) == rules.view(room.state, seat)
        assert room.view(token) != rules.view(room.state, (seat + 1) % 4)
    assert room.state.names[:3] == ("Ann", "Bob", "Cleo")  # the game calls people by their names


def test_what_everyone_sees_of_the_seats_holds_no_token():
    room, tokens = a_room("express", {"players": 3}, ("Ann", "Bob"), bots=(2,))
    shown = repr(room.seats_shown()) + repr(room.notices)
    assert not any(token in shown for token in tokens)
    assert len(set(tokens)) == 2 and all(len(token) >= 20 for token in tokens)


def test_the_deal_and_the_bots_are_drawn_from_seeds_nobody_chose(monkeypatch):
    drawn = iter([123456789, 987654321])
    monkeypatch.setattr("sherlockkit.engine.draw_seed", lambda: next(drawn))
    room, _ = a_room("bakerstreet", {"players": 3}, ("Ann", "Bob"), bots=(2,))
    room.start(room.host_token)
    assert room.state == GAMES["bakerstreet"].rules.new(123456789, players=3)


def _unchanged(room: Room):
    """What a refused call must leave as it was."""
    return (room.state, room.status, len(room.moves), len(room.notices), [dataclasses.astuple(s) for s in room.seats])


def test_hostile_calls_get_a_sentence_and_change_nothing():
    room, (ann, bob) = a_room("bakerstreet", {"players": 2}, ("Ann", "Bob"))
    room.start(ann)
    rules = room.entry.rules
    mover = room.state.turn
    waiting = (ann, bob)[1 - mover]
    theirs = action_to_json(room.legal_moves((ann, bob)[mover])[0])
    mine_out_of_turn = {**theirs, "player": 1 - mover}
    before = _unchanged(room)
    calls = [
        (lambda: room.play("forged-token", theirs), "not one of this table's"),
        (lambda: room.play(None, theirs), "not one of this table's"),
        (lambda: room.play(waiting, theirs), f"You sit in seat {2 - mover}"),  # the other seat's move
        (lambda: room.play(waiting, {**theirs, "player": True}), "player cannot be True"),
        (lambda: room.play(waiting, mine_out_of_turn), "It is not your turn"),  # the engine's own sentence
        (lambda: room.play(waiting, {"kind": "Teleport"}), "That is not a move of this game"),
        (lambda: room.play(waiting, "rm -rf /"), "That is not a move of this game"),
        (lambda: room.play(waiting, {**theirs, "player": 10 ** 50}), "You sit in seat"),
        (lambda: room.start(bob), "Only the host"),
        (lambda: room.start(ann), "started already"),
        (lambda: room.give_to_bot(ann, 1), "The game has started"),
        (lambda: room.join("Cleo"), "has started"),
    ]
    for call, sentence in calls:
        with pytest.raises(RoomError, match=sentence) as refused:
            call()
        message = str(refused.value)
        assert message[0].isupper() and message.endswith((".", "!", "?")) and "Traceback" not in message
        assert _unchanged(room) == before
    assert rules.refusal(room.state, rules.action_from_json(mine_out_of_turn))  # the engine refuses it too


def test_the_host_seats_bots_and_nobody_else_does():
    room, (ann, bob) = a_room("picture", {"players": 4}, ("Ann", "Bob"))
    for call, sentence in [(lambda: room.give_to_bot(bob, 2), "Only the host"),
                           (lambda: room.give_to_bot(ann, 1), "Bob's"),
                           (lambda: room.give_to_bot(ann, 9), "seats 1 to 4"),
                           (lambda: room.give_to_bot(ann, True), "seats 1 to 4"),
                           (lambda: room.give_to_bot(ann, 2, "clairvoyant"), "clairvoyant"),
                           (lambda: room.open_seat(ann, 3), "no bot"),
                           (lambda: room.start(ann), "Seat 3 waits for a player")]:
        before = _unchanged(room)
        with pytest.raises(RoomError, match=sentence):
            call()
        assert _unchanged(room) == before
    room.give_to_bot(ann, 2)
    assert room.seats[2].level == GAMES["picture"].stand_in  # the game's stand-in when no level is named
    room.give_to_bot(ann, 3, "forgetful")
    room.open_seat(ann, 3)
    assert room.seats[3].kind == OPEN
    cleo = room.join("Cleo")
    assert room.seats[3].name == "Cleo" and room.view(cleo) is None


def test_a_bot_that_would_see_its_own_cards_never_sits_at_a_table():
    room, (ann, _) = a_room("bakerstreet", {"players": 3}, ("Ann", "Bob"))
    with pytest.raises(RoomError, match="peek"):
        room.give_to_bot(ann, 2, "seeing")


@pytest.mark.parametrize("game_id, options, sentence", [
    ("story", {}, "played alone"),
    ("chess", {}, "no game called 'chess'"),
    (["bakerstreet"], {}, "no game called"),
    ("bakerstreet", {"players": 9}, "2 to 4 players"),
    ("bakerstreet", {"players": 2, "case": 7}, "Case Files are numbered 1 to 6"),
    ("bakerstreet", {"players": 2, "colour": "red"}, "no option 'colour'; its options are case, characters, players"),
    ("express", {"players": 2, "names": ["A", "B"]}, "no option 'names'"),  # the seats name the players
    ("bakerstreet", "players=2", "named values"),
])
def test_a_room_that_cannot_be_opened_says_why(game_id, options, sentence):
    with pytest.raises(RoomError, match=sentence):
        Room(game_id, options, "Ann", "CODE1", Clock())


@pytest.mark.parametrize("name", ["", "   ", "x" * 41, None, 7, ["Ann"]])
def test_a_name_is_a_short_text(name):
    room, _ = a_room("express", {"players": 3}, ("Ann",))
    with pytest.raises(RoomError, match="A name is a text"):
        room.join(name)
    with pytest.raises(RoomError, match="called Ann already"):
        room.join(" Ann ")


def test_people_who_leave_are_played_by_a_bot_until_they_come_back():
    clock = Clock()
    room, (ann, bob, cleo) = a_room("bakerstreet", {"players": 3}, ("Ann", "Bob", "Cleo"), clock=clock)
    room.start(ann)
    room.leave(bob)
    assert room.seats[1].away and room.seats[1].played_by_bot
    assert room.notices[-1] == "Bob left the table: a bot plays seat 2 until they are back."
    played = []
    rng = random.Random(1)
    while room.status == PLAYING and 1 not in played:  # Bob's seat moves without Bob
        mover = room.state.turn
        if mover == 1:
            move = room.play_bots()
            assert move is not None and move.player == 1
            played.append(1)
        else:
            token = (ann, bob, cleo)[mover]
            room.play(token, action_to_json(rng.choice(room.legal_moves(token))))
    assert room.play_bots() is None or room.status != PLAYING or room.state.turn == 1
    room.view(bob)  # Bob comes back with his token
    assert not room.seats[1].away and room.notices[-1] == "Bob is back in seat 2."
    # not heard from for a while: away
    clock.seconds += AWAY_AFTER / 2
    room.view(ann)
    room.view(bob)
    clock.seconds += AWAY_AFTER / 2 + 1
    room.tick()
    assert [s.away for s in room.seats] == [False, False, True]
    assert "Cleo has not been heard from for a while" in room.notices[-1]
    # when everyone has gone, the table closes
    room.leave(ann)
    room.leave(bob)
    assert room.status == CLOSED and "nobody is left" in room.notices[-1]
    with pytest.raises(RoomError, match="not running"):
        room.play(ann, {"kind": "Pursue", "player": 0, "lead": "Suspect"})
    room.view(ann)
    assert room.status == CLOSED and room.seats[0].away  # a closed table stays closed


def test_before_the_game_a_guest_who_leaves_frees_the_seat_and_a_host_who_leaves_closes_the_table():
    room, (ann, bob) = a_room("express", {"players": 3}, ("Ann", "Bob"))
    room.leave(bob)
    assert room.seats[1].kind == OPEN and room.status == GATHERING
    with pytest.raises(RoomError, match="not one of this table's"):
        room.view(bob)
    room.leave(ann)
    assert room.status == CLOSED


def test_a_person_s_move_is_timed_from_the_table_s_last_change():
    clock = Clock()
    room, (ann, bob) = a_room("express", {"players": 2}, ("Ann", "Bob"), clock=clock)
    room.start(ann)
    clock.seconds += 2.5
    token = (ann, bob)[next(s for s in range(2) if room.legal_moves((ann, bob)[s]))]
    move = room.play(token, action_to_json(room.legal_moves(token)[0]))
    assert room.reactions[-1] == (move.player, type(move).__name__, 2.5)


def test_the_lobby_finds_rooms_by_code_and_lets_finished_ones_go(monkeypatch):
    clock = Clock()
    lobby = Lobby(clock)
    room, host = lobby.open("express", {"players": 2}, "Ann")
    assert set(room.code) <= set(lobby_module.CODE_LETTERS) and len(room.code) == lobby_module.CODE_LENGTH
    same, bob = lobby.join(f" {room.code[:2].lower()} {room.code[2:]}", "Bob")
    assert same is room and room.seats[1].name == "Bob"
    with pytest.raises(RoomError, match="no table with the code"):
        lobby.room("ZZZZZZZZ")
    with pytest.raises(RoomError, match="no table with the code"):
        lobby.room(None)
    room.start(host)
    play_to_the_end(room, [host, bob], random.Random(3))
    lobby.tick()
    assert len(lobby) == 1  # the ending stays readable a while
    clock.seconds += lobby_module.KEPT_AFTER_END
    lobby.tick()
    assert len(lobby) == 0
    # a full lobby says so, and a refused room takes no place
    monkeypatch.setattr(lobby_module, "MOST_ROOMS", 2)
    lobby.open("express", {"players": 2}, "Ann")
    with pytest.raises(RoomError):
        lobby.open("express", {"players": 99}, "Ann")
    lobby.open("express", {"players": 2}, "Ann")
    with pytest.raises(RoomError, match="Every table of this server is taken"):
        lobby.open("express", {"players": 2}, "Ann")
    assert len(lobby) == 2


def test_the_host_deals_again_at_the_same_table_once_the_game_is_over(monkeypatch):
    drawn = iter(range(1, 100))
    monkeypatch.setattr("sherlockkit.engine.draw_seed", lambda: next(drawn) * 1_000_003)
    room, (ann, bob) = a_room("express", {"players": 3}, ("Ann", "Bob"), bots=(2,))
    room.start(ann)
    first = room.state
    with pytest.raises(RoomError, match="not over yet"):
        room.again(ann)
    play_to_the_end(room, [ann, bob], random.Random(5))
    with pytest.raises(RoomError, match="Only the host deals"):
        room.again(bob)
    room.again(ann)
    assert room.status == PLAYING and room.moves == [] and room.reactions == []
    assert room.state != first and room.state == GAMES["express"].rules.new(3 * 1_000_003, **{
        **room.options, "names": ["Ann", "Bob", "Bot 3 (expert)"]})
    assert [s.kind for s in room.seats] == [PERSON, PERSON, BOT]
