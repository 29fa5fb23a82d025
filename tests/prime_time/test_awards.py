"""PT-AWARD and PT-BRD: the Awards Ceremony and the Boardroom cards (000, 3; Boardroom Cards)."""

from __future__ import annotations

from primetime.games.prime_time.rules.after_ratings import cancellations
from primetime.games.prime_time.rules.awards import awards, boardroom_vp, hot_behind, split_places
from primetime.games.prime_time.rules.flow import step_post
from primetime.games.prime_time.rules.income import clean_up, next_round
from primetime.games.prime_time.state import PTState

from .helpers import (
    ALEX,
    BRIDGET,
    CAT,
    CHARLOTTE,
    DAVE,
    FRI,
    MON,
    THU,
    TUE,
    WED,
    cid,
    clear_cubes,
    clear_guides,
    clear_hands,
    copies,
    put,
    started,
    to_hand,
)

HOT, TALENTS_SRC, BEST, VARIETY, BOARD, BONDS = 1, 2, 3, 4, 5, 6


def blank(n: int = 4, **kw: object) -> PTState:
    s = started(n, 1, **kw)
    clear_guides(s)
    clear_hands(s)
    clear_cubes(s)
    s.order = list(range(n))
    s.round = 3
    return s


def br(name: str) -> int:
    return next(i for i, b in enumerate(CAT.boardroom) if b.name == name)


def test_pt_award_01_only_in_rounds_3_and_6() -> None:
    """PT-AWARD-01: Only in rounds 3 and 6."""
    for rnd, expect in ((1, False), (2, False), (3, True), (4, False), (5, False), (6, True)):
        s = blank(2)
        s.players[ALEX].variety = 1
        s.variety -= 1
        s.round = rnd
        step_post(s)
        assert (s.players[ALEX].vp_src[VARIETY] == 1) == expect, rnd


def test_pt_award_02_one_vp_per_player_behind() -> None:
    """PT-AWARD-02: One vp per player behind."""
    s = blank(4)
    for p, (hot, seq) in enumerate([(5, 1), (3, 2), (3, 3), (0, 0)]):
        s.players[p].hot, s.players[p].hot_seq = hot, seq
    assert [hot_behind(s, p) for p in range(4)] == [3, 2, 1, 0]
    awards(s)
    assert [pl.vp_src[HOT] for pl in s.players] == [3, 2, 1, 0]


def test_pt_award_03_two_player_hotter_show_two_vp() -> None:
    """PT-AWARD-03: Two player hotter show two vp."""
    s = blank(2)
    s.players[BRIDGET].hot, s.players[BRIDGET].hot_seq = 2, 1
    awards(s)
    assert s.players[BRIDGET].vp_src[HOT] == 2 and s.players[ALEX].vp_src[HOT] == 0


def test_pt_award_04_most_talents_per_show() -> None:
    """PT-AWARD-04: Most talents per show."""
    s = blank(3)
    put(s, ALEX, MON, "Home and Away", [copies("Luke Watcher")[0], copies("Aged Teens")[0], "Ivy Blackwood"])
    put(s, ALEX, TUE, "Amazon Run", ["Max Volume", "Milo Marsh"])
    put(s, BRIDGET, MON, "Space Quest", ["Crew of the Comet"])
    awards(s)
    assert s.players[ALEX].vp_src[TALENTS_SRC] == 3 + 2  # first and second place
    assert s.players[BRIDGET].vp_src[TALENTS_SRC] == 1


def test_pt_award_05_and_06_ties() -> None:
    """PT-AWARD-05, PT-AWARD-06: Ties."""
    assert split_places([2, 2], [3, 2, 1]) == [2, 2]  # (3 + 2) / 2
    assert split_places([4, 4, 4, 4], [3, 2, 1]) == [1, 1, 1, 1]  # (3 + 2 + 1) / 4
    assert split_places([5, 3, 3, 1], [3, 2, 1]) == [3, 1, 1, 0]  # (2 + 1) / 2, then 4th
    s = blank(4)  # two shows tie for most talents: 2 VP each
    put(s, ALEX, MON, "Home and Away", [copies("Luke Watcher")[0], copies("Aged Teens")[0]])
    put(s, BRIDGET, MON, "Space Quest", ["Crew of the Comet", "Orson Quill"])
    put(s, CHARLOTTE, MON, "Amazon Run", ["Max Volume"])
    awards(s)
    assert [pl.vp_src[TALENTS_SRC] for pl in s.players] == [2, 2, 1, 0]


def test_pt_award_07_best_show_by_primary_potential() -> None:
    """PT-AWARD-07: Best show by primary potential."""
    s = blank(4)
    put(s, ALEX, MON, "Home and Away", [copies("Luke Watcher")[0], copies("Aged Teens")[0]])  # 3
    put(s, ALEX, TUE, "Space Quest")  # 1 (not Alex's best)
    put(s, BRIDGET, MON, "Starlight Frontier")  # 1
    put(s, CHARLOTTE, MON, "Dream House Makeover")  # 0
    put(s, DAVE, MON, "Kitchen Clash", ["Max Volume"])  # 1 + 1 + 1 = 3
    awards(s)
    # Alex and Dave tie for best (3+2)/2 = 2; Bridget 3rd = 1; Charlotte 4th = 0
    assert [pl.vp_src[BEST] for pl in s.players] == [2, 1, 0, 2]


def test_pt_award_08_variety_tokens() -> None:
    """PT-AWARD-08: Variety tokens."""
    s = blank(3)
    s.players[CHARLOTTE].variety = 3
    s.variety -= 3
    awards(s)
    assert s.players[CHARLOTTE].vp_src[VARIETY] == 3


def test_pt_award_09_three_boardroom_cards_scored() -> None:
    """PT-AWARD-09: Three boardroom cards scored."""
    s = blank(2)
    s.br_up = [br("Market Trends (1)"), br("More Clients"), br("Single Show Frenzy")]
    put(s, ALEX, MON, "The Cubicle Crew")  # comedy: 3
    put(s, ALEX, TUE, "rerun")
    put(s, ALEX, WED, "Late Check-Out")  # single shows: 2 -> 1
    s.players[ALEX].clients = [s.client_pile.pop()]  # 1 client: 2
    awards(s)
    assert s.players[ALEX].vp_src[BOARD] == 3 + 2 + 1


def test_pt_award_10_canceled_and_face_down_count_for_nothing() -> None:
    """PT-AWARD-10: Canceled and face down count for nothing."""
    s = blank(2)
    put(s, ALEX, MON, "Home and Away", [copies("Luke Watcher")[0]])
    cancellations(s)  # no cubes at all
    awards(s)
    assert s.players[ALEX].vp_src[TALENTS_SRC] == 0 and s.players[ALEX].vp_src[BEST] == 0


def test_pt_award_11_no_talents_no_place_no_show_no_entry() -> None:
    """PT-AWARD-11: No talents no place no show no entry."""
    s = blank(3)
    put(s, ALEX, MON, "Home and Away")
    put(s, BRIDGET, MON, "rerun")
    awards(s)
    assert s.players[ALEX].vp_src[TALENTS_SRC] == 0
    assert s.players[ALEX].vp_src[BEST] == 3 and s.players[BRIDGET].vp_src[BEST] == 0
    assert s.players[CHARLOTTE].vp_src[BEST] == 0


def test_pt_award_12_bonds_minus_one_per_certificate() -> None:
    """PT-AWARD-12: Bonds minus one per certificate."""
    s = blank(2, bonds=True)
    s.players[ALEX].bonds = [10, 5]
    awards(s)
    assert s.players[ALEX].vp_src[BONDS] == -2


def test_pt_award_13_vp_beyond_50() -> None:
    """PT-AWARD-13: Vp beyond 50."""
    s = blank(2)
    s.players[ALEX].vp = 49
    s.players[ALEX].variety = 5
    s.variety -= 5
    awards(s)
    assert s.players[ALEX].vp >= 54


# ----------------------------------------------------------------------------- boardroom


def test_pt_brd_01_scored_each_ceremony_replaced_after_round_3() -> None:
    """PT-BRD-01: Scored each ceremony replaced after round 3."""
    s = blank(3)
    up = list(s.br_up)
    clean_up(s)
    next_round(s)
    assert all(b in s.br_disc for b in up) and all(b >= 0 and b not in up for b in s.br_up)


def test_pt_brd_02_tie_split_rounds_down() -> None:
    """PT-BRD-02: Tie split rounds down."""
    assert split_places([7, 7, 7], [5, 3, 1]) == [3, 3, 3]
    assert split_places([7, 7, 1], [5, 3, 1]) == [4, 4, 1]


def _market(name: str, genres_on_guide: list[str]) -> int:
    s = blank(2)
    pick = {"comedy": "The Cubicle Crew", "reality": "Amazon Run", "drama": "Home and Away",
            "scifi": "Space Quest", "action": "Steel Pursuit"}
    for d, g in enumerate(genres_on_guide):
        put(s, ALEX, d, pick[g])
    return boardroom_vp(s, br(name))[ALEX]


def test_pt_brd_03_market_trends_1() -> None:
    """PT-BRD-03: Market trends 1."""
    assert _market("Market Trends (1)", ["comedy", "reality", "drama"]) == 6
    assert _market("Market Trends (1)", ["reality"]) == 2
    assert _market("Market Trends (1)", ["scifi", "action"]) == 0


def test_pt_brd_04_market_trends_2() -> None:
    """PT-BRD-04: Market trends 2."""
    assert _market("Market Trends (2)", ["reality", "scifi", "action"]) == 6
    assert _market("Market Trends (2)", ["scifi"]) == 2


def test_pt_brd_05_market_trends_3() -> None:
    """PT-BRD-05: Market trends 3."""
    assert _market("Market Trends (3)", ["scifi", "action", "reality"]) == 6
    assert _market("Market Trends (3)", ["action", "drama"]) == 2


def test_pt_brd_06_market_trends_4() -> None:
    """PT-BRD-06: Market trends 4."""
    assert _market("Market Trends (4)", ["drama", "action", "comedy"]) == 6
    assert _market("Market Trends (4)", ["comedy"]) == 1


def cash4(*amounts: int) -> PTState:
    s = blank(4)
    for p, a in enumerate(amounts):
        s.players[p].cash = a
    return s


def test_pt_brd_07_max_cash() -> None:
    """PT-BRD-07: Max cash."""
    s = cash4(9, 3, 6, 0)
    assert boardroom_vp(s, br("Max $")) == [5, 1, 3, 0]


def test_pt_brd_08_max_cash_example() -> None:
    """PT-BRD-08: Dave $7, Charlotte and Bridget $5, Alex $1: Dave 5, Charlotte and Bridget 2 each, Alex 0."""
    s = cash4(1, 5, 5, 7)
    assert boardroom_vp(s, br("Max $")) == [0, 2, 2, 5]


def test_pt_brd_09_min_cash() -> None:
    """PT-BRD-09: Min cash."""
    s = cash4(9, 3, 6, 0)
    assert boardroom_vp(s, br("Min $")) == [0, 3, 1, 5]


def test_pt_brd_10_min_reruns() -> None:
    """PT-BRD-10: Min reruns."""
    s = blank(3)
    for p, k in enumerate((2, 0, 1)):
        s.players[p].reruns = k
        s.reruns -= k
    assert boardroom_vp(s, br("Min Re-runs")) == [1, 5, 3]


def test_pt_brd_11_min_reruns_example() -> None:
    """PT-BRD-11: Alex, Charlotte and Dave have no Re-runs, Bridget 2: 3 VP each, Bridget nothing."""
    s = blank(4)
    s.players[BRIDGET].reruns = 2
    s.reruns -= 2
    assert boardroom_vp(s, br("Min Re-runs")) == [3, 0, 3, 3]


def test_pt_brd_12_too_many_stars() -> None:
    """PT-BRD-12: Too many stars."""
    s = blank(4)
    no_star = next(c for c in range(CAT.n_shows, CAT.n_cards) if CAT.stars[c] == 0)
    one = [c for c in range(CAT.n_shows, CAT.n_cards) if CAT.stars[c] == 1]
    two = next(c for c in range(CAT.n_shows, CAT.n_cards) if CAT.stars[c] == 2)
    for p, cards in ((ALEX, [no_star]), (BRIDGET, [one[0]]), (CHARLOTTE, [two]), (DAVE, [two + 1 if CAT.stars[two + 1] else one[1], one[2]])):
        for c in cards:
            to_hand(s, p, c)
            s.players[p].talents.remove(c)
            s.players[p].facedown.append(c)
    stars = [sum(CAT.stars[c] for c in pl.facedown) for pl in s.players]
    expect = [{0: 0, 1: 1, 2: 3}.get(k, 5) for k in stars]
    assert stars[:3] == [0, 1, 2] and stars[3] >= 2
    assert boardroom_vp(s, br("Too Many Stars")) == expect


def test_pt_brd_13_more_clients() -> None:
    """PT-BRD-13: More clients."""
    s = blank(3)
    for p, k in ((ALEX, 0), (BRIDGET, 1), (CHARLOTTE, 3)):
        for _ in range(k):
            s.players[p].clients.append(s.client_pile.pop())
    assert boardroom_vp(s, br("More Clients")) == [0, 2, 5]


def test_pt_brd_14_most_stars_on_the_guide() -> None:
    """PT-BRD-14: Most stars on the guide."""
    s = blank(3)
    put(s, ALEX, MON, "Home and Away", [copies("Luke Watcher")[0]])  # 1
    put(s, BRIDGET, MON, "Kitchen Clash", ["Gloria Goldmine"])  # 1 + 2
    put(s, CHARLOTTE, MON, "Dream House Makeover")  # 0
    to_hand(s, CHARLOTTE, "Rex Thunder")  # stars in hand do not count
    assert boardroom_vp(s, br("Most Stars")) == [3, 5, 1]


def test_pt_brd_15_min_bonds() -> None:
    """PT-BRD-15: Min bonds."""
    s = blank(2, bonds=True)
    s.players[ALEX].bonds = [5]
    assert boardroom_vp(s, br("Min Bonds")) == [3, 5]


def test_pt_brd_16_min_bonds_example() -> None:
    """PT-BRD-16: Charlotte and Dave no bonds, Alex $5, Bridget $10: 4, 4, 1 and 0."""
    s = blank(4, bonds=True)
    s.players[ALEX].bonds = [5]
    s.players[BRIDGET].bonds = [10]
    assert boardroom_vp(s, br("Min Bonds")) == [1, 0, 4, 4]


def test_pt_brd_17_single_show_frenzy_reruns_count() -> None:
    """PT-BRD-17: Single show frenzy reruns count."""
    singles = [c for c in range(CAT.n_shows) if CAT.dur[c] == 2]
    s = blank(4)
    put(s, ALEX, MON, singles[0])
    put(s, BRIDGET, MON, singles[1])
    put(s, BRIDGET, TUE, "rerun")
    put(s, CHARLOTTE, MON, singles[2])
    put(s, CHARLOTTE, TUE, "rerun")
    put(s, CHARLOTTE, WED, singles[3])
    for d in (MON, TUE, WED, THU, FRI):
        put(s, DAVE, d, "rerun")
    assert boardroom_vp(s, br("Single Show Frenzy")) == [0, 1, 2, 3]


def test_pt_brd_18_guide_shows_and_cash_on_hand() -> None:
    """PT-BRD-18: Guide shows and cash on hand."""
    s = blank(2)
    to_hand(s, ALEX, "The Cubicle Crew")  # in hand: does not count for Market Trends
    assert boardroom_vp(s, br("Market Trends (1)"))[ALEX] == 0
    s.players[ALEX].cash, s.players[BRIDGET].cash = 3, 4
    s.bids[0][0] = [(ALEX, 10)]  # money lying on a bid is spent, not on hand
    assert boardroom_vp(s, br("Max $")) == [3, 5]


def test_pt_brd_19_zero_values_rank_on_min_cards() -> None:
    """PT-BRD-19: Zero values rank on min cards."""
    s = blank(3)
    s.players[ALEX].cash = 0
    s.players[BRIDGET].cash = 0
    s.players[CHARLOTTE].cash = 4
    assert boardroom_vp(s, br("Min $")) == [4, 4, 1]
    assert cid("Home and Away") >= 0
