"""Engine speed on one core, like for like: The Networks and Prime Time against two reference engines.

Every row says which code path it measured and which build ran it:

* **raw engine loop**: a new game, then (legal actions, one picked at random when there is a
  choice, apply) until the game ends; setup included, nothing else.  Ours: the ruleset's
  ``new_state`` / ``legal_keys`` / ``apply_key``, logging off.  RLCard's pure-Python gin rummy:
  its ``Game`` (``init_game``, ``judge.get_legal_actions``, ``step``), not its ``Env``.
  OpenSpiel's C++ hearts through pyspiel: ``new_initial_state``, ``legal_actions``,
  ``apply_action``; the chance outcomes (dealing, the passing direction) are applied but not
  counted, only player decisions are.  Every decision a player makes counts, forced ones (a
  single legal option) too, for every engine; the table shows their share.  The Networks has a
  second raw row with its three expansion modules on (Telly Time, Moguls, Executives), the same
  loop beside the base row, with their ratio and the goal that it stays within 25% of the base.
* **the path users run**: ours as ``primetime simulate`` runs it (``sim.simulate.simulate`` with
  random bots, one worker: ``sim.games.play_game``, which drives the ruleset and asks each seat's
  bot), and the checked ``Game`` facade as the terminal and the server use it
  (``RandomBot.choose`` + ``Game.apply``); the peers' environment paths, labelled as such:
  RLCard's ``Env`` (``rlcard.make('gin-rummy')``, observations encoded on every step) and
  OpenSpiel's ``rl_environment.Environment('hearts')`` (information-state tensors of every
  player on every step).  PettingZoo has no gin rummy (since 1.25) nor hearts, so no row.

All rows are measured in one run, interleaved: each round runs a short slice of every row (the
order reversed every other round), and each row reports the median of its slices, so that the
load of a shared machine falls on all of them alike.  The clock is the CPU time of this process
(``time.process_time``, all its threads; ``--clock wall`` for wall time) and the process is
pinned to one CPU.  The peers pick their moves with Python's own generator, so their figures do
not depend on our build; our loops pick with the engine's generator, as our random bots do.

Then, not interleaved: the time to clone a mid-game state (ours, RLCard ``copy.deepcopy``,
OpenSpiel ``state.clone()``) and the decision time of each game's greedy bot.

Our rows name the build they ran: compiled (what ``make bench`` runs when a C compiler is there,
see tools/build_fast.py: the engine through mypyc, the random generator in C) or pure Python
(``PRIMETIME_PURE=1``, ``make bench FAST=0``); so does ``--json``.  The speed goals are printed,
met or not, for the build that ran (run both).

Usage: python bench/engine_speed.py [--seconds 60] [--rounds 15] [--clock cpu|wall] [--cpu N] [--only KEY,...] [--json]
Peers: ``pip install -e '.[bench]'`` (rlcard, open_spiel).
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import platform
import random  # noqa: TID251 -- the peers' move picker only: never game randomness of ours (see _peer_picker)
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from primetime.core.game import Game, get_ruleset
from primetime.core.rng import Rng
from primetime.core.rng import build as rng_build

INSTALL_HINT = "pip install -e '.[bench]'"
PLAYERS = 4
RAW = "raw engine loop"
SIMULATE = "primetime simulate (random bots)"
FACADE = "Game facade + random bots (checked)"
ENV = "environment (peer's RL API)"

CLOCKS: dict[str, Callable[[], float]] = {"cpu": time.process_time, "wall": time.perf_counter}


def _peer_picker(seed: int) -> Callable[[int], int]:
    """``pick(n)``: an index in [0, n) for a peer's move.

    The project bans ``random`` (ruff TID251) so that only ``primetime.core.rng`` draws game
    randomness; a peer's move picker is the exception: it must not depend on our build (our
    generator is C in the compiled build and Python in the other), and it should cost the peer
    as little as possible (one C call).
    """
    draw = random.Random(seed).random
    return lambda n: int(draw() * n)


# ---------------------------------------------------------------------- rows


@dataclass
class Row:
    """One measured code path: ``play_one(i)`` plays game ``i`` and returns its decisions."""

    key: str
    engine: str
    path: str
    build: str
    players: int
    play_one: Callable[[int], int]
    counts: str = "every decision a player makes"
    extra: dict[str, Any] = field(default_factory=dict)
    counters: dict[str, list[int]] = field(default_factory=dict)  # filled by play_one: forced decisions, chance outcomes
    slices: list[dict[str, float]] = field(default_factory=list)
    next_game: int = 0

    def warm_up(self, calls: int = 2) -> None:
        """Untimed games first: card data, lookup and memo tables, imports."""
        for i in range(calls):
            self.play_one(10_000_000 + i)
        for c in self.counters.values():
            c[0] = 0

    def run_slice(self, seconds: float, clock: Callable[[], float]) -> None:
        decisions = games = 0
        t0 = clock()
        while True:
            decisions += self.play_one(self.next_game)
            self.next_game += 1
            games += 1
            elapsed = clock() - t0
            if elapsed >= seconds:
                break
        self.slices.append({"decisions": decisions, "games": games, "seconds": elapsed})

    def result(self) -> dict[str, Any]:
        rates = [s["decisions"] / s["seconds"] for s in self.slices if s["seconds"] > 0]
        decisions = sum(s["decisions"] for s in self.slices)
        games = sum(s["games"] for s in self.slices)
        shares = {}
        if "forced" in self.counters:
            shares["forced_share"] = self.counters["forced"][0] / max(1, decisions)
        if "chance" in self.counters:
            shares["chance_per_game"] = self.counters["chance"][0] / max(1, games)
        return {
            "key": self.key, "engine": self.engine, "path": self.path, "build": self.build,
            "players": self.players, "counts": self.counts,
            "decisions_per_second": statistics.median(rates) if rates else 0.0,
            "slice_rates": rates,
            "games": games, "decisions": decisions,
            "seconds": sum(s["seconds"] for s in self.slices),
            "decisions_per_game": decisions / games if games else 0.0,
            **shares,
            **self.extra,
        }


@dataclass
class Missing:
    key: str
    engine: str
    path: str
    why: str

    def result(self) -> dict[str, Any]:
        return {"key": self.key, "engine": self.engine, "path": self.path, "missing": self.why}


ENGINE_MODULES = {
    "networks": ("primetime.games.networks.rules.flow", "primetime.games.networks.state", "primetime.core.rng"),
    "prime-time": ("primetime.games.prime_time.rules.flow", "primetime.games.prime_time.state", "primetime.core.rng"),
}
TITLES = {"networks": "The Networks", "prime-time": "Prime Time"}


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


NETWORKS_MODULES = {"telly_time": True, "moguls": True, "executives": True}  # The Networks' expansion modules, all on
MODULES_KEY = "networks+modules/raw"
MODULES_ENGINE = "The Networks, all modules"


def raw_loop(game: str, options: dict[str, Any], forced: list[int]) -> Callable[[int], int]:
    """The raw engine loop of one of our games with these table options (logging off): one game per call."""
    rs = get_ruleset(game)
    opts = rs.validate_options({"log": False, **options}, PLAYERS)
    legal, apply, is_over = rs.legal_keys, rs.apply_key, rs.is_over

    def raw(seed: int) -> int:
        state = rs.new_state(opts, seed, PLAYERS)
        below = Rng(seed).below
        n = f = 0
        while not is_over(state):
            keys = legal(state)
            if len(keys) > 1:
                apply(state, keys[below(len(keys))])
            else:
                apply(state, keys[0])
                f += 1
            n += 1
        forced[0] += f
        return n

    return raw


def modules_row() -> Row:
    """The Networks' raw loop with Telly Time, Moguls and Executives all on: the same loop as the base row."""
    forced = [0]
    return Row(MODULES_KEY, MODULES_ENGINE, RAW, engine_build("networks"), PLAYERS,
               raw_loop("networks", NETWORKS_MODULES, forced), counters={"forced": forced},
               extra={"how": "as the base raw loop, options telly_time, moguls, executives on",
                      "options": sorted(NETWORKS_MODULES)})


def our_rows(game: str) -> list[Row]:
    """The raw loop, the simulate path and the facade path of one of our games."""
    from primetime.bots.registry import make_bot
    from primetime.sim.games import bot_seed, play_game

    build = engine_build(game)
    forced = [0]
    raw = raw_loop(game, {}, forced)

    def simulated(seed: int) -> int:  # one game as sim.simulate.simulate hands it to its backend
        res = play_game({"game": game, "players": PLAYERS, "bots": ["random"] * PLAYERS, "seed": seed, "options": {}})
        if "error" in res:
            raise RuntimeError(res["error"])
        return int(res["decisions"])

    def facade(seed: int) -> int:
        g = Game.new(game, PLAYERS, seed, {"log": False})
        bots = [make_bot("random", bot_seed(seed, p)) for p in range(PLAYERS)]
        n = 0
        while not g.is_over():
            p = g.current_player()
            assert p is not None
            g.apply(p, bots[p].choose(g))
            n += 1
        return n

    name = TITLES[game]
    return [
        Row(f"{game}/raw", name, RAW, build, PLAYERS, raw, counters={"forced": forced},
            extra={"how": "ruleset new_state; legal_keys; apply_key (logging off); picks: core.rng.Rng(seed).below"}),
        Row(f"{game}/simulate", name, SIMULATE, build, PLAYERS, simulated,
            extra={"how": "sim.games.play_game, one game per call as sim.simulate.simulate runs it (random bots)"}),
        Row(f"{game}/facade", name, FACADE, build, PLAYERS, facade,
            extra={"how": "Game.new; per decision RandomBot.choose(game) and Game.apply (turn, legality checks)"}),
    ]


def rlcard_rows() -> list[Row | Missing]:
    try:
        import numpy as np
        import rlcard  # type: ignore[import-not-found]
        from rlcard.games.gin_rummy import Game as GinGame  # type: ignore[import-not-found]
    except ImportError:
        why = f"rlcard is not installed ({INSTALL_HINT})"
        return [Missing("rlcard/raw", "RLCard gin rummy", RAW, why), Missing("rlcard/env", "RLCard gin rummy", ENV, why)]
    version = getattr(rlcard, "__version__", "?")
    game = GinGame()
    game.np_random = np.random.RandomState(0)  # the deal (what Env.seed sets)
    pick = _peer_picker(1)
    forced = [0]

    def raw(_: int) -> int:
        game.init_game()
        n = f = 0
        while not game.is_over():
            legal = game.judge.get_legal_actions()
            if len(legal) > 1:
                game.step(legal[pick(len(legal))])
            else:
                game.step(legal[0])
                f += 1
            n += 1
        forced[0] += f
        return n

    env = rlcard.make("gin-rummy", config={"seed": 0})
    env_pick = _peer_picker(2)

    def via_env(_: int) -> int:
        state, _player = env.reset()
        n = 0
        while not env.is_over():
            legal = list(state["legal_actions"])
            state, _player = env.step(legal[env_pick(len(legal))] if len(legal) > 1 else legal[0])
            n += 1
        return n

    raw_row = Row("rlcard/raw", "RLCard gin rummy", RAW, "pure Python", 2, raw, counters={"forced": forced},
                  extra={"version": version, "how": "Game.init_game; judge.get_legal_actions; Game.step"})
    env_row = Row("rlcard/env", "RLCard gin rummy", ENV, "pure Python", 2, via_env,
                  extra={"version": version, "how": "rlcard.make('gin-rummy'): Env.reset, Env.step (observation encoding)"})
    return [raw_row, env_row]


def openspiel_rows() -> list[Row | Missing]:
    try:
        import pyspiel  # type: ignore[import-not-found]
        from open_spiel.python import rl_environment  # type: ignore[import-not-found]
    except ImportError:
        why = f"open_spiel is not installed ({INSTALL_HINT})"
        return [Missing("openspiel/raw", "OpenSpiel hearts", RAW, why), Missing("openspiel/env", "OpenSpiel hearts", ENV, why)]
    game = pyspiel.load_game("hearts")
    pick = _peer_picker(3)
    forced = [0]
    chance = [0]

    def raw(_: int) -> int:
        state = game.new_initial_state()
        n = f = c = 0
        while not state.is_terminal():
            if state.is_chance_node():  # uniform in hearts: the passing direction, then the deal
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[pick(len(outcomes))][0])
                c += 1
                continue
            legal = state.legal_actions()
            if len(legal) > 1:
                state.apply_action(legal[pick(len(legal))])
            else:
                state.apply_action(legal[0])
                f += 1
            n += 1
        forced[0] += f
        chance[0] += c
        return n

    env = rl_environment.Environment("hearts")
    env.seed(0)  # its chance-event sampler
    env_pick = _peer_picker(4)

    def via_env(_: int) -> int:
        step = env.reset()  # the environment samples the chance outcomes itself
        n = 0
        while not step.last():
            legal = step.observations["legal_actions"][step.observations["current_player"]]
            step = env.step([legal[env_pick(len(legal))] if len(legal) > 1 else legal[0]])
            n += 1
        return n

    version = getattr(pyspiel, "__version__", "?")
    raw_row = Row("openspiel/raw", "OpenSpiel hearts", RAW, "C++ (pyspiel)", 4, raw,
                  counts="player decisions only (chance outcomes applied, not counted)", counters={"forced": forced, "chance": chance},
                  extra={"version": version, "how": "new_initial_state; legal_actions; apply_action"})
    env_row = Row("openspiel/env", "OpenSpiel hearts", ENV, "C++ (pyspiel) + Python env", 4, via_env,
                  counts="player decisions (the environment applies the chance outcomes)",
                  extra={"version": version, "how": "rl_environment.Environment('hearts'): reset, step (information-state tensors)"})
    return [raw_row, env_row]


def run_interleaved(rows: list[Row], seconds: float, rounds: int, clock: Callable[[], float]) -> float:
    """``rounds`` rounds of one slice per row, the order reversed every other round; returns the slice length."""
    for row in rows:
        row.warm_up()
    slice_seconds = seconds / (rounds * max(1, len(rows)))
    for r in range(rounds):
        for row in rows if r % 2 == 0 else rows[::-1]:
            row.run_slice(slice_seconds, clock)
    return slice_seconds


# ---------------------------------------------------------------------- clones, greedy bots


def time_clone(clone: Callable[[], Any], seconds: float, clock: Callable[[], float], min_reps: int = 100) -> dict[str, float]:
    """Mean time of one clone in microseconds."""
    reps = 0
    batch = 50
    t0 = clock()
    while True:
        for _ in range(batch):
            clone()
        reps += batch
        elapsed = clock() - t0
        if elapsed >= seconds and reps >= min_reps:
            break
    return {"clone_us": elapsed / reps * 1e6, "clones": reps}


def clones(seconds: float, clock: Callable[[], float]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for game in ("networks", "prime-time"):
        rs = get_ruleset(game)
        opts = rs.validate_options({"log": False}, PLAYERS)
        state = rs.new_state(opts, 12345, PLAYERS)
        rng = Rng(12345)
        steps = 0
        while not rs.is_over(state) and (state.round < 2 or steps < 90):  # round 2 or later, mid-game
            keys = rs.legal_keys(state)
            rs.apply_key(state, keys[rng.below(len(keys))])
            steps += 1
        row = {"engine": TITLES[game], "build": engine_build(game), "what": f"state.clone(), round {state.round}, after {steps} decisions"}
        row.update(time_clone(state.clone, seconds / 4, clock))
        out.append(row)
    try:
        import numpy as np
        from rlcard.games.gin_rummy import Game as GinGame
    except ImportError:
        pass
    else:
        gin = GinGame()
        gin.np_random = np.random.RandomState(99)
        gin.init_game()
        pick = _peer_picker(99)
        for _ in range(60):
            if gin.is_over():
                break
            legal = gin.judge.get_legal_actions()
            gin.step(legal[pick(len(legal))])
        row = {"engine": "RLCard gin rummy", "build": "pure Python", "what": "copy.deepcopy(game), mid-game"}
        row.update(time_clone(lambda: copy.deepcopy(gin), seconds / 4, clock, min_reps=50))
        out.append(row)
    try:
        import pyspiel
    except ImportError:
        pass
    else:
        state = pyspiel.load_game("hearts").new_initial_state()
        pick = _peer_picker(99)
        for _ in range(100):
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[pick(len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[pick(len(legal))])
        row = {"engine": "OpenSpiel hearts", "build": "C++ (pyspiel)", "what": "state.clone(), mid-game"}
        row.update(time_clone(state.clone, seconds / 4, clock))
        out.append(row)
    return out


def bench_greedy(seconds: float, game: str, clock: Callable[[], float]) -> dict[str, Any]:
    """Decision time of the greedy bot (one-step look-ahead) in 4-player greedy games."""
    from primetime.bots.registry import make_bot

    rs = get_ruleset(game)
    opts = rs.validate_options({"log": False}, PLAYERS)
    times: list[float] = []
    t_end = time.perf_counter() + seconds
    seed = 0
    while time.perf_counter() < t_end or seed == 0:
        state = rs.new_state(opts, seed, PLAYERS)
        bots = [make_bot("greedy", seed * 10 + p) for p in range(PLAYERS)]
        while not rs.is_over(state) and time.perf_counter() < t_end:
            p = rs.current_player(state)
            keys = rs.legal_keys(state)
            if len(keys) == 1:
                rs.apply_key(state, keys[0])
                continue
            t = clock()
            key = bots[p].select(rs, state, p, keys)
            times.append(clock() - t)
            rs.apply_key(state, key)
        seed += 1
    times.sort()
    n = len(times)
    return {
        "engine": TITLES[game], "build": engine_build(game), "what": f"greedy bot decision, {PLAYERS} players",
        "decisions": n,
        "mean_ms": sum(times) / n * 1e3 if n else 0.0,
        "p95_ms": times[int(n * 0.95)] * 1e3 if n else 0.0,
        "max_ms": times[-1] * 1e3 if n else 0.0,
    }


# ---------------------------------------------------------------------- ratios and goals


SHORT = {RAW: "raw loop", SIMULATE: "simulate", FACADE: "Game facade", ENV: "env"}


def _find(results: list[dict[str, Any]], key: str) -> dict[str, Any] | None:
    return next((r for r in results if r.get("key") == key and "decisions_per_second" in r), None)


def label(r: dict[str, Any]) -> str:
    return f"{r['engine']} {SHORT[r['path']]} ({r['build']})"


RATIOS: list[tuple[str, list[tuple[str, str]]]] = [
    ("raw loop against raw loop", [(f"{g}/raw", peer) for g in ("networks", "prime-time") for peer in ("rlcard/raw", "openspiel/raw")]),
    ("each engine's user paths against its own raw loop (same build)",
     [(f"{g}/{path}", f"{g}/raw") for g in ("networks", "prime-time") for path in ("simulate", "facade")]
     + [("rlcard/env", "rlcard/raw"), ("openspiel/env", "openspiel/raw")]),
    ("The Networks, all modules on against the base game (same build)", [(MODULES_KEY, "networks/raw")]),
]


def ratios(results: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Like-for-like ratios of the medians, with both sides' figures."""
    out = []
    for what, pairs in RATIOS:
        for a, b in pairs:
            ra, rb = _find(results, a), _find(results, b)
            if ra is None or rb is None or not rb["decisions_per_second"]:
                continue
            out.append({"what": what, "a": label(ra), "a_decisions_per_second": ra["decisions_per_second"],
                        "b": label(rb), "b_decisions_per_second": rb["decisions_per_second"],
                        "ratio": ra["decisions_per_second"] / rb["decisions_per_second"]})
    return out


GOAL_HEARTS = 1.0  # the compiled raw loop, at least level with OpenSpiel's C++ hearts
GOAL_RLCARD = 3.0  # the pure-Python raw loop, at least three times RLCard's raw gin-rummy loop
GOAL_SIMULATE = 0.9  # primetime simulate's path (random bots), within 10% of the raw loop
GOAL_CLONE_US = 20.0  # The Networks, a mid-game clone, under 20 µs
GOAL_MODULES = 0.75  # The Networks with all three modules on, within 25% of the base game's raw loop


def goals(results: list[dict[str, Any]], clone_rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The speed goals, met or not, for the build that ran (random 4-player games, one run, one core)."""
    out: list[dict[str, Any]] = []

    def goal(text: str, value: float | None = None, target: float = 0.0, figures: str = "", note: str = "",
             at_most: bool = False) -> None:
        met = None if value is None else (value <= target if at_most else value >= target)
        out.append({"goal": text, "value": value, "target": target, "at_most": at_most, "met": met, "figures": figures, "note": note})

    for game in ("networks", "prime-time"):
        raw = _find(results, f"{game}/raw")
        if raw is None:
            continue
        name, build, dps = TITLES[game], raw["build"], raw["decisions_per_second"]
        for peer_key, want, target, text in (
                ("openspiel/raw", "compiled", GOAL_HEARTS, f"{name}: the compiled raw loop at least level with OpenSpiel's C++ hearts"),
                ("rlcard/raw", "pure Python", GOAL_RLCARD, f"{name}: the pure-Python raw loop at least 3x RLCard's raw gin rummy")):
            peer = _find(results, peer_key)
            if build != want:
                goal(text, note=f"not measured: this run is {build}")
            elif peer is None:
                goal(text, note="not measured: the peer is not installed")
            else:
                goal(text, dps / peer["decisions_per_second"], target, f"{dps:,.0f} / {peer['decisions_per_second']:,.0f} decisions/s")
        sim = _find(results, f"{game}/simulate")
        if sim is not None:
            goal(f"{name}: primetime simulate (random bots) within 10% of the raw loop, {build}", sim["decisions_per_second"] / dps,
                 GOAL_SIMULATE, f"{sim['decisions_per_second']:,.0f} / {dps:,.0f} decisions/s")
    base, mods = _find(results, "networks/raw"), _find(results, MODULES_KEY)
    if base is not None and mods is not None and base["decisions_per_second"]:
        goal(f"The Networks: all modules on stays within 25% of the base game's decisions/s, {mods['build']}",
             mods["decisions_per_second"] / base["decisions_per_second"], GOAL_MODULES,
             f"{mods['decisions_per_second']:,.0f} / {base['decisions_per_second']:,.0f} decisions/s")
    clone = next((c for c in clone_rows if c["engine"] == "The Networks"), None)
    if clone is not None:
        goal(f"The Networks: a mid-game clone under {GOAL_CLONE_US:.0f} µs, {clone['build']}", clone["clone_us"], GOAL_CLONE_US,
             f"{clone['clone_us']:.1f} µs", at_most=True)
    return out


# ---------------------------------------------------------------------- report


def table(rows: list[tuple[str, ...]], right: set[int]) -> list[str]:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = []
    for k, row in enumerate(rows):
        lines.append("  ".join(c.rjust(widths[i]) if i in right else c.ljust(widths[i]) for i, c in enumerate(row)).rstrip())
        if k == 0:
            lines.append("  ".join("-" * w for w in widths))
    return lines


def speed_rows(results: list[dict[str, Any]], path_filter: Callable[[str], bool]) -> list[str]:
    rows: list[tuple[str, ...]] = [("engine", "code path", "build", "decisions/s", "slices min-max", "games", "decisions/game", "forced")]
    notes = []
    for r in results:
        if not path_filter(r["path"]):
            continue
        if "missing" in r:
            notes.append(f"  {r['engine']}, {r['path']}: {r['missing']}")
            continue
        rates = r["slice_rates"]
        forced = f"{r['forced_share']:.0%}" if "forced_share" in r else ""
        rows.append((f"{r['engine']} ({r['players']}p)", r["path"], r["build"], f"{r['decisions_per_second']:,.0f}",
                     f"{min(rates):,.0f}-{max(rates):,.0f}", f"{r['games']:,}", f"{r['decisions_per_game']:,.0f}", forced))
        if "chance_per_game" in r:
            notes.append(f"  {r['engine']}, {r['path']}: {r['counts']}, {r['chance_per_game']:.0f} chance outcomes a game besides")
        elif r["counts"] != Row.counts:
            notes.append(f"  {r['engine']}, {r['path']}: {r['counts']}")
    return table(rows, {3, 4, 5, 6, 7}) + notes


def report(meta: dict[str, Any], results: list[dict[str, Any]], ratio_rows: list[dict[str, Any]],
           clone_rows: list[dict[str, Any]], greedy_rows: list[dict[str, Any]], goal_rows: list[dict[str, Any]]) -> str:
    lines = [f"Python {meta['python']} on {meta['machine']}, pinned to CPU {meta['cpu']}; clock: {meta['clock']}.",
             f"Interleaved: {meta['rounds']} rounds of one {meta['slice_seconds']:.2f} s slice of every row; each figure is the median"
             f" of its row's slices. Our build: {meta['build']}.",
             f"Random games ({meta['players']} players for ours), setup included; every decision a player makes counts, forced ones too.",
             "", "Raw engine loop: new game; legal actions, a random one when there is a choice, apply; to the end"]
    lines += speed_rows(results, lambda p: p == RAW)
    lines += ["", "The paths users run: ours as primetime simulate and the checked Game facade run them; the peers' RL environments"]
    lines += speed_rows(results, lambda p: p != RAW)
    lines += ["", "Like for like (the medians above: a / b = ratio)"]
    wa = max((len(r["a"]) for r in ratio_rows), default=0)
    wb = max((len(r["b"]) for r in ratio_rows), default=0)
    last = ""
    for r in ratio_rows:
        if r["what"] != last:
            lines.append(f"  {r['what']}:")
            last = r["what"]
        lines.append(f"    {r['a'].ljust(wa)} {r['a_decisions_per_second']:>9,.0f}  /  {r['b'].ljust(wb)} {r['b_decisions_per_second']:>9,.0f}"
                     f"  =  {r['ratio']:.2f}x")
    lines += ["", "Clone of a mid-game state (not interleaved)"]
    lines += [f"  {c['engine']} ({c['build']}): {c['clone_us']:,.1f} µs  [{c['what']}]" for c in clone_rows]
    lines += ["", "Greedy bot (not interleaved)"]
    lines += [f"  {g['engine']} ({g['build']}): {g['mean_ms']:.2f} ms mean, {g['p95_ms']:.2f} ms p95, {g['max_ms']:.1f} ms max"
              f" over {g['decisions']} decisions" for g in greedy_rows]
    lines += ["", "Speed goals (random 4-player games, side by side in this run, one core)"]
    for g in goal_rows:
        state = "n/a    " if g["met"] is None else ("met    " if g["met"] else "NOT met")
        if g["value"] is None:
            detail = g["note"]
        elif g["at_most"]:
            detail = g["figures"]
        else:
            detail = f"{g['value']:.2f}x, goal {g['target']:g}x ({g['figures']})"
        lines.append(f"  [{state}] {g['goal']}: {detail}")
    if meta["build"] == "pure Python":
        lines.append("  (pure Python: with a C compiler, `make bench` compiles the engines first; see the README,"
                     " Compiled and pure-Python engines)")
    else:
        lines.append("  (the pure-Python goals: `make bench FAST=0`, or PRIMETIME_PURE=1 python bench/engine_speed.py)")
    return "\n".join(lines)


def pin(cpu: int | None) -> int | str:
    """Pin this process (all its threads) to one CPU; returns it."""
    if not hasattr(os, "sched_setaffinity"):
        return "unpinned (no sched_setaffinity here)"
    allowed = sorted(os.sched_getaffinity(0))
    chosen = allowed[-1] if cpu is None else cpu
    os.sched_setaffinity(0, {chosen})
    return chosen


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=60.0, help="total time budget (default 60)")
    ap.add_argument("--rounds", type=int, default=15, help="slices per row, interleaved (default 15)")
    ap.add_argument("--clock", choices=sorted(CLOCKS), default="cpu", help="cpu: CPU time of this process (default); wall")
    ap.add_argument("--cpu", type=int, default=None, help="the CPU to pin to (default: the last one allowed)")
    ap.add_argument("--only", default="", help="comma-separated row keys to run, e.g. networks/raw,networks/simulate (default: all)")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    args = ap.parse_args(argv)
    budget = max(2.0, args.seconds)
    rounds = max(1, args.rounds)
    cpu = pin(args.cpu)
    clock = CLOCKS[args.clock]

    made: list[Row | Missing] = [*our_rows("networks"), modules_row(), *our_rows("prime-time"), *rlcard_rows(), *openspiel_rows()]
    by_key = {r.key: r for r in made}
    # The run order puts the rows that the goals compare next to each other, so that they meet
    # the same load; all of them run in the same interleaved rounds.
    order = ["networks/raw", MODULES_KEY, "networks/simulate", "rlcard/raw", "openspiel/raw", "prime-time/raw", "prime-time/simulate",
             "networks/facade", "prime-time/facade", "rlcard/env", "openspiel/env"]
    rows = [by_key[k] for k in order if k in by_key] + [r for r in made if r.key not in order]
    if args.only:
        wanted = {k.strip() for k in args.only.split(",")}
        rows = [r for r in rows if r.key in wanted]
    live = [r for r in rows if isinstance(r, Row)]
    slice_seconds = run_interleaved(live, budget * 0.85, rounds, clock)
    results = [r.result() for r in sorted(rows, key=lambda r: (r.path != RAW, made.index(r)))]  # shown raw rows first
    clone_rows = clones(budget * 0.05, clock)
    greedy_rows = [bench_greedy(budget * 0.05, game, clock) for game in ("networks", "prime-time")]
    ratio_rows = ratios(results)
    goal_rows = goals(results, clone_rows)
    meta = {"python": platform.python_version(), "machine": platform.machine(), "cpu": cpu,
            "clock": "CPU time of this process (time.process_time)" if args.clock == "cpu" else "wall time (time.perf_counter)",
            "seconds_budget": budget, "rounds": rounds, "slice_seconds": slice_seconds, "players": PLAYERS,
            "build": engine_build("networks")}
    if args.json:
        print(json.dumps({"meta": meta, "results": results, "ratios": ratio_rows, "clones": clone_rows,
                          "greedy": greedy_rows, "goals": goal_rows}))
    else:
        print(report(meta, results, ratio_rows, clone_rows, greedy_rows, goal_rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
