"""How long ``mcts:expert`` takes for a move at its default setting at the start of a game (the goal: at most 1 s).

    python bench/expert_move_time.py                 # both games, 2-4 players, 5 deals each
    python bench/expert_move_time.py --bots mcts:hard,mcts:expert --deals 10

For each game, player count and deal: the first decision with a real choice (Pilot Season's keep in The
Networks, the starting offer in Prime Time) and the two after it, each answered by a new bot (the
shipped weights are loaded once per process beforehand, as a server does).  Prints the median and the
largest time per bot, game and player count.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from primetime.bots.net import shipped_net  # noqa: E402
from primetime.bots.registry import make_bot  # noqa: E402
from primetime.core.game import get_ruleset  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bots", default="mcts:expert")
    ap.add_argument("--deals", type=int, default=5)
    ap.add_argument("--moves", type=int, default=3, help="searched decisions timed from the start (default 3)")
    args = ap.parse_args(argv)
    for game in ("networks", "prime-time"):
        shipped_net(game)
        rs = get_ruleset(game)
        for players in (2, 3, 4):
            for name in args.bots.split(","):
                times = []
                for deal in range(args.deals):
                    state = rs.new_state(rs.validate_options({"log": False}, players), deal, players)
                    for _ in range(args.moves):
                        while not rs.is_over(state) and len(rs.legal_keys(state)) == 1:
                            rs.apply_key(state, rs.legal_keys(state)[0])
                        bot = make_bot(name, deal)
                        t = time.perf_counter()
                        key = bot.choose(rs, state)
                        times.append(time.perf_counter() - t)
                        rs.apply_key(state, key)
                print(f"{game:10} {players} players {name:12} median {statistics.median(times):.3f} s, largest {max(times):.3f} s "
                      f"({len(times)} moves)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
