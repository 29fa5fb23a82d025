"""Ratings in the store (both backends): which tables are rated, abandoning, farming, the
recompute of older databases, and what profiles, leaderboards and tables show.

* A finished table is **rated** when it was played here (not imported) without hints, has at least two seats,
  and every seat belongs to a different account: held by it at the end, or taken over by a bot
  after its account abandoned it.  A seat started as a bot, or a guest's, leaves it unrated.  It
  is rated in the transaction of its last action (:func:`rate_finished`), once (``rating_changes``
  is keyed by the table), with the Plackett-Luce model of :mod:`primetime.server.rating`.
* **Abandoning counts**: a player who leaves a running game, is voted out (a bot takes the seat) or
  runs out of time is recorded in ``departures`` (:func:`depart`), and ranks last at the end, below
  everyone who stayed; among several, the first to go ranks lowest.  Taking the seat back (rejoin,
  reclaim) removes the record (:func:`come_back`).  Leaving a table before it starts is not abandoning.
* **Farming is damped**: a table's changes are scaled by a weight (:func:`table_weight`): 0.1 when
  two of its accounts were created from one address within a day of each other (``account_origins``:
  a keyed hash of the address, :func:`record_origin`), and down to 0.25 when a pair of them played
  most of their rated games with each other.  docs/design-decisions.md says why.
* **Upgrading**: a database rated by earlier releases (Glicko-2 in ``ratings``) has no marker of the
  model in ``meta``; :func:`upgrade` (at the server's start) recomputes ``skills`` from the stored
  history of rated tables, in the order they finished, in one locked transaction.  ``rating_changes``
  rows are kept and shown as they were.
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import secrets
import time
from typing import Any

from primetime.server.rating import PROVISIONAL_GAMES, SCALE, Skill, finishing_ranks, rate
from primetime.server.store import TABLE_COLS, Store, TableRow, Tx, _result_brief, _table_from

#: The ``meta`` marker of the rating model ``skills`` holds (a database without it is recomputed).
MODEL_KEY, MODEL_MARK = "rating_model", "plackett-luce-1"
ADDRESS_KEY = "address_hash_key"
#: Accounts created from one address less than this apart (seconds) count as one person's.
ORIGIN_WINDOW = 24 * 3600.0
SAME_ORIGIN_WEIGHT = 0.1
#: A pair's history weighs only once they have played this many rated games together.
PAIR_MIN_GAMES = 5
#: The weight when a pair played all their rated games with each other (it is 1 up to half of them).
PAIR_FLOOR = 0.25
UPGRADE_LOCK = 7263542  # PostgreSQL advisory lock of the recompute (the schema's is 7263541)


# ---------------------------------------------------------------------- abandoning


def depart(tx: Tx, t: TableRow, seat: int, why: str, now: float | None = None) -> None:
    """Record that the player of ``seat`` abandoned the running table ``t`` (``why``: ``left``,
    ``replaced``, ``timeout``, ``forfeit``); the first record of a seat stands (leaving, then being
    voted out, is one departure, at the time of leaving)."""
    s = t.seats[seat]
    tx.execute("INSERT INTO departures (table_id, seat, user_id, at, why) VALUES (?, ?, ?, ?, ?) "
               "ON CONFLICT (table_id, seat) DO NOTHING", (t.id, seat, s.user_id, time.time() if now is None else now, why))


def come_back(tx: Tx, t: TableRow, seat: int) -> None:
    """The player of ``seat`` holds it again: no longer a leaver."""
    tx.execute("DELETE FROM departures WHERE table_id = ? AND seat = ?", (t.id, seat))


def departed_seats(tx: Tx, t: TableRow) -> list[int]:
    """The seats whose players abandoned ``t``, the first to go first.  A seat left or handed to a bot
    with no record (a game under way when the server was upgraded) counts as gone before the others."""
    recorded = [int(r[0]) for r in tx.all("SELECT seat FROM departures WHERE table_id = ? ORDER BY at, seat", (t.id,))]
    unrecorded = [s.seat for s in t.seats if s.seat not in recorded and s.user_id and (s.left or s.kind == "bot")]
    return unrecorded + recorded


# ---------------------------------------------------------------------- where accounts come from


def _meta_secret(tx: Tx, key: str) -> str:
    tx.execute("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING", (key, secrets.token_hex(32)))
    return str(tx.one("SELECT value FROM meta WHERE key = ?", (key,))[0])


def address_group(address: str) -> str | None:
    """What counts as one address: an IPv4 address, or an IPv6 /64 network (one household's); None
    when it is no address (a test client, a Unix socket)."""
    try:
        ip = ipaddress.ip_address(address.strip().strip("[]"))
    except ValueError:
        return None
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


def record_origin(store: Store, user_id: str, address: str, now: float | None = None) -> None:
    """Remember where the account ``user_id`` was created: an HMAC of its address group under a key
    kept in the database (the address itself is never stored)."""
    group = address_group(address)
    if group is None:
        return

    def go(tx: Tx) -> None:
        key = _meta_secret(tx, ADDRESS_KEY)
        digest = hmac.new(bytes.fromhex(key), group.encode(), hashlib.sha256).hexdigest()[:32]
        tx.execute("INSERT INTO account_origins (user_id, address_hash, created) VALUES (?, ?, ?) ON CONFLICT (user_id) DO NOTHING",
                   (user_id, digest, time.time() if now is None else now))

    store.write(go)


# ---------------------------------------------------------------------- farming


def table_weight(tx: Tx, game: str, users: list[str], before: float) -> tuple[float, str | None]:
    """How much a table of ``users`` moves their ratings in ``game``, and why less than fully: the
    history is the rated tables that finished before ``before``."""
    marks = ", ".join("?" * len(users))
    origins = {r[0]: (r[1], float(r[2])) for r in tx.all(
        f"SELECT user_id, address_hash, created FROM account_origins WHERE user_id IN ({marks})", users)}
    for i, a in enumerate(users):
        for b in users[i + 1:]:
            if a in origins and b in origins and origins[a][0] == origins[b][0] and abs(origins[a][1] - origins[b][1]) < ORIGIN_WINDOW:
                return SAME_ORIGIN_WEIGHT, "two accounts at the table were created from one address within a day"
    games = {r[0]: int(r[1]) for r in tx.all(
        f"SELECT user_id, COUNT(*) FROM rating_changes WHERE game = ? AND at < ? AND user_id IN ({marks}) GROUP BY user_id",
        [game, before, *users])}
    pairs = tx.all(f"SELECT a.user_id, b.user_id, COUNT(*) FROM rating_changes a JOIN rating_changes b ON b.table_id = a.table_id "
                   f"AND a.user_id < b.user_id WHERE a.game = ? AND a.at < ? AND a.user_id IN ({marks}) AND b.user_id IN ({marks}) "
                   "GROUP BY a.user_id, b.user_id", [game, before, *users, *users])
    share = 0.0
    for a, b, n in pairs:
        if int(n) >= PAIR_MIN_GAMES:
            share = max(share, int(n) / max(1, min(games.get(a, 0), games.get(b, 0))))
    if share <= 0.5:
        return 1.0, None
    weight = 1.0 - (1.0 - PAIR_FLOOR) * (min(share, 1.0) - 0.5) / 0.5
    return weight, f"two players at the table played {round(100 * min(share, 1.0))}% of their rated games with each other"


# ---------------------------------------------------------------------- rating a finished table


def rated_seats(tx: Tx, t: TableRow) -> list[str] | None:
    """The account of every seat if ``t`` is rated (see the module's note), else None."""
    if t.imported or len(t.seats) < 2 or t.hints:  # a table with hints (issue 35) is never rated
        return None
    users = [s.user_id for s in t.seats if s.kind in ("human", "bot") and s.user_id]
    if len(users) != len(t.seats) or len(set(users)) != len(users):
        return None
    marks = ", ".join("?" * len(users))
    accounts = {r[0] for r in tx.all(f"SELECT user_id FROM accounts WHERE user_id IN ({marks})", users)}
    return users if accounts == set(users) else None


def _skills_for(tx: Tx, game: str, users: list[str], now: float) -> dict[str, Skill]:
    """The users' ratings in ``game``, their rows created and locked in user order (two tables ending
    at once cannot deadlock)."""
    fresh = Skill()
    out: dict[str, Skill] = {}
    for uid in sorted(users):
        tx.execute("INSERT INTO skills (user_id, game, mu, sigma, games, updated) VALUES (?, ?, ?, ?, 0, ?) "
                   "ON CONFLICT (user_id, game) DO NOTHING", (uid, game, fresh.mu, fresh.sigma, now))
        row = tx.one("SELECT mu, sigma, games FROM skills WHERE user_id = ? AND game = ?" + tx.store.for_update, (uid, game))
        out[uid] = Skill(float(row[0]), float(row[1]), int(row[2]))
    return out


def rate_finished(tx: Tx, t: TableRow) -> bool:
    """Rate the finished table ``t`` inside the transaction that finished it; whether it was rated."""
    if t.status != "finished" or not t.result:
        return False
    users = rated_seats(tx, t)
    if users is None or tx.one("SELECT 1 FROM rating_changes WHERE table_id = ?", (t.id,)) is not None:
        return False
    if tx.one("SELECT 1 FROM closed_tables WHERE table_id = ?", (t.id,)) is not None:  # a moderator closed it: unrated
        return False
    ranks = finishing_ranks(t.result, departed_seats(tx, t))
    if ranks is None or len(ranks) != len(users):
        return False
    now = time.time()
    current = _skills_for(tx, t.game, users, now)
    weight, reason = table_weight(tx, t.game, users, now)
    before = [current[u] for u in users]
    after = rate(before, ranks, weight)
    for uid, old, new in zip(users, before, after, strict=True):
        tx.execute("UPDATE skills SET mu = ?, sigma = ?, games = ?, updated = ? WHERE user_id = ? AND game = ?",
                   (new.mu, new.sigma, new.games, now, uid, t.game))
        tx.execute("INSERT INTO rating_changes (table_id, user_id, game, rating_before, rating_after, rd_after, at) "
                   "VALUES (?, ?, ?, ?, ?, ?, ?)", (t.id, uid, t.game, old.shown, new.shown, SCALE * new.sigma, now))
    tx.execute("INSERT INTO rated_tables (table_id, game, weight, reason, at) VALUES (?, ?, ?, ?, ?)",
               (t.id, t.game, weight, reason, now))
    return True


# ---------------------------------------------------------------------- databases of earlier releases


def upgrade(store: Store) -> int | None:
    """Make ``skills`` the ratings of the current model: on a database without its marker, recompute
    them from every rated table (``rating_changes`` and the tables' results), in the order they
    finished, and set the marker.  The number of tables replayed, or None if the marker was there.
    One transaction under a lock: processes starting together recompute once."""
    if store.read(lambda tx: tx.one("SELECT value FROM meta WHERE key = ?", (MODEL_KEY,))) == (MODEL_MARK,):
        return None

    def go(tx: Tx) -> int | None:
        if store.kind == "postgresql":
            tx.execute(f"SELECT pg_advisory_xact_lock({UPGRADE_LOCK})")
        got = tx.one("SELECT value FROM meta WHERE key = ?", (MODEL_KEY,))
        if got is not None and got[0] == MODEL_MARK:
            return None
        n = recompute(tx)
        tx.execute("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                   (MODEL_KEY, MODEL_MARK))
        return n

    return store.write(go)


def recompute(tx: Tx) -> int:
    """Rebuild ``skills`` from the stored history of rated tables; returns how many were replayed."""
    tables = tx.all("SELECT table_id, game, MIN(at) FROM rating_changes GROUP BY table_id, game ORDER BY MIN(at), table_id")
    skills: dict[tuple[str, str], Skill] = {}
    updated: dict[tuple[str, str], float] = {}
    done = 0
    for tid, game, at in tables:
        t = tx.table(tid)
        if t is None or not t.result:
            continue
        users_rated = {r[0] for r in tx.all("SELECT user_id FROM rating_changes WHERE table_id = ?", (tid,))}
        users = [s.user_id for s in t.seats if s.user_id]
        ranks = finishing_ranks(t.result, departed_seats(tx, t))
        if set(users) != users_rated or len(users) != len(t.seats) or ranks is None or len(ranks) != len(users):
            continue  # a table whose seats no longer say who played: its old changes stay, the new ratings skip it
        weight, _ = table_weight(tx, game, users, float(at))
        after = rate([skills.get((u, game), Skill()) for u in users], ranks, weight)
        for u, s in zip(users, after, strict=True):
            skills[(u, game)] = s
            updated[(u, game)] = float(at)
        done += 1
    tx.execute("DELETE FROM skills")
    for (u, game), s in sorted(skills.items()):
        tx.execute("INSERT INTO skills (user_id, game, mu, sigma, games, updated) VALUES (?, ?, ?, ?, ?, ?)",
                   (u, game, s.mu, s.sigma, s.games, updated[(u, game)]))
    return done


# ---------------------------------------------------------------------- profiles, leaderboards, tables


def skill_json(mu: float, sigma: float, games: int) -> dict[str, Any]:
    s = Skill(mu, sigma, games)
    return {"rating": round(s.shown), "rd": round(SCALE * sigma), "games": games, "provisional": s.provisional}


def profile(store: Store, user_id: str, limit: int = 100) -> dict[str, Any] | None:
    """A player's public page: name, whether they have an account, ratings per game, their finished
    games, newest first (seat names, scores, winners, and the rating change of a rated game), and the
    games they are playing now (``running``)."""
    def go(tx: Tx) -> dict[str, Any] | None:
        user = tx.one("SELECT u.id, u.name, u.created, a.user_id FROM users u LEFT JOIN accounts a ON a.user_id = u.id "
                      "WHERE u.id = ?", (user_id,))
        if user is None:
            return None
        ratings = {r[0]: skill_json(float(r[1]), float(r[2]), int(r[3])) for r in tx.all(
            "SELECT game, mu, sigma, games FROM skills WHERE user_id = ? AND games > 0", (user_id,))}
        changes = {r[0]: (float(r[1]), float(r[2])) for r in tx.all(
            "SELECT table_id, rating_before, rating_after FROM rating_changes WHERE user_id = ?", (user_id,))}
        left = {r[0] for r in tx.all("SELECT table_id FROM departures WHERE user_id = ?", (user_id,))}
        rows = tx.all(f"SELECT {TABLE_COLS} FROM tables WHERE status = 'finished' AND imported = 0 AND id IN "
                      "(SELECT table_id FROM seats WHERE user_id = ?) ORDER BY updated DESC LIMIT ?", (user_id, limit))
        account_ids = {r[0] for r in tx.all("SELECT a.user_id FROM accounts a JOIN seats s ON s.user_id = a.user_id "
                                            "WHERE s.table_id IN (SELECT table_id FROM seats WHERE user_id = ?)", (user_id,))}
        games = []
        for row in rows:
            t = tx.fill(_table_from(row))
            winners = (t.result or {}).get("winners", [])
            seat = next((s.seat for s in t.seats if s.user_id == user_id), None)
            change = changes.get(t.id)
            games.append({
                "id": t.id, "name": t.name, "game": t.game, "finished": t.updated,
                "seats": [{"seat": s.seat, "name": s.name, "kind": s.kind,
                           "user": s.user_id if s.user_id in account_ids else None} for s in t.seats],
                "scores": _result_brief(t.result), "winners": winners if isinstance(winners, list) else [],
                "seat": seat, "won": seat in winners if isinstance(winners, list) else False,
                "rated": change is not None, "left": t.id in left,
                "rating": {"before": round(change[0]), "after": round(change[1])} if change else None,
            })
        live = []  # the games they are playing now (open ones not started yet are not listed)
        for row in tx.all(f"SELECT {TABLE_COLS} FROM tables WHERE status = 'running' AND id IN "
                          "(SELECT table_id FROM seats WHERE user_id = ?) ORDER BY updated DESC LIMIT ?", (user_id, limit)):
            t = tx.fill(_table_from(row))
            live.append({"id": t.id, "name": t.name, "game": t.game, "updated": t.updated,
                         "seats": [{"seat": s.seat, "name": s.name, "kind": s.kind,
                                    "user": s.user_id if s.user_id in account_ids else None} for s in t.seats],
                         "seat": next((s.seat for s in t.seats if s.user_id == user_id), None)})
        return {"id": user[0], "name": user[1], "account": user[3] is not None, "since": float(user[2]),
                "ratings": ratings, "games": games, "running": live}

    return store.read(go)


def table_ratings(store: Store, table_id: str) -> dict[str, Any]:
    """What a rated table did to its players' ratings, by seat (``rated`` false: not rated): before and
    after, whether the rating is still provisional after it, whether the player abandoned the game (ranked
    last); and the weight its changes were scaled by, with the reason (None: rated by an earlier release)."""
    def go(tx: Tx) -> dict[str, Any]:
        rows = tx.all(
            "SELECT s.seat, s.name, r.user_id, r.rating_before, r.rating_after, r.game, r.at FROM rating_changes r "
            "JOIN seats s ON s.table_id = r.table_id AND s.user_id = r.user_id WHERE r.table_id = ? ORDER BY s.seat", (table_id,))
        left = {int(r[0]) for r in tx.all("SELECT seat FROM departures WHERE table_id = ?", (table_id,))}
        seats = []
        for seat, name, uid, before, after, game, at in rows:
            played = tx.one("SELECT COUNT(*) FROM rating_changes WHERE user_id = ? AND game = ? AND at <= ?", (uid, game, at))[0]
            seats.append({"seat": int(seat), "name": name, "user": uid, "before": round(float(before)), "after": round(float(after)),
                          "provisional": int(played) < PROVISIONAL_GAMES, "left": int(seat) in left})
        how = tx.one("SELECT weight, reason FROM rated_tables WHERE table_id = ?", (table_id,))
        return {"rated": bool(seats), "seats": seats, "weight": float(how[0]) if how else None, "reason": how[1] if how else None}

    return store.read(go)


def leaderboard(store: Store, game: str, limit: int = 100) -> list[dict[str, Any]]:
    """The rated accounts of ``game``, best shown (conservative) rating first."""
    rows = store.read(lambda tx: tx.all(
        "SELECT k.user_id, u.name, k.mu, k.sigma, k.games FROM skills k JOIN users u ON u.id = k.user_id "
        "WHERE k.game = ? AND k.games > 0 ORDER BY k.mu - 3 * k.sigma DESC, k.games DESC, u.name LIMIT ?", (game, limit)))
    return [{"rank": i + 1, "id": r[0], "name": r[1], **skill_json(float(r[2]), float(r[3]), int(r[4]))} for i, r in enumerate(rows)]
