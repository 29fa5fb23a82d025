"""The same fixed work on two checkouts, interleaved, in CPU time: is a change faster or slower?

Wall-clock benchmarks scatter by 10-20% on a shared machine; CPU time of one process over the
same games scatters much less.  Each round runs, in a fresh process per checkout, the same
random 4-player games through the ruleset (``legal_keys`` / ``apply_key``, logging off) and
reports decisions per CPU second; the checkouts alternate, and the best and the median of the
rounds are compared.  Each checkout runs whatever build it has in place (compile both first
with ``python tools/build_fast.py build`` in each, or set ``PRIMETIME_PURE=1`` for pure Python).

Usage: python bench/compare_trees.py BEFORE AFTER [--games 400] [--rounds 8] [--json]
  (BEFORE and AFTER are checkouts of this repository, e.g. a ``git worktree`` of an older commit)
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

WORK = r"""
import sys, time
from primetime._build import current_build
from primetime.core.game import get_ruleset
from primetime.core.rng import Rng
game, n = sys.argv[1], int(sys.argv[2])
rs = get_ruleset(game)
opts = rs.validate_options({"log": False}, 4)
legal, apply_key, is_over = rs.legal_keys, rs.apply_key, rs.is_over
t0 = time.process_time()
dec = 0
for g in range(n):
    s = rs.new_state(opts, g, 4)
    pick = Rng(g)
    while not is_over(s):
        k = legal(s)
        apply_key(s, k[pick.below(len(k))])
        dec += 1
print(dec, dec / (time.process_time() - t0), current_build())
"""


def run(tree: Path, game: str, games: int) -> tuple[int, float, str]:
    env = {**os.environ, "PYTHONPATH": str(tree / "src")}
    out = subprocess.run([sys.executable, "-c", WORK, game, str(games)], env=env, cwd=tree, capture_output=True, text=True, check=True)
    dec, rate, build = out.stdout.split(maxsplit=2)
    return int(dec), float(rate), build.strip()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("before", type=Path)
    ap.add_argument("after", type=Path)
    ap.add_argument("--games", type=int, default=400, help="games per run (default 400)")
    ap.add_argument("--rounds", type=int, default=8, help="interleaved runs per checkout (default 8)")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    a = ap.parse_args()
    for tree in (a.before, a.after):
        if not (tree / "src" / "primetime").is_dir():
            sys.exit(f"compare_trees: {tree} is not a checkout of primetime (no src/primetime)")
    rates: dict[tuple[str, str], list[float]] = {}
    builds: dict[str, str] = {}
    decisions: dict[tuple[str, str], int] = {}
    for _ in range(a.rounds):
        for label, tree in (("before", a.before), ("after", a.after)):
            for game in ("networks", "prime-time"):
                dec, rate, build = run(tree, game, a.games)
                rates.setdefault((label, game), []).append(rate)
                builds[label] = build
                decisions[(label, game)] = dec
    out = {"games": a.games, "rounds": a.rounds, "builds": builds, "results": []}
    for game in ("networks", "prime-time"):
        b, f = rates[("before", game)], rates[("after", game)]
        same = decisions[("before", game)] == decisions[("after", game)]
        row = {"game": game, "same_games": same, "decisions": decisions[("after", game)],
               "before_best": max(b), "after_best": max(f), "best_ratio": max(f) / max(b),
               "before_median": statistics.median(b), "after_median": statistics.median(f),
               "median_ratio": statistics.median(f) / statistics.median(b)}
        out["results"].append(row)
    if a.json:
        print(json.dumps(out))
        return
    print(f"{a.rounds} interleaved runs of {a.games} random 4-player games each, decisions per CPU second "
          f"(before: {builds['before']}, after: {builds['after']})")
    for r in out["results"]:
        note = "" if r["same_games"] else "  (the two checkouts played different games: not comparable)"
        print(f"  {r['game']:<11} best {r['before_best']:>10,.0f} -> {r['after_best']:>10,.0f}  x{r['best_ratio']:.3f}   "
              f"median {r['before_median']:>10,.0f} -> {r['after_median']:>10,.0f}  x{r['median_ratio']:.3f}{note}")


if __name__ == "__main__":
    main()
