"""``primetime cards``: a game's card catalogue as tables or JSON."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from primetime.cli.app import EXEC_HELP, MODULE_FLAGS, MOGULS_HELP, TELLY_HELP, app, check_game, fail, out
from primetime.core.plugin import get_plugin


@app.command()
def cards(
    game: Annotated[str, typer.Argument(help="The game: networks or prime-time.")] = "networks",
    json_out: Annotated[bool, typer.Option("--json", help="Print the catalogue as JSON.")] = False,
    telly_time: Annotated[bool, typer.Option("--telly-time", help=TELLY_HELP + " Its shows, the Genre Grid and its lines.")] = False,
    moguls: Annotated[bool, typer.Option("--moguls", help=MOGULS_HELP + " Its Mogul cards.")] = False,
    executives: Annotated[bool, typer.Option("--executives", help=EXEC_HELP + " Its boards.")] = False,
) -> None:
    """List the card catalogue; with a module's flag, that module's cards and boards instead."""
    plugin = get_plugin(check_game(game))
    modules = [m for m, on in (("telly_time", telly_time), ("moguls", moguls), ("executives", executives)) if on]
    if modules:
        known = [m for m, spec in plugin.options.items() if isinstance(spec, dict) and spec.get("module")]
        if plugin.module_json is None or plugin.module_tables is None or not set(modules) <= set(known):
            raise fail(f"{MODULE_FLAGS} are expansion modules of The Networks")
        if json_out:
            typer.echo(json.dumps(plugin.module_json(modules)))
            return
        con = out()
        for table in plugin.module_tables(modules):
            con.print(table)
        return
    cat = plugin.catalogue()
    if json_out:
        typer.echo(json.dumps(cat.to_json()))
        return
    con = out()
    for table in plugin.card_tables(cat):
        con.print(table)
