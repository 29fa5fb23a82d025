"""NET-CARD-28..33: the shows named in the rulebook's examples."""

from __future__ import annotations

from primetime.games.networks.rules import values as V

from .helpers import CAT, DAY, PRIME, cid, put_show, scenario


def d(name: str):
    return CAT.card(cid(name)).defn


def test_net_card_28_dawsons_reek() -> None:
    """NET-CARD-28: Dawsons reek."""
    x = d("Dawson's Reek")
    assert (x.genre, x.cost, x.timeslot) == ("drama", 5, "primetime")
    assert x.seasons[0] == 7 and x.seasons[2] == 5
    assert x.slots.star_req == 1 and x.slots.ad_opt + x.slots.wild == 1


def test_net_card_29_plastic_chef_starter_with_ad_slot() -> None:
    """NET-CARD-29: Plastic chef starter with ad slot."""
    x = d("Plastic Chef")
    assert x.deck == "starter" and x.slots.ads == 1
    s = scenario(2)
    assert cid("Plastic Chef") in [sh.cid for sh in s.players[0].lineup]  # a Galaxy starter


def test_net_card_30_throne_of_games_13_4_5() -> None:
    """NET-CARD-30: Throne of games 13 4 5."""
    s = scenario(2)
    sh = put_show(s, 0, PRIME, "Throne of Games", row=1, atts=["Brock Hardjaw", "Hunter Handsome"])
    assert d("Throne of Games").seasons[1] == 13
    assert V.show_viewers(s, 0, sh) == 13 + 4 + 5 == 22


def test_net_card_31_sportsedges_scores_9() -> None:
    """NET-CARD-31: Sportsedges scores 9."""
    x = d("SportsEdges")
    assert x.genre == "sports" and x.seasons == [6, 9, 5, 3]
    s = scenario(2)
    assert V.show_viewers(s, 0, put_show(s, 0, DAY, "SportsEdges", row=1)) == 9


def test_net_card_32_flounder_tank_scores_6_and_holds_ads() -> None:
    """NET-CARD-32: Flounder tank scores 6 and holds ads."""
    x = d("Flounder Tank")
    assert x.seasons[1] == 6 and x.slots.ads >= 2 and x.slots.stars == 0
    s = scenario(2)
    sh = put_show(s, 0, DAY, "Flounder Tank", row=1, atts=["Fizzy Pop", "Cloud Nine Mattresses"])
    assert V.show_viewers(s, 0, sh) == 6


def test_net_card_33_normal_stuff_has_a_star_slot() -> None:
    """NET-CARD-33: Normal stuff has a star slot."""
    x = d("Normal Stuff")
    assert x.slots.stars >= 1
