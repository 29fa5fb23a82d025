"""Every rule ID of the Prime Time checklist has at least one test naming it.

The checklist numbers its rules per section (``PT-SETUP-01`` .. ``PT-SETUP-14``); the table
below is its section sizes.  A test "names" an ID when its function name or its body contains
the ID (``PT-SETUP-05``, or ``pt_setup_05`` in a test name; a test for several IDs may name
them as ``pt_psetup_04_and_05``).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

SECTIONS: dict[str, int] = {
    "PT-COMP": 20,
    "PT-ANAT": 8,
    "PT-SETUP": 14,
    "PT-PSETUP": 7,
    "PT-ROUND": 5,
    "PT-DEV": 8,
    "PT-ACT": 16,
    "PT-BID": 11,
    "PT-RES": 9,
    "PT-TO": 5,
    "PT-BCAST": 15,
    "PT-RATE": 14,
    "PT-CANC": 7,
    "PT-CLIENT": 7,
    "PT-VTY": 6,
    "PT-HOT": 7,
    "PT-AWARD": 13,
    "PT-BRD": 19,
    "PT-INC": 4,
    "PT-CLEAN": 9,
    "PT-NEXT": 12,
    "PT-END": 8,
    "PT-2P": 7,
    "PT-BOND": 8,
    "PT-SIM": 3,
    "PT-NAMED": 6,
    "PT-HINT": 3,
    "PT-GAP": 15,
    "PT-AMB": 46,
}
# The rules sources sit beside the repository (../shared); CI checkouts may not have them.
CHECKLIST = Path(__file__).resolve().parents[3] / "shared" / "checklists" / "prime-time.md"


def all_ids() -> list[str]:
    return [f"{pre}-{i:02d}" for pre, k in SECTIONS.items() for i in range(1, k + 1)]


def named_ids() -> set[str]:
    found: set[str] = set()
    for f in Path(__file__).parent.glob("test_*.py"):
        if f.name == Path(__file__).name:
            continue
        text = f.read_text()
        found.update(re.findall(r"PT-[A-Z0-9]+-\d\d", text))
        for m in re.finditer(r"def test_(pt_[a-z0-9]+)_(\d\d)((?:_(?:and_)?\d\d)*)", text):
            pre = m.group(1).upper().replace("_", "-")
            found.add(f"{pre}-{m.group(2)}")
            for extra in re.findall(r"\d\d", m.group(3)):
                found.add(f"{pre}-{extra}")
    return found


def test_every_checklist_rule_has_a_test() -> None:
    missing = [i for i in all_ids() if i not in named_ids()]
    assert not missing, f"rules without a test: {missing}"


@pytest.mark.skipif(not CHECKLIST.exists(), reason="the checklist is not available here")
def test_sections_match_the_checklist() -> None:
    ids = re.findall(r"^\| (PT-[A-Z0-9]+-\d+)", CHECKLIST.read_text(), re.M)
    assert sorted(ids) == sorted(all_ids())
