"""The game-agnostic core of the information-set Monte Carlo tree search bots (single-observer ISMCTS).

Each game plugs in through a small :class:`~primetime.core.plugin.SearchAdapter` that its plugin
hands over (``primetime.games.networks.bots.search``, ``primetime.games.prime_time.bots.search``): what a public copy of a state
is, how determinizations are drawn from it, the legal keys and how a key is applied, the
evaluation of a state for every player (a reward in [0, 1]), the root prior from the game's
greedy bot, and which decision kinds are the player's own follow-up steps.

How one decision is made
------------------------
1. **What the bot may know.**  The bot first makes a *public copy* of the state: a clone in
   which every hidden arrangement (deck order, the other players' private cards, the random
   generator, ...) is replaced by a canonical one.  Nothing of the true hidden arrangement
   can reach the search; two states that differ only in hidden parts give the same public
   copy, so the bot's choice cannot depend on them (each game's tests prove it).
2. **Determinizations.**  From the public copy the bot draws a small pool of
   determinizations (the game's ``ruleset.determinize(copy, player, rng)``, which re-deals
   what the player cannot see, consistently with what it has seen).  Each iteration starts
   from a clone of one pool entry with a fresh random generator, so chance (reshuffles,
   draws) differs between iterations.
3. **One tree for the information set.**  Nodes are sequences of option keys from the
   root; a decision with a single legal option is applied without a node.  Every iteration
   descends with UCB, using only the keys that are legal in its determinization, and
   counts for every child how often it was *available* (ISUCT: the exploration term uses
   the availability count instead of the parent's visits).  The player to move at a node
   picks by their own reward, so the other players are modelled as playing for
   themselves.  An untried legal key is expanded as soon as one exists.
   **Follow-up steps below the root** (a decision of a kind in the adapter's
   ``reuse_kinds``: where to attach, which timeslot, ...) are not searched: with
   ``follow`` on, the adapter's quick rule answers them (for both games the greedy bot's
   one-step choice), so an action is judged by its sensible completion.  Searching them
   with random first tries made actions with many completions look worse than they are,
   and wide menus left too few visits to recover.  The answered steps still get nodes.
   At the real follow-up decision, the player's own step is answered from the subtree of
   the option just chosen when it was visited enough (``reuse``), without a new search.
4. **Truncated evaluation.**  After the expansion the iteration plays ``rollout`` cheap
   random moves (none by default) and then scores the state for every player with the
   adapter's ``rewards`` (the greedy bot's transparent evaluation turned into "how likely
   is this player ahead"; a finished game uses the real final scores).  Q values are
   normalised to the range of rewards seen in the tree (so one UCB constant fits every
   stage of the game).
5. **Root prior.**  At the root the greedy bot's one-step values of the options are a
   progressive bias (``prior / (visits + 1)``) and the order in which options are first
   tried, so a small budget plays like ``greedy`` and a large one refines it.
6. **Choice.**  The most visited root option (ties: the higher mean).  The search stops
   early when no other option could still overtake it within the budget, or when half the
   budget is spent and the leader has four times the visits of the runner-up.

Where it runs
-------------
:class:`SearchBot` (this module) is the bot: its settings, the determinization pool, the reuse of
a subtree, the statistics of the last search (``last``: iterations, seconds, engine moves, root
visits).  The loop itself (selection, expansion, evaluation, backup, the early stop) and
:class:`Node` live in :mod:`primetime.bots.tree`, which the compiled build compiles with the
engines and the games' greedy evaluations (``tools/build_fast.py``); both builds choose the same
moves from the same seed (``tests/test_compiled.py``).

States the core works with have ``stack`` (a list of tuples whose last one is the pending
decision, ``(kind, player, ...)``; empty once the game is over), ``n`` (players),
``rng`` and ``clone()``; both games' states do.
"""

from __future__ import annotations

import time
from collections.abc import Hashable
from dataclasses import dataclass, replace
from typing import Any

from primetime.bots.base import Bot
from primetime.bots.tree import Node, draw_pool, run
from primetime.core.plugin import SearchAdapter
from primetime.core.rng import Rng

__all__ = ["Node", "SearchBot", "Settings"]


@dataclass(frozen=True)
class Settings:
    """Search settings of one difficulty level."""

    iterations: int = 600  # iterations per decision (ignored when ``seconds`` is set)
    seconds: float | None = None  # wall-clock budget per decision instead of iterations
    pool: int = 12  # determinizations per decision
    c: float = 0.6  # UCB exploration constant (Q values are normalised to [0, 1])
    prior: float = 1.0  # weight of the greedy prior at the root (progressive bias)
    rollout: int = 0  # random moves played after the expansion before evaluating
    max_depth: int = 60  # decisions per iteration before it is cut and evaluated
    reuse: int = 30  # a follow-up step is answered from the last search's subtree if it has this many visits
    follow: bool = False  # the movers' own follow-up steps below the root are answered by the adapter's ``follow`` (no nodes)


class SearchBot(Bot):
    """Information-set MCTS with truncated, evaluated playouts over one game's :class:`SearchAdapter`."""

    name = "mcts"

    def __init__(self, adapter: SearchAdapter, seed: int = 0, level: str = "normal", **overrides: Any) -> None:
        levels = adapter.levels
        if level not in levels:
            raise ValueError(f"unknown mcts level {level!r}; choose one of {', '.join(levels)}")
        self.adapter = adapter
        self.seed = seed
        self.level = level
        self.settings = replace(Settings(**levels[level]), **overrides)
        self.rng = Rng(seed)
        self._stamp: Hashable = None
        self._count = 0
        self._subtree: tuple[Node, Hashable] | None = None
        self.last: dict[str, Any] = {}  # statistics of the last search (iterations, seconds, visits)

    def __repr__(self) -> str:
        return f"SearchBot({self.adapter.game!r}, seed={self.seed}, level={self.level!r})"

    # ------------------------------------------------------------------ decision
    def select(self, ruleset: Any, state: Any, player: int, keys: list[str]) -> str:
        ad = self.adapter
        if not ad.accepts(state):
            raise TypeError(f"this mcts bot plays {ad.game} only")
        stamp = ad.stamp(state)
        self._count = self._count + 1 if stamp == self._stamp else 1
        self._stamp = stamp
        keys = ad.restrict(state, keys, self._count)
        if len(keys) == 1:  # nothing to search: the one option (Bot.choose answers these itself)
            return keys[0]
        reused = self.reuse(state, keys, stamp)
        if reused is not None:
            return reused
        public = ad.public_copy(state, player)
        choice, root = self.search(ruleset, public, player, keys)
        self._subtree = (root.children[choice], stamp) if choice in root.children else None
        return choice

    def reuse(self, state: Any, keys: list[str], stamp: Hashable) -> str | None:
        """The answer to a follow-up step (where to attach, which amount, ...) from the subtree
        of the option just chosen, when it was searched enough; ``None`` to search again."""
        sub, self._subtree = self._subtree, None
        if sub is None or sub[1] != stamp or state.stack[-1][0] not in self.adapter.reuse_kinds:
            return None
        node = sub[0]
        seen = [
            (node.children[k].n, node.children[k].w[int(state.stack[-1][1])] / node.children[k].n, k)
            for k in keys
            if k in node.children and node.children[k].n > 0
        ]
        if not seen or sum(x[0] for x in seen) < self.settings.reuse:
            return None
        n, _, key = max(seen)
        self._subtree = (node.children[key], stamp)
        self.last = {"iterations": 0, "seconds": 0.0, "reused": n}
        return key

    def determinizations(self, ruleset: Any, public: Any, player: int) -> list[Any]:
        return draw_pool(self.adapter, ruleset, public, player, self.rng, self.settings.pool)

    def search(self, ruleset: Any, public: Any, player: int, keys: list[str]) -> tuple[str, Node]:
        """Search from the public copy ``public`` for ``player`` (the loop: :func:`primetime.bots.tree.run`)."""
        cfg = self.settings
        t0 = time.perf_counter()
        pool = self.determinizations(ruleset, public, player)
        deadline = t0 + cfg.seconds if cfg.seconds is not None else None
        out = run(self.adapter, self.rng, pool, player, keys, cfg.iterations, deadline, cfg.c, cfg.prior, cfg.rollout,
                  cfg.max_depth, cfg.follow)
        root = out.root
        self.last = {
            "iterations": out.iterations,
            "seconds": time.perf_counter() - t0,
            "moves": out.moves,
            "visits": {k: ch.n for k, ch in root.children.items()},
        }
        return out.choice, root
