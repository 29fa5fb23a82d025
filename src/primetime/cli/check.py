"""``primetime check``: seeded games that check a game's invariants, stopping at the first violation."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table
from rich.text import Text

from primetime.cli.app import app, check_game, fail, out, progress_bar, title
from primetime.core.invariants import NAMES
from primetime.core.plugin import get_plugin
from primetime.sim.check import DEFAULT_BOTS, HIDDEN_EVERY, CheckReport, Violation
from primetime.sim.check import check as run_check

HELP = (
    "Play seeded random and greedy games (seats mixed) at the given player counts, with every option "
    "combination of the game (The Networks: both pilot setups and both turn orders, with Telly Time when asked; Prime Time: Bonds and "
    "Simultaneous Scheduling on and off), and check the game's invariants at every decision: "
    + "; ".join(f"{k}: {v}" for k, v in NAMES.items())
    + ".  Stops at the first violation, prints its reproduction (seed, options, player count, bots, action "
    "index, the offending option and the problem), writes the game's record up to there (primetime replay "
    "reads it) and exits with code 1."
)


def _reproduction(v: Violation, record: Path | None) -> list[str]:
    opts = ", ".join(f"{k}={val}" for k, val in v.options.items()) or "defaults"
    lines = [
        f"violation of {v.invariant!r} in game {v.index} of the run",
        f"  seed {v.seed}, {v.players} player(s), options {opts}, bots {', '.join(v.bots)}",
        f"  at action {v.action}: the {v.decision or 'pending'} decision of player {v.player}"
        + (f", option {v.key!r}" if v.key else ""),
        f"  {v.problem}",
    ]
    if record is not None:
        lines.append(f"  record (the game up to that decision): {record}  — replay it: primetime replay {record}")
    return lines


def _summary(report: CheckReport, game: str) -> Table:
    table = Table(title=f"{title(game)}: invariants checked")
    table.add_column("Measure")
    table.add_column("Value", justify="right")
    for k, v in (
        ("games", f"{report.played} of {report.games}"),
        ("player counts", ", ".join(map(str, report.players))),
        ("bots", ", ".join(report.bots)),
        ("seeds", f"{report.seed}–{report.seed + max(report.games, 1) - 1}"),
        ("decisions", str(report.decisions)),
        ("violations", "0" if report.violation is None else "1 (the run stopped there)"),
        ("seconds", f"{report.seconds:.1f}"),
        ("games / second", f"{report.games_per_second:.1f}"),
        ("skipped invariants", ", ".join(report.skipped) or "none"),
        *((("modules", ", ".join(report.modules)),) if report.modules else ()),
    ):
        table.add_row(k, v)
    return table


@app.command(help=HELP)
def check(
    game: Annotated[str, typer.Argument(help="The game: networks or prime-time.")],
    games: Annotated[int, typer.Option("--games", "-g", help="Number of games (game i uses seed + i).")] = 100,
    players: Annotated[str, typer.Option(
        "--players", "-p", help="Player counts, taken in turn (default: every count the game allows: 1,2,3,4,5 or 2,3,4).")] = "",
    workers: Annotated[int, typer.Option("--workers", "-w", help="Processes (local) or CPUs of a local Ray.")] = 1,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the first game.")] = 0,
    bots: Annotated[str, typer.Option("--bots", help="Bots the seats are drawn from, with each game's seed.")] = ",".join(DEFAULT_BOTS),
    hidden_every: Annotated[int, typer.Option("--hidden-every", help="Decisions between two hidden-information checks (0: never).")] = HIDDEN_EVERY,
    skip: Annotated[str, typer.Option("--skip", help="Invariants not to check, e.g. replace,order (to look past a known violation).")] = "",
    output: Annotated[Path | None, typer.Option("--output", "-o", help="Where the record of a violation goes (default primetime-check-<game>.json).")] = None,
    backend: Annotated[str, typer.Option("--backend", help="local (process pool) or ray.")] = "local",
    json_out: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    telly_time: Annotated[bool, typer.Option("--telly-time", help="The Networks: every game with the Telly Time module on "
                                                                  "(expansion modules are off otherwise).")] = False,
    moguls: Annotated[bool, typer.Option("--moguls", help="The Networks: every game with the Moguls module on (expansion modules are off otherwise).")] = False,
    executives: Annotated[bool, typer.Option("--executives", help="The Networks: every game with the Executives module on "
                                                                  "(expansion modules are off otherwise).")] = False,
) -> None:
    game = check_game(game)
    plugin = get_plugin(game)
    counts = players or ",".join(str(n) for n in range(plugin.min_players, plugin.max_players + 1))
    modules = [m for m, on in (("telly_time", telly_time), ("moguls", moguls), ("executives", executives)) if on]
    if modules and game != "networks":
        raise fail(f"{', '.join('--' + m.replace('_', '-') for m in modules)}: expansion modules of The Networks, not of {plugin.title}")
    con = out()
    try:
        if not json_out and con.is_terminal:
            bar, step = progress_bar("checking", games, con)
            with bar:
                report = run_check(game, games, counts, bots, seed, workers, backend, hidden_every, skip, progress=step, modules=modules)
        else:
            report = run_check(game, games, counts, bots, seed, workers, backend, hidden_every, skip, modules=modules)
    except ValueError as exc:  # SimulationError: a bad argument
        raise fail(str(exc)) from None
    record = None
    if report.violation is not None:
        record = output or Path(f"primetime-check-{game}.json")
        try:
            record.write_text(json.dumps(report.violation.record(), indent=1) + "\n")
        except OSError as exc:
            raise fail(f"{record}: cannot write the record: {exc.strerror or exc}") from None
    if json_out:
        data = report.to_json()
        data["record"] = str(record) if record is not None else None
        typer.echo(json.dumps(data))
    else:
        con.print(_summary(report, game))
        if report.violation is not None:
            for i, line in enumerate(_reproduction(report.violation, record)):
                con.print(Text(line, style="bold red" if i == 0 else ""), soft_wrap=True)
        else:
            con.print(f"No violation in {report.played} games.")
    if report.violation is not None:
        raise typer.Exit(1)

