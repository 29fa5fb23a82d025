"""NET-AMB: the checklist's resolutions of open points that the engine follows."""

from __future__ import annotations

from primetime.games.networks.rules import round_end as RE

from .helpers import (
    DAY,
    NET,
    SHOW,
    choose,
    empty_lineup,
    on_top,
    put_show,
    scenario,
    solo,
    to_display,
    to_green,
)


def test_net_amb_11_use_once_goes_to_network_discards() -> None:
    """NET-AMB-11: Use once goes to network discards."""
    s = scenario(2)
    (fp,) = to_green(s, 0, "Fan Petition")
    put_show(s, 0, DAY, "SportsEdges", row=1)
    choose(s, f"use:{fp}")
    choose(s, "slot:0")
    assert fp in s.discards[NET]


def test_net_amb_12_every_network_use_is_free() -> None:
    """NET-AMB-12: Every network use is free."""
    s = scenario(2)
    (rc,) = to_green(s, 0, "Recasting")
    choose(s, f"use:{rc}")
    assert s.stack == [("turn", 0, 0)]


def test_net_amb_22_classic_ties_reverse_previous_order() -> None:
    """NET-AMB-22: Classic ties reverse previous order."""
    s = scenario(4, turn_order="low_to_high", first=0)
    for p in range(4):
        empty_lineup(s, p)
    for _ in range(4):
        choose(s, "pass:cash")
    assert s.order == [3, 2, 1, 0]


def test_net_amb_25_discarded_game_end_card_does_not_score() -> None:
    """NET-AMB-25: Discarded game end card does not score."""
    s = scenario(2)
    (cult,) = to_display(s, "Cult Following")
    s.display[NET].remove(cult)
    s.discards[NET].append(cult)
    assert RE.end_bonuses(s, 0)["network"] == 0


def test_net_amb_27_solo_new_display_cards_appended_right() -> None:
    """NET-AMB-27: Solo new display cards appended right."""
    s = solo(first=0)
    (msr,) = to_green(s, 0, "Mid-Season Refresh")
    new = on_top(s, "Dawson's Reek", "Normal Stuff", "Breaking Bland")
    row = list(s.display[SHOW])
    choose(s, f"use:{msr}")
    assert s.display[SHOW] == row + new
