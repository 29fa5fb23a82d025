"""The server under hostile or careless clients: a socket that outlives its seat, malformed
and oversized JSON, floods of anonymous writes, names that disguise themselves, and the
step counts of moves made behind a screen."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import httpx

from .helpers import Person, ServerProc, decode, recv_state

JSON = {"content-type": "application/json"}


def recv_type(ws: Any, kind: str, timeout: float = 10.0) -> dict[str, Any]:
    end = time.time() + timeout
    while True:
        msg = decode(ws, ws.recv(timeout=max(0.01, end - time.time())))
        if msg.get("type") == kind:
            return msg


def states_until(ws: Any, done: Any, timeout: float = 20.0) -> list[dict[str, Any]]:
    """Every state message up to and including the first for which ``done(msg)`` holds."""
    out = []
    end = time.time() + timeout
    while True:
        st = recv_state(ws, timeout=max(0.01, end - time.time()))
        out.append(st)
        if done(st):
            return out


def ack_and_state(ws: Any, min_version: int, timeout: float = 15.0) -> tuple[dict[str, Any], dict[str, Any]]:
    """The acknowledgement of an action and the first state of at least ``min_version`` (in either order)."""
    ack = state = None
    end = time.time() + timeout
    while ack is None or state is None:
        msg = decode(ws, ws.recv(timeout=max(0.01, end - time.time())))
        if msg.get("type") == "ack":
            ack = msg
        elif msg.get("type") == "state" and msg["version"] >= min_version and state is None:
            state = msg
    return ack, state


def ping_works(ws: Any) -> bool:
    ws.send(json.dumps({"type": "ping", "id": 99}))
    return recv_type(ws, "pong")["id"] == 99


# ---------------------------------------------------------------------- 8. the audience follows the seat


def test_a_socket_that_gave_up_its_seat_sees_only_the_spectator_view(server: ServerProc) -> None:
    """Ben sits in seat 2 with a socket open, leaves, and takes seat 3; Cy takes seat 2.  Ben's
    old socket must not receive Cy's private view (her pilot offer) once the game starts."""
    ana, ben, cy, eve = (Person(server.url, n) for n in ("Ana", "Ben", "Cy", "Eve"))
    tid = ana.create(["open", "open"], pilot="normal")
    assert ben.post(f"/api/tables/{tid}/join", {"seat": 1})["seat"] == 1
    old = ben.ws(tid)
    assert recv_state(old)["me"]["seat"] == 1
    ben.post(f"/api/tables/{tid}/leave")
    left = states_until(old, lambda st: st["table"]["seats"][1]["kind"] == "open")[-1]
    assert left["me"]["seat"] is None, "a socket whose seat was given up still speaks for it"
    assert ben.post(f"/api/tables/{tid}/join", {"seat": 2})["seat"] == 2
    assert cy.post(f"/api/tables/{tid}/join", {"seat": 1})["seat"] == 1
    ana.post(f"/api/tables/{tid}/start", {})
    wc, we = cy.ws(tid), eve.ws(tid)
    mine = recv_state(wc)
    assert mine["view"]["phase"] == "pilot" and mine["me"]["seat"] == 1
    watching = recv_state(we, min_version=mine["version"])
    got = states_until(old, lambda st: st["view"] is not None and st["version"] >= mine["version"])
    for st in got:
        assert st["me"]["seat"] is None, f"Ben's old socket was sent seat {st['me']['seat']}'s view"
    assert got[-1]["view"] == watching["view"], "the old socket sees exactly what a spectator sees"
    assert got[-1]["view"] != mine["view"], "(Cy's own view holds her private offer)"
    key = mine["view"]["pending"]["options"][0]["key"] if mine["view"]["pending"].get("options") else "x"
    old.send(json.dumps({"type": "act", "key": key, "seq": mine["seq"]}))
    assert "watching" in recv_type(old, "error")["error"]
    for ws in (old, wc, we):
        ws.close()


def test_a_socket_whose_seat_went_to_a_bot_gets_no_private_view(server: ServerProc) -> None:
    """Ben leaves a running game and Ana hands his seat to a bot: his still-open socket must
    not go on receiving the bot's decisions and offers."""
    ana, ben = Person(server.url, "Ana"), Person(server.url, "Ben")
    tid = ana.create(["open"], pilot="normal")
    ben.post(f"/api/tables/{tid}/join")
    ana.post(f"/api/tables/{tid}/start", {})
    wa, wb = ana.ws(tid), ben.ws(tid)
    assert recv_state(wb)["me"]["seat"] == 1
    ben.post(f"/api/tables/{tid}/leave")
    st = states_until(wa, lambda m: 1 in m["table"]["replaceable"])[-1]
    wa.send(json.dumps({"type": "vote", "target": 1, "id": 1}))
    assert recv_type(wa, "ack")["result"] == "replaced"
    wa.send(json.dumps({"type": "sync"}))  # (states sent before the ack were skipped: have the current one again)
    after = states_until(wb, lambda m: m["table"]["seats"][1]["kind"] == "bot")[-1:]
    # the bot (seat 2) now plays; Ana too, until the bot has made a few moves and Ben's socket has been
    # shown at least one of its decisions (a socket gets the newest state when it can take one, so a
    # decision the bot answers at once may be skipped: play on until one was shown)
    target, cur, deadline = st["seq"] + 6, st, time.time() + 60

    def bot_shown() -> bool:
        return any(m["view"]["pending"] and m["view"]["pending"]["player"] == 1 for m in after)

    while cur["seq"] < target or not bot_shown():
        assert cur["view"]["phase"] != "over" and time.time() < deadline, "(the socket was shown none of the bot's decisions)"
        cur = recv_state(wa)
        pend = cur["view"]["pending"]
        if pend and pend["player"] == 0 and pend.get("options"):
            wa.send(json.dumps({"type": "act", "key": pend["options"][0]["key"], "seq": cur["seq"]}))
        if after[-1]["seq"] < cur["seq"]:
            after += states_until(wb, lambda m, seq=cur["seq"]: m["seq"] >= seq)
    for m in after:
        assert m["me"]["seat"] is None, "the socket of a seat handed to a bot still speaks for it"
        assert m["view"]["viewer"] is None, f"the socket was sent seat {m['view']['viewer']}'s view"
        pend = m["view"]["pending"]
        assert not (pend and "options" in pend), "the socket received the bot's decision options"
    wb.send(json.dumps({"type": "act", "key": "x", "seq": after[-1]["seq"]}))
    assert "watching" in recv_type(wb, "error")["error"]
    wa.close()
    wb.close()


# ---------------------------------------------------------------------- 9. malformed JSON


BAD_BODIES = {
    "deep array": (b"[" * 1100 + b"]" * 1100, "nested"),
    "deep object": (b'{"a":' * 1100 + b"1" + b"}" * 1100, "nested"),
    "huge integer": (b'{"name": "Zed", "seat": ' + b"9" * 4301 + b"}", "digits"),
    "unpaired surrogate": (b'{"name": "Z\\ud800ed", "kind": "\\udfff"}', "surrogate"),
    "NaN": (b'{"name": "Zed", "confirm_delay": NaN}', "NaN"),
    "not UTF-8": (b'{"name": "Z\xffed"}', "UTF-8"),
    "not JSON": (b'{"name": ', "not valid JSON"),
}


def test_malformed_bodies_get_a_400_that_names_the_problem(server: ServerProc) -> None:
    ana = Person(server.url, "Ana")
    tid = ana.create(["open"], pilot="simplified")
    before = (ana.get("/api/me")["user"], ana.get("/api/lobby"), ana.get(f"/api/tables/{tid}"))
    fresh = httpx.Client(base_url=server.url, timeout=15.0)  # no user cookie: /api/me would sign up
    paths = ["/api/me", "/api/tables", "/api/records", f"/api/tables/{tid}/join", f"/api/tables/{tid}/seat",
             f"/api/tables/{tid}/leave", f"/api/tables/{tid}/start", "/api/me/prefs", f"/api/tables/{tid}/rejoin"]
    for path in paths:
        for what, (raw, words) in BAD_BODIES.items():
            for client in (ana.http, fresh):
                r = client.post(path, content=raw, headers=JSON)
                if client is fresh and r.status_code == 401:
                    continue  # refused before the body is read: fine too
                assert r.status_code == 400, f"{path} with a {what}: {r.status_code} {r.text[:200]}"
                assert words in r.json()["error"], f"{path} with a {what}: {r.json()['error']!r}"
    # a record's seed must fit the stored column; its player names must be text
    record = {"format_version": 1, "game": "networks", "seed": 2**64, "players": ["A", "B"], "actions": []}
    for seed in (2**64, 2**63, -(2**63) - 1):
        r = ana.http.post("/api/records", content=json.dumps({**record, "seed": seed}), headers=JSON)
        assert r.status_code == 400 and "seed" in r.json()["error"], r.text
    r = ana.http.post("/api/records", content=json.dumps({**record, "seed": 1, "players": ["A", 7]}), headers=JSON)
    assert r.status_code == 400 and "name" in r.json()["error"], r.text
    # nothing was stored or changed
    assert (ana.get("/api/me")["user"], ana.get("/api/lobby"), ana.get(f"/api/tables/{tid}")) == before
    assert fresh.get("/api/me").json()["user"] is None
    fresh.close()
    # query parameters too: a number too long to read is a 400 naming the parameter
    r = ana.http.post("/api/records", content=json.dumps({**record, "seed": 1}), headers=JSON)
    assert r.status_code == 200, r.text
    r = ana.http.get(f"/api/tables/{r.json()['id']}/replay?step={'9' * 5000}")
    assert r.status_code == 400 and "step" in r.json()["error"], r.text
    log = server.log_path.read_text()
    assert "Traceback" not in log and "Internal Server Error" not in log, log[-3000:]


def test_malformed_websocket_messages_get_an_error_and_keep_the_socket(server: ServerProc) -> None:
    ana = Person(server.url, "Ana")
    tid = ana.create(["bot:random"], pilot="simplified")
    ws = ana.ws(tid)
    recv_state(ws)
    messages = {
        "deep array": ("[" * 1200 + "]" * 1200, "nested"),
        "deep object": ('{"a":' * 600 + "1" + "}" * 600, "nested"),
        "unpaired surrogate in the id": ('{"type": "ping", "id": "\\ud800"}', "surrogate"),
        "unpaired surrogate in a key": ('{"type": "act", "key": "a", "seq": 0, "\\udc00": 1}', "surrogate"),
        "huge integer": ('{"type": "act", "key": "a", "seq": ' + "9" * 2000 + "}", "digits"),
        "Infinity": ('{"type": "act", "key": "a", "seq": Infinity}', "Infinity"),
    }
    for what, (text, words) in messages.items():
        ws.send(text)
        err = recv_type(ws, "error")
        assert words in err["error"], f"{what}: {err['error']!r}"
        assert ping_works(ws), f"the socket stopped answering after a {what}"
    ws.close()
    log = server.log_path.read_text()
    assert "Traceback" not in log, log[-3000:]


# ---------------------------------------------------------------------- 10. limits and names


def test_anonymous_writes_are_rate_limited_per_client(tmp_path: Path) -> None:
    env = {"PRIMETIME_RATE_TABLES": "3/3600", "PRIMETIME_RATE_USERS": "3/3600", "PRIMETIME_RATE_IMPORTS": "2/3600"}
    s = ServerProc(tmp_path / "data", env=env).start()
    try:
        people = [Person(s.url, n) for n in ("Ana", "Ben", "Cy")]
        late = httpx.Client(base_url=s.url, timeout=15.0)
        r = late.post("/api/me", json={"name": "Dee"})
        assert r.status_code == 429 and "too many new players" in r.json()["error"] and int(r.headers["retry-after"]) > 0
        assert "try again in" in r.json()["error"]
        assert late.get("/api/me").json()["user"] is None, "a refused sign-up stores nothing"
        assert people[0].post("/api/me", {"name": "Ana B"})["name"] == "Ana B"  # renaming is not signing up
        ana = people[0]
        for _ in range(3):
            ana.create([])
        r = ana.http.post("/api/tables", json={"seats": []})
        assert r.status_code == 429 and "too many new tables" in r.json()["error"], r.text
        assert len(ana.get("/api/lobby")["open"]) == 3
        record = {"format_version": 1, "game": "networks", "seed": 5, "players": ["A", "B"], "actions": []}
        for _ in range(2):
            assert ana.http.post("/api/records", content=json.dumps(record), headers=JSON).status_code == 200
        r = ana.http.post("/api/records", content=json.dumps(record), headers=JSON)
        assert r.status_code == 429 and "too many record imports" in r.json()["error"], r.text
        late.close()
    finally:
        s.stop()


def test_names_are_cleaned_on_every_path(server: ServerProc) -> None:
    ana = Person(server.url, "Ana")
    tricky = "a\u202eb\x00c\nd\u2066"
    assert ana.post("/api/me", {"name": tricky})["name"] == "abcd"
    r = ana.http.post("/api/me", json={"name": "Bot 2 (greedy)"})
    assert r.status_code == 400 and "bot" in r.json()["error"], r.text
    assert ana.http.post("/api/me", json={"name": "\u202e\u200b"}).status_code == 400  # nothing visible left
    assert ana.get("/api/me")["user"]["name"] == "abcd"
    ana.post("/api/me", {"name": "Ana"})
    r = ana.http.post("/api/tables", json={"seats": ["open"], "name": "Fun\u202e table\x07"})
    tid = r.json()["id"]
    assert ana.get(f"/api/tables/{tid}")["name"] == "Fun table"
    # a second "Ana" (in any case) may not sit at Ana's table
    twin = Person(server.url, "ANA")
    r = twin.http.post(f"/api/tables/{tid}/join", json={})
    assert r.status_code == 409 and "already sits" in r.json()["error"], r.text
    assert ana.get(f"/api/tables/{tid}")["seats"][1]["kind"] == "open"
    twin.post("/api/me", {"name": "Anabel"})
    assert twin.post(f"/api/tables/{tid}/join")["seat"] == 1
    # imported records: names cleaned and cut, as stored and as replayed
    record = {"format_version": 1, "game": "networks", "seed": 5, "players": [tricky, "B" * 100], "actions": []}
    r = ana.http.post("/api/records", content=json.dumps(record), headers=JSON)
    assert r.status_code == 200, r.text
    new = r.json()["id"]
    assert ana.get(f"/api/tables/{new}/replay")["players"] == ["abcd", "B" * 24]
    info = ana.get(f"/api/tables/{new}")
    assert [s["name"] for s in info["seats"]] == ["abcd", "B" * 24]
    assert all(ch.isprintable() for ch in info["name"])


def test_steps_behind_the_screen_are_not_counted_for_others(server: ServerProc) -> None:
    """Simultaneous Scheduling: while Ana builds her TV Guide behind the screen, Ben and a
    spectator are not told how many steps she takes: their sequence and version numbers move
    by one when she submits, whatever she did before."""
    ana, ben, eve = Person(server.url, "Ana"), Person(server.url, "Ben"), Person(server.url, "Eve")
    r = ana.http.post("/api/tables", json={"game": "prime-time", "seats": ["open"], "options": {"simultaneous": True}})
    assert r.status_code == 200, r.text
    tid = r.json()["id"]
    ben.post(f"/api/tables/{tid}/join")
    ana.post(f"/api/tables/{tid}/start", {})
    socks = {0: ana.ws(tid), 1: ben.ws(tid), None: eve.ws(tid)}
    last: dict[int | None, dict[str, Any]] = {s: recv_state(w) for s, w in socks.items()}

    def until(who: int | None, cond: Any) -> list[dict[str, Any]]:
        """The states ``who`` is sent up to the first for which ``cond`` holds (the last one read, if it does)."""
        if cond(last[who]):
            return [last[who]]
        got = states_until(socks[who], cond)
        last[who] = got[-1]
        return got

    def first(pend: dict[str, Any]) -> int:
        """The first player still to answer (the schedules are built at once: each seat is offered its own)."""
        return int((pend.get("players") or [pend["player"]])[0])

    def deciding(seat: int) -> Any:
        return lambda m: bool(m["view"]["pending"] and m["view"]["pending"]["player"] == seat
                              and first(m["view"]["pending"]) == seat and "options" in m["view"]["pending"])

    cur = last[0]["view"]["pending"]["player"]
    checked = 0
    deadline = time.time() + 180
    while checked < 2:
        assert time.time() < deadline, f"only {checked} schedules behind the screen with steps to take"
        st = until(cur, deciding(cur))[-1]
        assert st["view"]["phase"] != "over", f"the game ended after {checked} schedules behind the screen"
        pend = st["view"]["pending"]
        keys = [o["key"] for o in pend["options"]]
        steps = [k for k in keys if k != "done"]
        if cur == 0 and pend["kind"] == "sched" and st["view"]["schedule"]["secret"] and steps:
            rnd = st["view"]["round"]

            def at_start(m: dict[str, Any], rnd: int = rnd) -> bool:
                q = m["view"]["pending"]
                return bool(m["view"]["round"] == rnd and q and first(q) == 0 and q["kind"] == "sched")

            def submitted(m: dict[str, Any], rnd: int = rnd) -> bool:
                sch = m["view"]["schedule"]
                return m["view"]["round"] != rnd or sch is None or 0 not in sch["waiting"]

            start = {who: until(who, at_start)[-1] for who in (1, None)}  # what Ben and Eve were last shown

            def times() -> tuple[Any, ...]:
                info = eve.get(f"/api/tables/{tid}")
                listed = next(t for t in eve.get("/api/lobby")["live"] if t["id"] == tid)
                return info["updated"], info["acted"], listed["updated"]

            times_before = times()
            taken = 0
            while steps and taken < 3:  # a few steps behind the screen, each acknowledged
                socks[0].send(json.dumps({"type": "act", "key": steps[0], "seq": st["seq"], "id": taken}))
                ack, new = ack_and_state(socks[0], st["version"] + 1)
                assert ack["seq"] == st["seq"] + 1 == new["seq"], "Ana's own step numbers count every step she takes"
                st = last[0] = new
                steps = [o["key"] for o in st["view"]["pending"]["options"] if o["key"] != "done"]
                taken += 1
            assert times() == times_before, "the table's times told of the steps behind the screen"
            socks[0].send(json.dumps({"type": "act", "key": "done", "seq": st["seq"]}))
            for who in (1, None):
                seen = states_until(socks[who], submitted)
                last[who] = seen[-1]
                s0 = start[who]
                assert [(m["seq"], m["version"]) for m in seen] == [(s0["seq"] + 1, s0["version"] + 1)], (
                    f"seat {who} was told of Ana's {taken} steps behind the screen: "
                    f"{[(m['seq'], m['version']) for m in seen]} after {(s0['seq'], s0['version'])}")
            last[0] = recv_state(socks[0], min_version=st["version"] + 1)
            checked += 1
        else:
            key = next((k for k in keys if k in ("done", "pass", "none")), keys[0])
            socks[cur].send(json.dumps({"type": "act", "key": key, "seq": st["seq"]}))
            last[cur] = recv_state(socks[cur], min_version=st["version"] + 1)
        cur = first(last[cur]["view"]["pending"]) if last[cur]["view"]["pending"] else cur
    for ws in socks.values():
        ws.close()
