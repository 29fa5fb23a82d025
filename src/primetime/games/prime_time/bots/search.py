"""Information-set MCTS for Prime Time: the game's adapter to the search core.

The search (public copy -> determinization pool -> one ISUCT tree -> truncated evaluation
-> greedy prior at the root -> early stop) is the game-agnostic one of
:mod:`primetime.bots.ismcts`; this module says what its steps mean for Prime Time:

* **Public copy** (:func:`public_copy`): what the player cannot see is put in a canonical
  arrangement, the rules' :func:`primetime.games.prime_time.rules.determinize.canonical`.
  The unseen Show cards (the deck, the other players' hands and starting offers) are pooled,
  sorted and dealt back in the same counts, and so are the unseen Talents (the deck, the
  other players' hands and face-down talents); the client pile and the Boardroom decks are
  sorted; the random generator is reset.  The bag's contents follow from the cubes in sight
  (every cube ever drawn is on the board or a guide), so they are worked out from those
  rather than read.  While schedules are built in secret (Simultaneous Scheduling,
  PT-SIM-01/02) each rival gets back the guide it showed before scheduling and the cards it
  has scheduled since go back among the unseen ones (hand counts and Re-Runs as before
  scheduling); a rival that has already submitted schedules again inside the search, after
  the players still to do so.  ``tests/prime_time/test_bots_search.py`` and
  ``tests/prime_time/test_hidden_information.py`` prove that the choice does not depend on
  any of it.
* **Determinizations**: the ruleset's ``determinize(copy, player, rng)``, which re-deals
  the unseen cards, the client pile and the Boardroom decks and draws a new generator.
* **Evaluation**: the greedy bot's :func:`primetime.games.prime_time.bots.greedy.evaluate` (VP,
  cash, the TV Guide and its expected cubes, hand, bids, hotness, awards, Variety,
  Boardroom, clients, turn order), the real final score once the game is over.  A player's
  reward is ``sigmoid((own - best other) / MARGIN)``, how likely they are ahead
  (:func:`rewards`, beside the evaluation in the greedy module, which the compiled build compiles).
  ``mcts:expert``'s ``term_weights`` setting (on in its Prime Time defaults; ``mcts:hard`` and the
  other levels keep the plain sum) weights the evaluation's terms by
  round and phase instead (:func:`weighted_rewards`, weights learned from the final scores of
  greedy games, ``data/term-weights.json``).
* **Root prior**: the greedy bot's look-ahead value of each option (its own follow-ups, the
  amount of a bid or the steps of Public Relations, looked at too).
* **Follow-up steps** answered from the last search's subtree when it was visited enough:
  the amount of a bid, the steps of Public Relations and the picks of a schedule.

Difficulty levels (iteration budgets, so results do not depend on the machine; the UCB
constant is ``C`` = 0.3 at every level, the reward scale ``MARGIN`` = 12 VP):

=========  ==========  ====  ==========================================================
level      iterations  pool  notes
=========  ==========  ====  ==========================================================
``easy``   100         4     a little search on top of the greedy prior: about 0.05 s
                             per decision, beats ``greedy`` in about two 2-player
                             games of three
``normal`` 400         8     under 1 s per decision on one core at the 95th percentile
                             (measured 0.3 s in 2-player, 0.4 s in 3-player and 0.5 s
                             in 4-player games; 0.2-0.25 s on average)
``hard``   1200        16    about 0.8 s per decision on average in a 4-player game,
                             under 2 s at the 95th percentile
=========  ==========  ====  ==========================================================

Most of the time goes into the evaluation (one per player at every leaf); a search that
is already decided stops early, so many decisions take much less than the budget.

A wall-clock budget (``seconds=``) can be given instead for interactive play; it makes the
bot's choices depend on the machine's speed.
"""

from __future__ import annotations

import json
import math
from collections.abc import Hashable
from pathlib import Path
from typing import Any

from primetime.core.plugin import SearchAdapter
from primetime.core.rewards import ahead_rewards
from primetime.core.rng import Rng
from primetime.games.prime_time.bots.greedy import FOLLOW_UPS, MARGIN, PrimeTimeGreedyBot, breakdown, evaluate, rewards
from primetime.games.prime_time.rules import determinize, flow
from primetime.games.prime_time.state import PTState

__all__ = ["C", "LEVELS", "MARGIN", "PHASE_GROUP", "TERM_WEIGHTS_PATH", "PrimeTimeAdapter", "bag_in_sight", "load_term_weights",
           "public_copy", "rewards", "weighted_evaluate", "weighted_rewards"]

C = 0.3  # UCB exploration: the greedy prior is a good guide in Prime Time, so the search explores less
REUSE_KINDS = FOLLOW_UPS | {"sched"}  # the player's own follow-up steps: bid amount, Public Relations, schedule picks

# The search settings of each level (fields of primetime.bots.ismcts.Settings).
LEVELS: dict[str, dict[str, Any]] = {
    "easy": {"iterations": 100, "pool": 4, "c": C},
    "normal": {"iterations": 400, "pool": 8, "c": C},
    "hard": {"iterations": 1200, "pool": 16, "c": C},
}


class PrimeTimeAdapter(SearchAdapter):
    """Prime Time for the search core."""

    game = "Prime Time"
    reuse_kinds = REUSE_KINDS
    levels = LEVELS

    def __init__(self, seed: int = 0) -> None:
        self.helper = PrimeTimeGreedyBot(seed)
        self.legal = flow.legal
        self.apply = flow.apply

    #: whether the search may choose Public Relations when it places a token (``mcts:expert``'s
    #: ``pr_at_root`` setting).  Off, the bot's own placements leave Public Relations out (it still
    #: expects its rivals to use it).  The leaf evaluation right after a Public Relations action
    #: probably credits the moved cube before the rival has scheduled around it: a deeper search
    #: takes the action more often, and the more often the expert took it the worse its games
    #: went against ``greedy``.  ``mcts:expert``'s Prime Time defaults turn it off; the other levels keep it.
    pr_at_root = True

    def accepts(self, state: Any) -> bool:
        return isinstance(state, PTState)

    def restrict(self, state: Any, keys: list[str], count: int) -> list[str]:
        if not self.pr_at_root and "pr" in keys and len(keys) > 1 and state.stack and state.stack[-1][0] == "place":
            return [k for k in keys if k != "pr"]
        return keys

    def stamp(self, state: Any) -> Hashable:
        return (state.round, state.phase)

    def public_copy(self, state: Any, viewer: int) -> PTState:
        return public_copy(state, viewer)

    def determinize(self, ruleset: Any, public: Any, player: int, rng: Rng) -> PTState:
        d: PTState = ruleset.determinize(public, player, rng)
        return d

    def prior_values(self, state: Any, player: int, keys: list[str]) -> list[float]:
        h = self.helper
        values = [h.key_value(state, player, k, h.depth, True)[0] for k in keys]
        finite = [v for v in values if math.isfinite(v)]
        floor = min(finite) - 1.0 if finite else 0.0  # an option with no way to finish it is the worst
        return [v if math.isfinite(v) else floor for v in values]

    #: learned weights of the evaluation's terms (``mcts:expert``'s ``term_weights`` setting): None for the
    #: plain sum of :func:`~primetime.games.prime_time.bots.greedy.breakdown`, else what
    #: :func:`load_term_weights` returns.  The weights (``data/term-weights.json``) were fitted to the
    #: final score difference of 2-player greedy games: early in the game they count cash for less and
    #: the TV Guide and the hand for more than the plain sum.  ``greedy`` and ``mcts:hard`` keep the
    #: plain sum.
    term_weights: dict[tuple[int, str], dict[str, float]] | None = None

    def use_term_weights(self, on: bool) -> None:
        """Score leaves with the shipped learned term weights (``on``) or the plain sum."""
        self.term_weights = load_term_weights() if on else None

    def rewards(self, state: Any, n: int) -> list[float]:
        if self.term_weights is None:
            return rewards(state, n)
        return weighted_rewards(state, n, self.term_weights)


# ---------------------------------------------------------------------- learned term weights

TERM_WEIGHTS_PATH = Path(__file__).with_name("data") / "term-weights.json"
#: the phases of a round as the weights group them (the weights file's ``phase``)
PHASE_GROUP = {"setup": "dev", "dev": "dev", "bids": "dev", "schedule": "sched", "ratings": "ratings"}


def load_term_weights(path: Path | str = TERM_WEIGHTS_PATH) -> dict[tuple[int, str], dict[str, float]]:
    """The weights of the evaluation's terms by (round, phase group) from a weights file (see its ``note``).

    A term, round or phase the file does not name has weight 1 (the plain sum)."""
    data = json.loads(Path(path).read_text())
    return {(int(row["round"]), str(row["phase"])): {str(t): float(w) for t, w in row["weights"].items()}
            for row in data["weights"]}


def weighted_evaluate(s: PTState, p: int, weights: dict[tuple[int, str], dict[str, float]]) -> float:
    """:func:`~primetime.games.prime_time.bots.greedy.evaluate` with the terms weighted by ``weights``
    (the real final score once the game is over)."""
    if s.phase == "over":
        return evaluate(s, p)
    w = weights.get((s.round, PHASE_GROUP.get(s.phase, "dev")))
    parts = breakdown(s, p)
    if not w:
        return sum(parts.values())
    return sum(w.get(t, 1.0) * v for t, v in parts.items())


def weighted_rewards(s: PTState, n: int, weights: dict[tuple[int, str], dict[str, float]]) -> list[float]:
    """:func:`~primetime.games.prime_time.bots.greedy.rewards` over :func:`weighted_evaluate`: the same
    sigmoid and ``MARGIN``."""
    return ahead_rewards([weighted_evaluate(s, q, weights) for q in range(n)], MARGIN)


# ---------------------------------------------------------------------- the public copy


def public_copy(s: PTState, viewer: int) -> PTState:
    """A clone of ``s`` whose hidden parts are in a canonical arrangement (see the module docstring).

    The rules' :func:`~primetime.games.prime_time.rules.determinize.canonical` arrangement, with
    the rivals who have already submitted a schedule in secret scheduling again, after the
    players still to do so.  Whatever the true hidden arrangement, the result is the same.
    """
    d, again = determinize.canonical(s, viewer)
    if again:  # they schedule again in the search, after the players still to do so
        at = max(i for i, t in enumerate(d.stack) if t[0] == "ratings") + 1
        again.sort(key=d.order.index, reverse=True)
        d.stack[at:at] = [("sched", q, 0) for q in again]
    return d


bag_in_sight = determinize.bag_in_sight
