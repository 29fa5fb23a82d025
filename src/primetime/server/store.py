"""Durable storage of users, tables, seats and game actions.

Two backends share one schema and one set of queries:

* SQLite (the default) in a data folder: WAL journal, a busy timeout and ``BEGIN
  IMMEDIATE`` for every write, writers of several processes taking turns on a ``flock`` of
  ``<database>.lock`` first; every commit is fsynced (one fsync for all the commits
  made meanwhile) before the server acknowledges it, so neither ``kill -9`` nor a power
  cut loses anything that was acknowledged.
* PostgreSQL (``postgresql://`` URL, psycopg 3): several server processes may share it.
  Every write locks its table row (``SELECT ... FOR UPDATE``) and sends a
  ``NOTIFY primetime, '<table>:<version>'`` that is delivered on commit.

A game is stored as its record: the header on the ``tables`` row and one ``actions`` row
per accepted action.  Games are rebuilt by replaying the record.  Every change of a table
(join, start, action, undo, vote, ...) increases its ``version``; an undo also increases
its ``epoch`` (the history was rewritten, so a cached game must be rebuilt).

The API is synchronous; the server calls it from a small thread pool.
"""

from __future__ import annotations

import fcntl
import json
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import msgspec

from primetime.bots.levels import level_name
from primetime.server import clocks
from primetime.server.config import BOT_PACES, DEFAULT_BOT_PACE
from primetime.server.notify_schema import NOTIFY_TABLES  # notifications' tables

T = TypeVar("T")

NOTIFY_CHANNEL = "primetime"

TABLE_COLS = ("id, name, game, owner, status, options, seed, nseats, players, version, epoch, nactions, "
              "result, imported, created, updated, acted")


class ConflictError(Exception):
    """A write could not be done because the stored state says no (the message says why)."""


class StoreBusy(Exception):
    """Another writer holds the database's lock (a write asked not to wait)."""


@dataclass
class SeatRow:
    seat: int
    kind: str  # "open" | "human" | "bot"
    user_id: str | None = None
    name: str | None = None
    bot: str | None = None
    secret_hash: str | None = None
    left: bool = False


@dataclass
class TableRow:
    id: str
    name: str
    game: str
    owner: str | None
    status: str  # "open" | "running" | "finished"
    options: dict[str, Any]
    seed: int
    nseats: int
    players: list[str] | None
    version: int
    epoch: int
    nactions: int
    result: dict[str, Any] | None
    imported: bool
    created: float
    updated: float
    acted: float = 0.0  # when the game last moved (start, action, undo): idle players are measured from it
    seats: list[SeatRow] = field(default_factory=list)
    votes: set[tuple[int, int]] = field(default_factory=set)
    spectator_chat: bool = True  # whether spectators may write in the table's chat (``chat_rules``)
    clock: dict[str, Any] | None = None  # the time control and its clocks (``clocks.py``; None: no time control)
    bot_pace: str = DEFAULT_BOT_PACE  # how fast its bots move (``config.BOT_PACES``; ``bot_paces``)
    hints: bool = False  # hints on request (issue 35; ``table_hints``): such a table is never rated

    def copy(self) -> TableRow:
        """A copy a change may alter (seats, votes and clock copied; the rest is replaced, never changed in place)."""
        return TableRow(self.id, self.name, self.game, self.owner, self.status, self.options, self.seed, self.nseats,
                        self.players, self.version, self.epoch, self.nactions, self.result, self.imported, self.created,
                        self.updated, self.acted,
                        [SeatRow(s.seat, s.kind, s.user_id, s.name, s.bot, s.secret_hash, s.left) for s in self.seats],
                        set(self.votes), self.spectator_chat,
                        msgspec.json.decode(msgspec.json.encode(self.clock)) if self.clock is not None else None,
                        self.bot_pace, self.hints)

    def record(self, actions: list[str]) -> dict[str, Any]:
        from primetime.core.game import FORMAT_VERSION

        return {"format_version": FORMAT_VERSION, "game": self.game, "options": dict(self.options), "seed": self.seed,
                "players": list(self.players or []), "actions": list(actions)}


@dataclass
class ChatRow:
    """One chat message of a table: numbered per table, the writer's user id, their name and
    seat when they wrote (None: a spectator), the cleaned text."""

    seq: int
    at: float
    user_id: str
    name: str
    seat: int | None
    text: str


def _table_from(row: Any) -> TableRow:
    (tid, name, game, owner, status, options, seed, nseats, players, version, epoch, nactions,
     result, imported, created, updated, acted) = row
    return TableRow(tid, name, game, owner, status, json.loads(options), int(seed), int(nseats),
                    json.loads(players) if players else None, int(version), int(epoch), int(nactions),
                    json.loads(result) if result else None, bool(imported), float(created), float(updated),
                    float(acted or 0.0))


class Tx:
    """One open transaction; ``?`` placeholders work on both backends."""

    def __init__(self, store: Store, cur: Any) -> None:
        self.store = store
        self.cur = cur
        self.notify: set[str] = set()

    def execute(self, sql: str, params: tuple[Any, ...] | list[Any] = ()) -> Any:
        self.cur.execute(self.store.sql(sql), params)
        return self.cur

    def one(self, sql: str, params: tuple[Any, ...] | list[Any] = ()) -> Any:
        return self.execute(sql, params).fetchone()

    def all(self, sql: str, params: tuple[Any, ...] | list[Any] = ()) -> list[Any]:
        return list(self.execute(sql, params).fetchall())

    def lock_user(self, user_id: str) -> None:
        """Make the writes that lock the same user take turns until this transaction ends: a count over
        several tables (the turn-based games a player holds) stays true until the write that relies on it
        commits.  SQLite's writers take turns already (``BEGIN IMMEDIATE``); PostgreSQL takes a
        transaction-scoped advisory lock on the user's id (row locks of the tables would not do: two
        joins lock two different tables)."""
        if self.store.user_lock:
            self.one(self.store.user_lock, (f"user:{user_id}",))

    # ---------------------------------------------------------------- table helpers
    def lock_table(self, table_id: str, known: TableRow | None = None) -> TableRow:
        """The table's row, locked for this transaction, with its seats, votes, chat rules and clock.
        ``known``: the same table as read before; if the stored version is still its version (every
        change of those increases it), they are copied from it instead of read again."""
        if known is not None and known.id == table_id:
            # every change of the row increases its version: the same version is the same row
            got = self.one("SELECT version FROM tables WHERE id = ?" + self.store.for_update, (table_id,))
            if got is None:
                raise KeyError(table_id)
            if int(got[0]) == known.version:
                return known.copy()
        row = self.one(f"SELECT {TABLE_COLS} FROM tables WHERE id = ?" + self.store.for_update, (table_id,))
        if row is None:
            raise KeyError(table_id)
        return self.fill(_table_from(row))

    def table(self, table_id: str) -> TableRow | None:
        row = self.one(f"SELECT {TABLE_COLS} FROM tables WHERE id = ?", (table_id,))
        return self.fill(_table_from(row)) if row is not None else None

    def fill(self, t: TableRow) -> TableRow:
        t.seats = [SeatRow(int(r[0]), r[1], r[2], r[3], r[4], r[5], bool(r[6])) for r in self.all(
            "SELECT seat, kind, user_id, name, bot, secret_hash, left_game FROM seats WHERE table_id = ? ORDER BY seat",
            (t.id,))]
        t.votes = {(int(a), int(b)) for a, b in self.all("SELECT target, voter FROM votes WHERE table_id = ?", (t.id,))}
        rule = self.one("SELECT spectators FROM chat_rules WHERE table_id = ?", (t.id,))
        t.spectator_chat = True if rule is None else bool(rule[0])
        clock = self.one("SELECT clock FROM clocks WHERE table_id = ?", (t.id,))
        t.clock = json.loads(clock[0]) if clock is not None else None
        pace = self.one("SELECT pace FROM bot_paces WHERE table_id = ?", (t.id,))
        t.bot_pace = pace[0] if pace is not None and pace[0] in BOT_PACES else DEFAULT_BOT_PACE
        t.hints = self.one("SELECT table_id FROM table_hints WHERE table_id = ?", (t.id,)) is not None
        return t

    def actions(self, table_id: str, since: int = 0) -> list[tuple[int, str, int]]:
        return [(int(s), k, int(p)) for s, k, p in self.all(
            "SELECT seq, key, seat FROM actions WHERE table_id = ? AND seq >= ? ORDER BY seq", (table_id, since))]

    def bump(self, table_id: str, *, epoch: bool = False, touch: bool = True, now: float | None = None, **cols: Any) -> int:
        """Increase the table's version (and epoch), set ``cols``; returns the new version.

        ``updated`` becomes ``now`` (the current time if None); ``touch=False`` leaves it as it
        was (shown in the lobby): a change nobody else may see of."""
        sets = ["version = version + 1"]
        params: list[Any] = []
        if touch:
            sets.append("updated = ?")
            params.append(time.time() if now is None else now)
        if epoch:
            sets.append("epoch = epoch + 1")
        for k, v in cols.items():
            sets.append(f"{k} = ?")
            params.append(json.dumps(v) if isinstance(v, dict | list) else v)
        params.append(table_id)
        version = int(self.all(f"UPDATE tables SET {', '.join(sets)} WHERE id = ? RETURNING version", params)[0][0])
        self.notify.add(f"{table_id}:{version}")
        return version

    def set_clock(self, table_id: str, clock: dict[str, Any] | None) -> None:
        """Store the table's clock (call with the table's row locked, before ``bump``)."""
        if clock is not None:
            self.execute("UPDATE clocks SET clock = ? WHERE table_id = ?", (msgspec.json.encode(clock).decode(), table_id))

    def set_clock_before(self, table_id: str, seq: int, clock: dict[str, Any]) -> None:
        """Store the clock as it stood before action ``seq`` (in the transaction that stores the action)."""
        self.execute("INSERT INTO clock_before (table_id, seq, clock) VALUES (?, ?, ?) "
                     "ON CONFLICT (table_id, seq) DO UPDATE SET clock = excluded.clock",
                     (table_id, seq, msgspec.json.encode(clock).decode()))

    def clock_before(self, table_id: str, seq: int) -> dict[str, Any] | None:
        """The clock as it stood before action ``seq`` (None: none stored)."""
        row = self.one("SELECT clock FROM clock_before WHERE table_id = ? AND seq = ?", (table_id, seq))
        return json.loads(row[0]) if row is not None else None

    def set_seat(self, table_id: str, s: SeatRow) -> None:
        self.execute("UPDATE seats SET kind = ?, user_id = ?, name = ?, bot = ?, secret_hash = ?, left_game = ? "
                     "WHERE table_id = ? AND seat = ?",
                     (s.kind, s.user_id, s.name, s.bot, s.secret_hash, int(s.left), table_id, s.seat))


class Store:
    """Base class: connection handling differs, queries are shared."""

    kind = "base"
    for_update = ""
    user_lock = ""  # the query of Tx.lock_user (none: the backend's writers take turns already)
    placeholder = "?"

    def __init__(self) -> None:
        self._local = threading.local()

    # ---------------------------------------------------------------- backend hooks
    def _connect(self) -> Any:
        raise NotImplementedError

    @contextmanager
    def _write(self, wait: bool = True) -> Iterator[Any]:
        """A write transaction (``wait=False``: ``StoreBusy`` at once if another writer holds the lock)."""
        raise NotImplementedError
        yield

    @contextmanager
    def _read(self) -> Iterator[Any]:
        raise NotImplementedError
        yield

    def _notify(self, cur: Any, payloads: set[str]) -> None:
        """Send change notifications inside the transaction (PostgreSQL only)."""

    group_commit = False
    #: Whether a write of one table and a read of one table are quick enough to run on the event loop
    #: itself (SQLite in a file: no round trips; a writer waits only while another runs its transaction).
    inline = False

    def flush(self) -> None:
        """Make every commit so far durable, if commits alone do not (see SqliteStore)."""

    def close(self) -> None:
        conn = getattr(self._local, "conn", None)
        if conn is not None:
            conn.close()
            self._local.conn = None

    # ---------------------------------------------------------------- plumbing
    def sql(self, text: str) -> str:
        return text if self.placeholder == "?" else text.replace("?", self.placeholder)

    def conn(self) -> Any:
        c = getattr(self._local, "conn", None)
        if c is None:
            c = self._local.conn = self._connect()
        return c

    def write(self, fn: Callable[[Tx], T]) -> T:
        """Run ``fn`` in a write transaction; it commits only if ``fn`` returns."""
        with self._write() as cur:
            tx = Tx(self, cur)
            out = fn(tx)
            if tx.notify:
                self._notify(cur, tx.notify)
            return out

    def write_many(self, fns: list[Callable[[Tx], Any]], wait: bool = True) -> list[tuple[bool, Any]]:
        """Run each of ``fns`` in one write transaction, each in a savepoint of its own: one that
        raises leaves nothing behind, the others are kept.  Returns ``(True, result)`` or ``(False,
        exception)`` for each, once all are committed; if the commit fails, it raises.  ``wait=False``:
        raise ``StoreBusy`` (nothing run) if another writer holds the lock now."""
        out: list[tuple[bool, Any]] = []
        with self._write(wait) as cur:
            for fn in fns:
                cur.execute("SAVEPOINT one")
                tx = Tx(self, cur)
                try:
                    got = fn(tx)
                    if tx.notify:
                        self._notify(cur, tx.notify)
                except Exception as exc:
                    cur.execute("ROLLBACK TO one")
                    cur.execute("RELEASE one")
                    out.append((False, exc))
                    continue
                cur.execute("RELEASE one")
                out.append((True, got))
        return out

    def read(self, fn: Callable[[Tx], T]) -> T:
        """Run ``fn`` on one consistent snapshot."""
        with self._read() as cur:
            return fn(Tx(self, cur))

    def where(self) -> str:
        """The database, as the operator names it (in messages)."""
        return ""

    def init_schema(self) -> None:
        """Apply the migrations this database lacks (``migrations.py``); a database of a newer release is refused."""
        from primetime.server.migrations import migrate

        migrate(self, where=self.where())

    # ---------------------------------------------------------------- users
    def create_user(self, user_id: str, name: str, secret_hash: str) -> None:
        self.write(lambda tx: tx.execute("INSERT INTO users (id, name, secret_hash, prefs, created) VALUES (?, ?, ?, '{}', ?)",
                                         (user_id, name, secret_hash, time.time())))

    def user_by_secret(self, secret_hash: str, session_days: float = 365.0) -> dict[str, Any] | None:
        """The user a cookie secret stands for: a guest's own secret, or one of an account's
        sessions (younger than ``session_days``).  ``account`` says which."""

        def go(tx: Tx) -> Any:
            row = tx.one("SELECT u.id, u.name, u.prefs, a.user_id FROM users u LEFT JOIN accounts a ON a.user_id = u.id "
                         "WHERE u.secret_hash = ?", (secret_hash,))
            if row is None:
                row = tx.one("SELECT u.id, u.name, u.prefs, a.user_id FROM sessions s JOIN users u ON u.id = s.user_id "
                             "JOIN accounts a ON a.user_id = u.id WHERE s.secret_hash = ? AND s.created > ?",
                             (secret_hash, time.time() - session_days * 86400))
            return row

        row = self.read(go)
        if row is None:
            return None
        return {"id": row[0], "name": row[1], "prefs": json.loads(row[2] or "{}"), "account": row[3] is not None}

    def update_user(self, user_id: str, name: str | None = None, prefs: dict[str, Any] | None = None) -> None:
        def go(tx: Tx) -> None:
            if name is not None:
                tx.execute("UPDATE users SET name = ? WHERE id = ?", (name, user_id))
            if prefs is not None:
                tx.execute("UPDATE users SET prefs = ? WHERE id = ?", (json.dumps(prefs), user_id))

        self.write(go)

    # ---------------------------------------------------------------- tables
    def create_table(self, t: TableRow, actions: list[tuple[str, int]] | None = None,
                     check: Callable[[Tx], None] | None = None) -> None:
        """Store a new table; ``check`` runs first in the same transaction and may refuse it by raising."""
        def go(tx: Tx) -> None:
            if check is not None:
                check(tx)
            tx.execute(f"INSERT INTO tables ({TABLE_COLS}) VALUES ({', '.join('?' * 17)})",
                       (t.id, t.name, t.game, t.owner, t.status, json.dumps(t.options), t.seed, t.nseats,
                        json.dumps(t.players) if t.players is not None else None, t.version, t.epoch,
                        len(actions or []), json.dumps(t.result) if t.result is not None else None, int(t.imported),
                        t.created, t.updated, t.acted))
            for s in t.seats:
                tx.execute("INSERT INTO seats (table_id, seat, kind, user_id, name, bot, secret_hash, left_game) "
                           "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                           (t.id, s.seat, s.kind, s.user_id, s.name, s.bot, s.secret_hash, int(s.left)))
            if not t.spectator_chat:
                tx.execute("INSERT INTO chat_rules (table_id, spectators) VALUES (?, 0)", (t.id,))
            if t.clock is not None:
                tx.execute("INSERT INTO clocks (table_id, clock) VALUES (?, ?)", (t.id, json.dumps(t.clock)))
            if t.bot_pace != DEFAULT_BOT_PACE:
                tx.execute("INSERT INTO bot_paces (table_id, pace) VALUES (?, ?)", (t.id, t.bot_pace))
            if t.hints:
                tx.execute("INSERT INTO table_hints (table_id) VALUES (?)", (t.id,))
            now = time.time()
            for i, (key, seat) in enumerate(actions or []):
                tx.execute("INSERT INTO actions (table_id, seq, key, seat, at) VALUES (?, ?, ?, ?, ?)",
                           (t.id, i, key, seat, now))
            tx.notify.add(f"{t.id}:{t.version}")

        self.write(go)

    def load(self, table_id: str, since: int = 0) -> tuple[TableRow, list[tuple[int, str, int]]] | None:
        """The table and its actions from ``since`` on, read in one snapshot."""

        def go(tx: Tx) -> tuple[TableRow, list[tuple[int, str, int]]] | None:
            t = tx.table(table_id)
            if t is None:
                return None
            return t, tx.actions(table_id, since)

        return self.read(go)

    def versions(self, table_ids: list[str]) -> dict[str, int]:
        if not table_ids:
            return {}

        def go(tx: Tx) -> dict[str, int]:
            out: dict[str, int] = {}
            for i in range(0, len(table_ids), 500):
                chunk = table_ids[i:i + 500]
                for tid, v in tx.all(f"SELECT id, version FROM tables WHERE id IN ({', '.join('?' * len(chunk))})", chunk):
                    out[tid] = int(v)
            return out

        return self.read(go)

    def running_table_ids(self) -> list[str]:
        return [r[0] for r in self.read(lambda tx: tx.all("SELECT id FROM tables WHERE status = 'running'"))]

    def lobby(self, user_id: str | None, limit: int = 50) -> dict[str, list[dict[str, Any]]]:
        """Open tables, the user's tables, games to watch and recently finished games."""

        def brief(tx: Tx, rows: list[Any]) -> list[dict[str, Any]]:
            out = []
            for row in rows:
                t = tx.fill(_table_from(row))
                out.append({
                    "id": t.id, "name": t.name, "game": t.game, "status": t.status, "options": t.options, "imported": t.imported,
                    "nseats": t.nseats, "updated": t.updated, "round": None,
                    "seats": [{"seat": s.seat, "kind": s.kind, "name": s.name, "bot": s.bot,
                               "level": level_name(s.bot) if s.bot else None, "left": s.left,
                               "you": user_id is not None and s.user_id == user_id} for s in t.seats],
                    "result": _result_brief(t.result), "clock": (t.clock or {}).get("mode"), "time_control": clocks.summary(t.clock),
                })
            return out

        def go(tx: Tx) -> dict[str, list[dict[str, Any]]]:
            mine: list[Any] = []
            if user_id is not None:
                mine = tx.all(f"SELECT {TABLE_COLS} FROM tables WHERE id IN (SELECT table_id FROM seats WHERE user_id = ?) "
                              "ORDER BY updated DESC LIMIT ?", (user_id, limit * 2))
            return {
                "open": brief(tx, tx.all(f"SELECT {TABLE_COLS} FROM tables WHERE status = 'open' ORDER BY updated DESC LIMIT ?",
                                         (limit,))),
                "mine": brief(tx, mine),
                "live": brief(tx, tx.all(f"SELECT {TABLE_COLS} FROM tables WHERE status = 'running' ORDER BY updated DESC "
                                         "LIMIT ?", (limit,))),
                "finished": brief(tx, tx.all(f"SELECT {TABLE_COLS} FROM tables WHERE status = 'finished' "
                                             "ORDER BY updated DESC LIMIT ?", (limit,))),
            }

        return self.read(go)

    def record(self, table_id: str) -> dict[str, Any] | None:
        got = self.load(table_id)
        if got is None:
            return None
        t, acts = got
        return t.record([k for _, k, _ in acts])

    # ---------------------------------------------------------------- chat
    def add_chat(self, table_id: str, user_id: str, name: str, seat: int | None, text: str) -> ChatRow:
        """Store a chat message; it gets the table's next chat number.  The table's row is
        locked first, so that two processes never number two messages alike."""

        def go(tx: Tx) -> ChatRow:
            tx.one("SELECT id FROM tables WHERE id = ?" + self.for_update, (table_id,))
            last = tx.one("SELECT MAX(seq) FROM chat WHERE table_id = ?", (table_id,))[0]
            row = ChatRow(int(last or 0) + 1, time.time(), user_id, name, seat, text)
            tx.execute("INSERT INTO chat (table_id, seq, at, user_id, name, seat, text) VALUES (?, ?, ?, ?, ?, ?, ?)",
                       (table_id, row.seq, row.at, user_id, name, seat, text))
            tx.notify.add(f"chat:{table_id}:{row.seq}")
            return row

        return self.write(go)

    def chat(self, table_id: str, since: int = 0, limit: int = 50) -> list[ChatRow]:
        """The table's chat messages numbered above ``since``, the latest ``limit`` of them, oldest first
        (without those a moderator removed: ``chat_removed``)."""
        rows = self.read(lambda tx: tx.all(
            "SELECT seq, at, user_id, name, seat, text FROM chat c WHERE table_id = ? AND seq > ? AND NOT EXISTS "
            "(SELECT 1 FROM chat_removed r WHERE r.table_id = c.table_id AND r.seq = c.seq) ORDER BY seq DESC LIMIT ?",
            (table_id, since, limit)))
        return [ChatRow(int(r[0]), float(r[1]), r[2], r[3], None if r[4] is None else int(r[4]), r[5]) for r in reversed(rows)]

    def delete_all(self) -> None:
        """Empty every table (tests only)."""

        def go(tx: Tx) -> None:
            for name in ("admins", "suspensions", "chat_removed", "closed_tables", "reports", "password_resets", "moderation_log",
                         "skills", "rated_tables", "departures", "account_origins", "meta", "rating_changes", "ratings", "signin_failures",
                         "seat_sessions", "sessions", "accounts", "chat", "chat_rules", "bot_paces", "clocks", "clock_before", "votes", "actions",
                         "seats", "tables", "users", "table_hints", "running_reviews", "holidays", *NOTIFY_TABLES):
                tx.execute(f"DELETE FROM {name}")

        self.write(go)


def _result_brief(result: dict[str, Any] | None) -> list[int] | None:
    if not result:
        return None
    try:
        return [int(p["total"]) for p in result.get("players", [])]
    except (KeyError, TypeError, ValueError):
        return None


class SqliteStore(Store):
    """SQLite in WAL mode.

    ``synchronous="FULL"`` (the default) means: nothing is acknowledged before it is on disk.
    It is done as a *group commit*: transactions commit with ``synchronous=NORMAL`` (the
    WAL is written, not yet flushed) and the server calls :meth:`flush` — one ``fsync`` of
    the WAL file for every commit made until then — before it acknowledges any of them.
    Other values (``NORMAL``, ``OFF``) are passed to SQLite and :meth:`flush` does nothing;
    ``NORMAL`` still survives a killed process, not a power cut.
    """

    kind = "sqlite"

    def __init__(self, path: str | Path, synchronous: str = "FULL") -> None:
        super().__init__()
        self.path = str(path)
        self.group_commit = synchronous.upper() == "FULL" and self.path != ":memory:"
        self.inline = self.path != ":memory:"  # (an in-memory database is one per connection: one thread only)
        self.synchronous = "NORMAL" if self.group_commit else synchronous
        self._wal_fd: int | None = None
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)

    def flush(self) -> None:
        """Make every commit so far durable (one fsync of the WAL for all of them)."""
        if not self.group_commit:
            return
        wal = self.path + "-wal"
        if self._wal_fd is not None:
            try:
                same = os.fstat(self._wal_fd).st_ino == os.stat(wal).st_ino
            except FileNotFoundError:
                same = False
            if not same:  # the WAL was removed and made anew: follow it
                os.close(self._wal_fd)
                self._wal_fd = None
        if self._wal_fd is None:
            if not os.path.exists(wal):
                return
            self._wal_fd = os.open(wal, os.O_RDONLY)
            dfd = os.open(str(Path(self.path).parent), os.O_RDONLY)
            try:
                os.fsync(dfd)  # the WAL file's directory entry
            finally:
                os.close(dfd)
        os.fsync(self._wal_fd)

    def _connect(self) -> sqlite3.Connection:
        c = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False, timeout=30)
        # switching a new database to WAL takes a lock SQLite does not wait for: processes opening
        # it together (servers starting, each migrating) retry instead of failing
        for attempt in range(300):
            try:
                c.execute("PRAGMA journal_mode=WAL")
                break
            except sqlite3.OperationalError as exc:
                if "locked" not in str(exc) or attempt == 299:
                    raise
                time.sleep(0.01 + 0.001 * attempt)
        c.execute(f"PRAGMA synchronous={self.synchronous}")
        c.execute("PRAGMA busy_timeout=30000")
        c.execute("PRAGMA foreign_keys=ON")
        return c

    def where(self) -> str:
        return self.path

    def lock_fd(self) -> int | None:
        """This thread's descriptor of ``<database>.lock``: writers of every process take turns on it
        (``flock``) before ``BEGIN IMMEDIATE``, so that none waits in SQLite's busy loop."""
        if self.path == ":memory:":
            return None
        fd = getattr(self._local, "lock_fd", None)
        if fd is None:
            fd = self._local.lock_fd = os.open(self.path + ".lock", os.O_RDWR | os.O_CREAT, 0o644)
        return fd

    @contextmanager
    def _write(self, wait: bool = True) -> Iterator[Any]:
        c = self.conn()
        fd = self.lock_fd()
        if fd is not None:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX if wait else fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                raise StoreBusy("another writer holds the database") from None
        try:
            c.execute("BEGIN IMMEDIATE")
            try:
                yield c.cursor()
            except BaseException:
                c.execute("ROLLBACK")
                raise
            c.execute("COMMIT")
        finally:
            if fd is not None:
                fcntl.flock(fd, fcntl.LOCK_UN)

    def close(self) -> None:
        super().close()
        fd = getattr(self._local, "lock_fd", None)
        if fd is not None:
            os.close(fd)
            self._local.lock_fd = None

    @contextmanager
    def _read(self) -> Iterator[Any]:
        c = self.conn()
        c.execute("BEGIN")
        try:
            yield c.cursor()
        finally:
            c.execute("ROLLBACK")


class PostgresStore(Store):
    kind = "postgresql"
    for_update = " FOR UPDATE"
    user_lock = "SELECT pg_advisory_xact_lock(hashtextextended(?, 0))"  # ends with the transaction
    placeholder = "%s"

    def __init__(self, url: str) -> None:
        super().__init__()
        self.url = url

    def _connect(self) -> Any:
        import psycopg

        return psycopg.connect(self.url, autocommit=True)

    @contextmanager
    def _tx(self, first: str | None) -> Iterator[Any]:
        c = getattr(self._local, "conn", None)
        if c is not None and c.closed:
            self._local.conn = None
        c = self.conn()
        try:
            with c.transaction(), c.cursor() as cur:
                if first:
                    cur.execute(first)
                yield cur
        except Exception:
            if c.closed or c.broken:
                self._local.conn = None
            raise

    @contextmanager
    def _write(self, wait: bool = True) -> Iterator[Any]:  # (row locks: ``wait`` does not apply)
        with self._tx(None) as cur:
            yield cur

    @contextmanager
    def _read(self) -> Iterator[Any]:
        with self._tx("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY") as cur:
            yield cur

    def _notify(self, cur: Any, payloads: set[str]) -> None:
        for p in sorted(payloads):
            cur.execute("SELECT pg_notify(%s, %s)", (NOTIFY_CHANNEL, p))

    def where(self) -> str:
        from urllib.parse import urlsplit

        u = urlsplit(self.url)
        return f"{u.hostname or 'localhost'}{':' + str(u.port) if u.port else ''}{u.path} (PostgreSQL)"


def open_store(url: str | None, data_dir: str | Path = "data", synchronous: str = "FULL") -> Store:
    """``postgresql://...`` (or ``postgres://``) selects PostgreSQL; anything else SQLite in ``data_dir``."""
    if url and url.startswith(("postgresql://", "postgres://")):
        store: Store = PostgresStore(url)
    elif url and url.startswith("sqlite:///"):
        store = SqliteStore(url[len("sqlite:///"):], synchronous)
    else:
        store = SqliteStore(Path(data_dir) / "primetime.sqlite3", synchronous)
    store.init_schema()
    return store
