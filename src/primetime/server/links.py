"""How a hub keeps up with the other processes and workers (:class:`Links`, a base of
:class:`primetime.server.hub.Hub`): PostgreSQL notifications (a wake-up only: the runtime
re-reads by version), the datagrams of the other workers of this machine (``procs.Peers``:
new states, states rendered for a seat, chat, presence), the periodic poll that catches up
whatever a lost wake-up missed, and the eviction of idle tables."""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar

import msgspec

from primetime.server import procs
from primetime.server.config import Settings
from primetime.server.runtime import Client, Runtime
from primetime.server.statelog import RelayedLog, Rendered
from primetime.server.store import NOTIFY_CHANNEL, SeatRow, Store

log = logging.getLogger("primetime.server")
R = TypeVar("R")

#: Every so many versions the state messages sent to the other workers carry the whole log (``Links._relay``).
RELAY_WHOLE_EVERY = 16

EMPTY_PRESENCE = '{"seats":{},"users":[],"anonymous":0}'  # a worker's presence at a table where it has no socket


class Links:
    """The hub's links to the other processes; the hub provides the state and the methods below."""

    settings: Settings
    store: Store
    loop: asyncio.AbstractEventLoop | None
    rts: dict[str, Runtime]
    peers: procs.Peers | None
    index: int
    remote_presence: dict[str, dict[int, dict[str, Any]]]
    presence_sent: dict[str, str]
    _broken: set[str]
    _stopping: threading.Event

    # provided by the hub
    def owns(self, table_id: str) -> bool:
        raise NotImplementedError

    def _spawn(self, coro: Any) -> asyncio.Task[Any]:
        raise NotImplementedError

    async def db(self, fn: Callable[..., R], *args: Any) -> R:
        raise NotImplementedError

    async def get(self, table_id: str) -> Runtime | None:
        raise NotImplementedError

    async def refresh(self, rt: Runtime, min_version: int | None = None) -> None:
        raise NotImplementedError

    def _publish_locked(self, rt: Runtime, lagging_only: bool = False) -> None:
        raise NotImplementedError

    def message_for(self, rt: Runtime, seat: int | None) -> Rendered:
        raise NotImplementedError

    def _load(self, rt: Runtime) -> bool:
        raise NotImplementedError

    def announce_presence(self, rt: Runtime, newcomer: Client | None = None) -> None:
        raise NotImplementedError

    async def _chat_from_store(self, rt: Runtime, seq: int) -> None:
        raise NotImplementedError

    def kick(self, rt: Runtime) -> None:
        raise NotImplementedError

    def _bot_to_move(self, rt: Runtime) -> SeatRow | None:
        raise NotImplementedError

    def _listen(self) -> None:
        import psycopg

        url = self.store.url  # type: ignore[attr-defined]
        while not self._stopping.is_set():
            try:
                with psycopg.connect(url, autocommit=True) as conn:
                    conn.execute(f"LISTEN {NOTIFY_CHANNEL}")
                    while not self._stopping.is_set():
                        for n in conn.notifies(timeout=1.0):
                            if self.loop is not None:
                                self.loop.call_soon_threadsafe(self._on_notify, n.payload)
            except Exception as exc:
                if self._stopping.is_set():
                    return
                log.warning("notification listener: %s; reconnecting", exc)
                time.sleep(1.0)

    def _sessions_ended(self, text: str) -> None:  # (``sessions.SessionWatch``)
        raise NotImplementedError

    def _moderation_heard(self, text: str) -> None:  # (``moderation.ModerationWatch``)
        raise NotImplementedError

    def _on_notify(self, payload: str) -> None:
        if payload.startswith("mod:"):  # mod:<json>: a chat message removed, a table closed (``moderation.py``)
            self._moderation_heard(payload[4:])
            return
        if payload.startswith("session:"):  # session:<reason>:<hashes>: sessions ended (``sessions.py``)
            self._sessions_ended(payload[8:])
            return
        if payload.startswith("chat:"):
            tid, _, v = payload[5:].rpartition(":")
            crt = self.rts.get(tid)
            if crt is not None and crt.clients and v.isdigit():
                self._spawn(self._chat_from_store(crt, int(v)))
            return
        tid, _, v = payload.rpartition(":")
        rt = self.rts.get(tid)
        if rt is None:
            if tid and tid not in self._broken and self.owns(tid):  # a table of this worker's changed elsewhere (started?)
                self._spawn(self._adopt(tid))
            return
        try:
            version = int(v)
        except ValueError:
            return
        if version > rt.version and not self._follow(rt, version):
            self._spawn(self.refresh(rt, version))

    def _follow(self, rt: Runtime, version: int) -> bool:
        """A table served by another worker that this one only touched (through the API, say): take
        note of its new ``version`` without reading it (it is read when it is next needed, not at every
        step of the game).  False if this worker must read it now (it owns the table, serves sockets
        of it, or reads from PostgreSQL)."""
        if self.store.inline and not rt.clients and not self.owns(rt.id) and not rt.lock.locked() and not rt.stale:
            self._advance(rt, version)
            return True
        return False

    async def _adopt(self, tid: str) -> None:
        """Load a table this worker owns that another one changed (its bots and clocks are run here)."""
        try:
            rt = await self.get(tid)
        except Exception:
            self._broken.add(tid)
            log.exception("cannot load table %s", tid)
            return
        if rt is not None:
            self.kick(rt)

    def _on_peer_lines(self, lines: list[str]) -> None:
        """Datagrams from the other workers of this machine (``procs.Peers``)."""
        for line in lines:
            kind, _, rest = line.partition(":")
            if kind == "v":  # v:<table>:<version>: a new state stored
                self._on_notify(rest)
            elif kind == "s":  # that state, rendered for that seat (``Links._relay``):
                # s:<table>:<version>:<seat or ->:<shown>:<log or ->:<log start>:<length of head>:<head><log lines>
                tid, _, rest2 = rest.partition(":")
                v, _, rest2 = rest2.partition(":")
                a, _, rest2 = rest2.partition(":")
                shown, _, rest2 = rest2.partition(":")
                theirs, _, rest2 = rest2.partition(":")
                start, _, rest2 = rest2.partition(":")
                n, _, text = rest2.partition(":")
                try:
                    head, tail = text[:int(n)], text[int(n):]
                    self._take_relayed(tid, int(v), None if a == "-" else int(a), int(shown), theirs, int(start), head, tail)
                except (ValueError, msgspec.DecodeError):
                    continue
            elif kind == "e":  # e:<reason>:<hashes>: sessions ended, their sockets close (``sessions.py``)
                self._sessions_ended(rest)
            elif kind == "m":  # m:<json>: a moderation act the pages must hear of (``moderation.py``)
                self._moderation_heard(rest)
            elif kind == "c":  # c:<table>:<number>: a chat message stored
                self._on_notify("chat:" + rest)
            elif kind == "p":  # p:<worker>:<table>:<json>: the presence of that worker's sockets at the table
                w, _, rest2 = rest.partition(":")
                tid, _, data = rest2.partition(":")
                if not w.isdigit() or not tid:
                    continue
                try:
                    got = msgspec.json.decode(data)
                except msgspec.DecodeError:
                    continue
                per = self.remote_presence.setdefault(tid, {})
                if got.get("seats") or got.get("users") or got.get("anonymous"):
                    per[int(w)] = got
                else:
                    per.pop(int(w), None)
                    if not per:
                        del self.remote_presence[tid]
                rt = self.rts.get(tid)
                if rt is not None:
                    self.announce_presence(rt)
            elif kind == "h" and rest.isdigit():  # h:<worker>: that worker (re)started with no socket
                peer = int(rest)
                for tid, per in list(self.remote_presence.items()):
                    if per.pop(peer, None) is not None:
                        if not per:
                            del self.remote_presence[tid]
                        rt = self.rts.get(tid)
                        if rt is not None:
                            self.announce_presence(rt)
                assert self.peers is not None
                for tid, sent in self.presence_sent.items():  # what this worker's sockets show, for the newcomer
                    if sent != EMPTY_PRESENCE:
                        self.peers.send(f"p:{self.index}:{tid}:{sent}")

    async def _poller(self) -> None:
        n = 0
        while True:
            await asyncio.sleep(self.settings.poll_interval)
            n += 1
            try:
                ids = list(self.rts)
                versions = await self.db(self.store.versions, ids)
                for tid, v in versions.items():
                    rt = self.rts.get(tid)
                    if rt is not None and (v > rt.version or rt.stale):
                        if not self._follow(rt, v):
                            await self.refresh(rt, v)
                    elif rt is not None:
                        self._publish_locked(rt, lagging_only=True)  # a sender that missed a wake-up catches up
                        self.kick(rt)
                if n % 10 == 0:
                    for tid in await self.db(self.store.running_table_ids):
                        if tid not in self.rts and tid not in self._broken and self.owns(tid):
                            try:
                                rt2 = await self.get(tid)
                            except Exception:
                                self._broken.add(tid)
                                log.exception("cannot load table %s", tid)
                                continue
                            if rt2 is not None:
                                self.kick(rt2)
                    self._evict()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("poll failed")

    def _evict(self) -> None:
        now = time.monotonic()
        for tid, rt in list(self.rts.items()):
            if rt.clients or (rt.bot_task is not None and not rt.bot_task.done()) or rt.lock.locked():
                continue
            if self._bot_to_move(rt) is not None:
                continue
            if now - rt.last_used > 600:
                if rt.clock_timer is not None:  # the poller loads the table again and re-arms its clock
                    rt.clock_timer.cancel()
                    rt.clock_timer, rt.clock_deadline = None, None
                del self.rts[tid]
                self.presence_sent.pop(tid, None)

    # -------------------------------------------------------------- states rendered by another worker
    def _relay(self, rt: Runtime) -> None:
        """After this worker stored a change that left every seat with its holder: render the state
        for each audience the other workers' sockets are (their presence says which) and send them
        the messages, so that they need not read the table again nor render it themselves.  They
        carry the whole log (the other worker's sockets may have had any part of it)."""
        assert self.peers is not None
        remote = self.remote_presence.get(rt.id)
        if not remote or rt.meta is None:
            return
        audiences: set[int | None] = set()
        for part in remote.values():
            audiences.update(int(k) for k in part.get("seats") or {})
            if part.get("users") or part.get("anonymous"):
                audiences.add(None)
        for seat in sorted(audiences, key=lambda a: -1 if a is None else a):
            r = self.message_for(rt, seat)
            a = "-" if seat is None else seat
            if r.lines is None:
                self.peers.send(f"s:{rt.id}:{rt.version}:{a}:{r.shown}:-:0:{len(r.head)}:{r.head}")
                continue
            # the lines not sent before of this log; now and then the whole log (a lost datagram is made good)
            start = 0 if rt.version % RELAY_WHOLE_EVERY == 0 else r.start_for(rt.relay_sent.get(seat))
            rt.relay_sent[seat] = r.now_has()
            tail = msgspec.json.encode(r.lines[start:r.n]).decode()
            self.peers.send(f"s:{rt.id}:{rt.version}:{a}:{r.shown}:{self.index}.{r.gen}:{start}:{len(r.head)}:{r.head}{tail}")

    def _take_relayed(self, tid: str, version: int, seat: int | None, shown: int, theirs: str, start: int,
                      head: str, tail: str) -> None:
        """Another worker's rendering of ``version`` for ``seat`` (the message without its log, ``head``,
        and the lines from number ``start`` on of its log ``theirs``; ``"-"``: ``head`` is the whole
        message): kept for when this worker reaches that version; a worker that does not own the
        table moves its sockets on to it at once, its game left behind (read again only if something
        must be rendered here or changed, or if the lines do not go on from those it has)."""
        rt = self.rts.get(tid)
        if rt is None:
            return
        got: Rendered | None = Rendered(shown, head)
        if theirs != "-":
            log = rt.relay_logs.get(seat)
            if log is None:
                log = rt.relay_logs[seat] = RelayedLog()
            lines = msgspec.json.decode(tail, type=list[str])
            got = Rendered(shown, head, log.lines, log.gen, len(log.lines)) if log.take(theirs, start, lines) else None
        if version > rt.relayed_version:
            rt.relayed, rt.relayed_version = {}, version
        if version == rt.relayed_version and got is not None:
            rt.relayed[seat] = got
        if self.owns(tid) or rt.stale or rt.meta is None or version <= rt.version:
            return  # the owner reads every change (its bots and clocks need the game)
        if rt.lock.locked():
            self._spawn(self._advance_locked(rt, version))
        else:
            self._advance(rt, version)

    async def _advance_locked(self, rt: Runtime, version: int) -> None:
        async with rt.lock:
            if not rt.stale and rt.meta is not None and version > rt.version:
                self._advance(rt, version)

    def _advance(self, rt: Runtime, version: int) -> None:
        rt.version, rt.behind, rt.ts = version, True, time.time()
        rt.cache, rt.cache_version = {}, version
        for c in list(rt.clients):
            c.wake.set()
