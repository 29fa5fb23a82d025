"""Failed sign-ins per account name, counted in the database: a bound on password guessing that an
attacker cannot spread over addresses, worker processes or servers.

Each sign-in attempt is counted under its name (case-folded, :func:`accounts.name_key`) *before*
its password is checked, whether an account has that name or not (the answer must not differ):
``signin_failures`` holds the attempts in a row (``failures``) and when the last one began.  After
``free`` of them, the next must wait ``delay`` seconds after the last, then twice as long after each
further one, up to ``delay_max``; an attempt made sooner is refused (HTTP 429, with the wait) without
being counted or checked.  A successful sign-in deletes the row; a name without attempts for a day
(:data:`FORGET_AFTER`) starts again from nothing.  Counting before checking means two attempts at
once cannot both slip through: the row is locked while one is counted (SQLite: the write lock;
PostgreSQL: ``FOR UPDATE``).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from primetime.server.store import Store, Tx

#: Seconds without an attempt after which a name's count starts again (its row is deleted).
FORGET_AFTER = 24 * 3600.0


@dataclass(frozen=True)
class Throttle:
    """``free`` attempts in a row, then a wait of ``delay`` seconds doubling per attempt, up to ``delay_max``."""

    free: int = 5
    delay: float = 2.0
    delay_max: float = 900.0

    def wait(self, failures: int) -> float:
        """Seconds after the last attempt before another is allowed, after ``failures`` in a row."""
        if failures < self.free:
            return 0.0
        return min(self.delay_max, self.delay * 2.0 ** min(failures - self.free, 40))


def begin(store: Store, key: str, throttle: Throttle, now: float | None = None) -> tuple[float, int]:
    """Count an attempt to sign in to the name ``key``: ``(0, failures)`` when it may go on (it is
    counted as a failure until :func:`succeeded` says otherwise; ``failures`` includes it), or
    ``(seconds to wait, failures)`` when it must wait (nothing is counted)."""
    at = time.time() if now is None else now

    def go(tx: Tx) -> tuple[float, int]:
        tx.execute("DELETE FROM signin_failures WHERE last_at < ?", (at - FORGET_AFTER,))
        tx.execute("INSERT INTO signin_failures (name_key, failures, last_at) VALUES (?, 0, ?) ON CONFLICT (name_key) DO NOTHING",
                   (key, at))
        row = tx.one("SELECT failures, last_at FROM signin_failures WHERE name_key = ?" + tx.store.for_update, (key,))
        failures, last = int(row[0]), float(row[1])
        wait = last + throttle.wait(failures) - at
        if wait > 0:
            return wait, failures
        tx.execute("UPDATE signin_failures SET failures = ?, last_at = ? WHERE name_key = ?", (failures + 1, at, key))
        return 0.0, failures + 1

    return store.write(go)


def succeeded(store: Store, key: str) -> None:
    """A correct password for ``key``: its count starts again."""
    store.write(lambda tx: tx.execute("DELETE FROM signin_failures WHERE name_key = ?", (key,)))


def failures(store: Store, key: str) -> int:
    """The attempts in a row counted for ``key`` (0: none)."""
    row = store.read(lambda tx: tx.one("SELECT failures FROM signin_failures WHERE name_key = ?", (key,)))
    return int(row[0]) if row else 0
