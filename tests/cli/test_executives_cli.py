"""``--executives``: The Networks' Executives module from the command line (NET-OPT-03)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from primetime.cli import app
from primetime.core.game import load_record, replay_record

runner = CliRunner()


def invoke(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.output


def test_simulate_and_record_with_executives(tmp_path: Path) -> None:
    code, out = invoke("simulate", "networks", "--players", "3", "--games", "3", "--seed", "4", "--executives", "--json")
    assert code == 0, out
    rep = json.loads(out)
    assert rep["finished"] == 3 and rep["errors"] == 0
    path = tmp_path / "game.json"
    code, out = invoke("record", "networks", "--players", "2", "--seed", "3", "--executives", "-o", str(path))
    assert code == 0, out
    rec = load_record(path.read_text())
    assert rec["options"]["executives"] is True and rec["actions"][0].startswith("x:")
    assert replay_record(rec).is_over()


def test_check_with_executives_only() -> None:
    code, out = invoke("check", "networks", "--games", "3", "--players", "2,3,4", "--executives", "--hidden-every", "5", "--json")
    assert code == 0, out
    rep = json.loads(out)
    assert rep["violation"] is None and rep["played"] == 3


def test_executives_is_an_option_of_the_networks() -> None:
    code, out = invoke("simulate", "prime-time", "--players", "2", "--games", "1", "--executives")
    assert code != 0 and "--executives" in out
    code, out = invoke("check", "prime-time", "--games", "1", "--executives")
    assert code != 0 and "--executives" in out
