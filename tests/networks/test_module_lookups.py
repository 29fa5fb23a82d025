"""The lookup tables the expansion modules read on the hot path agree with the data they are made
from and with the rules' own functions: each Executive board's effect and parameters by index
(NET-EXEC-01..11), Butcher's extra turn-menu shows priced as ``production_cost`` prices them
(NET-EXEC-09), and the Genre Grid's squares, lines and filled-square counts (NET-TELLY-03..08)."""

from __future__ import annotations

from primetime.core.rng import Rng
from primetime.games.networks import tables as TB
from primetime.games.networks.cards import telly_catalogue
from primetime.games.networks.rules import executives as X
from primetime.games.networks.rules import flow as F
from primetime.games.networks.rules import genre_grid as GG
from primetime.games.networks.rules import setup as SU
from primetime.games.networks.rules.production import production_cost
from primetime.games.networks.state import NetState

from .helpers import opts

MODULES = {"telly_time": True, "moguls": True, "executives": True}


def test_executive_effects_and_params_by_board_index() -> None:
    """NET-EXEC-01: every board's effect key and parameters, and nothing at index -1 (no board)."""
    boards = X.EX.boards
    assert len(X.EFFECTS) == len(X.PARAMS) == len(boards) + 1
    for i, b in enumerate(boards):
        assert X.EFFECTS[i] == b.effect
        assert X.PARAMS[i] == b.params
    assert X.EFFECTS[-1] == ""
    assert X.PARAMS[-1] == {}


def test_effect_and_param_read_the_kept_board() -> None:
    """NET-EXEC-02: while choosing (board -1), and for the solo opponent, no effect; then the kept board's."""
    s = SU.new_state(telly_catalogue(), opts(3, **MODULES), 4, 3)
    for p in range(3):
        assert X.board(s, p) == -1 and X.effect(s, p) == "" and X.param(s, p, "cost", 3) == 3
    assert X.effect(s, -1) == ""
    for i, b in enumerate(X.EX.boards):
        s.extra["x"] = (i, -1, i)
        assert X.effect(s, 0) == X.effect(s, 2) == b.effect and X.effect(s, 1) == ""
        for key in ("cost", "start_cash", "moguls"):
            over = [o[key] for m, o in b.module_params.items() if key in o and MODULES.get(m)]
            assert X.param(s, 0, key, 7) == int(over[0] if over else b.params.get(key, 7))


def butcher_reference(s: NetState, p: int, out: list[str]) -> list[str]:
    """Butcher's extra shows as the rules state them: every show of the display or reserved not
    already offered whose cost with nothing attached Butcher can pay on top of the fee."""
    pl = s.players[p]
    k_show = s.T.k_show
    fee = X.param(s, p, "cost", 3)
    have = set(out)
    return [k_show[c] for shows, src in ((s.display[TB.SHOW], "display"), (pl.reserved, "reserved")) for c in shows
            if k_show[c] not in have and pl.cash - fee >= production_cost(s, p, c, (), src)]


def test_butcher_shows_priced_as_production_cost() -> None:
    """NET-EXEC-09 through seeded random games with every module on, for every seat at every turn."""
    cat = telly_catalogue()
    checked = 0
    for n in (2, 4):
        for seed in range(3):
            s = SU.new_state(cat, opts(n, pilot="normal", **MODULES), seed, n)
            rng = Rng(seed)
            while s.phase != "over":
                if s.stack and s.stack[-1][0] == "turn":
                    for p in range(n):
                        out = F.legal(s) if p == s.stack[-1][1] else []
                        assert X._butcher_shows(s, p, out) == butcher_reference(s, p, out)
                        checked += 1
                keys = F.legal(s)
                F.apply(s, keys[rng.below(len(keys))])
    assert checked > 500


def test_grid_tables_match_the_grid_file() -> None:
    """NET-TELLY-03/05: each genre's square and each line's squares (a bit mask) as the grid file has them."""
    cat = telly_catalogue()
    grid = cat.grid
    assert grid is not None
    T = TB.tables(cat)
    assert T.grid_square == {g: grid.squares.index(g) for g in grid.squares}
    assert T.grid_lines == [sum(1 << q for q in set(line.squares)) for line in grid.lines]
    assert all(GG.BITS[m] == bin(m).count("1") for m in range(1 << GG.SQUARES))


def test_grid_counts_through_random_games() -> None:
    """NET-TELLY-04/05/07/08: the filled squares counted from the table, and every completed line
    complete, through seeded random games with every module on."""
    cat = telly_catalogue()
    grid = cat.grid
    assert grid is not None
    for seed in range(3):
        s = SU.new_state(cat, opts(3, pilot="normal", **MODULES), seed, 3)
        rng = Rng(seed)
        while s.phase != "over":
            for p in range(3):
                mask = GG.filled_mask(s, p)
                assert GG.filled_count(s, p) == bin(mask).count("1") == GG.SQUARES - GG.empty_count(s, p)
                lines = s.extra["lines"][p]
                for k, line in enumerate(grid.lines):
                    if lines >> k & 1:
                        assert all(mask >> q & 1 for q in line.squares)
            keys = F.legal(s)
            F.apply(s, keys[rng.below(len(keys))])
