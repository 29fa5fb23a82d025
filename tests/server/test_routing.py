"""A table's WebSockets go to the worker that owns it (``server/route.py``): the request's first line
is looked at without being read, the connection is handed over whole, and a connection the owner
cannot take is served where it was accepted."""

from __future__ import annotations

import asyncio
import socket
from pathlib import Path

import pytest

from primetime.server.procs import owner
from primetime.server.route import Router, table_of


def test_table_of_reads_only_a_websocket_first_line() -> None:
    assert table_of(b"GET /ws/abc123 HTTP/1.1\r\nHost: x\r\n\r\n") == "abc123"
    assert table_of(b"GET /ws/a-b_c?x=1 HTTP/1.1\r\n") == "a-b_c"
    assert table_of(b"GET /ws/a%2Db HTTP/1.1\r\n") == "a-b"
    assert table_of(b"GET /ws/abc HTTP/1.1") is None  # the line is not whole yet
    assert table_of(b"GET /api/tables HTTP/1.1\r\n") is None
    assert table_of(b"POST /ws/abc HTTP/1.1\r\n") is None
    assert table_of(b"GET /ws/ HTTP/1.1\r\n") is None
    assert table_of(b"GET /ws/a/b HTTP/1.1\r\n") is None
    assert table_of(b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03\r\n") is None  # not HTTP (TLS, say)


def table_owned_by(worker: int, count: int = 2) -> str:
    n = 0
    while owner(f"t{n}", count) != worker:
        n += 1
    return f"t{n}"


REQUEST = "GET /ws/{} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n\r\n"


async def _serve_two(tmp_path: Path, second_up: bool, sends: list[bytes],
                     slow_first_line: bool = False) -> dict[int, list[bytes]]:
    """Router 0 accepts on a listening socket; router 1 (if up) only takes what is handed to it.
    Each connection sends one of ``sends``; returns what each worker's ``serve`` read from the
    connections it was given (all of the request, nothing read before)."""
    loop = asyncio.get_running_loop()
    got: dict[int, list[bytes]] = {0: [], 1: []}
    done = asyncio.Event()

    def server_of(index: int):  # type: ignore[no-untyped-def]
        def serve(conn: socket.socket) -> None:
            async def read() -> None:
                data = b""
                while b"\r\n\r\n" not in data:
                    data += await loop.sock_recv(conn, 4096)
                got[index].append(data)
                conn.close()
                if len(got[0]) + len(got[1]) == len(sends):
                    done.set()

            loop.create_task(read())

        return serve

    listen = socket.create_server(("127.0.0.1", 0))
    other = socket.create_server(("127.0.0.1", 0))  # router 1's: nobody connects to it
    r0 = Router(listen, tmp_path / "wake", 0, 2, server_of(0))
    r1 = Router(other, tmp_path / "wake", 1, 2, server_of(1))
    r0.start(loop)
    if second_up:
        r1.start(loop)
    port = listen.getsockname()[1]
    writers = []
    try:
        for data in sends:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            if slow_first_line:  # the first line in two parts, a moment apart
                writer.write(data[:10])
                await writer.drain()
                await asyncio.sleep(0.1)
                writer.write(data[10:])
            else:
                writer.write(data)
            writers.append(writer)
        await asyncio.wait_for(done.wait(), 10)
    finally:
        for w in writers:
            w.close()
        r0.close()
        r1.close()
        listen.close()
        other.close()
    return got


@pytest.mark.parametrize("slow", [False, True], ids=["whole-line", "line-in-two-parts"])
def test_a_websocket_goes_to_the_owner_of_its_table(tmp_path: Path, slow: bool) -> None:
    mine, theirs = table_owned_by(0), table_owned_by(1)
    sends = [REQUEST.format(theirs).encode(), REQUEST.format(mine).encode(),
             b"GET /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", REQUEST.format(theirs + "?x=1").encode()]
    got = asyncio.run(_serve_two(tmp_path, True, sends, slow))
    # handed over whole: the owner reads the request from its first byte
    assert sorted(got[1]) == sorted([sends[0], sends[3]])
    assert sorted(got[0]) == sorted([sends[1], sends[2]])


def test_a_websocket_whose_owner_is_down_is_served_where_it_was_accepted(tmp_path: Path) -> None:
    theirs = table_owned_by(1)
    sends = [REQUEST.format(theirs).encode()] * 3
    got = asyncio.run(_serve_two(tmp_path, False, sends))
    assert got[0] == sends and got[1] == []
