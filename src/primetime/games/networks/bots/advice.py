"""The Networks' side of the advice (hints and reviews, :mod:`primetime.bots.advice`): an option's value in
viewers from the greedy evaluation (:class:`~primetime.games.networks.bots.greedy.GreedyBot`'s look-ahead, the
same value the search's root prior uses), the parts of the evaluation of the state it leads to, and the reason
in the players' words (:data:`primetime.games.networks.text.ADVICE_REASONS`).

It is handed determinized states only: what it reads is what the asking seat may see.
"""

from __future__ import annotations

from typing import Any

from primetime.core.words import advice_reason
from primetime.games.networks.bots.greedy import FOLLOW_UPS, USE, WIDE, GreedyBot, breakdown, evaluate
from primetime.games.networks.rules import flow as F
from primetime.games.networks.state import NetState
from primetime.games.networks.text import ADVICE_EVEN, ADVICE_REASONS

FOLLOW_LIMIT = 8  # the player's own follow-up steps walked to see the state an option leads to


class NetworksAdvisor:
    """The Networks for :mod:`primetime.bots.advice` (a :class:`primetime.core.plugin.Advisor`)."""

    unit = "viewers"

    def __init__(self) -> None:
        self.helper = GreedyBot(0)

    def value(self, state: Any, player: int, key: str) -> tuple[float, dict[str, float], Any]:
        h = self.helper
        v = h.key_value(state, player, key, h.depth) - (USE if key.startswith(("use:", "usemogul:")) else 0.0)
        t: NetState = state.clone()
        F.apply(t, key)
        for _ in range(FOLLOW_LIMIT):  # the option's sensible completion: the look-ahead's own choices
            if t.phase == "over" or not t.stack or t.stack[-1][1] != player or t.stack[-1][0] not in FOLLOW_UPS:
                break
            keys = F.legal(t)
            F.apply(t, keys[0] if len(keys) == 1 else h.best_key(t, player, keys, 1 if len(keys) <= WIDE else 0))
        return v, breakdown(t, player), t

    def evaluate(self, state: Any, player: int) -> float:
        return evaluate(state, player)

    def reason(self, parts: dict[str, float], other: dict[str, float], reached: Any, player: int) -> str:
        return advice_reason(parts, other, ADVICE_REASONS, ADVICE_EVEN, cash=reached.players[player].cash)
