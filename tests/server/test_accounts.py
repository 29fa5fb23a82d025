"""Accounts, sessions and ratings, on SQLite and PostgreSQL alike.

Sign-up (argon2 password hash, rate-limited, names cleaned), sign-in, sign-out, sessions that
survive a restarted server, a guest as quick as before (a name), clear 4xx messages (wrong
name or password, taken name, short or weak password); Plackett-Luce ratings of a finished table of accounts only,
applied once, in the transaction of its last action; profiles and leaderboards.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from primetime.server import accounts, ratings_store
from primetime.server.runtime import hash_secret
from primetime.server.store import ConflictError, SeatRow, TableRow, open_store

from .helpers import Person, ServerProc, recv_state

PASSWORD = "plum kettle orbit 71"


@pytest.fixture
def site(store_url: str, tmp_path: Path) -> Iterator[ServerProc]:
    """A server on either store (PRIMETIME_DATABASE_URL), bots without delay; fixed table seeds
    (the first table, both passing: seat 1 wins, no tie)."""
    s = ServerProc(tmp_path / "data", env={"PRIMETIME_DATABASE_URL": store_url, "PRIMETIME_TABLE_SEED": "1"}).start()
    yield s
    s.stop()


def account(base: str, name: str, password: str = PASSWORD) -> Person:
    p = Person(base)
    p.post("/api/signup", {"name": name, "password": password})
    return p


def play_by_passing(wss: list[Any]) -> dict[str, Any]:
    """Every seat passes (or takes its first option) until the game is over; the final view."""
    latest = [recv_state(ws) for ws in wss]
    while True:
        view = latest[0]["view"]
        if view["phase"] == "over":
            return dict(view)
        movers = [s for s, st in enumerate(latest) if (p := st["view"]["pending"]) and p["player"] == s and "options" in p]
        if not movers:  # a bot's turn
            latest = [recv_state(ws, min_version=st["version"] + 1) for ws, st in zip(wss, latest, strict=True)]
            continue
        s = movers[0]
        keys = [o["key"] for o in latest[s]["view"]["pending"]["options"]]
        key = next((k for k in keys if k.startswith("pass")), keys[0])
        wss[s].send(json.dumps({"type": "act", "key": key, "seq": latest[s]["seq"]}))
        latest = [recv_state(ws, min_version=st["version"] + 1) for ws, st in zip(wss, latest, strict=True)]


def rated_game(a: Person, b: Person) -> tuple[str, dict[str, Any]]:
    """``a`` hosts a 2-player The Networks table, ``b`` joins, both pass to the end."""
    tid = a.create(["open"], pilot="simplified")
    b.post(f"/api/tables/{tid}/join")
    a.post(f"/api/tables/{tid}/start", {})
    wss = [a.ws(tid), b.ws(tid)]
    try:
        final = play_by_passing(wss)
    finally:
        for ws in wss:
            ws.close()
    return tid, final


# ---------------------------------------------------------------------- sign-up, sign-in, sign-out


def test_sign_up_sign_in_sign_out_and_clear_refusals(site: ServerProc, tmp_path: Path) -> None:
    eve = Person(site.url)
    r = eve.http.post("/api/signup", json={"name": "Ana", "password": "short"})
    assert r.status_code == 400 and "at least 8 characters" in r.json()["error"]
    r = eve.http.post("/api/signup", json={"name": "Bot 2", "password": PASSWORD})
    assert r.status_code == 400 and "bot" in r.json()["error"]  # names cleaned and checked as before
    ana = account(site.url, " Ana\u200b ")
    me = ana.get("/api/me")["user"]
    assert me["name"] == "Ana" and me["account"] is True
    r = eve.http.post("/api/signup", json={"name": "ANA", "password": PASSWORD})
    assert r.status_code == 409 and "taken" in r.json()["error"]
    # a guest may not pass for an account
    r = eve.http.post("/api/me", json={"name": "ana"})
    assert r.status_code == 409 and "belongs to an account" in r.json()["error"]
    # wrong password, unknown name: one answer (issue item 4: which names have accounts is not told)
    wrong = eve.http.post("/api/signin", json={"name": "Ana", "password": "wrong password"})
    unknown = eve.http.post("/api/signin", json={"name": "Anna", "password": PASSWORD})
    assert wrong.status_code == unknown.status_code == 401 and wrong.json() == unknown.json()
    assert "wrong name or password" in wrong.json()["error"]
    # sign out: the session is gone from the store, not only from the browser
    old_cookie = dict(ana.http.cookies)
    ana.post("/api/signout")
    assert ana.get("/api/me")["user"] is None
    assert httpx.get(site.url + "/api/me", cookies=old_cookie).json()["user"] is None
    # sign in (any case) from a new browser; the session survives a restarted server
    ben = Person(site.url)
    assert ben.post("/api/signin", {"name": "aNA", "password": PASSWORD})["name"] == "Ana"
    assert ben.get("/api/me")["user"]["id"] == me["id"]
    site.stop()
    site.start()
    assert ben.get("/api/me")["user"]["name"] == "Ana"
    # signing in again in the same browser ends its previous session
    before = dict(ben.http.cookies)
    ben.post("/api/signin", {"name": "Ana", "password": PASSWORD})
    assert httpx.get(site.url + "/api/me", cookies=before).json()["user"] is None
    assert ben.get("/api/me")["user"]["name"] == "Ana"
    # a guest is as quick as ever (a name), and keeps their games when they sign up
    cy = Person(site.url, "Cy")
    guest = cy.get("/api/me")["user"]
    assert guest["account"] is False
    tid = cy.create(["bot:random"], pilot="simplified")
    r = cy.post("/api/signup", {"name": "Cyril", "password": PASSWORD})
    assert r["id"] == guest["id"] and cy.get("/api/me")["user"] == {**guest, "name": "Cyril", "account": True}
    assert tid in [t["id"] for t in cy.get("/api/lobby")["mine"]]
    r = cy.http.post("/api/signup", json={"name": "Cy2", "password": PASSWORD})
    assert r.status_code == 409 and "sign out first" in r.json()["error"]
    # an account's new display name is its sign-in name
    cy.post("/api/me", {"name": "Cy"})
    assert Person(site.url).post("/api/signin", {"name": "cy", "password": PASSWORD})["id"] == guest["id"]
    assert cy.http.post("/api/me", json={"name": "ana"}).status_code == 409


def test_sign_ups_are_rate_limited(tmp_path: Path) -> None:
    s = ServerProc(tmp_path / "data", env={"PRIMETIME_RATE_USERS": "2/600", "PRIMETIME_RATE_SIGNINS": "2/600"}).start()
    try:
        account(s.url, "Ana")
        account(s.url, "Ben")
        r = Person(s.url).http.post("/api/signup", json={"name": "Cy", "password": PASSWORD})
        assert r.status_code == 429 and "too many new players" in r.json()["error"]
        p = Person(s.url)
        for _ in range(2):
            assert p.http.post("/api/signin", json={"name": "Ana", "password": "nope nope"}).status_code == 401
        r = p.http.post("/api/signin", json={"name": "Ana", "password": PASSWORD})
        assert r.status_code == 429 and "sign-in attempts" in r.json()["error"]
    finally:
        s.stop()


# ---------------------------------------------------------------------- ratings, profiles, leaderboards


def test_rated_game_profiles_and_leaderboard(site: ServerProc) -> None:
    ana, ben = account(site.url, "Ana"), account(site.url, "Ben")
    ids = [ana.get("/api/me")["user"]["id"], ben.get("/api/me")["user"]["id"]]
    tid, final = rated_game(ana, ben)
    winner = final["final"]["winners"]
    assert len(winner) == 1
    profiles = [ana.get(f"/api/users/{i}") for i in ids]
    for seat, prof in enumerate(profiles):
        assert prof["account"] and [g["id"] for g in prof["games"]] == [tid]
        g = prof["games"][0]
        assert g["rated"] and g["seat"] == seat and g["won"] == (seat in winner)
        assert [s["user"] for s in g["seats"]] == ids
        assert prof["ratings"]["networks"]["games"] == 1
    moved = [p["ratings"]["networks"]["rating"] - 1500 for p in profiles]
    changes = ana.get(f"/api/tables/{tid}/ratings")
    assert changes["rated"] and [(c["seat"], c["user"], c["after"] - c["before"]) for c in changes["seats"]] == \
        [(0, ids[0], moved[0]), (1, ids[1], moved[1])]
    w = winner[0]
    assert moved[w] > 0 > moved[1 - w]  # two new players: the winner rises, the loser falls
    board = ana.get("/api/leaderboard/networks")
    assert [p["id"] for p in board["players"]] == [ids[w], ids[1 - w]] and board["players"][0]["rank"] == 1
    assert ana.get("/api/leaderboard/prime-time")["players"] == []
    assert ana.http.get("/api/leaderboard/chess").status_code == 404
    assert ana.http.get("/api/users/nobody-here").status_code == 404

    # a game with a bot, or with a guest, is not rated
    cy = Person(site.url, "Cy")
    untouched = ana.get(f"/api/users/{ids[0]}")["ratings"]
    rated_game(ana, cy)
    t3 = ana.create(["bot:random"], pilot="simplified")
    ana.post(f"/api/tables/{t3}/start", {})
    ws = ana.ws(t3)
    try:
        play_by_passing([ws])
    finally:
        ws.close()
    prof = ana.get(f"/api/users/{ids[0]}")
    assert prof["ratings"] == untouched and [g["rated"] for g in prof["games"]] == [False, False, True]
    assert ana.get(f"/api/tables/{t3}/ratings") == {"rated": False, "seats": [], "weight": None, "reason": None}
    assert ana.get(f"/api/users/{cy.get('/api/me')['user']['id']}")["account"] is False


def test_a_taken_name_is_refused_by_the_store_itself(store_url: str) -> None:
    """Two sign-ups of one name racing past the route's check: the unique name key refuses the second,
    and nothing of it is stored (no user, no session)."""
    st = open_store(store_url)
    accounts.sign_up(st, "u1", None, "Ana", "hash", hash_secret("dead1"), hash_secret("s1"))
    with pytest.raises(ConflictError, match="taken"):
        accounts.sign_up(st, "u2", None, "ANA", "hash", hash_secret("dead2"), hash_secret("s2"))
    assert st.user_by_secret(hash_secret("s2")) is None
    assert st.read(lambda tx: tx.one("SELECT COUNT(*) FROM users")[0]) == 1
    assert st.user_by_secret(hash_secret("s1")) == {"id": "u1", "name": "Ana", "prefs": {}, "account": True}
    st.close()


def test_ratings_stored_once_per_table(store_url: str) -> None:
    """The store part: a finished table of accounts is rated once; bots or guests make it unrated."""
    st = open_store(store_url)
    for uid, name in (("u1", "Ana"), ("u2", "Ben"), ("u3", "Cy")):
        accounts.sign_up(st, uid, None, name, "hash", hash_secret("dead-" + uid), hash_secret("s-" + uid))
    st.create_user("g1", "Guest", hash_secret("g"))
    result = {"players": [{"total": 40}, {"total": 50}, {"total": 45}], "winners": [1]}

    def table(tid: str, users: list[str | None]) -> TableRow:
        seats = [SeatRow(i, "human" if u else "bot", u, f"P{i}", None if u else "greedy") for i, u in enumerate(users)]
        t = TableRow(tid, "t", "networks", users[0], "finished", {}, 1, len(seats), [s.name or "" for s in seats], 1, 0, 0,
                     result, False, 1.0, 1.0, seats=seats)
        st.create_table(t)
        return t

    rated = table("tab1", ["u1", "u2", "u3"])
    assert st.write(lambda tx: ratings_store.rate_finished(tx, rated)) is True
    assert st.write(lambda tx: ratings_store.rate_finished(tx, rated)) is False  # once
    board = ratings_store.leaderboard(st, "networks")
    assert [p["id"] for p in board] == ["u2", "u3", "u1"] and all(p["games"] == 1 for p in board)
    assert board[0]["rating"] > 1500 > board[2]["rating"]
    for tid, users in (("tab2", ["u1", None, "u2"]), ("tab3", ["u1", "g1", "u2"]), ("tab4", ["u1"])):
        t = table(tid, users)
        assert st.write(lambda tx, t=t: ratings_store.rate_finished(tx, t)) is False, tid
    prof = ratings_store.profile(st, "u1")
    assert prof is not None and prof["ratings"]["networks"]["games"] == 1
    assert {g["id"]: g["rated"] for g in prof["games"]} == {"tab1": True, "tab2": False, "tab3": False, "tab4": False}
    # guests never show up as accounts in profiles
    tab3 = next(g for g in prof["games"] if g["id"] == "tab3")
    assert [s["user"] for s in tab3["seats"]] == ["u1", None, "u2"]
    st.close()


def test_ratings_per_game_and_tables_ending_at_once(store_url: str) -> None:
    """Each game has its own ratings; tables of the same players ending together in several threads
    (processes sharing PostgreSQL) are all rated, none lost, none blocked."""
    st = open_store(store_url)
    users = ["u1", "u2", "u3", "u4"]
    for uid in users:
        accounts.sign_up(st, uid, None, "N" + uid, "hash", hash_secret("dead-" + uid), hash_secret("s-" + uid))

    def table(tid: str, game: str, seats_of: list[str]) -> TableRow:
        seats = [SeatRow(i, "human", u, u) for i, u in enumerate(seats_of)]
        t = TableRow(tid, "t", game, seats_of[0], "finished", {}, 1, len(seats), seats_of, 1, 0, 0,
                     {"players": [{"total": 10 + i} for i in range(len(seats))], "winners": [len(seats) - 1]},
                     False, 1.0, 1.0, seats=seats)
        st.create_table(t)
        return t

    pt = table("pt1", "prime-time", ["u1", "u2"])
    assert st.write(lambda tx: ratings_store.rate_finished(tx, pt))
    assert [p["id"] for p in ratings_store.leaderboard(st, "prime-time")] == ["u2", "u1"]
    assert ratings_store.leaderboard(st, "networks") == []
    # ten tables, every one with u1 and u2 (in both seat orders), rated from four threads at once
    tables = [table(f"n{i}", "networks", ["u1", "u2", "u3"] if i % 2 else ["u2", "u1", "u4"]) for i in range(10)]
    errors: list[BaseException] = []

    def worker(mine: list[TableRow]) -> None:
        try:
            for t in mine:
                assert st.write(lambda tx, t=t: ratings_store.rate_finished(tx, t))
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)
        finally:
            st.close()

    threads = [threading.Thread(target=worker, args=(tables[i::4],)) for i in range(4)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert not errors
    games = {p["id"]: p["games"] for p in ratings_store.leaderboard(st, "networks")}
    assert games == {"u1": 10, "u2": 10, "u3": 5, "u4": 5}
    prof = ratings_store.profile(st, "u1")
    assert prof is not None and prof["ratings"]["prime-time"]["games"] == 1 and prof["ratings"]["networks"]["games"] == 10
    st.close()
