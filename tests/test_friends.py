"""Play with friends through the widgets (``widgets.friends``), two pages' kernels against a
real rooms server on 127.0.0.1: Ann opens a table of Beyond Baker Street, Bob joins by
its code, Ann gives the third seat to a bot and starts; each plays by clicking the game's
own table (its buttons drawn from the moves the server sent), to the end; each table
holds its own seat's view only; a refusal reaches the page as a sentence; the host deals
again, nobody else may."""

from __future__ import annotations

import asyncio
import random

import pytest

from sherlockkit.games import GAMES
from sherlockkit.rooms import ENDED, PLAYING
from tests.test_rooms_service import WAIT, Server
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


def test_two_pages_play_a_case_with_a_bot_by_clicking_their_own_tables():
    async def test(server: Server):
        address = f"http://127.0.0.1:{server.port}{PREFIX}"
        ann, bob = FriendsPanel("bakerstreet", address), FriendsPanel("bakerstreet", address)
        ann.name.value, ann.players.value = "Ann", 3
        ann.open_button.click()
        await until(lambda: ann.session and ann.session.frame, "Ann's table opened")
        code = ann.session.frame["code"]
        assert code in ann.where.value
        bob.name.value, bob.code.value = "Bob", code.lower()
        bob.join_button.click()
        await until(lambda: bob.session and bob.session.frame, "Bob seated")
        assert bob.start_button.layout.display == "none"  # only the host starts
        await until(lambda: len(ann.seats.children) == 3 and "Bob" in ann.seats.children[1].children[0].value,
                    "Ann sees Bob")
        give = [b for b in ann.seats.children[2].children[1:] if "sk-friends-bot-3" in b._dom_classes]
        give[0].click()
        await until(lambda: ann.session.frame["seats"][2]["kind"] == "bot", "a bot in seat 3")
        ann.start_button.click()
        await until(lambda: ann.table is not None and bob.table is not None, "both tables up")
        room = server.service.lobby.room(code)
        rules = GAMES["bakerstreet"].rules
        rng, pages = random.Random(2), {0: ann, 1: bob}
        while room.status == PLAYING:
            mover = room.state.turn
            for seat, page in pages.items():  # each table draws its own seat's view, and no other
                await until(lambda: page.session.view == rules.view(room.state, seat) or room.state.turn != mover,
                            f"seat {seat + 1}'s table up to date")
            if room.state.turn != mover:
                continue
            if mover in pages:
                table = pages[mover].table
                moves = rules.legal_moves(table.game.view)
                count = len(room.moves)
                for button in table.path_to(rng.choice(moves)):
                    assert not button.disabled
                    button.click()
                await until(lambda: len(room.moves) > count, "the move made")
            else:
                count = len(room.moves)
                await until(lambda: len(room.moves) > count or room.status != PLAYING, "the bot's move")
        await until(lambda: ann.table.ending.layout.display == "flex" and bob.table.ending.layout.display == "flex",
                    "both endings shown")
        assert room.status == ENDED
        # a refusal reaches the page as a sentence; then the host deals again
        bob.table.play_again_button.click()
        await until(lambda: "Only the host deals" in bob.table.message.value, "Bob told")
        ann.table.play_again_button.click()
        await until(lambda: room.status == PLAYING and ann.table.ending.layout.display == "none", "a new deal")
        assert [s.name for s in room.seats] == ["Ann", "Bob", "Bot 3 (inference)"] or room.seats[2].kind == "bot"
    from tests.test_rooms_service import run
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
    from tests.test_rooms_service import run
    run(test)
