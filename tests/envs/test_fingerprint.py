"""The observations are pinned: a SHA-256 fingerprint per environment over a few seeded episodes.

Every environment plays a few seeded episodes with seeded random masked actions, and everything an
agent receives goes into one hash: each observation (dtype, shape and bytes), each action mask,
reward, termination and truncation.  The pinned values are those of observation version 1 of both
games: work on the environments' speed must leave every one of them as it is.  A change of what an
observation holds bumps the game's ``OBSERVATION_VERSION`` (``docs/rl.md``) and these values with it.

The compiled build and pure Python must give the same values (``PRIMETIME_PURE=1``)."""

from __future__ import annotations

import hashlib
import struct
import warnings
from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("gymnasium", reason="the rl extra (gymnasium, pettingzoo) is not installed: pip install -e '.[rl]'")
pytest.importorskip("pettingzoo", reason="the rl extra (gymnasium, pettingzoo) is not installed: pip install -e '.[rl]'")

import gymnasium as gym  # noqa: E402
import numpy as np  # noqa: E402

import primetime.envs  # noqa: E402, F401 -- registers the Gymnasium environments
from primetime.core.rng import Rng  # noqa: E402
from primetime.envs import networks_v0, prime_time_v0  # noqa: E402

EPISODES = 3
MAX_STEPS = 20_000
MODULES = {"telly_time": True, "moguls": True, "executives": True}


class Fingerprint:
    def __init__(self) -> None:
        self.h = hashlib.sha256()

    def array(self, a: np.ndarray) -> None:
        self.h.update(f"{a.dtype.str}{a.shape}".encode())
        self.h.update(np.ascontiguousarray(a).tobytes())

    def values(self, *xs: Any) -> None:
        for x in xs:
            if isinstance(x, bool):
                self.h.update(b"T" if x else b"F")
            else:
                self.h.update(struct.pack("<d", float(x)))

    def digest(self) -> str:
        return self.h.hexdigest()


def choose(rng: Rng, mask: np.ndarray) -> int:
    legal = np.flatnonzero(mask)
    assert legal.size, "an empty action mask"
    return int(legal[rng.below(legal.size)])


def aec(env: Any, fp: Fingerprint, seed: int) -> None:
    rng = Rng(seed)
    env.reset(seed=seed)
    for _ in env.agent_iter(MAX_STEPS):
        obs, reward, term, trunc, _info = env.last()
        fp.array(obs["observation"])
        fp.array(obs["action_mask"])
        fp.values(reward, term, trunc)
        env.step(None if term or trunc else choose(rng, obs["action_mask"]))
    assert not env.agents


def parallel(env: Any, fp: Fingerprint, seed: int) -> None:
    rng = Rng(seed)
    obs, _ = env.reset(seed=seed)
    for _ in range(MAX_STEPS):
        for agent in env.possible_agents:
            fp.array(obs[agent]["observation"])
            fp.array(obs[agent]["action_mask"])
        if not env.agents:
            return
        actions = {a: choose(rng, obs[a]["action_mask"]) for a in env.agents if obs[a]["action_mask"].any()}
        obs, rewards, terms, truncs, _ = env.step(actions)
        for agent in env.possible_agents:
            if agent in rewards:
                fp.values(rewards[agent], terms[agent], truncs[agent])
    raise AssertionError("the episode did not end")


def single(env: Any, fp: Fingerprint, seed: int) -> None:
    rng = Rng(seed)
    obs, info = env.reset(seed=seed)
    fp.array(obs)
    fp.array(info["action_mask"])
    for _ in range(MAX_STEPS):
        masks = env.action_masks()
        fp.array(masks)
        obs, reward, term, trunc, info = env.step(choose(rng, masks))
        fp.array(obs)
        fp.array(info["action_mask"])
        fp.values(reward, term, trunc)
        if term or trunc:
            return
    raise AssertionError("the episode did not end")


CASES: dict[str, tuple[Callable[[], Any], Callable[[Any, Fingerprint, int], None]]] = {
    "networks_v0-2p": (lambda: networks_v0.env(players=2), aec),
    "networks_v0-3p-modules": (lambda: networks_v0.env(players=3, **MODULES), aec),
    "networks_v0-4p": (lambda: networks_v0.env(players=4), aec),
    "networks_v0-5p": (lambda: networks_v0.env(players=5, pilot="simplified", turn_order="low_to_high"), aec),
    "networks_v0-4p-parallel": (lambda: networks_v0.parallel_env(players=4, **MODULES), parallel),
    "prime_time_v0-2p": (lambda: prime_time_v0.env(players=2), aec),
    "prime_time_v0-3p-bonds": (lambda: prime_time_v0.env(players=3, bonds=True), aec),
    "prime_time_v0-4p": (lambda: prime_time_v0.env(players=4), aec),
    "prime_time_v0-4p-simultaneous": (lambda: prime_time_v0.env(players=4, simultaneous=True), aec),
    "prime_time_v0-3p-parallel": (lambda: prime_time_v0.parallel_env(players=3, simultaneous=True, bonds=True), parallel),
    "NetworksSolo-v0": (lambda: gym.make("NetworksSolo-v0").unwrapped, single),
    "NetworksSolo-v0-modules": (lambda: gym.make("NetworksSolo-v0", **MODULES).unwrapped, single),
    "NetworksVsBots-v0": (lambda: gym.make("NetworksVsBots-v0", players=4, bots="random").unwrapped, single),
    "PrimeTimeVsBots-v0": (lambda: gym.make("PrimeTimeVsBots-v0", players=3, bots="random", simultaneous=True).unwrapped,
                           single),
}
# observation version 1 of both games (The Networks' and Prime Time's OBSERVATION_VERSION).  The module games
# were pinned again when module rules changed how those games go (Telly Time grid cash on a pass,
# Quiz/Chat by genre, the Specialist not dealt with Telly Time, board numbers per module): same layout.
PINNED: dict[str, str] = {
    "networks_v0-2p": "8f93996058752ced94e418f1c0f404dee3358d8ca37090365aa0e69a13bd179c",
    "networks_v0-3p-modules": "5d412f3c45df871395b0824df74c827c767dab2f785547a9b33a8187bece41b1",
    "networks_v0-4p": "3bf6a0e55c187e3538c058faa784ba0b8f732a15be4501d02e9c9de99606a5e5",
    "networks_v0-5p": "57da373ad295c45c93c2aaebf50165fc455ce2d76457c5089bbdfc0bc8d40c07",
    "networks_v0-4p-parallel": "4654d05acb25da6d22417b85aa495ce25ec670eca6c342002cd0188d39faac7f",
    "prime_time_v0-2p": "911aa2e55e1a34c255c5e19ca934b0c198666cb16d4faa1911251c93ec2a0357",
    "prime_time_v0-3p-bonds": "30d60af112ff7ce2ab5c18992aeebdaf39ef97587ae66091f30f2ad1d8afec44",
    "prime_time_v0-4p": "9908660d06b155060833eaaee3622eecd06ab981bb11d0ffb3fda380dc80b043",
    "prime_time_v0-4p-simultaneous": "d16fea228bbfb84da360e2ce30ae1e83967efeadb2fef3be9c74cd286609f895",
    "prime_time_v0-3p-parallel": "a33a812f480f46b7c7fc44ed8d8deb40979eb032ab20693f426e1b5fb21c4e51",
    "NetworksSolo-v0": "ed2dd5e61c718916d8a771f197a200b91661e8924afbf30167d59f49d9ed3781",
    "NetworksSolo-v0-modules": "50655dac7dc0cd020838f901e12833277c798da88d72c77892806a4f36424f1f",
    "NetworksVsBots-v0": "e4bf37e537658df4d1fb3e61b5ef2dc6ad265a74fb2b5d4dc62e0bf02c8db89b",
    "PrimeTimeVsBots-v0": "8bba55ab18ade0c82239f812deb78fb3e155789ab00fa82a8514112c074dd45a",
}


def fingerprint(name: str) -> str:
    make, play = CASES[name]
    fp = Fingerprint()
    env = make()
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # an illegal action would warn: none may happen
        for seed in range(EPISODES):
            play(env, fp, seed)
    return fp.digest()


@pytest.mark.parametrize("name", list(CASES))
def test_the_observations_are_those_pinned(name: str) -> None:
    assert fingerprint(name) == PINNED[name], f"{name}: what the environment hands out has changed"


if __name__ == "__main__":  # print the values (after a deliberate change of the observation version)
    for case in CASES:
        print(f"{case}: {fingerprint(case)}")
