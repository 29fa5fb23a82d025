"""The sender of notifications: a background task of every server process that claims the messages
due in the outbox (``outbox.py``) and sends them (``mailer.py``), and keeps the database told of the
tables this process's sockets have open (no message goes to a player who has the table open).

Nothing here blocks the event loop: database work runs in the hub's database threads, mails go out
over ``aiosmtplib``, pushes in a thread pool of their own.  Each message is sent by a task of its own,
with a time limit, and e-mail and push have their own number of sends under way: a mail server or a
push service that fails or hangs holds up nothing else.  A failed send is tried again later (the wait
doubling each time); a message is claimed for a lease, so a process that dies mid-send leaves it to
another (or to itself, started again), and two processes never claim the same message.
"""

from __future__ import annotations

import asyncio
import concurrent.futures as cf
import contextlib
import logging
import os
import secrets
import socket
import time
from typing import Any

from primetime.core.plugin import get_plugin
from primetime.server import clocks, mailer, outbox
from primetime.server.config import Settings
from primetime.server.outbox import Msg
from primetime.server.runtime import Runtime
from primetime.server.store import Store, Tx

log = logging.getLogger("primetime.server")

#: How long a claimed message is this sender's (its send must end well before: ``SEND_LIMIT``).
LEASE = 120.0
SEND_LIMIT = 90.0
#: Sends under way per channel, at most.
IN_FLIGHT = 8
#: How often the sockets' tables are written down again (their rows live three times as long).
PRESENCE_EVERY = 15.0


class Retry(Exception):
    """Not sent now: try again (``payload``: what to keep of it, e.g. the subscriptions already reached)."""

    def __init__(self, why: str, payload: dict[str, Any] | None = None, due: float | None = None) -> None:
        super().__init__(why)
        self.payload = payload
        self.due = due


def notify_key(store: Store) -> bytes:
    """The key that signs the unsubscribe links (made once, kept in ``meta``)."""

    def go(tx: Tx) -> str:
        tx.execute("INSERT INTO meta (key, value) VALUES ('notify_key', ?) ON CONFLICT (key) DO NOTHING", (secrets.token_hex(32),))
        return str(tx.one("SELECT value FROM meta WHERE key = 'notify_key'")[0])

    return bytes.fromhex(store.write(go))


class Notifier:
    def __init__(self, hub: Any, settings: Settings, store: Store) -> None:
        self.hub = hub
        self.settings = settings
        self.store = store
        self.holder = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"
        self.email_on = bool(settings.smtp_host)
        self.key = b""
        self._vapid: mailer.Vapid | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self.wake: asyncio.Event | None = None
        self.present_dirty: asyncio.Event | None = None
        self.inflight: dict[str, set[asyncio.Task[Any]]] = {ch: set() for ch in outbox.CHANNELS}
        self.push_pool = cf.ThreadPoolExecutor(max_workers=4, thread_name_prefix="push")
        self.tasks: list[asyncio.Task[Any]] = []
        self.sent = 0  # messages sent by this process (tests and logs)

    @property
    def vapid(self) -> mailer.Vapid:
        if self._vapid is None:
            self._vapid = mailer.Vapid(self.settings.data_dir)
        return self._vapid

    def link(self, path: str) -> str:
        return self.settings.public_url + path

    def unsubscribe_link(self, user_id: str) -> str:
        return self.link(f"/unsubscribe/{user_id}.{mailer.sign(self.key, 'unsub:' + user_id)}")

    def unsubscribe_user(self, token: str) -> str | None:
        """The account an unsubscribe token is for (None: not a token of this server)."""
        uid, _, sig = token.partition(".")
        return uid if uid and secrets.compare_digest(sig, mailer.sign(self.key, "unsub:" + uid)) else None

    # ------------------------------------------------------------------ lifecycle
    async def start(self, background: bool = True) -> None:
        """Start sending (``background=False``: only when asked, ``drain``; tests)."""
        self.loop = asyncio.get_running_loop()
        self.wake, self.present_dirty = asyncio.Event(), asyncio.Event()
        self.key = await self.hub.db(notify_key, self.store)
        await self.hub.db(lambda: self.vapid)  # made (or read) now, off the event loop
        if background:
            self.tasks = [self.loop.create_task(self._run()), self.loop.create_task(self._presence())]

    async def stop(self) -> None:
        for task in self.tasks + [t for s in self.inflight.values() for t in s]:
            task.cancel()
        self.push_pool.shutdown(wait=False, cancel_futures=True)

    def nudge(self) -> None:
        """Look for messages due now (from any thread)."""
        if self.loop is not None and self.wake is not None:
            with contextlib.suppress(RuntimeError):
                self.loop.call_soon_threadsafe(self.wake.set)

    # ------------------------------------------------------------------ queueing (in a change's transaction)
    def here(self, rt: Runtime) -> set[str]:
        """The users with a socket of this process at the table (also read from a database thread: a copy)."""
        for _ in range(5):
            try:
                return {c.user_id for c in list(rt.clients) if c.user_id}
            except RuntimeError:  # (changed while copied)
                continue
        return set()

    def turns_changed(self, tx: Tx, rt: Runtime, before: dict[int, str]) -> None:
        """Queue the messages of the turns a change began (``Hub.mutate``, in its transaction).  A failure
        here is logged and leaves the change as it is (a savepoint of its own)."""
        if not before and not outbox.waiting(rt):
            return
        tx.execute("SAVEPOINT notify")
        try:
            here = self.here(rt)
            now = time.time()
            for uid in outbox.waiting(rt).values():
                if uid not in here and outbox.present(tx, rt.id, uid, now, self.holder):
                    here.add(uid)
            n = outbox.queue_turns(tx, rt, before, here, self.settings.notify_delay, self.settings.reminder_at, self.email_on)
        except Exception:
            tx.execute("ROLLBACK TO notify")
            log.exception("cannot queue the notifications of table %s", rt.id)
            n = 0
        tx.execute("RELEASE notify")
        if n:
            self.nudge()

    def presence_changed(self) -> None:
        if self.present_dirty is not None:
            self.present_dirty.set()

    def local_pairs(self) -> set[tuple[str, str]]:
        """The (table, user) of this process's sockets at turn-based tables (the only ones notified)."""
        return {(rt.id, c.user_id) for rt in list(self.hub.rts.values())
                if rt.meta is not None and rt.meta.clock and rt.meta.clock.get("mode") == "turn"
                for c in list(rt.clients) if c.user_id}

    async def _presence(self) -> None:
        """Keep ``notify_present`` up to date with this process's sockets (at once after a change of them)."""
        assert self.present_dirty is not None
        last: set[tuple[str, str]] | None = None
        written = 0.0
        while True:
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self.present_dirty.wait(), PRESENCE_EVERY)
            await asyncio.sleep(0.05)  # the sockets that come and go together: one write
            self.present_dirty.clear()
            pairs = self.local_pairs()
            now = time.time()
            if pairs == last and now - written < PRESENCE_EVERY:
                continue
            try:
                await self.hub.db(outbox.set_present, self.store, self.holder, pairs, now + 3 * PRESENCE_EVERY)
                last, written = pairs, now
            except Exception:
                log.exception("cannot write which tables are open here")
                await asyncio.sleep(1.0)

    # ------------------------------------------------------------------ sending
    async def _run(self) -> None:
        assert self.wake is not None
        while True:
            try:
                await self.pump()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("notifications: cannot read the outbox")
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self.wake.wait(), self.settings.notify_poll)
            self.wake.clear()

    async def pump(self) -> int:
        """Claim the messages due now (as many as each channel has room for) and start their sends."""
        n = 0
        for ch in outbox.CHANNELS:
            room = IN_FLIGHT - len(self.inflight[ch])
            if room <= 0:
                continue
            for m in await self.hub.db(outbox.claim, self.store, ch, self.holder, room, LEASE, time.time()):
                task = asyncio.get_running_loop().create_task(self._deliver(m))
                self.inflight[ch].add(task)
                task.add_done_callback(self._done)
                n += 1
        return n

    def _done(self, task: asyncio.Task[Any]) -> None:
        for s in self.inflight.values():
            s.discard(task)
        self.nudge()  # room for the next ones

    async def drain(self) -> None:
        """Send everything due now and wait for the sends (tests)."""
        while await self.pump() or any(self.inflight.values()):
            await asyncio.gather(*[t for s in self.inflight.values() for t in s], return_exceptions=True)

    async def _deliver(self, m: Msg) -> None:
        try:
            state, payload = await asyncio.wait_for(self._send(m), SEND_LIMIT)
            await self.hub.db(outbox.finish, self.store, m.id, self.holder, state, None, payload)
            if state == "sent":
                self.sent += 1
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            why = str(exc) or type(exc).__name__
            if isinstance(exc, asyncio.TimeoutError):
                why = "timed out"
            payload = exc.payload if isinstance(exc, Retry) else None
            due = exc.due if isinstance(exc, Retry) else None
            try:
                if due is not None:  # not due yet after all (a reminder whose clock was stopped)
                    await self.hub.db(outbox.retry, self.store, m.id, self.holder, due, why, payload)
                elif m.attempts >= self.settings.notify_attempts:
                    log.warning("notification %s failed for good: %s", m.id, why)
                    await self.hub.db(outbox.finish, self.store, m.id, self.holder, "failed", why, payload)
                else:
                    wait = min(3600.0, self.settings.notify_retry * 2 ** (m.attempts - 1))
                    log.info("notification %s not sent (%s): again in %.0f s", m.id, why, wait)
                    await self.hub.db(outbox.retry, self.store, m.id, self.holder, time.time() + wait, why, payload)
            except Exception:
                log.exception("cannot note the outcome of notification %s", m.id)

    def _context(self, m: Msg, here: bool) -> dict[str, Any] | None:
        """What a message needs, read now (None: it is no longer to be sent; ``here``: the user has a socket
        of this process at the table)."""

        def go(tx: Tx) -> dict[str, Any] | None:
            now = time.time()
            ctx: dict[str, Any] = {}
            if m.kind in ("turn", "reminder"):
                t = tx.table(str(m.table_id))
                seat = int(m.payload.get("seat", -1))
                if t is None or t.status != "running" or not 0 <= seat < len(t.seats):
                    return None
                s = t.seats[seat]
                left = outbox.time_left(t.clock, seat, now)
                if s.kind != "human" or s.user_id != m.user_id or left is None or left <= 0:
                    return None  # the turn is over, or the seat no longer theirs
                if here or outbox.present(tx, t.id, m.user_id, now, self.holder):
                    return None  # at the table now
                back = clocks.holiday_end(t.clock, seat, now)
                if back is not None:
                    raise Retry("on holiday", due=back)  # nothing while on holiday: the turn is told of when it ends
                total = float(m.payload.get("total") or 0.0)
                if m.kind == "reminder" and left > (1 - self.settings.reminder_at) * total + 1.0:
                    assert t.clock is not None
                    raise Retry("not due yet", due=clocks.when_left(t.clock, seat, (1 - self.settings.reminder_at) * total))
                ctx.update(table_name=t.name, game=get_plugin(t.game).short, left=left, url=self.link(f"/t/{t.id}"))
            if m.kind in ("turn", "reminder") and m.channel not in outbox.channels(tx, m.user_id, m.table_id, self.email_on):
                return None  # unsubscribed meanwhile, or the channel turned off
            if m.channel == "email":
                row = tx.one("SELECT address, confirmed, unsubscribed, confirm_hash FROM email_addresses WHERE user_id = ?", (m.user_id,))
                if row is None:
                    return None
                if m.kind == "confirm":
                    if row[0] != m.payload.get("address") or row[3] is None:
                        return None  # another address was given since, or it is confirmed
                elif row[1] is None or (m.kind != "reset" and row[2]):
                    return None
                ctx["address"] = row[0]
            else:
                ctx["subs"] = [{"endpoint": r[0], "keys": {"p256dh": r[1], "auth": r[2]}} for r in tx.all(
                    "SELECT endpoint, p256dh, auth FROM push_subscriptions WHERE user_id = ? ORDER BY endpoint", (m.user_id,))]
            return ctx

        return self.store.read(go)

    async def _send(self, m: Msg) -> tuple[str, dict[str, Any] | None]:
        rt = self.hub.rts.get(m.table_id) if m.table_id else None
        ctx = await self.hub.db(self._context, m, rt is not None and m.user_id in self.here(rt))
        if ctx is None:
            return "skipped", None
        if m.kind in ("turn", "reminder"):
            title, text = mailer.turn_words(m.kind, ctx["table_name"], ctx["game"], ctx["left"] / 3600)
            url = ctx["url"]
        elif m.kind == "confirm":
            title, text = "Confirm your e-mail address", "Follow this link to confirm the address you gave for your turns:"
            url = self.link(f"/confirm/{m.payload['token']}")
        elif m.kind == "reset":
            title, text = ("Reset your password", "Someone (you, we hope) asked for a new password for your account. "
                           "This link lets you choose one; it works once, for an hour. If it was not you, ignore this mail.")
            url = self.link(f"/reset/{m.payload['token']}")
        else:
            return "skipped", None
        forget = {k: v for k, v in m.payload.items() if k != "token"} if "token" in m.payload else None
        if m.channel == "email":
            if not self.email_on:
                return "skipped", forget
            msg = mailer.email_message(self.settings, ctx["address"], title, text, url, self.unsubscribe_link(m.user_id))
            try:
                await mailer.send_mail(self.settings, msg)
            except mailer.SendFailed as exc:
                raise Retry(str(exc)) from None
            return "sent", forget
        return await self._push(m, ctx["subs"], mailer.push_data(title, text, url, m.table_id))

    async def _push(self, m: Msg, subs: list[dict[str, Any]], data: dict[str, Any]) -> tuple[str, dict[str, Any] | None]:
        """Push to each of the account's browsers not yet reached; a gone one is removed."""
        done = set(m.payload.get("done") or [])
        loop = asyncio.get_running_loop()
        failed = None
        reached = False
        for sub in subs:
            if sub["endpoint"] in done:
                continue
            try:
                await loop.run_in_executor(self.push_pool, mailer.send_push, self.vapid, "mailto:" + self.settings.mail_from, sub, data)
                done.add(sub["endpoint"])
                reached = True
            except mailer.PushGone:
                await self.hub.db(remove_subscription, self.store, sub["endpoint"])
            except mailer.SendFailed as exc:
                failed = str(exc)
        if failed is not None:
            raise Retry(failed, {**m.payload, "done": sorted(done)})
        return ("sent" if reached or done else "skipped"), None


def remove_subscription(store: Store, endpoint: str) -> None:
    store.write(lambda tx: tx.execute("DELETE FROM push_subscriptions WHERE endpoint = ?", (endpoint,)))
