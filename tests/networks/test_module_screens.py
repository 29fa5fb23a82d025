"""The expansion modules on screen (NET-UI-05, NET-UI-08, NET-EXEC-05 / NET-TURN-09, NET-MOGUL-07):
what a view carries for the Executive board and Beeb's rondel, and what the terminal draws of them,
of the Moguls owned (face down once used) and of the end-game categories.

The browser's drawing of the same view is checked in Chromium by
``tests/server/test_browser_executives.py``.
"""

from __future__ import annotations

import io
from typing import Any

from rich.console import Console

from primetime.core.game import Game
from primetime.core.rng import Rng
from primetime.games.networks.rules import executives as X
from primetime.games.networks.ruleset import NetworksRuleset
from primetime.games.networks.terminal import final_table, player_panel, rondel_lines

from .helpers import CAT, choose, cid, scenario, to_display
from .test_executives import pass_all_but, with_boards
from .test_moguls import own

RS = NetworksRuleset()
NAMES = ["Ann", "Ben", "Cy"]


def text_of(renderable: Any, width: int = 140) -> str:
    con = Console(file=io.StringIO(), width=width, record=True, color_system=None)
    con.print(renderable)
    return con.export_text()


def test_net_ui_08_the_view_carries_the_whole_executive_board() -> None:
    """NET-UI-08: Both artwork sides (the one kept face up), complexity, ability and drawback, for every viewer once revealed."""
    s = with_boards(2, ["cable", "beeb"])
    b = X.EX.boards[X.EX.by_id["cable"]]
    for viewer in (None, 0, 1):
        ex = RS.view(s, viewer)["players"][0]["executive"]
        assert ex["sides"] == list(b.sides) and ex["side"] == 0 and ex["artwork"] == b.sides[0]
        assert (ex["complexity"], ex["ability"], ex["drawback"]) == (b.complexity, b.ability, b.drawback)
        assert "rondel" not in ex  # only Beeb has a rondel


def test_net_exec_05_the_view_gives_beebs_marker_and_reachable_spaces() -> None:
    """NET-EXEC-05: NET-TURN-09: off the rondel every space is reachable; after an action the marker is on its space
    and the next action may use the 1 to 3 spaces clockwise from it."""
    s = with_boards(2, ["beeb", "cable"])
    ex = RS.view(s, 1)["players"][0]["executive"]
    assert ex["rondel"] is None and ex["rondel_spaces"] == list(X.RONDEL)
    assert ex["rondel_reachable"] == list(X.RONDEL)
    ad = cid("AD-01")
    to_display(s, ad)
    choose(s, f"ad:{ad}")  # Sponsors
    pass_all_but(s, 0)
    ex = RS.view(s, 0)["players"][0]["executive"]
    assert ex["rondel"] == "Sponsors" and ex["rondel_reachable"] == ["Network", "Studio", "Edit"]
    assert ex["rondel_reachable"] == [X.RONDEL[i] for i in X.reachable(s, 0)]  # the same as the rules' filter


def test_net_ui_08_the_terminal_draws_the_executive_board() -> None:
    """NET-UI-08: The terminal draws the executive board."""
    s = with_boards(2, ["beeb", "flix"])
    view = RS.view(s, 0)
    text = text_of(player_panel(view["players"][1], NAMES, CAT, False))
    flix = X.EX.boards[X.EX.by_id["flix"]]
    assert f"Executive: Flix ({flix.sides[0]}), complexity {flix.complexity}" in text
    assert f"Sides: {flix.sides[0]} (face up) / {flix.sides[1]}" in text
    assert f"Ability: {flix.ability}" in " ".join(text.split()) and "Drawback:" in text
    assert "Rondel" not in text


def test_net_exec_05_the_terminal_draws_beebs_rondel() -> None:
    """NET-EXEC-05: The five spaces in a ring, clockwise from the top: ● the marker, ○ reachable now, · out of reach."""
    s = with_boards(2, ["beeb", "cable"])
    text = text_of(player_panel(RS.view(s, 0)["players"][0], NAMES, CAT, True))
    assert "Rondel: marker not on it yet, the first action may use any space" in text
    assert all(f"○ {sp}" in text for sp in X.RONDEL) and "●" not in text.split("Rondel")[1].split("(clockwise")[0]
    ad = cid("AD-01")
    to_display(s, ad)
    choose(s, f"ad:{ad}")
    pass_all_but(s, 0)
    lines = rondel_lines(RS.view(s, 0)["players"][0]["executive"])
    assert lines[0] == "  Rondel: marker on Sponsors; reachable now: Network, Studio, Edit"
    ring = "\n".join(lines[1:4])
    assert "● Sponsors" in ring and "○ Network" in ring and "○ Studio" in ring and "○ Edit" in ring and "· Talent" in ring
    # the ring's layout: Talent on top, Edit and Sponsors beside it, Studio and Network below
    assert lines[1].strip() == "· Talent"
    assert lines[2].split() == ["○", "Edit", "●", "Sponsors"] and lines[3].split() == ["○", "Studio", "○", "Network"]
    assert "● marker, ○ reachable, · out of reach" in lines[4]
    assert "Rondel: marker on Sponsors" in text_of(player_panel(RS.view(s, 1)["players"][0], NAMES, CAT, False))


def test_net_mogul_07_the_terminal_shows_moguls_owned_and_face_down_once_used() -> None:
    """NET-MOGUL-07: The terminal shows moguls owned and face down once used."""
    s = scenario(2, moguls=True)
    assert s.mog is not None
    a, b = own(s, 0, "MOG-01"), own(s, 0, "MOG-02")
    s.mog.limit[0] = 2
    s.mog.used[0] = (b,)
    text = text_of(player_panel(RS.view(s, 1)["players"][0], NAMES, CAT, False))
    names = [m.name for m in CAT.moguls.mogul] if CAT.moguls else []
    assert f"Moguls (2 of 2): {names[a]} (" in text and f"{names[b]} (face down)" in text
    assert "Moguls (0 of 1): —" in text_of(player_panel(RS.view(s, 1)["players"][1], NAMES, CAT, False))


def test_net_ui_05_the_terminals_final_table_has_the_module_categories() -> None:
    """NET-UI-05: The end-game categories of a game with every module: the Moguls and Execs columns too."""
    g = Game.new("networks", NAMES, 5, {"telly_time": True, "moguls": True, "executives": True, "pilot": "simplified"})
    pick = Rng(5)
    while not g.is_over():
        keys = g.ruleset.legal_keys(g.state)
        p = g.current_player()
        assert p is not None
        g.apply(p, keys[pick.below(len(keys))])
    text = text_of(final_table(g), width=160)
    head = next(line for line in text.splitlines() if "Player" in line)
    assert head.split("┃")[1:-1] and [c.strip() for c in head.split("┃") if c.strip()] == [
        "Player", "Rounds", "Genres", "Reruns", "Network", "Moguls", "Execs", "Cash", "Total"]
    res = g.result()
    for p, row in enumerate(res["players"]):
        line = next(ln for ln in text.splitlines() if ln.lstrip("│ ").startswith(NAMES[p]))
        cells = [c.strip() for c in line.split("│") if c.strip()]
        assert cells[-3:] == [str(row["execs"]), str(row["cash"]), str(row["total"])]


def test_net_ui_08_the_terminal_tooltip_of_an_executive_board() -> None:
    """NET-UI-08: ``?N`` on an option of the Executive choice (and ``?<name>``) prints the whole board."""
    from primetime.games.networks.terminal import NetworksView

    g = Game.new("networks", NAMES, 4, {"executives": True, "pilot": "simplified"})
    dec = g.pending()
    assert dec is not None and dec.kind == "x_choose"
    ui = NetworksView()
    con = Console(file=io.StringIO(), width=140, record=True, color_system=None)
    ui.options(con, g, dec)
    assert "(?1 for the board)" in con.export_text()
    first = X.EX.boards[X.EX.by_id[str(dec.options[0].info["executive"])]]
    ui.tooltip(con, g, dec, "1")
    text = " ".join(con.export_text().split())
    assert f"Executive · complexity {first.complexity} of 3 · sides: {first.sides[0]} / {first.sides[1]}" in text
    assert f"Ability: {first.ability}" in text and f"Drawback: {first.drawback}" in text
    ui.tooltip(con, g, dec, "beeb")
    assert "Beeb: Broadcasting House / Beeb: Television Centre" in " ".join(con.export_text().split())


def test_net_ui_05_the_terminal_scoreboard_names_the_modules_end_game_categories() -> None:
    """NET-UI-05: With a module on, the scoreboard says which end-game categories follow round 4; the base game's is unchanged."""
    from primetime.games.networks.terminal import scoreboard

    base = Game.new("networks", NAMES, 4, {"pilot": "simplified"})
    assert "End-game categories" not in text_of(scoreboard(base.view(None), NAMES))
    g = Game.new("networks", NAMES, 4, {"pilot": "simplified", "telly_time": True, "moguls": True, "executives": True})
    text = " ".join(text_of(scoreboard(g.view(None), NAMES)).split())
    assert ("End-game categories (after round 4): genre tracks (none with Telly Time's Genre Grid), reruns, "
            "Game End network cards, Game End Moguls, the Executives' end-game viewers, $3M = 1 viewer.") in text
