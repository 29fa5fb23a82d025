"""``mcts:expert``: the information-set search guided by a learned policy and value (expert iteration).

The bot is :class:`~primetime.bots.ismcts.SearchBot` with a different loop: the public copy, the
determinization pool, the follow-up steps answered by the game's quick rule and the reuse of a subtree
are the same (see :mod:`primetime.bots.ismcts`), so the network sees nothing the other bots may not see:
it is handed determinizations drawn from the seat's public copy and reads them through the game's
learning encoding from the deciding seat's view.

The loop itself (:func:`primetime.bots.guided.run`: PUCT selection on the network's priors, the
network's values blended with the game's heuristic reward at a new node, the root's priors mixed with
the greedy bot's) is compiled with the engines in the compiled build; see its module for the details.

Without weights for the game (none shipped, or an encoding the weights do not fit) the loop runs with
the greedy prior alone and the heuristic values: PUCT over the tree search's evaluation.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, fields, replace
from typing import Any

from primetime.bots.guided import run
from primetime.bots.ismcts import SearchBot, Settings
from primetime.bots.net import Net, load_net, shipped_net
from primetime.core.plugin import SearchAdapter, get_plugin

__all__ = ["ExpertBot", "ExpertSettings", "make_expert"]

BASE_LEVEL = "hard"  # the tree-search settings the expert starts from (pool, follow-ups, reuse)


@dataclass(frozen=True)
class ExpertSettings:
    """The guided search's own settings (beside :class:`~primetime.bots.ismcts.Settings`)."""

    cpuct: float = 1.5  # PUCT exploration constant (Q normalised to [0, 1])
    value: float = 0.5  # weight of the network's value at a leaf (the rest: the game's heuristic reward)
    greedy: float = 0.5  # weight of the greedy prior in the root's priors (the rest: the network's policy)
    temperature: float = 0.15  # temperature of the greedy values (scaled to [0, 1]) turned into a distribution
    pr_at_root: bool = True  # Prime Time: may the bot itself choose Public Relations when it places a token (the adapter's restrict)
    term_weights: bool = False  # Prime Time: the heuristic reward weights its evaluation's terms by round and phase (learned; the adapter's rewards)


#: the default budget of ``mcts:expert`` per game (iterations keep results independent of the machine) and the
#: game's own search settings: Prime Time explores less (``cpuct`` 0.5: its tree search too is tuned to explore
#: little, ``C`` = 0.3; at equal time against ``mcts:hard`` it won 66 of 100 games with 0.5 and 58 of the same
#: 100 deals with 1.5, docs/design-decisions.md); its leaves are scored with the learned term weights and its own
#: token placements leave Public Relations out (against ``greedy``, 2 players, the same 120 games at the iteration
#: budgets: 115 first places and a mean margin of +39.0 VP, against 106 and +25.4 without either)
DEFAULTS: dict[str, dict[str, Any]] = {
    "networks": {"iterations": 300, "pool": 8},
    "prime-time": {"iterations": 400, "pool": 8, "cpuct": 0.5, "term_weights": True, "pr_at_root": False},
}


class ExpertBot(SearchBot):
    """The search guided by the game's learned evaluation (see the module's docstring)."""

    name = "mcts:expert"

    def __init__(self, adapter: SearchAdapter, seed: int = 0, game: str = "", net: Net | None | str = "shipped",
                 **overrides: Any) -> None:
        names = {f.name for f in fields(Settings)}
        own = DEFAULTS.get(game, {})
        base = {**adapter.levels[BASE_LEVEL], **{k: v for k, v in own.items() if k in names}}
        super().__init__(adapter, seed, BASE_LEVEL, **{k: v for k, v in overrides.items() if k in names})
        self.settings = replace(Settings(**base), **{k: v for k, v in overrides.items() if k in names})
        self.level = "expert"
        self.expert = ExpertSettings(**{**{k: v for k, v in own.items() if k not in names},
                                        **{k: v for k, v in overrides.items() if k not in names}})
        self.game = game
        if hasattr(adapter, "pr_at_root"):
            adapter.pr_at_root = self.expert.pr_at_root
        if hasattr(adapter, "use_term_weights"):
            adapter.use_term_weights(self.expert.term_weights)
        self.net: Net | None = shipped_net(game) if net == "shipped" else (load_net(net, game) if isinstance(net, str) else net)
        self._net_ok = self.net is not None

    def __repr__(self) -> str:
        return f"ExpertBot({self.adapter.game!r}, seed={self.seed}, net={self.net is not None})"

    def search(self, ruleset: Any, public: Any, player: int, keys: list[str]) -> tuple[str, Any]:
        cfg = self.settings
        t0 = time.perf_counter()
        pool = self.determinizations(ruleset, public, player)
        deadline = t0 + cfg.seconds if cfg.seconds is not None else None
        net = self.net if self._net_ok else None
        if net is not None:
            try:
                net.encoding.key_index(pool[0])
            except ValueError:  # a card set the vocabulary does not know: play without the network
                self._net_ok = False
                net = None
        ex = self.expert
        out = run(self.adapter, net, self.rng, pool, player, keys, cfg.iterations, deadline, cfg.max_depth, cfg.follow,
                  ex.cpuct, ex.value, ex.greedy, ex.temperature)
        root = out.root
        self.last = {
            "iterations": out.iterations,
            "seconds": time.perf_counter() - t0,
            "moves": out.moves,
            "visits": {k: ch.n for k, ch in root.children.items()},
            "values": [x / root.n for x in root.w] if root.n else [],  # every player's mean reward at the root
        }
        return out.choice, root


def make_expert(game: str, seed: int, **overrides: Any) -> ExpertBot:
    """``mcts:expert`` for ``game`` (a ruleset's name) with the shipped weights."""
    plugin = get_plugin(game)
    return ExpertBot(plugin.search(seed), seed, plugin.name, **overrides)
