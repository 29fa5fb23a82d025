"""``primetime serve``: the web server (lobby, tables, play in the browser)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from primetime.cli.app import app, fail


@app.command()
def serve(
    host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="Port to listen on.")] = 8000,
    data: Annotated[Path, typer.Option("--data", help="Folder for the SQLite database (unless PRIMETIME_DATABASE_URL is set).")] = Path("data"),
    policy: Annotated[
        list[str] | None,
        typer.Option("--policy", help="Offer a trained policy as a bot (policy:PATH; the train extra); repeat for more. "
                                      "Added to PRIMETIME_POLICIES."),
    ] = None,
    workers: Annotated[
        int | None,
        typer.Option("--workers", help="Worker processes sharing the port (default: PRIMETIME_WORKERS, else one per core; "
                                       "1: a single process)."),
    ] = None,
    forwarded_allow_ips: Annotated[
        str | None,
        typer.Option("--forwarded-allow-ips", help="Believe X-Forwarded-For and X-Forwarded-Proto only from these reverse proxies "
                                                   "(addresses or networks, comma-separated; default: PRIMETIME_FORWARDED_ALLOW_IPS, "
                                                   "else none)."),
    ] = None,
    metrics: Annotated[
        bool | None,
        typer.Option("--metrics", help="Serve /metrics in Prometheus' format (default: PRIMETIME_METRICS=1, else off).",
                     show_default=False),
    ] = None,
    metrics_allow: Annotated[
        str | None,
        typer.Option("--metrics-allow", help="Addresses or networks /metrics answers, comma-separated (default: "
                                             "PRIMETIME_METRICS_ALLOW, else 127.0.0.1,::1); others get 403."),
    ] = None,
    log_format: Annotated[
        str | None,
        typer.Option("--log-format", help="text, or json: one JSON object per line with its request or table id "
                                          "(default: PRIMETIME_LOG_FORMAT, else text)."),
    ] = None,
) -> None:
    """Start the web server (lobby, tables, play in the browser) and print its URL."""
    from primetime.server.cli import serve as run_server

    try:
        run_server(host, port, str(data), list(policy or []), workers, forwarded_allow_ips, metrics, metrics_allow, log_format)
    except ValueError as exc:
        raise fail(str(exc)) from None
