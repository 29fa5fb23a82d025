"""The Executive boards of the Executives expansion module (option ``executives``, NET-EXEC-01..11).

A board set is one TOML file (``data/executives/executives.toml``), validated when it is loaded;
an error names the file, the board and the field.  Boards are referred to by their index in
:attr:`Executives.boards` in a game state.  What the generic parameters cannot express is an
effect keyed by the board's ``effect`` (``EXECUTIVE_EFFECTS`` says which keys and parameters
exist; the behaviour is in :mod:`primetime.games.networks.rules.executives`, registered in
``EXECUTIVE_HANDLERS`` when that module is imported, and a test checks that both agree).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import msgspec

from primetime.core.carddata import CardDataError, check, convert, read_toml

EXEC_FILE = Path(__file__).parent / "data" / "executives" / "executives.toml"

# Parameters every board may use, applied by the rules module's generic code.
GENERIC_PARAMS: dict[str, str] = {
    "start_cash": "$M gained (or paid) when round 1 begins, after Pilot Season; cash never goes below $0",
    "pass_cash": "$M added to a pass-track cash bonus (never below $0)",
    "pass_viewers": "viewers added to a pass-track viewer bonus (never below 0)",
    "end_viewers": "viewers at game end (the Execs end-game category)",
    "moguls": "how many Moguls the player may own (1 unless stated)",
}

# Effect key -> (its own parameters, what it does).
EXECUTIVE_EFFECTS: dict[str, tuple[tuple[str, ...], str]] = {
    "rondel": (("step_cash", "max_step"), "Each action is the one of the rondel space the marker moves to (NET-EXEC-05)."),
    "cable": ((), "May pass straight after the action; viewer bonus only, nothing when passing last (NET-EXEC-06)."),
    "gorilla": ((), "May take a turn before the 1st player, losing that round's pass bonus (NET-EXEC-07)."),
    "specialist": ((), "May own 2 Moguls (NET-EXEC-08); offered only with the Moguls module (NET-OPT-04)."),
    "butcher": (("cost",), "Pay to treat every slot of a show being produced as optional (NET-EXEC-09)."),
    "flix": ((), "No timeslot penalty: shows start on row 1 (NET-EXEC-10)."),
    "procrastinator": ((), "May change a show's genre while producing it (NET-EXEC-11)."),
}

# Filled by primetime.games.networks.rules.executives when imported: effect key -> its main function.
EXECUTIVE_HANDLERS: dict[str, Any] = {}

MODULES = ("moguls", "telly_time")  # options a board may require


class ExecutiveDef(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    id: str
    name: str
    sides: list[str]
    complexity: int
    ability: str
    drawback: str
    effect: str = ""
    requires: str = ""
    excludes: str = ""  # a module with which the board is not dealt (its ability could not work there)
    params: dict[str, int] = msgspec.field(default_factory=dict)
    # parameters that differ while a module is on, e.g. { telly_time = { start_cash = 0 } }
    module_params: dict[str, dict[str, int]] = msgspec.field(default_factory=dict)


@dataclass
class Executives:
    """Every Executive board of a set, indexed."""

    path: Path
    boards: list[ExecutiveDef] = field(default_factory=list)
    by_id: dict[str, int] = field(default_factory=dict)

    def param(self, i: int, key: str, default: int = 0) -> int:
        return int(self.boards[i].params.get(key, default))

    def eligible(self, opts: dict[str, Any]) -> list[int]:
        """The boards that may be dealt with these table options (NET-OPT-04: the Specialist needs Moguls,
        and is not dealt with Telly Time too, where nobody can own a second Mogul)."""
        return [i for i, b in enumerate(self.boards)
                if (not b.requires or opts.get(b.requires, False)) and not (b.excludes and opts.get(b.excludes, False))]


def load_executives(path: Path | str = EXEC_FILE) -> Executives:
    """Load and validate an Executive board file."""
    path = Path(path)
    raw = read_toml(path)
    out = Executives(path=path)
    entries = raw.get("executive")
    if not isinstance(entries, list) or not entries:
        raise CardDataError(f"{path}: no [[executive]] boards")
    unknown = set(raw) - {"executive"}
    if unknown:
        raise CardDataError(f"{path}: unknown table(s) {sorted(unknown)}")
    for i, entry in enumerate(entries):
        d: ExecutiveDef = convert(path, "executive", i, entry, ExecutiveDef)
        check(path, "executive", d.id, d.id not in out.by_id, "duplicate board id")
        check(path, "executive", d.id, d.id.isidentifier() and d.id.islower(), f"field `id`: {d.id!r} must be a lower-case word")
        check(path, "executive", d.id, len(d.sides) == 2 and all(d.sides), "field `sides`: two artwork side names")
        check(path, "executive", d.id, 1 <= d.complexity <= 3, f"field `complexity`: {d.complexity} is not 1, 2 or 3")
        check(path, "executive", d.id, bool(d.ability.strip()), "field `ability`: empty")
        check(path, "executive", d.id, bool(d.drawback.strip()), "field `drawback`: empty")
        check(path, "executive", d.id, d.requires in ("", *MODULES), f"field `requires`: {d.requires!r} is no module ({', '.join(MODULES)})")
        check(path, "executive", d.id, not d.excludes or (d.excludes in MODULES and d.excludes != d.requires),
              f"field `excludes`: {d.excludes!r} is no module ({', '.join(MODULES)}) other than `requires`")
        own: tuple[str, ...] = ()
        if d.effect:
            check(path, "executive", d.id, d.effect in EXECUTIVE_EFFECTS,
                  f"field `effect`: unknown effect {d.effect!r} (known: {', '.join(EXECUTIVE_EFFECTS)})")
            own = EXECUTIVE_EFFECTS[d.effect][0]
        for k in d.params:
            check(path, "executive", d.id, k in GENERIC_PARAMS or k in own, f"field `params.{k}`: unknown parameter")
        for k in own:
            check(path, "executive", d.id, k in d.params, f"field `params.{k}`: missing (effect {d.effect!r} needs it)")
        for m, over in d.module_params.items():
            check(path, "executive", d.id, m in MODULES, f"field `module_params.{m}`: no module ({', '.join(MODULES)})")
            for k in over:
                check(path, "executive", d.id, k in GENERIC_PARAMS or k in own, f"field `module_params.{m}.{k}`: unknown parameter")
        out.by_id[d.id] = len(out.boards)
        out.boards.append(d)
    return out


@cache
def default_executives() -> Executives:
    return load_executives()
