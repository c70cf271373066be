"""Timers for bots: the kernel's asyncio loop in play, a hand-turned clock in tests.

A controller asks its clock to call something after a delay; nothing blocks, so the page
stays responsive while bots "think".
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
from typing import Callable, Protocol


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
