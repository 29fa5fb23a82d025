"""Server load: N concurrent tables of bots watched and played over WebSockets on loopback.

Starts a server (``python -m primetime.server``; SQLite in a temporary folder, or
``--database-url``; ``--server-workers N`` worker processes), opens ``--tables`` tables, each with
one seat played by a WebSocket client (random legal choices after ``--think`` seconds), two server
bots (greedy and random, ``--bot-delay`` seconds per move) and ``--spectators`` watching clients.
Games are played whole: when a table's game is over its host opens a new table and plays on, so
the load stays the same for the whole run.  For ``--seconds`` it measures:

* actions/s accepted by the server (all tables together) and the whole games finished;
* for every action, the time from its submission to the moment *every* client of that
  table has the new state: for a client's action from its ``send``; for a bot's action
  from the server's submission timestamp carried in the update (same machine, same clock);
* the CPU of every server process (the supervisor, each worker, the bot processes) and of
  this load generator, from /proc; the server's memory per table (PSS, from
  /proc/PID/smaps_rollup, after the run less before the tables were opened).

Clocks and presence are on by default, as at a real table: every table is created with a
real-time clock (``--time-control``, 30 minutes + 10 s a move, a bot takes over at timeout;
``--time-control none`` turns it off), so every move settles and restarts the clocks, and each
playing client reports itself "away" and back "online" every ``--presence-every`` seconds, as a
browser tab does when it is hidden and shown again (each change is sent to the whole table).

The load generator is light on purpose (it shares the machine with the server): a small
WebSocket client of its own on asyncio (uvloop when installed), state messages decoded with
msgspec into the few fields it reads.  Its own garbage collector is off while it measures (a
collection of its heap would hold back the messages that arrive meanwhile, and they would be
timed as if the server had been slow).  ``--pin-load`` runs it on a core of its own and the
server on the others.

Usage: python bench/server_load.py [--tables 100] [--seconds 30] [--server-workers N] [--pin-load]
       [--bot-delay 0.7] [--think 0.7] [--time-control realtime:30+10|none] [--presence-every 10]
       [--server-log FILE] [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import gc
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from http.cookiejar import DefaultCookiePolicy
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


# ---------------------------------------------------------------------- the server's processes, from /proc
TICKS = os.sysconf("SC_CLK_TCK")


def process_tree(pid: int) -> list[int]:
    """``pid`` and all its descendants."""
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        try:
            for task in os.listdir(f"/proc/{p}/task"):
                todo += [int(x) for x in Path(f"/proc/{p}/task/{task}/children").read_text().split()]
        except OSError:
            pass
    return out


def cpu_of(pid: int) -> float | None:
    """User + system CPU seconds of one process so far."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / TICKS
    except (OSError, IndexError, ValueError):
        return None


def pss_kib(pid: int) -> int:
    """Proportional set size of one process (shared pages split among their users)."""
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                return int(line.split()[1])
    except (OSError, ValueError, IndexError):
        pass
    return 0


def role(pid: int, root: int) -> str:
    try:
        cmd = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        ppid = int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
    except (OSError, ValueError, IndexError):
        return "?"
    if pid == root:
        return "server"
    if "resource_tracker" in cmd:
        return "resource tracker"
    if "multiprocessing" in cmd:
        return "bot process"
    return "worker" if ppid == root else "child"


# ---------------------------------------------------------------------- a small WebSocket client
class WsClient(asyncio.Protocol):
    """Just enough of RFC 6455 for the bench: one connection, text messages in and out, pings
    answered.  ``on_text(payload bytes)`` is called for every whole message received."""

    def __init__(self, host: str, path: str, cookie: str | None, on_text: Callable[[bytes], None]) -> None:
        self.request = (f"GET {path} HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                        f"Sec-WebSocket-Key: {base64.b64encode(os.urandom(16)).decode()}\r\nSec-WebSocket-Version: 13\r\n"
                        + (f"Cookie: {cookie}\r\n" if cookie else "") + "\r\n").encode()
        self.on_text = on_text
        self.buf = bytearray()
        self.parts: list[bytes] = []
        self.transport: Any = None
        self.open = False
        self.closed = asyncio.get_running_loop().create_future()

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport
        self.transport.write(self.request)

    def connection_lost(self, exc: Exception | None) -> None:
        self.open = False
        if not self.closed.done():
            self.closed.set_result(None)

    def data_received(self, data: bytes) -> None:
        buf = self.buf
        buf += data
        if not self.open:
            end = buf.find(b"\r\n\r\n")
            if end < 0:
                return
            if not buf.startswith(b"HTTP/1.1 101"):
                self.close()
                return
            del buf[:end + 4]
            self.open = True
        while len(buf) >= 2:
            b0, b1 = buf[0], buf[1]
            n, pos = b1 & 0x7F, 2
            if n == 126:
                if len(buf) < 4:
                    return
                n, pos = int.from_bytes(buf[2:4], "big"), 4
            elif n == 127:
                if len(buf) < 10:
                    return
                n, pos = int.from_bytes(buf[2:10], "big"), 10
            if b1 & 0x80:  # a server never masks; skip a key anyway
                pos += 4
            if len(buf) < pos + n:
                return
            payload = bytes(buf[pos:pos + n])
            del buf[:pos + n]
            op, fin = b0 & 0x0F, b0 & 0x80
            if op in (0, 1, 2):
                if not fin:
                    self.parts.append(payload)
                    continue
                if self.parts:
                    payload = b"".join([*self.parts, payload])
                    self.parts = []
                self.on_text(payload)
            elif op == 9:
                self._frame(0x8A, payload)
            elif op == 8:
                self._frame(0x88, payload[:2])
                self.close()
                return

    def _frame(self, first: int, payload: bytes) -> None:
        if self.transport is None or self.transport.is_closing():
            return
        n = len(payload)
        head = bytes([first]) + (bytes([0x80 | n]) if n < 126 else bytes([0x80 | 126]) + n.to_bytes(2, "big") if n < 65536
                                 else bytes([0x80 | 127]) + n.to_bytes(8, "big"))
        key = os.urandom(4)
        masked = (int.from_bytes(payload, "big") ^ int.from_bytes((key * (n // 4 + 1))[:n], "big")).to_bytes(n, "big") if n else b""
        self.transport.write(head + key + masked)

    def send(self, text: str) -> None:
        self._frame(0x81, text.encode())

    def close(self) -> None:
        if self.transport is not None and not self.transport.is_closing():
            self.transport.close()


async def ws_connect(port: int, path: str, cookie: str | None, on_text: Callable[[bytes], None]) -> WsClient:
    loop = asyncio.get_running_loop()
    _, proto = await loop.create_connection(lambda: WsClient(f"127.0.0.1:{port}", path, cookie, on_text), "127.0.0.1", port)
    return proto


# ---------------------------------------------------------------------- what the clients read of a message
class Option(msgspec.Struct):
    key: str


class Pending(msgspec.Struct):
    player: int | None = None
    options: list[Option] = []


class View(msgspec.Struct):
    phase: str | None = None
    pending: Pending | None = None


class Me(msgspec.Struct):
    seat: int | None = None


class Brief(msgspec.Struct):
    clock: dict[str, Any] | None = None


class PlayerMsg(msgspec.Struct):
    type: str
    version: int = -1
    seq: int = -1
    ts: float = 0.0
    me: Me | None = None
    view: View | None = None
    table: Brief | None = None


class WatchView(msgspec.Struct):
    phase: str | None = None


class WatcherMsg(msgspec.Struct):
    type: str
    version: int = -1
    ts: float = 0.0
    view: WatchView | None = None
    table: Brief | None = None


PLAYER = msgspec.json.Decoder(PlayerMsg)
WATCHER = msgspec.json.Decoder(WatcherMsg)


class Table:
    def __init__(self, tid: str, nclients: int) -> None:
        self.id = tid
        self.nclients = nclients
        self.seen: dict[int, list[float]] = {}  # version -> receive times
        self.ts: dict[int, float] = {}  # version -> server submission time
        self.sent: dict[int, float] = {}  # version produced by our action -> client send time
        self.done = 0.0
        self.states = self.clocked = 0  # state messages received; of them, those with a running clock
        self.conns: list[WsClient] = []


async def run(args: argparse.Namespace) -> dict[str, Any]:
    tmp = tempfile.mkdtemp(prefix="primetime-load-")
    port = free_port()
    # every table and player comes from this one address: no per-address rate limits
    env = {**os.environ, "PRIMETIME_BOT_DELAY": str(args.bot_delay), "PRIMETIME_LOG_LEVEL": "WARNING",
           "PRIMETIME_RATE_TABLES": "0", "PRIMETIME_RATE_USERS": "0"}
    if args.database_url:
        env["PRIMETIME_DATABASE_URL"] = args.database_url
    proc: subprocess.Popen[bytes] | None = None
    server_cpus: set[int] | None = None
    if args.pin_load:
        cpus = sorted(os.sched_getaffinity(0))
        if len(cpus) < 2:
            raise SystemExit("error: --pin-load needs at least two cores")
        os.sched_setaffinity(0, {cpus[-1]})  # the load generator: the last core; the server: the others
        server_cpus = set(cpus[:-1])
    if args.url:  # a server started elsewhere (its own bot delay and rate limits apply)
        base = args.url.rstrip("/")
        port = int(base.rsplit(":", 1)[1])
    else:
        cmd = [sys.executable, "-m", "primetime.server", "--port", str(port), "--data", tmp]
        if args.server_workers is not None:
            cmd += ["--workers", str(args.server_workers)]
        log = open(args.server_log, "ab") if args.server_log else subprocess.DEVNULL  # noqa: SIM115 - closed below
        proc = subprocess.Popen(cmd, env=env, stdout=log, stderr=subprocess.STDOUT,
                                preexec_fn=(lambda: os.sched_setaffinity(0, server_cpus)) if server_cpus else None)
        base = f"http://127.0.0.1:{port}"
    pid = proc.pid if proc is not None else 0
    limits = httpx.Limits(max_connections=64, max_keepalive_connections=64)
    http = httpx.AsyncClient(base_url=base, timeout=60, limits=limits)
    # every simulated browser passes its own cookies with each request: the shared client must not keep
    # them, or each request would carry the seat cookies of every table opened so far (a thousand of them)
    http.cookies.jar.set_policy(DefaultCookiePolicy(allowed_domains=[]))
    tables: list[Table] = []  # every table played, in the order opened
    games = {"finished": 0, "started": 0}
    rng = Rng(7)
    loop = asyncio.get_running_loop()
    warmup = 3.0
    stop_at = measure_from = 0.0
    stopping = False
    try:
        for _ in range(300):
            try:
                if (await http.get("/healthz")).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            await asyncio.sleep(0.1)
        pss0 = sum(pss_kib(p) for p in process_tree(pid)) if pid else 0

        async def post(path: str, body: dict[str, Any], cookies: dict[str, str]) -> httpx.Response:
            """A POST, tried again when the connection broke (a kept-alive connection the server closed)."""
            for attempt in range(5):
                try:
                    return await http.post(path, json=body, cookies=cookies)
                except httpx.TransportError:
                    if attempt == 4:
                        raise
                    await asyncio.sleep(0.2)
            raise AssertionError("unreachable")

        async def new_host(i: int) -> dict[str, str]:
            r = await post("/api/me", {"name": f"Player{i}"}, {})
            return dict(r.cookies)

        async def open_table(cookies: dict[str, str]) -> tuple[str, dict[str, str]]:
            body: dict[str, Any] = {"seats": ["bot:greedy", "bot:random"], "options": {"pilot": "normal"}}
            if args.clock is not None:
                body["time_control"] = args.clock
            r = await post("/api/tables", body, cookies)
            if r.status_code != 200:
                raise SystemExit(f"error: the server refused to create a table: {r.status_code} {r.text}")
            return r.json()["id"], {**cookies, **dict(r.cookies)}

        def act_later(t: Table, conn: WsClient, key: str, seq: int, version: int, pending: list[bool]) -> None:
            def go() -> None:
                pending[0] = False
                if stopping or not conn.open:
                    return
                t.sent[version + 1] = time.time()
                conn.send(json.dumps({"type": "act", "key": key, "seq": seq}))

            loop.call_later(args.think * (0.5 + rng.below(1000) / 1000), go)  # people vary

        def presence_loop(conn: WsClient, counter: list[int]) -> None:
            def away() -> None:
                if stopping or not conn.open:
                    return
                conn.send('{"type": "presence", "state": "away"}')
                loop.call_later(1.0, back)

            def back() -> None:
                if stopping or not conn.open:
                    return
                conn.send('{"type": "presence", "state": "online"}')
                counter[0] += 2
                loop.call_later(args.presence_every, away)

            loop.call_later(args.presence_every * (0.5 + rng.below(1000) / 1000), away)

        presence = [0]

        async def play_slot(i: int) -> None:
            """One table at a time for host ``i``: a whole game, then the next."""
            cookies = await new_host(i)
            first = True
            while not stopping:
                tid, cookies = await open_table(cookies)
                t = Table(tid, 1 + args.spectators)
                tables.append(t)
                over = loop.create_future()
                pending = [False]  # an action of this player waits to be sent
                box: list[WsClient] = []  # the player's connection

                def on_player(raw: bytes, t: Table = t, over: asyncio.Future[None] = over, pending: list[bool] = pending,
                              box: list[WsClient] = box) -> None:
                    now = time.time()
                    msg = PLAYER.decode(raw)
                    if msg.type != "state":
                        return
                    v = msg.version
                    t.states += 1
                    t.clocked += bool(msg.table is not None and msg.table.clock)
                    t.seen.setdefault(v, []).append(now)
                    t.ts.setdefault(v, msg.ts)
                    view = msg.view
                    if view is None:
                        return
                    if view.phase == "over":
                        if not t.done:
                            t.done = now
                            if not over.done():
                                over.set_result(None)
                        return
                    p = view.pending
                    seat = msg.me.seat if msg.me is not None else None
                    if p is not None and p.player == seat and p.options and not pending[0] and box:
                        pending[0] = True
                        act_later(t, box[0], rng.choice(p.options).key, msg.seq, v, pending)

                def on_watcher(raw: bytes, t: Table = t) -> None:
                    now = time.time()
                    msg = WATCHER.decode(raw)
                    if msg.type != "state":
                        return
                    t.states += 1
                    t.clocked += bool(msg.table is not None and msg.table.clock)
                    t.seen.setdefault(msg.version, []).append(now)
                    t.ts.setdefault(msg.version, msg.ts)

                cookie = "; ".join(f"{k}={v}" for k, v in cookies.items())
                player = await ws_connect(port, f"/ws/{tid}", cookie, on_player)
                box.append(player)
                t.conns.append(player)
                for _ in range(args.spectators):
                    t.conns.append(await ws_connect(port, f"/ws/{tid}", None, on_watcher))
                if args.presence_every > 0:
                    presence_loop(player, presence)
                if first:  # tables do not all start at once
                    await asyncio.sleep(rng.below(1000) / 1000 * 2 * args.think)
                    first = False
                await post(f"/api/tables/{tid}/start", {}, cookies)
                games["started"] += 1
                await asyncio.wait([over, *[c.closed for c in t.conns]], return_when=asyncio.FIRST_COMPLETED)
                for c in t.conns:
                    c.close()
                if over.done() and t.done >= measure_from and not stopping:
                    games["finished"] += 1
                if not over.done():  # a connection closed under us
                    break

        gate = asyncio.Semaphore(32)  # set up the first tables a few at a time

        async def slot(i: int) -> None:
            async with gate:
                pass
            await play_slot(i)

        t0 = time.time()
        slots = [asyncio.create_task(slot(i)) for i in range(args.tables)]
        while len(tables) < args.tables and time.time() - t0 < 600 and not any(s.done() for s in slots):
            await asyncio.sleep(0.2)
        measure_from = time.time() + warmup  # let connections settle and the tables fall out of step
        stop_at = measure_from + args.seconds
        await asyncio.sleep(max(0.0, measure_from - time.time()))
        # this process's own garbage collection is off while it measures: a full collection of its
        # heap stops its event loop for a quarter of a second, and every message that arrives
        # meanwhile would be timed late, as if the server had been slow (the server's is on as always)
        gc.collect()
        gc.freeze()
        gc.disable()
        cpu0 = {p: cpu_of(p) for p in (process_tree(pid) if pid else [])}
        mine0, t_start = time.process_time(), time.time()
        await asyncio.sleep(max(0.0, stop_at - time.time()))
        tree = process_tree(pid) if pid else []
        cpu1 = {p: cpu_of(p) for p in tree}
        mine1, t_end = time.process_time(), time.time()
        gc.enable()
        pss1 = sum(pss_kib(p) for p in tree)
        roles = {p: role(p, pid) for p in tree}
        stopping = True
        for t in tables:
            for c in t.conns:
                c.close()
        for s in slots:
            s.cancel()
        await asyncio.gather(*slots, return_exceptions=True)
        failed = [s for s in slots if s.done() and not s.cancelled() and s.exception() is not None]
        if failed:
            raise failed[0].exception()  # type: ignore[misc]
    finally:
        await http.aclose()
        if proc is not None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(15)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        shutil.rmtree(tmp, ignore_errors=True)  # the server's database of the run

    client_lat: list[float] = []
    bot_lat: list[float] = []
    actions = 0
    for t in tables:
        for v, times in t.seen.items():
            if len(times) < t.nclients or v not in t.ts:
                continue  # not every client saw it (still in flight at the end, or skipped by coalescing)
            last = max(times)
            start = t.sent.get(v, t.ts[v])
            # submitted and seen by all within the run (a client that connects later is shown an older state)
            if not (measure_from <= last < stop_at and start >= measure_from - 1.0):
                continue
            actions += 1
            if v in t.sent:
                client_lat.append(last - start)
            else:
                bot_lat.append(last - start)
    if os.environ.get("LOAD_DEBUG"):
        worst = []
        for t in tables:
            for v, times in t.seen.items():
                if len(times) >= t.nclients and measure_from <= max(times) < stop_at:
                    start = t.sent.get(v, t.ts[v])
                    worst.append((max(times) - start, round(start - measure_from, 3), t.id, v, v in t.sent,
                                  [round(x - start, 3) for x in times]))
        for w in sorted(worst, reverse=True)[:12]:
            print("slow", w)
    span = max(1e-9, t_end - t_start)
    ms = 1000.0
    every = client_lat + bot_lat
    procs = []
    for p in sorted(cpu1, key=lambda p: (roles.get(p) != "server", roles.get(p) != "worker", p)):
        a, b = cpu0.get(p), cpu1[p]
        if b is not None:
            procs.append({"pid": p, "role": roles.get(p, "?"), "cpu_share": round((b - (a or 0.0)) / span, 2)})
    server_cpu = sum(x["cpu_share"] for x in procs)
    return {
        "tables": args.tables, "clients": args.tables * (1 + args.spectators), "seconds": round(span, 1),
        "server_workers": args.server_workers, "pinned": bool(args.pin_load),
        "bot_delay": args.bot_delay, "think": args.think, "storage": "postgresql" if args.database_url else "sqlite",
        "actions": actions, "actions_per_s": round(actions / span, 1),
        "actions_per_table_s": round(actions / span / max(1, args.tables), 3),
        "latency_ms": {
            "all": {"p50": round(pct(every, 0.5) * ms, 1), "p90": round(pct(every, 0.9) * ms, 1),
                    "p99": round(pct(every, 0.99) * ms, 1), "max": round(max(every, default=float("nan")) * ms, 1)},
            "client_actions": {"n": len(client_lat), "p50": round(pct(client_lat, 0.5) * ms, 1),
                               "p99": round(pct(client_lat, 0.99) * ms, 1)},
            "bot_actions": {"n": len(bot_lat), "p50": round(pct(bot_lat, 0.5) * ms, 1), "p99": round(pct(bot_lat, 0.99) * ms, 1)},
        },
        "server_cpu_share": round(server_cpu, 2), "processes": procs,
        "server_cpu_ms_per_action": round(server_cpu * span / max(1, actions) * 1000, 2),
        "load_client_cpu_share": round((mine1 - mine0) / span, 2),
        "server_pss_mib": round(pss1 / 1024, 1), "pss_kib_per_table": round((pss1 - pss0) / max(1, args.tables), 1),
        "games_finished": games["finished"], "games_started": games["started"],
        "time_control": args.clock, "states": sum(t.states for t in tables), "clocked_states": sum(t.clocked for t in tables),
        "presence_changes": presence[0],
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
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--tables", type=int, default=100)
    ap.add_argument("--seconds", type=float, default=30.0)
    ap.add_argument("--server-workers", type=int, default=None,
                    help="the server's worker processes (primetime serve --workers N; default: the server's own, one per core)")
    ap.add_argument("--pin-load", action="store_true", help="run this load generator on a core of its own, the server on the others")
    ap.add_argument("--server-log", default=None, help="append the server's output to this file (default: dropped)")
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
    try:
        import uvloop
    except ImportError:
        out = asyncio.run(run(args))
    else:
        out = uvloop.run(run(args))
    if args.json:
        print(json.dumps(out, indent=1))
        return
    lat = out["latency_ms"]
    workers = "the server's default" if out["server_workers"] is None else out["server_workers"]
    print(f"{out['tables']} tables, {out['clients']} WebSocket clients, {out['storage']}, server workers: {workers}"
          f"{', load generator pinned to its own core' if out['pinned'] else ''}; "
          f"bots wait {out['bot_delay']}s, players think {out['think']}s, measured {out['seconds']}s")
    tc = out["time_control"]
    clock = "off" if tc is None else f"real time, {tc['minutes']:g} min + {tc['increment']:g} s a move"
    print(f"clocks: {clock} ({out['clocked_states']} of {out['states']} states received carried running clocks); "
          f"presence: {out['presence_changes']} away/online changes sent")
    print(f"actions/s: {out['actions_per_s']}  ({out['actions']} actions, {out['actions_per_table_s']} per table per second; "
          f"whole games finished: {out['games_finished']})")
    a = lat["all"]
    print(f"submission -> every client has it: p50 {a['p50']} ms, p90 {a['p90']} ms, p99 {a['p99']} ms, max {a['max']} ms")
    c, b = lat["client_actions"], lat["bot_actions"]
    print(f"  client actions ({c['n']}): p50 {c['p50']} ms, p99 {c['p99']} ms;  bot actions ({b['n']}): p50 {b['p50']} ms, "
          f"p99 {b['p99']} ms")
    per = ", ".join(f"{p['role']} {p['pid']} {p['cpu_share']}" for p in out["processes"])
    print(f"CPU (cores): server {out['server_cpu_share']} ({out['server_cpu_ms_per_action']} ms per action: {per}); "
          f"this load generator {out['load_client_cpu_share']}")
    print(f"memory: server PSS {out['server_pss_mib']} MiB, {out['pss_kib_per_table']} KiB per table")
    print("goal: p99 < 250 ms:", "met" if a["p99"] < 250 else "NOT met")


if __name__ == "__main__":
    main()
