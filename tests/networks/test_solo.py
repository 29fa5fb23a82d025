"""NET-SOLO: solo mode and the automated opponent."""

from __future__ import annotations

import pytest

from primetime.games.networks.rules import rounds as R
from primetime.games.networks.rules import solo as SO
from primetime.games.networks.rules import values as V
from primetime.games.networks.state import OPP

from .helpers import (
    AD,
    CAT,
    NET,
    SHOW,
    STAR,
    choose,
    cid,
    clear_display,
    fresh,
    keys_starting,
    play_out_turns,
    solo,
    to_display,
    top,
)

SOLO_IDX = {sd.id: i for i, sd in enumerate(CAT.solo)}


def reveal(s, *ids: str) -> None:
    """The opponent's next solo cards, first one revealed first."""
    s.solo_deck = [SOLO_IDX[i] for i in reversed(ids)]


def human_acts(s) -> None:
    """The human signs the leftmost ad, handing the turn to the opponent."""
    keys = keys_starting(s, "ad:")
    choose(s, keys[0])


def test_net_solo_01_uses_one_two_player_setup() -> None:
    """NET-SOLO-01: Uses one two player setup."""
    s = fresh(1, seed=2)
    assert s.setup.players == [1, 2]
    marked = {c.index for c in CAT.cards if c.kind == "show" and c.defn.mark in (3, 4)}
    assert not marked & (set(s.decks[SHOW]) | set(s.display[SHOW]))


def test_net_solo_02_opponent_has_no_components() -> None:
    """NET-SOLO-02: Opponent has no components."""
    s = solo()
    assert s.n == 1 and len(s.players) == 1
    assert sorted(s.order) == [OPP, 0] and sorted(s.solo_deck) == list(range(15))
    view = V.forecast(s, 0)
    assert view["viewers"] >= 0  # only the human has a lineup and a score


def test_net_solo_03_random_first_player_and_seat_cash() -> None:
    """NET-SOLO-03: Random first player and seat cash."""
    firsts = {fresh(1, seed=k).first for k in range(20)}
    assert firsts == {0, 1}
    human_first = fresh(1, seed=1, first_player=0, pilot="normal")
    opp_first = fresh(1, seed=1, first_player=1, pilot="normal")
    assert human_first.order == [0, OPP] and human_first.players[0].cash == 8
    assert opp_first.order == [OPP, 0] and opp_first.players[0].cash == 9


def test_net_solo_04_rows_keep_deal_order() -> None:
    """NET-SOLO-04: Rows keep deal order."""
    s = solo(first=0)
    row = list(s.display[STAR])
    reveal(s, "SOLO-07")  # lowest-cost star
    human_acts(s)
    gone = [c for c in row if c not in s.display[STAR]]
    assert len(gone) == 1 and s.display[STAR] == [c for c in row if c not in gone]


def test_net_solo_05_preference_then_leftmost() -> None:
    """NET-SOLO-05: Preference then leftmost."""
    s = solo(first=0)
    clear_display(s, STAR)
    a, b, c = to_display(s, "Sunny Daye", "Dame Prudence Oscarworth", "Bella Ballyhoo")  # costs 1, 6, 6
    to_display(s, "MegaMart")
    reveal(s, "SOLO-09")  # highest signing cost, leftmost if tied
    human_acts(s)
    assert s.display[STAR] == [a, c] and b in s.discards[STAR]


def test_net_solo_06_no_card_of_type_reveals_another() -> None:
    """NET-SOLO-06: No card of type reveals another."""
    s = solo(first=0)
    clear_display(s, NET)
    row = list(s.display[AD])
    reveal(s, "SOLO-15", "SOLO-10")  # network (none left), then highest-bonus ad
    to_display(s, "MegaMart")  # for the human to sign
    human_acts(s)
    assert s.solo_parked == 1
    assert len([c for c in row if c not in s.display[AD]]) >= 1
    assert top(s) == ("turn", 0, 0)


def test_net_solo_07_second_parked_card_means_pass() -> None:
    """NET-SOLO-07: Second parked card means pass."""
    s = solo(first=0)
    clear_display(s, NET, SHOW)
    to_display(s, "MegaMart")
    reveal(s, "SOLO-15", "SOLO-01", "SOLO-10")
    human_acts(s)
    assert s.solo_parked == 2 and OPP in s.pass_order
    assert s.solo_deck == [SOLO_IDX["SOLO-10"]]  # no more solo cards this round
    assert R.is_last(s, 0)


def test_net_solo_08_human_pass_first_ends_round() -> None:
    """NET-SOLO-08: Human pass first ends round."""
    s = solo(first=0)
    choose(s, "pass:cash")
    assert s.round == 2


def test_net_solo_09_human_passing_first_takes_column_one() -> None:
    """NET-SOLO-09: Human passing first takes column one."""
    s = solo(first=0, cash=20)
    assert keys_starting(s, "pass:") == ["pass:cash", "pass:viewers"]
    lineup = V.forecast(s, 0)["lineup_viewers"]
    choose(s, "pass:viewers")
    assert s.players[0].scores == [lineup + 4]
    s2 = solo(first=0, cash=20)
    up = V.upkeep_net(s2, 0)
    choose(s2, "pass:cash")
    assert s2.players[0].cash == 20 + 8 + up


def test_net_solo_10_after_opponent_passes_human_is_last() -> None:
    """NET-SOLO-10: After opponent passes human is last."""
    s = solo(first=0, cash=20)
    clear_display(s, NET, SHOW)
    ads = to_display(s, "MegaMart", "Fizzy Pop", "Sudsy Detergent")
    reveal(s, "SOLO-15", "SOLO-01")
    choose(s, f"ad:{ads[0]}")
    assert OPP in s.pass_order
    choose(s, f"ad:{ads[1]}")
    choose(s, f"ad:{ads[2]}")
    assert top(s) == ("turn", 0, 0)
    assert keys_starting(s, "pass:") == ["pass:cash"]
    cash = s.players[0].cash
    up = V.upkeep_net(s, 0)
    choose(s, "pass:cash")
    assert s.players[0].cash == cash + s.setup.pass_track[-1].cash + up  # the cash-only last column


def test_net_solo_11_only_human_round_end_and_token_swaps() -> None:
    """NET-SOLO-11: Only human round end and token swaps."""
    s = solo(first=0)
    choose(s, "pass:cash")
    assert len(s.players) == 1 and len(s.players[0].scores) == 1
    assert s.order == [OPP, 0]
    play_out_turns(s)
    assert s.order == [0, OPP]


def test_net_solo_12_all_fifteen_reshuffled_each_round() -> None:
    """NET-SOLO-12: All fifteen reshuffled each round."""
    s = solo(first=0)
    reveal(s, "SOLO-15", "SOLO-01")
    clear_display(s, NET, SHOW)
    to_display(s, "MegaMart")
    human_acts(s)
    assert s.solo_parked == 2
    choose(s, "pass:cash")
    assert s.round == 2
    # Round 2: the opponent starts and has revealed 1 card of a fresh 15-card deck.
    assert s.order == [OPP, 0] and s.solo_parked == 0 and len(s.solo_deck) == 14


def test_net_solo_13_opponent_discards_to_discard_area() -> None:
    """NET-SOLO-13: Opponent discards to discard area."""
    s = solo(first=0)
    left = s.display[SHOW][0]
    reveal(s, "SOLO-05")
    human_acts(s)
    assert left in s.discards[SHOW]


def test_net_solo_14_most_wild_slots_example() -> None:
    """NET-SOLO-14: Rulebook example: discard the show with the most wild slots, leftmost if tied or none."""
    s = solo(first=0)
    clear_display(s, SHOW)
    shows = to_display(s, "Dawson's Reek", "Normal Stuff", "Car Chases Without Context", "Mission: Improbable")
    reveal(s, "SOLO-01")
    human_acts(s)
    assert cid("Car Chases Without Context") in s.discards[SHOW]  # 2 wild slots, left of Mission
    assert s.display[SHOW] == [shows[0], shows[1], shows[3]]
    s2 = solo(first=0)
    clear_display(s2, SHOW)
    shows = to_display(s2, "Dawson's Reek", "Flounder Tank", "SportsEdges")  # no wild slots
    reveal(s2, "SOLO-01")
    human_acts(s2)
    assert shows[0] in s2.discards[SHOW] and s2.display[SHOW] == shows[1:]


@pytest.mark.parametrize(("score", "rank"), [
    (0, "Intern"), (149, "Intern"), (150, "Production Assistant"), (179, "Production Assistant"),
    (180, "Line Producer"), (199, "Line Producer"), (200, "Executive Producer"), (219, "Executive Producer"),
    (220, "Vice President"), (239, "Vice President"), (240, "Chief Executive"), (259, "Chief Executive"),
    (260, "Industry Legend"), (400, "Industry Legend"),
])
def test_net_solo_15_rank_bands(score: int, rank: str) -> None:
    """NET-SOLO-15: Rank bands."""
    assert SO.solo_rank(score) == rank


def test_net_solo_16_normal_final_scoring_and_rank() -> None:
    """NET-SOLO-16: Normal final scoring and rank."""
    s = solo(first=0)
    while s.phase != "over":
        play_out_turns(s)
    row = s.final["players"][0]
    assert row["total"] == row["rounds_total"] + row["genres"] + row["reruns"] + row["network"] + row["cash"]
    assert s.final["rank"] == SO.solo_rank(row["total"]) and s.final["winners"] == [0]


def test_net_solo_17_exhausted_solo_deck_means_pass() -> None:
    """NET-SOLO-17: Exhausted solo deck means pass."""
    s = solo(first=0)
    s.solo_deck = []
    human_acts(s)
    assert OPP in s.pass_order and R.is_last(s, 0)


@pytest.mark.parametrize(("solo_id", "row", "pick"), [
    ("SOLO-01", ["Dawson's Reek", "Normal Stuff", "Car Chases Without Context"], "Car Chases Without Context"),
    ("SOLO-02", ["Star Trucks", "Throne of Games", "Slam Dunkirk"], "Throne of Games"),
    ("SOLO-03", ["Star Trucks", "Slam Dunkirk", "Throne of Games"], "Throne of Games"),
    ("SOLO-04", ["Star Trucks", "Mission: Improbable", "Slam Dunkirk"], "Mission: Improbable"),
    ("SOLO-05", ["Star Trucks", "Mission: Improbable", "Slam Dunkirk"], "Star Trucks"),
    ("SOLO-06", ["Sunny Daye", "Diva Delacroix", "Marlowe Brooding"], "Diva Delacroix"),
    ("SOLO-07", ["Hunter Handsome", "Sunny Daye", "Gene Pool"], "Sunny Daye"),
    ("SOLO-08", ["Hunter Handsome", "Sunny Daye", "Nova Starling"], "Nova Starling"),
    ("SOLO-09", ["Sunny Daye", "Dame Prudence Oscarworth", "Bella Ballyhoo"], "Dame Prudence Oscarworth"),
    ("SOLO-10", ["Fizzy Pop", "MegaMart", "Snackwave Chips"], "MegaMart"),
    ("SOLO-11", ["MegaMart", "Glam Squad Cosmetics", "Sweatband Nation"], "Glam Squad Cosmetics"),
    ("SOLO-12", ["MegaMart", "Fizzy Pop", "Promo: Up Next!"], "Promo: Up Next!"),
    ("SOLO-12", ["MegaMart", "Fizzy Pop"], "MegaMart"),  # no match: leftmost
    ("SOLO-13", ["Spinoff", "Tax Incentive", "Cult Following"], "Cult Following"),
    ("SOLO-14", ["Tax Incentive", "Cult Following", "Spinoff"], "Spinoff"),
    ("SOLO-15", ["Tax Incentive", "Cult Following", "Spinoff"], "Tax Incentive"),
])
def test_net_solo_05_every_solo_card_preference(solo_id: str, row: list[str], pick: str) -> None:
    """NET-SOLO-05: Every solo card preference."""
    s = solo(first=0)
    sd = CAT.solo[SOLO_IDX[solo_id]]
    assert SO.solo_pick(s, sd, [cid(n) for n in row]) == cid(pick)
