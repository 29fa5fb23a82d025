"""A state sent at once from the turn of the event loop that stored its change (``Client.send_now``):
in order with the socket's other messages, whether the send completes at once or has to wait."""

from __future__ import annotations

import asyncio

from primetime.server.runtime import Client


def test_a_send_begun_at_once_that_must_wait_finishes_before_the_next_one() -> None:
    async def run() -> list[str]:
        sent: list[str] = []
        room = asyncio.Event()
        room.set()

        async def send(text: str) -> None:
            await room.wait()  # a socket whose buffer is full gives way here
            if text == "bare":
                await asyncio.sleep(0)  # (a bare yield on the way)
            sent.append(text)

        c = Client(0, None, None, send)
        c.send_now("first")  # room: sent before send_now returns
        assert sent == ["first"] and c.finishing is None
        room.clear()
        c.send_now("bare")
        assert sent == ["first"] and c.finishing is not None and not c.finishing.done()
        later = asyncio.ensure_future(c.settle_sends())  # what the socket's sender does before its next send
        await asyncio.sleep(0.01)
        assert not later.done()
        room.set()
        await asyncio.wait_for(later, 5)
        assert c.finishing is None
        await send("after")
        return sent

    assert asyncio.run(run()) == ["first", "bare", "after"]


def test_a_send_at_once_to_a_closed_socket_is_left_to_its_receiving_end() -> None:
    async def run() -> None:
        async def send(text: str) -> None:
            raise RuntimeError('Cannot call "send" once a close message has been sent.')

        c = Client(None, None, None, send)
        c.send_now("state")  # no exception: the connection's receiving end sees it closed and detaches it
        assert c.finishing is None

    asyncio.run(run())


def test_a_send_that_waited_for_a_socket_closed_meanwhile_ends_quietly() -> None:
    async def run() -> None:
        room = asyncio.Event()

        async def send(text: str) -> None:
            await room.wait()
            raise RuntimeError("the socket is closed")  # what a send raises once its socket is gone

        c = Client(None, None, None, send)
        c.send_now("state")
        assert c.finishing is not None
        room.set()  # (the server unblocks a waiting send when its connection is lost)
        await asyncio.wait_for(asyncio.shield(c.finishing), 5)
        assert c.finishing.exception() is None

    asyncio.run(run())
