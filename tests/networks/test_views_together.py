"""The views of several viewers made together (``NetworksRuleset.views``, which the server uses for
every audience of a new state) are exactly the views made one by one: the same keys in the same
order, each viewer's own part (pilot offer, Executive offer, decision options) in its own view
only; and a view changed afterwards (the server fills in names) leaves the others as they were."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from primetime.core.game import Game
from primetime.core.rng import Rng

OPTIONS = [
    {"pilot": "normal", "turn_order": "fixed"},
    {"pilot": "normal", "executives": True},
    {"pilot": "normal", "moguls": True, "telly_time": True},
]


def states(opts: dict[str, Any], players: int, seed: int, steps: int) -> Any:
    g = Game.new("networks", [f"P{i}" for i in range(players)], seed, dict(opts))
    r = Rng(seed)
    for _ in range(steps):
        if g.is_over():
            return
        yield g
        waiting = g.pending_players()
        who = waiting[r.below(len(waiting))]
        keys = g.legal_keys(who)
        g.apply(who, keys[r.below(len(keys))])


@pytest.mark.parametrize("opts", OPTIONS, ids=["base", "executives", "moguls+telly"])
@pytest.mark.parametrize("players", [1, 3])
def test_views_together_are_the_views_one_by_one(opts: dict[str, Any], players: int) -> None:
    viewers: list[int | None] = [None, *range(players)]
    checked = 0
    for g in states(opts, players, seed=7 + players, steps=150):
        together = g.views(viewers)
        assert [json.dumps(v) for v in together] == [json.dumps(g.view(v)) for v in viewers]
        # each view is its own: filling one in (as the server does) changes no other
        before = copy.deepcopy(together[1:])
        v0 = together[0]
        v0["viewer"] = "x"
        v0["players"].append({})
        if v0["pending"] is not None:
            v0["pending"]["prompt"] = "changed"
        assert together[1:] == before
        checked += 1
    assert checked > 50
