"""The ``primetime`` command, one module per command group: ``play``, ``simulate``, ``record`` and
``replay``, ``cards``, ``tournament``, ``balance``, ``check``, ``serve`` and ``admin``.  Each registers with the one
typer application of :mod:`primetime.cli.app`; games are reached through their plugins only."""

from primetime.cli import admin, balance, cards, check, play, records, serve, simulate, tournament
from primetime.cli.app import app, run

__all__ = ["app", "main", "admin", "balance", "cards", "check", "play", "records", "serve", "simulate", "tournament"]


def main() -> None:
    """Console-script entry point."""
    run()
