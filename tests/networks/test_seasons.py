"""NET-SEAS: seasons and viewers."""

from __future__ import annotations

from primetime.games.networks import tables as TB
from primetime.games.networks.rules import values as V

from .helpers import (
    DAY,
    LATE,
    PRIME,
    cid,
    play_out_turns,
    produce,
    put_show,
    scenario,
    set_rotated,
    to_display,
    to_green,
)


def test_net_seas_01_marker_row_gives_viewers() -> None:
    """NET-SEAS-01: Marker row gives viewers."""
    s = scenario(2)
    sh = put_show(s, 0, PRIME, "SportsEdges", row=2)
    assert V.show_viewers(s, 0, sh) == 5


def test_net_seas_02_every_show_ages_after_scoring_even_new_ones() -> None:
    """NET-SEAS-02: Every show ages after scoring even new ones."""
    s = scenario(2)
    to_display(s, "Star Trucks")
    produce(s, "Star Trucks", slot=LATE)
    rows = [sh.row for sh in s.players[0].lineup]
    assert rows == [0, 0, 0]
    play_out_turns(s)
    assert [sh.row for sh in s.players[0].lineup] == [1, 1, 1]
    assert s.players[0].scores == [4 + 3 + 5]  # scored on the rows before aging


def test_net_seas_03_aging_off_the_bottom_cancels() -> None:
    """NET-SEAS-03: Aging off the bottom cancels."""
    s = scenario(2)
    sh = put_show(s, 0, DAY, "SportsEdges", row=3, atts=["Gatorpade"])
    play_out_turns(s)
    pl = s.players[0]
    assert pl.lineup[DAY] is None and sh.cid in pl.reruns
    assert cid("Gatorpade") in s.discards[2]


def test_net_seas_04_preferred_row_1_else_row_3() -> None:
    """NET-SEAS-04: Preferred row 1 else row 3."""
    s = scenario(2)
    to_display(s, "Star Trucks", "Knight Rodent")
    produce(s, "Star Trucks", slot=LATE)
    assert s.players[0].lineup[LATE].row == 0
    s2 = scenario(2)
    to_display(s2, "Star Trucks")
    produce(s2, "Star Trucks", slot=PRIME)
    assert s2.players[0].lineup[PRIME].row == 2


def test_net_seas_05_starters_never_penalised() -> None:
    """NET-SEAS-05: Starters never penalised."""
    s = scenario(2)
    for sh in s.players[0].lineup:
        assert sh.row == 0
    # A starter has no preferred timeslot, so any slot counts as preferred.
    assert all(TB.tables(s.cat).defs[sh.cid].timeslot == "" for sh in s.players[0].lineup)


def _dawson_rounds(slot: int) -> tuple[list[int | None], list[int]]:
    """Produce Dawson's Reek in ``slot`` and record its viewers each round until it is canceled."""
    s = scenario(2, cash=60)
    dr = cid("Dawson's Reek")
    to_display(s, dr)
    to_green(s, 0, "Gene Pool")
    produce(s, dr, ["Gene Pool"], slot=slot)
    seen: list[int | None] = []
    while s.phase != "over":
        sh = s.players[0].lineup[slot]
        seen.append(V.show_viewers(s, 0, sh) - TB.att_viewers(TB.tables(s.cat), cid("Gene Pool"), False, sh.row)
                    if sh is not None and sh.cid == dr else None)
        play_out_turns(s)
    return seen, s.players[0].reruns


def test_net_seas_06_dawsons_reek_in_primetime_lasts_four_seasons() -> None:
    """NET-SEAS-06: Dawsons reek in primetime lasts four seasons."""
    seen, reruns = _dawson_rounds(PRIME)
    assert seen == [7, 8, 5, 3]
    assert cid("Dawson's Reek") in reruns  # aged off after its 4th season


def test_net_seas_06_dawsons_reek_off_timeslot_two_seasons() -> None:
    """NET-SEAS-06: Dawsons reek off timeslot two seasons."""
    for slot in (DAY, LATE):
        seen, reruns = _dawson_rounds(slot)
        assert seen == [5, 3, None, None]
        assert cid("Dawson's Reek") in reruns


def test_net_seas_07_season_values_not_monotonic() -> None:
    """NET-SEAS-07: Season values not monotonic."""
    s = scenario(2)
    to_display(s, "SportsEdges")
    produce(s, "SportsEdges", slot=DAY)
    seen = []
    for _ in range(4):
        seen.append(V.show_viewers(s, 0, s.players[0].lineup[DAY]))
        play_out_turns(s)
    assert seen == [6, 9, 5, 3]


def test_net_seas_08_show_viewers_formula() -> None:
    """NET-SEAS-08: Show viewers formula."""
    s = scenario(2)
    sh = put_show(s, 0, PRIME, "Throne of Games", row=1, atts=["Hunter Handsome", ("Nova Starling", True), "Promo: Up Next!"])
    # row 2: show 13 + Hunter 5 + Nova's gray 2 + upright promo 3
    assert V.show_viewers(s, 0, sh) == 13 + 5 + 2 + 3
    set_rotated(sh, "Promo: Up Next!", True)  # a rotated promo adds nothing
    assert V.show_viewers(s, 0, sh) == 13 + 5 + 2
    plain = put_show(s, 0, DAY, "SportsEdges", atts=["Gatorpade"])
    assert V.show_viewers(s, 0, plain) == 6  # non-promo ads add no viewers
