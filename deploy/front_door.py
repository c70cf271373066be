"""The hub's front door: anonymous logins, limited per client address and in total.

``tmpauthenticator`` makes a new anonymous user for every visit of ``/hub/tmplogin``, and
each user gets a server: thirty logins in a second and a half made thirty users, each
holding a server for the idle time, and one client could fill the hub. Here a login is
refused, with a page that says why, when

* the visitor's address has logged in :attr:`FrontDoorAuthenticator.per_address` times
  within :attr:`FrontDoorAuthenticator.window` seconds (a family or a class behind one
  address shares it: set it for your players), or
* the hub already has as many users as it may serve at once (``active_server_limit``):
  every user holds a server, so a newcomer past it could only wait.

Counts are kept in the hub's memory (a restarted hub starts them afresh) and are bounded:
an address's logins older than the window are forgotten at each login.
"""

from __future__ import annotations

import time
from collections import deque

from jupyterhub import orm
from tmpauthenticator import TmpAuthenticator
from tornado import web
from traitlets import Integer


class FrontDoorAuthenticator(TmpAuthenticator):
    """Anonymous players, as ``TmpAuthenticator``, at most :attr:`per_address` new ones an
    address each :attr:`window` seconds, and no more users than :attr:`most_users`."""

    per_address = Integer(10, help="logins one client address may make within the window").tag(config=True)
    window = Integer(600, help="seconds over which an address's logins are counted").tag(config=True)
    most_users = Integer(40, help="users the hub holds at once (each with a server)").tag(config=True)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._logins: dict[str, deque] = {}

    def _recent(self, address: str, now: float) -> deque:
        """The times of ``address``'s logins within the window (older ones dropped), and
        every address with none left forgotten."""
        for known in [a for a, times in self._logins.items() if not times or times[-1] < now - self.window]:
            del self._logins[known]
        times = self._logins.setdefault(address, deque())
        while times and times[0] < now - self.window:
            times.popleft()
        return times

    async def authenticate(self, handler, data):
        now = time.monotonic()
        address = handler.request.remote_ip or "?"
        times = self._recent(address, now)
        if len(times) >= self.per_address:
            raise web.HTTPError(429, f"Too many new players from your address: {self.per_address} in "
                                     f"{self.window // 60} minutes. Come back in a few minutes, or go on "
                                     "playing in the window you already have.")
        if handler.db.query(orm.User).count() >= self.most_users:
            raise web.HTTPError(503, f"The tables are full: {self.most_users} players are playing. Come back "
                                     "in a few minutes: a table left alone is freed after a while.")
        times.append(now)
        return await super().authenticate(handler, data)
