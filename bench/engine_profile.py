"""Where the raw engine loop spends its time: per rule module and per function, for both games.

The loop is the one ``bench/engine_speed.py`` times (random 4-player games: ``new_state``, then
``legal_keys`` / ``apply_key`` to the end, logging off).  The profiler depends on the build:

* **pure Python** (``PRIMETIME_PURE=1``, or no build in place): cProfile; each function's own
  time, and each module's total of them.  cProfile adds a cost to every call, so functions
  that are called very often look dearer than they are: compare shares, not microseconds.
* **compiled**: cProfile sees only the entry points of mypyc-compiled code, so the loop runs
  under callgrind (``valgrind``, ``apt-get install valgrind``) and the figures are
  instructions, not time: each compiled function's own instructions plus those of the Python
  runtime it calls (dictionaries, lists, allocation, the C generator), shared out among the
  callers of a runtime function by what each of them spent in it.  Instructions leave out
  cache misses, so memory-bound code looks cheaper than it is.

``--opcodes`` (pure Python) counts the bytecodes each function executes instead of timing it: exact and
the same on any machine, with no profiler cost per call to distort the small functions.

``--instructions`` runs the loop under callgrind in either build and prints only the instructions a
decision of the measured games (the start-up and the warm-up games left out: a run without the
measured games is subtracted), a figure that does not move with the machine's load, for comparing
two versions of the code; ``--modules`` plays The Networks with Telly Time, Moguls and Executives on.

Usage: python bench/engine_profile.py [--game networks|prime-time|both] [--games 30] [--warm 2] [--top 15] [--json]
       PRIMETIME_PURE=1 python bench/engine_profile.py --instructions --games 300 [--modules]
       PRIMETIME_PURE=1 python bench/engine_profile.py --opcodes --game networks --games 40
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import re
import shutil
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path
from typing import Any

GAMES = {"networks": "The Networks", "prime-time": "Prime Time"}
PLAYERS = 4
SRC = Path(__file__).resolve().parent.parent / "src"


#: The Networks' three expansion modules (``--modules``; Prime Time has none)
MODULES = {"telly_time": True, "moguls": True, "executives": True}


def play(game: str, games: int, first_seed: int = 0, modules: bool = False) -> int:
    """The raw loop of bench/engine_speed.py; returns the decisions."""
    from primetime.core.game import get_ruleset
    from primetime.core.rng import Rng

    rs = get_ruleset(game)
    opts = rs.validate_options({"log": False, **(MODULES if modules and game == "networks" else {})}, PLAYERS)
    legal, apply, is_over = rs.legal_keys, rs.apply_key, rs.is_over
    n = 0
    for seed in range(first_seed, first_seed + games):
        state = rs.new_state(opts, seed, PLAYERS)
        below = Rng(seed).below
        while not is_over(state):
            keys = legal(state)
            apply(state, keys[below(len(keys))] if len(keys) > 1 else keys[0])
            n += 1
    return n


def build() -> str:
    from primetime._build import current_build

    return str(current_build())


# ---------------------------------------------------------------------- pure Python: cProfile


def module_of(filename: str) -> str:
    """``src/primetime/games/networks/rules/turns.py`` -> ``networks.rules.turns``; others by kind."""
    if filename == "~":
        return "(builtins)"
    path = Path(filename)
    if path.resolve() == Path(__file__).resolve():
        return "(the loop)"
    try:
        rel = path.resolve().relative_to(SRC / "primetime")
    except ValueError:
        return "(Python library)"
    parts = list(rel.with_suffix("").parts)
    if parts[0] == "games":
        parts = parts[1:]
    return ".".join(parts)


def profile_pure(game: str, games: int, warm: int) -> dict[str, Any]:
    play(game, warm, 10_000)  # warm-up: card data, lookup and memo tables
    prof = cProfile.Profile()
    prof.enable()
    decisions = play(game, games)
    prof.disable()
    stats: dict[Any, Any] = pstats.Stats(prof).stats  # type: ignore[attr-defined]
    own: dict[Any, float] = defaultdict(float)
    for key, (_cc, _nc, tottime, _ct, callers) in stats.items():
        if key[0] == "~" and callers:  # a builtin: its time goes to whoever called it, as in the compiled profile
            for caller, (_ncc, _ccc, tt, _cct) in callers.items():
                own[caller] += tt
        else:
            own[key] += tottime
    funcs: list[dict[str, Any]] = []
    for key, t in own.items():
        filename, _line, name = key
        funcs.append({"module": module_of(filename), "function": name.strip("<>"), "calls": stats[key][1], "own": t})
    return summarise(funcs, sum(own.values()), decisions, "seconds (cProfile), own + the builtins they call", games)


def profile_opcodes(game: str, games: int, warm: int) -> dict[str, Any]:
    """Pure Python: the bytecodes each function executes (``sys.settrace`` with opcode events).  A count
    that does not move with the machine's load or the profiler's own cost per call, unlike cProfile's
    times; bytecodes differ in cost, so it is a guide to where the loop's work is, not a clock."""
    play(game, warm, 10_000)
    counts: dict[Any, int] = defaultdict(int)
    calls: dict[Any, int] = defaultdict(int)

    def trace(frame: Any, event: str, _arg: Any) -> Any:
        if event == "opcode":
            counts[frame.f_code] += 1
        elif event == "call":
            frame.f_trace_opcodes = True
            calls[frame.f_code] += 1
        return trace

    sys.settrace(trace)
    try:
        decisions = play(game, games)
    finally:
        sys.settrace(None)
    funcs = [{"module": module_of(code.co_filename), "function": code.co_name.strip("<>"), "calls": calls[code], "own": float(n)}
             for code, n in counts.items()]
    return summarise(funcs, float(sum(counts.values())), decisions, "bytecodes executed (sys.settrace)", games)


# ---------------------------------------------------------------------- compiled: callgrind

RUNTIME = "(Python runtime)"


def compiled_modules() -> dict[str, str]:
    """mypyc's symbol prefix (the shortest unique dotted suffix, dots as ``___``) -> module."""
    from primetime._build import COMPILED_MODULES

    out: dict[str, str] = {}
    for mod in COMPILED_MODULES:
        parts = mod.split(".")
        short = ".".join(p for p in parts[2:] if p != "games")  # primetime.games.networks.rules.x -> networks.rules.x
        for k in range(1, len(parts)):
            out.setdefault("___".join(parts[-k:]), short)
    return out


SYMBOL = re.compile(r"^CPy(?:Def|Py)_(.+)$")


def classify(symbol: str, prefixes: dict[str, str]) -> tuple[str, str] | None:
    """(module, function) of a compiled primetime symbol, None for the runtime."""
    if symbol.startswith("sm_"):
        return "core.rng (C generator)", symbol
    m = SYMBOL.match(symbol)
    if not m:
        return None
    rest = m.group(1)
    parts = rest.split("___")
    for k in range(len(parts) - 1, 0, -1):
        prefix = "___".join(parts[:k])
        if prefix in prefixes:
            return prefixes[prefix], ".".join(parts[k:])
    return "(compiled, other)", rest


def parse_callgrind(path: str) -> tuple[dict[str, int], dict[tuple[str, str], int], dict[str, int]]:
    """Own instructions per function, inclusive instructions per (caller, callee) edge, calls per function."""
    names: dict[str, str] = {}
    own: dict[str, int] = defaultdict(int)
    ncalls: dict[str, int] = defaultdict(int)
    edges: dict[tuple[str, str], int] = defaultdict(int)
    fn = callee = ""
    in_call = False

    def name(spec: str) -> str:
        m = re.match(r"\((\d+)\)(?: (.*))?", spec)
        if not m:
            return spec
        if m.group(2) is not None:
            names[m.group(1)] = m.group(2)
        return names.get(m.group(1), m.group(1))

    with open(path) as f:
        for line in f:
            if line.startswith("fn="):
                fn = name(line[3:].strip())
            elif line.startswith("cfn="):
                callee = name(line[4:].strip())
            elif line.startswith("calls="):
                in_call = True
                ncalls[callee] += int(line[6:].split()[0])
            elif line[:1].isdigit() or line[:1] in "+-*":
                fields = line.split()
                if len(fields) < 2:
                    continue
                cost = int(fields[-1])
                if in_call:
                    edges[(fn, callee)] += cost
                    in_call = False
                else:
                    own[fn] += cost
    return own, edges, ncalls


def attribute(own: dict[str, int], edges: dict[tuple[str, str], int], is_ours: dict[str, bool]) -> dict[str, int]:
    """Each of our functions' own instructions plus the runtime's it caused (a runtime function's own
    instructions go to its callers in proportion to the instructions each call edge carried)."""
    callers: dict[str, list[tuple[str, int]]] = defaultdict(list)
    for (a, b), cost in edges.items():
        if a != b and cost > 0:
            callers[b].append((a, cost))
    total_in = {b: sum(c for _, c in lst) for b, lst in callers.items()}
    out: dict[str, float] = defaultdict(float)
    pending: dict[str, float] = {f: float(c) for f, c in own.items() if not is_ours.get(f, False)}
    for f, c in own.items():
        if is_ours.get(f, False):
            out[f] += c
    for _ in range(60):  # runtime -> runtime chains; what is left after that is negligible
        nxt: dict[str, float] = defaultdict(float)
        for f, c in pending.items():
            if c < 1 or f not in callers:
                continue  # a root (the interpreter loop, startup): not engine work
            for caller, w in callers[f]:
                share = c * w / total_in[f]
                if is_ours.get(caller, False):
                    out[caller] += share
                else:
                    nxt[caller] += share
        if not nxt:
            break
        pending = nxt
    return {f: int(c) for f, c in out.items()}


def callgrind(game: str, games: int, warm: int, modules: bool = False
              ) -> tuple[dict[str, int], dict[tuple[str, str], int], dict[str, int], int] | str:
    """Run the loop under callgrind: ``warm`` warm-up games, then ``games``; a message if it could not run."""
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        return "valgrind is not installed (apt-get install valgrind): the compiled build's profile needs it"
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "callgrind.out")
        cmd = [valgrind, "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable, __file__, "--play", game,
               "--games", str(games), "--warm", str(warm), *(["--modules"] if modules else [])]
        run = subprocess.run(cmd, capture_output=True, text=True)
        if run.returncode != 0:
            return f"callgrind failed: {run.stderr.strip().splitlines()[-1:]}"
        return (*parse_callgrind(out), int(run.stdout.split()[-1]))


def profile_compiled(game: str, games: int, warm: int) -> dict[str, Any]:
    # Two runs, the same but for the measured games: the difference leaves out the start-up, the
    # imports and the first games' one-off work (the lookup tables), exactly (callgrind counts).
    runs = [callgrind(game, 0, warm), callgrind(game, games, warm)]
    if isinstance(runs[0], str) or isinstance(runs[1], str):
        return {"missing": next(r for r in runs if isinstance(r, str))}
    (own0, edges0, calls0, _), (own1, edges1, calls1, decisions) = runs
    own = {f: c - own0.get(f, 0) for f, c in own1.items()}
    edges = {e: c - edges0.get(e, 0) for e, c in edges1.items()}
    ncalls = {f: c - calls0.get(f, 0) for f, c in calls1.items()}
    prefixes = compiled_modules()
    kinds = {f: classify(f, prefixes) for f in set(own) | {b for _, b in edges}}
    is_ours = {f: k is not None and "__top_level__" not in f for f, k in kinds.items()}
    cost = attribute(own, edges, is_ours)
    merged: dict[tuple[str, str], dict[str, Any]] = {}
    for f, c in cost.items():
        kind = kinds[f]
        assert kind is not None
        row = merged.setdefault(kind, {"module": kind[0], "function": kind[1], "calls": 0, "own": 0})
        row["own"] += c
    for f, n in ncalls.items():
        kind = kinds.get(f)
        if kind is not None and kind in merged and f.startswith("CPyDef_"):  # CPyPy_ is the same call, from Python
            merged[kind]["calls"] += n
    total = sum(cost.values())
    out = summarise(list(merged.values()), total, decisions, "instructions (callgrind), own + the runtime they call", games)
    whole = sum(own.values())  # everything the measured games cost, the loop and the interpreter included
    out["outside"] = {"share": 1 - total / whole if whole else 0.0,
                      "what": "the loop itself and Python-level code: the interpreter, the ruleset's Python methods"}
    return out


def instructions(game: str, games: int, warm: int, modules: bool) -> dict[str, Any]:
    """Instructions a decision of ``games`` raw-loop games, in the build in use (callgrind, two runs)."""
    runs = [callgrind(game, 0, warm, modules), callgrind(game, games, warm, modules)]
    if isinstance(runs[0], str) or isinstance(runs[1], str):
        return {"missing": next(r for r in runs if isinstance(r, str))}
    whole = sum(runs[1][0].values()) - sum(runs[0][0].values())
    decisions = runs[1][3]
    return {"games": games, "warm": warm, "modules": modules, "decisions": decisions, "instructions": whole,
            "per_decision": whole / max(1, decisions)}


# ---------------------------------------------------------------------- report


def summarise(funcs: list[dict[str, Any]], total: float, decisions: int, unit: str, games: int) -> dict[str, Any]:
    mods: dict[str, float] = defaultdict(float)
    for f in funcs:
        mods[f["module"]] += f["own"]
    modules = [{"module": m, "own": c, "share": c / total if total else 0.0} for m, c in sorted(mods.items(), key=lambda kv: -kv[1])]
    top = sorted(funcs, key=lambda f: -f["own"])
    for f in top:
        f["share"] = f["own"] / total if total else 0.0
    return {"unit": unit, "games": games, "decisions": decisions, "total": total, "per_decision": total / max(1, decisions),
            "modules": modules, "functions": top}


def show(game: str, prof: dict[str, Any], top: int, build_name: str) -> str:
    if "missing" in prof:
        return f"{GAMES[game]} ({build_name}): {prof['missing']}"
    per = prof["per_decision"]
    per_text = (f"{per * 1e6:.1f} µs" if prof["unit"].startswith("seconds")
                else f"{per:,.0f} bytecodes" if prof["unit"].startswith("bytecodes") else f"{per:,.0f} instructions")
    lines = [f"{GAMES[game]}, raw engine loop ({build_name}): {prof['games']} random {PLAYERS}-player games, {prof['decisions']:,} decisions;"
             f" {prof['unit']}; {per_text} a decision under the profiler"]
    if "outside" in prof:
        lines.append(f"  (besides: {prof['outside']['share']:.1%} of the games' instructions outside compiled code, in {prof['outside']['what']})")
    lines += ["", "  by module:"]
    for m in prof["modules"][:top]:
        lines.append(f"    {m['share']:6.1%}  {m['module']}")
    lines += ["", "  by function:"]
    for f in prof["functions"][:top]:
        calls = f"  {f['calls']:,} calls" if f["calls"] else ""
        lines.append(f"    {f['share']:6.1%}  {f['module']}.{f['function']}{calls}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", choices=[*GAMES, "both"], default="both")
    ap.add_argument("--games", type=int, default=30, help="games per profile (default 30)")
    ap.add_argument("--warm", type=int, default=2,
                    help="untimed games first (default 2); a few hundred fill the memo tables as a long benchmark run does")
    ap.add_argument("--top", type=int, default=15, help="rows per table (default 15)")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument("--instructions", action="store_true",
                    help="only the instructions a decision (callgrind, either build): for comparing two versions of the code")
    ap.add_argument("--opcodes", action="store_true",
                    help="pure Python: the bytecodes each function executes instead of cProfile's times (load-independent)")
    ap.add_argument("--modules", action="store_true", help="The Networks with Telly Time, Moguls and Executives on")
    ap.add_argument("--play", choices=list(GAMES), help=argparse.SUPPRESS)  # the child under callgrind
    args = ap.parse_args(argv)
    if args.play:  # the child under callgrind
        play(args.play, args.warm, 10_000, args.modules)
        print(play(args.play, args.games, 0, args.modules))
        return 0
    build_name = build()
    games = list(GAMES) if args.game == "both" else [args.game]
    if args.instructions:
        counts = {g: instructions(g, args.games, args.warm, args.modules) for g in games}
        if args.json:
            print(json.dumps({"build": build_name, "instructions": counts}))
            return 0
        for g, c in counts.items():
            if "missing" in c:
                print(f"{GAMES[g]} ({build_name}): {c['missing']}")
                continue
            mods = " with every module" if c["modules"] and g == "networks" else ""
            print(f"{GAMES[g]}{mods} ({build_name}): {c['per_decision']:,.0f} instructions a decision "
                  f"({c['games']} games, {c['decisions']:,} decisions after {c['warm']} warm-up games; callgrind)")
        return 0
    if args.opcodes and build_name != "pure Python":
        print(f"--opcodes counts Python bytecodes: run it in the pure-Python build (PRIMETIME_PURE=1), not {build_name}")
        return 2
    how = profile_opcodes if args.opcodes else profile_pure if build_name == "pure Python" else profile_compiled
    profiles = {g: how(g, args.games, args.warm) for g in games}
    if args.json:
        print(json.dumps({"build": build_name, "profiles": profiles}))
    else:
        print("\n\n".join(show(g, p, args.top, build_name) for g, p in profiles.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
