"""Acceptance of issue 17, the episodes: 200 seeded episodes per environment with random masked actions.

At every decision the action mask is not empty, it marks exactly the legal keys (each with its own
index); every few decisions a seat's observation and mask are compared with those of a state in
which only what the seat cannot see is re-dealt (the game's hidden-information variant, the one
``primetime check`` uses); every episode ends; and every episode is played again from its seed and
must be the same (actions, observation sums, rewards).  The Gymnasium environments against bots use
random bots here (the bots' own tests cover the others)."""

from __future__ import annotations

import warnings
from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("gymnasium", reason="the rl extra (gymnasium, pettingzoo) is not installed: pip install -e '.[rl]'")
pytest.importorskip("pettingzoo", reason="the rl extra (gymnasium, pettingzoo) is not installed: pip install -e '.[rl]'")

import gymnasium as gym  # noqa: E402

import primetime.envs  # noqa: E402, F401 -- registers the Gymnasium environments
from env_checks import play_aec, play_gym, play_parallel  # noqa: E402
from primetime.envs import networks_v0, prime_time_v0  # noqa: E402

EPISODES = 200
NETWORKS_OPTIONS = [{}, {"telly_time": True}, {"moguls": True}, {"executives": True},
                    {"telly_time": True, "moguls": True, "executives": True}, {"pilot": "simplified", "turn_order": "low_to_high"}]
PRIME_TIME_OPTIONS = [{}, {"bonds": True}, {"simultaneous": True}, {"bonds": True, "simultaneous": True}]


def cycle(make: Callable[[int, dict[str, Any]], Any], counts: list[int], options: list[dict[str, Any]]) -> Callable[[int], Any]:
    """Episode i's environment: the player counts and option sets in turn (made once each)."""
    made: dict[tuple[int, int], Any] = {}

    def env(i: int) -> Any:
        key = (counts[i % len(counts)], i % len(options))
        if key not in made:
            made[key] = make(key[0], options[key[1]])
        return made[key]

    return env


ENVS: dict[str, tuple[Callable[[int], Any], Callable[..., list[Any]]]] = {
    "networks_v0": (cycle(lambda n, o: networks_v0.env(players=n, **o), [2, 3, 4, 5], NETWORKS_OPTIONS), play_aec),
    "networks_v0 parallel": (cycle(lambda n, o: networks_v0.parallel_env(players=n, **o), [2, 3, 4, 5], NETWORKS_OPTIONS[:5]),
                             play_parallel),
    "prime_time_v0": (cycle(lambda n, o: prime_time_v0.env(players=n, **o), [2, 3, 4], PRIME_TIME_OPTIONS), play_aec),
    "prime_time_v0 parallel": (cycle(lambda n, o: prime_time_v0.parallel_env(players=n, **o), [2, 3, 4], PRIME_TIME_OPTIONS),
                               play_parallel),
    "NetworksSolo-v0": (cycle(lambda n, o: gym.make("NetworksSolo-v0", **o), [1], NETWORKS_OPTIONS[:5]), play_gym),
    "NetworksVsBots-v0": (cycle(lambda n, o: gym.make("NetworksVsBots-v0", players=n, bots="random", **o), [2, 3, 4, 5],
                                NETWORKS_OPTIONS), play_gym),
    "PrimeTimeVsBots-v0": (cycle(lambda n, o: gym.make("PrimeTimeVsBots-v0", players=n, bots="random", **o), [2, 3, 4],
                                 PRIME_TIME_OPTIONS), play_gym),
}


@pytest.mark.parametrize("name", list(ENVS))
def test_200_seeded_episodes_with_random_masked_actions(name: str) -> None:
    env_for, play = ENVS[name]
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # an illegal action would warn: none may happen
        for i in range(EPISODES):
            first = play(env_for(i), i)
            again = play(env_for(i), i, hidden=False)
            assert again == first, f"{name}: seed {i} does not replay the same episode"
