"""PT-DEV and PT-ACT: placing Player tokens and the action sections (000, 1.1)."""

from __future__ import annotations

from primetime.games.prime_time.rules.income import clean_up, next_round
from primetime.games.prime_time.rules.scheduling import step_broadcast
from primetime.games.prime_time.state import PTState

from .helpers import (
    ALEX,
    BRIDGET,
    CAT,
    CHARLOTTE,
    DAVE,
    MON,
    THU,
    TUE,
    WED,
    assert_conserved,
    at_placement,
    cash,
    choose,
    cid,
    clear_cubes,
    clear_hands,
    legal,
    pool,
    set_pool,
    started,
    to_hand,
    top,
)


def four(seed: int = 1, **kw: object) -> PTState:
    s = started(4, seed, **kw)
    at_placement(s, ALEX, BRIDGET, CHARLOTTE, DAVE)
    return s


def test_pt_dev_01_one_token_per_turn_in_turn_order() -> None:
    """PT-DEV-01: One token per turn in turn order."""
    s = four()
    seq = []
    for _ in range(12):
        p = top(s)[1]
        seq.append(p)
        choose(s, "golf" if "golf" in legal(s) else next(k for k in legal(s) if k in ("rd", "archives", "pr") or k.startswith("hr:") or k.startswith("bid:")))
        while top(s)[0] not in ("place",) and s.phase == "dev":
            choose(s, legal(s)[0])
        if s.phase != "dev":
            break
    assert seq[:8] == [0, 1, 2, 3, 0, 1, 2, 3]


def test_pt_dev_02_token_goes_to_action_or_bidding_space() -> None:
    """PT-DEV-02: Token goes to action or bidding space."""
    s = four()
    keys = legal(s)
    assert {k.split(":")[0] for k in keys} <= {"rd", "archives", "golf", "pr", "hr", "bid"}
    assert any(k.startswith("bid:") for k in keys) and "golf" in keys


def test_pt_dev_03_one_token_per_space_but_rd_and_hr_unlimited() -> None:
    """PT-DEV-03: One token per space but rd and hr unlimited."""
    s = four()
    choose(s, "golf")
    choose(s, "golf")
    assert "golf" not in legal(s)  # both spaces taken
    choose(s, "rd")
    choose(s, "rd")
    assert s.rd == [CHARLOTTE, DAVE]


def test_pt_dev_04_several_tokens_in_one_section() -> None:
    """PT-DEV-04: Several tokens in one section."""
    s = four()
    choose(s, "archives")
    for _ in range(3):
        choose(s, "rd")
    choose(s, "archives")
    assert s.archives == [ALEX, ALEX]
    assert s.players[ALEX].reruns == 2


def test_pt_dev_05_actions_resolve_at_once_and_need_to_be_completable() -> None:
    """PT-DEV-05: Actions resolve at once and need to be completable."""
    s = four()
    clear_hands(s)
    vp = s.players[ALEX].vp
    choose(s, "golf")
    assert s.players[ALEX].vp == vp + 1  # at once
    assert not any(k.startswith("hr:") for k in legal(s))  # no talent in hand: no HR
    cash(s, 0, 0, 0, 0)
    assert "rd" not in legal(s)


def test_pt_dev_06_bids_wait_for_all_tokens() -> None:
    """PT-DEV-06: Bids wait for all tokens."""
    s = four()
    c = s.spaces[0][0]
    choose(s, "bid:show:0")
    choose(s, f"amt:{CAT.min_bid[c]}")
    assert c not in s.players[ALEX].shows and s.spaces[0][0] == c


def test_pt_dev_07_action_tokens_keep_spaces_for_the_round() -> None:
    """PT-DEV-07: Action tokens keep spaces for the round."""
    s = four()
    choose(s, "golf")
    choose(s, "golf")
    for _ in range(2):
        choose(s, "rd")
    for _ in range(4):
        assert "golf" not in legal(s)
        choose(s, legal(s)[0])
        while top(s)[0] != "place":
            choose(s, legal(s)[0])


def test_pt_dev_08_token_without_legal_placement_returns_unused() -> None:
    """PT-DEV-08: Token without legal placement returns unused."""
    s = started(2)
    clear_hands(s)
    cash(s, 0, 0)
    s.reruns = 0
    clear_cubes(s)  # PR impossible
    s.golf = [BRIDGET]
    at_placement(s, ALEX, BRIDGET)
    # nothing is possible for anyone: golf is re-opened by at_placement, so fill it
    assert top(s)[0] == "place" and legal(s) == ["golf"]
    choose(s, "golf")
    # Bridget cannot do anything: every later token comes back unused and bidding resolves
    assert s.phase != "dev"
    assert all(pl.tokens == 0 for pl in s.players)


def test_pt_act_01_rd_costs_1_one_per_player_on_top() -> None:
    """PT-ACT-01: Rd costs 1 one per player on top."""
    s = four()
    cash(s, 5, 5, 5, 5)
    choose(s, "rd")
    assert s.players[ALEX].cash == 4
    choose(s, "rd")
    assert s.rd == [ALEX, BRIDGET]  # Bridget's token on top
    choose(s, "golf")
    choose(s, "golf")
    assert "rd" not in legal(s)  # Alex already has one


def test_pt_act_02_rd_has_no_immediate_effect() -> None:
    """PT-ACT-02: Rd has no immediate effect."""
    s = four()
    before = (list(s.order), [pl.vp for pl in s.players])
    choose(s, "rd")
    assert (s.order, [pl.vp for pl in s.players]) == before


def test_pt_act_03_archives_gives_a_rerun() -> None:
    """PT-ACT-03: Archives gives a rerun."""
    s = four()
    supply = s.reruns
    choose(s, "archives")
    assert s.players[ALEX].reruns == 1 and s.reruns == supply - 1
    choose(s, "archives")
    assert "archives" not in legal(s)  # 2 spaces


def test_pt_act_04_archives_illegal_when_supply_empty() -> None:
    """PT-ACT-04: Archives illegal when supply empty."""
    s = four()
    s.players[DAVE].reruns += s.reruns
    s.reruns = 0
    assert "archives" not in legal(s)


def test_pt_act_05_golf_two_spaces_plus_one_vp() -> None:
    """PT-ACT-05: Golf two spaces plus one vp."""
    s = four()
    choose(s, "golf")
    choose(s, "golf")
    assert s.players[ALEX].vp == 1 and s.players[BRIDGET].vp == 1 and s.golf == [ALEX, BRIDGET]
    assert "golf" not in legal(s)


def test_pt_act_06_hr_loan_pays_1_silver_4_gold() -> None:
    """PT-ACT-06: Hr loan pays 1 silver 4 gold."""
    s = four()
    gold = next(c for c in range(CAT.n_shows, CAT.n_cards) if CAT.tier[c] == 1)
    silver = next(c for c in range(CAT.n_shows, CAT.n_cards) if CAT.tier[c] == 0)
    clear_hands(s)
    to_hand(s, ALEX, gold)
    to_hand(s, BRIDGET, silver)
    cash(s, 0, 0, 0, 0)
    choose(s, f"hr:{CAT.ids[gold]}")
    choose(s, f"hr:{CAT.ids[silver]}")
    assert s.players[ALEX].cash == 4 and s.players[BRIDGET].cash == 1
    assert s.players[ALEX].facedown == [gold] and s.players[ALEX].talents == []
    assert s.hr == [ALEX, BRIDGET]
    assert_conserved(s)


def test_pt_act_07_loaned_talent_back_next_season_or_never() -> None:
    """PT-ACT-07: Loaned talent back next season or never."""
    s = four()
    t = to_hand(s, ALEX, "Luke Watcher")[0]
    choose(s, f"hr:{CAT.ids[t]}")
    # cannot be scheduled this season; returns at the end of round 3
    s.round = 3
    clean_up(s)
    next_round(s)
    assert t in s.players[ALEX].talents and s.players[ALEX].facedown == []
    s2 = four()
    t2 = to_hand(s2, ALEX, "Luke Watcher")[0]
    choose(s2, f"hr:{CAT.ids[t2]}")
    s2.round = 4
    clean_up(s2)
    next_round(s2)
    assert t2 in s2.players[ALEX].facedown  # season 2: stays face down to the end


def test_pt_act_08_hr_needs_a_talent_in_hand() -> None:
    """PT-ACT-08: Hr needs a talent in hand."""
    s = four()
    clear_hands(s)
    assert not any(k.startswith("hr:") for k in legal(s))
    to_hand(s, ALEX, "Aged Teens")
    assert f"hr:{CAT.ids[cid('Aged Teens')]}" in legal(s)


def test_pt_act_09_pr_three_spaces_one_action_each() -> None:
    """PT-ACT-09: Pr three spaces one action each."""
    s = four()
    for _ in range(3):
        choose(s, "pr")
        assert legal(s) == ["add", "swap"]
        choose(s, "swap")
        choose(s, legal(s)[0])
        choose(s, legal(s)[0])
    assert s.pr == [ALEX, BRIDGET, CHARLOTTE] and "pr" not in legal(s)


def test_pt_act_10_pr_add_from_forecast_or_pool_to_any_pool() -> None:
    """PT-ACT-10: Pr add from forecast or pool to any pool."""
    s = four()
    clear_cubes(s)
    s.forecast[2][THU] = 3  # a blue cube on the top row, Thursday
    s.bag[3] -= 1
    set_pool(s, MON, "pink")
    choose(s, "pr")
    choose(s, "add")
    assert legal(s) == ["forecast:2:thu", "pool:mon:pink"]
    choose(s, "forecast:2:thu")
    assert legal(s) == ["to:mon", "to:tue", "to:wed", "to:thu", "to:fri"]
    choose(s, "to:tue")
    assert pool(s, TUE) == {"blue": 1} and s.forecast[2][THU] == -1
    assert_conserved(s)


def test_pt_act_11_pr_switch_two_cubes_in_different_pools() -> None:
    """PT-ACT-11: Pr switch two cubes in different pools."""
    s = four()
    clear_cubes(s)
    set_pool(s, MON, "black")
    set_pool(s, WED, "green")
    choose(s, "pr")
    choose(s, "swap")
    assert legal(s) == ["pool:mon:black", "pool:wed:green"]
    choose(s, "pool:mon:black")
    assert legal(s) == ["pool:wed:green"]  # a different pool
    choose(s, "pool:wed:green")
    assert pool(s, MON) == {"green": 1} and pool(s, WED) == {"black": 1}


def test_pt_act_12_example_black_monday_green_tuesday() -> None:
    """PT-ACT-12: Example black monday green tuesday."""
    s = four()
    set_pool(s, MON, "black", "pink")
    set_pool(s, TUE, "green", "yellow")
    choose(s, "pr")
    choose(s, "swap")
    choose(s, "pool:mon:black")
    choose(s, "pool:tue:green")
    assert pool(s, MON) == {"pink": 1, "green": 1} and pool(s, TUE) == {"yellow": 1, "black": 1}


def test_pt_act_13_emptied_forecast_space_adds_nothing() -> None:
    """PT-ACT-13: Emptied forecast space adds nothing."""
    s = four()
    s.round = 1
    mon = s.forecast[0][MON]
    choose(s, "pr")
    choose(s, "add")
    choose(s, "forecast:0:mon")
    choose(s, "to:tue")
    assert s.forecast[0][MON] == -1
    before = sum(s.pools[MON])
    step_broadcast(s)
    assert sum(s.pools[MON]) == before  # nothing arrives on Monday
    assert mon >= 0


def test_pt_act_14_two_player_pr_skips_friday() -> None:
    """PT-ACT-14: Two player pr skips friday."""
    s = started(2)
    at_placement(s, ALEX, BRIDGET)
    choose(s, "pr")
    choose(s, "add")
    assert not any(k.endswith(":fri") or ":fri:" in k for k in legal(s))
    choose(s, legal(s)[0])
    assert "to:fri" not in legal(s)


def test_pt_act_15_pr_legality() -> None:
    """PT-ACT-15: Pr legality."""
    s = four()
    clear_cubes(s)
    assert "pr" not in legal(s)  # no cube anywhere
    set_pool(s, MON, "pink")
    choose(s, "pr")
    assert legal(s) == ["add"]  # a swap needs two non-empty pools


def test_pt_act_16_space_limits_and_requirements() -> None:
    """PT-ACT-16: Space limits and requirements."""
    s = four()
    for _ in range(3):
        choose(s, "pr")
        choose(s, "add")
        choose(s, legal(s)[0])
        choose(s, legal(s)[0])
    assert "pr" not in legal(s)
    cash(s, 0, 0, 0, 0)
    assert "rd" not in legal(s)
