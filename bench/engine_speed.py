"""Engine speed on one core: The Networks and Prime Time against two reference game engines.

Measures, for random 4-player games of The Networks and of Prime Time driven through the
ruleset directly (logging off): decisions per second, games per second and the time to clone
a mid-game state; and the decision time of each game's greedy bot.  In the same run, if
they are installed (``pip install -e '.[bench]'``):

* RLCard's pure-Python gin rummy (``rlcard.make('gin-rummy')``), random legal actions,
  clone = ``copy.deepcopy`` of its game object;
* OpenSpiel's C++ hearts through pyspiel, random legal actions and chance outcomes,
  clone = ``state.clone()``.

Each of our rows says which build it measured: compiled (what ``make bench`` runs when a C
compiler is there, see tools/build_fast.py: the engine through mypyc, the random generator in
C) or pure Python; so does the ``build`` field of ``--json``.

Usage: python bench/engine_speed.py [--seconds 45] [--json]
"""

from __future__ import annotations

import argparse
import copy
import json
import platform
import sys
import time
from collections.abc import Callable
from typing import Any

from primetime.core.game import get_ruleset
from primetime.core.rng import Rng
from primetime.core.rng import build as rng_build

INSTALL_HINT = "pip install -e '.[bench]'"


def run_games(play_one: Callable[[int], int], seconds: float, min_games: int = 3) -> dict[str, float]:
    """Play games with seeds 0, 1, ... until ``seconds`` have passed; ``play_one`` returns its decisions."""
    decisions = games = 0
    t0 = time.perf_counter()
    while True:
        decisions += play_one(games)
        games += 1
        elapsed = time.perf_counter() - t0
        if elapsed >= seconds and games >= min_games:
            break
    return {
        "games": games,
        "decisions": decisions,
        "seconds": elapsed,
        "decisions_per_second": decisions / elapsed,
        "games_per_second": games / elapsed,
        "decisions_per_game": decisions / games,
    }


def time_clone(clone: Callable[[], Any], seconds: float, min_reps: int = 100) -> dict[str, float]:
    """Mean time of one clone in microseconds."""
    reps = 0
    batch = 50
    t0 = time.perf_counter()
    while True:
        for _ in range(batch):
            clone()
        reps += batch
        elapsed = time.perf_counter() - t0
        if elapsed >= seconds and reps >= min_reps:
            break
    return {"clone_us": elapsed / reps * 1e6, "clones": reps}


# ---------------------------------------------------------------------- our rulesets


ENGINE_MODULES = {
    "networks": ("primetime.games.networks.rules.flow", "primetime.games.networks.state", "primetime.core.rng"),
    "prime-time": ("primetime.games.prime_time.rules.flow", "primetime.games.prime_time.state", "primetime.core.rng"),
}


def engine_build(game: str) -> str:
    """How a ruleset's engine was loaded: pure Python, compiled (the default with a C compiler: the engine through
    mypyc, the random generator in C) or a mix of both (which modules are which)."""
    import importlib

    from primetime._build import engine_build as build_of

    builds = {m: build_of(importlib.import_module(m)) for m in ENGINE_MODULES[game]}
    if rng_build() == "C":  # rng.py stays Python; its generator comes from the compiled build
        builds["primetime.core.rng"] = "compiled (C)"
    compiled = [m.rsplit(".", 1)[1] for m, b in builds.items() if b != "pure Python"]
    pure = [m.rsplit(".", 1)[1] for m, b in builds.items() if b == "pure Python"]
    if not compiled:
        return "pure Python"
    if not pure:
        return "compiled"
    return f"compiled: {', '.join(compiled)}; pure Python: {', '.join(pure)}"


def bench_networks(seconds: float, players: int = 4) -> dict[str, Any]:
    return bench_engine("networks", "The Networks", seconds, players)


def bench_prime_time(seconds: float, players: int = 4) -> dict[str, Any]:
    return bench_engine("prime-time", "Prime Time", seconds, players)


def bench_engine(game: str, name: str, seconds: float, players: int = 4) -> dict[str, Any]:
    """Random games of one of our rulesets; the clone is timed on a mid-game state."""
    rs = get_ruleset(game)
    opts = rs.validate_options({"log": False}, players)
    legal, apply, is_over = rs.legal_keys, rs.apply_key, rs.is_over

    def play_one(seed: int) -> int:
        state = rs.new_state(opts, seed, players)
        rng = Rng(seed)
        n = 0
        while not is_over(state):
            keys = legal(state)
            apply(state, keys[rng.below(len(keys))] if len(keys) > 1 else keys[0])
            n += 1
        return n

    build = engine_build(game)
    out: dict[str, Any] = {"name": f"{name} (primetime, {build})", "players": players, "build": build}
    out.update(run_games(play_one, seconds * 0.85))
    # A mid-game state: round 2 or later, half-way through a random game.
    state = rs.new_state(opts, 12345, players)
    rng = Rng(12345)
    steps = 0
    while not is_over(state) and (state.round < 2 or steps < out["decisions_per_game"] / 2):
        keys = legal(state)
        apply(state, keys[rng.below(len(keys))])
        steps += 1
    out.update(time_clone(state.clone, seconds * 0.15))
    out["clone_of"] = f"round {state.round}, after {steps} decisions"
    return out


def bench_greedy(seconds: float, players: int = 4, game: str = "networks") -> dict[str, Any]:
    """Decision time of the greedy bot (one-step look-ahead) in 4-player greedy games."""
    from primetime.bots.registry import make_bot

    rs = get_ruleset(game)
    opts = rs.validate_options({"log": False}, players)
    times: list[float] = []
    t_end = time.perf_counter() + seconds
    seed = 0
    while time.perf_counter() < t_end or seed == 0:
        state = rs.new_state(opts, seed, players)
        bots = [make_bot("greedy", seed * 10 + p) for p in range(players)]
        while not rs.is_over(state) and time.perf_counter() < t_end:
            p = rs.current_player(state)
            keys = rs.legal_keys(state)
            if len(keys) == 1:
                rs.apply_key(state, keys[0])
                continue
            t = time.perf_counter()
            key = bots[p].select(rs, state, p, keys)
            times.append(time.perf_counter() - t)
            rs.apply_key(state, key)
        seed += 1
    times.sort()
    n = len(times)
    return {
        "name": f"greedy bot decision ({'Prime Time' if game == 'prime-time' else 'The Networks'}, {players} players)",
        "decisions": n,
        "mean_ms": sum(times) / n * 1e3 if n else 0.0,
        "p95_ms": times[int(n * 0.95)] * 1e3 if n else 0.0,
        "max_ms": times[-1] * 1e3 if n else 0.0,
    }


# ---------------------------------------------------------------------- peers


def bench_rlcard(seconds: float) -> dict[str, Any]:
    try:
        import rlcard  # type: ignore[import-not-found]
    except ImportError:
        return {"name": "RLCard gin rummy", "missing": f"rlcard is not installed ({INSTALL_HINT})"}
    env = rlcard.make("gin-rummy", config={"seed": 0})

    def play_one(seed: int) -> int:
        rng = Rng(seed)
        state, _ = env.reset()
        n = 0
        while not env.is_over():
            legal = list(state["legal_actions"].keys())
            state, _ = env.step(legal[rng.below(len(legal))])
            n += 1
        return n

    out: dict[str, Any] = {"name": "RLCard gin rummy (pure Python)", "players": 2}
    out.update(run_games(play_one, seconds * 0.85))
    rng = Rng(99)
    state, _ = env.reset()
    for _ in range(int(out["decisions_per_game"] / 2)):
        if env.is_over():
            break
        legal = list(state["legal_actions"].keys())
        state, _ = env.step(legal[rng.below(len(legal))])
    game = env.game
    out.update(time_clone(lambda: copy.deepcopy(game), seconds * 0.15, min_reps=50))
    out["clone_of"] = "copy.deepcopy(env.game), mid-game"
    out["version"] = getattr(rlcard, "__version__", "?")
    return out


def bench_openspiel(seconds: float) -> dict[str, Any]:
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return {"name": "OpenSpiel hearts", "missing": f"open_spiel is not installed ({INSTALL_HINT})"}
    game = pyspiel.load_game("hearts")

    def step(state: Any, rng: Rng) -> None:
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.below(len(outcomes))][0])  # uniform in hearts (dealing)
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.below(len(legal))])

    def play_one(seed: int) -> int:
        rng = Rng(seed)
        state = game.new_initial_state()
        n = 0
        while not state.is_terminal():
            step(state, rng)
            n += 1
        return n

    out: dict[str, Any] = {"name": "OpenSpiel hearts (C++ via pyspiel)", "players": 4}
    out.update(run_games(play_one, seconds * 0.85))
    rng = Rng(99)
    state = game.new_initial_state()
    for _ in range(int(out["decisions_per_game"] / 2)):
        if state.is_terminal():
            break
        step(state, rng)
    out.update(time_clone(state.clone, seconds * 0.15))
    out["clone_of"] = "state.clone(), mid-game"
    out["decisions_include"] = "chance outcomes"
    return out


# ---------------------------------------------------------------------- report


def summary(results: list[dict[str, Any]]) -> str:
    rows = [("engine", "decisions/s", "games/s", "decisions/game", "clone µs")]
    notes = []
    for r in results:
        if "missing" in r:
            notes.append(f"{r['name']}: {r['missing']}")
            continue
        if "mean_ms" in r:
            notes.append(f"{r['name']}: {r['mean_ms']:.2f} ms mean, {r['p95_ms']:.2f} ms p95, "
                         f"{r['max_ms']:.1f} ms max over {r['decisions']} decisions")
            continue
        rows.append((r["name"], f"{r['decisions_per_second']:,.0f}", f"{r['games_per_second']:,.1f}",
                     f"{r['decisions_per_game']:,.0f}", f"{r['clone_us']:,.1f}"))
    widths = [max(len(row[i]) for row in rows) for i in range(5)]
    lines = []
    for k, row in enumerate(rows):
        lines.append("  ".join(c.ljust(widths[i]) if i == 0 else c.rjust(widths[i]) for i, c in enumerate(row)))
        if k == 0:
            lines.append("  ".join("-" * w for w in widths))
    return "\n".join(lines + [""] + notes)


GOAL_DECISIONS = 100_000  # The Networks, random 4-player games, one core
GOAL_PEER_RATIO = 2.0  # ... and at least twice RLCard's gin rummy measured in the same run
GOAL_CLONE_US = 20.0


def goals(results: list[dict[str, Any]]) -> list[str]:
    """The Networks' figures against the engine's speed goals, one line each."""
    ours = next((r for r in results if r.get("name", "").startswith("The Networks") and "clone_us" in r), None)
    if ours is None:
        return []
    dps = ours["decisions_per_second"]
    lines = [f"The Networks against the goals ({ours['build']}):",
             f"  {dps:,.0f} decisions/s, goal {GOAL_DECISIONS:,}: {'met' if dps >= GOAL_DECISIONS else 'not met'}"]
    peer = next((r for r in results if r.get("name", "").startswith("RLCard") and "decisions_per_second" in r), None)
    if peer is not None:
        ratio = dps / peer["decisions_per_second"]
        lines.append(f"  x{ratio:.1f} RLCard's gin rummy, goal x{GOAL_PEER_RATIO:.0f}: {'met' if ratio >= GOAL_PEER_RATIO else 'not met'}")
    lines.append(f"  clone {ours['clone_us']:.1f} µs, goal under {GOAL_CLONE_US:.0f} µs: {'met' if ours['clone_us'] < GOAL_CLONE_US else 'not met'}")
    if ours["build"] == "pure Python":
        lines.append("  (pure Python: with a C compiler, `make bench` compiles the engines first, about three times faster;"
                     " see the README, Compiled and pure-Python engines)")
    return lines


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=45.0, help="total time budget (default 45)")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    args = ap.parse_args(argv)
    budget = max(1.0, args.seconds)
    # Shares of the budget: our two engines, their greedy bots, and each peer.
    results = [bench_networks(budget * 0.25), bench_prime_time(budget * 0.2), bench_greedy(budget * 0.05),
               bench_greedy(budget * 0.05, game="prime-time"), bench_rlcard(budget * 0.25), bench_openspiel(budget * 0.2)]
    if args.json:
        meta = {"python": platform.python_version(), "machine": platform.machine(), "seconds_budget": budget}
        print(json.dumps({"meta": meta, "results": results}))
    else:
        print(f"Python {platform.python_version()} on {platform.machine()}, one core, ~{budget:.0f} s budget\n")
        print(summary(results))
        print("\n".join(["", *goals(results)]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
