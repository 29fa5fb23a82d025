"""NET-BOARD: boards, display and player areas."""

from __future__ import annotations

import pytest

from primetime.games.networks.rules import flow as F
from primetime.games.networks.rules import round_end as RE
from primetime.games.networks.rules import values as V
from primetime.games.networks.ruleset import NetworksRuleset

from .helpers import (
    AD,
    CAT,
    DAY,
    LATE,
    NET,
    SHOW,
    STAR,
    attach,
    choose,
    cid,
    fresh,
    keys_starting,
    play_out_turns,
    produce,
    put_show,
    scenario,
    to_display,
    to_green,
    to_reruns,
)


def test_net_board_01_setup_board_contents() -> None:
    """NET-BOARD-01: Setup board contents."""
    b = CAT.setup_for(3)
    assert b.starting_cash == [8, 9, 10]
    assert (b.display.show, b.display.star, b.display.ad, b.display.network) == (6, 4, 4, 3)
    assert [(c.cash, c.viewers) for c in b.pass_track] == [(8, 4), (6, 3), (2, None)]


@pytest.mark.parametrize(("n", "sizes"), [(4, [7, 5, 5, 4]), (2, [6, 7, 6, 5]), (3, [6, 4, 4, 3]), (5, [8, 6, 6, 5])])
def test_net_board_02_display_sizes(n: int, sizes: list[int]) -> None:
    """NET-BOARD-02: Display sizes."""
    s = fresh(n, seed=2)
    assert [len(d) for d in s.display] == sizes


def test_net_board_03_display_public() -> None:
    """NET-BOARD-03: Display public."""
    s = fresh(3, seed=2)
    for viewer in (None, 0, 2):
        v = NetworksRuleset().view(s, viewer)
        assert v["display"]["show"] == [CAT.cards[c].id for c in s.display[SHOW]]


def test_net_board_04_taken_cards_not_replaced() -> None:
    """NET-BOARD-04: Taken cards not replaced."""
    s = fresh(2, seed=2)
    s.players[s.order[0]].cash = 50
    before = [len(d) for d in s.display]
    star = s.display[STAR][0]
    choose(s, f"star:{star}")
    assert len(s.display[STAR]) == before[STAR] - 1
    assert [len(d) for i, d in enumerate(s.display) if i != STAR] == [b for i, b in enumerate(before) if i != STAR]


def test_net_board_05_display_discarded_and_redealt_at_round_end() -> None:
    """NET-BOARD-05: Display discarded and redealt at round end."""
    s = fresh(2, seed=2)
    s.players[0].cash = s.players[1].cash = 50
    choose(s, f"ad:{s.display[AD][0]}")
    left = [list(d) for d in s.display]
    play_out_turns(s)
    assert s.round == 2
    for k in (SHOW, STAR, AD, NET):
        assert all(c in s.discards[k] for c in left[k])
    d = CAT.setup_for(2).display
    assert [len(x) for x in s.display] == [d.show, d.star, d.ad, d.network]


def test_net_board_06_three_timeslots_one_show_each() -> None:
    """NET-BOARD-06: Three timeslots one show each."""
    s = scenario(2)
    to_display(s, "Star Trucks")
    produce(s, "Star Trucks", slot=LATE)
    pl = s.players[0]
    assert len(pl.lineup) == 3 and pl.lineup[LATE].cid == cid("Star Trucks")
    assert all(sh is not None for sh in pl.lineup)


def test_net_board_07_any_show_any_timeslot() -> None:
    """NET-BOARD-07: Any show any timeslot."""
    s = scenario(2)
    to_display(s, "Star Trucks")
    choose(s, f"show:{CAT.by_id['SHOW-A04']}")
    choose(s, "done")
    assert F.legal(s) == ["slot:0", "slot:1", "slot:2"]


def test_net_board_08_green_room_unlimited_and_inert() -> None:
    """NET-BOARD-08: Green room unlimited and inert."""
    s = scenario(2)
    net_before = V.upkeep_net(s, 0)
    view_before = V.forecast(s, 0)["viewers"]
    to_green(s, 0, *[c for c in CAT.stars[:20]], "Gatorpade", "Cult Following")
    assert len(s.players[0].green) == 22
    assert V.upkeep_net(s, 0) == net_before and V.forecast(s, 0)["viewers"] == view_before


def test_net_board_09_green_lineup_reruns_public() -> None:
    """NET-BOARD-09: Green lineup reruns public."""
    s = scenario(2)
    to_green(s, 0, "Gray Fox")
    to_reruns(s, 0, "Dawson's Reek")
    v = NetworksRuleset().view(s, 1)["players"][0]
    assert v["green_room"] == ["STAR-06"] and v["reruns"] == ["SHOW-A16"]
    assert all(x is not None for x in v["lineup"])


def test_net_board_10_reruns_score_at_game_end() -> None:
    """NET-BOARD-10: Reruns score at game end."""
    s = scenario(2)
    to_reruns(s, 0, "Dawson's Reek")
    assert RE.end_bonuses(s, 0)["reruns"] == 3


def test_net_board_11_shows_never_move_between_timeslots() -> None:
    """NET-BOARD-11: Shows never move between timeslots."""
    s = scenario(2)
    put_show(s, 0, DAY, "SportsEdges")
    to_green(s, 0, "Sunny Daye")
    heads = {k.split(":")[0] for k in F.legal(s)}
    assert heads <= {"star", "ad", "net", "show", "attach", "use", "pass"}
    attach(s, "Sunny Daye", "to:0")
    assert s.players[0].lineup[DAY].cid == CAT.by_id["SHOW-A01"]


def test_net_board_12_round_scoring_aid_is_per_round() -> None:
    """NET-BOARD-12: Round scoring aid is per round."""
    s = scenario(2, first=0)
    choose(s, "pass:viewers")
    assert V.forecast(s, 0)["viewers"] == V.forecast(s, 0)["lineup_viewers"] + 4
    play_out_turns(s)
    assert len(s.players[0].scores) == 1 and s.players[0].pass_viewers == 0
    play_out_turns(s)
    assert len(s.players[0].scores) == 2  # one entry per round, not a running total


def test_net_board_13_scoreboard_records() -> None:
    """NET-BOARD-13: Scoreboard records."""
    s = scenario(2)
    for _ in range(4):
        play_out_turns(s)
    row = s.final["players"][0]
    assert len(row["rounds"]) == 4 and row["rounds_total"] == sum(row["rounds"])
    assert row["total"] == row["rounds_total"] + row["genres"] + row["reruns"] + row["network"] + row["cash"]
    assert keys_starting(s, "") == []
