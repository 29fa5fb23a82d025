"""``primetime review``: every decision of one seat in a recorded game judged by the bots' evaluation, ranked
by the points it lost (:func:`primetime.bots.advice.review`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from primetime.bots.advice import review as review_record
from primetime.cli.app import app, err, fail, out, progress_bar, title
from primetime.cli.play import read_record, resume_game
from primetime.core.errors import RecordError


def review_table(report: dict[str, Any], top: int) -> Table:
    unit = report["unit"]
    shown = report["decisions"] if top <= 0 else report["decisions"][:top]
    table = Table(title=f"{report['player']}'s decisions, by {unit} lost", title_justify="left")
    for name, just in (("#", "right"), ("action", "right"), ("decision", "left"), ("played", "left"), ("best", "left"),
                       (f"{unit} lost", "right"), ("why the best", "left")):
        table.add_column(name, justify=just)  # type: ignore[arg-type]
    prefix = f"{report['player']}: "
    for rank, d in enumerate(shown, 1):
        same = d["made"]["key"] == d["best"]["key"]
        table.add_row(str(rank), str(d["index"] + 1), d["prompt"].removeprefix(prefix), d["made"]["label"], "(the same)" if same else d["best"]["label"],
                      f"{d['loss']:.1f}", d["best"]["reason"])
    return table


@app.command()
def review(
    file: Annotated[Path, typer.Argument(help="A game record (JSON) that replays.")],
    seat: Annotated[int, typer.Option("--seat", "-s", help="The player to review, numbered from 1 as in the record's players.")],
    json_out: Annotated[bool, typer.Option("--json", help="Print one JSON object instead of the table.")] = False,
    top: Annotated[int, typer.Option("--top", help="Decisions shown in the table (0: all).")] = 10,
) -> None:
    """Review one player's decisions in a recorded game: the choice made, the best option and the loss of each,
    ranked by the estimated loss, and the three biggest mistakes (judged from what that player could see)."""
    g = resume_game(file)  # the record replays, or a one-line error
    rec = read_record(file)
    players = list(rec["players"])
    if not 1 <= seat <= len(players):
        raise fail(f"--seat {seat}: the game has seats 1 to {len(players)} ({', '.join(map(str, players))})")
    con = err()  # the bar goes to stderr: --json keeps stdout one JSON object
    bar, step = progress_bar("reviewing", len(rec["actions"]), con)
    try:
        with bar:
            report = review_record(rec, seat - 1, progress=step)
    except (RecordError, ValueError) as exc:
        raise fail(f"{file}: {exc}") from None
    report["seat"] = seat
    if json_out:
        typer.echo(json.dumps(report))
        return
    c = out()
    c.print(f"{file}: {title(str(g.header['game']))}, seed {g.header['seed']}; review of {report['player']} (seat {seat}), "
            f"{len(report['decisions'])} decisions with a choice, {report['total_loss']:.1f} {report['unit']} lost in all "
            "(each judged from what the player could see then).")
    if report["shows_every_card"]:
        c.print("The game is over: this review may show every card.")
    c.print(review_table(report, top))
    by_index = {d["index"]: d for d in report["decisions"]}
    if report["mistakes"]:
        c.print("Biggest mistakes:")
        for i in report["mistakes"]:
            d = by_index[i]
            c.print(f"  action {i + 1}: played {d['made']['label']}; better {d['best']['label']} "
                    f"(+{d['loss']:.1f} {report['unit']}: {d['best']['reason']})", soft_wrap=True)
    else:
        c.print("No mistakes found: every decision was the evaluation's best.")
