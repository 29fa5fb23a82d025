"""Per-client limits on the writes anyone may make without an account's history: new
tables, new users (sign-ups) and record imports per client address; chat messages per user.

Each kind has a token bucket per client address: ``count`` writes at once, refilled at
``count`` per ``seconds``.  A refused write raises :class:`RateLimited` (HTTP 429) with the
time until the next one is allowed.  The buckets live in the process: behind several
processes a client gets each process's allowance, which still bounds it.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Rate:
    """``count`` events per ``seconds`` (``count`` 0: no limit)."""

    count: int
    seconds: float

    @classmethod
    def parse(cls, text: str, default: Rate) -> Rate:
        """``"30/600"`` (30 per 600 seconds) or ``"0"`` (no limit); anything else gives ``default``."""
        try:
            if text.strip() == "0":
                return cls(0, 1.0)
            count, _, seconds = text.partition("/")
            rate = cls(int(count), float(seconds))
        except ValueError:
            return default
        return rate if rate.count > 0 and rate.seconds > 0 else default

    def describe(self) -> str:
        s = self.seconds
        span = f"{s / 3600:g} hours" if s >= 7200 else f"{s / 60:g} minutes" if s >= 120 else f"{s:g} seconds"
        return f"{self.count} every {span}"


class RateLimited(Exception):
    def __init__(self, message: str, retry_after: float, first: bool = True) -> None:
        super().__init__(message)
        self.message = message
        self.retry_after = retry_after
        self.first = first  # the first refusal since this client's last accepted write (worth a log line)


class Limiter:
    """Token buckets by client for one kind of write."""

    MAX_CLIENTS = 50_000  # beyond this, full buckets are forgotten first

    def __init__(self, rate: Rate, what: str, clock: Callable[[], float] = time.monotonic,
                 who: str = "your address") -> None:
        self.rate = rate
        self.what = what
        self.who = who  # what a client is, in the refusal ("too many ... from your address")
        self.clock = clock
        self.buckets: dict[str, tuple[float, float]] = {}  # client -> (tokens, when)
        self.refused: set[str] = set()  # clients refused since their last accepted write

    def _tokens(self, client: str, now: float) -> float:
        tokens, when = self.buckets.get(client, (float(self.rate.count), now))
        return min(float(self.rate.count), tokens + (now - when) * self.rate.count / self.rate.seconds)

    def take(self, client: str) -> None:
        """Spend one write for ``client`` or raise :class:`RateLimited`."""
        if self.rate.count <= 0:
            return
        now = self.clock()
        tokens = self._tokens(client, now)
        if tokens < 1.0:
            wait = math.ceil((1.0 - tokens) * self.rate.seconds / self.rate.count)
            first = client not in self.refused
            if first and len(self.refused) < self.MAX_CLIENTS:
                self.refused.add(client)
            raise RateLimited(f"too many {self.what} from {self.who} (at most {self.rate.describe()}); "
                              f"try again in {wait} s", wait, first)
        self.refused.discard(client)
        self.buckets[client] = (tokens - 1.0, now)
        if len(self.buckets) > self.MAX_CLIENTS:
            self._forget(now)

    def _forget(self, now: float) -> None:
        for client in [c for c in self.buckets if self._tokens(c, now) >= self.rate.count]:
            del self.buckets[client]
        while len(self.buckets) > self.MAX_CLIENTS:  # all busy: drop the oldest
            del self.buckets[next(iter(self.buckets))]
