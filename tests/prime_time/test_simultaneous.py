"""PT-SIM-01/02: under Simultaneous Scheduling every player builds their TV Guide at the same
time and in secret: any player still building one may take the next step, in any order, with
the same game; records of steps out of turn replay exactly; the screens keep hiding them."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from primetime.core.errors import NotYourDecisionError
from primetime.core.game import Game, replay_record
from primetime.core.plugin import get_plugin
from primetime.core.rng import Rng

OPTS = {"simultaneous": True}


def at_scheduling(players: int, seed: int) -> Game[Any]:
    """A seeded game played by random choices up to its first Schedule Submission."""
    g = Game.new("prime-time", players, seed=seed, options=OPTS)
    rng = Rng(seed)
    while len(g.pending_players()) < 2:
        keys = g.legal_keys()
        g.apply(None, keys[rng.below(len(keys))])
    return g


def plans(g: Game[Any], seed: int) -> dict[int, list[str]]:
    """Each player's own steps (a few placements, then "done"), found on a copy where they alone play."""
    out = {}
    for p in g.pending_players():
        c = replay_record(g.record())
        rng = Rng(seed * 31 + p)
        steps: list[str] = []
        while p in c.pending_players():
            keys = c.legal_keys(p)
            key = "done" if len(steps) >= 4 or len(keys) == 1 else keys[rng.below(len(keys) - 1)]
            c.apply(p, key)
            steps.append(key)
        out[p] = steps
    return out


def play(g: Game[Any], plan: dict[int, list[str]], turns: list[int]) -> None:
    """Take the planned steps, the player of each step drawn from ``turns``, then the rest in seat order."""
    left = {p: list(steps) for p, steps in plan.items()}
    players = sorted(left)
    for t in turns:
        p = players[t % len(players)]
        if left[p]:
            g.apply(p, left[p].pop(0))
    for p in players:
        for key in left[p]:
            g.apply(p, key)


def without_log(g: Game[Any]) -> str:
    data = dict(g.to_json())
    data.pop("log", None)
    return json.dumps(data, sort_keys=True)


def test_pt_sim_01_every_player_schedules_at_once() -> None:
    """PT-SIM-01: Every player schedules at once."""
    g = at_scheduling(3, 4)
    waiting = g.pending_players()
    assert sorted(waiting) == [0, 1, 2] and g.current_player() == waiting[0]
    last = waiting[-1]
    d = g.pending(last)
    assert d is not None and d.kind == "sched" and d.player == last
    g.apply(last, "done")  # the last in turn order submits first
    assert last not in g.pending_players() and len(g.pending_players()) == 2
    with pytest.raises(NotYourDecisionError):
        g.apply(last, "done")


def test_pt_sim_01_turn_order_without_the_variant() -> None:
    """PT-SIM-01: Turn order without the variant."""
    g = Game.new("prime-time", 3, seed=4)
    rng = Rng(4)
    while not (g.pending() and g.pending().kind == "sched"):  # type: ignore[union-attr]
        keys = g.legal_keys()
        g.apply(None, keys[rng.below(len(keys))])
    assert len(g.pending_players()) == 1  # the usual schedule submission goes in turn order


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 500), players=st.sampled_from([2, 3, 4]), turns=st.lists(st.integers(0, 3), max_size=24))
def test_pt_sim_01_order_does_not_change_the_game(seed: int, players: int, turns: list[int]) -> None:
    """PT-SIM-01: Order does not change the game."""
    start = at_scheduling(players, seed)
    plan = plans(start, seed)
    ref = replay_record(start.record())
    play(ref, plan, [])
    g = replay_record(start.record())
    play(g, plan, turns)
    assert without_log(g) == without_log(ref)
    # the log tells of the submissions in the order they came, and then of the same revealed guides
    assert sorted(g.to_json()["log"]) == sorted(ref.to_json()["log"])
    back = replay_record(json.loads(json.dumps(g.record())))
    assert back.actions == g.actions and back.to_json() == g.to_json()


def test_pt_sim_02_screens_hide_steps_taken_out_of_turn() -> None:
    """PT-SIM-02: Screens hide steps taken out of turn."""
    g = at_scheduling(3, 8)
    plugin = get_plugin("prime-time")
    last = g.pending_players()[-1]
    before = {v: g.view(v)["players"][last] for v in (None, *[q for q in range(3) if q != last])}
    steps = plans(g, 8)[last][:-1]  # everything but the submission
    for key in steps:
        g.apply(last, key)
    for v, entry in before.items():
        assert g.view(v)["players"][last] == entry  # behind the screen
    assert g.view(last)["pending"]["player"] == last and g.view(last)["pending"]["options"]
    for seat in range(3):
        assert plugin.hidden_checks(g.ruleset, g.state, seat, 5) == []
    assert plugin.invariants(g.ruleset, g.state) == []
