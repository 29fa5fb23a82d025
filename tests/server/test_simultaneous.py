"""NET-PILOT-10 on the server: every pending seat of a simultaneous decision is offered its own
choice at once; the second seat's answer is taken first; a bot answers its own; an answer
made against a step before another seat's answer to the same decision still stands."""

from __future__ import annotations

import json
import time
from typing import Any

from .helpers import Person, ServerProc, decode, recv_state


def recv_type(ws: Any, kind: str, timeout: float = 10.0) -> dict[str, Any]:
    end = time.time() + timeout
    while True:
        msg = decode(ws, ws.recv(timeout=max(0.01, end - time.time())))
        if msg.get("type") == kind:
            return msg


def until(ws: Any, test: Any, timeout: float = 20.0) -> dict[str, Any]:
    end = time.time() + timeout
    while True:
        st = recv_state(ws, timeout=max(0.01, end - time.time()))
        if test(st):
            return st


def test_net_pilot_10_server_takes_the_second_seats_choice_first(server: ServerProc) -> None:
    """NET-PILOT-10: Server takes the second seats choice first."""
    ana, ben = Person(server.url, "Ana"), Person(server.url, "Ben")
    tid = ana.create(["open", "bot:random"])  # the normal Pilot Season
    ben.post(f"/api/tables/{tid}/join")
    ana.post(f"/api/tables/{tid}/start", {})
    wa, wb = ana.ws(tid), ben.ws(tid)
    # both people are offered their own pilot choice before anyone has chosen
    sa = until(wa, lambda st: st["view"]["pending"]["kind"] == "pilot")
    sb = until(wb, lambda st: st["view"]["pending"]["kind"] == "pilot")
    for st, seat in ((sa, 0), (sb, 1)):
        pend = st["view"]["pending"]
        assert pend["player"] == seat and pend["options"] and seat in pend["players"]
        assert st["view"]["players"][seat]["pilot_offer"]
        assert "pilot_offer" not in st["view"]["players"][1 - seat]
    # the second seat answers first
    wb.send(json.dumps({"type": "act", "key": sb["view"]["pending"]["options"][0]["key"], "seq": sb["seq"], "id": 1}))
    assert recv_type(wb, "ack")["id"] == 1
    after = until(wa, lambda st: st["view"]["players"][1]["pilot_chosen"])
    assert after["view"]["pending"]["player"] == 0 and after["view"]["pending"]["options"]
    # the first seat answers against the step it was shown before: the answer still stands
    wa.send(json.dumps({"type": "act", "key": sa["view"]["pending"]["options"][0]["key"], "seq": sa["seq"], "id": 2}))
    assert recv_type(wa, "ack")["id"] == 2
    # the bot chose its own; Pilot Season is over for everyone
    # (and the bot's run of moves, if it plays first, is over: Ana's step number stays current)
    done = until(wa, lambda st: st["view"]["phase"] != "pilot" and st["view"]["pending"]["player"] != 2)
    assert all(p.get("pilot_offer") is None for p in done["view"]["players"])
    # the other seats' choices are not offered to anyone any more
    wa.send(json.dumps({"type": "act", "key": sa["view"]["pending"]["options"][0]["key"], "seq": done["seq"]}))
    assert recv_type(wa, "error")["kind"] in ("NotYourDecisionError", "IllegalOptionError")
    for ws in (wa, wb):
        ws.close()


def test_net_pilot_10_answer_from_an_older_step_of_another_decision_is_stale(server: ServerProc) -> None:
    """NET-PILOT-10: Answer from an older step of another decision is stale."""
    ana, ben = Person(server.url, "Ana"), Person(server.url, "Ben")
    tid = str(ana.post("/api/tables", {"seats": ["open"], "options": {"executives": True}})["id"])  # Executives, then Pilot Season
    ben.post(f"/api/tables/{tid}/join")
    ana.post(f"/api/tables/{tid}/start", {})
    wa, wb = ana.ws(tid), ben.ws(tid)
    sa = until(wa, lambda st: st["view"]["pending"]["kind"] == "x_choose")
    sb = until(wb, lambda st: st["view"]["pending"]["kind"] == "x_choose")
    wb.send(json.dumps({"type": "act", "key": sb["view"]["pending"]["options"][0]["key"], "seq": sb["seq"]}))
    wa.send(json.dumps({"type": "act", "key": sa["view"]["pending"]["options"][0]["key"], "seq": sa["seq"]}))
    pilot = until(wa, lambda st: st["view"]["pending"]["kind"] == "pilot")
    # an Executive-time step number for a pilot answer: stale (the Executive reveal came between)
    wa.send(json.dumps({"type": "act", "key": pilot["view"]["pending"]["options"][0]["key"], "seq": sa["seq"]}))
    assert recv_type(wa, "error")["kind"] == "StaleStateError"
    for ws in (wa, wb):
        ws.close()


def test_net_pilot_10_imported_record_with_answers_out_of_turn_replays(server: ServerProc) -> None:
    """NET-PILOT-10: Imported record with answers out of turn replays."""
    from primetime.core.game import Game

    g = Game.new("networks", ["Ana", "Ben", "Cy"], seed=3)
    for p in (2, 0, 1):  # the third player chooses first, then the first, then the second
        g.apply(p, g.legal_keys(p)[-1])
    for _ in range(6):
        g.apply(None, g.legal_keys()[0])
    rec = g.record()
    assert rec["actions"][0].startswith("@2:")
    eve = Person(server.url, "Eve")
    tid = eve.post("/api/records", rec)["id"]
    first = eve.get(f"/api/tables/{tid}/replay?step=1")
    assert first["last"]["player"] == 2 and first["last"]["name"] == "Cy"
    assert first["last"]["key"] == rec["actions"][0][3:] and first["last"]["label"].startswith("Keep")
    assert first["view"]["players"][2]["pilot_chosen"] is True and first["view"]["players"][0]["pilot_chosen"] is False
    last = eve.get(f"/api/tables/{tid}/replay?step={len(rec['actions'])}")
    assert last["view"]["round"] == g.view(None)["round"] and last["total"] == len(rec["actions"])
    assert json.loads(eve.http.get(f"/api/tables/{tid}/record").text)["actions"] == rec["actions"]


def test_net_pilot_10_a_bot_taking_over_a_seat_answers_its_choice_and_reconnects_resume(server: ServerProc) -> None:
    """NET-PILOT-10: A bot taking over a seat answers its choice and reconnects resume."""
    ana, ben = Person(server.url, "Ana"), Person(server.url, "Ben")
    tid = ana.create(["open"])
    ben.post(f"/api/tables/{tid}/join")
    ana.post(f"/api/tables/{tid}/start", {})
    wa = ana.ws(tid)
    sa = until(wa, lambda st: st["view"]["pending"]["kind"] == "pilot")
    ben.post(f"/api/tables/{tid}/leave")
    wa.send(json.dumps({"type": "vote", "target": 1}))
    # Ben's seat goes to a bot, which chooses Ben's pair though Ana, the first player, has not chosen
    st = until(wa, lambda st: st["view"]["players"][1]["pilot_chosen"])
    assert st["table"]["seats"][1]["kind"] == "bot"
    assert st["view"]["pending"]["player"] == 0 and st["view"]["pending"]["options"]
    wa.close()
    # a reconnect shows Ana her own offer and choice again
    wa = ana.ws(tid)
    again = recv_state(wa)
    assert again["view"]["pending"]["kind"] == "pilot" and again["view"]["players"][0]["pilot_offer"] == sa["view"]["players"][0]["pilot_offer"]
    wa.send(json.dumps({"type": "act", "key": again["view"]["pending"]["options"][0]["key"], "seq": again["seq"]}))
    until(wa, lambda st: st["view"]["phase"] != "pilot")
    wa.close()


def test_net_exec_02_pt_sim_01_a_server_bot_answers_its_own_step_out_of_turn() -> None:
    """NET-EXEC-02, PT-SIM-01: The bot worker answers for its seat, though another seat is the first still to answer."""
    from primetime.core.game import Game
    from primetime.core.rng import Rng
    from primetime.server import botpool

    g = Game.new("networks", 3, seed=5, options={"executives": True})
    key = botpool.think("networks", botpool.encode_state(g), "greedy", 1, 2)
    assert key in g.legal_keys(2) and g.current_player() == 0
    g = Game.new("prime-time", 3, seed=4, options={"simultaneous": True})
    rng = Rng(4)
    while len(g.pending_players()) < 2:
        keys = g.legal_keys()
        g.apply(None, keys[rng.below(len(keys))])
    last = g.pending_players()[-1]
    assert last != g.current_player()
    assert botpool.think("prime-time", botpool.encode_state(g), "greedy", 1, last) in g.legal_keys(last)
