"""Fit the weights of Prime Time's evaluation terms that ``mcts:expert`` scores its leaves with.

The heuristic evaluation (``games/prime_time/bots/greedy.py``: ``breakdown``) is a sum of hand-set
terms: VP, cash, the TV Guide, the hand, bids, hotness, awards, Variety, Boardroom, clients, turn
order.  This tool plays 2-player ``greedy`` games (deal seed ``50000 + g``, bot seeds ``104729 g + p``),
records both players' terms at every second decision and the final scores, and fits per round and
phase group (dev: setup, development and bids; sched: scheduling; ratings: the ratings war) the
weights with which the difference of the terms best predicts the final score difference: a ridge
regression with the prior at weight 1 (the plain sum), its penalty chosen on a validation fifth of the
games and judged on a held-out fifth; weights bounded to [0, 3], cash to at least the share of a VP a
dollar kept to the end is worth (1/3); clients, turn order and the pending-action term stay at 1.

The shipped file (``src/primetime/games/prime_time/bots/data/term-weights.json``) came from::

    python tools/fit_term_weights.py --ranges 0-1399,2000-2960 --out src/primetime/games/prime_time/bots/data/term-weights.json

(2361 games, 295,001 positions, about 2 minutes of play on 2 cores); ``--games N`` plays games 0 to N-1.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import numpy as np

from primetime.games.prime_time.bots.search import PHASE_GROUP

TERMS = ["vp", "cash", "guide", "hand", "bids", "hotness", "awards", "variety", "boardroom", "clients", "turn_order", "pending"]
FIXED = ["clients", "turn_order", "pending"]  # left at 1
GROUPS = [(r, ph) for r in range(1, 7) for ph in ("dev", "sched", "ratings")]
UPPER = 3.0
PENALTIES = [0, 0.003, 0.01, 0.03, 0.1, 0.3, 1]


def play(g: int) -> dict[str, Any]:
    """One greedy-vs-greedy game: the terms of both players at every second decision, and the scores."""
    from primetime.bots.registry import make_bot
    from primetime.core.game import choice_points, get_ruleset
    from primetime.games.prime_time.bots.greedy import breakdown

    rs = get_ruleset("prime-time")
    state = rs.new_state(rs.validate_options({"log": False}, 2), 50000 + g, 2)
    bots = [make_bot("greedy", 104729 * g + p) for p in range(2)]
    pos: list[list[Any]] = []
    k = 0
    for p, _keys in choice_points(rs, state):
        if k % 2 == 0:
            parts = [breakdown(state, q) for q in range(2)]
            pos.append([state.round, state.phase, [[round(b.get(t, 0.0), 3) for t in TERMS] for b in parts]])
        k += 1
        rs.apply_key(state, bots[p].choose(rs, state, p))
    return {"g": g, "scores": list(rs.scores(state)), "pos": pos}


def arrays(games: list[dict[str, Any]]) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Term differences (seat 0 - seat 1), final score differences, game numbers, group numbers."""
    X, y, gid, grp = [], [], [], []
    for r in games:
        s = r["scores"]
        for rnd, ph, parts in r["pos"]:
            X.append(np.array(parts[0]) - np.array(parts[1]))
            y.append(s[0] - s[1])
            gid.append(r["g"])
            grp.append(GROUPS.index((rnd, PHASE_GROUP[ph])))
    return np.array(X), np.array(y, float), np.array(gid), np.array(grp)


def ridge(X: np.ndarray, y: np.ndarray, lam: float, fixed: dict[int, float]) -> np.ndarray:
    """Weights with the prior 1, the ``fixed`` terms held at their values."""
    free = [j for j in range(X.shape[1]) if j not in fixed]
    w = np.ones(X.shape[1])
    for j, v in fixed.items():
        w[j] = v
    res = y - X @ w
    Xf = X[:, free]
    A = Xf.T @ Xf + lam * len(y) * np.diag(Xf.var(0) + 1e-9) + 1e-6 * np.eye(len(free))
    w[free] += np.linalg.solve(A, Xf.T @ res)
    return w


def fit_group(X: np.ndarray, y: np.ndarray, lam: float, rnd: int) -> np.ndarray:
    """The bounded fit of one group: a weight outside its bounds is pinned at the bound, the worst first."""
    lower = np.zeros(len(TERMS))
    lower[TERMS.index("cash")] = (1 / 3) / (1 / 3 + 0.04 * (6 - rnd))  # a dollar kept to the end is still worth 1/3 VP
    pinned = {TERMS.index(t): 1.0 for t in FIXED}
    w = np.ones(len(TERMS))
    for _ in TERMS:
        w = ridge(X, y, lam, pinned)
        bad = [j for j in range(len(w)) if j not in pinned and (w[j] < lower[j] - 1e-9 or w[j] > UPPER + 1e-9)]
        if not bad:
            break
        j = max(bad, key=lambda j: max(lower[j] - w[j], w[j] - UPPER))
        pinned[j] = float(min(max(w[j], lower[j]), UPPER))
    return w


def fit(X: np.ndarray, y: np.ndarray, grp: np.ndarray, lam: float) -> np.ndarray:
    W = np.ones((len(GROUPS), len(TERMS)))
    for k, (rnd, _ph) in enumerate(GROUPS):
        m = grp == k
        if m.sum() > 20:
            W[k] = fit_group(X[m], y[m], lam, rnd)
    return W


def mse(X: np.ndarray, y: np.ndarray, grp: np.ndarray, W: np.ndarray) -> float:
    return float(np.mean((y - (X * W[grp]).sum(1)) ** 2))


def game_numbers(ranges: str | None, games: int) -> list[int]:
    if not ranges:
        return list(range(games))
    out: list[int] = []
    for part in ranges.split(","):
        a, _, b = part.partition("-")
        out += list(range(int(a), int(b or a) + 1))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2400, help="play games 0 to N-1 (default 2400)")
    ap.add_argument("--ranges", help="the game numbers instead, e.g. 0-1399,2000-2960 (the shipped file's)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--out", type=Path, help="write the weights file here (default: print only)")
    args = ap.parse_args(argv)
    from rich.console import Console

    from primetime.cli.app import progress_bar
    from primetime.sim.backends import run_tasks

    numbers = game_numbers(args.ranges, args.games)
    bar, step = progress_bar("greedy games", len(numbers), Console(stderr=True))
    with bar:
        played: list[dict[str, Any]] = run_tasks(play, numbers, args.workers, progress=step)
    X, y, gid, grp = arrays(played)
    games = np.unique(gid)
    perm = np.random.default_rng(0).permutation(games)
    test_g, val_g = perm[: len(games) // 5], perm[len(games) // 5: 2 * len(games) // 5]
    te, va = np.isin(gid, test_g), np.isin(gid, val_g)
    tr = ~te & ~va
    errors = {lam: mse(X[va], y[va], grp[va], fit(X[tr], y[tr], grp[tr], lam)) for lam in PENALTIES}
    lam = min(errors, key=lambda k: errors[k])
    W = fit(X[tr | va], y[tr | va], grp[tr | va], lam)
    ones = np.ones_like(W)
    plain, fitted = mse(X[te], y[te], grp[te], ones), mse(X[te], y[te], grp[te], W)
    print(f"{len(games)} games, {len(y):,} positions; penalty {lam} (validation error by penalty: "
          + ", ".join(f"{k}: {v:.1f}" for k, v in errors.items()) + ")")
    print(f"held-out squared error of the final score difference: plain sum {plain:.1f}, fitted weights {fitted:.1f}")
    W = fit(X, y, grp, lam)
    print("group        " + " ".join(f"{t[:7]:>7s}" for t in TERMS))
    for k, (rnd, ph) in enumerate(GROUPS):
        print(f"r{rnd} {ph:8s}  " + " ".join(f"{w:7.2f}" for w in W[k]))
    if args.out:
        note = (f"Weights of the terms of primetime.games.prime_time.bots.greedy.breakdown by round and phase group (dev: setup, "
                f"development and bids; sched: scheduling; ratings: the ratings war), used by mcts:expert's term_weights setting. "
                f"Fitted by tools/fit_term_weights.py on {len(games)} two-player greedy-vs-greedy games (deal seeds 50000+, a position "
                f"at every second decision, {len(y)} positions): target the final score difference (seat 0 - seat 1), features the "
                f"per-term differences, one ridge regression per (round, phase) with the prior at weight 1 (penalty {lam} x n x variance "
                f"of the feature, chosen on a validation split by game), weights bounded to [0, 3] and cash to at least the share a "
                f"dollar keeps to the end of the game (1/3 VP); clients, turn_order and pending left at 1. Held-out squared error (a "
                f"fifth of the games): plain sum {plain:.1f}, these weights {fitted:.1f}.")
        rows = [{"round": rnd, "phase": ph, "weights": {t: round(float(W[k][j]), 3) for j, t in enumerate(TERMS)}}
                for k, (rnd, ph) in enumerate(GROUPS)]
        args.out.write_text(json.dumps({"note": note, "terms": TERMS, "weights": rows}, indent=1) + "\n")
        print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
