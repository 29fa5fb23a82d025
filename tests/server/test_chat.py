"""Chat and presence at a table, over the WebSocket of a running server: players and
spectators talk, the table's rules and the rate limit refuse with named errors, text stays
text, messages survive a restart, and every seat's presence reaches everyone at once."""

from __future__ import annotations

import json
import time
import weakref
from pathlib import Path
from typing import Any

import pytest

from .helpers import Person, ServerProc, decode, recv_state, two_servers

# per connection: messages passed over, read first next time (keyed by the connection itself: the
# number ``id`` gives a closed connection can be a new one's in the next test)
_SKIPPED: weakref.WeakKeyDictionary[Any, list[dict[str, Any]]] = weakref.WeakKeyDictionary()


def recv_where(ws: Any, pred: Any, timeout: float = 10.0) -> dict[str, Any]:
    """The next message for which ``pred`` holds (chat messages passed over are kept for later)."""
    kept = _SKIPPED.setdefault(ws, [])
    for i, msg in enumerate(kept):
        if pred(msg):
            return kept.pop(i)
    end = time.time() + timeout
    while True:
        msg = decode(ws, ws.recv(timeout=max(0.01, end - time.time())))
        if pred(msg):
            return msg
        if msg.get("type") == "chat":
            kept.append(msg)


def chat_texts(ws: Any, n: int, timeout: float = 10.0) -> list[str]:
    """The texts of the next ``n`` live chat messages."""
    got: list[str] = []
    while len(got) < n:
        msg = recv_where(ws, lambda m: m.get("type") == "chat" and not m["history"], timeout)
        got += [x["text"] for x in msg["messages"]]
    return got


def say(ws: Any, text: Any, mid: int = 1) -> dict[str, Any]:
    """Send a chat message; the ack or the error replying to it."""
    ws.send(json.dumps({"type": "chat", "text": text, "id": mid}))
    return recv_where(ws, lambda m: m.get("type") in ("ack", "error") and m.get("id") == mid)


def presence_of(ws: Any, seat: int, state: str, timeout: float = 15.0, watching: int | None = None) -> dict[str, Any]:
    """The next presence message with ``seat`` in ``state`` (and ``watching`` spectators, if given)."""
    return recv_where(ws, lambda m: m.get("type") == "presence" and m["seats"][seat]["state"] == state
                      and (watching is None or m["watching"] == watching), timeout)


def started_table(server: ServerProc, spectator_chat: bool = True) -> tuple[str, Person, Person, Person]:
    ana, ben, eve = Person(server.url, "Ana"), Person(server.url, "Ben"), Person(server.url, "Eve")
    tid = str(ana.post("/api/tables", {"seats": ["open", "bot:random"], "options": {"pilot": "simplified"},
                                        "spectator_chat": spectator_chat})["id"])
    ben.post(f"/api/tables/{tid}/join")
    ana.post(f"/api/tables/{tid}/start", {})
    return tid, ana, ben, eve


def test_players_and_a_spectator_chat(server: ServerProc) -> None:
    tid, ana, ben, eve = started_table(server)
    wa, wb, we = ana.ws(tid), ben.ws(tid), eve.ws(tid)
    for ws in (wa, wb, we):
        recv_state(ws)
    assert say(wa, "hello  from\nAna")["type"] == "ack"
    assert say(wb, "hi Ana", 2)["type"] == "ack"
    assert say(we, "good luck, both", 3)["type"] == "ack"
    for ws in (wa, wb, we):
        assert chat_texts(ws, 3) == ["hello from Ana", "hi Ana", "good luck, both"]
    # names and seats are the table's; the spectator is marked as one; nothing of the game
    wa2 = ana.ws(tid)
    hist = recv_where(wa2, lambda m: m.get("type") == "chat")
    assert hist["history"] is True
    msgs = hist["messages"]
    assert [(m["seq"], m["name"], m["seat"]) for m in msgs] == [(1, "Ana", 0), (2, "Ben", 1), (3, "Eve", None)]
    assert set(msgs[0]) == {"seq", "at", "name", "seat", "from", "text"}
    assert len({m["from"] for m in msgs}) == 3
    # a reconnecting browser asks only for what it has not seen
    from .helpers import open_ws
    wa3 = open_ws(server.ws_url + f"/ws/{tid}?chat_since=2", ana.cookie_header())
    assert [m["seq"] for m in recv_where(wa3, lambda m: m.get("type") == "chat")["messages"]] == [3]
    # bad chat messages are refused with a reason
    assert "visible characters" in say(wa, "  \u202e\u200b ", 4)["error"]
    assert "at most 500" in say(wa, "x" * 501, 5)["error"]
    assert say(wa, 12, 6)["error"] == "a chat message is text"
    # a visitor without a name may not chat
    anon = Person(server.url)
    wn = anon.ws(tid)
    assert "display name" in say(wn, "hi", 7)["error"]
    # the table's rules are visible to everyone
    assert ana.get(f"/api/tables/{tid}")["chat"] == {"spectators": True}
    for ws in (wa, wb, we, wa2, wa3, wn):
        ws.close()


def test_markup_is_kept_as_text_and_hidden_characters_removed(server: ServerProc) -> None:
    tid, ana, ben, _eve = started_table(server)
    wa, wb = ana.ws(tid), ben.ws(tid)
    text = '<script>alert("x")</script> & <b>bold</b>'
    assert say(wa, text)["type"] == "ack"
    assert chat_texts(wb, 1) == [text]  # sent as it was written; the browser shows it as text
    # bidirectional overrides, zero-width and control characters are removed, line breaks become spaces
    assert say(wa, "gg\u202e lol\u200b\x07\r\nwp", 2)["type"] == "ack"
    assert chat_texts(wb, 1) == ["gg lol wp"]
    wa.close()
    wb.close()


def test_spectators_may_not_chat_where_the_table_forbids_it(server: ServerProc) -> None:
    tid, ana, ben, eve = started_table(server, spectator_chat=False)
    assert eve.get(f"/api/tables/{tid}")["chat"] == {"spectators": False}
    wa, we = ana.ws(tid), eve.ws(tid)
    recv_state(we)
    err = say(we, "can I talk?")
    assert err["kind"] == "ChatRefused" and "spectators may not chat" in err["error"]
    assert say(wa, "players still can", 2)["type"] == "ack"
    assert chat_texts(we, 1) == ["players still can"]  # but spectators read along
    r = ana.http.post("/api/tables", json={"seats": [], "spectator_chat": "no"})
    assert r.status_code == 400 and "spectator_chat" in r.json()["error"]
    wa.close()
    we.close()


def test_chat_rate_limit_is_named(tmp_path: Path) -> None:
    server = ServerProc(tmp_path / "data", env={"PRIMETIME_RATE_CHAT": "3/60"}).start()
    try:
        tid, ana, ben, _eve = started_table(server)
        wa, wb = ana.ws(tid), ben.ws(tid)
        for i in range(3):
            assert say(wa, f"message {i}", i + 1)["type"] == "ack"
        err = say(wa, "one too many", 9)
        assert err["kind"] == "RateLimited" and err["retry_after"] > 0
        assert err["error"].startswith("too many chat messages from you (at most 3 every 60 seconds); try again in")
        assert say(wb, "Ben has his own allowance", 10)["type"] == "ack"
        wa.close()
        wb.close()
    finally:
        server.stop()


def test_chat_survives_a_restart(tmp_path: Path) -> None:
    server = ServerProc(tmp_path / "data").start()
    try:
        tid, ana, ben, _eve = started_table(server)
        wa = ana.ws(tid)
        assert say(wa, "before the restart")["type"] == "ack"
        wa.close()
    finally:
        server.stop()
    again = ServerProc(tmp_path / "data", port=server.port).start()
    try:
        wb = ben.ws(tid)
        hist = recv_where(wb, lambda m: m.get("type") == "chat")
        assert [(m["name"], m["text"]) for m in hist["messages"]] == [("Ana", "before the restart")]
        wb.close()
    finally:
        again.stop()


def test_presence_is_pushed_to_everyone(server: ServerProc) -> None:
    tid, ana, ben, eve = started_table(server)
    wa, we = ana.ws(tid), eve.ws(tid)
    first = recv_where(wa, lambda m: m.get("type") == "presence")
    assert first["seats"][0]["state"] == "online" and first["seats"][2]["state"] == "bot"
    wb = ben.ws(tid)
    for ws in (wa, we):  # (Eve's socket may be counted after Ben's: wait for both)
        presence_of(ws, 1, "online", watching=1)
    wb.send(json.dumps({"type": "presence", "state": "away"}))
    presence_of(wa, 1, "away")
    wb.send(json.dumps({"type": "presence", "state": "online"}))
    presence_of(wa, 1, "online")
    start = time.time()
    wb.close()
    for ws in (wa, we):
        presence_of(ws, 1, "offline")
    assert time.time() - start < 5
    # a seat handed to a bot shows as the bot, never as the person who left it
    ben.post(f"/api/tables/{tid}/leave")
    presence_of(wa, 1, "left")
    recv_state(wa)
    wa.send(json.dumps({"type": "vote", "target": 1, "id": 5}))
    presence_of(wa, 1, "bot")
    wa.close()
    we.close()


def test_chat_crosses_processes(pg_url: str, tmp_path: Path) -> None:
    """Two processes on one PostgreSQL database: a message written through one reaches the
    sockets of the other (by notification), once."""
    env = {"PRIMETIME_DATABASE_URL": pg_url, "PRIMETIME_POLL_INTERVAL": "30"}
    with two_servers(tmp_path, env) as (a, b):
        ana, ben = Person(a.url, "Ana"), Person(b.url, "Ben")
        tid = ana.create(["open"], pilot="simplified")
        ben.post(f"/api/tables/{tid}/join")
        ana.post(f"/api/tables/{tid}/start", {})
        wa, wb = ana.ws(tid), ben.ws(tid)
        for ws in (wa, wb):
            recv_state(ws)
            # each socket's chat history first: a message stored before the history was read would come
            # in the history (to the only socket there) and not again as a new message
            recv_where(ws, lambda m: m.get("type") == "chat" and m["history"], 15.0)
        assert say(wa, "from process a")["type"] == "ack"
        assert say(wb, "from process b", 2)["type"] == "ack"
        for name, ws in (("a", wa), ("b", wb)):
            try:
                texts = chat_texts(ws, 2, timeout=15)
            except TimeoutError:  # (which process missed it, and what the two said)
                logs = "\n".join(f"--- process {n}:\n{p.log_path.read_text()[-2000:]}" for n, p in (("a", a), ("b", b)))
                raise AssertionError(f"a chat message did not reach the socket on process {name} within 15 s\n{logs}") from None
            assert texts == ["from process a", "from process b"]
        with pytest.raises(TimeoutError):  # nothing twice
            chat_texts(wa, 1, timeout=1.5)
        wa.close()
        wb.close()
