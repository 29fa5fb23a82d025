"""Prime Time's side of the advice (hints and reviews, :mod:`primetime.bots.advice`): an option's value in VP
from the greedy evaluation (:class:`~primetime.games.prime_time.bots.greedy.PrimeTimeGreedyBot`'s look-ahead,
the same value the search's root prior uses), the parts of the evaluation of the state it leads to, and the
reason in the players' words (:data:`primetime.games.prime_time.text.ADVICE_REASONS`).

It is handed determinized states only: what it reads is what the asking seat may see.
"""

from __future__ import annotations

import math
from typing import Any

from primetime.core.words import advice_reason
from primetime.games.prime_time.bots.greedy import PrimeTimeGreedyBot, breakdown, evaluate
from primetime.games.prime_time.rules import flow
from primetime.games.prime_time.state import PTState
from primetime.games.prime_time.text import ADVICE_EVEN, ADVICE_REASONS

NO_WAY = -1000.0  # the value of an option the look-ahead finds no way to finish


class PrimeTimeAdvisor:
    """Prime Time for :mod:`primetime.bots.advice` (a :class:`primetime.core.plugin.Advisor`)."""

    unit = "VP"

    def __init__(self) -> None:
        self.helper = PrimeTimeGreedyBot(0)

    def value(self, state: Any, player: int, key: str) -> tuple[float, dict[str, float], Any]:
        h = self.helper
        v, path = h.key_value(state, player, key, h.depth, True)
        t: PTState = state.clone()
        for k in [key, *path]:  # the option with the follow-up steps the look-ahead chose
            flow.apply(t, k)
        return (v if math.isfinite(v) else NO_WAY), breakdown(t, player), t

    def evaluate(self, state: Any, player: int) -> float:
        return evaluate(state, player)

    def reason(self, parts: dict[str, float], other: dict[str, float], reached: Any, player: int) -> str:
        return advice_reason(parts, other, ADVICE_REASONS, ADVICE_EVEN, cash=reached.players[player].cash)
