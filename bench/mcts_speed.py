"""MCTS speed: iterations per second of the ``mcts`` bot, and decision times of ``mcts:normal``.

Measures, on one core:

* iterations/s of the information-set MCTS bot in a 4-player game of The Networks, from
  the start (the first decision: Pilot Season, others' offers hidden), at the first turn of
  round 1, and mid-game (round 3, after greedy play); each is the mean over several
  searches of a fixed number of iterations, including drawing the determinizations and the
  greedy root prior;
* seconds per decision of ``mcts:normal`` (mean, 95th percentile, max) over whole games
  (4 players, three greedy opponents), counting every decision it had to make (steps
  answered from the previous search's subtree cost almost nothing and are counted too);
* as a peer, in the same run: OpenSpiel's Python MCTS (``open_spiel.python.algorithms.
  mcts.MCTSBot``, random-rollout evaluator, one rollout) on its gin_rummy, from the start
  and mid-game (``pip install -e '.[bench]'``).

Usage: python bench/mcts_speed.py [--iterations 1000] [--searches 5] [--games 1] [--json]
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from typing import Any

from primetime.core.game import get_ruleset
from primetime.games.networks.bots.greedy import GreedyBot
from primetime.games.networks.bots.search import MctsBot, public_copy

INSTALL_HINT = "pip install -e '.[bench]'"


def _state(players: int, seed: int, where: str) -> Any:
    """A 4-player state at ``where``: start, round1 (first turn) or mid (round 3)."""
    rs = get_ruleset("networks")
    s = rs.new_state(rs.validate_options({"log": False}, players), seed, players)
    bots = [GreedyBot(seed * 10 + p) for p in range(players)]

    def reached() -> bool:
        if len(rs.legal_keys(s)) < 2:
            return False
        if where == "start":
            return True
        if where == "round1":
            return s.phase == "play" and s.stack[-1][0] == "turn"
        return s.round >= 3 and s.phase == "play" and s.stack[-1][0] == "turn"

    while not rs.is_over(s) and not reached():
        p = rs.current_player(s)
        keys = rs.legal_keys(s)
        rs.apply_key(s, keys[0] if len(keys) == 1 else bots[p].select(rs, s, p, keys))
    return rs, s


def bench_iterations(where: str, iterations: int, searches: int, players: int = 4) -> dict[str, Any]:
    rates, its, secs = [], 0, 0.0
    for k in range(searches):
        rs, s = _state(players, 100 + k, where)
        p = rs.current_player(s)
        bot = MctsBot(k, "normal", iterations=iterations)
        bot.search(rs, public_copy(s, p), p, rs.legal_keys(s))
        its += bot.last["iterations"]
        secs += bot.last["seconds"]
        rates.append(bot.last["iterations"] / bot.last["seconds"])
    return {"name": f"primetime mcts, 4 players, {where}", "searches": searches, "iterations": its, "seconds": secs,
            "iterations_per_second": its / secs, "min_rate": min(rates), "max_rate": max(rates)}


def bench_decisions(games: int, level: str = "normal", players: int = 4) -> dict[str, Any]:
    rs = get_ruleset("networks")
    times: list[float] = []
    searched: list[float] = []
    for g in range(games):
        s = rs.new_state(rs.validate_options({"log": False}, players), 500 + g, players)
        bots: list[Any] = [MctsBot(g, level)] + [GreedyBot(g * 10 + p) for p in range(1, players)]
        while not rs.is_over(s):
            p = rs.current_player(s)
            keys = rs.legal_keys(s)
            if len(keys) == 1:
                rs.apply_key(s, keys[0])
                continue
            t = time.perf_counter()
            key = bots[p].select(rs, s, p, keys)
            dt = time.perf_counter() - t
            if p == 0:
                times.append(dt)
                if "reused" not in bots[0].last:
                    searched.append(dt)
            rs.apply_key(s, key)
    times.sort()
    searched.sort()
    n = len(times)
    return {"name": f"mcts:{level} decision time, 4 players vs 3 greedy", "games": games, "decisions": n,
            "searches": len(searched), "mean_s": statistics.fmean(times), "p95_s": times[min(n - 1, int(0.95 * n))],
            "max_s": times[-1], "search_p95_s": searched[min(len(searched) - 1, int(0.95 * len(searched)))]}


def bench_openspiel(iterations: int, searches: int) -> list[dict[str, Any]]:
    try:
        import numpy as np
        import pyspiel  # type: ignore[import-not-found]
        from open_spiel.python.algorithms import mcts  # type: ignore[import-not-found]
    except ImportError:
        return [{"name": "OpenSpiel MCTSBot, gin_rummy", "missing": f"open_spiel is not installed ({INSTALL_HINT})"}]
    game = pyspiel.load_game("gin_rummy")
    out = []
    for where, moves in (("start", 0), ("mid-game", 60)):
        its, secs = 0, 0.0
        for k in range(searches):
            rng = np.random.RandomState(k)
            st = game.new_initial_state()
            made = 0
            while not st.is_terminal():
                if st.is_chance_node():
                    outcomes = st.chance_outcomes()
                    st.apply_action(outcomes[rng.randint(len(outcomes))][0])
                    continue
                if made >= moves:
                    break
                legal = st.legal_actions()
                st.apply_action(legal[rng.randint(len(legal))])
                made += 1
            ev = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(k))
            bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=iterations, evaluator=ev, solve=False,
                               random_state=np.random.RandomState(k))
            t = time.perf_counter()
            bot.step(st)
            secs += time.perf_counter() - t
            its += iterations
        out.append({"name": f"OpenSpiel MCTSBot (Python, random rollouts), gin_rummy, {where}", "searches": searches,
                    "iterations": its, "seconds": secs, "iterations_per_second": its / secs})
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--iterations", type=int, default=1000, help="iterations per search (default 1000)")
    ap.add_argument("--searches", type=int, default=5, help="searches per measurement (default 5)")
    ap.add_argument("--games", type=int, default=1, help="games for the mcts:normal decision times (default 1)")
    ap.add_argument("--peer-iterations", type=int, default=200, help="iterations per OpenSpiel search (default 200)")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    args = ap.parse_args(argv)
    results: list[dict[str, Any]] = [bench_iterations(w, args.iterations, args.searches) for w in ("start", "round1", "mid")]
    results += bench_openspiel(args.peer_iterations, max(1, args.searches // 2))
    if args.games > 0:
        results.append(bench_decisions(args.games))
    if args.json:
        print(json.dumps({"meta": {"python": platform.python_version(), "machine": platform.machine()}, "results": results}))
        return 0
    print(f"Python {platform.python_version()} on {platform.machine()}, one core\n")
    for r in results:
        if "missing" in r:
            print(f"{r['name']}: {r['missing']}")
        elif "iterations_per_second" in r:
            print(f"{r['name']:<72} {r['iterations_per_second']:>8,.0f} iterations/s  ({r['iterations']} in {r['seconds']:.2f} s)")
        else:
            print(f"{r['name']:<72} mean {r['mean_s']:.3f} s, p95 {r['p95_s']:.3f} s, max {r['max_s']:.3f} s "
                  f"over {r['decisions']} decisions ({r['searches']} searched; p95 of searches {r['search_p95_s']:.3f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
