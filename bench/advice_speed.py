"""Hint speed: wall-clock seconds of a hint (:func:`primetime.bots.advice.hint`, its default determinizations)
at The Networks' game start, the figure issue 35 asks for (a hint within 2 s on a 2-core machine).

For ``--seeds`` seeded 4-player games (and 5 players, and 4 players with every module on) it times the hint of
the seat to move at the first decision (Pilot Season or the Executive choice) and at the first turn of round 1
(after greedy play), and prints the median and the maximum.  Run from the repository:

    PYTHONPATH=src python bench/advice_speed.py [--seeds 10]

Set ``PRIMETIME_PURE=1`` to time the pure-Python build when the compiled one is installed.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from primetime.bots.advice import HINT_SAMPLES, hint
from primetime.bots.registry import make_bot
from primetime.core.game import Game

SETUPS: list[tuple[str, int, dict[str, Any]]] = [
    ("4 players", 4, {}),
    ("5 players", 5, {}),
    ("4 players, every module", 4, {"telly_time": True, "moguls": True, "executives": True}),
]


def timed(game: Game[Any]) -> float:
    seat = game.current_player()
    assert seat is not None
    t0 = time.perf_counter()
    hint(game, seat)
    return time.perf_counter() - t0


def points(players: int, options: dict[str, Any], seed: int) -> tuple[float, float]:
    """Seconds of the hint at the first decision and at the first turn of round 1."""
    g = Game.new("networks", players, seed, options)
    start = timed(g)
    bots = [make_bot("greedy", seed * 10 + p) for p in range(players)]
    while not (g.state.phase == "play" and g.state.round == 1 and g.state.stack[-1][0] == "turn"):
        p = g.current_player()
        assert p is not None
        g.apply(p, bots[p].choose(g, g.state, p))
    return start, timed(g)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=10)
    args = ap.parse_args()
    print(f"hint: {HINT_SAMPLES} determinizations; seconds over {args.seeds} seeded games (median / max)")
    worst = 0.0
    for name, players, options in SETUPS:
        first, turn = zip(*(points(players, options, seed) for seed in range(args.seeds)), strict=True)
        worst = max(worst, *first, *turn)
        print(f"  {name:26s} first decision {statistics.median(first):.3f} / {max(first):.3f}   "
              f"first turn of round 1 {statistics.median(turn):.3f} / {max(turn):.3f}")
    print(f"slowest hint: {worst:.3f} s (limit 2 s)")


if __name__ == "__main__":
    main()
