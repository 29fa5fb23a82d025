"""Train a policy for The Networks' solo mode with sb3-contrib's MaskablePPO (on the CPU).

    pip install -e '.[train]'
    python examples/train_solo.py                      # the default budget: under 30 minutes on 2 cores
    python examples/train_solo.py --timesteps 20000    # a quick try
    python examples/train_solo.py --evaluate-only --mcts   # evaluate the saved policy again, with mcts:normal

It trains on ``NetworksSolo-v0`` (:mod:`primetime.envs`), saves the policy (``OUT/policy.zip``,
playable as the bot ``policy:OUT/policy.zip``), and writes ``OUT/learning_curve.png`` (the final
score of the training games) and ``OUT/evaluation.json``: the mean, spread and every score of the
trained policy, the random bot and the greedy bot (and ``mcts:normal`` with ``--mcts``) over the
same seeded solo games (``--eval-games`` seeds from ``--eval-seed``, apart from the training seeds).

The environment's reward is the final score, given once at the end.  A wrapper here hands it out as
it is earned instead: after every step the score gained since the last step, scaled by 1/100 (the
rounds' scores; the sum is the final score / 100), which gives the learner credit where the points
come.  The environment itself is unchanged.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

SCORE_SCALE = 100.0  # the shaped rewards of a game add up to its final score / SCORE_SCALE

# The default budget: training runs at 430-550 steps per CPU second with one torch thread (the
# network is most of it: rollouts and updates; the low figure on a machine whose other core is busy),
# so 640,000 steps take 20-25 minutes, and the evaluation (random and greedy in worker processes,
# the policy here) a minute or two more.
DEFAULTS: dict[str, Any] = {
    "timesteps": 640_000,
    "n_envs": 8,  # environments stepped together (one batched forward pass for all of them)
    "n_steps": 256,  # steps per environment per rollout: 2,048 per update
    "batch_size": 512,
    "n_epochs": 4,
    "learning_rate": 3e-4,
    "gamma": 0.995,
    "gae_lambda": 0.95,
    "ent_coef": 0.005,
    "features": 128,  # the shared first layer: the 9,120 observation numbers -> 128
    "hidden": 128,  # one more layer each for the policy and the value
}


def need_extras() -> None:
    """Stop with the install command if the ``train`` extra is missing."""
    missing = []
    for module, package in (("gymnasium", "gymnasium"), ("pettingzoo", "pettingzoo"), ("torch", "torch"),
                            ("sb3_contrib", "sb3-contrib"), ("stable_baselines3", "stable-baselines3"),
                            ("matplotlib", "matplotlib"), ("tqdm", "tqdm")):
        try:
            __import__(module)
        except ImportError:
            missing.append(package)
    if missing:
        sys.exit(f"train_solo.py needs the train extra ({', '.join(missing)} missing): pip install -e '.[train]'")


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description="Train MaskablePPO on NetworksSolo-v0, save the policy, plot and evaluate it.")
    ap.add_argument("--timesteps", type=int, default=DEFAULTS["timesteps"],
                    help=f"environment steps to train (default {DEFAULTS['timesteps']:,}: under 30 minutes on 2 cores)")
    ap.add_argument("--out", type=Path, default=Path("runs/solo"), help="folder for policy.zip, learning_curve.png, evaluation.json")
    ap.add_argument("--seed", type=int, default=0, help="seed of the training games and the network's initial weights")
    ap.add_argument("--n-envs", type=int, default=DEFAULTS["n_envs"], help="environments stepped together")
    ap.add_argument("--threads", type=int, default=1,
                    help="torch threads (default 1: the network's matrices are small, and a second thread mostly waits)")
    ap.add_argument("--eval-games", type=int, default=200, help="seeded solo games per bot in the evaluation")
    ap.add_argument("--eval-seed", type=int, default=1_000_000, help="seed of the first evaluation game")
    ap.add_argument("--workers", type=int, default=2, help="processes for the bots' evaluation games")
    ap.add_argument("--mcts", action="store_true", help="evaluate mcts:normal too (about 3 s a game: 200 games take minutes)")
    ap.add_argument("--evaluate-only", action="store_true",
                    help="no training: evaluate OUT/policy.zip again (the curve is redrawn from OUT/evaluation.json)")
    ap.add_argument("--no-progress", action="store_true", help="no progress bar")
    args = ap.parse_args(argv)
    for name in ("timesteps", "n_envs", "threads", "eval_games", "workers"):
        if getattr(args, name) < 1:
            ap.error(f"--{name.replace('_', '-')} must be at least 1")
    if args.seed < 0 or args.eval_seed < 0:
        ap.error("seeds are whole numbers from 0")
    return args


def make_env(index: int) -> Any:
    """``NetworksSolo-v0`` with the score handed out as it is earned (see the module's docstring)."""
    import gymnasium as gym

    import primetime.envs  # noqa: F401 -- registers the environments

    class ScoreAsEarned(gym.Wrapper):  # type: ignore[type-arg]
        def reset(self, **kwargs: Any) -> Any:
            self.score = 0
            return self.env.reset(**kwargs)

        def step(self, action: Any) -> Any:
            obs, reward, terminated, truncated, info = self.env.step(action)
            solo: Any = self.env.unwrapped
            score = solo.table.scores()[0]
            gained, self.score = score - self.score, score
            if terminated or truncated:
                info["score"] = score
            return obs, gained / SCORE_SCALE, terminated, truncated, info

        def action_masks(self) -> Any:
            solo: Any = self.env.unwrapped
            return solo.action_masks()

    def make() -> Any:
        return ScoreAsEarned(gym.make("NetworksSolo-v0"))

    return make


def train(args: argparse.Namespace, policy_file: Path) -> tuple[list[tuple[int, int]], dict[str, float]]:
    """Train and save; returns (environment steps, final score) of every finished training game, and the
    training's wall and CPU minutes."""
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback
    from stable_baselines3.common.torch_layers import FlattenExtractor
    from stable_baselines3.common.vec_env import DummyVecEnv
    from torch import nn

    class FirstLayer(FlattenExtractor):
        """The observation through one shared layer (policy and value both read its output)."""

        def __init__(self, observation_space: Any, features: int = 256) -> None:
            super().__init__(observation_space)
            self._features_dim = features
            self.layer = nn.Sequential(nn.Linear(int(observation_space.shape[0]), features), nn.ReLU())

        def forward(self, observations: torch.Tensor) -> torch.Tensor:
            return self.layer(observations)

    class Curve(BaseCallback):
        def __init__(self) -> None:
            super().__init__()
            self.points: list[tuple[int, int]] = []

        def _on_step(self) -> bool:
            for done, info in zip(self.locals["dones"], self.locals["infos"], strict=True):
                if done and "score" in info:
                    self.points.append((self.num_timesteps, int(info["score"])))
            return True

    torch.set_num_threads(args.threads)
    env = DummyVecEnv([make_env(i) for i in range(args.n_envs)])
    env.seed(args.seed)  # environment i plays seed + i first, then the seeds drawn from it
    d = DEFAULTS
    model = MaskablePPO(
        "MlpPolicy", env, seed=args.seed, device="cpu", verbose=0,
        n_steps=d["n_steps"], batch_size=d["batch_size"], n_epochs=d["n_epochs"], learning_rate=d["learning_rate"],
        gamma=d["gamma"], gae_lambda=d["gae_lambda"], ent_coef=d["ent_coef"],
        policy_kwargs={"features_extractor_class": FirstLayer, "features_extractor_kwargs": {"features": d["features"]},
                       "net_arch": {"pi": [d["hidden"]], "vf": [d["hidden"]]}},
    )
    curve = Curve()
    t0, c0 = time.perf_counter(), time.process_time()
    model.learn(total_timesteps=args.timesteps, callback=curve, progress_bar=not args.no_progress)
    seconds, cpu = time.perf_counter() - t0, time.process_time() - c0
    model.save(str(policy_file))
    print(f"trained {model.num_timesteps:,} steps ({len(curve.points):,} games) in {seconds / 60:.1f} min "
          f"({model.num_timesteps / seconds:,.0f} steps/s; {cpu / 60:.1f} CPU min); saved {policy_file}")
    return curve.points, {"minutes": seconds / 60, "cpu_minutes": cpu / 60, "steps": model.num_timesteps}


def evaluate(bots: list[str], args: argparse.Namespace, workers: int) -> dict[str, dict[str, Any]]:
    """Each bot's solo scores over the same seeded games (seeds eval_seed .. eval_seed + eval_games - 1)."""
    from primetime.sim.backends import run_tasks
    from primetime.sim.games import parse_bots, play_game

    parse_bots(bots)  # a missing policy or extra fails here, before any game
    out: dict[str, dict[str, Any]] = {}
    seeds = list(range(args.eval_seed, args.eval_seed + args.eval_games))
    for name in bots:
        t0 = time.perf_counter()
        specs = [{"game": "networks", "players": 1, "bots": [name], "seed": s} for s in seeds]
        results = run_tasks(play_game, specs, workers)
        errors = [r["error"] for r in results if "error" in r]
        if errors:
            sys.exit(f"{name}: {len(errors)} evaluation games failed, the first: {errors[0]}")
        scores = [int(r["scores"][0]) for r in results]
        mean = sum(scores) / len(scores)
        sd = (sum((x - mean) ** 2 for x in scores) / max(1, len(scores) - 1)) ** 0.5
        ranks: dict[str, int] = {}
        for r in results:
            ranks[str(r.get("rank", "?"))] = ranks.get(str(r.get("rank", "?")), 0) + 1
        out[name] = {"mean": mean, "sd": sd, "stderr": sd / len(scores) ** 0.5, "min": min(scores), "max": max(scores),
                     "ranks": ranks, "seconds": time.perf_counter() - t0, "scores": scores}
        print(f"  {name:<12} mean {mean:6.1f} ± {sd / len(scores) ** 0.5:4.1f} (sd {sd:.1f}, {min(scores)}-{max(scores)})"
              f"  {time.perf_counter() - t0:.0f} s")
    return out


def plot(points: list[tuple[int, int]], evaluation: dict[str, dict[str, Any]], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 4.5))
    if points:
        steps = [p[0] for p in points]
        scores = [p[1] for p in points]
        ax.plot(steps, scores, ".", ms=2, alpha=0.25, color="tab:blue", label="training game")
        w = max(1, min(200, len(scores) // 10))
        rolling = [sum(scores[max(0, i - w + 1):i + 1]) / len(scores[max(0, i - w + 1):i + 1]) for i in range(len(scores))]
        ax.plot(steps, rolling, color="tab:blue", lw=2, label=f"training, mean of the last {w} games")
    colours = {"random": "tab:gray", "greedy": "tab:orange", "mcts:normal": "tab:red"}
    for name, r in evaluation.items():
        colour = colours.get(name, "tab:green")
        label = "trained policy" if name.startswith("policy:") else name
        ax.axhline(r["mean"], color=colour, ls="--", lw=1.5, label=f"{label}: {r['mean']:.1f} (evaluation)")
    ax.set_xlabel("environment steps")
    ax.set_ylabel("final solo score")
    ax.set_title("MaskablePPO on NetworksSolo-v0")
    ax.legend(loc="lower right", fontsize=8)
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


def main(argv: list[str] | None = None) -> None:
    need_extras()
    args = parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    policy_file = args.out / "policy.zip"
    if args.evaluate_only and not policy_file.is_file():
        sys.exit(f"--evaluate-only: no policy at {policy_file}; train one first (without --evaluate-only) or give --out")
    baselines = ["random", "greedy"] + (["mcts:normal"] if args.mcts else [])
    t0 = time.perf_counter()
    # The bots' games first, in worker processes started before the network uses any threads.
    print(f"evaluating {', '.join(baselines)} over {args.eval_games} seeded solo games (seeds from {args.eval_seed})")
    evaluation = evaluate(baselines, args, args.workers)
    points: list[tuple[int, int]] = []
    timesteps: int | None = args.timesteps
    training: dict[str, float] = {}
    earlier = args.out / "evaluation.json"
    if args.evaluate_only:  # keep the training's curve and budget from the earlier report
        old = json.loads(earlier.read_text()) if earlier.is_file() else {}
        points = [(int(a), int(b)) for a, b in old.get("training_curve", [])]
        timesteps = old.get("timesteps")
        training = old.get("training", {})
    else:
        print(f"training MaskablePPO on NetworksSolo-v0 for {args.timesteps:,} steps ({args.n_envs} environments, CPU)")
        points, training = train(args, policy_file)
    name = f"policy:{policy_file}"
    print(f"evaluating the trained policy over the same {args.eval_games} games")
    evaluation = evaluate([name], args, 1) | evaluation  # here: the loaded network is not handed to other processes
    report = {
        "environment": "NetworksSolo-v0",
        "policy": str(policy_file),
        "bot": name,
        "timesteps": timesteps,
        "seed": args.seed,
        "n_envs": args.n_envs,
        "hyperparameters": DEFAULTS | {"timesteps": timesteps, "n_envs": args.n_envs, "threads": args.threads,
                                       "score_scale": SCORE_SCALE},
        "eval_seeds": [args.eval_seed, args.eval_seed + args.eval_games - 1],
        "training": training,
        "minutes": (time.perf_counter() - t0) / 60,
        "results": {("policy" if k == name else k): v for k, v in evaluation.items()},
    }
    if points:
        report["training_curve"] = points
        plot(points, evaluation, args.out / "learning_curve.png")
        print(f"wrote {args.out / 'learning_curve.png'}")
    (args.out / "evaluation.json").write_text(json.dumps(report, indent=1))
    res = report["results"]
    line = "  ".join(f"{k} {v['mean']:.1f}" for k, v in res.items())
    print(f"wrote {args.out / 'evaluation.json'}: {line}  ({report['minutes']:.1f} min in all)")


if __name__ == "__main__":
    main()
