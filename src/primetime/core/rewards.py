"""Rewards for the search bots: each player's chance of being ahead, from a game's evaluation.

A game's search adapter (:class:`primetime.core.plugin.SearchAdapter`) scores every leaf of the
information-set MCTS with its evaluation and turns the values into rewards in [0, 1] here.  It runs
at every iteration of the search, so the compiled build compiles it with the engines
(:data:`primetime._build.COMPILED_MODULES`); :mod:`primetime.core.plugin` hands it to the games.
"""

from __future__ import annotations

import math
from collections.abc import Sequence


def ahead_rewards(values: Sequence[float], margin: float) -> list[float]:
    """Each player's chance of being ahead: ``sigmoid((own - best other) / margin)`` (at least two players)."""
    vals: list[float] = list(values)
    n = len(vals)
    if n < 2:
        raise ValueError("ahead_rewards: at least two players are needed to be ahead of someone")
    out: list[float] = []
    for q in range(n):
        best_other = vals[1] if q == 0 else vals[0]  # the first other player, then the best of the rest
        for o in range(n):
            if o != q and vals[o] > best_other:
                best_other = vals[o]
        x = (vals[q] - best_other) / margin
        out.append(1.0 / (1.0 + math.exp(-x)) if x > -30 else 0.0)
    return out
