"""One bot name, one implementation per game.

Some bots are generic (``random`` plays any ruleset); others need to know the game they
play (``greedy`` has one evaluation per game).  :class:`ByGame` gives such a bot a single
name: it picks the implementation by the name of the ruleset it is asked about, creates it
on first use with the bot's seed, and keeps it for the rest of the game.  An implementation
is a :class:`~primetime.bots.base.Bot` or any policy with the same ``select`` method
(:class:`primetime.core.plugin.Policy`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from primetime.bots.base import Bot
from primetime.core.plugin import Policy, game_names, get_plugin


class ByGame(Bot):
    def __init__(self, name: str, seed: int, make: Callable[[str, int], Policy]) -> None:
        self.name = name
        self.seed = seed
        self.make = make
        self._bots: dict[str, Policy] = {}

    def games(self) -> list[str]:
        return game_names()

    def for_game(self, game: str) -> Any:
        """The implementation that plays ``game`` (a ruleset name)."""
        bot = self._bots.get(game)
        if bot is None:
            try:
                get_plugin(game)
            except ValueError:
                raise ValueError(f"the {self.name} bot does not play {game!r}; it plays {', '.join(self.games())}") from None
            bot = self._bots[game] = self.make(game, self.seed)
        return bot

    def select(self, ruleset: Any, state: Any, player: int, keys: list[str]) -> str:
        return self.for_game(str(ruleset.name)).select(ruleset, state, player, keys)

    def __repr__(self) -> str:
        return f"ByGame({self.name!r}, seed={self.seed}, games={self.games()})"


def by_game(name: str, make: Callable[[str, int], Policy]) -> Callable[[int], Bot]:
    """A bot factory (seed -> bot) for :data:`primetime.bots.registry.BOTS`; ``make(game, seed)`` builds one game's implementation."""

    def factory(seed: int = 0) -> Bot:
        return ByGame(name, seed, make)

    factory.__name__ = f"{name}_by_game"
    return factory
