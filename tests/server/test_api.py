"""The HTTP API and the WebSocket protocol of a running server: lobby flows and the
rule that nothing from a browser is trusted."""

from __future__ import annotations

import json
import re
import time
from typing import Any

import httpx

from .helpers import Person, ServerProc, decode, recv_state


def recv_type(ws: Any, kind: str, timeout: float = 10.0) -> dict[str, Any]:
    end = time.time() + timeout
    while True:
        msg = decode(ws, ws.recv(timeout=max(0.01, end - time.time())))
        if msg.get("type") == kind:
            return msg


def my_turn(ws: Any, seat: int, timeout: float = 30.0) -> dict[str, Any]:
    end = time.time() + timeout
    while True:
        st = recv_state(ws, timeout=max(0.01, end - time.time()))
        p = st["view"] and st["view"]["pending"]
        if p and p["player"] == seat and "options" in p:
            return st


def test_pages_and_security_headers(server: ServerProc) -> None:
    for path in ("/", "/t/abcdef", "/replay/abcdef", "/static/app.css", "/static/table.js"):
        r = httpx.get(server.url + path)
        assert r.status_code == 200, path
        assert "default-src 'self'" in r.headers["content-security-policy"]
        assert r.headers["x-content-type-options"] == "nosniff"
    cat = httpx.get(server.url + "/api/catalogue").json()
    assert "STAR-01" in cat["cards"] and cat["cards"]["STAR-01"]["words"]
    assert "path" not in json.dumps(cat)[:2000] or "/work" not in json.dumps(cat)
    telly = httpx.get(server.url + "/api/catalogue?set=telly_time").json()  # NET-OPT-03: the Telly Time cards
    assert "TELLY-A01" in telly["cards"] and "STAR-01" in telly["cards"] and len(telly["grid"]["lines"]) == 8
    assert httpx.get(server.url + "/api/catalogue?set=mine").status_code == 404


def test_name_table_join_start_flow(server: ServerProc) -> None:
    ana, ben, eve = Person(server.url, "Ana"), Person(server.url, "Ben"), Person(server.url)
    assert ana.get("/api/me")["user"]["name"] == "Ana"
    assert eve.get("/api/me")["user"] is None
    # without a name nothing can be created
    assert eve.http.post("/api/tables", json={"seats": []}).status_code == 401
    # forms cannot post (JSON only)
    assert ana.http.post("/api/tables", content=b"seats=", headers={"content-type": "application/x-www-form-urlencoded"}).status_code == 415
    assert ana.http.post("/api/tables", json={"seats": ["open"] * 5}).status_code == 400
    assert ana.http.post("/api/tables", json={"seats": ["bot:nobody"]}).status_code == 409
    assert ana.http.post("/api/tables", json={"seats": [], "options": {"turn_order": "low_to_high"}}).status_code == 409
    assert ana.http.post("/api/me", json={"name": "   "}).status_code == 400
    assert ana.http.post("/api/me", json={"name": "x" * 100}).status_code == 400

    tid = ana.create(["open", "bot:random"], pilot="simplified", turn_order="low_to_high")
    info = ben.get(f"/api/tables/{tid}")
    assert info["status"] == "open" and info["you"]["seat"] is None
    assert ben.http.post(f"/api/tables/{tid}/start", json={}).status_code == 409  # not the host
    assert ben.post(f"/api/tables/{tid}/join")["seat"] == 1
    assert ben.http.post(f"/api/tables/{tid}/join", json={}).status_code == 409  # already seated
    lobby = ben.get("/api/lobby")
    assert tid in [t["id"] for t in lobby["mine"]]
    # leaving before the start frees the seat; joining again takes it back
    ben.post(f"/api/tables/{tid}/leave")
    assert ben.get(f"/api/tables/{tid}")["seats"][1]["kind"] == "open"
    ben.post(f"/api/tables/{tid}/join")
    ana.post(f"/api/tables/{tid}/start", {})
    info = eve.get(f"/api/tables/{tid}")
    assert info["status"] == "running" and "seed" not in json.dumps(info)
    assert eve.http.post("/api/me", json={"name": "Eve"}).status_code == 200
    assert eve.http.post(f"/api/tables/{tid}/join", json={}).status_code == 409  # started
    # the record (seed + actions) would reveal the decks: not while the game runs
    assert eve.http.get(f"/api/tables/{tid}/record").status_code == 403
    assert eve.http.get(f"/api/tables/{tid}/replay?step=1").status_code == 403
    assert eve.http.get("/api/tables/../../etc").status_code == 404


def test_websocket_refuses_bad_messages_and_changes_nothing(server: ServerProc) -> None:
    ana, ben, eve = Person(server.url, "Ana"), Person(server.url, "Ben"), Person(server.url, "Eve")
    tid = ana.create(["open"], pilot="simplified")
    ben.post(f"/api/tables/{tid}/join")
    ana.post(f"/api/tables/{tid}/start", {})
    wa, wb, we = ana.ws(tid), ben.ws(tid), eve.ws(tid)
    sa = recv_state(wa)
    sb = recv_state(wb)
    se = recv_state(we)
    assert sa["me"]["seat"] == 0 and sb["me"]["seat"] == 1 and se["me"]["seat"] is None
    cur = sa["view"]["pending"]["player"]
    mine, other = (wa, wb) if cur == 0 else (wb, wa)
    st = sa if cur == 0 else sb
    opts = st["view"]["pending"]["options"]
    key, seq, version = opts[0]["key"], st["seq"], st["version"]

    def error_for(ws: Any, payload: Any) -> dict[str, Any]:
        ws.send(payload if isinstance(payload, str) else json.dumps(payload))
        return recv_type(ws, "error")

    assert "too large" in error_for(mine, json.dumps({"type": "act", "key": key, "seq": seq, "pad": "x" * 5000}))["error"]
    assert "not valid JSON" in error_for(mine, "{nope")["error"]
    assert "JSON object" in error_for(mine, "[1,2]")["error"]
    assert "unknown message type" in error_for(mine, {"type": "hack"})["error"]
    assert "seq" in error_for(mine, {"type": "act", "key": key})["error"]
    assert error_for(mine, {"type": "act", "key": key, "seq": seq + 3})["kind"] == "StaleStateError"
    assert error_for(mine, {"type": "act", "key": "<script>", "seq": seq})["error"].startswith("key must")
    assert error_for(mine, {"type": "act", "key": "nonsense:9", "seq": seq})["kind"] == "IllegalOptionError"
    assert "own seat" in error_for(mine, {"type": "act", "key": key, "seq": seq, "seat": 1 - cur})["error"]
    assert error_for(other, {"type": "act", "key": key, "seq": seq})["kind"] == "NotYourDecisionError"
    assert "watching" in error_for(we, {"type": "act", "key": key, "seq": seq})["error"]
    mine.send(b"\x00\x01")
    assert "JSON text" in recv_type(mine, "error")["error"]
    # nothing changed: a fresh connection sees the same version
    w2 = eve.ws(tid)
    assert recv_state(w2)["version"] == version
    # a legal action is acknowledged and every connection gets the new version
    mine.send(json.dumps({"type": "act", "key": key, "seq": seq, "id": 7}))
    ack = recv_type(mine, "ack")
    assert ack["id"] == 7 and ack["seq"] == seq + 1
    for ws in (wa, wb, we, w2):
        assert recv_state(ws, min_version=version + 1)["seq"] == seq + 1
    for ws in (wa, wb, we, w2):
        ws.close()


def test_reconnect_gets_current_state(server: ServerProc) -> None:
    ana = Person(server.url, "Ana")
    tid = ana.create(["bot:random"], pilot="simplified")
    ana.post(f"/api/tables/{tid}/start", {})
    ws = ana.ws(tid)
    st = my_turn(ws, 0)
    ws.send(json.dumps({"type": "act", "key": st["view"]["pending"]["options"][0]["key"], "seq": st["seq"]}))
    after = recv_state(ws, min_version=st["version"] + 1)
    ws.close()
    time.sleep(0.3)
    ws2 = ana.ws(tid)
    now = recv_state(ws2)
    assert now["version"] >= after["version"] and now["seq"] >= after["seq"]
    ws2.close()


def test_undo_over_websocket(server: ServerProc) -> None:
    ana = Person(server.url, "Ana")
    tid = ana.create(["bot:random"], pilot="simplified")
    ana.post(f"/api/tables/{tid}/start", {})
    ws = ana.ws(tid)
    # find a step that can be undone: start producing a show (no cards drawn yet)
    for _ in range(200):
        st = my_turn(ws, 0)
        if st["me"]["can_undo"]:
            break
        opts = st["view"]["pending"]["options"]
        pick = next((o for o in opts if o["key"].startswith("show:")), None) or next(
            (o for o in opts if o["key"].startswith(("att:", "attach:"))), None) or opts[0]
        ws.send(json.dumps({"type": "act", "key": pick["key"], "seq": st["seq"]}))
    else:
        raise AssertionError("never offered an undo")
    seq = st["seq"]
    ws.send(json.dumps({"type": "undo", "seq": seq + 1}))
    assert recv_type(ws, "error")["kind"] == "StaleStateError"
    ws.send(json.dumps({"type": "undo", "seq": seq}))
    assert recv_type(ws, "ack")["seq"] == seq - 1
    back = recv_state(ws, min_version=st["version"] + 1)
    assert back["seq"] == seq - 1
    ws.close()


def test_finished_game_record_replay_and_import(server: ServerProc) -> None:
    ana = Person(server.url, "Ana")
    tid = ana.create(["bot:random", "bot:greedy"], pilot="simplified")
    ana.post(f"/api/tables/{tid}/start", {})
    ws = ana.ws(tid)
    while True:
        st = recv_state(ws)
        v = st["view"]
        if v["phase"] == "over":
            break
        p = v["pending"]
        if p and p["player"] == 0 and "options" in p:
            keys = [o["key"] for o in p["options"]]
            key = next((k for k in keys if k.startswith("pass")), keys[0])
            ws.send(json.dumps({"type": "act", "key": key, "seq": st["seq"]}))
    ws.close()
    rec = ana.http.get(f"/api/tables/{tid}/record")
    assert rec.status_code == 200 and "attachment" in rec.headers["content-disposition"]
    record = rec.json()
    assert record["actions"] and record["players"][0] == "Ana"
    rp = ana.get(f"/api/tables/{tid}/replay?step=3&seat=0")
    assert rp["step"] == 3 and rp["total"] == len(record["actions"]) and rp["last"]["label"]
    end = ana.get(f"/api/tables/{tid}/replay?step=100000")
    assert end["view"]["final"] == v["final"]
    # import it back
    r = ana.http.post("/api/records", content=json.dumps(record), headers={"content-type": "application/json"})
    assert r.status_code == 200, r.text
    new = r.json()["id"]
    assert ana.get(f"/api/tables/{new}/replay?step=100000")["view"]["final"] == v["final"]
    bad = dict(record, actions=record["actions"][:5] + ["nonsense"])
    r = ana.http.post("/api/records", content=json.dumps(bad), headers={"content-type": "application/json"})
    assert r.status_code == 400 and "action 5" in r.json()["error"]
    r = ana.http.post("/api/records", content=b"{", headers={"content-type": "application/json"})
    assert r.status_code == 400
    # a record cannot make the server read card files from a path of its choosing
    sneaky = dict(record, options={**record["options"], "card_set": "/etc"})
    r = ana.http.post("/api/records", content=json.dumps(sneaky), headers={"content-type": "application/json"})
    assert r.status_code == 400 and "standard cards" in r.json()["error"]


def test_cross_origin_websocket_refused(server: ServerProc) -> None:
    from websockets.exceptions import InvalidStatus

    ana = Person(server.url, "Ana")
    tid = ana.create([], pilot="simplified")
    try:
        ana.ws(tid, origin="http://evil.example")
        raise AssertionError("a cross-site page must not get a connection")
    except InvalidStatus as exc:
        assert exc.response.status_code == 403
    # the same origin is fine
    ws = ana.ws(tid, origin=server.url)
    assert recv_state(ws)["me"]["seat"] == 0
    ws.close()


def test_static_files_are_compressed_and_cached_by_version(server: ServerProc) -> None:
    """Pages name their scripts and styles with a content hash (``?v=``): those are cached for a year,
    anything else is revalidated; text is sent gzip-compressed to a browser that accepts it."""
    page = httpx.get(server.url + "/t/abcdef").text
    refs = re.findall(r'(?:src|href)="(/static/[^"]+)"', page)
    assert refs and all(re.search(r"\?v=[0-9a-f]{12}$", r) for r in refs), refs
    for ref in refs:
        r = httpx.get(server.url + ref, headers={"accept-encoding": "gzip"})
        assert r.status_code == 200 and r.headers["cache-control"] == "public, max-age=31536000, immutable", ref
        if len(r.content) > 1024:
            assert r.headers.get("content-encoding") == "gzip", ref
    plain = httpx.get(server.url + "/static/table.js")
    assert plain.headers["cache-control"] == "no-cache" and plain.headers.get("etag")
    assert httpx.get(server.url + "/api/catalogue", headers={"accept-encoding": "gzip"}).headers["content-encoding"] == "gzip"
