"""Sign-out that signs out: when an account's session ends, every socket that relied on it closes,
on every worker of the machine and on every process sharing the database.

* A socket relies on a session (``Client.sessions``) when its user cookie is an account's session,
  and when its seat secret was obtained by one: ``seat_sessions`` binds each seat secret an account
  obtained (a new table, a join, coming back to a seat) to that session, so a seat cookie opens its
  seat only while the session that got it lives.  A guest's seat secret has no row and works as it
  always did (a guest has no session to end; a guest who signs up binds their seats to the new one).
* Ending a session (``POST /api/signout``, ``{"everywhere": true}`` for all the account's sessions,
  or a sign-in that replaces this browser's session or signs out everywhere else) deletes its row and
  closes its sockets here at once with close code :data:`CLOSE_CODE` and a reason the page shows;
  the other workers hear it by datagram (``e:<reason>:<hashes>``), the other processes on PostgreSQL
  by ``NOTIFY primetime, 'session:<reason>:<hashes>'``.
* The session row is the truth: a socket's sessions are checked again inside the transaction of
  every move, undo and vote it makes and before every chat message it writes, and each process looks
  at the sessions of its sockets at every poll, so a lost datagram or notification cannot keep a
  session alive (it only delays the closing until the next poll or the socket's next message).
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, TypeVar

from primetime.server.runtime import Client, Runtime, hash_secret
from primetime.server.store import ConflictError, Store, Tx

if TYPE_CHECKING:
    from primetime.server import procs
    from primetime.server.config import Settings

log = logging.getLogger("primetime.server")
R = TypeVar("R")

#: The WebSocket close code of a socket whose session ended (an application code, 4000-4999).
CLOSE_CODE = 4401
#: Why a session ended, as the page shows it (a close reason has at most 123 bytes).
REASONS = {
    "signout": "you signed out",
    "everywhere": "your account was signed out everywhere",
    "signin": "you signed in again in this browser: reload the page",
    "ended": "your session has ended (you signed out)",
    "suspended": "a moderator suspended your account",
}
#: How long a session lasts without signing in again (``Store.user_by_secret``'s default).
SESSION_DAYS = 365.0
#: Session hashes per datagram or notification (a NOTIFY payload has at most 8000 bytes).
CHUNK = 50


class SessionEnded(ConflictError):
    """The session a socket relies on has ended: it may not act or chat any more."""


# ---------------------------------------------------------------------- the store


def _cutoff() -> float:
    return time.time() - SESSION_DAYS * 86400


def _marks(n: int) -> str:
    return ", ".join("?" * n)


def identify(store: Store, user_hash: str | None, seat_hash: str | None) -> tuple[dict[str, Any] | None, str | None, str | None, str | None]:
    """Who a socket is, from the hashes of its cookies: (user, the account session its user cookie is,
    the seat secret it may use, the session that seat secret is bound to).  A seat secret bound to a
    session that has ended is no seat secret any more (None)."""
    user = store.user_by_secret(user_hash, SESSION_DAYS) if user_hash else None
    session = user_hash if user is not None and user["account"] else None
    grant = None
    if seat_hash:
        row = store.read(lambda tx: tx.one(
            "SELECT g.session_hash, s.created FROM seat_sessions g LEFT JOIN sessions s ON s.secret_hash = g.session_hash "
            "WHERE g.secret_hash = ?", (seat_hash,)))
        if row is not None:
            if row[1] is None or float(row[1]) <= _cutoff():
                seat_hash = None
            else:
                grant = str(row[0])
    return user, session, seat_hash, grant


def bind_seat(store: Store, seat_hash: str, session_hash: str, user_id: str) -> None:
    """The seat secret ``seat_hash`` was obtained by ``session_hash`` (of ``user_id``)."""
    store.write(lambda tx: tx.execute(
        "INSERT INTO seat_sessions (secret_hash, session_hash, user_id, created) VALUES (?, ?, ?, ?) "
        "ON CONFLICT (secret_hash) DO UPDATE SET session_hash = excluded.session_hash, user_id = excluded.user_id",
        (seat_hash, session_hash, user_id, time.time())))


def adopt_seats(store: Store, user_id: str, session_hash: str) -> None:
    """A guest who signed up: the seat secrets they hold (no session yet) are bound to their first session."""
    now = time.time()

    def go(tx: Tx) -> None:
        for (h,) in tx.all("SELECT secret_hash FROM seats WHERE user_id = ? AND secret_hash IS NOT NULL AND secret_hash NOT IN "
                           "(SELECT secret_hash FROM seat_sessions)", (user_id,)):
            tx.execute("INSERT INTO seat_sessions (secret_hash, session_hash, user_id, created) VALUES (?, ?, ?, ?) "
                       "ON CONFLICT (secret_hash) DO NOTHING", (h, session_hash, user_id, now))

    store.write(go)


def _live(tx: Tx, hashes: Iterable[str]) -> set[str]:
    """Which of the session hashes ``hashes`` are live sessions (read in ``tx``)."""
    wanted = sorted(set(hashes))
    out: set[str] = set()
    for i in range(0, len(wanted), 500):
        part = wanted[i:i + 500]
        out.update(str(r[0]) for r in tx.all(
            f"SELECT secret_hash FROM sessions WHERE secret_hash IN ({_marks(len(part))}) AND created > ?", [*part, _cutoff()]))
    return out


def alive(store: Store, hashes: Iterable[str]) -> set[str]:
    """Which of the session hashes ``hashes`` are live sessions."""
    wanted = set(hashes)
    return store.read(lambda tx: _live(tx, wanted)) if wanted else set()


def require_alive(tx: Tx, hashes: tuple[str, ...]) -> None:
    """Inside a change's transaction: :class:`SessionEnded` unless every session of ``hashes`` lives."""
    if hashes and len(_live(tx, hashes)) < len(set(hashes)):
        raise SessionEnded("you are signed out: sign in again to play or chat")


def checked(hashes: tuple[str, ...], fn: Callable[[Tx, Runtime, Any], R]) -> Callable[[Tx, Runtime, Any], R]:
    """``fn`` (a table change, ``Hub.mutate``), refused with :class:`SessionEnded` in its own transaction when
    a session of ``hashes`` has ended."""
    if not hashes:
        return fn

    def go(tx: Tx, rt: Runtime, t: Any) -> R:
        require_alive(tx, hashes)
        return fn(tx, rt, t)

    return go


def _notify(tx: Tx, reason: str, hashes: list[str]) -> None:
    for i in range(0, len(hashes), CHUNK):
        tx.notify.add(f"session:{reason}:{','.join(hashes[i:i + CHUNK])}")


def end_sessions(store: Store, session_hash: str, everywhere: bool) -> list[str]:
    """End the session ``session_hash`` (``everywhere``: every session of its account); the hashes ended."""
    reason = "everywhere" if everywhere else "signout"

    def go(tx: Tx) -> list[str]:
        hashes = [session_hash]
        row = tx.one("SELECT user_id FROM sessions WHERE secret_hash = ?", (session_hash,)) if everywhere else None
        if row is not None:
            hashes = sorted({session_hash, *(str(r[0]) for r in tx.all("SELECT secret_hash FROM sessions WHERE user_id = ?", (row[0],)))})
            tx.execute("DELETE FROM sessions WHERE user_id = ?", (row[0],))
        else:
            tx.execute("DELETE FROM sessions WHERE secret_hash = ?", (session_hash,))
        _notify(tx, reason, hashes)
        return hashes

    return store.write(go)


def signed_in(store: Store, user_id: str, old_hash: str | None, new_hash: str, everywhere: bool) -> list[str]:
    """After ``user_id`` signed in with the new session ``new_hash``: the seats this browser's previous
    session of the same account held (``old_hash``, ended) move to the new one; ``everywhere``: every
    other session of the account ends.  The hashes of the sessions ended elsewhere."""

    def go(tx: Tx) -> list[str]:
        if old_hash is not None:
            tx.execute("UPDATE seat_sessions SET session_hash = ? WHERE session_hash = ? AND user_id = ?", (new_hash, old_hash, user_id))
            _notify(tx, "signin", [old_hash])
        if not everywhere:
            return []
        others = sorted(str(r[0]) for r in tx.all("SELECT secret_hash FROM sessions WHERE user_id = ? AND secret_hash <> ?",
                                                 (user_id, new_hash)))
        if others:
            tx.execute("DELETE FROM sessions WHERE user_id = ? AND secret_hash <> ?", (user_id, new_hash))
            _notify(tx, "everywhere", others)
        return others

    return store.write(go)


# ---------------------------------------------------------------------- the sockets (a base of the hub)


class SessionWatch:
    """The hub's side: close the sockets of ended sessions, tell the other workers, poll the store."""

    if TYPE_CHECKING:
        settings: Settings
        store: Store
        rts: dict[str, Runtime]
        peers: procs.Peers | None
        _stopping: threading.Event

        async def db(self, fn: Callable[..., R], *args: Any) -> R:
            raise NotImplementedError

        async def write(self, fn: Callable[..., R], *args: Any) -> R:
            raise NotImplementedError

    def close_client(self, client: Client, reason: str) -> None:
        """Close ``client`` with :data:`CLOSE_CODE`: it is sent nothing of the table any more, only what
        was queued for it (its error), then the close (``Hub.sender``)."""
        if client.closing is None:
            client.closing = (CLOSE_CODE, REASONS.get(reason, REASONS["ended"]))
            client.wake.set()

    def close_sessions(self, hashes: Iterable[str], reason: str, tell: bool = True) -> int:
        """Close this worker's sockets that rely on a session of ``hashes``; ``tell``: the other workers
        of the machine too.  How many were closed here."""
        ended = set(hashes)
        n = 0
        for rt in list(self.rts.values()):
            for c in list(rt.clients):
                if c.closing is None and not ended.isdisjoint(c.sessions):
                    self.close_client(c, reason)
                    n += 1
        if tell and self.peers is not None:
            order = sorted(ended)
            for i in range(0, len(order), CHUNK):
                self.peers.send(f"e:{reason}:{','.join(order[i:i + CHUNK])}")
        if n:
            log.info("closed %d socket(s) of %d ended session(s) (%s)", n, len(ended), reason)
        return n

    def _sessions_ended(self, text: str) -> None:
        """``<reason>:<hash>,<hash>…`` from another worker (datagram) or process (notification)."""
        reason, _, hashes = text.partition(":")
        if hashes:
            self.close_sessions(hashes.split(","), reason, tell=False)

    async def bind_seat(self, user: dict[str, Any], user_secret: str | None, seat_secret: str) -> None:
        """A seat secret an account obtained opens its seat only while the session that got it (its user
        cookie, ``user_secret``) lives; a guest's is not bound."""
        if user["account"] and user_secret:
            await self.write(bind_seat, self.store, hash_secret(seat_secret), hash_secret(user_secret), user["id"])

    async def sign_out(self, session_hash: str, everywhere: bool) -> list[str]:
        """End a session (``everywhere``: all of its account's) and close their sockets everywhere."""
        hashes = await self.write(end_sessions, self.store, session_hash, everywhere)
        self.close_sessions(hashes, "everywhere" if everywhere else "signout")
        return hashes

    async def signed_in(self, user_id: str, old_hash: str | None, new_hash: str, everywhere: bool) -> None:
        """After a sign-in (``signed_in``): close the sockets of this browser's previous session and, with
        ``everywhere``, of the account's other sessions."""
        others = await self.write(signed_in, self.store, user_id, old_hash, new_hash, everywhere)
        if old_hash is not None:
            self.close_sessions([old_hash], "signin")
        if others:
            self.close_sessions(others, "everywhere")

    async def still_signed_in(self, client: Client) -> bool:
        """Whether every session ``client`` relies on lives (read from the store); if not, it is closed."""
        if not client.sessions:
            return True
        if len(await self.db(alive, self.store, client.sessions)) == len(set(client.sessions)):
            return True
        self.close_client(client, "ended")
        return False

    async def _session_poller(self) -> None:
        """Every poll interval, the sessions of this worker's sockets are read again: a socket whose
        session ended is closed even if the datagram or notification that said so was lost."""
        while not self._stopping.is_set():
            await asyncio.sleep(self.settings.poll_interval)
            try:
                watched = {h for rt in self.rts.values() for c in rt.clients if c.closing is None for h in c.sessions}
                if not watched:
                    continue
                dead = watched - await self.db(alive, self.store, watched)
                if dead:
                    self.close_sessions(dead, "ended", tell=False)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("session poll failed")
