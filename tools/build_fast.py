"""Compile the hot modules of both games' engines with mypyc, and the C random generator, in
place (needs a C compiler and the Python headers; without them the engines run in pure Python).

    python tools/build_fast.py          # build: extension files next to the sources
    python tools/build_fast.py ensure   # build unless an up-to-date build is there; without a
                                        # C compiler say so and go on in pure Python
    python tools/build_fast.py clean    # remove them: back to pure Python
    python tools/build_fast.py status   # which build is in use

``make run``, ``make test``, ``make play`` and ``make bench`` run ``ensure`` (``FAST=0`` skips
it and runs pure Python).  With ``CI`` set, ``ensure`` fails when a compiler is there but the
build fails; elsewhere it prints the error and goes on in pure Python.

The modules are listed in ``primetime._build.COMPILED_MODULES``; ``primetime._build.C_MODULES``
lists the C extensions built with them (``primetime.core._splitmix``: the random generator of
``primetime.core.rng`` in C, whose 64-bit arithmetic mypyc would leave to Python's big
integers; ``primetime.bots._mlp``: the forward pass of ``mcts:expert``'s network, one call
instead of a dozen numpy ones).  The extensions go next to their ``.py`` files under ``src/`` (plus one shared
library, ``src/primetime_fast__mypyc*``) and shadow them, so the build also records a hash of each source in
``src/primetime/_fast_build.json``: importing :mod:`primetime` leaves the build aside
(pure Python runs, with a warning) when a compiled source has changed since.  mypyc comes with mypy
(``pip install -e '.[fast]'``); the C compiler and the Python headers come from the system.
"""

from __future__ import annotations

import importlib.util
import json
import os
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


def clean(quiet: bool = False) -> None:
    for f in built_files():
        f.unlink()
        if not quiet:
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


def missing_compiler() -> str | None:
    """What the build needs but this machine lacks (a C compiler, the Python headers), or None."""
    import sysconfig

    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    lacks = []
    if shutil.which(cc) is None:
        lacks.append(f"a C compiler ({cc})")
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").exists():
        lacks.append("the Python headers (Python.h)")
    return " and ".join(lacks) or None


def up_to_date() -> bool:
    """Is every module built, from its current source?"""
    return all(B.extensions_of(m) for m in B.BUILT_MODULES) and not B.stale_reasons()


def ensure() -> None:
    if up_to_date():
        return
    BUILD.parent.mkdir(parents=True, exist_ok=True)
    with open(BUILD.parent / "fast.lock", "w") as lock:  # beside BUILD, which a build empties
        try:
            import fcntl

            fcntl.flock(lock, fcntl.LOCK_EX)  # one build at a time (two make commands at once)
        except ImportError:
            pass
        if not up_to_date():  # another command may have built it meanwhile
            _ensure()


def _ensure() -> None:
    lacks = missing_compiler()
    if lacks:
        print(f"primetime: this machine lacks {lacks}, so the engines run in pure Python (the same rules, "
              "about three times slower). To compile them: apt-get install gcc python3-dev, then make fast.")
        return
    print("primetime: compiling the engines with mypyc (1-2 minutes, only when their sources change; "
          "FAST=0 skips it)...", flush=True)
    import time

    t0 = time.perf_counter()
    code, output = run_build()
    if code != 0:
        clean(quiet=True)
        tail = "\n".join(output.strip().splitlines()[-15:])
        print(f"{tail}\nprimetime: the compiled build failed (above), so the engines run in pure Python.")
        if os.environ.get("CI", "") not in ("", "0", "false"):
            sys.exit(1)
        return
    print(f"primetime: compiled in {time.perf_counter() - t0:.0f} s.")


def run_build() -> tuple[int, str]:
    """``build`` in a child process: its exit code and output.  In a terminal a spinner shows the
    time so far (the compiler prints nothing for a minute or more)."""
    import subprocess
    import tempfile
    import time

    with tempfile.TemporaryFile("w+") as log:
        proc = subprocess.Popen([sys.executable, __file__, "build"], stdout=log, stderr=subprocess.STDOUT, text=True)
        if sys.stdout.isatty():
            from rich.console import Console

            t0 = time.perf_counter()
            with Console().status("compiling") as spinner:
                while proc.poll() is None:
                    spinner.update(f"compiling the engines: {time.perf_counter() - t0:.0f} s")
                    time.sleep(0.25)
        code = proc.wait()
        log.seek(0)
        return code, log.read()


def status() -> None:
    import importlib

    import primetime._build as used  # the instance the package consulted (B is a separate copy)
    import primetime.core.rng

    for m in B.COMPILED_MODULES:
        print(f"{m}: {B.engine_build(importlib.import_module(m))}")
    print(f"primetime.core.rng: random generator in {primetime.core.rng.build()}")
    if used.pure_reason():
        print(f"the compiled build in place is not in use: {used.pure_reason()}")


def main(argv: list[str]) -> None:
    cmd = argv[0] if argv else "build"
    if cmd not in ("build", "ensure", "clean", "status"):
        sys.exit(__doc__)
    {"build": build, "ensure": ensure, "clean": clean, "status": status}[cmd]()


if __name__ == "__main__":
    os.chdir(ROOT)  # mypyc and setuptools take paths relative to the project
    main(sys.argv[1:])
