"""Which test checks which rule: every row of both rules checklists with the tests that name it.

    python tools/rule_coverage.py                 # the counts; exit 1 when a rule has no test
    python tools/rule_coverage.py --write         # also write docs/rule-coverage.md
    python tools/rule_coverage.py --missing       # list the rows still without a test / decision
    python tools/rule_coverage.py --json          # everything as one JSON object

A test *names* a rule when its function name encodes the ID (``test_net_pass_07_...``, several
as ``test_pt_psetup_04_and_05_...``) or its docstring holds the exact ID (``NET-PASS-07``). A
range such as ``NET-ATT-02..09`` names none of them: a newcomer searching for ``NET-ATT-05``
must find the test.

Rows whose rule the engine must follow or the interface must show (kinds E, E/I, E/D, I, I/D,
X, X/I and D) need a test; rows of kind GAP (a data gap) and AMB (an ambiguity) need a decision
that names the ID in ``docs/design-decisions.md``. Tip rows (``PT-HINT``) need nothing.

The checklists sit beside the repository (``../shared/checklists``). Where they are not there
(a clone on its own), the rows are read back from the committed ``docs/rule-coverage.md``, so
the check still runs: the suite calls :func:`problems` either way (tests/core/test_rule_coverage.py).
"""

from __future__ import annotations

import argparse
import ast
import json
import re
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHECKLISTS = ROOT.parent / "shared" / "checklists"
DOC = ROOT / "docs" / "rule-coverage.md"
DECISIONS = ROOT / "docs" / "design-decisions.md"
GAMES: tuple[tuple[str, str, str], ...] = (
    ("NET", "networks.md", "The Networks: Primetime"),
    ("PT", "prime-time.md", "Prime Time"),
)
TESTED_KINDS = frozenset({"E", "E/I", "E/D", "I", "I/D", "X", "X/I", "D"})
DECIDED_KINDS = frozenset({"GAP", "AMB"})
ID_RE = re.compile(r"\b((?:NET|PT)-[A-Z0-9]+-\d{2})\b(?!\.\.|–|-\d)")  # the first ID of a range names nothing
NAME_RE = re.compile(r"(net|pt)_([a-z0-9]+)_(\d\d)((?:_(?:and_)?\d\d)*)")


@dataclass
class Row:
    id: str
    kind: str
    rule: str
    tests: list[str] = field(default_factory=list)
    decisions: list[str] = field(default_factory=list)

    @property
    def needs(self) -> str:
        """``test``, ``decision`` or ``""`` (a tip: nothing needed)."""
        if self.kind in TESTED_KINDS:
            return "test"
        if self.kind in DECIDED_KINDS:
            return "decision"
        return ""

    @property
    def covered(self) -> bool:
        return {"test": bool(self.tests), "decision": bool(self.decisions), "": True}[self.needs]


def _cells(line: str) -> list[str]:
    """A Markdown table line's cells (``\\|`` is a pipe inside a cell)."""
    inner = line.strip()[1:-1] if line.strip().endswith("|") else line.strip()[1:]
    return [c.strip().replace("\\|", "|") for c in re.split(r"(?<!\\)\|", inner)]


def parse_checklist(text: str, prefix: str) -> list[Row]:
    """The rows of one checklist, their kind read from each table's ``Basis`` column (GAP and AMB
    rows by their ID, tip rows get kind ``TIP``)."""
    rows: list[Row] = []
    header: list[str] = []
    for line in text.splitlines():
        if not line.startswith("|"):
            header = []
            continue
        cells = _cells(line)
        if cells and cells[0] == "ID":
            header = cells
            continue
        if not cells or not re.fullmatch(rf"{prefix}-[A-Z0-9]+-\d+", cells[0]):
            continue
        rid = cells[0]
        section = rid.split("-")[1]
        if section in DECIDED_KINDS:
            kind = section
        elif "Basis" in header and header.index("Basis") < len(cells):
            kind = cells[header.index("Basis")]
        else:
            kind = "TIP"
        rule_col = next((header.index(h) for h in ("Rule", "Gap", "Issue", "Tip") if h in header), 1)
        rule = cells[rule_col] if rule_col < len(cells) else ""
        rows.append(Row(rid, kind, re.sub(r"\s+", " ", rule.replace("**", ""))))
    return rows


def parse_doc(text: str) -> dict[str, list[Row]]:
    """The rows as the committed table holds them (for a clone without the checklists)."""
    out: dict[str, list[Row]] = {p: [] for p, _, _ in GAMES}
    for line in text.splitlines():
        cells = _cells(line) if line.startswith("| ") else []
        if len(cells) >= 3 and ID_RE.fullmatch(cells[0].strip("`")):
            rid = cells[0].strip("`")
            out[rid.split("-")[0]].append(Row(rid, cells[1], cells[2]))
    return out


def _names_in(name: str) -> set[str]:
    found: set[str] = set()
    for m in NAME_RE.finditer(name):
        pre = f"{m.group(1).upper()}-{m.group(2).upper()}"
        found.add(f"{pre}-{m.group(3)}")
        found.update(f"{pre}-{x}" for x in re.findall(r"\d\d", m.group(4)))
    return found


def cited_tests(test_root: Path) -> dict[str, list[str]]:
    """ID -> the tests naming it (``path::function``; ``path::Class::function`` for methods)."""
    out: dict[str, list[str]] = {}
    for path in sorted(test_root.rglob("*.py")):
        try:
            tree = ast.parse(path.read_text(), filename=str(path))
        except SyntaxError:  # pragma: no cover - ruff and pytest catch it first
            continue
        rel = path.relative_to(test_root.parent).as_posix()
        for where, fn in _test_functions(tree):
            ids = _names_in(fn.name) | set(ID_RE.findall(ast.get_docstring(fn) or ""))
            for rid in ids:
                out.setdefault(rid, []).append(f"{rel}::{where}")
    return out


def _test_functions(tree: ast.Module) -> Iterable[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef]]:
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test"):
            yield node.name, node
        elif isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
            for sub in node.body:
                if isinstance(sub, (ast.FunctionDef, ast.AsyncFunctionDef)) and sub.name.startswith("test"):
                    yield f"{node.name}::{sub.name}", sub


def decision_sections(text: str) -> dict[str, list[str]]:
    """ID -> the headings of the design-decision sections that name it."""
    out: dict[str, list[str]] = {}
    heading = "(top)"
    for line in text.splitlines():
        if line.startswith("#"):
            heading = line.lstrip("#").strip()
            continue
        for rid in ID_RE.findall(line):
            if heading not in out.setdefault(rid, []):
                out[rid].append(heading)
    return out


def collect(checklists: Path = CHECKLISTS, tests: Path = ROOT / "tests", decisions: Path = DECISIONS,
            doc: Path = DOC) -> dict[str, list[Row]]:
    """Every row of both checklists with its tests and decisions."""
    if all((checklists / f).exists() for _, f, _ in GAMES):
        rows = {p: parse_checklist((checklists / f).read_text(), p) for p, f, _ in GAMES}
    else:
        rows = parse_doc(doc.read_text())
    cited = cited_tests(tests)
    decided = decision_sections(decisions.read_text())
    for game in rows.values():
        for r in game:
            r.tests = sorted(cited.get(r.id, []))
            r.decisions = decided.get(r.id, []) if r.needs == "decision" else []
    return rows


def problems(rows: dict[str, list[Row]]) -> list[str]:
    """One line per row that needs a test or a decision and has none."""
    return [f"{r.id} ({r.kind}): no {r.needs} names it — {r.rule[:90]}"
            for game in rows.values() for r in game if not r.covered]


def counts(rows: dict[str, list[Row]]) -> dict[str, dict[str, int]]:
    out: dict[str, dict[str, int]] = {}
    for prefix, game in rows.items():
        out[prefix] = {
            "rows": len(game),
            "need_test": sum(r.needs == "test" for r in game),
            "tested": sum(r.needs == "test" and r.covered for r in game),
            "need_decision": sum(r.needs == "decision" for r in game),
            "decided": sum(r.needs == "decision" and r.covered for r in game),
        }
    return out


def _esc(text: str) -> str:
    return text.replace("|", "\\|")


def render(rows: dict[str, list[Row]]) -> str:
    """docs/rule-coverage.md: per game, every row with the tests or decisions that answer it."""
    c = counts(rows)
    lines = [
        "# Rule coverage: the test of every rule",
        "",
        "Written by `python tools/rule_coverage.py --write` (the suite fails when it is out of date or a",
        "rule has no test). Search this page for a rule ID to find the tests that check it; a test names",
        "its rule in its name (`test_net_pass_07_...`) or docstring (`NET-PASS-07`). Rows of kind GAP and",
        "AMB point to the section of `docs/design-decisions.md` that decides them.",
        "",
    ]
    for prefix, _, title in GAMES:
        k = c[prefix]
        lines += [f"## {title} ({prefix})", "",
                  f"{k['rows']} rows: {k['tested']} of {k['need_test']} rules checked by a test, "
                  f"{k['decided']} of {k['need_decision']} gaps and ambiguities decided.", "",
                  "| ID | Kind | Rule | Tests / decision |", "|---|---|---|---|"]
        for r in rows[prefix]:
            rule = r.rule if len(r.rule) <= 110 else r.rule[:107].rstrip() + "..."
            if r.needs == "decision":
                where = "; ".join(f"design-decisions.md § {h}" for h in r.decisions) or "**none**"
            elif r.needs == "test":
                where = "<br>".join(f"`{t}`" for t in r.tests) or "**none**"
            else:
                where = "(a tip, not a rule)"
            lines.append(f"| `{r.id}` | {r.kind} | {_esc(rule)} | {where} |")
        lines.append("")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--checklists", type=Path, default=CHECKLISTS, help="folder of networks.md and prime-time.md")
    ap.add_argument("--write", action="store_true", help=f"write {DOC.relative_to(ROOT)}")
    ap.add_argument("--missing", action="store_true", help="list every row without its test or decision")
    ap.add_argument("--json", action="store_true", help="print the counts and rows as JSON")
    a = ap.parse_args(argv)
    rows = collect(a.checklists)
    bad = problems(rows)
    if a.write:
        DOC.write_text(render(rows))
    if a.json:
        print(json.dumps({"counts": counts(rows), "missing": bad,
                          "rows": {p: [r.__dict__ for r in g] for p, g in rows.items()}}, indent=1))
        return 1 if bad else 0
    for prefix, k in counts(rows).items():
        print(f"{prefix}: {k['tested']}/{k['need_test']} rules with a test, "
              f"{k['decided']}/{k['need_decision']} gaps and ambiguities with a decision ({k['rows']} rows)")
    if a.missing or bad:
        for line in bad:
            print("  " + line)
    return 1 if bad else 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:  # the output piped into `head`
        sys.exit(1)
