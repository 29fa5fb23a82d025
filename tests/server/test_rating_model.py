"""Issue item 7: the rating model is Plackett-Luce over the whole finishing order (server/rating.py),
not a two-player model stretched over five: what it computes is what the ``openskill`` library
computes, places come from the final result (ties, winners, leavers last), the number shown is
conservative and marked provisional at first."""

from __future__ import annotations

import math
from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from openskill.models import PlackettLuce

from primetime.server import rating
from primetime.server.rating import Skill, finishing_ranks, rate


def test_issue_item_7_a_four_player_table_with_a_tie_rates_as_the_library_does() -> None:
    """One update of all four players from the full order (seat 2 first, seats 0 and 3 tied second,
    seat 1 last), equal to openskill's PlackettLuce called directly with the same ranks."""
    before = [Skill(27.0, 6.0, 3), Skill(25.0, 25 / 3, 0), Skill(30.0, 4.0, 12), Skill(22.0, 7.5, 5)]
    result = {"players": [{"total": 50}, {"total": 41}, {"total": 63}, {"total": 50}], "winners": [2]}
    ranks = finishing_ranks(result)
    assert ranks == [1, 2, 0, 1]
    got = rate(before, ranks)
    model = PlackettLuce()  # the library's defaults: mu 25, sigma 25/3, beta 25/6, tau 25/300
    want = model.rate([[model.rating(mu=s.mu, sigma=s.sigma)] for s in before], ranks=[1.0, 2.0, 0.0, 1.0])
    for g, w, b in zip(got, want, before, strict=True):
        assert g.mu == pytest.approx(w[0].mu, abs=1e-12) and g.sigma == pytest.approx(w[0].sigma, abs=1e-12)
        assert g.games == b.games + 1
    # not the pairwise reading: a tie is one place, the winner gains, the last loses
    assert got[2].mu > before[2].mu and got[1].mu < before[1].mu


def test_issue_item_7_places_from_the_result_winners_totals_ties_and_leavers() -> None:
    res = {"players": [{"total": 40}, {"total": 50}, {"total": 45}, {"total": 40}, {"total": 70}], "winners": [1]}
    # seat 4 (the best total) left the game: below everyone who stayed; seat 1 won on the rules' tie-break
    assert finishing_ranks(res, [4]) == [2, 0, 1, 2, 3]
    # two leavers: the first to leave (seat 0) ranks lowest, the second just above
    assert finishing_ranks(res, [0, 4]) == [4, 0, 1, 2, 3]
    # co-winners share the first place
    assert finishing_ranks({"players": [{"total": 9}, {"total": 9}, {"total": 3}], "winners": [0, 1]}) == [0, 0, 1]
    assert finishing_ranks({"players": [{"score": 1}]}) is None and finishing_ranks(None) is None


def test_issue_item_7_the_shown_number_is_conservative_and_provisional_at_first() -> None:
    new = Skill()
    assert new.shown == pytest.approx(1500.0) and new.provisional
    a, b = rate([Skill(), Skill()], [0, 1])
    assert a.shown > 1500 > b.shown and a.provisional and b.provisional
    # the number is mu - 3 sigma on the 30-points-per-unit scale
    assert a.shown == pytest.approx(1500 + 30 * (a.mu - 3 * a.sigma))
    seasoned = Skill(25.0, 2.0, rating.PROVISIONAL_GAMES)
    assert not seasoned.provisional and seasoned.shown == pytest.approx(1500 + 30 * 19)


def test_issue_item_6_a_weight_scales_every_change() -> None:
    """The farming damping: each player moves ``weight`` of the way, in mu and sigma; never below 0.1."""
    before = [Skill(), Skill(26.0, 5.0, 4), Skill(20.0, 7.0, 2)]
    full = rate(before, [0, 1, 2])
    tenth = rate(before, [0, 1, 2], 0.1)
    for b, f, t in zip(before, full, tenth, strict=True):
        assert t.mu - b.mu == pytest.approx(0.1 * (f.mu - b.mu)) and t.sigma - b.sigma == pytest.approx(0.1 * (f.sigma - b.sigma))
    assert rate(before, [0, 1, 2], 0.0) == tenth
    with pytest.raises(ValueError):
        rate([Skill()], [0])


@settings(max_examples=60, deadline=None, derandomize=True)
@given(mus=st.lists(st.floats(10, 40), min_size=3, max_size=5), data=st.data())
def test_issue_item_7_finishing_order_probabilities_add_up_to_one(mus: list[float], data: st.DataObject) -> None:
    """The benchmark's log-loss: the probabilities of every strict order sum to 1, and a tie is
    the sum of the orders that break it."""
    skills = [Skill(m, data.draw(st.floats(1, 8))) for m in mus]
    n = len(skills)
    total = sum(math.exp(rating.order_log_likelihood(skills, [perm.index(i) for i in range(n)])) for perm in permutations(range(n)))
    assert total == pytest.approx(1.0)
    tied = [0] * (n - 2) + [1, 1]
    split = [[0] * (n - 2) + [1, 2], [0] * (n - 2) + [2, 1]]
    assert rating.plackett_luce_log_likelihood([0.0] * n, [0] * n) == pytest.approx(0.0)
    assert math.exp(rating.order_log_likelihood(skills, tied)) == pytest.approx(
        sum(math.exp(rating.order_log_likelihood(skills, s)) for s in split), rel=1e-9)
