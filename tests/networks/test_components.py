"""NET-COMP: components of The Networks: Primetime (rulebook, Components)."""

from __future__ import annotations

import pytest

from primetime.games.networks.cards import GENRES, TIMESLOTS
from primetime.games.networks.ruleset import NetworksRuleset

from .helpers import CAT, T, game, scenario


def _shows(deck: str) -> list:
    return [c for c in CAT.cards if c.kind == "show" and c.defn.deck == deck]


def test_net_comp_01_player_counts_one_to_five() -> None:
    """NET-COMP-01: Player counts one to five."""
    rs = NetworksRuleset()
    assert (rs.min_players, rs.max_players) == (1, 5)
    for n in range(1, 6):
        assert game(n).state.n == n
    for bad in (0, 6):
        with pytest.raises(ValueError):
            rs.validate_options({}, bad)
    assert len(CAT.board.networks) == 5  # five player boards / networks


def test_net_comp_02_fifteen_starters_three_per_network() -> None:
    """NET-COMP-02: Fifteen starters three per network."""
    starters = _shows("starter")
    assert len(starters) == 15
    for net in CAT.board.networks:
        mine = [c for c in starters if c.defn.network == net]
        assert len(mine) == 3
        assert CAT.starters[net] == [c.index for c in mine]


def test_net_comp_03_twenty_pilot_cards_six_shows() -> None:
    """NET-COMP-03: Twenty pilot cards six shows."""
    assert len(CAT.pilot) == 20
    kinds = [CAT.cards[c].kind for c in CAT.pilot]
    assert kinds.count("show") == 6
    assert kinds.count("star") + kinds.count("ad") == 14


def test_net_comp_04_thirty_six_shows_a_and_b_with_marks() -> None:
    """NET-COMP-04: Thirty six shows a and b with marks."""
    a, b = _shows("A"), _shows("B")
    assert len(a) + len(b) == 36
    assert len(CAT.shows_a) == len(a) and len(CAT.shows_b) == len(b)
    assert any(c.defn.mark == 3 for c in a)
    assert any(c.defn.mark == 4 for c in b)
    assert all(c.defn.mark in (0, 3) for c in a)
    assert all(c.defn.mark in (0, 4) for c in b)


def test_net_comp_05_fifty_stars() -> None:
    """NET-COMP-05: Fifty stars."""
    assert len(CAT.stars) == 50
    assert all(CAT.cards[c].kind == "star" and not CAT.cards[c].defn.pilot for c in CAT.stars)


def test_net_comp_06_thirty_five_ads_some_promo() -> None:
    """NET-COMP-06: Thirty five ads some promo."""
    assert len(CAT.ads) == 35
    assert any(T.promo[c] for c in CAT.ads)


def test_net_comp_07_thirty_one_network_cards_one_timing_each() -> None:
    """NET-COMP-07: Thirty one network cards one timing each."""
    assert len(CAT.network) == 31
    timings = {CAT.cards[c].defn.timing for c in CAT.network}
    assert timings == {"immediate", "use_once", "ongoing", "game_end"}


def test_net_comp_08_fifteen_solo_cards() -> None:
    """NET-COMP-08: Fifteen solo cards."""
    assert len(CAT.solo) == 15
    assert {sd.type for sd in CAT.solo} == {"show", "star", "ad", "network"}


def test_net_comp_09_player_board_has_three_timeslots() -> None:
    """NET-COMP-09: Player board has three timeslots."""
    s = scenario(5)
    for pl in s.players:
        assert len(pl.lineup) == 3
    assert len({pl.network for pl in s.players}) == 5


def test_net_comp_10_setup_boards_for_each_player_count() -> None:
    """NET-COMP-10: Setup boards for each player count."""
    boards = CAT.board.setup
    assert sorted(tuple(b.players) for b in boards) == [(1, 2), (3,), (4,), (5,)]
    for b in boards:
        assert len(b.starting_cash) == max(b.players)
        assert b.display.show > 0 and b.pass_track


def test_net_comp_11_genre_board_one_track_per_genre_shared_values() -> None:
    """NET-COMP-11: Genre board one track per genre shared values."""
    gb = CAT.board.genre_board
    assert set(gb.bonuses) == set(GENRES)
    assert all(len(v) == len(gb.values) for v in gb.bonuses.values())


def test_net_comp_12_scoreboard_rounds_and_end_categories() -> None:
    """NET-COMP-12: Scoreboard rounds and end categories."""
    g = game(2, seed=4)
    while not g.is_over():
        keys = g.legal_keys()
        g.apply(None, next((k for k in keys if k.startswith("pass:cash")), keys[0]))
    row = g.result()["players"][0]
    assert len(row["rounds"]) == 4
    assert {"genres", "reruns", "network", "cash"} <= set(row)


def test_net_comp_13_cube_uses_fit_eleven() -> None:
    """NET-COMP-13: Cube uses fit eleven."""
    s = scenario(2)
    pl = s.players[0]
    # 3 season markers (one per timeslot) + 6 genre markers + pass + scoring aid = 11
    assert len(pl.lineup) + len(pl.genre) + 1 + 1 == 11


def test_net_comp_14_five_turn_order_tokens() -> None:
    """NET-COMP-14: Five turn order tokens."""
    s = scenario(5)
    assert sorted(s.order) == [0, 1, 2, 3, 4]


def test_net_comp_15_cash_supply_unlimited() -> None:
    """NET-COMP-15: Cash supply unlimited."""
    from .helpers import choose, to_display

    s = scenario(2, cash=10_000)
    (ad,) = to_display(s, "Snackwave Chips")
    choose(s, f"ad:{ad}")
    assert s.players[0].cash == 10_004


def test_net_comp_16_six_base_genres() -> None:
    """NET-COMP-16: Six base genres."""
    assert GENRES == ("sports", "scifi", "action", "reality", "sitcom", "drama")


def test_net_comp_17_three_timeslots() -> None:
    """NET-COMP-17: Three timeslots."""
    assert TIMESLOTS == ("daytime", "primetime", "latenight")
