"""Information-set MCTS for The Networks: the game's adapter to the search core.

The search itself (public copy -> determinization pool -> one ISUCT tree -> truncated
evaluation -> greedy prior at the root -> early stop) is game-agnostic and lives in
:mod:`primetime.bots.ismcts`; its module docstring describes how one decision is made.
The plugin hands :class:`NetworksAdapter` to it (the ``mcts`` bots).
This module says what those steps mean for The Networks:

* **Public copy** (:func:`public_copy`): deck order, the other players' private pilot
  offers and the pilot cards back in the box, the solo opponent's deck order and the random
  generator are replaced by a canonical (sorted) arrangement, the rules' own.
  ``tests/networks/test_bots_search.py`` and ``tests/networks/test_hidden_information.py``
  prove that the choice does not depend on them.
* **Determinizations**: ``ruleset.determinize(copy, player, rng)`` plus a shuffle of the
  solo opponent's deck.
* **Evaluation**: the greedy bot's :func:`primetime.games.networks.bots.greedy.evaluate` (banked viewers,
  forecast, cash, genre tracks, reruns, network cards, potential); a finished game uses the
  real final scores.  A player's reward is ``sigmoid((own - best other) / MARGIN)`` (how
  likely they are ahead); in solo it is the own score over ``SOLO_SCALE``.  :func:`rewards`
  lives beside the evaluation in the greedy module, which the compiled build compiles.
* **Root prior**: the greedy bot's one-step value of each option (a network card use must
  gain something).
* **Follow-up steps** (attachments, timeslot, genre, promotion, extra picks, talents,
  bonuses and production attachments): inside the search answered by the greedy bot's
  one-step choice (:meth:`NetworksAdapter.follow`); at the real decision answered from
  the last search's subtree.
* **Safety net**: after ``STALL`` decisions in one round only keys that end the turn are
  searched (some network cards can be used again and again).

Difficulty levels (iteration budgets, so results do not depend on the machine):

=========  ==========  ====  ================================================
level      iterations  pool  notes
=========  ==========  ====  ================================================
``easy``   100         4     a little search on top of the greedy prior
``normal`` 300         8     well under 1 s per decision on one core
``hard``   600         12    about 1 s per decision
=========  ==========  ====  ================================================

Every level answers follow-up steps below the root with the greedy bot's one-step choice
(``follow``, see :mod:`primetime.bots.ismcts`).  Iterations cost more with it (each
follow-up step looks at its options), so the budgets are lower than before it existed,
and the bot is much stronger: see ``docs/design-decisions.md`` (Bots).

A wall-clock budget (``seconds=``) can be given instead for interactive play; it makes the
bot's choices depend on the machine's speed.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from primetime.core.plugin import SearchAdapter
from primetime.core.rng import Rng
from primetime.games.networks.bots.greedy import FOLLOW_UPS, MARGIN, SOLO_SCALE, STALL, USE, GreedyBot, rewards
from primetime.games.networks.rules import determinize as D
from primetime.games.networks.rules import flow as F
from primetime.games.networks.state import NetState

__all__ = ["LEVELS", "MARGIN", "SOLO_SCALE", "NetworksAdapter", "public_copy", "rewards"]

ENDING = ("pass", "end", "done", "stop", "skip", "no", "rotate")
REUSE_KINDS = FOLLOW_UPS | {"prod_att"}  # the player's own follow-up steps of an action

# The search settings of each level (fields of primetime.bots.ismcts.Settings).
LEVELS: dict[str, dict[str, Any]] = {
    "easy": {"iterations": 100, "pool": 4, "follow": True},
    "normal": {"iterations": 300, "pool": 8, "follow": True},
    "hard": {"iterations": 600, "pool": 12, "follow": True},
}


class NetworksAdapter(SearchAdapter):
    """The Networks for the search core."""

    game = "The Networks"
    reuse_kinds = REUSE_KINDS
    levels = LEVELS

    def __init__(self, seed: int = 0) -> None:
        self.helper = GreedyBot(seed)
        self.legal = F.legal
        self.apply = F.apply

    def accepts(self, state: Any) -> bool:
        return isinstance(state, NetState)

    def stamp(self, state: Any) -> Hashable:
        return (state.round, state.phase)

    def restrict(self, state: Any, keys: list[str], count: int) -> list[str]:
        if count > STALL:  # safety net against endless repeatable uses in one round
            ending = [k for k in keys if k.split(":")[0] in ENDING or k == "x:pass"]
            if ending:
                return ending
        return keys

    def public_copy(self, state: Any, viewer: int) -> NetState:
        return public_copy(state, viewer)

    def determinize(self, ruleset: Any, public: Any, player: int, rng: Rng) -> NetState:
        d: NetState = ruleset.determinize(public, player, rng)
        if d.solo_deck:  # the solo opponent's deck order is hidden too
            rng.shuffle(d.solo_deck)
        return d

    def prior_values(self, state: Any, player: int, keys: list[str]) -> list[float]:
        h = self.helper
        return [h.key_value(state, player, k, h.depth) - (USE if k.startswith(("use:", "usemogul:")) else 0.0) for k in keys]

    def follow(self, state: Any, keys: list[str]) -> str:
        return self.helper.best_key(state, int(state.stack[-1][1]), keys, 0)

    def rewards(self, state: Any, n: int) -> list[float]:
        return rewards(state, n)


# ---------------------------------------------------------------------- the public copy


def public_copy(s: NetState, viewer: int) -> NetState:
    """A clone of ``s`` whose hidden parts are in a canonical (sorted) arrangement: the rules'
    :func:`primetime.games.networks.rules.determinize.canonical`.

    Deck contents are public (the cards nobody has seen), their order is not: each deck is
    sorted, keeping which positions of the show deck hold A and which hold B shows (the A
    shows lie on top of the B shows, NET-SETUP-05) until a reshuffle mixes them.  The other
    players' private pilot offers and the unseen pilot cards in the box are pooled, sorted and
    dealt back in the same sizes; the solo opponent's deck is sorted; the random generator is
    reset.  Whatever the true hidden arrangement, the result is the same.
    """
    return D.canonical(s, viewer)
