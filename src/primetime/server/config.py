"""Server settings, from arguments and ``PRIMETIME_*`` environment variables."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from primetime.server.limits import Rate


def _float(name: str, default: float) -> float:
    try:
        return float(os.environ.get(name, default))
    except ValueError:
        return default


def _int(name: str, default: int) -> int:
    try:
        return int(os.environ.get(name, default))
    except ValueError:
        return default


def _rate(name: str, default: Rate) -> Rate:
    return Rate.parse(os.environ.get(name, ""), default)


def _default_bot_workers() -> int:
    return max(1, min(4, (os.cpu_count() or 2) - 1))


def _default_workers() -> int:
    from primetime.server.procs import default_workers

    return _int("PRIMETIME_WORKERS", default_workers())


#: A table's bot pace (chosen by its host at creation): how many times ``Settings.bot_delay`` a
#: bot waits before each move.  A table without one stored plays at ``DEFAULT_BOT_PACE``.
BOT_PACES: dict[str, float] = {"instant": 0.0, "normal": 1.0, "slow": 2.5}
DEFAULT_BOT_PACE = "instant"


@dataclass
class Settings:
    data_dir: Path = field(default_factory=lambda: Path(os.environ.get("PRIMETIME_DATA", "data")))
    #: ``postgresql://...`` switches storage to PostgreSQL; unset means SQLite in ``data_dir``.
    database_url: str | None = field(default_factory=lambda: os.environ.get("PRIMETIME_DATABASE_URL") or None)
    #: Seconds a bot waits before it moves at a table of the "normal" pace (``BOT_PACES``), so people can follow the game.
    bot_delay: float = field(default_factory=lambda: _float("PRIMETIME_BOT_DELAY", 0.7))
    #: Worker processes sharing the port (``serve --workers``; ``PRIMETIME_WORKERS``; default one per core).
    workers: int = field(default_factory=_default_workers)
    #: This worker's number and how many there are (set by the supervisor; 0 of 1: a single process).
    worker_index: int = 0
    worker_count: int = 1
    #: Hand each table's WebSockets to the worker that owns it (``PRIMETIME_ROUTE_SOCKETS=0``: each is
    #: served by the worker that accepted it; the workers relay the states to each other).
    route_sockets: bool = field(default_factory=lambda: os.environ.get("PRIMETIME_ROUTE_SOCKETS", "1") != "0")
    #: Processes that run the slow bots' decisions (searches, trained policies; 0: a thread instead);
    #: random and greedy bots choose in a thread.
    bot_workers: int = field(default_factory=lambda: _int("PRIMETIME_BOT_WORKERS", _default_bot_workers()))
    #: Trained policies offered as bots (``policy:PATH`` each): ``PRIMETIME_POLICIES=a.zip,b.zip`` or
    #: ``primetime serve --policy PATH``; each needs the ``train`` extra and is checked at start.
    policies: list[str] = field(default_factory=lambda: [p.strip() for p in os.environ.get("PRIMETIME_POLICIES", "").split(",") if p.strip()])
    #: How often a process re-reads the versions of the games it serves (PostgreSQL
    #: notifications only make this faster; polling makes a lost notification harmless).
    poll_interval: float = field(default_factory=lambda: _float("PRIMETIME_POLL_INTERVAL", 2.0))
    #: Use PostgreSQL LISTEN/NOTIFY to hear other processes' changes at once (turn off
    #: behind a transaction-pooling proxy; polling alone still delivers every change).
    listen: bool = field(default_factory=lambda: os.environ.get("PRIMETIME_LISTEN", "1") != "0")
    #: A player whose turn has lasted this long may be replaced by a bot if the others agree.
    idle_replace_after: float = field(default_factory=lambda: _float("PRIMETIME_IDLE_REPLACE", 120.0))
    #: Largest WebSocket message accepted from a browser, in bytes.
    max_message: int = 4096
    #: Largest imported record, in bytes.
    max_record: int = 2_000_000
    #: New tables one client address may create: ``PRIMETIME_RATE_TABLES=count/seconds`` (0: no limit).
    rate_tables: Rate = field(default_factory=lambda: _rate("PRIMETIME_RATE_TABLES", Rate(30, 600.0)))
    #: New users (guest names given without a user cookie, and sign-ups) per client address.
    rate_users: Rate = field(default_factory=lambda: _rate("PRIMETIME_RATE_USERS", Rate(30, 600.0)))
    #: Sign-in attempts per client address (a bound on password guessing).
    rate_signins: Rate = field(default_factory=lambda: _rate("PRIMETIME_RATE_SIGNINS", Rate(20, 600.0)))
    #: Record imports per client address.
    rate_imports: Rate = field(default_factory=lambda: _rate("PRIMETIME_RATE_IMPORTS", Rate(10, 600.0)))
    #: Chat messages per user (all tables of a process together): ``PRIMETIME_RATE_CHAT=count/seconds``.
    rate_chat: Rate = field(default_factory=lambda: _rate("PRIMETIME_RATE_CHAT", Rate(8, 15.0)))
    #: Chat messages a browser receives when it connects (the latest; it asks for more by number).
    chat_history: int = 50
    #: SQLite ``synchronous`` pragma: FULL makes every commit durable even on power loss.
    sqlite_synchronous: str = field(default_factory=lambda: os.environ.get("PRIMETIME_SQLITE_SYNCHRONOUS", "FULL"))
    #: Cookies only over HTTPS, always (without it they are ``Secure`` when the request came over HTTPS:
    #: directly, or through a proxy of ``forwarded_allow_ips`` that says ``X-Forwarded-Proto: https``).
    secure_cookies: bool = field(default_factory=lambda: os.environ.get("PRIMETIME_SECURE_COOKIES", "") == "1")
    #: The reverse proxies whose ``X-Forwarded-For`` and ``X-Forwarded-Proto`` are believed: addresses or
    #: networks, comma-separated (``serve --forwarded-allow-ips``; ``PRIMETIME_FORWARDED_ALLOW_IPS``); empty
    #: (the default): none, every client is the address it connects from.
    forwarded_allow_ips: str = field(default_factory=lambda: os.environ.get("PRIMETIME_FORWARDED_ALLOW_IPS", ""))
    #: Failed sign-ins to one account name (any address, any process: counted in the database) before
    #: further attempts must wait; the wait starts at ``signin_delay`` seconds and doubles with each
    #: further failure, up to ``signin_delay_max``.  A success starts the count again, and so does a
    #: day without attempts.
    signin_free: int = field(default_factory=lambda: _int("PRIMETIME_SIGNIN_FREE", 5))
    signin_delay: float = field(default_factory=lambda: _float("PRIMETIME_SIGNIN_DELAY", 2.0))
    signin_delay_max: float = field(default_factory=lambda: _float("PRIMETIME_SIGNIN_DELAY_MAX", 900.0))

    #: ``/metrics`` served (``serve --metrics``; ``PRIMETIME_METRICS=1``), to the addresses or networks of
    #: ``metrics_allow`` only (``--metrics-allow``; ``PRIMETIME_METRICS_ALLOW``): see ``metrics.py``.
    metrics: bool = field(default_factory=lambda: os.environ.get("PRIMETIME_METRICS", "") == "1")
    metrics_allow: str = field(default_factory=lambda: os.environ.get("PRIMETIME_METRICS_ALLOW", "127.0.0.1,::1"))
    #: ``text`` (the default) or ``json``: one JSON object per log line, with its request or table id (``logs.py``).
    log_format: str = field(default_factory=lambda: os.environ.get("PRIMETIME_LOG_FORMAT", "text"))
    # --- notifications (``notifier.py``): e-mail is off until ``smtp_host`` is set
    #: The SMTP server that sends the mails (``PRIMETIME_SMTP_HOST``; empty: no e-mail), its port, whether to
    #: upgrade the connection with STARTTLS (``PRIMETIME_SMTP_STARTTLS=0``: plain), the user and password to
    #: sign in with (none: no sign-in), and the sender address of the mails.
    smtp_host: str = field(default_factory=lambda: os.environ.get("PRIMETIME_SMTP_HOST", ""))
    smtp_port: int = field(default_factory=lambda: _int("PRIMETIME_SMTP_PORT", 587))
    smtp_starttls: bool = field(default_factory=lambda: os.environ.get("PRIMETIME_SMTP_STARTTLS", "1") != "0")
    smtp_user: str = field(default_factory=lambda: os.environ.get("PRIMETIME_SMTP_USER", ""))
    smtp_password: str = field(default_factory=lambda: os.environ.get("PRIMETIME_SMTP_PASSWORD", ""))
    mail_from: str = field(default_factory=lambda: os.environ.get("PRIMETIME_MAIL_FROM", "primetime@localhost"))
    #: The address the server is reached at, for the links in mails and notifications.
    public_url: str = field(default_factory=lambda: os.environ.get("PRIMETIME_PUBLIC_URL", "http://localhost:8000").rstrip("/"))
    #: Seconds a "your turn" message waits before it is sent (a player who opens the table meanwhile gets none).
    notify_delay: float = field(default_factory=lambda: _float("PRIMETIME_NOTIFY_DELAY", 0.0))
    #: How often the sender looks for messages due (it is also woken by this process's own turn changes).
    notify_poll: float = field(default_factory=lambda: _float("PRIMETIME_NOTIFY_POLL", 2.0))
    #: The wait after a failed send (doubling per failure, up to an hour; ``notify_attempts`` in all).
    notify_retry: float = field(default_factory=lambda: _float("PRIMETIME_NOTIFY_RETRY", 30.0))
    notify_attempts: int = field(default_factory=lambda: _int("PRIMETIME_NOTIFY_ATTEMPTS", 8))
    #: Accept Web Push endpoints over plain http (tests with a local push service; else https only).
    push_http: bool = field(default_factory=lambda: os.environ.get("PRIMETIME_PUSH_HTTP", "") == "1")
    #: The share of a player's time for a move after which they are reminded (unless at the table).
    reminder_at: float = field(default_factory=lambda: _float("PRIMETIME_REMINDER_AT", 0.8))
    # --- turn-based play (``turnbased.py``): how many turn-based games one player may be in at once
    #: ``turn_games`` to begin with, one more for every ``turn_games_every`` games they finished in their seat,
    #: up to ``turn_games_max`` (tables waiting to start count too; 0 for ``turn_games``: no limit).
    turn_games: int = field(default_factory=lambda: _int("PRIMETIME_TURN_GAMES", 10))
    turn_games_every: int = field(default_factory=lambda: _int("PRIMETIME_TURN_GAMES_EVERY", 5))
    turn_games_max: int = field(default_factory=lambda: _int("PRIMETIME_TURN_GAMES_MAX", 50))

    def __post_init__(self) -> None:
        self.data_dir = Path(self.data_dir)
