"""The tree and the loop of the information-set MCTS: selection, expansion, evaluation, backup.

:mod:`primetime.bots.ismcts` says how one decision is made and holds the bot
(:class:`~primetime.bots.ismcts.SearchBot`: its settings, the reuse of a subtree, the statistics
of the last search); this module is the part that runs thousands of times per decision, with
typed locals and plain classes, so that the compiled build (``tools/build_fast.py``, which lists
it in :data:`primetime._build.COMPILED_MODULES` beside the engines and the games' greedy
evaluations) turns it into C.  Both builds make the same choices: the same random numbers are
drawn in the same order, and the rewards are added up in the same order.

The game is reached only through its :class:`~primetime.core.plugin.SearchAdapter`: the legal
keys, applying a key, the quick answer to a follow-up step and the rewards of a state.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any

from primetime.core.plugin import SearchAdapter
from primetime.core.rng import Rng


class Node:
    """Statistics of one option key below a node: visits, availability and reward sums."""

    __slots__ = ("children", "n", "avail", "w", "hint", "prior")

    def __init__(self, players: int) -> None:
        self.children: dict[str, Node] = {}
        self.n: int = 0
        self.avail: int = 0
        self.w: list[float] = [0.0] * players
        self.hint: str | None = None  # the answer to a follow-up step at this node, once worked out
        self.prior: dict[str, float] | None = None  # the guided search's priors of the mover's keys (primetime.bots.guided)


class Outcome:
    """What one search found: the chosen key, the root of the tree, iterations and engine moves."""

    __slots__ = ("choice", "root", "iterations", "moves")

    def __init__(self, choice: str, root: Node, iterations: int, moves: int) -> None:
        self.choice = choice
        self.root = root
        self.iterations = iterations  # iterations run (fewer than the budget after an early stop)
        self.moves = moves  # keys applied to the iterations' states (tree, forced steps, follow-ups, rollout)


def draw_pool(ad: SearchAdapter, ruleset: Any, public: Any, player: int, rng: Rng, size: int) -> list[Any]:
    """``size`` determinizations of the public copy (at least one), drawn in turn with ``rng``."""
    return [ad.determinize(ruleset, public, player, rng) for _ in range(max(1, size))]


def run(ad: SearchAdapter, rng: Rng, pool: list[Any], player: int, keys: list[str], iterations: int,
        deadline: float | None, c: float, bias: float, rollout: int, max_depth: int, follow: bool) -> Outcome:
    """Search from the determinizations of ``pool`` for ``player``, whose legal keys are ``keys``:
    ``iterations`` of them, or as many as fit before ``deadline`` (a ``time.perf_counter()`` time)
    when one is given (see :class:`primetime.bots.ismcts.Settings` for the other arguments;
    ``bias`` is its ``prior``)."""
    n_players: int = pool[0].n
    legal: Callable[[Any], list[str]] = ad.legal
    apply_key: Callable[[Any, str], None] = ad.apply
    rewards: Callable[[Any, int], list[float]] = ad.rewards
    follow_key: Callable[[Any, list[str]], str] = ad.follow

    # Root prior: the greedy bot's value of each option, scaled to [0, 1].
    values: list[float] = ad.prior_values(pool[0], player, keys)
    lo: float = min(values)
    hi: float = max(values)
    prior: dict[str, float] = {}
    for k, v in zip(keys, values, strict=True):
        prior[k] = (v - lo) / (hi - lo) if hi > lo else 0.5
    order: list[str] = sorted(keys, key=lambda k: -prior[k])
    root_keys: set[str] = set(keys)
    root_order: list[str] = [k for k in order if k in root_keys]
    follow_kinds: frozenset[str] = ad.reuse_kinds

    root = Node(n_players)
    rmin: list[float] = [math.inf] * n_players
    rmax: list[float] = [-math.inf] * n_players
    timed = deadline is not None
    budget: int = 1 << 30 if timed else iterations
    stop: float = deadline if deadline is not None else math.inf
    n_pool = len(pool)
    n_keys = len(keys)
    it = 0
    moves = 0
    while it < budget:
        if timed and (it & 7) == 0 and time.perf_counter() > stop and it > 0:
            break
        s: Any = pool[it % n_pool].clone()
        s.rng = Rng(rng.next64())
        it += 1
        node = root
        path: list[Node] = [root]
        depth = 0
        while s.stack and depth < max_depth:
            at_root = node is root
            ks: list[str] = root_order if at_root else legal(s)
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
            depth += 1
            p: int = s.stack[-1][1]
            children = node.children
            untried: list[str] = []
            for k in ks:
                ch = children.get(k)
                if ch is None:
                    if not at_root or not untried:  # the root tries its options in prior order
                        untried.append(k)
                else:
                    ch.avail += 1
            if untried:
                k = untried[0] if at_root else untried[rng.below(len(untried))]
                ch = Node(n_players)
                ch.avail = 1
                children[k] = ch
                apply_key(s, k)
                moves += 1
                path.append(ch)
                break
            # UCB on the mover's normalised reward.
            span = rmax[p] - rmin[p]
            lo_p = rmin[p]
            best_k = ks[0]
            best_v = -math.inf
            for k in ks:
                ch = children[k]
                q = ch.w[p] / ch.n
                q = (q - lo_p) / span if span > 1e-12 else 0.5
                v = q + c * math.sqrt(math.log(ch.avail) / ch.n)
                if at_root:
                    v += bias * prior[k] / (ch.n + 1)
                if v > best_v:
                    best_k = k
                    best_v = v
            node = children[best_k]
            apply_key(s, best_k)
            moves += 1
            path.append(node)
        for _ in range(rollout):
            if not s.stack:
                break
            ks = legal(s)
            apply_key(s, ks[rng.below(len(ks))] if len(ks) > 1 else ks[0])
            moves += 1
        backup(path, rewards(s, n_players), rmin, rmax, n_players)
        # Stop early when the leader cannot be overtaken within the budget.
        if not timed and (it & 15) == 0 and len(root.children) == n_keys:
            counts = sorted([ch.n for ch in root.children.values()], reverse=True)
            if counts[0] - counts[1] > budget - it or (2 * it >= budget and counts[0] >= 4 * counts[1]):
                break

    return Outcome(most_visited(root, keys, prior, player), root, it, moves)


def follow_hint(node: Node, s: Any, ks: list[str], follow_key: Callable[[Any, list[str]], str]) -> str:
    """The adapter's answer to the follow-up step at ``node`` (legal keys ``ks``), worked out once per node:
    follow-ups hardly depend on hidden cards."""
    hint = node.hint
    if hint is None or hint not in ks:
        hint = follow_key(s, ks)
        node.hint = hint
    return hint


def child(node: Node, key: str, n_players: int) -> Node:
    """The child of ``node`` for ``key``, added if new."""
    ch = node.children.get(key)
    if ch is None:
        ch = Node(n_players)
        node.children[key] = ch
    return ch


def backup(path: list[Node], r: list[float], rmin: list[float], rmax: list[float], n_players: int) -> None:
    """Add every player's reward ``r`` to the nodes of ``path`` (the multiplayer backup: each node keeps every
    player's sum) and widen the range of rewards seen, by which the selection normalises."""
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


def most_visited(root: Node, keys: list[str], prior: dict[str, float], player: int) -> str:
    """The most visited root option (ties: the higher mean for ``player``; never visited: the higher prior)."""
    choice = keys[0]
    best: tuple[int, float] | None = None
    for k in keys:
        ch = root.children.get(k)
        rk = (0, prior.get(k, 0.0)) if ch is None or ch.n == 0 else (ch.n, ch.w[player] / ch.n)
        if best is None or rk > best:
            choice, best = k, rk
    return choice
