"""Which build of the hot modules is in use: pure Python (the default) or compiled.

``make fast`` (``tools/build_fast.py``) compiles :data:`COMPILED_MODULES` with mypyc and
the C modules of :data:`C_MODULES`, and puts the extension files next to their sources,
where Python imports them instead of the ``.py`` files (a C module is used by the ``.py``
module that stands for it: ``primetime.core._splitmix`` by ``primetime.core.rng``).
An extension built from an older source would silently run the old rules, so
:func:`check_compiled` (run once when :mod:`primetime` is imported) refuses to go on when
a source no longer matches what was compiled.  With no extension present it costs a few
``stat`` calls.
"""

from __future__ import annotations

import hashlib
import json
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

COMPILED_MODULES: tuple[str, ...] = (
    "primetime.games.networks.state",
    "primetime.games.networks.engine",
    "primetime.games.prime_time.state",
    "primetime.games.prime_time.engine",
)
# C extensions built alongside, by module, with their sources (relative to the package folder)
C_MODULES: dict[str, str] = {
    "primetime.core._splitmix": "core/_splitmix.c",
}
BUILT_MODULES: tuple[str, ...] = COMPILED_MODULES + tuple(C_MODULES)
SRC = Path(__file__).resolve().parent.parent  # the folder that holds the primetime package
STAMP = Path(__file__).resolve().parent / "_fast_build.json"  # written by tools/build_fast.py
FIX = "run `make fast` to compile it again, or `make unfast` to go back to pure Python"


class StaleBuildError(ImportError):
    """A compiled module was built from a source that has changed since."""


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


def check_compiled() -> None:
    """Raise :class:`StaleBuildError` if a compiled module no longer matches its source."""
    built = [m for m in BUILT_MODULES if extensions_of(m)]
    if not built:
        return
    try:
        stamp = json.loads(STAMP.read_text())["sources"]
    except (OSError, ValueError, KeyError, TypeError):
        stamp = {}
    # A listed module compiled from another source, a listed module the build in place does not
    # cover (made before it was listed), or one left over from a build whose list was different.
    changed = [m for m in BUILT_MODULES if m in stamp and stamp[m] != source_hash(source_of(m))]
    missing = [m for m in BUILT_MODULES if m not in stamp]
    changed += [m for m in stamp if m not in BUILT_MODULES and extensions_of(m)]
    if changed or missing:
        def names(ms: list[str]) -> str:
            return ", ".join(str(source_of(m).relative_to(SRC.parent)) for m in ms)

        why = []
        if changed:
            why.append(f"the compiled build of {names(changed)} does not match the source (changed since it was compiled?), "
                       "so it would run other code")
        if missing:
            why.append(f"the compiled build in place does not cover {names(missing)} (it was made by an older version)")
        raise StaleBuildError(f"primetime: {'; '.join(why)}: {FIX}.")


def current_build() -> str:
    """``"compiled"`` when the optional compiled build (make fast) is present, else ``"pure Python"``."""
    return "compiled" if any(extensions_of(m) for m in BUILT_MODULES) else "pure Python"


def engine_build(module: object) -> str:
    """``"compiled (mypyc)"`` or ``"pure Python"``: how ``module`` (an imported module) was loaded."""
    f = str(getattr(module, "__file__", "") or "")
    return "compiled (mypyc)" if any(f.endswith(sfx) for sfx in EXTENSION_SUFFIXES) else "pure Python"
