"""What the hub keeps per table and per connection: the table's runtime (its game in memory, kept
in step with the stored row), a browser connection, the group commit of the store's writes,
and the small helpers of table ids, seat secrets and the games served."""

from __future__ import annotations

import asyncio
import concurrent.futures as cf
import contextlib
import hashlib
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

import msgspec

from primetime.bots.levels import seat_name
from primetime.core.game import Game
from primetime.core.plugin import game_names
from primetime.server.gamestate import Mark, apply_entry_tracked, build_game
from primetime.server.statelog import LogTrack, RelayedLog, Rendered
from primetime.server.store import StoreBusy, TableRow, Tx

GAME = "networks"  # the default game of a new table
GAMES: tuple[str, ...] = tuple(game_names())  # the games served here (their plugins say what a table may set)
MAX_SEATS = 5


def hash_secret(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def new_secret() -> str:
    return secrets.token_urlsafe(24)


def new_id(n: int = 6) -> str:
    return secrets.token_urlsafe(n)


def bot_name(seat: int, level: str) -> str:
    """``Bot 2 (Casual)``: the seat and the level's name (never the bot's own name)."""
    return seat_name(seat, level)


@dataclass(eq=False)
class Client:
    """One WebSocket connection and the seat secret it was opened with.

    ``seat`` is whichever seat that secret holds *now* (None = spectator): it is looked up
    again for every message sent and every message received, so a socket whose seat was
    given up, handed to a bot or taken by someone else sees only what a spectator sees."""

    seat: int | None
    secret_hash: str | None
    user_id: str | None
    send: Callable[[str], Any]
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    direct: list[str] = field(default_factory=list)
    sent_version: int = -1  # the runtime's version last sent (or found to hold nothing new)
    shown: int = -1  # the version number this socket was last shown (see Runtime.offset)
    log: tuple[int, int] | None = None  # the log this socket was sent: (its ``LogTrack.gen``, how many lines)
    window_start: float = 0.0
    window_count: int = 0
    name: str | None = None  # the user's display name when the socket opened (a spectator's chat name)
    away: bool = False  # the browser said its tab is hidden or its person idle
    acting: int = 0  # its own changes under way: the state waits for their answers, which go first
    sending: bool = False  # its sender is in the middle of a send (another must not overtake it)
    finishing: asyncio.Future[None] | None = None  # a send begun at once (``send_now``) that had to wait
    # the account sessions it relies on (its user cookie's, its seat secret's: ``sessions.py``), and once
    # one of them ended, the close code and reason it is closed with (``close``: how) instead of any state
    sessions: tuple[str, ...] = ()
    closing: tuple[int, str] | None = None
    close: Callable[[int, str], Any] | None = None

    def send_now(self, text: str) -> None:
        """Send ``text`` at once, from the caller's turn of the event loop: a send that has to wait (the
        socket's buffer is full) goes on in a task, which this socket's next send waits for.  A closed
        socket is left to its receiving end, which sees it closed and detaches it."""
        coro = self.send(text)
        try:
            waiting = coro.send(None)
        except StopIteration:
            return
        except Exception:
            return
        self.finishing = asyncio.ensure_future(_finish(coro, waiting))

    async def settle_sends(self) -> None:
        """Wait for a send begun at once that had to wait."""
        if self.finishing is not None:
            with contextlib.suppress(Exception):
                await self.finishing
            self.finishing = None

    def push(self, text: str) -> None:
        if len(self.direct) < 100:  # a client that does not read gets no more replies queued
            self.direct.append(text)
        self.wake.set()


async def _finish(coro: Any, waiting: Any) -> None:
    """Go on with a coroutine begun by hand that gave way on ``waiting`` (what a task would do)."""
    try:
        while True:
            if waiting is None:  # a bare yield: give the loop one turn
                await asyncio.sleep(0)
            else:
                await asyncio.wait([waiting])  # (its outcome is the coroutine's to take)
            try:
                waiting = coro.send(None)
            except StopIteration:
                return
            except Exception:  # (the socket closed meanwhile: its receiving end sees it and detaches it)
                return
    except BaseException:
        coro.close()
        raise


class Runtime:
    """The in-memory side of one table."""

    def __init__(self, table_id: str) -> None:
        self.id = table_id
        self.meta: TableRow | None = None
        self.game: Game[Any] | None = None
        self.marks: list[Mark] = []
        self.version = -1
        self.epoch = -1
        self.stale = True
        self.lock = asyncio.Lock()
        self.clients: set[Client] = set()
        self.cache: dict[int | None, Rendered] = {}  # seat -> its state message of ``cache_version``
        self.rendered: dict[str, str] = {}  # log line -> line with names
        self.cache_version = -1
        self.ts = time.time()  # when the latest change was submitted
        self.bot_task: asyncio.Task[None] | None = None
        self.last_used = time.monotonic()
        self.presence_text: str | None = None  # the presence message last sent to every connection
        self.presence_key: tuple[tuple[str, str | None, bool], ...] | None = None  # ``seat_states()`` when it was sent
        self.chat_seq = 0  # the latest chat message this process sent to its connections
        self.clock_timer: asyncio.TimerHandle | None = None  # wakes the hub when a running clock runs out
        self.clock_deadline: float | None = None  # the moment it is armed for
        # another worker's renderings of a version (``Links._relay``), and whether ``version`` is ahead
        # of ``game`` and ``meta`` (this worker took those messages without reading the change)
        self.relayed: dict[int | None, Rendered] = {}
        self.relayed_version = -1
        self.relay_logs: dict[int | None, RelayedLog] = {}  # per audience: its log as the relayed messages brought it
        self.relay_sent: dict[int | None, tuple[int, int] | None] = {}  # per audience: the log this worker relayed
        self.behind = False
        # a change is being made to the game in memory and is not stored (and durable) yet: the
        # sockets are not sent this state until it is (``Hub.mutate``), and a thread may be changing it
        self.changing = False
        self._memo: dict[str, Any] = {}
        self._memo_game: Game[Any] | None = None
        self._logs: dict[int | None, LogTrack] = {}
        self._logs_game: Game[Any] | None = None
        self._table: tuple[dict[Any, Rendered], msgspec.Raw] | None = None  # (the ``cache`` it is for, the public table facts as JSON)
        # the screened steps counted so far of ``marks`` (which only grows, or is replaced whole):
        # the list counted, how many of its marks, how many of them screened, and per seat its own
        self._screened_of: list[Mark] | None = None
        self._screened_n = 0
        self._screened = 0
        self._screened_by: dict[int, int] = {}

    # -------------------------------------------------------------- sync (worker thread)
    def sync(self, tx: Tx, t: TableRow) -> None:
        """Bring the game to the stored version ``t`` (read in the same transaction)."""
        if not self.stale and not self.behind and self.version == t.version and self.meta is not None:
            return
        if t.status == "open" or not t.players:
            self.game, self.marks = None, []
        elif self.stale or self.game is None or t.epoch != self.epoch or t.nactions < self.game.seq:
            self.game, self.marks = build_game(t, tx.actions(t.id, 0))
        elif t.nactions > self.game.seq:
            for seq, key, _seat in tx.actions(t.id, self.game.seq):
                if seq != self.game.seq:
                    raise ValueError(f"table {t.id}: expected action {self.game.seq}, found {seq}")
                self.marks.append(apply_entry_tracked(self.game, key))
        self.meta = t
        self.version = t.version
        self.epoch = t.epoch
        self.stale = self.behind = False

    # -------------------------------------------------------------- reading
    @property
    def memo(self) -> dict[str, Any]:
        """What the game's plugin keeps of the current game's log (``GamePlugin.browser_view``):
        new for every game object, so a game rebuilt (an undo, a reload) starts afresh."""
        if self._memo_game is not self.game:
            self._memo, self._memo_game = {}, self.game
        return self._memo

    def audiences(self, seat: int | None) -> list[int | None]:
        """``seat``, and when the game makes the views of several viewers together (``Game.shares_views``),
        every other audience of this runtime's sockets not yet rendered at this version (by ``cache``
        or another worker): what to render with ``seat``'s state message."""
        out = [seat]
        if self.game is not None and self.game.shares_views:
            relayed = self.relayed if self.relayed_version == self.version else {}
            for c in self.clients:
                a = self.seat_for(c.secret_hash)
                if a not in out and a not in self.cache and a not in relayed:
                    out.append(a)
        return out

    def log_track(self, seat: int | None) -> LogTrack:
        """The rendered log of ``seat``'s view (None: the spectators'), kept while the game object lives."""
        if self._logs_game is not self.game:
            self._logs, self._logs_game = {}, self.game
        got = self._logs.get(seat)
        if got is None:
            got = self._logs[seat] = LogTrack()
        return got

    def table_json(self, make: Callable[[], dict[str, Any]]) -> msgspec.Raw:
        """The public table facts (``messages.public_table``, which ``make`` builds) as JSON: the same in
        every audience's state message, so built once for the messages of ``cache`` (once per version,
        or again when the messages are made again)."""
        got = self._table
        if got is None or got[0] is not self.cache:
            got = self._table = (self.cache, msgspec.Raw(msgspec.json.encode(make())))
        return got[1]

    @property
    def seq(self) -> int:
        return self.game.seq if self.game is not None else 0

    def offset(self, seat: int | None) -> int:
        """How many steps of the game ``seat`` is not told of: the screened steps of the other
        seats (all of them for a spectator).  Its sequence and version numbers are the
        game's less this many, so that they move only when something it may see changes."""
        marks = self.marks
        if marks is not self._screened_of or len(marks) < self._screened_n:  # a new list: count it all
            self._screened_of, self._screened_n, self._screened, self._screened_by = marks, 0, 0, {}
        if len(marks) > self._screened_n:  # only the marks added since the last count
            by = self._screened_by
            for m in marks[self._screened_n:]:
                if m.screened:
                    self._screened += 1
                    by[m.seat] = by.get(m.seat, 0) + 1
            self._screened_n = len(marks)
        return self._screened - (self._screened_by.get(seat, 0) if seat is not None else 0)

    def shown(self, seat: int | None) -> tuple[int, int]:
        """(sequence number, version) as ``seat`` is shown them."""
        off = self.offset(seat)
        return self.seq - off, self.version - off

    def public_acted(self) -> float:
        """When the game last moved in a way everyone saw (a screened step is not told of;
        screened steps leave ``updated`` alone, so it is the latest visible change)."""
        t = self.meta
        assert t is not None
        return t.updated if self.marks and self.marks[-1].screened else t.acted

    def holders(self) -> tuple[tuple[str, str | None], ...]:
        """Who holds each seat (its kind and secret): a change that keeps them keeps every socket's audience."""
        return tuple((s.kind, s.secret_hash) for s in self.meta.seats) if self.meta is not None else ()

    def seat_states(self) -> tuple[tuple[str, str | None, bool], ...]:
        """What the presence message says of the seats besides their sockets: who holds each (its kind
        and secret) and whether they left the game."""
        return tuple((s.kind, s.secret_hash, s.left) for s in self.meta.seats) if self.meta is not None else ()

    def seat_for(self, secret_hash: str | None) -> int | None:
        if not secret_hash or self.meta is None:
            return None
        for s in self.meta.seats:
            if s.kind == "human" and s.secret_hash and secrets.compare_digest(s.secret_hash, secret_hash):
                return s.seat
        return None

    def replaceable(self, idle_after: float) -> list[int]:
        """Human seats the others may vote to hand to a bot: gone, or idle on their turn."""
        t = self.meta
        if t is None or t.status != "running" or self.game is None:
            return []
        waiting = self.game.pending_players()
        out = []
        for s in t.seats:
            if s.kind != "human":
                continue
            if s.left or (s.seat in waiting and time.time() - t.acted > idle_after):
                out.append(s.seat)
        return out


R = TypeVar("R")


class WriteBatch:
    """The writes asked for during one turn of the event loop, made in one transaction at its end.

    ``await run(fn)`` returns ``fn``'s result once it is committed (or raises what ``fn`` raised,
    its changes undone, the others' kept).  One lock, ``BEGIN`` and ``COMMIT`` then serve every
    table that changed in that turn, and the store's lock is held only while the writes run, one
    after another.  Runs on the event loop (SQLite in a file: ``Store.inline``).

    With ``sync`` (group commit, ``GroupSync``) a result is given only once the commit is durable:
    the flush is asked for as soon as the transaction commits, and its end gives every result of
    the batch at once, so that a change costs as few turns of the loop as it can (each turn is
    long when many tables play)."""

    #: While another process holds the store's lock, look again this often (the loop serves the others
    #: meanwhile), and after this long wait for it.
    RETRY = 0.001
    PATIENCE = 0.05

    def __init__(self, write_many: Callable[[list[Callable[[Any], Any]], bool], list[tuple[bool, Any]]],
                 sync: GroupSync | None = None) -> None:
        self.write_many = write_many
        self.sync = sync
        self.pending: list[tuple[Callable[[Any], Any], asyncio.Future[Any], Callable[[], None] | None]] = []
        self.sizes: list[int] = []  # how many writes each transaction made (the last few hundred)
        self.busy_since: float | None = None  # when the lock was first found held, for the writes waiting
        self.retry: asyncio.TimerHandle | None = None

    async def run(self, fn: Callable[[Any], R], then: Callable[[], None] | None = None) -> R:
        """``fn``'s result once it is stored; ``then`` is called first, from the callback that gives it
        (the same turn of the loop), when it was stored."""
        loop = asyncio.get_running_loop()
        if not self.pending and self.retry is None:
            loop.call_soon(self._flush)
        fut: asyncio.Future[Any] = loop.create_future()
        self.pending.append((fn, fut, then))
        return await fut  # type: ignore[no-any-return]

    def _flush(self) -> None:
        self.retry = None
        batch, self.pending = [item for item in self.pending if not item[1].done()], []  # (a caller cancelled: not made)
        if not batch:
            return
        loop = asyncio.get_running_loop()
        now = loop.time()
        wait = self.busy_since is not None and now - self.busy_since > self.PATIENCE
        try:
            results = self.write_many([fn for fn, _, _ in batch], wait)
        except StoreBusy:  # another process is writing: serve the others, and look again in a moment
            if self.busy_since is None:
                self.busy_since = now
            self.pending = batch  # (nothing was queued meanwhile: this runs on the loop)
            self.retry = loop.call_later(self.RETRY, self._flush)
            return
        except BaseException as exc:  # the commit failed: none of them is stored
            self.busy_since = None
            for _, fut, _ in batch:
                if not fut.done():
                    fut.set_exception(exc)
            return
        self.busy_since = None
        self.sizes = self.sizes[-255:] + [len(batch)]
        if self.sync is None:
            self._settle(batch, results, None)
        else:
            self.sync.committed()
            self.sync.request(lambda exc: self._settle(batch, results, exc))

    @staticmethod
    def _settle(batch: list[tuple[Callable[[Any], Any], asyncio.Future[Any], Callable[[], None] | None]],
                results: list[tuple[bool, Any]], failed: BaseException | None) -> None:
        """Give the callers their results (``failed``: the commit could not be made durable)."""
        for (_, fut, then), (ok, value) in zip(batch, results, strict=True):
            if fut.done():  # its caller was cancelled: what it wrote stays written, as it would have
                continue
            if failed is not None:
                fut.set_exception(failed)
            elif ok:
                if then is not None:
                    try:
                        then()
                    except Exception as exc:  # (its caller hears of it)
                        fut.set_exception(exc)
                        continue
                fut.set_result(value)
            else:
                fut.set_exception(value)


class GroupSync:
    """Group commit: one flush makes every commit made before it durable.

    ``request(done)`` calls ``done(None)`` on the event loop after a flush that began after the
    call (``done(exc)`` if it failed); the requests made while a flush runs share the next one.
    ``wait(n)`` returns once commit number ``n`` (``committed()``) is durable.  The flush itself
    runs in a thread; its end is a callback on the loop, no task in between."""

    def __init__(self, flush: Callable[[], None]) -> None:
        self.flush = flush
        self.pool = cf.ThreadPoolExecutor(max_workers=1, thread_name_prefix="fsync")
        self.commits = 0
        self.synced = 0
        self.running = False
        self.queue: list[Callable[[BaseException | None], None]] = []

    def committed(self) -> int:
        self.commits += 1
        return self.commits

    def request(self, done: Callable[[BaseException | None], None]) -> None:
        self.queue.append(done)
        if not self.running:
            self._start(asyncio.get_running_loop())

    def _start(self, loop: asyncio.AbstractEventLoop) -> None:
        waiting, self.queue = self.queue, []
        target = self.commits
        self.running = True

        def finished(f: cf.Future[None]) -> None:
            self.running = False
            exc = f.exception()
            if exc is None:
                self.synced = max(self.synced, target)
            if self.queue:  # asked for while this flush ran: the next one
                self._start(loop)
            for done in waiting:
                done(exc)

        try:
            job = self.pool.submit(self.flush)
        except RuntimeError as exc:  # the pool is shut down (the server stops)
            self.running = False
            for done in waiting:
                done(exc)
            return
        def back(f: cf.Future[None]) -> None:  # (in the flushing thread)
            try:
                loop.call_soon_threadsafe(finished, f)
            except RuntimeError:  # the loop is closed: the server has stopped
                pass

        job.add_done_callback(back)

    async def wait(self, n: int) -> None:
        if self.synced >= n:
            return
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()

        def done(exc: BaseException | None) -> None:
            if fut.done():
                return
            if exc is None:
                fut.set_result(None)
            else:
                fut.set_exception(exc)

        self.request(done)
        await asyncio.shield(fut)

    def close(self) -> None:
        self.pool.shutdown(wait=False)


def dumps(obj: Any) -> str:
    return msgspec.json.encode(obj).decode()
