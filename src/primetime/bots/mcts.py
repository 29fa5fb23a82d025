"""Information-set Monte Carlo tree search (single-observer ISMCTS) for The Networks.

How one decision is made
------------------------
1. **What the bot may know.**  The bot first makes a *public copy* of the state: a clone in
   which every hidden arrangement (deck order, the other players' private pilot offers and
   the pilot cards back in the box, the solo opponent's deck order, the random generator)
   is replaced by a canonical one (sorted).  Nothing of the true hidden order can reach the
   search; two states that differ only in hidden parts give the same public copy, so the
   bot's choice cannot depend on them (``tests/test_mcts.py`` proves it).
2. **Determinizations.**  From the public copy the bot draws a small pool of
   determinizations with ``ruleset.determinize(copy, player, rng)`` (which re-deals what the
   player cannot see, consistently with what it has seen), plus a shuffle of the solo
   opponent's deck.  Each iteration starts from a clone of one pool entry with a fresh
   random generator, so chance (reshuffles, draws) differs between iterations.
3. **One tree for the information set.**  Nodes are sequences of option keys from the
   root; a decision with a single legal option is applied without a node.  Every iteration
   descends with UCB, using only the keys that are legal in its determinization, and
   counts for every child how often it was *available* (ISUCT: the exploration term uses
   the availability count instead of the parent's visits).  The player to move at a node
   picks by their own reward, so the other players are modelled as playing for
   themselves.  An untried legal key is expanded as soon as one exists.  The player's own
   follow-up steps of an action (attachments, timeslot, ...) are answered from the subtree
   of the option just chosen when it was visited enough (``reuse``), without a new search.
4. **Truncated evaluation.**  After the expansion the iteration plays ``rollout`` cheap
   moves (none by default) and then scores the state for every player with the greedy
   bot's transparent evaluation (:func:`primetime.bots.greedy.evaluate`: banked viewers,
   forecast, cash, genre tracks, reruns, network cards, potential); a finished game uses
   the real final scores.  A player's reward is ``sigmoid((own - best other) / MARGIN)``
   (how likely they are ahead); in solo it is the own score.  Q values are normalised to
   the range of rewards seen in the tree (so one UCB constant fits every stage).
5. **Root prior.**  At the root the greedy bot's one-step values of the options are a
   progressive bias (``prior / (visits + 1)``) and the order in which options are first
   tried, so a small budget plays like ``greedy`` and a large one refines it.
6. **Choice.**  The most visited root option (ties: the higher mean).  The search stops
   early when no other option could still overtake it within the budget, or when half the
   budget is spent and the leader has four times the visits of the runner-up.

Difficulty levels (iteration budgets, so results do not depend on the machine):

=========  ==========  ====  ================================================
level      iterations  pool  notes
=========  ==========  ====  ================================================
``easy``   100         4     a little search on top of the greedy prior
``normal`` 600         12    well under 1 s per decision on one core
``hard``   1500        24    about 1 s per decision
=========  ==========  ====  ================================================

A wall-clock budget (``seconds=``) can be given instead for interactive play; it makes the
bot's choices depend on the machine's speed.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, replace
from typing import Any

from primetime.bots.base import Bot
from primetime.bots.greedy import FOLLOW_UPS, STALL, USE, GreedyBot, evaluate
from primetime.core.rng import Rng
from primetime.games.networks import engine as E
from primetime.games.networks.state import NetState

MARGIN = 12.0  # viewers: the scale of "how far ahead" in the multiplayer reward
SOLO_SCALE = 250.0  # viewers: the scale of the solo reward
ENDING = ("pass", "end", "done", "stop", "skip", "no", "rotate")
REUSE_KINDS = FOLLOW_UPS | {"prod_att"}  # the player's own follow-up steps of an action


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


LEVELS: dict[str, Settings] = {
    "easy": Settings(iterations=100, pool=4),
    "normal": Settings(iterations=600, pool=12),
    "hard": Settings(iterations=1500, pool=24),
}


class Node:
    """Statistics of one option key below a node: visits, availability and reward sums."""

    __slots__ = ("children", "n", "avail", "w")

    def __init__(self, players: int) -> None:
        self.children: dict[str, Node] = {}
        self.n = 0
        self.avail = 0
        self.w = [0.0] * players


class MctsBot(Bot):
    """Information-set MCTS with greedy-evaluated truncated playouts (see the module docstring)."""

    name = "mcts"

    def __init__(self, seed: int = 0, level: str = "normal", **overrides: Any) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown mcts level {level!r}; choose one of {', '.join(LEVELS)}")
        self.seed = seed
        self.level = level
        self.settings = replace(LEVELS[level], **overrides)
        self.rng = Rng(seed)
        self.helper = GreedyBot(seed)
        self._stamp: tuple[int, str] = (-1, "")
        self._count = 0
        self._subtree: tuple[Node, tuple[int, str]] | None = None
        self.last: dict[str, Any] = {}  # statistics of the last search (iterations, seconds, visits)

    def __repr__(self) -> str:
        return f"MctsBot(seed={self.seed}, level={self.level!r})"

    # ------------------------------------------------------------------ decision
    def select(self, ruleset: Any, state: Any, player: int, keys: list[str]) -> str:
        if not isinstance(state, NetState):
            raise TypeError("MctsBot plays The Networks only")
        stamp = (state.round, state.phase)
        self._count = self._count + 1 if stamp == self._stamp else 1
        self._stamp = stamp
        if self._count > STALL:  # safety net against endless repeatable uses in one round
            ending = [k for k in keys if k.split(":")[0] in ENDING]
            if ending:
                keys = ending
        reused = self.reuse(state, keys, stamp)
        if reused is not None:
            return reused
        public = public_copy(state, player)
        choice, root = self.search(ruleset, public, player, keys)
        self._subtree = (root.children[choice], stamp) if choice in root.children else None
        return choice

    def reuse(self, state: NetState, keys: list[str], stamp: tuple[int, str]) -> str | None:
        """The answer to a follow-up step (where to attach, which timeslot, ...) from the subtree
        of the option just chosen, when it was searched enough; ``None`` to search again."""
        sub, self._subtree = self._subtree, None
        if sub is None or sub[1] != stamp or state.stack[-1][0] not in REUSE_KINDS:
            return None
        node = sub[0]
        seen = [(node.children[k].n, node.children[k].w[int(state.stack[-1][1])] / node.children[k].n, k)
                for k in keys if k in node.children and node.children[k].n > 0]
        if not seen or sum(x[0] for x in seen) < self.settings.reuse:
            return None
        n, _, key = max(seen)
        self._subtree = (node.children[key], stamp)
        self.last = {"iterations": 0, "seconds": 0.0, "reused": n}
        return key

    def determinizations(self, ruleset: Any, public: NetState, player: int) -> list[NetState]:
        out = []
        for _ in range(max(1, self.settings.pool)):
            d = ruleset.determinize(public, player, self.rng)
            if d.solo_deck:  # the solo opponent's deck order is hidden too
                self.rng.shuffle(d.solo_deck)
            out.append(d)
        return out

    def search(self, ruleset: Any, public: NetState, player: int, keys: list[str]) -> tuple[str, Node]:
        cfg = self.settings
        t0 = time.perf_counter()
        rng = self.rng
        n_players = public.n
        pool = self.determinizations(ruleset, public, player)
        legal, apply_key = E.legal, E.apply

        # Root prior: the greedy bot's one-step value of each option, scaled to [0, 1].
        values = [self.helper.key_value(pool[0], player, k, self.helper.depth) - (USE if k.startswith("use:") else 0.0)
                  for k in keys]
        lo, hi = min(values), max(values)
        prior = {k: (v - lo) / (hi - lo) if hi > lo else 0.5 for k, v in zip(keys, values, strict=True)}
        order = sorted(keys, key=lambda k: -prior[k])
        root_keys = set(keys)

        root = Node(n_players)
        rmin = [math.inf] * n_players
        rmax = [-math.inf] * n_players
        c, bias, max_depth = cfg.c, cfg.prior, cfg.max_depth
        budget = cfg.iterations if cfg.seconds is None else 1 << 30
        deadline = t0 + cfg.seconds if cfg.seconds is not None else math.inf
        it = 0
        while it < budget:
            if cfg.seconds is not None and (it & 7) == 0 and time.perf_counter() > deadline and it > 0:
                break
            s = pool[it % len(pool)].clone()
            s.rng = Rng(rng.next64())
            it += 1
            node = root
            path = [root]
            depth = 0
            while s.stack and depth < max_depth:
                if node is root:
                    ks = [k for k in order if k in root_keys]
                else:
                    ks = legal(s)
                if len(ks) == 1 and node is not root:
                    apply_key(s, ks[0])
                    continue
                depth += 1
                p = s.stack[-1][1]
                children = node.children
                untried: list[str] = []
                for k in ks:
                    ch = children.get(k)
                    if ch is None:
                        if node is not root or not untried:  # the root tries its options in prior order
                            untried.append(k)
                    else:
                        ch.avail += 1
                if untried:
                    k = untried[0] if node is root else untried[rng.below(len(untried))]
                    ch = Node(n_players)
                    ch.avail = 1
                    children[k] = ch
                    apply_key(s, k)
                    path.append(ch)
                    break
                # UCB on the mover's normalised reward.
                span = rmax[p] - rmin[p]
                lo_p = rmin[p]
                best_k, best_v = ks[0], -math.inf
                for k in ks:
                    ch = children[k]
                    q = ch.w[p] / ch.n
                    q = (q - lo_p) / span if span > 1e-12 else 0.5
                    v = q + c * math.sqrt(math.log(ch.avail) / ch.n)
                    if node is root:
                        v += bias * prior[k] / (ch.n + 1)
                    if v > best_v:
                        best_k, best_v = k, v
                node = children[best_k]
                apply_key(s, best_k)
                path.append(node)
            for _ in range(cfg.rollout):
                if not s.stack:
                    break
                ks = legal(s)
                apply_key(s, ks[rng.below(len(ks))] if len(ks) > 1 else ks[0])
            r = rewards(s, n_players)
            for j in range(n_players):
                if r[j] < rmin[j]:
                    rmin[j] = r[j]
                if r[j] > rmax[j]:
                    rmax[j] = r[j]
            for nd in path:
                nd.n += 1
                w = nd.w
                for j in range(n_players):
                    w[j] += r[j]
            # Stop early when the leader cannot be overtaken within the budget.
            if cfg.seconds is None and (it & 15) == 0 and len(root.children) == len(keys):
                counts = sorted((ch.n for ch in root.children.values()), reverse=True)
                if counts[0] - counts[1] > budget - it or (2 * it >= budget and counts[0] >= 4 * counts[1]):
                    break

        def rank(k: str) -> tuple[int, float]:
            ch = root.children.get(k)
            if ch is None or ch.n == 0:
                return (0, prior[k])
            return (ch.n, ch.w[player] / ch.n)

        choice = max(keys, key=rank)
        self.last = {
            "iterations": it,
            "seconds": time.perf_counter() - t0,
            "visits": {k: ch.n for k, ch in root.children.items()},
        }
        return choice, root


def rewards(s: NetState, n: int) -> list[float]:
    """Each player's reward in [0, 1] for the (possibly unfinished) state ``s``."""
    v = [evaluate(s, q) for q in range(n)]
    if n == 1:
        return [v[0] / SOLO_SCALE]
    out = []
    for q in range(n):
        best_other = max(v[o] for o in range(n) if o != q)
        x = (v[q] - best_other) / MARGIN
        out.append(1.0 / (1.0 + math.exp(-x)) if x > -30 else 0.0)
    return out


# ---------------------------------------------------------------------- the public copy


def public_copy(s: NetState, viewer: int) -> NetState:
    """A clone of ``s`` whose hidden parts are in a canonical (sorted) arrangement.

    Deck contents are public (the cards nobody has seen), their order is not: each deck is
    sorted, keeping which positions of the show deck hold A and which hold B shows (the A
    shows lie on top of the B shows, NET-SETUP-05).  The other players' private pilot
    offers and the unseen pilot cards in the box are pooled, sorted and dealt back in the
    same sizes; the solo opponent's deck is sorted; the random generator is reset.  Whatever
    the true hidden arrangement, the result is the same.
    """
    d = s.clone()
    T = E.tables(s.cat)
    for k in (E.STAR, E.AD, E.NET):
        d.decks[k].sort()
    deck = d.decks[E.SHOW]
    a_pos = [i for i, c in enumerate(deck) if T.defs[c].deck == "A"]
    b_pos = [i for i, c in enumerate(deck) if T.defs[c].deck != "A"]
    for pos in (a_pos, b_pos):
        cards = sorted(deck[i] for i in pos)
        for i, c in zip(pos, cards, strict=True):
            deck[i] = c
    if s.phase == "pilot":
        mine = set(s.pilot[viewer])
        pilot = set(s.cat.pilot)
        others = [q for q in range(s.n) if q != viewer]
        hidden = sorted([c for c in d.box if c in pilot and c not in mine] + [c for q in others for c in d.pilot[q]])
        rest = [c for c in d.box if c not in pilot or c in mine]
        for q in others:
            size = len(d.pilot[q])
            d.pilot[q], hidden = hidden[:size], hidden[size:]
        d.box = rest + hidden
    d.solo_deck.sort()
    d.rng = Rng(0)
    return d


def make_mcts(level: str) -> Any:
    """A factory ``seed -> MctsBot`` for the bot registry."""

    def factory(seed: int = 0) -> MctsBot:
        return MctsBot(seed, level)

    factory.__name__ = f"mcts_{level}"
    return factory
