"""How good is the review's judgement?  Issue 35's evaluation-quality figure.

On seeded games of The Networks (``--players``, 4 by default) (seat 0 played by a greedy bot that makes a random move instead one time
in three in the first group, so that it makes mistakes but stays in the game; every seat by ``greedy`` in the
second), the review (:func:`primetime.bots.advice.judge`) judges seat 0's decisions.  Of
the decisions where the review's best option differs from the choice made, up to ``--per-game`` per game are
taken (the largest estimated losses first), and both continuations are played to the end ``--rollouts`` times
by greedy bots in every seat: each rollout re-deals what seat 0 could not see (the rules' determinization from
its view, with the rollout's seed) and seeds the bots anew, and the two continuations of a rollout share the
deal and the seeds (common random numbers).  A decision counts for the review when seat 0 wins more of the
rollouts after the "best" option than after the choice made (a tie for first place counts as half a win; a
decision whose two win counts are equal counts as half).  The figure is that share with its 95% Wilson
interval; beside it, the same for the mean final score of seat 0 ("scores more") and the mean final-score
difference (best minus made) in viewers.

    PYTHONPATH=src python bench/review_quality.py [--players 4] [--games 12] [--per-game 4] [--rollouts 16] [--workers 2]
"""

from __future__ import annotations

import argparse
import concurrent.futures as cf
import json
import math
import time
from typing import Any

from primetime.bots.advice import judge
from primetime.bots.registry import make_bot
from primetime.core.game import Game, replay_record
from primetime.core.rng import Rng

SEAT = 0
PLAYERS = [4]  # players per game (--players)


BIG = 2.0  # viewers: the decisions the review calls clear mistakes, reported apart
NOISE = 3  # the noisy player's move is a random one once in this many decisions with a choice


def seeded_game(seed: int, first: str) -> dict[str, Any]:
    """A finished seeded game's record: seat 0 played by ``first`` (``greedy``, or ``noisy``: greedy with a random
    move one time in :data:`NOISE`), the others by greedy."""
    g = Game.new("networks", PLAYERS[0], seed)
    bots = [make_bot("greedy", seed * 10 + p) for p in range(PLAYERS[0])]
    noise, rand = Rng(seed), make_bot("random", seed)
    while not g.is_over():
        p = g.current_player()
        assert p is not None
        noisy = p == SEAT and first == "noisy" and len(g.legal_keys()) > 1 and noise.below(NOISE) == 0
        g.apply(p, (rand if noisy else bots[p]).choose(g, g.state, p))
    return g.record()


def finish(rs: Any, s: Any, seed: int) -> list[int]:
    bots = [make_bot("greedy", seed * 7 + p) for p in range(s.n)]
    while not rs.is_over(s):
        p = rs.current_player(s)
        rs.apply_key(s, bots[p].choose(rs, s, p))
    return list(rs.scores(s))


def win(scores: list[int]) -> float:
    top = max(scores)
    return 1.0 / scores.count(top) if scores[SEAT] == top else 0.0


def rollouts(rec: dict[str, Any], index: int, made: str, best: str, n: int) -> tuple[float, float, float]:
    """Seat 0's wins after ``made`` and after ``best`` over ``n`` paired rollouts, and the mean score difference."""
    before = replay_record(rec, upto=index)
    rs = before.ruleset
    w_made = w_best = diff = 0.0
    for k in range(n):
        seed = (index * 1000 + k) * 7919 + int(rec["seed"])
        out = []
        for key in (made, best):
            s = rs.determinize(before.state, SEAT, Rng(seed))  # what seat 0 could not see, dealt anew
            if rs.current_player(s) != SEAT:
                rs.focus(s, SEAT)
            rs.apply_key(s, key)
            out.append(finish(rs, s, seed))
        w_made += win(out[0])
        w_best += win(out[1])
        diff += out[1][SEAT] - out[0][SEAT]
    return w_made, w_best, diff / n


def wilson(k: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    r = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return c - r, c + r


def one_game(seed: int, first: str, per_game: int, n: int, players: int) -> list[dict[str, Any]]:
    PLAYERS[0] = players  # (in a worker process)
    rec = seeded_game(seed, first)
    ds = [d for d in judge(rec, SEAT) if d["made"]["key"] != d["best"]["key"] and d["loss"] > 0]
    ds.sort(key=lambda d: -d["loss"])
    out = []
    for d in ds[:per_game]:
        w_made, w_best, diff = rollouts(rec, d["index"], d["made"]["key"], d["best"]["key"], n)
        out.append({"seed": seed, "index": d["index"], "loss": d["loss"], "made": w_made, "best": w_best, "diff": diff})
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=12, help="seeded games per group")
    ap.add_argument("--per-game", type=int, default=4, help="decisions tested per game (largest estimated losses)")
    ap.add_argument("--rollouts", type=int, default=16, help="paired rollouts per decision")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--json", default=None, help="write every decision's figures here")
    args = ap.parse_args()
    PLAYERS[0] = args.players
    t0 = time.time()
    print(f"The Networks, {args.players} players; {args.games} seeded games per group, up to {args.per_game} decisions each, "
          f"{args.rollouts} paired greedy rollouts per continuation")
    everything: list[dict[str, Any]] = []
    for first in ("noisy", "greedy"):
        with cf.ProcessPoolExecutor(args.workers) as pool:
            jobs = [pool.submit(one_game, 100 + g, first, args.per_game, args.rollouts, args.players) for g in range(args.games)]
            rows = [r for j in jobs for r in j.result()]
        everything += rows
        report(f"seat 0: {first} greedy" if first == "noisy" else "seat 0: greedy", rows)
    report("both groups", everything)
    report(f"estimated loss >= {BIG} viewers", [r for r in everything if r["loss"] >= BIG])
    report(f"estimated loss < {BIG} viewers", [r for r in everything if r["loss"] < BIG])
    if args.json:
        with open(args.json, "w") as f:
            json.dump(everything, f, indent=1)
    print(f"({time.time() - t0:.0f} s)")


def report(name: str, rows: list[dict[str, Any]]) -> None:
    n = len(rows)
    score = sum(1.0 if r["best"] > r["made"] else 0.5 if r["best"] == r["made"] else 0.0 for r in rows)
    lo, hi = wilson(score, n)
    more = sum(1.0 if r["diff"] > 0 else 0.5 if r["diff"] == 0 else 0.0 for r in rows)
    mlo, mhi = wilson(more, n)
    diff = sum(r["diff"] for r in rows) / n if n else 0.0
    split = [r for r in rows if r["best"] != r["made"]]
    won = sum(1 for r in split if r["best"] > r["made"])
    slo, shi = wilson(won, len(split))
    print(f"  {name:28s} decisions {n:3d}: the review's best wins more often in {100 * score / max(1, n):.0f}% "
          f"(95% CI {100 * lo:.0f}-{100 * hi:.0f}%), scores more in {100 * more / max(1, n):.0f}% "
          f"(95% CI {100 * mlo:.0f}-{100 * mhi:.0f}%); final score best - made {diff:+.1f} viewers")
    print(f"  {'':28s} where the win counts differ ({len(split)}): the best wins more often in "
          f"{100 * won / max(1, len(split)):.0f}% (95% CI {100 * slo:.0f}-{100 * shi:.0f}%)")


if __name__ == "__main__":
    main()
