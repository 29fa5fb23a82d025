"""Several server processes on one PostgreSQL database, and one server of several worker
processes on SQLite (``--workers 2``): an action taken through one process reaches the
browsers connected to another, and whole games with people on both processes and a bot
(which either process may move, or its table's owner) never leave a socket behind; presence
and chat count the sockets of every worker; a worker that dies is started again."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import time
from pathlib import Path
from typing import Any

import pytest

from primetime.core.game import replay_record
from primetime.server.messages import card_ids, render_view
from primetime.server.procs import owner

from .helpers import Person, ServerProc, decode, joiner, recv_state, two_servers


def wait_for_version(ws: Any, version: int, timeout: float) -> tuple[dict[str, Any], float]:
    start = time.time()
    st = recv_state(ws, timeout=timeout, min_version=version)
    return st, time.time() - start


@pytest.mark.parametrize("listen", [True, False], ids=["notify", "poll-only"])
def test_action_through_one_process_reaches_the_other(pg_url: str, tmp_path: Path, listen: bool) -> None:
    env = {"PRIMETIME_DATABASE_URL": pg_url, "PRIMETIME_LISTEN": "1" if listen else "0",
           # with notifications, polling is slow on purpose: the update must come from NOTIFY
           "PRIMETIME_POLL_INTERVAL": "30" if listen else "0.5"}
    with two_servers(tmp_path, env) as (a, b):
        ana, ben = Person(a.url, "Ana"), Person(b.url, "Ben")
        tid = ana.create(["open"], pilot="simplified")
        ben.post(f"/api/tables/{tid}/join")  # through the other process
        ana.post(f"/api/tables/{tid}/start", {})
        ws = {0: ana.ws(tid), 1: ben.ws(tid)}
        latest = {0: recv_state(ws[0]), 1: recv_state(ws[1])}
        assert latest[0]["view"] and latest[1]["view"], "both processes serve the running game"
        limit = 15.0  # (well under the 30-s poll of the notify case: the update came by NOTIFY)
        for _ in range(6):  # a few moves, each delivered from one process to the other
            v = max(latest[0]["version"], latest[1]["version"])
            for s in (0, 1):
                if latest[s]["version"] < v:
                    latest[s] = recv_state(ws[s], min_version=v, timeout=limit)
            st = latest[0]
            cur = st["view"]["pending"]["player"]
            other = 1 - cur
            mine = latest[cur]
            key = mine["view"]["pending"]["options"][0]["key"]
            ws[cur].send(json.dumps({"type": "act", "key": key, "seq": mine["seq"]}))
            latest[other], lat = wait_for_version(ws[other], mine["version"] + 1, limit)
            assert latest[other]["seq"] == mine["seq"] + 1 and lat < limit
            latest[cur] = recv_state(ws[cur], min_version=mine["version"] + 1)
            assert latest[cur]["view"]["players"] == latest[other]["view"]["players"]
        for w in ws.values():
            w.close()


async def connect_to_worker(url: str, cookie: str | None, worker: int | None, patience: float = 30.0) -> tuple[Any, list[dict[str, Any]]]:
    """A WebSocket served by worker ``worker`` of a server (its first message, ``time``, says which;
    None: any), and the messages read before the answer.  The workers share one listening socket,
    and a busy worker is slower to accept: try again, a moment apart, for ``patience`` seconds."""
    from websockets.asyncio.client import connect

    deadline, tries = time.monotonic() + patience, 0
    while True:
        tries += 1
        ws = await connect(url, additional_headers={"Cookie": cookie} if cookie else {}, max_size=2**22)
        first = decode(ws, await asyncio.wait_for(ws.recv(), 15))
        assert first["type"] == "time"
        if worker is None or first["worker"] == worker:
            return ws, [first]
        await ws.close()
        if time.monotonic() > deadline:
            raise AssertionError(f"no connection reached worker {worker} in {tries} tries over {patience:.0f} s")
        await asyncio.sleep(0.02)


async def _play_across_processes(urls: dict[int, str], cookies: dict[int, str], table_id: str, seed: int,
                                 stall: float, workers: dict[int, int] | None = None) -> dict[str, Any]:
    """Two people, each connected to their own process (``workers``: to that worker of one server),
    play ``table_id`` to the end (random legal choices); fails when a socket hears nothing new for
    ``stall`` seconds while the game is not over, saying what a fresh connection to the same
    process sees."""
    import asyncio

    from websockets.asyncio.client import connect

    from primetime.core.rng import Rng

    rng = Rng(seed)
    final: dict[str, Any] = {}

    async def fresh_seq(seat: int) -> int:
        async with connect(f"{urls[seat]}/ws/{table_id}", additional_headers={"Cookie": cookies[seat]},
                           max_size=2**22) as ws:
            while True:
                msg = decode(ws, await asyncio.wait_for(ws.recv(), 15))
                if msg.get("type") == "state":
                    return int(msg["seq"])

    async def person(seat: int) -> None:
        ws, first = await connect_to_worker(f"{urls[seat]}/ws/{table_id}", cookies[seat], (workers or {}).get(seat))
        final[f"worker{seat}"] = first[0]["worker"]
        async with ws:
            last_seq = -1
            while True:
                try:
                    raw = await asyncio.wait_for(ws.recv(), stall)
                except TimeoutError:
                    now = await fresh_seq(seat)
                    raise AssertionError(f"seat {seat}'s socket heard nothing for {stall} s at step {last_seq}; "
                                         f"a fresh connection to the same process is at step {now}") from None
                msg = decode(ws, raw)
                if msg.get("type") != "state" or not msg["view"]:
                    continue
                last_seq = msg["seq"]
                v = msg["view"]
                if v["phase"] == "over":
                    final[str(seat)] = msg
                    final[f"log_starts{seat}"] = joiner(ws).starts
                    return
                p = v["pending"]
                if p and p["player"] == seat and p.get("options"):
                    keys = [o["key"] for o in p["options"]]
                    quick = [k for k in keys if k in ("done", "pass", "none")]
                    key = quick[0] if quick and rng.below(4) else keys[rng.below(len(keys))]
                    await ws.send(json.dumps({"type": "act", "key": key, "seq": msg["seq"]}))

    await asyncio.wait_for(asyncio.gather(person(0), person(1)), timeout=600)
    return final


@pytest.mark.parametrize("game,options", [("networks", {"pilot": "simplified"}), ("prime-time", {"simultaneous": True})],
                         ids=["networks", "prime-time"])
def test_whole_games_with_a_bot_never_stall_across_processes(pg_url: str, tmp_path: Path, game: str,
                                                             options: dict[str, Any]) -> None:
    """Two people on two processes and a greedy bot (which both processes may try to move):
    every process tells its own sockets of every new state, whoever made it."""
    import asyncio

    env = {"PRIMETIME_DATABASE_URL": pg_url, "PRIMETIME_POLL_INTERVAL": "1", "PRIMETIME_BOT_WORKERS": "0"}
    with two_servers(tmp_path, env) as (a, b):
        for n in range(2):
            ana, ben = Person(a.url, "Ana"), Person(b.url, "Ben")
            r = ana.http.post("/api/tables", json={"game": game, "seats": ["open", "bot:greedy"], "options": options})
            assert r.status_code == 200, r.text
            tid = r.json()["id"]
            ben.post(f"/api/tables/{tid}/join")
            ana.post(f"/api/tables/{tid}/start", {})
            final = asyncio.run(_play_across_processes({0: a.ws_url, 1: b.ws_url},
                                                       {0: ana.cookie_header(), 1: ben.cookie_header()}, tid,
                                                       seed=11 + n, stall=20.0))
            assert final["0"]["view"]["final"] == final["1"]["view"]["final"]
            record = ana.get(f"/api/tables/{tid}/record")  # both processes stored one game, the one both saw
            replayed = replay_record(record)
            assert replayed.is_over() and replayed.view(None)["final"]["winners"] == final["0"]["view"]["final"]["winners"]
            # the log came as tails to both workers' sockets (the other worker's through the relayed states),
            # and put together it is the whole log
            whole = render_view(replayed.view(None), list(record["players"]), card_ids(replayed))["log"]
            for seat in (0, 1):
                assert final[str(seat)]["view"]["log"] == whole
                assert sum(1 for x in final[f"log_starts{seat}"] if x > 0) > 10
            ana.close()
            ben.close()


# ---------------------------------------------------------------------- one server, two worker processes (SQLite)
@pytest.mark.parametrize("routed", [False, True], ids=["sockets-spread", "sockets-routed"])
@pytest.mark.parametrize("game,options", [("networks", {"pilot": "simplified"}), ("prime-time", {"simultaneous": True})],
                         ids=["networks", "prime-time"])
def test_whole_games_on_two_workers_never_stall(tmp_path: Path, game: str, options: dict[str, Any], routed: bool) -> None:
    """Two people and a greedy bot (moved by the table's owner, whichever worker that is): every
    worker tells its sockets of every new state within a few seconds, whoever made it, and both see
    the same game to its end.  ``sockets-spread``: the two people's sockets are served by different
    workers (``PRIMETIME_ROUTE_SOCKETS=0``: each by the worker that accepted it, the states relayed
    between them).  ``sockets-routed`` (the default): both are handed to the table's owner."""
    env = {"PRIMETIME_POLL_INTERVAL": "30", "PRIMETIME_ROUTE_SOCKETS": "1" if routed else "0"}
    server = ServerProc(tmp_path / "data", env=env, workers=2).start()
    try:
        for n in range(1 if routed else 2):
            ana, ben = Person(server.url, "Ana"), Person(server.url, "Ben")
            r = ana.http.post("/api/tables", json={"game": game, "seats": ["open", "bot:greedy"], "options": options})
            assert r.status_code == 200, r.text
            tid = r.json()["id"]
            ben.post(f"/api/tables/{tid}/join")
            ana.post(f"/api/tables/{tid}/start", {})
            # the poll is slow on purpose (30 s): the datagrams between the workers must carry every state
            final = asyncio.run(_play_across_processes({0: server.ws_url, 1: server.ws_url},
                                                       {0: ana.cookie_header(), 1: ben.cookie_header()}, tid,
                                                       seed=21 + n, stall=15.0,  # (under the 30-s poll)
                                                       workers=None if routed else {0: n % 2, 1: 1 - n % 2}))
            if routed:
                assert final["worker0"] == final["worker1"] == owner(tid, 2)
            assert final["0"]["view"]["final"] == final["1"]["view"]["final"]
            record = ana.get(f"/api/tables/{tid}/record")
            replayed = replay_record(record)
            assert replayed.is_over() and replayed.view(None)["final"]["winners"] == final["0"]["view"]["final"]["winners"]
            # the log came as tails to both sockets (on another worker than the owner, through the relayed states),
            # and put together it is the whole log
            whole = render_view(replayed.view(None), list(record["players"]), card_ids(replayed))["log"]
            for seat in (0, 1):
                assert final[str(seat)]["view"]["log"] == whole
                assert sum(1 for x in final[f"log_starts{seat}"] if x > 0) > 10
            ana.close()
            ben.close()
    finally:
        server.stop()


def test_presence_and_chat_count_every_worker(tmp_path: Path) -> None:
    """Seat 1's socket on the other worker shows as online at seat 0's, goes offline when it closes;
    a chat message written through one worker reaches the sockets of the other (the sockets served
    where they were accepted, ``PRIMETIME_ROUTE_SOCKETS=0``, as when the owner cannot take them)."""
    server = ServerProc(tmp_path / "data", env={"PRIMETIME_POLL_INTERVAL": "30", "PRIMETIME_ROUTE_SOCKETS": "0"},
                        workers=2).start()
    ana, ben = Person(server.url, "Ana"), Person(server.url, "Ben")
    tid = ana.create(["open", "bot:random"], pilot="simplified")
    ben.post(f"/api/tables/{tid}/join")

    async def run() -> None:
        url = f"{server.ws_url}/ws/{tid}"
        async def until(ws: Any, test: Any, what: str) -> dict[str, Any]:
            deadline = time.time() + 15
            while True:
                left = deadline - time.time()
                assert left > 0, f"no {what} within 15 s"
                msg = decode(ws, await asyncio.wait_for(ws.recv(), left))
                if test(msg):
                    return msg

        a, _ = await connect_to_worker(url, ana.cookie_header(), 0)
        # (its chat history first: a message stored before that was read would come only in the history)
        await until(a, lambda m: m["type"] == "chat" and m["history"], "chat history at worker 0")
        b, _ = await connect_to_worker(url, ben.cookie_header(), 1)
        watcher, _ = await connect_to_worker(url, None, 1)

        def states(msg: dict[str, Any]) -> dict[int, str]:
            return {s["seat"]: s["state"] for s in msg["seats"]}

        got = await until(a, lambda m: m["type"] == "presence" and states(m)[1] == "online" and m["watching"] == 1,
                          "presence of seat 1 and the watcher (both on worker 1) at worker 0")
        assert states(got)[0] == "online"
        await b.send(json.dumps({"type": "chat", "text": "hello from worker 1", "id": 1}))
        got = await until(a, lambda m: m["type"] == "chat" and not m["history"], "chat from the other worker")
        assert [m["text"] for m in got["messages"]] == ["hello from worker 1"]
        await a.send(json.dumps({"type": "presence", "state": "away"}))
        await until(watcher, lambda m: m["type"] == "presence" and states(m)[0] == "away", "seat 0 away at worker 1")
        await b.close()
        await until(a, lambda m: m["type"] == "presence" and states(m)[1] == "offline", "seat 1 offline at worker 0")
        await a.close()
        await watcher.close()

    try:
        asyncio.run(run())
    finally:
        server.stop()


def test_a_worker_that_dies_is_started_again_and_its_tables_play_on(tmp_path: Path) -> None:
    """kill -9 of one worker: the supervisor starts it again; the bot tables it owned finish."""
    server = ServerProc(tmp_path / "data", env={"PRIMETIME_BOT_DELAY": "0.02", "PRIMETIME_POLL_INTERVAL": "1"}, workers=2).start()
    try:
        host = Person(server.url, "Host")
        tables = []
        for _ in range(4):
            tid = host.create(["bot:greedy", "bot:random"], pilot="simplified")
            host.post(f"/api/tables/{tid}/start", {})
            assert host.post(f"/api/tables/{tid}/leave")["result"] == "replaced"  # a table of bots only
            tables.append(tid)
        assert server.proc is not None
        kids = [int(x) for x in Path(f"/proc/{server.proc.pid}/task/{server.proc.pid}/children").read_text().split()]
        assert len(kids) == 2
        time.sleep(0.5)
        os.kill(kids[0], signal.SIGKILL)
        deadline = time.time() + 20
        while True:
            now = [int(x) for x in Path(f"/proc/{server.proc.pid}/task/{server.proc.pid}/children").read_text().split()]
            if len(now) == 2 and kids[0] not in now:
                break
            assert time.time() < deadline, "the dead worker was not started again"
            time.sleep(0.2)
        deadline = time.time() + 180
        for tid in tables:
            while Person(server.url).get(f"/api/tables/{tid}")["status"] != "finished":
                assert time.time() < deadline, f"{tid} did not finish after a worker died"
                time.sleep(0.3)
        assert server.proc.poll() is None
    finally:
        server.stop()
