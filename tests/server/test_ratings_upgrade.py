"""Issue item 7: a database rated the old way (pairwise Glicko-2 rows, no marker of the model) gets
Plackett-Luce ratings recomputed from its stored history when the server starts: the old
``rating_changes`` rows stay as they were, the new ratings are what rating the same tables today
gives, once, even with several processes starting together; on SQLite and PostgreSQL."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from primetime.server import accounts, rating_glicko, ratings_store
from primetime.server.rating import Skill, finishing_ranks, rate
from primetime.server.runtime import hash_secret
from primetime.server.store import SeatRow, Store, TableRow, Tx, open_store

from .helpers import ServerProc

NEW_TABLES = ("skills", "rated_tables", "departures", "account_origins", "meta")
ID = {u: f"player-{u}" for u in "abcd"}  # the accounts' user ids (long enough for /api/users/<id>)


def old_rate_finished(tx: Tx, t: TableRow, at: float) -> None:
    """What releases before the Plackett-Luce model stored for a rated table (their
    ``accounts.rate_finished``): Glicko-2 in ``ratings`` and one ``rating_changes`` row per player."""
    users = [s.user_id for s in t.seats if s.user_id]
    scores = rating_glicko.pairwise_scores(t.result or {})
    assert scores is not None
    fresh = rating_glicko.Rating()
    current = {}
    for uid in sorted(users):
        tx.execute("INSERT INTO ratings (user_id, game, rating, rd, vol, games, updated) VALUES (?, ?, ?, ?, ?, 0, ?) "
                   "ON CONFLICT (user_id, game) DO NOTHING", (uid, t.game, fresh.rating, fresh.rd, fresh.vol, at))
        row = tx.one("SELECT rating, rd, vol FROM ratings WHERE user_id = ? AND game = ?", (uid, t.game))
        current[uid] = rating_glicko.Rating(float(row[0]), float(row[1]), float(row[2]))
    before = [current[u] for u in users]
    after = rating_glicko.rate_table(before, scores)
    for uid, old, new in zip(users, before, after, strict=True):
        tx.execute("UPDATE ratings SET rating = ?, rd = ?, vol = ?, games = games + 1, updated = ? WHERE user_id = ? AND game = ?",
                   (new.rating, new.rd, new.vol, at, uid, t.game))
        tx.execute("INSERT INTO rating_changes (table_id, user_id, game, rating_before, rating_after, rd_after, at) "
                   "VALUES (?, ?, ?, ?, ?, ?, ?)", (t.id, uid, t.game, old.rating, new.rating, new.rd, at))


#: (table, its players, their final totals, the winners): a and b meet at every table (the pair rule
#: weighs from their sixth game together), c and d now and then, ties included.
HISTORY = [(f"hist{i}", users, totals, winners) for i, (users, totals, winners) in enumerate([
    (["a", "b", "c"], [40, 50, 45], [1]),
    (["b", "a"], [30, 30], [0, 1]),
    (["a", "b", "c", "d"], [60, 41, 41, 38], [0]),
    (["d", "a", "b"], [50, 52, 47], [1]),
    (["a", "b"], [44, 45], [1]),
    (["c", "b", "a"], [39, 40, 40], [1]),
    (["a", "b", "d"], [55, 50, 49], [0]),
    (["b", "a", "c", "d"], [48, 47, 46, 45], [0]),
])]


def make_tables(st: Store) -> list[TableRow]:
    for uid in ID.values():
        accounts.sign_up(st, uid, None, "N" + uid, "hash", hash_secret("dead-" + uid), hash_secret("s-" + uid))
    out = []
    for i, (tid, users, totals, winners) in enumerate(HISTORY):
        seats = [SeatRow(k, "human", ID[u], "N" + u) for k, u in enumerate(users)]
        t = TableRow(tid, "t", "networks", ID[users[0]], "finished", {}, 1, len(seats), ["N" + u for u in users], 1, 0, 0,
                     {"players": [{"total": x} for x in totals], "winners": winners}, False, 1000.0 + i, 1000.0 + i, seats=seats)
        st.create_table(t)
        out.append(t)
    return out


def old_database(url: str) -> dict[tuple[str, str], tuple[float, float]]:
    """Build a database as the old release left it (its tables only, rated by its code); its rating changes."""
    st = open_store(url)
    for i, t in enumerate(make_tables(st)):
        st.write(lambda tx, t=t, i=i: old_rate_finished(tx, t, 2000.0 + i))

    def drop(tx: Tx) -> None:
        for name in NEW_TABLES:
            tx.execute(f"DROP TABLE {name}")
        tx.execute("DROP TABLE schema_migrations")  # (the old releases had no schema version either)

    st.write(drop)
    got = changes(st)
    st.close()
    return got


def changes(st: Store) -> dict[tuple[str, str], tuple[float, float]]:
    return {(r[0], r[1]): (float(r[2]), float(r[3])) for r in st.read(lambda tx: tx.all(
        "SELECT table_id, user_id, rating_before, rating_after FROM rating_changes"))}


def skills(st: Store) -> dict[str, Skill]:
    return {r[0]: Skill(float(r[1]), float(r[2]), int(r[3])) for r in st.read(lambda tx: tx.all(
        "SELECT user_id, mu, sigma, games FROM skills WHERE game = 'networks'"))}


def test_issue_item_7_an_old_database_is_recomputed_once_and_keeps_its_rating_changes(store_url: str, tmp_path: Path) -> None:
    old = old_database(store_url)
    st = open_store(store_url)  # an old database opens: the new tables are created, empty
    assert skills(st) == {} and ratings_store.upgrade(st) == len(HISTORY)
    assert ratings_store.upgrade(st) is None  # the marker: done once
    assert changes(st) == old  # every old row stays, as it was shown
    got = skills(st)
    # the same tables rated today, one by one as they end, give the same ratings
    live = open_store("sqlite:///" + str(tmp_path / "live.sqlite3"))
    for i, t in enumerate(make_tables(live)):
        assert live.write(lambda tx, t=t: ratings_store.rate_finished(tx, t))
        if i == 0:  # ... which is the model: the first table, of new players, as the library rates it
            ranks = finishing_ranks(t.result)
            assert ranks == [2, 0, 1]
            after = skills(live)
            assert [after[ID[u]].mu for u in "abc"] == pytest.approx([s.mu for s in rate([Skill()] * 3, ranks)])
    want = skills(live)
    assert set(got) == set(want) == set(ID.values())
    for u in got:
        assert got[u].mu == pytest.approx(want[u].mu) and got[u].sigma == pytest.approx(want[u].sigma) and got[u].games == want[u].games
    # the pair a-b weighs from their sixth game together
    weights = [ratings_store.table_ratings(live, tid)["weight"] for tid, *_ in HISTORY]
    assert weights[:5] == [1.0] * 5 and all(w < 1.0 for w in weights[5:])
    assert got[ID["a"]].games == 8 and got[ID["c"]].games == 4
    # the leaderboard and profiles show the recomputed ratings; old tables keep their old change
    board = ratings_store.leaderboard(st, "networks")
    assert [p["id"] for p in board] == sorted(got, key=lambda u: -(got[u].mu - 3 * got[u].sigma))
    assert all(p["provisional"] for p in board)
    prof = ratings_store.profile(st, ID["a"])
    assert prof is not None
    h0 = next(g for g in prof["games"] if g["id"] == "hist0")
    assert h0["rating"] == {"before": round(old[("hist0", ID["a"])][0]), "after": round(old[("hist0", ID["a"])][1])}
    live.close()
    st.close()


def test_issue_item_7_processes_starting_together_recompute_once(store_url: str) -> None:
    old_database(store_url)
    st = open_store(store_url)
    results: list[Any] = []
    errors: list[BaseException] = []

    def start() -> None:
        try:
            results.append(ratings_store.upgrade(st))
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)
        finally:
            st.close()

    threads = [threading.Thread(target=start) for _ in range(4)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert not errors and sorted(results, key=str) == [len(HISTORY), None, None, None]
    assert sum(s.games for s in skills(st).values()) == sum(len(h[1]) for h in HISTORY)
    st.close()


@pytest.fixture
def old_site(store_url: str, tmp_path: Path) -> Iterator[tuple[ServerProc, dict[tuple[str, str], tuple[float, float]]]]:
    old = old_database(store_url)
    s = ServerProc(tmp_path / "data", env={"PRIMETIME_DATABASE_URL": store_url}).start()
    yield s, old
    s.stop()


def test_issue_item_7_a_server_started_on_an_old_database_shows_the_new_ratings(old_site: tuple[ServerProc, Any]) -> None:
    site, old = old_site
    with httpx.Client(base_url=site.url, timeout=30) as http:
        board = http.get("/api/leaderboard/networks").json()["players"]
        assert {p["id"] for p in board} == set(ID.values())
        assert all(p["provisional"] and p["games"] in (4, 6, 8) for p in board)
        ratings = [p["rating"] for p in board]
        assert ratings == sorted(ratings, reverse=True)
        prof = http.get(f"/api/users/{ID['a']}").json()
        assert prof["ratings"]["networks"]["games"] == 8 and prof["ratings"]["networks"]["provisional"] is True
        t = http.get("/api/tables/hist0/ratings").json()
        assert t["rated"] and t["weight"] is None  # rated by the old release: its changes as they were
        assert [(s["user"], s["before"], s["after"]) for s in t["seats"]] == \
            [(ID[u], round(old[("hist0", ID[u])][0]), round(old[("hist0", ID[u])][1])) for u in "abc"]
