"""The loop of ``mcts:expert``: the information-set search guided by a learned policy and value.

:mod:`primetime.bots.expert` holds the bot (its settings, the network, the statistics of the last
search); this module is the part that runs thousands of times per decision, written like
:mod:`primetime.bots.tree` (typed locals, the tree's :class:`~primetime.bots.tree.Node`, its backup
and its final choice) so that the compiled build turns it into C as well (it is listed in
:data:`primetime._build.COMPILED_MODULES`).  Both builds make the same choices.

How the loop differs from :func:`primetime.bots.tree.run`:

* **Selection by PUCT.**  The player to move at a node picks the key with the highest
  ``Q + c * P * sqrt(N) / (1 + n)``: ``Q`` their own mean reward (normalised to the range seen, as in the
  tree search; an unvisited key takes the node's mean), ``P`` the network's probability of the key among
  the keys legal in this determinization, ``N`` the node's visits and ``n`` the key's.  Each player
  maximises their own result (the multiplayer backup: every node keeps every player's reward sum).
* **Expansion and evaluation.**  A node reached for the first time is evaluated once from its mover's
  view: the policy gives its priors and the value head every player's reward, blended with the game's
  heuristic reward (``mix`` the network's weight); a finished game scores its real result.
* **Root prior.**  The network's policy mixed with the greedy bot's one-step values turned into a
  distribution (``greedy`` its weight), so a weak network cannot lead the search astray.

Without a network (``net`` None) the loop runs with the greedy prior alone and the heuristic values.
The network is reached through one method, ``net.evaluate(state, seat, keys) -> (priors, values)``.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any

from primetime.bots.tree import Node, Outcome, backup, child, follow_hint, most_visited
from primetime.core.plugin import SearchAdapter
from primetime.core.rng import Rng


def greedy_prior(ad: SearchAdapter, state: Any, player: int, keys: list[str], temperature: float) -> list[float]:
    """The greedy bot's one-step values of ``keys``, scaled to [0, 1], as a softmax distribution at ``temperature``."""
    values: list[float] = ad.prior_values(state, player, keys)
    lo: float = min(values)
    hi: float = max(values)
    scaled: list[float] = [(v - lo) / (hi - lo) if hi > lo else 0.5 for v in values]
    top: float = max(scaled)
    e: list[float] = [math.exp((x - top) / temperature) for x in scaled]
    total: float = sum(e)
    return [x / total for x in e]


def run(ad: SearchAdapter, net: Any, rng: Rng, pool: list[Any], player: int, keys: list[str], iterations: int,
        deadline: float | None, max_depth: int, follow: bool, cpuct: float, value: float, greedy: float,
        temperature: float) -> Outcome:
    """Search from the determinizations of ``pool`` for ``player``, whose legal keys are ``keys`` (see the
    module's docstring): ``iterations`` iterations, or as many as fit before ``deadline``."""
    n_players: int = pool[0].n
    legal: Callable[[Any], list[str]] = ad.legal
    apply_key: Callable[[Any, str], None] = ad.apply
    heuristic: Callable[[Any, int], list[float]] = ad.rewards
    follow_key: Callable[[Any, list[str]], str] = ad.follow
    follow_kinds: frozenset[str] = ad.reuse_kinds
    guided: bool = net is not None
    mix: float = value if guided else 0.0

    root_prior: list[float] = greedy_prior(ad, pool[0], player, keys, temperature)
    if guided:
        pnet: list[float] = net.evaluate(pool[0], player, keys)[0]
        root_prior = [greedy * a + (1.0 - greedy) * b for a, b in zip(root_prior, pnet, strict=True)]
    root = Node(n_players)
    root_priors: dict[str, float] = dict(zip(keys, root_prior, strict=True))
    root.prior = root_priors

    rmin: list[float] = [math.inf] * n_players
    rmax: list[float] = [-math.inf] * n_players
    timed = deadline is not None
    budget: int = 1 << 30 if timed else iterations
    stop: float = deadline if deadline is not None else math.inf
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
        path: list[Node] = [root]
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
                hint = follow_hint(node, s, ks, follow_key)
                node = child(node, hint, n_players)
                apply_key(s, hint)
                moves += 1
                path.append(node)
                continue
            p: int = s.stack[-1][1]
            mover = 0 <= p < n_players
            prior = node.prior
            if prior is None:  # a new node: evaluate it, and keep its priors for the next visit
                if guided and mover:
                    out: tuple[list[float], list[float]] = net.evaluate(s, p, ks)
                    node.prior = dict(zip(ks, out[0], strict=True))
                    h: list[float] = heuristic(s, n_players)
                    values: list[float] = out[1]
                    r = [mix * a + (1.0 - mix) * b for a, b in zip(values, h, strict=True)]
                elif mover:
                    node.prior = dict(zip(ks, greedy_prior(ad, s, p, ks, temperature), strict=True))
                else:
                    node.prior = {k: 1.0 / len(ks) for k in ks}
                break
            depth += 1
            children = node.children
            span: float = rmax[p] - rmin[p] if mover else 0.0
            lo_p: float = rmin[p] if mover else 0.0
            parent_q: float = (node.w[p] / node.n - lo_p) / span if node.n > 0 and span > 1e-12 else 0.5
            total = 0.0
            for k in ks:
                total += prior.get(k, 0.0)
            default = 1.0 / len(ks)
            sq: float = cpuct * math.sqrt(node.n + 1)
            best_k = ks[0]
            best_v = -math.inf
            for k in ks:
                pk: float = prior.get(k, 0.0) / total if total > 0 else default
                ch = children.get(k)
                if ch is None or ch.n == 0:
                    v = parent_q + sq * pk
                else:
                    q: float = (ch.w[p] / ch.n - lo_p) / span if span > 1e-12 else 0.5
                    v = q + sq * pk / (1 + ch.n)
                if v > best_v:
                    best_k = k
                    best_v = v
            node = child(node, best_k, n_players)
            apply_key(s, best_k)
            moves += 1
            path.append(node)
        backup(path, r if r is not None else heuristic(s, n_players), rmin, rmax, n_players)
        # Stop early when the leader cannot be overtaken within the budget (as the tree search does).
        if not timed and (it & 15) == 0:
            counts = sorted([ch.n for ch in root.children.values()], reverse=True) + [0, 0]
            if counts[0] - counts[1] > budget - it or (2 * it >= budget and counts[0] >= 4 * counts[1] > 0):
                break
    return Outcome(most_visited(root, keys, root_priors, player), root, it, moves)
