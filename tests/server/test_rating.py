"""Glicko-2 maths of earlier releases (server/rating_glicko.py, kept for the benchmark and the
recompute): Glickman's worked example, pairwise results of a multi-player table, and the symmetric
cases a rated table must satisfy.  The Plackett-Luce model of today: tests/server/test_rating_model.py."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from primetime.server.rating_glicko import Rating, pairwise_scores, rate_table, update


def test_glickman_worked_example() -> None:
    """"Example of the Glicko-2 system" (Glickman 2013): 1500/200/0.06 plays 1400/30 (win),
    1550/100 (loss) and 1700/300 (loss) with tau 0.5: 1464.06, 151.52, 0.05999."""
    got = update(Rating(1500, 200, 0.06), [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)])
    assert got.rating == pytest.approx(1464.06, abs=0.01)
    assert got.rd == pytest.approx(151.52, abs=0.01)
    assert got.vol == pytest.approx(0.05999, abs=0.00001)


def test_no_games_only_widens_the_deviation() -> None:
    got = update(Rating(1500, 200, 0.06), [])
    assert got.rating == 1500 and got.rd == pytest.approx(200.2714, abs=0.001)  # sqrt(200² + (0.06 × 173.7178)²) and got.vol == 0.06
    assert update(Rating(1500, 350, 0.06), []).rd == 350  # never above a new player's


def test_two_new_players_move_by_the_same_amount_in_opposite_directions() -> None:
    a, b = rate_table([Rating(), Rating()], [[0.5, 1.0], [0.0, 0.5]])
    assert a.rating > 1500 > b.rating
    assert a.rating - 1500 == pytest.approx(1500 - b.rating)
    assert a.rd == pytest.approx(b.rd) and a.rd < 350


def test_a_draw_between_equals_changes_no_rating() -> None:
    a, b = rate_table([Rating(1600, 80), Rating(1600, 80)], [[0.5, 0.5], [0.5, 0.5]])
    assert a.rating == pytest.approx(1600) and b.rating == pytest.approx(1600)


def test_an_upset_moves_more_than_an_expected_win() -> None:
    strong, weak = Rating(1800, 60), Rating(1400, 60)
    expected = rate_table([strong, weak], [[0.5, 1.0], [0.0, 0.5]])
    upset = rate_table([strong, weak], [[0.5, 0.0], [1.0, 0.5]])
    assert upset[1].rating - weak.rating > expected[0].rating - strong.rating > 0


def test_pairwise_scores_of_a_table() -> None:
    """Winners (tie-breaks included) beat everyone else and draw each other; the others are ordered by total."""
    res = {"players": [{"total": 40}, {"total": 50}, {"total": 45}, {"total": 40}], "winners": [1]}
    s = pairwise_scores(res)
    assert s == [[0.5, 0.0, 0.0, 0.5], [1.0, 0.5, 1.0, 1.0], [1.0, 0.0, 0.5, 1.0], [0.5, 0.0, 0.0, 0.5]]
    # a tie on total broken by the rules: the winner in the result wins the pair
    tie = pairwise_scores({"players": [{"total": 50}, {"total": 50}], "winners": [1]})
    assert tie == [[0.5, 0.0], [1.0, 0.5]]
    shared = pairwise_scores({"players": [{"total": 50}, {"total": 50}], "winners": [0, 1]})
    assert shared == [[0.5, 0.5], [0.5, 0.5]]
    assert pairwise_scores({"players": [{"score": 1}]}) is None


def test_a_four_player_table_is_rated_as_its_pairs() -> None:
    """The winner gains most, the last loses most, and the ratings of a table of new players stay centred."""
    res = {"players": [{"total": 40}, {"total": 50}, {"total": 45}, {"total": 30}], "winners": [1]}
    scores = pairwise_scores(res)
    assert scores is not None
    after = rate_table([Rating()] * 4, scores)
    order = sorted(range(4), key=lambda i: -after[i].rating)
    assert order == [1, 2, 0, 3]
    assert sum(r.rating for r in after) / 4 == pytest.approx(1500, abs=1e-6)


ratings = st.builds(Rating, st.floats(800, 2400), st.floats(30, 350), st.floats(0.03, 0.1))


@settings(max_examples=150, deadline=None, derandomize=True)
@given(me=ratings, other=ratings)
def test_a_win_never_lowers_and_a_loss_never_raises_a_rating(me: Rating, other: Rating) -> None:
    won = update(me, [(other, 1.0)])
    lost = update(me, [(other, 0.0)])
    assert lost.rating < me.rating < won.rating
    assert 0 < won.vol < 1 and 0 < lost.vol < 1


@settings(max_examples=100, deadline=None, derandomize=True)
@given(totals=st.lists(st.integers(0, 80), min_size=2, max_size=5), data=st.data())
def test_pairwise_scores_are_complementary(totals: list[int], data: st.DataObject) -> None:
    """Every pair's two scores add up to 1, and a player draws with themselves."""
    best = max(totals)
    winners = data.draw(st.sets(st.sampled_from([i for i, t in enumerate(totals) if t == best]), min_size=1))
    s = pairwise_scores({"players": [{"total": t} for t in totals], "winners": sorted(winners)})
    assert s is not None
    n = len(totals)
    assert all(s[i][j] + s[j][i] == 1.0 for i in range(n) for j in range(n))
