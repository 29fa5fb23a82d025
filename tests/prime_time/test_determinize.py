"""Search bots resample hidden information: the viewer's view is unchanged (PT hidden-information rules)."""

from __future__ import annotations

import json

import pytest

from primetime.core import Game, Rng
from primetime.games.prime_time.rules.flow import apply, legal


@pytest.mark.parametrize("opts", [{}, {"simultaneous": True}, {"bonds": True}])
def test_determinize_keeps_the_viewers_view_and_plays_on(opts: dict[str, bool]) -> None:
    for seed in range(4):
        n = 2 + seed % 3
        game = Game.new("prime-time", n, seed=seed, options=opts)
        rng = Rng(seed)
        step = 0
        while not game.is_over():
            p = game.current_player()
            if step % 23 == 0 and p is not None:
                d = game.ruleset.determinize(game.state, p, Rng(seed * 1000 + step))
                v1, v2 = game.ruleset.view(game.state, p), game.ruleset.view(d, p)
                v1.pop("log", None), v2.pop("log", None)
                assert json.dumps(v1, sort_keys=True) == json.dumps(v2, sort_keys=True)
                r = Rng(step)
                while legal(d):
                    apply(d, r.choice(legal(d)))
            game.apply(None, rng.choice(game.legal_keys()))
            step += 1
