"""Backup, restore and verify (issue 37, "Backup and restore"): ``primetime backup`` of a server
under load, restored elsewhere with nothing lost that was acknowledged before the backup began,
and ``primetime verify`` passing on the restored copy; restore refusing to overwrite; verify
naming what is wrong with a damaged database."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

from primetime.server.backup import verify
from primetime.server.migrations import LATEST
from primetime.server.store import open_store

from .helpers import ROOT, Person, ServerProc, decode

FIXTURE = Path(__file__).parent / "fixtures" / "09-f5701d2.sqlite"


def primetime(*args: str, **more_env: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "PRIMETIME_DATABASE_URL": "", **more_env}
    return subprocess.run([sys.executable, "-c", "from primetime.cli import run; run()", *args], capture_output=True,
                          text=True, timeout=300, cwd=str(ROOT), env=env)


def next_msg(ws: Any, want: Any, timeout: float = 20.0) -> dict[str, Any]:
    end = time.time() + timeout
    while True:
        msg = decode(ws, ws.recv(timeout=max(0.01, end - time.time())))
        if msg.get("type") == "error":
            raise AssertionError(f"refused: {msg}")
        if want(msg):
            return msg


class Client(threading.Thread):
    """A guest playing one table after another against a bot, as fast as acknowledgements come;
    every acknowledged move and chat line noted with the moment its acknowledgement arrived."""

    def __init__(self, base: str, name: str, stop: threading.Event) -> None:
        super().__init__(daemon=True)
        self.person, self.stop = Person(base, name), stop
        self.acked: list[tuple[float, str, int, str]] = []  # (when, table, seq after it, key)
        self.chats: list[tuple[float, str, str]] = []  # (when, table, text)
        self.error: BaseException | None = None
        self.last_chat = 0.0

    def run(self) -> None:
        try:
            while not self.stop.is_set():
                self.play_one()
        except BaseException as exc:  # pragma: no cover - reported by the test
            self.error = exc

    def play_one(self) -> None:
        tid = self.person.create(["bot:random"], pilot="simplified")
        self.person.post(f"/api/tables/{tid}/start", {})
        ws = self.person.ws(tid)
        n, latest, waiting, chat_wait = 0, None, None, None  # the newest state; the move or chat line awaiting its ack
        try:
            while not self.stop.is_set():
                msg = next_msg(ws, lambda m: m.get("type") in ("state", "ack"))
                if msg["type"] == "state" and msg.get("view") is not None:
                    latest = msg
                elif msg["type"] == "ack" and waiting is not None and msg.get("id") == waiting[0]:
                    self.acked.append((time.time(), tid, int(msg["seq"]), waiting[1]))
                    waiting = None
                elif msg["type"] == "ack" and chat_wait is not None and msg.get("id") == chat_wait[0]:
                    self.chats.append((time.time(), tid, chat_wait[1]))
                    chat_wait = None
                if latest is None or waiting is not None:
                    continue
                view = latest["view"]
                if view["phase"] == "over":
                    return
                p = view["pending"]
                if not (p and p.get("player") == 0 and p.get("options")):
                    continue
                n += 1
                key = p["options"][n % len(p["options"])]["key"]
                ws.send(json.dumps({"type": "act", "key": key, "seq": latest["seq"], "id": n}))
                waiting, latest = (n, key), None
                if chat_wait is None and time.time() - self.last_chat > 2.5:  # (under the chat rate limit)
                    self.last_chat = time.time()
                    chat_wait = (10_000 + n, f"move {n} at {tid}")
                    ws.send(json.dumps({"type": "chat", "text": chat_wait[1], "id": chat_wait[0]}))
        finally:
            ws.close()


def test_backup_under_load_restores_everything_acknowledged_before_it(tmp_path: Path) -> None:
    """Backup and restore: clients keep playing and chatting while ``primetime backup`` runs; the
    backup restored into another folder has every move and chat line acknowledged before the
    backup began, ``primetime verify`` passes on it, and a server serves it."""
    server = ServerProc(tmp_path / "live").start()
    stop = threading.Event()
    clients = [Client(server.url, f"Player {i}", stop) for i in range(4)]
    try:
        for c in clients:
            c.start()
        deadline = time.time() + 60
        while sum(len(c.acked) for c in clients) < 60:  # under load: moves acknowledged on every table
            assert time.time() < deadline and not any(c.error for c in clients), [c.error for c in clients]
            time.sleep(0.05)
        began = time.time()
        done = primetime("backup", "--data", str(tmp_path / "live"), "-o", str(tmp_path / "saved" / "backup.sqlite3"))
        ended = time.time()
        assert done.returncode == 0, done.stderr
        assert "backed up" in done.stdout and f"schema version {LATEST}" in done.stdout
        time.sleep(0.5)  # (the clients go on after the backup: the server was never paused)
        stop.set()
        for c in clients:
            c.join(30)
        assert not any(c.error for c in clients), [c.error for c in clients]
    finally:
        stop.set()
        server.stop()
    before = [a for c in clients for a in c.acked if a[0] < began]
    chats_before = [m for c in clients for m in c.chats if m[0] < began]
    after = [a for c in clients for a in c.acked if a[0] > ended]
    assert len(before) >= 60 and after, "moves were acknowledged before and after the backup"
    assert chats_before

    restored = tmp_path / "restored"
    done = primetime("restore", str(tmp_path / "saved" / "backup.sqlite3"), "--data", str(restored))
    assert done.returncode == 0, done.stderr
    done = primetime("verify", str(restored / "primetime.sqlite3"))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "verdict: whole" in done.stdout and f"schema version: {LATEST}" in done.stdout

    st = open_store(None, restored)
    for _, tid, seq, key in before:  # every acknowledged move, at its place in its table's record
        got = st.load(tid)
        assert got is not None, tid
        acts = got[1]
        assert len(acts) >= seq and acts[seq - 1][1].endswith(key), (tid, seq, key)
    for _, tid, text in chats_before:
        assert text in [m.text for m in st.chat(tid, limit=1000)]
    st.close()
    again = ServerProc(restored).start()  # and a server serves the restored copy
    try:
        tid = before[0][1]
        assert Person(again.url).get(f"/api/tables/{tid}")["id"] == tid
    finally:
        again.stop()


def test_restore_refuses_to_overwrite_without_force(tmp_path: Path) -> None:
    """Backup and restore: ``restore`` into a folder with a database fails and changes nothing;
    with ``--force`` the replaced database (and its WAL) is kept beside the restored one."""
    data = tmp_path / "data"
    data.mkdir()
    shutil.copyfile(FIXTURE, data / "primetime.sqlite3")
    (data / "primetime.sqlite3-wal").write_bytes(b"stale")
    other = tmp_path / "other"
    open_store(None, other).close()  # an empty database of today's schema
    backup = tmp_path / "b.sqlite3"
    assert primetime("backup", "--data", str(other), "-o", str(backup)).returncode == 0
    done = primetime("restore", str(backup), "--data", str(data))
    assert done.returncode == 2 and "already exists" in done.stderr and "--force" in done.stderr
    assert (data / "primetime.sqlite3").read_bytes() == FIXTURE.read_bytes()
    done = primetime("restore", str(backup), "--data", str(data), "--force")
    assert done.returncode == 0, done.stderr
    kept = sorted(p.name for p in data.iterdir() if ".replaced-" in p.name)
    assert sorted(k.split(".replaced-")[0] for k in kept) == ["primetime.sqlite3", "primetime.sqlite3-wal"]
    assert not (data / "primetime.sqlite3-wal").exists()
    assert verify(str(data)).counts["tables"] == 0


def test_verify_names_what_is_wrong(tmp_path: Path) -> None:
    """``primetime verify``: a whole database passes; a game whose stored record no longer
    replays, a table whose stored state differs from its replay, a damaged file and a database
    of a newer release each fail with a line naming the problem, and exit 1."""
    good = tmp_path / "good.sqlite3"
    shutil.copyfile(FIXTURE, good)
    done = primetime("verify", str(good))
    assert done.returncode == 0 and "games replayed to their stored state: 5 of 5" in done.stdout
    c = sqlite3.connect(good)
    finished, running = (c.execute("SELECT id FROM tables WHERE status = ? ORDER BY created LIMIT 1", (s,)).fetchone()[0]
                         for s in ("finished", "running"))
    c.execute("UPDATE actions SET key = 'nonsense:9' WHERE table_id = ? AND seq = 2", (running,))
    c.execute("UPDATE tables SET status = 'running' WHERE id = ?", (finished,))
    c.commit()
    c.close()
    done = primetime("verify", str(good))
    assert done.returncode == 1
    assert f"PROBLEM: table {running}" in done.stdout and "does not replay" in done.stdout
    assert f"PROBLEM: table {finished}" in done.stdout and "stored as running, the replayed game is over" in done.stdout
    assert "games replayed to their stored state: 3 of 5" in done.stdout and "failed verification" in done.stderr

    damaged = tmp_path / "damaged.sqlite3"
    raw = bytearray(FIXTURE.read_bytes())
    raw[5000:9000] = b"\xff" * 4000  # pages of the tables' b-trees overwritten
    damaged.write_bytes(bytes(raw))
    done = primetime("verify", str(damaged))
    assert done.returncode == 1 and "PROBLEM:" in done.stdout

    newer = tmp_path / "newer"
    st = open_store(None, newer)
    st.write(lambda tx: tx.execute("INSERT INTO schema_migrations (version, name, how, release, applied) "
                                   "VALUES (?, 'x', 'applied', '9', 1)", (LATEST + 1,)))
    st.close()
    done = primetime("verify", str(newer))
    assert done.returncode == 1 and f"schema version {LATEST + 1} is newer than this release knows" in done.stdout


def test_verify_accepts_a_postgresql_url(pg_url: str) -> None:
    """``primetime verify postgresql://...`` checks a PostgreSQL database the same way."""
    from .test_migrations_history import load_dump

    load_dump(pg_url, Path(__file__).parent / "fixtures" / "09-f5701d2.pg.sql")
    open_store(pg_url).close()
    done = primetime("verify", pg_url)
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"schema version: {LATEST}" in done.stdout and "of 5" in done.stdout and "verdict: whole" in done.stdout
    # ``backup`` is for SQLite: on PostgreSQL it points to pg_dump
    done = primetime("backup", "-o", "x.sqlite3", PRIMETIME_DATABASE_URL=pg_url)
    assert done.returncode == 2 and "pg_dump" in done.stderr
