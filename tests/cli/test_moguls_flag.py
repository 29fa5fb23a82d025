"""``--moguls``: The Networks' Moguls module from the command line (NET-OPT-03), and in ``primetime check``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from primetime.cli import app
from primetime.core.game import load_record, replay_record
from primetime.sim.check import option_sets, specs
from primetime.sim.errors import SimulationError

runner = CliRunner()


def invoke(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.output


def test_record_with_moguls_writes_the_option_and_replays(tmp_path: Path) -> None:
    out = tmp_path / "game.json"
    code, text = invoke("record", "networks", "-o", str(out), "--players", "3", "--seed", "4", "--moguls")
    assert code == 0, text
    rec = load_record(out.read_text())
    assert rec["options"]["moguls"] is True
    g = replay_record(rec)
    assert g.is_over() and "moguls" in g.result()["players"][0]
    code, text = invoke("replay", str(out))
    assert code == 0 and "Moguls" in text


def test_simulate_with_moguls() -> None:
    code, text = invoke("simulate", "networks", "--players", "3", "--games", "3", "--moguls", "--json")
    assert code == 0, text
    report = json.loads(text)
    assert report["finished"] == 3 and report["errors"] == 0


def test_check_with_moguls_turns_the_module_on_in_every_game() -> None:
    code, text = invoke("check", "networks", "--moguls", "--games", "3", "--players", "2,4", "--json", "--hidden-every", "5")
    assert code == 0, text
    report = json.loads(text)
    assert report["violations"] == 0 and report["modules"] == ["moguls"]
    code, text = invoke("check", "networks", "--moguls", "--games", "1", "--players", "2")
    assert code == 0 and "modules" in text and "moguls" in text


def test_check_runs_keep_the_modules_off_unless_asked() -> None:
    assert all("moguls" not in o for o in option_sets("networks", 3))
    on = option_sets("networks", 3, ["moguls"])
    assert on and all(o["moguls"] is True for o in on) and len(on) == len(option_sets("networks", 3))
    assert {g["options"]["moguls"] for g in specs("networks", 6, [1, 2, 3], ["random"], modules=["moguls"])} == {True}
    with pytest.raises(SimulationError, match="no module 'bonds'"):
        option_sets("networks", 2, ["bonds"])


@pytest.mark.parametrize("command", [["simulate", "prime-time"], ["check", "prime-time"], ["play", "prime-time"]])
def test_moguls_is_an_option_of_the_networks_only(command: list[str]) -> None:
    code, text = invoke(*command, "--moguls", "--games", "1") if command[0] != "play" else invoke(*command, "--moguls")
    assert code != 0 and "--moguls" in text
