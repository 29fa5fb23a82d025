"""NET-PROD: Produce a Show."""

from __future__ import annotations

import pytest

from primetime.games.networks import tables as TB
from primetime.games.networks.rules import attach as A
from primetime.games.networks.rules import flow as F
from primetime.games.networks.rules import values as V
from primetime.games.networks.ruleset import NetworksRuleset

from .helpers import (
    AD,
    CAT,
    DAY,
    LATE,
    PRIME,
    SHOW,
    STAR,
    assert_conserved,
    atts,
    choose,
    cid,
    produce,
    put_show,
    rotated,
    scenario,
    to_display,
    to_green,
    top,
)


def test_net_prod_01_taking_a_show_produces_it() -> None:
    s = scenario(2)
    (show,) = to_display(s, "Star Trucks")
    choose(s, f"show:{show}")
    assert top(s) == ("prod_att", 0)
    choose(s, "done")
    choose(s, "slot:2")
    assert s.players[0].lineup[LATE].cid == show
    assert show not in s.players[0].green and show not in s.display[SHOW]
    assert_conserved(s)


def test_net_prod_02_needs_cost_and_required_slots() -> None:
    s = scenario(2, cash=4)
    dawson, trucks = to_display(s, "Dawson's Reek", "Star Trucks")
    to_green(s, 0, "Sunny Daye")
    assert f"show:{dawson}" not in F.legal(s)  # $5M with only $4M
    assert f"show:{trucks}" in F.legal(s)
    s2 = scenario(2, cash=20)
    (dawson,) = to_display(s2, "Dawson's Reek")
    to_green(s2, 0, "Gatorpade")
    assert f"show:{dawson}" not in F.legal(s2)  # no star for its required slot


def test_net_prod_03_industry_veteran_lowers_cost() -> None:
    s = scenario(2, cash=3)
    (dawson,) = to_display(s, "Dawson's Reek")
    (iv,) = to_green(s, 0, "Industry Veteran")
    assert f"show:{dawson}" in F.legal(s)
    produce(s, dawson, [iv])
    assert s.players[0].cash == 0


def test_net_prod_03_creative_accounting_lowers_cost() -> None:
    s = scenario(2, cash=3)
    (dawson,) = to_display(s, "Dawson's Reek")
    to_green(s, 0, "Sunny Daye", "Creative Accounting")
    produce(s, dawson, ["Sunny Daye"])
    assert s.players[0].cash == 0
    exp = V.show_upkeep(s, s.players[0].lineup[PRIME])[1]
    assert exp == 2  # expenses unchanged


def test_net_prod_03_promo_payment_counts_in_affordability() -> None:
    s = scenario(2, cash=7)
    (dawson,) = to_display(s, "Dawson's Reek")
    star, promo = to_green(s, 0, "Sunny Daye", "Promo: Up Next!")
    choose(s, f"show:{dawson}")
    choose(s, f"att:{star}")
    choose(s, f"att:{promo}")
    choose(s, "done")
    choose(s, "slot:1")
    assert top(s)[0] == "prod_promo" and F.legal(s) == ["rotate"]  # $5M + $3M > $7M
    choose(s, "rotate")
    assert s.players[0].cash == 2 and rotated(s.players[0].lineup[PRIME], promo)


def test_net_prod_04_required_slots_must_be_filled_optional_may_be() -> None:
    s = scenario(2)
    (mnf,) = to_display(s, "Monday Night Fumble")
    star, star2, ad = sorted(to_green(s, 0, "Sunny Daye", "Gene Pool", "Fizzy Pop"))
    choose(s, f"show:{mnf}")
    assert "done" not in F.legal(s)
    choose(s, f"att:{star}")
    choose(s, f"att:{star2}")  # the optional wild slot, in the same step
    assert "done" not in F.legal(s)  # the required ad is still missing
    choose(s, f"att:{ad}")
    assert "done" in F.legal(s)
    choose(s, "done")
    choose(s, "slot:1")
    assert sorted(c for c, _ in atts(s.players[0].lineup[PRIME])) == [star, star2, ad]


def test_net_prod_05_replaces_show_in_chosen_slot_or_fills_empty() -> None:
    s = scenario(2)
    old = s.players[0].lineup[DAY].cid
    a, b = to_display(s, "Star Trucks", "Breaking Bland")
    produce(s, a, slot=DAY)
    assert s.players[0].lineup[DAY].cid == a and old in s.players[0].reruns
    put_show(s, 1, LATE, None)
    s.stack = [("turn", 1, 0)]
    produce(s, b, slot=LATE)
    assert s.players[1].lineup[LATE].cid == b and s.players[1].reruns == []


def test_net_prod_06_season_marker_row() -> None:
    s = scenario(2)
    a, b = to_display(s, "Star Trucks", "Breaking Bland")
    produce(s, a, slot=LATE)
    produce(s, b, slot=DAY)
    assert s.players[0].lineup[LATE].row == 0 and s.players[1].lineup[DAY].row == 2


def test_net_prod_07_advances_genre_and_takes_bonus() -> None:
    s = scenario(2)
    (show,) = to_display(s, "Star Trucks")
    s.players[0].genre[1] = 1
    produce(s, show, slot=LATE)
    assert s.players[0].genre[1] == 2
    assert top(s)[0] == "bonus" and top(s)[1] == 0  # Sci-Fi space 2: star bonus
    assert all(TB.tables(s.cat).kind[c] == STAR for c in top(s)[2])


def test_net_prod_08_only_optional_slots_with_empty_green_room() -> None:
    s = scenario(2, cash=3)
    (show,) = to_display(s, "Star Trucks")
    assert s.players[0].green == () and f"show:{show}" in F.legal(s)
    produce(s, show, slot=LATE)
    assert s.players[0].cash == 0


def test_net_prod_09_same_round_show_may_be_replaced() -> None:
    s = scenario(2)
    a, b = to_display(s, "Star Trucks", "Breaking Bland")
    produce(s, a, slot=LATE)
    choose(s, "pass:cash")  # player 1 passes; player 0 is last and keeps acting
    produce(s, b, slot=LATE)
    assert s.players[0].lineup[LATE].cid == b and a in s.players[0].reruns


def test_net_prod_10_conditions_and_promo_resolved_at_attach() -> None:
    s = scenario(2, cash=20)
    (mnf,) = to_display(s, "Monday Night Fumble")
    star, ad, promo = to_green(s, 0, "Nova Starling", "Gatorpade", "Promo: Up Next!")
    produce(s, mnf, [star, ad, promo], slot=PRIME, promos=["pay"])
    sh = s.players[0].lineup[PRIME]
    assert rotated(sh, star) and not rotated(sh, ad) and not rotated(sh, promo)
    assert s.players[0].cash == 20 - 5 - 3


def test_net_prod_11_conditions_use_final_slot_and_attachments() -> None:
    s = scenario(2)
    (tog,) = to_display(s, "Throne of Games")
    a, b = to_green(s, 0, "Ensemble Emma", "Chemistry Chet")  # both: "with another star"
    produce(s, tog, [a, b])
    assert atts(s.players[0].lineup[PRIME]) == [(a, False), (b, False)]
    s2 = scenario(2)
    (tog,) = to_display(s2, "Throne of Games")
    a, b = to_green(s2, 0, "Lone Wolf Logan", "Method Mabel")  # both: "no other star"
    produce(s2, tog, [a, b])
    assert atts(s2.players[0].lineup[PRIME]) == [(a, True), (b, True)]


@pytest.mark.parametrize(("slot", "rot"), [(PRIME, False), (DAY, True)])
def test_net_prod_11_timeslot_condition_checked_against_chosen_slot(slot: int, rot: bool) -> None:
    s = scenario(2)
    (dawson,) = to_display(s, "Dawson's Reek")
    (tony,) = to_green(s, 0, "Prime Tyme Tony")
    produce(s, dawson, [tony], slot=slot)
    assert rotated(s.players[0].lineup[slot], tony) is rot


def test_net_prod_12_millie_produces_dawsons_reek() -> None:
    """Rulebook example: Millie cancels Plastic Chef (with its ad) for Dawson's Reek."""
    s = scenario(2, cash=9)
    pl = s.players[0]
    assert pl.network == "Galaxy"
    chef = put_show(s, 0, PRIME, "Plastic Chef", atts=["Fizzy Pop"])
    (dawson,) = to_display(s, "Dawson's Reek")
    star, ad = to_green(s, 0, "Hunter Handsome", "Cloud Nine Mattresses")
    choose(s, f"show:{dawson}")
    choose(s, f"att:{star}")
    assert f"att:{ad}" in F.legal(s) and "done" in F.legal(s)  # she may add an ad, but doesn't
    choose(s, "done")
    choose(s, "slot:1")
    assert pl.cash == 4  # paid $5M
    assert pl.lineup[PRIME].cid == dawson and pl.lineup[PRIME].row == 0
    assert atts(pl.lineup[PRIME]) == [(star, False)] and ad in pl.green
    assert chef.cid in pl.reruns and cid("Fizzy Pop") in s.discards[AD]
    assert pl.genre[5] == 1  # first drama marker on space 1
    assert top(s) == ("turn", 1, 0)  # no genre bonus
    assert_conserved(s)


def test_net_prod_13_slot_set_examples() -> None:
    mnf = s_def("Monday Night Fumble").slots
    assert (mnf.star_req, mnf.ad_req, mnf.wild_opt, mnf.total) == (1, 1, 1, 3)
    ft = s_def("Flounder Tank").slots
    assert (ft.ad_req, ft.ad_opt, ft.stars, ft.wild) == (1, 2, 0, 0)
    s = scenario(2)
    put_show(s, 0, DAY, "Flounder Tank", atts=["Fizzy Pop"])
    (star,) = to_green(s, 0, "Sunny Daye")
    assert not [t for t in A.attach_targets(s, 0, star) if t.split(":")[1] == "0"]
    (ft,) = to_display(s, "Flounder Tank")
    to_green(s, 0, "Cloud Nine Mattresses")
    choose(s, f"show:{ft}")
    assert f"att:{star}" not in F.legal(s)


def s_def(name: str):
    return CAT.card(cid(name)).defn


@pytest.mark.parametrize("option", ["butcher", "flix", "procrastinator"])
def test_net_prod_14_executives_not_available(option: str) -> None:
    with pytest.raises(ValueError):
        NetworksRuleset().validate_options({option: True}, 2)
