"""The invariants The Networks checks about itself (games/networks/invariants.py, through the plugin).

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
from primetime.games.networks.invariants import target_problem
from primetime.games.networks.ruleset import NetworksRuleset
from primetime.games.networks.state import NetState
from primetime.sim.check import option_sets

from .helpers import AD, CAT, PRIME, STAR, fresh, put_show, ref, scenario, set_turn, to_display, to_green

PLUGIN = get_plugin("networks")
RS = NetworksRuleset()


def names(problems: list[str] | list[tuple[str, str]]) -> set[str]:
    return {(p[1] if isinstance(p, tuple) else p).split(":", 1)[0] for p in problems}


# ----------------------------------------------------------------------------- a new game


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("pilot", ["normal", "simplified"])
def test_a_new_game_keeps_every_invariant(n: int, pilot: str) -> None:
    """NET-SETUP / NET-PILOT-10: at the first decision (Pilot Season or round 1) every invariant holds."""
    s = fresh(n, seed=3, pilot=pilot)
    assert PLUGIN.invariants(RS, s) == []
    assert PLUGIN.option_checks(RS, s) == []
    for seat in range(n):
        assert PLUGIN.hidden_checks(RS, s, seat, 11) == []


# ----------------------------------------------------------------------------- cards


def test_net_comp_every_card_is_in_exactly_one_place() -> None:
    """NET-COMP-02..08: the catalogue's cards, counted by id, each lie in exactly one place."""
    s = scenario()
    star = s.decks[STAR][-1]
    s.display[STAR].append(star)  # now in the deck and the display
    found = PLUGIN.invariants(RS, s)
    assert found == [f"cards: {CAT.cards[star].id} is in 2 places (the star deck, the star display)"]
    s.decks[STAR].pop()
    s.display[STAR].pop()  # now nowhere
    assert PLUGIN.invariants(RS, s) == [f"cards: 1 card(s) are nowhere: {CAT.cards[star].id}"]


class LosesACard(NetworksRuleset):
    """Taking the first offered key also loses the star deck's top card, or puts it in the box as well."""

    def __init__(self, duplicate: bool = False) -> None:
        self.duplicate = duplicate

    def apply_key(self, s: NetState, key: str) -> None:  # type: ignore[override]
        first = super().legal_keys(s)[0]
        super().apply_key(s, key)
        if key == first:
            star = s.decks[STAR][-1] if self.duplicate else s.decks[STAR].pop()
            s.box = s.box + [star] if self.duplicate else s.box


@pytest.mark.parametrize("duplicate", [False, True])
def test_net_comp_an_option_that_loses_or_duplicates_a_card_is_named(duplicate: bool) -> None:
    """NET-COMP-02..08: the state right after each offered option keeps every card in one place (the
    options' states are counted by the piles that changed since the decision, which must say the same)."""
    s = scenario()
    rs = LosesACard(duplicate)
    first = rs.legal_keys(s)[0]
    star = CAT.cards[s.decks[STAR][-1]].id
    found = [(k, p) for k, p in PLUGIN.option_checks(rs, s) if p.startswith("cards")]
    want = f"cards: {star} is in 2 places (the star deck, the box)" if duplicate else f"cards: 1 card(s) are nowhere: {star}"
    assert found == [(first, want)]


def test_net_comp_counting_the_changed_piles_says_what_counting_every_card_says() -> None:
    """NET-COMP-02..08, NET-ATT-04: the checks against the state before an option (only the piles and shows that
    changed) and the full checks agree."""
    from primetime.games.networks.invariants import card_problems, fine_shows, lineup_problems, piles

    s = scenario()
    slot = next(i for i, sh in enumerate(s.players[0].lineup) if sh is not None)  # a pilot
    before = piles(s)
    for change in ("move", "lose", "twice", "attach", "lineup"):
        t = s.clone()
        if change == "move":  # a star from the deck to the display: sound
            t.display[STAR] = t.display[STAR] + [t.decks[STAR].pop()]
        elif change == "lose":
            t.decks[STAR].pop()
        elif change == "twice":
            t.limbo = t.limbo + [t.decks[STAR][0]]
        elif change == "attach":  # a star from the deck onto a lineup show: sound
            sh = t.players[0].own(slot)
            assert sh is not None
            sh.atts = (*sh.atts, (t.decks[STAR].pop(), False))
        else:  # a lineup show that holds a card of the deck as well
            sh = t.players[0].own(slot)
            assert sh is not None
            sh.atts = (*sh.atts, (t.decks[STAR][0], False))
        assert card_problems(t, before) == card_problems(t), change
        assert (card_problems(t) == []) == (change in ("move", "attach")), change
        assert lineup_problems(t, fine_shows(s)) == lineup_problems(t), change
        sh = t.players[0].own(slot)
        assert sh is not None
        sh.atts = sh.atts + tuple((c, False) for c in t.decks[STAR][:6])  # more stars than the slots take
        assert lineup_problems(t, fine_shows(s)) == lineup_problems(t) != [], change


def _plant(s: NetState, which: int) -> None:
    """A change after an option: a star lost, a star twice, three more stars on a show, two cards swapped (sound), none."""
    deck = s.decks[STAR]
    if which == 0 and deck:
        deck.pop()
    elif which == 1 and deck:
        s.box = s.box + [deck[0]]
    elif which == 2 and deck:
        slot = next((i for i, sh in enumerate(s.players[0].lineup) if sh is not None), None)
        sh = s.players[0].own(slot) if slot is not None else None
        if sh is not None:
            sh.atts = sh.atts + tuple((c, False) for c in deck[:3])
    elif which == 3 and deck and s.decks[AD]:
        a, b = s.decks[AD].pop(), deck.pop()
        s.decks[AD].append(b)
        deck.append(a)


def test_net_comp_checks_against_the_decisions_state_find_what_the_full_checks_find() -> None:
    """NET-COMP-02..08, NET-ATT-04: the states after the options are checked against the decision's state (only what
    changed); along a seeded game, with changes planted after every option, that finds what checking everything finds."""
    from primetime.games.networks.invariants import fine_shows, invariants, piles

    s = fresh(4, seed=5)
    rng = Rng(7)
    found = 0
    for _ in range(60):
        before, fine = piles(s), fine_shows(s)
        keys = RS.legal_keys(s)
        for i, key in enumerate(keys):
            child = RS.clone(s)
            RS.apply_key(child, key)
            _plant(child, i % 5)
            full = invariants(RS, child)
            assert invariants(RS, child, before, fine) == full, key
            found += bool(full)
        RS.apply_key(s, keys[rng.below(len(keys))])
        if RS.is_over(s):
            break
    assert found > 20


# ----------------------------------------------------------------------------- slots


def test_net_card_19_brand_ambassadors_extra_ad_is_counted_explicitly() -> None:
    """NET-CARD-19: a show may hold one ad more than its slots while Brand Ambassador is on it; NET-ATT-04 otherwise."""
    s = scenario()
    put_show(s, 0, PRIME, "Star Trucks", atts=["Brand Ambassador", "Snackwave Chips", "MegaMart"])  # 1 star, 1 wild slot
    assert PLUGIN.invariants(RS, s) == []
    sh = s.players[0].lineup[PRIME]
    assert sh is not None
    sh.atts = tuple(a for a in sh.atts if a[0] != ref("Brand Ambassador"))
    s.discards[STAR].append(ref("Brand Ambassador"))
    (problem,) = PLUGIN.invariants(RS, s)
    assert problem.startswith("slots: Star Trucks (player 0, slot 1) holds 0 star(s) (0 flex) and 2 ad(s), more than its slots take")


def test_net_att_13_an_empty_required_slot_needs_an_exemption() -> None:
    """NET-ATT-13 / NET-PROD-04: a lineup show's required slots are filled unless Sponsored Content or Spinoff exempted it."""
    s = scenario()
    sh = put_show(s, 0, PRIME, "Normal Stuff")  # 1 required star
    assert sh is not None
    (problem,) = PLUGIN.invariants(RS, s)
    assert "has an empty required slot" in problem and "NET-ATT-13" in problem
    sh.ignore_req = True
    assert PLUGIN.invariants(RS, s) == []


def test_net_card_22_a_flex_star_may_fill_an_ad_slot() -> None:
    """NET-CARD-22/23: Famously Famous counts as a star but may take an empty ad slot."""
    s = scenario()
    put_show(s, 0, PRIME, "SportsEdges", atts=["Famously Famous", "Fierce Drag Queen"])  # 1 star + 1 ad slot
    assert PLUGIN.invariants(RS, s) == []


# ----------------------------------------------------------------------------- Add/Replace targets


def test_net_att_03_04_replacing_with_the_other_type_needs_a_wild_slot() -> None:
    """NET-ATT-03: replace an attached card of the same type; NET-ATT-04: the other type only on a show with a wild slot."""
    s = scenario()
    put_show(s, 0, PRIME, "SportsEdges", atts=["Sidekick Sid"])  # 1 star + 1 ad slot, no wild
    put_show(s, 0, 0, "Star Trucks", atts=["Midnight Mona"])  # 1 star + 1 wild slot
    ad, flex = to_green(s, 0, "Snackwave Chips", "Famously Famous")
    sid, mona = ref("Sidekick Sid"), ref("Midnight Mona")
    problem = target_problem(s, 0, ad, f"rep:{PRIME}:{sid}")
    assert problem is not None and "which has no wild slot (NET-ATT-03/04)" in problem
    assert target_problem(s, 0, ad, f"to:{PRIME}") is None  # the ad slot is free
    assert target_problem(s, 0, ad, f"rep:0:{mona}") is None  # the ad goes into the wild slot
    assert target_problem(s, 0, flex, f"rep:{PRIME}:{sid}") is None  # a star for a star


def test_net_att_05_a_replacement_must_leave_a_set_the_slots_can_hold() -> None:
    """NET-ATT-05: a show with a wild slot holding 1 star + 1 ad: the ad may give way to a star, not the star to an ad."""
    s = scenario()
    put_show(s, 0, PRIME, "Star Trucks", atts=["Midnight Mona", "Snackwave Chips"])  # 1 star slot + 1 wild, no ad slot
    star, ad = to_green(s, 0, "Sidekick Sid", "MegaMart")
    assert target_problem(s, 0, star, f"rep:{PRIME}:{ref('Snackwave Chips')}") is None
    problem = target_problem(s, 0, ad, f"rep:{PRIME}:{ref('Midnight Mona')}")
    assert problem is not None and "more than its slots take" in problem


# ----------------------------------------------------------------------------- options, order, hidden information


class DeadEnd(NetworksRuleset):
    """A production that can never be finished: its attachment step offers only abort."""

    def legal_keys(self, s: NetState) -> list[str]:  # type: ignore[override]
        return ["abort"] if s.stack and s.stack[-1][0] == "prod_att" else super().legal_keys(s)


def test_net_prod_02_an_offered_production_that_only_aborts_is_named() -> None:
    """NET-PROD-02: a show may be taken only if every production step can be completed."""
    s = scenario()
    (show,) = to_display(s, "SportsEdges")
    found = PLUGIN.option_checks(DeadEnd(), s)
    assert (f"show:{show}", f"completable: every continuation of 'show:{show}' by player 0 dead-ends in a decision "
                           f"offering nothing or only 'abort' (NET-PROD-02)") in found
    assert PLUGIN.option_checks(RS, s) == []


class OrderSensitive(NetworksRuleset):
    """Passing for cash is offered only when the green room's first card has the lower id."""

    def legal_keys(self, s: NetState) -> list[str]:  # type: ignore[override]
        keys = super().legal_keys(s)
        green = s.players[s.stack[-1][1]].green if s.stack else ()
        return [k for k in keys if k != "pass:cash" or len(green) < 2 or green[0] < green[-1]]


def test_net_prod_02_options_do_not_depend_on_the_green_rooms_order() -> None:
    """NET-PROD-02: The green room is a set: the same cards in another order offer the same options."""
    s = scenario()
    to_green(s, 0, "Sidekick Sid", "Snackwave Chips")
    assert PLUGIN.option_checks(RS, s) == []
    found = PLUGIN.option_checks(OrderSensitive(), s)
    assert [k for k, p in found if p.startswith("order:")] == ["pass:cash"]


class PeekingView(NetworksRuleset):
    def view(self, s: NetState, viewer: int | None) -> dict[str, Any]:
        v = super().view(s, viewer)
        v["next_star"] = s.decks[STAR][-1]  # deck order: nobody may see it
        return v


class LossyDeterminization(NetworksRuleset):
    def determinize(self, s: NetState, viewer: int, rng: Any) -> NetState:
        d = super().determinize(s, viewer, rng)
        d.decks[STAR].pop()  # a card vanishes
        return d


class KnowingDeterminization(NetworksRuleset):
    def determinize(self, s: NetState, viewer: int, rng: Any) -> NetState:
        d = super().determinize(s, viewer, rng)
        d.players[viewer].cash += s.decks[STAR][-1] % 2  # what the seat sees depends on deck order
        return d


@pytest.mark.parametrize(("ruleset", "words"), [
    (PeekingView(), "hidden: the view of seat 1 changes when only what seat 1 cannot see changes, at next_star"),
    (LossyDeterminization(), "hidden: the determinization for seat 1 breaks an invariant: cards: 1 card(s) are nowhere"),
    (KnowingDeterminization(), "hidden: the determinization for seat 1"),
])
def test_net_pilot_10_what_a_seat_cannot_see_changes_nothing_it_sees(ruleset: NetworksRuleset, words: str) -> None:
    """NET-PILOT-10 / NET-UI-15: views and determinizations do not depend on deck order or other hidden parts."""
    found: list[str] = []
    for seed in range(6):  # the peeking differences depend on the shuffle drawn
        s = scenario(n=3, seed=seed)
        set_turn(s, 0)
        found += PLUGIN.hidden_checks(ruleset, s, 1, seed)
    assert any(words in p for p in found), found
    assert all(PLUGIN.hidden_checks(RS, scenario(n=3, seed=seed), 1, seed) == [] for seed in range(6))


# ----------------------------------------------------------------------------- positions the checker found
# Each was a deviation the checker found (NET-PROD-02, NET-PROD-03, NET-NETC-03, NET-CARD-19, NET-ATT-04): the invariant holds there now.


def test_net_prod_02_a_sponsored_content_production_with_industry_veteran_can_be_completed() -> None:
    """NET-PROD-02 / NET-CARD-10/25: $2M, an ads-only show costing $3M, Sponsored Content and Industry Veteran in the
    green room: the show is offered, so the production must be completable without abort."""
    s = scenario(cash=2)
    to_display(s, "Flounder Tank")
    to_green(s, 0, "Sponsored Content", "Industry Veteran")
    assert [p for _, p in PLUGIN.option_checks(RS, s) if p.startswith("completable")] == []


def test_net_card_25_a_show_producible_with_industry_veteran_is_offered_in_any_order() -> None:
    """NET-CARD-25: A show producible with industry veteran is offered in any order."""
    s = scenario(cash=2)
    (show,) = to_display(s, "24 Minutes")  # $5M, 1 required star
    to_green(s, 0, "Morning Glory Bright", "Creative Accounting", "Industry Veteran")
    assert f"show:{show}" in RS.legal_keys(s)
    assert [p for _, p in PLUGIN.option_checks(RS, s) if p.startswith("order")] == []


def test_net_netc_03_both_row_refreshes_are_offered() -> None:
    """NET-NETC-03/04: Recasting and Ad Sales Blitz share an effect but refresh different rows: both are offered."""
    s = scenario()
    to_green(s, 0, "Recasting", "Ad Sales Blitz")
    assert [p for _, p in PLUGIN.option_checks(RS, s) if p.startswith("order")] == []


def test_net_card_19_spinoff_of_brand_ambassador_keeps_the_ads_on_legal_slots() -> None:
    """NET-CARD-19: Spinoff of brand ambassador keeps the ads on legal slots."""
    s = scenario()
    put_show(s, 0, PRIME, "Star Trucks", atts=["Brand Ambassador", "Snackwave Chips", "MegaMart"])
    (spinoff,) = to_green(s, 0, "Spinoff")
    RS.apply_key(s, f"use:{spinoff}")
    assert s.stack[-1][2] == "spinoff"
    assert [p for _, p in PLUGIN.option_checks(RS, s) if p.startswith("slots")] == []


def test_net_att_04_no_ad_is_offered_in_place_of_a_star_without_a_wild_slot() -> None:
    """NET-ATT-04: No ad is offered in place of a star without a wild slot."""
    s = scenario()
    put_show(s, 0, PRIME, "SportsEdges", atts=["Sidekick Sid"])
    (ad,) = to_green(s, 0, "Snackwave Chips")
    RS.apply_key(s, f"attach:{ad}")
    assert s.stack[-1][0] == "att_target"
    assert [p for _, p in PLUGIN.option_checks(RS, s) if p.startswith("replace")] == []


# ----------------------------------------------------------------------------- scores


def play(n: int, seed: int, picks: list[int] | None = None, options: dict[str, Any] | None = None,
         check: Any = None, steps: int | None = None) -> NetState:
    """A game of ``steps`` decisions (all of it if None): decision ``i`` takes option ``picks[i]`` (modulo the
    number of options) while there are picks, then a seeded random one; ``check(state, step)`` is called at
    every decision and at the end."""
    s = RS.new_state(RS.validate_options(dict(options or {}), n), seed, n)
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


def test_net_end_06_a_final_results_parts_add_up_to_its_totals() -> None:
    """NET-END-06: NET-END-02..06: rounds + bonuses = total, cash bonus = $ / 3, the best totals win."""
    s = play(3, 5)
    assert s.final is not None and PLUGIN.invariants(RS, s) == []
    row = s.final["players"][1]
    row["total"] += 1
    row["cash"] += 1
    found = PLUGIN.invariants(RS, s)
    assert any("is not rounds" in p and "NET-END-06" in p for p in found)
    assert any("cash bonus" in p and "NET-END-05" in p for p in found)
    s.players[0].cash = -1
    assert "cash: player 0 has $-1M" in PLUGIN.invariants(RS, s)


# ----------------------------------------------------------------------------- properties

Game = tuple[int, dict[str, Any], int, int, list[int]]  # players, options, seed, decisions, option indexes
PROPERTY = settings(derandomize=True, max_examples=25, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow], print_blob=False)


@st.composite
def games(draw: Any, max_steps: int = 300) -> Game:
    """A player count, options valid for it, a seed, a number of decisions and the option indexes to take
    (then seeded random ones): Hypothesis shrinks a failing game to fewer decisions and smaller indexes."""
    n = draw(st.integers(1, 5))
    options = draw(st.sampled_from(option_sets("networks", n)))
    seed = draw(st.integers(0, 100_000))
    steps = draw(st.integers(0, max_steps))
    picks = draw(st.lists(st.integers(0, 1_000), max_size=steps))
    return n, options, seed, steps, picks


def assert_along(game: Game, every: int, test: Any, family: set[str]) -> None:
    n, options, seed, steps, picks = game
    seen: list[str] = []

    def check(s: NetState, step: int) -> None:
        if not seen and step % every == 0:
            got = test(s, step)
            seen.extend(p for p in got if names([p]) & family)

    play(n, seed, picks, options, check, steps)
    assert not seen, seen[0]


@PROPERTY
@given(games())
def test_property_cards_slots_cash_and_scores_hold_at_every_decision(game: Game) -> None:
    """NET-COMP, NET-ATT-04, NET-CARD-19, NET-END-06: the state invariants at every decision."""
    assert_along(game, 1, lambda s, i: PLUGIN.invariants(RS, s), {"cards", "slots", "cash", "scores"})


@PROPERTY
@given(games())
def test_property_every_offered_option_can_be_completed(game: Game) -> None:
    """NET-PROD-02: every option offered can be completed without abort (and leads to a sound state)."""
    assert_along(game, 3, lambda s, i: [p for _, p in PLUGIN.option_checks(RS, s)], {"completable", "cards", "cash"})


@PROPERTY
@given(games(max_steps=600))
def test_property_offered_replacements_keep_attachments_on_legal_slots(game: Game) -> None:
    """NET-ATT-03/04/05/09, NET-CARD-19: every offered Add/Replace (and Spinoff) leaves the attachments on legal slots."""
    assert_along(game, 1, lambda s, i: [p for _, p in PLUGIN.option_checks(RS, s)], {"replace", "slots"})


@PROPERTY
@given(games())
def test_property_options_do_not_depend_on_the_green_rooms_order(game: Game) -> None:
    """NET-PROD-02: the options offered are the same whatever the order of the decider's green room."""
    assert_along(game, 1, lambda s, i: [p for _, p in PLUGIN.option_checks(RS, s)], {"order"})


@PROPERTY
@given(games(max_steps=200))
def test_property_what_a_seat_cannot_see_changes_nothing_it_sees(game: Game) -> None:
    """NET-PILOT-10 / NET-UI-15: views and determinizations do not depend on hidden parts, for every seat."""
    n = game[0]
    assert_along(game, 7, lambda s, i: PLUGIN.hidden_checks(RS, s, (i // 7) % n, i), {"hidden"})
