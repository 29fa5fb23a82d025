"""PT-AMB and PT-HINT: how the engine settles the rulebook's open points, and its tips.

Each resolution is the checklist's proposal unless docs/prime-time-design.md says otherwise.
"""

from __future__ import annotations

from primetime.games.prime_time.rules.after_ratings import award_clients, award_variety, cancellations, completion_day, update_hotness
from primetime.games.prime_time.rules.awards import awards, boardroom_vp, hot_behind
from primetime.games.prime_time.rules.core import rules
from primetime.games.prime_time.rules.game_end import final_scoring, guide_value
from primetime.games.prime_time.rules.income import clean_up, income, next_round
from primetime.games.prime_time.rules.money import bond_issue, pay
from primetime.games.prime_time.rules.ratings import potential
from primetime.games.prime_time.rules.setup import fill_spaces
from primetime.games.prime_time.ruleset import PrimeTimeRuleset
from primetime.games.prime_time.state import PTState

from .helpers import (
    ALEX,
    BRIDGET,
    CAT,
    CHARLOTTE,
    DAVE,
    MON,
    SHOWS,
    TALENTS,
    THU,
    TUE,
    WED,
    assert_conserved,
    at_placement,
    cash,
    choose,
    cid,
    clear_cubes,
    clear_guides,
    clear_hands,
    client_on_board,
    copies,
    fresh,
    ident,
    legal,
    put,
    run_steps,
    set_pool,
    started,
    take_out,
    to_hand,
    to_space,
    top,
)

LUKE, AGED = copies("Luke Watcher")[0], copies("Aged Teens")[0]


def blank(n: int = 3, **kw: object) -> PTState:
    s = started(n, 1, **kw)
    clear_guides(s)
    clear_hands(s)
    clear_cubes(s)
    s.order = list(range(n))
    return s


def amazon(n: int = 4, tokens: int = 1, money: int = 20, **kw: object) -> PTState:
    s = started(n, 1, **kw)
    to_space(s, SHOWS, 0, "Amazon Run")
    clear_hands(s)
    cash(s, *[money] * n)
    at_placement(s, *range(n), tokens=tokens)
    return s


def test_pt_amb_01_bonus_by_position_first_n_values() -> None:
    """PT-AMB-01: Bonus by position first n values."""
    assert rules(fresh(2)).bonus == [0, 1] and rules(fresh(3)).bonus == [0, 1, 3]
    assert rules(fresh(4)).bonus == [0, 1, 3, 5]


def test_pt_amb_02_rating_and_hotness_are_one_track() -> None:
    """PT-AMB-02: Rating and hotness are one track."""
    s = fresh(3)
    assert all(pl.hot == 0 and pl.hot_seq == 0 for pl in s.players)
    assert "hotness" in PrimeTimeRuleset().view(s, None)["players"][0]


def test_pt_amb_03_brown_read_as_orange() -> None:
    """PT-AMB-03: Brown read as orange."""
    k = next(c for c in CAT.clients if c.name == "Krunchy Flakes")
    assert "brown" not in k.needs and k.needs["orange"] == 4


def test_pt_amb_04_show_stars_default_zero() -> None:
    """PT-AMB-04: Show stars default zero."""
    from primetime.games.prime_time.cards import ShowDef

    assert ShowDef.__struct_defaults__[-2:] == (0, "")  # stars = 0, text = ""
    assert CAT.stars[cid("Home and Away")] == 0 and CAT.stars[cid("Space Quest")] == 1


def test_pt_amb_05_rd_any_number_of_players_one_each() -> None:
    """PT-AMB-05: Rd any number of players one each."""
    s = amazon(tokens=2)
    for _ in range(4):
        choose(s, "rd")
    assert s.rd == [0, 1, 2, 3] and "rd" not in legal(s)


def test_pt_amb_06_bid_any_amount_in_range() -> None:
    """PT-AMB-06: Bid any amount in range."""
    s = amazon()
    choose(s, "bid:show:0")
    assert legal(s) == [f"amt:{v}" for v in range(8, 17)]


def test_pt_amb_07_may_rebid_after_being_outbid() -> None:
    """PT-AMB-07: May rebid after being outbid."""
    s = amazon(n=2, tokens=2)
    choose(s, "bid:show:0")
    choose(s, "amt:8")
    choose(s, "bid:show:0")
    choose(s, "amt:9")
    assert "bid:show:0" in legal(s)  # Alex was outbid; a third space is free
    choose(s, "bid:show:0")
    assert legal(s)[0] == "amt:10"


def test_pt_amb_08_outbid_order_card_order_then_highest_bid() -> None:
    """PT-AMB-08: Outbid order card order then highest bid."""
    s = amazon(money=40, tokens=1)
    silver = next(i for i, c in enumerate(s.spaces[SHOWS]) if c >= 0 and CAT.tier[c] == 0)
    choose(s, f"bid:show:{silver}")  # Alex on a silver show (later on the board)
    choose(s, f"amt:{CAT.min_bid[s.spaces[SHOWS][silver]]}")
    choose(s, f"bid:show:{silver}")  # Bridget outbids Alex
    choose(s, f"amt:{CAT.min_bid[s.spaces[SHOWS][silver]] + 1}")
    choose(s, "bid:show:0")  # Charlotte on Amazon Run
    choose(s, "amt:8")
    choose(s, "bid:show:0")  # Dave outbids Charlotte
    choose(s, "amt:9")
    assert top(s)[:2] == ("outbid", CHARLOTTE)  # Amazon Run is further left
    choose(s, "none")
    assert top(s)[:2] == ("outbid", ALEX)


def test_pt_amb_09_rd_from_an_outbid_token_goes_on_top() -> None:
    """PT-AMB-09: Rd from an outbid token goes on top."""
    s = amazon(tokens=1)
    choose(s, "rd")
    choose(s, "bid:show:0")
    choose(s, "amt:8")
    choose(s, "bid:show:0")
    choose(s, "amt:9")
    choose(s, "golf")
    assert top(s)[:2] == ("outbid", BRIDGET)
    choose(s, "rd")
    assert s.rd == [ALEX, BRIDGET] and s.order[:2] == [BRIDGET, ALEX] and s.players[BRIDGET].cash == 19


def test_pt_amb_10_remaining_cards_exclude_won_and_bought() -> None:
    """PT-AMB-10: Remaining cards exclude won and bought."""
    s = amazon(money=40, tokens=1)
    choose(s, "bid:show:0")
    choose(s, "amt:8")
    choose(s, "bid:show:0")
    choose(s, "amt:9")
    choose(s, "bid:show:0")
    choose(s, "amt:10")
    choose(s, "golf")
    assert "buy:show:0" not in legal(s)  # Amazon Run was won
    first = next(k for k in legal(s) if k.startswith("buy:"))
    choose(s, first)
    assert first not in legal(s)  # bought by the earlier outbid token


def test_pt_amb_11_cubes_from_the_days_pool_only() -> None:
    """PT-AMB-11: Cubes from the days pool only."""
    s = blank(2)
    put(s, ALEX, TUE, "rerun")
    set_pool(s, MON, "pink")
    set_pool(s, TUE, "green")
    run_steps(s, ("day", TUE))
    assert legal(s) == ["cube:green:rerun:any", "pass"]


def test_pt_amb_12_primary_compulsory_remaining_optional() -> None:
    """PT-AMB-12: Primary compulsory remaining optional."""
    s = blank(2)
    put(s, ALEX, MON, "Space Quest")
    set_pool(s, MON, "blue", "pink")
    run_steps(s, ("day", MON))
    assert "pass" not in legal(s) and top(s)[3] == 1
    choose(s, legal(s)[0])
    assert "pass" in legal(s) and top(s)[3] == 0
    choose(s, "pass")
    assert not s.stack


def test_pt_amb_13_primary_cubes_on_any_card_of_the_day() -> None:
    """PT-AMB-13: Primary cubes on any card of the day."""
    s = blank(2)
    put(s, ALEX, MON, "Space Quest", [LUKE])  # potential from the stars, not from the show's genre
    set_pool(s, MON, "green")
    run_steps(s, ("day", MON))
    assert legal(s) == [f"cube:green:{CAT.ids[LUKE]}:green"] and top(s)[3] == 1


def test_pt_amb_14_cumulative_completion_and_shared_cubes() -> None:
    """PT-AMB-14: Cumulative completion and shared cubes."""
    s = blank(2)
    k = client_on_board(s, "Turbo Tyres")  # 3 orange
    z = client_on_board(s, "Zoom Motors")  # 2 orange + 2 blue
    put(s, ALEX, MON, "Border Hawks", cubes={"Border Hawks": [None, "orange"]})
    put(s, ALEX, WED, "Riverside Precinct", cubes={"Riverside Precinct": ["orange", "blue"]})
    put(s, ALEX, THU, "Deadline Zero", cubes={"Deadline Zero": ["orange", None, "blue"]})
    assert completion_day(s, ALEX, k) == THU and completion_day(s, ALEX, z) == THU
    award_clients(s)
    assert sorted(s.players[ALEX].clients) == sorted([k, z])  # the same orange cubes count twice


def test_pt_amb_15_variety_supply_limited() -> None:
    """PT-AMB-15: Variety supply limited."""
    s = blank(3)
    s.variety = 1
    for p in (ALEX, BRIDGET):
        for d, name in enumerate(["Space Quest", "Steel Pursuit", "Amazon Run", "The Cubicle Crew", "Home and Away"]
                                 if p == ALEX else ["Orbital Nine", "Code Crimson", "Kitchen Clash", "Dinner for Nine", "Harbour Lights"]):
            put(s, p, d, name)
    award_variety(s)
    assert (s.players[ALEX].variety, s.players[BRIDGET].variety, s.variety) == (1, 0, 0)


def test_pt_amb_16_variety_scores_at_every_ceremony() -> None:
    """PT-AMB-16: Variety scores at every ceremony."""
    s = blank(2)
    s.players[ALEX].variety = 1
    s.variety -= 1
    awards(s)
    awards(s)
    assert s.players[ALEX].vp_src[4] == 2


def test_pt_amb_17_same_space_in_one_round_earlier_player_lower() -> None:
    """PT-AMB-17: Same space in one round earlier player lower."""
    s = blank(2)
    s.order = [BRIDGET, ALEX]
    for p in (ALEX, BRIDGET):
        put(s, p, MON, "rerun", cubes={"rerun": ["pink"]})
    update_hotness(s)
    assert s.players[BRIDGET].hot_seq < s.players[ALEX].hot_seq and hot_behind(s, BRIDGET) == 1


def test_pt_amb_18_markers_on_zero_are_tied() -> None:
    """PT-AMB-18: Markers on zero are tied."""
    s = blank(3)
    assert [hot_behind(s, p) for p in range(3)] == [0, 0, 0]
    s.players[ALEX].hot, s.players[ALEX].hot_seq = 1, 1
    assert hot_behind(s, ALEX) == 2


def test_pt_amb_19_most_talents_ranked_per_show() -> None:
    """PT-AMB-19: Most talents ranked per show."""
    s = blank(2)
    put(s, ALEX, MON, "Home and Away", [LUKE, AGED])
    put(s, ALEX, TUE, "Amazon Run", ["Max Volume"])
    awards(s)
    assert s.players[ALEX].vp_src[2] == 3 + 2


def test_pt_amb_20_potential_zero_shows_may_place() -> None:
    """PT-AMB-20: Potential zero shows may place."""
    s = blank(2)
    put(s, ALEX, MON, "Dream House Makeover")
    awards(s)
    assert s.players[ALEX].vp_src[3] == 3 and s.players[BRIDGET].vp_src[3] == 0


def test_pt_amb_21_tied_shows_of_one_owner_split_per_show() -> None:
    """PT-AMB-21: Tied shows of one owner split per show."""
    s = blank(2)
    put(s, ALEX, MON, "Home and Away", [LUKE])
    put(s, ALEX, TUE, "Amazon Run", ["Max Volume"])
    put(s, BRIDGET, MON, "Space Quest", ["Crew of the Comet"])
    awards(s)
    # three shows tie for most: (3 + 2 + 1) / 3 = 2 each; Alex has two of them
    assert s.players[ALEX].vp_src[2] == 4 and s.players[BRIDGET].vp_src[2] == 2


def test_pt_amb_22_market_trends_counts_the_guide_only() -> None:
    """PT-AMB-22: Market trends counts the guide only."""
    s = blank(2)
    b = next(i for i, d in enumerate(CAT.boardroom) if d.name == "Market Trends (4)")
    to_hand(s, ALEX, "Home and Away")
    assert boardroom_vp(s, b)[ALEX] == 0
    put(s, ALEX, MON, "Home and Away")
    assert boardroom_vp(s, b)[ALEX] == 3


def test_pt_amb_23_cash_on_hand_including_bond_cash() -> None:
    """PT-AMB-23: Cash on hand including bond cash."""
    s = blank(2, bonds=True)
    b = next(i for i, d in enumerate(CAT.boardroom) if d.name == "Max $")
    cash(s, 0, 1)
    pay(s, ALEX, 3)  # issues a $5 bond: $2 on hand
    assert s.players[ALEX].cash == 2 and s.players[ALEX].bonds == [5]
    assert boardroom_vp(s, b) == [5, 3]


def test_pt_amb_24_loaned_talents_count_as_face_down() -> None:
    """PT-AMB-24: Loaned talents count as face down."""
    s = blank(2)
    b = next(i for i, d in enumerate(CAT.boardroom) if d.name == "Too Many Stars")
    to_hand(s, ALEX, "Gloria Goldmine")
    at_placement(s, ALEX, BRIDGET)
    choose(s, f"hr:{ident('Gloria Goldmine')}")
    assert boardroom_vp(s, b)[ALEX] == 3  # 2 stars


def test_pt_amb_25_min_reruns_counts_the_hand_only() -> None:
    """PT-AMB-25: Min reruns counts the hand only."""
    s = blank(2)
    b = next(i for i, d in enumerate(CAT.boardroom) if d.name == "Min Re-runs")
    put(s, ALEX, MON, "rerun")
    s.players[BRIDGET].reruns = 1
    s.reruns -= 1
    assert boardroom_vp(s, b) == [5, 3]


def test_pt_amb_26_boardroom_unchanged_in_two_player_games() -> None:
    """PT-AMB-26: Boardroom unchanged in two player games."""
    s = blank(2)
    b = next(i for i, d in enumerate(CAT.boardroom) if d.name == "Min $")
    cash(s, 1, 2)
    assert boardroom_vp(s, b) == [5, 3]


def test_pt_amb_27_bond_size() -> None:
    """PT-AMB-27: Bond size."""
    assert bond_issue([5, 10], 7) == [10] and bond_issue([5, 10], 12) == [10, 5]


def test_pt_amb_28_cash_vp_never_negative() -> None:
    """PT-AMB-28: Cash vp never negative."""
    s = blank(2, bonds=True)
    s.players[ALEX].cash, s.players[ALEX].bonds = 2, [10]
    final_scoring(s)
    assert s.final is not None and s.final["players"][ALEX]["cash"] == 0


def test_pt_amb_29_vp_may_go_negative() -> None:
    """PT-AMB-29: Vp may go negative."""
    s = blank(2, bonds=True)
    s.players[ALEX].bonds = [5, 5, 5]
    s.br_disc += s.br_up
    s.br_up = [-1, -1, -1]  # no Boardroom card left to score
    awards(s)
    assert s.players[ALEX].vp < 0 and PrimeTimeRuleset().view(s, None)["players"][ALEX]["vp"] < 0


def test_pt_amb_30_tiebreak_min_bids_reruns_zero() -> None:
    """PT-AMB-30: Tiebreak min bids reruns zero."""
    s = blank(2)
    put(s, ALEX, MON, "Home and Away", [LUKE])
    put(s, ALEX, TUE, "rerun")
    assert guide_value(s, ALEX) == CAT.min_bid[cid("Home and Away")] + CAT.min_bid[LUKE]


def test_pt_amb_31_no_voluntary_removal() -> None:
    """PT-AMB-31: No voluntary removal."""
    s = blank(2)
    for d in range(4):
        put(s, ALEX, d, ["Home and Away", "Amazon Run", "Space Quest", "Code Crimson"][d])
    to_hand(s, ALEX, "Steel Pursuit")
    run_steps(s, ("sched", ALEX, 0))
    assert not any(k.startswith("show:") for k in legal(s))
    assert all(k.split(":")[0] in ("move", "done") for k in legal(s))


def test_pt_amb_32_swap_moves_both_shows() -> None:
    """PT-AMB-32: Swap moves both shows."""
    s = blank(2)
    put(s, ALEX, MON, "Home and Away")
    put(s, ALEX, TUE, "Amazon Run")
    put(s, ALEX, WED, "Space Quest")
    run_steps(s, ("sched", ALEX, 0))
    choose(s, "move:mon:tue")
    g = s.players[ALEX].guide
    assert g[MON].show == cid("Amazon Run") and g[TUE].show == cid("Home and Away")  # type: ignore[union-attr]
    assert not any(k.startswith("move:") for k in legal(s))  # both count toward the 2


def test_pt_amb_33_reschedule_only_shows_already_on_the_guide() -> None:
    """PT-AMB-33: Reschedule only shows already on the guide."""
    s = blank(2)
    to_hand(s, ALEX, "Home and Away")
    run_steps(s, ("sched", ALEX, 0))
    choose(s, f"show:{ident('Home and Away')}:mon")
    assert not any(k.startswith("move:") for k in legal(s))


def test_pt_amb_34_season_end_after_refill() -> None:
    """PT-AMB-34: Season end after refill."""
    s = blank(3)
    s.round = 3
    mini = next(c for c in range(CAT.n_shows) if CAT.dur[c] == 1)
    put(s, ALEX, MON, mini)
    s.show_disc += s.show_deck
    s.show_deck = []
    clean_up(s)
    next_round(s)
    assert mini in s.show_disc and mini not in s.spaces[SHOWS]  # discarded after the refill
    assert_conserved(s)


def test_pt_amb_35_refill_stops_when_no_card_fits() -> None:
    """PT-AMB-35: Refill stops when no card fits."""
    s = blank(3)
    for kind in (SHOWS, TALENTS):
        for i, c in enumerate(s.spaces[kind]):
            if c >= 0:
                (s.show_disc if kind == SHOWS else s.tal_disc).append(c)
                s.spaces[kind][i] = -1
    golds = [c for c in s.show_deck + s.show_disc if CAT.tier[c] == 1]
    s.players[CHARLOTTE].shows += golds  # no Gold show left anywhere
    s.show_deck = [c for c in s.show_deck if c not in golds]
    s.show_disc = [c for c in s.show_disc if c not in golds]
    fill_spaces(s)
    R = rules(s)
    assert all((c >= 0) == (R.space_tier[SHOWS][i] == 0) for i, c in enumerate(s.spaces[SHOWS]))
    assert_conserved(s)


def test_pt_amb_36_starting_cash_not_negative() -> None:
    """PT-AMB-36: Starting cash not negative."""
    s = fresh(2)
    p = top(s)[1]
    exp = sorted(range(CAT.n_shows), key=lambda c: -CAT.min_bid[c])[:3]
    s.show_disc += s.players[p].offer
    s.players[p].offer = []
    for c in exp:
        take_out(s, c)
    s.players[p].offer = list(exp)
    saved = [CAT.min_bid[c] for c in exp]
    try:
        CAT.min_bid[exp[0]] = CAT.min_bid[exp[1]] = 16  # a card set where two shows cost $32
        choose(s, f"discard:{CAT.ids[exp[2]]}")
    finally:
        for c, v in zip(exp, saved, strict=True):
            CAT.min_bid[c] = v
    assert s.players[p].cash == rules(s).bonus[s.order.index(p)]  # $0 + the turn-order bonus


def test_pt_amb_37_two_player_refill_of_12() -> None:
    """PT-AMB-37: Two player refill of 12."""
    s = blank(2)
    s.round = 3
    bag = sum(s.bag)
    clean_up(s)
    next_round(s)
    assert bag - sum(s.bag) == 12 and all(row[4] == -1 for row in s.forecast)


def test_pt_amb_38_pr_add_from_any_forecast_row() -> None:
    """PT-AMB-38: Pr add from any forecast row."""
    s = started(3)
    at_placement(s, 0, 1, 2)
    choose(s, "pr")
    choose(s, "add")
    rows = {k.split(":")[1] for k in legal(s) if k.startswith("forecast:")}
    assert rows == {"0", "1", "2"}


def test_pt_amb_39_no_legal_placement_token_returned() -> None:
    """PT-AMB-39: No legal placement token returned."""
    s = blank(2)
    cash(s, 0, 0)
    s.players[BRIDGET].reruns += s.reruns
    s.reruns = 0
    at_placement(s, ALEX, BRIDGET)
    assert legal(s) == ["golf"]  # the only legal placement of the game
    choose(s, "golf")
    assert s.players[ALEX].tokens == 0 and s.players[BRIDGET].tokens == 0
    assert any("returned unused" in line for line in s.log or [])
    assert DAVE == 3


def test_pt_amb_40_reruns_run_out() -> None:
    """PT-AMB-40: Reruns run out."""
    s = blank(2)
    s.players[BRIDGET].reruns = s.reruns
    s.reruns = 0
    put(s, ALEX, MON, "Home and Away")
    cancellations(s)
    assert s.players[ALEX].reruns == 0 and s.players[ALEX].guide[MON] is None
    at_placement(s, ALEX, BRIDGET)
    assert "archives" not in legal(s)
    assert_conserved(s)


def test_pt_amb_41_first_player_marker() -> None:
    """PT-AMB-41: First player marker."""
    s = started(4)
    s.order = [2, 3, 0, 1]
    assert PrimeTimeRuleset().view(s, 2)["first_player"] == 2


def test_pt_amb_42_round_3_loans_return_at_season_end() -> None:
    """PT-AMB-42: Round 3 loans return at season end."""
    s = blank(2)
    s.round = 3
    to_hand(s, ALEX, LUKE)
    at_placement(s, ALEX, BRIDGET)
    choose(s, f"hr:{CAT.ids[LUKE]}")
    s.stack = []
    clean_up(s)
    next_round(s)
    assert LUKE in s.players[ALEX].talents


def test_pt_amb_43_talent_on_canceled_show_counts_for_hotness() -> None:
    """PT-AMB-43: Talent on canceled show counts for hotness."""
    s = blank(2)
    put(s, ALEX, MON, "Steel Pursuit", ["Dana Frost"], cubes={"Dana Frost": ["orange", "blue"]})
    cancellations(s)
    update_hotness(s)
    assert s.players[ALEX].hot == 2


def test_pt_amb_44_outbid_token_may_go_to_hr() -> None:
    """PT-AMB-44: Outbid token may go to hr."""
    s = amazon(tokens=1)
    to_hand(s, ALEX, LUKE)
    choose(s, "bid:show:0")
    choose(s, "amt:8")
    choose(s, "bid:show:0")
    choose(s, "amt:9")
    choose(s, "golf")
    choose(s, "golf")
    assert top(s)[:2] == ("outbid", ALEX) and f"hr:{CAT.ids[LUKE]}" in legal(s)
    choose(s, f"hr:{CAT.ids[LUKE]}")
    assert s.players[ALEX].facedown == [LUKE] and s.hr == [ALEX]


def test_pt_amb_45_decline_while_cards_remain() -> None:
    """PT-AMB-45: Decline while cards remain."""
    s = amazon(tokens=1)
    choose(s, "bid:show:0")
    choose(s, "amt:8")
    choose(s, "bid:show:0")
    choose(s, "amt:9")
    choose(s, "golf")
    choose(s, "golf")
    assert any(k.startswith("buy:") for k in legal(s)) and "none" in legal(s)


def test_pt_amb_46_scheduled_rerun_earns_no_replacement() -> None:
    """PT-AMB-46: Scheduled rerun earns no replacement."""
    s = blank(2)
    put(s, ALEX, MON, "rerun", cubes={"rerun": ["pink"]})
    income(s)
    clean_up(s)
    assert s.players[ALEX].reruns == 0


# ----------------------------------------------------------------------------- tips


def test_pt_hint_01_matching_genres_raise_potential() -> None:
    """PT-HINT-01: Matching genres raise potential."""
    s = blank(2)
    a = put(s, ALEX, MON, "Home and Away", [AGED])
    b = put(s, ALEX, TUE, "Space Quest", ["Camp Contestants"])
    assert potential(s, a) == 1 and potential(s, b) == 1  # 1 match vs the show's own star


def test_pt_hint_02_a_cube_on_every_card_avoids_cancellation() -> None:
    """PT-HINT-02: A cube on every card avoids cancellation."""
    s = blank(2)
    put(s, ALEX, MON, "Home and Away", [LUKE], cubes={"Home and Away": ["pink"], LUKE: ["green"]})
    cancellations(s)
    sl = s.players[ALEX].guide[MON]
    assert sl is not None and sl.talents == [LUKE] and s.players[ALEX].facedown == []


def test_pt_hint_03_move_away_from_strong_days() -> None:
    """PT-HINT-03: Move away from strong days."""
    s = blank(2)
    put(s, ALEX, TUE, "Home and Away")
    run_steps(s, ("sched", ALEX, 0))
    assert {"move:tue:mon", "move:tue:wed", "move:tue:thu"} <= set(legal(s))
