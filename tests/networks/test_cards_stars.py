"""NET-CARD-19..27: star effects (rulebook, Card Clarifications)."""

from __future__ import annotations

from primetime.games.networks import effects as fx
from primetime.games.networks.rules import attach as A
from primetime.games.networks.rules import decks as DK
from primetime.games.networks.rules import flow as F
from primetime.games.networks.rules import round_end as RE
from primetime.games.networks.rules import values as V

from .helpers import (
    DAY,
    LATE,
    PRIME,
    STAR,
    attach,
    atts,
    choose,
    cid,
    empty_lineup,
    play_out_turns,
    produce,
    put_show,
    rotated,
    scenario,
    solo,
    to_display,
    to_green,
    to_reruns,
    top,
)

# ----------------------------------------------------------------------------- NET-CARD-19 Brand Ambassador


def test_net_card_19_brand_ambassador_one_more_ad() -> None:
    """NET-CARD-19: Brand ambassador one more ad."""
    s = scenario(2)
    (dawson,) = to_display(s, "Dawson's Reek")  # 1 star, 1 ad
    ba, a1, a2 = sorted(to_green(s, 0, "Brand Ambassador", "Fizzy Pop", "Cloud Nine Mattresses"))
    produce(s, dawson, [ba, a1, a2], slot=PRIME)
    assert len(atts(s.players[0].lineup[PRIME])) == 3
    s2 = scenario(2)
    put_show(s2, 0, PRIME, "Dawson's Reek", atts=["Sunny Daye", "Fizzy Pop"])
    (ad,) = to_green(s2, 0, "Cloud Nine Mattresses")
    assert [t for t in A.attach_targets(s2, 0, ad) if t.startswith(("to:1", "spon:1"))] == []


def test_net_card_19_brand_ambassador_extra_ad_same_action() -> None:
    """NET-CARD-19: Brand ambassador extra ad same action."""
    s = scenario(2)
    put_show(s, 0, PRIME, "Throne of Games", atts=["Sunny Daye", "Fizzy Pop"])
    ba, ad = to_green(s, 0, "Brand Ambassador", "Cloud Nine Mattresses")
    attach(s, ba, "to:1")
    assert top(s)[0] == "ba_extra" and f"att:{ad}" in F.legal(s) and "skip" in F.legal(s)
    choose(s, f"att:{ad}")
    assert len(atts(s.players[0].lineup[PRIME])) == 4 and top(s) == ("turn", 1, 0)


def test_net_card_19_brand_ambassador_replaced_only_if_the_ads_still_fit() -> None:
    """NET-CARD-19 with NET-ATT-09: a star may replace Brand Ambassador only when the show can hold
    its ads without the extra slot; an ad never may on a show without a wild slot (NET-ATT-03)."""
    s = scenario(2)
    empty_lineup(s, 0)
    ba, fizzy, cloud = cid("Brand Ambassador"), cid("Fizzy Pop"), cid("Cloud Nine Mattresses")
    put_show(s, 0, PRIME, "Dawson's Reek", atts=[ba, fizzy, cloud])
    star, ad = to_green(s, 0, "Sunny Daye", "QuikLube Express")
    assert A.attach_targets(s, 0, star) == []
    assert set(A.attach_targets(s, 0, ad)) == {f"rep:1:{fizzy}", f"rep:1:{cloud}"}
    put_show(s, 0, PRIME, "Dawson's Reek", atts=[ba, fizzy])
    assert A.attach_targets(s, 0, star) == [f"rep:1:{ba}"]


# ----------------------------------------------------------------------------- NET-CARD-20 Charity Infomercial Mainstay


def _charity(scores: list[list[int]]) -> bool:
    s = scenario(len(scores))
    for pl, sc in zip(s.players, scores, strict=True):
        pl.scores = list(sc)
    put_show(s, 0, DAY, "SportsEdges")
    (c,) = to_green(s, 0, "Charity Infomercial Mainstay")
    attach(s, c, "to:0")
    return rotated(s.players[0].lineup[DAY], c)


def test_net_card_20_charity_rotates_after_strictly_leading_round() -> None:
    """NET-CARD-20: Charity rotates after strictly leading round."""
    assert _charity([[30], [20], [25]]) is True
    assert _charity([[10, 20], [30, 19]]) is True  # only the previous round counts


def test_net_card_20_charity_upright_on_tie_or_trailing_or_round_one() -> None:
    """NET-CARD-20: Charity upright on tie or trailing or round one."""
    assert _charity([[30], [30]]) is False
    assert _charity([[20], [30]]) is False
    assert _charity([[], []]) is False  # NET-AMB-18: no previous round


def test_net_card_20_charity_never_rotates_in_solo() -> None:
    """NET-CARD-20: Charity never rotates in solo."""
    s = solo(first=0)
    s.players[0].scores = [40]
    put_show(s, 0, DAY, "SportsEdges")
    (c,) = to_green(s, 0, "Charity Infomercial Mainstay")
    attach(s, c, "to:0")
    assert rotated(s.players[0].lineup[DAY], c) is False


# ----------------------------------------------------------------------------- NET-CARD-21 Cross-Promoting Star


def test_net_card_21_cross_promoting_turns_promos_upright_for_free() -> None:
    """NET-CARD-21: Cross promoting turns promos upright for free."""
    s = scenario(2, cash=5)
    put_show(s, 0, PRIME, "Monday Night Fumble",
             atts=["Sunny Daye", ("Promo: Up Next!", True), ("Promo: Stay Tuned", True)])
    (cps,) = to_green(s, 0, "Cross-Promoting Star")
    put_show(s, 0, DAY, "Flounder Tank", atts=[("Promo: Fall Lineup", True)])  # another show: unchanged
    attach(s, cps, f"rep:1:{cid('Sunny Daye')}")
    sh = s.players[0].lineup[PRIME]
    assert not rotated(sh, "Promo: Up Next!") and not rotated(sh, "Promo: Stay Tuned")
    assert rotated(s.players[0].lineup[DAY], "Promo: Fall Lineup") and s.players[0].cash == 5


def test_net_card_21_cross_promoting_during_production_no_payment() -> None:
    """NET-CARD-21: Cross promoting during production no payment."""
    s = scenario(2, cash=5)
    (dawson,) = to_display(s, "Dawson's Reek")
    cps, promo = to_green(s, 0, "Cross-Promoting Star", "Promo: Up Next!")
    produce(s, dawson, [cps, promo], slot=PRIME)  # no pay/rotate question
    assert not rotated(s.players[0].lineup[PRIME], promo) and s.players[0].cash == 0


# ----------------------------------------------------------------------------- NET-CARD-22/23 flex stars


def test_net_card_22_famously_famous_in_an_ad_slot_still_a_star() -> None:
    """NET-CARD-22: Famously famous in an ad slot still a star."""
    s = scenario(2)
    put_show(s, 0, DAY, "Flounder Tank", atts=["Fizzy Pop"])
    (ff,) = to_green(s, 0, "Famously Famous")
    attach(s, ff, "to:0")
    sh = s.players[0].lineup[DAY]
    assert (ff, False) in atts(sh) and V.show_viewers(s, 0, sh) == 7 + 5
    # Still a star: a "with another star" star on the same show stays upright.
    s2 = scenario(2)
    put_show(s2, 0, PRIME, "Dawson's Reek", atts=["Famously Famous"])  # in its ad slot
    (emma,) = to_green(s2, 0, "Ensemble Emma")
    attach(s2, emma, "to:1")
    assert rotated(s2.players[0].lineup[PRIME], emma) is False


def test_net_card_23_fierce_drag_queen_ad_slot_and_condition() -> None:
    """NET-CARD-23: Fierce drag queen ad slot and condition."""
    s = scenario(2)
    put_show(s, 0, DAY, "Flounder Tank", atts=["Fizzy Pop"])  # Reality
    put_show(s, 0, LATE, "Extreme Lawn Bowling")  # Sports, wild slot
    (q,) = to_green(s, 0, "Fierce Drag Queen")
    assert "to:0" in A.attach_targets(s, 0, q)
    attach(s, q, "to:0")
    assert rotated(s.players[0].lineup[DAY], q) is False
    s2 = scenario(2)
    put_show(s2, 0, DAY, "SportsEdges", atts=["Sunny Daye"])  # star slot full, ad slot empty
    (q,) = to_green(s2, 0, "Fierce Drag Queen")
    attach(s2, q, "to:0")
    assert rotated(s2.players[0].lineup[DAY], q) is True  # Sports: condition not met


def test_net_card_22_famously_famous_takes_only_an_empty_ad_slot() -> None:
    """NET-CARD-22 ("may be attached in an empty ad slot"): Famously Famous may not replace an
    attached ad on a show without a wild slot, and in a replacement it takes the replaced card's
    place as a star (it may not move into an ad slot that was not empty)."""
    s = scenario(2)
    empty_lineup(s, 0)
    dame, fizzy = cid("Dame Prudence Oscarworth"), cid("Fizzy Pop")
    put_show(s, 0, DAY, "SportsEdges", atts=[dame, fizzy])
    (ff,) = to_green(s, 0, "Famously Famous")
    assert A.attach_targets(s, 0, ff) == [f"rep:0:{dame}"]
    put_show(s, 0, DAY, "Flounder Tank", atts=["Cloud Nine Mattresses", "QuikLube Express", "Pawsome Pet Food"])
    assert A.attach_targets(s, 0, ff) == []  # three ads, no empty slot: nothing to do
    assert f"attach:{ff}" not in F.legal(s)
    sunny, fdq = cid("Sunny Daye"), cid("Fierce Drag Queen")
    put_show(s, 0, DAY, "SportsEdges", atts=[sunny, fdq])  # Fierce Drag Queen in the ad slot
    assert A.attach_targets(s, 0, ff) == [f"rep:0:{sunny}"]


def test_net_card_23_fierce_drag_queen_replaces_an_ad_only_through_a_wild_slot() -> None:
    """NET-CARD-23 with NET-ATT-04: on a show with a wild slot Fierce Drag Queen may replace an ad
    like any star, if the final set fits with her counted as a star."""
    s = scenario(2)
    empty_lineup(s, 0)
    sunny, fizzy = cid("Sunny Daye"), cid("Fizzy Pop")
    put_show(s, 0, PRIME, "Normal Stuff", atts=[sunny, fizzy])  # 1 star slot + 1 wild slot
    (q,) = to_green(s, 0, "Fierce Drag Queen")
    assert set(A.attach_targets(s, 0, q)) == {f"rep:1:{sunny}", f"rep:1:{fizzy}"}
    attach(s, q, f"rep:1:{fizzy}")
    assert sorted(atts(s.players[0].lineup[PRIME])) == sorted([(sunny, False), (q, False)])  # Sitcom: met
    s2 = scenario(2)
    empty_lineup(s2, 0)
    gene = cid("Gene Pool")
    put_show(s2, 0, PRIME, "Monday Night Fumble", atts=[sunny, fizzy, gene])  # star, ad, wild all full
    (q,) = to_green(s2, 0, "Fierce Drag Queen")
    assert set(A.attach_targets(s2, 0, q)) == {f"rep:1:{sunny}", f"rep:1:{gene}"}  # not the ad's place


# ----------------------------------------------------------------------------- NET-CARD-24 Gray Fox


def test_net_card_24_gray_fox_returns_on_cancel_and_aging() -> None:
    """NET-CARD-24: Gray fox returns on cancel and aging."""
    s = scenario(2)
    put_show(s, 0, LATE, "Star Trucks", row=3, atts=["Gray Fox"])
    play_out_turns(s)
    assert cid("Gray Fox") in s.players[0].green and cid("Gray Fox") not in s.discards[STAR]
    s2 = scenario(2)
    put_show(s2, 0, LATE, "Star Trucks", atts=["Gray Fox"])
    (new,) = to_display(s2, "Breaking Bland")
    produce(s2, new, slot=LATE)
    assert cid("Gray Fox") in s2.players[0].green


def test_net_card_24_gray_fox_returns_on_upkeep_cancel() -> None:
    """NET-CARD-24: Gray fox returns on upkeep cancel."""
    s = scenario(2, cash=[0, 20])
    put_show(s, 0, PRIME, "Throne of Games", atts=["Gray Fox", "Dame Prudence Oscarworth"])
    choose(s, "pass:viewers")
    choose(s, "pass:cash")
    choose(s, "cancel:1")
    assert cid("Gray Fox") in s.players[0].green
    assert cid("Dame Prudence Oscarworth") in s.discards[STAR]


# ----------------------------------------------------------------------------- NET-CARD-25 Industry Veteran


def test_net_card_25_industry_veteran_discount_only_when_producing() -> None:
    """NET-CARD-25: Industry veteran discount only when producing."""
    s = scenario(2, cash=10)
    (show,) = to_display(s, "Dawson's Reek")
    (iv,) = to_green(s, 0, "Industry Veteran")
    produce(s, show, [iv], slot=PRIME)
    assert s.players[0].cash == 10 - (5 - fx.INDUSTRY_VETERAN_DISCOUNT)
    assert V.show_upkeep(s, s.players[0].lineup[PRIME])[1] == 2 + 2  # expenses unchanged
    s2 = scenario(2, cash=10)
    put_show(s2, 0, DAY, "SportsEdges")
    (iv,) = to_green(s2, 0, "Industry Veteran")
    attach(s2, iv, "to:0")
    assert s2.players[0].cash == 10


# ----------------------------------------------------------------------------- NET-CARD-26 Rerun Guy


def test_net_card_26_rerun_guy_goes_to_reruns_and_counts() -> None:
    """NET-CARD-26: Rerun guy goes to reruns and counts."""
    s = scenario(2)
    put_show(s, 0, DAY, "SportsEdges", atts=["Rerun Guy"])
    (new,) = to_green(s, 0, "Sunny Daye")
    attach(s, new, f"rep:0:{cid('Rerun Guy')}")
    pl = s.players[0]
    assert pl.reruns[-1] == cid("Rerun Guy") and cid("Rerun Guy") not in s.discards[STAR]
    base = RE.end_bonuses(s, 0)["reruns"]
    to_green(s, 0, "Streaming Deal")
    assert RE.end_bonuses(s, 0)["network"] == len(pl.reruns)
    to_reruns(s, 0, "Flounder Tank")
    assert RE.end_bonuses(s, 0)["reruns"] == base + 2


# ----------------------------------------------------------------------------- NET-CARD-27 Versatile Actor


def test_net_card_27_versatile_actor_changes_genre_when_producing() -> None:
    """NET-CARD-27: Versatile actor changes genre when producing."""
    s = scenario(2)
    (trucks,) = to_display(s, "Star Trucks")  # Sci-Fi, 1 star + 1 wild
    va, ad = sorted(to_green(s, 0, "Versatile Actor", "Gatorpade"))
    choose(s, f"show:{trucks}")
    choose(s, f"att:{va}")
    choose(s, f"att:{ad}")
    choose(s, "done")
    choose(s, "slot:2")
    assert top(s)[0] == "prod_genre" and len(F.legal(s)) == 6
    choose(s, "genre:sports")
    sh = s.players[0].lineup[LATE]
    assert sh.genre == "sports" and not rotated(sh, ad)  # the Sports ad meets its condition
    assert s.players[0].genre[0] == 1 and s.players[0].genre[1] == 0
    play_out_turns(s)
    assert s.players[0].lineup[LATE].genre == "sports"  # permanent


def test_net_card_27_versatile_actor_no_effect_on_existing_show() -> None:
    """NET-CARD-27: Versatile actor no effect on existing show."""
    s = scenario(2)
    put_show(s, 0, LATE, "Star Trucks")
    (va,) = to_green(s, 0, "Versatile Actor")
    attach(s, va, "to:2")
    assert s.players[0].lineup[LATE].genre == "scifi" and top(s) == ("turn", 1, 0)
    assert s.players[0].genre == [0] * 6  # attaching is not producing: no genre advance


def test_net_card_27_versatile_actor_genre_is_permanent_in_reruns() -> None:
    """NET-CARD-27: Versatile actor genre is permanent in reruns."""
    s = scenario(2)
    (trucks,) = to_display(s, "Star Trucks")  # printed Sci-Fi
    (va,) = to_green(s, 0, "Versatile Actor")
    produce(s, trucks, [va], slot=LATE, genre="sports")
    to_green(s, 0, "Sports Package")
    assert RE.end_bonuses(s, 0)["network"] == 2  # counted as Sports in the lineup
    DK.cancel(s, 0, LATE)
    assert RE.end_bonuses(s, 0)["network"] == 2  # ... and still Sports in the reruns
