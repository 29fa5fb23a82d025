"""Tables in memory: one runtime per table, kept in step with the store.

Every change to a table goes through :meth:`Hub.mutate`: under the table's lock (one
change at a time in this process) a write transaction locks the stored row (other
processes wait), brings the in-memory game up to the stored version, lets the engine
check the change, stores it and commits.  Only then is the change acknowledged and
published to the connected browsers.  If anything fails after the in-memory game was
touched, the runtime is marked stale and rebuilt from the store on next use.

Other processes' changes arrive by PostgreSQL notification (only a wake-up: the
runtime re-reads by version) and by a periodic poll, so a lost notification only
delays an update.  Whenever the runtime reaches a newer version, however it got there
(its own commit, a re-read, or a change refused after its transaction had caught up),
every connection is woken; the poller also wakes any connection not yet sent the
current version.  What each change does to the table is in ``ops.py``.
"""

from __future__ import annotations

import asyncio
import concurrent.futures as cf
import itertools
import logging
import os
import secrets
import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar

from primetime.core.errors import GameError, RecordError
from primetime.core.game import Game, get_ruleset
from primetime.core.plugin import get_plugin
from primetime.core.rng import Rng
from primetime.server import botpool, clocks, logs, metrics, moderation, ops, outbox, procs, sessions, turnbased
from primetime.server.config import BOT_PACES, DEFAULT_BOT_PACE, Settings
from primetime.server.inputs import InputError
from primetime.server.limits import Limiter
from primetime.server.links import EMPTY_PRESENCE, Links
from primetime.server.messages import chat_message, local_presence, presence_message, state_messages
from primetime.server.names import chat_text, record_names, seat_refusal
from primetime.server.runtime import (
    GAME,
    GAMES,
    MAX_SEATS,
    Client,
    GroupSync,
    Runtime,
    WriteBatch,
    bot_name,
    dumps,
    hash_secret,
    new_id,
    new_secret,
)
from primetime.server.statelog import Rendered
from primetime.server.store import ChatRow, ConflictError, SeatRow, Store, TableRow, Tx

_seeds = itertools.count()


def new_table_seed() -> int:
    """A new table's seed: random; with ``PRIMETIME_TABLE_SEED`` set (tests), that number plus one
    per table created by this process, so that the same test plays the same games every run."""
    base = os.environ.get("PRIMETIME_TABLE_SEED")
    if base is not None and base.strip().isdigit():
        return int(base) + next(_seeds)
    return secrets.randbelow(1 << 62)


#: The seeds a table can store (a signed 64-bit column on both backends).
SEED_RANGE = range(-(1 << 63), 1 << 63)

log = logging.getLogger("primetime.server")
R = TypeVar("R")

_JITTER = Rng(int.from_bytes(os.urandom(8), "little"))  # pacing only, never game randomness


class Hub(sessions.SessionWatch, moderation.ModerationWatch, Links):
    def __init__(self, settings: Settings, store: Store) -> None:
        self.settings = settings
        self.store = store
        self.rts: dict[str, Runtime] = {}
        workers = 1 if store.kind == "sqlite" else 4
        self.db_pool = cf.ThreadPoolExecutor(max_workers=workers, thread_name_prefix="db")
        self.bots = botpool.BotPool(settings.bot_workers)
        self.loop: asyncio.AbstractEventLoop | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self._stopping = threading.Event()
        self._listener: threading.Thread | None = None
        self.policies = botpool.policy_levels(settings.policies)  # trained policies and the games each plays
        self.levels = botpool.bot_levels() + list(self.policies)
        self._broken: set[str] = set()
        self.group = GroupSync(store.flush) if store.group_commit else None
        # the changes of one loop turn, written together (and made durable together: the batch waits for the flush)
        self.batch = WriteBatch(store.write_many, self.group) if store.inline else None
        self.chat_limit = Limiter(settings.rate_chat, "chat messages", who="you")
        # the workers of one machine (``procs.py``): this one's number, how many, and the datagrams between them
        self.index, self.count = settings.worker_index, max(1, settings.worker_count)
        self.peers = procs.Peers(settings.data_dir / "wake", self.index, self.count, self._on_peer_lines) if self.count > 1 else None
        self.remote_presence: dict[str, dict[int, dict[str, Any]]] = {}  # table -> worker -> its sockets' presence
        self.presence_sent: dict[str, str] = {}  # table -> this worker's presence as last sent to the others
        self.metrics: Any = metrics.OFF  # (``metrics.py``: set when /metrics is on)
        self.notifier: Any = None  # the sender of notifications (``notifier.Notifier``), set by the application

    def owns(self, table_id: str) -> bool:
        """Whether this worker runs the table's bots and clocks (``procs.owner``)."""
        return self.count == 1 or procs.owner(table_id, self.count) == self.index

    # -------------------------------------------------------------- lifecycle
    async def start(self) -> None:
        self.loop = asyncio.get_running_loop()
        if self.peers is not None:
            self.peers.start(self.loop)
            self.peers.send(f"h:{self.index}")  # the others drop what they had of this worker's sockets
        for tid in await self.db(self.store.running_table_ids):
            if not self.owns(tid):
                continue
            try:
                rt = await self.get(tid)
            except Exception:  # one unreadable game must not keep the others down
                log.exception("cannot load table %s", tid)
                continue
            if rt is not None:
                self.kick(rt)
        self._spawn(self._poller())
        self._spawn(self._session_poller())
        if self.store.kind == "postgresql" and self.settings.listen:
            self._listener = threading.Thread(target=self._listen, name="pg-listen", daemon=True)
            self._listener.start()

    async def stop(self) -> None:
        self._stopping.set()
        for task in list(self._tasks):
            task.cancel()
        for rt in self.rts.values():
            if rt.bot_task is not None:
                rt.bot_task.cancel()
            if rt.clock_timer is not None:
                rt.clock_timer.cancel()
        self.bots.close()
        if self.peers is not None:
            self.peers.close()
        if self.group is not None:
            self.group.close()
        self.db_pool.shutdown(wait=False, cancel_futures=True)

    def _spawn(self, coro: Any) -> asyncio.Task[Any]:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def db(self, fn: Callable[..., R], *args: Any) -> R:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.db_pool, fn, *args)

    async def durable(self) -> None:
        """Wait until every commit made so far is on disk (group commit; a no-op where commits are)."""
        if self.group is not None:
            await self.group.wait(self.group.committed())

    async def write(self, fn: Callable[..., R], *args: Any) -> R:
        """A write through the store, durable when this returns."""
        out = await self.db(fn, *args)
        await self.durable()
        return out

    # -------------------------------------------------------------- runtimes
    async def get(self, table_id: str) -> Runtime | None:
        rt = self.rts.get(table_id)
        if rt is None:
            rt = Runtime(table_id)
            async with rt.lock:
                ok = self._load(rt) if self.store.inline else await self.db(self._load, rt)
            if not ok:
                return None
            rt = self.rts.setdefault(table_id, rt)
        rt.last_used = time.monotonic()
        if rt.behind and not rt.lock.locked():  # its game and row as stored, for whoever reads them
            self._load(rt)
        return rt

    def _load(self, rt: Runtime) -> bool:
        def go(tx: Tx) -> bool:
            t = tx.table(rt.id)
            if t is None:
                return False
            rt.sync(tx, t)
            return True

        return self.store.read(go)

    async def refresh(self, rt: Runtime, min_version: int | None = None) -> None:
        """Re-read the table if the store has a newer version, then publish."""
        async with rt.lock:
            if min_version is not None and rt.version >= min_version and not rt.stale:
                self._publish_locked(rt, lagging_only=True)
                return
            before, was_stale = rt.version, rt.stale
            try:
                if self.store.inline:  # one table's rows from a local file: quicker here than through a thread
                    self._load(rt)
                else:
                    rt.changing = True  # (read in a thread: the sockets wait)
                    try:
                        await self.db(self._load, rt)
                    finally:
                        rt.changing = False
            except Exception:
                rt.stale = True
                log.exception("cannot refresh table %s", rt.id)
                return
            changed = rt.version != before
            if changed:
                rt.ts = time.time()
            if changed or was_stale:
                self._publish_locked(rt)
            else:
                self._publish_locked(rt, lagging_only=True)
        if changed:
            self.kick(rt)

    async def mutate(self, rt: Runtime, fn: Callable[[Tx, Runtime, TableRow], R]) -> R:
        """Run ``fn`` on the locked, up-to-date table in a write transaction; publish after commit.

        A refused change publishes too when the transaction brought the runtime up to a
        newer stored version (another process's change, say the same bot move made there
        first): else this process's browsers would wait for that state until the next change."""
        async with rt.lock:
            rt.ts = time.time()
            before = rt.version
            holders = rt.holders()

            def go(tx: Tx) -> R:
                t = tx.lock_table(rt.id, None if rt.stale else rt.meta)
                rt.sync(tx, t)
                turns = outbox.waiting(rt)  # who must act before the change: the turns it begins are announced
                try:
                    out = fn(tx, rt, t)
                    if self.notifier is not None:
                        self.notifier.turns_changed(tx, rt, turns)
                except (GameError, ConflictError):
                    raise
                except BaseException:
                    rt.stale = True
                    raise
                return out  # committed with the transaction: ``fn`` left the new row in rt.meta (``tx.bump``)

            def announce() -> None:
                """The change is stored and durable: wake the sockets, tell the other workers."""
                rt.changing = False
                self._publish_locked(rt)
                if self.peers is not None:
                    if self.store.inline and rt.holders() == holders:
                        self._relay(rt)
                    self.peers.send(f"v:{rt.id}:{rt.version}")

            rt.changing = True
            try:
                if self.batch is not None:
                    # SQLite: on the event loop, no thread hand-offs, in one transaction with the other
                    # tables' changes of this turn of the loop.  Every writer of every process holds the
                    # lock only while its transaction runs, all at once: a wait here is that short.  The
                    # batch calls ``announce`` once the change is durable, in the same turn of the loop
                    out = await self.batch.run(go, announce)
                else:
                    out = await self.db(self.store.write, go)
                    await self.durable()  # on disk before anyone hears of it
                    announce()
            except BaseException as exc:
                rt.changing = False
                if not isinstance(exc, GameError | ConflictError):  # not stored (or not known to be): read again
                    rt.stale = True
                if rt.version != before and not rt.stale:  # caught up with the store, then refused
                    self._publish_locked(rt)
                    self._spawn_kick(rt)
                else:  # (a socket that looked while the change was made looks again)
                    self._publish_locked(rt, lagging_only=True)
                raise
        self.kick(rt)
        return out

    # -------------------------------------------------------------- publishing
    def _publish_locked(self, rt: Runtime, lagging_only: bool = False) -> None:
        """Wake the senders of every connection (``lagging_only``: of those not sent the current version)."""
        if not lagging_only:
            rt.cache = {}
            rt.cache_version = rt.version
            if rt.presence_key != rt.seat_states():  # a seat changed hands, or its holder left the game
                self.announce_presence(rt)
        for c in list(rt.clients):
            if not lagging_only or c.sent_version != rt.version:
                if not self._state_now(rt, c):
                    c.wake.set()

    def _state_now(self, rt: Runtime, c: Client) -> bool:
        """Send ``c`` the table's state at once, in this turn of the loop, if nothing must go before it
        (an answer or message queued for it, a send under way, its own change not yet answered) and the
        state is stored; else (False) its sender does it."""
        if c.direct or c.sending or (c.finishing is not None and not c.finishing.done()) or self._held_back(rt, c):
            return False
        self._send_state(rt, c, c.send_now)
        return True

    @staticmethod
    def _held_back(rt: Runtime, c: Client) -> bool:
        """Whether the table's state may not go to ``c`` now: not stored (and durable) yet, to be read
        again, or ``c``'s own change still to be answered first."""
        return rt.stale or rt.changing or rt.meta is None or c.acting > 0 or c.closing is not None

    def _send_state(self, rt: Runtime, c: Client, send: Callable[[str], Any]) -> Any:
        """The newest state for ``c``'s seat as it is held now (``send``: how to send it; returns what it
        returned, None when there was nothing new to show)."""
        seat = rt.seat_for(c.secret_hash)
        if seat != c.seat:
            c.seat, c.shown, c.log = seat, -1, None
        # (a runtime behind catches up: the version after)
        shown, text, log = self.message_text(rt, seat, c.log)
        c.sent_version = rt.version
        if shown == c.shown:
            return None
        c.shown, c.log = shown, log
        return send(text)

    def _spawn_kick(self, rt: Runtime) -> None:
        if self.loop is not None:
            self.loop.call_soon(self.kick, rt)

    def message_for(self, rt: Runtime, seat: int | None) -> Rendered:
        """The state message for ``seat`` (call on the event loop, never while a change is being stored:
        ``Runtime.changing``): rendered once per version and audience in this process, or as another
        worker rendered it (``_relay``).  A runtime
        ``behind`` its version (it took another worker's messages without its game) catches up
        first when it must render."""
        if rt.cache_version != rt.version:
            rt.cache = {}
            rt.cache_version = rt.version
        msg = rt.cache.get(seat)
        if msg is None:
            if rt.relayed_version == rt.version and seat in rt.relayed:
                msg = rt.cache[seat] = rt.relayed[seat]
                return msg
            if rt.behind:
                self._load(rt)  # SQLite only (``_relay``): a quick read on the event loop
                if rt.cache_version != rt.version:
                    rt.cache = {}
                    rt.cache_version = rt.version
            seats = rt.audiences(seat)  # (the others' too, when their views come almost free with this one)
            for a, r in zip(seats, state_messages(self, rt, seats), strict=True):
                rt.cache[a] = r
            msg = rt.cache[seat]
        return msg

    def message_text(self, rt: Runtime, seat: int | None, have: tuple[int, int] | None) -> tuple[int, str, tuple[int, int] | None]:
        """(shown version, state message, log then had) for a socket of ``seat`` that has had the log
        ``have`` (``Client.log``): only the lines it has not had when the log it has is still the
        start of this one, else the whole log (as ``message_for``)."""
        r = self.message_for(rt, seat)
        return r.shown, r.text(r.start_for(have)), r.now_has()

    async def attach(self, rt: Runtime, client: Client) -> None:
        # the server's clock, for counting down; which worker serves the socket (of ``workers``)
        client.push(dumps({"type": "time", "now": time.time(), "worker": self.index}))
        rt.clients.add(client)
        self.announce_presence(rt, client)
        if self.notifier is not None:
            self.notifier.presence_changed()
        client.wake.set()

    def detach(self, rt: Runtime, client: Client) -> None:
        rt.clients.discard(client)
        self.announce_presence(rt)  # at once: the others see the seat go offline
        if self.notifier is not None:
            self.notifier.presence_changed()

    # -------------------------------------------------------------- presence and chat
    def set_away(self, rt: Runtime, client: Client, away: bool) -> None:
        client.away = away
        self.announce_presence(rt)

    def announce_presence(self, rt: Runtime, newcomer: Client | None = None) -> None:
        """Send every connection the seats' presence if it changed (else only ``newcomer``); tell the
        other workers of this one's sockets when they changed."""
        if rt.meta is None:
            return
        rt.presence_key = rt.seat_states()
        if self.peers is not None:
            mine = local_presence(rt)
            sent = dumps(mine)
            if sent != self.presence_sent.get(rt.id, EMPTY_PRESENCE):
                self.presence_sent[rt.id] = sent
                self.peers.send(f"p:{self.index}:{rt.id}:{sent}")
            text = dumps(presence_message(rt, mine, self.remote_presence.get(rt.id, {}).values()))
        else:
            text = dumps(presence_message(rt))
        if text != rt.presence_text:
            rt.presence_text = text
            for c in list(rt.clients):
                c.push(text)
        elif newcomer is not None:
            newcomer.push(text)

    async def chat(self, rt: Runtime, client: Client, raw: Any) -> None:
        """Store and send a chat message of ``client``; ``ConflictError``, ``InputError`` or
        ``RateLimited`` say why not.  It carries the writer's name, seat and text, nothing of the game."""
        t = rt.meta
        if t is None:
            raise ConflictError("no such table")
        if client.user_id is None or client.name is None:
            raise ConflictError("choose a display name first (in the lobby) to chat")
        seat = rt.seat_for(client.secret_hash)
        if seat is None and not t.spectator_chat:
            raise ConflictError("spectators may not chat at this table (the host turned it off)")
        text = chat_text(raw)
        self.chat_limit.take(client.user_id)
        name = (t.seats[seat].name if seat is not None else None) or client.name
        row = await self.write(self.store.add_chat, rt.id, client.user_id, name, seat, text)
        if self.peers is not None:
            self.peers.send(f"c:{rt.id}:{row.seq}")
        rows = [row]
        if row.seq > rt.chat_seq + 1:  # messages written before it elsewhere (not yet announced here) go first
            rows = await self.db(self.store.chat, rt.id, rt.chat_seq, self.settings.chat_history)
        self.send_chat(rt, [r for r in rows if r.seq > rt.chat_seq])

    def send_chat(self, rt: Runtime, rows: list[ChatRow], to: Client | None = None, history: bool = False) -> None:
        """Chat messages to every connection of the table (or only ``to``)."""
        if not rows and not history:
            return
        text = dumps(chat_message(rt.id, rows, history, to.user_id if to is not None else None))
        # the latest message every connection here has had: what goes to all, or the history of the only one
        if rows and (to is None or all(c is to for c in rt.clients)):
            rt.chat_seq = max(rt.chat_seq, rows[-1].seq)
        if to is not None:
            to.push(text)
            return
        for c in list(rt.clients):
            c.push(text)

    async def _chat_from_store(self, rt: Runtime, seq: int) -> None:
        """Another process stored chat message ``seq``: send what this process has not sent."""
        if seq <= rt.chat_seq:
            return
        since = rt.chat_seq or seq - 1
        rows = [r for r in await self.db(self.store.chat, rt.id, since, 200) if r.seq > rt.chat_seq]
        if rows:
            self.send_chat(rt, rows)

    async def sender(self, rt: Runtime, client: Client) -> None:
        """Send ``client`` its direct messages and the newest state, forever.

        Each state goes to whoever holds the client's seat secret *now*: the seat is looked
        up again for every message, with the state it goes with (no lock: nothing between
        the two gives the event loop away; a state still being stored, ``Runtime.changing``,
        waits for the wake-up its change gives once stored).  A state that shows this audience nothing
        new (only steps behind another seat's screen happened) is not sent at all.  The log goes
        on from the lines this socket was sent (``Client.log``); a socket whose seat changed, or
        whose log is not the start of its audience's log any more, is sent the whole log."""
        while True:
            await client.wake.wait()
            client.wake.clear()
            await client.settle_sends()  # (a state sent at once that had to wait goes first)
            client.sending = True
            try:
                while client.direct:
                    await client.send(client.direct.pop(0))
                if client.closing is not None:  # its session ended: what was queued for it went first, then the close
                    if client.close is not None:
                        await client.close(*client.closing)
                    return
                if client.sent_version == rt.version or self._held_back(rt, client):
                    continue
                out = self._send_state(rt, client, client.send)
                if out is not None:
                    await out
            finally:
                client.sending = False

    # -------------------------------------------------------------- bots
    def kick(self, rt: Runtime) -> None:
        """Start a bot whose decision is pending, if any (and watch the running clocks)."""
        if self.loop is None or self._stopping.is_set() or not self.owns(rt.id):
            return
        self._arm_clock(rt)
        if rt.bot_task is not None and not rt.bot_task.done():
            return
        if not self._bot_to_move(rt):
            return
        rt.bot_task = self.loop.create_task(self._bot_move(rt))

    def _bot_to_move(self, rt: Runtime) -> SeatRow | None:
        t, g = rt.meta, rt.game
        if t is None or g is None or t.status != "running" or rt.stale or g.is_over():
            return None
        for p in g.pending_players():  # a simultaneous decision: every bot answers its own, one after another
            if 0 <= p < len(t.seats) and t.seats[p].kind == "bot":
                return t.seats[p]
        return None

    async def _bot_move(self, rt: Runtime) -> None:
        logs.bind(rt.id)  # (its log lines are the table's)
        try:
            pace = BOT_PACES.get(rt.meta.bot_pace if rt.meta is not None else DEFAULT_BOT_PACE, 0.0)
            if self.settings.bot_delay * pace > 0:  # the table's pace, with a little variation, so bots feel less mechanical
                await asyncio.sleep(self.settings.bot_delay * pace * (0.75 + _JITTER.below(501) / 1000))
            async with rt.lock:
                s = self._bot_to_move(rt)
                if s is None or rt.game is None or rt.meta is None:
                    return
                seq = rt.game.seq
                level = s.bot or "greedy"
                quick = level in botpool.QUICK_BOTS
                # a quick bot chooses here on a copy; a slow one in a process, from the serialised state
                state: Any = rt.game.ruleset.clone(rt.game.state) if quick else botpool.encode_state(rt.game)
                seed = botpool.bot_seed(rt.meta.seed, s.seat, seq)
                seat = s.seat
                game_name = rt.meta.game
            began = time.perf_counter()
            if quick:
                key = self.bots.choose_quick(game_name, state, level, seed, seat)
            else:
                key = await self.bots.choose(game_name, state, level, seed, seat)
            self.metrics.bot(level, time.perf_counter() - began)
            try:
                began = time.perf_counter()
                await self.mutate(rt, lambda tx, rt_, t: ops.act(tx, rt_, t, seat, key, seq, None, True))
                self.metrics.action("bot", began)
            except (GameError, ConflictError) as exc:
                log.debug("bot move on %s dropped: %s", rt.id, exc)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("bot move failed on table %s", rt.id)
            await asyncio.sleep(1.0)
        finally:
            rt.bot_task = None
        self.kick(rt)

    # -------------------------------------------------------------- clocks
    def _arm_clock(self, rt: Runtime) -> None:
        """Wake up when the first running clock of the table runs out (the timer is made again only
        when that moment changed)."""
        t = rt.meta
        deadline = None
        if self.loop is not None and t is not None and t.status == "running" and not rt.stale:
            deadline = clocks.next_deadline(t.clock)
        if deadline == rt.clock_deadline and (deadline is None or rt.clock_timer is not None):
            return
        if rt.clock_timer is not None:
            rt.clock_timer.cancel()
            rt.clock_timer = None
        rt.clock_deadline = deadline
        if deadline is None or self.loop is None:
            return
        rt.clock_timer = self.loop.call_later(max(0.0, deadline - time.time()) + 0.02,
                                              lambda: self._spawn(self.expire(rt)))

    async def expire(self, rt: Runtime) -> None:
        """Apply the timeout policy to the seats whose clocks ran out (under the table's lock;
        if another process did it first, the stored clock says so and nothing happens)."""
        logs.bind(rt.id)
        rt.clock_timer, rt.clock_deadline = None, None
        t = rt.meta
        if t is None or not clocks.expired(t.clock, time.time()):
            self.kick(rt)
            return
        try:
            seats = await self.mutate(rt, lambda tx, rt_, t_: ops.timeout(tx, rt_, t_, time.time()))
            log.info("table %s: time ran out for seat(s) %s", rt.id, seats)
        except (GameError, ConflictError) as exc:
            log.debug("timeout on %s dropped: %s", rt.id, exc)
        except Exception:
            log.exception("timeout failed on table %s", rt.id)
            await asyncio.sleep(1.0)  # not at once again (the poller re-arms the clock anyway)
            self.kick(rt)

    # ================================================================ public operations (ops.py says what each does)
    async def act(self, rt: Runtime, seat: int, key: str, expected_seq: int | None, secret_hash: str | None,
                  signed_in: tuple[str, ...] = ()) -> int:
        """Take ``key`` for a person's ``seat``; ``expected_seq`` and the result are the step
        numbers that seat is shown (``Runtime.shown``); ``signed_in``: the sessions that must still
        live (``sessions.checked``)."""
        return await self.mutate(rt, sessions.checked(signed_in, lambda tx, rt_, t: ops.act(tx, rt_, t, seat, key, expected_seq, secret_hash)))

    async def undo(self, rt: Runtime, seat: int, expected_seq: int | None, secret_hash: str | None,
                   signed_in: tuple[str, ...] = ()) -> int:
        return await self.mutate(rt, sessions.checked(signed_in, lambda tx, rt_, t: ops.undo(tx, rt_, t, seat, expected_seq, secret_hash)))

    async def join(self, rt: Runtime, user: dict[str, Any], seat: int | None) -> tuple[int, str]:
        secret = new_secret()
        return await self.mutate(rt, lambda tx, rt_, t: ops.join(tx, rt_, t, user, seat, secret, self.settings))

    async def leave(self, rt: Runtime, user_id: str, secret_hash: str | None) -> str:
        return await self.mutate(rt, lambda tx, rt_, t: ops.leave(tx, rt_, t, user_id))

    async def rejoin(self, rt: Runtime, user_id: str) -> tuple[int, str]:
        secret = new_secret()
        return await self.mutate(rt, lambda tx, rt_, t: ops.rejoin(tx, rt_, t, user_id, secret))

    async def vote(self, rt: Runtime, voter: int, target: int, secret_hash: str | None, signed_in: tuple[str, ...] = ()) -> str:
        idle = self.settings.idle_replace_after
        return await self.mutate(rt, sessions.checked(signed_in, lambda tx, rt_, t: ops.vote(tx, rt_, t, voter, target, secret_hash, idle)))

    def levels_for(self, game: str) -> list[str]:
        """The bots that play ``game``: every known bot, and the trained policies of that game."""
        return [lv for lv in self.levels if game in self.policies.get(lv, (game,))]

    async def set_seat(self, rt: Runtime, user_id: str, seat: int, kind: str, level: str | None) -> None:
        levels = self.levels_for(str(getattr(rt.meta, "game", "networks")))
        await self.mutate(rt, lambda tx, rt_, t: ops.set_seat(tx, rt_, t, user_id, seat, kind, level, levels))

    async def start_game(self, rt: Runtime, user_id: str, fill_bots: bool) -> None:
        await self.mutate(rt, lambda tx, rt_, t: ops.start_game(tx, rt_, t, user_id, fill_bots))

    # ================================================================ creation
    def validate_options(self, options: dict[str, Any], nseats: int, game: str = GAME) -> dict[str, Any]:
        if game not in GAMES:
            raise ConflictError(f"unknown game {game!r}; this server offers {', '.join(GAMES)}")
        clean = {k: options[k] for k in get_plugin(game).option_names() if k in options}
        try:
            return dict(get_ruleset(game).validate_options(clean, nseats))
        except ValueError as exc:
            raise ConflictError(str(exc)) from None

    async def create_table(self, user: dict[str, Any], name: str, seats: list[str], options: dict[str, Any],
                           game: str = GAME, spectator_chat: bool = True,
                           clock: dict[str, Any] | None = None, bot_pace: str = DEFAULT_BOT_PACE,
                           hints: bool = False) -> tuple[str, str]:
        """``seats`` after the host's: ``"open"`` or ``"bot:<level>"``; ``spectator_chat``: whether
        spectators may write in the table's chat; ``clock``: its time control (``clocks.parse``);
        ``bot_pace``: how fast its bots move (``config.BOT_PACES``); ``hints``: hints on request (the table is
        never rated).  Returns (table id, seat secret)."""
        n = 1 + len(seats)
        if not 1 <= n <= MAX_SEATS:
            raise ConflictError(f"a table has 1 to {MAX_SEATS} players")
        opts = self.validate_options(options, n, game)
        refusal = seat_refusal(user["name"], [])
        if refusal:
            raise ConflictError(refusal)
        levels = self.levels_for(game)  # every known bot plays every game served here; a policy plays its own
        secret = new_secret()
        rows = [SeatRow(0, "human", user["id"], user["name"], None, hash_secret(secret))]
        for i, spec in enumerate(seats, start=1):
            if spec == "open":
                rows.append(SeatRow(i, "open"))
            elif spec.startswith("bot:") and spec[4:] in levels:
                rows.append(SeatRow(i, "bot", None, bot_name(i, spec[4:]), spec[4:]))
            else:
                raise ConflictError(f"seat {i + 1}: say 'open' or one of {', '.join('bot:' + lv for lv in levels)}")
        now = time.time()
        tid = new_id()
        t = TableRow(tid, name, game, user["id"], "open", opts, new_table_seed(), n, None, 1, 0, 0, None,
                     False, now, now, seats=rows, spectator_chat=spectator_chat, clock=clock, bot_pace=bot_pace,
                     hints=hints)
        await self.write(turnbased.create_table, self.store, self.settings, t)  # (a turn-based one: within the host's limit)
        return tid, secret

    async def import_record(self, rec: dict[str, Any], owner: str | None) -> str:
        """Store a (validated) record as a finished table that can be replayed.

        Its player names are cleaned like every other name (``names.record_names``): the
        stored record carries the cleaned names; the game does not depend on them."""
        from primetime.core.game import replay_record, split_action

        seed = rec["seed"]
        if seed not in SEED_RANGE:
            raise RecordError(f"seed {str(seed)[:30]} is outside the range a game can store "
                              f"(a whole number from {SEED_RANGE.start} to {SEED_RANGE.stop - 1})")
        try:
            names = record_names(list(rec["players"]))
        except InputError as exc:
            raise RecordError(str(exc)) from None
        rec = {**rec, "players": names}

        def build() -> tuple[TableRow, list[tuple[str, int]]]:
            game = replay_record(rec)
            marks_seats = []
            g2 = Game.new(rec["game"], list(names), int(seed), dict(rec.get("options") or {}))
            for entry in rec["actions"]:
                seat, _key = split_action(entry)
                marks_seats.append((entry, int(seat if seat is not None else g2.current_player() or 0)))
                g2.apply_entry(entry)
            now = time.time()
            seats = [SeatRow(i, "bot", None, nm, "imported") for i, nm in enumerate(names)]
            t = TableRow(new_id(), "Imported: " + ", ".join(names)[:60], rec["game"], owner, "finished",
                         dict(game.header["options"]), int(seed), len(names), names, 1, 0, game.seq,
                         game.result() if game.is_over() else None, True, now, now, seats=seats)
            return t, marks_seats

        t, acts = await asyncio.get_running_loop().run_in_executor(None, build)
        await self.write(self.store.create_table, t, acts)
        return t.id
