"""The rooms of ``src/primetime`` keep their walls (docs/architecture.md): the import-linter contracts of
pyproject.toml hold on the tree, and they do catch an import that breaks them."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src" / "primetime"
LINT = [sys.executable, "-c", "import sys; from importlinter.cli import lint_imports; sys.exit(lint_imports(no_cache=True, no_logo=True))"]
MAX_LINES = 700


def lint(cwd: Path, src: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(LINT, cwd=cwd, env={"PYTHONPATH": str(src), "PATH": "/usr/bin:/bin"}, capture_output=True, text=True,
                          timeout=300)


def test_the_import_contracts_hold() -> None:
    out = lint(ROOT, ROOT / "src")
    assert out.returncode == 0, out.stdout + out.stderr
    assert "BROKEN" not in out.stdout and out.stdout.count("KEPT") == 5


@pytest.mark.parametrize(("module", "line", "contract"), [
    ("core/game.py", "import primetime.bots.registry", "Layers: each imports only the layers below it"),
    ("cli/cards.py", "from primetime.games.networks import text", "Above the games, a game is reached only through its plugin"),
    ("envs/table.py", "from primetime.games.networks import encoding", "Above the games, a game is reached only through its plugin"),
    ("games/prime_time/encoding.py", "import primetime.envs.table", "A game imports only the core"),
    ("games/networks/text.py", "from primetime.games.prime_time import cards", "The games are independent of each other"),
    ("server/messages.py", "from primetime.server import hub", "No import circles anywhere in primetime"),
])
def test_a_breaking_import_is_caught(tmp_path: Path, module: str, line: str, contract: str) -> None:
    copy = tmp_path / "src" / "primetime"
    shutil.copytree(SRC, copy, ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    target = copy / module
    target.write_text(target.read_text() + f"\n{line}  # breaks a contract\n")
    out = lint(tmp_path, tmp_path / "src")
    assert out.returncode != 0
    broken = [ln.removesuffix(" BROKEN") for ln in out.stdout.splitlines() if ln.endswith(" BROKEN")]
    assert contract in broken, out.stdout


def test_no_module_is_over_700_lines() -> None:
    long = {str(p.relative_to(SRC)): n for p in SRC.rglob("*.py") if (n := len(p.read_text().splitlines())) > MAX_LINES}
    assert not long, f"split these modules (at most {MAX_LINES} lines): {long}"


def test_every_module_says_what_it_is() -> None:
    missing = [str(p.relative_to(SRC)) for p in SRC.rglob("*.py")
               if p.stat().st_size and ast.get_docstring(ast.parse(p.read_text())) is None]
    assert not missing, f"modules without a docstring: {missing}"
