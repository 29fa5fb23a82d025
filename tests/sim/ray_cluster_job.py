"""Run inside a fresh network namespace by ``test_ray_cluster.py``: start a two-node Ray cluster
the way one is started on two machines (``ray start --head``, then ``ray start --address`` for
the second node), play a tournament on it through the command line with ``RAY_ADDRESS`` (as the
README shows), check which nodes played, print one JSON object and stop the cluster."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

BIN = Path(sys.executable).parent
PORT = 6391
ADDRESS = f"127.0.0.1:{PORT}"
ENV = {**os.environ, "RAY_AUTH_MODE": "disabled", "RAY_USAGE_STATS_ENABLED": "0"}
ENV.pop("RAY_ADDRESS", None)


def ray_cli(*args: str) -> None:
    done = subprocess.run([str(BIN / "ray"), *args], env=ENV, capture_output=True, text=True, timeout=240)
    if done.returncode != 0:
        raise SystemExit(f"ray {' '.join(args)} failed:\n{done.stdout[-2000:]}\n{done.stderr[-3000:]}")


def node_and_game(spec: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    import ray

    from primetime.sim.games import play_game

    return ray.get_runtime_context().get_node_id(), play_game(spec)


def main() -> None:
    ray_cli("start", "--head", f"--port={PORT}", "--num-cpus=1", "--node-ip-address=127.0.0.1",
            "--include-dashboard=false", "--disable-usage-stats")
    try:
        ray_cli("start", f"--address={ADDRESS}", "--num-cpus=1", "--node-ip-address=127.0.0.1", "--disable-usage-stats")
        tour = subprocess.run([str(BIN / "primetime"), "tournament", "networks", "--players", "2", "--bots", "greedy,random",
                               "--games", "8", "--seed", "31", "--backend", "ray", "--workers", "2", "--json"],
                              env={**ENV, "RAY_ADDRESS": ADDRESS}, capture_output=True, text=True, timeout=600)
        if tour.returncode != 0:
            raise SystemExit(f"the tournament failed:\n{tour.stdout[-2000:]}\n{tour.stderr[-3000:]}")
        import cloudpickle
        import ray

        from primetime.sim.backends import run_tasks
        from primetime.sim.tournament import schedule

        cloudpickle.register_pickle_by_value(sys.modules[__name__])  # the nodes cannot import this file
        ray.init(address=ADDRESS, log_to_driver=False)
        try:
            alive = [n["NodeID"] for n in ray.nodes() if n["Alive"]]
            # greedy games (tens of milliseconds each), not random ones (under a millisecond): a random
            # game ends before the next batch is placed, so the head node could play them all alone
            specs = schedule(2, ["greedy", "greedy"], 16, seed=77)
            out = run_tasks(node_and_game, specs, workers=2, backend="ray")
        finally:
            ray.shutdown()
        print(json.dumps({"tournament": json.loads(tour.stdout), "nodes": alive,
                          "played_on": [n for n, _ in out], "games": [g for _, g in out], "specs": specs}))
    finally:
        subprocess.run([str(BIN / "ray"), "stop", "--force"], env=ENV, capture_output=True, timeout=120)


if __name__ == "__main__":
    main()
