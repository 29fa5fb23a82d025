"""MCTS speed: iterations and engine moves per second of the ``mcts`` bot, pure Python and compiled
side by side, beside OpenSpiel's ``MCTSBot``; and decision times of ``mcts:normal``.

Measures, on one core (CPU seconds of the searching process, so that other work on the machine
does not count):

* iterations/s and engine moves/s of the information-set MCTS bot at ``mcts:normal`` (its pool
  and settings, a fixed number of iterations per search) in a 4-player game of The Networks from
  the start (the first decision: Pilot Season, the others' offers hidden), at the first turn of
  round 1 and mid-game (round 3, after greedy play), and in a 3-player game of Prime Time from the
  start and in round 3; each is the total over several searches (each from its own seeded game),
  including drawing the determinizations and the greedy root prior;
* each of them in both builds, each build in a process of its own (``PRIMETIME_PURE=1`` for
  pure Python), alternately ``--repeat`` times, and the median of the runs: the compiled build
  (``make fast``; see the README) compiles the search loop and the greedy evaluation with the
  engines;
* as a peer, in the same run: OpenSpiel's Python MCTS (``open_spiel.python.algorithms.mcts.
  MCTSBot``, random-rollout evaluator, one rollout) on its gin_rummy, from the start and mid-game
  (``pip install -e '.[bench]'``), in iterations/s and engine moves/s;
* with ``--games N``: seconds per decision of ``mcts:normal`` (mean, 95th percentile, max) over
  N whole games of The Networks (4 players, three greedy opponents) in the build in use.

What is counted (not the same work in both):

* **an iteration** of ours: one determinization cloned, a few engine moves down the tree (the
  player's own follow-up steps answered by the greedy one-step choice, which tries each of their
  options on a copy), and the greedy evaluation of the leaf for every player; no rollout.  One of
  OpenSpiel's: the tree descent and one random rollout to the end of the game.
* **engine moves**: moves applied to the iteration's state.  Ours: the keys applied on the way down
  the tree (forced steps and follow-up answers included); the greedy look-ahead inside the
  follow-up answers and the root prior is not counted.  OpenSpiel's: the actions applied on the way
  down the tree (chance outcomes included) and in the rollout.

Usage: python bench/mcts_speed.py [--iterations 400] [--searches 4] [--repeat 3] [--games 0] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

INSTALL_HINT = "pip install -e '.[bench]'"
PURE_ENV = "PRIMETIME_PURE"
# (game, players, where): the positions searched
POSITIONS: list[tuple[str, int, str]] = [
    ("networks", 4, "start"), ("networks", 4, "round1"), ("networks", 4, "mid"),
    ("prime-time", 3, "start"), ("prime-time", 3, "mid"),
]
TITLES = {"networks": "The Networks", "prime-time": "Prime Time"}


def _state(game: str, players: int, seed: int, where: str) -> tuple[Any, Any]:
    """A state at ``where`` (start; round1: The Networks' first turn; mid: round 3) after greedy play."""
    from primetime.bots.registry import make_bot
    from primetime.core.game import get_ruleset

    rs = get_ruleset(game)
    s = rs.new_state(rs.validate_options({}, players), seed, players)
    bots = [make_bot("greedy", seed * 10 + p) for p in range(players)]

    def reached() -> bool:
        if len(rs.legal_keys(s)) < 2:
            return False
        if where == "start":
            return True
        if where == "round1":
            return bool(s.phase == "play" and s.stack[-1][0] == "turn")
        if game == "networks":
            return bool(s.round >= 3 and s.phase == "play" and s.stack[-1][0] == "turn")
        return bool(s.round >= 3)

    while not rs.is_over(s) and not reached():
        p = rs.current_player(s)
        keys = rs.legal_keys(s)
        rs.apply_key(s, keys[0] if len(keys) == 1 else bots[p].choose(rs, s, p))
    return rs, s


def bench_search(game: str, players: int, where: str, iterations: int, searches: int) -> dict[str, Any]:
    """Iterations and engine moves per CPU second of ``mcts:normal`` searches of ``iterations`` (fewer
    when a search stops early: the iterations run are counted)."""
    from primetime._build import current_build
    from primetime.bots.ismcts import SearchBot
    from primetime.core.plugin import get_plugin

    plugin = get_plugin(game)
    its = moves = 0
    secs = 0.0
    for k in range(searches + 1):  # the first one warms up (card tables, memo tables), not counted
        rs, s = _state(game, players, 100 + k, where)
        p = rs.current_player(s)
        adapter = plugin.search(k)
        bot = SearchBot(adapter, k, "normal", iterations=iterations)
        public = adapter.public_copy(s, p)
        t = time.process_time()
        bot.search(rs, public, p, rs.legal_keys(s))
        dt = time.process_time() - t
        if k > 0:
            its += bot.last["iterations"]
            moves += bot.last["moves"]
            secs += dt
    return {"name": f"{TITLES[game]}, {players} players, {where}", "game": game, "players": players, "where": where,
            "build": current_build(), "searches": searches, "iterations": its, "moves": moves, "seconds": secs,
            "iterations_per_second": its / secs, "moves_per_second": moves / secs}


def bench_decisions(games: int, level: str = "normal", players: int = 4) -> dict[str, Any]:
    """Seconds per decision of ``mcts:<level>`` against greedy bots, over whole games of The Networks."""
    from primetime._build import current_build
    from primetime.bots.ismcts import SearchBot
    from primetime.bots.registry import make_bot
    from primetime.core.game import choice_points, get_ruleset
    from primetime.core.plugin import get_plugin

    rs = get_ruleset("networks")
    times: list[float] = []
    searched: list[float] = []
    for g in range(games):
        s = rs.new_state(rs.validate_options({"log": False}, players), 500 + g, players)
        mcts = SearchBot(get_plugin("networks").search(g), g, level)
        bots = [mcts] + [make_bot("greedy", g * 10 + p) for p in range(1, players)]
        for p, _keys in choice_points(rs, s):
            t = time.process_time()
            key = bots[p].choose(rs, s, p)
            dt = time.process_time() - t
            if p == 0:
                times.append(dt)
                if "reused" not in mcts.last:
                    searched.append(dt)
            rs.apply_key(s, key)
    times.sort()
    searched.sort()
    n = len(times)
    return {"name": f"mcts:{level} decision time, The Networks, {players} players vs 3 greedy", "build": current_build(),
            "games": games, "decisions": n, "searches": len(searched), "mean_s": statistics.fmean(times),
            "p95_s": times[min(n - 1, int(0.95 * n))], "max_s": times[-1],
            "search_p95_s": searched[min(len(searched) - 1, int(0.95 * len(searched)))]}


def bench_openspiel(iterations: int, searches: int) -> list[dict[str, Any]]:
    """OpenSpiel's MCTSBot on gin_rummy: iterations (descent + one random rollout) and engine moves per CPU second."""
    try:
        import numpy as np
        import pyspiel  # type: ignore[import-not-found]
        from open_spiel.python.algorithms import mcts  # type: ignore[import-not-found]
    except ImportError:
        return [{"name": "OpenSpiel MCTSBot, gin_rummy", "missing": f"open_spiel is not installed ({INSTALL_HINT})"}]

    class CountingRollouts(mcts.RandomRolloutEvaluator):  # type: ignore[misc]
        """OpenSpiel's random-rollout evaluator (the same draws), counting the moves applied: those
        of the descent (the leaf's history beyond the root's) and those of the rollout."""

        def __init__(self, root_length: int, **kw: Any) -> None:
            super().__init__(**kw)
            self.root_length = root_length
            self.moves = 0

        def evaluate(self, state: Any) -> Any:
            self.moves += len(state.history()) - self.root_length
            result = None
            for _ in range(self.n_rollouts):
                working_state = state.clone()
                while not working_state.is_terminal():
                    if working_state.is_chance_node():
                        action_list, prob_list = zip(*working_state.chance_outcomes(), strict=True)
                        action = self._random_state.choice(action_list, p=prob_list)
                    else:
                        action = self._random_state.choice(working_state.legal_actions())
                    working_state.apply_action(action)
                    self.moves += 1
                returns = np.array(working_state.returns())
                result = returns if result is None else result + returns
            return result / self.n_rollouts

    game = pyspiel.load_game("gin_rummy")
    out = []
    for where, made_moves in (("start", 0), ("mid-game", 60)):
        its = moves = 0
        secs = 0.0
        for k in range(searches):
            rng = np.random.RandomState(k)
            st = game.new_initial_state()
            made = 0
            while not st.is_terminal():
                if st.is_chance_node():
                    outcomes = st.chance_outcomes()
                    st.apply_action(outcomes[rng.randint(len(outcomes))][0])
                    continue
                if made >= made_moves:
                    break
                legal = st.legal_actions()
                st.apply_action(legal[rng.randint(len(legal))])
                made += 1
            ev = CountingRollouts(len(st.history()), n_rollouts=1, random_state=np.random.RandomState(k))
            bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=iterations, evaluator=ev, solve=False,
                               random_state=np.random.RandomState(k))
            t = time.process_time()
            bot.step(st)
            secs += time.process_time() - t
            its += iterations
            moves += ev.moves
        out.append({"name": f"OpenSpiel MCTSBot (Python, random rollouts), gin_rummy, {where}", "searches": searches,
                    "iterations": its, "moves": moves, "seconds": secs, "iterations_per_second": its / secs,
                    "moves_per_second": moves / secs})
    return out


def child(args: argparse.Namespace) -> dict[str, Any]:
    """The measurements of one build (this process's)."""
    from primetime._build import current_build

    rows = [bench_search(g, n, w, args.iterations, args.searches) for g, n, w in POSITIONS]
    return {"build": current_build(), "rows": rows}


def run_child(args: argparse.Namespace, pure: bool) -> dict[str, Any]:
    env = {**os.environ, PURE_ENV: "1" if pure else ""}
    cmd = [sys.executable, str(Path(__file__).resolve()), "--child", "--iterations", str(args.iterations),
           "--searches", str(args.searches)]
    out = subprocess.run(cmd, env=env, capture_output=True, text=True)
    if out.returncode != 0:
        raise SystemExit(f"mcts_speed: the {'pure-Python' if pure else 'compiled'} run failed:\n{out.stderr.strip()}")
    result: dict[str, Any] = json.loads(out.stdout)
    return result


def compiled_available() -> str | None:
    """Why the compiled build cannot be measured, or None when it can."""
    from primetime._build import BUILT_MODULES, extensions_of, stale_reasons

    if not any(extensions_of(m) for m in BUILT_MODULES):
        return "the compiled build is not present (make fast; it needs a C compiler)"
    why = stale_reasons()
    if why:
        return f"the compiled build in place is stale: {'; '.join(why)} (make fast)"
    return None


def side_by_side(args: argparse.Namespace) -> dict[str, Any]:
    """Both builds, alternately, ``--repeat`` times each; the median rate of each row and build."""
    missing = compiled_available()
    builds: dict[str, list[dict[str, Any]]] = {"pure Python": [], "compiled": []} if missing is None else {"pure Python": []}
    for _ in range(max(1, args.repeat)):
        for build in builds:
            builds[build].append(run_child(args, pure=build == "pure Python"))
    rows = []
    for i, (game, players, where) in enumerate(POSITIONS):
        row: dict[str, Any] = {"name": builds["pure Python"][0]["rows"][i]["name"], "game": game, "players": players,
                               "where": where}
        for build, runs in builds.items():
            got = [r["rows"][i] for r in runs]
            row[build] = {
                "iterations_per_second": statistics.median(g["iterations_per_second"] for g in got),
                "moves_per_second": statistics.median(g["moves_per_second"] for g in got),
                "moves_per_iteration": got[0]["moves"] / got[0]["iterations"],
                "iterations": got[0]["iterations"], "runs": len(got),
            }
        if "compiled" in row:
            row["speedup"] = row["compiled"]["iterations_per_second"] / row["pure Python"]["iterations_per_second"]
        rows.append(row)
    return {"rows": rows, "compiled_missing": missing}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--iterations", type=int, default=400, help="iterations per search (default 400, as mcts:normal in Prime Time)")
    ap.add_argument("--searches", type=int, default=4, help="searches per position, each from its own game (default 4)")
    ap.add_argument("--repeat", type=int, default=3, help="runs of each build, alternately; the median is shown (default 3)")
    ap.add_argument("--games", type=int, default=0, help="whole games for the mcts:normal decision times, in the build in use (default 0)")
    ap.add_argument("--peer-iterations", type=int, default=200, help="iterations per OpenSpiel search (default 200)")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)  # one build's measurements, as JSON
    args = ap.parse_args(argv)
    if args.iterations < 1 or args.searches < 1:
        ap.error("--iterations and --searches must be at least 1")
    if args.child:
        print(json.dumps(child(args)))
        return 0
    ours = side_by_side(args)
    peers = bench_openspiel(args.peer_iterations, max(1, args.searches // 2))
    decisions = [bench_decisions(args.games)] if args.games > 0 else []
    meta = {"python": platform.python_version(), "machine": platform.machine(), "iterations": args.iterations,
            "searches": args.searches, "repeat": args.repeat, "timer": "CPU seconds of the process (time.process_time)"}
    if args.json:
        print(json.dumps({"meta": meta, "search": ours, "peers": peers, "decisions": decisions}))
        return 0
    print(f"Python {platform.python_version()} on {platform.machine()}, one core; rates per CPU second, the median "
          f"of {args.repeat} runs of each build ({args.searches} searches of {args.iterations} iterations per position)\n")
    if ours["compiled_missing"]:
        print(f"compiled: not measured, {ours['compiled_missing']}\n")
    head = f"{'mcts:normal, from':<36} {'iterations/s':^30}   {'engine moves/s':^30}   moves/it"
    print(head)
    print(f"{'':<36} {'pure':>9} {'compiled':>9} {'ratio':>9}   {'pure':>9} {'compiled':>9} {'ratio':>9}")
    for r in ours["rows"]:
        p = r["pure Python"]
        c = r.get("compiled")
        its = f"{p['iterations_per_second']:>9,.0f} " + (f"{c['iterations_per_second']:>9,.0f} {r['speedup']:>8.2f}x" if c else f"{'-':>9} {'-':>9}")
        mv = f"{p['moves_per_second']:>9,.0f} " + (f"{c['moves_per_second']:>9,.0f} {c['moves_per_second'] / p['moves_per_second']:>8.2f}x"
                                                 if c else f"{'-':>9} {'-':>9}")
        print(f"{r['name']:<36} {its}   {mv}   {p['moves_per_iteration']:>8.1f}")
    print()
    for r in peers:
        if "missing" in r:
            print(f"{r['name']}: {r['missing']}")
            continue
        print(f"{r['name']:<68} {r['iterations_per_second']:>7,.0f} iterations/s  {r['moves_per_second']:>9,.0f} engine moves/s  "
              f"({r['moves'] / r['iterations']:.1f} moves/it)")
    for d in decisions:
        print(f"\n{d['name']} ({d['build']}): mean {d['mean_s']:.3f} s, p95 {d['p95_s']:.3f} s, max {d['max_s']:.3f} s "
              f"over {d['decisions']} decisions ({d['searches']} searched; p95 of searches {d['search_p95_s']:.3f} s)")
    print("\nNot the same work: an iteration of ours is a few engine moves down the tree and the greedy evaluation of the "
          "leaf for every player (no rollout); one of OpenSpiel's is the descent and a random rollout to the end of the "
          "game. Engine moves are the moves applied to the iteration's state in both (ours without the greedy look-ahead "
          "of follow-up answers).")
    return 0


if __name__ == "__main__":
    sys.exit(main())
