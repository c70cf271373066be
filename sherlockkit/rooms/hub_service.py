"""The tables for several people as a JupyterHub service (issue 30): one lobby for every
player of the hub, so that friends on different single-user servers sit at one table.

Through the hub each player has a server of their own, and a table held by one of them
could not be reached from the others'. So the hub runs this process beside itself (a
*managed service*: ``deploy/jupyterhub_config.py``), and every player's kernel is told its
address (``SHERLOCKKIT_ROOMS``). It serves the very handlers ``make app`` serves
(``service.py``) under the service's prefix, and admits a call or a socket only with a
token the hub knows that may reach this service (scope
``access:services!service=sherlockkit-rooms``): the players' servers' own tokens, which
their kernels hold and their pages never see. Anyone else gets a sentence and status 403.

    python -m sherlockkit.rooms.hub_service     # the hub starts it; its settings come from
                                                # the environment the hub gives a service
"""

from __future__ import annotations

import asyncio
import logging
import os
from typing import Any, Awaitable, Callable
from urllib.parse import urlparse

import tornado.web

from sherlockkit.rooms.room import RoomError
from sherlockkit.rooms.service import RoomService

log = logging.getLogger("sherlockkit.rooms")

#: the service's name in the hub's configuration (its prefix: ``/services/sherlockkit-rooms/``)
NAME = "sherlockkit-rooms"
#: what a token must be allowed to reach this service
SCOPE = f"access:services!service={NAME}"


def hub_admission(auth: Any) -> Callable[[Any], Awaitable[None]]:
    """The check of a request's ``Authorization: token ...`` with the hub (``auth``, a
    ``jupyterhub.services.auth.HubAuth``): ``RoomError`` (a sentence) for no token, a token
    the hub does not know, or one without this service's scope."""
    async def admit(request) -> None:
        scheme, _, token = request.headers.get("Authorization", "").partition(" ")
        token = token.strip()
        if scheme.lower() not in ("token", "bearer") or not token:
            raise RoomError("The tables of this hub are reached from its players' servers, with the hub's token.")
        try:
            owner = await auth.user_for_token(token, sync=False)
        except Exception:  # the hub's answer, whatever it is, admits nobody
            log.exception("The hub could not check a token")
            owner = None
        if not owner or not auth.check_scopes({SCOPE}, owner):
            raise RoomError("The hub does not let that token reach the tables.")
    return admit


def application(service: RoomService, prefix: str) -> tornado.web.Application:
    """The service's web application: the rooms' handlers under ``prefix``."""
    return tornado.web.Application(service.handlers(prefix.rstrip("/")))


async def serve() -> None:
    """Listen where the hub said (``JUPYTERHUB_SERVICE_URL``) until stopped."""
    from jupyterhub.services.auth import HubAuth

    address = urlparse(os.environ["JUPYTERHUB_SERVICE_URL"])
    prefix = os.environ.get("JUPYTERHUB_SERVICE_PREFIX", f"/services/{NAME}/")
    service = RoomService(admit=hub_admission(HubAuth()))
    application(service, prefix).listen(address.port, address.hostname)
    service.start()
    print(f"sherlockkit rooms: {address.scheme}://{address.hostname}:{address.port}{prefix}", flush=True)
    await asyncio.Event().wait()


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    asyncio.run(serve())
