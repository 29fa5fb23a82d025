"""Several server processes on one PostgreSQL database: an action taken through one
process reaches the browsers connected to another."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from .helpers import Person, ServerProc, recv_state


def wait_for_version(ws: Any, version: int, timeout: float) -> tuple[dict[str, Any], float]:
    start = time.time()
    st = recv_state(ws, timeout=timeout, min_version=version)
    return st, time.time() - start


@pytest.mark.parametrize("listen", [True, False], ids=["notify", "poll-only"])
def test_action_through_one_process_reaches_the_other(pg_url: str, tmp_path: Path, listen: bool) -> None:
    env = {"PRIMETIME_DATABASE_URL": pg_url, "PRIMETIME_LISTEN": "1" if listen else "0",
           # with notifications, polling is slow on purpose: the update must come from NOTIFY
           "PRIMETIME_POLL_INTERVAL": "30" if listen else "0.5"}
    a = ServerProc(tmp_path / "a", env=env).start()
    b = ServerProc(tmp_path / "b", env=env).start()
    try:
        ana, ben = Person(a.url, "Ana"), Person(b.url, "Ben")
        tid = ana.create(["open"], pilot="simplified")
        ben.post(f"/api/tables/{tid}/join")  # through the other process
        ana.post(f"/api/tables/{tid}/start", {})
        ws = {0: ana.ws(tid), 1: ben.ws(tid)}
        latest = {0: recv_state(ws[0]), 1: recv_state(ws[1])}
        assert latest[0]["view"] and latest[1]["view"], "both processes serve the running game"
        limit = 3.0 if listen else 5.0
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
    finally:
        a.stop()
        b.stop()
