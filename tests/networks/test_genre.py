"""NET-GENRE: genre tracks and genre bonuses."""

from __future__ import annotations

import pytest

from primetime.games.networks import tables as TB
from primetime.games.networks.cards import GENRES
from primetime.games.networks.rules import flow as F
from primetime.games.networks.rules import genres as G
from primetime.games.networks.rules import round_end as RE
from primetime.games.networks.ruleset import NetworksRuleset

from .helpers import (
    AD,
    CAT,
    LATE,
    NET,
    STAR,
    assert_conserved,
    choose,
    on_top,
    play_out_turns,
    produce,
    scenario,
    to_discard,
    to_display,
    top,
)

BONUSES = CAT.board.genre_board.bonuses


def test_net_genre_01_one_marker_per_track() -> None:
    """NET-GENRE-01: One marker per track."""
    s = scenario(3)
    assert all(len(pl.genre) == len(GENRES) for pl in s.players)
    G.advance_genre(s, 0, "drama")
    G.advance_genre(s, 0, "drama")
    assert s.players[0].genre[5] == 2  # the same marker moved up


def test_net_genre_02_every_production_advances() -> None:
    """NET-GENRE-02: Every production advances."""
    s = scenario(2)
    a, b = to_display(s, "Star Trucks", "Breaking Bland")
    produce(s, a, slot=LATE)
    produce(s, b, slot=LATE)
    assert s.players[0].genre[1] == 1 and s.players[1].genre[5] == 1


def test_net_genre_03_first_advance_to_space_one() -> None:
    """NET-GENRE-03: First advance to space one."""
    s = scenario(2)
    G.advance_genre(s, 0, "action")
    assert s.players[0].genre == [0, 0, 1, 0, 0, 0]
    assert top(s) == ("turn", 0, 0)


def test_net_genre_04_bonus_gained_immediately() -> None:
    """NET-GENRE-04: Bonus gained immediately."""
    s = scenario(2)
    s.players[0].genre[0] = 1
    G.advance_genre(s, 0, "sports")  # space 2 of Sports: ad bonus
    assert top(s)[0] == "bonus" and all(TB.tables(CAT).kind[c] == AD for c in top(s)[2])


def test_net_genre_05_spaces_one_and_five_have_no_bonus() -> None:
    """NET-GENRE-05: Spaces one and five have no bonus."""
    for g in GENRES:
        assert BONUSES[g][0] == "" and BONUSES[g][4] == ""
    s = scenario(2)
    s.players[0].genre[0] = 4
    G.advance_genre(s, 0, "sports")
    assert s.players[0].genre[0] == 5 and top(s) == ("turn", 0, 0)


def test_net_genre_06_top_worth_15_and_no_further_advance() -> None:
    """NET-GENRE-06: Top worth 15 and no further advance."""
    s = scenario(2)
    s.players[0].genre = [5, 0, 0, 0, 0, 0]
    G.advance_genre(s, 0, "sports")
    assert s.players[0].genre[0] == 5 and top(s) == ("turn", 0, 0)
    assert RE.end_bonuses(s, 0)["genres"] == 15


def test_net_genre_07_players_share_spaces() -> None:
    """NET-GENRE-07: Players share spaces."""
    s = scenario(2)
    s.players[0].genre[2] = s.players[1].genre[2] = 4
    G.advance_genre(s, 0, "action")
    G.advance_genre(s, 1, "action")
    assert s.players[0].genre[2] == s.players[1].genre[2] == 5
    assert RE.end_bonuses(s, 0)["genres"] == RE.end_bonuses(s, 1)["genres"] == 15


def test_net_genre_08_star_bonus_sign_one_free() -> None:
    """NET-GENRE-08: Star bonus sign one free."""
    s = scenario(2, cash=0)
    a, b = on_top(s, "Dame Prudence Oscarworth", "Hunter Handsome")
    s.players[0].genre[1] = 1
    G.advance_genre(s, 0, "scifi")
    assert top(s) == ("bonus", 0, (a, b)) and F.legal(s) == [f"take:{a}", f"take:{b}"]
    choose(s, f"take:{b}")
    assert s.players[0].green == (b,) and s.players[0].cash == 0 and a in s.discards[STAR]
    assert_conserved(s)


def test_net_genre_09_ad_bonus_gains_cash() -> None:
    """NET-GENRE-09: Ad bonus gains cash."""
    s = scenario(2, cash=0)
    a, b = on_top(s, "MegaMart", "Fizzy Pop")
    s.players[0].genre[0] = 1
    G.advance_genre(s, 0, "sports")
    choose(s, f"take:{a}")
    assert s.players[0].cash == 4 and s.players[0].green == (a,) and b in s.discards[AD]


def test_net_genre_10_network_bonus_immediate_resolved() -> None:
    """NET-GENRE-10: Network bonus immediate resolved."""
    s = scenario(2, cash=0)
    tax, cult = on_top(s, "Tax Incentive", "Cult Following")
    s.players[0].genre[4] = 2
    G.advance_genre(s, 0, "sitcom")  # space 3: network
    choose(s, f"take:{tax}")
    assert s.players[0].cash == 5 and tax in s.discards[NET] and tax not in s.players[0].green


def test_net_genre_11_mixed_bonus_keep_one_of_three() -> None:
    """NET-GENRE-11: Mixed bonus keep one of three."""
    s = scenario(2, cash=0)
    star, ad, net = on_top(s, "Hunter Handsome", "MegaMart", "Cult Following")
    s.players[0].genre[4] = 1
    G.advance_genre(s, 0, "sitcom")  # space 2: mixed
    assert sorted(F.legal(s)) == sorted([f"take:{star}", f"take:{ad}", f"take:{net}"])
    choose(s, f"take:{net}")
    assert s.players[0].green == (net,) and star in s.discards[STAR] and ad in s.discards[AD]
    assert s.players[0].cash == 0


def test_net_genre_12_bonus_draws_from_deck_reshuffling_discards() -> None:
    """NET-GENRE-12: Bonus draws from deck reshuffling discards."""
    s = scenario(2)
    display_star = to_display(s, "Sunny Daye")[0]
    s.box.extend(s.decks[STAR])
    s.decks[STAR] = []
    a, b = to_discard(s, "Hunter Handsome", "Gene Pool")
    s.players[0].genre[1] = 1
    G.advance_genre(s, 0, "scifi")
    assert sorted(top(s)[2]) == sorted([a, b]) and display_star in s.display[STAR]
    assert s.discards[STAR] == []


def test_net_genre_13_five_spaces() -> None:
    """NET-GENRE-13: Five spaces."""
    assert len(CAT.board.genre_board.values) == G.TOP == 5
    assert CAT.board.genre_board.values[-1] == 15


def test_net_genre_14_space_three_is_network_bonus() -> None:
    """NET-GENRE-14: Space three is network bonus."""
    assert all(BONUSES[g][2] == "network" for g in GENRES)


def test_net_genre_15_round_end_genre_check_changes_nothing() -> None:
    """NET-GENRE-15: Round end genre check changes nothing."""
    s = scenario(2)
    (show,) = to_display(s, "Star Trucks")
    produce(s, show, slot=LATE)
    before = [list(pl.genre) for pl in s.players]
    play_out_turns(s)
    assert [pl.genre for pl in s.players] == before


def test_net_genre_16_bonus_cards_shown_only_to_chooser() -> None:
    """NET-GENRE-16: Bonus cards shown only to chooser."""
    s = scenario(2)
    a, b = on_top(s, "Hunter Handsome", "Gene Pool")
    s.players[0].genre[1] = 1
    G.advance_genre(s, 0, "scifi")
    rs = NetworksRuleset()
    mine = rs.view(s, 0)["pending"]
    theirs = rs.view(s, 1)["pending"]
    assert mine["drawn"] == ["STAR-10", "STAR-17"]
    assert "drawn" not in theirs and "options" not in theirs
    for v in (rs.view(s, 1), rs.view(s, None)):
        text = str(v)
        assert "STAR-10" not in text and "STAR-17" not in text


def test_net_genre_17_telly_time_is_the_option_for_the_grid() -> None:
    """NET-GENRE-17: the personal Genre Grid comes with the Telly Time option (its rules are tested in
    test_telly_time.py); there is no separate grid option."""
    assert NetworksRuleset().validate_options({"telly_time": True}, 2)["telly_time"] is True
    with pytest.raises(ValueError):
        NetworksRuleset().validate_options({"genre_grid": True}, 2)
