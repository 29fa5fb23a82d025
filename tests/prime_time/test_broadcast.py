"""PT-BCAST and PT-SIM: the Forecast and schedule submission (000, 2.1-2.2; Simultaneous Scheduling)."""

from __future__ import annotations

import json

from primetime.games.prime_time.rules.income import clean_up, income, next_round
from primetime.games.prime_time.rules.scheduling import step_broadcast
from primetime.games.prime_time.ruleset import PrimeTimeRuleset
from primetime.games.prime_time.state import PTState

from .helpers import (
    ALEX,
    BRIDGET,
    CAT,
    FRI,
    MON,
    THU,
    TUE,
    WED,
    assert_conserved,
    choose,
    cid,
    clear_cubes,
    clear_guides,
    clear_hands,
    copies,
    ident,
    legal,
    put,
    run_steps,
    started,
    to_hand,
    top,
)


def sched(n: int = 2, **kw: object) -> PTState:
    """Alex's schedule submission is pending, with empty hands and guides."""
    s = started(n, 1, **kw)
    clear_hands(s)
    clear_guides(s)
    s.order = list(range(n))
    s.phase = "schedule"
    run_steps(s, ("sched", ALEX, 0))
    return s


def test_pt_bcast_01_forecast_row_by_round() -> None:
    """PT-BCAST-01: Forecast row by round."""
    for rnd, row in ((1, 0), (2, 1), (3, 2), (4, 0), (5, 1), (6, 2)):
        s = started(4)
        clear_cubes(s)
        s.round = rnd
        s.forecast[row][TUE] = 4
        s.bag[4] -= 1
        step_broadcast(s)
        assert s.pools[TUE][4] == 1 and s.forecast[row][TUE] == -1
        assert_conserved(s)


def test_pt_bcast_02_empty_forecast_space_adds_nothing() -> None:
    """PT-BCAST-02: Empty forecast space adds nothing."""
    s = started(4)
    clear_cubes(s)
    s.round = 1
    step_broadcast(s)
    assert all(sum(p) == 0 for p in s.pools)


def test_pt_bcast_03_schedules_in_turn_order() -> None:
    """PT-BCAST-03: Schedules in turn order."""
    s = started(3)
    s.order = [2, 0, 1]
    run_steps(s, ("broadcast",))
    assert top(s)[:2] == ("sched", 2)
    choose(s, "done")
    assert top(s)[:2] == ("sched", 0)
    choose(s, "done")
    assert top(s)[:2] == ("sched", 1)


def test_pt_bcast_04_submitted_schedule_is_locked() -> None:
    """PT-BCAST-04: Submitted schedule is locked."""
    s = started(2)
    s.order = [0, 1]
    run_steps(s, ("broadcast",))
    choose(s, "done")
    assert top(s)[:2] == ("sched", 1)
    assert all(st[1] != 0 for st in s.stack if st[0] == "sched")


def test_pt_bcast_05_one_show_per_day() -> None:
    """PT-BCAST-05: One show per day."""
    s = sched()
    to_hand(s, ALEX, "Home and Away", "Amazon Run")
    choose(s, f"show:{ident('Home and Away')}:mon")
    assert f"show:{ident('Amazon Run')}:mon" not in legal(s)
    assert "rerun:mon" not in legal(s)


def test_pt_bcast_06_no_talents_on_single_shows_or_reruns() -> None:
    """PT-BCAST-06: No talents on single shows or reruns."""
    s = sched()
    single = next(c for c in range(CAT.n_shows) if CAT.dur[c] == 2)
    to_hand(s, ALEX, single, "Luke Watcher")
    s.players[ALEX].reruns = 1
    s.reruns -= 1
    choose(s, f"show:{CAT.ids[single]}:mon")
    choose(s, "rerun:tue")
    assert not any(k.startswith("talent:") for k in legal(s))


def test_pt_bcast_07_at_most_one_talent_of_each_type() -> None:
    """PT-BCAST-07: At most one talent of each type."""
    s = sched()
    a, b = copies("Luke Watcher")
    writer = cid("Penny Sharp")
    to_hand(s, ALEX, "Home and Away", a, b, writer)
    choose(s, f"show:{ident('Home and Away')}:mon")
    choose(s, f"talent:{CAT.ids[a]}:mon")
    assert f"talent:{CAT.ids[b]}:mon" not in legal(s)  # second actor
    choose(s, f"talent:{CAT.ids[writer]}:mon")  # a writer is fine
    assert s.players[ALEX].guide[MON] is not None and len(s.players[ALEX].guide[MON].talents) == 2


def test_pt_bcast_08_rerun_on_any_day() -> None:
    """PT-BCAST-08: Rerun on any day."""
    s = sched()
    s.players[ALEX].reruns = 1
    s.reruns -= 1
    assert [k for k in legal(s) if k.startswith("rerun:")] == ["rerun:mon", "rerun:tue", "rerun:wed", "rerun:thu"]
    choose(s, "rerun:wed")
    sl = s.players[ALEX].guide[WED]
    assert sl is not None and sl.show == -1 and s.players[ALEX].reruns == 0
    assert_conserved(s)


def test_pt_bcast_09_move_up_to_two_shows_with_talents() -> None:
    """PT-BCAST-09: Move up to two shows with talents."""
    s = sched(n=3)
    put(s, ALEX, MON, "Home and Away", ["Luke Watcher"])
    put(s, ALEX, TUE, "Amazon Run")
    put(s, ALEX, WED, "Space Quest")
    run_steps(s, ("sched", ALEX, 0))
    choose(s, "move:mon:thu")
    g = s.players[ALEX].guide
    assert g[MON] is None and g[THU] is not None and g[THU].talents == [cid("Luke Watcher")]
    assert not any(k.startswith("move:thu:") for k in legal(s))  # already moved
    choose(s, "move:tue:fri")
    assert not any(k.startswith("move:") for k in legal(s))  # two shows moved


def test_pt_bcast_10_shows_stay_until_a_rule_removes_them() -> None:
    """PT-BCAST-10: Shows stay until a rule removes them."""
    s = started(3)
    single = next(c for c in range(CAT.n_shows) if CAT.dur[c] == 2)
    mini = next(c for c in range(CAT.n_shows) if CAT.dur[c] == 1)
    put(s, ALEX, MON, "Home and Away", cubes={"Home and Away": ["green"]})
    put(s, ALEX, TUE, single, cubes={single: [CAT.shows[single].spaces[0]]})
    put(s, ALEX, WED, mini, cubes={mini: [CAT.shows[mini].spaces[0]]})
    s.round = 2
    income(s)
    clean_up(s)
    g = s.players[ALEX].guide
    assert g[MON] is not None and g[TUE] is None and g[WED] is not None
    s.round = 3
    next_round(s)
    assert g[MON] is not None and s.players[ALEX].guide[WED] is None


def test_pt_bcast_11_talents_added_to_shows_already_on_the_guide() -> None:
    """PT-BCAST-11: Talents added to shows already on the guide."""
    s = sched()
    put(s, ALEX, MON, "Home and Away")
    to_hand(s, ALEX, "Luke Watcher")
    run_steps(s, ("sched", ALEX, 0))
    assert f"talent:{ident('Luke Watcher')}:mon" in legal(s)


def test_pt_bcast_12_face_down_talents_cannot_be_scheduled() -> None:
    """PT-BCAST-12: Face down talents cannot be scheduled."""
    s = sched()
    put(s, ALEX, MON, "Home and Away")
    t = cid("Luke Watcher")
    to_hand(s, ALEX, t)
    s.players[ALEX].talents.remove(t)
    s.players[ALEX].facedown.append(t)
    run_steps(s, ("sched", ALEX, 0))
    assert not any(k.startswith("talent:") for k in legal(s))


def test_pt_bcast_13_home_and_away_example() -> None:
    """PT-BCAST-13: Alex moves Home and Away from Tuesday to Monday and schedules a new show with a talent on Thursday."""
    s = sched()
    put(s, ALEX, TUE, "Home and Away")
    to_hand(s, ALEX, "Space Quest", "Crew of the Comet")
    run_steps(s, ("sched", ALEX, 0))
    choose(s, "move:tue:mon")
    choose(s, f"show:{ident('Space Quest')}:thu")
    choose(s, f"talent:{ident('Crew of the Comet')}:thu")
    choose(s, "done")
    g = s.players[ALEX].guide
    assert g[MON] is not None and g[MON].show == cid("Home and Away") and g[TUE] is None
    assert g[THU] is not None and g[THU].talents == [cid("Crew of the Comet")]


def test_pt_bcast_14_new_shows_only_on_free_days() -> None:
    """PT-BCAST-14: New shows only on free days."""
    s = sched()
    put(s, ALEX, MON, "Home and Away")
    to_hand(s, ALEX, "Space Quest")
    run_steps(s, ("sched", ALEX, 0))
    keys = [k for k in legal(s) if k.startswith("show:")]
    assert keys == [f"show:{ident('Space Quest')}:{d}" for d in ("tue", "wed", "thu")]
    assert not any(k.startswith("remove") for k in legal(s))


def test_pt_bcast_15_simultaneous_replaces_turn_order_submission() -> None:
    """PT-BCAST-15: Simultaneous replaces turn order submission."""
    s = started(3, simultaneous=True)
    s.order = [1, 2, 0]
    run_steps(s, ("broadcast",))
    assert s.screen is not None and top(s)[:2] == ("sched", 1)


# ----------------------------------------------------------------------------- simultaneous


def test_pt_sim_01_secret_then_revealed() -> None:
    """PT-SIM-01: Secret then revealed."""
    s = started(2, simultaneous=True)
    clear_guides(s)
    s.order = [ALEX, BRIDGET]
    to_hand(s, ALEX, "Home and Away")
    run_steps(s, ("broadcast",))
    choose(s, f"show:{ident('Home and Away')}:mon")
    choose(s, "done")
    rs = PrimeTimeRuleset()
    v = rs.view(s, BRIDGET)
    assert v["players"][ALEX]["guide"]["mon"] is None  # still behind the screen
    assert ident("Home and Away") not in json.dumps(v)
    assert not any("Home and Away" in line for line in s.log or [])
    choose(s, "done")  # Bridget submits: everything is revealed
    assert s.screen is None
    v = rs.view(s, BRIDGET)
    assert v["players"][ALEX]["guide"]["mon"]["show"]["card"] == ident("Home and Away")
    assert any("Home and Away" in line for line in s.log or [])


def test_pt_sim_02_pending_schedule_hidden_hand_counts_frozen() -> None:
    """PT-SIM-02: Pending schedule hidden hand counts frozen."""
    s = started(2, simultaneous=True)
    clear_guides(s)
    s.order = [ALEX, BRIDGET]
    to_hand(s, ALEX, "Home and Away")
    run_steps(s, ("broadcast",))
    counts = PrimeTimeRuleset().view(s, BRIDGET)["players"][ALEX]["hand_counts"]
    choose(s, f"show:{ident('Home and Away')}:mon")
    v = PrimeTimeRuleset().view(s, BRIDGET)
    assert v["players"][ALEX]["hand_counts"] == counts
    own = PrimeTimeRuleset().view(s, ALEX)
    assert own["players"][ALEX]["guide"]["mon"]["show"]["card"] == ident("Home and Away")


def test_pt_sim_03_option_help_mentions_the_variant() -> None:
    """PT-SIM-03: Option help mentions the variant."""
    from primetime.games.prime_time.ruleset import OPTION_HELP

    assert "turn order" in OPTION_HELP["simultaneous"]


def test_days_fri_only_with_3_or_more_players() -> None:
    s = sched(n=3)
    s.players[ALEX].reruns = 1
    s.reruns -= 1
    assert "rerun:fri" in legal(s)
    assert FRI == 4
