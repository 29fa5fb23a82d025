"""PT-2P and PT-BOND, plus option validation (000, 2 Player Game; Issuing Bonds)."""

from __future__ import annotations

import pytest

from primetime.core import Game, Rng
from primetime.games.prime_time.rules.after_ratings import award_variety
from primetime.games.prime_time.rules.awards import awards
from primetime.games.prime_time.rules.core import KINDS, rules
from primetime.games.prime_time.rules.game_end import final_scoring
from primetime.games.prime_time.rules.money import bond_issue
from primetime.games.prime_time.ruleset import PrimeTimeRuleset, label
from primetime.games.prime_time.state import PTState

from .helpers import (
    ALEX,
    BRIDGET,
    CAT,
    CHARLOTTE,
    MON,
    SHOWS,
    TUE,
    at_placement,
    cash,
    choose,
    clear_cubes,
    clear_guides,
    clear_hands,
    fresh,
    legal,
    put,
    started,
    to_space,
    top,
)


def test_pt_2p_01_four_broadcast_days() -> None:
    """PT-2P-01: Four broadcast days."""
    s = started(2)
    assert s.days == 4 and len(s.players[0].guide) == 4
    run = Game.new("prime-time", 2, seed=3, options={"log": False})
    rng = Rng(3)
    while not run.is_over():
        st = run.state
        if st.stack and st.stack[-1][0] == "cube":
            assert st.stack[-1][2] < 4
        assert sum(st.pools[4]) == 0  # the Friday pool is never used
        run.apply(None, rng.choice(run.legal_keys()))


def test_pt_2p_02_four_forecast_columns() -> None:
    """PT-2P-02: Four forecast columns."""
    s = fresh(2)
    assert all(row[4] == -1 for row in s.forecast) and all(row[d] >= 0 for row in s.forecast for d in range(4))


def test_pt_2p_03_golf_one_pr_two() -> None:
    """PT-2P-03: Golf one pr two."""
    s = started(2)
    at_placement(s, ALEX, BRIDGET)
    choose(s, "golf")
    assert "golf" not in legal(s)
    for _ in range(2):
        choose(s, "pr")
        choose(s, "add")
        choose(s, legal(s)[0])
        choose(s, legal(s)[0])
    assert "pr" not in legal(s)


def test_pt_2p_04_closed_bidding_spaces_hold_no_card() -> None:
    """PT-2P-04: Closed bidding spaces hold no card."""
    for seed in range(5):
        s = started(2, seed)
        R = rules(s)
        for kind in (0, 1):
            for i, open_ in enumerate(R.space_open[kind]):
                if not open_:
                    assert s.spaces[kind][i] < 0 and f"bid:{KINDS[kind]}:{i}" not in legal(s)


def test_pt_2p_05_hotter_show_two_vp() -> None:
    """PT-2P-05: Hotter show two vp."""
    s = started(2)
    s.players[ALEX].hot, s.players[ALEX].hot_seq = 4, 1
    s.players[BRIDGET].hot, s.players[BRIDGET].hot_seq = 4, 2
    awards(s)
    assert s.players[ALEX].vp_src[1] == 2 and s.players[BRIDGET].vp_src[1] == 0


def test_pt_2p_06_four_genres_for_variety() -> None:
    """PT-2P-06: Four genres for variety."""
    s = started(2)
    clear_guides(s)
    for d, name in enumerate(["Space Quest", "Steel Pursuit", "Amazon Run", "Home and Away"]):
        put(s, ALEX, d, name)
    award_variety(s)
    assert s.players[ALEX].variety == 1
    s3 = started(3)
    clear_guides(s3)
    for d, name in enumerate(["Space Quest", "Steel Pursuit", "Amazon Run", "Home and Away"]):
        put(s3, ALEX, d, name)
    award_variety(s3)
    assert s3.players[ALEX].variety == 0


def test_pt_2p_07_archives_keeps_two_spaces() -> None:
    """PT-2P-07: Archives keeps two spaces."""
    s = started(2)
    at_placement(s, ALEX, BRIDGET)
    choose(s, "archives")
    choose(s, "archives")
    assert s.archives == [ALEX, BRIDGET] and rules(s).archives == 2


# ----------------------------------------------------------------------------- bonds


def bonds_board(money: list[int], n: int = 3) -> PTState:
    s = started(n, 1, bonds=True)
    to_space(s, SHOWS, 0, "Amazon Run")
    clear_hands(s)
    cash(s, *money)
    at_placement(s, *range(n), tokens=1)
    return s


def test_pt_bond_01_option_and_min_bonds_card() -> None:
    """PT-BOND-01: Option and min bonds card."""
    s = fresh(3, bonds=True)
    assert s.opts["bonds"] is True and s.br_box == []
    assert fresh(3).br_box == [CAT.br_by_id["BR-07"]]


def test_pt_bond_02_issue_when_short() -> None:
    """PT-BOND-02: Issue when short."""
    s = bonds_board([2, 0, 0])
    choose(s, "bid:show:0")
    assert legal(s)[-1] == "amt:16"  # the whole range up to the cap
    choose(s, "amt:10")
    assert s.players[ALEX].bonds == [10] and s.players[ALEX].cash == 2


def test_pt_bond_03_smallest_total_fewest_certificates() -> None:
    """PT-BOND-03: Smallest total fewest certificates."""
    certs = [5, 10]
    assert bond_issue(certs, 3) == [5]
    assert bond_issue(certs, 5) == [5]
    assert bond_issue(certs, 7) == [10]
    assert bond_issue(certs, 11) == [10, 5]
    assert bond_issue(certs, 16) == [10, 10]


def test_pt_bond_04_example_two_dollars_six_dollar_bid() -> None:
    """PT-BOND-04: Alex has $3 on a bid and $2 in hand; bidding $6 elsewhere he issues one $5 bond and keeps $1."""
    s = started(3, 1, bonds=True)
    clear_hands(s)
    silver = [i for i, c in enumerate(s.spaces[SHOWS]) if c >= 0 and CAT.tier[c] == 0]
    for i in silver[:2]:
        to_space(s, SHOWS, i, next(c for c in s.show_deck if CAT.tier[c] == 0 and CAT.min_bid[c] <= 3))
    cash(s, 5, 10, 10)
    at_placement(s, ALEX, BRIDGET, CHARLOTTE, tokens=2)
    choose(s, f"bid:show:{silver[0]}")
    choose(s, "amt:3")
    choose(s, "golf")
    choose(s, "golf")
    assert s.players[ALEX].cash == 2
    choose(s, f"bid:show:{silver[1]}")
    assert label(s, top(s), "amt:6") == "Bid $6 — issues $5 in bonds"
    choose(s, "amt:6")
    assert s.players[ALEX].bonds == [5] and s.players[ALEX].cash == 1


def test_pt_bond_05_bonds_are_never_repaid() -> None:
    """PT-BOND-05: Bonds are never repaid."""
    game = Game.new("prime-time", 3, seed=12, options={"bonds": True, "log": False})
    rng = Rng(12)
    held = [0, 0, 0]
    while not game.is_over():
        assert not any("repay" in k for k in game.legal_keys())
        game.apply(None, rng.choice(game.legal_keys()))
        now = [len(pl.bonds) for pl in game.state.players]
        assert all(a >= b for a, b in zip(now, held, strict=True))
        held = now
    assert sum(held) > 0


def test_pt_bond_06_minus_one_vp_per_certificate_per_ceremony() -> None:
    """PT-BOND-06: Minus one vp per certificate per ceremony."""
    s = started(2, bonds=True)
    s.players[BRIDGET].bonds = [5, 5, 10]
    awards(s)
    awards(s)
    assert s.players[BRIDGET].vp_src[6] == -6


def test_pt_bond_07_bond_value_deducted_at_final_scoring() -> None:
    """PT-BOND-07: Bond value deducted at final scoring."""
    s = started(2, bonds=True)
    s.players[ALEX].cash, s.players[ALEX].bonds = 20, [10]
    final_scoring(s)
    assert s.final is not None and s.final["players"][ALEX]["cash"] == 3


def test_pt_bond_08_fallback_purchase_and_rd_use_bonds() -> None:
    """PT-BOND-08: Fallback purchase and rd use bonds."""
    s = bonds_board([20, 20, 0])
    choose(s, "bid:show:0")
    choose(s, "amt:8")
    choose(s, "bid:show:0")
    choose(s, "amt:9")
    cash(s, 0, 11, 0)
    choose(s, "golf")
    assert top(s)[:2] == ("outbid", ALEX)
    assert "rd" in legal(s) and any(k.startswith("buy:show:") for k in legal(s))
    gold = next(k for k in legal(s) if k.startswith("buy:show:") and CAT.tier[s.spaces[0][int(k.split(":")[2])]] == 1)
    choose(s, gold)
    assert s.players[ALEX].bonds == [5] and s.players[ALEX].cash == 1


# ----------------------------------------------------------------------------- options


def test_options_defaults_and_validation() -> None:
    rs = PrimeTimeRuleset()
    assert rs.default_options() == {"bonds": False, "simultaneous": False, "log": True}
    assert rs.validate_options({"bonds": True}, 3) == {"bonds": True, "simultaneous": False, "log": True}
    with pytest.raises(ValueError, match=r"unknown option\(s\) \['pilot'\]"):
        rs.validate_options({"pilot": "normal"}, 3)
    with pytest.raises(ValueError, match="option bonds='yes': must be true or false"):
        rs.validate_options({"bonds": "yes"}, 3)
    with pytest.raises(ValueError, match="must be true or false"):
        rs.validate_options({"log": 1}, 3)
    with pytest.raises(ValueError, match="2 to 4 players"):
        Game.new("prime-time", 5)


def test_log_off_keeps_no_log() -> None:
    s = fresh(3, log=False)
    assert s.log is None
    s2 = fresh(3)
    assert s2.log


def test_two_player_golf_closed_label() -> None:
    s = started(2)
    clear_cubes(s)
    at_placement(s, ALEX, BRIDGET)
    assert "pr" not in legal(s)
    assert MON == 0 and TUE == 1
