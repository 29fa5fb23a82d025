"""``primetime record`` and ``primetime replay``: one bot-only game to a record file, and a record read back."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from primetime.bots.levels import seat_name
from primetime.bots.registry import make_bot
from primetime.cli.app import EXEC_HELP, MOGULS_HELP, TELLY_HELP, app, check_bot, check_game, check_players, fail, new_game, options_for, out, title
from primetime.cli.play import read_record, renderer_for, resume_game
from primetime.core.game import Game
from primetime.sim.games import bot_seed
from primetime.ui.session import save_record


def result_json(game: Game[Any]) -> dict[str, Any]:
    return {"players": game.players, "actions": game.seq, "over": game.is_over(), "result": game.result() or None,
            "scores": game.ruleset.scores(game.state)}


@app.command()
def record(
    output: Annotated[Path, typer.Option("--output", "-o", help="Write the record (JSON) here.")],
    game: Annotated[str, typer.Argument(help="The game: networks or prime-time.")] = "networks",
    players: Annotated[int, typer.Option("--players", "-p", help="Players (networks 1-5, prime-time 2-4).")] = 4,
    bot: Annotated[str, typer.Option("--bot", help="Bot for every seat: random or greedy.")] = "random",
    seed: Annotated[int, typer.Option("--seed", help="Game seed.")] = 0,
    pilot: Annotated[str, typer.Option("--pilot", help="Pilot Season: normal or simplified.")] = "normal",
    turn_order: Annotated[str, typer.Option("--turn-order", help="Turn order: fixed or low-to-high.")] = "fixed",
    bonds: Annotated[bool, typer.Option("--bonds", help="Prime Time: the Issuing Bonds rule.")] = False,
    simultaneous: Annotated[bool, typer.Option("--simultaneous", help="Prime Time: Simultaneous Scheduling.")] = False,
    telly_time: Annotated[bool, typer.Option("--telly-time", help=TELLY_HELP)] = False,
    moguls: Annotated[bool, typer.Option("--moguls", help=MOGULS_HELP)] = False,
    executives: Annotated[bool, typer.Option("--executives", help=EXEC_HELP)] = False,
) -> None:
    """Play one bot-only game and write its record."""
    game = check_game(game)
    check_bot(bot)
    check_players(game, players)
    names = [seat_name(i, bot) for i in range(players)]
    g = new_game(game, names, seed, options_for(game, pilot, turn_order, bonds, simultaneous, telly_time=telly_time, moguls=moguls,
                                                 executives=executives))
    bots = [make_bot(bot, bot_seed(seed, p)) for p in range(players)]
    while not g.is_over():
        p = g.current_player()
        assert p is not None
        g.apply(p, bots[p].choose(g, g.state, p))
    try:
        save_record(g, output, {p: bot for p in range(players)})
    except OSError as exc:
        raise fail(f"{output}: cannot write: {exc.strerror or exc}") from None
    res = g.result()
    out().print(f"Wrote {output}: {g.seq} actions, scores " + ", ".join(str(r["total"]) for r in res["players"]))


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="A game record (JSON).")],
    json_out: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Replay a record and print the final scores."""
    g = resume_game(file)
    found = read_record(file).get("check")  # a record written by `primetime check` at a violation
    if json_out:
        typer.echo(json.dumps({**result_json(g), **({"check": found} if isinstance(found, dict) else {})}))
        return
    con = out()
    ui = renderer_for(str(g.header["game"]))
    if not g.is_over():
        view = g.view(None)
        con.print(f"The record stops after {g.seq} actions, before the end of the game (round {view['round']}).")
        if isinstance(found, dict):
            key = f", option {found.get('key')!r}" if found.get("key") else ""
            con.print(f"primetime check found here (the decision of player {found.get('player')}{key}): {found.get('problem')}",
                      soft_wrap=True)
        ui.progress(con, g)
        return
    con.print(f"{file}: {title(str(g.header['game']))}, seed {g.header['seed']}, {g.seq} actions.")
    ui.final(con, g)
