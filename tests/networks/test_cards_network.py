"""NET-CARD-01..14: the named network cards (rulebook, Card Clarifications)."""

from __future__ import annotations

from primetime.games.networks.rules import flow as F
from primetime.games.networks.rules import round_end as RE
from primetime.games.networks.rules import values as V

from .helpers import (
    AD,
    DAY,
    LATE,
    NET,
    PRIME,
    SHOW,
    STAR,
    assert_conserved,
    attach,
    atts,
    choose,
    cid,
    keys_starting,
    on_top,
    play_out_turns,
    produce,
    put_show,
    rotated,
    scenario,
    set_turn,
    to_display,
    to_green,
    to_reruns,
    top,
)

# ----------------------------------------------------------------------------- NET-CARD-01 Big Game


def test_net_card_01_big_game_lineup_ad_income_only() -> None:
    """NET-CARD-01: Big game lineup ad income only."""
    s = scenario(2, cash=0)
    put_show(s, 0, DAY, "SportsEdges", atts=["Gatorpade", "Hunter Handsome"])  # +3, star expenses ignored
    put_show(s, 0, LATE, "Star Trucks", atts=[("Rocket Fuel Energy", False)])  # +3
    put_show(s, 0, PRIME, "Flounder Tank", atts=[("Tuff Truck Trucks", True)])  # rotated: +1
    to_green(s, 0, "Crunchables Cereal")  # green-room ads do not count
    (bg,) = to_display(s, "Big Game")
    choose(s, f"net:{bg}")
    assert s.players[0].cash == 3 + 3 + 1
    assert bg in s.discards[NET] and bg not in s.players[0].green


# ----------------------------------------------------------------------------- NET-CARD-02 Creative Accounting


def test_net_card_02_creative_accounting_every_production_cheaper() -> None:
    """NET-CARD-02: Creative accounting every production cheaper."""
    s = scenario(2, cash=6)
    to_green(s, 0, "Creative Accounting")
    a, b = to_display(s, "Star Trucks", "Extreme Lawn Bowling")
    produce(s, a, slot=LATE)  # $3M - $2M
    assert s.players[0].cash == 5
    set_turn(s, 0)
    produce(s, b, slot=DAY)  # $2M - $2M, not below zero
    assert s.players[0].cash == 5
    assert cid("Creative Accounting") in s.players[0].green
    assert V.show_upkeep(s, s.players[0].lineup[LATE])[1] == 1  # expenses unchanged


# ----------------------------------------------------------------------------- NET-CARD-03 C-Suite Connections


def test_net_card_03_c_suite_takes_network_card_without_action() -> None:
    """NET-CARD-03: C suite takes network card without action."""
    s = scenario(2, cash=0)
    (cs,) = to_green(s, 0, "C-Suite Connections")
    cult, tax = to_display(s, "Cult Following", "Tax Incentive")
    choose(s, f"use:{cs}")
    assert F.legal(s) == [f"card:{cult}", f"card:{tax}"]
    choose(s, f"card:{tax}")
    assert s.players[0].cash == 5 and tax in s.discards[NET]  # Immediate: resolved and discarded
    assert top(s) == ("turn", 0, 0)  # the action is still available
    choose(s, f"net:{cult}")
    assert cult in s.players[0].green and cs in s.discards[NET]


def test_net_card_03_c_suite_still_pays_a_taking_cost() -> None:
    """NET-CARD-03: C suite still pays a taking cost."""
    s = scenario(2, cash=5)
    (cs,) = to_green(s, 0, "C-Suite Connections")
    (awards,) = to_display(s, "Awards Campaign")
    choose(s, f"use:{cs}")
    choose(s, f"card:{awards}")
    assert awards in s.players[0].green and s.players[0].cash == 2
    s2 = scenario(2, cash=2)
    (cs,) = to_green(s2, 0, "C-Suite Connections")
    (awards,) = to_display(s2, "Awards Campaign")
    assert f"use:{cs}" not in F.legal(s2)  # the only display card costs $3M


# ----------------------------------------------------------------------------- NET-CARD-04 Ensemble Cast


def test_net_card_04_ensemble_cast_when_producing() -> None:
    """NET-CARD-04: Ensemble cast when producing."""
    s = scenario(2)
    (ens,) = to_green(s, 0, "Ensemble Cast")
    stars = to_green(s, 0, "Sunny Daye", "Gene Pool", "Dusty Trails")
    (dawson,) = to_display(s, "Dawson's Reek")  # 1 required star slot
    produce(s, dawson, stars, slot=PRIME, uses=[ens])
    sh = s.players[0].lineup[PRIME]
    assert sorted(c for c, _ in atts(sh)) == sorted(stars) and sh.x_star == 2
    assert ens in s.discards[NET]
    play_out_turns(s)
    assert len(atts(s.players[0].lineup[PRIME])) == 3  # the extra stars stay


# ----------------------------------------------------------------------------- NET-CARD-05 Exclusive Rights


def test_net_card_05_exclusive_rights_reserves_show() -> None:
    """NET-CARD-05: Exclusive rights reserves show."""
    s = scenario(2, cash=[20, 20])
    (ex,) = to_green(s, 0, "Exclusive Rights")
    (dawson,) = to_display(s, "Dawson's Reek")
    to_display(s, "MegaMart", "Fizzy Pop")
    to_green(s, 1, "Sunny Daye")
    choose(s, f"use:{ex}")
    choose(s, f"card:{dawson}")
    assert dawson in s.players[0].reserved and dawson not in s.display[SHOW]
    assert f"show:{dawson}" not in F.legal(s)  # no star yet: still needs its required slot
    choose(s, keys_starting(s, "ad:")[0])
    assert f"show:{dawson}" not in F.legal(s)  # player 1 cannot take it
    choose(s, keys_starting(s, "ad:")[0])
    (star,) = to_green(s, 0, "Gene Pool")
    produce(s, dawson, [star], slot=PRIME)  # still an action, the cost and the required slots
    assert s.players[0].lineup[PRIME].cid == dawson and s.players[0].cash == 20 - 5 + 4


def test_net_card_05_exclusive_rights_lasts_until_end_of_round() -> None:
    """NET-CARD-05: Exclusive rights lasts until end of round."""
    s = scenario(2)
    (ex,) = to_green(s, 0, "Exclusive Rights")
    (dawson,) = to_display(s, "Dawson's Reek")
    choose(s, f"use:{ex}")
    choose(s, f"card:{dawson}")
    play_out_turns(s)
    assert s.round == 2
    assert dawson not in s.players[0].reserved  # the reservation ends with the round
    assert dawson in s.discards[SHOW]
    assert_conserved(s)


# ----------------------------------------------------------------------------- NET-CARD-06 Mid-Season Refresh


def test_net_card_06_mid_season_refresh_deal_three_discard_three() -> None:
    """NET-CARD-06: Mid season refresh deal three discard three."""
    s = scenario(2)
    (msr,) = to_green(s, 0, "Mid-Season Refresh")
    old = to_display(s, "Star Trucks", "Breaking Bland")
    new = on_top(s, "Dawson's Reek", "Normal Stuff", "Grey's Autonomy")
    choose(s, f"use:{msr}")
    assert s.display[SHOW] == old + new  # appended on the right
    assert sorted(F.legal(s)) == sorted(f"card:{c}" for c in old + new)
    for c in (old[0], new[0], new[2]):  # any 3, new ones included
        choose(s, f"card:{c}")
    assert s.display[SHOW] == [old[1], new[1]]
    assert all(c in s.discards[SHOW] for c in (old[0], new[0], new[2]))
    assert top(s) == ("turn", 0, 0)  # used before the action: may still produce
    produce(s, old[1], slot=LATE)
    assert s.players[0].lineup[LATE].cid == old[1]


# ----------------------------------------------------------------------------- NET-CARD-07 On-Set Accommodations


def test_net_card_07_on_set_accommodations_stars_only_normal_rules() -> None:
    """NET-CARD-07: On set accommodations stars only normal rules."""
    s = scenario(2)
    (osa,) = to_green(s, 0, "On-Set Accommodations")
    put_show(s, 0, DAY, "SportsEdges", atts=["Sunny Daye"])
    star, ad = to_green(s, 0, "Slam Dunkworth", "Fizzy Pop")
    choose(s, f"use:{osa}")
    assert F.legal(s) == [f"card:{star}"]  # no ads; each use attaches one star
    choose(s, f"card:{star}")
    choose(s, f"rep:0:{cid('Sunny Daye')}")
    assert cid("Sunny Daye") in s.discards[STAR] and not rotated(s.players[0].lineup[DAY], star)
    attach(s, ad, "to:0")  # the normal action is still available
    assert top(s) == ("turn", 1, 0)


# ----------------------------------------------------------------------------- NET-CARD-08 Preempted Timeslot


def test_net_card_08_preempted_timeslot_doubles_pass_bonus() -> None:
    """NET-CARD-08: Preempted timeslot doubles pass bonus."""
    s = scenario(2, cash=0)
    (pt,) = to_green(s, 0, "Preempted Timeslot")
    assert "pass:cash:x2" in F.legal(s) and f"use:{pt}" not in F.legal(s)
    choose(s, "pass:cash:x2")
    assert s.players[0].cash == 16 and pt in s.discards[NET]


# ----------------------------------------------------------------------------- NET-CARD-09 Spinoff


def test_net_card_09_spinoff_rescues_attachment_before_cancel() -> None:
    """NET-CARD-09: Spinoff rescues attachment before cancel."""
    s = scenario(2)
    (sp,) = to_green(s, 0, "Spinoff")
    put_show(s, 0, PRIME, "Dawson's Reek", atts=["Hunter Handsome", "Fizzy Pop"])
    (new,) = to_display(s, "Normal Stuff")
    choose(s, f"use:{sp}")
    assert sorted(F.legal(s)) == sorted([f"att:1:{cid('Hunter Handsome')}", f"att:1:{cid('Fizzy Pop')}"])
    choose(s, f"att:1:{cid('Hunter Handsome')}")
    assert cid("Hunter Handsome") in s.players[0].green
    produce(s, new, ["Hunter Handsome"], slot=PRIME)  # the rescued star goes on the new show
    assert atts(s.players[0].lineup[PRIME]) == [(cid("Hunter Handsome"), False)]
    assert cid("Fizzy Pop") in s.discards[AD] and sp in s.discards[NET]


def test_net_card_09_spinoff_may_not_take_back_brand_ambassador_while_its_extra_ad_needs_it() -> None:
    """NET-CARD-09 with NET-CARD-19 and NET-ANAT-04: Spinoff returns a star or ad, but Brand
    Ambassador stays while the show holds the extra ad it allowed (the show could not hold the
    ads without it); once that ad is gone, it may be taken back."""
    s = scenario(2)
    (sp,) = to_green(s, 0, "Spinoff")
    ba, fizzy, cloud = cid("Brand Ambassador"), cid("Fizzy Pop"), cid("Cloud Nine Mattresses")
    put_show(s, 0, PRIME, "Dawson's Reek", atts=[ba, fizzy, cloud])  # 1 star slot, 1 ad slot + 1 for BA
    choose(s, f"use:{sp}")
    assert f"att:1:{ba}" not in F.legal(s)
    assert {f"att:1:{fizzy}", f"att:1:{cloud}"} <= set(F.legal(s))
    choose(s, f"att:1:{cloud}")
    assert sorted(atts(s.players[0].lineup[PRIME])) == sorted([(ba, False), (fizzy, False)])
    s2 = scenario(2)
    (sp,) = to_green(s2, 0, "Spinoff")
    put_show(s2, 0, PRIME, "Dawson's Reek", atts=[ba, fizzy])  # no extra ad: BA may go
    choose(s2, f"use:{sp}")
    choose(s2, f"att:1:{ba}")
    assert atts(s2.players[0].lineup[PRIME]) == [(fizzy, False)] and ba in s2.players[0].green


# ----------------------------------------------------------------------------- NET-CARD-10 Sponsored Content


def test_net_card_10_sponsored_content_ignores_required_slots() -> None:
    """NET-CARD-10: Sponsored content ignores required slots."""
    s = scenario(2)
    (spon,) = to_green(s, 0, "Sponsored Content")
    (mnf,) = to_display(s, "Monday Night Fumble")  # 1 required star + 1 required ad
    produce(s, mnf, slot=PRIME, uses=[spon])
    sh = s.players[0].lineup[PRIME]
    assert atts(sh) == [] and sh.ignore_req and spon in s.discards[NET]


def test_net_card_10_sponsored_content_extra_wild_slot_on_add() -> None:
    """NET-CARD-10: Sponsored content extra wild slot on add."""
    s = scenario(2)
    (spon,) = to_green(s, 0, "Sponsored Content")
    put_show(s, 0, DAY, "SportsEdges", atts=["Sunny Daye", "Fizzy Pop"])  # full
    (ad,) = to_green(s, 0, "Cloud Nine Mattresses")
    choose(s, f"attach:{ad}")
    assert "spon:0" in F.legal(s)
    choose(s, "spon:0")
    sh = s.players[0].lineup[DAY]
    assert len(atts(sh)) == 3 and sh.x_wild == 1 and spon in s.discards[NET]
    play_out_turns(s)
    assert len(atts(s.players[0].lineup[DAY])) == 3  # stays after the turn


def test_net_card_10_sponsored_content_not_for_a_reserved_show() -> None:
    """NET-CARD-10: Sponsored Content works when producing a show from the display; a show reserved with
    Exclusive Rights still needs all its required slots (NET-CARD-05)."""
    s = scenario(2, cash=[20, 20])
    ex, spon = to_green(s, 0, "Exclusive Rights", "Sponsored Content")
    (dawson,) = to_display(s, "Dawson's Reek")  # 1 required star
    choose(s, f"use:{ex}")
    choose(s, f"card:{dawson}")
    assert dawson in s.players[0].reserved
    assert f"show:{dawson}" not in F.legal(s)  # no star, and Sponsored Content cannot stand in
    (star,) = to_green(s, 0, "Gene Pool")
    choose(s, f"show:{dawson}")
    assert f"use:{spon}" not in F.legal(s) and f"wild:{spon}" not in F.legal(s)
    choose(s, f"att:{star}")
    assert f"use:{spon}" not in F.legal(s)


def test_net_card_10_sponsored_content_is_either_or_when_producing() -> None:
    """NET-CARD-10: Card text: ignore the required slots OR use 1 extra wild slot — not both at once."""
    s = scenario(2)
    (spon,) = to_green(s, 0, "Sponsored Content")
    (dawson,) = to_display(s, "Dawson's Reek")  # 1 required star, 1 optional ad
    a, b = to_green(s, 0, "Fizzy Pop", "Cloud Nine Mattresses")
    choose(s, f"show:{dawson}")
    choose(s, f"use:{spon}")
    choose(s, f"att:{min(a, b)}")
    # Without a star the required slot is ignored, so the extra wild slot may not also be used.
    assert f"att:{max(a, b)}" not in F.legal(s)


# ----------------------------------------------------------------------------- NET-CARD-11 Streaming Deal


def test_net_card_11_streaming_deal_counts_every_rerun_card() -> None:
    """NET-CARD-11: Streaming deal counts every rerun card."""
    s = scenario(2)
    to_green(s, 0, "Streaming Deal")
    to_reruns(s, 0, "Dawson's Reek", "Flounder Tank", "Rerun Guy")
    assert RE.end_bonuses(s, 0)["network"] == 3


# ----------------------------------------------------------------------------- NET-CARD-12 Talent Agency


def test_net_card_12_talent_agency_draw_one_at_a_time_then_take() -> None:
    """NET-CARD-12: Talent agency draw one at a time then take."""
    s = scenario(2, cash=10)
    (ta,) = to_green(s, 0, "Talent Agency")
    star, ad, net = on_top(s, "Hunter Handsome", "MegaMart", "Cult Following")
    choose(s, f"use:{ta}")
    assert F.legal(s) == ["draw:star", "draw:ad", "draw:network"]  # the player picks each deck
    choose(s, "draw:star")
    assert s.display[STAR] == [star]  # face up in the display, seen before the next draw
    choose(s, "draw:ad")
    choose(s, "draw:network")
    assert s.display[AD] == [ad] and s.display[NET] == [net]
    assert not keys_starting(s, "draw:")  # 3 draws
    assert sorted(F.legal(s)) == sorted([f"take:{star}", f"take:{ad}", f"take:{net}", "stop"])
    choose(s, f"take:{star}")  # the extra action: take 1 of the drawn cards
    assert star in s.players[0].green and s.players[0].cash == 5
    assert top(s) == ("turn", 0, 0)  # the normal action is still to come
    assert ta in s.discards[NET] and ad in s.display[AD]


def test_net_card_12_talent_agency_take_pays_network_cost() -> None:
    """NET-CARD-12: Talent agency take pays network cost."""
    s = scenario(2, cash=10)
    (ta,) = to_green(s, 0, "Talent Agency")
    (awards, _, _) = on_top(s, "Awards Campaign", "Cult Following", "Media Empire")
    choose(s, f"use:{ta}")
    for _ in range(3):
        choose(s, "draw:network")
    choose(s, f"take:{awards}")
    assert awards in s.players[0].green and s.players[0].cash == 7


# ----------------------------------------------------------------------------- NET-CARD-13 Trendy Showrunner


def test_net_card_13_trendy_showrunner_down_a_row_or_off() -> None:
    """NET-CARD-13: Trendy showrunner down a row or off."""
    s = scenario(2)
    (ts,) = to_green(s, 0, "Trendy Showrunner")
    put_show(s, 0, DAY, "SportsEdges", row=0, atts=["Gatorpade"])
    choose(s, f"use:{ts}")
    choose(s, "slot:0")
    assert s.players[0].lineup[DAY].row == 1
    s2 = scenario(2)
    (ts,) = to_green(s2, 0, "Trendy Showrunner")
    put_show(s2, 0, DAY, "SportsEdges", row=3, atts=["Gatorpade"])
    choose(s2, f"use:{ts}")
    choose(s2, "slot:0")
    assert s2.players[0].lineup[DAY] is None and cid("SportsEdges") in s2.players[0].reruns
    assert cid("Gatorpade") in s2.discards[AD]


# ----------------------------------------------------------------------------- NET-CARD-14 Writeoff


def test_net_card_14_writeoff_cancels_fewest_viewers_and_pays() -> None:
    """NET-CARD-14: Writeoff cancels fewest viewers and pays."""
    s = scenario(2, cash=0)
    put_show(s, 0, DAY, "SportsEdges", atts=["Hunter Handsome"])  # 6 + 5
    put_show(s, 0, PRIME, "Star Trucks", row=2)  # 4
    put_show(s, 0, LATE, "Knight Rodent", row=1, atts=["Sunny Daye"])  # 5 + 2
    (wo,) = to_display(s, "Writeoff")
    choose(s, f"net:{wo}")
    assert s.players[0].cash == 4 and wo in s.discards[NET]
    assert s.players[0].lineup[PRIME] is None and cid("Star Trucks") in s.players[0].reruns


def test_net_card_14_writeoff_counts_attachments_and_effects() -> None:
    """NET-CARD-14: Writeoff counts attachments and effects."""
    s = scenario(2, cash=0)
    put_show(s, 0, DAY, "SportsEdges", row=2)  # 5
    put_show(s, 0, PRIME, "Reinfeld", row=3, atts=["Sunny Daye"])  # 4 printed, + 1 star + 2 Reinfeld = 7
    put_show(s, 0, LATE, "Throne of Games")  # 11
    (wo,) = to_display(s, "Writeoff")
    choose(s, f"net:{wo}")
    assert s.players[0].lineup[DAY] is None and s.players[0].lineup[PRIME] is not None


def test_net_card_14_writeoff_tie_player_chooses() -> None:
    """NET-CARD-14: Writeoff tie player chooses."""
    s = scenario(2, cash=0)
    put_show(s, 0, DAY, "SportsEdges", row=3)  # 3
    put_show(s, 0, PRIME, "Dawson's Reek", row=3)  # 3
    put_show(s, 0, LATE, "Throne of Games")  # 11
    (wo,) = to_display(s, "Writeoff")
    choose(s, f"net:{wo}")
    assert top(s) == ("pick", 0, "writeoff", (DAY, PRIME)) and F.legal(s) == ["slot:0", "slot:1"]
    choose(s, "slot:1")
    assert s.players[0].lineup[PRIME] is None and s.players[0].lineup[DAY] is not None
    assert s.players[0].cash == 4


def test_net_card_10_sponsored_content_extra_wild_slot_when_producing() -> None:
    """NET-CARD-10: Sponsored content extra wild slot when producing."""
    s = scenario(2)
    (spon,) = to_green(s, 0, "Sponsored Content")
    (dawson,) = to_display(s, "Dawson's Reek")  # 1 required star, 1 optional ad
    star, a, b = sorted(to_green(s, 0, "Sunny Daye", "Fizzy Pop", "Cloud Nine Mattresses"))
    choose(s, f"show:{dawson}")
    assert {f"use:{spon}", f"wild:{spon}"} <= set(F.legal(s))
    choose(s, f"wild:{spon}")
    for c in (star, a, b):
        choose(s, f"att:{c}")
    choose(s, "done")
    choose(s, "slot:1")
    sh = s.players[0].lineup[PRIME]
    assert len(atts(sh)) == 3 and sh.x_wild == 1 and not sh.ignore_req and spon in s.discards[NET]
