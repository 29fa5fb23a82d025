"""Search bots resample hidden information: the viewer's view is unchanged (PT hidden-information rules)."""

from __future__ import annotations

import json

import pytest

from primetime.bots.registry import make_bot
from primetime.core import Game, Rng
from primetime.games.prime_time.rules.flow import apply, legal
from primetime.games.prime_time.state import RERUN, PTState

from .hidden import RS, state_of, variant, view_of


@pytest.mark.parametrize("opts", [{}, {"simultaneous": True}, {"bonds": True}])
def test_determinize_keeps_the_viewers_view_and_plays_on(opts: dict[str, bool]) -> None:
    for seed in range(4):
        n = 2 + seed % 3
        game = Game.new("prime-time", n, seed=seed, options=opts)
        rng = Rng(seed)
        step = 0
        while not game.is_over():
            p = game.current_player()
            if step % 23 == 0 and p is not None:
                d = game.ruleset.determinize(game.state, p, Rng(seed * 1000 + step))
                v1, v2 = game.ruleset.view(game.state, p), game.ruleset.view(d, p)
                v1.pop("log", None), v2.pop("log", None)
                assert json.dumps(v1, sort_keys=True) == json.dumps(v2, sort_keys=True)
                r = Rng(step)
                while legal(d):
                    apply(d, r.choice(legal(d)))
            game.apply(None, rng.choice(game.legal_keys()))
            step += 1


def _last_scheduler(players: int, seed: int, rounds: int) -> PTState:
    """A Simultaneous Scheduling game played at random until the last player in turn order is to
    schedule in round ``rounds``, every rival's schedule behind its screen."""
    s = RS.new_state(RS.validate_options({"log": False, "simultaneous": True}, players), seed, players)
    rng = Rng(seed)
    while True:
        keys = RS.legal_keys(s)
        top = s.stack[-1]
        if top[0] == "sched" and top[1] == s.order[-1] and s.round == rounds and len(keys) > 1:
            return s  # type: ignore[no-any-return]
        RS.apply_key(s, keys[rng.below(len(keys))])


@pytest.mark.parametrize(("players", "seed", "rounds"), [(4, 39, 5), (3, 39, 3), (4, 34, 2)])
def test_pt_sim_02_determinize_rebuilds_screened_schedules_from_the_view(players: int, seed: int, rounds: int) -> None:
    """PT-SIM-02: a schedule behind a rival's screen is not known to the player still scheduling;
    the determinization rebuilds it from what the player sees (the guide and hand counts shown
    before scheduling) and never copies it, nor the hands it came from."""
    base = _last_scheduler(players, seed, rounds)
    viewer = base.order[-1]
    assert base.screen is not None
    variants = [variant(base, viewer, k) for k in range(3)]
    # the same game as the viewer sees it, with the rivals' hidden schedules different each time
    assert {view_of(v, viewer) for v in variants} == {view_of(base, viewer)}
    assert len({json.dumps([[g.to_json() if g is not None else None for g in p.guide] for p in v.players])
                for v in [base, *variants]}) == 4
    for k in range(3):
        dets = [RS.determinize(v, viewer, Rng(k)) for v in [base, *variants]]
        assert len({state_of(d) for d in dets}) == 1
        d = dets[0]
        assert view_of(d, viewer) == view_of(base, viewer)
        for q in range(players):
            if q != viewer:  # a rival's cards add up to what it showed before scheduling
                shown, counts = base.screen[q]
                pl = d.players[q]
                on_guide = sum(1 for sl in pl.guide if sl is not None and sl.show >= 0) - sum(
                    1 for sl in shown if sl is not None and sl.show >= 0)
                hired = sum(len(sl.talents) for sl in pl.guide if sl is not None) - sum(
                    len(sl.talents) for sl in shown if sl is not None)
                reruns = sum(1 for sl in pl.guide if sl is not None and sl.show == RERUN) - sum(
                    1 for sl in shown if sl is not None and sl.show == RERUN)
                assert (len(pl.shows) + on_guide, len(pl.talents) + hired, pl.reruns + reruns) == counts
    # ... so the greedy bot, which looks ahead from a determinization, chooses the same.
    assert len({make_bot("greedy", 5).choose(RS, v, viewer) for v in [base, *variants]}) == 1
