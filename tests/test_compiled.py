"""The compiled build (tools/build_fast.py, which ``make test`` runs) plays exactly like pure Python.

Skipped unless the build is present and up to date (``make test`` builds it when a C compiler is there; CI installs one).
Both builds run ``tools/fingerprint.py`` in their own processes and must print the same hashes:
seeded random games (The Networks at 1-5 players, Prime Time at 2-4, with their options varied:
every legal-option list, chosen key, decision, JSON state, per-player view, clone played ahead and
final score), greedy and mcts games, card texts, terminal screens and browser payloads; for The
Networks also with each expansion module and with all three.  The search loop and the greedy
evaluations are compiled too: ``tests/search_decisions.py`` prints seeded ``mcts:normal`` and
``mcts:hard`` searches (choice, iterations, root visits, engine moves), greedy choices and rewards
to the last bit in both games, and both builds must print the same.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from primetime._build import PURE_ENV, current_build, pure_reason, stale_reasons

ROOT = Path(__file__).resolve().parents[1]
FINGERPRINT = ROOT / "tools" / "fingerprint.py"  # one hash per behaviour: see its docstring
SEARCH_DECISIONS = ROOT / "tests" / "search_decisions.py"  # seeded search and greedy decisions: see its docstring
LOADED = ("import importlib; from primetime._build import COMPILED_MODULES, engine_build; from primetime.core.rng import build; "
          "print(build(), *sorted({engine_build(importlib.import_module(m)) for m in COMPILED_MODULES}), sep='|')")


def _skip_without_build() -> None:
    if current_build() != "compiled" and not pure_reason():
        pytest.skip("the compiled build is not present (make fast)")
    if stale_reasons():
        pytest.skip(f"the compiled build in place is stale (make fast): {stale_reasons()}")


def _run(args: list[str], pure: bool) -> list[str]:
    env = {**os.environ, PURE_ENV: "1" if pure else ""}
    out = subprocess.run([sys.executable, *args], env=env, capture_output=True, text=True, timeout=900)
    assert out.returncode == 0, out.stderr
    return out.stdout.splitlines()


def test_every_listed_module_runs_compiled() -> None:
    _skip_without_build()
    assert _run(["-c", LOADED], pure=False) == ["C|compiled (mypyc)"]
    assert _run(["-c", LOADED], pure=True) == ["pure Python|pure Python"]  # the same tree, its extension files left aside


@pytest.mark.parametrize("game", ["networks", "prime-time"])
def test_the_compiled_build_plays_like_pure_python(game: str) -> None:
    _skip_without_build()
    compiled = _run([str(FINGERPRINT), game], pure=False)
    pure = _run([str(FINGERPRINT), game], pure=True)
    assert compiled[0] == "build compiled", compiled
    assert pure[0] == "build pure Python", pure
    assert int(pure[1].split()[2]) > 4000  # decisions of the random games
    assert compiled[1:] == pure[1:]


def test_compiled_search_and_greedy_choose_the_same_moves_as_pure_python() -> None:
    """Same play (issue 19, search at compiled speed): the compiled search loop and greedy evaluations
    make the same choices from the same seeds, with the same visits and rewards."""
    _skip_without_build()
    compiled = _run([str(SEARCH_DECISIONS)], pure=False)
    pure = _run([str(SEARCH_DECISIONS)], pure=True)
    assert compiled[0] == "build compiled", compiled
    assert pure[0] == "build pure Python", pure
    assert sum(line.startswith("networks ") for line in pure) >= 5
    assert sum(line.startswith("prime-time ") for line in pure) >= 5
    assert compiled[1:] == pure[1:]
