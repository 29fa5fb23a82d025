"""``primetime tournament``: a seat-rotated tournament between bots, with win rates, intervals and ratings."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from primetime.cli.app import EXEC_HELP, MOGULS_HELP, TELLY_HELP, app, check_game, check_players, fail, out, progress_bar, sim_options
from primetime.core.plugin import get_plugin
from primetime.sim.backends import check_backend
from primetime.sim.tournament import parse_lineup, tournament


def report_table(report: dict[str, Any]) -> Table:
    """The per-bot results of a tournament report."""
    solo = report["players"] == 1
    table = Table(title=f"Tournament: {report['players']} players, {report['finished']} games, seats rotated", title_justify="left")
    table.add_column("Bot")
    table.add_column("Seats", justify="right")
    if not solo:
        table.add_column("Win rate (95% CI)", justify="right")
    table.add_column("Score mean ± sd", justify="right")
    table.add_column("Median", justify="right")
    table.add_column("Min–max", justify="right")
    if not solo:
        table.add_column("Rating", justify="right")
    table.add_column("s / decision", justify="right")
    for r in sorted(report["bots"], key=lambda r: -r["rating"] if not solo else -r["score_mean"]):
        lo, hi = r["win_ci95"]
        cells = [r["bot"], str(r["seats"])]
        if not solo:
            cells.append(f"{100 * r['win_rate']:.1f}% ({100 * lo:.1f}–{100 * hi:.1f})")
        cells += [f"{r['score_mean']:.1f} ± {r['score_sd']:.1f}", f"{r['score_median']:.1f}", f"{r['score_min']}–{r['score_max']}"]
        if not solo:
            cells.append(f"{r['rating']:.0f}")
        cells.append(f"{r['seconds_per_decision']:.3f}")
        table.add_row(*cells)
    return table


@app.command("tournament")
def tournament_command(
    game: Annotated[str, typer.Argument(help="The game: networks or prime-time.")] = "networks",
    players: Annotated[int, typer.Option("--players", "-p", help="Players per game (networks 1-5, prime-time 2-4).")] = 2,
    bots: Annotated[str, typer.Option("--bots", help="One bot per seat, e.g. greedy,mcts:normal or policy:PATH,greedy (or one for all).")] = "greedy,random",
    games: Annotated[int, typer.Option("--games", "-g", help="Number of games (a multiple of --players rotates fully).")] = 100,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the first deal (deal d uses seed + d).")] = 0,
    workers: Annotated[int, typer.Option("--workers", "-w", help="Processes (local) or CPUs of a local Ray.")] = 1,
    backend: Annotated[str, typer.Option("--backend", help="local (process pool) or ray (RAY_ADDRESS or a local Ray).")] = "local",
    json_out: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    bonds: Annotated[bool, typer.Option("--bonds", help="Prime Time: the Issuing Bonds rule.")] = False,
    simultaneous: Annotated[bool, typer.Option("--simultaneous", help="Prime Time: Simultaneous Scheduling.")] = False,
    telly_time: Annotated[bool, typer.Option("--telly-time", help=TELLY_HELP)] = False,
    moguls: Annotated[bool, typer.Option("--moguls", help=MOGULS_HELP)] = False,
    executives: Annotated[bool, typer.Option("--executives", help=EXEC_HELP)] = False,
    save: Annotated[
        Path | None,
        typer.Option("--save", help="Keep every finished game in this file (JSON lines); run again with it to resume or extend."),
    ] = None,
) -> None:
    """Play a seat-rotated tournament between bots and print per-bot results."""
    game = check_game(game)
    check_players(game, players)
    options = sim_options(game, bonds, simultaneous, telly_time=telly_time, moguls=moguls, executives=executives)
    con = out()
    try:
        lineup = parse_lineup(bots, players, game)
        if games < 1:
            raise ValueError("--games must be at least 1")
        check_backend(backend, workers)
        if not json_out and con.is_terminal:
            bar, step = progress_bar("tournament", games, con)
            with bar:
                report = tournament(players, lineup, games, seed, workers, backend, progress=step, options=options, game=game, save=save)
        else:
            report = tournament(players, lineup, games, seed, workers, backend, options=options, game=game, save=save)
    except ValueError as exc:
        raise fail(str(exc)) from None
    if json_out:
        typer.echo(json.dumps({k: v for k, v in report.items() if k != "results"}))
        return
    con.print(
        f"[bold]{get_plugin(game).short}[/]: {', '.join(lineup)} — seeds {seed}–{seed + (games - 1) // players}, "
        f"{workers} worker(s), {backend} backend, {report['seconds']:.1f} s"
    )
    if save is not None:
        con.print(f"{report['resumed']} game(s) taken from {save}, {games - report['resumed']} played now; all kept there.")
    if "code_changed" in report:
        con.print(f"[yellow]Warning: {report['code_changed']}.[/] Start a new file to keep one code version per file.")
    con.print(report_table(report))
    for msg in report["error_messages"][:10]:
        con.print(f"[red]{msg}[/]")
