"""Tournament scaling: wall time of the same seat-rotated tournament with 1 and with 2 workers.

Plays the same tournament (same seeds, so the same games) on the local backend with 1
worker and with ``--workers`` workers (default 2), checks that the results are identical,
and prints the speed-up.  ``--backend ray`` times the Ray backend for the second run.

Usage: python bench/tournament_scaling.py [--games 60] [--players 2] [--bots greedy,greedy] [--workers 2] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from typing import Any

from primetime.sim.tournament import tournament


def timed(players: int, bots: str, games: int, workers: int, backend: str) -> tuple[float, dict[str, Any]]:
    t = time.perf_counter()
    rep = tournament(players, bots, games, seed=1, workers=workers, backend=backend)
    return time.perf_counter() - t, rep


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--bots", default="greedy,greedy")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--backend", default="local", choices=("local", "ray"))
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    one, rep1 = timed(args.players, args.bots, args.games, 1, "local")
    many, rep2 = timed(args.players, args.bots, args.games, args.workers, args.backend)
    same = rep1["results"] == rep2["results"]
    out = {"games": args.games, "players": args.players, "bots": args.bots, "cpus": os.cpu_count(),
           "seconds_1_worker": one, f"seconds_{args.workers}_workers": many, "backend": args.backend,
           "speedup": one / many, "identical_results": same, "python": platform.python_version()}
    if args.json:
        print(json.dumps(out))
    else:
        print(f"{args.games} games, {args.players} players ({args.bots}), {os.cpu_count()} CPUs")
        print(f"  1 worker : {one:7.1f} s")
        print(f"  {args.workers} workers ({args.backend}): {many:7.1f} s")
        print(f"  speed-up : {one / many:.2f}x   identical results: {same}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
