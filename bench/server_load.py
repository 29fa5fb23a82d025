"""Server load: N concurrent tables of bots watched and played over WebSockets on loopback.

Starts a server process (SQLite in a temporary folder, or ``--database-url``), opens
``--tables`` tables, each with one seat played by a WebSocket client (random legal
choices after ``--think`` seconds), two server bots (greedy and random, ``--bot-delay``
seconds per move) and ``--spectators`` watching clients.  For ``--seconds`` it measures:

* actions/s accepted by the server (all tables together);
* for every action, the time from its submission to the moment *every* client of that
  table has the new state: for a client's action from its ``send``; for a bot's action
  from the server's submission timestamp carried in the update (same machine, same clock).

Clocks and presence are on by default, as at a real table: every table is created with a
real-time clock (``--time-control``, 30 minutes + 10 s a move, a bot takes over at timeout;
``--time-control none`` turns it off), so every move settles and restarts the clocks, and each
playing client reports itself "away" and back "online" every ``--presence-every`` seconds, as a
browser tab does when it is hidden and shown again (each change is sent to the whole table).

Prints p50/p90/p99/max for both kinds.  Goal: 100 tables with p99 under 150 ms on 2 cores.

Usage: python bench/server_load.py [--tables 100] [--seconds 30] [--bot-delay 0.7] [--think 0.7]
       [--time-control realtime:30+10|none] [--presence-every 10] [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import msgspec

from primetime.core.rng import Rng


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    v = sorted(values)
    return v[min(len(v) - 1, int(q * len(v)))]


def cpu_seconds(pid: int) -> float:
    """User + system CPU so far of a process and its live children (bot workers), from /proc."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0.0
    try:
        kids = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        kids = []
    for p in [pid, *map(int, kids)]:
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
            total += sum(int(x) for x in fields[11:13]) / ticks
        except (OSError, IndexError, ValueError):
            pass
    return total


class Table:
    def __init__(self, tid: str, nclients: int) -> None:
        self.id = tid
        self.nclients = nclients
        self.seen: dict[int, list[float]] = {}  # version -> receive times
        self.ts: dict[int, float] = {}  # version -> server submission time
        self.sent: dict[int, float] = {}  # version produced by our action -> client send time
        self.done = 0.0
        self.states = self.clocked = 0  # state messages received; of them, those with a running clock
        self.presence_changes = 0  # "away" and "online" messages this table's player sent


async def run(args: argparse.Namespace) -> dict[str, Any]:
    from websockets.asyncio.client import connect

    tmp = tempfile.mkdtemp(prefix="primetime-load-")
    port = free_port()
    # every table and player comes from this one address: no per-address rate limits
    env = {**os.environ, "PRIMETIME_BOT_DELAY": str(args.bot_delay), "PRIMETIME_LOG_LEVEL": "WARNING",
           "PRIMETIME_RATE_TABLES": "0", "PRIMETIME_RATE_USERS": "0"}
    if args.database_url:
        env["PRIMETIME_DATABASE_URL"] = args.database_url
    proc: subprocess.Popen[bytes] | None = None
    if args.url:  # a server started elsewhere (its own bot delay and rate limits apply)
        base = args.url.rstrip("/")
        port = int(base.rsplit(":", 1)[1])
    else:
        proc = subprocess.Popen([sys.executable, "-m", "primetime.server", "--port", str(port), "--data", tmp],
                                env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        base = f"http://127.0.0.1:{port}"
    try:
        async with httpx.AsyncClient(base_url=base, timeout=30) as probe:
            for _ in range(200):
                try:
                    if (await probe.get("/healthz")).status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
                await asyncio.sleep(0.1)
        # set up the tables (one host per table, who plays seat 0)
        hosts: list[httpx.AsyncClient] = []
        tables: list[Table] = []
        for i in range(args.tables):
            c = httpx.AsyncClient(base_url=base, timeout=30)
            await c.post("/api/me", json={"name": f"Player{i}"})
            body: dict[str, Any] = {"seats": ["bot:greedy", "bot:random"], "options": {"pilot": "normal"}}
            if args.clock is not None:
                body["time_control"] = args.clock
            r = await c.post("/api/tables", json=body)
            if r.status_code != 200:
                raise SystemExit(f"error: the server refused to create a table: {r.status_code} {r.text}")
            tid = r.json()["id"]
            hosts.append(c)
            tables.append(Table(tid, 1 + args.spectators))
        decoder = msgspec.json.Decoder()
        warmup = 3.0
        stop_at = time.time() + args.seconds + warmup
        measure_from = time.time() + warmup  # let connections settle and the tables fall out of step
        rng = Rng(7)

        async def start_later(host: httpx.AsyncClient, t: Table) -> None:
            await asyncio.sleep(rng.below(1000) / 1000 * 2 * args.think)  # tables do not all start at once
            await host.post(f"/api/tables/{t.id}/start", json={})

        async def client(t: Table, cookies: str | None, plays: bool) -> None:
            headers = {"Cookie": cookies} if cookies else {}
            async with connect(f"ws://127.0.0.1:{port}/ws/{t.id}", additional_headers=headers, max_size=2**22) as ws:
                pending_send: asyncio.Task[None] | None = None
                away: asyncio.Task[None] | None = None
                if plays and args.presence_every > 0:

                    async def toggle() -> None:  # a tab hidden for a moment, then shown again
                        await asyncio.sleep(args.presence_every * (0.5 + rng.below(1000) / 1000))
                        while time.time() < stop_at:
                            await ws.send(json.dumps({"type": "presence", "state": "away"}))
                            await asyncio.sleep(1.0)
                            await ws.send(json.dumps({"type": "presence", "state": "online"}))
                            t.presence_changes += 2
                            await asyncio.sleep(args.presence_every)

                    away = asyncio.create_task(toggle())
                while time.time() < stop_at:
                    try:
                        raw = await asyncio.wait_for(ws.recv(), timeout=max(0.05, stop_at - time.time()))
                    except TimeoutError:
                        break
                    now = time.time()
                    msg = decoder.decode(raw)
                    if msg.get("type") != "state":
                        continue
                    v = msg["version"]
                    t.states += 1
                    t.clocked += bool((msg.get("table") or {}).get("clock"))
                    t.seen.setdefault(v, []).append(now)
                    t.ts.setdefault(v, msg["ts"])
                    view = msg["view"]
                    if not view or view["phase"] == "over":
                        if view and not t.done:
                            t.done = now
                        continue
                    p = view["pending"]
                    if plays and p and p["player"] == msg["me"]["seat"] and p.get("options"):
                        key = rng.choice(p["options"])["key"]
                        seq, version = msg["seq"], v

                        async def act(key: str = key, seq: int = seq, version: int = version) -> None:
                            await asyncio.sleep(args.think * (0.5 + rng.below(1000) / 1000))  # people vary
                            t.sent[version + 1] = time.time()
                            try:
                                await ws.send(json.dumps({"type": "act", "key": key, "seq": seq}))
                            except Exception:  # the run ended and the connection closed
                                t.sent.pop(version + 1, None)

                        if pending_send is None or pending_send.done():
                            pending_send = asyncio.create_task(act())
                if pending_send is not None:
                    pending_send.cancel()
                if away is not None:
                    away.cancel()

        tasks = [asyncio.create_task(start_later(h, t)) for t, h in zip(tables, hosts, strict=True)]
        for t, host in zip(tables, hosts, strict=True):
            cookies = "; ".join(f"{k}={v}" for k, v in host.cookies.items())
            tasks.append(asyncio.create_task(client(t, cookies, True)))
            for _ in range(args.spectators):
                tasks.append(asyncio.create_task(client(t, None, False)))
        pid = proc.pid if proc is not None else 0
        cpu0, t0, mine0 = cpu_seconds(pid), time.time(), time.process_time()
        await asyncio.gather(*tasks, return_exceptions=True)
        cpu1, t1, mine1 = cpu_seconds(pid), time.time(), time.process_time()
        for h in hosts:
            await h.aclose()
    finally:
        if proc is not None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()

    client_lat: list[float] = []
    bot_lat: list[float] = []
    actions = 0
    for t in tables:
        for v, times in t.seen.items():
            if len(times) < t.nclients or v not in t.ts:
                continue  # not every client saw it (still in flight at the end, or skipped by coalescing)
            last = max(times)
            if last < measure_from:
                continue
            actions += 1
            if v in t.sent:
                client_lat.append(last - t.sent[v])
            else:
                bot_lat.append(last - t.ts[v])
    if os.environ.get("LOAD_DEBUG"):
        worst = []
        for t in tables:
            for v, times in t.seen.items():
                if len(times) >= t.nclients and max(times) >= measure_from:
                    start = t.sent.get(v, t.ts[v])
                    worst.append((max(times) - start, round(start - measure_from, 3), t.id, v, v in t.sent,
                                  [round(x - start, 3) for x in times]))
        for w in sorted(worst, reverse=True)[:12]:
            print("slow", w)
    span = max(1e-9, stop_at - measure_from)
    ms = 1000.0
    every = client_lat + bot_lat
    return {
        "tables": args.tables, "clients": args.tables * (1 + args.spectators), "seconds": round(span, 1),
        "bot_delay": args.bot_delay, "think": args.think, "storage": "postgresql" if args.database_url else "sqlite",
        "actions": actions, "actions_per_s": round(actions / span, 1),
        "latency_ms": {
            "all": {"p50": round(pct(every, 0.5) * ms, 1), "p90": round(pct(every, 0.9) * ms, 1),
                    "p99": round(pct(every, 0.99) * ms, 1), "max": round(max(every, default=float("nan")) * ms, 1)},
            "client_actions": {"n": len(client_lat), "p50": round(pct(client_lat, 0.5) * ms, 1),
                               "p99": round(pct(client_lat, 0.99) * ms, 1)},
            "bot_actions": {"n": len(bot_lat), "p50": round(pct(bot_lat, 0.5) * ms, 1), "p99": round(pct(bot_lat, 0.99) * ms, 1)},
        },
        "server_cpu_share": round((cpu1 - cpu0) / max(1e-9, t1 - t0), 2),
        "load_client_cpu_share": round((mine1 - mine0) / max(1e-9, t1 - t0), 2),
        "games_finished": sum(1 for t in tables if t.done),
        "time_control": args.clock, "states": sum(t.states for t in tables), "clocked_states": sum(t.clocked for t in tables),
        "presence_changes": sum(t.presence_changes for t in tables),
    }


def parse_time_control(text: str) -> dict[str, Any] | None:
    """``realtime:30+10`` -> the lobby's time_control object; ``none`` -> None."""
    if text == "none":
        return None
    try:
        mode, rest = text.split(":")
        minutes, increment = rest.split("+")
        if mode != "realtime":
            raise ValueError
        return {"mode": "realtime", "minutes": float(minutes), "increment": float(increment), "policy": "bot"}
    except ValueError:
        raise SystemExit(f"error: --time-control is realtime:MINUTES+INCREMENT (e.g. realtime:30+10) or none, not {text!r}") from None


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tables", type=int, default=100)
    ap.add_argument("--seconds", type=float, default=30.0)
    ap.add_argument("--bot-delay", type=float, default=0.7, help="server bots wait this long before each move")
    ap.add_argument("--think", type=float, default=0.7, help="the WebSocket player waits this long before each move")
    ap.add_argument("--spectators", type=int, default=2, help="watching WebSocket clients per table")
    ap.add_argument("--database-url", default=None, help="postgresql://... (default: SQLite in a temporary folder)")
    ap.add_argument("--url", default=None, help="load a server that is already running (http://127.0.0.1:PORT)")
    ap.add_argument("--time-control", default="realtime:30+10",
                    help="every table's clock: realtime:MINUTES+INCREMENT (a bot takes a seat whose time runs out) or none "
                         "(default realtime:30+10)")
    ap.add_argument("--presence-every", type=float, default=10.0,
                    help="each playing client goes away for 1 s and comes back every this many seconds (0: never; default 10)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    args.clock = parse_time_control(args.time_control)
    out = asyncio.run(run(args))
    if args.json:
        print(json.dumps(out, indent=1))
        return
    lat = out["latency_ms"]
    print(f"{out['tables']} tables, {out['clients']} WebSocket clients, {out['storage']}, "
          f"bots wait {out['bot_delay']}s, players think {out['think']}s, measured {out['seconds']}s")
    tc = out["time_control"]
    clock = "off" if tc is None else f"real time, {tc['minutes']:g} min + {tc['increment']:g} s a move"
    print(f"clocks: {clock} ({out['clocked_states']} of {out['states']} states received carried running clocks); "
          f"presence: {out['presence_changes']} away/online changes sent")
    print(f"actions/s: {out['actions_per_s']}  ({out['actions']} actions; CPU: server with bot workers {out['server_cpu_share']} cores, "
          f"these clients {out['load_client_cpu_share']} cores)")
    a = lat["all"]
    print(f"submission -> every client has it: p50 {a['p50']} ms, p90 {a['p90']} ms, p99 {a['p99']} ms, max {a['max']} ms")
    c, b = lat["client_actions"], lat["bot_actions"]
    print(f"  client actions ({c['n']}): p50 {c['p50']} ms, p99 {c['p99']} ms;  bot actions ({b['n']}): p50 {b['p50']} ms, "
          f"p99 {b['p99']} ms")
    print("goal: p99 < 150 ms at 100 tables:", "met" if a["p99"] < 150 else "NOT met")


if __name__ == "__main__":
    main()
