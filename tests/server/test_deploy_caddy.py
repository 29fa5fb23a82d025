"""The deployment of docs/deploy.md (issue 37, "Deployment"): the server behind Debian's Caddy with
its internal certificate authority, on loopback addresses, the Caddyfile's site block taken from
the document itself; a game played through it over HTTPS and ``wss://``, with Secure cookies, and
the client addresses the proxy passes counted by the server's rate limits."""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import socket
import ssl
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from .helpers import ROOT, ServerProc, free_port, two_servers, unavailable

PROXY = "127.0.0.2"  # the address players reach (Caddy); the server listens on 127.0.0.1 only


def site_blocks() -> list[str]:
    """The Caddyfile blocks of docs/deploy.md, in order."""
    return re.findall(r"```caddyfile\n(.*?)```", (ROOT / "docs" / "deploy.md").read_text(), flags=re.S)


@contextlib.contextmanager
def caddy_in_front(home: Path, block: str) -> Iterator[tuple[str, Path]]:
    """Caddy serving ``block`` (a site block of docs/deploy.md, its name made https://127.0.0.2:<port>)
    with ``tls internal``; the base URL and the internal CA's root certificate."""
    caddy = shutil.which("caddy")
    if caddy is None:
        unavailable("caddy not found (apt-get install caddy)")
    port, http_port = free_port(), free_port()
    block = block.replace("play.example.org", f"https://{PROXY}:{port}")
    block = block.replace("\treverse_proxy", f"\tbind {PROXY}\n\ttls internal\n\treverse_proxy", 1)
    home.mkdir()
    (home / "Caddyfile").write_text(
        "{\n\tadmin off\n\tskip_install_trust\n\tauto_https disable_redirects\n"
        f"\thttp_port {http_port}\n\thttps_port {port}\n\tstorage file_system {home / 'data'}\n}}\n\n{block}")
    env = {**os.environ, "HOME": str(home), "XDG_DATA_HOME": str(home / "xdg-data"), "XDG_CONFIG_HOME": str(home / "xdg-config")}
    log = open(home / "caddy.log", "wb")  # noqa: SIM115 - closed below
    proc = subprocess.Popen([caddy, "run", "--config", str(home / "Caddyfile"), "--adapter", "caddyfile"], env=env,
                            stdout=log, stderr=subprocess.STDOUT, cwd=str(home))
    root = home / "data" / "pki" / "authorities" / "local" / "root.crt"
    base = f"https://{PROXY}:{port}"
    try:
        deadline = time.time() + 30
        while True:
            assert proc.poll() is None, (home / "caddy.log").read_text()[-3000:]
            assert time.time() < deadline, "Caddy did not serve:\n" + (home / "caddy.log").read_text()[-3000:]
            try:
                ctx = ssl.create_default_context(cafile=str(root)) if root.exists() else None
                if ctx is not None and httpx.get(base + "/healthz", verify=ctx, timeout=2).status_code == 200:
                    break
            except (httpx.HTTPError, ssl.SSLError, OSError):
                pass
            time.sleep(0.2)
        yield base, root
    finally:
        proc.terminate()
        proc.wait(10)
        log.close()


@pytest.fixture
def behind_caddy(tmp_path: Path) -> Iterator[tuple[str, ServerProc, Path]]:
    """The server on 127.0.0.1 behind Caddy on https://127.0.0.2:<port> (the first block of
    docs/deploy.md); the base URL, the server and the internal CA's root certificate."""
    server = ServerProc(tmp_path / "data", env={"PRIMETIME_FORWARDED_ALLOW_IPS": "127.0.0.1",
                                                "PRIMETIME_RATE_USERS": "2/600"}).start()
    try:
        with caddy_in_front(tmp_path / "caddy", site_blocks()[0].replace("127.0.0.1:8000", f"127.0.0.1:{server.port}")) as (base, root):
            yield base, server, root
    finally:
        server.stop()


def play_to_the_end(base: str, root: Path, person: httpx.Client, tid: str) -> int:
    """``person`` (seat 0) passes or takes the first option over ``wss://`` until the game is over; its moves."""
    ws = wss(base, root, tid, person.cookies)
    moves, deadline = 0, time.time() + 120
    try:
        while True:
            assert time.time() < deadline
            msg = json.loads(ws.recv(timeout=30))
            if msg.get("type") == "error":
                raise AssertionError(msg)
            if msg.get("type") != "state" or not msg.get("view"):
                continue
            view = msg["view"]
            if view["phase"] == "over":
                return moves
            p = view["pending"]
            if p and p.get("player") == 0 and p.get("options"):
                keys = [o["key"] for o in p["options"]]
                ws.send(json.dumps({"type": "act", "key": next((k for k in keys if k.startswith("pass")), keys[0]),
                                    "seq": msg["seq"]}))
                moves += 1
    finally:
        ws.close()


def client(base: str, root: Path, source: str) -> httpx.Client:
    """A browser-like client connecting from the loopback address ``source``."""
    ctx = ssl.create_default_context(cafile=str(root))
    return httpx.Client(base_url=base, timeout=15, transport=httpx.HTTPTransport(verify=ctx, local_address=source))


def wss(base: str, root: Path, table_id: str, cookies: httpx.Cookies) -> Any:
    from websockets.sync.client import connect

    ctx = ssl.create_default_context(cafile=str(root))
    url = base.replace("https://", "wss://", 1) + f"/ws/{table_id}"
    return connect(url, ssl=ctx, additional_headers={"Cookie": "; ".join(f"{k}={v}" for k, v in cookies.items())},
                   origin=base, open_timeout=15, max_size=2**23).__enter__()


def test_a_game_over_https_and_wss_behind_caddy(behind_caddy: tuple[str, ServerProc, Path]) -> None:
    """Deployment: through Caddy's HTTPS (internal CA) a guest creates a table with a bot and plays
    the game to its end over ``wss://``; every cookie is ``Secure``; the server counts each client
    address Caddy passes (two sign-ups from one address, then refused; another address is not)."""
    base, server, root = behind_caddy
    with client(base, root, "127.0.0.3") as ana:
        r = ana.post("/api/me", json={"name": "Ana"})
        assert r.status_code == 200
        cookies = r.headers.get_list("set-cookie")
        assert cookies and all("secure" in [p.strip().lower() for p in c.split(";")] for c in cookies)
        tid = ana.post("/api/tables", json={"seats": ["bot:random"], "options": {"pilot": "simplified"}}).json()["id"]
        r = ana.post(f"/api/tables/{tid}/start", json={})
        assert r.status_code == 200 and all("Secure" in c for c in r.headers.get_list("set-cookie"))
        moves = play_to_the_end(base, root, ana, tid)
        assert moves > 0
        assert ana.get(f"/api/tables/{tid}").json()["status"] == "finished"
        # the address Caddy passes is the client's: a second sign-up from 127.0.0.3 is the limit's last
        with client(base, root, "127.0.0.3") as second, client(base, root, "127.0.0.3") as third:
            assert second.post("/api/me", json={"name": "Cleo"}).status_code == 200
            refused = third.post("/api/me", json={"name": "Dan"})
            assert refused.status_code == 429, refused.text
    with client(base, root, "127.0.0.4") as ben:  # another address has its own allowance
        assert ben.post("/api/me", json={"name": "Ben"}).status_code == 200
    # and the server itself is not reachable on the proxy's address
    with pytest.raises(OSError), socket.create_connection((PROXY, server.port), timeout=2):
        pass


def test_two_servers_on_one_postgresql_behind_caddy(pg_url: str, tmp_path: Path) -> None:
    """Deployment, several hosts: two servers on one PostgreSQL database behind the load-balancing
    block of docs/deploy.md (round robin, so that both serve); a guest's game is created and played to
    its end through the proxy over ``wss://``, and both servers know its end."""
    env = {"PRIMETIME_DATABASE_URL": pg_url, "PRIMETIME_FORWARDED_ALLOW_IPS": "127.0.0.1"}
    with two_servers(tmp_path, env) as (a, b):
        block = site_blocks()[1].replace("10.0.0.11:8000", f"127.0.0.1:{a.port}").replace("10.0.0.12:8000", f"127.0.0.1:{b.port}")
        block = block.replace("lb_policy least_conn", "lb_policy round_robin")  # (so that both surely serve)
        with caddy_in_front(tmp_path / "caddy", block) as (base, root), client(base, root, "127.0.0.3") as ana:
            assert ana.post("/api/me", json={"name": "Ana"}).status_code == 200
            tid = ana.post("/api/tables", json={"seats": ["bot:random"], "options": {"pilot": "simplified"}}).json()["id"]
            assert ana.post(f"/api/tables/{tid}/start", json={}).status_code == 200
            assert play_to_the_end(base, root, ana, tid) > 0
            for _ in range(2):  # through the proxy, whichever server answers: the game is over
                assert ana.get(f"/api/tables/{tid}").json()["status"] == "finished"
        for server in (a, b):  # and each server, asked directly, has it from the shared database
            assert httpx.get(f"{server.url}/api/tables/{tid}").json()["status"] == "finished"
