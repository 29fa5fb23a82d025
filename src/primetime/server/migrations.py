"""Schema versions and the numbered migrations that bring a database to this release's schema.

A database records its schema version in ``schema_migrations``: one row per migration applied
(its number, its name, when, by which release, and how: ``created`` on an empty database,
``adopted`` on a database made before schema versions existed, ``applied`` otherwise).  Its
version is the highest number there.

When a store opens (:func:`primetime.server.store.open_store`), :func:`migrate` applies every
migration above the database's version, in order, each in one transaction of its own that also
records it.  Several processes starting together migrate once: each migration's transaction first
takes the database's writer lock (SQLite: ``BEGIN IMMEDIATE`` behind the store's ``flock``;
PostgreSQL: ``pg_advisory_xact_lock``) and reads the version again, so a process that waited finds
the work done and goes on.  A database with a version above :data:`LATEST` was written by a newer
release: it is refused with :class:`SchemaTooNew` (a ``ValueError`` with a message saying what to
do), before anything is written.

Migration 1 is the whole schema as it stood when versions were introduced (``schema.SCHEMA``,
``CREATE ... IF NOT EXISTS`` only).  A database made by an earlier release has some of its tables
and no ``schema_migrations``: migration 1 creates the tables it lacks and leaves the rest alone, so
it is adopted and stamped version 1.  Earlier releases only ever added tables (never a column), so
that is all they need.

Adding to the schema later (a table, a column, an index, data moved):

1. append ``Migration(N + 1, "what it does", (...SQL...))`` to :data:`MIGRATIONS`, the SQL the same
   on SQLite and PostgreSQL (``DOUBLE PRECISION``, ``BIGINT``, ``TEXT``; ``ALTER TABLE ... ADD COLUMN``
   with a default), or give ``run`` a function of the transaction for anything else (``tx.store.kind``
   tells the backend).  Create tables and indexes with ``IF NOT EXISTS``: a database made by a branch that had the table
   before its migration was numbered then adopts it;
2. never edit or renumber a migration that was merged: databases out there have applied it.  Two
   branches that each appended migration N: the second to merge renumbers its own to N + 1.  A
   table added to ``schema.py`` by a branch of the time before versions moves into a new migration
   the same way (``test_migration_1_is_the_schema_when_versions_came_in`` says so);
3. add the new table to ``Store.delete_all`` if tests empty it; ``tests/server/test_migrations_history.py``
   then checks that every database of an earlier release reaches it with all its rows.

``schema.SCHEMA`` stays the schema of migration 1; it is not where new tables go.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from primetime.server.notify_schema import NOTIFY_SCHEMA
from primetime.server.schema import SCHEMA

T = TypeVar("T")


class Tx(Protocol):
    """A transaction of the store (``store.Tx``; not imported: the store imports this module)."""

    @property
    def store(self) -> Store: ...
    def execute(self, sql: str, params: tuple[Any, ...] | list[Any] = ()) -> Any: ...
    def one(self, sql: str, params: tuple[Any, ...] | list[Any] = ()) -> Any: ...
    def all(self, sql: str, params: tuple[Any, ...] | list[Any] = ()) -> list[Any]: ...


class Store(Protocol):
    """What migrating needs of a store (``store.Store``)."""

    kind: str

    def read(self, fn: Callable[[Any], T]) -> T: ...
    def write(self, fn: Callable[[Any], T]) -> T: ...
    def flush(self) -> None: ...

#: the PostgreSQL advisory lock every migration's transaction holds (any fixed number of ours)
ADVISORY_LOCK = 7263541

VERSION_TABLE = """CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    how TEXT NOT NULL,
    release TEXT NOT NULL,
    applied DOUBLE PRECISION NOT NULL
)"""

#: a table every release has had: a database with it but no ``schema_migrations`` predates versions
OLDEST_TABLE = "tables"


@dataclass(frozen=True)
class Migration:
    """One step of the schema: ``statements`` run in order, then ``run`` (if any), in one transaction."""

    version: int
    name: str
    statements: Sequence[str] = ()
    run: Callable[[Tx], None] | None = field(default=None, compare=False)


MIGRATIONS: list[Migration] = [
    Migration(1, "the schema of the releases before schema versions", tuple(SCHEMA)),
    Migration(2, "moderation: administrators, suspensions, removed chat, closed tables, reports, reset links, the log", (
        # --- moderation (``moderation.py``): administrators, suspended accounts, removed chat messages, closed
        # tables, reports, password-reset links and the log of every moderation act
        """CREATE TABLE IF NOT EXISTS admins (
            user_id TEXT PRIMARY KEY,
            granted DOUBLE PRECISION NOT NULL
        )""",
        """CREATE TABLE IF NOT EXISTS suspensions (
            user_id TEXT PRIMARY KEY,
            by_user TEXT,
            reason TEXT NOT NULL,
            at DOUBLE PRECISION NOT NULL
        )""",
        """CREATE TABLE IF NOT EXISTS chat_removed (
            table_id TEXT NOT NULL,
            seq INTEGER NOT NULL,
            by_user TEXT,
            at DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (table_id, seq)
        )""",
        """CREATE TABLE IF NOT EXISTS closed_tables (
            table_id TEXT PRIMARY KEY,
            how TEXT NOT NULL,
            by_user TEXT,
            at DOUBLE PRECISION NOT NULL
        )""",
        """CREATE TABLE IF NOT EXISTS reports (
            id TEXT PRIMARY KEY,
            at DOUBLE PRECISION NOT NULL,
            reporter TEXT NOT NULL,
            user_id TEXT,
            table_id TEXT,
            seq INTEGER,
            text TEXT,
            reason TEXT NOT NULL,
            status TEXT NOT NULL DEFAULT 'open',
            resolved_by TEXT,
            resolved_at DOUBLE PRECISION,
            note TEXT
        )""",
        """CREATE TABLE IF NOT EXISTS password_resets (
            token_hash TEXT PRIMARY KEY,
            user_id TEXT NOT NULL,
            by_user TEXT,
            created DOUBLE PRECISION NOT NULL,
            expires DOUBLE PRECISION NOT NULL,
            used DOUBLE PRECISION
        )""",
        """CREATE TABLE IF NOT EXISTS moderation_log (
            id TEXT PRIMARY KEY,
            at DOUBLE PRECISION NOT NULL,
            by_user TEXT,
            by_name TEXT NOT NULL,
            act TEXT NOT NULL,
            user_id TEXT,
            table_id TEXT,
            detail TEXT NOT NULL DEFAULT ''
        )""",
        "CREATE INDEX IF NOT EXISTS reports_status ON reports (status, at)",
        "CREATE INDEX IF NOT EXISTS moderation_log_at ON moderation_log (at)",
    )),
    Migration(3, "notifications: the outbox, e-mail addresses, push subscriptions, per-table choices, presence",
              tuple(NOTIFY_SCHEMA)),
    Migration(4, "holidays: the spans an account's turn-based clocks stand still", (
        # an account's holiday (``turnbased.py``): from ``starts`` to ``ends`` (wall-clock seconds) its turn-based
        # clocks stand still; ``first_day`` and ``last_day`` as the account gave them (its own calendar days)
        """CREATE TABLE IF NOT EXISTS holidays (
            id TEXT PRIMARY KEY,
            user_id TEXT NOT NULL,
            starts DOUBLE PRECISION NOT NULL,
            ends DOUBLE PRECISION NOT NULL,
            first_day TEXT NOT NULL,
            last_day TEXT NOT NULL,
            created DOUBLE PRECISION NOT NULL
        )""",
        "CREATE INDEX IF NOT EXISTS holidays_user ON holidays (user_id, ends)",
    )),
    # append new migrations here: Migration(N, "...", ("CREATE TABLE IF NOT EXISTS ...",)),
]

LATEST = MIGRATIONS[-1].version


class SchemaTooNew(ValueError):
    """The database was written by a newer release than this one."""


def _release() -> str:
    from primetime import __version__

    return str(__version__)


def _has_table(tx: Tx, name: str) -> bool:
    if tx.store.kind == "postgresql":
        return tx.one("SELECT 1 FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = ?",
                      (name,)) is not None
    return tx.one("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (name,)) is not None


def version_in(tx: Tx) -> int | None:
    """The schema version of the database (0: empty, or made before versions; None: no such table yet)."""
    if not _has_table(tx, "schema_migrations"):
        return None
    got = tx.one("SELECT MAX(version) FROM schema_migrations")
    return int(got[0]) if got is not None and got[0] is not None else 0


def schema_version(store: Store) -> int | None:
    """The database's schema version, read without changing anything (None: never stamped)."""
    return store.read(version_in)


def history(store: Store) -> list[dict[str, Any]]:
    """The migrations the database has applied, oldest first."""
    def go(tx: Tx) -> list[dict[str, Any]]:
        if not _has_table(tx, "schema_migrations"):
            return []
        return [{"version": int(v), "name": n, "how": h, "release": r, "applied": float(a)} for v, n, h, r, a in
                tx.all("SELECT version, name, how, release, applied FROM schema_migrations ORDER BY version")]

    return store.read(go)


def too_new(found: int, known: int, where: str) -> SchemaTooNew:
    return SchemaTooNew(
        f"the database {where} has schema version {found}, but this release of primetime ({_release()}) knows versions up "
        f"to {known}: it was written by a newer release. Run that release (or a newer one) on it, or restore a backup "
        "made before the upgrade; this release will not open it, so that nothing in it is lost")


def migrate(store: Store, migrations: Sequence[Migration] | None = None, where: str = "") -> list[int]:
    """Bring the database to the last of ``migrations`` (default :data:`MIGRATIONS`); the numbers
    this call applied (empty: it was up to date, or another process did the work meanwhile)."""
    steps = list(MIGRATIONS if migrations is None else migrations)
    assert [m.version for m in steps] == list(range(1, len(steps) + 1)), "migrations are numbered 1, 2, 3, ..."
    known = steps[-1].version
    found = store.read(version_in)
    if found is not None and found > known:  # refused before taking any lock or writing anything
        raise too_new(found, known, where)
    done: list[int] = []
    for step in steps:
        if found is not None and step.version <= found:
            continue

        def go(tx: Tx, step: Migration = step) -> bool:
            if tx.store.kind == "postgresql":
                tx.execute(f"SELECT pg_advisory_xact_lock({ADVISORY_LOCK})")
            current = version_in(tx)
            if current is not None and current > known:
                raise too_new(current, known, where)
            if current is not None and current >= step.version:
                return False  # another process applied it while this one waited for the lock
            how = "applied"
            if step.version == 1:
                how = "adopted" if _has_table(tx, OLDEST_TABLE) else "created"
            tx.execute(VERSION_TABLE)
            for sql in step.statements:
                tx.execute(sql)
            if step.run is not None:
                step.run(tx)
            tx.execute("INSERT INTO schema_migrations (version, name, how, release, applied) VALUES (?, ?, ?, ?, ?)",
                       (step.version, step.name, how, _release(), time.time()))
            return True

        if store.write(go):
            done.append(step.version)
    store.flush()
    return done
