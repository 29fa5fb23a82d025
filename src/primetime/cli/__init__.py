"""The ``primetime`` command, one module per command group: ``play``, ``simulate``, ``record`` and
``replay``, ``review``, ``cards``, ``tournament``, ``balance``, ``check``, ``learn``, ``serve``, ``admin``, and
``backup``, ``restore`` and ``verify``.  Each registers with the one
typer application of :mod:`primetime.cli.app`; games are reached through their plugins only."""

from primetime.cli import admin, backups, balance, cards, check, learn, play, records, review, serve, simulate, tournament
from primetime.cli.app import app, run

__all__ = ["app", "main", "admin", "backups", "balance", "cards", "check", "learn", "play", "records", "review", "serve",
           "simulate", "tournament"]


def main() -> None:
    """Console-script entry point."""
    run()
