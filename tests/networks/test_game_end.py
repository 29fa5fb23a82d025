"""NET-END: game end and final scoring."""

from __future__ import annotations

from primetime.games.networks.rules import round_end as RE
from primetime.games.networks.rules import values as V

from .helpers import (
    DAY,
    LATE,
    PRIME,
    choose,
    cid,
    empty_lineup,
    play_out_turns,
    put_show,
    scenario,
    to_discard,
    to_green,
    to_reruns,
)


def last_round(n: int = 2, **kw):
    s = scenario(n, **kw)
    s.round = 4
    for pl in s.players:
        pl.scores = [0, 0, 0]
    return s


def test_net_end_01_final_scoring_after_round_four() -> None:
    """NET-END-01: Final scoring after round four."""
    s = last_round(2)
    choose(s, "pass:cash")
    assert s.final is None
    choose(s, "pass:cash")
    assert s.phase == "over" and s.final is not None
    assert all(len(pl.scores) == 4 for pl in s.players)


def test_net_end_02_genre_values() -> None:
    """NET-END-02: Genre values."""
    s = scenario(2)
    s.players[0].genre = [1, 2, 3, 4, 5, 0]
    assert RE.end_bonuses(s, 0)["genres"] == 1 + 3 + 6 + 10 + 15


def test_net_end_03_reruns_including_round_four_aging_and_rerun_guy() -> None:
    """NET-END-03: Reruns including round four aging and rerun guy."""
    s = last_round(2)
    empty_lineup(s, 0)
    put_show(s, 0, DAY, "SportsEdges", row=3, atts=["Rerun Guy"])
    to_reruns(s, 0, "Dawson's Reek")
    choose(s, "pass:cash")
    choose(s, "pass:cash")
    pl = s.players[0]
    assert cid("SportsEdges") in pl.reruns and cid("Rerun Guy") in pl.reruns
    assert s.final["players"][0]["reruns"] == 3 + 3 + 2


def test_net_end_04_game_end_cards_in_green_room_only() -> None:
    """NET-END-04: Game end cards in green room only."""
    s = scenario(2)
    to_green(s, 0, "Cult Following", "Spinoff", "On-Set Accommodations")
    to_discard(s, "Awards Campaign")
    assert RE.end_bonuses(s, 0)["network"] == 5


def test_net_end_05_one_viewer_per_three_cash() -> None:
    """NET-END-05: One viewer per three cash."""
    s = scenario(2)
    for cash, v in ((0, 0), (2, 0), (3, 1), (8, 2), (17, 5)):
        s.players[0].cash = cash
        assert RE.end_bonuses(s, 0)["cash"] == v


def test_net_end_06_total_and_shared_victory() -> None:
    """NET-END-06: Total and shared victory."""
    s = last_round(2, cash=9)
    for p in (0, 1):
        empty_lineup(s, p)
    s.players[0].scores = [10, 10, 10]
    s.players[1].scores = [10, 10, 12]
    choose(s, "pass:viewers")  # player 0: 4 viewers, keeps $9M -> 3
    choose(s, "pass:cash")  # player 1: the last column's $7M -> $16M -> 5
    assert s.setup.pass_track[-1].cash == 7
    rows = s.final["players"]
    assert [r["total"] for r in rows] == [30 + 4 + 3, 32 + 0 + 5]
    assert all(r["total"] == r["rounds_total"] + r["bonus_total"] for r in rows)
    assert s.final["winners"] == [0, 1]  # a tie shares the victory


def test_net_end_07_millie_161() -> None:
    """NET-END-07: Rulebook example: rounds 23+32+38+36 = 129; Genres 10 + Reruns 6 + Network 14 + Cash 2 = 32."""
    s = last_round(2, cash=[7, 20], first=0)
    millie = s.players[0]
    assert millie.network == "Galaxy"
    millie.scores = [23, 32, 38]
    # Round 4 lineup: 22 + 9 + 1 viewers, upkeep $7M income against $7M expenses.
    put_show(s, 0, PRIME, "Throne of Games", row=1, atts=["Brock Hardjaw", "Hunter Handsome", "Crunchables Cereal"])
    put_show(s, 0, DAY, "SportsEdges", row=1, atts=["Gatorpade"])
    put_show(s, 0, LATE, "Moonbase Motel", row=3, atts=["Snackwave Chips"])  # ages off into reruns
    to_reruns(s, 0, "Dawson's Reek", "Flounder Tank")  # 3 + 2, plus Moonbase Motel's 1
    millie.genre = [0, 0, 0, 4, 0, 0]  # Reality on space 4: 10
    to_green(s, 0, "Awards Campaign", "Media Empire", "Broad Appeal")  # 8 + 2*2 + 2*1
    assert V.upkeep_net(s, 0) == 0
    choose(s, "pass:viewers")  # 4 viewers
    choose(s, "pass:cash")
    row = s.final["players"][0]
    assert row["rounds"] == [23, 32, 38, 36] and row["rounds_total"] == 129
    assert (row["genres"], row["reruns"], row["network"], row["cash"]) == (10, 6, 14, 2)
    assert row["bonus_total"] == 32 and row["total"] == 161


def test_net_end_final_scores_via_ruleset() -> None:
    """NET-END-06: the facade reports the final totals."""
    from primetime.games.networks.ruleset import NetworksRuleset

    s = last_round(2)
    play_out_turns(s)
    assert NetworksRuleset().scores(s) == [r["total"] for r in s.final["players"]]
