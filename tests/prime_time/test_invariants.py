"""The invariants Prime Time checks about itself (games/prime_time/invariants.py, through the plugin).

First each invariant on a position built to break it (and to keep it), then Hypothesis
properties that drive the same invariants along seeded games chosen by a seed, a player count,
the options and a sequence of option indexes, shrinking a failure to a short one.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from primetime.core.plugin import get_plugin
from primetime.core.rng import Rng
from primetime.games.prime_time.cards import COLOURS
from primetime.games.prime_time.ruleset import PrimeTimeRuleset
from primetime.games.prime_time.state import PTState
from primetime.sim.check import option_sets

from .helpers import CAT, MON, TUE, fresh, put, started

PLUGIN = get_plugin("prime-time")
RS = PrimeTimeRuleset()
VARIANTS = [{}, {"bonds": True}, {"simultaneous": True}, {"bonds": True, "simultaneous": True}]


def names(problems: list[str]) -> set[str]:
    return {p.split(":", 1)[0] for p in problems}


@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("variant", range(len(VARIANTS)))
def test_a_new_game_keeps_every_invariant(n: int, variant: int) -> None:
    """PT-SETUP / PT-PSETUP-07: at the first decision (keeping starting shows) every invariant holds."""
    s = fresh(n, seed=4, **VARIANTS[variant])
    assert PLUGIN.invariants(RS, s) == []
    assert PLUGIN.option_checks(RS, s) == []
    for seat in range(n):
        assert PLUGIN.hidden_checks(RS, s, seat, 9) == []


# ----------------------------------------------------------------------------- cards and tokens


def test_pt_comp_cards_cubes_reruns_and_clients_are_conserved() -> None:
    """PT-COMP-05/09: every card in one place; 55 cubes by colour; the Re-Runs; each client once."""
    s = started()
    c = s.show_deck[-1]
    s.players[0].shows.append(c)
    assert PLUGIN.invariants(RS, s) == [f"cards: {CAT.ids[c]} is in 2 places (the Show deck, player 0's Show hand)"]
    s.players[0].shows.pop()
    s.bag[0] -= 1
    s.reruns += 1
    s.clients.append(s.clients[0])
    found = PLUGIN.invariants(RS, s)
    assert any("the cubes by colour are" in p and "PT-COMP-05" in p for p in found)
    assert any("Re-Run cards" in p for p in found)
    assert any("the clients are not each in one place" in p for p in found)


def test_pt_comp_counting_what_changed_since_the_decision_says_what_counting_everything_says() -> None:
    """PT-COMP-05, PT-BCAST-06/07: the states after the options are checked against the decision's state (only
    the piles and guide days that changed); that must find what checking the whole state finds."""
    from primetime.games.prime_time.invariants import before, card_problems, guide_problems

    s = started()
    put(s, 0, MON, "SH-01", talents=["TA-01"])
    was = before(s)
    for change in ("deal", "lose", "twice", "talent", "talent twice", "cubes"):
        t = s.clone()
        day = t.players[0].guide[MON]
        assert day is not None
        if change == "deal":  # sound
            t.players[1].shows.append(t.show_deck.pop())
        elif change == "lose":
            t.show_deck.pop()
        elif change == "twice":
            t.players[1].talents.append(t.tal_deck[0])
        elif change == "talent":  # a talent from the deck onto the show, without its cube row
            day.talents.append(t.tal_deck.pop())
        elif change == "talent twice":
            day.talents.append(t.tal_deck[0])
        else:
            day.cubes.append([])
        assert card_problems(t, was) == card_problems(t), change
        assert guide_problems(t, was) == guide_problems(t), change
        assert (card_problems(t) + guide_problems(t) == []) == (change == "deal"), change


def _plant(s: PTState, which: int) -> None:
    """A change after an option: a show lost, a talent twice, a cube recoloured, a cube more, a talent onto a show, none."""
    days = [sl for pl in s.players for sl in pl.guide if sl is not None]
    if which == 0 and s.show_deck:
        s.show_deck.pop()
    elif which == 1 and s.tal_deck:
        s.players[0].talents.append(s.tal_deck[0])
    elif which == 2:
        cubes = [row for sl in days for row in sl.cubes if row]
        if cubes:
            cubes[0][0] = 5 if cubes[0][0] != 5 else 0
    elif which == 3:
        s.bag[0] += 1
    elif which == 4 and days and s.tal_deck:
        days[0].talents.append(s.tal_deck.pop())


def test_pt_comp_checks_against_the_decisions_state_find_what_the_full_checks_find() -> None:
    """PT-COMP-05, PT-BCAST-06/07, PT-ANAT-06: the states after the options are checked against the decision's state
    (only what changed); along a seeded game, with changes planted after every option, that finds what checking
    everything finds."""
    from primetime.games.prime_time.invariants import before, invariants

    s = fresh(3, seed=5)
    rng = Rng(7)
    found = 0
    for _ in range(80):
        was = before(s)
        keys = RS.legal_keys(s)
        for i, key in enumerate(keys):
            child = RS.clone(s)
            RS.apply_key(child, key)
            _plant(child, i % 6)
            full = invariants(RS, child)
            assert invariants(RS, child, was) == full, key
            found += bool(full)
        RS.apply_key(s, keys[rng.below(len(keys))])
        if RS.is_over(s):
            break
    assert found > 20


# ----------------------------------------------------------------------------- TV Guides


def test_pt_bcast_06_07_talents_only_on_series_and_one_of_each_type() -> None:
    """PT-BCAST-06: no talents on a Single Show; PT-BCAST-07: at most one talent of each type on a show."""
    s = started()
    put(s, 0, MON, "SH-01", talents=["TA-01"])  # a Series with a Cast talent
    assert PLUGIN.invariants(RS, s) == []
    put(s, 0, TUE, "SH-13", talents=["TA-07"])  # a Single Show
    assert PLUGIN.invariants(RS, s) == ["guide: player 0's Tuesday has talents on a Single Show or Re-Run (PT-BCAST-06)"]
    put(s, 0, TUE, "SH-13")
    put(s, 0, MON, "SH-01", talents=["TA-01", "TA-07"])  # two Cast talents
    assert "guide: player 0's Monday has two talents of one type (PT-BCAST-07)" in PLUGIN.invariants(RS, s)


def test_pt_anat_06_a_cube_only_on_a_space_of_its_colour_unless_black() -> None:
    """PT-ANAT-06: a cube goes only on an empty space of its colour; a black cube on any space."""
    s = started()
    first = COLOURS[CAT.spaces[CAT.by_id["SH-01"]][0]]
    other = next(c for c in COLOURS[:5] if c != first)
    put(s, 0, MON, "SH-01", cubes={"show": [first]})
    put(s, 0, TUE, "SH-43", cubes={"show": ["black"]})
    assert PLUGIN.invariants(RS, s) == []
    put(s, 0, MON, "SH-01", cubes={"show": [other]})
    assert PLUGIN.invariants(RS, s) == ["guide: player 0's Monday holds a cube on a space of another colour (PT-ANAT-06)"]


# ----------------------------------------------------------------------------- cash and scores


def play(n: int, seed: int, picks: list[int] | None = None, options: dict[str, Any] | None = None,
         check: Any = None, steps: int | None = None) -> PTState:
    """A game of ``steps`` decisions (all of it if None): decision ``i`` takes option ``picks[i]`` (modulo the
    number of options) while there are picks, then a seeded random one; ``check(state, step)`` is called at
    every decision and at the end."""
    s = RS.new_state(RS.validate_options({"log": False, **(options or {})}, n), seed, n)
    rng = Rng(seed)
    picks = picks or []
    step = 0
    while not RS.is_over(s) and (steps is None or step < steps):
        if check is not None:
            check(s, step)
        keys = RS.legal_keys(s)
        RS.apply_key(s, keys[(picks[step] if step < len(picks) else rng.below(len(keys))) % len(keys)])
        step += 1
    if check is not None:
        check(s, step)
    return s


def test_pt_end_vp_are_the_sum_of_their_sources_and_the_result_adds_up() -> None:
    """PT-END-02/05..08: VP = the sum of their sources; cash part = (cash - bonds) / $3; the best totals win."""
    s = play(3, 2, options={"bonds": True})
    assert s.final is not None and PLUGIN.invariants(RS, s) == []
    s.final["players"][0]["cash"] += 1
    s.players[1].vp += 1
    s.final["winners"] = [p for p in range(3) if p not in s.final["winners"]]  # the others
    found = PLUGIN.invariants(RS, s)
    assert any("player 0's cash part" in p and "PT-END-02/08" in p for p in found)
    assert any(p.startswith("scores: player 1 has") for p in found)
    assert any("the winners" in p and "PT-END-05..07" in p for p in found)


# ----------------------------------------------------------------------------- options and hidden information


class NoAmount(PrimeTimeRuleset):
    """A bid whose amount step offers nothing."""

    def legal_keys(self, s: PTState) -> list[str]:
        return [] if s.stack and s.stack[-1][0] == "amount" else super().legal_keys(s)


def test_pt_bid_an_offered_bid_must_have_an_amount() -> None:
    """PT-BID-01..07: a bidding space is offered only if some bid can be placed on it."""
    s = started()
    found = PLUGIN.option_checks(NoAmount(), s)
    bids = [k for k in RS.legal_keys(s) if k.startswith("bid:")]
    assert bids and sorted(k for k, _ in found) == sorted(bids)
    assert all(p.startswith("completable:") for _, p in found)
    assert PLUGIN.option_checks(RS, s) == []


class PeekingView(PrimeTimeRuleset):
    def view(self, s: PTState, viewer: int | None) -> dict[str, Any]:
        v = super().view(s, viewer)
        v["rival_hands"] = [sorted(pl.shows) for q, pl in enumerate(s.players) if q != viewer]  # PT-PSETUP-07
        return v


class LossyDeterminization(PrimeTimeRuleset):
    def determinize(self, s: PTState, viewer: int, rng: Any) -> PTState:
        d = super().determinize(s, viewer, rng)
        d.tal_deck.pop()
        return d


@pytest.mark.parametrize(("ruleset", "words"), [
    (PeekingView(), "hidden: the view of seat 0 changes when only what seat 0 cannot see changes, at rival_hands"),
    (LossyDeterminization(), "hidden: the determinization for seat 0 breaks an invariant: cards: 1 card(s) are nowhere"),
])
def test_pt_psetup_07_what_a_seat_cannot_see_changes_nothing_it_sees(ruleset: PrimeTimeRuleset, words: str) -> None:
    """PT-PSETUP-07: the others' hands are hidden; nothing a seat sees or is dealt may depend on them."""
    found = [p for seed in range(4) for p in PLUGIN.hidden_checks(ruleset, started(3, seed), 0, seed)]
    assert any(words in p for p in found), found
    assert all(PLUGIN.hidden_checks(RS, started(3, seed), 0, seed) == [] for seed in range(4))


def test_pt_sim_02_the_view_hides_what_a_rival_schedules_behind_the_screen() -> None:
    """PT-SIM-02: PT-SIM-01/02: while schedules are built in secret, the others see every guide as it stood before."""
    s = RS.new_state(RS.validate_options({"log": True, "simultaneous": True}, 3), 6, 3)
    rng = Rng(6)
    while not (s.stack and s.stack[-1][0] == "sched" and s.players[s.stack[-1][1]].shows):
        RS.apply_key(s, rng.choice(RS.legal_keys(s)))
    q = s.stack[-1][1]
    show = next(k for k in RS.legal_keys(s) if k.startswith("show:"))
    RS.apply_key(s, show)  # q schedules a show behind the screen
    seat = (q + 1) % 3
    found = PLUGIN.hidden_checks(RS, s, seat, 3)
    assert not any("the view of seat" in p for p in found), found


# ----------------------------------------------------------------------------- properties

Game = tuple[int, dict[str, Any], int, int, list[int]]  # players, options, seed, decisions, option indexes
PROPERTY = settings(derandomize=True, max_examples=25, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow], print_blob=False)


@st.composite
def games(draw: Any, simultaneous: bool | None = None, max_steps: int = 400) -> Game:
    """A player count, options (Simultaneous Scheduling as asked, or either), a seed, a number of decisions and the
    option indexes to take (then seeded random ones): Hypothesis shrinks a failing game to fewer decisions and smaller indexes."""
    n = draw(st.integers(2, 4))
    sets = [o for o in option_sets("prime-time", n) if simultaneous is None or o["simultaneous"] == simultaneous]
    options = draw(st.sampled_from(sets))
    seed = draw(st.integers(0, 100_000))
    steps = draw(st.integers(0, max_steps))
    picks = draw(st.lists(st.integers(0, 1_000), max_size=steps))
    return n, options, seed, steps, picks


def assert_along(game: Game, every: int, test: Any, family: set[str]) -> None:
    n, options, seed, steps, picks = game
    seen: list[str] = []

    def check(s: PTState, step: int) -> None:
        if not seen and step % every == 0:
            seen.extend(p for p in test(s, step) if names([p]) & family)

    play(n, seed, picks, options, check, steps)
    assert not seen, seen[0]


@PROPERTY
@given(games())
def test_property_cards_guides_cash_and_scores_hold_at_every_decision(game: Game) -> None:
    """PT-COMP-05, PT-BCAST-05..07, PT-ANAT-06, PT-BOND-02, PT-END-02..08: the state invariants at every decision."""
    assert_along(game, 1, lambda s, i: PLUGIN.invariants(RS, s), {"cards", "guide", "cash", "scores"})


@PROPERTY
@given(games())
def test_property_every_offered_option_can_be_completed(game: Game) -> None:
    """Every option offered (a bid's amount, Public Relations, the picks of a schedule) can be completed."""
    assert_along(game, 2, lambda s, i: [p for _, p in PLUGIN.option_checks(RS, s)], {"completable", "cards", "guide", "cash"})


@PROPERTY
@given(games(simultaneous=False))
def test_property_what_a_seat_cannot_see_changes_nothing_it_sees(game: Game) -> None:
    """PT-PSETUP-07: views and determinizations do not depend on hidden hands, decks or the random generator."""
    n = game[0]
    assert_along(game, 5, lambda s, i: PLUGIN.hidden_checks(RS, s, (i // 5) % n, i), {"hidden"})


@PROPERTY
@given(games(simultaneous=True))
def test_property_what_a_seat_cannot_see_changes_nothing_it_sees_behind_the_screens(
        game: Game) -> None:
    """PT-SIM-01/02: under Simultaneous Scheduling too, nothing a seat sees or is dealt depends on the others' screens."""
    n = game[0]
    assert_along(game, 3, lambda s, i: PLUGIN.hidden_checks(RS, s, (i // 3) % n, i), {"hidden"})
