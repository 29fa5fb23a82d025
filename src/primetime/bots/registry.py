"""Bots by name."""

from __future__ import annotations

from collections.abc import Callable

from primetime.bots.base import Bot
from primetime.bots.greedy import GreedyBot
from primetime.bots.random_bot import RandomBot

BOTS: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
}


def known_bots() -> list[str]:
    return sorted(BOTS)


def make_bot(name: str, seed: int = 0) -> Bot:
    """A new bot called ``name`` (``random``, ``greedy``) seeded with ``seed``."""
    try:
        factory = BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; known bots: {', '.join(known_bots())}") from None
    return factory(seed)
