"""Schema versions and migrations (issue 37, "Migrations"), on SQLite and PostgreSQL alike: a
database records its version; numbered migrations run in order at start, one transaction each;
several processes starting together migrate once; a database of a newer release is refused with a
clear message; a database made before versions existed is adopted and stamped."""

from __future__ import annotations

import hashlib
import json
import multiprocessing
import re
import subprocess
import sys
from pathlib import Path

import pytest

from primetime.server import migrations
from primetime.server.migrations import LATEST, MIGRATIONS, Migration, SchemaTooNew, history, migrate, schema_version
from primetime.server.schema import SCHEMA
from primetime.server.store import Store, Tx, open_store

from .helpers import ROOT


def bare_store(url: str) -> Store:
    """A store on ``url`` whose schema has not been touched (``open_store`` would migrate it)."""
    from primetime.server.store import PostgresStore, SqliteStore

    return PostgresStore(url) if url.startswith("postgresql") else SqliteStore(url[len("sqlite:///"):])


def counting(extra: int = 0) -> list[Migration]:
    """Today's migrations and two more that are not idempotent: run twice, the second fails
    (CREATE TABLE without IF NOT EXISTS) or counts twice (the INSERT)."""
    def count(tx: Tx) -> None:
        tx.execute("INSERT INTO mig_runs (step) VALUES (3)")

    more = [Migration(LATEST + 1, "runs counted", ("CREATE TABLE mig_runs (step INTEGER NOT NULL)",
                                                   "INSERT INTO mig_runs (step) VALUES (2)")),
            Migration(LATEST + 2, "a column added", ("ALTER TABLE mig_runs ADD COLUMN note TEXT NOT NULL DEFAULT 'x'",), run=count)]
    return [*MIGRATIONS, *more[:extra]]


def test_migration_1_is_the_schema_when_versions_came_in() -> None:
    """Migrations: migration 1 (``schema.SCHEMA``) never changes: a database stamped version 1 has
    exactly these tables.  It is the schema of the newest fixture (the last release before versions)."""
    newest = sorted((Path(__file__).parent / "fixtures").glob("*.sqlite"))[-1]
    pinned = json.loads(newest.with_suffix(".json").read_text())["schema"]
    now = hashlib.sha1("\n".join(re.sub(r"\s+", " ", s).strip() for s in SCHEMA).encode()).hexdigest()[:12]
    assert now == pinned, ("schema.py changed: a new table, column or index goes in a new numbered migration in "
                           "migrations.py (CREATE TABLE IF NOT EXISTS ...), never in migration 1; see its docstring")
    assert MIGRATIONS[0].statements == tuple(SCHEMA)


def test_a_new_database_is_created_at_the_latest_version(store_url: str) -> None:
    """Migrations: a fresh database gets every migration, recorded with its number and how."""
    st = open_store(store_url)
    assert schema_version(st) == LATEST
    rows = history(st)
    assert [r["version"] for r in rows] == list(range(1, LATEST + 1))
    assert rows[0]["how"] == "created" and rows[0]["release"]
    assert migrate(st) == []  # opened again: nothing to do
    st.close()


def test_a_database_without_a_version_is_adopted(store_url: str) -> None:
    """Migrations: a database made before versions (today's tables, no ``schema_migrations``) is
    stamped version 1 as ``adopted``, its rows untouched."""
    st = bare_store(store_url)
    st.write(lambda tx: [tx.execute(s) for s in SCHEMA[:3]])  # an early release had only some tables
    st.write(lambda tx: tx.execute("INSERT INTO users (id, name, secret_hash, prefs, created) VALUES ('u1', 'Ana', 'h', '{}', 1)"))
    assert schema_version(st) is None
    assert migrate(st) == list(range(1, LATEST + 1))
    assert history(st)[0]["how"] == "adopted"
    assert st.read(lambda tx: tx.all("SELECT id, name FROM users")) == [("u1", "Ana")]
    assert st.read(lambda tx: tx.one("SELECT COUNT(*) FROM chat"))[0] == 0  # the tables it lacked now exist
    st.close()


def test_migrations_run_in_order_each_in_one_transaction(store_url: str) -> None:
    """Migrations: numbered steps run in order; a step that fails leaves nothing of itself behind
    (DDL rolled back too) and the version stays at the step before it."""
    st = open_store(store_url)

    def boom(tx: Tx) -> None:
        raise RuntimeError("the data could not be moved")

    steps = counting(1) + [Migration(LATEST + 2, "fails half-way", ("CREATE TABLE half_done (x INTEGER)",), run=boom)]
    with pytest.raises(RuntimeError, match="could not be moved"):
        migrate(st, steps)
    assert schema_version(st) == LATEST + 1
    assert st.read(lambda tx: migrations._has_table(tx, "half_done")) is False
    assert migrate(st, counting(2)) == [LATEST + 2]  # the fixed step applies on the next start
    assert st.read(lambda tx: tx.all("SELECT step, note FROM mig_runs ORDER BY step")) == [(2, "x"), (3, "x")]
    st.close()


def _start_together(url: str, barrier: object, out: object) -> None:
    st = bare_store(url)
    barrier.wait()  # type: ignore[attr-defined]
    try:
        out.put(("ok", migrate(st, counting(2))))  # type: ignore[attr-defined]
    except Exception as exc:  # pragma: no cover - reported to the test
        out.put(("error", repr(exc)))  # type: ignore[attr-defined]
    st.close()


def test_processes_starting_together_migrate_once(store_url: str) -> None:
    """Migrations: six processes open one empty database at the same moment; every one starts,
    and each migration ran exactly once (the lock: BEGIN IMMEDIATE / pg_advisory_xact_lock)."""
    ctx = multiprocessing.get_context("spawn")
    n = 6
    barrier, out = ctx.Barrier(n), ctx.Queue()
    procs = [ctx.Process(target=_start_together, args=(store_url, barrier, out)) for _ in range(n)]
    for p in procs:
        p.start()
    got = [out.get(timeout=120) for _ in procs]
    for p in procs:
        p.join(30)
    assert all(kind == "ok" for kind, _ in got), got
    applied = sorted(v for _, done in got for v in done)
    assert applied == list(range(1, LATEST + 3))  # each number applied by exactly one process
    st = bare_store(store_url)
    assert st.read(lambda tx: tx.all("SELECT step FROM mig_runs ORDER BY step")) == [(2,), (3,)]
    st.close()


def test_a_newer_database_is_refused(store_url: str) -> None:
    """Migrations: a database whose version is above this release's is refused, untouched, with a
    message that says what to do."""
    st = open_store(store_url)
    st.write(lambda tx: tx.execute("INSERT INTO schema_migrations (version, name, how, release, applied) "
                                   "VALUES (?, 'from the future', 'applied', '9.9', 1)", (LATEST + 1,)))
    st.close()
    with pytest.raises(SchemaTooNew, match=f"schema version {LATEST + 1}.*knows versions up to {LATEST}.*newer release"):
        open_store(store_url)
    assert schema_version(bare_store(store_url)) == LATEST + 1


def test_the_server_refuses_a_newer_database_without_a_traceback(tmp_path: Path) -> None:
    """Migrations: ``primetime serve`` on a newer database stops at once with a one-line error."""
    data = tmp_path / "data"
    st = open_store(None, data)
    st.write(lambda tx: tx.execute("INSERT INTO schema_migrations (version, name, how, release, applied) "
                                   "VALUES (?, 'from the future', 'applied', '9.9', 1)", (LATEST + 5,)))
    st.close()
    for cmd in ([sys.executable, "-m", "primetime.server", "--port", "1", "--data", str(data), "--workers", "1"],
                [sys.executable, "-c", "from primetime.cli import run; run()", "serve", "--port", "1", "--data", str(data),
                 "--workers", "2"]):
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=60, cwd=str(ROOT))
        assert r.returncode == 2, r.stderr
        assert "Traceback" not in r.stderr + r.stdout
        assert f"has schema version {LATEST + 5}" in r.stderr and "newer release" in r.stderr
