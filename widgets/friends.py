"""Play with friends: a game's table shared with people elsewhere, from the game's page.

The table's state lives in the app's server (``sherlockkit.rooms``), never in this
kernel: the page opens a table (a short code to share) or joins one by its code, sits at
a seat, and from then on receives, after every change, a frame made for its seat alone
-- its own view and the moves it may make. The game's own table widget draws it, fed by
:class:`FriendsSession` instead of a session of its own: the same buttons, drawn from
the same list of moves; a click sends the move to the server, which judges it.

:class:`FriendsPanel` is what the page shows: your name, the table's size, "Open a
table" or a code and "Join"; then the code to share, who sits where (the host gives
empty seats to bots, or opens them again) and "Start"; then the game. The kernel finds
the server by the address ``serve.py`` gives every kernel it starts
(:data:`ROOMS_ADDRESS`).
"""

from __future__ import annotations

import asyncio
import html
import logging
import os
import threading
from urllib.parse import parse_qs, quote

import ipywidgets as w

from sherlockkit.games import GAMES
from sherlockkit.rooms.room import RoomError
from widgets.controls import SOMETHING_WRONG, action_button, close, refuse_bad_state
from widgets.friends_session import FriendsSession, RoomLink
from widgets.page_address import page_query

#: the environment variable holding the rooms' address of the app's server (``serve.py`` sets it)
ROOMS_ADDRESS = "SHERLOCKKIT_ROOMS"

log = logging.getLogger("sherlockkit")


class FriendsPanel(w.VBox):
    """Play ``game_id`` with friends: open a table or join one, sit, start, play."""

    def __init__(self, game_id: str, address: str | None = None, solo: w.Widget | None = None,
                 fold: w.Accordion | None = None):
        self.entry = GAMES[game_id]
        self.solo = solo  # the page's table against bots, put away once you sit at a shared one
        self.fold = fold  # the folded box the panel sits in, opened by a link to a table
        self._sitting = False
        self._said = ""  # the sentence the panel shows
        self.token: str | None = None
        address = address or os.environ.get(ROOMS_ADDRESS, "")
        self.link = RoomLink(address) if address else None
        self.session: FriendsSession | None = None
        self.table = None
        self.name = w.Text(placeholder="your name", description="name")
        self.name.add_class("sk-friends-name")
        sizes = list(range(self.entry.min_players, self.entry.max_players + 1))
        self.players = w.Dropdown(options=sizes, value=sizes[0], description="players")
        self.players.add_class("sk-friends-players")
        # the game as the rulebook has it, or one of its variants (the registry's option sets)
        self.variant = w.Dropdown(options=list(self.entry.option_sets), value=next(iter(self.entry.option_sets)),
                                  description="game")
        self.variant.add_class("sk-friends-variant")
        self.open_button = action_button("Open a table", self._on_open, "friends-open", style="success")
        self.code = w.Text(placeholder="code", description="code")
        self.code.add_class("sk-friends-code-box")
        self.join_button = action_button("Join", self._on_join, "friends-join", style="primary")
        self.start_button = action_button("Start", lambda _: self._to_table({"do": "start"}), "friends-start",
                                          style="success")
        self.leave_button = action_button("Leave the table", self._on_leave, "friends-leave")
        # saves of the table: the host's (sealed while the game runs), and one pasted to reopen a table
        self.save_button = action_button("Save the table", lambda _: self._to_table({"do": "save"}), "friends-save")
        self.save_box = _save_box("the table's save appears here: keep it, and paste it here later to "
                                  "reopen the table")
        self.save_box.layout.display = "none"
        self.reopen_box = _save_box("paste a table's save here to reopen it")
        self.reopen_button = action_button("Reopen the saved table", self._on_reopen, "friends-reopen")
        self.said = w.HTML()
        self.said.add_class("sk-friends-message")
        self.where = w.HTML()
        self.where.add_class("sk-friends-where")
        self.seats = w.VBox()
        self.seats.add_class("sk-friends-seats")
        self._seats_drawn: tuple = ()  # what the seats' rows say (_draw_seats)
        self.notices = w.HTML()
        self.notices.add_class("sk-friends-notices")
        self.door = w.VBox([w.HTML("<b>Play with friends</b>: open a table and share its code, join one, or reopen a table you saved."),
                            self.name, self.variant, _row(self.players, self.open_button),
                            _row(self.code, self.join_button), self.reopen_box, self.reopen_button])
        self.lobby = w.VBox([self.where, self.seats, _row(self.start_button, self.leave_button, self.save_button),
                             self.save_box])
        self.lobby.layout.display = "none"
        self.board = w.VBox()
        for button in (self.open_button, self.join_button, self.start_button, self.leave_button, self.save_button,
                       self.reopen_button):
            button.guard.session = self
        for box in (self.name, self.players, self.variant, self.code, self.reopen_box):  # the page may send any value
            refuse_bad_state(box, self)
        super().__init__([self.door, self.lobby, self.said, self.board, self.notices])
        self.add_class("sk-friends")
        if self.link is None:
            self._say("Tables for several people are served by the app's server (make app).")
        else:
            self._read_the_address()

    # --- the page's calls -------------------------------------------------------------------

    def _on_open(self, _=None) -> None:
        options = {**self.entry.option_sets.get(self.variant.value, {}), "players": self.players.value}
        self._later(self._sit("open", {"game": self.entry.id, "options": options, "name": self.name.value}))

    def _on_join(self, _=None) -> None:
        self._later(self._sit("join", {"code": self.code.value, "name": self.name.value}))

    def _on_reopen(self, _=None) -> None:
        """Reopen the table of the save pasted in the box, you its host; the others come
        back by their own seat links."""
        self._later(self._sit("reopen", {"save": self.reopen_box.value}))

    def _on_leave(self, _=None) -> None:
        self._to_table({"do": "leave"})
        self._say("You left the table.")

    def _to_table(self, data: dict) -> None:
        if self.link is not None:
            self.link.send(data)

    async def _sit(self, what: str, body: dict) -> None:
        seated = await self.link.call(what, body)
        await self._seated(seated["token"])

    async def _seated(self, token: str) -> None:
        """Sit at the seat of ``token``: from now on, its frames."""
        self.token = token
        self.session = FriendsSession(self.entry.id, self.link.send)
        self.session.on_change(self.redraw)
        self.door.layout.display = "none"
        if self.solo is not None:
            self.solo.layout.display = "none"
        self._say("")
        await self.link.sit(token, self._heard)

    # --- links: ``?table=CODE`` to join, ``?seat=TOKEN`` to come back to your seat ----------------

    def _read_the_address(self) -> None:
        """Once a page has this kernel, read its address's query (``page_address``: a
        pre-heated kernel learns it when a page takes it), in a thread, and act on it on
        the kernel's loop."""
        try:
            loop = asyncio.get_event_loop()
        except RuntimeError:
            return

        def wait():
            query = page_query()
            if "seat=" in query or "table=" in query:
                loop.call_soon_threadsafe(self._arrived, query)

        threading.Thread(target=wait, daemon=True, name="friends-address").start()

    def _arrived(self, query: str) -> None:
        """The page came by a link: to a table (its code filled in) or to your seat."""
        asked = parse_qs(query)
        if self.fold is not None:
            self.fold.selected_index = 0
        if asked.get("seat"):
            self._later(self._seated(asked["seat"][0][:100]))
        elif asked.get("table"):
            self.code.value = asked["table"][0][:20]
            self._say("Type your name and Join to sit at this table.")

    def _heard(self, frame: dict | None) -> None:
        try:
            if frame is not None and "refused" in frame and not self.session.frame:  # a seat not had
                self.session, self.token = None, None
                self.door.layout.display = None
                if self.solo is not None:
                    self.solo.layout.display = None
                self._say(frame["refused"])
            elif frame is None:
                self._say("The table's server closed the connection: reload the page, or open a new table.")
            elif "save" in frame:  # the host's save, sent to this seat alone
                self.save_box.value = str(frame["save"])
                self.save_box.layout.display = None
                self._say("The table is saved below: paste it under Play with friends to reopen the table, "
                          "where it will stand at its last move.")
            else:
                self.session.heard(frame)
        except Exception:
            log.exception("A frame of the table could not be drawn")
            self._say(SOMETHING_WRONG)

    def _later(self, work) -> None:
        """Run ``work`` (a coroutine) on the kernel's loop; its refusals become sentences."""
        if self.link is None or self.session is not None or self._sitting:
            work.close()
            self._say("Tables for several people are served by the app's server (make app)."
                      if self.link is None else "You sit at a table already.")
            return

        async def guarded():
            try:
                await work
            except RoomError as refused:
                self._say(str(refused))
            except Exception:
                log.exception("A call to the tables' server failed")
                self._say(SOMETHING_WRONG)
            finally:
                self._sitting = False
        self._sitting = True
        asyncio.ensure_future(guarded())

    def _say(self, text: str) -> None:
        self._said = text
        self.said.value = f"<p>{html.escape(text)}</p>" if text else ""

    # a guarded button of the panel tells its refusals here (``controls.guarded``)
    @property
    def message(self) -> str:
        return self._said

    @message.setter
    def message(self, text: str) -> None:
        self._say(text)

    def notify(self) -> None:
        pass

    # --- drawing ----------------------------------------------------------------------------

    def redraw(self) -> None:
        """The lobby while people gather, the game's table once it runs."""
        frame = self.session.frame
        self._say(self.session.message if self.table is None else "")
        if not frame:
            return
        told = [html.escape(n) for n in frame["notices"][-6:]] + [html.escape(t) for t in reaction_times(frame)]
        self.notices.value = "".join(f"<div>{line}</div>" for line in told)
        gathering = frame["status"] == "gathering"
        self.start_button.layout.display = None if gathering and frame["host"] else "none"
        dealt = frame["view"] is not None
        self.save_button.layout.display = None if dealt and frame["host"] else "none"
        self.lobby.layout.display = None
        code = html.escape(frame["code"])
        self.where.value = (
            f"<p>{html.escape(self.entry.title)} · table <b class='sk-friends-code'>{code}</b>: give this code to "
            f"your friends, or <a class='sk-friends-table-link' href='{html.escape(self.table_link(frame['code']))}'>"
            "this link</a>. "
            f"<a class='sk-friends-seat-link' href='?seat={quote(self.token or '')}'>Your seat's own link</a> "
            f"brings you back to your seat if this page closes: keep it to yourself.</p>")
        self._draw_seats(frame)
        if not gathering and frame["view"] is not None and self.table is None:
            self.table = self.entry.table_class()(game=self.session)
            for hidden in ("setup", "replay_bar", "ending_new_button"):  # the solo table's settings and replays
                part = getattr(self.table, hidden, None)
                if part is not None:
                    part.layout.display = "none"
            self.board.children = [self.table]
            if self.fold is not None and self.fold.selected_index == 0:
                # opened by a link the moment a pre-heated kernel learnt the page's address,
                # which may be before the page listens: said again now the table is here
                self.fold.send_state("selected_index")

    def table_link(self, code: str) -> str:
        """The link that brings a friend to the table of ``code``: this page's own address
        with ``?table=CODE``; under JupyterHub, where each player has a server of their own,
        the hub's ``user-redirect``, which opens the same page in the friend's own server."""
        base = os.environ.get("JUPYTERHUB_BASE_URL")
        if base and os.environ.get("JUPYTERHUB_USER"):
            return f"{base.rstrip('/')}/hub/user-redirect/voila/render/{quote(self.entry.id)}.ipynb?table={quote(code)}"
        return f"?table={quote(code)}"

    def _draw_seats(self, frame: dict) -> None:
        """A row per seat: who sits there, and the host's button for a seat no person holds.
        Drawn again only when a row's words or button change (who sat, left, came back),
        not on every move of the game: rows made anew at each frame were five new widgets a
        seat, some forty widget messages a page per click at a table of four, kept by the
        page and the kernel ever after; the rows they replace are closed."""
        rows = tuple(_seat_words(seat, frame) for seat in frame["seats"])
        if rows == self._seats_drawn:
            return
        replaced = self.seats.children
        self.seats.children = [self._seat_row(*row) for row in rows]
        self._seats_drawn = rows
        for row in replaced:
            close(row)

    def _seat_row(self, number: int, who: str, offers: str | None) -> w.Widget:
        """Seat ``number``'s row: who sits there, and the host's ``offers`` button."""
        row = [w.HTML(f"Seat {number + 1}: {html.escape(who)}")]
        if offers == "bot":
            row.append(action_button("Give to a bot", lambda _, n=number: self._to_table({"do": "bot", "seat": n}),
                                     f"friends-bot-{number + 1}", session=self))
        elif offers == "open":
            row.append(action_button("Open for a friend", lambda _, n=number: self._to_table({"do": "open", "seat": n}),
                                     f"friends-open-seat-{number + 1}", session=self))
        box = w.HBox(row)
        box.add_class("sk-friends-seat")
        return box


def _seat_words(seat: dict, frame: dict) -> tuple[int, str, str | None]:
    """What a seat's row says, from the room's frame: its number, who sits there (a
    person, a bot, nobody yet; away; you), and the button the host has for it while the
    table gathers ("bot" gives an open seat to a bot, "open" opens a bot's seat for a
    friend; ``None``: no button)."""
    number = seat["seat"]
    who = {"open": "waiting for a friend", "bot": seat["name"]}.get(seat["kind"], seat["name"])
    if seat["kind"] == "person" and seat["away"]:
        who += " (away: a bot plays meanwhile)"
    if number == frame["you"]:
        who += " (you)"
    offers = None
    if frame["host"] and frame["status"] == "gathering" and frame["view"] is None and seat["kind"] != "person":
        offers = "bot" if seat["kind"] == "open" else "open"
    return number, who, offers


def _row(*parts: w.Widget) -> w.HBox:
    """A row of the panel that wraps on a narrow screen (a phone's): its buttons keep their
    whole words instead of shrinking to "Open a…"."""
    for part in parts:
        if isinstance(part, w.Button):
            part.layout.flex = "0 0 auto"
    return w.HBox(list(parts), layout=w.Layout(flex_flow="row wrap"))


def _save_box(placeholder: str) -> w.Textarea:
    box = w.Textarea(placeholder=placeholder, layout=w.Layout(width="100%", height="60px"))
    box.add_class("sk-save-box")  # the page checks a pasted save's size before sending it (the app's template)
    return box


def reaction_times(frame: dict) -> list[str]:
    """At the end of a game, each person's pace as the server timed it (from the table's
    last change to their move): "Ann: 12 moves, 1.4 s on average, the quickest 0.6 s"."""
    names = {seat["seat"]: seat["name"] for seat in frame.get("seats", ())}
    by_seat: dict[int, list[float]] = {}
    for seat, _, seconds in frame.get("reactions", ()):
        by_seat.setdefault(seat, []).append(seconds)
    return [f"{names.get(seat, f'Seat {seat + 1}')}: {len(times)} move{'s' if len(times) != 1 else ''}, "
            f"{sum(times) / len(times):.1f} s on average, the quickest {min(times):.1f} s"
            for seat, times in sorted(by_seat.items())]


def play_with_friends(table: w.Widget, game_id: str) -> w.VBox:
    """A game's page: ``table`` (against bots) under a folded "Play with friends" panel,
    which puts the table away once you sit at a shared one."""
    fold = w.Accordion()
    panel = FriendsPanel(game_id, solo=table, fold=fold)
    fold.children = [panel]
    fold.set_title(0, "Play with friends")
    fold.selected_index = None
    fold.add_class("sk-friends-fold")
    return w.VBox([fold, table])
