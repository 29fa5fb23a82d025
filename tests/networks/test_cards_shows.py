"""NET-CARD-15..18: show effects (rulebook, Card Clarifications)."""

from __future__ import annotations

import pytest

from primetime.games.networks import effects as fx
from primetime.games.networks.rules import attach as A
from primetime.games.networks.rules import decks as DK
from primetime.games.networks.rules import flow as F
from primetime.games.networks.rules import values as V

from .helpers import (
    DAY,
    LATE,
    PRIME,
    STAR,
    attach,
    atts,
    choose,
    on_top,
    produce,
    put_show,
    rotated,
    scenario,
    set_turn,
    to_display,
    to_green,
    top,
)


@pytest.mark.parametrize("slot", [DAY, PRIME, LATE])
def test_net_card_15_car_chases_any_timeslot_without_penalty(slot: int) -> None:
    """NET-CARD-15: Car chases any timeslot without penalty."""
    s = scenario(2)
    (cc,) = to_display(s, "Car Chases Without Context")
    produce(s, cc, slot=slot)
    assert s.players[0].lineup[slot].row == 0


def test_net_card_16_reinfeld_counts_stars_without_visible_expenses() -> None:
    """NET-CARD-16: Reinfeld counts stars without visible expenses."""
    s = scenario(2)
    rf = put_show(s, 0, PRIME, "Reinfeld", atts=["Sunny Daye", "Hunter Handsome"])  # $0 and $2M
    put_show(s, 0, DAY, "SportsEdges", atts=[("Slam Dunkworth", True)])  # gray side: $0
    put_show(s, 0, LATE, "Star Trucks", atts=[("Nova Starling", True)])  # gray side: $1M
    bonus = fx.REINFELD_PER_STAR
    assert V.show_viewers(s, 0, rf) == 9 + 2 + 5 + 2 * bonus
    put_show(s, 1, DAY, "Knight Rodent", atts=["Gene Pool"])  # other players' stars do not count
    assert V.show_viewers(s, 0, rf) == 9 + 2 + 5 + 2 * bonus
    DK.cancel(s, 0, PRIME)
    other = s.players[0].lineup[DAY]
    assert V.show_viewers(s, 0, other) == 6 + 2  # no effect once it left the lineup


def _surpriser_round(answer: str):
    s = scenario(2, cash=20)
    sh = put_show(s, 0, LATE, "Surpriser", atts=["Fizzy Pop"])
    choose(s, "pass:cash")
    choose(s, "pass:cash")
    assert top(s) == ("surpriser", 0, LATE) and F.legal(s) == ["yes", "no"]
    assert len(s.players[0].scores) == 1  # offered after scoring
    cash = s.players[0].cash
    choose(s, answer)
    return s, sh, cash


def test_net_card_17_surpriser_optional_cancel_for_cash() -> None:
    """NET-CARD-17: Surpriser optional cancel for cash."""
    s, sh, cash = _surpriser_round("yes")
    assert s.players[0].lineup[LATE] is None and sh.cid in s.players[0].reruns
    assert s.players[0].cash == cash + fx.SURPRISER_CASH
    assert s.players[0].scores[0] >= 7  # it still scored this round


def test_net_card_17_surpriser_declined_stays_and_ages() -> None:
    """NET-CARD-17: Surpriser declined stays and ages."""
    s, sh, cash = _surpriser_round("no")
    assert s.players[0].lineup[LATE] is sh and sh.row == 1 and s.players[0].cash == cash


def test_net_card_18_upton_crabby_draws_a_star_after_two() -> None:
    """NET-CARD-18: Upton crabby draws a star after two."""
    s = scenario(2)
    (uc,) = to_display(s, "Upton Crabby")
    a, b = to_green(s, 0, "Sunny Daye", "Gene Pool")
    (drawn,) = on_top(s, "Marlowe Brooding")  # Drama condition: met
    produce(s, uc, [a, b], slot=PRIME)
    sh = s.players[0].lineup[PRIME]
    assert (drawn, False) in atts(sh) and len(atts(sh)) == 3 and sh.crabby
    assert drawn not in s.discards[STAR]


def test_net_card_18_upton_crabby_drawn_star_takes_the_free_printed_slot() -> None:
    """NET-CARD-18 (a judgement, see design-decisions): produced with 2 of its 3 star slots filled,
    the drawn star goes into the free printed slot; no slot is added, so a 4th star can only
    replace one (NET-ANAT-04)."""
    s = scenario(2)
    (uc,) = to_display(s, "Upton Crabby")
    a, b, fourth = to_green(s, 0, "Sunny Daye", "Gene Pool", "Dusty Trails")
    (drawn,) = on_top(s, "Marlowe Brooding")
    produce(s, uc, [a, b], slot=PRIME)
    sh = s.players[0].lineup[PRIME]
    assert len(atts(sh)) == 3 and sh.x_star == 0 and sh.crabby
    assert [t for t in A.attach_targets(s, 0, fourth) if t.split(":")[1] == "1"] == [
        f"rep:1:{a}", f"rep:1:{b}", f"rep:1:{drawn}"]


def test_net_card_18_upton_crabby_with_every_slot_filled_draws_nothing() -> None:
    """NET-CARD-18: produced with 3 stars, no slot is free for a drawn star: nothing is drawn and
    the effect is spent."""
    s = scenario(2)
    (uc,) = to_display(s, "Upton Crabby")
    stars = to_green(s, 0, "Sunny Daye", "Gene Pool", "Dusty Trails")
    (top_star,) = on_top(s, "Marlowe Brooding")
    produce(s, uc, stars, slot=PRIME)
    sh = s.players[0].lineup[PRIME]
    assert sorted(c for c, _ in atts(sh)) == sorted(stars) and sh.x_star == 0 and sh.crabby
    assert s.decks[STAR][-1] == top_star


def test_net_card_18_upton_crabby_unmet_condition_upside_down_and_later_trigger() -> None:
    """NET-CARD-18: Upton crabby unmet condition upside down and later trigger."""
    s = scenario(2)
    put_show(s, 0, PRIME, "Upton Crabby", atts=["Sunny Daye"])
    (second,) = to_green(s, 0, "Gene Pool")
    (drawn,) = on_top(s, "Slam Dunkworth")  # Sports condition: not met on a Drama show
    attach(s, second, "to:1")  # the 2nd star arrives on a later turn
    sh = s.players[0].lineup[PRIME]
    assert rotated(sh, drawn) and len(atts(sh)) == 3
    set_turn(s, 0)
    (third,) = to_green(s, 0, "Dusty Trails")
    attach(s, third, f"rep:1:{second}")
    assert len(atts(s.players[0].lineup[PRIME])) == 3  # it triggers only once
