"""The invariant checker (sim/check.py): the games of a run, its reproduction of a violation, its errors,
and a CI-sized run of both games.

The runner is tested on a *planted* game: The Networks with invariants of the test's own making
(its real invariants are tested in tests/networks/test_invariants.py), so that what it reports
does not depend on the engine's current deviations.
"""

from __future__ import annotations

import dataclasses
import json
import os
from collections.abc import Iterator
from typing import Any

import pytest

from primetime.core import plugin as PL
from primetime.core.game import load_record, replay_record
from primetime.core.plugin import get_plugin, register_plugin
from primetime.sim.check import Violation, check, check_game, option_sets, specs
from primetime.sim.errors import SimulationError

PLANTED = "networks-planted"


def planted(invariants: Any = None, option_checks: Any = None, ruleset: Any = None) -> None:
    """Register The Networks under another name, with the given checks (none by default)."""
    base = get_plugin("networks")
    register_plugin(dataclasses.replace(
        base, name=PLANTED, ruleset=ruleset or base.ruleset,
        invariants=invariants or (lambda rs, s: []), option_checks=option_checks or (lambda rs, s: []),
        hidden_checks=lambda rs, s, seat, seed: []))


@pytest.fixture(autouse=True)
def _forget_planted() -> Iterator[None]:
    yield
    PL._LOADED.pop(PLANTED, None)
    PL.PLUGINS.pop(PLANTED, None)


# ----------------------------------------------------------------------------- the games of a run


def test_specs_cycle_player_counts_option_sets_and_mix_bots() -> None:
    """Game i: players[i % k], the (i // k)-th option set of that count, seats drawn from the bots."""
    run = specs("networks", 40, [1, 2, 3, 4, 5], ["random", "greedy"], seed=100)
    assert [g["players"] for g in run[:7]] == [1, 2, 3, 4, 5, 1, 2]
    assert [g["seed"] for g in run[:3]] == [100, 101, 102]
    solo = {json.dumps(g["options"], sort_keys=True) for g in run if g["players"] == 1}
    assert solo == {json.dumps({"pilot": p, "turn_order": "fixed"}, sort_keys=True)
                    for p in ("normal", "simplified")}  # expansion modules stay off unless asked for
    four = {(g["options"]["pilot"], g["options"]["turn_order"]) for g in run if g["players"] == 4}
    assert four == {(p, t) for p in ("normal", "simplified") for t in ("fixed", "low_to_high")}  # both pilots, both orders
    assert any(set(g["bots"]) == {"random", "greedy"} for g in run)  # seats mixed in one game
    assert run == specs("networks", 40, [1, 2, 3, 4, 5], ["random", "greedy"], seed=100)
    only = specs("networks", 10, [3], ["random"], modules=["executives"])
    assert all(g["options"]["executives"] is True for g in only)


def test_prime_time_runs_have_bonds_and_simultaneous_on_and_off() -> None:
    sets = option_sets("prime-time", 3)
    assert sorted((o["bonds"], o["simultaneous"]) for o in sets) == [(False, False), (False, True), (True, False), (True, True)]
    run = specs("prime-time", 24, [2, 3, 4], ["random"])
    assert {(g["options"]["bonds"], g["options"]["simultaneous"]) for g in run} == {(b, m) for b in (False, True) for m in (False, True)}


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"game": "chess"}, "unknown game 'chess'"),
    ({"players": "1,6"}, "played by 1 to 5 players, not 6"),
    ({"players": "two"}, "whole numbers separated by commas"),
    ({"bots": "random,genius"}, "unknown bot 'genius'; known bots:"),
    ({"skip": "cards,colour"}, "unknown invariant 'colour'; the invariants are cards, slots"),
    ({"games": -1}, "games must be 0 or more"),
    ({"workers": 0}, "workers must be at least 1"),
    ({"game": "prime-time", "players": "1"}, "Prime Time is played by 2 to 4 players, not 1"),
])
def test_bad_arguments_name_the_problem(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(SimulationError, match=message.replace("(", r"\(").replace(")", r"\)")):
        check(**{"game": "networks", "games": 1, "players": "2", "bots": "random", **kwargs})


# ----------------------------------------------------------------------------- a violation and its reproduction


def in_round_two(rs: Any, s: Any) -> list[str]:
    return ["cash: planted: round 2 began"] if s.round >= 2 else []


def test_a_violation_is_a_minimal_reproduction_that_replays() -> None:
    """The first decision that breaks an invariant: seed, options, players, bots, action index, problem and a record
    that replays to exactly that decision."""
    planted(invariants=in_round_two)
    report = check(PLANTED, games=3, players="2,3", bots="random", seed=7)
    v = report.violation
    assert v is not None and report.played == 3 and report.decisions > 0
    assert (v.index, v.seed, v.players, v.bots, v.invariant) == (0, 7, 2, ["random", "random"], "cash")
    assert v.problem == "cash: planted: round 2 began" and v.key is None and v.decision == "turn"
    assert v.options == {"pilot": "normal", "turn_order": "fixed"}
    rec = load_record(json.dumps(v.record()))
    assert rec["check"]["action"] == v.action == len(rec["actions"])
    game = replay_record(rec)
    assert game.state.round == 2 and game.current_player() == v.player
    before = replay_record(rec, upto=v.action - 1)
    assert before.state.round == 1  # the decision just before was still sound: the reproduction is minimal


def test_an_offending_option_is_named_with_its_key() -> None:
    def no_passing_for_viewers(rs: Any, s: Any) -> list[tuple[str, str]]:
        return [(k, f"completable: planted: {k}") for k in rs.legal_keys(s) if k == "pass:viewers"]

    planted(option_checks=no_passing_for_viewers)
    v = check(PLANTED, games=1, players="3", bots="random").violation
    assert v is not None and v.key == "pass:viewers" and v.invariant == "completable"
    game = replay_record(v.record())
    assert "pass:viewers" in game.legal_keys()


def test_skip_looks_past_a_known_violation() -> None:
    planted(invariants=lambda rs, s: in_round_two(rs, s) + (["scores: planted: round 3"] if s.round >= 3 else []))
    v = check(PLANTED, games=1, players="2", bots="random", skip="cash").violation
    assert v is not None and v.invariant == "scores"
    report = check(PLANTED, games=1, players="2", bots="random", skip="cash,scores")
    assert report.violation is None and report.played == 1


def test_an_engine_error_is_a_violation_too() -> None:
    class Broken(type(get_plugin("networks").ruleset())):  # type: ignore[misc]
        def apply_key(self, s: Any, key: str) -> None:
            if s.round >= 2 and key.startswith("pass"):
                raise KeyError("planted")
            super().apply_key(s, key)

    planted(ruleset=Broken)
    v = check(PLANTED, games=1, players="2", bots="random").violation
    assert v is not None and v.invariant == "crash" and v.key is not None and v.key.startswith("pass")
    assert v.problem == f"crash: KeyError: 'planted' while applying {v.key!r}"


def test_a_game_that_does_not_replay_is_a_violation() -> None:
    """The ``replay`` invariant (issue 15's conformance: replay identical): a finished game replayed from
    its seed and actions must end in the same state; here a planted ruleset draws on a fresh random
    stream for each new game, so the replay deals differently."""
    import itertools

    counter = itertools.count()

    class Drifting(type(get_plugin("networks").ruleset())):  # type: ignore[misc]
        def new_state(self, opts: Any, seed: int, n: int) -> Any:
            return super().new_state(opts, seed + next(counter), n)

    planted(ruleset=Drifting)
    v = check(PLANTED, games=1, players="2", bots="random").violation
    assert v is not None and v.invariant == "replay" and v.problem.startswith("replay: "), v
    assert check(PLANTED, games=1, players="2", bots="random", skip="replay").violation is None
    sound = check("networks", games=2, players="2", bots="random")
    assert sound.violation is None


def test_the_first_violation_is_the_same_whatever_the_workers() -> None:
    """Batches run over the process pool; the violation of the lowest game index is reported."""
    planted(invariants=lambda rs, s: ["cash: planted: a round-1 score of 3 mod 4"]
            if s.round >= 3 and s.players[0].scores[0] % 4 == 3 else [])
    one = check(PLANTED, games=20, players="2,3", bots="random", seed=10, workers=1)
    two = check(PLANTED, games=20, players="2,3", bots="random", seed=10, workers=2)
    assert one.violation is not None and one.violation == two.violation
    assert one.decisions == two.decisions and one.played == two.played


# ----------------------------------------------------------------------------- a CI-sized run

# Games per game in the suite's CI-sized runs: a minute or so of CPU in all (pure Python, measured on the
# project's 2-core machine: about 0.3 s of CPU per game of The Networks and 0.8 s per game of Prime Time,
# random and greedy seats mixed). The 2,000-game runs are in .ci/run (primetime check). PRIMETIME_CHECK_GAMES
# sets both counts.
CI_GAMES = {"networks": 100, "prime-time": 40}
if os.environ.get("PRIMETIME_CHECK_GAMES"):
    CI_GAMES = dict.fromkeys(CI_GAMES, int(os.environ["PRIMETIME_CHECK_GAMES"]))
PLAYERS = {"networks": "1,2,3,4,5", "prime-time": "2,3,4"}


def test_ci_sized_run_of_the_networks() -> None:
    report = check("networks", games=CI_GAMES["networks"], players=PLAYERS["networks"], seed=0, workers=2)
    assert report.violation is None, report.violation.problem if report.violation else ""
    assert report.played == CI_GAMES["networks"] and report.decisions > 0


def test_ci_sized_run_of_prime_time() -> None:
    report = check("prime-time", games=CI_GAMES["prime-time"], players=PLAYERS["prime-time"], seed=0, workers=2)
    assert report.violation is None, report.violation.problem if report.violation else ""
    assert report.played == CI_GAMES["prime-time"] and report.decisions > 0


def test_check_game_reports_a_sound_game_as_sound() -> None:
    (spec,) = specs("prime-time", 1, [2], ["random"], seed=3, hidden_every=0,
                    skip=["cards", "guide", "cash", "scores", "completable", "hidden", "crash"])
    out = check_game(spec)
    assert out["violation"] is None and out["decisions"] > 100


def test_violation_round_trips_through_json() -> None:
    planted(invariants=in_round_two)
    v = check(PLANTED, games=1, players="2", bots="random").violation
    assert v is not None and Violation(**json.loads(json.dumps(v.to_json()))) == v
