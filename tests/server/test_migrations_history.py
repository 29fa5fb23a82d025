"""Migrations from every earlier schema (issue 37, acceptance: "the migration tests pass on SQLite
and PostgreSQL, from every earlier schema in the history").  The fixtures are databases made by
the earlier releases' own servers, played on by clients (``tools/build_schema_fixtures.py``):
SQLite files, and plain SQL dumps of the same on PostgreSQL.  Each is opened by today's store
(adopted and migrated), and every table and row, game, rating and chat message is still there,
every stored game replays to its stored state, and every unfinished game can be played on
through today's server by the players who sat at it."""

from __future__ import annotations

import json
import shutil
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from primetime.server.backup import verify
from primetime.server.migrations import LATEST, history
from primetime.server.store import open_store

from .helpers import ServerProc, open_ws, recv_state

FIXTURES = Path(__file__).parent / "fixtures"
SQLITE = sorted(FIXTURES.glob("*.sqlite"))
DUMPS = sorted(FIXTURES.glob("*.pg.sql"))


def test_there_is_a_fixture_for_every_earlier_schema() -> None:
    """Migrations: the fixtures cover every schema of the main line before versions, on both
    backends (matched by the schema's SQL: the newest commit with a schema may move on)."""
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[2]
    shallow = subprocess.run(["git", "rev-parse", "--is-shallow-repository"], cwd=root, capture_output=True, text=True)
    if shallow.returncode != 0 or shallow.stdout.strip() != "false":
        pytest.skip("the repository's history is not here (a shallow clone): the fixtures cannot be listed")
    listed = subprocess.run([sys.executable, str(root / "tools" / "build_schema_fixtures.py"), "--list"], cwd=root,
                            capture_output=True, text=True, check=True).stdout.split("\n")
    schemas = [line.split()[4] for line in listed if line.strip()]
    assert len(schemas) >= 9
    for kind, files in (("sqlite", SQLITE), ("postgresql", DUMPS)):
        metas = [json.loads(p.with_name(p.name.split(".")[0] + (".pg" if kind == "postgresql" else "") + ".json").read_text())
                 for p in files]
        assert [m["schema"] for m in metas] == schemas, f"run tools/build_schema_fixtures.py for the missing ({kind})"


def rows_of(url: str, tables: list[str]) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of ``tables``, sorted, read without migrating."""
    if url.startswith("sqlite:///"):
        import sqlite3

        c = sqlite3.connect(url[len("sqlite:///"):])
        try:
            return {t: sorted(c.execute(f"SELECT * FROM {t}").fetchall(), key=repr) for t in tables}
        finally:
            c.close()
    import psycopg

    with psycopg.connect(url) as pc:
        return {t: sorted((tuple(r) for r in pc.execute(f"SELECT * FROM {t}").fetchall()), key=repr) for t in tables}


def load_dump(url: str, dump: Path) -> None:
    import psycopg

    with psycopg.connect(url, autocommit=True) as c:
        c.execute(dump.read_text())  # type: ignore[arg-type]  # (a script of our own fixture)


def seat_cookies(meta: dict[str, Any], name: str) -> httpx.Cookies:
    jar = httpx.Cookies()
    for c in meta["players"][name]:
        jar.set(c["name"], c["value"], domain="127.0.0.1", path=c["path"])
    return jar


def play_on(server: ServerProc, meta: dict[str, Any], table_id: str, humans: dict[int, str], moves: int = 2) -> int:
    """The players of ``humans`` (seat: name) take ``moves`` steps of the unfinished game between
    them (bots answer in between); the number of steps acknowledged."""
    wss = {s: open_ws(server.ws_url + f"/ws/{table_id}", "; ".join(f"{k}={v}" for k, v in seat_cookies(meta, n).items()))
           for s, n in humans.items()}
    acked = 0
    try:
        latest = {s: recv_state(ws, timeout=15) for s, ws in wss.items()}
        deadline = time.time() + 60
        while acked < moves:
            assert time.time() < deadline, "the unfinished game did not come back to its players"
            for s, ws in wss.items():  # the newest state each socket has
                try:
                    latest[s] = recv_state(ws, timeout=0.05, min_version=latest[s]["version"] + 1)
                except TimeoutError:
                    pass
            top = max(st["version"] for st in latest.values())
            assert all(st["view"]["phase"] != "over" for st in latest.values())
            movers = [s for s, st in latest.items() if st["version"] == top and (p := st["view"]["pending"])
                      and p.get("player") == s and p.get("options")]
            if not movers:
                continue
            s = movers[0]
            keys = [o["key"] for o in latest[s]["view"]["pending"]["options"]]
            wss[s].send(json.dumps({"type": "act", "key": keys[-1], "seq": latest[s]["seq"]}))
            latest[s] = recv_state(wss[s], timeout=15, min_version=top + 1)
            assert latest[s]["seq"] > 0
            acked += 1
    finally:
        for ws in wss.values():
            ws.close()
    return acked


def check_migrated(url: str, meta: dict[str, Any], server_env: dict[str, str], data: Path) -> None:
    tables = meta["tables_in_schema"]
    before = rows_of(url, tables)
    st = open_store(url)
    assert history(st)[0]["how"] == "adopted" and history(st)[-1]["version"] == LATEST
    assert rows_of(url, tables) == before  # every table and every row as it was
    names = {r[0] for r in st.read(lambda tx: tx.all("SELECT id FROM tables"))}
    assert set(meta["tables"].values()) <= names
    assert len(st.read(lambda tx: tx.all("SELECT seq FROM chat"))) == meta["chat"]
    assert meta["chat"] == (2 if "chat" in tables else 0)
    if "rated" in meta["tables"]:  # the rated game's rating changes and each account's rating
        rated = meta["tables"]["rated"]
        assert len(st.read(lambda tx: tx.all("SELECT user_id FROM rating_changes WHERE table_id = ?", (rated,)))) == 2
        kept = "skills" if "skills" in tables else "ratings"
        assert len(st.read(lambda tx: tx.all(f"SELECT user_id FROM {kept}"))) == 2
    st.close()
    report = verify(url)  # every stored game replays by today's engine to its stored state
    assert report.ok, report.lines()
    assert report.games == len(meta["tables"]) - 1 and report.version == LATEST
    # every unfinished game can be played on, by the players who sat at it, through today's server
    server = ServerProc(data, env=server_env).start()
    try:
        st = open_store(url)
        for label, tid in meta["tables"].items():
            t = st.load(tid)
            assert t is not None
            row, acts = t
            if row.status != "running":
                continue
            humans = {s.seat: s.name for s in row.seats if s.kind == "human" and s.name in meta["players"]}
            assert humans, label
            assert play_on(server, meta, tid, humans) == 2, label
            again = st.load(tid)
            assert again is not None and len(again[1]) >= len(acts) + 2, label
        st.close()
    finally:
        server.stop()


@pytest.mark.parametrize("fixture", SQLITE, ids=[p.stem for p in SQLITE])
def test_an_earlier_releases_sqlite_database_migrates_whole(fixture: Path, tmp_path: Path) -> None:
    """Migrations from an earlier release's SQLite database: adopted, nothing lost, games go on."""
    data = tmp_path / "data"
    data.mkdir()
    shutil.copyfile(fixture, data / "primetime.sqlite3")
    meta = json.loads(fixture.with_suffix(".json").read_text())
    check_migrated("sqlite:///" + str(data / "primetime.sqlite3"), meta, {"PRIMETIME_DATABASE_URL": ""}, data)


@pytest.mark.parametrize("dump", DUMPS, ids=[p.name[:-len(".pg.sql")] for p in DUMPS])
def test_an_earlier_releases_postgresql_dump_migrates_whole(dump: Path, pg_url: str, tmp_path: Path) -> None:
    """Migrations from a plain SQL dump of an earlier release's PostgreSQL database."""
    load_dump(pg_url, dump)
    meta = json.loads(dump.with_name(dump.name[:-len(".sql")] + ".json").read_text())
    check_migrated(pg_url, meta, {"PRIMETIME_DATABASE_URL": pg_url}, tmp_path / "data")
