"""PT-RATE, PT-CANC, PT-CLIENT, PT-VTY and PT-HOT: the Ratings War and what follows (000, 2.3-2.7)."""

from __future__ import annotations

from primetime.games.prime_time.rules.after_ratings import award_clients, award_variety, cancellations, completion_day, update_hotness
from primetime.games.prime_time.rules.awards import awards, hot_behind
from primetime.games.prime_time.rules.income import clean_up, income, next_round
from primetime.games.prime_time.rules.ratings import potential
from primetime.games.prime_time.state import NOSHOW, PTState

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
    choose,
    cid,
    clear_cubes,
    clear_guides,
    client_on_board,
    copies,
    ident,
    legal,
    pool,
    put,
    run_steps,
    set_pool,
    started,
    top,
)

AGED, LUKE = copies("Aged Teens")[0], copies("Luke Watcher")[0]


def blank(n: int = 2, **kw: object) -> PTState:
    s = started(n, 1, **kw)
    clear_guides(s)
    clear_cubes(s)
    s.order = list(range(n))
    s.client_disc += s.clients
    s.clients = []
    s.phase = "ratings"
    return s


def tuesday() -> PTState:
    s = blank(2)
    put(s, ALEX, TUE, "Home and Away", [AGED, LUKE])
    put(s, BRIDGET, TUE, "Space Quest")
    set_pool(s, TUE, "black", "blue", "green", "green")
    run_steps(s, ("day", TUE))
    return s


def test_pt_rate_01_days_in_order_monday_first() -> None:
    """PT-RATE-01: Days in order monday first."""
    s = blank(2)
    for d in range(4):
        put(s, ALEX, d, "rerun")
        set_pool(s, d, "pink")
    run_steps(s, ("ratings",))
    days = []
    while s.stack and top(s)[0] == "cube":
        days.append(top(s)[2])
        choose(s, legal(s)[0])
    assert days == [0, 1, 2, 3]  # Monday..Thursday in a 2-player game


def test_pt_rate_02_and_03_primary_potential() -> None:
    """PT-RATE-02, PT-RATE-03: Primary potential."""
    s = blank(2)
    sl = put(s, ALEX, MON, "Home and Away", [AGED, LUKE])
    assert potential(s, sl) == 3  # 2 matching genres + Luke's star
    sl2 = put(s, BRIDGET, MON, "Space Quest", ["Luke Watcher"])
    assert potential(s, sl2) == 1 + 1  # the show's star + Luke's star, no genre match
    assert potential(s, put(s, BRIDGET, TUE, "rerun")) == 0


def test_pt_rate_04_primary_allocation_in_turn_order() -> None:
    """PT-RATE-04: Primary allocation in turn order."""
    s = tuesday()
    assert s.alloc == [3, 1] and top(s) == ("cube", ALEX, TUE, 1)
    choose(s, f"cube:black:{CAT.ids[AGED]}:pink")
    assert top(s) == ("cube", BRIDGET, TUE, 1)


def test_pt_rate_05_cannot_take_what_cannot_be_placed() -> None:
    """PT-RATE-05: Cannot take what cannot be placed."""
    s = blank(2)
    put(s, ALEX, MON, "Home and Away", [AGED, LUKE])  # green, pink / pink, yellow / green
    put(s, BRIDGET, MON, "Space Quest")  # blue, pink
    set_pool(s, MON, "blue", "orange")
    run_steps(s, ("day", MON))
    # Alex has potential 3 but no space for blue or orange: Bridget takes the blue
    assert top(s) == ("cube", BRIDGET, MON, 1)
    assert legal(s) == [f"cube:blue:{ident('Space Quest')}:blue"]
    choose(s, legal(s)[0])
    assert s.alloc[ALEX] == 0 and pool(s, MON) == {"orange": 1}
    assert not s.stack  # the orange cube fits nobody: the day ends


def test_pt_rate_06_black_is_wild() -> None:
    """PT-RATE-06: Black is wild."""
    s = blank(2)
    put(s, ALEX, MON, "Home and Away", [AGED])
    set_pool(s, MON, "black")
    run_steps(s, ("day", MON))
    keys = legal(s)
    assert set(keys) == {f"cube:black:{ident('Home and Away')}:green", f"cube:black:{ident('Home and Away')}:pink",
                         f"cube:black:{CAT.ids[AGED]}:pink", f"cube:black:{CAT.ids[AGED]}:yellow"}


def test_pt_rate_07_zero_potential_skips_primary() -> None:
    """PT-RATE-07: Zero potential skips primary."""
    s = blank(2)
    put(s, ALEX, MON, "Dream House Makeover")  # no stars, no talents
    put(s, BRIDGET, MON, "Space Quest")  # 1 star
    set_pool(s, MON, "green", "blue", "yellow")
    run_steps(s, ("day", MON))
    assert top(s) == ("cube", BRIDGET, MON, 1)
    choose(s, f"cube:blue:{ident('Space Quest')}:blue")
    assert top(s) == ("cube", ALEX, MON, 0)  # now the remaining cubes, Alex first


def test_pt_rate_08_tuesday_example() -> None:
    """PT-RATE-08: Alex (3) takes black for Aged Teens; Bridget (1) blue for Space Quest; Alex two greens."""
    s = tuesday()
    choose(s, f"cube:black:{CAT.ids[AGED]}:pink")
    choose(s, f"cube:blue:{ident('Space Quest')}:blue")
    assert top(s) == ("cube", ALEX, TUE, 1)
    choose(s, f"cube:green:{ident('Home and Away')}:green")
    assert top(s) == ("cube", ALEX, TUE, 1)  # Bridget has used her allocation
    choose(s, f"cube:green:{CAT.ids[LUKE]}:green")
    g = s.players[ALEX].guide[TUE]
    assert g is not None and g.cubes == [[4, -1], [5, -1], [4]]
    assert pool(s, TUE) == {} and not s.stack
    assert_conserved(s)


def test_pt_rate_09_remaining_allocation_optional_in_turn_order() -> None:
    """PT-RATE-09: Remaining allocation optional in turn order."""
    s = blank(2)
    put(s, ALEX, MON, "Dream House Makeover")  # green, yellow
    put(s, BRIDGET, MON, "Bargain Hunters")  # yellow, orange, green
    set_pool(s, MON, "green", "yellow", "orange")
    run_steps(s, ("day", MON))
    assert top(s) == ("cube", ALEX, MON, 0) and "pass" in legal(s)
    choose(s, f"cube:green:{ident('Dream House Makeover')}:green")
    assert top(s) == ("cube", BRIDGET, MON, 0)
    choose(s, f"cube:yellow:{ident('Bargain Hunters')}:yellow")
    assert top(s)[1] == BRIDGET  # Alex has no space for orange: he must pass, Bridget goes on
    choose(s, f"cube:orange:{ident('Bargain Hunters')}:orange")
    assert not s.stack


def test_pt_rate_10_rerun_space_takes_any_colour() -> None:
    """PT-RATE-10: Rerun space takes any colour."""
    s = blank(2)
    put(s, ALEX, MON, "rerun")
    set_pool(s, MON, "orange", "pink")
    run_steps(s, ("day", MON))
    assert legal(s) == ["cube:pink:rerun:any", "cube:orange:rerun:any", "pass"]


def test_pt_rate_11_untaken_cubes_stay_in_the_pool() -> None:
    """PT-RATE-11: Untaken cubes stay in the pool."""
    s = blank(2)
    put(s, ALEX, MON, "rerun")
    set_pool(s, MON, "orange", "pink")
    run_steps(s, ("day", MON))
    choose(s, "cube:pink:rerun:any")
    assert pool(s, MON) == {"orange": 1}


def test_pt_rate_12_cubes_stay_on_cards_until_income() -> None:
    """PT-RATE-12: Cubes stay on cards until income."""
    s = tuesday()
    for _ in range(4):
        choose(s, legal(s)[0])
    before = s.players[ALEX].guide[TUE].n_cubes()  # type: ignore[union-attr]
    cancellations(s)
    award_clients(s)
    update_hotness(s)
    assert s.players[ALEX].guide[TUE].n_cubes() == before  # type: ignore[union-attr]
    income(s)
    assert s.players[ALEX].guide[TUE].n_cubes() == 0  # type: ignore[union-attr]


def test_pt_rate_13_primary_compulsory_remaining_pass_ends_the_day() -> None:
    """PT-RATE-13: Primary compulsory remaining pass ends the day."""
    s = tuesday()
    assert "pass" not in legal(s)
    s2 = blank(2)
    put(s2, ALEX, MON, "Bargain Hunters")
    set_pool(s2, MON, "green", "yellow")
    run_steps(s2, ("day", MON))
    choose(s2, "pass")
    assert not s2.stack and pool(s2, MON) == {"green": 1, "yellow": 1}


def test_pt_rate_14_only_the_days_pool() -> None:
    """PT-RATE-14: Only the days pool."""
    s = tuesday()
    set_pool(s, MON, "pink", "pink")
    assert all(k.split(":")[1] in ("black", "blue", "green") for k in legal(s))


# ----------------------------------------------------------------------------- cancellations


def test_pt_canc_01_every_card_is_checked() -> None:
    """PT-CANC-01: Every card is checked."""
    s = blank(3)
    put(s, ALEX, MON, "Home and Away", [LUKE], cubes={"Home and Away": ["green"]})
    put(s, BRIDGET, TUE, "Space Quest")
    put(s, CHARLOTTE, WED, "rerun")
    cancellations(s)
    assert LUKE in s.players[ALEX].facedown
    assert s.players[BRIDGET].guide[TUE] is None and s.players[CHARLOTTE].guide[WED] is None


def test_pt_canc_02_talent_without_cubes_turns_face_down_no_money() -> None:
    """PT-CANC-02: Talent without cubes turns face down no money."""
    s = blank(2)
    put(s, ALEX, MON, "Home and Away", [LUKE], cubes={"Home and Away": ["green"]})
    cash = s.players[ALEX].cash
    cancellations(s)
    sl = s.players[ALEX].guide[MON]
    assert sl is not None and sl.talents == [] and s.players[ALEX].facedown == [LUKE]
    assert s.players[ALEX].cash == cash
    assert_conserved(s)


def test_pt_canc_03_show_without_cubes_canceled_rerun_drawn() -> None:
    """PT-CANC-03: Show without cubes canceled rerun drawn."""
    s = blank(2)
    put(s, ALEX, MON, "Home and Away")
    supply = s.reruns
    cancellations(s)
    assert s.players[ALEX].guide[MON] is None and s.show_disc[-1] == cid("Home and Away")
    assert s.players[ALEX].reruns == 1 and s.reruns == supply - 1


def test_pt_canc_04_rerun_without_cubes_discarded_not_replaced() -> None:
    """PT-CANC-04: Rerun without cubes discarded not replaced."""
    s = blank(2)
    put(s, ALEX, MON, "rerun")
    supply = s.reruns
    cancellations(s)
    assert s.players[ALEX].guide[MON] is None and s.players[ALEX].reruns == 0 and s.reruns == supply + 1


def test_pt_canc_05_talent_with_cubes_stays_on_the_guide_until_clean_up() -> None:
    """PT-CANC-05: Talent with cubes stays on the guide until clean up."""
    s = blank(2)
    put(s, ALEX, MON, "Home and Away", [LUKE], cubes={LUKE: ["green"]})
    cancellations(s)
    sl = s.players[ALEX].guide[MON]
    assert sl is not None and sl.show == NOSHOW and sl.talents == [LUKE]
    income(s)
    clean_up(s)
    assert s.players[ALEX].guide[MON] is None and LUKE in s.players[ALEX].talents
    assert_conserved(s)


def test_pt_canc_06_examples() -> None:
    """PT-CANC-06: Examples."""
    s = blank(2)  # Example 1: the talent flips, the show stays
    put(s, ALEX, MON, "Home and Away", [LUKE], cubes={"Home and Away": ["green"]})
    cancellations(s)
    assert s.players[ALEX].guide[MON] is not None and s.players[ALEX].guide[MON].show == cid("Home and Away")  # type: ignore[union-attr]
    s = blank(2)  # Example 2: the show goes (a Re-Run drawn), the talent stays face up
    put(s, ALEX, MON, "Home and Away", [LUKE], cubes={LUKE: ["green"]})
    cancellations(s)
    assert s.players[ALEX].reruns == 1 and s.players[ALEX].guide[MON].talents == [LUKE]  # type: ignore[union-attr]


def test_pt_canc_07_canceled_cards_count_for_no_award() -> None:
    """PT-CANC-07: Canceled cards count for no award."""
    s = blank(2)
    put(s, ALEX, MON, "Home and Away", [LUKE, AGED], cubes={LUKE: ["green"]})
    put(s, BRIDGET, MON, "Space Quest", ["Crew of the Comet"], cubes={"Space Quest": ["blue"], "Crew of the Comet": ["blue"]})
    cancellations(s)
    s.round = 3
    awards(s)
    assert s.players[ALEX].vp_src[2] == 0 and s.players[BRIDGET].vp_src[2] == 3  # most talents
    assert s.players[ALEX].vp_src[3] == 0  # no show for Best Show


# ----------------------------------------------------------------------------- clients


def krunchy() -> tuple[PTState, int]:
    s = blank(2)
    k = client_on_board(s, "Krunchy Flakes")
    return s, k


def test_pt_client_01_covering_player_wins_token_and_cash() -> None:
    """PT-CLIENT-01: Covering player wins token and cash."""
    s, k = krunchy()
    put(s, ALEX, MON, "Steel Pursuit", cubes={"Steel Pursuit": ["orange", "orange"]})
    put(s, ALEX, TUE, "Code Crimson", cubes={"Code Crimson": ["orange", None, "green"]})
    put(s, ALEX, WED, "Border Hawks", cubes={"Border Hawks": [None, "orange"]})
    cash = s.players[ALEX].cash
    award_clients(s)
    assert s.players[ALEX].clients == [k] and s.players[ALEX].cash == cash + 6 and s.clients == []


def test_pt_client_02_black_is_wild() -> None:
    """PT-CLIENT-02: Black is wild."""
    s, k = krunchy()
    put(s, ALEX, MON, "Steel Pursuit", cubes={"Steel Pursuit": ["orange", "black", "black", "black"]})
    put(s, ALEX, TUE, "Home and Away", cubes={"Home and Away": ["black"]})
    award_clients(s)
    assert s.players[ALEX].clients == [k]


def test_pt_client_03_earlier_day_then_turn_order() -> None:
    """PT-CLIENT-03: Earlier day then turn order."""
    s, k = krunchy()
    put(s, ALEX, MON, "Steel Pursuit", cubes={"Steel Pursuit": ["orange", "orange", "black", "black"]})
    put(s, ALEX, TUE, "Home and Away", cubes={"Home and Away": ["green"]})
    put(s, BRIDGET, MON, "Code Crimson", cubes={"Code Crimson": ["orange", "black", "green"]})
    put(s, BRIDGET, TUE, "Border Hawks", cubes={"Border Hawks": ["black", "orange"]})
    s.order = [BRIDGET, ALEX]
    award_clients(s)
    assert s.players[BRIDGET].clients == [k]  # both on Tuesday: Bridget is earlier in turn order


def test_pt_client_04_krunchy_flakes_example() -> None:
    """PT-CLIENT-04: Alex: 1 green, 2 "brown", 2 black (done Thursday); Bridget: 4 brown + 1 green by Wednesday."""
    s, k = krunchy()
    put(s, ALEX, MON, "Home and Away", cubes={"Home and Away": ["green"]})
    put(s, ALEX, THU, "Steel Pursuit", cubes={"Steel Pursuit": ["orange", "orange", "black", "black"]})
    put(s, BRIDGET, MON, "Rooftop Runners", cubes={"Rooftop Runners": ["orange", "green"]})
    put(s, BRIDGET, TUE, "Riverside Precinct", cubes={"Riverside Precinct": ["orange"]})
    put(s, BRIDGET, WED, "Border Hawks", ["The Stunt Squad"],
        cubes={"Border Hawks": [None, "orange"], "The Stunt Squad": ["orange"]})
    assert completion_day(s, ALEX, k) == THU and completion_day(s, BRIDGET, k) == WED
    cash = s.players[BRIDGET].cash
    award_clients(s)
    assert s.players[BRIDGET].clients == [k] and s.players[BRIDGET].cash == cash + 6
    assert s.players[ALEX].clients == []


def test_pt_client_05_one_player_may_win_both_with_the_same_cubes() -> None:
    """PT-CLIENT-05: One player may win both with the same cubes."""
    s, k = krunchy()
    t = client_on_board(s, "Turbo Tyres")  # 3 orange
    put(s, ALEX, MON, "Steel Pursuit", cubes={"Steel Pursuit": ["orange", "orange", "black", "black"]})
    put(s, ALEX, TUE, "Home and Away", cubes={"Home and Away": ["green"]})
    award_clients(s)
    assert sorted(s.players[ALEX].clients) == sorted([k, t])


def test_pt_client_06_unwon_clients_discarded_in_clean_up() -> None:
    """PT-CLIENT-06: Unwon clients discarded in clean up."""
    s, k = krunchy()
    award_clients(s)
    assert s.clients == [k]
    clean_up(s)
    assert s.clients == [] and k in s.client_disc


def test_pt_client_07_won_clients_kept_until_end_of_round_3() -> None:
    """PT-CLIENT-07: Won clients kept until end of round 3."""
    s, k = krunchy()
    put(s, ALEX, MON, "Steel Pursuit", cubes={"Steel Pursuit": ["orange", "orange", "black", "black"]})
    put(s, ALEX, TUE, "Home and Away", cubes={"Home and Away": ["green"]})
    award_clients(s)
    s.round = 2
    income(s)
    clean_up(s)
    next_round(s)
    assert s.players[ALEX].clients == [k]
    s.round = 3
    clean_up(s)
    next_round(s)
    assert s.players[ALEX].clients == [] and k in s.client_disc


# ----------------------------------------------------------------------------- variety


def five_genres(s: PTState, p: int) -> None:
    for d, name in enumerate(["Space Quest", "Steel Pursuit", "Amazon Run", "The Cubicle Crew", "Home and Away"]):
        put(s, p, d, name)


def test_pt_vty_01_five_genres_give_a_token() -> None:
    """PT-VTY-01: Five genres give a token."""
    s = blank(3)
    five_genres(s, ALEX)
    award_variety(s)
    assert s.players[ALEX].variety == 1 and s.variety == 5


def test_pt_vty_02_reruns_have_no_genre() -> None:
    """PT-VTY-02: Reruns have no genre."""
    s = blank(3)
    five_genres(s, ALEX)
    put(s, ALEX, MON, "rerun")
    award_variety(s)
    assert s.players[ALEX].variety == 0


def test_pt_vty_03_two_player_four_genres() -> None:
    """PT-VTY-03: Two player four genres."""
    s = blank(2)
    for d, name in enumerate(["Space Quest", "Steel Pursuit", "Amazon Run", "Home and Away"]):
        put(s, ALEX, d, name)
    award_variety(s)
    assert s.players[ALEX].variety == 1


def test_pt_vty_04_once_per_round_after_cancellations() -> None:
    """PT-VTY-04: Once per round after cancellations."""
    s = blank(3)
    five_genres(s, ALEX)
    cancellations(s)  # no cubes: every show is canceled first
    award_variety(s)
    assert s.players[ALEX].variety == 0
    s = blank(3)
    five_genres(s, ALEX)
    award_variety(s)
    assert s.players[ALEX].variety == 1


def test_pt_vty_05_each_token_scores_at_each_ceremony() -> None:
    """PT-VTY-05: Each token scores at each ceremony."""
    s = blank(3)
    s.players[ALEX].variety = 2
    s.variety -= 2
    awards(s)
    assert s.players[ALEX].vp_src[4] == 2
    awards(s)
    assert s.players[ALEX].vp_src[4] == 4


def test_pt_vty_06_limited_supply() -> None:
    """PT-VTY-06: Limited supply."""
    s = blank(3)
    five_genres(s, ALEX)
    s.players[BRIDGET].variety = 6
    s.variety = 0
    award_variety(s)
    assert s.players[ALEX].variety == 0


# ----------------------------------------------------------------------------- hotness


def test_pt_hot_01_hottest_day_counts_show_and_talents() -> None:
    """PT-HOT-01: Hottest day counts show and talents."""
    s = blank(2)
    put(s, ALEX, MON, "Home and Away", [LUKE], cubes={"Home and Away": ["green", "pink"], LUKE: ["green"]})
    put(s, ALEX, TUE, "Space Quest", cubes={"Space Quest": ["blue"]})
    update_hotness(s)
    assert s.players[ALEX].hot == 3


def test_pt_hot_02_and_05_example_3_to_5_and_stays_at_3() -> None:
    """PT-HOT-02, PT-HOT-05: Marker on 3: a Tuesday of 5 cubes moves it to 5; a best day of 2 would leave it on 3."""
    s = blank(2)
    s.players[ALEX].hot = 3
    put(s, ALEX, TUE, "Steel Pursuit", [cid("Dana Frost")],
        cubes={"Steel Pursuit": ["orange", "orange", "yellow"], "Dana Frost": ["orange", "blue"]})
    update_hotness(s)
    assert s.players[ALEX].hot == 5
    s = blank(2)
    s.players[ALEX].hot = 3
    put(s, ALEX, TUE, "Steel Pursuit", cubes={"Steel Pursuit": ["orange", "orange"]})
    update_hotness(s)
    assert s.players[ALEX].hot == 3


def test_pt_hot_03_04_07_stacking_in_turn_order() -> None:
    """PT-HOT-03, PT-HOT-04, PT-HOT-07: Stacking in turn order."""
    s = blank(3)
    s.order = [CHARLOTTE, ALEX, BRIDGET]
    for p in (ALEX, BRIDGET, CHARLOTTE):
        put(s, p, MON, "rerun", cubes={"rerun": ["pink"]})
    update_hotness(s)
    # all reach 1; Charlotte moved first, so she is at the bottom: hottest
    assert hot_behind(s, CHARLOTTE) == 2 and hot_behind(s, ALEX) == 1 and hot_behind(s, BRIDGET) == 0


def test_pt_hot_06_track_not_reset_between_seasons() -> None:
    """PT-HOT-06: Track not reset between seasons."""
    s = blank(2)
    s.players[ALEX].hot = 4
    s.round = 3
    clean_up(s)
    next_round(s)
    assert s.players[ALEX].hot == 4


def test_dave_is_ignored_in_two_player_games() -> None:
    assert DAVE == 3
