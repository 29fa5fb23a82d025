"""NET-ATT: Add or Replace a Star or Ad."""

from __future__ import annotations

from primetime.games.networks.rules import attach as A
from primetime.games.networks.rules import flow as F

from .helpers import (
    DAY,
    LATE,
    NET,
    PRIME,
    STAR,
    assert_conserved,
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
    to_display,
    to_green,
    top,
)


def targets(s, card, slot: int) -> list[str]:
    return [t for t in A.attach_targets(s, 0, cid(card) if isinstance(card, str) else card) if t.split(":")[1] == str(slot)]


def test_net_att_01_moves_one_card_and_uses_the_action() -> None:
    """NET-ATT-01: Moves one card and uses the action."""
    s = scenario(2)
    put_show(s, 0, DAY, "SportsEdges")
    star, ad = to_green(s, 0, "Sunny Daye", "Fizzy Pop")
    attach(s, star, "to:0")
    assert atts(s.players[0].lineup[DAY]) == [(star, False)] and s.players[0].green == (ad,)
    assert top(s) == ("turn", 1, 0)


def test_net_att_02_add_to_empty_matching_or_wild_slot() -> None:
    """NET-ATT-02: Add to empty matching or wild slot."""
    s = scenario(2)
    put_show(s, 0, PRIME, "Normal Stuff", atts=["Sunny Daye"])  # 1 required star + 1 optional wild
    put_show(s, 0, DAY, "Flounder Tank", atts=["Fizzy Pop"])  # required ad filled, 2 optional ads
    star, ad = to_green(s, 0, "Gene Pool", "Cloud Nine Mattresses")
    assert "to:1" in targets(s, star, PRIME) and "to:1" in targets(s, ad, PRIME)
    assert "to:0" in targets(s, ad, DAY) and "to:0" not in targets(s, star, DAY)
    put_show(s, 0, LATE, "Dawson's Reek")  # empty required star slot may also be filled
    assert "to:2" in targets(s, star, LATE)


def test_net_att_03_replace_discards_old_card() -> None:
    """NET-ATT-03: Replace discards old card."""
    s = scenario(2)
    put_show(s, 0, DAY, "SportsEdges", atts=["Sunny Daye"])
    (new,) = to_green(s, 0, "Hunter Handsome")
    attach(s, new, f"rep:0:{cid('Sunny Daye')}")
    assert atts(s.players[0].lineup[DAY]) == [(new, False)]
    assert cid("Sunny Daye") in s.discards[STAR]
    assert_conserved(s)


def test_net_att_04_wild_replacement_opposite_type_if_slots_fit() -> None:
    """NET-ATT-04: Wild replacement opposite type if slots fit."""
    s = scenario(2)
    put_show(s, 0, PRIME, "Monday Night Fumble", atts=["Sunny Daye", "Fizzy Pop", "Cloud Nine Mattresses"])
    (star,) = to_green(s, 0, "Gene Pool")
    # 1 star + 2 ads (one in the wild slot): a star may replace either ad, since the
    # result (2 stars + 1 ad) still fits star + ad + wild.
    assert {f"rep:1:{cid('Fizzy Pop')}", f"rep:1:{cid('Cloud Nine Mattresses')}", f"rep:1:{cid('Sunny Daye')}"} <= set(
        targets(s, star, PRIME))


def test_net_att_05_wild_slot_example_ad_to_star_ok_star_to_ad_not() -> None:
    """NET-ATT-05: Rulebook example: Taio can replace a show's ad with a star, but not its star with an ad."""
    s = scenario(2)
    star0, ad0 = cid("Sunny Daye"), cid("Fizzy Pop")
    put_show(s, 0, PRIME, "Normal Stuff", atts=[star0, ad0])  # {star, wild}: holds 1 star + 1 ad
    new_star, new_ad = to_green(s, 0, "Gene Pool", "Cloud Nine Mattresses")
    assert f"rep:1:{ad0}" in targets(s, new_star, PRIME)
    assert f"rep:1:{star0}" not in targets(s, new_ad, PRIME)
    assert f"rep:1:{ad0}" in targets(s, new_ad, PRIME)  # same type is always fine
    attach(s, new_star, f"rep:1:{ad0}")
    assert sorted(atts(s.players[0].lineup[PRIME])) == sorted([(star0, False), (new_star, False)])


def test_net_att_06_replaced_card_discarded_gray_fox_returns() -> None:
    """NET-ATT-06: Replaced card discarded gray fox returns."""
    s = scenario(2)
    put_show(s, 0, DAY, "SportsEdges", atts=["Gray Fox"])
    (new,) = to_green(s, 0, "Sunny Daye")
    attach(s, new, f"rep:0:{cid('Gray Fox')}")
    assert cid("Gray Fox") in s.players[0].green and cid("Gray Fox") not in s.discards[STAR]
    s2 = scenario(2)
    put_show(s2, 0, DAY, "SportsEdges", atts=["Hunter Handsome"])
    (new,) = to_green(s2, 0, "Sunny Daye")
    attach(s2, new, f"rep:0:{cid('Hunter Handsome')}")
    assert cid("Hunter Handsome") in s2.discards[STAR] and cid("Hunter Handsome") not in s2.players[0].green


def test_net_att_07_condition_resolved_on_attach() -> None:
    """NET-ATT-07: Condition resolved on attach."""
    s = scenario(2)
    put_show(s, 0, DAY, "SportsEdges")
    put_show(s, 0, LATE, "Star Trucks")
    a, b = to_green(s, 0, "Slam Dunkworth", "Gatorpade")
    attach(s, a, "to:0")
    s.stack = [("turn", 0, 0)]
    attach(s, b, "to:2")
    assert not rotated(s.players[0].lineup[DAY], a) and rotated(s.players[0].lineup[LATE], b)


def test_net_att_08_one_card_per_action() -> None:
    """NET-ATT-08: One card per action."""
    s = scenario(2)
    put_show(s, 0, DAY, "Two and a Half Mentors")
    a, _b = to_green(s, 0, "Sunny Daye", "Gene Pool")
    attach(s, a, "to:0")
    assert top(s) == ("turn", 1, 0) and len(atts(s.players[0].lineup[DAY])) == 1


def test_net_att_08_brand_ambassador_extra_ad_in_same_action() -> None:
    """NET-ATT-08: Brand ambassador extra ad in same action."""
    s = scenario(2)
    put_show(s, 0, DAY, "SportsEdges", atts=["Fizzy Pop"])
    ba, ad = to_green(s, 0, "Brand Ambassador", "Cloud Nine Mattresses")
    attach(s, ba, "to:0")
    assert top(s) == ("ba_extra", 0, DAY)
    assert F.legal(s) == [f"att:{ad}", "skip"]
    choose(s, f"att:{ad}")
    assert sorted(c for c, _ in atts(s.players[0].lineup[DAY])) == sorted([cid("Fizzy Pop"), ba, ad])
    assert top(s) == ("turn", 1, 0)


def test_net_att_08_ensemble_cast_still_one_star() -> None:
    """NET-ATT-08: Ensemble cast still one star."""
    s = scenario(2)
    put_show(s, 0, PRIME, "Dawson's Reek", atts=["Sunny Daye"])
    ens, a, _b = to_green(s, 0, "Ensemble Cast", "Gene Pool", "Dusty Trails")
    assert targets(s, a, PRIME) == [f"rep:1:{cid('Sunny Daye')}", "ens:1"]
    attach(s, a, "ens:1")
    sh = s.players[0].lineup[PRIME]
    assert len(atts(sh)) == 2 and sh.x_star == 2 and ens in s.discards[NET]
    assert top(s) == ("turn", 1, 0)  # the other star waits for another action


def test_net_att_09_replacement_on_full_show() -> None:
    """NET-ATT-09: Replacement on full show."""
    s = scenario(2)
    put_show(s, 0, DAY, "Flounder Tank", atts=["Fizzy Pop", "Cloud Nine Mattresses", "QuikLube Express"])
    (ad,) = to_green(s, 0, "Pawsome Pet Food")
    attach(s, ad, f"rep:0:{cid('QuikLube Express')}")
    assert sorted(c for c, _ in atts(s.players[0].lineup[DAY])) == sorted(
        [cid("Fizzy Pop"), cid("Cloud Nine Mattresses"), ad])


def test_net_att_10_taio_adds_second_ad_millie_replaces_star() -> None:
    """NET-ATT-10: Taio adds second ad millie replaces star."""
    s = scenario(2)
    put_show(s, 0, DAY, "Flounder Tank", atts=["Fizzy Pop"])
    (ad,) = to_green(s, 0, "Cloud Nine Mattresses")
    attach(s, ad, "to:0")
    assert len(atts(s.players[0].lineup[DAY])) == 2
    put_show(s, 1, PRIME, "Normal Stuff", atts=["Sunny Daye"])
    (star,) = to_green(s, 1, "Hunter Handsome")
    attach(s, star, f"rep:1:{cid('Sunny Daye')}")
    assert atts(s.players[1].lineup[PRIME]) == [(star, False)]


def test_net_att_11_no_compatible_slot_except_flex_stars() -> None:
    """NET-ATT-11: No compatible slot except flex stars."""
    s = scenario(2)
    put_show(s, 0, DAY, "Flounder Tank", atts=["Fizzy Pop"])
    star, ff = to_green(s, 0, "Sunny Daye", "Famously Famous")
    assert targets(s, star, DAY) == []
    assert "to:0" in targets(s, ff, DAY)  # a flex star may take an empty ad slot
    attach(s, ff, "to:0")
    assert (ff, False) in atts(s.players[0].lineup[DAY])


def test_net_att_12_attached_cards_never_move_between_shows() -> None:
    """NET-ATT-12: Attached cards never move between shows."""
    s = scenario(2)
    put_show(s, 0, DAY, "SportsEdges", atts=["Sunny Daye"])
    put_show(s, 0, PRIME, "Two and a Half Mentors")
    heads = {k.split(":")[0] for k in F.legal(s)}
    assert "attach" not in heads  # only green-room cards can be attached
    (star,) = to_green(s, 0, "Gene Pool")
    assert all(k.startswith(("to:", "rep:")) for k in A.attach_targets(s, 0, star))


def test_net_att_13_spinoff_keeps_show_without_required_card() -> None:
    """NET-ATT-13: Spinoff keeps show without required card."""
    s = scenario(2)
    (sp,) = to_green(s, 0, "Spinoff")
    put_show(s, 0, PRIME, "Dawson's Reek", atts=["Sunny Daye"])
    choose(s, f"use:{sp}")
    choose(s, f"att:{PRIME}:{cid('Sunny Daye')}")
    sh = s.players[0].lineup[PRIME]
    assert sh is not None and atts(sh) == [] and sh.ignore_req
    assert cid("Sunny Daye") in s.players[0].green
    play_out_turns(s)
    assert s.players[0].lineup[PRIME] is not None and s.players[0].lineup[PRIME].cid == cid("Dawson's Reek")


def test_net_att_13_sponsored_content_show_survives_empty_required_slots() -> None:
    """NET-ATT-13: Sponsored content show survives empty required slots."""
    s = scenario(2)
    (dawson,) = to_display(s, "Dawson's Reek")
    (spon,) = to_green(s, 0, "Sponsored Content")
    assert f"show:{dawson}" in F.legal(s)  # no star, but Sponsored Content ignores required slots
    produce(s, dawson, slot=PRIME, uses=[spon])
    play_out_turns(s)
    assert s.players[0].lineup[PRIME].cid == dawson


# ----------------------------------------------------------------------------- replace mode: same type, or a wild slot


def test_net_att_03_replace_mode_is_same_type_on_a_show_without_wild_slot() -> None:
    """NET-ATT-03: replace mode discards an attached card of the same type.  SportsEdges (1 star
    slot, 1 ad slot, no wild slot): an ad may not replace Dame Prudence Oscarworth, which would
    shed her expenses; a star may."""
    s = scenario(2)
    empty_lineup(s, 0)
    dame = cid("Dame Prudence Oscarworth")
    put_show(s, 0, DAY, "SportsEdges", atts=[dame])
    ad, star = to_green(s, 0, "Fizzy Pop", "Sunny Daye")
    assert targets(s, ad, DAY) == ["to:0"]  # the empty ad slot only
    assert targets(s, star, DAY) == [f"rep:0:{dame}"]
    choose(s, f"attach:{ad}")
    assert f"rep:0:{dame}" not in F.legal(s)


def test_net_att_04_cross_type_replacement_needs_a_wild_slot() -> None:
    """NET-ATT-04: only a show with a wild slot (printed, or opened by Sponsored Content) lets an
    attached card be replaced by one of the other type, and the final set must fit the slots."""
    s = scenario(2)
    empty_lineup(s, 0)
    sunny, fizzy = cid("Sunny Daye"), cid("Fizzy Pop")
    put_show(s, 0, DAY, "SportsEdges", atts=[sunny, fizzy])  # full, no wild slot
    star, ad = to_green(s, 0, "Gene Pool", "Cloud Nine Mattresses")
    assert targets(s, star, DAY) == [f"rep:0:{sunny}"]
    assert targets(s, ad, DAY) == [f"rep:0:{fizzy}"]
    sh = s.players[0].lineup[DAY]
    sh.x_wild = 1  # the same show with an extra wild slot from Sponsored Content (NET-CARD-10)
    assert set(targets(s, star, DAY)) == {"to:0", f"rep:0:{sunny}", f"rep:0:{fizzy}"}
    assert set(targets(s, ad, DAY)) == {"to:0", f"rep:0:{sunny}", f"rep:0:{fizzy}"}


def test_net_att_09_swap_on_a_full_show_without_wild_slot_keeps_the_types() -> None:
    """NET-ATT-09: on a full show the swap is legal when the mix still fits, and without a wild
    slot that means a star for a star and an ad for an ad."""
    s = scenario(2)
    empty_lineup(s, 0)
    dame, fizzy = cid("Dame Prudence Oscarworth"), cid("Fizzy Pop")
    put_show(s, 0, DAY, "SportsEdges", atts=[dame, fizzy])
    (ad,) = to_green(s, 0, "Cloud Nine Mattresses")
    assert targets(s, ad, DAY) == [f"rep:0:{fizzy}"]
    attach(s, ad, f"rep:0:{fizzy}")
    assert sorted(atts(s.players[0].lineup[DAY])) == sorted([(dame, False), (ad, False)])


def test_net_att_11_no_attach_option_for_a_card_without_a_legal_slot() -> None:
    """NET-ATT-11: an ad is not offered for attaching to SportsEdges holding a star and Famously
    Famous (in the ad slot): the only way in would be replacing a star, which needs a wild slot."""
    s = scenario(2)
    empty_lineup(s, 0)
    put_show(s, 0, DAY, "SportsEdges", atts=["Sunny Daye", "Famously Famous"])
    (ad,) = to_green(s, 0, "Fizzy Pop")
    assert A.attach_targets(s, 0, ad) == []
    assert f"attach:{ad}" not in F.legal(s)
