"""Play with friends through the widgets (``widgets.friends``), two pages' kernels against a
real rooms server on 127.0.0.1: Ann opens a table (Beyond Baker Street, the card game,
Picture Perfect), Bob joins by its code, the third seat goes to a bot and Ann starts;
each plays by clicking the game's own table (its buttons drawn from the moves the server
sent), to the end; each table holds its own seat's view only; a refusal reaches the page
as a sentence; the host deals again, nobody else may."""

from __future__ import annotations

import asyncio
import random
import re

import pytest

from sherlockkit.games import GAMES
from sherlockkit.rooms import ENDED, PLAYING
from tests.random_play import a_random_move
from tests.test_rooms_service import WAIT, Server, run
from widgets.friends import FriendsPanel

pytestmark = pytest.mark.table

PREFIX = "/sherlockkit/rooms"


async def until(done, what: str) -> None:
    """Let the loop run until ``done()``; fail after ``WAIT`` seconds."""
    async def waiting():
        while not done():
            await asyncio.sleep(0.005)
    try:
        await asyncio.wait_for(waiting(), WAIT)
    except asyncio.TimeoutError:
        raise AssertionError(f"never: {what}") from None


#: the games whose pages offer "Play with friends", each at three seats: two people and a bot
SHARED = {"bakerstreet": "random", "cardgame": "constable", "picture": "random", "express": "expert"}


@pytest.mark.parametrize("game_id", list(SHARED))
def test_two_pages_and_a_bot_play_to_the_end_by_clicking_their_own_tables(game_id):
    async def test(server: Server):
        address = f"http://127.0.0.1:{server.port}{PREFIX}"
        ann, bob = FriendsPanel(game_id, address), FriendsPanel(game_id, address)
        ann.name.value, ann.players.value = "Ann", 3
        ann.open_button.click()
        await until(lambda: ann.session and ann.session.frame, "Ann's table opened")
        code = ann.session.frame["code"]
        assert code in ann.where.value
        alone = ann.seats.children
        bob.name.value, bob.code.value = "Bob", code.lower()
        bob.join_button.click()
        await until(lambda: bob.session and bob.session.frame, "Bob seated")
        assert bob.start_button.layout.display == "none"  # only the host starts
        await until(lambda: len(ann.seats.children) == 3 and "Bob" in ann.seats.children[1].children[0].value,
                    "Ann sees Bob")
        # the rows Bob's arrival replaced are closed, with their parts (the page lets them go)
        assert alone and all(part.comm is None for row in alone for part in (row, row.layout, *row.children))
        room = server.service.lobby.room(code)
        room.give_to_bot(room.host_token, 2, SHARED[game_id])  # the quickest bot (the panel gives the stand-in)
        ann.start_button.click()
        await until(lambda: ann.table is not None and bob.table is not None, "both tables up")
        seated = {page: page.seats.children for page in (ann, bob)}
        rules = GAMES[game_id].rules
        rng, pages = random.Random(2), {0: ann, 1: bob}
        clicks = 0
        while room.status == PLAYING:
            state = room.state
            for seat, page in pages.items():  # each table draws its own seat's view, and no other
                await until(lambda: page.session.view == rules.view(room.state, seat) or room.state is not state,
                            f"seat {seat + 1}'s table up to date")
            if room.state is not state:
                continue
            movers = [seat for seat in pages if rules.legal_moves(rules.view(state, seat))]
            count = len(room.moves)
            if movers:
                page = pages[rng.choice(movers)]
                moves = rules.legal_moves(page.session.view)
                for button in page.table.path_to(a_random_move(moves, rng)):
                    button.click()
                clicks += 1
            await until(lambda: len(room.moves) > count or room.status != PLAYING or room.state is not state
                        or (movers and page.session.message), "a move made")
            assert clicks < 3000, "not over"
        await until(lambda: ann.table.ending.layout.display == "flex" and bob.table.ending.layout.display == "flex",
                    "both endings shown")
        assert room.status == ENDED and clicks > 0
        # nobody came or went: the seats' rows drawn at the start are the rows still shown
        # (a move redraws the table, not the seats: new rows were some forty widget
        # messages a page per click at a table of four)
        assert all(page.seats.children == rows and all(row.comm for row in rows) for page, rows in seated.items())
        # each log calls the others by the names they sat down with (a bot's: "Bot 3 (random)")
        for page, others in ((ann, ("Bob", "Bot 3")), (bob, ("Ann", "Bot 3"))):
            log = page.table.log_box.value
            assert not re.search(r"Player \d", log) and any(name in log for name in others), log[-400:]
        await until(lambda: "on average, the quickest" in ann.notices.value, "the reaction times shown")
        assert "Ann: " in ann.notices.value or "Bob: " in ann.notices.value
        # a refusal reaches the page as a sentence; then the host deals again
        bob.table.play_again_button.click()
        await until(lambda: "Only the host deals" in bob.table.game.message, "Bob told")
        ann.table.play_again_button.click()
        await until(lambda: room.status == PLAYING and ann.table.ending.layout.display == "none", "a new deal")
    run(test)


def test_a_page_without_the_app_s_server_says_so():
    panel = FriendsPanel("bakerstreet", address="")
    assert "served by the app's server" in panel.message
    panel.open_button.click()  # nothing to call: nothing happens, no traceback
    assert panel.session is None


def test_a_refused_opening_is_a_sentence_on_the_page():
    async def test(server: Server):
        panel = FriendsPanel("bakerstreet", f"http://127.0.0.1:{server.port}{PREFIX}")
        panel.name.value = "   "
        panel.open_button.click()
        await until(lambda: "A name is a text" in panel.message, "the refusal shown")
        panel.code.value, panel.name.value = "NOPE9", "Eve"
        panel.join_button.click()
        await until(lambda: "no table with the code" in panel.message, "the refusal shown")
        assert panel.session is None and panel.door.layout.display != "none"
    run(test)


def test_a_variant_of_the_registry_is_opened_and_values_the_page_never_offers_are_refused():
    async def test(server: Server):
        panel = FriendsPanel("picture", f"http://127.0.0.1:{server.port}{PREFIX}")
        panel.players.set_state({"index": 99})  # what a page could send
        assert panel.message.startswith("The page sent the “players” control a value") and panel.players.value == 2
        panel.message = ""
        panel.variant.set_state({"index": 42})
        assert panel.message.startswith("The page sent the “game” control a value") and panel.variant.value == "rulebook"
        panel.name.value, panel.players.value, panel.variant.value = "Ann", 4, "sherlock"
        panel.open_button.click()
        await until(lambda: panel.session and panel.session.frame, "the table opened")
        room = server.service.lobby.room(panel.session.frame["code"])
        assert room.options["sherlock"] is True and room.options["players"] == 4
        assert [s["kind"] for s in panel.session.frame["seats"]] == ["person", "open", "open", "open"]
    run(test)


def test_links_bring_a_page_to_a_table_or_back_to_its_seat_and_a_forged_one_is_refused():
    async def test(server: Server):
        address = f"http://127.0.0.1:{server.port}{PREFIX}"
        ann = FriendsPanel("cardgame", address)
        ann.name.value = "Ann"
        ann.open_button.click()
        await until(lambda: ann.session and ann.session.frame, "Ann's table opened")
        code, token = ann.session.frame["code"], ann.token
        assert f"?table={code}" in ann.where.value and f"?seat={token}" in ann.where.value
        # a friend's page comes by the table's link: the code is filled in
        bob = FriendsPanel("cardgame", address)
        bob._arrived(f"table={code}")
        assert bob.code.value == code and bob.session is None
        # Ann's page closed; a new one comes by her seat's link: the same seat, no new one
        again = FriendsPanel("cardgame", address)
        again._arrived(f"seat={token}")
        await until(lambda: again.session and again.session.frame, "Ann back at her seat")
        assert again.session.frame["you"] == 0 and again.session.frame["host"]
        assert [s["kind"] for s in again.session.frame["seats"]] == ["person", "open", "open"]
        # a forged seat link: a sentence, and the page is free to open or join a table
        forged = FriendsPanel("cardgame", address)
        forged._arrived("seat=not-a-token")
        await until(lambda: "not one of any table's" in forged.message, "the forged link refused")
        assert forged.session is None and forged.door.layout.display is None
    run(test)


def test_the_host_saves_the_table_and_a_page_reopens_it_where_it_stood():
    async def test(server: Server):
        address = f"http://127.0.0.1:{server.port}{PREFIX}"
        ann, bob = FriendsPanel("bakerstreet", address), FriendsPanel("bakerstreet", address)
        ann.name.value, ann.players.value = "Ann", 2
        ann.open_button.click()
        await until(lambda: ann.session and ann.session.frame, "Ann's table opened")
        assert ann.save_button.layout.display == "none"  # nothing to save before the deal
        bob.name.value, bob.code.value = "Bob", ann.session.frame["code"]
        bob.join_button.click()
        await until(lambda: bob.session and bob.session.frame, "Bob seated")
        ann.start_button.click()
        await until(lambda: ann.table is not None and bob.table is not None, "both tables up")
        assert ann.save_button.layout.display != "none" and bob.save_button.layout.display == "none"
        bob.save_button.click()  # what a page could do with a hidden button: the server refuses
        await until(lambda: "Only the host saves" in bob.session.message, "Bob told (on his table)")
        ann.save_button.click()
        await until(lambda: ann.save_box.value, "the save shown to the host")
        text = ann.save_box.value
        assert ann.token not in text and bob.token not in text and not bob.save_box.value
        room = server.service.lobby.room(ann.session.frame["code"])
        state = room.state
        ann.leave_button.click()
        bob.leave_button.click()
        await until(lambda: room.status == "closed", "the table closed")

        host = FriendsPanel("bakerstreet", address)
        host.reopen_box.value = "{edited"
        host.reopen_button.click()
        await until(lambda: "not valid JSON" in host.message, "the refusal shown")
        assert host.session is None and host.door.layout.display != "none"
        host.reopen_box.value = text
        host.reopen_button.click()
        await until(lambda: host.session and host.session.frame, "the table reopened")
        frame = host.session.frame
        assert frame["host"] and frame["status"] == "gathering" and frame["code"] != room.code
        assert [s["name"] for s in frame["seats"]] == ["Ann", "Bob"] and frame["seats"][1]["away"]
        assert all(len(row.children) == 1 for row in host.seats.children)  # no seat to open or give away
        again = server.service.lobby.room(frame["code"])
        assert again.state == state
        host.start_button.click()
        await until(lambda: host.table is not None, "the table goes on")
        assert host.session.view == again.entry.rules.view(state, 0)
    run(test)


def test_under_the_hub_a_kernel_calls_the_tables_with_its_server_s_token_and_links_go_through_the_hub(monkeypatch):
    """A player's kernel under JupyterHub holds its server's hub token: every call and its
    seat's socket carry it (the hub's rooms admit nothing else). A table's link goes
    through the hub's user-redirect, which opens the page in the friend's own server."""
    seen = []

    async def test(server: Server):
        async def admit(request):  # what the hub's service checks, recorded
            seen.append(request.headers.get("Authorization"))
        server.service.admit = admit
        panel = FriendsPanel("picture", f"http://127.0.0.1:{server.port}{PREFIX}")
        panel.name.value = "Ann"
        panel.open_button.click()
        await until(lambda: panel.session and panel.session.frame, "the table opened")
        code = panel.session.frame["code"]
        assert panel.table_link(code) == f"/hub/user-redirect/voila/render/picture.ipynb?table={code}"
        assert f"href='/hub/user-redirect/voila/render/picture.ipynb?table={code}'" in panel.where.value

    monkeypatch.setenv("JUPYTERHUB_API_TOKEN", "server-token")
    monkeypatch.setenv("JUPYTERHUB_BASE_URL", "/")
    monkeypatch.setenv("JUPYTERHUB_USER", "ann")
    run(test)
    assert seen == ["token server-token"] * 2  # the call to open, then the seat's socket
