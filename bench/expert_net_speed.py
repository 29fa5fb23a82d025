"""The speed of ``mcts:expert``'s network and search: an evaluation in C and with numpy, and the guided
search's iterations per CPU second beside ``mcts:hard``'s, for both games.

    python bench/expert_net_speed.py               # both games
    python bench/expert_net_speed.py --positions 100 --searches 12

Positions: decisions with a choice from seeded 3-player games (random play), the same for every
measure.  **An evaluation**: ``Net.evaluate`` of the position for its mover with the legal keys
(the observation encoder, the forward pass, priors and values), in C (the compiled build's
``primetime.bots._mlp``) and with numpy, best of 5 repeats.  **Iterations per CPU second**
(``time.process_time``: other work on the machine does not count): ``mcts:expert`` and ``mcts:hard``
each search ``--searches`` of the positions with a fixed 300 iterations; their ratio is what an equal
thinking time gives the guided search.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from primetime._build import current_build  # noqa: E402
from primetime.bots.expert import make_expert  # noqa: E402
from primetime.bots.ismcts import SearchBot  # noqa: E402
from primetime.bots.net import shipped_net  # noqa: E402
from primetime.core.game import get_ruleset  # noqa: E402
from primetime.core.plugin import get_plugin  # noqa: E402
from primetime.core.rng import Rng  # noqa: E402


def positions(game: str, count: int) -> list[tuple[Any, int, list[str]]]:
    rs = get_ruleset(game)
    out: list[tuple[Any, int, list[str]]] = []
    seed = 0
    while len(out) < count:
        state = rs.new_state(rs.validate_options({"log": False}, 3), 500 + seed, 3)
        rng = Rng(seed)
        seed += 1
        while not rs.is_over(state) and len(out) < count:
            keys = rs.legal_keys(state)
            p = rs.current_player(state)
            if len(keys) > 1 and p is not None and p >= 0 and rng.below(3) == 0:
                out.append((state.clone(), p, keys))
            rs.apply_key(state, keys[rng.below(len(keys))])
    return out


def evaluation_us(net: Any, pos: list[tuple[Any, int, list[str]]]) -> float:
    best = float("inf")
    for _ in range(5):
        t = time.process_time()
        for state, p, keys in pos:
            net.evaluate(state, p, keys)
        best = min(best, time.process_time() - t)
    return best / len(pos) * 1e6


def iterations_per_second(bot: Any, game: str, pos: list[tuple[Any, int, list[str]]]) -> float:
    rs = get_ruleset(game)
    its, cpu = 0, 0.0
    for state, p, _keys in pos:
        t = time.process_time()
        bot.choose(rs, state, p)
        cpu += time.process_time() - t
        its += int(bot.last.get("iterations", 0))
    return its / cpu


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--positions", type=int, default=60, help="positions per game for the evaluations (default 60)")
    ap.add_argument("--searches", type=int, default=8, help="positions per game searched by each bot (default 8)")
    args = ap.parse_args(argv)
    print(f"build: {current_build()}")
    for game in ("networks", "prime-time"):
        net = shipped_net(game)
        if net is None:
            print(f"{game}: no shipped weights")
            continue
        pos = positions(game, args.positions)
        fast = net.fast
        c_us = evaluation_us(net, pos) if fast is not None else float("nan")
        net.fast = None
        np_us = evaluation_us(net, pos)
        net.fast = fast
        few = pos[:: max(1, len(pos) // args.searches)][: args.searches]
        expert = iterations_per_second(make_expert(game, 1, iterations=300), game, few)
        hard = iterations_per_second(SearchBot(get_plugin(game).search(1), 1, "hard", iterations=300), game, few)
        print(f"{game}: an evaluation {c_us:.1f} us in C, {np_us:.1f} us with numpy; iterations per CPU second: "
              f"mcts:expert {expert:,.0f}, mcts:hard {hard:,.0f} (ratio {expert / hard:.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
