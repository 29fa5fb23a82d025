"""The state messages carry the log as a tail: only the lines a socket has not had.

A socket's first state has the whole log (``log_start`` 0); the next ones go on from the lines
that socket was sent, as long as the log it has is the start of its audience's log.  After an
undo (the game is rebuilt), a seat change (another audience), a reconnection (a new socket) or a
``sync`` it gets the whole log again.  Put together, what a socket has is always exactly its own
view, log included (``helpers.LogJoin`` fails on a gap).
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from primetime.server.config import Settings
from primetime.server.hub import Hub
from primetime.server.messages import card_ids, render_view
from primetime.server.runtime import Client, Runtime, hash_secret
from primetime.server.statelog import LogTrack, RelayedLog, Rendered
from primetime.server.store import open_store

from .helpers import LogJoin, Person, ServerProc, decode, joiner, recv_state


def settings(url: str, tmp_path: Path) -> Settings:
    return Settings(data_dir=tmp_path, database_url=url, bot_delay=0.0, bot_workers=0, poll_interval=0.2)


# ---------------------------------------------------------------------- the pieces


def test_log_track_goes_on_or_starts_a_new_log() -> None:
    names = ["Ana", "Ben"]
    cache: dict[str, str] = {}
    raw = ["{P1} begins.", "{P2} draws."]
    t = LogTrack()
    t.feed(raw, names, cache)
    gen = t.gen
    assert t.lines == ["Ana begins.", "Ben draws."]
    raw2 = raw + ["{P1} passes."]  # the same log grown: the same lines objects, the same generation
    t.feed(raw2, names, cache)
    assert t.gen == gen and t.lines[-1] == "Ana passes."
    t.feed(list(raw2), names, cache)  # the same lines again (a copy of the list): nothing new
    assert t.gen == gen and len(t.lines) == 3
    t.feed(raw2[:2], names, cache)  # shorter (an undo): a new log
    assert t.gen != gen and t.lines == ["Ana begins.", "Ben draws."]
    gen2 = t.gen
    other = [raw2[0], "{P2} " + "passes."]  # as long, but another line at the end: a new log
    t.feed(other, names, cache)
    assert t.gen != gen2 and t.lines == ["Ana begins.", "Ben passes."]


def test_rendered_sends_the_tail_only_after_what_the_socket_has() -> None:
    lines = ["a", "b", "c"]
    r = Rendered(5, '{"type":"state","view":{}}', lines, 7, 3)
    assert r.start_for(None) == 0
    assert r.start_for((7, 2)) == 2
    assert r.start_for((7, 3)) == 3
    assert r.start_for((7, 4)) == 0  # more than there is: not this log
    assert r.start_for((6, 2)) == 0  # another log
    assert json.loads(r.text(2)) == {"type": "state", "view": {}, "log_start": 2, "log": ["c"]}
    assert json.loads(r.text(0))["log"] == ["a", "b", "c"]
    assert r.now_has() == (7, 3)
    lines.append("d")  # the log grown for the next version: this message keeps its own three lines
    assert json.loads(r.text(1))["log"] == ["b", "c"]
    whole = Rendered(5, '{"type":"state","view":null}')  # no game, or another worker's rendering
    assert whole.text(3) == whole.head and whole.now_has() is None and whole.start_for((7, 2)) == 0


# ---------------------------------------------------------------------- the hub's sockets


class Socket:
    """A connection as the hub sees it: its sender runs, what it sends is joined like the page does."""

    def __init__(self, hub: Hub, rt: Runtime, secret_hash: str | None) -> None:
        self.hub, self.rt = hub, rt
        self.texts: list[str] = []
        self.join = LogJoin()
        self.states: list[dict[str, Any]] = []

        async def send(text: str) -> None:
            self.texts.append(text)
            msg = self.join(text)
            if msg.get("type") == "state":
                self.states.append(msg)

        self.client = Client(rt.seat_for(secret_hash), secret_hash, None, send)
        self.task: asyncio.Task[None] | None = None

    async def open(self) -> Socket:
        await self.hub.attach(self.rt, self.client)
        self.task = asyncio.create_task(self.hub.sender(self.rt, self.client))
        return self

    async def close(self) -> None:
        self.hub.detach(self.rt, self.client)
        if self.task is not None:
            self.task.cancel()
            try:
                await self.task
            except asyncio.CancelledError:
                pass


async def settle(hub: Hub, rt: Runtime, timeout: float = 30.0) -> None:
    """Until the bots have moved and every socket has been sent the newest version."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while loop.time() < end:
        g = rt.game
        bots_done = rt.bot_task is None or rt.bot_task.done()
        sent = all(c.sent_version == rt.version and not c.direct for c in rt.clients)
        if bots_done and not rt.lock.locked() and sent and (g is None or g.is_over() or g.pending_players() == [0]):
            await asyncio.sleep(0.02)
            if rt.bot_task is None or rt.bot_task.done():
                return
        await asyncio.sleep(0.005)
    raise TimeoutError("the table did not settle")


def own_view(rt: Runtime, seat: int | None) -> dict[str, Any]:
    g = rt.game
    assert g is not None and rt.meta is not None
    return json.loads(json.dumps(render_view(g.view(seat), list(rt.meta.players or []), card_ids(g))))  # type: ignore[no-any-return]


def test_tails_undo_reconnect_and_seat_change(tmp_path: Path) -> None:
    url = "sqlite:///" + str(tmp_path / "db.sqlite3")

    async def go() -> None:
        hub = Hub(settings(url, tmp_path), open_store(url))
        await hub.start()
        try:
            user = {"id": "u-ana", "name": "Ana"}
            tid, secret = await hub.create_table(user, "T", ["bot:random"], {"pilot": "simplified"})
            sh = hash_secret(secret)
            rt = await hub.get(tid)
            assert rt is not None
            ana = await Socket(hub, rt, sh).open()
            eve = await Socket(hub, rt, None).open()
            await hub.start_game(rt, user["id"], fill_bots=True)
            undone = 0
            for step in range(200):
                await settle(hub, rt)
                g = rt.game
                assert g is not None
                if g.is_over():
                    break
                # what each socket has put together is exactly its own view, the whole log included
                assert ana.states[-1]["view"] == own_view(rt, 0), f"step {step}"
                assert eve.states[-1]["view"] == own_view(rt, None), f"step {step}"
                keys = g.legal_keys()
                key = next((k for k in keys if k.startswith(("show:", "att:", "attach:"))), None)
                key = key or next((k for k in keys if not k.startswith(("pass", "abort"))), keys[0])
                await hub.act(rt, 0, key, g.seq, sh)
                g = rt.game
                if undone < 2 and not g.is_over() and rt.marks[-1].seat == 0 and not rt.marks[-1].reveals \
                        and g.current_player() == 0 and len(ana.join.log) > 5:
                    await settle(hub, rt)
                    before = len(ana.states)
                    await hub.undo(rt, 0, g.seq, sh)
                    await settle(hub, rt)
                    # the game was rebuilt: the whole log again, to both
                    assert ana.join.starts[-1] == 0 and eve.join.starts[-1] == 0
                    assert len(ana.states) > before
                    assert ana.states[-1]["view"] == own_view(rt, 0)
                    undone += 1
                if step == 40:
                    break
            assert undone > 0
            # between the undos the states went on from the lines the socket had
            assert sum(1 for s in ana.join.starts if s > 0) > 20
            assert sum(1 for s in eve.join.starts if s > 0) > 20
            # far fewer lines sent than whole logs (the point of it)
            sent = [json.loads(x) for x in ana.texts if '"type":"state"' in x]
            assert 3 * sum(len(m["log"]) for m in sent) < sum(m["log_start"] + len(m["log"]) for m in sent)

            # a new socket (a reconnection) starts with the whole log (the bots' moves after the last
            # step made first: then the socket is sent one state)
            await settle(hub, rt)
            ana2 = await Socket(hub, rt, sh).open()
            await settle(hub, rt)
            assert ana2.join.starts == [0] and ana2.states[-1]["view"] == own_view(rt, 0)
            assert len(ana2.join.log) == len(ana.join.log)

            # the seat changes hands (Ana leaves, a bot takes it): her sockets are spectators now, sent
            # the spectators' log from its start and never her seat's view again
            await hub.leave(rt, user["id"], sh)
            await settle(hub, rt)
            assert rt.seat_for(sh) is None
            n = len(ana.states)
            for _ in range(200):  # the bots play on
                await asyncio.sleep(0.01)
                if rt.game is None or rt.game.is_over() or len(ana.states) > n + 3:
                    break
            after = ana.states[ana.states.index(next(s for s in ana.states if s["me"]["seat"] is None)):]
            first = ana.join.starts[len(ana.join.starts) - len(after)]
            assert first == 0, "a socket whose seat changed gets the whole log again"
            for s in after:
                assert s["me"]["seat"] is None and s["view"]["viewer"] is None
            await settle(hub, rt)
            assert ana.states[-1]["view"] == own_view(rt, None) == eve.states[-1]["view"]
            for s in (ana, ana2, eve):
                await s.close()
        finally:
            await hub.stop()

    asyncio.run(go())


# ---------------------------------------------------------------------- over the WebSocket


def test_websocket_tails_sync_and_reconnect(server: ServerProc) -> None:
    ana = Person(server.url, "Ana")
    tid = ana.create(["bot:random"], pilot="simplified")
    ana.post(f"/api/tables/{tid}/start", {})
    ws = ana.ws(tid)
    try:
        st = recv_state(ws)
        # (a bot's run of moves may come first, in one state: play on until some tails have come)
        while (st["seq"] < 12 or len(joiner(ws).starts) < 3) and st["view"]["phase"] != "over":
            p = st["view"]["pending"]
            if p and p["player"] == 0 and p.get("options"):
                ws.send(json.dumps({"type": "act", "key": p["options"][0]["key"], "seq": st["seq"]}))
            st = recv_state(ws, min_version=st["version"] + 1)
        starts = joiner(ws).starts
        assert starts[0] == 0 and any(s > 0 for s in starts[1:])
        # sync: the whole state again, with the whole log, the same as the lines put together
        ws.send(json.dumps({"type": "sync"}))
        while True:
            raw = ws.recv(timeout=10)
            if '"type":"state"' in raw:
                again = json.loads(raw)
                decode(ws, raw)
                if again["log_start"] == 0:
                    break
        assert again["log"] == joiner(ws).log and len(again["log"]) >= len(st["view"]["log"])
        assert again["log"][:len(st["view"]["log"])] == st["view"]["log"]
    finally:
        ws.close()
    # a new connection (a reconnection): the whole log first
    ws2 = ana.ws(tid)
    try:
        first = None
        while first is None:
            raw = ws2.recv(timeout=10)
            if '"type":"state"' in raw:
                first = json.loads(raw)
        assert first["log_start"] == 0 and first["log"][:len(again["log"])] == again["log"]
    finally:
        ws2.close()


def test_relayed_log_goes_on_only_from_what_came_before() -> None:
    log = RelayedLog()
    assert log.take("0.5", 0, ["a", "b"])
    gen = log.gen
    assert log.take("0.5", 2, ["c"]) and log.lines == ["a", "b", "c"] and log.gen == gen
    assert log.take("0.5", 3, []) and len(log.lines) == 3
    assert not log.take("0.5", 5, ["f"])  # a datagram lost: lines 3 and 4 never came
    assert not log.take("0.5", 3, ["d"])  # and nothing goes on until a whole log comes
    assert log.take("0.5", 0, ["a", "b", "c", "d"]) and log.gen != gen
    assert not log.take("1.5", 4, ["e"])  # another worker's log (its own numbers)
    assert log.take("1.5", 0, ["x"]) and log.lines == ["x"]
