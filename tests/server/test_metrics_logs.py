"""Issue 37, metrics and logs: ``/metrics`` in Prometheus' format, off unless turned on, answered only to the
addresses the operator allows (the proxy's word about the client believed only from a named proxy), with
each worker process's figures; and JSON log lines carrying their request or table id."""

from __future__ import annotations

import json
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from prometheus_client.parser import text_string_to_metric_families

from primetime.server.procs import owner

from .helpers import ServerProc, recv_state
from .test_signout import my_turn

FIGURES = ("primetime_live_tables", "primetime_sockets", "primetime_actions", "primetime_action_seconds", "primetime_queue_length",
           "primetime_bot_seconds", "primetime_errors")


def curl(url: str, *args: str) -> tuple[int, str]:
    """``curl`` as an operator would run it: (HTTP status, body)."""
    out = subprocess.run(["curl", "-s", "-o", "-", "-w", "\n%{http_code}", *args, url], capture_output=True, text=True, timeout=30)
    body, _, code = out.stdout.rpartition("\n")
    return int(code), body


def families(text: str) -> dict[str, Any]:
    return {f.name: f for f in text_string_to_metric_families(text)}


@pytest.fixture
def metered(tmp_path: Path) -> Iterator[ServerProc]:
    s = ServerProc(tmp_path / "data", workers=2, env={"PRIMETIME_METRICS": "1", "PRIMETIME_METRICS_ALLOW": "127.0.0.1/32",
                                                      "PRIMETIME_TABLE_SEED": "5", "PRIMETIME_ROUTE_SOCKETS": "1"}).start()
    yield s
    s.stop()


def test_issue_37_metrics_list_every_figure_per_worker_for_an_allowed_address(metered: ServerProc) -> None:
    """Issue 37 metrics: ``curl`` of /metrics from an allowed address (127.0.0.1) lists live tables, sockets,
    actions (a counter), action latency (a histogram), queue lengths, bot time and errors, for both worker
    processes; a move made by a person and the bots' moves are counted."""
    from .helpers import Person

    ana = Person(metered.url, "Ana")
    tables: dict[int, str] = {}
    made = {"0": 0.0, "1": 0.0}
    while len(tables) < 2:  # a running table owned by each worker
        tid = ana.create(["bot:random"], pilot="simplified")
        ana.post(f"/api/tables/{tid}/start", {})
        tables.setdefault(owner(tid, 2), tid)
        made[str(owner(tid, 2))] += 1
    ws = ana.ws(tables[0])
    st = my_turn(ws)
    ws.send(json.dumps({"type": "act", "key": st["view"]["pending"]["options"][0]["key"], "seq": st["seq"], "id": 1}))
    recv_state(ws, min_version=st["version"] + 1)
    deadline = time.time() + 20
    while True:  # each worker writes its gauges every second: wait for both
        code, text = curl(metered.url + "/metrics")
        assert code == 200, text
        got = families(text)
        workers = {s.labels["worker"] for s in got["primetime_sockets"].samples} if "primetime_sockets" in got else set()
        acts = {k: sum(s.value for s in got["primetime_actions"].samples if s.name == "primetime_actions_total" and s.labels["kind"] == k)
                for k in ("act", "bot")}
        live = {s.labels["worker"]: s.value for s in got["primetime_live_tables"].samples} if "primetime_live_tables" in got else {}
        if workers == {"0", "1"} and acts.get("act", 0) >= 1 and acts.get("bot", 0) >= 1 and live == made:
            break
        assert time.time() < deadline, f"workers {workers}, actions {acts}, live tables {live}"
        time.sleep(0.3)
    for name in FIGURES:
        assert name in got, f"{name} is not listed"
    assert got["primetime_actions"].type == "counter" and got["primetime_action_seconds"].type == "histogram"
    sockets = {s.labels["worker"]: s.value for s in got["primetime_sockets"].samples}
    assert sockets[str(owner(tables[0], 2))] >= 1, "the open socket is counted by the worker serving it"
    counts = [s for s in got["primetime_action_seconds"].samples
              if s.name == "primetime_action_seconds_count" and s.labels["kind"] == "act"]
    assert sum(s.value for s in counts) >= 1
    queues = {s.labels["queue"] for s in got["primetime_queue_length"].samples}
    assert queues == {"db", "writes", "bots", "sends"}
    assert any(s.value > 0 for s in got["primetime_bot_seconds"].samples if s.name == "primetime_bot_seconds_count")
    ws.close()


def test_issue_37_metrics_refused_to_other_addresses(metered: ServerProc) -> None:
    """Issue 37 metrics: from an address not allowed (127.0.0.2: another loopback address) /metrics is
    refused, and a forged ``X-Forwarded-For`` naming an allowed address changes nothing (no proxy is named)."""
    code, body = curl(metered.url + "/metrics", "--interface", "127.0.0.2")
    assert code == 403 and "not served to this address" in body
    code, _ = curl(metered.url + "/metrics", "--interface", "127.0.0.2", "-H", "X-Forwarded-For: 127.0.0.1")
    assert code == 403
    assert curl(metered.url + "/metrics")[0] == 200


def test_issue_37_metrics_behind_a_named_proxy_and_off_by_default(tmp_path: Path) -> None:
    """Issue 37 metrics: behind a proxy named with --forwarded-allow-ips, the client the proxy reports is
    who is checked (an outside client refused, a local one allowed); a server without --metrics has none."""
    s = ServerProc(tmp_path / "proxied", env={"PRIMETIME_METRICS": "1", "PRIMETIME_METRICS_ALLOW": "10.0.0.0/8",
                                              "PRIMETIME_FORWARDED_ALLOW_IPS": "127.0.0.1"}).start()
    try:
        assert curl(s.url + "/metrics", "-H", "X-Forwarded-For: 203.0.113.9")[0] == 403
        assert curl(s.url + "/metrics")[0] == 403, "the proxy itself (127.0.0.1) is not among the allowed"
        code, body = curl(s.url + "/metrics", "-H", "X-Forwarded-For: 10.1.2.3")
        assert code == 200 and "primetime_sockets" in body
    finally:
        s.stop()
    off = ServerProc(tmp_path / "off").start()
    try:
        assert curl(off.url + "/metrics")[0] == 404
    finally:
        off.stop()


def test_issue_37_json_logs_carry_the_request_or_table_id(tmp_path: Path) -> None:
    """Issue 37 logs: with --log-format json every line the server writes parses as JSON; the lines of a
    request carry its id (the X-Request-ID it sent, also sent back) and the table of its path."""
    s = ServerProc(tmp_path / "data", env={"PRIMETIME_LOG_FORMAT": "json", "PRIMETIME_LOG_LEVEL": "INFO"})
    s.start()
    try:
        http = httpx.Client(base_url=s.url)
        http.post("/api/me", json={"name": "Ana"})
        tid = http.post("/api/tables", json={"seats": ["bot:random"], "options": {"pilot": "simplified"}}).json()["id"]
        got = http.get(f"/api/tables/{tid}", headers={"X-Request-ID": "look-for-me-1"})
        assert got.status_code == 200 and got.headers["x-request-id"] == "look-for-me-1"
        bad = http.post(f"/api/tables/{tid}/join", content=b"{nope", headers={"content-type": "application/json",
                                                                              "X-Request-ID": "look-for-me-2"})
        assert bad.status_code == 400
        deadline = time.time() + 10
        while time.time() < deadline:
            lines = [ln for ln in s.log_path.read_text().splitlines() if ln.strip()]
            if sum('"look-for-me-' in ln for ln in lines) >= 3:
                break
            time.sleep(0.1)
    finally:
        s.stop()
    records = [json.loads(ln) for ln in lines]  # every line parses
    assert all({"time", "level", "logger", "message", "worker", "request", "table"} <= r.keys() for r in records)
    mine = [r for r in records if r["request"] in ("look-for-me-1", "look-for-me-2")]
    access = [r for r in mine if r.get("access")]
    assert [(r["request"], r["path"], r["status"]) for r in access] == [
        ("look-for-me-1", f"/api/tables/{tid}", 200), ("look-for-me-2", f"/api/tables/{tid}/join", 400)]
    refusal = [r for r in mine if r["message"].startswith("refused")]
    assert refusal and refusal[0]["request"] == "look-for-me-2" and refusal[0]["table"] == tid
    assert all(r["table"] == tid for r in mine)
    assert any("is served at" in r["message"] for r in records)


def test_the_start_line_names_a_url_that_works_here_and_says_when_it_listens_on_every_address(tmp_path: Path) -> None:
    """`serve --host 0.0.0.0`: the banner's URL is this machine's (127.0.0.1) and it says the server listens on every address."""
    for host, workers in (("0.0.0.0", 1), ("0.0.0.0", 2), ("127.0.0.1", 1)):
        s = ServerProc(tmp_path / f"data-{workers}-{host}", host=host, workers=workers).start()
        try:
            banner = next(ln for ln in s.log_path.read_text().splitlines() if "is served at" in ln)
        finally:
            s.stop()
        assert f"http://127.0.0.1:{s.port}/" in banner
        assert ("listening on every address (0.0.0.0)" in banner) == (host == "0.0.0.0"), banner
