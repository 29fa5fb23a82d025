"""Moderation in the store (both backends), and the hub's side of it (:class:`ModerationWatch`).

* **Administrators** are accounts listed in ``admins`` (``primetime admin grant NAME`` / ``revoke``).
* An administrator can **remove a chat message** for everyone (``chat_removed``: the message stays in
  ``chat``, no history shows it again, and the open pages drop it: ``{"type": "chat_removed", "seqs"}``),
  **close a table** (``closed_tables``: ``bots`` hands every player's seat to a bot, which finishes the
  game, unrated; ``abandon`` ends it at once, unrated, and its open pages are closed with
  :data:`CLOSED_CODE`), **suspend an account** (``suspensions``: its sessions end at once, so its
  sockets close on every worker and process with ``sessions.CLOSE_CODE`` and the reason
  ``suspended``; it cannot sign in until the suspension is lifted) and **issue a password-reset link**
  (``password_resets``: the hash of a one-time token, valid :data:`RESET_HOURS` hours).
* Players **report** a chat message or a player (``reports``); administrators resolve them.
* Every act is written to ``moderation_log`` in the transaction that makes it: who, when, what, whom.

The pages of other workers and processes hear of a removed message or a closed table by datagram
(``m:<json>``, ``procs.Peers``) and by ``NOTIFY primetime, 'mod:<json>'`` (PostgreSQL).
"""

from __future__ import annotations

import json
import logging
import time
from typing import TYPE_CHECKING, Any

from primetime.server import ops, procs, sessions
from primetime.server.runtime import Runtime, dumps, hash_secret, new_id, new_secret
from primetime.server.store import ConflictError, Store, TableRow, Tx

log = logging.getLogger("primetime.server")

#: The WebSocket close code of a table a moderator closed (abandoned).
CLOSED_CODE = 4410
CLOSED_REASON = "a moderator closed this table"
#: How long a password-reset link works.
RESET_HOURS = 24.0
#: How a table may be closed: bots finish it (unrated), or it ends at once (unrated).
CLOSE_HOW = ("bots", "abandon")
#: The acts of the log, as the administrators' page names them.
ACTS = {"grant": "made an administrator", "revoke": "no longer an administrator", "remove_message": "removed a chat message",
        "close_bots": "closed a table (bots finish it, unrated)", "abandon": "abandoned a table (ended, unrated)",
        "suspend": "suspended an account", "unsuspend": "lifted a suspension", "reset_link": "issued a password-reset link",
        "resolve": "resolved a report"}
REPORT_REASON_LIMIT = 300


class NotFound(LookupError):
    """No such account, message, table or report."""


# ---------------------------------------------------------------------- administrators and the log


def is_admin(store: Store, user_id: str) -> bool:
    return store.read(lambda tx: tx.one("SELECT 1 FROM admins WHERE user_id = ?", (user_id,))) is not None


def log_act(tx: Tx, by: dict[str, Any] | None, act: str, user_id: str | None = None, table_id: str | None = None,
            detail: str = "") -> None:
    """Write one moderation act (``by``: the administrator, None: the command line)."""
    tx.execute("INSERT INTO moderation_log (id, at, by_user, by_name, act, user_id, table_id, detail) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
               (new_id(9), time.time(), by["id"] if by else None, by["name"] if by else "(command line)", act, user_id, table_id,
                detail[:300]))


def account_id(tx: Tx, name: str) -> str:
    from primetime.server.accounts import name_key

    row = tx.one("SELECT user_id FROM accounts WHERE name_key = ?", (name_key(name),))
    if row is None:
        raise NotFound(f"no account is called {name!r}")
    return str(row[0])


def grant(store: Store, name: str, on: bool = True) -> str:
    """Make the account called ``name`` an administrator (``on=False``: no longer); its user id."""

    def go(tx: Tx) -> str:
        uid = account_id(tx, name)
        if on:
            tx.execute("INSERT INTO admins (user_id, granted) VALUES (?, ?) ON CONFLICT (user_id) DO NOTHING", (uid, time.time()))
        else:
            tx.execute("DELETE FROM admins WHERE user_id = ?", (uid,))
        log_act(tx, None, "grant" if on else "revoke", uid, detail=name)
        return uid

    return store.write(go)


def _notify(tx: Tx, event: dict[str, Any]) -> None:
    tx.notify.add("mod:" + json.dumps(event, separators=(",", ":")))


# ---------------------------------------------------------------------- chat, accounts, links


def remove_message(store: Store, by: dict[str, Any], table_id: str, seq: int) -> None:
    def go(tx: Tx) -> None:
        row = tx.one("SELECT name, text, user_id FROM chat WHERE table_id = ? AND seq = ?", (table_id, seq))
        if row is None:
            raise NotFound("no such chat message")
        tx.execute("INSERT INTO chat_removed (table_id, seq, by_user, at) VALUES (?, ?, ?, ?) ON CONFLICT (table_id, seq) DO NOTHING",
                   (table_id, seq, by["id"], time.time()))
        log_act(tx, by, "remove_message", str(row[2]), table_id, f"{row[0]}: {row[1]}")
        _notify(tx, {"k": "chat", "t": table_id, "s": seq})

    store.write(go)


def _account(tx: Tx, user_id: str) -> str:
    row = tx.one("SELECT u.name FROM users u JOIN accounts a ON a.user_id = u.id WHERE u.id = ?", (user_id,))
    if row is None:
        raise NotFound("no such account (a guest has no account to suspend or reset)")
    return str(row[0])


def suspend(store: Store, by: dict[str, Any], user_id: str, reason: str) -> list[str]:
    """Suspend an account: its sessions end (the hashes, to close their sockets); refused for an administrator."""

    def go(tx: Tx) -> list[str]:
        name = _account(tx, user_id)
        if tx.one("SELECT 1 FROM admins WHERE user_id = ?", (user_id,)) is not None:
            raise ConflictError("an administrator cannot be suspended (revoke the role first: primetime admin revoke NAME)")
        tx.execute("INSERT INTO suspensions (user_id, by_user, reason, at) VALUES (?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE "
                   "SET by_user = excluded.by_user, reason = excluded.reason, at = excluded.at", (user_id, by["id"], reason, time.time()))
        hashes = sorted(str(r[0]) for r in tx.all("SELECT secret_hash FROM sessions WHERE user_id = ?", (user_id,)))
        tx.execute("DELETE FROM sessions WHERE user_id = ?", (user_id,))
        sessions._notify(tx, "suspended", hashes)
        log_act(tx, by, "suspend", user_id, detail=f"{name}: {reason}" if reason else name)
        return hashes

    return store.write(go)


def unsuspend(store: Store, by: dict[str, Any], user_id: str) -> None:
    def go(tx: Tx) -> None:
        name = _account(tx, user_id)
        if tx.one("SELECT 1 FROM suspensions WHERE user_id = ?", (user_id,)) is None:
            raise ConflictError(f"{name} is not suspended")
        tx.execute("DELETE FROM suspensions WHERE user_id = ?", (user_id,))
        log_act(tx, by, "unsuspend", user_id, detail=name)

    store.write(go)


def is_suspended(store: Store, user_id: str) -> bool:
    return store.read(lambda tx: tx.one("SELECT 1 FROM suspensions WHERE user_id = ?", (user_id,))) is not None


def issue_reset(store: Store, by: dict[str, Any], user_id: str) -> str:
    """A one-time password-reset token for the account (only its hash is stored)."""
    token = new_secret()

    def go(tx: Tx) -> None:
        name = _account(tx, user_id)
        now = time.time()
        tx.execute("INSERT INTO password_resets (token_hash, user_id, by_user, created, expires) VALUES (?, ?, ?, ?, ?)",
                   (hash_secret(token), user_id, by["id"], now, now + RESET_HOURS * 3600))
        log_act(tx, by, "reset_link", user_id, detail=name)

    store.write(go)
    return token


def reset_account(store: Store, token_hash: str) -> tuple[str, str] | None:
    """The user id and name a reset token (still valid, unused) is for, or None."""
    row = store.read(lambda tx: tx.one(
        "SELECT r.user_id, u.name FROM password_resets r JOIN users u ON u.id = r.user_id "
        "WHERE r.token_hash = ? AND r.used IS NULL AND r.expires > ?", (token_hash, time.time())))
    return (str(row[0]), str(row[1])) if row else None


def use_reset(store: Store, token_hash: str, password_hash: str, session_hash: str) -> tuple[str, list[str]]:
    """Set the account's password with a reset token: the token is spent, every session of the account
    ends (the hashes) and ``session_hash`` is its new one.  ``NotFound`` for a spent or expired token."""

    def go(tx: Tx) -> tuple[str, list[str]]:
        now = time.time()
        row = tx.one("SELECT user_id FROM password_resets WHERE token_hash = ? AND used IS NULL AND expires > ?" + store.for_update,
                     (token_hash, now))
        if row is None:
            raise NotFound("this password-reset link has expired or was used already; ask an administrator for a new one")
        uid = str(row[0])
        if tx.one("SELECT 1 FROM suspensions WHERE user_id = ?", (uid,)) is not None:
            raise ConflictError("this account is suspended")
        tx.execute("UPDATE password_resets SET used = ? WHERE token_hash = ?", (now, token_hash))
        tx.execute("UPDATE accounts SET password_hash = ? WHERE user_id = ?", (password_hash, uid))
        hashes = sorted(str(r[0]) for r in tx.all("SELECT secret_hash FROM sessions WHERE user_id = ?", (uid,)))
        tx.execute("DELETE FROM sessions WHERE user_id = ?", (uid,))
        sessions._notify(tx, "everywhere", hashes)
        tx.execute("INSERT INTO sessions (secret_hash, user_id, created) VALUES (?, ?, ?)", (session_hash, uid, now))
        return uid, hashes

    return store.write(go)


# ---------------------------------------------------------------------- reports


def report(store: Store, reporter: str, reason: str, table_id: str | None = None, seq: int | None = None,
           user_id: str | None = None) -> str:
    """A report of a chat message (``table_id`` and ``seq``) or of a player (``user_id``); its id."""

    def go(tx: Tx) -> str:
        text = None
        uid = user_id
        if table_id is not None:
            row = tx.one("SELECT user_id, name, text FROM chat WHERE table_id = ? AND seq = ?", (table_id, seq))
            if row is None:
                raise NotFound("no such chat message")
            uid, text = str(row[0]), f"{row[1]}: {row[2]}"
        elif uid is None or tx.one("SELECT 1 FROM users WHERE id = ?", (uid,)) is None:
            raise NotFound("no such player")
        if uid == reporter:
            raise ConflictError("you cannot report yourself")
        rid = new_id(9)
        tx.execute("INSERT INTO reports (id, at, reporter, user_id, table_id, seq, text, reason) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                   (rid, time.time(), reporter, uid, table_id, seq, text, reason))
        return rid

    return store.write(go)


def resolve(store: Store, by: dict[str, Any], report_id: str, note: str) -> None:
    def go(tx: Tx) -> None:
        row = tx.one("SELECT status, user_id, table_id FROM reports WHERE id = ?", (report_id,))
        if row is None:
            raise NotFound("no such report")
        if row[0] != "open":
            raise ConflictError("this report is resolved already")
        tx.execute("UPDATE reports SET status = 'resolved', resolved_by = ?, resolved_at = ?, note = ? WHERE id = ?",
                   (by["id"], time.time(), note, report_id))
        log_act(tx, by, "resolve", row[1], row[2], note)

    store.write(go)


def overview(store: Store, limit: int = 100) -> dict[str, Any]:
    """What the administrators' page shows: open and recently resolved reports, suspended accounts,
    the administrators, and the latest moderation acts."""

    def go(tx: Tx) -> dict[str, Any]:
        names = {str(r[0]): str(r[1]) for r in tx.all(
            "SELECT id, name FROM users WHERE id IN (SELECT reporter FROM reports UNION SELECT user_id FROM reports "
            "UNION SELECT user_id FROM suspensions UNION SELECT user_id FROM admins UNION SELECT user_id FROM moderation_log)")}
        tables = {str(r[0]): str(r[1]) for r in tx.all(
            "SELECT id, name FROM tables WHERE id IN (SELECT table_id FROM reports UNION SELECT table_id FROM moderation_log)")}

        def rep(r: Any) -> dict[str, Any]:
            return {"id": r[0], "at": float(r[1]), "reporter": {"id": r[2], "name": names.get(r[2], "?")},
                    "user": {"id": r[3], "name": names.get(r[3], "?")} if r[3] else None,
                    "table": {"id": r[4], "name": tables.get(r[4], r[4])} if r[4] else None, "seq": r[5], "text": r[6],
                    "reason": r[7], "status": r[8], "note": r[9],
                    "removed": bool(r[4]) and tx.one("SELECT 1 FROM chat_removed WHERE table_id = ? AND seq = ?", (r[4], r[5])) is not None}

        cols = "id, at, reporter, user_id, table_id, seq, text, reason, status, note"
        return {
            "reports": [rep(r) for r in tx.all(f"SELECT {cols} FROM reports WHERE status = 'open' ORDER BY at LIMIT ?", (limit,))],
            "resolved": [rep(r) for r in tx.all(f"SELECT {cols} FROM reports WHERE status <> 'open' ORDER BY resolved_at DESC LIMIT 20")],
            "suspended": [{"id": r[0], "name": names.get(r[0], "?"), "reason": r[1], "at": float(r[2])}
                          for r in tx.all("SELECT user_id, reason, at FROM suspensions ORDER BY at DESC")],
            "admins": sorted(names.get(str(r[0]), "?") for r in tx.all("SELECT user_id FROM admins")),
            "log": [{"at": float(r[0]), "by": r[1], "act": r[2], "label": ACTS.get(r[2], r[2]),
                     "user": {"id": r[3], "name": names.get(r[3], "?")} if r[3] else None,
                     "table": {"id": r[4], "name": tables.get(r[4], r[4])} if r[4] else None, "detail": r[5]}
                    for r in tx.all("SELECT at, by_name, act, user_id, table_id, detail FROM moderation_log ORDER BY at DESC LIMIT ?",
                                    (limit,))],
        }

    return store.read(go)


def find_account(store: Store, name: str) -> dict[str, Any]:
    """An account by its name (any case): id and name."""

    def go(tx: Tx) -> dict[str, Any]:
        uid = account_id(tx, name)
        row = tx.one("SELECT name FROM users WHERE id = ?", (uid,))
        return {"id": uid, "name": str(row[0]) if row else name}

    return store.read(go)


# ---------------------------------------------------------------------- closing a table (inside ``Hub.mutate``)


def close_table(tx: Tx, rt: Runtime, t: TableRow, how: str, by: dict[str, Any]) -> str:
    """``bots``: every player's seat goes to a bot, which plays the game to its end (unrated: the
    ``closed_tables`` row); ``abandon``: the table ends now, unrated, without a result."""
    if how == "bots":
        if t.status != "running":
            raise ConflictError("only a game under way can be finished by bots; abandon this table instead")
        for s in t.seats:
            if s.kind == "human":
                ops.to_bot(tx, t, s)
        ops.handed_over(tx, rt, t, None)
        ops.finish(tx, rt, t)
    elif how == "abandon":
        if t.status not in ("open", "running"):
            raise ConflictError("this table is over already")
        ops.finish(tx, rt, t, status="abandoned")
        _notify(tx, {"k": "closed", "t": t.id})
    else:
        raise ConflictError(f"close a table with one of {', '.join(CLOSE_HOW)}")
    tx.execute("INSERT INTO closed_tables (table_id, how, by_user, at) VALUES (?, ?, ?, ?) ON CONFLICT (table_id) DO UPDATE "
               "SET how = excluded.how, by_user = excluded.by_user, at = excluded.at", (t.id, how, by["id"], time.time()))
    log_act(tx, by, "close_bots" if how == "bots" else "abandon", None, t.id, t.name)
    return how


# ---------------------------------------------------------------------- the sockets (a base of the hub)


class ModerationWatch:
    """The hub's side: tell this worker's pages, and the other workers, of a removed message or a closed table."""

    if TYPE_CHECKING:
        rts: dict[str, Runtime]
        peers: procs.Peers | None

    def moderated(self, event: dict[str, Any], tell: bool = True) -> None:
        """``{"k": "chat", "t": table, "s": seq}``: the message leaves every page of the table;
        ``{"k": "closed", "t": table}``: the table's pages are closed with :data:`CLOSED_CODE`."""
        rt = self.rts.get(str(event.get("t")))
        if rt is not None:
            if event.get("k") == "chat" and isinstance(event.get("s"), int):
                text = dumps({"type": "chat_removed", "seqs": [event["s"]]})
                for c in list(rt.clients):
                    c.push(text)
            elif event.get("k") == "closed":
                for c in list(rt.clients):
                    if c.closing is None:
                        c.closing = (CLOSED_CODE, CLOSED_REASON)
                        c.wake.set()
        if tell and self.peers is not None:
            self.peers.send("m:" + json.dumps(event, separators=(",", ":")))

    def _moderation_heard(self, text: str) -> None:
        """An event from another worker (datagram) or process (notification)."""
        try:
            event = json.loads(text)
        except ValueError:
            return
        if isinstance(event, dict):
            self.moderated(event, tell=False)
