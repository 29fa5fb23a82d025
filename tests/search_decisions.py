"""Seeded search and greedy decisions of both games, printed one per line (``tests/test_compiled.py``
runs this in each build and compares the lines).

For each game, from the start and from states reached by seeded greedy play (with and without the
games' options): a search at ``mcts:normal`` or ``mcts:hard`` (its choice, iterations, root visits
and engine moves), the greedy bot's choice, and the search's rewards of the state for every player
(``repr`` of the floats: the builds must agree to the last bit).

    python tests/search_decisions.py [networks|prime-time ...]
"""

from __future__ import annotations

import sys
from typing import Any

from primetime._build import current_build
from primetime.bots.ismcts import SearchBot
from primetime.bots.registry import make_bot
from primetime.core.game import get_ruleset
from primetime.core.plugin import get_plugin

ALL_MODULES = {"telly_time": True, "moguls": True, "executives": True}
# (players, seed, greedy moves played before the decision, options, search level)
CASES: dict[str, list[tuple[int, int, int, dict[str, Any], str]]] = {
    "networks": [(4, 1, 0, {}, "normal"), (2, 2, 0, {}, "hard"), (4, 3, 25, {}, "normal"), (3, 4, 60, {}, "normal"),
                 (1, 5, 20, {}, "normal"), (2, 8, 30, {}, "hard"), (3, 6, 0, ALL_MODULES, "normal"),
                 (4, 7, 40, ALL_MODULES, "normal")],
    "prime-time": [(3, 1, 0, {}, "normal"), (2, 2, 0, {}, "hard"), (4, 3, 20, {}, "normal"), (3, 4, 50, {}, "normal"),
                   (3, 5, 30, {"bonds": True, "simultaneous": True}, "normal")],
}


def state(game: str, players: int, seed: int, moves: int, options: dict[str, Any]) -> tuple[Any, Any]:
    """A state after ``moves`` greedy decisions from a new game, then on to a real choice."""
    rs = get_ruleset(game)
    s = rs.new_state(rs.validate_options(options, players), seed, players)
    bots = [make_bot("greedy", seed * 10 + p) for p in range(players)]
    made = 0
    while not rs.is_over(s):
        keys = rs.legal_keys(s)
        if len(keys) > 1:
            if made >= moves:
                break
            made += 1
        p = rs.current_player(s)
        rs.apply_key(s, keys[0] if len(keys) == 1 else bots[p].choose(rs, s, p))
    return rs, s


def lines(game: str) -> list[str]:
    plugin = get_plugin(game)
    out = []
    for players, seed, moves, options, level in CASES[game]:
        rs, s = state(game, players, seed, moves, options)
        p = rs.current_player(s)
        keys = rs.legal_keys(s)
        adapter = plugin.search(seed)
        bot = SearchBot(adapter, seed, level)
        choice, _ = bot.search(rs, adapter.public_copy(s, p), p, keys)
        visits = sorted(bot.last["visits"].items())
        greedy = make_bot("greedy", seed).choose(rs, s, p)
        rewards = adapter.rewards(s, s.n)
        out.append(f"{game} {players}p {sorted(options)} seed {seed} after {moves}: mcts:{level} {choice} {bot.last['iterations']} {visits} "
                   f"moves {bot.last['moves']}; "
                   f"greedy {greedy}; rewards {[repr(x) for x in rewards]}")
    return out


def main(argv: list[str]) -> int:
    print(f"build {current_build()}")
    for game in argv or list(CASES):
        for line in lines(game):
            print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
