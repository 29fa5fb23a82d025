"""mcts:expert against another bot at equal thinking time per move: win rate with a 95% Wilson interval.

    python bench/expert_match.py networks --against mcts:hard --players 2 --games 400 --seconds 0.5
    python bench/expert_match.py prime-time --against greedy --players 2 --games 400 --seconds 0.5
    python bench/expert_match.py networks --against mcts:hard --players 3 --games 600 --seconds 0.5 --workers 2
    python bench/expert_match.py networks --against mcts:hard --modules --games 400      # all three modules on
    python bench/expert_match.py prime-time --against mcts:expert --weights runs/expert-prime-time/weights.npz
                                              # a training run's weights against the shipped ones

Seats rotate over the same deals: game ``g`` uses deal ``g // players`` with the expert in seat
``g % players`` and ``--against`` in every other seat.  Both search bots get ``--seconds`` per decision
(a wall-clock budget instead of their iteration budgets; ``greedy`` does not search).  A win is first
place (a shared first place counts ``1/k``).  Every finished game is appended to ``--save`` (default
``runs/match-<game>-<against>-<players>p...jsonl``): run the same command again to resume, or with
``--summary`` to print the figures of the games played so far.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from primetime.bots.expert import make_expert  # noqa: E402
from primetime.bots.ismcts import SearchBot  # noqa: E402
from primetime.bots.registry import make_bot  # noqa: E402
from primetime.core.game import choice_points, get_ruleset  # noqa: E402
from primetime.core.plugin import get_plugin  # noqa: E402
from primetime.sim.tournament import wilson  # noqa: E402

MODULES = {"telly_time": True, "moguls": True, "executives": True}


def bot(name: str, game: str, seed: int, seconds: float | None, no_net: bool = False, weights: str | None = None,
        settings: dict[str, Any] | None = None) -> Any:
    over: dict[str, Any] = {"seconds": seconds} if seconds else {}
    if name == "mcts:expert":
        return make_expert(game, seed, **over, **(settings or {}),
                           **({"net": None} if no_net else {"net": weights} if weights else {}))
    if name.startswith("mcts:"):
        return SearchBot(get_plugin(game).search(seed), seed, name.split(":")[1], **over)
    return make_bot(name, seed)


def play(spec: dict[str, Any]) -> dict[str, Any]:
    game, players, g = spec["game"], spec["players"], spec["index"]
    deal, seat = g // players, g % players
    rs = get_ruleset(game)
    state = rs.new_state(rs.validate_options({**spec["options"], "log": False}, players), 1000 + deal, players)
    bots = [bot("mcts:expert", game, 7919 * g + p, spec["seconds"], spec["no_net"], spec.get("weights"), spec.get("settings"))
            if p == seat
            else bot(spec["against"], game, 7919 * g + p, spec["seconds"], False, spec.get("against_weights"))
            for p in range(players)]
    think = [0.0] * players
    moves = [0] * players
    iters = [0] * players
    for p, _keys in choice_points(rs, state):
        t = time.perf_counter()
        key = bots[p].choose(rs, state, p)
        think[p] += time.perf_counter() - t
        moves[p] += 1
        iters[p] += int(getattr(bots[p], "last", {}).get("iterations", 0) or 0)
        rs.apply_key(state, key)
    scores = list(rs.scores(state))
    winners = list(rs.result(state).get("winners", []))
    return {"index": g, "expert": seat, "winners": winners, "scores": scores, "win": (1 / len(winners)) if seat in winners else 0.0,
            "expert_think": think[seat] / max(1, moves[seat]), "other_think": sum(think[q] for q in range(players) if q != seat)
            / max(1, sum(moves[q] for q in range(players) if q != seat)),
            "expert_iterations": iters[seat] / max(1, moves[seat]),
            "other_iterations": sum(iters[q] for q in range(players) if q != seat) / max(1, sum(moves[q] for q in range(players) if q != seat))}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("game", choices=["networks", "prime-time"])
    ap.add_argument("--against", default="mcts:hard")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--first", type=int, default=0, help="the first game's number (another process can play a later range into its own --save)")
    ap.add_argument("--seconds", type=float, default=0.5, help="thinking time per decision of both search bots (0: their iteration budgets)")
    ap.add_argument("--modules", action="store_true", help="The Networks with all three modules")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--no-net", action="store_true", help="the ablation: mcts:expert's search without its network (greedy priors, heuristic values)")
    ap.add_argument("--weights", default=None, help="mcts:expert with the weights file at this path (a training run's weights.npz) instead of the shipped ones")
    ap.add_argument("--against-weights", default=None,
                    help="with --against mcts:expert: the other seats' weights file (default the shipped ones), "
                         "to match a training run's weights against the shipped ones")
    ap.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                    help="a setting of mcts:expert's search (primetime.bots.expert.ExpertSettings or the tree search's "
                         "Settings), e.g. --set cpuct=0.8; may be repeated")
    ap.add_argument("--save", type=Path, default=None)
    ap.add_argument("--summary", action="store_true", help="print the figures of the games saved so far and stop")
    args = ap.parse_args(argv)
    tag = f"{args.game}-{args.against.replace(':', '_')}-{args.players}p{'-modules' if args.modules else ''}-{args.seconds}s{'-nonet' if args.no_net else ''}"
    tag += f"-{Path(args.weights).parent.name}" if args.weights else ""
    tag += f"-vs-{Path(args.against_weights).parent.name}" if args.against_weights else ""
    settings: dict[str, Any] = {}
    for item in args.set:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            ap.error(f"--set {item!r}: write NAME=VALUE, e.g. --set cpuct=0.8")
        try:
            settings[name.strip()] = json.loads(value)
        except ValueError:
            ap.error(f"--set {item!r}: the value must be a number, true/false or a JSON string")
    try:
        make_expert(args.game, 0, **settings)
    except TypeError as exc:
        ap.error(f"--set: {exc}")
    tag += "".join(f"-{k}{v}" for k, v in sorted(settings.items()))
    save: Path = args.save or Path("runs") / f"match-{tag}{f'-from{args.first}' if args.first else ''}.jsonl"
    save.parent.mkdir(parents=True, exist_ok=True)
    done = {r["index"]: r for r in map(json.loads, save.read_text().splitlines())} if save.is_file() else {}
    todo = [] if args.summary else [g for g in range(args.first, args.first + args.games) if g not in done]
    specs = [{"game": args.game, "players": args.players, "index": g, "against": args.against, "seconds": args.seconds or None,
              "options": MODULES if args.modules else {}, "no_net": args.no_net,
              "weights": args.weights, "against_weights": args.against_weights, "settings": settings} for g in todo]
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    with ProcessPoolExecutor(args.workers) as pool, save.open("a") as f:
        for r in pool.map(play, specs):
            done[r["index"]] = r
            f.write(json.dumps(r) + "\n")
            f.flush()
            wins = sum(x["win"] for x in done.values())
            print(f"\r{len(done)} games: expert {wins / len(done):.1%}", end="", flush=True)
    n = len(done)
    wins = sum(x["win"] for x in done.values())
    lo, hi = wilson(wins, n)
    think = sum(x["expert_think"] for x in done.values()) / max(1, n)
    other = sum(x["other_think"] for x in done.values()) / max(1, n)
    it_e = sum(x.get("expert_iterations", 0) for x in done.values()) / max(1, n)
    it_o = sum(x.get("other_iterations", 0) for x in done.values()) / max(1, n)
    print(f"\n{args.game}, {args.players} players{' (all modules)' if args.modules else ''}: mcts:expert against {args.against} "
          f"at {args.seconds or 'default'} s per decision: first place in {wins:g} of {n} games = {wins / max(1, n):.1%} "
          f"(95% interval {lo:.1%}-{hi:.1%}; fair share {1 / args.players:.0%}); mean think {think:.3f} s against {other:.3f} s, "
          f"iterations per decision {it_e:.0f} against {it_o:.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
