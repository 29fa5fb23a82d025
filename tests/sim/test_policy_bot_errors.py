"""Issue 17, the ``policy:PATH`` bot's errors: they name the problem and the fix, with or without the
``train`` extra (these tests hide sb3-contrib where they need it missing, so they always run)."""

from __future__ import annotations

import sys

import pytest
from typer.testing import CliRunner

from primetime.bots.registry import check_bot, is_bot_name, make_bot
from primetime.cli import app
from primetime.sim.errors import SimulationError
from primetime.sim.tournament import parse_lineup


@pytest.fixture
def no_train_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    """As if the train extra were not installed: importing sb3-contrib fails."""
    monkeypatch.setitem(sys.modules, "sb3_contrib", None)


@pytest.fixture
def saved(tmp_path) -> str:
    path = tmp_path / "policy.zip"
    path.write_bytes(b"PK\x05\x06" + bytes(18))  # an empty zip: a file, not a policy
    return str(path)


def test_policy_names_are_bot_names_beside_the_known_bots() -> None:
    assert is_bot_name("policy:runs/solo/policy.zip") and is_bot_name("greedy")
    assert not is_bot_name("genius") and not is_bot_name("policy")


def test_policy_without_the_train_extra_names_the_install_command(no_train_extra, saved) -> None:
    for call in (lambda: make_bot(f"policy:{saved}"), lambda: check_bot(f"policy:{saved}")):
        with pytest.raises(ValueError, match=r"needs the train extra \((sb3_contrib|torch) is missing\): pip install 'primetime\[train\]'"):
            call()


def test_policy_file_missing_is_named(tmp_path) -> None:
    missing = tmp_path / "nothing.zip"
    with pytest.raises(ValueError, match=r"nothing.zip: no such file \(give the \.zip a training run saved"):
        make_bot(f"policy:{missing}")
    with pytest.raises(ValueError, match="needs the path of a saved policy"):
        make_bot("policy:")


def test_unknown_bot_mentions_the_policy_names() -> None:
    with pytest.raises(ValueError, match=r"unknown bot 'genius'; known bots: .*, or policy:PATH \(a trained policy\)"):
        make_bot("genius")


def test_tournament_with_a_policy_and_no_train_extra_is_one_clear_line(no_train_extra, saved) -> None:
    with pytest.raises(SimulationError, match=r"pip install 'primetime\[train\]'"):
        parse_lineup(f"policy:{saved},greedy", 2)
    res = CliRunner().invoke(app, ["tournament", "networks", "--players", "2", "--bots", f"policy:{saved},greedy", "--games", "2"])
    assert res.exit_code == 2, res.output
    assert "pip install 'primetime[train]'" in res.output and "Traceback" not in res.output


def test_simulate_with_a_missing_policy_is_one_clear_line(tmp_path) -> None:
    res = CliRunner().invoke(app, ["simulate", "networks", "--players", "1", "--bot", f"policy:{tmp_path / 'x.zip'}", "--games", "1"])
    assert res.exit_code == 2, res.output
    assert "no such file" in res.output and "Traceback" not in res.output


def test_a_file_that_is_no_policy_is_named(saved) -> None:
    pytest.importorskip("sb3_contrib", reason="the train extra (sb3-contrib, torch) is not installed: pip install -e '.[train]'")
    with pytest.raises(ValueError, match="not a policy saved by sb3-contrib's MaskablePPO"):
        make_bot(f"policy:{saved}")
