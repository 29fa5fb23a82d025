"""``primetime admin grant NAME`` / ``revoke NAME``: who may moderate the web server (see the server's README)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from primetime.cli.app import app, fail, out

admin_app = typer.Typer(help="Administrators of the web server: they remove chat messages, close tables, suspend accounts, "
                             "issue password-reset links and resolve reports (on the page /admin).", no_args_is_help=True)
app.add_typer(admin_app, name="admin")

DATA = Annotated[Path, typer.Option("--data", help="Folder of the SQLite database (unless PRIMETIME_DATABASE_URL is set).")]


def _set(name: str, data: Path, on: bool) -> None:
    import os

    from primetime.server.moderation import NotFound, grant
    from primetime.server.store import open_store

    store = open_store(os.environ.get("PRIMETIME_DATABASE_URL") or None, data)
    try:
        grant(store, name, on)
    except NotFound as exc:
        raise fail(f"{exc}: an administrator is an account (sign up on the site first)") from None
    finally:
        store.close()
    out().print(f"{name} is {'now' if on else 'no longer'} an administrator" + (" (the page /admin)" if on else ""))


@admin_app.command("grant")
def grant_command(name: Annotated[str, typer.Argument(help="The account's name.")], data: DATA = Path("data")) -> None:
    """Make an account an administrator."""
    _set(name, data, True)


@admin_app.command("revoke")
def revoke_command(name: Annotated[str, typer.Argument(help="The account's name.")], data: DATA = Path("data")) -> None:
    """Take the administrator role from an account."""
    _set(name, data, False)
