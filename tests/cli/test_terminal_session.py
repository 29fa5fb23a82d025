"""The terminal session (issue 34, item 13): the screen is redrawn in place on a terminal and
appended when piped, a round's end shows the round's summary, and ``u`` takes back the human's
own last move while nothing hidden came into play since."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from rich.console import Console

from primetime.bots.registry import make_bot
from primetime.core.game import Game
from primetime.core.plugin import get_plugin
from primetime.ui.session import Session

CLEAR = "\x1b[2J"  # what a terminal is sent to clear the screen


def snapshot(g: Game[Any]) -> str:
    """The whole state of a game, as it stands now (a copy: the state goes on changing)."""
    return json.dumps(g.to_json(), sort_keys=True, default=str)


def session(game: str, seed: int, inputs: list[str], terminal: bool, tmp_path: Path,
            players: int = 2) -> tuple[Session, io.StringIO]:
    """A session of ``game`` (seat 0 human, the others greedy bots) whose human types ``inputs``,
    then closes the input; its output goes to a string, as a terminal's would or as a pipe's."""
    buf = io.StringIO()
    con = Console(file=buf, force_terminal=terminal, width=110, color_system="standard" if terminal else None)
    typed: Iterator[str] = iter(inputs)

    def read(prompt: str = "", **_: Any) -> str:
        con.print(prompt, end="")
        try:
            return next(typed)
        except StopIteration:
            raise EOFError from None

    con.input = read  # type: ignore[method-assign]
    g = Game.new(game, ["You"] + [f"Bot {i}" for i in range(1, players)], seed)
    bots = {s: make_bot("greedy", seed + s) for s in range(1, players)}
    s = Session(con, g, bots, {s: "greedy" for s in bots}, tmp_path / "save.json", autosave=False,
                renderer=get_plugin(game).renderer())
    return s, buf


def test_item_13_terminal_redraws_in_place(tmp_path: Path) -> None:
    """Item 13: on a terminal each decision clears the screen and draws the board once (the market
    at the top, what happened since below the clear), instead of printing the whole screen again
    under the last one; piped, the output is a plain transcript with no screen control."""
    s, buf = session("networks", 3, ["1"] * 12, True, tmp_path)
    assert s.live
    s.run()
    out = buf.getvalue()
    screens = out.split(CLEAR)[1:]
    assert len(screens) >= 12  # one redraw per decision the human was asked
    for screen in screens:
        assert screen.count("Market — round") == 1, screen[:300]  # one board per screen, never two
    # the market comes after the other networks, right above your own network and the options, so
    # that a 60-row terminal keeps it in view while you choose
    rows = [screen.split("Market — round")[1].count("\n") + 1 for screen in screens]
    assert sorted(rows)[len(rows) // 2] <= 60, rows  # most screens: from the market to the prompt in 60 rows
    assert all(screen.index("Market — round") > screen.index("Bot 1 — ") for screen in screens)
    # the bots' moves made between two decisions are shown on the next screen, after the clear
    assert any("Since your last move" in sc and "Bot 1:" in sc for sc in screens)

    s, buf = session("networks", 3, ["1"] * 12, False, tmp_path)
    assert not s.live
    s.run()
    piped = buf.getvalue()
    assert CLEAR not in piped and "\x1b[" not in piped
    assert piped.count("Market — round") >= 2  # appended, one board after the other


def round_one_inputs(game: str, seed: int) -> int:
    """How many '1's the human types before round 1 ends (played out on a copy of the game)."""
    g = Game.new(game, ["You", "Bot 1"], seed)
    bot = make_bot("greedy", seed + 1)
    typed = 0
    while g.view(None)["round"] <= 1:  # (The Networks: round 0 is Pilot Season)
        d = g.pending()
        assert d is not None
        if d.player == 0:
            typed += 1
            g.apply(0, d.options[0].key)
        else:
            g.apply(d.player, bot.choose(g, g.state, d.player))
    return typed


def test_item_13_round_end_shows_the_round_summary(tmp_path: Path) -> None:
    """Item 13: the end of a round shows that round's summary (every network's viewers, upkeep and
    cash in The Networks; cubes, income, clients in Prime Time), not only the recent events."""
    for game, columns in (("networks", ("Viewers", "Upkeep", "Cash", "Genre bonuses")),
                          ("prime-time", ("Cubes", "Income", "Clients", "Notes"))):
        n = round_one_inputs(game, 3)
        s, buf = session(game, 3, ["1"] * (n + 1), False, tmp_path)
        s.run()
        out = buf.getvalue()
        assert "Round 1 summary" in out, game
        table = out[out.index("Round 1 summary"):]
        table = table[:table.index("└")]
        for col in columns:
            assert col in table, (game, col)
        if game == "networks":  # the viewers shown are the ones scored
            scores = s.game.view(None)["players"]
            for seat, name in enumerate(("You", "Bot 1")):
                row = next(line for line in table.splitlines() if f"│ {name} (" in line)
                assert re.search(rf"│\s+{scores[seat]['round_scores'][0]} │", row), row


def test_item_13_undo_takes_back_your_own_last_move(tmp_path: Path) -> None:
    """Item 13: ``u`` takes back the human's own last move (and the bots' moves made after it) while
    nothing hidden was revealed since; past a revealing step it is refused with the reason."""
    # seed 3, 2 players: 0 pilot (reveals), 1 the bot's pilot (reveals), 2 the human's first
    # attachment (reveals nothing), 3 the human's next attachment
    s, buf = session("networks", 3, ["1", "1", "u", "u"], False, tmp_path)
    seen: list[tuple[int, Any]] = []
    ask = s.human_turn

    def watch(dec: Any) -> bool:
        seen.append((s.game.seq, snapshot(s.game)))
        return ask(dec)

    s.human_turn = watch  # type: ignore[method-assign]
    s.run()
    out = buf.getvalue()
    assert "u takes back your last move" in out
    assert "Took back your last move." in out
    # asked at step 0 and 2, then at 3; after the undo at step 2 again, with the same state
    assert [q for q, _ in seen] == [0, 2, 3, 2]
    assert seen[3][1] == seen[1][1]
    assert s.game.seq == 2
    assert "Cannot undo: new information came into play" in out  # the pilots were revealed before

    # a move followed by the bot's reply: both are taken back, the human decides again
    g = Game.new("networks", ["You", "Bot 1"], 3)
    bot = make_bot("greedy", 4)
    typed = 0
    while not (g.pending() and g.pending().kind == "turn" and g.pending().player == 0):  # type: ignore[union-attr]
        d = g.pending()
        assert d is not None
        if d.player == 0:
            typed += 1
            g.apply(0, d.options[0].key)
        else:
            g.apply(d.player, bot.choose(g, g.state, d.player))
    s, buf = session("networks", 3, ["1"] * (typed + 1) + ["u"], False, tmp_path)
    s.run()
    out = buf.getvalue()
    assert re.search(r"Took back your last move and the \d+ move\(s\) after it\.", out), out[-2000:]
    assert s.game.seq == g.seq and snapshot(s.game) == snapshot(g)
