"""The storage suite, run against SQLite and PostgreSQL alike.

Covers the store itself (users, tables, seats, actions, versions, lobby lists, records)
and the table hub on top of it: every accepted action is stored by the time it is
acknowledged, refused actions change nothing, undo rewrites the record, and a fresh hub
(a restarted server) rebuilds every game exactly from what is stored.
"""

from __future__ import annotations

import asyncio
import json
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from primetime.core.errors import IllegalOptionError, NotYourDecisionError, StaleStateError
from primetime.core.game import replay_record
from primetime.server.config import Settings
from primetime.server.hub import Hub
from primetime.server.runtime import GroupSync, WriteBatch, hash_secret
from primetime.server.store import ConflictError, SeatRow, SqliteStore, Store, StoreBusy, TableRow, open_store


def make_store(url: str) -> Store:
    return open_store(url)


def settings(url: str, tmp_path: Path) -> Settings:
    return Settings(data_dir=tmp_path, database_url=url, bot_delay=0.0, bot_workers=0, poll_interval=0.2)


def table_row(tid: str, seats: list[SeatRow]) -> TableRow:
    return TableRow(tid, "t", "networks", "u1", "open", {"pilot": "normal", "turn_order": "fixed"}, 1234, len(seats), None,
                    1, 0, 0, None, False, 1.0, 1.0, seats=seats)


# ---------------------------------------------------------------------- the store


def test_users_round_trip(store_url: str) -> None:
    st = make_store(store_url)
    st.create_user("u1", "Ana", hash_secret("s1"))
    assert st.user_by_secret(hash_secret("s1")) == {"id": "u1", "name": "Ana", "prefs": {}, "account": False}
    assert st.user_by_secret(hash_secret("nope")) is None
    st.update_user("u1", name="Ana B", prefs={"confirm_delay": 0})
    assert st.user_by_secret(hash_secret("s1")) == {"id": "u1", "name": "Ana B", "prefs": {"confirm_delay": 0}, "account": False}


def test_tables_seats_actions_and_versions(store_url: str) -> None:
    st = make_store(store_url)
    seats = [SeatRow(0, "human", "u1", "Ana", None, "h"), SeatRow(1, "bot", None, "Bot 2", "greedy")]
    st.create_table(table_row("tab1", seats))
    got = st.load("tab1")
    assert got is not None
    t, acts = got
    assert acts == [] and t.version == 1 and [s.kind for s in t.seats] == ["human", "bot"]

    def add(tx: Any) -> int:
        tx.lock_table("tab1")
        tx.execute("INSERT INTO actions (table_id, seq, key, seat, at) VALUES (?, ?, ?, ?, ?)", ("tab1", 0, "k0", 0, 1.0))
        return tx.bump("tab1", nactions=1)

    assert st.write(add) == 2
    assert st.versions(["tab1", "missing"]) == {"tab1": 2}
    t2, acts2 = st.load("tab1")  # type: ignore[misc]
    assert acts2 == [(0, "k0", 0)] and t2.nactions == 1 and t2.version == 2
    assert st.record("tab1")["actions"] == ["k0"]  # type: ignore[index]
    assert st.load("nope") is None


def test_failed_write_changes_nothing(store_url: str) -> None:
    st = make_store(store_url)
    st.create_table(table_row("tab2", [SeatRow(0, "open")]))

    def bad(tx: Any) -> None:
        tx.lock_table("tab2")
        tx.bump("tab2")
        raise ConflictError("no")

    with pytest.raises(ConflictError):
        st.write(bad)
    assert st.versions(["tab2"]) == {"tab2": 1}
    with pytest.raises(Exception):  # noqa: B017 - duplicate primary key, backend-specific type
        st.create_table(table_row("tab2", [SeatRow(0, "open")]))


def _bump(table_id: str, fail: bool = False) -> Any:
    def go(tx: Any) -> int:
        tx.lock_table(table_id)
        version = int(tx.bump(table_id))
        if fail:
            raise ConflictError("no")
        return version

    return go


def test_writes_made_together_keep_each_refusal_to_itself(store_url: str) -> None:
    """``write_many``: one transaction, a savepoint each; the one that raises leaves nothing behind."""
    st = make_store(store_url)
    for tid in ("w1", "w2", "w3"):
        st.create_table(table_row(tid, [SeatRow(0, "open")]))
    out = st.write_many([_bump("w1"), _bump("w2", fail=True), _bump("w3")])
    assert [ok for ok, _ in out] == [True, False, True]
    assert out[0][1] == 2 and out[2][1] == 2 and isinstance(out[1][1], ConflictError)
    assert st.versions(["w1", "w2", "w3"]) == {"w1": 2, "w2": 1, "w3": 2}


def test_a_table_row_copy_keeps_every_field_and_has_its_own_seats_votes_and_clock() -> None:
    """``TableRow.copy`` (what a change starts from when the stored version is the one in memory):
    equal to the row in every field, its seats, votes and clock its own to change."""
    import dataclasses

    t = TableRow("t1", "Table", "networks", "u1", "running", {"pilot": "normal"}, 42, 2, ["Ana", "Ben"], 7, 2, 11,
                 {"winners": [0]}, True, 1.5, 2.5, 3.5,
                 [SeatRow(0, "human", "u1", "Ana", None, "h0", True), SeatRow(1, "bot", None, "Bot 2 (greedy)", "greedy")],
                 {(1, 0)}, False, {"mode": "realtime", "remaining": [60.0, 50.0], "running": [0]}, "slow", True)
    defaults = TableRow("x", "x", "x", None, "open", {}, 0, 1, None, 0, 0, 0, None, False, 0.0, 0.0)
    assert all(getattr(t, f.name) != getattr(defaults, f.name) for f in dataclasses.fields(TableRow)), \
        "give every field a value of its own here, so that the copy is seen to keep it"
    c = t.copy()
    assert c == t and c is not t
    c.seats[0].left = False
    c.votes.add((0, 1))
    c.clock["remaining"][0] = 1.0  # type: ignore[index]
    assert t.seats[0].left and t.votes == {(1, 0)} and t.clock["remaining"] == [60.0, 50.0]  # type: ignore[index]


def test_the_writes_of_one_loop_turn_share_a_transaction(tmp_path: Path) -> None:
    """``WriteBatch`` (the hub's writes on SQLite): the writes asked for in one turn of the event
    loop are made in one transaction; each caller gets its own result or its own error; a caller
    cancelled before the transaction ran writes nothing; a failed commit fails them all."""
    st = make_store("sqlite:///" + str(tmp_path / "db.sqlite3"))
    for tid in ("b1", "b2", "b3", "b4"):
        st.create_table(table_row(tid, [SeatRow(0, "open")]))

    async def run() -> None:
        batch = WriteBatch(st.write_many)
        got = await asyncio.gather(batch.run(_bump("b1")), batch.run(_bump("b2", fail=True)), batch.run(_bump("b3")),
                                   return_exceptions=True)
        assert got[0] == 2 and isinstance(got[1], ConflictError) and got[2] == 2
        assert batch.sizes == [3]
        cancelled = asyncio.ensure_future(batch.run(_bump("b4")))
        kept = asyncio.ensure_future(batch.run(_bump("b1")))
        await asyncio.sleep(0)  # both are queued
        cancelled.cancel()
        assert await kept == 3 and batch.sizes == [3, 1]

        def broken(fns: list[Any], wait: bool) -> list[tuple[bool, Any]]:
            raise OSError("disk full")

        failing = WriteBatch(broken)
        got = await asyncio.gather(failing.run(_bump("b1")), failing.run(_bump("b3")), return_exceptions=True)
        assert all(isinstance(g, OSError) for g in got)

    asyncio.run(run())
    assert st.versions(["b1", "b2", "b3", "b4"]) == {"b1": 3, "b2": 1, "b3": 2, "b4": 1}


def test_a_batched_write_is_answered_only_once_a_flush_begun_after_its_commit_ends(tmp_path: Path) -> None:
    """Group commit (``synchronous=FULL``, the default): a write of the batch is answered only
    after a flush of the WAL that began after its transaction committed (nothing is acknowledged
    before it is on disk); the writes committed while a flush runs share the next one; a failed
    flush fails the writes that waited for it, not later ones."""

    st = make_store("sqlite:///" + str(tmp_path / "db.sqlite3"))
    for tid in ("g1", "g2", "g3"):
        st.create_table(table_row(tid, [SeatRow(0, "open")]))
    gate = threading.Event()
    flushes: list[int] = []
    fail = [False]

    def flush() -> None:
        gate.wait(5)
        gate.clear()
        flushes.append(len(flushes) + 1)
        if fail[0]:
            fail[0] = False
            raise OSError("fsync failed")

    async def run() -> None:
        sync = GroupSync(flush)
        batch = WriteBatch(st.write_many, sync)
        first = asyncio.ensure_future(batch.run(_bump("g1")))
        for _ in range(20):
            await asyncio.sleep(0.001)
        assert not first.done() and sync.running  # committed, and its flush runs: no answer yet
        assert st.versions(["g1"]) == {"g1": 2}
        second = asyncio.ensure_future(batch.run(_bump("g2")))  # committed while the first flush runs
        third = asyncio.ensure_future(batch.run(_bump("g3")))
        for _ in range(20):
            await asyncio.sleep(0.001)
        gate.set()
        assert await asyncio.wait_for(first, 5) == 2
        assert not second.done() and not third.done()  # that flush began before they committed
        fail[0] = True
        gate.set()
        got = await asyncio.gather(second, third, return_exceptions=True)
        assert all(isinstance(g, OSError) for g in got) and flushes == [1, 2]
        later = asyncio.ensure_future(batch.run(_bump("g1")))
        await asyncio.sleep(0.01)
        gate.set()
        assert await asyncio.wait_for(later, 5) == 3 and flushes == [1, 2, 3]
        waiting = asyncio.ensure_future(sync.wait(sync.committed()))  # the hub's other writes wait the same way
        await asyncio.sleep(0.01)
        assert not waiting.done()
        gate.set()
        await asyncio.wait_for(waiting, 5)
        assert flushes == [1, 2, 3, 4] and sync.synced == sync.commits
        sync.close()

    asyncio.run(run())


def test_a_write_waits_for_another_process_without_stopping_the_loop(tmp_path: Path) -> None:
    """While another process holds the database's lock, the batch looks again now and then and the
    event loop serves the others meanwhile; the write is made once the lock is free."""
    import fcntl
    import os

    st = make_store("sqlite:///" + str(tmp_path / "db.sqlite3"))
    st.create_table(table_row("c1", [SeatRow(0, "open")]))
    assert isinstance(st, SqliteStore)
    other = os.open(st.path + ".lock", os.O_RDWR)  # another process's descriptor: its own lock
    fcntl.flock(other, fcntl.LOCK_EX)
    with pytest.raises(StoreBusy):
        st.write_many([_bump("c1")], wait=False)

    async def run() -> None:
        batch = WriteBatch(st.write_many)
        batch.PATIENCE = 60.0  # (the lock is released by this same thread: never wait for it here)
        write = asyncio.ensure_future(batch.run(_bump("c1")))
        ticks = 0
        for _ in range(20):  # the loop goes on while the lock is held elsewhere
            await asyncio.sleep(0.001)
            ticks += 1
        assert not write.done() and ticks == 20
        fcntl.flock(other, fcntl.LOCK_UN)
        assert await asyncio.wait_for(write, 5) == 2

    try:
        asyncio.run(run())
    finally:
        os.close(other)
    assert st.versions(["c1"]) == {"c1": 2}


def test_concurrent_writers_are_serialised(store_url: str) -> None:
    """Many threads bump one table: no update is lost (row lock / BEGIN IMMEDIATE)."""
    st = make_store(store_url)
    st.create_table(table_row("tab3", [SeatRow(0, "open")]))
    errors: list[BaseException] = []

    def worker() -> None:
        try:
            for _ in range(20):
                def go(tx: Any) -> None:
                    t = tx.lock_table("tab3")
                    tx.execute("INSERT INTO actions (table_id, seq, key, seat, at) VALUES (?, ?, ?, ?, ?)",
                               ("tab3", t.nactions, "k", 0, 1.0))
                    tx.bump("tab3", nactions=t.nactions + 1)

                st.write(go)
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)
        finally:
            st.close()

    threads = [threading.Thread(target=worker) for _ in range(4)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert not errors
    t, acts = st.load("tab3")  # type: ignore[misc]
    assert t.nactions == 80 and [a[0] for a in acts] == list(range(80)) and t.version == 81


def test_lobby_lists(store_url: str) -> None:
    st = make_store(store_url)
    st.create_user("u1", "Ana", hash_secret("a"))
    st.create_table(table_row("open1", [SeatRow(0, "human", "u1", "Ana", None, "h"), SeatRow(1, "open")]))
    lob = st.lobby("u1")
    assert [t["id"] for t in lob["open"]] == ["open1"]
    assert [t["id"] for t in lob["mine"]] == ["open1"]
    assert lob["mine"][0]["seats"][0]["you"] is True
    assert "secret_hash" not in str(lob) and "seed" not in str(lob)
    assert st.lobby(None)["mine"] == []


# ---------------------------------------------------------------------- the hub on the store


async def _new_game(hub: Hub, seats: list[str], **options: str) -> tuple[str, str, dict[str, Any]]:
    user = {"id": "u-" + seats[0] if seats else "u-x", "name": "Ana"}
    tid, secret = await hub.create_table(user, "T", seats, options)
    rt = await hub.get(tid)
    assert rt is not None
    await hub.start_game(rt, user["id"], fill_bots=True)
    return tid, hash_secret(secret), user


async def _wait_bots(hub: Hub, tid: str, timeout: float = 60.0) -> None:
    """Wait until the pending decision is a human's (seat 0) alone (the bots have answered their
    part of a simultaneous one) or the game is over."""
    rt = await hub.get(tid)
    assert rt is not None
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while loop.time() < end:
        g = rt.game
        settled = not rt.lock.locked() and (rt.bot_task is None or rt.bot_task.done())
        if settled and g is not None and (g.is_over() or g.pending_players() == [0]):
            return
        await asyncio.sleep(0.005)
    raise TimeoutError("bots did not finish")


def test_hub_plays_a_game_and_a_restart_rebuilds_it(store_url: str, tmp_path: Path) -> None:
    async def go() -> None:
        st = make_store(store_url)
        hub = Hub(settings(store_url, tmp_path), st)
        await hub.start()
        try:
            tid, sh, _user = await _new_game(hub, ["bot:random", "bot:greedy"], pilot="simplified")
            rt = await hub.get(tid)
            assert rt is not None and rt.game is not None
            rng_pick = 0
            while True:
                await _wait_bots(hub, tid)
                g = rt.game
                if g.is_over():
                    break
                keys = g.legal_keys()
                key = keys[rng_pick % len(keys)]
                rng_pick += 7
                seq = g.seq
                new_seq = await hub.act(rt, 0, key, seq, sh)
                # acknowledged => stored: a separate store connection sees it
                other = make_store(store_url)
                assert other.record(tid)["actions"][seq] == key  # type: ignore[index]
                other.close()
                assert new_seq == seq + 1
            stored = st.record(tid)
            assert stored is not None
            assert stored["actions"] == rt.game.actions
            replayed = replay_record(stored)
            assert replayed.result() == rt.game.result()
            row = st.load(tid)[0]  # type: ignore[index]
            assert row.status == "finished" and row.result == rt.game.result()
        finally:
            await hub.stop()
        # a new hub on the same database (a restarted server) sees the same game
        hub2 = Hub(settings(store_url, tmp_path), make_store(store_url))
        await hub2.start()
        try:
            rt2 = await hub2.get(tid)
            assert rt2 is not None and rt2.game is not None
            assert rt2.game.actions == stored["actions"] and rt2.game.is_over()
        finally:
            await hub2.stop()

    asyncio.run(go())


def test_refused_actions_change_nothing(store_url: str, tmp_path: Path) -> None:
    async def go() -> None:
        st = make_store(store_url)
        hub = Hub(settings(store_url, tmp_path), st)
        await hub.start()
        try:
            tid, sh, _ = await _new_game(hub, ["bot:random"])
            await _wait_bots(hub, tid)
            rt = await hub.get(tid)
            assert rt is not None and rt.game is not None
            g = rt.game
            before = (rt.version, g.seq, st.versions([tid])[tid])
            good = g.legal_keys()[0]
            with pytest.raises(StaleStateError):
                await hub.act(rt, 0, good, g.seq + 5, sh)
            with pytest.raises(IllegalOptionError):
                await hub.act(rt, 0, "nonsense:1", g.seq, sh)
            with pytest.raises(ConflictError):
                await hub.act(rt, 0, good, g.seq, hash_secret("wrong secret"))
            with pytest.raises(ConflictError):  # seat 1 is a bot: no human may act for it
                await hub.act(rt, 1, good, g.seq, sh)
            assert (rt.version, g.seq, st.versions([tid])[tid]) == before
            assert len(st.record(tid)["actions"]) == g.seq  # type: ignore[index]
        finally:
            await hub.stop()

    asyncio.run(go())


def test_not_your_decision(store_url: str, tmp_path: Path) -> None:
    async def go() -> None:
        st = make_store(store_url)
        hub = Hub(settings(store_url, tmp_path), st)
        await hub.start()
        try:
            user = {"id": "u1", "name": "Ana"}
            # the simplified Pilot Season: the first decision is one player's (a simultaneous one is everyone's)
            tid, secret = await hub.create_table(user, "T", ["open"], {"pilot": "simplified"})
            rt = await hub.get(tid)
            assert rt is not None
            ben = {"id": "u2", "name": "Ben"}
            seat, secret2 = await hub.join(rt, ben, None)
            assert seat == 1
            await hub.start_game(rt, "u1", fill_bots=False)
            g = rt.game
            assert g is not None
            cur = g.current_player()
            other = 1 - int(cur or 0)
            other_hash = hash_secret(secret if other == 0 else secret2)
            with pytest.raises(NotYourDecisionError):
                await hub.act(rt, other, g.legal_keys()[0], g.seq, other_hash)
        finally:
            await hub.stop()

    asyncio.run(go())


def test_undo_within_turn_only_without_reveals(store_url: str, tmp_path: Path) -> None:
    """Undo replays the record minus the step; a step that drew or revealed cannot be undone."""

    async def go() -> None:
        st = make_store(store_url)
        hub = Hub(settings(store_url, tmp_path), st)
        await hub.start()
        try:
            tid, sh, _ = await _new_game(hub, ["bot:random"], pilot="simplified")
            rt = await hub.get(tid)
            assert rt is not None
            undone = refused = 0
            for _ in range(400):
                await _wait_bots(hub, tid)
                g = rt.game
                assert g is not None
                if g.is_over():
                    break
                keys = g.legal_keys()
                # prefer producing shows and attaching (multi-step, undoable decisions)
                key = next((k for k in keys if k.startswith(("show:", "att:", "attach:"))), None)
                key = key or next((k for k in keys if not k.startswith(("pass", "abort"))), keys[0])
                seq = g.seq
                await hub.act(rt, 0, key, seq, sh)
                g = rt.game
                assert g is not None
                if g.is_over():
                    break
                if rt.marks[-1].seat == 0 and g.current_player() == 0:
                    state_before_undo = rt.game.to_json()
                    if rt.marks[-1].reveals:
                        with pytest.raises(ConflictError):
                            await hub.undo(rt, 0, g.seq, sh)
                        refused += 1
                        assert rt.game.to_json() == state_before_undo
                    else:
                        await hub.undo(rt, 0, g.seq, sh)
                        undone += 1
                        assert rt.game is not None and rt.game.seq == seq
                        assert st.record(tid)["actions"] == rt.game.actions  # type: ignore[index]
                        # redo the same step (so the game moves on), but abort loops: take the last key
                        await hub.act(rt, 0, key if key != "abort" else rt.game.legal_keys()[-1], seq, sh)
            assert undone > 0
            rec = st.record(tid)
            assert rec is not None and replay_record(rec).actions == rt.game.actions  # type: ignore[union-attr]
        finally:
            await hub.stop()

    asyncio.run(go())


def test_leave_vote_and_bot_replacement(store_url: str, tmp_path: Path) -> None:
    async def go() -> None:
        st = make_store(store_url)
        s = settings(store_url, tmp_path)
        hub = Hub(s, st)
        await hub.start()
        try:
            ana, ben, cy = {"id": "ua", "name": "Ana"}, {"id": "ub", "name": "Ben"}, {"id": "uc", "name": "Cy"}
            tid, sa = await hub.create_table(ana, "T", ["open", "open"], {})
            rt = await hub.get(tid)
            assert rt is not None
            _, sb = await hub.join(rt, ben, None)
            _, sc = await hub.join(rt, cy, None)
            with pytest.raises(ConflictError):
                await hub.start_game(rt, "ub", fill_bots=False)  # only the host starts
            await hub.start_game(rt, "ua", fill_bots=False)
            with pytest.raises(ConflictError):  # Cy is present and not idle
                await hub.vote(rt, 0, 2, hash_secret(sa))
            assert await hub.leave(rt, "uc", None) == "left"
            assert rt.meta is not None and rt.meta.seats[2].left and rt.meta.seats[2].kind == "human"
            assert await hub.vote(rt, 0, 2, hash_secret(sa)) == "voted"
            assert rt.meta.seats[2].kind == "human"
            assert await hub.vote(rt, 1, 2, hash_secret(sb)) == "replaced"
            assert rt.meta.seats[2].kind == "bot"
            t = st.load(tid)[0]  # type: ignore[index]
            assert t.seats[2].kind == "bot" and t.seats[2].secret_hash is None and not t.votes
            with pytest.raises(ConflictError):  # Cy's old seat secret no longer works
                await hub.act(rt, 2, "x", 0, hash_secret(sc))
        finally:
            await hub.stop()

    asyncio.run(go())


def test_two_hubs_on_one_database_see_each_other(pg_url: str, tmp_path: Path) -> None:
    """A change made through one hub reaches the other (notification or poll); PostgreSQL only."""
    store_url = pg_url

    async def go() -> None:
        hub1 = Hub(settings(store_url, tmp_path), make_store(store_url))
        hub2 = Hub(settings(store_url, tmp_path), make_store(store_url))
        await hub1.start()
        await hub2.start()
        try:
            user = {"id": "u1", "name": "Ana"}
            tid, secret = await hub1.create_table(user, "T", ["bot:random"], {"pilot": "simplified"})
            rt1 = await hub1.get(tid)
            rt2 = await hub2.get(tid)
            assert rt1 is not None and rt2 is not None
            await hub1.start_game(rt1, "u1", fill_bots=True)
            await _wait_bots(hub1, tid)
            g = rt1.game
            assert g is not None
            await hub1.act(rt1, 0, g.legal_keys()[0], g.seq, hash_secret(secret))
            # Read together, with no await between: the bots may act on after this point.
            target, done = rt1.version, len(g.actions)
            loop = asyncio.get_running_loop()
            end = loop.time() + 10
            while rt2.version < target and loop.time() < end:
                await asyncio.sleep(0.02)
            assert rt2.version >= target
            assert rt2.game is not None and rt2.game.actions[:done] == g.actions[:done]
        finally:
            await hub1.stop()
            await hub2.stop()

    asyncio.run(go())


def test_idle_player_replaced_when_all_others_agree(store_url: str, tmp_path: Path) -> None:
    async def go() -> None:
        st = make_store(store_url)
        s = settings(store_url, tmp_path)
        s.idle_replace_after = 1.0  # (well past a start's durable write on a loaded machine)
        hub = Hub(s, st)
        await hub.start()
        try:
            users = [{"id": f"u{i}", "name": n} for i, n in enumerate(("Ana", "Ben", "Cy"))]
            tid, s0 = await hub.create_table(users[0], "T", ["open", "open"], {"pilot": "simplified"})
            rt = await hub.get(tid)
            assert rt is not None
            secrets_ = {0: hash_secret(s0)}
            for u in users[1:]:
                seat, sec = await hub.join(rt, u, None)
                secrets_[seat] = hash_secret(sec)
            await hub.start_game(rt, "u0", fill_bots=False)
            assert rt.game is not None
            idle = int(rt.game.current_player() or 0)
            voters = [x for x in range(3) if x != idle]
            with pytest.raises(ConflictError):  # not idle yet
                await hub.vote(rt, voters[0], idle, secrets_[voters[0]])
            await asyncio.sleep(1.1)
            assert await hub.vote(rt, voters[0], idle, secrets_[voters[0]]) == "voted"
            # the first vote changed the table, but the idle time still counts from the last move
            assert await hub.vote(rt, voters[1], idle, secrets_[voters[1]]) == "replaced"
            assert rt.meta is not None and rt.meta.seats[idle].kind == "bot"
            end = time.monotonic() + 30  # the bot takes over the pending decision
            while time.monotonic() < end:
                if rt.game.current_player() != idle or rt.game.seq > 0:
                    break
                await asyncio.sleep(0.01)
            assert rt.game.seq > 0
        finally:
            await hub.stop()

    asyncio.run(go())


def test_item_3_a_tables_bot_pace_is_stored_with_it(store_url: str) -> None:
    """Issue 34, item 3: the bots' pace is a table setting, stored with the table (both stores);
    a table without one moves its bots at once."""
    st = make_store(store_url)
    st.create_table(table_row("p1", [SeatRow(0, "human", "u1", "Ana", None, "h")]))
    for pace in ("normal", "slow"):
        t = table_row("p-" + pace, [SeatRow(0, "human", "u1", "Ana", None, "h")])
        t.bot_pace = pace
        st.create_table(t)
        assert st.load("p-" + pace)[0].bot_pace == pace  # type: ignore[index]
    assert st.load("p1")[0].bot_pace == "instant"  # type: ignore[index]


# ---------------------------------------------------------------------- chat


def test_chat_is_stored_numbered_and_read_back(store_url: str) -> None:
    st = make_store(store_url)
    st.create_table(table_row("c1", [SeatRow(0, "human", "u1", "Ana", None, "h")]))
    quiet = table_row("c2", [SeatRow(0, "human", "u1", "Ana", None, "h")])
    quiet.spectator_chat = False
    st.create_table(quiet)
    assert st.load("c1")[0].spectator_chat is True  # type: ignore[index]
    assert st.load("c2")[0].spectator_chat is False  # type: ignore[index]
    rows = [st.add_chat("c1", "u1", "Ana", 0, f"line {i}") for i in range(5)]
    assert [r.seq for r in rows] == [1, 2, 3, 4, 5]
    assert st.add_chat("c2", "u2", "Eve", None, "elsewhere").seq == 1  # numbered per table
    assert [r.text for r in st.chat("c1")] == [f"line {i}" for i in range(5)]
    assert [r.seq for r in st.chat("c1", since=3)] == [4, 5]
    assert [r.seq for r in st.chat("c1", limit=2)] == [4, 5]  # the latest, oldest first
    got = st.chat("c2")[0]
    assert (got.user_id, got.name, got.seat, got.text) == ("u2", "Eve", None, "elsewhere")
    # a restarted server (a new store on the same database) reads the same chat
    again = make_store(store_url)
    assert [r.text for r in again.chat("c1", since=4)] == ["line 4"]
    again.delete_all()
    assert st.chat("c1") == []


def test_chat_written_elsewhere_reaches_this_process(store_url: str, tmp_path: Path) -> None:
    """Another process's message is announced by notification (``chat:<table>:<number>``):
    the hub reads what its connections have not had and sends it, once."""
    from primetime.server.runtime import Client

    async def go() -> None:
        here = Hub(settings(store_url, tmp_path), make_store(store_url))
        there = make_store(store_url)
        await here.start()
        try:
            # a solo table: no bot moves, so nothing but the chat is sent meanwhile
            tid, _sh, _user = await _new_game(here, [])
            rt = await here.get(tid)
            assert rt is not None
            client = Client(None, None, "u9", lambda text: None, name="Eve")
            got = client.direct  # what the socket's sender would send (nobody sends it here)
            rt.clients.add(client)
            there.add_chat(tid, "u7", "Ben", None, "from the other process")
            here._on_notify(f"chat:{tid}:1")
            here._on_notify(f"chat:{tid}:1")  # a repeated notification sends nothing twice
            for _ in range(200):
                if got:
                    break
                await asyncio.sleep(0.01)
            await asyncio.sleep(0.1)
            assert len(got) == 1 and "from the other process" in got[0]
            # one written elsewhere whose notification has not come yet goes out before this process's own
            there.add_chat(tid, "u7", "Ben", None, "not announced yet")
            got.clear()
            await here.chat(rt, client, "mine")

            def texts() -> list[str]:
                return [m["text"] for text in got for m in json.loads(text)["messages"]]

            assert texts() == ["not announced yet", "mine"]  # (on PostgreSQL the notification may come first)
            here._on_notify(f"chat:{tid}:2")  # late: nothing more
            await asyncio.sleep(0.2)
            assert texts() == ["not announced yet", "mine"]
        finally:
            await here.stop()

    asyncio.run(go())
