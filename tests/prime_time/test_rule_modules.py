"""The layout of Prime Time's package: no import cycle (not even through an import inside a
function), and no module over 700 lines."""

from __future__ import annotations

import ast
from pathlib import Path

import primetime.games.prime_time as package

ROOT = Path(package.__file__).resolve().parent
NAME = package.__name__
MAX_LINES = 700


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join((NAME, *parts))


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(ROOT.rglob("*.py"))}


def imports(path: Path, known: set[str]) -> set[str]:
    """The package's modules that ``path`` imports, anywhere in the file."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module is not None and node.level == 0:
            out.add(node.module)
            out |= {f"{node.module}.{a.name}" for a in node.names}  # ``from package import module``
    return out & known


def graph() -> dict[str, set[str]]:
    mods = modules()
    return {m: imports(p, set(mods)) - {m} for m, p in mods.items()}


def cycle(g: dict[str, set[str]]) -> list[str]:
    """One import cycle of ``g`` (empty if there is none)."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(m: str) -> list[str]:
        state[m] = 1
        path.append(m)
        for d in sorted(g[m]):
            if state.get(d) == 1:
                return path[path.index(d):] + [d]
            if d not in state:
                found = visit(d)
                if found:
                    return found
        path.pop()
        state[m] = 2
        return []

    for m in sorted(g):
        if m not in state:
            found = visit(m)
            if found:
                return found
    return []


def test_the_rules_are_split_into_modules() -> None:
    g = graph()
    rules = {m for m in g if m.startswith(f"{NAME}.rules.")}
    assert f"{NAME}.rules.flow" in rules and len(rules) > 5
    assert f"{NAME}.engine" not in g
    assert f"{NAME}.rules.flow" in g[f"{NAME}.ruleset"]


def test_no_import_cycle() -> None:
    assert cycle(graph()) == []


def test_the_cycle_check_finds_one() -> None:
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]


def test_no_module_over_the_limit() -> None:
    sizes = {m: len(p.read_text().splitlines()) for m, p in modules().items()}
    assert {m: n for m, n in sizes.items() if n > MAX_LINES} == {}
