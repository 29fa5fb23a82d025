"""``primetime cards``: a game's card catalogue as tables or JSON."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from primetime.cli.app import app, check_game, out
from primetime.core.plugin import get_plugin


@app.command()
def cards(
    game: Annotated[str, typer.Argument(help="The game: networks or prime-time.")] = "networks",
    json_out: Annotated[bool, typer.Option("--json", help="Print the catalogue as JSON.")] = False,
) -> None:
    """List the card catalogue."""
    plugin = get_plugin(check_game(game))
    cat = plugin.catalogue()
    if json_out:
        typer.echo(json.dumps(cat.to_json()))
        return
    con = out()
    for table in plugin.card_tables(cat):
        con.print(table)
