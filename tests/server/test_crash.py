"""``kill -9`` in the middle of games: after a restart no acknowledged action is lost
and every game runs to its end."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

import pytest

from primetime.core.game import replay_record

from .helpers import Person, ServerProc, decode


async def human_client(server: ServerProc, who: Person, table_id: str, acked: dict[int, str], stop_at: float) -> None:
    """Plays seat 0 (first option, or a pass when there is one) and notes every acknowledged action."""
    from websockets.asyncio.client import connect

    sent: dict[int, str] = {}
    n = 0
    try:
        async with connect(f"{server.ws_url}/ws/{table_id}", additional_headers={"Cookie": who.cookie_header()}) as ws:
            async for raw in ws:
                msg = decode(ws, raw)
                if msg["type"] == "ack":
                    acked[msg["seq"] - 1] = sent[msg["id"]]
                if msg["type"] != "state" or not msg["view"] or time.time() > stop_at:
                    continue
                v = msg["view"]
                if v["phase"] == "over":
                    return
                p = v["pending"]
                if p and p["player"] == 0 and p.get("options"):
                    keys = [o["key"] for o in p["options"]]
                    key = next((k for k in keys if k.startswith("pass")), keys[0])
                    n += 1
                    sent[n] = key
                    await ws.send(json.dumps({"type": "act", "key": key, "seq": msg["seq"], "id": n}))
    except Exception:
        return  # the server was killed under us


async def watcher(server: ServerProc, table_id: str, seen: dict[str, int]) -> None:
    """A spectator: the highest sequence number it was shown (shown = stored and published)."""
    from websockets.asyncio.client import connect

    try:
        async with connect(f"{server.ws_url}/ws/{table_id}") as ws:
            async for raw in ws:
                msg = decode(ws, raw)
                if msg["type"] == "state":
                    seen[table_id] = max(seen.get(table_id, 0), msg["seq"])
    except Exception:
        return


@pytest.mark.parametrize("workers", [1, 2], ids=["1-worker", "2-workers"])
@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_kill_9_mid_game_loses_no_acknowledged_action(tmp_path: Path, request: pytest.FixtureRequest, backend: str,
                                                      workers: int) -> None:
    """With several workers the kill hits the supervisor: its workers die with it, as a whole machine would."""
    env = {"PRIMETIME_BOT_DELAY": "0.03"}
    if backend == "postgresql":
        env["PRIMETIME_DATABASE_URL"] = request.getfixturevalue("pg_url")
    data = tmp_path / "data"
    server = ServerProc(data, env=env, workers=workers).start()
    host = Person(server.url, "Host")
    ana = Person(server.url, "Ana")
    bot_tables = []
    for seats in (["bot:greedy", "bot:random"], ["bot:random", "bot:random", "bot:greedy"], ["bot:greedy"] * 4):
        # (at the normal pace, bots pausing 0.03 s a move: the games are still going when the server is killed)
        tid = str(host.post("/api/tables", {"seats": seats, "options": {"pilot": "normal"}, "bot_pace": "normal"})["id"])
        host.post(f"/api/tables/{tid}/start", {})
        assert host.post(f"/api/tables/{tid}/leave")["result"] == "replaced"  # the seat becomes a bot at once
        bot_tables.append(tid)
    human_table = ana.create(["bot:greedy", "bot:random"], pilot="simplified")
    ana.post(f"/api/tables/{human_table}/start", {})
    acked: dict[int, str] = {}
    seen: dict[str, int] = {}

    async def run_then_kill() -> None:
        tasks = [asyncio.create_task(watcher(server, t, seen)) for t in bot_tables]
        tasks.append(asyncio.create_task(human_client(server, ana, human_table, acked, time.time() + 60)))
        await asyncio.sleep(2.0)
        end = time.time() + 30  # (a loaded machine: until some action was acknowledged and seen)
        while not (acked and any(v > 0 for v in seen.values())) and time.time() < end:
            await asyncio.sleep(0.1)
        server.kill()  # SIGKILL, wherever it is
        await asyncio.wait(tasks, timeout=10)

    asyncio.run(run_then_kill())
    assert acked, "the human client should have had actions acknowledged before the kill"
    assert any(v > 0 for v in seen.values())
    unfinished = [t for t in [*bot_tables, human_table] if _status(server, t) == "running"]
    assert unfinished, "the kill should have hit games in progress"

    # restart on the same storage: every acknowledged action is there, every game finishes
    server2 = ServerProc(data, env=env, port=server.port, workers=workers).start()
    try:
        ana2 = Person(server2.url)
        ana2.http.cookies.update(ana.http.cookies)
        for tid, shown in seen.items():
            rec = _record_so_far(server2, tid)
            assert len(rec["actions"]) >= shown, f"{tid}: the server had shown seq {shown}, stored {len(rec['actions'])}"
        stored = _record_so_far(server2, human_table)["actions"]
        for seq, key in acked.items():
            assert seq < len(stored) and stored[seq] == key, f"acknowledged action {seq} ({key}) was lost"

        async def finish() -> None:
            await human_client(server2, ana2, human_table, {}, time.time() + 120)

        asyncio.run(asyncio.wait_for(finish(), 150))
        deadline = time.time() + 120
        for tid in [*bot_tables, human_table]:
            while Person(server2.url).get(f"/api/tables/{tid}")["status"] != "finished":
                assert time.time() < deadline, f"{tid} did not finish after the restart"
                time.sleep(0.2)
            rec = Person(server2.url).get(f"/api/tables/{tid}/record")
            game = replay_record(rec)
            assert game.is_over()
    finally:
        server2.stop()


def _status(server: ServerProc, table_id: str) -> str:
    from primetime.server.store import open_store

    st = open_store(server.env.get("PRIMETIME_DATABASE_URL"), server.data_dir)
    try:
        got = st.load(table_id)
        assert got is not None
        return got[0].status
    finally:
        st.close()


def _record_so_far(server: ServerProc, table_id: str) -> dict[str, Any]:
    """Read the stored actions directly (the record endpoint only serves finished games)."""
    from primetime.server.store import open_store

    url = server.env.get("PRIMETIME_DATABASE_URL")
    st = open_store(url, server.data_dir)
    try:
        rec = st.record(table_id)
        assert rec is not None
        return rec
    finally:
        st.close()
