"""core.game.choice_points: the loop of the match, training and fitting scripts over a game's real choices."""

from __future__ import annotations

import pytest

from primetime.core.game import choice_points, get_ruleset
from primetime.core.rng import Rng


@pytest.mark.parametrize("game", ["networks", "prime-time"])
def test_it_yields_every_real_choice_and_applies_the_forced_ones(game: str) -> None:
    rs = get_ruleset(game)
    opts = rs.validate_options({"log": False}, 3)
    # the plain loop, recording the decisions with a choice
    plain, state = [], rs.new_state(opts, 11, 3)
    below = Rng(5).below
    while not rs.is_over(state):
        keys = rs.legal_keys(state)
        if len(keys) > 1:
            key = keys[below(len(keys))]
            plain.append((rs.current_player(state), keys, key))
        else:
            key = keys[0]
        rs.apply_key(state, key)
    # the same draws through choice_points give the same choices and the same end
    seen, other = [], rs.new_state(opts, 11, 3)
    below = Rng(5).below
    for p, keys in choice_points(rs, other):
        key = keys[below(len(keys))]
        seen.append((p, keys, key))
        rs.apply_key(other, key)
    assert seen == plain and len(plain) > 50
    assert rs.is_over(other) and rs.scores(other) == rs.scores(state)


def test_it_stops_after_the_limit() -> None:
    rs = get_ruleset("prime-time")
    state = rs.new_state(rs.validate_options({"log": False}, 2), 3, 2)
    n = 0
    for _p, keys in choice_points(rs, state, limit=7):
        assert len(keys) > 1
        rs.apply_key(state, keys[-1])
        n += 1
    assert n == 7 and not rs.is_over(state)
