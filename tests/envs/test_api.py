"""Acceptance of issue 17, the API tests: PettingZoo's ``api_test`` and ``parallel_api_test`` for both
games at every player count, Gymnasium's ``check_env`` for every Gymnasium environment."""

from __future__ import annotations

import copy
import warnings

import numpy as np
import pytest

pytest.importorskip("gymnasium", reason="the rl extra (gymnasium, pettingzoo) is not installed: pip install -e '.[rl]'")
pytest.importorskip("pettingzoo", reason="the rl extra (gymnasium, pettingzoo) is not installed: pip install -e '.[rl]'")

import gymnasium as gym  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, parallel_api_test  # noqa: E402

import primetime.envs  # noqa: E402
from primetime.envs import networks_v0, prime_time_v0  # noqa: E402

GAMES = [(networks_v0, n, {}) for n in range(2, 6)] + [(networks_v0, 3, {"telly_time": True, "moguls": True, "executives": True})]
GAMES += [(prime_time_v0, n, {}) for n in range(2, 5)] + [(prime_time_v0, 3, {"bonds": True, "simultaneous": True})]
IDS = [f"{m.__name__.rsplit('.', 1)[1]}-{n}p{'-modules' if o else ''}" for m, n, o in GAMES]


@pytest.fixture(autouse=True)
def _quiet() -> None:
    # check_env sends unmasked random actions on purpose: each ends its episode with a warning
    warnings.filterwarnings("ignore", message=r"action \d+ .* is not legal")


@pytest.mark.parametrize(("module", "players", "options"), GAMES, ids=IDS)
def test_pettingzoo_api_test_passes(module, players, options) -> None:
    api_test(module.env(players=players, **options), num_cycles=1000)


@pytest.mark.parametrize(("module", "players", "options"), GAMES, ids=IDS)
def test_pettingzoo_parallel_api_test_passes(module, players, options) -> None:
    parallel_api_test(module.parallel_env(players=players, **options), num_cycles=1000)


@pytest.mark.parametrize(("name", "kwargs"), [
    ("NetworksSolo-v0", {}),
    ("NetworksSolo-v0", {"telly_time": True, "moguls": True, "executives": True}),
    ("NetworksVsBots-v0", {}),
    ("NetworksVsBots-v0", {"players": 2, "bots": "mcts:easy"}),
    ("PrimeTimeVsBots-v0", {}),
    ("PrimeTimeVsBots-v0", {"players": 3, "bots": "random,greedy", "simultaneous": True}),
])
def test_gymnasium_check_env_passes(name: str, kwargs: dict) -> None:
    env = gym.make(name, **kwargs)
    check_env(env.unwrapped)


def test_gymnasium_envs_are_registered_on_import() -> None:
    assert set(primetime.envs.GYM_ENVS) <= set(gym.registry)


def test_render_ansi_uses_the_terminal_renderer() -> None:
    env = networks_v0.env(players=2, render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    # a new game opens in Pilot Season, before round 1: the header names the phase, not a round
    assert "Pilot Season" in text and "Forecast" in text and "player_1" in text
    gym_env = gym.make("PrimeTimeVsBots-v0", players=2, bots="random", render_mode="ansi")
    gym_env.reset(seed=1)
    assert "Round" in gym_env.render()


@pytest.mark.parametrize(("make", "problem"), [
    (lambda: networks_v0.env(players=1), "2 to 5 players"),
    (lambda: prime_time_v0.env(players=5), "2 to 4 players"),
    (lambda: networks_v0.env(players=3, moguls="yes"), "true or false"),
    (lambda: networks_v0.env(players=3, card_set="/tmp/cards"), "standard cards"),
    (lambda: gym.make("NetworksVsBots-v0", bots="genius"), "unknown bot 'genius'"),
    (lambda: gym.make("PrimeTimeVsBots-v0", players=3, bots="random,random,random"), "one for each"),
    (lambda: gym.make("NetworksVsBots-v0", seat=7), "seat=7"),
    (lambda: networks_v0.env(players=2, render_mode="human"), "use 'ansi'"),
])
def test_a_bad_setting_is_refused_with_its_fix(make, problem: str) -> None:
    with pytest.raises(ValueError, match=problem):
        make()


@pytest.mark.parametrize("make", [lambda: gym.make("NetworksSolo-v0").unwrapped, lambda: networks_v0.env(players=3),
                                  lambda: prime_time_v0.parallel_env(players=2)], ids=["gymnasium", "aec", "parallel"])
def test_an_environment_not_yet_reset_can_be_deep_copied(make) -> None:
    env = make()
    twin = copy.deepcopy(env)
    for e in (env, twin):
        e.reset(seed=5)
    first = [e.table.observe(e.table.first_waiting()) for e in (env, twin)]
    assert np.array_equal(first[0], first[1]) and first[0] is not first[1]
