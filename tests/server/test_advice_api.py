"""Issue 35 at the server: hints on request at a table with hints on (for the asking seat only, while it has a
decision; a table with hints is never rated), and the review of a finished game (off the event loop, with
progress, one running review per user)."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import httpx

from primetime.server.advice_api import STALE, claim_review, release_review
from primetime.server.ratings_store import rated_seats
from primetime.server.store import SeatRow, TableRow, open_store

from .helpers import Person, ServerProc, decode, recv_state

STORED = Path(__file__).resolve().parents[1] / "cli" / "records" / "networks-4p-greedy.json"


def recv_type(ws: Any, kind: str, timeout: float = 15.0) -> dict[str, Any]:
    end = time.time() + timeout
    while True:
        msg = decode(ws, ws.recv(timeout=max(0.01, end - time.time())))
        if msg.get("type") == kind or (kind != "error" and msg.get("type") == "error" and msg.get("kind") == "HintRefused"):
            return msg


def ask(ws: Any) -> dict[str, Any]:
    ws.send(json.dumps({"type": "hint", "id": 5}))
    return recv_type(ws, "hint")


def test_issue_35_hint_for_the_seat_to_move_only_at_a_table_with_hints(server: ServerProc) -> None:
    ana, ben, eve = Person(server.url, "Ana"), Person(server.url, "Ben"), Person(server.url, "Eve")
    tid = str(ana.post("/api/tables", {"seats": ["open"], "options": {"pilot": "simplified"}, "hints": True})["id"])
    assert ben.get(f"/api/tables/{tid}")["hints"] is True  # a joining player sees it before taking the seat
    ben.post(f"/api/tables/{tid}/join")
    ana.post(f"/api/tables/{tid}/start", {})
    wa, wb, we = ana.ws(tid), ben.ws(tid), eve.ws(tid)
    sa, sb = recv_state(wa), recv_state(wb)
    recv_state(we)
    assert sa["table"]["hints"] is True
    pend = sa["view"]["pending"]
    cur = pend["player"]
    mine, other = (wa, wb) if cur == 0 else (wb, wa)
    offered = {o["key"]: o["label"] for o in (sa if cur == 0 else sb)["view"]["pending"]["options"]}
    got = ask(mine)
    assert got["type"] == "hint" and got["id"] == 5, got
    h = got["hint"]
    assert h["seat"] == cur and h["unit"] == "viewers" and 1 <= len(h["choices"]) <= 3
    for c in h["choices"]:
        assert offered[c["key"]] == c["label"] and isinstance(c["gain"], float) and c["reason"]
    assert [c["value"] for c in h["choices"]] == sorted((c["value"] for c in h["choices"]), reverse=True)
    if len(sa["view"]["pending"].get("players") or [cur]) == 1:  # not a simultaneous decision: the other waits
        refused = ask(other)
        assert refused["kind"] == "HintRefused" and "your turn" in refused["error"]
    watching = ask(we)
    assert watching["kind"] == "HintRefused" and "watching" in watching["error"]
    # the hint went to the asking socket alone: nothing but their own answers reached the others
    for ws in (other, we):
        ws.send(json.dumps({"type": "ping"}))
        seen = []
        while not seen or seen[-1] != "pong":
            seen.append(decode(ws, ws.recv(timeout=10))["type"])
        assert "hint" not in seen
    for ws in (wa, wb, we):
        ws.close()


def test_issue_35_no_hints_at_a_table_without_them(server: ServerProc) -> None:
    ana = Person(server.url, "Ana")
    tid = ana.create(["bot:random"], pilot="simplified")
    assert ana.get(f"/api/tables/{tid}")["hints"] is False
    assert ana.http.post("/api/tables", json={"seats": [], "hints": "yes"}).status_code == 400
    ana.post(f"/api/tables/{tid}/start", {})
    wa = ana.ws(tid)
    recv_state(wa)
    refused = ask(wa)
    assert refused["kind"] == "HintRefused" and "hints are off" in refused["error"] and "never rated" in refused["error"]
    wa.close()


def test_issue_35_a_table_with_hints_is_never_rated() -> None:
    """rated_seats: the same finished table of two accounts is rated without hints and not with them."""

    class Tx:
        def all(self, sql: str, params: Any) -> list[tuple[str]]:
            return [(u,) for u in params]

    def table(hints: bool) -> TableRow:
        return TableRow("t1", "T", "networks", "u1", "finished", {}, 1, 2, ["A", "B"], 9, 0, 9, {"players": []}, False, 0.0,
                        0.0, seats=[SeatRow(0, "human", "u1", "A"), SeatRow(1, "human", "u2", "B")], hints=hints)

    assert rated_seats(Tx(), table(False)) == ["u1", "u2"]  # type: ignore[arg-type]
    assert rated_seats(Tx(), table(True)) is None  # type: ignore[arg-type]


def events(resp: httpx.Response) -> list[dict[str, Any]]:
    return [json.loads(line[6:]) for line in resp.iter_lines() if line.startswith("data: ")]


def test_issue_35_review_of_a_finished_game_with_progress_and_one_per_user(server: ServerProc) -> None:
    ana, ben = Person(server.url, "Ana"), Person(server.url, "Ben")
    tid = ana.http.post("/api/records", content=STORED.read_bytes(), headers={"content-type": "application/json"}).json()["id"]
    assert httpx.post(f"{server.url}/api/tables/{tid}/review", json={"seat": 1}).status_code == 401  # nobody
    assert ana.http.post(f"/api/tables/{tid}/review", json={"seat": 9}).status_code == 400
    with ana.http.stream("POST", f"/api/tables/{tid}/review", json={"seat": 1}) as resp:
        assert resp.status_code == 200 and resp.headers["content-type"].startswith("text/event-stream")
        lines = resp.iter_lines()
        first = json.loads(next(line for line in lines if line.startswith("data: "))[6:])
        assert first == {"progress": 0, "total": len(json.loads(STORED.read_text())["actions"])}
        # one running review per user: Ana's second waits; Ben's own runs
        busy = ana.http.post(f"/api/tables/{tid}/review", json={"seat": 2})
        assert busy.status_code == 429 and "running already" in busy.json()["error"]
        with ben.http.stream("POST", f"/api/tables/{tid}/review", json={"seat": 2}) as other:
            assert other.status_code == 200 and "review" in events(other)[-1]
        rest = [json.loads(line[6:]) for line in lines if line.startswith("data: ")]
    progress = [e["progress"] for e in rest if "progress" in e]
    assert progress == sorted(progress) and progress[-1] == first["total"] and len(progress) >= 10
    review = rest[-1]["review"]
    assert review["seat"] == 1 and review["player"] == "Greedy Bot 2" and review["shows_every_card"] is True
    losses = [d["loss"] for d in review["decisions"]]
    assert losses == sorted(losses, reverse=True) and len(review["mistakes"]) <= 3
    # the slot is free again once the review is over (released just after its last event)
    end = time.time() + 10
    while True:
        with ana.http.stream("POST", f"/api/tables/{tid}/review", json={"seat": 0}) as again:
            if again.status_code == 200:
                assert "review" in events(again)[-1]
                break
        assert time.time() < end, "the review slot was never given back"


def test_issue_35_no_review_before_the_end(server: ServerProc) -> None:
    ana = Person(server.url, "Ana")
    tid = ana.create(["bot:random"], pilot="simplified")
    ana.post(f"/api/tables/{tid}/start", {})
    r = ana.http.post(f"/api/tables/{tid}/review", json={"seat": 0})
    assert r.status_code == 403 and "once the game is over" in r.json()["error"]


def test_issue_35_the_hints_option_and_the_review_slots_are_stored(store_url: str) -> None:
    """Both stores: a table keeps its hints option; one running review per user, a crashed run's slot freed."""
    store = open_store(store_url)
    for tid, hints in (("hint1", True), ("nohint", False)):
        store.create_table(TableRow(tid, "t", "networks", "u1", "open", {"pilot": "simplified"}, 5, 1, None, 1, 0, 0, None,
                                    False, 1.0, 1.0, seats=[SeatRow(0, "human", "u1", "Ana")], hints=hints), None)
        got = store.load(tid)
        assert got is not None and got[0].hints is hints
    assert claim_review(store, "u1", "hint1") is True
    assert claim_review(store, "u1", "nohint") is False  # one at a time
    assert claim_review(store, "u2", "hint1") is True  # another user's own
    release_review(store, "u1")
    assert claim_review(store, "u1", "nohint") is True
    store.write(lambda tx: tx.execute("UPDATE running_reviews SET started = ? WHERE user_id = ?", (time.time() - STALE - 1, "u2")))
    assert claim_review(store, "u2", "nohint") is True  # the slot of a run that never ended is taken back
