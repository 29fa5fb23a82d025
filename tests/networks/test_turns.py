"""NET-TURN: turn structure."""

from __future__ import annotations

import pytest

from primetime.core.rng import Rng
from primetime.games.networks.rules import flow as F
from primetime.games.networks.ruleset import NetworksRuleset

from .helpers import (
    LATE,
    assert_conserved,
    choose,
    fresh,
    keys_starting,
    play_out_turns,
    produce,
    put_show,
    scenario,
    to_display,
    to_green,
    top,
)


def test_net_turn_01_four_rounds() -> None:
    """NET-TURN-01: Four rounds."""
    s = scenario(3)
    rounds = []
    while s.phase != "over":
        rounds.append(s.round)
        play_out_turns(s)
    assert rounds == [1, 2, 3, 4]
    assert all(len(pl.scores) == 4 for pl in s.players)


def test_net_turn_02_clockwise_from_first_player() -> None:
    """NET-TURN-02: Clockwise from first player."""
    s = scenario(4, first=2)
    to_display(s, "MegaMart", "Snackwave Chips", "Fizzy Pop", "Sudsy Detergent")
    seen = []
    for _ in range(4):
        seen.append(top(s)[1])
        choose(s, keys_starting(s, "ad:")[0])
    assert seen == [2, 3, 0, 1] and top(s)[1] == 2


def test_net_turn_03_exactly_one_action_per_turn() -> None:
    """NET-TURN-03: Exactly one action per turn."""
    s = scenario(2)
    to_display(s, "MegaMart", "Snackwave Chips")
    choose(s, keys_starting(s, "ad:")[0])
    assert top(s) == ("turn", 1, 0)  # no second action for player 0
    heads = {k.split(":")[0] for k in F.legal(s)}
    assert {"ad", "pass"} <= heads


def test_net_turn_04_passed_player_takes_no_more_turns() -> None:
    """NET-TURN-04: Passed player takes no more turns."""
    s = scenario(3)
    to_display(s, "MegaMart", "Snackwave Chips", "Fizzy Pop", "Sudsy Detergent")
    choose(s, "pass:cash")  # player 0 passes
    order = []
    for _ in range(4):
        order.append(top(s)[1])
        choose(s, keys_starting(s, "ad:")[0])
    assert 0 not in order and order == [1, 2, 1, 2]


def test_net_turn_05_round_lasts_until_all_pass() -> None:
    """NET-TURN-05: Round lasts until all pass."""
    s = scenario(3)
    choose(s, "pass:cash")
    choose(s, "pass:cash")
    assert s.round == 1 and top(s)[1] == 2
    choose(s, "pass:cash")
    assert s.round == 2


@pytest.mark.parametrize(("n", "seed"), [(1, 11), (2, 12), (3, 13), (4, 14), (5, 15)])
def test_net_turn_06_pass_always_available(n: int, seed: int) -> None:
    """NET-TURN-06: Random playouts: every fresh turn offers a pass, and every decision has an option."""
    s = fresh(n, seed=seed, pilot="normal")
    rng = Rng(seed)
    steps = 0
    while s.phase != "over" and steps < 3000:
        keys = F.legal(s)
        assert keys
        t = top(s)
        if t[0] == "turn" and t[2] == 0:
            assert any(k.startswith("pass:") for k in keys)
        # lean towards passing so games finish quickly
        passes = [k for k in keys if k.startswith("pass:")]
        key = passes[0] if passes and rng.below(4) == 0 else rng.choice(keys)
        F.apply(s, key)
        steps += 1
    assert s.phase == "over"
    assert_conserved(s)


def test_net_turn_07_network_cards_free_before_or_after_action() -> None:
    """NET-TURN-07: Network cards free before or after action."""
    s = scenario(2)
    fp, fp2 = to_green(s, 0, "Fan Petition", "Trendy Showrunner")
    put_show(s, 0, LATE, "Star Trucks", row=2)
    to_display(s, "MegaMart")
    assert f"use:{fp}" in F.legal(s) and "pass:cash" in F.legal(s)
    choose(s, f"use:{fp}")
    choose(s, f"slot:{LATE}")
    assert top(s) == ("turn", 0, 0)  # using it was not the action
    choose(s, keys_starting(s, "ad:")[0])
    assert top(s) == ("turn", 0, 1)
    assert F.legal(s) == [f"use:{fp2}", "end"]  # after the action: more uses or end
    choose(s, "end")
    assert top(s) == ("turn", 1, 0)


def test_net_turn_08_card_text_beats_rulebook() -> None:
    """NET-TURN-08: Card text beats rulebook."""
    s = scenario(2)
    to_display(s, "Car Chases Without Context")
    produce(s, "Car Chases Without Context", slot=0)  # prefers Late Night
    assert s.players[0].lineup[0].row == 0  # no timeslot penalty


@pytest.mark.parametrize("option", ["beeb", "cable", "gorilla"])  # they are Executives (option executives): test_executives.py
def test_net_turn_09_executives_are_not_options_of_their_own(option: str) -> None:
    """NET-TURN-09: Executives are not options of their own."""
    with pytest.raises(ValueError):
        NetworksRuleset().validate_options({option: True}, 3)
