"""Helpers for the server tests: server processes, HTTP/WS clients, optional services.

PostgreSQL tests use ``PRIMETIME_TEST_POSTGRES_URL``; browser tests use Debian's Chromium
(``PRIMETIME_CHROMIUM`` or /usr/bin/chromium).  Locally they are skipped when missing;
under CI (``CI=true``) a missing one is an error, so CI never passes by skipping them.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import weakref
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

ROOT = Path(__file__).resolve().parents[2]
IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")
PG_ENV = "PRIMETIME_TEST_POSTGRES_URL"


def unavailable(reason: str) -> None:
    if IN_CI:
        pytest.fail(f"{reason} (required in CI)")
    pytest.skip(reason)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ServerProc:
    """``python -m primetime.server --workers N`` in a subprocess (one worker unless a test asks for more)."""

    def __init__(self, data_dir: Path, env: dict[str, str] | None = None, port: int | None = None, workers: int = 1,
                 host: str | None = None) -> None:
        self.data_dir = data_dir
        self.host = host  # --host (the server's default, 127.0.0.1, unless a test asks for another)
        self.workers = workers  # worker processes (--workers; the server's own default is one per core)
        self.port = port or free_port()
        self.env = {**os.environ, "PRIMETIME_BOT_DELAY": "0", "PRIMETIME_POLL_INTERVAL": "1",
                    "PRIMETIME_LOG_LEVEL": "WARNING", **(env or {})}
        self.proc: subprocess.Popen[bytes] | None = None
        self.log_path = data_dir / f"server-{self.port}.log"

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self, timeout: float = 30.0) -> ServerProc:
        self.data_dir.mkdir(parents=True, exist_ok=True)
        logf = open(self.log_path, "ab")  # noqa: SIM115 - closed with the process
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "primetime.server", "--port", str(self.port), "--data", str(self.data_dir),
             "--workers", str(self.workers), *(["--host", self.host] if self.host is not None else [])],
            env=self.env, stdout=logf, stderr=subprocess.STDOUT, cwd=str(ROOT))
        deadline = time.time() + timeout
        answered: set[int] = set()
        while time.time() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited early:\n{self.log_path.read_text()[-4000:]}")
            try:
                got = httpx.get(self.url + "/healthz", timeout=1.0)  # (a new connection each time)
                if got.status_code == 200:
                    # every worker answers before a test begins: on a loaded machine a worker may
                    # still be starting while another already serves
                    health = got.json()
                    answered.add(health.get("worker", 0))
                    if len(answered) >= health.get("workers", 1):
                        return self
                    time.sleep(0.02)
                    continue
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        why = f"only workers {sorted(answered)} answered" if answered else "nothing answered"
        raise RuntimeError(f"server did not start ({why}):\n{self.log_path.read_text()[-4000:]}")

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


class Person:
    """A browser-like HTTP client with its own cookies."""

    def __init__(self, base: str, name: str | None = None) -> None:
        self.base = base
        self.http = httpx.Client(base_url=base, timeout=15.0)
        if name:
            self.post("/api/me", {"name": name})

    def post(self, path: str, data: Any = None, ok: bool = True) -> Any:
        r = self.http.post(path, json=data if data is not None else {})
        if ok and r.status_code != 200:
            raise AssertionError(f"{path}: {r.status_code} {r.text}")
        return r.json()

    def get(self, path: str) -> Any:
        r = self.http.get(path)
        r.raise_for_status()
        return r.json()

    def cookie_header(self) -> str:
        return "; ".join(f"{k}={v}" for k, v in self.http.cookies.items())

    def create(self, seats: list[str], **options: str) -> str:
        return str(self.post("/api/tables", {"seats": seats, "options": options})["id"])

    def ws(self, table_id: str, origin: str | None = None) -> Any:
        return open_ws(self.base.replace("http", "ws", 1) + f"/ws/{table_id}", self.cookie_header(), origin)

    def close(self) -> None:
        self.http.close()


@contextlib.contextmanager
def two_servers(tmp_path: Path, env: dict[str, str]) -> Iterator[tuple[ServerProc, ServerProc]]:
    """Two server processes on one database (``env`` names it: ``PRIMETIME_DATABASE_URL``), data folders
    ``a`` and ``b`` under ``tmp_path``; both stopped afterwards, whatever happened."""
    a = ServerProc(tmp_path / "a", env=env).start()
    try:
        b = ServerProc(tmp_path / "b", env=env).start()
    except BaseException:
        a.stop()
        raise
    try:
        yield a, b
    finally:
        a.stop()
        b.stop()


def sign_in_from(page: Any, link: str, name: str, password: str, back_to: str) -> None:
    """On a table page: follow its sign-in link (``link``), sign in with the lobby's form, and wait
    until the browser is back at ``back_to``."""
    page.click(link)
    page.fill("#acct-name", name)
    page.fill("#acct-pass", password)
    page.click("#signin-btn")
    page.wait_for_url(back_to)


def open_ws(url: str, cookie: str | None = None, origin: str | None = None) -> Any:
    """A synchronous WebSocket connection (close it with ``.close()``)."""
    from websockets.sync.client import connect

    kw: dict[str, Any] = {"additional_headers": {"Cookie": cookie} if cookie else {}, "max_size": 2**22, "open_timeout": 10}
    if origin:
        kw["origin"] = origin
    return connect(url, **kw).__enter__()  # entered: the connection is used outside a with-block


class LogJoin:
    """Puts a socket's state messages together again as the page does: a state carries the log
    lines from number ``log_start`` on (``log``), those before are the ones the socket had; the
    joined message has the whole log in ``view.log``, like ``game.view``.  A state whose log does
    not go on from what the socket had fails the test."""

    def __init__(self) -> None:
        self.log: list[str] = []
        self.starts: list[int] = []  # every state's log_start, in order (the tests look at them)

    def __call__(self, raw: str | bytes) -> dict[str, Any]:
        msg: dict[str, Any] = json.loads(raw)
        if msg.get("type") != "state":
            return msg
        if msg.get("view") is None:
            assert "log" not in msg and "log_start" not in msg, "a state without a game has no log"
            return msg
        assert "log" not in msg["view"], "the log travels beside the view"
        start, lines = msg.pop("log_start"), msg.pop("log")
        assert isinstance(start, int) and 0 <= start <= len(self.log), \
            f"the log goes on from line {start} but this socket had {len(self.log)} lines"
        self.log = self.log[:start] + lines
        self.starts.append(start)
        msg["view"]["log"] = list(self.log)
        return msg


_JOINS: weakref.WeakKeyDictionary[Any, LogJoin] = weakref.WeakKeyDictionary()


def joiner(ws: Any) -> LogJoin:
    """The ``LogJoin`` of a WebSocket connection (sync or asyncio)."""
    got = _JOINS.get(ws)
    if got is None:
        got = _JOINS[ws] = LogJoin()
    return got


def decode(ws: Any, raw: str | bytes) -> dict[str, Any]:
    """A message ``ws`` received, state messages joined to the log the socket had (``LogJoin``)."""
    return joiner(ws)(raw)


def recv_state(ws: Any, timeout: float = 15.0, min_version: int = -1) -> dict[str, Any]:
    """The next state message with a version of at least ``min_version``."""
    deadline = time.time() + timeout
    while True:
        left = deadline - time.time()
        if left <= 0:
            raise TimeoutError("no state message")
        msg = decode(ws, ws.recv(timeout=left))
        if msg.get("type") == "state" and msg["version"] >= min_version:
            return msg


def chromium_path() -> str:
    path = os.environ.get("PRIMETIME_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    if not Path(path).exists():
        unavailable("Chromium not found (apt-get install chromium)")
    return path


SCREENSHOTS = ROOT / "test-output" / "screenshots"
# Chromium runs as root here: headless, no sandbox, nothing fetched in the background, a new empty profile.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--no-first-run", "--disable-dev-shm-usage"]


@contextlib.contextmanager
def chromium() -> Iterator[Any]:
    """Debian's Chromium under Playwright (the test is skipped where either is missing); launch()
    starts it on a new, empty temporary profile (user-data dir) every time."""
    exe = chromium_path()
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        unavailable("the playwright package is not installed")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=exe, headless=True, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()
