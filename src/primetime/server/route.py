"""A table's WebSockets served by the worker that owns it.

The workers of one server share the listening socket, and whichever accepts a connection used to
serve it.  The sockets of one table were then spread over the workers, and every state was
rendered by the table's owner for the other workers' audiences and relayed to them
(``Links._relay``), with their presence sent back and forth.

:class:`Router` accepts instead of uvicorn: it looks at the first line of the request without
reading it (``MSG_PEEK``).  A WebSocket of a table (``GET /ws/<table>``) owned by another worker
is handed to that worker as it is (its file descriptor over a Unix datagram socket,
``SCM_RIGHTS``), which serves it from the first byte on; anything else is served where it was
accepted.  When the owner cannot take it (down, restarting, its queue full), or the first line
does not come soon, the connection is served where it was accepted, as before: the relays stay as
the way for the sockets of one table on several workers, and nothing depends on the routing.
``PRIMETIME_ROUTE_SOCKETS=0`` turns it off.
"""

from __future__ import annotations

import array
import asyncio
import contextlib
import logging
import socket
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from primetime.server.procs import bind_datagram, owner, socket_address

log = logging.getLogger("primetime.server")

#: How long a new connection may take to send its first line before it is served where it is.
FIRST_LINE_WAIT = 2.0
#: Bytes looked at for the first line (a longer one is served where it is).
PEEK = 2048


def table_of(first: bytes) -> str | None:
    """The table of a WebSocket request's first line (``GET /ws/<table>[?...] HTTP/1.1``), else None."""
    line, sep, _ = first.partition(b"\r\n")
    if not sep:
        return None
    parts = line.split(b" ")
    if len(parts) != 3 or parts[0] != b"GET" or not parts[1].startswith(b"/ws/"):
        return None
    tid = parts[1][4:].split(b"?", 1)[0]
    try:
        out = unquote(tid.decode("ascii"))
    except UnicodeDecodeError:
        return None
    return out if out and "/" not in out else None


class Router:
    """Accepts on the shared listening socket ``listen`` for worker ``index`` of ``count``; serves a
    connection here with ``serve(sock)``, or hands a table's WebSocket to the table's owner.  It has
    the ``close`` and ``wait_closed`` of an asyncio server (uvicorn stops it as one)."""

    def __init__(self, listen: socket.socket, folder: Path, index: int, count: int,
                 serve: Callable[[socket.socket], Any]) -> None:
        self.listen = listen
        self.folder = folder
        self.index = index
        self.count = count
        self.serve_here = serve
        self.addresses = [socket_address(folder, f"r{i}") for i in range(count)]
        self.inbox: socket.socket | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self.waiting: dict[int, tuple[socket.socket, asyncio.TimerHandle]] = {}
        self.closed = asyncio.Event()

    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.folder.mkdir(parents=True, exist_ok=True)
        self.inbox = bind_datagram(self.addresses[self.index])
        loop.add_reader(self.inbox.fileno(), self._take)
        self.listen.setblocking(False)
        loop.add_reader(self.listen.fileno(), self._accept)

    # ------------------------------------------------------------------ an asyncio server's stop
    def close(self) -> None:
        if self.loop is None or self.closed.is_set():
            return
        with contextlib.suppress(Exception):
            self.loop.remove_reader(self.listen.fileno())
        if self.inbox is not None:
            with contextlib.suppress(Exception):
                self.loop.remove_reader(self.inbox.fileno())
            self.inbox.close()
            self.inbox = None
        for fd, (conn, timer) in list(self.waiting.items()):
            timer.cancel()
            with contextlib.suppress(Exception):
                self.loop.remove_reader(fd)
            conn.close()
        self.waiting.clear()
        self.closed.set()

    async def wait_closed(self) -> None:
        await self.closed.wait()

    # ------------------------------------------------------------------ new connections
    def _accept(self) -> None:
        for _ in range(64):
            try:
                conn, _ = self.listen.accept()
            except (BlockingIOError, InterruptedError):
                return
            except OSError as exc:  # out of descriptors, say: the others wait in the backlog
                log.warning("cannot accept a connection: %s", exc)
                return
            conn.setblocking(False)
            with contextlib.suppress(OSError):
                conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            self._route(conn, None)

    def _route(self, conn: socket.socket, deadline: float | None) -> None:
        """Serve ``conn`` here or hand it over, by its first line; wait for the line until ``deadline``
        (``FIRST_LINE_WAIT`` from now if None), then serve it here."""
        assert self.loop is not None
        now = self.loop.time()
        if deadline is None:
            deadline = now + FIRST_LINE_WAIT
        try:
            first = conn.recv(PEEK, socket.MSG_PEEK)
        except (BlockingIOError, InterruptedError):
            first = None
        except OSError:
            conn.close()
            return
        if first == b"":  # closed before it said anything
            conn.close()
            return
        if first is None or (b"\r\n" not in first and len(first) < PEEK):  # the line is on its way
            if now < deadline:
                self._wait(conn, deadline, readable=first is None)
            else:
                self._serve(conn)
            return
        tid = table_of(first)
        target = owner(tid, self.count) if tid is not None else self.index
        if target != self.index and self._hand(conn, target):
            return
        self._serve(conn)

    def _wait(self, conn: socket.socket, deadline: float, readable: bool) -> None:
        """Look again when ``conn`` has something to read (``readable``), else in a moment (part of
        the line is there already), or at ``deadline``."""
        assert self.loop is not None
        fd = conn.fileno()

        def again() -> None:
            got = self.waiting.pop(fd, None)
            if got is None:
                return
            assert self.loop is not None
            got[1].cancel()
            if readable:
                self.loop.remove_reader(fd)
            self._route(conn, deadline)

        timer = self.loop.call_at(deadline if readable else min(deadline, self.loop.time() + 0.01), again)
        self.waiting[fd] = (conn, timer)
        if readable:
            self.loop.add_reader(fd, again)

    def _hand(self, conn: socket.socket, target: int) -> bool:
        """Give ``conn`` to worker ``target``; False if it cannot take it now."""
        if self.inbox is None:
            return False
        try:
            # (``socket.send_fds`` leaves out the address before Python 3.12)
            self.inbox.sendmsg([b"c"], [(socket.SOL_SOCKET, socket.SCM_RIGHTS, array.array("i", [conn.fileno()]))], 0,
                               self.addresses[target])
        except OSError:  # that worker is down or behind: serve it here
            return False
        conn.close()
        return True

    def _take(self) -> None:
        """Connections another worker handed to this one."""
        for _ in range(64):
            if self.inbox is None:
                return
            try:
                _, fds, _, _ = socket.recv_fds(self.inbox, 16, 8)
            except (BlockingIOError, InterruptedError):
                return
            except OSError:
                return
            for fd in fds:
                conn = socket.socket(fileno=fd)
                conn.setblocking(False)
                self._serve(conn)

    def _serve(self, conn: socket.socket) -> None:
        try:
            self.serve_here(conn)
        except Exception:
            log.exception("cannot serve a connection")
            conn.close()


def routed_server(config: Any, folder: Path, index: int, count: int) -> Any:
    """A ``uvicorn.Server`` for ``config`` whose connections are accepted by a :class:`Router` on the
    shared listening socket it is run with (``.run(sockets=[listen])``)."""
    import uvicorn

    class RoutedServer(uvicorn.Server):
        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            assert sockets is not None and len(sockets) == 1, "run it with the shared listening socket"
            await super().startup(sockets=[])  # the application's start, and no listener of uvicorn's own
            if self.should_exit:
                return
            loop = asyncio.get_running_loop()

            def protocol() -> asyncio.Protocol:
                return config.http_protocol_class(config=config, server_state=self.server_state,  # type: ignore[no-any-return]
                                                  app_state=self.lifespan.state)

            def done(task: asyncio.Task[Any], conn: socket.socket) -> None:
                if not task.cancelled() and task.exception() is not None:
                    log.warning("cannot serve a connection: %s", task.exception())
                    conn.close()

            def serve(conn: socket.socket) -> None:
                task = loop.create_task(loop.connect_accepted_socket(protocol, conn))
                task.add_done_callback(lambda t: done(t, conn))

            router = Router(sockets[0], folder, index, count, serve)
            router.start(loop)
            self.servers = [router]  # type: ignore[list-item]

    return RoutedServer(config)
