"""Issue 36, "Turn-based clocks done well": a time bank (days added per move, up to a cap), holidays an
account sets in advance (its turn-based clocks stand still, and no turn or reminder message goes to it
meanwhile), the host's choice of what happens at zero (a bot plays on and the player may take the seat
back, or the game ends for that player), and a limit on the turn-based games one player is in at once
(growing with the games they finish).  The acceptance game: four accounts over a faked clock, in one
process with the real hub and store."""

from __future__ import annotations

import asyncio
import datetime as dt
import threading
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

from primetime.server import clocks, clockspans, holidays_api, migrations, turnbased
from primetime.server.config import Settings
from primetime.server.hub import Hub
from primetime.server.runtime import Runtime, hash_secret
from primetime.server.store import ConflictError, Store, open_store

from .helpers import Person, ServerProc
from .notify_parts import MailSink
from .test_clocks import FakeGame, seats
from .test_notify_game import FakeClock, account, turn_table
from .test_notify_game import server as notify_server

DAY = 86400.0
HOUR = 3600.0


@pytest.fixture
def mail() -> Iterator[MailSink]:
    m = MailSink().start()
    yield m
    m.stop()


# ---------------------------------------------------------------------- the clock itself
def test_time_bank_is_chosen_by_the_host_and_checked() -> None:
    c = clocks.parse({"mode": "turn", "days": 2, "bank_days": 1, "bank_cap": 7})
    assert c is not None and (c["per_move"], c["bank"], c["bank_cap"]) == (2 * DAY, DAY, 7 * DAY)
    d = clocks.parse({"mode": "turn", "days": 1, "bank_days": 0.5})
    assert d is not None and d["bank_cap"] == 1.5 * DAY, "the cap, unless given: three times the days added, at least the days to start with"
    assert "bank" not in (clocks.parse({"mode": "turn", "days": 1}) or {}), "no bank unless asked for"
    for bad in ({"mode": "realtime", "minutes": 5, "bank_days": 1}, {"mode": "turn", "days": 3, "bank_days": 1, "bank_cap": 2},
                {"mode": "turn", "days": 1, "bank_days": 2, "bank_cap": 1.5}, {"mode": "turn", "days": 1, "bank_days": 1, "bank_cap": 99},
                {"mode": "turn", "days": 1, "bank_days": "1"}, {"mode": "turn", "days": 1, "bank_cap": 5}):
        with pytest.raises(clocks.ClockError):
            clocks.parse(bad)
    summary = clocks.summary(c)
    assert summary is not None and summary["bank"] == DAY and "remaining" not in summary


def test_time_bank_adds_days_when_a_turn_ends_up_to_the_cap() -> None:
    t = seats("human", "human")
    c = clocks.parse({"mode": "turn", "days": 1, "bank_days": 0.5, "bank_cap": 2, "more_time": [1], "more_factor": 2})
    assert c is not None
    t.clock = c
    clocks.start(c, t, FakeGame(0), now=0.0)
    assert c["remaining"] == [DAY, 2 * DAY], "each seat starts with its days (seat 1: twice)"
    clocks.after_change(t, FakeGame(0), now=HOUR, mover=0)  # seat 0 decides again: its turn goes on, nothing earned
    assert c["remaining"][0] == DAY - HOUR and c["running"] == [0]
    clocks.after_change(t, FakeGame(1), now=2 * HOUR, mover=0)  # its turn ends: half a day added
    assert c["remaining"][0] == DAY - 2 * HOUR + DAY / 2 and c["running"] == [1]
    clocks.after_change(t, FakeGame(0), now=3 * HOUR, mover=1)  # seat 1's time keeps on (no fresh days), its bank twice
    assert c["remaining"][1] == 2 * DAY - HOUR + DAY
    now = 3 * HOUR
    for _ in range(4):  # quick turns fill the bank up to its cap, never past it
        now += 60
        clocks.after_change(t, FakeGame(1), now=now, mover=0)
        now += 60
        clocks.after_change(t, FakeGame(0), now=now, mover=1)
    assert c["remaining"][0] == 2 * DAY and c["remaining"][1] == 4 * DAY


def test_holidays_stop_the_clock_and_move_its_deadline() -> None:
    assert clockspans.merged([[5, 8], [1, 3], [2, 4], [9, 9]]) == [(1, 4), (5, 8)]
    assert clockspans.counted([[10, 20]], 0, 30) == 20 and clockspans.counted([[10, 20]], 12, 18) == 0
    assert clockspans.after([[10, 20], [25, 30]], 0, 18) == 33 and clockspans.after([], 5, 1) == 6
    assert clockspans.current([[10, 20]], 10) == 20 and clockspans.current([[10, 20]], 20) is None
    t = seats("human", "human")
    c = clocks.parse({"mode": "turn", "days": 1})
    assert c is not None
    t.clock = c
    c["holidays"] = {"0": [[HOUR, 3 * HOUR]]}
    clocks.start(c, t, FakeGame(0), now=0.0)
    assert clocks.left(c, 0, 3 * HOUR) == DAY - HOUR, "two hours of holiday stood the clock still"
    assert clocks.next_deadline(c) == DAY + 2 * HOUR and clocks.expired(c, DAY + HOUR) == []
    assert clocks.holiday_end(c, 0, 2 * HOUR) == 3 * HOUR and clocks.holiday_end(c, 1, 2 * HOUR) is None
    clocks.after_change(t, FakeGame(1), now=4 * HOUR, mover=0)
    clocks.after_change(t, FakeGame(0), now=5 * HOUR, mover=1)
    assert c["remaining"][0] == DAY, "a new decision: a full day (no bank)"
    real = clocks.parse({"mode": "realtime", "minutes": 10})
    assert real is not None
    real["holidays"] = {"0": [[0, DAY]]}
    assert clocks.holidays(real, 0) == [], "holidays stop turn-based clocks only"


# ---------------------------------------------------------------------- holidays as an account sets them
def test_holidays_are_set_in_advance_within_limits(store_url: str) -> None:
    store = open_store(store_url)
    now = dt.datetime(2026, 12, 6, 10, 0, tzinfo=dt.UTC).timestamp()
    got = turnbased.add_holiday(store, "u1", {"first_day": "2026-12-24", "last_day": "2026-12-26", "tz_offset": -60}, now)
    assert got["starts"] == dt.datetime(2026, 12, 23, 23, 0, tzinfo=dt.UTC).timestamp(), "midnight where the account lives (UTC+1)"
    assert got["ends"] - got["starts"] == 3 * DAY and not got["now"]
    today = turnbased.add_holiday(store, "u1", {"first_day": "2026-12-06"}, now)
    assert today["starts"] == now and today["now"], "a holiday from today begins now"
    refusals = {
        "in advance": {"first_day": "2026-12-05"},
        "the same as first_day or later": {"first_day": "2026-12-10", "last_day": "2026-12-09"},
        "at most 30 days": {"first_day": "2027-01-10", "last_day": "2027-02-20"},
        "overlaps": {"first_day": "2026-12-26", "last_day": "2026-12-27"},
        "within 365 days": {"first_day": "2028-01-10"},
        "a date such as": {"first_day": "soon"},
        "at most 60 days of holiday": {"first_day": "2027-02-01", "last_day": "2027-03-01"},
    }
    turnbased.add_holiday(store, "u1", {"first_day": "2027-01-01", "last_day": "2027-01-30"}, now)
    for why, data in refusals.items():
        with pytest.raises(turnbased.HolidayError, match=why):
            turnbased.add_holiday(store, "u1", data, now)
    assert [h["first_day"] for h in turnbased.holidays_of(store, "u1", now)] == ["2026-12-06", "2026-12-24", "2027-01-01"]
    assert turnbased.end_holiday(store, "u1", got["id"], now) == "removed", "one to come is removed"
    assert turnbased.end_holiday(store, "u1", today["id"], now + HOUR) == "ended", "one under way ends now"
    assert [h["first_day"] for h in turnbased.holidays_of(store, "u1", now + HOUR)] == ["2027-01-01"]
    with pytest.raises(turnbased.HolidayError, match="no such holiday"):
        turnbased.end_holiday(store, "u2", today["id"], now)
    assert migrations.LATEST >= 4 and any(m.version == 4 and "holidays" in m.name for m in migrations.MIGRATIONS)
    store.close()


def test_a_holiday_over_a_change_of_the_clocks_ends_at_the_last_days_midnight() -> None:
    """The page sends the offset at the first day's midnight and at the midnight after the last day: a
    holiday in Berlin over the change to summer time (28 March 2027) ends at midnight local time, not an
    hour late; an offset out of range is refused with the field's name."""
    now = dt.datetime(2027, 3, 1, 10, 0, tzinfo=dt.UTC).timestamp()
    berlin = {"first_day": "2027-03-20", "last_day": "2027-03-30", "tz_offset": -60, "tz_offset_end": -120}
    starts, ends, _first, _last = turnbased.span_of(berlin, now)
    assert starts == dt.datetime(2027, 3, 19, 23, 0, tzinfo=dt.UTC).timestamp(), "midnight of 20 March at UTC+1"
    assert ends == dt.datetime(2027, 3, 30, 22, 0, tzinfo=dt.UTC).timestamp(), "midnight after 30 March at UTC+2"
    assert ends - starts == 11 * DAY - HOUR, "eleven days, one of them 23 hours long"
    _s, same, _f, _l = turnbased.span_of({k: v for k, v in berlin.items() if k != "tz_offset_end"}, now)
    assert same == ends + HOUR, "without the end's offset the first day's is taken for both"
    with pytest.raises(turnbased.HolidayError, match="tz_offset_end is your clock's offset"):
        turnbased.span_of({**berlin, "tz_offset_end": "CEST"}, now)


# ---------------------------------------------------------------------- the limit under concurrent joins
def test_issue36_two_seats_taken_at_once_count_one_after_the_other(store_url: str, tmp_path: Path) -> None:
    """The limit of turn-based games holds when a player takes two seats at the same moment (two joins
    of two tables, each write locking only its own table): the second join counts the first.  On
    PostgreSQL the first holds the player's lock until it commits and the second waits for it (the
    test waits until it does); SQLite's writers take turns anyway."""
    settings = Settings(data_dir=tmp_path / "data", workers=1, database_url=store_url, bot_workers=0, turn_games=1)
    store = open_store(store_url)
    ann, bob, cy = (account(store, n) for n in ("Ann", "Bob", "Cy"))

    async def two_tables() -> list[str]:
        hub = Hub(settings, store)
        await hub.start()
        try:
            return [(await hub.create_table(host, "Slow game", ["open"], {}, game="networks",
                                            clock=clocks.parse({"mode": "turn", "days": 1})))[0] for host in (ann, bob)]
        finally:
            await hub.stop()

    tids = asyncio.run(two_tables())
    holding, release, second_done = threading.Event(), threading.Event(), threading.Event()
    outcome: dict[int, BaseException | None] = {}

    def join(i: int) -> None:
        def go(tx: Any) -> None:
            t = tx.lock_table(tids[i])
            turnbased.check_limit(tx, cy["id"], settings)
            seat = next(s for s in t.seats if s.kind == "open")
            seat.kind, seat.user_id, seat.name = "human", cy["id"], cy["name"]
            tx.set_seat(t.id, seat)
            if i == 0:  # the first join holds its transaction open until the second one has come
                holding.set()
                assert release.wait(60)
        try:
            store.write(go)
            outcome[i] = None
        except BaseException as exc:
            outcome[i] = exc
        finally:
            if i == 1:
                second_done.set()

    first = threading.Thread(target=join, args=(0,))
    first.start()
    assert holding.wait(60)
    second = threading.Thread(target=join, args=(1,))
    second.start()
    if store.kind == "postgresql":  # until the second join waits for the player's lock (or, without it, got through)
        deadline = time.monotonic() + 60
        while not second_done.is_set() and time.monotonic() < deadline:
            waiting = store.read(lambda tx: tx.one("SELECT COUNT(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted")[0])
            if waiting:
                break
            second_done.wait(0.01)
    release.set()
    first.join(60)
    second.join(60)
    assert outcome[0] is None, outcome[0]
    assert isinstance(outcome[1], ConflictError) and "you are in 1 turn-based games" in str(outcome[1]), outcome[1]
    held = store.read(lambda tx: tx.all("SELECT table_id FROM seats WHERE user_id = ?", (cy["id"],)))
    assert [r[0] for r in held] == [tids[0]], "one seat taken, the other refused"
    store.close()


# ---------------------------------------------------------------------- the acceptance game
@asynccontextmanager
async def hub_on(tmp_path: Path, **kw: Any) -> AsyncIterator[tuple[Hub, Store]]:
    settings = Settings(data_dir=tmp_path / "data", workers=1, database_url=None, bot_workers=0, **kw)
    store = open_store(None, settings.data_dir, "NORMAL")
    hub = Hub(settings, store)
    await hub.start()
    try:
        yield hub, store
    finally:
        await hub.stop()
        store.close()


def humans_to_act(rt: Runtime) -> list[int]:
    t, g = rt.meta, rt.game
    assert t is not None and g is not None
    return [p for p in sorted(g.pending_players()) if t.seats[p].kind == "human"]


async def bots_done(rt: Runtime) -> None:
    """Wait until the bots have moved: a person must act, or the game is over."""
    for _ in range(100_000):
        if rt.meta is not None and (rt.meta.status != "running" or humans_to_act(rt)) and (rt.bot_task is None or rt.bot_task.done()):
            return
        await asyncio.sleep(0.001)
    raise AssertionError("the bots did not move on")


async def act(hub: Hub, rt: Runtime, secrets: dict[int, str], seat: int) -> None:
    assert rt.game is not None
    d = rt.game.pending(seat)
    assert d is not None
    await hub.act(rt, seat, d.options[0].key, rt.shown(seat)[0], hash_secret(secrets[seat]))


async def until_one(hub: Hub, rt: Runtime, secrets: dict[int, str], clock: FakeClock, avoid: tuple[int, ...] = ()) -> int:
    """Play on (a minute a move) until exactly one person must act, not one of ``avoid``: that seat."""
    for _ in range(200):
        await bots_done(rt)
        pend = humans_to_act(rt)
        if len(pend) == 1 and pend[0] not in avoid:
            return pend[0]
        clock.advance(60)
        await act(hub, rt, secrets, next(p for p in pend if p not in avoid))
    raise AssertionError("nobody came to act alone")


async def two_seats(hub: Hub, store: Store, name: str, clock: dict[str, Any]) -> tuple[Runtime, dict[int, str]]:
    """Ann's Networks table for Ann and Bob with ``clock`` (a host's time-control choice), started: the table and each seat's secret."""
    ann, bob = account(store, "Ann"), account(store, "Bob")
    tid, secret = await hub.create_table(ann, name, ["open"], {"pilot": "simplified"}, game="networks", clock=clocks.parse(clock))
    rt = await hub.get(tid)
    assert rt is not None and rt.meta is not None
    seat, bsecret = await hub.join(rt, bob, None)
    await hub.start_game(rt, ann["id"], False)
    return rt, {0: secret, seat: bsecret}


def clock_of(rt: Runtime) -> dict[str, Any]:
    assert rt.meta is not None and rt.meta.clock is not None
    return rt.meta.clock


def test_issue36_four_accounts_holidays_time_bank_a_bot_at_zero_a_seat_taken_back_and_the_limit(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    clock = FakeClock(monkeypatch)
    monkeypatch.setenv("PRIMETIME_TABLE_SEED", "3636")

    async def go() -> None:
        async with hub_on(tmp_path, turn_games=1, turn_games_every=1, turn_games_max=3) as (hub, store):
            people = [account(store, n) for n in ("Ann", "Bob", "Cy", "Dee")]
            tc = {"mode": "turn", "days": 1, "bank_days": 0.5, "bank_cap": 1.5, "policy": "bot"}
            tid, secret = await hub.create_table(people[0], "Across days", ["open"] * 3, {"pilot": "simplified"}, game="networks",
                                                 clock=clocks.parse(tc))
            rt = await hub.get(tid)
            assert rt is not None and rt.meta is not None
            secrets = {0: secret}
            for p in people[1:]:
                seat, s = await hub.join(rt, p, None)
                secrets[seat] = s
            by_id = {s.user_id: s.seat for s in rt.meta.seats}
            seat_of = {p["name"]: by_id[p["id"]] for p in people}
            await hub.start_game(rt, people[0]["id"], False)
            # --- the limit: one turn-based game at once for a player who has finished none
            with pytest.raises(ConflictError, match=r"in 1 turn-based games.*the limit is 1, one more for every 1 games you finish, up to 3"):
                await hub.create_table(people[0], "One too many", ["open"], {}, game="networks", clock=clocks.parse({"mode": "turn", "days": 1}))
            await hub.create_table(people[0], "Real time is not counted", ["open"], {}, game="networks",
                                   clock=clocks.parse({"mode": "realtime", "minutes": 5}))

            # --- the time bank: each turn a player ends adds half a day, up to a day and a half
            bank, cap = 0.5 * DAY, 1.5 * DAY
            added = capped = 0
            for _ in range(40):
                await bots_done(rt)
                seat = humans_to_act(rt)[0]
                clock.advance(HOUR)
                before = clocks.left(clock_of(rt), seat, clock.now)
                await act(hub, rt, secrets, seat)
                c = clock_of(rt)
                if seat not in c["running"]:  # the turn ended
                    assert c["remaining"][seat] == pytest.approx(min(before + bank, cap))
                    added += before + bank <= cap
                    capped += before + bank > cap
                else:
                    assert c["remaining"][seat] == pytest.approx(before), "a turn that goes on earns nothing"
                if added and capped >= 2:
                    break
            assert added and capped >= 2, (added, capped)

            # --- holidays: the player to move goes on holiday; their clock stands still until it ends
            x = await until_one(hub, rt, secrets, clock)
            xp = next(p for p in people if seat_of[p["name"]] == x)
            today = dt.datetime.fromtimestamp(clock.now, dt.UTC).date()
            hol = await hub.write(turnbased.add_holiday, store, xp["id"], {"first_day": today.isoformat(),
                                                                          "last_day": (today + dt.timedelta(days=2)).isoformat()}, clock.now)
            assert await holidays_api.holidays_changed(hub, store, xp["id"]) == 1
            c = clock_of(rt)
            assert c["holidays"][str(x)] == [[hol["starts"], hol["ends"]]], "the table's clock holds the holiday"
            left = clocks.left(c, x, clock.now)
            assert clocks.next_deadline(c) == pytest.approx(hol["ends"] + left)
            clock.now = hol["ends"] - HOUR  # two days and more later: still on holiday
            assert clocks.left(clock_of(rt), x, clock.now) == pytest.approx(left) and not clocks.expired(clock_of(rt), clock.now)
            await hub.expire(rt)
            assert rt.meta.seats[x].kind == "human", "no timeout while on holiday"
            clock.now = hol["ends"] + HOUR
            assert clocks.left(clock_of(rt), x, clock.now) == pytest.approx(left - HOUR), "the clock runs again after the holiday"
            await act(hub, rt, secrets, x)

            # --- at zero: Dee vanishes; a bot takes her seat and plays on
            dee = seat_of["Dee"]
            cy = seat_of["Cy"]
            for _ in range(400):
                await bots_done(rt)
                pend = humans_to_act(rt)
                others = [p for p in pend if p not in (dee, cy)]
                if others:
                    clock.advance(HOUR)
                    await act(hub, rt, secrets, others[0])
                    continue
                who = pend[0]  # Dee or Cy, who never move: their time runs out
                clock.now = clocks.when_left(clock_of(rt), who, 0.0) + 1
                await hub.expire(rt)
                assert rt.meta.seats[who].kind == "bot" and who in clock_of(rt)["timed_out"]
                if rt.meta.seats[dee].kind == "bot" and rt.meta.seats[cy].kind == "bot":
                    break
            assert rt.meta.seats[dee].kind == "bot" and rt.meta.seats[cy].kind == "bot"
            assert rt.meta.seats[dee].name == "Dee" and rt.meta.seats[dee].user_id == people[3]["id"], "the seat stays hers, played by a bot"
            # --- Cy takes his seat back while the game runs: a person again, with at least his starting day
            seat, secrets[cy] = await hub.rejoin(rt, people[2]["id"])
            assert seat == cy and rt.meta.seats[cy].kind == "human" and cy not in clock_of(rt)["timed_out"]
            assert clock_of(rt)["remaining"][cy] >= DAY
            # --- the game finishes: Ann, Bob and Cy play on, Dee's bot too
            for _ in range(5000):
                await bots_done(rt)
                if rt.meta.status != "running":
                    break
                clock.advance(60)
                await act(hub, rt, secrets, humans_to_act(rt)[0])
            assert rt.meta.status == "finished" and rt.game is not None and rt.game.is_over()
            assert rt.meta.seats[dee].kind == "bot" and rt.meta.result is not None and "forfeited" not in rt.meta.result

            # --- the limit grows with finished games: Ann finished one (in her seat), Dee none (a bot played hers out)
            def turn() -> dict[str, Any] | None:
                return clocks.parse({"mode": "turn", "days": 1})

            for name in ("Ann's next", "Ann's third"):
                await hub.create_table(people[0], name, ["open"], {}, game="networks", clock=turn())
            with pytest.raises(ConflictError, match=r"in 2 turn-based games.*you have finished 1, so yours is 2"):
                await hub.create_table(people[0], "Ann's fourth", ["open"], {}, game="networks", clock=turn())
            other, _ = await hub.create_table(people[3], "Dee's", ["open"], {}, game="networks", clock=turn())
            with pytest.raises(ConflictError, match="you have finished 0, so yours is 1"):
                await hub.create_table(people[3], "Dee's second", ["open"], {}, game="networks", clock=turn())
            ort = await hub.get(other)
            assert ort is not None
            with pytest.raises(ConflictError, match="the most you may play at once"):  # joining counts as creating does
                await hub.join(ort, people[0], None)
            seat2, _ = await hub.join(ort, people[1], None)  # Bob finished one too: room for a second
            assert seat2 == 1

    asyncio.run(go())


def test_time_bank_an_undo_gives_back_no_time(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With a time bank a seat keeps its time from decision to decision; an undo (during one's own turn, which has
    earned nothing yet: the bank pays when a turn ends) takes the step back and leaves the time spent since spent."""
    from primetime.server.gamestate import undo_refusal

    clock = FakeClock(monkeypatch)
    monkeypatch.setenv("PRIMETIME_TABLE_SEED", "3639")

    async def go() -> None:
        async with hub_on(tmp_path) as (hub, store):
            rt, secrets = await two_seats(hub, store, "Undo", {"mode": "turn", "days": 1, "bank_days": 0.5, "bank_cap": 1.5})
            for _ in range(200):
                seat = await until_one(hub, rt, secrets, clock)
                clock.advance(HOUR)
                before = clocks.left(clock_of(rt), seat, clock.now)
                await act(hub, rt, secrets, seat)
                if seat not in clock_of(rt)["running"] or undo_refusal(rt.game, rt.marks, seat) is not None:
                    continue
                assert clock_of(rt)["remaining"][seat] == pytest.approx(before), "a turn that goes on keeps its time"
                clock.advance(60)
                await hub.undo(rt, seat, rt.shown(seat)[0], hash_secret(secrets[seat]))
                assert clocks.left(clock_of(rt), seat, clock.now) == pytest.approx(before - 60), "no fresh days, the minute spent"
                return
            raise AssertionError("no step could be undone")

    asyncio.run(go())


def test_issue36_game_ends_for_the_player_whose_turn_based_clock_runs_out_under_the_end_policy(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The host's other choice at zero: the game ends for that player (a bot plays the seat out, the player
    is ranked last and may not take it back); the time bank is no way around it."""
    clock = FakeClock(monkeypatch)
    monkeypatch.setenv("PRIMETIME_TABLE_SEED", "3637")

    async def go() -> None:
        async with hub_on(tmp_path) as (hub, store):
            rt, secrets = await two_seats(hub, store, "Ends", {"mode": "turn", "days": 1, "bank_days": 1, "policy": "end"})
            assert rt.meta is not None
            late = await until_one(hub, rt, secrets, clock)
            late_id = rt.meta.seats[late].user_id
            clock.now = clocks.when_left(clock_of(rt), late, 0.0) + 1
            await hub.expire(rt)
            assert clock_of(rt)["forfeited"] == [late] and rt.meta.seats[late].kind == "bot"
            with pytest.raises(ConflictError, match="ranked last"):
                await hub.rejoin(rt, str(late_id))
            for _ in range(5000):
                await bots_done(rt)
                if rt.meta.status != "running":
                    break
                clock.advance(60)
                await act(hub, rt, secrets, humans_to_act(rt)[0])
            assert rt.meta.status == "finished" and rt.meta.result is not None
            assert rt.meta.result["forfeited"] == [late] and late not in rt.meta.result["winners"]

    asyncio.run(go())


def test_issue36_no_turn_message_or_reminder_while_on_holiday(tmp_path: Path, mail: MailSink, monkeypatch: pytest.MonkeyPatch) -> None:
    """A player whose turn begins on holiday is told when the holiday ends; their reminder comes at 80% of
    their time, the holiday not counted."""
    clock = FakeClock(monkeypatch)
    monkeypatch.setenv("PRIMETIME_TABLE_SEED", "3638")

    async def go() -> None:
        async with notify_server(tmp_path, mail) as (hub, notifier, store):
            ann, bob = account(store, "Ann", "ann@example.org"), account(store, "Bob", "bob@example.org")
            today = dt.datetime.fromtimestamp(clock.now, dt.UTC).date()
            hol = turnbased.add_holiday(store, bob["id"], {"first_day": today.isoformat(),
                                                           "last_day": (today + dt.timedelta(days=1)).isoformat()}, clock.now)
            rt, secrets = await turn_table(hub, [ann, bob], days=1.0)  # (the holiday is in the clock from the start)
            assert rt.meta is not None
            bob_seat = next(s.seat for s in rt.meta.seats if s.user_id == bob["id"])
            for _ in range(30):
                await notifier.drain()
                if bob_seat in humans_to_act(rt):
                    break
                clock.advance(60)
                await act(hub, rt, secrets, humans_to_act(rt)[0])
            assert bob_seat in humans_to_act(rt)
            started = clock.now
            await notifier.drain()
            assert not mail.to("bob@example.org"), "nothing while on holiday"
            clock.now = hol["ends"] - 60
            await notifier.drain()
            assert not mail.to("bob@example.org")
            clock.now = hol["ends"] + 1
            await notifier.drain()
            assert [str(m["Subject"]).startswith("Reminder") for m in mail.to("bob@example.org")] == [False], "told once the holiday is over"
            counted = clocks.spent(clock_of(rt), bob_seat, started, hol["ends"])
            assert counted == 0, "his clock stood still"
            clock.now = hol["ends"] + 0.8 * DAY - 60
            await notifier.drain()
            assert len(mail.to("bob@example.org")) == 1, "no reminder before 80% of his time, the holiday not counted"
            clock.now = hol["ends"] + 0.8 * DAY + 5
            await notifier.drain()
            assert [str(m["Subject"]).startswith("Reminder") for m in mail.to("bob@example.org")] == [False, True]

    asyncio.run(go())


# ---------------------------------------------------------------------- over HTTP
@pytest.fixture(params=["sqlite", "postgresql"])
def limited(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[ServerProc]:
    """A server whose players may be in two turn-based games at once, on either store."""
    env = {"PRIMETIME_TURN_GAMES": "2", "PRIMETIME_TURN_GAMES_EVERY": "5", "PRIMETIME_TURN_GAMES_MAX": "50"}
    if request.param == "postgresql":
        env["PRIMETIME_DATABASE_URL"] = str(request.getfixturevalue("pg_url"))
    s = ServerProc(tmp_path / "data", env=env).start()
    yield s
    s.stop()


def signed_up(url: str, name: str) -> Person:
    p = Person(url)
    p.post("/api/signup", {"name": name, "password": "a long and unguessable pass phrase"})
    return p


def test_issue36_holidays_api_bank_on_the_table_and_lobby_and_the_limit_over_http(limited: ServerProc) -> None:
    url = limited.url
    guest = Person(url, "Gus")
    r = guest.http.get("/api/me/holidays")
    assert r.status_code == 403 and "sign up" in r.json()["error"], "guests have no holidays: a clear message"
    ann, bob = signed_up(url, "Ann"), signed_up(url, "Bob")
    assert ann.get("/api/me/holidays")["holidays"] == []
    tc = {"mode": "turn", "days": 2, "bank_days": 1, "bank_cap": 5, "policy": "bot"}
    tid = ann.post("/api/tables", {"seats": ["open"], "options": {"pilot": "simplified"}, "time_control": tc})["id"]
    bob.post(f"/api/tables/{tid}/join")
    ann.post(f"/api/tables/{tid}/start", {})
    c = ann.get(f"/api/tables/{tid}")["clock"]
    assert (c["bank"], c["bank_cap"], c["per_move"]) == (DAY, 5 * DAY, 2 * DAY) and c["holidays"] == {}
    mine = next(t for t in ann.get("/api/lobby")["mine"] if t["id"] == tid)
    assert mine["clock"] == "turn" and mine["time_control"]["bank"] == DAY and mine["time_control"]["bank_cap"] == 5 * DAY
    # a holiday: set, listed, in the running table's clock; a bad one is a 400 that says why
    today = dt.datetime.now(dt.UTC).date()
    r = ann.http.post("/api/me/holidays", json={"first_day": (today - dt.timedelta(days=3)).isoformat(), "tz_offset": 0})
    assert r.status_code == 400 and "in advance" in r.json()["error"]
    got = ann.post("/api/me/holidays", {"first_day": (today + dt.timedelta(days=10)).isoformat(),
                                        "last_day": (today + dt.timedelta(days=12)).isoformat(), "tz_offset": 0})
    assert [h["id"] for h in got["holidays"]] == [got["holiday"]["id"]] and got["limits"]["max_days"] == turnbased.HOLIDAY_MAX_DAYS
    ann_seat = ann.get(f"/api/tables/{tid}")["you"]["seat"]
    assert ann.get(f"/api/tables/{tid}")["clock"]["holidays"] == {str(ann_seat): [[got["holiday"]["starts"], got["holiday"]["ends"]]]}
    assert ann.http.request("DELETE", "/api/me/holidays/nosuchholiday", json={}).status_code == 404
    left = ann.http.request("DELETE", f"/api/me/holidays/{got['holiday']['id']}", json={}).json()
    assert left["result"] == "removed" and left["holidays"] == []
    assert ann.get(f"/api/tables/{tid}")["clock"]["holidays"] == {}
    # the limit (2 here): a second turn-based table is fine, a third is refused with the rule
    ann.post("/api/tables", {"seats": ["open"], "time_control": {"mode": "turn", "days": 1}})
    r = ann.http.post("/api/tables", json={"seats": ["open"], "time_control": {"mode": "turn", "days": 1}})
    assert r.status_code == 409
    assert r.json()["error"] == ("you are in 2 turn-based games, the most you may play at once: finish one first "
                                 "(the limit is 2, one more for every 5 games you finish, up to 50; you have finished 0, so yours is 2)")
    assert ann.http.post("/api/tables", json={"seats": ["open"]}).status_code == 200, "a table without turn-based clocks is not counted"


def test_issue36_a_holiday_set_through_one_process_reaches_the_clock_the_other_serves(pg_url: str, tmp_path: Path) -> None:
    """Two server processes on one PostgreSQL: a holiday set through one is in the table's clock as the other
    reads and sends it (its state message to a connected player carries it), with no traceback in either log."""
    from .helpers import recv_state, two_servers

    with two_servers(tmp_path, {"PRIMETIME_DATABASE_URL": pg_url, "PRIMETIME_POLL_INTERVAL": "0.5"}) as (a, b):
        ann, bob = signed_up(a.url, "Ann"), signed_up(a.url, "Bob")
        tid = ann.post("/api/tables", {"seats": ["open"], "options": {"pilot": "simplified"},
                                       "time_control": {"mode": "turn", "days": 1, "bank_days": 1}})["id"]
        bob.post(f"/api/tables/{tid}/join")
        ann.post(f"/api/tables/{tid}/start", {})
        with bob.ws(tid) as ws:  # Bob watches through process a
            first = recv_state(ws)
            ann_b = Person(b.url)
            ann_b.http.cookies = ann.http.cookies  # Ann's browser, served by process b
            today = dt.datetime.now(dt.UTC).date()
            got = ann_b.post("/api/me/holidays", {"first_day": today.isoformat(), "tz_offset": 0})["holiday"]
            seat = next(s["seat"] for s in first["table"]["seats"] if s["name"] == "Ann")
            st = recv_state(ws, min_version=first["version"] + 1)
            assert st["table"]["clock"]["holidays"] == {str(seat): [[got["starts"], got["ends"]]]}
        assert ann.get(f"/api/tables/{tid}")["clock"]["holidays"] == {str(seat): [[got["starts"], got["ends"]]]}
        log = a.log_path.read_text() + b.log_path.read_text()
        assert "Traceback" not in log, log[-3000:]
