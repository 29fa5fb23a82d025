"""The encoders keep parts of the observation between calls (The Networks' display and discard planes
and option entries, Prime Time's discards plane): what they hand out must be what an encoder that
kept nothing would, at every decision of seeded random games, for every seat, with the modules on."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("gymnasium", reason="the rl extra (gymnasium, pettingzoo) is not installed: pip install -e '.[rl]'")
pytest.importorskip("pettingzoo", reason="the rl extra (gymnasium, pettingzoo) is not installed: pip install -e '.[rl]'")

import numpy as np  # noqa: E402

from primetime.core.rng import Rng  # noqa: E402
from primetime.envs import networks_v0, prime_time_v0  # noqa: E402

GAMES = [
    (networks_v0, 4, {}), (networks_v0, 3, {"telly_time": True, "moguls": True, "executives": True}),
    (networks_v0, 5, {"pilot": "simplified", "turn_order": "low_to_high"}), (networks_v0, 2, {"moguls": True}),
    (prime_time_v0, 4, {}), (prime_time_v0, 3, {"bonds": True, "simultaneous": True}),
]


@pytest.mark.parametrize(("module", "players", "options"), GAMES,
                         ids=[f"{m.__name__.rsplit('.', 1)[1]}-{n}p-{'+'.join(o) or 'base'}" for m, n, o in GAMES])
def test_what_is_kept_is_what_would_be_made_anew(module: Any, players: int, options: dict[str, Any]) -> None:
    env = module.env(players=players, **options)
    table = env.unwrapped.table
    fresh = type(table.encoding)()  # keeps nothing: forget() before every observation
    for game in range(2):
        rng = Rng(game)
        env.reset(seed=40 + game)
        for step, _agent in enumerate(env.agent_iter()):
            obs, _r, term, trunc, _i = env.last()
            seats = range(players) if step % 3 == 0 else [table.first_waiting()] if not term else []
            for seat in seats:
                hot, dense = table.encoding.observe(table.state, seat)
                fresh.forget()
                hot2, dense2 = fresh.observe(table.state, seat)
                assert hot == hot2 and dense == dense2, f"seat {seat}, step {step} of game {game}: a kept part is stale"
            if term or trunc:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.below(legal.size)]))
