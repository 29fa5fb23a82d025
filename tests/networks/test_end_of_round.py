"""NET-EOR: end of round (upkeep, scoring, aging, turn order, display)."""

from __future__ import annotations

from primetime.games.networks.rules import flow as F
from primetime.games.networks.rules import round_end as RE
from primetime.games.networks.rules import values as V

from .helpers import (
    DAY,
    LATE,
    PRIME,
    SHOW,
    choose,
    cid,
    empty_lineup,
    play_out_turns,
    produce,
    put_show,
    scenario,
    to_display,
    to_green,
    top,
)


def taio_lineup(s, p: int) -> None:
    put_show(s, p, PRIME, "Throne of Games", row=1, atts=["Brock Hardjaw", "Hunter Handsome"])
    put_show(s, p, DAY, "SportsEdges", row=1, atts=["Gatorpade"])
    put_show(s, p, LATE, "Flounder Tank", row=1, atts=["Fizzy Pop", "Cloud Nine Mattresses"])


def test_net_eor_01_steps_in_order() -> None:
    """NET-EOR-01: Steps in order."""
    s = scenario(2, cash=[1, 20])
    # Player 0 cannot pay: the show canceled in upkeep scores nothing this round.
    put_show(s, 0, PRIME, "Throne of Games", atts=["Dame Prudence Oscarworth"])
    # A show on its last row still scores before it ages off.
    put_show(s, 0, DAY, "SportsEdges", row=3)
    empty_lineup(s, 1)
    put_show(s, 1, DAY, "Knight Rodent", row=3)
    leftover = to_display(s, "MegaMart")
    choose(s, "pass:viewers")  # player 0: 4 viewers, no cash
    choose(s, "pass:cash")
    assert top(s) == ("upkeep_cancel", 0)
    choose(s, f"cancel:{PRIME}")
    assert s.players[0].scores == [3 + 3 + 4]  # SportsEdges row 4 + Moonbase Motel + pass
    assert s.players[1].scores == [2]
    assert s.players[0].lineup[DAY] is None and cid("SportsEdges") in s.players[0].reruns
    assert s.players[0].pass_col == -1 and s.pass_order == []  # pass track cleared
    assert s.order == [1, 0]  # 1st player token passed on
    assert leftover[0] in s.discards[2] and len(s.display[SHOW]) == s.setup.display.show  # new display
    assert s.round == 2 and top(s) == ("turn", 1, 0)


def test_net_eor_02_upkeep_gain_or_pay() -> None:
    """NET-EOR-02: Upkeep gain or pay."""
    s = scenario(2, cash=10)
    empty_lineup(s, 0)
    put_show(s, 0, DAY, "Flounder Tank", atts=["Crunchables Cereal", "Sudsy Detergent"])  # +6 -1
    empty_lineup(s, 1)
    put_show(s, 1, PRIME, "Throne of Games", atts=["Dame Prudence Oscarworth"])  # -6
    RE.eor_upkeep(s, 0)
    RE.eor_upkeep(s, 1)
    assert s.players[0].cash == 15 and s.players[1].cash == 4


def test_net_eor_03_green_room_ignored() -> None:
    """NET-EOR-03: Green room ignored."""
    s = scenario(2, cash=10)
    empty_lineup(s, 0)
    to_green(s, 0, "Dame Prudence Oscarworth", "Crunchables Cereal")
    RE.eor_upkeep(s, 0)
    assert s.players[0].cash == 10


def test_net_eor_04_cancel_until_payable() -> None:
    """NET-EOR-04: Cancel until payable."""
    s = scenario(2, cash=[0, 20])
    put_show(s, 0, PRIME, "Throne of Games", atts=["Dame Prudence Oscarworth"])  # -6
    put_show(s, 0, DAY, "SportsEdges")  # -1
    put_show(s, 0, LATE, "Moonbase Motel", atts=["Fizzy Pop"])  # +2
    choose(s, "pass:viewers")
    choose(s, "pass:cash")
    assert top(s) == ("upkeep_cancel", 0) and F.legal(s) == ["cancel:0", "cancel:1", "cancel:2"]
    choose(s, "cancel:0")  # AMB-21: any show may be chosen; still -6 + 2 = -4
    assert top(s) == ("upkeep_cancel", 0) and F.legal(s) == ["cancel:1", "cancel:2"]
    choose(s, "cancel:1")
    assert s.players[0].cash == 2 and s.players[0].lineup[LATE] is not None


def test_net_eor_04_no_shows_left_pays_nothing() -> None:
    """NET-EOR-04: No shows left pays nothing."""
    s = scenario(2, cash=[0, 20])
    empty_lineup(s, 0)
    put_show(s, 0, PRIME, "Throne of Games")
    choose(s, "pass:viewers")
    choose(s, "pass:cash")
    choose(s, "cancel:1")
    assert s.players[0].cash == 0 and s.players[0].lineup == [None, None, None]
    assert s.round == 2


def test_net_eor_05_upkeep_cancel_scores_zero_and_goes_to_reruns() -> None:
    """NET-EOR-05: Upkeep cancel scores zero and goes to reruns."""
    s = scenario(2, cash=[0, 20])
    empty_lineup(s, 0)
    put_show(s, 0, PRIME, "Throne of Games", row=1, atts=["Hunter Handsome", "Fizzy Pop"])
    choose(s, "pass:cash")  # +$8M pays the $4M upkeep
    choose(s, "pass:cash")
    assert s.players[0].scores == [13 + 5]
    s2 = scenario(2, cash=[0, 20])
    empty_lineup(s2, 0)
    put_show(s2, 0, PRIME, "Throne of Games", row=1, atts=["Hunter Handsome", "Fizzy Pop"])
    choose(s2, "pass:viewers")
    choose(s2, "pass:cash")
    choose(s2, "cancel:1")
    assert s2.players[0].scores == [4]
    assert cid("Throne of Games") in s2.players[0].reruns
    assert cid("Hunter Handsome") in s2.discards[1] and cid("Fizzy Pop") in s2.discards[2]


def test_net_eor_06_no_cancel_choice_when_payable() -> None:
    """NET-EOR-06: No cancel choice when payable."""
    s = scenario(2, cash=[6, 20])
    empty_lineup(s, 0)
    put_show(s, 0, PRIME, "Throne of Games", atts=["Dame Prudence Oscarworth"])
    choose(s, "pass:viewers")
    choose(s, "pass:cash")
    assert s.round == 2 and s.players[0].cash == 0


def test_net_eor_07_round_score_lineup_plus_pass() -> None:
    """NET-EOR-07: Round score lineup plus pass."""
    s = scenario(2, cash=20)
    lineup = V.forecast(s, 0)["lineup_viewers"]
    choose(s, "pass:viewers")
    choose(s, "pass:cash")
    assert s.players[0].scores == [lineup + 4]


def test_net_eor_08_taio_upkeep_and_score_40() -> None:
    """NET-EOR-08: Rulebook example: $7M income vs $8M expenses, pays $1M; 22 + 9 + 6 + 3 = 40 viewers."""
    s = scenario(3, cash=10, first=0)
    taio = 1
    taio_lineup(s, taio)
    shows = V.forecast(s, taio)["shows"]
    assert [x["viewers"] for x in shows] == [9, 22, 6]
    assert sum(x["income"] for x in shows) == 7 and sum(x["expenses"] for x in shows) == 8
    choose(s, "pass:cash")  # the 1st player passes
    choose(s, "pass:viewers")  # Taio is 2nd: 3 viewers instead of $6M
    choose(s, "pass:cash")
    assert s.players[taio].cash == 10 - 1
    assert s.players[taio].scores == [22 + 9 + 6 + 3] == [40]


def test_net_eor_09_age_shows_and_cancel_off_bottom() -> None:
    """NET-EOR-09: Age shows and cancel off bottom."""
    s = scenario(2)
    put_show(s, 0, PRIME, "Throne of Games", row=2, atts=["Fizzy Pop"])
    put_show(s, 0, DAY, "SportsEdges", row=3, atts=["Gatorpade"])
    play_out_turns(s)
    assert s.players[0].lineup[PRIME].row == 3
    assert s.players[0].lineup[DAY] is None and cid("Gatorpade") in s.discards[2]


def test_net_eor_10_genre_check_is_a_no_op() -> None:
    """NET-EOR-10: Genre check is a no op."""
    s = scenario(2)
    (show,) = to_display(s, "Star Trucks")
    produce(s, show, slot=LATE)
    g = list(s.players[0].genre)
    play_out_turns(s)
    assert s.players[0].genre == g


def test_net_eor_11_pass_track_cleared() -> None:
    """NET-EOR-11: Pass track cleared."""
    s = scenario(3)
    for _ in range(3):
        choose(s, F.legal(s)[-1])
    assert s.round == 2 and s.pass_order == []
    assert all(pl.pass_col == -1 and pl.pass_viewers == 0 for pl in s.players)


def test_net_eor_12_first_player_moves_clockwise() -> None:
    """NET-EOR-12: First player moves clockwise."""
    s = scenario(3, first=2)
    orders = []
    for _ in range(3):
        orders.append(list(s.order))
        play_out_turns(s)
    assert orders == [[2, 0, 1], [0, 1, 2], [1, 2, 0]]


def test_net_eor_13_display_refreshed() -> None:
    """NET-EOR-13: Display refreshed."""
    s = scenario(2)
    old = to_display(s, "Star Trucks", "MegaMart")
    play_out_turns(s)
    assert all(c not in d for c in old for d in s.display)
    d = s.setup.display
    assert [len(x) for x in s.display] == [d.show, d.star, d.ad, d.network]


def test_net_eor_14_round_four_ends_after_aging() -> None:
    """NET-EOR-14: Round four ends after aging."""
    s = scenario(2)
    for _ in range(3):
        play_out_turns(s)
    assert s.round == 4
    left = [list(d) for d in s.display]
    put_show(s, 0, DAY, "SportsEdges", row=3)
    play_out_turns(s)
    assert s.phase == "over" and s.round == 4 and s.stack == []
    assert [list(d) for d in s.display] == left  # no new display
    assert cid("SportsEdges") in s.players[0].reruns  # aging still ran
    assert s.final is not None


def test_net_eor_15_choices_in_turn_order() -> None:
    """NET-EOR-15: Choices in turn order."""
    s = scenario(2, cash=0, first=1)
    for p in (0, 1):
        empty_lineup(s, p)
    # $8M of expenses: more than the last pass column's cash
    put_show(s, 0, PRIME, "Throne of Games", atts=["Dame Prudence Oscarworth", "Hunter Handsome"])
    put_show(s, 1, PRIME, "Slam Dunkirk")
    choose(s, "pass:viewers")
    choose(s, "pass:cash")
    assert top(s) == ("upkeep_cancel", 1)  # player 1 holds the 1st-player token
    choose(s, "cancel:1")
    assert top(s) == ("upkeep_cancel", 0)


def test_net_eor_16_round_end_runs_automatically() -> None:
    """NET-EOR-16: Round end runs automatically."""
    s = scenario(2, cash=20)
    choose(s, "pass:cash")
    choose(s, "pass:cash")
    assert s.round == 2 and top(s) == ("turn", 1, 0) and s.phase == "play"
