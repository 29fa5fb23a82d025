"""``primetime backup``, ``restore`` and ``verify``: a server's SQLite database copied while it runs,
put back in place, and checked whole (see ``server/backup.py``; PostgreSQL: ``pg_dump``)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from primetime.cli.app import app, fail


def out() -> Console:
    return Console(highlight=False, soft_wrap=True)  # (paths and reports on whole lines)


@app.command()
def backup(
    output: Annotated[Path, typer.Option("-o", "--output", help="The backup file to write (replaced if it exists).")],
    data: Annotated[Path, typer.Option("--data", help="The server's data folder (its SQLite database).")] = Path("data"),
) -> None:
    """Copy the server's SQLite database to one file, safely while the server runs (SQLite's online backup)."""
    import os

    from primetime.server.backup import backup as run_backup
    from primetime.server.backup import verify

    if os.environ.get("PRIMETIME_DATABASE_URL", "").startswith(("postgresql://", "postgres://")):
        raise fail("PRIMETIME_DATABASE_URL names a PostgreSQL database: back it up with pg_dump "
                   "(see 'Backup, restore, verify' in src/primetime/server/README.md)")

    try:
        path = run_backup(data, output)
    except (OSError, ValueError) as exc:
        raise fail(str(exc)) from None
    report = verify(str(path), games=False)
    if not report.ok:
        raise fail(f"the backup {path} is not whole: " + "; ".join(report.problems), 1)
    rows = ", ".join(f"{k} {v}" for k, v in report.counts.items())
    version = report.version if report.version is not None else "none, made before versions"
    out().print(f"backed up {data} to {path} ({path.stat().st_size // 1024} KB; schema version {version}; {rows})")


@app.command()
def restore(
    file: Annotated[Path, typer.Argument(help="A backup made by `primetime backup`.")],
    data: Annotated[Path, typer.Option("--data", help="The data folder to restore it into.")] = Path("data"),
    force: Annotated[bool, typer.Option("--force", help="Replace the folder's database (stop its server first; the "
                                                        "replaced files are kept beside it, renamed).")] = False,
) -> None:
    """Put a backup in place as a data folder's database (refuses to replace one without --force)."""
    from primetime.server.backup import restore as run_restore

    try:
        target, kept = run_restore(file, data, force)
    except FileExistsError as exc:
        raise fail(str(exc)) from None
    except (OSError, ValueError) as exc:
        raise fail(str(exc)) from None
    out().print(f"restored {file} to {target}")
    for p in kept:
        out().print(f"kept the replaced {p.name.split('.replaced-')[0]} as {p}")


@app.command()
def verify(
    target: Annotated[str, typer.Argument(help="A backup or database file, a data folder, or a postgresql:// URL.")],
) -> None:
    """Check a database: integrity, schema version, and every stored game replayed to its stored state.
    Exits 1 if anything is wrong."""
    from primetime.server.backup import verify as run_verify

    report = run_verify(target)
    for line in report.lines():
        out().print(line)
    if not report.ok:
        raise fail(f"{target} failed verification ({len(report.problems)} problem(s) above)", 1)
