"""Backups of a server's SQLite database, restoring one, and checking that a database is whole.

* :func:`backup`: SQLite's online backup API copies the database as one consistent snapshot while
  the server goes on writing (WAL: the snapshot's reader blocks no writer).  Everything a server
  acknowledged before the backup began is in it: a move is acknowledged only once its commit is
  durable.  The copy is written beside its destination and renamed into place, a single file
  (journal mode DELETE, no WAL beside it).
* :func:`restore`: puts a backup in place as a data folder's database, refusing to replace one
  unless asked (then the replaced files are kept beside it, renamed); stale ``-wal``/``-shm``
  files of the replaced database are moved away with it, so SQLite cannot apply them to the
  restored one.  The server must be stopped first.
* :func:`verify`: ``PRAGMA integrity_check``, the schema version (see ``migrations.py``), and every
  stored game replayed from its record by today's engine to the state stored for it (its status,
  its number of actions, its result).  Reads only: a file is opened read-only; a PostgreSQL URL
  works too.

PostgreSQL is backed up with its own tools (``pg_dump``/``pg_restore``; see the server README).
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from primetime.core.game import replay_record
from primetime.server.migrations import LATEST

DB_NAME = "primetime.sqlite3"  # the database in a data folder (``store.open_store``)


def database_in(data_dir: str | Path) -> Path:
    return Path(data_dir) / DB_NAME


def _read_only(path: Path) -> str:
    """The URI that opens ``path`` read-only (any character in its name escaped)."""
    return path.resolve().as_uri() + "?mode=ro"


def _fsync_dir(path: Path) -> None:
    fd = os.open(str(path), os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def backup(data_dir: str | Path, out: str | Path) -> Path:
    """Copy the data folder's database to ``out`` (a file) while its server may be running."""
    src_path = database_in(data_dir)
    if not src_path.exists():
        raise FileNotFoundError(f"no database in {data_dir} (looked for {src_path})")
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(out.name + ".partial")
    tmp.unlink(missing_ok=True)
    src = sqlite3.connect(_read_only(src_path), uri=True, timeout=30)
    try:
        dst = sqlite3.connect(tmp)
        try:
            src.backup(dst)  # all pages in one step: one snapshot
            dst.execute("PRAGMA journal_mode=DELETE")
            dst.commit()
        finally:
            dst.close()
    finally:
        src.close()
    with open(tmp, "rb") as f:
        os.fsync(f.fileno())
    os.replace(tmp, out)
    _fsync_dir(out.parent)
    return out


def restore(file: str | Path, data_dir: str | Path, force: bool = False) -> tuple[Path, list[Path]]:
    """Make ``file`` the data folder's database; the database path and the files it replaced (kept,
    renamed ``*.replaced-<time>``).  A ``FileExistsError`` if there is a database and not ``force``;
    a ``ValueError`` if ``file`` is not a whole database of a schema this release knows."""
    file = Path(file)
    report = verify(str(file), games=False)
    if not report.ok:
        raise ValueError(f"{file} cannot be restored: " + "; ".join(report.problems))
    target = database_in(data_dir)
    olds = [p for p in (target, Path(f"{target}-wal"), Path(f"{target}-shm")) if p.exists()]
    if target.exists() and not force:
        raise FileExistsError(f"{target} already exists; stop its server and restore with --force to replace it "
                              "(the replaced files are kept beside it)")
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_name(target.name + ".restoring")
    with open(file, "rb") as src, open(tmp, "wb") as dst:
        while chunk := src.read(1 << 20):
            dst.write(chunk)
        dst.flush()
        os.fsync(dst.fileno())
    stamp = time.strftime("%Y%m%d-%H%M%S")
    kept = []
    for p in olds:  # (the WAL first of all: left beside the restored file, SQLite would apply it)
        moved = p.with_name(f"{p.name}.replaced-{stamp}")
        os.replace(p, moved)
        kept.append(moved)
    os.replace(tmp, target)
    _fsync_dir(target.parent)
    return target, kept


@dataclass
class Report:
    """What :func:`verify` found: ``problems`` empty means whole."""

    target: str
    integrity: str = "not checked"
    version: int | None = None
    version_note: str = ""
    games: int = 0
    games_ok: int = 0
    counts: dict[str, int] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    def lines(self) -> list[str]:
        out = [f"database: {self.target}", f"integrity: {self.integrity}",
               f"schema version: {self.version if self.version is not None else 'none'}{self.version_note}"]
        if self.counts:
            out.append("rows: " + ", ".join(f"{k} {v}" for k, v in self.counts.items()))
        out.append(f"games replayed to their stored state: {self.games_ok} of {self.games}")
        out += [f"PROBLEM: {p}" for p in self.problems]
        out.append("verdict: " + ("whole" if self.ok else f"{len(self.problems)} problem(s)"))
        return out


COUNTED = ("users", "accounts", "tables", "actions", "chat", "ratings", "skills", "rating_changes")


def _connect(target: str) -> tuple[Any, Callable[[str], str], str]:
    """A read-only connection, a function adapting ``?`` placeholders, and the backend's name."""
    if target.startswith(("postgresql://", "postgres://")):
        import psycopg

        conn = psycopg.connect(target, autocommit=True)
        conn.execute("SET default_transaction_read_only = on")
        return conn, lambda sql: sql.replace("?", "%s"), "postgresql"
    path = Path(target[len("sqlite:///"):] if target.startswith("sqlite:///") else target)
    if path.is_dir():
        path = database_in(path)
    if not path.is_file():
        raise FileNotFoundError(f"{path}: no such file")
    return sqlite3.connect(_read_only(path), uri=True), lambda sql: sql, "sqlite"


def verify(target: str, games: bool = True) -> Report:
    """Check the database at ``target`` (a file, a data folder or a database URL); see the module doc."""
    report = Report(target)
    try:
        conn, q, kind = _connect(target)
    except Exception as exc:
        report.problems.append(f"cannot open: {exc}")
        return report
    try:
        def all_(sql: str, params: tuple[Any, ...] = ()) -> list[Any]:
            return list(conn.execute(q(sql), params).fetchall())

        if kind == "sqlite":
            try:
                got = [r[0] for r in all_("PRAGMA integrity_check")]
            except sqlite3.DatabaseError as exc:
                report.problems.append(f"not an SQLite database: {exc}")
                return report
            report.integrity = "ok" if got == ["ok"] else "; ".join(got[:5])
            if got != ["ok"]:
                report.problems.append(f"integrity check failed: {report.integrity}")
                return report
            names = {r[0] for r in all_("SELECT name FROM sqlite_master WHERE type = 'table'")}
        else:
            report.integrity = "ok (PostgreSQL keeps its own; amcheck not run)"
            names = {r[0] for r in all_("SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()")}
        if "schema_migrations" in names:
            report.version = int(all_("SELECT MAX(version) FROM schema_migrations")[0][0] or 0)
            if report.version > LATEST:
                report.problems.append(f"schema version {report.version} is newer than this release knows ({LATEST}): "
                                       "verify it with that release")
                return report
            report.version_note = " (this release's)" if report.version == LATEST else f" (migrated to {LATEST} when opened)"
        elif "tables" in names:
            report.version_note = f" (made before schema versions; adopted and migrated to {LATEST} when opened)"
        else:
            report.problems.append("no primetime tables in it")
            return report
        report.counts = {n: int(all_(f"SELECT COUNT(*) FROM {n}")[0][0]) for n in COUNTED if n in names}
        if games:
            _replay_all(all_, report)
    finally:
        conn.close()
    return report


def _replay_all(all_: Callable[..., list[Any]], report: Report) -> None:
    rows = all_("SELECT id, name, game, options, seed, players, status, nactions, result FROM tables "
                "WHERE status <> 'open' ORDER BY created, id")
    for tid, name, game, options, seed, players, status, nactions, result in rows:
        report.games += 1
        actions = [r[0] for r in all_("SELECT key FROM actions WHERE table_id = ? ORDER BY seq", (tid,))]
        where = f"table {tid} ({name!r}, {status})"
        try:
            g = replay_record({"game": game, "options": json.loads(options), "seed": int(seed),
                               "players": json.loads(players) if players else [], "actions": actions})
        except Exception as exc:
            report.problems.append(f"{where}: its record does not replay: {exc}")
            continue
        wrong = []
        if len(actions) != int(nactions):
            wrong.append(f"{len(actions)} actions stored, the table says {nactions}")
        if status == "finished" and not g.is_over():
            wrong.append("stored as finished, the replayed game is not over")
        if status == "running" and g.is_over():
            wrong.append("stored as running, the replayed game is over")
        if status == "finished" and g.is_over() and result:
            if _brief(json.loads(result)) != _brief(g.result()):
                wrong.append("the replayed result differs from the stored one")
        if wrong:
            report.problems.append(f"{where}: " + "; ".join(wrong))
        else:
            report.games_ok += 1


def _brief(result: dict[str, Any]) -> tuple[Any, ...]:
    """What a result says of the players: their totals and the winners."""
    return tuple(p.get("total") for p in result.get("players", [])), tuple(result.get("winners") or ())
