"""Which build of the hot modules is in use: compiled (what ``make`` sets up when it can) or pure Python.

``tools/build_fast.py`` (``make fast``; ``make run``, ``make test`` and ``make bench`` call it
when a C compiler is there) compiles :data:`COMPILED_MODULES` with mypyc and the C modules of
:data:`C_MODULES`, and puts the extension files next to their sources, where Python imports
them instead of the ``.py`` files (a C module is used by the ``.py`` module that stands for it:
``primetime.core._splitmix`` by ``primetime.core.rng``).  Both builds play the same rules and
the same random numbers; the compiled one is about three times faster.

An extension built from an older source would silently run the old rules, so
:func:`select_build` (run once when :mod:`primetime` is imported) leaves such a build aside,
warns, and imports the ``.py`` sources instead.  ``PRIMETIME_PURE=1`` does the same without
the warning.  With no extension present it costs a few ``stat`` calls.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.util
import json
import os
import sys
import warnings
from importlib.machinery import EXTENSION_SUFFIXES, ModuleSpec
from pathlib import Path

COMPILED_MODULES: tuple[str, ...] = (
    "primetime.games.networks.state",
    "primetime.games.networks.tables",
    "primetime.games.networks.rules.log",
    "primetime.games.networks.rules.decks",
    "primetime.games.networks.rules.green_room",
    "primetime.games.networks.rules.values",
    "primetime.games.networks.rules.slots",
    "primetime.games.networks.rules.timeslots",
    "primetime.games.networks.rules.genres",
    "primetime.games.networks.rules.genre_grid",
    "primetime.games.networks.rules.production",
    "primetime.games.networks.rules.attach",
    "primetime.games.networks.rules.network_cards",
    "primetime.games.networks.rules.rounds",
    "primetime.games.networks.rules.passing",
    "primetime.games.networks.rules.turns",
    "primetime.games.networks.rules.moguls",
    "primetime.games.networks.rules.executives",
    "primetime.games.networks.rules.solo",
    "primetime.games.networks.rules.quiz",
    "primetime.games.networks.rules.round_end",
    "primetime.games.networks.rules.pilot",
    "primetime.games.networks.rules.flow",
    "primetime.games.networks.rules.setup",
    "primetime.games.networks.rules.determinize",
    # what a seat is shown (the server builds a view for every audience of every new state)
    "primetime.games.networks.views",
    "primetime.games.prime_time.state",
    "primetime.games.prime_time.rules.core",
    "primetime.games.prime_time.rules.money",
    "primetime.games.prime_time.rules.setup",
    "primetime.games.prime_time.rules.development",
    "primetime.games.prime_time.rules.scheduling",
    "primetime.games.prime_time.rules.ratings",
    "primetime.games.prime_time.rules.after_ratings",
    "primetime.games.prime_time.rules.awards",
    "primetime.games.prime_time.rules.income",
    "primetime.games.prime_time.rules.game_end",
    "primetime.games.prime_time.rules.flow",
    "primetime.games.prime_time.rules.new_game",
    "primetime.games.prime_time.rules.determinize",
    # the search bots' hot path: the ISMCTS loop and the greedy evaluation it calls at every leaf
    # (the bot itself, primetime.bots.ismcts, and the games' search adapters stay Python)
    "primetime.core.rewards",
    "primetime.bots.tree",
    "primetime.bots.guided",  # mcts:expert's loop (the bot itself, primetime.bots.expert, and its numpy network stay Python)
    "primetime.games.networks.bots.greedy",
    "primetime.games.prime_time.bots.greedy",
    # the invariant checks (primetime check, never the engine's hot path): compiled, they cost
    # about half as much per decision
    "primetime.core.invariants",
    "primetime.games.networks.invariants",
    "primetime.games.prime_time.invariants",
    # the learning environments' hot path: the games' observation encoders, the arrays built from
    # them, and the table every environment plays through (primetime.envs needs gymnasium and
    # pettingzoo to be imported; the PettingZoo and Gymnasium classes themselves stay Python)
    "primetime.games.networks.encoding",
    "primetime.games.prime_time.encoding",
    "primetime.core.observation",
    "primetime.envs.table",
)
# C extensions built alongside, by module, with their sources (relative to the package folder)
C_MODULES: dict[str, str] = {
    "primetime.core._splitmix": "core/_splitmix.c",
    "primetime.bots._mlp": "bots/_mlp.c",  # mcts:expert's network, used by primetime.bots.net
}
BUILT_MODULES: tuple[str, ...] = COMPILED_MODULES + tuple(C_MODULES)
SRC = Path(__file__).resolve().parent.parent  # the folder that holds the primetime package
STAMP = Path(__file__).resolve().parent / "_fast_build.json"  # written by tools/build_fast.py
FIX = "run `make fast` to compile it again, or `make unfast` to remove it"


class StaleBuildWarning(UserWarning):
    """A compiled module was built from a source that has changed since: pure Python runs instead."""


PURE_ENV = "PRIMETIME_PURE"  # set to 1: ignore the compiled build in place and run pure Python
_pure_reason: str | None = None  # why the build in place is not used (None: used, or none there)


def source_of(module: str) -> Path:
    if module in C_MODULES:
        return SRC / "primetime" / C_MODULES[module]
    return SRC.joinpath(*module.split(".")).with_suffix(".py")


def extensions_of(module: str) -> list[Path]:
    """The extension files of ``module`` that this interpreter would import (at most one in practice)."""
    base = SRC.joinpath(*module.split("."))
    return [p for p in (base.parent / (base.name + sfx) for sfx in EXTENSION_SUFFIXES) if p.exists()]


def source_hash(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def stale_reasons() -> list[str]:
    """Why the compiled build in place must not run (empty: it matches every source, or there is none)."""
    built = [m for m in BUILT_MODULES if extensions_of(m)]
    if not built:
        return []
    try:
        stamp = json.loads(STAMP.read_text())["sources"]
    except (OSError, ValueError, KeyError, TypeError):
        stamp = {}
    # A listed module compiled from another source, a listed module the build in place does not
    # cover (made before it was listed), or one left over from a build whose list was different.
    changed = [m for m in BUILT_MODULES if m in stamp and stamp[m] != source_hash(source_of(m))]
    missing = [m for m in BUILT_MODULES if m not in stamp]
    changed += [m for m in stamp if m not in BUILT_MODULES and extensions_of(m)]

    def names(ms: list[str]) -> str:
        return ", ".join(str(source_of(m).relative_to(SRC.parent)) for m in ms)

    why = []
    if changed:
        why.append(f"the compiled build of {names(changed)} does not match the source (changed since it was compiled?)")
    if missing:
        why.append(f"the compiled build in place does not cover {names(missing)} (it was made by an older version)")
    return why


class _PureFinder(importlib.abc.MetaPathFinder):
    """Imports the ``.py`` source of each compiled module instead of its extension file, and
    none of the C modules (whose ``.py`` users fall back to Python)."""

    def find_spec(self, fullname: str, path: object = None, target: object = None) -> ModuleSpec | None:
        if fullname in C_MODULES:
            raise ModuleNotFoundError(f"{fullname}: the compiled build is not in use", name=fullname)
        if fullname in COMPILED_MODULES:
            return importlib.util.spec_from_file_location(fullname, source_of(fullname))
        return None


def use_pure_python(reason: str) -> None:
    """Run the pure-Python modules from now on, even with a compiled build in place (before any
    of them is imported: :mod:`primetime` calls :func:`select_build` first thing)."""
    global _pure_reason
    _pure_reason = reason
    if not any(isinstance(f, _PureFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, _PureFinder())


def select_build() -> str:
    """Choose the build once, when :mod:`primetime` is imported, and return it (see
    :func:`current_build`).  A compiled build that no longer matches its sources would silently
    run other rules, so it is left aside with a :class:`StaleBuildWarning` and pure Python runs;
    so it is when :data:`PURE_ENV` is set (without a warning)."""
    if os.environ.get(PURE_ENV, "") not in ("", "0"):
        if any(extensions_of(m) for m in BUILT_MODULES):
            use_pure_python(f"{PURE_ENV} is set")
        return current_build()
    why = stale_reasons()
    if why:
        use_pure_python("; ".join(why))
        warnings.warn(StaleBuildWarning(f"primetime: {'; '.join(why)}, so the engines run in pure Python "
                                        f"(slower, same rules): {FIX}."), stacklevel=2)
    return current_build()


def current_build() -> str:
    """``"compiled"`` when the compiled build is in place and in use, else ``"pure Python"``."""
    if _pure_reason is not None:
        return "pure Python"
    return "compiled" if any(extensions_of(m) for m in BUILT_MODULES) else "pure Python"


def pure_reason() -> str | None:
    """Why a compiled build in place is not in use, or None."""
    return _pure_reason


def engine_build(module: object) -> str:
    """``"compiled (mypyc)"`` or ``"pure Python"``: how ``module`` (an imported module) was loaded."""
    f = str(getattr(module, "__file__", "") or "")
    return "compiled (mypyc)" if any(f.endswith(sfx) for sfx in EXTENSION_SUFFIXES) else "pure Python"
