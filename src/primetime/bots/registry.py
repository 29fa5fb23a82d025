"""Bots by name.

``random`` plays any game by itself.  ``greedy`` and ``mcts:<level>`` are one name each
with one implementation per game: the game's plugin hands over its greedy policy and its
search adapter (:mod:`primetime.core.plugin`), and :class:`~primetime.bots.by_game.ByGame`
picks the right one by the name of the ruleset it is asked about.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from primetime.bots.base import Bot
from primetime.bots.by_game import by_game
from primetime.bots.ismcts import SearchBot
from primetime.bots.random_bot import RandomBot
from primetime.core.plugin import get_plugin

LEVELS = ("easy", "normal", "hard")  # the mcts bots' difficulty levels (every game's adapter has these)


def greedy(game: str, seed: int) -> Any:
    """The greedy policy of ``game`` (its plugin's evaluation)."""
    return get_plugin(game).greedy(seed)


def mcts(level: str) -> Callable[[str, int], Bot]:
    """``(game, seed) -> bot``: the information-set MCTS at ``level`` over the game's adapter."""

    def make(game: str, seed: int) -> Bot:
        return SearchBot(get_plugin(game).search(seed), seed, level)

    make.__name__ = f"mcts_{level}"
    return make


BOTS: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot,
    "greedy": by_game("greedy", greedy),  # one evaluation per game
    "mcts": by_game("mcts", mcts("normal")),
    **{f"mcts:{level}": by_game(f"mcts:{level}", mcts(level)) for level in LEVELS},
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
