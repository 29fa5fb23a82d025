"""Issue 34, item 4 (internal words), at the terminal: the board, the options and the final scores
of seeded games of both games, with every option and module (The Networks with Telly Time, Moguls
and Executives; Prime Time with Issuing Bonds and Simultaneous Scheduling), rendered for the player
to decide at every decision, never show an internal id, a snake_case word, a cube letter code or a
bot evaluator's name."""

from __future__ import annotations

import io
from typing import Any

import pytest
from rich.console import Console

from primetime.bots.levels import seat_name
from primetime.bots.registry import make_bot
from primetime.cli.play import renderer_for
from primetime.core.game import Game
from words_check import jargon

GAMES = [
    ("networks", 3, {"telly_time": True, "moguls": True, "executives": True}, 5),
    ("networks", 2, {}, 6),
    ("prime-time", 3, {"bonds": True, "simultaneous": True}, 7),
]


@pytest.mark.parametrize(("game", "players", "options", "seed"), GAMES, ids=["networks-modules", "networks-base", "prime-time-rules"])
def test_item_4_terminal_screens_use_players_words(game: str, players: int, options: dict[str, Any], seed: int) -> None:
    """Item 4: the terminal's screens at every decision of a seeded game speak the players' words."""
    names = ["Ana"] + [seat_name(i, "greedy") for i in range(1, players)]
    g = Game.new(game, names, seed=seed, options=options)
    bots = [make_bot("greedy", seed + p) for p in range(players)]
    ui = renderer_for(game)
    buf = io.StringIO()
    con = Console(file=buf, width=140, color_system=None, force_terminal=False, record=False)
    con.print(ui.rules)
    problems: list[str] = []
    steps = 0
    while not g.is_over():
        dec = g.pending()
        assert dec is not None
        ui.board(con, g, dec.player)
        ui.options(con, g, dec)
        key = bots[dec.player].choose(g)
        mark = ui.mark(g)
        g.apply(dec.player, key)
        ui.moved(con, g, dec, key, mark, True)
        steps += 1
        if steps % 25 == 0:  # check as it goes (a long transcript is read in pieces)
            problems += jargon(buf.getvalue())
            buf.seek(0)
            buf.truncate()
    ui.final(con, g)
    text = buf.getvalue()
    problems += jargon(text)
    assert steps > 50
    assert not problems, "\n".join(sorted(set(problems))[:40])
