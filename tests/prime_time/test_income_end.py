"""PT-INC, PT-CLEAN, PT-NEXT and PT-END: income, clean up, the next round and game end (000, 4; Game End)."""

from __future__ import annotations

from primetime.core import Game, Rng
from primetime.games.prime_time.rules.core import rules
from primetime.games.prime_time.rules.flow import step_post
from primetime.games.prime_time.rules.game_end import final_scoring
from primetime.games.prime_time.rules.income import clean_up, income, next_round
from primetime.games.prime_time.state import NOSHOW, PTState

from .helpers import (
    ALEX,
    BRIDGET,
    CAT,
    CHARLOTTE,
    MON,
    SHOWS,
    TALENTS,
    THU,
    TUE,
    WED,
    assert_conserved,
    cid,
    clear_cubes,
    clear_guides,
    clear_hands,
    copies,
    pool,
    put,
    started,
    to_hand,
)

LUKE = copies("Luke Watcher")[0]


def blank(n: int = 3, rnd: int = 1, **kw: object) -> PTState:
    s = started(n, 1, **kw)
    clear_guides(s)
    clear_hands(s)
    clear_cubes(s)
    s.order = list(range(n))
    s.round = rnd
    return s


def test_pt_inc_01_two_dollars_per_cube_including_orphaned_talents() -> None:
    """PT-INC-01: Two dollars per cube including orphaned talents."""
    s = blank()
    put(s, ALEX, MON, None, [LUKE], cubes={LUKE: ["green"]})
    put(s, ALEX, TUE, "Space Quest", cubes={"Space Quest": ["blue", "pink"]})
    s.players[ALEX].cash = 0
    income(s)
    assert s.players[ALEX].cash == 6


def test_pt_inc_02_cubes_return_to_their_days_pool() -> None:
    """PT-INC-02: Cubes return to their days pool."""
    s = blank()
    put(s, ALEX, TUE, "Space Quest", cubes={"Space Quest": ["black", "pink"]})
    bag = sum(s.bag)
    income(s)
    assert pool(s, TUE) == {"black": 1, "pink": 1} and sum(s.bag) == bag
    assert_conserved(s)


def test_pt_inc_03_example_five_cubes_ten_dollars() -> None:
    """PT-INC-03: Example five cubes ten dollars."""
    s = blank()
    put(s, ALEX, MON, "Steel Pursuit", cubes={"Steel Pursuit": ["orange", "orange", "yellow", "blue"]})
    put(s, ALEX, WED, "rerun", cubes={"rerun": ["green"]})
    s.players[ALEX].cash = 0
    income(s)
    assert s.players[ALEX].cash == 10


def test_pt_inc_04_round_6_ends_after_income() -> None:
    """PT-INC-04: Round 6 ends after income."""
    s = blank(rnd=6)
    put(s, ALEX, MON, "Space Quest", cubes={"Space Quest": ["blue"]})
    single = next(c for c in range(CAT.n_shows) if CAT.dur[c] == 2)
    put(s, ALEX, TUE, single, cubes={single: [CAT.shows[single].spaces[0]]})
    s.players[ALEX].cash = 0
    step_post(s)
    assert s.phase == "over" and s.final is not None
    assert s.final["players"][ALEX]["cash_left"] == 4
    assert s.players[ALEX].guide[TUE] is not None  # no clean up in round 6


def test_pt_clean_01_and_pt_next_01_skipped_in_round_6() -> None:
    """PT-CLEAN-01 and PT-NEXT-01: no clean up and no next-round setup in round 6."""
    s = blank(rnd=6)
    board = [list(x) for x in s.spaces]
    clients = list(s.clients)
    step_post(s)
    assert s.spaces == board and s.clients == clients and s.round == 6


def test_pt_clean_02_board_cards_discarded() -> None:
    """PT-CLEAN-02: Board cards discarded."""
    s = blank()
    cards = [c for kind in (SHOWS, TALENTS) for c in s.spaces[kind] if c >= 0]
    clean_up(s)
    assert all(c < 0 for kind in (SHOWS, TALENTS) for c in s.spaces[kind])
    assert set(cards) <= set(s.show_disc) | set(s.tal_disc)


def test_pt_clean_03_tokens_returned() -> None:
    """PT-CLEAN-03: Tokens returned."""
    s = blank()
    s.rd, s.archives, s.golf, s.pr, s.hr = [0], [1], [2], [0, 1], [2]
    s.bids[SHOWS][0] = [(0, 8)]
    clean_up(s)
    assert (s.rd, s.archives, s.golf, s.pr, s.hr) == ([], [], [], [], []) and s.bids[SHOWS][0] == []


def test_pt_clean_04_orphaned_talents_back_to_hand() -> None:
    """PT-CLEAN-04: Orphaned talents back to hand."""
    s = blank()
    put(s, ALEX, MON, None, [LUKE])
    clean_up(s)
    assert s.players[ALEX].guide[MON] is None and s.players[ALEX].talents == [LUKE]


def test_pt_clean_05_face_down_talents_stay_face_down() -> None:
    """PT-CLEAN-05: Face down talents stay face down."""
    s = blank(rnd=1)
    to_hand(s, ALEX, LUKE)
    s.players[ALEX].talents.remove(LUKE)
    s.players[ALEX].facedown.append(LUKE)
    clean_up(s)
    next_round(s)
    assert s.players[ALEX].facedown == [LUKE]


def test_pt_clean_06_single_show_cards_discarded_for_a_rerun() -> None:
    """PT-CLEAN-06: Single show cards discarded for a rerun."""
    s = blank()
    singles = [c for c in range(CAT.n_shows) if CAT.dur[c] == 2]
    put(s, ALEX, MON, singles[0])
    put(s, ALEX, TUE, "rerun")
    to_hand(s, ALEX, singles[1])
    clean_up(s)
    assert s.players[ALEX].guide[MON] is None and singles[0] in s.show_disc
    assert s.players[ALEX].reruns == 1  # one for the Single Show, none for the Re-Run
    assert s.players[ALEX].shows == [singles[1]]  # the hand is untouched
    assert_conserved(s)


def test_pt_clean_07_used_reruns_return_to_the_supply() -> None:
    """PT-CLEAN-07: Used reruns return to the supply."""
    s = blank()
    put(s, ALEX, MON, "rerun")
    put(s, BRIDGET, MON, "rerun")
    supply = s.reruns
    clean_up(s)
    assert s.reruns == supply + 2


def test_pt_clean_08_board_clients_discarded() -> None:
    """PT-CLEAN-08: Board clients discarded."""
    s = blank()
    board = list(s.clients)
    clean_up(s)
    assert s.clients == [] and set(board) <= set(s.client_disc)


def test_pt_clean_09_series_and_minis_stay() -> None:
    """PT-CLEAN-09: Series and minis stay."""
    s = blank()
    mini = next(c for c in range(CAT.n_shows) if CAT.dur[c] == 1)
    put(s, ALEX, MON, "Home and Away", [LUKE])
    put(s, ALEX, TUE, mini)
    clean_up(s)
    g = s.players[ALEX].guide
    assert g[MON] is not None and g[MON].talents == [LUKE] and g[TUE] is not None


def test_pt_next_02_refill_as_in_setup() -> None:
    """PT-NEXT-02: Refill as in setup."""
    s = blank(n=4)
    clean_up(s)
    next_round(s)
    R = rules(s)
    for kind in (SHOWS, TALENTS):
        for i, c in enumerate(s.spaces[kind]):
            assert c >= 0 and CAT.tier[c] == R.space_tier[kind][i]


def test_pt_next_03_empty_deck_reshuffles_discards() -> None:
    """PT-NEXT-03: Empty deck reshuffles discards."""
    s = blank(n=4)
    s.show_disc += s.show_deck
    s.show_deck = []
    clean_up(s)
    next_round(s)
    assert all(c >= 0 for c in s.spaces[SHOWS]) and s.show_deck
    assert_conserved(s)


def test_pt_next_04_two_new_clients() -> None:
    """PT-NEXT-04: Two new clients."""
    s = blank()
    pile = len(s.client_pile)
    clean_up(s)
    next_round(s)
    assert len(s.clients) == 2 and len(s.client_pile) == pile - 2


def test_pt_next_05_round_marker_advances() -> None:
    """PT-NEXT-05: Round marker advances."""
    s = blank(rnd=2)
    clean_up(s)
    next_round(s)
    assert s.round == 3 and s.phase == "dev"


def test_pt_next_06_forecast_refilled_after_round_3() -> None:
    """PT-NEXT-06: Forecast refilled after round 3."""
    s = blank(n=4, rnd=3)
    clean_up(s)
    next_round(s)
    assert all(c >= 0 for row in s.forecast for c in row)
    s2 = blank(n=4, rnd=2)
    clean_up(s2)
    next_round(s2)
    assert all(c < 0 for row in s2.forecast for c in row)


def test_pt_next_07_new_boardroom_cards() -> None:
    """PT-NEXT-07: New boardroom cards."""
    s = blank(rnd=3)
    old = list(s.br_up)
    clean_up(s)
    next_round(s)
    assert s.br_disc == old and all(b >= 0 for b in s.br_up) and not set(old) & set(s.br_up)


def test_pt_next_08_face_down_talents_return() -> None:
    """PT-NEXT-08: Face down talents return."""
    s = blank(rnd=3)
    to_hand(s, ALEX, LUKE)
    s.players[ALEX].talents.remove(LUKE)
    s.players[ALEX].facedown.append(LUKE)
    clean_up(s)
    next_round(s)
    assert s.players[ALEX].talents == [LUKE] and s.players[ALEX].facedown == []


def test_pt_next_09_clients_discarded_at_season_end() -> None:
    """PT-NEXT-09: Clients discarded at season end."""
    s = blank(rnd=3)
    c = s.client_pile.pop()
    s.players[BRIDGET].clients = [c]
    clean_up(s)
    next_round(s)
    assert s.players[BRIDGET].clients == [] and c in s.client_disc


def test_pt_next_10_minis_discarded_talents_back_rerun_each() -> None:
    """PT-NEXT-10: Minis discarded talents back rerun each."""
    s = blank(rnd=3)
    mini = next(c for c in range(CAT.n_shows) if CAT.dur[c] == 1)
    put(s, ALEX, MON, mini, [LUKE])
    put(s, ALEX, TUE, "Home and Away")
    clean_up(s)
    next_round(s)
    g = s.players[ALEX].guide
    assert g[MON] is None and mini in s.show_disc and LUKE in s.players[ALEX].talents
    assert g[TUE] is not None and s.players[ALEX].reruns == 1
    assert_conserved(s)


def test_pt_next_11_ten_cubes_left_in_the_bag_after_round_3() -> None:
    """PT-NEXT-11: Ten cubes left in the bag after round 3."""
    game = Game.new("prime-time", 4, seed=8, options={"log": False})
    rng = Rng(8)
    while game.state.round < 4:
        game.apply(None, rng.choice(game.legal_keys()))
    assert sum(game.state.bag) == 55 - 15 - 15 - 15


def test_pt_next_12_vp_hotness_order_carry_over() -> None:
    """PT-NEXT-12: Vp hotness order carry over."""
    s = blank(rnd=1)
    s.players[ALEX].vp, s.players[ALEX].hot = 7, 3
    s.order = [2, 0, 1]
    clean_up(s)
    next_round(s)
    assert (s.players[ALEX].vp, s.players[ALEX].hot, s.order) == (7, 3, [2, 0, 1])


def finish(s: PTState) -> dict:  # type: ignore[type-arg]
    final_scoring(s)
    assert s.final is not None
    return s.final


def test_pt_end_01_final_scoring_after_round_6_awards_and_income() -> None:
    """PT-END-01: Final scoring after round 6 awards and income."""
    s = blank(n=2, rnd=6)
    s.players[ALEX].variety = 1
    s.variety -= 1
    put(s, ALEX, MON, "Space Quest", cubes={"Space Quest": ["blue"]})
    s.players[ALEX].cash = 1
    step_post(s)
    assert s.final is not None
    row = s.final["players"][ALEX]
    assert row["variety"] == 1 and row["cash_left"] == 3 and row["cash"] == 1


def test_pt_end_02_and_03_dave_has_8_dollars_2_vp() -> None:
    """PT-END-02, PT-END-03: Dave has 8 dollars 2 vp."""
    s = blank(n=2)
    s.players[ALEX].cash = 8
    s.players[BRIDGET].cash = 2
    final = finish(s)
    assert final["players"][ALEX]["cash"] == 2 and final["players"][BRIDGET]["cash"] == 0


def test_pt_end_04_no_cap_at_50() -> None:
    """PT-END-04: No cap at 50."""
    s = blank(n=2)
    s.players[ALEX].vp, s.players[ALEX].cash = 60, 6
    assert finish(s)["players"][ALEX]["total"] == 62


def test_pt_end_05_most_vp_wins() -> None:
    """PT-END-05: Most vp wins."""
    s = blank(n=3)
    for p, v in enumerate((10, 14, 9)):
        s.players[p].vp = v
        s.players[p].cash = 0
    assert finish(s)["winners"] == [BRIDGET]


def test_pt_end_06_tiebreak_on_guide_value() -> None:
    """PT-END-06: Tiebreak on guide value."""
    s = blank(n=3)
    for p in range(3):
        s.players[p].vp, s.players[p].cash = 10, 0
    put(s, ALEX, MON, "Home and Away", [LUKE])  # 5 + 3
    put(s, BRIDGET, MON, "Amazon Run")  # 8
    put(s, CHARLOTTE, MON, "Harbour Lights")  # 12
    s.players[CHARLOTTE].vp = 9
    final = finish(s)
    assert final["players"][ALEX]["tiebreak_value"] == 8 == final["players"][BRIDGET]["tiebreak_value"]
    assert final["winners"] == [ALEX, BRIDGET]  # still tied: shared (PT-END-07)
    s2 = blank(n=2)
    for p in range(2):
        s2.players[p].vp, s2.players[p].cash = 10, 0
    put(s2, BRIDGET, THU, "Harbour Lights")
    assert finish(s2)["winners"] == [BRIDGET]


def test_pt_end_07_shared_win() -> None:
    """PT-END-07: Shared win."""
    s = blank(n=2)
    for p in range(2):
        s.players[p].vp, s.players[p].cash = 5, 0
    assert finish(s)["winners"] == [ALEX, BRIDGET]


def test_pt_end_08_bonds_deducted_from_cash_minimum_zero() -> None:
    """PT-END-08: Bonds deducted from cash minimum zero."""
    s = blank(n=2, bonds=True)
    s.players[ALEX].cash, s.players[ALEX].bonds = 17, [5]
    s.players[BRIDGET].cash, s.players[BRIDGET].bonds = 4, [10]
    final = finish(s)
    assert final["players"][ALEX]["cash"] == 4 and final["players"][BRIDGET]["cash"] == 0
    assert final["players"][ALEX]["bond_value"] == 5


def test_result_breakdown_adds_up() -> None:
    game = Game.new("prime-time", 3, seed=31, options={"bonds": True})
    rng = Rng(31)
    while not game.is_over():
        game.apply(None, rng.choice(game.legal_keys()))
    for row in game.result()["players"]:
        parts = sum(row[k] for k in ("golf", "hotness", "most_talents", "best_show", "variety", "boardroom", "bonds", "cash"))
        assert parts == row["total"]
    assert game.ruleset.scores(game.state) == [r["total"] for r in game.result()["players"]]
    assert NOSHOW == -2 and cid("Amazon Run") >= 0
