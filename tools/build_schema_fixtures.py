"""Build the SQLite databases of earlier releases for the migration tests (issue 37).

For every schema the main line's history has had (the SQL of ``SCHEMA`` in ``server/schema.py``,
earlier in ``server/store.py``), the last commit with that schema before schema versions existed is
exported to a temporary folder and *that release's server* is started on an empty data folder.
Clients then use it as players did: guests create tables with bots, play part of a game (left
unfinished), play a game to its end, chat (where the release had chat), sign up and play a rated
game (where it had accounts), leave a table open.  The server is stopped, its database checkpointed
and vacuumed, and written to ``tests/server/fixtures/<n>-<commit>.sqlite`` with a
``<n>-<commit>.json`` beside it: the release, its schema's tables and the players' cookies, so that
the tests can take their seats again on today's server.

    PYTHONPATH=src .venv/bin/python tools/build_schema_fixtures.py [--only COMMIT] [--list]

It needs git, the repository's history and the test extra (httpx, websockets).  The fixtures are
committed; run this again only to add the schema of a release made since (the newest schema without
versions is already there).
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import json
import os
import re
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "tests" / "server" / "fixtures"
SOURCES = ("src/primetime/server/schema.py", "src/primetime/server/store.py")
PASSWORD = "plum kettle orbit 71"


def git(*args: str) -> str:
    return subprocess.run(["git", *args], cwd=ROOT, check=True, capture_output=True, text=True).stdout


def schema_at(commit: str) -> list[str] | None:
    """The statements of ``SCHEMA`` at ``commit`` (None: no server yet)."""
    for path in SOURCES:
        try:
            text = git("show", f"{commit}:{path}")
        except subprocess.CalledProcessError:
            continue
        for node in ast.parse(text).body:
            if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", None) == "SCHEMA":
                return [re.sub(r"\s+", " ", s).strip() for s in ast.literal_eval(node.value)]
    return None


def schema_hash(schema: list[str]) -> str:
    """A short name of a schema's SQL (what the tests match fixtures by)."""
    return hashlib.sha1("\n".join(schema).encode()).hexdigest()[:12]


def releases() -> list[tuple[str, str, list[str]]]:
    """(commit, date, schema) for the last main-line commit of each schema before versions, oldest first."""
    commits = git("log", "--first-parent", "--reverse", "--format=%H %cs", "HEAD", "--", *SOURCES).split("\n")
    out: list[tuple[str, str, list[str]]] = []
    for line in filter(None, commits):
        commit, date = line.split()
        try:
            git("cat-file", "-e", f"{commit}:src/primetime/server/migrations.py")
            break  # versions exist from here on: the migrations take over
        except subprocess.CalledProcessError:
            pass
        schema = schema_at(commit)
        if schema is None:
            continue
        if out and out[-1][2] == schema:
            out[-1] = (commit, date, schema)  # the same schema: keep the newest commit that had it
        else:
            out.append((commit, date, schema))
    # the main line's newest commit before versions (its schema may be unchanged since its last change)
    for line in git("log", "--first-parent", "--format=%H %cs", "HEAD").split("\n"):
        commit, date = line.split()
        try:
            git("cat-file", "-e", f"{commit}:src/primetime/server/migrations.py")
        except subprocess.CalledProcessError:
            if out and schema_at(commit) == out[-1][2]:
                out[-1] = (commit, date, out[-1][2])
            break
    return out


def export(commit: str, into: Path) -> None:
    data = subprocess.run(["git", "archive", "--format=tar", commit, "src"], cwd=ROOT, check=True, capture_output=True).stdout
    with tarfile.open(fileobj=BytesIO(data)) as tar:
        tar.extractall(into, filter="data")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


# ---------------------------------------------------------------------- clients of the old server


class Player:
    def __init__(self, base: str, name: str, account: bool = False) -> None:
        import httpx

        self.base, self.name = base, name
        self.http = httpx.Client(base_url=base, timeout=30.0)
        if account:
            self.post("/api/signup", {"name": name, "password": PASSWORD})
        else:
            self.post("/api/me", {"name": name})

    def post(self, path: str, data: Any = None, ok: bool = True) -> Any:
        r = self.http.post(path, json=data if data is not None else {})
        if ok and r.status_code != 200:
            raise RuntimeError(f"{path}: {r.status_code} {r.text}")
        return r

    def ws(self, table_id: str) -> Any:
        from websockets.sync.client import connect

        cookie = "; ".join(f"{k}={v}" for k, v in self.http.cookies.items())
        return connect(self.base.replace("http", "ws", 1) + f"/ws/{table_id}", additional_headers={"Cookie": cookie},
                       max_size=2**23, open_timeout=15).__enter__()

    def cookies(self) -> list[dict[str, str]]:
        return [{"name": c.name, "value": c.value or "", "path": c.path} for c in self.http.cookies.jar]


def newest_state(ws: Any, min_version: int, timeout: float = 30.0) -> dict[str, Any]:
    """The newest state message with a version of at least ``min_version`` (waits for one)."""
    deadline, best = time.time() + timeout, None
    while True:
        wait = 0.05 if best is not None else deadline - time.time()
        if wait <= 0:
            raise TimeoutError("no state")
        try:
            msg = json.loads(ws.recv(timeout=wait))
        except TimeoutError:
            if best is not None:
                return best
            raise
        if msg.get("type") == "state" and msg.get("version", -1) >= min_version and msg.get("view"):
            best = msg


def play(players: list[Player], table_id: str, steps: int | None) -> int:
    """The players at ``table_id`` (seats 0, 1, ...) pass or take their first option, ``steps`` times
    (None: to the end of the game); the number of steps they took."""
    wss = [p.ws(table_id) for p in players]
    try:
        states = [newest_state(ws, 0) for ws in wss]
        taken = 0
        while steps is None or taken < steps:
            view = max(states, key=lambda s: s["version"])["view"]
            if view.get("phase") == "over":
                break
            version = max(s["version"] for s in states)
            movers = [i for i, st in enumerate(states) if (p := st["view"].get("pending")) and p.get("player") == i
                      and p.get("options") and st["version"] == version]
            if not movers:  # a bot, or a socket behind: wait for the next state anywhere
                states = [newest_state(ws, st["version"] + (1 if st["version"] == version else 0)) for ws, st in zip(wss, states, strict=True)]
                continue
            i = movers[0]
            keys = [o["key"] for o in states[i]["view"]["pending"]["options"]]
            key = next((k for k in keys if k.startswith("pass")), keys[0])
            wss[i].send(json.dumps({"type": "act", "key": key, "seq": states[i]["seq"]}))
            taken += 1
            states = [newest_state(ws, version + 1) for ws in wss]
        return taken
    finally:
        for ws in wss:
            ws.close()


def chat(player: Player, table_id: str, text: str) -> bool:
    """Say ``text`` at the table; False if the release had no chat."""
    ws = player.ws(table_id)
    try:
        ws.send(json.dumps({"type": "chat", "text": text, "id": 1}))
        deadline = time.time() + 10
        while time.time() < deadline:
            try:
                msg = json.loads(ws.recv(timeout=max(0.01, deadline - time.time())))
            except TimeoutError:
                break
            if msg.get("type") == "ack" and msg.get("id") == 1:
                return True
            if msg.get("type") == "error":
                return False
        return False
    finally:
        ws.close()


def use(base: str) -> dict[str, Any]:
    """What players did on the old server at ``base``; what the tests need to know of it."""
    import httpx

    ana, ben = Player(base, "Ana"), Player(base, "Ben")
    done: dict[str, Any] = {"tables": {}, "chat": 0}

    def table(host: Player, seats: list[str], **body: Any) -> str | None:
        r = host.http.post("/api/tables", json={"seats": seats, **body})
        return str(r.json()["id"]) if r.status_code == 200 else None

    # a game played to its end, and one left half-way (both The Networks, two guests and a bot)
    for label, steps in (("finished", None), ("unfinished", 3)):
        tid = table(ana, ["open", "bot:random"], options={"pilot": "simplified"})
        assert tid is not None
        ben.post(f"/api/tables/{tid}/join")
        ana.post(f"/api/tables/{tid}/start")
        done["tables"][label] = tid
        play([ana, ben], tid, steps)
    # Prime Time, where the release had it, left unfinished
    tid = table(ana, ["bot:random"], game="prime-time", options={})
    if tid is not None:
        ana.post(f"/api/tables/{tid}/start")
        play([ana], tid, 6)
        done["tables"]["prime_time"] = tid
    # a table still open, waiting for players
    done["tables"]["open"] = table(ben, ["open", "open"], options={"pilot": "simplified"})
    # chat, where the release had it
    for who, text in ((ana, "good luck, Ben"), (ben, "thanks! and to you")):
        done["chat"] += chat(who, done["tables"]["unfinished"], text)
    # accounts and a rated game, where the release had them
    if httpx.post(base + "/api/signup", json={}).status_code != 404:
        cleo, dan = Player(base, "Cleo", account=True), Player(base, "Dan", account=True)
        tid = table(cleo, ["open"], options={"pilot": "simplified"})
        assert tid is not None
        dan.post(f"/api/tables/{tid}/join")
        cleo.post(f"/api/tables/{tid}/start")
        play([cleo, dan], tid, None)
        done["tables"]["rated"] = tid
        tid = table(cleo, ["open"], options={"pilot": "simplified"})
        assert tid is not None
        dan.post(f"/api/tables/{tid}/join")
        cleo.post(f"/api/tables/{tid}/start")
        play([cleo, dan], tid, 3)
        done["tables"]["accounts_unfinished"] = tid
        done["players"] = {p.name: p.cookies() for p in (ana, ben, cleo, dan)}
    else:
        done["players"] = {p.name: p.cookies() for p in (ana, ben)}
    return done


def build(n: int, commit: str, date: str, schema: list[str], keep: bool = False, postgres: str | None = None) -> Path:
    """Run the release on SQLite (``postgres`` None) or in a fresh schema of that PostgreSQL database;
    write its fixture (``.sqlite`` or ``.pg.sql``, a plain SQL dump) and the ``.json`` beside it."""
    work = Path(tempfile.mkdtemp(prefix="primetime-release-"))
    pg_schema = f"release_{commit[:7]}"
    url = ""
    if postgres:
        import psycopg

        with psycopg.connect(postgres, autocommit=True) as c:
            c.execute(f"DROP SCHEMA IF EXISTS {pg_schema} CASCADE")
            c.execute(f"CREATE SCHEMA {pg_schema}")
        url = f"{postgres}{'&' if '?' in postgres else '?'}options=-csearch_path%3D{pg_schema}"
    try:
        export(commit, work)
        data = work / "data"
        data.mkdir()
        port = free_port()
        env = {**os.environ, "PYTHONPATH": str(work / "src"), "PRIMETIME_PURE": "1", "PRIMETIME_BOT_DELAY": "0",
               "PRIMETIME_WORKERS": "1", "PRIMETIME_LOG_LEVEL": "WARNING", "PRIMETIME_DATABASE_URL": url}
        log = open(work / "server.log", "wb")  # noqa: SIM115 - closed below
        proc = subprocess.Popen([sys.executable, "-m", "primetime.server", "--port", str(port), "--data", str(data)],
                                env=env, cwd=str(work), stdout=log, stderr=subprocess.STDOUT)
        base = f"http://127.0.0.1:{port}"
        try:
            import httpx

            deadline = time.time() + 60
            while True:
                if proc.poll() is not None or time.time() > deadline:
                    raise RuntimeError("the old server did not start:\n" + (work / "server.log").read_text()[-3000:])
                try:
                    if httpx.get(base + "/healthz", timeout=1).status_code == 200:
                        break
                except httpx.HTTPError:
                    time.sleep(0.2)
            done = use(base)
        finally:
            proc.send_signal(signal.SIGTERM)
            proc.wait(30)
            log.close()
        stem = f"{n:02d}-{commit[:7]}"
        OUT.mkdir(parents=True, exist_ok=True)
        if postgres:
            status, tables, path = _dump_postgres(postgres, pg_schema, OUT / f"{stem}.pg.sql")
        else:
            status, tables, path = _vacuum_sqlite(data / "primetime.sqlite3", OUT / f"{stem}.sqlite")
        for label, tid in done["tables"].items():  # what the tests count on
            want = {"finished": "finished", "rated": "finished", "open": "open"}.get(label, "running")
            assert status[tid] == want, f"{label} table {tid} is {status[tid]}, not {want}"
        meta = {"commit": commit, "date": date, "schema": schema_hash(schema),
                "tables_in_schema": tables, **done}
        (OUT / f"{stem}{'.pg' if postgres else ''}.json").write_text(json.dumps(meta, indent=1, sort_keys=True) + "\n")
        return path
    finally:
        if not keep:
            shutil.rmtree(work, ignore_errors=True)
        if postgres:
            import psycopg

            with psycopg.connect(postgres, autocommit=True) as c:
                c.execute(f"DROP SCHEMA IF EXISTS {pg_schema} CASCADE")


def _vacuum_sqlite(db: Path, out: Path) -> tuple[dict[str, str], list[str], Path]:
    c = sqlite3.connect(db)
    c.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    c.execute("PRAGMA journal_mode=DELETE")
    c.execute("PRAGMA page_size=1024")
    c.execute("VACUUM")
    tables = sorted(r[0] for r in c.execute("SELECT name FROM sqlite_master WHERE type = 'table'"))
    status = dict(c.execute("SELECT id, status FROM tables").fetchall())
    c.close()
    shutil.copyfile(db, out)
    return status, tables, out


def _dump_postgres(url: str, schema: str, out: Path) -> tuple[dict[str, str], list[str], Path]:
    """A plain SQL dump of the release's schema (INSERTs, no owner), its names unqualified so that it
    loads into whatever schema the loader's search_path names."""
    import psycopg

    with psycopg.connect(url, autocommit=True) as c:
        c.execute(f"SET search_path = {schema}")
        tables = sorted(r[0] for r in c.execute("SELECT table_name FROM information_schema.tables WHERE table_schema = %s",
                                                 (schema,)))
        status = dict(c.execute("SELECT id, status FROM tables").fetchall())
    text = subprocess.run(["pg_dump", "--no-owner", "--no-acl", "--inserts", "--schema", schema, url], check=True,
                          capture_output=True, text=True).stdout
    keep = []
    for line in text.splitlines():
        if line.startswith(("CREATE SCHEMA", "SELECT pg_catalog.set_config('search_path'", "\\restrict", "\\unrestrict")):
            continue
        keep.append(line.replace(f"{schema}.", ""))
    out.write_text("\n".join(keep) + "\n")
    return status, tables, out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--only", help="build only the release whose commit starts with this")
    ap.add_argument("--list", action="store_true", help="list the releases and their schemas, build nothing")
    ap.add_argument("--postgres", metavar="URL", help="run the releases on PostgreSQL (a scratch schema of this "
                    "database) and write plain SQL dumps (.pg.sql) instead")
    ap.add_argument("--keep", action="store_true", help="keep the temporary folders (the old servers' logs)")
    args = ap.parse_args()
    for n, (commit, date, schema) in enumerate(releases(), 1):
        tables = [re.search(r"EXISTS (\w+)", s).group(1) for s in schema if s.startswith("CREATE TABLE")]  # type: ignore[union-attr]
        if args.list:
            print(f"{n:2d} {commit[:7]} {date} schema {schema_hash(schema)} {len(tables)} tables: {' '.join(tables)}")
            continue
        if args.only and not commit.startswith(args.only):
            continue
        t0 = time.time()
        for attempt in range(3):  # (a client that missed a state waits out its timeout: try that release again)
            try:
                path = build(n, commit, date, schema, args.keep, args.postgres)
                break
            except TimeoutError:
                if attempt == 2:
                    raise
        print(f"{path.relative_to(ROOT)}: {path.stat().st_size // 1024} KB in {time.time() - t0:.0f} s", flush=True)


if __name__ == "__main__":
    main()
