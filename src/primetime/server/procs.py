"""The server on every core: a supervisor and its worker processes, and how the workers of one
machine tell each other what changed.

``serve --workers N`` (default: one per core; ``PRIMETIME_WORKERS``) opens the listening socket
once, then forks N workers that share it: each accepts connections and can serve any table
(``route.py`` hands a table's WebSockets to its owner; a socket it cannot hand over is served
where it was accepted).  The supervisor does nothing else but restart a worker that died; a
worker dies with its supervisor, even after ``kill -9`` (``PR_SET_PDEATHSIG``).

Each table is *owned* by one worker (``owner``: a stable hash of its id, modulo N): the owner
runs its bots and its clocks; the other workers only serve its sockets.  Every change is still
made under the stored row's lock, by whichever worker received it.

The workers of one machine reach each other through Unix datagram sockets in ``DATA/wake/``
(:class:`Peers`): a worker that stored a new state sends ``v:<table>:<version>``, batched per
event-loop turn, and a worker that holds the table re-reads it by version (a lost datagram only
waits for the poll).  Chat (``c:``) and presence (``p:``) travel the same way, so that presence
counts the sockets of every worker.  On PostgreSQL, LISTEN/NOTIFY stays the wake-up between
machines.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import os
import signal
import socket
import sys
import time
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

log = logging.getLogger("primetime.server")


def owner(table_id: str, count: int) -> int:
    """The worker (0 to ``count - 1``) that runs the bots and clocks of ``table_id``: the same in every
    process and every run (CRC-32 of the id, not Python's salted ``hash``)."""
    return zlib.crc32(table_id.encode()) % count if count > 1 else 0


def default_workers() -> int:
    """One worker per core this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


# ---------------------------------------------------------------------- wake-ups between the workers
def socket_address(folder: Path, name: str) -> str:
    """A worker's datagram socket ``name`` (``w0``: its wake-ups, ``r0``: connections handed to it):
    ``DATA/wake/<name>.sock``, or, where that path is too long for a Unix socket, an abstract name
    made from the folder (Linux)."""
    path = str(folder.resolve() / f"{name}.sock")
    if len(path.encode()) < 100:
        return path
    digest = hashlib.sha256(str(folder.resolve()).encode()).hexdigest()[:24]
    return f"\0primetime-{digest}-{name}"


def bind_datagram(address: str, buffers: int | None = None) -> socket.socket:
    """A non-blocking Unix datagram socket bound at ``address`` (``socket_address``; a socket file
    left by a worker that ran before is removed first); ``buffers``: its send and receive buffer
    sizes, where the system allows them."""
    if not address.startswith("\0"):
        with contextlib.suppress(FileNotFoundError):
            os.unlink(address)
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    if buffers is not None:
        for option in (socket.SO_RCVBUF, socket.SO_SNDBUF):
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.SOL_SOCKET, option, buffers)
    sock.bind(address)
    sock.setblocking(False)
    return sock


class Peers:
    """Datagrams between the workers of one machine.  ``send(line)`` queues a line for every other
    worker; the lines queued during one turn of the event loop leave together.  Each line received is
    handed to ``on_lines`` (a list per datagram).  Nothing waits for a peer: a worker that is down (or
    a full queue) loses the datagram, and the poll catches up."""

    MAX = 180_000  # bytes per datagram (the send buffer is made larger; a longer line is dropped, the poll catches up)

    def __init__(self, folder: Path, index: int, count: int, on_lines: Callable[[list[str]], None]) -> None:
        self.folder = folder
        self.index = index
        self.count = count
        self.on_lines = on_lines
        self.sock: socket.socket | None = None
        self.out: list[str] = []
        self.loop: asyncio.AbstractEventLoop | None = None
        self.addresses = [socket_address(folder, f"w{i}") for i in range(count)]

    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.folder.mkdir(parents=True, exist_ok=True)
        sock = self.sock = bind_datagram(self.addresses[self.index], buffers=4 << 20)
        loop.add_reader(sock.fileno(), self._read)

    def close(self) -> None:
        if self.sock is not None:
            if self.loop is not None:
                with contextlib.suppress(Exception):
                    self.loop.remove_reader(self.sock.fileno())
            self.sock.close()
            self.sock = None

    def send(self, line: str) -> None:
        if self.sock is None or self.count < 2:
            return
        if not self.out and self.loop is not None:
            self.loop.call_soon(self.flush)
        self.out.append(line)

    def flush(self) -> None:
        lines, self.out = self.out, []
        if self.sock is None or not lines:
            return
        chunks: list[bytes] = []
        cur: list[bytes] = []
        size = 0
        for line in lines:
            b = line.encode()
            if cur and size + len(b) + 1 > self.MAX:
                chunks.append(b"\n".join(cur))
                cur, size = [], 0
            cur.append(b)
            size += len(b) + 1
        if cur:
            chunks.append(b"\n".join(cur))
        for i, addr in enumerate(self.addresses):
            if i == self.index:
                continue
            for chunk in chunks:
                try:
                    self.sock.sendto(chunk, addr)
                except (FileNotFoundError, ConnectionRefusedError):
                    break  # that worker is down: it reads everything when it starts again
                except OSError:
                    continue  # behind (a full queue) or a datagram too long: it catches up by polling

    def _read(self) -> None:
        assert self.sock is not None
        for _ in range(256):
            try:
                data = self.sock.recv(self.MAX + 65_536)
            except (BlockingIOError, InterruptedError):
                return
            except OSError:
                return
            try:
                self.on_lines(data.decode().split("\n"))
            except Exception:  # one bad datagram must not stop the others
                log.exception("wake-up from another worker failed")


# ---------------------------------------------------------------------- the supervisor
def _die_with_parent(parent: int) -> None:
    """Ask the kernel to kill this worker when the supervisor dies (Linux); else watch for it."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        if libc.prctl(1, signal.SIGKILL, 0, 0, 0) != 0:  # PR_SET_PDEATHSIG
            raise OSError(ctypes.get_errno(), "prctl")
    except Exception:  # pragma: no cover - not Linux
        import threading

        def watch() -> None:
            while True:
                time.sleep(0.5)
                if os.getppid() != parent:
                    os._exit(0)

        threading.Thread(target=watch, name="parent-watch", daemon=True).start()
    if os.getppid() != parent:  # it died before the request was in place
        os._exit(0)


def listen_socket(host: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    deadline = time.monotonic() + 5
    while True:  # the workers of a server killed a moment ago may still hold the port
        try:
            sock.bind((host, port))
            break
        except OSError:
            if time.monotonic() > deadline:
                sock.close()
                raise
            time.sleep(0.1)
    sock.listen(4096)
    sock.set_inheritable(True)
    return sock


def supervise(count: int, sock: socket.socket, run_worker: Callable[[int], Any],
              on_exit: Callable[[int], Any] | None = None) -> None:
    """Fork ``count`` workers running ``run_worker(index)`` on the shared listening ``sock``; restart
    any that dies; on SIGTERM or SIGINT, stop them all (SIGTERM: they finish gracefully) and return."""
    parent = os.getpid()
    children: dict[int, int] = {}  # pid -> index
    started: dict[int, float] = {}  # index -> when last started
    stopping = False

    def spawn(index: int) -> None:
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:  # the worker
            code = 0
            try:
                signal.signal(signal.SIGTERM, signal.SIG_DFL)
                signal.signal(signal.SIGINT, signal.SIG_DFL)
                _die_with_parent(parent)
                run_worker(index)
            except BaseException:
                log.exception("worker %d failed", index)
                code = 1
            finally:
                sys.stdout.flush()
                sys.stderr.flush()
                os._exit(code)
        children[pid] = index
        started[index] = time.monotonic()

    def stop(signum: int, frame: Any) -> None:
        nonlocal stopping
        stopping = True
        for pid in list(children):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGTERM)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    for i in range(count):
        spawn(i)
    deadline: float | None = None
    while children:
        if stopping and deadline is None:
            deadline = time.monotonic() + 10
        try:
            pid, status = os.waitpid(-1, os.WNOHANG if stopping else 0)
        except ChildProcessError:
            break
        if pid == 0:
            if deadline is not None and time.monotonic() > deadline:
                for p in list(children):
                    with contextlib.suppress(ProcessLookupError):
                        os.kill(p, signal.SIGKILL)
                deadline = time.monotonic() + 5
            time.sleep(0.05)
            continue
        index = children.pop(pid, None)
        if on_exit is not None:  # (a worker process ended: ``metrics.worker_ended``)
            with contextlib.suppress(Exception):
                on_exit(pid)
        if index is None or stopping:
            continue
        log.warning("worker %d (pid %d) ended (%s); starting it again", index, pid,
                    f"signal {os.WTERMSIG(status)}" if os.WIFSIGNALED(status) else f"exit {os.WEXITSTATUS(status)}")
        if time.monotonic() - started.get(index, 0.0) < 1.0:
            time.sleep(1.0)  # not a tight loop of a worker that cannot start
        if not stopping:
            spawn(index)
    sock.close()
