"""NET-AD: Sign an Ad."""

from __future__ import annotations

from primetime.games.networks import tables as TB

from .helpers import AD, choose, keys_starting, scenario, to_display, top


def test_net_ad_01_sign_gains_bonus_to_green_room() -> None:
    """NET-AD-01: Sign gains bonus to green room."""
    s = scenario(2, cash=5)
    (ad,) = to_display(s, "Fizzy Pop")
    choose(s, f"ad:{ad}")
    assert s.players[0].cash == 7 and s.players[0].green == (ad,) and ad not in s.display[AD]


def test_net_ad_02_always_legal_with_ads_in_display() -> None:
    """NET-AD-02: Always legal with ads in display."""
    s = scenario(2, cash=0)
    ads = to_display(s, "Lucky Clover Lotto", "MegaMart")
    assert keys_starting(s, "ad:") == [f"ad:{c}" for c in ads]
    s2 = scenario(2, cash=0)
    assert keys_starting(s2, "ad:") == []


def test_net_ad_03_three_million_bonus_example() -> None:
    """NET-AD-03: Three million bonus example."""
    s = scenario(2, cash=0)
    (ad,) = to_display(s, "Glimmer Toothpaste")
    assert TB.tables(s.cat).defs[ad].bonus == 3
    choose(s, f"ad:{ad}")
    assert s.players[0].cash == 3


def test_net_ad_04_signed_ad_not_attached_in_same_action() -> None:
    """NET-AD-04: Signed ad not attached in same action."""
    s = scenario(2)
    (ad,) = to_display(s, "Fizzy Pop")
    choose(s, f"ad:{ad}")
    assert ad in s.players[0].green and top(s) == ("turn", 1, 0)
