"""Hints and reviews at the server (issue 35; the advice itself: :mod:`primetime.bots.advice`).

* **Hints** are a table option, ``hints``, off by default.  The host turns it on when creating the
  table, and every player who takes a seat sees it in the table's description before joining: taking
  a seat at such a table is agreeing to hints.  A table with hints is never rated
  (:func:`primetime.server.ratings_store.rated_seats`), so a rated game never has them.  A seated
  player asks over the table's WebSocket (``{"type": "hint"}``) and the answer (``{"type": "hint"}``)
  goes to that socket only, for the seat its seat secret holds and only while that seat has a decision
  pending: the same seat gate as an action.  The advice reads the seat's public copy of the state (what
  that seat may see), in a thread, one hint at a time per socket.
* **Reviews** of a finished table (``POST /api/tables/{id}/review`` with ``{"seat": n}``): any signed-in
  user (a finished game's record is public), one running review per user across every process and
  server (``running_reviews``; a row older than :data:`STALE` is a crashed run's).  The review runs in
  the bots' processes, in parts, off the event loop; the reply is a stream of server-sent events:
  ``{"progress": done, "total": n}`` after each part, then ``{"review": {...}}`` (or ``{"error": ...}``).
"""

from __future__ import annotations

import asyncio
import concurrent.futures as cf
import json
import logging
import time
import zlib
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import StreamingResponse

from primetime.bots.advice import REVIEW_SAMPLES, check_seat, hint, judge, summary
from primetime.server.http import ApiError, body
from primetime.server.hub import Hub
from primetime.server.runtime import Client, Runtime
from primetime.server.store import Store, Tx

log = logging.getLogger("primetime.server")

STALE = 3600.0  # seconds after which a running review's row is taken for a crashed run's
PARTS = 12  # a review is judged in this many parts (its progress steps)
OFF = "hints are off at this table; a table with hints is never rated, and its host turns them on when creating it"
_HINTS = cf.ThreadPoolExecutor(max_workers=1, thread_name_prefix="hint")
_asking: set[int] = set()  # the sockets with a hint on its way


def hint_refusal(rt: Runtime, seat: int | None) -> str | None:
    """Why ``seat`` gets no hint now (None: it may have one)."""
    t, game = rt.meta, rt.game
    if t is None or not t.hints:
        return OFF
    if t.status != "running" or game is None or game.is_over():
        return "hints are given while the game is being played"
    if seat is None:
        return "you are watching this game: only seated players get hints"
    if not any(s.seat == seat and s.kind == "human" for s in t.seats):
        return "a bot plays this seat"
    if seat not in game.pending_players():
        return "a hint is for your own decision: wait for your turn"
    return None


async def ws_hint(rt: Runtime, client: Client, reply: Callable[..., None], mid: Any) -> None:
    """Answer a socket's ``{"type": "hint"}``: the hint for its own seat, to it alone."""
    client.seat = rt.seat_for(client.secret_hash)  # whoever holds the socket's seat secret now
    refusal = hint_refusal(rt, client.seat)
    if refusal is not None:
        reply("error", mid, error=refusal, kind="HintRefused")
        return
    if id(client) in _asking:
        reply("error", mid, error="a hint is on its way", kind="HintRefused")
        return
    assert rt.game is not None and client.seat is not None
    seat = client.seat
    seq = rt.shown(seat)[0]  # the step count as this seat knows it (screened steps of others not counted)
    game = rt.game.__class__(rt.game.ruleset, rt.game.ruleset.clone(rt.game.state), dict(rt.game.header))
    _asking.add(id(client))
    try:
        salt = zlib.crc32(rt.id.encode())  # public: no answer depends on the table's secret seed
        got = await asyncio.get_running_loop().run_in_executor(_HINTS, lambda: hint(game, seat, seq=seq, salt=salt))
    except Exception:
        log.exception("hint failed on table %s", rt.id)
        reply("error", mid, error="the server could not work out a hint", kind="HintRefused")
        return
    finally:
        _asking.discard(id(client))
    reply("hint", mid, seq=seq, hint=got)


# ---------------------------------------------------------------------- reviews


def claim_review(store: Store, user_id: str, table_id: str) -> bool:
    """Take the user's one review slot; False while another review of theirs runs."""

    def go(tx: Tx) -> bool:
        now = time.time()
        tx.execute("DELETE FROM running_reviews WHERE user_id = ? AND started < ?", (user_id, now - STALE))
        cur = tx.execute("INSERT INTO running_reviews (user_id, table_id, started) VALUES (?, ?, ?) "
                         "ON CONFLICT (user_id) DO NOTHING", (user_id, table_id, now))
        return bool(cur.rowcount == 1)

    return store.write(go)


def release_review(store: Store, user_id: str) -> None:
    store.write(lambda tx: tx.execute("DELETE FROM running_reviews WHERE user_id = ?", (user_id,)))


def event(obj: dict[str, Any]) -> str:
    return f"data: {json.dumps(obj)}\n\n"


def add_advice_routes(app: FastAPI, hub: Hub, store: Store, need_user: Callable[[Request], Awaitable[dict[str, Any]]],
                      runtime: Callable[[str], Awaitable[Runtime]]) -> None:
    """Add the review route to ``app``; ``need_user`` and ``runtime`` are the application's own."""

    @app.post("/api/tables/{table_id}/review")
    async def review(table_id: str, request: Request) -> StreamingResponse:
        user = await need_user(request)
        data = await body(request)
        seat = data.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise ApiError(400, "seat is the number of the seat to review")
        rt = await runtime(table_id)
        assert rt.meta is not None
        if rt.meta.status != "finished":
            raise ApiError(403, "a review is available once the game is over")
        rec = await hub.db(store.record, table_id)
        assert rec is not None
        try:
            check_seat(rec, seat)
        except ValueError as exc:
            raise ApiError(400, str(exc)) from None
        if not await hub.write(claim_review, store, user["id"], table_id):
            raise ApiError(429, "you have a review running already: wait for it to finish")
        total = len(rec["actions"])
        cuts = sorted({total * k // PARTS for k in range(PARTS + 1)})

        async def stream() -> AsyncIterator[str]:
            t0 = time.perf_counter()
            try:
                yield event({"progress": 0, "total": total})
                decisions: list[dict[str, Any]] = []
                for a, b in zip(cuts, cuts[1:], strict=False):
                    decisions += await hub.bots.run(judge, rec, seat, a, b)
                    yield event({"progress": b, "total": total})
                yield event({"review": await hub.bots.run(summary, rec, seat, decisions, REVIEW_SAMPLES, time.perf_counter() - t0)})
            except Exception:
                log.exception("review failed on table %s", table_id)
                yield event({"error": "the server could not finish this review"})
            finally:  # also when the page went away: the slot is given back in any case
                asyncio.ensure_future(hub.write(release_review, store, user["id"]))

        return StreamingResponse(stream(), media_type="text/event-stream", headers={"cache-control": "no-store"})
