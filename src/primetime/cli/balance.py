"""``primetime balance``: many games between identical bots, written up as an HTML card-balance report."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from primetime.cli.app import EXEC_HELP, MOGULS_HELP, TELLY_HELP, app, check_game, fail, progress_bar
from primetime.cli.app import out as console
from primetime.sim.balance import analyse, public, run_balance, write_report


@app.command("balance")
def balance_command(
    game: Annotated[str, typer.Argument(help="The game: networks.")] = "networks",
    games: Annotated[int, typer.Option("--games", "-g", help="Games per player count.")] = 200,
    out: Annotated[Path, typer.Option("--out", "-o", help="Folder for index.html, the plots and balance.json.")] = Path("balance"),
    players: Annotated[str, typer.Option("--players", "-p", help="Player counts, e.g. 1,2,3,4,5.")] = "1,2,3,4,5",
    bot: Annotated[str, typer.Option("--bot", help="The bot in every seat.")] = "greedy",
    seed: Annotated[int, typer.Option("--seed", help="Base seed.")] = 0,
    workers: Annotated[int, typer.Option("--workers", "-w", help="Processes (local) or CPUs of a local Ray.")] = 1,
    backend: Annotated[str, typer.Option("--backend", help="local (process pool) or ray (RAY_ADDRESS or a local Ray).")] = "local",
    json_out: Annotated[bool, typer.Option("--json", help="Print the summary as one JSON object.")] = False,
    telly_time: Annotated[bool, typer.Option("--telly-time", help=TELLY_HELP)] = False,
    moguls: Annotated[bool, typer.Option("--moguls", help=MOGULS_HELP)] = False,
    executives: Annotated[bool, typer.Option("--executives", help=EXEC_HELP)] = False,
) -> None:
    """Play many games between identical bots and write an HTML card-balance report."""
    if check_game(game) != "networks":
        raise fail("the balance report is available for networks")
    try:
        counts = [int(x) for x in players.split(",") if x.strip()]
    except ValueError:
        raise fail(f"--players {players!r}: give player counts like 1,2,3,4,5") from None
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise fail("the balance report draws its plots with matplotlib: pip install 'primetime[report]'") from None
    options = {m: True for m, on in (("telly_time", telly_time), ("moguls", moguls), ("executives", executives)) if on} or None
    con = console()  # (``out`` is the --out folder here)
    try:
        if not json_out and con.is_terminal:
            bar, step = progress_bar("balance", games * len(set(counts)), con)
            with bar:
                data = run_balance(games, counts, bot, seed, workers, backend, progress=step, options=options)
        else:
            data = run_balance(games, counts, bot, seed, workers, backend, options=options)
    except ValueError as exc:
        raise fail(str(exc)) from None
    report = analyse(data)
    page = write_report(report, out)
    if json_out:
        summary = public(report)
        typer.echo(json.dumps({"page": str(page), "checks": summary["checks"], "meta": summary["meta"],
                               "players": summary["players"], "outliers": [c for c in summary["cards"] if c.get("outlier")]}))
        return
    table = Table(title="Balance checks", title_justify="left")
    table.add_column("Check")
    table.add_column("Value", justify="right")
    table.add_column("Result")
    for c in report["checks"]:
        table.add_row(c["check"], c["value"], "[green]ok[/]" if c["ok"] else "[red]outside[/]")
    con.print(table)
    outliers = [c for c in report["cards"] if c.get("outlier")]
    if outliers:
        con.print("Outlier cards: " + ", ".join(f"{c['name']} ({100 * c['lift']:+.1f})" for c in outliers))
    con.print(f"Report written to {page}")
