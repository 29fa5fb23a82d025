"""The layout of The Networks' package: rule modules of a few hundred lines whose imports form no circle.

Every import counts: at module level, inside functions and under ``TYPE_CHECKING``, and the
import of each parent package that importing a module implies.
"""

from __future__ import annotations

import ast
from pathlib import Path

import primetime.games.networks as package

ROOT = Path(package.__file__).resolve().parent
PREFIX = package.__name__
MAX_LINES = 700


def _modules() -> dict[str, Path]:
    out = {}
    for path in sorted(ROOT.rglob("*.py")):
        parts = [PREFIX, *path.relative_to(ROOT).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _imports(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The package's modules that ``name`` imports."""
    package_name = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found: set[str] = set()

    def add(target: str) -> None:
        while target and target not in modules:
            target = target.rpartition(".")[0]
        if target and target != name:
            found.add(target)

    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            for alias in node.names:
                add(alias.name)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package_name.split(".")[: len(package_name.split(".")) - node.level + 1]
                base = ".".join(up + ([base] if base else []))
            for alias in node.names:
                add(f"{base}.{alias.name}")
    parent = name.rpartition(".")[0]
    if parent in modules:
        found.add(parent)
    return found


def test_no_module_is_over_700_lines() -> None:
    long = {name: n for name, path in _modules().items() if (n := len(path.read_text().splitlines())) > MAX_LINES}
    assert not long


def test_the_imports_form_no_circle() -> None:
    modules = _modules()
    graph = {name: _imports(name, path, modules) for name, path in modules.items()}
    done: set[str] = set()

    def visit(name: str, path: list[str]) -> None:
        if name in path:
            raise AssertionError("import circle: " + " -> ".join(path[path.index(name):] + [name]))
        if name in done:
            return
        for target in sorted(graph[name]):
            visit(target, path + [name])
        done.add(name)

    for name in graph:
        visit(name, [])
    assert f"{PREFIX}.rules.flow" in graph and f"{PREFIX}.engine" not in graph
