"""``primetime balance``: many games between identical bots, written up as an HTML card-balance report."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from primetime.cli.app import EXEC_HELP, MOGULS_HELP, TELLY_HELP, app, check_game, fail, progress_bar
from primetime.cli.app import out as console
from primetime.sim.balance import (
    analyse,
    combination_slug,
    module_combinations,
    module_label,
    public,
    run_balance,
    write_combinations,
    write_report,
)


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
    every_module: Annotated[bool, typer.Option(
        "--every-module-combination",
        help="Run the base game and each of the 7 combinations of the expansion modules, one report each "
             "(OUT/base, OUT/telly-time, ..., OUT/telly-time+moguls+executives) and OUT/index.html with every check.")] = False,
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
    if every_module and options:
        raise fail("--every-module-combination runs every combination itself: leave out --telly-time, --moguls and --executives")
    con = console()  # (``out`` is the --out folder here)

    def one(opts: dict[str, bool] | None, label: str) -> dict[str, Any]:
        try:
            if not json_out and con.is_terminal:
                bar, step = progress_bar(label, games * len(set(counts)), con)
                with bar:
                    data = run_balance(games, counts, bot, seed, workers, backend, progress=step, options=opts)
            else:
                data = run_balance(games, counts, bot, seed, workers, backend, options=opts)
        except ValueError as exc:
            raise fail(str(exc)) from None
        return analyse(data)

    if every_module:
        reports = []
        for opts in module_combinations():
            report = one(opts or None, module_label(opts))
            write_report(report, out / combination_slug(opts))
            reports.append(report)
        page = write_combinations(reports, out)
        checks = [dict(c, modules=combination_slug(r["meta"].get("options") or {})) for r in reports for c in r["checks"]]
        if json_out:
            typer.echo(json.dumps({"page": str(page), "checks": checks}))
            return
        _print_checks(con, checks)
        con.print(f"Report written to {page}")
        return
    report = one(options, "balance")
    page = write_report(report, out)
    if json_out:
        summary = public(report)
        typer.echo(json.dumps({"page": str(page), "checks": summary["checks"], "meta": summary["meta"],
                               "players": summary["players"], "outliers": [c for c in summary["cards"] if c.get("outlier")]}))
        return
    _print_checks(con, report["checks"])
    outliers = [c for c in report["cards"] if c.get("outlier")]
    if outliers:
        con.print("Outlier cards: " + ", ".join(f"{c['name']} ({100 * c['lift']:+.1f})" for c in outliers))
    con.print(f"Report written to {page}")


def _print_checks(con: Any, checks: list[dict[str, Any]]) -> None:
    table = Table(title="Balance checks", title_justify="left")
    if any("modules" in c for c in checks):
        table.add_column("Modules")
    table.add_column("Check")
    table.add_column("Value", justify="right")
    table.add_column("Result")
    for c in checks:
        row = [c["modules"]] if "modules" in c else []
        table.add_row(*row, c["check"], c["value"], "[green]ok[/]" if c["ok"] else "[red]outside[/]")
    con.print(table)
