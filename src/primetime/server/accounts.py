"""Accounts, sessions, ratings, profiles and leaderboards, stored beside the tables (both backends).

* A **guest** is a user row and the secret in their cookie (``users.secret_hash``): a name, no password.
* An **account** is a user with an ``accounts`` row: a sign-in name (unique without case) and an argon2
  password hash.  Its browsers hold session secrets (``sessions``), so a restarted server still knows
  them and signing out ends one browser's session.  A guest who signs up keeps their user (and games).
* A finished table is **rated** when every seat is held by an account (no bots, no guests, nobody
  replaced), at least two, and it was played here (not imported).  It is rated in the transaction of
  its last action (:func:`rate_finished`), once: ``rating_changes`` is keyed by the table.
"""

from __future__ import annotations

import functools
import secrets
import time
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from primetime.server.inputs import InputError
from primetime.server.rating import Rating, pairwise_scores, rate_table
from primetime.server.store import TABLE_COLS, ConflictError, Store, TableRow, Tx, _result_brief, _table_from

#: Shortest password accepted at sign-up.
PASSWORD_MIN = 8
#: Longest password accepted (a bound on the work of hashing it).
PASSWORD_MAX = 200


HASHER = PasswordHasher()  # argon2id with the library's (RFC 9106) parameters


def password(raw: Any) -> str:
    """A password a new account may have, or :class:`InputError` saying what is wrong with it."""
    if not isinstance(raw, str):
        raise InputError("a password is text")
    if len(raw) < PASSWORD_MIN:
        raise InputError(f"a password has at least {PASSWORD_MIN} characters (this one has {len(raw)}); choose a longer one")
    if len(raw) > PASSWORD_MAX:
        raise InputError(f"a password has at most {PASSWORD_MAX} characters")
    return raw


def hash_password(raw: str) -> str:
    return HASHER.hash(raw)


def check_password(stored_hash: str, raw: str) -> tuple[bool, str | None]:
    """Whether ``raw`` is the password of ``stored_hash``, and a new hash if the stored one's parameters aged."""
    try:
        HASHER.verify(stored_hash, raw)
    except (VerificationError, InvalidHashError):
        return False, None
    return True, HASHER.hash(raw) if HASHER.check_needs_rehash(stored_hash) else None


@functools.cache
def dummy_hash() -> str:
    """The hash of a password nobody knows, made once per process (at start): a sign-in to a name without
    an account is checked against it, so that it costs the same work as a wrong password."""
    return HASHER.hash(secrets.token_urlsafe(32))


def check_sign_in(found: tuple[str, str] | None, raw: str) -> tuple[str, str | None] | None:
    """The user id (and a renewed hash, or None) if ``raw`` is the password of ``found`` (:func:`password_of`),
    else None; a name without an account (``found`` None) is checked against :func:`dummy_hash`, the same work."""
    ok, rehash = check_password(found[1] if found else dummy_hash(), raw[:PASSWORD_MAX + 1])
    return (found[0], rehash) if ok and found else None


def name_key(name: str) -> str:
    """What makes two account names the same: compared without case."""
    return name.casefold()


# ---------------------------------------------------------------------- accounts and sessions


def sign_up(store: Store, user_id: str, guest_id: str | None, name: str, password_hash: str, dead_secret_hash: str,
            session_hash: str) -> str:
    """Create an account called ``name`` with a first session; a guest (``guest_id``) becomes the account
    (their old cookie secret is replaced by ``dead_secret_hash``, which nobody holds).  Returns the user id."""

    def go(tx: Tx) -> str:
        uid = guest_id or user_id
        if guest_id is not None:
            if tx.one("SELECT user_id FROM accounts WHERE user_id = ?", (guest_id,)) is not None:
                raise ConflictError("you are already signed in to an account; sign out first")
            tx.execute("UPDATE users SET name = ?, secret_hash = ? WHERE id = ?", (name, dead_secret_hash, guest_id))
        else:
            tx.execute("INSERT INTO users (id, name, secret_hash, prefs, created) VALUES (?, ?, ?, '{}', ?)",
                       (uid, name, dead_secret_hash, time.time()))
        cur = tx.execute("INSERT INTO accounts (user_id, name_key, password_hash, created) VALUES (?, ?, ?, ?) "
                         "ON CONFLICT (name_key) DO NOTHING", (uid, name_key(name), password_hash, time.time()))
        if cur.rowcount != 1:
            raise ConflictError(f"the name {name!r} is taken by another account; choose another one, or sign in if it is yours")
        tx.execute("INSERT INTO sessions (secret_hash, user_id, created) VALUES (?, ?, ?)", (session_hash, uid, time.time()))
        return uid

    return store.write(go)


def password_of(store: Store, name: str) -> tuple[str, str] | None:
    """The user id and password hash of the account called ``name`` (any case), or None."""
    row = store.read(lambda tx: tx.one("SELECT user_id, password_hash FROM accounts WHERE name_key = ?", (name_key(name),)))
    return (row[0], row[1]) if row else None


def start_session(store: Store, user_id: str, session_hash: str, new_password_hash: str | None = None) -> None:
    """A new signed-in browser for ``user_id`` (and the password's hash renewed, if its parameters aged)."""

    def go(tx: Tx) -> None:
        tx.execute("INSERT INTO sessions (secret_hash, user_id, created) VALUES (?, ?, ?)", (session_hash, user_id, time.time()))
        if new_password_hash:
            tx.execute("UPDATE accounts SET password_hash = ? WHERE user_id = ?", (new_password_hash, user_id))

    store.write(go)


def end_session(store: Store, session_hash: str) -> None:
    store.write(lambda tx: tx.execute("DELETE FROM sessions WHERE secret_hash = ?", (session_hash,)))


def account_name_taken(store: Store, name: str, user_id: str | None = None) -> bool:
    """Whether an account other than ``user_id`` is called ``name`` (any case)."""
    row = store.read(lambda tx: tx.one("SELECT user_id FROM accounts WHERE name_key = ?", (name_key(name),)))
    return row is not None and row[0] != user_id


def rename_account(store: Store, user_id: str, name: str) -> None:
    """An account's new display name, which is also its sign-in name (unique without case)."""

    def go(tx: Tx) -> None:
        other = tx.one("SELECT user_id FROM accounts WHERE name_key = ?", (name_key(name),))
        if other is not None and other[0] != user_id:
            raise ConflictError(f"the name {name!r} is taken by another account; choose another one")
        tx.execute("UPDATE accounts SET name_key = ? WHERE user_id = ?", (name_key(name), user_id))
        tx.execute("UPDATE users SET name = ? WHERE id = ?", (name, user_id))

    store.write(go)


# ---------------------------------------------------------------------- ratings


def rated_seats(tx: Tx, t: TableRow) -> list[str] | None:
    """The account of every seat if ``t`` is rated (see the module's note), else None."""
    if t.imported or len(t.seats) < 2:
        return None
    users = [s.user_id for s in t.seats if s.kind == "human" and s.user_id]
    if len(users) != len(t.seats) or len(set(users)) != len(users):
        return None
    marks = ", ".join("?" * len(users))
    accounts = {r[0] for r in tx.all(f"SELECT user_id FROM accounts WHERE user_id IN ({marks})", users)}
    return users if accounts == set(users) else None


def rate_finished(tx: Tx, t: TableRow) -> bool:
    """Rate the finished table ``t`` inside the transaction that finished it; whether it was rated.
    Rating rows are created, then locked in user order (two tables ending at once cannot deadlock)."""
    if t.status != "finished" or not t.result:
        return False
    users = rated_seats(tx, t)
    scores = pairwise_scores(t.result)
    if users is None or scores is None or len(scores) != len(users):
        return False
    if tx.one("SELECT 1 FROM rating_changes WHERE table_id = ?", (t.id,)) is not None:
        return False
    now = time.time()
    fresh = Rating()
    current: dict[str, Rating] = {}
    for uid in sorted(users):
        tx.execute("INSERT INTO ratings (user_id, game, rating, rd, vol, games, updated) VALUES (?, ?, ?, ?, ?, 0, ?) "
                   "ON CONFLICT (user_id, game) DO NOTHING", (uid, t.game, fresh.rating, fresh.rd, fresh.vol, now))
        row = tx.one("SELECT rating, rd, vol FROM ratings WHERE user_id = ? AND game = ?" + tx.store.for_update, (uid, t.game))
        current[uid] = Rating(float(row[0]), float(row[1]), float(row[2]))
    before = [current[u] for u in users]
    after = rate_table(before, scores)
    for uid, old, new in zip(users, before, after, strict=True):
        tx.execute("UPDATE ratings SET rating = ?, rd = ?, vol = ?, games = games + 1, updated = ? WHERE user_id = ? AND game = ?",
                   (new.rating, new.rd, new.vol, now, uid, t.game))
        tx.execute("INSERT INTO rating_changes (table_id, user_id, game, rating_before, rating_after, rd_after, at) "
                   "VALUES (?, ?, ?, ?, ?, ?, ?)", (t.id, uid, t.game, old.rating, new.rating, new.rd, now))
    return True


# ---------------------------------------------------------------------- profiles and leaderboards


def _ratings_json(rows: list[Any]) -> dict[str, dict[str, Any]]:
    return {r[0]: {"rating": round(float(r[1])), "rd": round(float(r[2])), "games": int(r[3])} for r in rows}


def profile(store: Store, user_id: str, limit: int = 100) -> dict[str, Any] | None:
    """A player's public page: name, whether they have an account, ratings per game and their finished
    games, newest first (seat names, scores, winners, and the rating change of a rated game)."""
    def go(tx: Tx) -> dict[str, Any] | None:
        user = tx.one("SELECT u.id, u.name, u.created, a.user_id FROM users u LEFT JOIN accounts a ON a.user_id = u.id "
                      "WHERE u.id = ?", (user_id,))
        if user is None:
            return None
        ratings = _ratings_json(tx.all("SELECT game, rating, rd, games FROM ratings WHERE user_id = ? AND games > 0", (user_id,)))
        changes = {r[0]: (float(r[1]), float(r[2])) for r in tx.all(
            "SELECT table_id, rating_before, rating_after FROM rating_changes WHERE user_id = ?", (user_id,))}
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
                "rated": change is not None,
                "rating": {"before": round(change[0]), "after": round(change[1])} if change else None,
            })
        return {"id": user[0], "name": user[1], "account": user[3] is not None, "since": float(user[2]),
                "ratings": ratings, "games": games}

    return store.read(go)


def table_ratings(store: Store, table_id: str) -> list[dict[str, Any]]:
    """What a rated table did to its players' ratings, by seat (empty: not rated)."""
    rows = store.read(lambda tx: tx.all(
        "SELECT s.seat, s.name, r.user_id, r.rating_before, r.rating_after FROM rating_changes r "
        "JOIN seats s ON s.table_id = r.table_id AND s.user_id = r.user_id WHERE r.table_id = ? ORDER BY s.seat", (table_id,)))
    return [{"seat": int(r[0]), "name": r[1], "user": r[2], "before": round(float(r[3])), "after": round(float(r[4]))} for r in rows]


def leaderboard(store: Store, game: str, limit: int = 100) -> list[dict[str, Any]]:
    """The rated accounts of ``game``, best rating first."""
    rows = store.read(lambda tx: tx.all(
        "SELECT r.user_id, u.name, r.rating, r.rd, r.games FROM ratings r JOIN users u ON u.id = r.user_id "
        "WHERE r.game = ? AND r.games > 0 ORDER BY r.rating DESC, r.games DESC, u.name LIMIT ?", (game, limit)))
    return [{"rank": i + 1, "id": r[0], "name": r[1], "rating": round(float(r[2])), "rd": round(float(r[3])), "games": int(r[4])}
            for i, r in enumerate(rows)]
