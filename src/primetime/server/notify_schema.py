"""The tables of notifications (``outbox.py``, ``notifier.py``): the SQL that creates them, the same on
SQLite and PostgreSQL (``Store.sql`` adapts the placeholders).  Kept apart from ``schema.py``."""

from __future__ import annotations

NOTIFY_SCHEMA = [
    # messages to send (e-mail, Web Push), written in the transaction of the change they announce and sent
    # by a background sender of any process: ``id`` is the message's unique key (a turn's message per player
    # and channel is queued once); ``state``: queued | sent | skipped (no longer due: the player is at the
    # table, the turn is over) | dropped (replaced) | failed (out of attempts); a sender claims a row by
    # setting ``lease`` (claimed until) and ``claimed_by``; ``due``: its next attempt, pushed back after a failure
    """CREATE TABLE IF NOT EXISTS outbox (
        id TEXT PRIMARY KEY,
        channel TEXT NOT NULL,
        kind TEXT NOT NULL,
        user_id TEXT NOT NULL,
        table_id TEXT,
        payload TEXT NOT NULL,
        state TEXT NOT NULL DEFAULT 'queued',
        created DOUBLE PRECISION NOT NULL,
        due DOUBLE PRECISION NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        lease DOUBLE PRECISION NOT NULL DEFAULT 0,
        claimed_by TEXT,
        done DOUBLE PRECISION,
        error TEXT
    )""",
    # an account's e-mail address: confirmed (when), the hash of its pending confirmation token, unsubscribed
    """CREATE TABLE IF NOT EXISTS email_addresses (
        user_id TEXT PRIMARY KEY,
        address TEXT NOT NULL,
        confirmed DOUBLE PRECISION,
        confirm_hash TEXT,
        unsubscribed INTEGER NOT NULL DEFAULT 0,
        updated DOUBLE PRECISION NOT NULL
    )""",
    # an account's Web Push subscriptions (one per browser): removed when the push service says 404/410
    """CREATE TABLE IF NOT EXISTS push_subscriptions (
        endpoint TEXT PRIMARY KEY,
        user_id TEXT NOT NULL,
        p256dh TEXT NOT NULL,
        auth TEXT NOT NULL,
        created DOUBLE PRECISION NOT NULL
    )""",
    # a player's channels at one table (NULL: as in their preferences)
    """CREATE TABLE IF NOT EXISTS notify_tables (
        table_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        email INTEGER,
        push INTEGER,
        PRIMARY KEY (table_id, user_id)
    )""",
    # who has a table open, per server process (``holder``), until ``expires`` (renewed while the socket lives)
    """CREATE TABLE IF NOT EXISTS notify_present (
        table_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        holder TEXT NOT NULL,
        expires DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (table_id, user_id, holder)
    )""",
    # password-reset links: the hash of the token, whose account, until when, used (single use)
    "CREATE INDEX IF NOT EXISTS outbox_due ON outbox (state, due)",
    "CREATE INDEX IF NOT EXISTS outbox_player ON outbox (table_id, user_id, state)",
    "CREATE INDEX IF NOT EXISTS push_subscriptions_user ON push_subscriptions (user_id)",
]

#: Emptied by ``Store.delete_all`` (tests).
NOTIFY_TABLES = ("outbox", "email_addresses", "push_subscriptions", "notify_tables", "notify_present")
