"""Issue 17, the trained agent: ``examples/train_solo.py`` trains a little, saves, and the saved policy
plays seeded games as the bot ``policy:PATH`` (skipped with a reason without the ``train`` extra)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest

TRAIN = "the train extra (sb3-contrib, torch) is not installed: pip install -e '.[train]'"
pytest.importorskip("gymnasium", reason="the rl extra (gymnasium, pettingzoo) is not installed: pip install -e '.[rl]'")
pytest.importorskip("torch", reason=TRAIN)
pytest.importorskip("sb3_contrib", reason=TRAIN)
pytest.importorskip("matplotlib", reason=TRAIN)

import gymnasium as gym  # noqa: E402
import numpy as np  # noqa: E402
from typer.testing import CliRunner  # noqa: E402

import primetime.envs  # noqa: E402,F401
from primetime.bots.policy import PolicyBot, observation  # noqa: E402
from primetime.bots.registry import check_bot, make_bot  # noqa: E402
from primetime.cli import app  # noqa: E402
from primetime.sim.games import play_game  # noqa: E402

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_solo.py"


def example():
    spec = importlib.util.spec_from_file_location("train_solo", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def trained(tmp_path_factory) -> Path:
    """A tiny run of the example (one update of 2 x 256 steps), its evaluation over 4 seeds."""
    out = tmp_path_factory.mktemp("solo")
    example().main(["--timesteps", "300", "--n-envs", "2", "--eval-games", "4", "--workers", "1", "--out", str(out),
                    "--no-progress"])
    return out


def test_example_saves_the_policy_the_curve_and_the_evaluation(trained) -> None:
    assert (trained / "policy.zip").is_file() and (trained / "learning_curve.png").stat().st_size > 1000
    report = json.loads((trained / "evaluation.json").read_text())
    assert set(report["results"]) == {"policy", "random", "greedy"}
    for r in report["results"].values():
        assert len(r["scores"]) == 4 and r["mean"] == sum(r["scores"]) / 4
    assert report["eval_seeds"] == [1_000_000, 1_000_003] and report["training_curve"]


def test_saved_policy_plays_a_seeded_game_as_a_bot_the_same_twice(trained) -> None:
    name = f"policy:{trained / 'policy.zip'}"
    first = play_game({"game": "networks", "players": 1, "bots": [name], "seed": 5})
    again = play_game({"game": "networks", "players": 1, "bots": [name], "seed": 5})
    assert "error" not in first, first
    assert first["scores"] == again["scores"] and first["decisions"] == again["decisions"]
    res = CliRunner().invoke(app, ["tournament", "networks", "--players", "2", "--bots", f"{name},random", "--games", "2",
                                   "--json"])
    assert res.exit_code == 0, res.output
    rep = json.loads(res.output)
    assert rep["finished"] == 2 and {r["bot"] for r in rep["bots"]} == {name, "random"}
    # worker processes forked after the name was checked (the policy loaded here) play it too
    res = CliRunner().invoke(app, ["tournament", "networks", "--players", "1", "--bots", name, "--games", "4", "--workers", "2",
                                   "--json"])
    assert res.exit_code == 0, res.output
    assert json.loads(res.output)["finished"] == 4


def test_policy_bot_sees_what_the_environment_shows_and_plays_its_masked_choice(trained) -> None:
    """The bot builds the learner's observation and mask as NetworksSolo-v0 does, and picks the
    policy's deterministic choice among the legal keys."""
    path = str(trained / "policy.zip")
    bot = make_bot(f"policy:{path}")
    assert isinstance(bot, PolicyBot)
    env: Any = gym.make("NetworksSolo-v0").unwrapped
    obs, info = env.reset(seed=3)
    for _ in range(40):
        table = env.table
        keys, index = table.legal(0)
        assert np.array_equal(observation(bot.encoding_for("networks"), table.state, 0), obs)
        action, _ = bot.model.predict(obs, action_masks=env.action_masks(), deterministic=True)
        if len(keys) > 1:
            assert bot.select(table.ruleset, table.state, 0, keys) == table.key_of(0, int(action))
        obs, _, done, _, _ = env.step(int(action))
        if done:
            break


def test_a_policy_of_the_networks_refuses_prime_time(trained) -> None:
    name = f"policy:{trained / 'policy.zip'}"
    assert check_bot(name, "networks") == name
    with pytest.raises(ValueError, match=r"trained on observations of shape \(9120,\) and 2301 actions; Prime Time has"):
        check_bot(name, "prime-time")
    res = CliRunner().invoke(app, ["tournament", "prime-time", "--players", "2", "--bots", f"{name},random", "--games", "2"])
    assert res.exit_code == 2 and "train a policy for prime-time" in res.output and "Traceback" not in res.output
