"""The tables of the store (:mod:`primetime.server.store`): the SQL that creates them, the same on
SQLite and PostgreSQL (``Store.sql`` adapts the placeholders)."""

from __future__ import annotations

SCHEMA = [
    """CREATE TABLE IF NOT EXISTS users (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        secret_hash TEXT NOT NULL UNIQUE,
        prefs TEXT NOT NULL DEFAULT '{}',
        created DOUBLE PRECISION NOT NULL
    )""",
    """CREATE TABLE IF NOT EXISTS tables (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        game TEXT NOT NULL,
        owner TEXT,
        status TEXT NOT NULL,
        options TEXT NOT NULL,
        seed BIGINT NOT NULL,
        nseats INTEGER NOT NULL,
        players TEXT,
        version BIGINT NOT NULL DEFAULT 1,
        epoch INTEGER NOT NULL DEFAULT 0,
        nactions INTEGER NOT NULL DEFAULT 0,
        result TEXT,
        imported INTEGER NOT NULL DEFAULT 0,
        created DOUBLE PRECISION NOT NULL,
        updated DOUBLE PRECISION NOT NULL,
        acted DOUBLE PRECISION NOT NULL DEFAULT 0
    )""",
    """CREATE TABLE IF NOT EXISTS seats (
        table_id TEXT NOT NULL,
        seat INTEGER NOT NULL,
        kind TEXT NOT NULL,
        user_id TEXT,
        name TEXT,
        bot TEXT,
        secret_hash TEXT,
        left_game INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (table_id, seat)
    )""",
    """CREATE TABLE IF NOT EXISTS actions (
        table_id TEXT NOT NULL,
        seq INTEGER NOT NULL,
        key TEXT NOT NULL,
        seat INTEGER NOT NULL,
        at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (table_id, seq)
    )""",
    """CREATE TABLE IF NOT EXISTS votes (
        table_id TEXT NOT NULL,
        target INTEGER NOT NULL,
        voter INTEGER NOT NULL,
        PRIMARY KEY (table_id, target, voter)
    )""",
    # a table's chat: one row per message, numbered from 1 per table (``seq``)
    """CREATE TABLE IF NOT EXISTS chat (
        table_id TEXT NOT NULL,
        seq INTEGER NOT NULL,
        at DOUBLE PRECISION NOT NULL,
        user_id TEXT NOT NULL,
        name TEXT NOT NULL,
        seat INTEGER,
        text TEXT NOT NULL,
        PRIMARY KEY (table_id, seq)
    )""",
    # a table's chat rules (a table without a row: the defaults, spectators may chat)
    """CREATE TABLE IF NOT EXISTS chat_rules (
        table_id TEXT PRIMARY KEY,
        spectators INTEGER NOT NULL DEFAULT 1
    )""",
    # a table's bot pace (``config.BOT_PACES``; a table without a row: ``config.DEFAULT_BOT_PACE``)
    """CREATE TABLE IF NOT EXISTS bot_paces (
        table_id TEXT PRIMARY KEY,
        pace TEXT NOT NULL
    )""",
    # a user who signed up: the name they sign in with (case-folded, unique) and their argon2 password hash
    """CREATE TABLE IF NOT EXISTS accounts (
        user_id TEXT PRIMARY KEY,
        name_key TEXT NOT NULL UNIQUE,
        password_hash TEXT NOT NULL,
        created DOUBLE PRECISION NOT NULL
    )""",
    # sign-in attempts in a row to one name, account or not (``signins.py``); deleted by a success
    """CREATE TABLE IF NOT EXISTS signin_failures (
        name_key TEXT PRIMARY KEY,
        failures INTEGER NOT NULL,
        last_at DOUBLE PRECISION NOT NULL
    )""",
    # an account's signed-in browsers: the hash of each one's cookie secret (sign-out deletes the row)
    """CREATE TABLE IF NOT EXISTS sessions (
        secret_hash TEXT PRIMARY KEY,
        user_id TEXT NOT NULL,
        created DOUBLE PRECISION NOT NULL
    )""",
    # the session that obtained a seat secret (``sessions.py``): when that session ends, the seat's cookie
    # no longer opens the seat (a guest's seat secret has no row and works as long as the seat is theirs)
    """CREATE TABLE IF NOT EXISTS seat_sessions (
        secret_hash TEXT PRIMARY KEY,
        session_hash TEXT NOT NULL,
        user_id TEXT NOT NULL,
        created DOUBLE PRECISION NOT NULL
    )""",
    # an account's Glicko-2 rating in one game (earlier releases: kept, no longer written)
    """CREATE TABLE IF NOT EXISTS ratings (
        user_id TEXT NOT NULL,
        game TEXT NOT NULL,
        rating DOUBLE PRECISION NOT NULL,
        rd DOUBLE PRECISION NOT NULL,
        vol DOUBLE PRECISION NOT NULL,
        games INTEGER NOT NULL DEFAULT 0,
        updated DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (user_id, game)
    )""",
    # what one rated table did to each of its players' ratings (a table is rated once: the key)
    """CREATE TABLE IF NOT EXISTS rating_changes (
        table_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        game TEXT NOT NULL,
        rating_before DOUBLE PRECISION NOT NULL,
        rating_after DOUBLE PRECISION NOT NULL,
        rd_after DOUBLE PRECISION NOT NULL,
        at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (table_id, user_id)
    )""",
    # a table's time control and clocks (``clocks.py``); a table without a row has none
    """CREATE TABLE IF NOT EXISTS clocks (
        table_id TEXT PRIMARY KEY,
        clock TEXT NOT NULL
    )""",
    # the clock as it stood before a stored action (``seq``: its number in ``actions``), settled to
    # the moment of that action: what an undo of the action gives back (``clocks.restore``); a table
    # without time control, or an action stored by an earlier release, has no row
    """CREATE TABLE IF NOT EXISTS clock_before (
        table_id TEXT NOT NULL,
        seq INTEGER NOT NULL,
        clock TEXT NOT NULL,
        PRIMARY KEY (table_id, seq)
    )""",
    # --- ratings (``ratings_store.py``); the tables above of earlier releases are never altered
    # an account's Plackett-Luce rating in one game (``rating.py``); ``ratings`` above holds the Glicko-2 of earlier releases
    """CREATE TABLE IF NOT EXISTS skills (
        user_id TEXT NOT NULL,
        game TEXT NOT NULL,
        mu DOUBLE PRECISION NOT NULL,
        sigma DOUBLE PRECISION NOT NULL,
        games INTEGER NOT NULL DEFAULT 0,
        updated DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (user_id, game)
    )""",
    # how a table was rated by the model of ``skills``: the weight its changes were scaled by, and why
    """CREATE TABLE IF NOT EXISTS rated_tables (
        table_id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        weight DOUBLE PRECISION NOT NULL,
        reason TEXT,
        at DOUBLE PRECISION NOT NULL
    )""",
    # a player who abandoned a running game (left it, was voted out, ran out of time), in order:
    # ranked last at its end; the row goes if they take their seat back
    """CREATE TABLE IF NOT EXISTS departures (
        table_id TEXT NOT NULL,
        seat INTEGER NOT NULL,
        user_id TEXT,
        at DOUBLE PRECISION NOT NULL,
        why TEXT NOT NULL,
        PRIMARY KEY (table_id, seat)
    )""",
    # where an account was created: a keyed hash of the address (never the address), for the farming rule
    """CREATE TABLE IF NOT EXISTS account_origins (
        user_id TEXT PRIMARY KEY,
        address_hash TEXT NOT NULL,
        created DOUBLE PRECISION NOT NULL
    )""",
    # settings of the database itself (the rating model in use, the address hashing key)
    """CREATE TABLE IF NOT EXISTS meta (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
    )""",
    # --- moderation (``moderation.py``): administrators, suspended accounts, removed chat messages, closed
    # tables, reports, password-reset links and the log of every moderation act
    """CREATE TABLE IF NOT EXISTS admins (
        user_id TEXT PRIMARY KEY,
        granted DOUBLE PRECISION NOT NULL
    )""",
    """CREATE TABLE IF NOT EXISTS suspensions (
        user_id TEXT PRIMARY KEY,
        by_user TEXT,
        reason TEXT NOT NULL,
        at DOUBLE PRECISION NOT NULL
    )""",
    """CREATE TABLE IF NOT EXISTS chat_removed (
        table_id TEXT NOT NULL,
        seq INTEGER NOT NULL,
        by_user TEXT,
        at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (table_id, seq)
    )""",
    """CREATE TABLE IF NOT EXISTS closed_tables (
        table_id TEXT PRIMARY KEY,
        how TEXT NOT NULL,
        by_user TEXT,
        at DOUBLE PRECISION NOT NULL
    )""",
    """CREATE TABLE IF NOT EXISTS reports (
        id TEXT PRIMARY KEY,
        at DOUBLE PRECISION NOT NULL,
        reporter TEXT NOT NULL,
        user_id TEXT,
        table_id TEXT,
        seq INTEGER,
        text TEXT,
        reason TEXT NOT NULL,
        status TEXT NOT NULL DEFAULT 'open',
        resolved_by TEXT,
        resolved_at DOUBLE PRECISION,
        note TEXT
    )""",
    """CREATE TABLE IF NOT EXISTS password_resets (
        token_hash TEXT PRIMARY KEY,
        user_id TEXT NOT NULL,
        by_user TEXT,
        created DOUBLE PRECISION NOT NULL,
        expires DOUBLE PRECISION NOT NULL,
        used DOUBLE PRECISION
    )""",
    """CREATE TABLE IF NOT EXISTS moderation_log (
        id TEXT PRIMARY KEY,
        at DOUBLE PRECISION NOT NULL,
        by_user TEXT,
        by_name TEXT NOT NULL,
        act TEXT NOT NULL,
        user_id TEXT,
        table_id TEXT,
        detail TEXT NOT NULL DEFAULT ''
    )""",
    "CREATE INDEX IF NOT EXISTS reports_status ON reports (status, at)",
    "CREATE INDEX IF NOT EXISTS moderation_log_at ON moderation_log (at)",
    "CREATE INDEX IF NOT EXISTS seats_user ON seats (user_id)",
    "CREATE INDEX IF NOT EXISTS rating_changes_user ON rating_changes (user_id, game)",
    "CREATE INDEX IF NOT EXISTS skills_game ON skills (game)",
    "CREATE INDEX IF NOT EXISTS account_origins_address ON account_origins (address_hash)",
    "CREATE INDEX IF NOT EXISTS sessions_user ON sessions (user_id)",
    "CREATE INDEX IF NOT EXISTS signin_failures_at ON signin_failures (last_at)",
    "CREATE INDEX IF NOT EXISTS seat_sessions_session ON seat_sessions (session_hash)",
    "CREATE INDEX IF NOT EXISTS ratings_game ON ratings (game, rating)",
    "CREATE INDEX IF NOT EXISTS tables_status ON tables (status, updated)",
]
