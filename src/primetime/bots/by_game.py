"""One bot name, one implementation per game.

Some bots are generic (``random`` plays any ruleset); others need to know the game they
play (``greedy`` has one evaluation per game).  :class:`ByGame` gives such a bot a single
name: it picks the implementation by the name of the ruleset it is asked about, creates it
on first use with the bot's seed, and keeps it for the rest of the game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from primetime.bots.base import Bot


class ByGame(Bot):
    def __init__(self, name: str, seed: int, per_game: Mapping[str, Callable[[int], Bot]]) -> None:
        self.name = name
        self.seed = seed
        self.per_game = per_game
        self._bots: dict[str, Bot] = {}

    def games(self) -> list[str]:
        return sorted(self.per_game)

    def for_game(self, game: str) -> Bot:
        """The implementation that plays ``game`` (a ruleset name)."""
        bot = self._bots.get(game)
        if bot is None:
            try:
                factory = self.per_game[game]
            except KeyError:
                raise ValueError(f"the {self.name} bot does not play {game!r}; it plays {', '.join(self.games())}") from None
            bot = self._bots[game] = factory(self.seed)
        return bot

    def select(self, ruleset: Any, state: Any, player: int, keys: list[str]) -> str:
        return self.for_game(str(ruleset.name)).select(ruleset, state, player, keys)

    def __repr__(self) -> str:
        return f"ByGame({self.name!r}, seed={self.seed}, games={self.games()})"


def by_game(name: str, per_game: Mapping[str, Callable[[int], Bot]]) -> Callable[[int], Bot]:
    """A bot factory (seed -> bot) for :data:`primetime.bots.registry.BOTS`."""

    def make(seed: int = 0) -> Bot:
        return ByGame(name, seed, per_game)

    make.__name__ = f"{name}_by_game"
    return make
