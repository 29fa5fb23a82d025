"""NET-SETUP: game setup (rulebook, Game Setup)."""

from __future__ import annotations

import pytest

from primetime.core.game import Game
from primetime.games.networks.ruleset import NetworksRuleset

from .helpers import CAT, SHOW, T, fresh, game, in_pilot, scenario, solo


def _marked(deck: str, mark: int) -> set[int]:
    return {c.index for c in CAT.cards if c.kind == "show" and c.defn.deck == deck and c.defn.mark == mark}


def test_net_setup_01_base_scoreboard_categories_only() -> None:
    """NET-SETUP-01: Base scoreboard categories only."""
    g = game(2, seed=2)
    while not g.is_over():
        keys = g.legal_keys()
        g.apply(None, next((k for k in keys if k.startswith("pass:cash")), keys[0]))
    row = g.result()["players"][0]
    assert set(row) == {"rounds", "rounds_total", "genres", "reruns", "network", "cash", "bonus_total", "total"}


@pytest.mark.parametrize(("n", "board"), [(1, [1, 2]), (2, [1, 2]), (3, [3]), (4, [4]), (5, [5])])
def test_net_setup_02_setup_board_for_player_count(n: int, board: list[int]) -> None:
    """NET-SETUP-02: Setup board for player count."""
    assert fresh(n).setup.players == board


def test_net_setup_03_cash_supply_pays_any_amount() -> None:
    """NET-SETUP-03: Cash supply pays any amount."""
    s = scenario(3, cash=0)
    s.players[0].cash = 0
    from .helpers import choose, to_display

    (ad,) = to_display(s, "MegaMart")
    choose(s, f"ad:{ad}")
    assert s.players[0].cash == 4 and s.players[1].cash == 0


def test_net_setup_04_decks_shuffled_separately_and_seeded() -> None:
    """NET-SETUP-04: Decks shuffled separately and seeded."""
    a, b, c = fresh(2, seed=1), fresh(2, seed=1), fresh(2, seed=2)
    assert a.decks == b.decks and a.display == b.display
    assert a.decks != c.decks
    for kind, deck in enumerate(a.decks):
        assert all(T.kind[x] == kind for x in deck)
    assert set(a.decks[1]) | set(a.display[1]) == set(CAT.stars)


def test_net_setup_05_a_shows_on_top_of_b() -> None:
    """NET-SETUP-05: A shows on top of b."""
    s = fresh(4, seed=3)
    deck = s.decks[SHOW]
    a, b = set(CAT.shows_a), set(CAT.shows_b)
    assert all(c in a for c in s.display[SHOW])  # the first shows dealt come from A
    n_a = sum(1 for c in deck if c in a)
    assert all(c in b for c in deck[: len(deck) - n_a])
    assert all(c in a for c in deck[len(deck) - n_a:])  # pop() draws from the end


def test_net_setup_06_three_players_remove_b_marked_4() -> None:
    """NET-SETUP-06: Three players remove b marked 4."""
    s = fresh(3, seed=1)
    in_play = set(s.decks[SHOW]) | set(s.display[SHOW])
    assert not (_marked("B", 4) & in_play) and _marked("B", 4) <= set(s.box)
    assert _marked("A", 3) <= in_play


@pytest.mark.parametrize("n", [1, 2])
def test_net_setup_07_one_two_players_remove_a3_and_b4(n: int) -> None:
    """NET-SETUP-07: One two players remove a3 and b4."""
    s = fresh(n, seed=1)
    in_play = set(s.decks[SHOW]) | set(s.display[SHOW])
    assert not ((_marked("B", 4) | _marked("A", 3)) & in_play)
    assert len(in_play) == 36 - len(_marked("B", 4)) - len(_marked("A", 3))


@pytest.mark.parametrize("n", [4, 5])
def test_net_setup_08_four_five_players_remove_nothing(n: int) -> None:
    """NET-SETUP-08: Four five players remove nothing."""
    s = fresh(n, seed=1)
    assert len(set(s.decks[SHOW]) | set(s.display[SHOW])) == 36


def test_net_setup_09_each_player_has_own_network() -> None:
    """NET-SETUP-09: Each player has own network."""
    s = fresh(5)
    assert [pl.network for pl in s.players] == list(CAT.board.networks)


def test_net_setup_10_three_own_starters_one_per_timeslot() -> None:
    """NET-SETUP-10: Three own starters one per timeslot."""
    s = fresh(3, seed=7)
    for pl in s.players:
        ids = [sh.cid for sh in pl.lineup]
        assert sorted(ids) == sorted(CAT.starters[pl.network])


def test_net_setup_11_starters_on_top_row() -> None:
    """NET-SETUP-11: Starters on top row."""
    s = fresh(3)
    assert all(sh.row == 0 for pl in s.players for sh in pl.lineup)


def test_net_setup_12_first_player_random_or_given() -> None:
    """NET-SETUP-12: First player random or given."""
    firsts = {fresh(4, seed=k).first for k in range(30)}
    assert len(firsts) > 1
    assert fresh(4, seed=5, first_player=2).order[0] == 2
    with pytest.raises(ValueError):
        NetworksRuleset().validate_options({"first_player": 4}, 4)


def test_net_setup_13_starting_cash_by_seat() -> None:
    """NET-SETUP-13: Starting cash by seat."""
    s = fresh(4, seed=1, first_player=2, pilot="normal")
    assert s.phase == "pilot"
    cash = CAT.setup_for(4).starting_cash
    assert [s.players[p].cash for p in s.order] == cash
    assert s.players[2].cash == min(cash)


def test_net_setup_14_no_genre_markers_at_start() -> None:
    """NET-SETUP-14: No genre markers at start."""
    s = fresh(3)
    assert all(pl.genre == [0] * 6 for pl in s.players)


def test_net_setup_15_display_dealt_after_pilot_season() -> None:
    """NET-SETUP-15: Display dealt after pilot season."""
    s = fresh(2, pilot="normal")
    assert s.phase == "pilot" and not any(s.display)
    g = Game.new("networks", 2, seed=1, options={})
    while in_pilot(g.state):
        g.apply(None, g.legal_keys()[0])
    d = g.state.setup.display
    assert [len(x) for x in g.state.display] == [d.show, d.star, d.ad, d.network]


def test_net_setup_16_fixed_order_is_clockwise_from_first() -> None:
    """NET-SETUP-16: Fixed order is clockwise from first."""
    s = fresh(5, first_player=3)
    assert s.order == [3, 4, 0, 1, 2]
    assert solo().order in ([0, -1], [-1, 0])
