"""tools/build_fast.py ``ensure``, which make run/test/play/bench call before running: it compiles
the engines when they need it and a C compiler is there, and otherwise says why pure Python runs."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

TOOL = Path(__file__).resolve().parent.parent / "tools" / "build_fast.py"


@pytest.fixture
def tool(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    spec = importlib.util.spec_from_file_location("build_fast_under_test", TOOL)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    cleaned: list[bool] = []
    monkeypatch.setattr(mod, "clean", lambda quiet=False: cleaned.append(quiet))  # never touch the real build
    monkeypatch.setattr(mod, "up_to_date", lambda: False)
    mod.cleaned = cleaned  # type: ignore[attr-defined]
    return mod


def _no_build() -> Any:
    raise AssertionError("ensure must not build here")


def test_without_a_compiler_it_says_so_and_goes_on(tool: ModuleType, monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(tool, "missing_compiler", lambda: "a C compiler (gcc)")
    monkeypatch.setattr(tool, "run_build", _no_build)
    tool.ensure()
    out = capsys.readouterr().out
    assert "lacks a C compiler (gcc)" in out and "pure Python" in out and "apt-get install gcc python3-dev" in out


def test_an_up_to_date_build_is_left_alone(tool: ModuleType, monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(tool, "up_to_date", lambda: True)
    monkeypatch.setattr(tool, "run_build", _no_build)
    tool.ensure()
    assert capsys.readouterr().out == ""


def _failing_build() -> tuple[int, str]:
    return 1, "error: engine.c:12: something broke\n"


def test_a_failed_build_falls_back_to_pure_python(tool: ModuleType, monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(tool, "missing_compiler", lambda: None)
    monkeypatch.setattr(tool, "run_build", _failing_build)
    monkeypatch.setenv("CI", "")
    tool.ensure()
    out = capsys.readouterr().out
    assert "engine.c:12: something broke" in out and "the compiled build failed (above), so the engines run in pure Python" in out
    assert tool.cleaned == [True]  # no half-built files left behind


def test_in_ci_a_failed_build_is_an_error(tool: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tool, "missing_compiler", lambda: None)
    monkeypatch.setattr(tool, "run_build", _failing_build)
    monkeypatch.setenv("CI", "true")
    with pytest.raises(SystemExit) as exc:
        tool.ensure()
    assert exc.value.code == 1


def test_the_build_runs_in_a_child_process_and_its_output_is_kept(tool: ModuleType, monkeypatch: pytest.MonkeyPatch,
                                                                  tmp_path: Path) -> None:
    """run_build as ensure uses it, with a stand-in for this script (compiling takes minutes)."""
    stand_in = tmp_path / "build_fast.py"
    stand_in.write_text("import sys\nprint('compiling', sys.argv[1:])\nprint('oops', file=sys.stderr)\nsys.exit(3)\n")
    monkeypatch.setattr(tool, "__file__", str(stand_in))
    assert tool.run_build() == (3, "compiling ['build']\noops\n")
