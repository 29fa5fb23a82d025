"""One observation builder (``primetime.core.observation``) for the environments and the policy bot.

The policy bot must hand its network exactly the arrays the environment handed the learner; these
tests need no torch (a stand-in plays the trained model), so they run without the ``train`` extra."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

pytest.importorskip("gymnasium", reason="the rl extra (gymnasium, pettingzoo) is not installed: pip install -e '.[rl]'")
pytest.importorskip("pettingzoo", reason="the rl extra (gymnasium, pettingzoo) is not installed: pip install -e '.[rl]'")

import gymnasium as gym  # noqa: E402
import numpy as np  # noqa: E402

import primetime.envs  # noqa: E402, F401 -- registers the Gymnasium environments
from primetime.bots.policy import PolicyBot, observation  # noqa: E402
from primetime.core import _writer_py, writer  # noqa: E402
from primetime.core.observation import ObservationBuilder  # noqa: E402
from primetime.envs import networks_v0, prime_time_v0  # noqa: E402


class StandIn:
    """A trained model's stand-in: records what it is shown and picks the highest legal index."""

    def __init__(self, size: int, n_actions: int) -> None:
        self.observation_space = SimpleNamespace(shape=(size,))
        self.action_space = SimpleNamespace(n=n_actions)
        self.seen: list[tuple[np.ndarray, np.ndarray]] = []

    def predict(self, obs: np.ndarray, action_masks: np.ndarray, deterministic: bool) -> tuple[int, None]:
        self.seen.append((obs, action_masks))
        return int(np.flatnonzero(action_masks)[-1]), None


def stand_in_bot(size: int, n_actions: int) -> Any:
    bot = PolicyBot.__new__(PolicyBot)  # no file to load: the stand-in plays the model
    bot.path = "stand-in"
    bot.name = "policy:stand-in"
    bot.seed = 0
    bot.model = StandIn(size, n_actions)
    bot._encodings = {}
    return bot


@pytest.mark.parametrize("module", [networks_v0, prime_time_v0])
def test_the_arrays_keep_their_types_and_are_new_at_every_call(module: Any) -> None:
    env = module.env(players=3)
    env.reset(seed=2)
    table = env.unwrapped.table
    seat = table.first_waiting()
    obs, mask = env.observe(env.agent_selection)["observation"], env.observe(env.agent_selection)["action_mask"]
    assert obs.dtype == np.float32 and obs.shape == (table.obs_size,) and obs.flags.writeable
    assert mask.dtype == np.int8 and mask.shape == (table.n_actions,) and mask.flags.writeable
    assert sorted(np.flatnonzero(mask).tolist()) == sorted(table.legal(seat)[1])
    again = env.observe(env.agent_selection)
    again["observation"][:] = -1
    again["action_mask"][:] = 0
    assert not np.array_equal(obs, again["observation"]) and mask.any()
    assert not table.no_mask().any() and table.no_mask() is not table.no_mask()


@pytest.mark.parametrize("writer", [writer, _writer_py], ids=["librt", "python"])
def test_the_dense_block_rounds_as_numpy_does(writer: Any) -> None:
    """The encoders write float32 themselves (librt's writer, or its stand-in without librt): each
    number must round as numpy's cast from float64 does."""
    enc = SimpleNamespace(size=9, hot_size=2, actions=("a", "b"))
    build = ObservationBuilder(enc)
    dense = [0.1, 1 / 3, -99.99, 7 / 30, 2 / 3, 1e-40, 123456789.123]
    w = writer.BytesWriter()
    for x in dense:
        writer.write_f32_le(w, x)
    obs = build.array(bytes([1, 0]), w.getvalue())
    assert obs.dtype == np.float32 and np.array_equal(obs, np.array([1, 0, *dense], dtype=np.float32))


def test_the_policy_bot_sees_what_the_environment_shows() -> None:
    env: Any = gym.make("NetworksSolo-v0").unwrapped
    obs, _info = env.reset(seed=3)
    table = env.table
    bot = stand_in_bot(table.obs_size, table.n_actions)
    for _ in range(60):
        keys, index = table.legal(0)
        assert np.array_equal(observation(bot.encoding_for("networks"), table.state, 0), obs)
        key = bot.select(table.ruleset, table.state, 0, keys)
        shown, mask = bot.model.seen[-1]
        assert np.array_equal(shown, obs) and shown.dtype == np.float32
        assert mask.dtype == np.bool_ and np.array_equal(mask, env.action_masks())
        assert key == keys[index.index(max(index))]
        obs, _, done, _, _ = env.step(max(index))
        if done:
            break
