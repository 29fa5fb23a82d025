"""Bots by name."""

from __future__ import annotations

from collections.abc import Callable

from primetime.bots.base import Bot
from primetime.bots.by_game import by_game
from primetime.bots.greedy import GreedyBot
from primetime.bots.greedy_prime_time import PrimeTimeGreedyBot
from primetime.bots.mcts import LEVELS, make_mcts
from primetime.bots.mcts_prime_time import make_mcts as make_mcts_prime_time
from primetime.bots.random_bot import RandomBot

BOTS: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot,
    "greedy": by_game("greedy", {"networks": GreedyBot, "prime-time": PrimeTimeGreedyBot}),  # one evaluation per game
    "mcts": by_game("mcts", {"networks": make_mcts("normal"), "prime-time": make_mcts_prime_time("normal")}),
    **{f"mcts:{level}": by_game(f"mcts:{level}", {"networks": make_mcts(level), "prime-time": make_mcts_prime_time(level)}) for level in LEVELS},
}


def known_bots() -> list[str]:
    return sorted(BOTS)


def make_bot(name: str, seed: int = 0) -> Bot:
    """A new bot called ``name`` (``random``, ``greedy``, ``mcts:easy|normal|hard``) seeded with ``seed``."""
    try:
        factory = BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; known bots: {', '.join(known_bots())}") from None
    return factory(seed)
