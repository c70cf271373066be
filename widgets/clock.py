"""Timers for bots: the kernel's asyncio loop in play, a hand-turned clock in tests.

A controller asks its clock to call something after a delay; nothing blocks, so the page
stays responsive while bots "think". How long they think is their game's business, times
the server's pace (:func:`bot_pace`).
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import os
from typing import Callable, Protocol

#: The server's word on how quick its bots are: every pause of theirs times this number
#: (``book/app/serve.py --bot-pace`` sets it for the kernels it starts; the tests' app
#: plays quicker, so that parties by clicks take less of the suite's time).
BOT_PACE_ENV = "SHERLOCKKIT_BOT_PACE"


def bot_pace() -> float:
    """How much quicker (below 1) or slower (above) this server's bots are than their own
    pace: ``$SHERLOCKKIT_BOT_PACE``; 1 when it is unset or not a positive number."""
    try:
        pace = float(os.environ.get(BOT_PACE_ENV, "1"))
    except ValueError:
        return 1.0
    return pace if 0 < pace < float("inf") else 1.0


class Timer(Protocol):
    def cancel(self) -> None: ...


class Clock(Protocol):
    def call_later(self, delay: float, callback: Callable[[], None]) -> Timer: ...


class AsyncioClock:
    """Runs callbacks on the running asyncio loop (the kernel's, under Voilà or Lab)."""

    def call_later(self, delay: float, callback: Callable[[], None]) -> Timer:
        return asyncio.get_event_loop().call_later(delay, callback)


class _ManualTimer:
    def __init__(self):
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True


class ManualClock:
    """A clock that moves only when told: ``advance(seconds)`` runs what falls due."""

    def __init__(self):
        self.now = 0.0
        self._queue: list = []
        self._order = itertools.count()

    def call_later(self, delay: float, callback: Callable[[], None]) -> Timer:
        timer = _ManualTimer()
        heapq.heappush(self._queue, (self.now + delay, next(self._order), timer, callback))
        return timer

    def advance(self, seconds: float) -> None:
        """Move time on by ``seconds``, running every callback that falls due, in order."""
        until = self.now + seconds
        while self._queue and self._queue[0][0] <= until:
            when, _, timer, callback = heapq.heappop(self._queue)
            self.now = when
            if not timer.cancelled:
                callback()
        self.now = until

    @property
    def pending(self) -> int:
        """How many timers are still waiting (cancelled ones excluded)."""
        return sum(1 for *_, timer, _cb in self._queue if not timer.cancelled)
