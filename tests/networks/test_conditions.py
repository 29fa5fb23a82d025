"""NET-COND: star and ad conditions, promo ads."""

from __future__ import annotations

import pytest

from primetime.games.networks.rules import flow as F
from primetime.games.networks.rules import values as V

from .helpers import (
    DAY,
    LATE,
    PRIME,
    attach,
    choose,
    produce,
    put_show,
    rotated,
    scenario,
    set_turn,
    to_display,
    to_green,
)


def attach_to(card: str, show: str, slot: int = DAY, existing=(), greens=(), cash: int = 20) -> bool:
    """Attach ``card`` with an Add action to ``show``; return whether it ended up rotated."""
    s = scenario(2, cash=cash)
    put_show(s, 0, slot, show, atts=existing)
    to_green(s, 0, *greens)
    (c,) = to_green(s, 0, card)
    attach(s, c, f"to:{slot}")
    return rotated(s.players[0].lineup[slot], c)


def test_net_cond_01_met_upright_unmet_rotated() -> None:
    """NET-COND-01: Met upright unmet rotated."""
    assert attach_to("Slam Dunkworth", "SportsEdges") is False
    assert attach_to("Slam Dunkworth", "Knight Rodent") is True


def test_net_cond_02_orientation_fixed_after_attaching() -> None:
    """NET-COND-02: Orientation fixed after attaching."""
    s = scenario(2)
    put_show(s, 0, DAY, "SportsEdges")
    pete, ad = to_green(s, 0, "Purist Pete", "Fizzy Pop")  # "no other ad"
    attach(s, pete, "to:0")
    set_turn(s, 0)
    attach(s, ad, "to:0")
    assert rotated(s.players[0].lineup[DAY], pete) is False


def test_net_cond_03_genre_is_the_current_genre() -> None:
    """NET-COND-03: Genre is the current genre."""
    s = scenario(2)
    (trucks,) = to_display(s, "Star Trucks")  # Sci-Fi
    va, ad = to_green(s, 0, "Versatile Actor", "Gatorpade")
    produce(s, trucks, [va], slot=LATE, genre="sports")
    set_turn(s, 0)
    attach(s, ad, "to:2")
    assert rotated(s.players[0].lineup[LATE], ad) is False


@pytest.mark.parametrize(("show", "rot"), [("Two and a Half Mentors", False), ("SportsEdges", False), ("Knight Rodent", True)])
def test_net_cond_04_either_genre(show: str, rot: bool) -> None:
    """NET-COND-04: Either genre."""
    assert attach_to("Biff Buddington", show) is rot  # Sitcom or Sports


def test_net_cond_05_timeslot_is_the_occupied_slot() -> None:
    # Dawson's Reek prefers Primetime; in Daytime a Daytime star is upright and a Primetime star is not.
    """NET-COND-05: Timeslot is the occupied slot."""
    assert attach_to("Morning Glory Bright", "Dawson's Reek", slot=DAY) is False
    assert attach_to("Prime Tyme Tony", "Dawson's Reek", slot=DAY) is True
    assert attach_to("Prime Tyme Tony", "Dawson's Reek", slot=PRIME) is False


def test_net_cond_06_with_others_never_counts_itself() -> None:
    """NET-COND-06: With others never counts itself."""
    assert attach_to("Sidekick Sid", "SportsEdges") is True  # alone
    assert attach_to("Sidekick Sid", "SportsEdges", existing=["Fizzy Pop"]) is False  # any other
    assert attach_to("Spokesmodel Skye", "SportsEdges", existing=["Fizzy Pop"]) is False  # another ad
    assert attach_to("Ensemble Emma", "Two and a Half Mentors", existing=["Sunny Daye"]) is False
    assert attach_to("Ensemble Emma", "SportsEdges", existing=["Fizzy Pop"]) is True  # needs a star
    assert attach_to("Combo Meal Burgers", "Flounder Tank", existing=["Fizzy Pop"]) is False


def test_net_cond_07_alone() -> None:
    """NET-COND-07: Alone."""
    assert attach_to("Diva Delacroix", "SportsEdges") is False
    assert attach_to("Diva Delacroix", "SportsEdges", existing=["Fizzy Pop"]) is True
    assert attach_to("Lone Wolf Logan", "SportsEdges", existing=["Fizzy Pop"]) is False  # only stars matter
    assert attach_to("Solo Sponsor Bank", "SportsEdges", existing=["Sunny Daye"]) is False  # only ads matter
    assert attach_to("Solo Sponsor Bank", "Flounder Tank", existing=["Fizzy Pop"]) is True


def test_net_cond_08_two_network_cards_in_green_room() -> None:
    """NET-COND-08: Two network cards in green room."""
    assert attach_to("Connected Cora", "SportsEdges", greens=["Cult Following", "Spinoff"]) is False
    assert attach_to("Connected Cora", "SportsEdges", greens=["Cult Following"]) is True
    assert attach_to("Synergy Solutions", "SportsEdges", greens=["Cult Following", "Spinoff"]) is False


def test_net_cond_09_promo_pay_or_rotate() -> None:
    """NET-COND-09: Promo pay or rotate."""
    s = scenario(2, cash=10)
    put_show(s, 0, DAY, "SportsEdges")
    (promo,) = to_green(s, 0, "Promo: Up Next!")
    choose(s, f"attach:{promo}")
    assert {"to:0", "to:0:pay"} <= set(F.legal(s))
    choose(s, "to:0:pay")
    sh = s.players[0].lineup[DAY]
    assert s.players[0].cash == 7 and not rotated(sh, promo)
    assert V.show_viewers(s, 0, sh) == 6 + 3 and V.show_upkeep(s, sh)[0] == 1
    s2 = scenario(2, cash=2)
    put_show(s2, 0, DAY, "SportsEdges")
    (promo,) = to_green(s2, 0, "Promo: Up Next!")
    choose(s2, f"attach:{promo}")
    assert "to:0:pay" not in F.legal(s2)  # cannot afford $3M
    choose(s2, "to:0")
    sh = s2.players[0].lineup[DAY]
    assert rotated(sh, promo) and V.show_viewers(s2, 0, sh) == 6 and V.show_upkeep(s2, sh)[0] == 1


def test_net_cond_10_sports_ad_example() -> None:
    """NET-COND-10: Rulebook example: a Sports ad gives $3M upright on a Sports show, $1M rotated elsewhere."""
    s = scenario(2)
    sports = put_show(s, 0, DAY, "SportsEdges")
    (g1,) = to_green(s, 0, "Gatorpade")
    attach(s, g1, "to:0")
    assert not rotated(sports, g1) and V.show_upkeep(s, sports)[0] == 3
    s2 = scenario(2)
    scifi = put_show(s2, 0, LATE, "Star Trucks")
    (g,) = to_green(s2, 0, "Gatorpade")
    attach(s2, g, "to:2")
    assert rotated(scifi, g) and V.show_upkeep(s2, scifi)[0] == 1


def test_net_cond_11_promo_example_sign_one_pay_three() -> None:
    """NET-COND-11: Rulebook example: signing the promo gives $1M; attaching it upright costs $3M."""
    s = scenario(2, cash=5)
    (promo,) = to_display(s, "Promo: Up Next!")
    choose(s, f"ad:{promo}")
    assert s.players[0].cash == 6
    put_show(s, 0, DAY, "SportsEdges")
    set_turn(s, 0)
    attach(s, promo, "to:0:pay")
    assert s.players[0].cash == 3 and not rotated(s.players[0].lineup[DAY], promo)


def test_net_cond_12_no_condition_always_upright() -> None:
    """NET-COND-12: No condition always upright."""
    for show in ("SportsEdges", "Knight Rodent"):
        assert attach_to("Hunter Handsome", show) is False
    assert attach_to("Fizzy Pop", "Flounder Tank", existing=["Cloud Nine Mattresses"]) is False


def test_net_cond_13_rotated_star_gray_viewers_and_expenses() -> None:
    """NET-COND-13: Rotated star gray viewers and expenses."""
    s = scenario(2)
    sh = put_show(s, 0, DAY, "SportsEdges", atts=[("Nova Starling", True)])
    assert V.show_viewers(s, 0, sh) == 6 + 2 and V.show_upkeep(s, sh) == (0, 1 + 1)
    sh2 = put_show(s, 0, LATE, "Star Trucks", atts=[("Slam Dunkworth", True)])
    assert V.show_upkeep(s, sh2) == (0, 1 + 0)  # its gray side shows no expense
