"""``mcts:expert``: the information-set search guided by a learned policy and value (expert iteration).

The bot is :class:`~primetime.bots.ismcts.SearchBot` with a different loop: the public copy, the
determinization pool, the follow-up steps answered by the game's quick rule and the reuse of a subtree
are the same (see :mod:`primetime.bots.ismcts`), so the network sees nothing the other bots may not see:
it is handed determinizations drawn from the seat's public copy and reads them through the game's
learning encoding from the deciding seat's view.

How the loop (:func:`run`) differs from :func:`primetime.bots.tree.run`:

* **Selection by PUCT.**  The player to move at a node picks the key with the highest
  ``Q + c * P * sqrt(N) / (1 + n)``: ``Q`` their own mean reward (normalised to the range seen, as in the
  tree search; an unvisited key takes the node's mean), ``P`` the network's probability of the key among
  the keys legal in this determinization, ``N`` the node's visits and ``n`` the key's.  Each player
  maximises their own result (the multiplayer backup: every node keeps every player's reward sum).
* **Expansion and evaluation.**  A node reached for the first time is evaluated once from its mover's
  view: the policy gives its priors and the value head every player's reward, blended with the game's
  heuristic reward (``value`` the network's weight); a finished game scores its real result.
* **Root prior.**  The network's policy mixed with the greedy bot's one-step values turned into a
  distribution (``greedy`` its weight), so a weak network cannot lead the search astray.

Without weights for the game (none shipped, or an encoding the weights do not fit) the loop runs with
the greedy prior alone and the heuristic values: PUCT over the tree search's evaluation.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, fields, replace
from typing import Any

from primetime.bots.ismcts import SearchBot, Settings
from primetime.bots.net import Net, load_net, shipped_net
from primetime.core.plugin import SearchAdapter, get_plugin
from primetime.core.rng import Rng

__all__ = ["ExpertBot", "ExpertSettings", "run"]

BASE_LEVEL = "hard"  # the tree-search settings the expert starts from (pool, follow-ups, reuse)


@dataclass(frozen=True)
class ExpertSettings:
    """The guided search's own settings (beside :class:`~primetime.bots.ismcts.Settings`)."""

    cpuct: float = 1.5  # PUCT exploration constant (Q normalised to [0, 1])
    value: float = 0.5  # weight of the network's value at a leaf (the rest: the game's heuristic reward)
    greedy: float = 0.5  # weight of the greedy prior in the root's priors (the rest: the network's policy)
    temperature: float = 0.15  # temperature of the greedy values (scaled to [0, 1]) turned into a distribution


#: the default budget of ``mcts:expert`` per game (iterations keep results independent of the machine)
DEFAULTS: dict[str, dict[str, Any]] = {
    "networks": {"iterations": 300, "pool": 8},
    "prime-time": {"iterations": 400, "pool": 8},
}


class PNode:
    """A node of the guided tree: visits, every player's reward sum, the mover's priors once evaluated."""

    __slots__ = ("children", "n", "w", "prior", "hint")

    def __init__(self, players: int) -> None:
        self.children: dict[str, PNode] = {}
        self.n: int = 0
        self.w: list[float] = [0.0] * players
        self.prior: dict[str, float] | None = None
        self.hint: str | None = None


class Found:
    """What one guided search found: the chosen key, the root, iterations and engine moves."""

    __slots__ = ("choice", "root", "iterations", "moves")

    def __init__(self, choice: str, root: PNode, iterations: int, moves: int) -> None:
        self.choice, self.root, self.iterations, self.moves = choice, root, iterations, moves


class ExpertBot(SearchBot):
    """The search guided by the game's learned evaluation (see the module's docstring)."""

    name = "mcts:expert"

    def __init__(self, adapter: SearchAdapter, seed: int = 0, game: str = "", net: Net | None | str = "shipped",
                 **overrides: Any) -> None:
        base = {**adapter.levels[BASE_LEVEL], **DEFAULTS.get(game, {})}
        names = {f.name for f in fields(Settings)}
        super().__init__(adapter, seed, BASE_LEVEL, **{k: v for k, v in overrides.items() if k in names})
        self.settings = replace(Settings(**base), **{k: v for k, v in overrides.items() if k in names})
        self.level = "expert"
        self.expert = ExpertSettings(**{k: v for k, v in overrides.items() if k not in names})
        self.game = game
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
        out = run(self.adapter, net, self.rng, pool, player, keys, cfg, self.expert, deadline)
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


def _greedy_prior(ad: SearchAdapter, state: Any, player: int, keys: list[str], temperature: float) -> list[float]:
    values = ad.prior_values(state, player, keys)
    lo, hi = min(values), max(values)
    scaled = [(v - lo) / (hi - lo) if hi > lo else 0.5 for v in values]
    top = max(scaled)
    e = [math.exp((x - top) / temperature) for x in scaled]
    total = sum(e)
    return [x / total for x in e]


def run(ad: SearchAdapter, net: Net | None, rng: Rng, pool: list[Any], player: int, keys: list[str], cfg: Settings,
        ex: ExpertSettings, deadline: float | None) -> Found:
    """Search from the determinizations of ``pool`` for ``player``, whose legal keys are ``keys`` (see the
    module's docstring); ``cfg.iterations`` iterations, or as many as fit before ``deadline``."""
    n_players: int = pool[0].n
    legal = ad.legal
    apply_key = ad.apply
    heuristic = ad.rewards
    follow_key = ad.follow
    follow_kinds = ad.reuse_kinds
    follow = cfg.follow
    max_depth = cfg.max_depth
    cpuct = ex.cpuct
    mix = ex.value if net is not None else 0.0

    greedy = _greedy_prior(ad, pool[0], player, keys, ex.temperature)
    if net is not None:
        pnet, _ = net.evaluate(pool[0], player, keys)
        g = ex.greedy
        root_prior = [g * a + (1.0 - g) * b for a, b in zip(greedy, pnet, strict=True)]
    else:
        root_prior = greedy
    root = PNode(n_players)
    root.prior = dict(zip(keys, root_prior, strict=True))

    rmin = [math.inf] * n_players
    rmax = [-math.inf] * n_players
    timed = deadline is not None
    budget = 1 << 30 if timed else cfg.iterations
    stop = deadline if deadline is not None else math.inf
    n_pool = len(pool)
    it = 0
    moves = 0
    while it < budget:
        if timed and (it & 3) == 0 and it > 0 and time.perf_counter() > stop:
            break
        s: Any = pool[it % n_pool].clone()
        s.rng = Rng(rng.next64())
        it += 1
        node = root
        path = [root]
        depth = 0
        r: list[float] | None = None
        while s.stack and depth < max_depth:
            at_root = node is root
            ks: list[str] = keys if at_root else legal(s)
            if len(ks) == 1 and not at_root:
                apply_key(s, ks[0])
                moves += 1
                continue
            if follow and not at_root and s.stack[-1][0] in follow_kinds:
                hint = node.hint
                if hint is None or hint not in ks:
                    hint = follow_key(s, ks)
                    node.hint = hint
                ch = node.children.get(hint)
                if ch is None:
                    ch = node.children[hint] = PNode(n_players)
                node = ch
                apply_key(s, hint)
                moves += 1
                path.append(ch)
                continue
            p: int = s.stack[-1][1]
            prior = node.prior
            if prior is None:  # a new node: evaluate it, and keep its priors for the next visit
                if net is not None and 0 <= p < n_players:
                    probs, values = net.evaluate(s, p, ks)
                    node.prior = dict(zip(ks, probs, strict=True))
                    h = heuristic(s, n_players)
                    r = [mix * a + (1.0 - mix) * b for a, b in zip(values, h, strict=True)]
                else:
                    node.prior = dict(zip(ks, _greedy_prior(ad, s, p, ks, ex.temperature), strict=True)) \
                        if 0 <= p < n_players else {k: 1.0 / len(ks) for k in ks}
                break
            depth += 1
            children = node.children
            span = rmax[p] - rmin[p] if 0 <= p < n_players else 0.0
            lo_p = rmin[p] if 0 <= p < n_players else 0.0
            parent_q = (node.w[p] / node.n - lo_p) / span if node.n > 0 and span > 1e-12 else 0.5
            total = 0.0
            for k in ks:
                total += prior.get(k, 0.0)
            default = 1.0 / len(ks)
            sq = cpuct * math.sqrt(node.n + 1)
            best_k = ks[0]
            best_v = -math.inf
            for k in ks:
                pk = prior.get(k, 0.0) / total if total > 0 else default
                ch = children.get(k)
                if ch is None or ch.n == 0:
                    v = parent_q + sq * pk
                else:
                    q = (ch.w[p] / ch.n - lo_p) / span if span > 1e-12 else 0.5
                    v = q + sq * pk / (1 + ch.n)
                if v > best_v:
                    best_k, best_v = k, v
            ch = children.get(best_k)
            if ch is None:
                ch = children[best_k] = PNode(n_players)
            node = ch
            apply_key(s, best_k)
            moves += 1
            path.append(node)
        if r is None:
            r = heuristic(s, n_players)
        for j in range(n_players):
            x = r[j]
            if x < rmin[j]:
                rmin[j] = x
            if x > rmax[j]:
                rmax[j] = x
        for nd in path:
            nd.n += 1
            w = nd.w
            for j in range(n_players):
                w[j] += r[j]
        # Stop early when the leader cannot be overtaken within the budget (as the tree search does).
        if not timed and (it & 15) == 0:
            counts = sorted([ch.n for ch in root.children.values()], reverse=True) + [0, 0]
            if counts[0] - counts[1] > budget - it or (2 * it >= budget and counts[0] >= 4 * counts[1] > 0):
                break

    choice = keys[0]
    best: tuple[int, float] | None = None
    for k in keys:
        ch = root.children.get(k)
        rk = (0, root.prior.get(k, 0.0)) if ch is None or ch.n == 0 else (ch.n, ch.w[player] / ch.n)
        if best is None or rk > best:
            choice, best = k, rk
    return Found(choice, root, it, moves)
