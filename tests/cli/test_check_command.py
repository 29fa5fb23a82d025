"""``primetime check``: the summary, a violation's reproduction and record, JSON, and clear errors.

Most runs use a *planted* game (The Networks with the test's own invariants) so that what the
command reports does not depend on the engine's current deviations.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from primetime.cli import app
from primetime.core import plugin as PL
from primetime.core.game import load_record, replay_record
from primetime.core.plugin import get_plugin, register_plugin

runner = CliRunner()
PLANTED = "networks-planted"


def invoke(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.output


@pytest.fixture
def planted() -> Iterator[Any]:
    def plant(invariants: Any) -> None:
        base = get_plugin("networks")
        register_plugin(dataclasses.replace(base, name=PLANTED, invariants=invariants, option_checks=lambda rs, s: [],
                                            hidden_checks=lambda rs, s, seat, seed: []))

    yield plant
    PL._LOADED.pop(PLANTED, None)
    PL.PLUGINS.pop(PLANTED, None)


def test_a_clean_run_prints_the_summary_and_exits_0(planted: Any) -> None:
    planted(lambda rs, s: [])
    code, out = invoke("check", PLANTED, "--games", "3", "--players", "2,3", "--bots", "random", "--seed", "4")
    assert code == 0, out
    for words in ("invariants checked", "games", "3 of 3", "decisions", "violations", "seconds", "games / second",
                  "No violation in 3 games."):
        assert words in out, out


def test_a_violation_prints_its_reproduction_writes_a_record_and_exits_1(planted: Any, tmp_path: Path) -> None:
    planted(lambda rs, s: ["cash: planted: round 2 began"] if s.round >= 2 else [])
    record = tmp_path / "found.json"
    code, out = invoke("check", PLANTED, "--games", "2", "--players", "3", "--bots", "random", "--seed", "9", "-o", str(record))
    assert code == 1, out
    assert "violation of 'cash' in game 0 of the run" in out
    assert "seed 9, 3 player(s), options pilot=normal, turn_order=fixed, bots random, random, random" in out
    assert "the turn decision of player" in out and "cash: planted: round 2 began" in out
    assert f"primetime replay {record}" in out
    rec = load_record(record.read_text())
    assert rec["check"]["problem"] == "cash: planted: round 2 began"
    assert replay_record(rec).state.round == 2
    code, out = invoke("replay", str(record))
    assert code == 0, out
    assert f"The record stops after {len(rec['actions'])} actions" in out
    assert "primetime check found here" in out and "cash: planted: round 2 began" in out


def test_json_is_one_object(planted: Any, tmp_path: Path) -> None:
    planted(lambda rs, s: ["scores: planted"] if s.round >= 3 else [])
    record = tmp_path / "r.json"
    code, out = invoke("check", PLANTED, "--games", "1", "--players", "2", "--bots", "random", "--json", "-o", str(record))
    assert code == 1
    data = json.loads(out)
    assert data["violations"] == 1 and data["violation"]["invariant"] == "scores" and data["record"] == str(record)
    for field in ("games", "played", "decisions", "seconds", "games_per_second", "players", "bots"):
        assert field in data


@pytest.mark.parametrize(("args", "words"), [
    (("check", "chess"), "unknown game 'chess'"),
    (("check", "networks", "--players", "7"), "The Networks: Primetime is played by 1 to 5 players, not 7"),
    (("check", "prime-time", "--players", "1,2"), "Prime Time is played by 2 to 4 players, not 1"),
    (("check", "networks", "--bots", "random,genius"), "unknown bot 'genius'"),
    (("check", "networks", "--skip", "colour"), "unknown invariant 'colour'; the invariants are cards"),
    (("check", "networks", "--games", "-3"), "games must be 0 or more"),
    (("check", "networks", "--workers", "0"), "workers must be at least 1"),
])
def test_bad_arguments_are_one_line_errors(args: tuple[str, ...], words: str) -> None:
    code, out = invoke(*args)
    assert code == 2 and words in out and "Traceback" not in out, out


def test_help_lists_the_invariants() -> None:
    code, out = invoke("check", "--help")
    assert code == 0
    for words in ("every card", "completed without abort", "Add/Replace", "what a seat cannot see", "--skip", "--hidden-every"):
        assert words in " ".join(out.split()), out


def test_prime_time_runs_at_every_player_count() -> None:
    """The real game: a few random games at 2, 3 and 4 players (the hidden-information check, which finds a known
    deviation under Simultaneous Scheduling today, is left to tests/prime_time/test_invariants.py)."""
    code, out = invoke("check", "prime-time", "--games", "3", "--bots", "random", "--skip", "hidden", "--json")
    data = json.loads(out)
    assert data["players"] == [2, 3, 4] and data["played"] == 3 and data["decisions"] > 300
    assert code == 0 and data["violation"] is None, data["violation"]
