"""Environment steps per second on one core: our learning environments beside the peers' RL APIs.

Every row plays whole games with uniformly random *masked* actions through the environment's own
API, observation encoding included, and counts the steps an agent takes (every decision, forced
ones too):

* ``networks_v0`` and ``prime_time_v0`` (PettingZoo AEC, 4 players, through ``env()``, the wrapped
  environment a user gets): ``agent_iter``, ``last()`` (the observation and its action mask),
  ``step``; The Networks also with its three expansion modules on, and Prime Time's parallel
  environment with Simultaneous Scheduling (one step per pending player);
* the Gymnasium environments: ``NetworksSolo-v0``, ``NetworksVsBots-v0`` and
  ``PrimeTimeVsBots-v0`` (4 players, random bots; only the learner's steps count, the bots'
  decisions run inside them): ``step``, ``action_masks()``;
* the peers, in the same run: RLCard's gin-rummy ``Env`` (``rlcard.make('gin-rummy')``: ``reset``,
  ``step``, its observation encoding) and PettingZoo's classic ``leduc_holdem_v4`` and
  ``texas_holdem_no_limit_v6`` (the same AEC loop as ours).  A peer that is not installed is
  skipped with a message (``pip install -e '.[bench]'``).

The rows run interleaved (``engine_speed.run_interleaved``: short slices of every row in turn, the
median slice reported), the clock is this process's CPU time, the process is pinned to one CPU.  The
random actions come from Python's generator for every row, so the figures do not depend on our build.
Our rows name the build they ran (compiled or pure Python: ``PRIMETIME_PURE=1``).  The goals printed
are those of issue 17: ``networks_v0`` at 4 players >= 20,000 steps/s with the compiled build and >= 3x
RLCard's gin-rummy ``Env``.

Usage: python bench/env_speed.py [--seconds 30] [--rounds 10] [--only KEY,...] [--json]
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from engine_speed import CLOCKS, Missing, Row, _peer_picker, engine_build, pin, run_interleaved  # noqa: E402

PLAYERS = 4
GOAL = 20_000
GOAL_RATIO = 3.0
INSTALL_HINT = "pip install -e '.[bench]'"


def legal_actions(mask: Any) -> Any:
    """The indexes of a 0/1 action mask's ones (an agent's random legal action is drawn among them).

    An int8 mask is read as booleans first: numpy's ``nonzero`` of an int8 array costs several
    times that of the same bytes as booleans (8 us against 2 for 2,301 entries), and a peer's
    int8 mask (PettingZoo's poker games) goes the same way."""
    return (mask.view(bool) if mask.dtype == "int8" else mask).nonzero()[0]


def aec_loop(make: Callable[[], Any], seed: int) -> Callable[[int], int]:
    """One game of a PettingZoo AEC environment per call, random masked actions; returns the steps taken."""
    env = make()
    pick = _peer_picker(seed)

    def play(i: int) -> int:
        env.reset(seed=i)
        n = 0
        for _agent in env.agent_iter():
            obs, _reward, term, trunc, _info = env.last()
            if term or trunc:
                env.step(None)
                continue
            legal = legal_actions(obs["action_mask"])
            env.step(int(legal[pick(len(legal))]))
            n += 1
        return n

    return play


def parallel_loop(make: Callable[[], Any], seed: int) -> Callable[[int], int]:
    env = make()
    pick = _peer_picker(seed)

    def play(i: int) -> int:
        obs, _ = env.reset(seed=i)
        n = 0
        while env.agents:
            actions = {}
            for agent in env.agents:
                legal = legal_actions(obs[agent]["action_mask"])
                if len(legal):
                    actions[agent] = int(legal[pick(len(legal))])
            obs, _r, _t, _tr, _i = env.step(actions)
            n += len(actions)
        return n

    return play


def gym_loop(make: Callable[[], Any], seed: int) -> Callable[[int], int]:
    env = make()
    pick = _peer_picker(seed)

    def play(i: int) -> int:
        env.reset(seed=i)
        n = 0
        while True:
            legal = legal_actions(env.action_masks())
            _obs, _reward, term, trunc, _info = env.step(int(legal[pick(len(legal))]))
            n += 1
            if term or trunc:
                return n

    return play


def our_rows() -> list[Row | Missing]:
    try:
        import gymnasium as gym

        import primetime.envs  # noqa: F401 -- registers the Gymnasium environments
        from primetime.envs import networks_v0, prime_time_v0
    except ImportError as exc:
        why = f"{exc}: pip install -e '.[rl]'"
        return [Missing("networks_v0", "The Networks", "PettingZoo AEC", why)]
    net, pt = engine_build("networks"), engine_build("prime-time")
    aec = "PettingZoo AEC (env(): agent_iter, last, step)"
    par = "PettingZoo parallel (reset, step)"
    gym_path = "Gymnasium (step, action_masks)"
    learner = "the learner's steps (the bots' decisions run inside them)"
    return [
        Row("networks_v0", "The Networks", aec, net, PLAYERS, aec_loop(lambda: networks_v0.env(players=PLAYERS), 1)),
        Row("networks_v0+modules", "The Networks, all modules", aec, net, PLAYERS,
            aec_loop(lambda: networks_v0.env(players=PLAYERS, telly_time=True, moguls=True, executives=True), 2)),
        Row("prime_time_v0", "Prime Time", aec, pt, PLAYERS, aec_loop(lambda: prime_time_v0.env(players=PLAYERS), 3)),
        Row("prime_time_v0/parallel", "Prime Time, Simultaneous Scheduling", par, pt, PLAYERS,
            parallel_loop(lambda: prime_time_v0.parallel_env(players=PLAYERS, simultaneous=True), 4),
            counts="every pending player's action"),
        Row("NetworksSolo-v0", "The Networks, solo", gym_path, net, 1, gym_loop(lambda: gym.make("NetworksSolo-v0").unwrapped, 5)),
        Row("NetworksVsBots-v0", "The Networks vs 3 random bots", gym_path, net, PLAYERS,
            gym_loop(lambda: gym.make("NetworksVsBots-v0", players=PLAYERS, bots="random").unwrapped, 6), counts=learner),
        Row("PrimeTimeVsBots-v0", "Prime Time vs 3 random bots", gym_path, pt, PLAYERS,
            gym_loop(lambda: gym.make("PrimeTimeVsBots-v0", players=PLAYERS, bots="random").unwrapped, 7), counts=learner),
    ]


def peer_rows() -> list[Row | Missing]:
    out: list[Row | Missing] = []
    try:
        import rlcard  # type: ignore[import-not-found]
    except ImportError:
        why = f"rlcard is not installed ({INSTALL_HINT})"
        return [Missing("rlcard/gin-rummy", "RLCard gin rummy", "RLCard Env", why),
                Missing("pz/leduc_holdem_v4", "PettingZoo leduc hold'em", "PettingZoo AEC", why),
                Missing("pz/texas_holdem_no_limit_v6", "PettingZoo no-limit hold'em", "PettingZoo AEC", why)]
    env = rlcard.make("gin-rummy", config={"seed": 0})
    pick = _peer_picker(8)

    def gin(_: int) -> int:
        state, _player = env.reset()
        n = 0
        while not env.is_over():
            legal = list(state["legal_actions"])
            state, _player = env.step(legal[pick(len(legal))])
            n += 1
        return n

    out.append(Row("rlcard/gin-rummy", "RLCard gin rummy", "RLCard Env (reset, step, observation encoding)", "pure Python", 2, gin,
                   extra={"version": getattr(rlcard, "__version__", "?")}))
    try:
        from pettingzoo.classic import leduc_holdem_v4, texas_holdem_no_limit_v6
    except ImportError as exc:
        why = f"{exc} (pip install -e '.[rl]')"
        return out + [Missing("pz/leduc_holdem_v4", "PettingZoo leduc hold'em", "PettingZoo AEC", why)]
    aec = "PettingZoo AEC (env(): agent_iter, last, step)"
    out.append(Row("pz/leduc_holdem_v4", "PettingZoo leduc hold'em", aec, "pure Python", 2, aec_loop(leduc_holdem_v4.env, 9)))
    out.append(Row("pz/texas_holdem_no_limit_v6", "PettingZoo no-limit hold'em", aec, "pure Python", 2,
                   aec_loop(texas_holdem_no_limit_v6.env, 10)))
    return out


def report(meta: dict[str, Any], results: list[dict[str, Any]], goals: list[str]) -> str:
    lines = [f"Environment steps per second, one core ({meta['clock']}; Python {meta['python']}, CPU {meta['cpu']})", ""]
    lines.append(f"{'row':<28} {'what':<38} {'players':>7} {'steps/s':>9} {'steps/game':>10}  build / API")
    for r in results:
        if "missing" in r:
            lines.append(f"{r['key']:<28} {r['engine']:<38} {'':>7} {'skipped':>9} {'':>10}  {r['missing']}")
            continue
        lines.append(f"{r['key']:<28} {r['engine']:<38} {r['players']:>7} {r['decisions_per_second']:>9,.0f} "
                     f"{r['decisions_per_game']:>10.0f}  {r['build']}; {r['path']}"
                     + ("" if r["counts"] == "every decision a player makes" else f" ({r['counts']})"))
    lines += ["", *goals]
    return "\n".join(lines)


def goals_of(results: list[dict[str, Any]]) -> list[str]:
    by = {r["key"]: r for r in results if "missing" not in r}
    out = []
    ours = by.get("networks_v0")
    if ours is None:
        return ["goals: networks_v0 did not run"]
    rate = ours["decisions_per_second"]
    build = ours["build"]
    out.append(f"goal: networks_v0 at {PLAYERS} players >= {GOAL:,} steps/s (compiled build): {rate:,.0f} ({build}) "
               + ("met" if rate >= GOAL else "not met") + ("" if build == "compiled" else " -- the goal is for the compiled build"))
    gin = by.get("rlcard/gin-rummy")
    if gin is None:
        out.append("goal: >= 3x RLCard's gin-rummy Env: RLCard not installed, not measured")
    else:
        ratio = rate / gin["decisions_per_second"]
        out.append(f"goal: >= {GOAL_RATIO:.0f}x RLCard's gin-rummy Env in the same run: {ratio:.1f}x "
                   + ("met" if ratio >= GOAL_RATIO else "not met"))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=30.0, help="total measuring time, shared by the rows (default 30)")
    ap.add_argument("--rounds", type=int, default=10, help="slices per row (default 10)")
    ap.add_argument("--clock", choices=sorted(CLOCKS), default="cpu", help="cpu: CPU time of this process (default); wall")
    ap.add_argument("--cpu", type=int, default=None, help="the CPU to pin to (default: the last one allowed)")
    ap.add_argument("--only", default="", help="comma-separated row keys")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    args = ap.parse_args()
    cpu = pin(args.cpu)
    clock = CLOCKS[args.clock]
    warnings.filterwarnings("ignore", category=DeprecationWarning)
    rows_all = our_rows() + peer_rows()
    if args.only:
        wanted = {k.strip() for k in args.only.split(",")}
        rows_all = [r for r in rows_all if r.key in wanted]
    rows = [r for r in rows_all if isinstance(r, Row)]
    run_interleaved(rows, max(2.0, args.seconds), max(1, args.rounds), clock)
    results = [r.result() for r in rows_all]
    meta = {"python": platform.python_version(), "machine": platform.machine(), "cpu": cpu,
            "clock": "CPU time of this process" if args.clock == "cpu" else "wall time"}
    goals = goals_of(results)
    if args.json:
        print(json.dumps({"meta": meta, "results": results, "goals": goals}, indent=1))
    else:
        print(report(meta, results, goals))


if __name__ == "__main__":
    main()
