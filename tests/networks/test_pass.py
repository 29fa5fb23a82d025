"""NET-PASS: passing and passing last."""

from __future__ import annotations

import pytest

from primetime.games.networks.rules import flow as F
from primetime.games.networks.rules import rounds as R
from primetime.games.networks.rules import values as V
from primetime.games.networks.ruleset import NetworksRuleset

from .helpers import (
    CAT,
    NET,
    choose,
    keys_starting,
    produce,
    scenario,
    to_display,
    to_green,
    top,
)


def test_net_pass_01_leftmost_empty_column() -> None:
    """NET-PASS-01: Leftmost empty column."""
    s = scenario(4, cash=0)
    for col, p in enumerate([0, 1, 2]):
        choose(s, "pass:cash")
        assert s.players[p].pass_col == col


def test_net_pass_02_cash_now_or_viewers_at_scoring() -> None:
    """NET-PASS-02: Cash now or viewers at scoring."""
    s = scenario(3, cash=5)
    choose(s, "pass:cash")
    assert s.players[0].cash == 13
    choose(s, "pass:viewers")
    assert s.players[1].cash == 5 and s.players[1].pass_viewers == 3
    lineup = V.forecast(s, 1)["lineup_viewers"]
    choose(s, "pass:cash")
    assert s.players[1].scores == [lineup + 3]


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_net_pass_03_bonuses_shrink_left_to_right(n: int) -> None:
    """NET-PASS-03: Bonuses shrink left to right."""
    track = CAT.setup_for(n).pass_track
    cash = [c.cash for c in track]
    views = [c.viewers for c in track if c.viewers is not None]
    assert cash == sorted(cash, reverse=True) and views == sorted(views, reverse=True)


def test_net_pass_04_last_player_takes_any_number_of_actions() -> None:
    """NET-PASS-04: Last player takes any number of actions."""
    s = scenario(3, cash=10)
    ads = to_display(s, "MegaMart", "Fizzy Pop")
    nets = to_display(s, "Cult Following", "Spinoff")
    choose(s, "pass:cash")
    choose(s, "pass:cash")
    assert top(s) == ("turn", 2, 0) and R.is_last(s, 2)
    for c in ads:
        choose(s, f"ad:{c}")
        assert top(s) == ("turn", 2, 0)
    for c in nets:
        choose(s, f"net:{c}")
    assert sorted(s.players[2].green) == sorted(ads + nets)
    assert s.display[NET] == [] and top(s) == ("turn", 2, 0)
    choose(s, "pass:cash")
    assert s.round == 2


def test_net_pass_05_last_column_cash_only() -> None:
    """NET-PASS-05: Last column cash only."""
    s = scenario(3, cash=5)
    choose(s, "pass:cash")
    choose(s, "pass:cash")
    assert keys_starting(s, "pass:") == ["pass:cash"]
    choose(s, "pass:cash")
    assert s.players[2].cash == 5 + 2 - 1  # column 3 pays $2M; upkeep of the starters is $1M


def test_net_pass_06_last_player_may_pass_at_once() -> None:
    """NET-PASS-06: Last player may pass at once."""
    s = scenario(2)
    to_display(s, "MegaMart")
    choose(s, "pass:cash")
    assert "pass:cash" in F.legal(s) and R.is_last(s, 1)
    choose(s, "pass:cash")
    assert s.round == 2


def test_net_pass_07_taio_second_column() -> None:
    """NET-PASS-07: Rulebook example: the 2nd player to pass takes column 2: $6M or 3 viewers."""
    s = scenario(3, cash=0)
    choose(s, "pass:cash")
    labels = {o.key: o.label for o in NetworksRuleset().decision(s).options}
    assert keys_starting(s, "pass:") == ["pass:cash", "pass:viewers"]
    assert "$6M" in labels["pass:cash"] and "3 viewers" in labels["pass:viewers"]
    choose(s, "pass:viewers")
    assert s.players[1].pass_col == 1 and s.players[1].pass_viewers == 3 and s.players[1].cash == 0


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_net_pass_08_one_column_per_seat_last_cash_only(n: int) -> None:
    """NET-PASS-08: One column per seat last cash only."""
    track = CAT.setup_for(n).pass_track
    assert len(track) == n
    assert track[-1].viewers is None and all(c.viewers is not None for c in track[:-1])


def test_net_pass_09_preempted_timeslot_doubles() -> None:
    """NET-PASS-09: Preempted timeslot doubles."""
    s = scenario(3, cash=0)
    (pt,) = to_green(s, 0, "Preempted Timeslot")
    assert {"pass:cash:x2", "pass:viewers:x2"} <= set(F.legal(s))
    choose(s, "pass:viewers:x2")
    assert s.players[0].pass_viewers == 8 and pt in s.discards[NET]
    to_green(s, 1, pt)
    choose(s, "pass:cash:x2")
    assert s.players[1].cash == 12


def test_net_pass_10_11_expansion_pass_rules_are_options() -> None:
    """NET-PASS-11: NET-PASS-10/11: the expansions' pass rules come with their modules: Telly Time's $1M per empty
    square (NET-TELLY-07, test_telly_time.py) and the Executives' pass rules (NET-EXEC-06/07,
    test_executives.py)."""
    assert NetworksRuleset().validate_options({"executives": True}, 3)["executives"] is True
    assert NetworksRuleset().validate_options({"telly_time": True}, 3)["telly_time"] is True


def test_net_pass_last_player_can_still_produce() -> None:
    """NET-PASS-04: the last player's extra actions may include producing shows."""
    s = scenario(2)
    a, b = to_display(s, "Star Trucks", "Breaking Bland")
    choose(s, "pass:cash")
    produce(s, a, slot=2)
    produce(s, b, slot=0)
    assert top(s) == ("turn", 1, 0)
