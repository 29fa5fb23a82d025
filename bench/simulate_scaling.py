"""Simulation scaling: random-bot ``simulate`` with 1 and 2 workers, beside the machine's own ceiling.

Runs, alternated ``--reps`` times: ``simulate`` with one worker, with two workers, and two separate
single-worker runs started together in two processes that share nothing (their games/s added up).
The last one is what two cores of this machine give for fully independent work; ``--workers 2``
cannot beat it.  Prints games/s of each run and the medians' ratios to one worker.

A run of random games takes seconds, and this machine's speed drifts by several percent from one
second to the next, so a run is 12,000 games (about 8 s on one core) and the ratio is of medians
over 5 reps.

``--ray`` adds ``--backend ray`` with 2 CPUs, on a local Ray started once before its runs as a
cluster would already be running: its first run (Ray's worker processes load the package) is
shown apart, then ``--reps`` runs, beside the process pool's 2 workers.

Usage: python bench/simulate_scaling.py [--games 12000] [--reps 5] [--players 4] [--ray]
"""

from __future__ import annotations

import argparse
import logging
import subprocess
import sys
import time

from primetime.sim.simulate import simulate


def rate(games: int, players: int, workers: int, backend: str = "local") -> float:
    t = time.perf_counter()
    simulate("networks", players, games, "random", seed=0, workers=workers, backend=backend)
    return games / (time.perf_counter() - t)


def ray_rates(games: int, players: int, reps: int) -> tuple[float, list[float]]:
    """The first run on a freshly started local Ray with 2 CPUs, then ``reps`` more."""
    import ray

    ray.init(num_cpus=2, include_dashboard=False, logging_level=logging.ERROR, log_to_driver=False)
    try:
        first = rate(games, players, 2, "ray")
        return first, [rate(games, players, 2, "ray") for _ in range(reps)]
    finally:
        ray.shutdown()


def pair(games: int, players: int) -> float:
    """Two single-worker runs in two processes, started at the same moment: their games/s added."""
    code = ("import sys, time; from primetime.sim.simulate import simulate; "
            "time.sleep(max(0.0, float(sys.argv[1]) - time.time())); t = time.perf_counter(); "
            f"simulate('networks', {players}, {games}, 'random', seed=0, workers=1); print({games} / (time.perf_counter() - t))")
    go = time.time() + 1.5  # both imported and waiting by then
    procs = [subprocess.Popen([sys.executable, "-c", code, str(go)], stdout=subprocess.PIPE, text=True) for _ in range(2)]
    return sum(float(p.communicate()[0]) for p in procs)


def median(xs: list[float]) -> float:
    s = sorted(xs)
    mid = len(s) // 2
    return s[mid] if len(s) % 2 else (s[mid - 1] + s[mid]) / 2


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=12000)
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--ray", action="store_true", help="also time --backend ray (pip install -e '.[scale]')")
    args = ap.parse_args(argv)
    rows: dict[str, list[float]] = {"1 worker": [], "2 workers": [], "2 separate runs": []}
    for _ in range(args.reps):
        rows["1 worker"].append(rate(args.games, args.players, 1))
        rows["2 workers"].append(rate(args.games, args.players, 2))
        rows["2 separate runs"].append(pair(args.games, args.players))
    first = 0.0
    if args.ray:
        first, rows["ray, 2 CPUs"] = ray_rates(args.games, args.players, args.reps)
    one = median(rows["1 worker"])
    print(f"primetime simulate networks --players {args.players} --games {args.games} --bot random (games/s)")
    for name, xs in rows.items():
        print(f"  {name:16} {' '.join(f'{x:7.0f}' for x in xs)}   median {median(xs):7.0f}  {median(xs) / one:.2f}x")
    if args.ray:
        pool = median(rows["2 workers"])
        ray_median = median(rows["ray, 2 CPUs"])
        print(f"  Ray's first run (its workers load the package): {first:.0f} games/s, {pool / first:.2f}x the pool's time")
        print(f"  Ray after it: {pool / ray_median:.2f}x the time of the process pool with 2 workers (medians)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
