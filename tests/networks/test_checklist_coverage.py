"""Every rule of The Networks checklist, sections COMP through CARD and the Moguls module's, has a test naming it.

A test "names" an ID when its body contains it (``NET-PASS-07``) or its function name does
(``test_net_pass_07_...``).  The section sizes below are the checklist's; the expansion modules
Telly Time (section 25, NET-TELLY), Moguls (section 26, NET-MOGUL) and Executives (section 27,
NET-EXEC) are covered, and so are the interface (section 23, NET-UI) and the options (section 24,
NET-OPT): those in ``test_ui_rules.py`` here and, where they live on the page, in Chromium
(``tests/server/test_networks_*.py``).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

SECTIONS: dict[str, int] = {
    "NET-COMP": 17, "NET-ANAT": 12, "NET-SETUP": 16, "NET-PILOT": 10, "NET-BOARD": 13, "NET-SEAS": 8,
    "NET-TURN": 9, "NET-STAR": 4, "NET-AD": 4, "NET-NETC": 7, "NET-PROD": 14, "NET-CANC": 6, "NET-ATT": 13,
    "NET-COND": 13, "NET-GENRE": 17, "NET-PASS": 11, "NET-EOR": 16, "NET-END": 7, "NET-DECK": 8, "NET-VAR": 8,
    "NET-SOLO": 17, "NET-CARD": 33, "NET-TELLY": 14,
    "NET-EXEC": 11,  # the Executives module (option ``executives``)
}
SECTIONS["NET-MOGUL"] = 8  # section 26, the Moguls module (tests/networks/test_moguls.py)
SECTIONS["NET-UI"] = 22  # section 23, the interface (test_ui_rules.py, tests/server/test_networks_ui_rules_browser.py)
SECTIONS["NET-OPT"] = 5  # section 24, the table options and the confirmation delay preference
# Single rules of sections covered only in part (none now).
SINGLE: tuple[str, ...] = ()
# The rules sources sit beside the repository (../shared); CI checkouts may not have them.
CHECKLIST = Path(__file__).resolve().parents[3] / "shared" / "checklists" / "networks.md"


def section_ids() -> list[str]:
    return [f"{pre}-{i:02d}" for pre, k in SECTIONS.items() for i in range(1, k + 1)]


def all_ids() -> list[str]:
    return section_ids() + list(SINGLE)


def named_ids() -> set[str]:
    found: set[str] = set()
    tests = Path(__file__).parent.parent
    files = list(Path(__file__).parent.glob("test_*.py")) + list(tests.glob("test_networks_*.py")) \
        + list((tests / "server").glob("test_networks_*.py"))
    for f in files:
        if f.name == Path(__file__).name:
            continue
        text = f.read_text()
        found.update(re.findall(r"NET-[A-Z]+-\d\d", text))
        for m in re.finditer(r"def test_(net_[a-z]+)_(\d\d)((?:_(?:and_)?\d\d)*)", text):
            pre = m.group(1).upper().replace("_", "-")
            found.add(f"{pre}-{m.group(2)}")
            found.update(f"{pre}-{x}" for x in re.findall(r"\d\d", m.group(3)))
    return found


def test_every_checklist_rule_has_a_test() -> None:
    missing = [i for i in all_ids() if i not in named_ids()]
    assert not missing, f"rules without a test: {missing}"


@pytest.mark.skipif(not CHECKLIST.exists(), reason="the rules checklist is not beside the repository")
def test_sections_match_the_checklist() -> None:
    ids = re.findall(r"^\| (NET-[A-Z]+-\d+)", CHECKLIST.read_text(), re.M)
    assert sorted(i for i in ids if i.rsplit("-", 1)[0] in SECTIONS) == sorted(section_ids())
    assert set(SINGLE) <= set(ids)
