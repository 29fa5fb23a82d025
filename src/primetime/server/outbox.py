"""The outbox of notifications (tables in ``notify_schema.py``): what is queued, in the transaction of
the change it announces, and how a sender claims, finishes or puts back a message.

* A turn change of a turn-based table (``Hub.mutate`` calls :func:`queue_turns`) queues, for every
  account that must now act and is not at the table, one "your turn" message per channel it chose,
  and a reminder per channel due when ``reminder_at`` of its time for the move is gone.  A player on
  holiday is told when the holiday is over (their clock stands still meanwhile, so the reminder's
  moment moves on by the holiday too).  Each message's
  id is its key (table, version, seat, channel): queued once, whatever process made the change.
* A sender claims due messages (:func:`claim`): on PostgreSQL ``FOR UPDATE SKIP LOCKED``, so two
  processes never take the same one; on SQLite the writers take turns anyway.  The claim is a lease:
  a sender that dies leaves its messages to be claimed again once the lease is over.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

from primetime.server import clocks
from primetime.server.runtime import Runtime
from primetime.server.store import Store, Tx

CHANNELS = ("email", "push")


@dataclass
class Msg:
    id: str
    channel: str
    kind: str  # turn | reminder | confirm | reset
    user_id: str
    table_id: str | None
    payload: dict[str, Any]
    attempts: int


def waiting(rt: Runtime) -> dict[int, str]:
    """The seats whose person must act now at a turn-based table, and the user holding each."""
    t, g = rt.meta, rt.game
    if t is None or g is None or t.status != "running" or not t.clock or t.clock.get("mode") != "turn":
        return {}
    return {p: str(t.seats[p].user_id) for p in clocks.acting(g)
            if 0 <= p < len(t.seats) and t.seats[p].kind == "human" and t.seats[p].user_id}


def time_left(clock: dict[str, Any] | None, seat: int, now: float) -> float | None:
    """The seat's time left for its move at ``now`` (None: its clock does not run)."""
    if not clock or "remaining" not in clock or seat not in (clock.get("running") or []):
        return None
    return clocks.left(clock, seat, now)  # (its holidays not counted)


def channels(tx: Tx, user_id: str, table_id: str | None, email_on: bool) -> list[str]:
    """The channels ``user_id`` is told of their turns by (at ``table_id``): an account's choices in its
    preferences and at the table, among those it can be reached by (a confirmed address it did not
    unsubscribe; a browser subscribed to pushes)."""
    if tx.one("SELECT 1 FROM accounts WHERE user_id = ?", (user_id,)) is None:
        return []  # guests are never told
    row = tx.one("SELECT prefs FROM users WHERE id = ?", (user_id,))
    prefs = json.loads(row[0] or "{}") if row is not None else {}
    want = {"email": prefs.get("notify_email", True) is not False, "push": prefs.get("notify_push", True) is not False}
    if table_id is not None:
        here = tx.one("SELECT email, push FROM notify_tables WHERE table_id = ? AND user_id = ?", (table_id, user_id))
        if here is not None:
            for ch, v in zip(CHANNELS, here, strict=True):
                if v is not None:
                    want[ch] = bool(v)
    out = []
    if want["email"] and email_on and tx.one("SELECT 1 FROM email_addresses WHERE user_id = ? AND confirmed IS NOT NULL "
                                             "AND unsubscribed = 0", (user_id,)) is not None:
        out.append("email")
    if want["push"] and tx.one("SELECT 1 FROM push_subscriptions WHERE user_id = ?", (user_id,)) is not None:
        out.append("push")
    return out


def put(tx: Tx, mid: str, channel: str, kind: str, user_id: str, table_id: str | None, payload: dict[str, Any], due: float) -> None:
    """Queue a message (once: a message of the same id already queued or sent stays as it is)."""
    tx.execute("INSERT INTO outbox (id, channel, kind, user_id, table_id, payload, state, created, due) "
               "VALUES (?, ?, ?, ?, ?, ?, 'queued', ?, ?) ON CONFLICT (id) DO NOTHING",
               (mid, channel, kind, user_id, table_id, json.dumps(payload), time.time(), due))


def drop_queued(tx: Tx, table_id: str, user_id: str) -> None:
    """The player's turn at the table is over (or a new one began): their messages of it still queued
    (the turn's, if it waited, and the reminders) go; so a turn never has more than one of each."""
    tx.execute("UPDATE outbox SET state = 'dropped' WHERE table_id = ? AND user_id = ? AND kind IN ('turn', 'reminder') "
               "AND state = 'queued'", (table_id, user_id))


def queue_turns(tx: Tx, rt: Runtime, before: dict[int, str], here: set[str], delay: float, reminder_at: float,
                email_on: bool) -> int:
    """After a change of ``rt``'s table (``before``: ``waiting`` as it was): queue the messages of the
    turns it began (none for the users in ``here``, at the table now; their reminders are queued all the
    same and skipped if they are still there).  Returns how many were queued."""
    after = waiting(rt)
    t = rt.meta
    if (not before and not after) or t is None:
        return 0
    now = time.time()
    for seat, uid in before.items():
        if after.get(seat) != uid:
            drop_queued(tx, t.id, uid)
    n = 0
    for seat, uid in after.items():
        if before.get(seat) == uid:
            continue
        drop_queued(tx, t.id, uid)
        chans = channels(tx, uid, t.id, email_on)
        left = time_left(t.clock, seat, now)
        payload = {"table": t.id, "seat": seat, "version": t.version, "total": left}
        back = clocks.holiday_end(t.clock, seat, now) or 0.0  # on holiday: told when it is over
        for ch in chans:
            if uid not in here:
                put(tx, f"turn:{t.id}:{t.version}:{seat}:{ch}", ch, "turn", uid, t.id, payload, max(now + delay, back))
                n += 1
            if left is not None and left > 0 and t.clock is not None:
                due = clocks.when_left(t.clock, seat, (1 - reminder_at) * left)  # (its holidays not counted)
                put(tx, f"reminder:{t.id}:{t.version}:{seat}:{ch}", ch, "reminder", uid, t.id, payload, due)
                n += 1
    return n


# ---------------------------------------------------------------------- the sender's side
def claim(store: Store, channel: str, holder: str, limit: int, lease: float, now: float) -> list[Msg]:
    """Take up to ``limit`` due messages of ``channel`` for ``lease`` seconds (each attempt counted)."""
    skip = " FOR UPDATE SKIP LOCKED" if store.kind == "postgresql" else ""

    def go(tx: Tx) -> list[Any]:
        return tx.all("UPDATE outbox SET lease = ?, claimed_by = ?, attempts = attempts + 1 WHERE id IN "
                      "(SELECT id FROM outbox WHERE state = 'queued' AND channel = ? AND due <= ? AND lease < ? "
                      f"ORDER BY due LIMIT ?{skip}) RETURNING id, channel, kind, user_id, table_id, payload, attempts",
                      (now + lease, holder, channel, now, now, limit))

    return [Msg(r[0], r[1], r[2], r[3], r[4], json.loads(r[5]), int(r[6])) for r in store.write(go)]


def finish(store: Store, mid: str, holder: str, state: str, error: str | None = None, payload: dict[str, Any] | None = None) -> None:
    """A claimed message is done with: sent, skipped or failed for good (its secrets, if any, are forgotten)."""
    def go(tx: Tx) -> None:
        tx.execute("UPDATE outbox SET state = ?, done = ?, lease = 0, error = ?"
                   + (", payload = ?" if payload is not None else "") + " WHERE id = ? AND claimed_by = ?",
                   (state, time.time(), error, *([json.dumps(payload)] if payload is not None else []), mid, holder))

    store.write(go)


def retry(store: Store, mid: str, holder: str, due: float, error: str, payload: dict[str, Any] | None = None) -> None:
    """A claimed message could not be sent (or is not due yet): it goes back to the queue until ``due``."""
    def go(tx: Tx) -> None:
        tx.execute("UPDATE outbox SET due = ?, lease = 0, error = ?" + (", payload = ?" if payload is not None else "")
                   + " WHERE id = ? AND claimed_by = ?",
                   (due, error, *([json.dumps(payload)] if payload is not None else []), mid, holder))

    store.write(go)


def set_present(store: Store, holder: str, pairs: set[tuple[str, str]], expires: float) -> None:
    """This process's sockets: the (table, user) pairs it has open until ``expires`` (renewed)."""
    def go(tx: Tx) -> None:
        tx.execute("DELETE FROM notify_present WHERE holder = ? OR expires < ?", (holder, time.time()))
        for table_id, user_id in sorted(pairs):
            tx.execute("INSERT INTO notify_present (table_id, user_id, holder, expires) VALUES (?, ?, ?, ?)",
                       (table_id, user_id, holder, expires))

    store.write(go)


def present(tx: Tx, table_id: str, user_id: str, now: float, holder: str) -> bool:
    """Whether a socket of ``user_id`` has ``table_id`` open in another process than ``holder`` (which
    knows its own sockets better than what it last wrote down)."""
    return tx.one("SELECT 1 FROM notify_present WHERE table_id = ? AND user_id = ? AND expires >= ? AND holder <> ?",
                  (table_id, user_id, now, holder)) is not None
