"""Issue item 2: sign-out signs out.

Ending a session (``POST /api/signout``, ``{"everywhere": true}``, or a sign-in that replaces one)
closes every socket relying on it with close code 4401 and a reason, on every worker of the machine
and on every process sharing PostgreSQL; a seat cookie an account obtained opens its seat only while
the session that got it lives; a guest's seat cookie works as before; and a socket whose session row
is gone cannot act or chat even when nobody told its process (the row is the truth)."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from primetime.server.procs import owner
from primetime.server.runtime import hash_secret
from primetime.server.sessions import CLOSE_CODE, REASONS
from primetime.server.store import open_store

from .helpers import Person, ServerProc, decode, open_ws, recv_state, two_servers
from .test_multiprocess import connect_to_worker

PASSWORD = "correct horse"
#: A poll interval that never comes within a test: a socket closed by the poll (reason "ended") would
#: stand in for the path under test (a slow test run can pass 30 s before its sign-out).
SLOW_POLL = "3600"


def start_site(tmp_path: Path, store_url: str, **env: str) -> ServerProc:
    return ServerProc(tmp_path / "data", env={"PRIMETIME_DATABASE_URL": store_url, "PRIMETIME_TABLE_SEED": "1", **env}).start()


@pytest.fixture
def site(store_url: str, tmp_path: Path) -> Iterator[ServerProc]:
    s = start_site(tmp_path, store_url)
    yield s
    s.stop()


def account(base: str, name: str) -> Person:
    p = Person(base)
    p.post("/api/signup", {"name": name, "password": PASSWORD})
    return p


def seat_cookie(p: Person, tid: str) -> str:
    """The table's seat cookie alone (as a copied cookie would be sent)."""
    return f"pt_seat_{tid}={p.http.cookies[f'pt_seat_{tid}']}"


def ws_url(s: ServerProc, tid: str) -> str:
    return f"{s.ws_url}/ws/{tid}"


def closed_with(ws: Any, timeout: float = 15.0) -> tuple[int, str, list[dict[str, Any]]]:
    """Read ``ws`` until the server closes it: (close code, reason, the messages read before)."""
    seen: list[dict[str, Any]] = []
    deadline = time.time() + timeout
    while True:
        left = deadline - time.time()
        assert left > 0, f"the socket was not closed within {timeout:.0f} s (it read {[m.get('type') for m in seen]})"
        try:
            seen.append(decode(ws, ws.recv(timeout=left)))
        except TimeoutError:
            continue
        except ConnectionClosed as exc:
            assert exc.rcvd is not None, "the server closed the socket without a close frame"
            return exc.rcvd.code, exc.rcvd.reason, seen


def answer(ws: Any, mid: int, timeout: float = 15.0) -> dict[str, Any]:
    """The answer (ack, error, pong) to the message with id ``mid``."""
    deadline = time.time() + timeout
    while True:
        left = deadline - time.time()
        assert left > 0, f"no answer to message {mid}"
        msg = decode(ws, ws.recv(timeout=left))
        if msg.get("id") == mid and msg["type"] in ("ack", "error", "pong"):
            return msg


def opening(ws: Any) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """What a new socket is sent when it opens: its first state and the chat messages."""
    state, history = None, None
    while state is None or history is None:
        msg = decode(ws, ws.recv(timeout=15))
        if msg["type"] == "state" and state is None:
            state = msg
        elif msg["type"] == "chat" and msg["history"]:
            history = list(msg["messages"])
    return state, history


def my_turn(ws: Any) -> dict[str, Any]:
    """The first state in which the socket's seat has a decision to make."""
    while True:
        st = recv_state(ws, timeout=30)
        pend = st["view"] and st["view"]["pending"]
        if pend and pend["player"] == st["me"]["seat"] and pend.get("options"):
            return st


def running_table(p: Person) -> str:
    """A two-player The Networks table of ``p`` against a random bot, started."""
    tid = p.create(["bot:random"], pilot="simplified")
    p.post(f"/api/tables/{tid}/start", {})
    return tid


# ---------------------------------------------------------------------- one process (SQLite and PostgreSQL)


def test_issue_item_2_sign_out_closes_the_sockets_and_the_seat_cookie_opens_nothing(site: ServerProc) -> None:
    """Issue item 2 (a) and (b): a socket opened before sign-out (user and seat cookie), and one carrying
    only the seat cookie, are closed with 4401 "you signed out"; sockets opened afterwards with the same
    cookies see the spectator view and can neither act nor chat."""
    ana = account(site.url, "Ana")
    tid = running_table(ana)
    both, only_seat = ana.cookie_header(), seat_cookie(ana, tid)
    full = open_ws(ws_url(site, tid), both)
    copied = open_ws(ws_url(site, tid), only_seat)
    for ws in (full, copied):
        st = recv_state(ws)
        assert st["me"]["seat"] == 0 and st["view"]["viewer"] == 0, "before sign-out the seat cookie opens the seat"
    ana.post("/api/signout")
    for ws in (full, copied):
        code, reason, _ = closed_with(ws)
        assert (code, reason) == (CLOSE_CODE, REASONS["signout"])
    # the old cookies no longer open the seat: the spectator view, no move, no chat
    for cookie in (both, only_seat):
        ws = open_ws(ws_url(site, tid), cookie)
        st = recv_state(ws)
        assert st["me"]["seat"] is None and st["view"]["viewer"] is None, "after sign-out the seat cookie is a spectator's"
        ws.send(json.dumps({"type": "act", "key": "pass", "seq": st["seq"], "id": 1}))
        got = answer(ws, 1)
        assert got["type"] == "error" and "watching" in got["error"]
        ws.send(json.dumps({"type": "chat", "text": "still here?", "id": 2}))
        got = answer(ws, 2)
        assert got["type"] == "error" and got["kind"] == "ChatRefused"
        ws.close()


def test_issue_item_2_the_session_row_is_the_truth_for_moves_and_chat(store_url: str, tmp_path: Path) -> None:
    """Issue item 2: a socket whose session row is gone, with nobody telling its process (the row deleted
    in the store, the poll slow), is refused its next move (checked in the move's own transaction) and
    its next chat message, and closed with 4401; the game did not move.  The move's socket and the chat's
    are of two sessions of one account (two browsers), ended one after the other: a socket closed because
    the other's session was found ended cannot stand in for the check under test."""
    s = start_site(tmp_path, store_url, PRIMETIME_POLL_INTERVAL=SLOW_POLL)
    try:
        ana = account(s.url, "Ana")
        tid = running_table(ana)
        other_browser = Person(s.url)
        other_browser.post("/api/signin", {"name": "Ana", "password": PASSWORD})
        chatter = open_ws(ws_url(s, tid), other_browser.cookie_header())
        mover = open_ws(ws_url(s, tid), seat_cookie(ana, tid))
        st = my_turn(mover)
        recv_state(chatter)

        def end_session(person: Person) -> None:  # as a sign-out elsewhere whose word was lost
            gone = hash_secret(person.http.cookies["pt_user"])
            store = open_store(store_url, tmp_path / "data")
            try:
                store.write(lambda tx: tx.execute("DELETE FROM sessions WHERE secret_hash = ?", (gone,)))
            finally:
                store.close()

        end_session(ana)
        key = st["view"]["pending"]["options"][0]["key"]
        mover.send(json.dumps({"type": "act", "key": key, "seq": st["seq"], "id": 8}))
        code, reason, seen = closed_with(mover)
        refusals = [m for m in seen if m.get("id") == 8]
        assert refusals and refusals[0]["type"] == "error" and refusals[0]["kind"] == "SignedOut"
        assert code == CLOSE_CODE
        end_session(other_browser)
        chatter.send(json.dumps({"type": "chat", "text": "hello", "id": 7}))
        code, reason, seen = closed_with(chatter)
        refusals = [m for m in seen if m.get("id") == 7]
        assert refusals and refusals[0]["type"] == "error" and refusals[0]["kind"] == "SignedOut"
        assert (code, reason) == (CLOSE_CODE, REASONS["ended"])
        watcher = open_ws(ws_url(s, tid))
        now, history = opening(watcher)
        assert now["seq"] == st["seq"], "the refused move was not taken"
        assert "hello" not in [m["text"] for m in history], "the refused chat message was not stored"
        watcher.close()
    finally:
        s.stop()


def test_issue_item_2_a_guests_seat_cookie_keeps_working(site: ServerProc) -> None:
    """Issue item 2 (c): a guest has no session: signing out leaves their open socket open and their seat
    cookie opens the seat and plays as before."""
    gus = Person(site.url, "Gus")
    tid = running_table(gus)
    only_seat = seat_cookie(gus, tid)
    ws = open_ws(ws_url(site, tid), gus.cookie_header())
    recv_state(ws)
    gus.post("/api/signout")
    ws.send(json.dumps({"type": "ping", "id": 1}))
    assert answer(ws, 1)["type"] == "pong", "a guest's socket stays open"
    ws.close()
    copied = open_ws(ws_url(site, tid), only_seat)
    st = my_turn(copied)
    assert st["me"]["seat"] == 0 and st["view"]["viewer"] == 0
    key = st["view"]["pending"]["options"][0]["key"]
    copied.send(json.dumps({"type": "act", "key": key, "seq": st["seq"], "id": 2}))
    assert answer(copied, 2)["type"] == "ack"
    copied.close()


def test_issue_item_2_a_guest_who_signs_up_binds_their_seats(site: ServerProc) -> None:
    """Issue item 2: a guest who signs up becomes the account, and the seats they took as a guest are
    bound to its session: after sign-out their seat cookie no longer opens the seat."""
    gus = Person(site.url, "Gus")
    tid = running_table(gus)
    only_seat = seat_cookie(gus, tid)
    gus.post("/api/signup", {"name": "Gus", "password": PASSWORD})
    ws = open_ws(ws_url(site, tid), only_seat)
    assert recv_state(ws)["me"]["seat"] == 0
    gus.post("/api/signout")
    assert closed_with(ws)[0] == CLOSE_CODE
    ws = open_ws(ws_url(site, tid), only_seat)
    assert recv_state(ws)["me"]["seat"] is None
    ws.close()


def test_issue_item_2_sign_in_again_and_sign_out_everywhere(site: ServerProc) -> None:
    """Issue item 2: signing in again in the same browser closes that browser's old sockets ("signed in
    again") and keeps its seats (moved to the new session); ``POST /api/signout {"everywhere": true}``
    ends every session of the account and closes their sockets; ``POST /api/signin {..., "everywhere":
    true}`` ends the others and keeps the new one."""
    ana = account(site.url, "Ana")
    tid = running_table(ana)
    other = Person(site.url)  # another browser of Ana's
    other.post("/api/signin", {"name": "Ana", "password": PASSWORD})
    old = open_ws(ws_url(site, tid), ana.cookie_header())
    elsewhere = open_ws(ws_url(site, tid), other.cookie_header())
    recv_state(old)
    recv_state(elsewhere)
    ana.post("/api/signin", {"name": "Ana", "password": PASSWORD})
    assert closed_with(old)[:2] == (CLOSE_CODE, REASONS["signin"])
    elsewhere.send(json.dumps({"type": "ping", "id": 1}))
    assert answer(elsewhere, 1)["type"] == "pong", "the other browser's session goes on"
    new = open_ws(ws_url(site, tid), ana.cookie_header())
    assert recv_state(new)["me"]["seat"] == 0, "the seat moved to the new session of the same browser"
    ana.post("/api/signout", {"everywhere": True})
    assert closed_with(elsewhere)[:2] == (CLOSE_CODE, REASONS["everywhere"])
    assert closed_with(new)[0] == CLOSE_CODE
    assert other.get("/api/me")["user"] is None and ana.get("/api/me")["user"] is None
    # sign in here, sign out everywhere else
    other.post("/api/signin", {"name": "Ana", "password": PASSWORD})
    far = open_ws(ws_url(site, tid), other.cookie_header())
    recv_state(far)
    ana.post("/api/signin", {"name": "Ana", "password": PASSWORD, "everywhere": True})
    assert closed_with(far)[:2] == (CLOSE_CODE, REASONS["everywhere"])
    assert other.get("/api/me")["user"] is None and ana.get("/api/me")["user"]["name"] == "Ana"


# ---------------------------------------------------------------------- several workers, several processes


def test_issue_item_2_sign_out_closes_the_sockets_on_the_other_worker(tmp_path: Path) -> None:
    """Issue item 2 (d): with two workers, the sockets of the session on both workers (each table's
    sockets are served by its owner) are closed at once: the poll is too slow to do it, the datagram
    between the workers does."""
    s = ServerProc(tmp_path / "data", env={"PRIMETIME_POLL_INTERVAL": SLOW_POLL}, workers=2).start()
    try:
        ana = account(s.url, "Ana")
        tables: dict[int, str] = {}
        while len(tables) < 2:  # a table owned by each worker
            tid = ana.create(["bot:random"], pilot="simplified")
            tables.setdefault(owner(tid, 2), tid)
        cookie = ana.cookie_header()

        async def run() -> None:
            sockets = []
            for w, tid in sorted(tables.items()):
                ws, _ = await connect_to_worker(f"{s.ws_url}/ws/{tid}", cookie, w)
                sockets.append(ws)
            await asyncio.to_thread(ana.post, "/api/signout")
            for ws in sockets:
                with pytest.raises(ConnectionClosed) as got:
                    while True:
                        await asyncio.wait_for(ws.recv(), 15)
                assert got.value.rcvd is not None and got.value.rcvd.code == CLOSE_CODE
                assert got.value.rcvd.reason == REASONS["signout"]

        asyncio.run(run())
    finally:
        s.stop()


@pytest.mark.parametrize("mode", ["notify", "poll", "on-message"])
def test_issue_item_2_sign_out_reaches_the_other_process(pg_url: str, tmp_path: Path, mode: str) -> None:
    """Issue item 2 (e): two server processes on one PostgreSQL database; Ana signs out through one, her
    sockets on the other are closed — by NOTIFY (the poll is slow), by the poll alone (no LISTEN), or,
    when neither has come yet, at their next chat message or move (the session row is read)."""
    env = {"PRIMETIME_DATABASE_URL": pg_url, "PRIMETIME_LISTEN": "0" if mode != "notify" else "1",
           "PRIMETIME_POLL_INTERVAL": "0.5" if mode == "poll" else SLOW_POLL}
    with two_servers(tmp_path, env) as (a, b):
        ana = account(a.url, "Ana")
        tid = running_table(ana)
        full = open_ws(ws_url(b, tid), ana.cookie_header())
        mover = open_ws(ws_url(b, tid), seat_cookie(ana, tid))
        recv_state(full)
        st = my_turn(mover)
        # A socket reads its session once more when it connects, after its first state may have gone out: a
        # sign-out before that read ends would close it there, before any message. Its pong comes from the
        # loop that starts after the read.
        for i, ws in enumerate((full, mover)):
            ws.send(json.dumps({"type": "ping", "id": 90 + i}))
            assert answer(ws, 90 + i)["type"] == "pong"
        ana.post("/api/signout")  # through process a
        if mode == "on-message":
            full.send(json.dumps({"type": "chat", "text": "hello", "id": 1}))
            key = st["view"]["pending"]["options"][0]["key"]
            mover.send(json.dumps({"type": "act", "key": key, "seq": st["seq"], "id": 2}))
        for ws, mid in ((full, 1), (mover, 2)):
            code, reason, seen = closed_with(ws)
            assert code == CLOSE_CODE
            assert reason == {"notify": REASONS["signout"], "poll": REASONS["ended"], "on-message": REASONS["ended"]}[mode]
            if mode == "on-message":
                refusal = [m for m in seen if m.get("id") == mid]
                assert refusal and refusal[0]["type"] == "error" and refusal[0]["kind"] == "SignedOut"
        watcher = open_ws(ws_url(b, tid))
        assert recv_state(watcher)["seq"] == st["seq"], "no move was taken after sign-out"
        watcher.close()
