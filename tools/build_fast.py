"""Compile the hot modules of both games' engines with mypyc, and the C random generator, in
place (optional; needs a C compiler).

    python tools/build_fast.py          # build: extension files next to the sources
    python tools/build_fast.py clean    # remove them: back to pure Python
    python tools/build_fast.py status   # which build is in use

The modules are listed in ``primetime._build.COMPILED_MODULES``; ``primetime._build.C_MODULES``
lists the C extensions built with them (``primetime.core._splitmix``: the random generator of
``primetime.core.rng`` in C, whose 64-bit arithmetic mypyc would leave to Python's big
integers).  The extensions go next to their ``.py`` files under ``src/`` (plus one shared
library, ``src/primetime_fast__mypyc*``) and shadow them, so the build also records a hash of each source in
``src/primetime/_fast_build.json``: importing :mod:`primetime` refuses to go on when a
compiled source has changed since (build again, or clean).  mypyc comes with mypy
(``pip install -e '.[fast]'``); the C compiler and the Python headers come from the system.
"""

from __future__ import annotations

import importlib.util
import json
import shutil
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
BUILD = ROOT / "build" / "fast"
GROUP = "primetime_fast"  # name of the shared library mypyc puts the compiled code in


def _load_build_module() -> ModuleType:
    """primetime/_build.py on its own: importing the package would refuse a stale build."""
    spec = importlib.util.spec_from_file_location("primetime_build_info", SRC / "primetime" / "_build.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


B = _load_build_module()


def built_files() -> list[Path]:
    """Every extension file under src/ (the project has no others), so that a module dropped from
    the list since the last build goes too, and the stamp."""
    files = {f for sfx in EXTENSION_SUFFIXES for f in SRC.glob(f"{GROUP}__mypyc{sfx}")}
    files |= {f for sfx in EXTENSION_SUFFIXES for f in (SRC / "primetime").rglob(f"*{sfx}")}
    return sorted(files) + ([B.STAMP] if B.STAMP.exists() else [])


def clean() -> None:
    for f in built_files():
        f.unlink()
        print(f"removed {f.relative_to(ROOT)}")
    shutil.rmtree(BUILD, ignore_errors=True)


def build() -> None:
    try:
        from mypyc.build import mypycify
        from setuptools import Extension, setup
    except ImportError as e:
        sys.exit(f"build_fast: {e}; install mypy (which includes mypyc): pip install -e '.[fast]'")
    clean()
    sources = [str(B.source_of(m).relative_to(ROOT)) for m in B.COMPILED_MODULES]
    hashes = {m: B.source_hash(B.source_of(m)) for m in B.BUILT_MODULES}
    ext = mypycify(sources, opt_level="3", group_name=GROUP, target_dir=str(BUILD / "c"),
                   verbose=False)
    ext += [Extension(m, [str(B.source_of(m).relative_to(ROOT))], extra_compile_args=["-O3"])
            for m in B.C_MODULES]
    setup(name="primetime-fast", package_dir={"": "src"}, ext_modules=ext, py_modules=[],
          script_args=["-q", "build_ext", "--inplace", "--build-temp", str(BUILD / "temp"),
                       "--build-lib", str(BUILD / "lib")])
    # Only a source that was compiled as it is now counts as built (see primetime._build).
    if {m: B.source_hash(B.source_of(m)) for m in B.BUILT_MODULES} != hashes:
        clean()
        sys.exit("build_fast: a source changed while it was being compiled; build again")
    B.STAMP.write_text(json.dumps({"sources": hashes}, indent=1) + "\n")
    for f in built_files():
        print(f"built {f.relative_to(ROOT)}")


def status() -> None:
    B.check_compiled()
    import importlib

    import primetime.core.rng

    for m in B.COMPILED_MODULES:
        print(f"{m}: {B.engine_build(importlib.import_module(m))}")
    print(f"primetime.core.rng: random generator in {primetime.core.rng.build()}")


def main(argv: list[str]) -> None:
    cmd = argv[0] if argv else "build"
    if cmd not in ("build", "clean", "status"):
        sys.exit(__doc__)
    {"build": build, "clean": clean, "status": status}[cmd]()


if __name__ == "__main__":
    import os

    os.chdir(ROOT)  # mypyc and setuptools take paths relative to the project
    main(sys.argv[1:])
