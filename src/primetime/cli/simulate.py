"""``primetime simulate``: many bot-only games, one summary."""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.table import Table
from rich.text import Text

from primetime.cli.app import EXEC_HELP, MOGULS_HELP, TELLY_HELP, app, check_bot, check_game, check_players, fail, out, sim_options, title
from primetime.sim.simulate import simulate as run_simulation


@app.command()
def simulate(
    game: Annotated[str, typer.Argument(help="The game: networks or prime-time.")] = "networks",
    players: Annotated[int, typer.Option("--players", "-p", help="Players per game (networks 1-5, prime-time 2-4).")] = 4,
    games: Annotated[int, typer.Option("--games", "-g", help="Number of games.")] = 100,
    bot: Annotated[str, typer.Option("--bot", help="Bot for every seat (random, greedy, mcts:normal, policy:PATH), or one per seat: greedy,random.")] = (
        "random"
    ),
    seed: Annotated[int, typer.Option("--seed", help="Seed of the first game (game i uses seed + i).")] = 0,
    json_out: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    workers: Annotated[int, typer.Option("--workers", "-w", help="Processes (local) or CPUs of a local Ray.")] = 1,
    backend: Annotated[str, typer.Option("--backend", help="local (process pool) or ray (RAY_ADDRESS or a local Ray).")] = "local",
    bonds: Annotated[bool, typer.Option("--bonds", help="Prime Time: the Issuing Bonds rule.")] = False,
    simultaneous: Annotated[bool, typer.Option("--simultaneous", help="Prime Time: Simultaneous Scheduling.")] = False,
    telly_time: Annotated[bool, typer.Option("--telly-time", help=TELLY_HELP)] = False,
    moguls: Annotated[bool, typer.Option("--moguls", help=MOGULS_HELP)] = False,
    executives: Annotated[bool, typer.Option("--executives", help=EXEC_HELP)] = False,
) -> None:
    """Play bot-only games as fast as possible and summarise them."""
    game = check_game(game, generic=True)
    for b in bot.split(","):
        check_bot(b.strip())
    if games < 1:
        raise fail("--games must be at least 1")
    check_players(game, players)
    sim_opts = sim_options(game, bonds, simultaneous, telly_time=telly_time, moguls=moguls, executives=executives)
    con = out()
    try:
        if not json_out and con.is_terminal:
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

            with Progress(TextColumn("simulating"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(), console=con) as bar:
                task = bar.add_task("games", total=games)

                def step(done: int, total: int) -> None:
                    bar.update(task, completed=done)

                report = run_simulation(game, players, games, bot, seed, progress=step, options=sim_opts, workers=workers,
                                        backend=backend)
        else:
            report = run_simulation(game, players, games, bot, seed, options=sim_opts, workers=workers, backend=backend)
    except ValueError as exc:  # SimulationError and bad options
        raise fail(str(exc)) from None
    if json_out:
        typer.echo(json.dumps(report))
        return
    con.print(f"[bold]{title(game)}[/]: {games} games, {players} players, bots: {', '.join(report['bots'])}, "
              f"seeds {seed}–{seed + games - 1}")
    table = Table()
    table.add_column("Measure")
    table.add_column("Value", justify="right")
    rows = [
        ("games finished", f"{report['finished']} of {report['games']}"),
        ("errors", str(report["errors"])),
        ("seconds", f"{report['seconds']:.2f}"),
        ("games / second", f"{report['games_per_second']:.1f}"),
        ("decisions / second", f"{report['decisions_per_second']:.0f}"),
        ("decisions / game", f"{report['mean_decisions_per_game']:.1f}"),
        ("score mean (min–max)", f"{report['score_mean']:.1f} ({report['score_min']}–{report['score_max']})"),
        ("mean score by seat", " ".join(f"{v:.1f}" for v in report["score_mean_by_seat"])),
        ("wins by seat", " ".join(map(str, report["wins_by_seat"]))),
        ("engine build", report["build"]),
    ]
    for k, v in rows:
        table.add_row(k, v)
    con.print(table)
    if report["build"] == "pure Python" and report["seconds"] >= 30:
        con.print("Tip: the engines ran in pure Python; `make fast` compiles them (needs a C compiler): the same games, about three times faster.")
    for msg in report["error_messages"][:10]:
        con.print(Text(msg, style="red"))
