"""The long invariant run: ``primetime check`` over many seeded games, in resumable chunks.

    python tools/check_long.py networks --players 1,2,3,4,5 --games 100000 --workers 2
    python tools/check_long.py prime-time --players 2,3,4 --games 50000 --workers 2
    python tools/check_long.py networks --summary          # the figures so far, per player count

``--games`` is the number of games *per player count*.  The run is cut into chunks of
``--chunk`` games of one player count (seeds ``start .. start + chunk - 1``, each chunk a
``primetime check`` run of its own with the same seeds, options and bots as the command
would use), taken round-robin over the player counts so that a run stopped early has
covered every count about equally.  Each finished chunk writes its report to
``bench/results/check/<game>-<n>p-<bots>-<start>.json`` (``--out``); a chunk whose report is
there is not played again, so the run can be stopped at any time and taken up again, on
another day or by another machine, and ``--summary`` adds up what is there.  At the first
violation the run stops with the reproduction (``primetime replay`` reads the record written
next to the report) and exits 1.

The checks are those of ``primetime check`` at every decision (see
:mod:`primetime.sim.check`); nothing is sampled.  Run it with ``nice`` beside other work.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from primetime.sim.check import DEFAULT_BOTS, HIDDEN_EVERY, check, parse_players
from primetime.sim.errors import SimulationError
from primetime.sim.games import parse_bots

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "bench" / "results" / "check"


def chunk_path(out: Path, game: str, n: int, bots: list[str], start: int) -> Path:
    return out / f"{game}-{n}p-{'+'.join(bots)}-{start:07d}.json"


def plan(game: str, counts: list[int], bots: list[str], games: int, chunk: int, seed: int) -> list[tuple[int, int, int]]:
    """(player count, first seed, games) of every chunk, round-robin over the player counts."""
    starts = list(range(seed, seed + games, chunk))
    return [(n, s, min(chunk, seed + games - s)) for s in starts for n in counts]


def summary(out: Path, game: str) -> dict[int, dict[str, Any]]:
    """The reports of ``game`` under ``out`` added up by player count."""
    rows: dict[int, dict[str, Any]] = {}
    for f in sorted(out.glob(f"{game}-*p-*.json")):
        if f.name.endswith(".record.json"):
            continue
        r = json.loads(f.read_text())
        n = r["players"][0]
        row = rows.setdefault(n, {"games": 0, "decisions": 0, "violations": 0, "seconds": 0.0, "chunks": 0,
                                  "bots": set(), "seeds": []})
        row["games"] += r["played"]
        row["decisions"] += r["decisions"]
        row["violations"] += r["violations"]
        row["seconds"] += r["seconds"]
        row["chunks"] += 1
        row["bots"].add("+".join(r["bots"]))
        row["seeds"].append((r["seed"], r["seed"] + r["played"] - 1))
    return rows


def print_summary(out: Path, game: str) -> None:
    rows = summary(out, game)
    if not rows:
        print(f"no reports of {game} under {out}")
        return
    print(f"{game}: reports under {out}")
    print(f"{'players':>7} {'games':>9} {'decisions':>12} {'violations':>10} {'seconds':>9}  bots, seeds")
    total = {"games": 0, "decisions": 0, "violations": 0, "seconds": 0.0}
    for n in sorted(rows):
        r = rows[n]
        seeds = sorted(r["seeds"])
        span = f"{seeds[0][0]}-{seeds[-1][1]}" if seeds else "-"
        print(f"{n:>7} {r['games']:>9,} {r['decisions']:>12,} {r['violations']:>10} {r['seconds']:>9.0f}  "
              f"{', '.join(sorted(r['bots']))}; seeds {span} in {r['chunks']} chunk(s)")
        for k in total:
            total[k] += r[k]
    print(f"{'all':>7} {total['games']:>9,} {total['decisions']:>12,} {total['violations']:>10} {total['seconds']:>9.0f}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game", choices=["networks", "prime-time"])
    ap.add_argument("--players", default=None, help="player counts, e.g. 1,2,3,4,5 (default: every count the game allows)")
    ap.add_argument("--games", type=int, default=100_000, help="games per player count (default 100,000)")
    ap.add_argument("--chunk", type=int, default=2_000, help="games per chunk (default 2,000)")
    ap.add_argument("--bots", default="random", help=f"seats drawn from these bots (default random; check's default is {','.join(DEFAULT_BOTS)})")
    ap.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--hidden-every", type=int, default=HIDDEN_EVERY)
    ap.add_argument("--out", type=Path, default=OUT, help=f"where the chunk reports go (default {OUT.relative_to(ROOT)})")
    ap.add_argument("--summary", action="store_true", help="print the figures of the reports there and stop")
    a = ap.parse_args(argv)
    if a.summary:
        print_summary(a.out, a.game)
        return 0
    try:
        counts = parse_players(a.game, a.players) if a.players else (
            [1, 2, 3, 4, 5] if a.game == "networks" else [2, 3, 4])
        bots = parse_bots(a.bots)
    except SimulationError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    if a.games < 1 or a.chunk < 1:
        print("error: --games and --chunk must be 1 or more", file=sys.stderr)
        return 2
    a.out.mkdir(parents=True, exist_ok=True)
    todo = [c for c in plan(a.game, counts, bots, a.games, a.chunk, a.seed)
            if not chunk_path(a.out, a.game, c[0], bots, c[1]).exists()]
    total = len(plan(a.game, counts, bots, a.games, a.chunk, a.seed))
    print(f"{a.game}: {total - len(todo)} of {total} chunks done already; {len(todo)} to play", flush=True)
    t0 = time.perf_counter()
    for i, (n, start, games) in enumerate(todo, 1):
        rep = check(a.game, games=games, players=[n], bots=bots, seed=start, workers=a.workers,
                    hidden_every=a.hidden_every)
        data = rep.to_json()
        path = chunk_path(a.out, a.game, n, bots, start)
        if rep.violation is not None:
            rec = path.with_suffix(".record.json")
            rec.write_text(json.dumps(rep.violation.record(), indent=1))
            data["record"] = rec.name
        path.write_text(json.dumps(data, indent=1))
        print(f"[{i}/{len(todo)}] {n}p seeds {start}-{start + games - 1}: {rep.played} games, {rep.decisions:,} decisions, "
              f"{0 if rep.violation is None else 1} violation(s), {rep.seconds:.0f} s "
              f"({time.perf_counter() - t0:.0f} s in all)", flush=True)
        if rep.violation is not None:
            v = rep.violation
            print(f"VIOLATION {v.invariant}: {v.problem}\n  seed {v.seed}, {v.players} players, options {v.options}, "
                  f"bots {v.bots}, action {v.action}, key {v.key!r}; record {path.with_suffix('.record.json')}")
            return 1
    print_summary(a.out, a.game)
    return 0


if __name__ == "__main__":
    sys.exit(main())
