"""The command-line tests run in a temporary working directory, so that a file a command writes
by default (``primetime-check-<game>.json``, ``primetime-save.json``) never lands in the checkout."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _in_a_temporary_directory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
