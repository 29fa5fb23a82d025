"""PT-BID, PT-RES and PT-TO: bidding spaces, resolving bids and the new turn order (000, 1.1-1.3)."""

from __future__ import annotations

from primetime.games.prime_time.rules.core import rules
from primetime.games.prime_time.rules.development import step_order
from primetime.games.prime_time.rules.income import clean_up
from primetime.games.prime_time.state import PTState

from .helpers import (
    ALEX,
    BRIDGET,
    CAT,
    CHARLOTTE,
    DAVE,
    SHOWS,
    TALENTS,
    assert_conserved,
    at_placement,
    cash,
    choose,
    cid,
    clear_hands,
    legal,
    started,
    to_space,
    top,
)


def board(tokens: int = 3, n: int = 4, money: int = 20) -> PTState:
    """Amazon Run on the first (Gold) Show space, Alex..Dave in turn order."""
    s = started(n, 1)
    to_space(s, SHOWS, 0, "Amazon Run")
    clear_hands(s)
    cash(s, *[money] * n)
    at_placement(s, *range(n), tokens=tokens)
    return s


def test_pt_bid_01_bidding_spaces_match_the_card_tier() -> None:
    """PT-BID-01: Bidding spaces match the card tier."""
    s = board()
    R = rules(s)
    for kind in (SHOWS, TALENTS):
        for i, c in enumerate(s.spaces[kind]):
            assert CAT.tier[c] == R.space_tier[kind][i]
    assert R.slots == (2, 3)  # silver, gold bidding spaces per card


def test_pt_bid_02_at_least_the_min_bid() -> None:
    """PT-BID-02: At least the min bid."""
    s = board()
    choose(s, "bid:show:0")
    assert legal(s)[0] == "amt:8"


def test_pt_bid_03_strictly_higher_than_earlier_bids() -> None:
    """PT-BID-03: Strictly higher than earlier bids."""
    s = board()
    choose(s, "bid:show:0")
    choose(s, "amt:10")
    choose(s, "bid:show:0")
    assert legal(s)[0] == "amt:11"


def test_pt_bid_04_no_outbidding_your_own_token() -> None:
    """PT-BID-04: No outbidding your own token."""
    s = board(n=2)
    choose(s, "bid:show:0")
    choose(s, "amt:8")
    choose(s, "golf")
    assert "bid:show:0" not in legal(s)
    from primetime.games.prime_time.ruleset import illegal_reason

    assert illegal_reason(s, top(s), "bid:show:0") == "you cannot outbid your own token"


def test_pt_bid_05_caps_16_gold_7_silver() -> None:
    """PT-BID-05: Caps 16 gold 7 silver."""
    s = board(money=40)
    choose(s, "bid:show:0")
    assert legal(s)[-1] == "amt:16"
    choose(s, "amt:16")
    assert "bid:show:0" not in legal(s)  # nobody can bid above the cap
    silver = next(i for i, c in enumerate(s.spaces[SHOWS]) if c >= 0 and CAT.tier[c] == 0)
    choose(s, f"bid:show:{silver}")
    assert legal(s)[-1] == "amt:7"


def test_pt_bid_06_bid_money_is_committed() -> None:
    """PT-BID-06: Bid money is committed."""
    s = board()
    choose(s, "bid:show:0")
    choose(s, "amt:9")
    assert s.players[ALEX].cash == 11 and s.bids[SHOWS][0] == [(ALEX, 9)]


def test_pt_bid_07_needs_the_cash() -> None:
    """PT-BID-07: Needs the cash."""
    s = board(money=9)
    choose(s, "bid:show:0")
    assert legal(s) == ["amt:8", "amt:9"]
    s2 = board(money=7)
    assert "bid:show:0" not in legal(s2)


def test_pt_bid_08_outbid_cash_returns_token_stays() -> None:
    """PT-BID-08: Outbid cash returns token stays."""
    s = board()
    choose(s, "bid:show:0")
    choose(s, "amt:8")
    choose(s, "bid:show:0")
    choose(s, "amt:9")
    assert s.players[ALEX].cash == 20 and s.players[BRIDGET].cash == 11
    assert s.bids[SHOWS][0] == [(ALEX, 8), (BRIDGET, 9)]


def test_pt_bid_09_amazon_run_example() -> None:
    """PT-BID-09: Alex bids $8 (the min bid); later Charlotte bids $12; Alex takes back his $8."""
    s = board()
    choose(s, "bid:show:0")
    choose(s, "amt:8")
    assert s.players[ALEX].cash == 12
    choose(s, "golf")  # Bridget
    choose(s, "bid:show:0")  # Charlotte
    choose(s, "amt:12")
    assert s.players[ALEX].cash == 20 and s.players[CHARLOTTE].cash == 8
    assert [p for p, _ in s.bids[SHOWS][0]] == [ALEX, CHARLOTTE]  # Alex's token stays


def test_pt_bid_10_bids_limited_by_bidding_spaces() -> None:
    """PT-BID-10: Bids limited by bidding spaces."""
    s = board(money=30)
    for amt in (8, 9, 10):
        choose(s, "bid:show:0")
        choose(s, f"amt:{amt}")
    assert len(s.bids[SHOWS][0]) == 3
    assert "bid:show:0" not in legal(s)  # a Gold card has 3 bidding spaces


def test_pt_bid_11_two_player_closed_spaces() -> None:
    """PT-BID-11: Two player closed spaces."""
    s = board(n=2)
    R = rules(s)
    closed = [i for i, o in enumerate(R.space_open[SHOWS]) if not o]
    assert closed and all(f"bid:show:{i}" not in legal(s) for i in closed)


# ----------------------------------------------------------------------------- 1.2 resolve


def test_pt_res_01_and_02_winners_take_cards_left_to_right() -> None:
    """PT-RES-01, PT-RES-02: Winners take cards left to right."""
    s = board(tokens=1)
    shows = list(s.spaces[SHOWS])
    tal = s.spaces[TALENTS][1]
    choose(s, "bid:show:1")
    choose(s, f"amt:{CAT.min_bid[shows[1]]}")
    choose(s, "bid:talent:1")
    choose(s, f"amt:{CAT.min_bid[tal]}")
    choose(s, "bid:show:0")
    choose(s, "amt:8")
    choose(s, "golf")
    assert s.players[ALEX].shows == [shows[1]] and s.players[BRIDGET].talents == [tal]
    assert s.players[CHARLOTTE].shows == [cid("Amazon Run")]
    assert s.players[CHARLOTTE].cash == 12  # paid with the money on the card
    assert s.spaces[SHOWS][0] == -1 and s.spaces[SHOWS][1] == -1
    log = [line for line in s.log or [] if "wins" in line]
    assert log[0].endswith("Amazon Run for $8.")  # shows left to right, then talents
    assert "wins" in log[-1] and CAT.names[tal] in log[-1]


def outbid_alex(money: int = 20, n: int = 4) -> PTState:
    s = board(tokens=1, money=money, n=n)
    choose(s, "bid:show:0")
    choose(s, "amt:8")
    choose(s, "bid:show:0")
    choose(s, "amt:12")
    while top(s)[0] == "place":
        choose(s, "golf" if "golf" in legal(s) else "rd")
    return s


def test_pt_res_03_outbid_token_options() -> None:
    """PT-RES-03: Outbid token options."""
    s = outbid_alex()
    assert top(s)[0] == "outbid" and top(s)[1] == ALEX
    keys = legal(s)
    assert any(k.startswith("buy:show:") for k in keys) and any(k.startswith("buy:talent:") for k in keys)
    assert "archives" in keys and "pr" in keys and keys[-1] == "none"


def test_pt_res_04_buy_at_the_lowest_bidding_space() -> None:
    """PT-RES-04: Buy at the lowest bidding space."""
    s = outbid_alex()
    gold = next(i for i, c in enumerate(s.spaces[SHOWS]) if c >= 0 and CAT.tier[c] == 1)
    silver_t = next(i for i, c in enumerate(s.spaces[TALENTS]) if c >= 0 and CAT.tier[c] == 0)
    c = s.spaces[SHOWS][gold]
    choose(s, f"buy:show:{gold}")
    assert c in s.players[ALEX].shows and s.players[ALEX].cash == 16  # $4 for Gold
    assert CAT.min_bid[c] > 4  # below the card's min bid
    s2 = outbid_alex()
    t = s2.spaces[TALENTS][silver_t]
    choose(s2, f"buy:talent:{silver_t}")
    assert t in s2.players[ALEX].talents and s2.players[ALEX].cash == 19  # $1 for Silver


def test_pt_res_05_vacant_action_space_including_rd() -> None:
    """PT-RES-05: Vacant action space including rd."""
    s = outbid_alex()
    assert "rd" in legal(s)
    choose(s, "rd")
    assert s.rd[-1] == ALEX and s.order[0] == ALEX and s.players[ALEX].cash == 19


def test_pt_res_06_take_the_token_back() -> None:
    """PT-RES-06: Take the token back."""
    s = outbid_alex()
    before = (s.players[ALEX].cash, list(s.players[ALEX].shows))
    choose(s, "none")
    assert (s.players[ALEX].cash, s.players[ALEX].shows) == before


def test_pt_res_07_broke_alex_goes_golfing() -> None:
    """PT-RES-07: Alex was outbid and has no money: no card, no R&D ($1); he plays golf for 1 VP."""
    s = board(tokens=1)
    choose(s, "bid:show:0")
    choose(s, "amt:8")
    choose(s, "bid:show:0")
    choose(s, "amt:12")
    choose(s, "rd")
    choose(s, "rd")
    cash(s, 0, 8, 19, 19)
    assert top(s)[0] == "outbid" and top(s)[1] == ALEX
    assert not any(k.startswith("buy:") for k in legal(s)) and "rd" not in legal(s)
    vp = s.players[ALEX].vp
    choose(s, "golf")
    assert s.players[ALEX].vp == vp + 1


def test_pt_res_08_unsold_cards_stay_until_clean_up() -> None:
    """PT-RES-08: Unsold cards stay until clean up."""
    s = outbid_alex()
    left = [c for c in s.spaces[SHOWS] if c >= 0]
    choose(s, "none")
    assert [c for c in s.spaces[SHOWS] if c >= 0] == left and left
    clean_up(s)
    assert all(c < 0 for c in s.spaces[SHOWS]) and set(left) <= set(s.show_disc)


def test_pt_res_09_several_outbid_tokens_highest_bid_first() -> None:
    """PT-RES-09: Several outbid tokens highest bid first."""
    s = board(tokens=1, money=30)
    for amt in (8, 10, 12):
        choose(s, "bid:show:0")
        choose(s, f"amt:{amt}")
    choose(s, "golf")
    # Charlotte wins; Bridget ($10) decides before Alex ($8)
    assert top(s)[:2] == ("outbid", BRIDGET)
    choose(s, "none")
    assert top(s)[:2] == ("outbid", ALEX)
    assert_conserved(s)


# ----------------------------------------------------------------------------- 1.3 turn order


def test_pt_to_01_rd_stack_top_first() -> None:
    """PT-TO-01: Rd stack top first."""
    s = started(3)
    s.order = [0, 1, 2]
    s.rd = [2, 0, 1]
    step_order(s)
    assert s.order == [1, 0, 2]


def test_pt_to_02_non_rd_players_after_in_previous_order() -> None:
    """PT-TO-02: Non rd players after in previous order."""
    s = started(4)
    s.order = [3, 1, 0, 2]
    s.rd = [0]
    step_order(s)
    assert s.order == [0, 3, 1, 2]


def test_pt_to_03_no_rd_no_change() -> None:
    """PT-TO-03: No rd no change."""
    s = started(4)
    s.order = [2, 0, 3, 1]
    s.rd = []
    step_order(s)
    assert s.order == [2, 0, 3, 1]


def test_pt_to_04_example_dave_charlotte_alex_bridget() -> None:
    """PT-TO-04: Order Alex, Bridget, Charlotte, Dave; Charlotte then Dave go to R&D: D, C, A, B."""
    s = board(tokens=1)
    choose(s, "golf")  # Alex
    choose(s, "golf")  # Bridget
    choose(s, "rd")  # Charlotte
    choose(s, "rd")  # Dave (on top)
    assert s.order == [DAVE, CHARLOTTE, ALEX, BRIDGET]


def test_pt_to_05_new_order_applies_to_scheduling() -> None:
    """PT-TO-05: New order applies to scheduling."""
    s = board(tokens=1)
    choose(s, "golf")
    choose(s, "golf")
    choose(s, "rd")
    choose(s, "rd")
    assert s.phase == "schedule" and top(s)[:2] == ("sched", DAVE)
    from primetime.games.prime_time.ruleset import PrimeTimeRuleset

    assert PrimeTimeRuleset().view(s, None)["first_player"] == DAVE
