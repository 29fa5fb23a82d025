"""Time control: real-time clocks and days per move, the timeout policies (a bot takes the
seat, or the game ends for that player: ranked last), a player taking their seat back
from the bot, clocks that survive a restart and several processes on PostgreSQL."""

from __future__ import annotations

import json
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from primetime.server import clocks

from .helpers import Person, ServerProc, recv_state, two_servers


# ---------------------------------------------------------------------- the clock itself
def seats(*kinds: str) -> Any:
    return SimpleNamespace(status="running", seats=[SimpleNamespace(kind=k) for k in kinds])


class FakeGame:
    """What the clocks ask of a game: whether it is over and who may answer now (``pending_players``:
    several during a simultaneous decision)."""

    def __init__(self, cur: int | None, several: list[int] | None = None) -> None:
        self.cur = cur
        self.several = several

    def is_over(self) -> bool:
        return self.cur is None

    def current_player(self) -> int | None:
        return self.cur

    def pending_players(self) -> list[int]:
        if self.several is not None:
            return list(self.several)
        return [] if self.cur is None else [self.cur]


def test_time_control_is_checked_at_creation() -> None:
    assert clocks.parse(None) is None and clocks.parse({"mode": "none"}) is None
    rt = clocks.parse({"mode": "realtime", "minutes": 5, "increment": 3, "policy": "end"})
    assert rt is not None and (rt["initial"], rt["increment"], rt["policy"]) == (300.0, 3.0, "end")
    turn = clocks.parse({"mode": "turn", "days": 2})
    assert turn is not None and turn["per_move"] == 2 * 86400 and turn["policy"] == "bot"
    for bad in ({"mode": "blitz"}, {"mode": "realtime", "minutes": 0}, {"mode": "realtime", "minutes": "5"},
                {"mode": "turn", "days": 99}, {"mode": "realtime", "minutes": 1, "policy": "resign"}, "fast"):
        with pytest.raises(clocks.ClockError):
            clocks.parse(bad)


def test_real_time_clock_charges_the_mover_and_adds_the_increment() -> None:
    t = seats("human", "human", "bot")
    c = clocks.parse({"mode": "realtime", "seconds": 60, "increment": 5})
    assert c is not None
    t.clock = c
    clocks.start(c, t, FakeGame(0), now=1000.0)
    assert c["running"] == [0] and c["remaining"] == [60.0] * 3
    assert clocks.next_deadline(c) == 1060.0 and clocks.expired(c, 1059.0) == [] and clocks.expired(c, 1060.0) == [0]
    clocks.after_change(t, FakeGame(2), now=1010.0, mover=0)  # seat 0 moved after 10 s: the bot is next
    assert c["remaining"][0] == 55.0 and c["running"] == [] and clocks.next_deadline(c) is None  # bots have no clock
    clocks.after_change(t, FakeGame(1), now=1030.0, mover=2)  # the bot's 20 s cost nobody anything
    assert c["remaining"] == [55.0, 60.0, 60.0] and c["running"] == [1]


def test_several_players_to_act_run_all_their_clocks() -> None:
    t = seats("human", "human", "human")
    c = clocks.parse({"mode": "realtime", "seconds": 30})
    assert c is not None
    t.clock = c
    clocks.start(c, t, FakeGame(0, several=[0, 2]), now=0.0)
    assert c["running"] == [0, 2]
    clocks.after_change(t, FakeGame(0, several=[0]), now=10.0, mover=2)
    assert c["remaining"] == [20.0, 30.0, 20.0] and c["running"] == [0]


def test_turn_based_clock_gives_every_decision_its_days() -> None:
    t = seats("human", "human")
    c = clocks.parse({"mode": "turn", "days": 1})
    assert c is not None
    t.clock = c
    clocks.start(c, t, FakeGame(0), now=0.0)
    clocks.after_change(t, FakeGame(0), now=50_000.0, mover=0)  # the same player decides again: a full day
    assert c["remaining"][0] == 86400.0 and c["running"] == [0]
    clocks.after_change(t, FakeGame(1), now=60_000.0, mover=0)
    assert c["running"] == [1] and clocks.next_deadline(c) == 60_000.0 + 86400


def test_a_forfeit_ranks_the_player_last() -> None:
    result = {"players": [{"total": 30}, {"total": 20}, {"total": 10}], "winners": [0]}
    out = clocks.ranked(result, [0])
    assert out is not None and out["winners"] == [1] and out["forfeited"] == [0]
    assert clocks.ranked(result, []) is result


# ---------------------------------------------------------------------- on a server
def table(p: Person, seats_: list[str], time_control: dict[str, Any], **opts: Any) -> str:
    body = {"seats": seats_, "options": {"pilot": "simplified", **opts}, "time_control": time_control}
    return str(p.post("/api/tables", body)["id"])


def wait_for(fn: Any, timeout: float = 20.0, what: str = "condition") -> Any:
    end = time.time() + timeout
    while time.time() < end:
        got = fn()
        if got:
            return got
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


def test_real_time_clock_runs_out_and_a_bot_takes_the_seat_until_its_player_reclaims_it(server: ServerProc) -> None:
    ana, ben = Person(server.url, "Ana"), Person(server.url, "Ben")
    assert ana.http.post("/api/tables", json={"seats": ["open"], "time_control": {"mode": "sprint"}}).status_code == 400
    # (5-s clocks: long enough that on a loaded machine the other seat's clock has not run out too
    # by the time the first timeout is seen)
    tid = table(ana, ["open"], {"mode": "realtime", "seconds": 5, "policy": "bot"})
    ben.post(f"/api/tables/{tid}/join")
    ana.post(f"/api/tables/{tid}/start", {})
    info = ana.get(f"/api/tables/{tid}")
    c = info["clock"]
    assert c["mode"] == "realtime" and c["remaining"] == [5.0, 5.0] and len(c["running"]) == 1
    late = c["running"][0]
    person = (ana, ben)[late]
    # nobody moves: the clock runs out, a bot takes the seat (it keeps the player's name, marked as replaced)
    info = wait_for(lambda: (i := ana.get(f"/api/tables/{tid}"))["seats"][late]["kind"] == "bot" and i, what="the timeout")
    s = info["seats"][late]
    assert s["replaced"] and s["name"] == ("Ana", "Ben")[late] and info["clock"]["timed_out"] == [late]
    assert person.get(f"/api/tables/{tid}")["you"] == {"seat": None, "host": late == 0, "reclaim": late, "played_by_bot": late}
    assert Person(server.url, "Eve").get(f"/api/tables/{tid}")["you"]["reclaim"] is None  # only one's own seat
    # the bot plays on (its clock does not run) ...
    wait_for(lambda: ana.get(f"/api/tables/{tid}")["acted"] > info["acted"], what="a bot move")
    # ... until the player takes the seat back: a person again, with a short grace on the clock
    got = person.post(f"/api/tables/{tid}/rejoin")
    assert got["seat"] == late
    after = person.get(f"/api/tables/{tid}")
    assert after["seats"][late]["kind"] == "human" and not after["seats"][late]["replaced"]
    assert after["you"]["seat"] == late and late not in after["clock"]["timed_out"]
    assert clocks.RECLAIM_GRACE - 5 < after["clock"]["remaining"][late] <= clocks.RECLAIM_GRACE
    with person.ws(tid) as ws:
        st = recv_state(ws)
        assert st["me"]["seat"] == late  # the new seat cookie holds the seat: no longer watching


def test_out_of_time_under_end_policy_forfeits_the_player_ranked_last(server: ServerProc) -> None:
    ana = Person(server.url, "Ana")
    tid = table(ana, ["bot:random"], {"mode": "realtime", "seconds": 1, "policy": "end"}, turn_order="fixed")
    ana.post(f"/api/tables/{tid}/start", {})
    wait_for(lambda: ana.get(f"/api/tables/{tid}")["seats"][0]["kind"] == "bot", what="the timeout")
    r = ana.http.post(f"/api/tables/{tid}/rejoin", json={})
    assert r.status_code == 409 and "ranked last" in r.json()["error"]
    assert ana.get(f"/api/tables/{tid}")["you"]["reclaim"] is None
    # a bot plays the seat out; the result ranks the player last whatever the score
    info = wait_for(lambda: (i := ana.get(f"/api/tables/{tid}"))["status"] == "finished" and i, timeout=120,
                    what="the end of the game")
    rec = ana.get(f"/api/tables/{tid}/replay?step=0")
    assert rec["total"] > 0
    res = ana.http.get(f"/api/tables/{tid}/record").json()
    assert res["players"] == ["Ana", info["seats"][1]["name"]]
    assert info["clock"]["forfeited"] == [0]
    assert info["you"]["played_by_bot"] == 0
    with ana.ws(tid) as ws:  # the final scores every browser is shown rank the player last too
        fin = recv_state(ws)["view"]["final"]
        assert fin["forfeited"] == [0] and 0 not in fin["winners"]


def test_a_seat_handed_to_a_bot_can_be_taken_back(server: ServerProc) -> None:
    """Without time control: the last person leaves, a bot takes the seat; they come back."""
    ana = Person(server.url, "Ana")
    tid = ana.create(["bot:random"], pilot="simplified")
    ana.post(f"/api/tables/{tid}/start", {})
    assert ana.post(f"/api/tables/{tid}/leave")["result"] == "replaced"
    info = ana.get(f"/api/tables/{tid}")
    assert info["seats"][0]["replaced"] and info["you"]["reclaim"] == 0 and info["clock"] is None
    with ana.ws(tid) as ws:
        assert recv_state(ws)["me"]["seat"] is None  # the old seat cookie no longer holds the seat
    assert ana.post(f"/api/tables/{tid}/rejoin")["seat"] == 0
    with ana.ws(tid) as ws:
        st = recv_state(ws)
        assert st["me"]["seat"] == 0 and not st["me"]["left"] and st["table"]["seats"][0]["kind"] == "human"


def test_turn_based_clock_gives_the_player_to_act_their_days(server: ServerProc) -> None:
    ana, ben = Person(server.url, "Ana"), Person(server.url, "Ben")
    tid = table(ana, ["open"], {"mode": "turn", "days": 1.5, "policy": "end"})
    ben.post(f"/api/tables/{tid}/join")
    ana.post(f"/api/tables/{tid}/start", {})
    c = ana.get(f"/api/tables/{tid}")["clock"]
    assert c["mode"] == "turn" and c["per_move"] == 1.5 * 86400 and c["policy"] == "end"
    assert len(c["running"]) == 1 and c["remaining"][c["running"][0]] == 1.5 * 86400
    assert any(t["id"] == tid and t["clock"] == "turn" for t in ana.get("/api/lobby")["live"])


def test_clocks_survive_a_restart_and_run_out_while_the_server_is_down(tmp_path: Path) -> None:
    s = ServerProc(tmp_path / "data").start()
    try:
        ana, ben = Person(s.url, "Ana"), Person(s.url, "Ben")
        slow = table(ana, ["open"], {"mode": "realtime", "seconds": 600, "increment": 2})
        fast = table(ana, ["open"], {"mode": "realtime", "seconds": 2, "policy": "bot"})
        for tid in (slow, fast):
            ben.post(f"/api/tables/{tid}/join")
            ana.post(f"/api/tables/{tid}/start", {})
        before = ana.get(f"/api/tables/{slow}")["clock"]
        running = ana.get(f"/api/tables/{fast}")["clock"]["running"]
        s.kill()
        time.sleep(2.0)
        s2 = ServerProc(tmp_path / "data", port=s.port).start()
        try:
            c = ana.get(f"/api/tables/{slow}")["clock"]
            assert c == before  # stored with the table: the same moments and times
            # the fast clock ran out while nobody served it: applied once the table is loaded again
            wait_for(lambda: running[0] in ana.get(f"/api/tables/{fast}")["clock"]["timed_out"], what="the timeout")
        finally:
            s2.stop()
    finally:
        s.stop()


def test_two_processes_on_postgresql_apply_one_timeout(pg_url: str, tmp_path: Path) -> None:
    env = {"PRIMETIME_DATABASE_URL": pg_url, "PRIMETIME_POLL_INTERVAL": "0.5"}
    with two_servers(tmp_path, env) as (a, b):
        ana, ben = Person(a.url, "Ana"), Person(b.url, "Ben")
        tid = table(ana, ["open"], {"mode": "realtime", "seconds": 5, "policy": "bot"})
        ben.post(f"/api/tables/{tid}/join")
        ana.post(f"/api/tables/{tid}/start", {})
        wa, wb = ana.ws(tid), ben.ws(tid)  # both processes hold the table (and its clock) in memory
        first = recv_state(wa)
        recv_state(wb)
        late = first["table"]["clock"]["running"][0]
        info = wait_for(lambda: (i := ana.get(f"/api/tables/{tid}"))["seats"][late]["kind"] == "bot" and i,
                        what="the timeout")
        assert info["clock"]["timed_out"] == [late] and info["status"] == "running"
        time.sleep(1.0)  # both processes' timers have fired by now
        for p in (ana, ben):  # seen through either process: one timeout per seat, whichever process applied it
            c = p.get(f"/api/tables/{tid}")["clock"]
            assert c["timed_out"][0] == late and len(set(c["timed_out"])) == len(c["timed_out"])
        for w in (wa, wb):
            w.close()
        log = a.log_path.read_text() + b.log_path.read_text()
        assert "Traceback" not in log, log[-3000:]


def test_steps_behind_a_screen_leave_the_clocks_alone(tmp_path: Path) -> None:
    """Prime Time's Simultaneous Scheduling: the others are not told how many steps a
    schedule took, so such a step earns no increment and, while the same people must act,
    does not touch the clocks they see."""
    from primetime.core.rng import Rng
    from primetime.server import ops
    from primetime.server.runtime import Runtime, hash_secret
    from primetime.server.store import SeatRow, SqliteStore, TableRow

    store = SqliteStore(tmp_path / "db.sqlite3", "OFF")
    store.init_schema()
    seats_ = [SeatRow(i, "human", f"u{i}", name, None, hash_secret(f"s{i}")) for i, name in enumerate(["Ana", "Ben"])]
    clock = clocks.parse({"mode": "realtime", "minutes": 60, "increment": 10})
    store.create_table(TableRow("pt1", "t", "prime-time", "u0", "open", {"bonds": False, "simultaneous": True}, 77, 2,
                                None, 1, 0, 0, None, False, 1.0, 1.0, seats=seats_, clock=clock))
    rt = Runtime("pt1")

    def change(fn: Any) -> Any:
        def go(tx: Any) -> Any:
            t = tx.lock_table("pt1")
            rt.sync(tx, t)
            return fn(tx, t)
        return store.write(go)

    change(lambda tx, t: ops.start_game(tx, rt, t, "u0", False))
    rng = Rng(3)
    screened = 0
    for _ in range(600):
        game = rt.game
        assert game is not None and rt.meta is not None
        if game.is_over():
            break
        d = game.pending()
        assert d is not None
        keys = [o.key for o in d.options]
        key = next((k for k in keys if k in ("done", "pass")), None) if rng.below(10) < 7 else None
        key = key or keys[rng.below(len(keys))]
        before = json.dumps(rt.meta.clock)
        change(lambda tx, t, p=d.player, k=key: ops.act(tx, rt, t, p, k, None, hash_secret(f"s{p}")))
        if rt.marks[-1].screened:
            screened += 1
            c, old = rt.meta.clock, json.loads(before)
            assert c is not None and c["remaining"][d.player] <= old["remaining"][d.player]  # no increment
            if c["running"] == old["running"]:
                assert json.dumps(c) == before
    assert screened > 0


def test_item_a11y_host_gives_seats_more_time() -> None:
    """Issue 34, accessibility: clocks can be turned off (``mode: none``, the lobby's default) or lengthened
    by the host for players who need more time: the seats in ``more_time`` get ``more_factor`` times the
    initial time and the increment (real time) or the days per move (turn-based); the others keep theirs."""
    assert clocks.parse({"mode": "none", "more_time": [1]}) is None
    t = seats("human", "human", "bot")
    c = clocks.parse({"mode": "realtime", "seconds": 60, "increment": 5, "more_time": [1], "more_factor": 2})
    assert c is not None and c["more_time"] == [1] and c["more_factor"] == 2.0
    t.clock = c
    clocks.start(c, t, FakeGame(1), now=0.0)
    assert c["remaining"] == [60.0, 120.0, 60.0]
    clocks.after_change(t, FakeGame(0), now=30.0, mover=1)  # seat 1 moved after 30 s: twice the increment
    assert c["remaining"][1] == 120.0 - 30.0 + 10.0
    clocks.after_change(t, FakeGame(1), now=40.0, mover=0)
    assert c["remaining"][0] == 60.0 - 10.0 + 5.0
    turn = clocks.parse({"mode": "turn", "days": 1, "more_time": [0, 1], "more_factor": 1.5})
    assert turn is not None
    t.clock = turn
    clocks.start(turn, t, FakeGame(0), now=0.0)
    assert turn["remaining"][:2] == [1.5 * 86400] * 2
    assert clocks.public(turn)["more_time"] == [0, 1]  # type: ignore[index]
    for bad in ({"more_time": [5]}, {"more_time": "1"}, {"more_time": [1], "more_factor": 10}, {"more_time": [True]}):
        with pytest.raises(clocks.ClockError):
            clocks.parse({"mode": "realtime", "minutes": 5, **bad})
