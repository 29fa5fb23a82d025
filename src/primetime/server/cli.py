"""Start the web server: ``serve(host, port, data)``."""

from __future__ import annotations

import argparse
import gc
import ipaddress
import logging
import os
from pathlib import Path
from typing import Any


def proxy_options(allow_ips: str) -> dict[str, Any]:
    """uvicorn's proxy settings, given explicitly (uvicorn's own default believes any peer on 127.0.0.1):
    ``X-Forwarded-For`` and ``X-Forwarded-Proto`` are read only from the proxies of ``allow_ips``
    (addresses or networks, comma-separated; ``*``: any peer); empty: from nobody.  A malformed entry
    is a ``ValueError`` naming it."""
    items = [item.strip() for item in allow_ips.split(",") if item.strip()]
    for item in items:
        if item == "*":
            continue
        try:
            ipaddress.ip_network(item, strict=False)
        except ValueError:
            raise ValueError(f"forwarded-allow-ips: {item!r} is not an IP address or network; name the proxies in front of the "
                             "server, e.g. 127.0.0.1 or 10.0.0.0/8 (comma-separated), or * for any peer") from None
    return {"proxy_headers": bool(items), "forwarded_allow_ips": ",".join(items)}


def serve(host: str = "127.0.0.1", port: int = 8000, data: str = "data", policies: list[str] | None = None,
          workers: int | None = None, forwarded_allow_ips: str | None = None, metrics: bool | None = None,
          metrics_allow: str | None = None, log_format: str | None = None) -> None:
    """Run the server until interrupted; prints the URL to open.

    Storage is SQLite in ``data`` unless ``PRIMETIME_DATABASE_URL=postgresql://...`` is set.
    ``policies``: trained policies offered as bots (``policy:PATH``), beside ``PRIMETIME_POLICIES``'s; a
    policy that cannot be loaded stops the start with a ``ValueError`` naming the problem.
    ``workers``: worker processes sharing the port (default ``PRIMETIME_WORKERS``, else one per core;
    1 serves from this process alone; see ``procs.py``).
    ``forwarded_allow_ips``: the proxies whose forwarded headers are believed (default
    ``PRIMETIME_FORWARDED_ALLOW_IPS``, else none; see :func:`proxy_options`).
    ``metrics``, ``metrics_allow``: ``/metrics`` on, for these addresses or networks (``metrics.py``);
    ``log_format``: ``text`` or ``json`` (``logs.py``); each defaults to its ``PRIMETIME_*`` setting.
    """
    import uvicorn

    from primetime.server import botpool, logs
    from primetime.server import metrics as metrics_mod
    from primetime.server.app import create_app
    from primetime.server.config import Settings
    from primetime.server.procs import listen_socket, supervise
    from primetime.server.route import routed_server
    from primetime.server.store import open_store

    settings = Settings(data_dir=Path(data))
    for name, value in (("metrics", metrics), ("metrics_allow", metrics_allow), ("log_format", log_format)):
        if value is not None:
            setattr(settings, name, value)
    logs.setup(settings.log_format, os.environ.get("PRIMETIME_LOG_LEVEL", "INFO"))
    metrics_mod.allow_list(settings.metrics_allow)  # (a malformed entry stops the start, named)
    settings.policies += [p for p in policies or [] if p not in settings.policies]
    if workers is not None:
        settings.workers = workers
    if settings.workers < 1:
        raise ValueError("workers must be at least 1")
    if forwarded_allow_ips is not None:
        settings.forwarded_allow_ips = forwarded_allow_ips
    proxies = proxy_options(settings.forwarded_allow_ips)
    wildcard = host in ("0.0.0.0", "::", "")
    # on every address: the URL that works on this machine, and the addresses others reach it by
    shown = "127.0.0.1" if wildcard else (f"[{host}]" if ":" in host else host)
    reach = f", listening on every address ({host or '0.0.0.0'}): other machines use this machine's address" if wildcard else ""
    storage = "PostgreSQL" if settings.database_url else f"SQLite in {Path(data).resolve()}"
    def announce(text: str) -> None:  # (JSON logs: the banner is a log line too, so that every line parses)
        if settings.log_format == "json":
            logging.getLogger("primetime.server").info(text)
        else:
            print(text, flush=True)

    # no per-message deflate: compressing every state costs more CPU than the bytes it saves on a LAN
    options: dict[str, Any] = {"log_level": "warning", "ws_max_size": 65_536, "ws_ping_interval": 10, "ws_per_message_deflate": False,
                               "ws_ping_timeout": 10, "timeout_graceful_shutdown": 3, **proxies}
    if settings.log_format == "json":  # uvicorn's own lines go through the root logger, as JSON; the access lines are ours
        options.update(log_config=None, access_log=False)
        logging.getLogger("uvicorn").setLevel(logging.WARNING)
    # a server holds many long-lived games: collect cycles seldom (a full collection of a big heap stalls every table)
    gc.set_threshold(20_000, 20, 50)
    if settings.workers == 1:
        app = create_app(settings)
        announce(f"primetime (The Networks: Primetime and Prime Time) is served at http://{shown}:{port}/  (storage: {storage}{reach}; "
                 "Ctrl+C stops)")
        uvicorn.run(app, host=host, port=port, **options)
        return
    count = settings.workers
    # the policies and the schema: checked and made once, before any worker starts
    botpool.policy_levels(settings.policies)
    open_store(settings.database_url, settings.data_dir, settings.sqlite_synchronous).close()
    if settings.metrics:  # every worker's figures in files that any worker reads for a scrape
        metrics_mod.prepare_multiprocess(settings.data_dir)
    sock = listen_socket(host, port)

    def worker(index: int) -> None:
        settings.worker_index, settings.worker_count = index, count
        app = create_app(settings)
        config = uvicorn.Config(app, **options)
        if settings.route_sockets:  # each table's sockets to the worker that owns it
            routed_server(config, settings.data_dir / "wake", index, count).run(sockets=[sock])
        else:
            uvicorn.Server(config).run(sockets=[sock])

    announce(f"primetime (The Networks: Primetime and Prime Time) is served at http://{shown}:{port}/  (storage: {storage}{reach}; "
             f"{count} worker processes; Ctrl+C stops)")
    supervise(count, sock, worker, metrics_mod.worker_ended if settings.metrics else None)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m primetime.server", description="Serve The Networks: Primetime")
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--data", default="data", help="folder for the SQLite database (default: data)")
    ap.add_argument("--policy", action="append", default=[], help="offer a trained policy as a bot (policy:PATH); repeat for more")
    ap.add_argument("--workers", type=int, default=None,
                    help="worker processes sharing the port (default: PRIMETIME_WORKERS, else one per core; 1: a single process)")
    ap.add_argument("--forwarded-allow-ips", default=None, metavar="IPS",
                    help="believe X-Forwarded-For/-Proto only from these proxies (addresses or networks, comma-separated; "
                         "default: PRIMETIME_FORWARDED_ALLOW_IPS, else none)")
    ap.add_argument("--metrics", action="store_true", default=None,
                    help="serve /metrics in Prometheus' format (default: PRIMETIME_METRICS=1, else off)")
    ap.add_argument("--metrics-allow", default=None, metavar="IPS",
                    help="addresses or networks /metrics answers (comma-separated; default: PRIMETIME_METRICS_ALLOW, else loopback)")
    ap.add_argument("--log-format", default=None, choices=("text", "json"),
                    help="log lines as text, or as JSON objects with a request or table id (default: PRIMETIME_LOG_FORMAT, else text)")
    args = ap.parse_args(argv)
    try:
        serve(args.host, args.port, args.data, args.policy, args.workers, args.forwarded_allow_ips, args.metrics,
              args.metrics_allow, args.log_format)
    except ValueError as exc:
        ap.exit(2, f"error: {exc}\n")


if __name__ == "__main__":
    main()
