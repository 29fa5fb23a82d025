"""A bot that picks uniformly among the legal options (seeded, replayable)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from primetime.bots.base import Bot
from primetime.core.rng import Rng


class RandomBot(Bot):
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = Rng(seed)

    def select(self, ruleset: Any, state: Any, player: int, keys: list[str]) -> str:
        return keys[self.rng.below(len(keys))]  # ``self.rng.choice(keys)`` written out: the same draw

    def picker(self) -> Callable[[int], int]:
        return self.rng.below  # what ``select`` draws

    def __repr__(self) -> str:
        return f"RandomBot(seed={self.seed})"
