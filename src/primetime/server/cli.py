"""Start the web server: ``serve(host, port, data)``."""

from __future__ import annotations

import argparse
import logging
import os
from pathlib import Path


def serve(host: str = "127.0.0.1", port: int = 8000, data: str = "data", policies: list[str] | None = None) -> None:
    """Run the server until interrupted; prints the URL to open.

    Storage is SQLite in ``data`` unless ``PRIMETIME_DATABASE_URL=postgresql://...`` is set.
    ``policies``: trained policies offered as bots (``policy:PATH``), beside ``PRIMETIME_POLICIES``'s; a
    policy that cannot be loaded stops the start with a ``ValueError`` naming the problem.
    """
    import uvicorn

    from primetime.server.app import create_app
    from primetime.server.config import Settings

    logging.basicConfig(level=os.environ.get("PRIMETIME_LOG_LEVEL", "INFO").upper(),
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    settings = Settings(data_dir=Path(data))
    settings.policies += [p for p in policies or [] if p not in settings.policies]
    app = create_app(settings)
    shown = "127.0.0.1" if host in ("0.0.0.0", "::", "") else host
    storage = "PostgreSQL" if settings.database_url else f"SQLite in {Path(data).resolve()}"
    print(f"primetime (The Networks: Primetime and Prime Time) is served at http://{shown}:{port}/  (storage: {storage}; Ctrl+C stops)", flush=True)
    # no per-message deflate: compressing every state costs more CPU than the bytes it saves on a LAN
    uvicorn.run(app, host=host, port=port, log_level="warning", ws_max_size=65_536, ws_ping_interval=10, ws_per_message_deflate=False,
                ws_ping_timeout=10, timeout_graceful_shutdown=3)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m primetime.server", description="Serve The Networks: Primetime")
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--data", default="data", help="folder for the SQLite database (default: data)")
    ap.add_argument("--policy", action="append", default=[], help="offer a trained policy as a bot (policy:PATH); repeat for more")
    args = ap.parse_args(argv)
    try:
        serve(args.host, args.port, args.data, args.policy)
    except ValueError as exc:
        ap.exit(2, f"error: {exc}\n")


if __name__ == "__main__":
    main()
