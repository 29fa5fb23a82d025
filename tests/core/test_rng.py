"""The seeded random generator (engine core: "seeded RNG owned by the game state") and the
optional compiled build that may stand in for parts of the engine (tools/build_fast.py)."""

from __future__ import annotations

import importlib
import json
import os
import random  # noqa: TID251 - test inputs for the generator, not game randomness
import shutil
import subprocess
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import primetime._build as B
from primetime.core import rng as rng_module
from primetime.core.rng import Rng

RNG_SOURCE = Path(rng_module.__file__).read_text()


def pure_rng_class() -> Any:
    """``Rng`` as pure Python, whether or not the C generator is built."""
    mod = ModuleType("pure_rng")
    code = RNG_SOURCE.replace('importlib.import_module("primetime.core._splitmix")', "None")
    assert code != RNG_SOURCE
    exec(compile(code, "pure_rng", "exec"), mod.__dict__)
    assert mod.build() == "pure Python"
    return mod.Rng


def test_splitmix64_reference_outputs() -> None:
    """SplitMix64's published outputs for seed 0: records made anywhere replay the same."""
    for cls in {Rng, pure_rng_class()}:
        r = cls(0)
        assert [r.next64() for _ in range(3)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


def test_below_and_shuffle_are_uniform_and_in_range() -> None:
    r = Rng(7)
    counts = [0] * 6
    for _ in range(6000):
        counts[r.below(6)] += 1
    assert all(900 < c < 1100 for c in counts)
    items = list(range(20))
    r.shuffle(items)
    assert sorted(items) == list(range(20)) and items != list(range(20))
    with pytest.raises(ValueError, match="positive"):
        r.below(0)


def test_a_clone_and_a_fork_go_their_own_way() -> None:
    r = Rng(3)
    c = r.clone()
    assert [r.below(100) for _ in range(5)] == [c.below(100) for _ in range(5)]
    f = r.fork(1)
    assert f.state != r.state and f.next64() != r.clone().next64()


def test_the_compiled_generator_matches_the_pure_one() -> None:
    """With ``make fast`` built, rng.py uses the C SplitMix64: it must give the same numbers."""
    if rng_module.build() != "C":
        pytest.skip("the compiled build is not present (make fast)")
    pure = pure_rng_class()
    rr = random.Random(5)
    for t in range(5000):
        seed = rr.getrandbits(64) if t % 2 else rr.randrange(1000)
        a, b = Rng(seed), pure(seed)
        n = rr.randrange(1, 300) if t % 3 else rr.getrandbits(62) + 1
        assert a.below(n) == b.below(n) and a.state == b.state
        assert a.next64() == b.next64()
        x = list(range(rr.randrange(0, 60)))
        y = x.copy()
        a.shuffle(x)
        b.shuffle(y)
        assert x == y and a.state == b.state
        salt = rr.getrandbits(70) - (1 << 69)
        assert a.fork(salt).state == b.fork(salt).state
        if x:
            assert a.choice(x) == b.choice(y) and a.state == b.state


class _Items(list[int]):
    """Not exactly a list: shuffled through the sequence protocol."""


def test_the_compiled_generator_behaves_like_the_pure_class() -> None:
    """The C type stands in for the class: state read and written, blank instances, clones,
    pickling, other sequences, the same errors."""
    if rng_module.build() != "C":
        pytest.skip("the compiled build is not present (make fast)")
    import copy
    import pickle

    pure = pure_rng_class()
    blank = Rng.__new__(Rng)  # as clones of the pure class make them
    blank.state = 7
    assert blank.next64() == pure(7).next64()
    for cls in (Rng, pure):
        r = cls(-5)
        assert r.state == (-5) & ((1 << 64) - 1)
        r.state = 12345
        c = r.clone()
        assert type(c) is cls and c.state == 12345 and c is not r
        items = _Items(range(30))
        r.shuffle(items)
        assert isinstance(items, _Items) and sorted(items) == list(range(30))
        with pytest.raises(ValueError, match="positive"):
            r.choice([])
    a, b = Rng(9), pure(9)
    x, y = _Items(range(40)), _Items(range(40))
    a.shuffle(x)
    b.shuffle(y)
    assert x == y and a.state == b.state
    for twin in (pickle.loads(pickle.dumps(a)), copy.deepcopy(a), copy.copy(a)):
        assert type(twin) is Rng and twin.state == a.state and twin.next64() == a.clone().next64()


# ------------------------------------------------------------------ the stale-build guard


@pytest.fixture
def fake_tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A source tree with one compiled module and one C module, for _build's checks."""
    pkg = tmp_path / "primetime"
    (pkg / "core").mkdir(parents=True)
    (pkg / "engine.py").write_text("x = 1\n")
    (pkg / "core" / "_fast.c").write_text("/* c */\n")
    monkeypatch.setattr(B, "SRC", tmp_path)
    monkeypatch.setattr(B, "STAMP", pkg / "_fast_build.json")
    monkeypatch.setattr(B, "COMPILED_MODULES", ("primetime.engine",))
    monkeypatch.setattr(B, "C_MODULES", {"primetime.core._fast": "core/_fast.c"})
    monkeypatch.setattr(B, "BUILT_MODULES", ("primetime.engine", "primetime.core._fast"))
    return pkg


def _stamp(pkg: Path) -> None:
    sources = {m: B.source_hash(B.source_of(m)) for m in B.BUILT_MODULES}
    (pkg / "_fast_build.json").write_text(json.dumps({"sources": sources}))


def test_no_build_costs_nothing_and_passes(fake_tree: Path) -> None:
    assert B.stale_reasons() == []


def test_a_build_that_matches_its_sources_passes(fake_tree: Path) -> None:
    (fake_tree / f"engine{EXTENSION_SUFFIXES[0]}").write_bytes(b"")
    (fake_tree / "core" / f"_fast{EXTENSION_SUFFIXES[0]}").write_bytes(b"")
    _stamp(fake_tree)
    assert B.stale_reasons() == []


@pytest.mark.parametrize("changed", ["engine.py", "core/_fast.c"])
def test_a_source_changed_since_the_build_is_named(fake_tree: Path, changed: str) -> None:
    (fake_tree / f"engine{EXTENSION_SUFFIXES[0]}").write_bytes(b"")
    (fake_tree / "core" / f"_fast{EXTENSION_SUFFIXES[0]}").write_bytes(b"")
    _stamp(fake_tree)
    (fake_tree / changed).write_text("changed\n")
    (why,) = B.stale_reasons()
    assert f"primetime/{changed}" in why and "does not match the source" in why


def test_a_build_made_before_a_module_was_listed_is_named(fake_tree: Path) -> None:
    (fake_tree / f"engine{EXTENSION_SUFFIXES[0]}").write_bytes(b"")
    (fake_tree / "_fast_build.json").write_text(json.dumps({"sources": {"primetime.engine": B.source_hash(fake_tree / "engine.py")}}))
    (why,) = B.stale_reasons()
    assert why.startswith("the compiled build in place does not cover ")
    assert why.endswith("primetime/core/_fast.c (it was made by an older version)")


def test_a_build_without_its_stamp_is_named(fake_tree: Path) -> None:
    (fake_tree / "core" / f"_fast{EXTENSION_SUFFIXES[0]}").write_bytes(b"")
    (why,) = B.stale_reasons()
    assert "does not cover" in why


def _import_in_a_tree(tree: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """Import the real package from a copy of its tree (``tree``) in a new interpreter."""
    code = ("import warnings, primetime, primetime._build as B, primetime.games.networks.rules.flow as F, primetime.core.rng as R\n"
            "print(B.current_build(), F.__file__.rsplit('.', 1)[1], R.build(), B.pure_reason(), sep='|')")
    return subprocess.run([sys.executable, "-W", "always", "-c", code], capture_output=True, text=True, timeout=120,
                          env={**os.environ, **env, "PYTHONPATH": str(tree)})


@pytest.fixture
def built_tree(tmp_path: Path) -> Path:
    """A copy of the package whose compiled modules carry (empty) extension files and a stamp:
    importing them would fail, so a passing import shows that the .py sources were used."""
    tree = tmp_path / "src"
    shutil.copytree(B.SRC / "primetime", tree / "primetime",
                    ignore=shutil.ignore_patterns(*(f"*{sfx}" for sfx in EXTENSION_SUFFIXES), "_fast_build.json", "__pycache__"))
    for m in B.BUILT_MODULES:
        base = tree.joinpath(*m.split("."))
        (base.parent / (base.name + EXTENSION_SUFFIXES[0])).write_bytes(b"not a library")
    sources = {m: B.source_hash(tree.joinpath(*m.split(".")).with_suffix(".py") if m not in B.C_MODULES
                                else tree / "primetime" / B.C_MODULES[m]) for m in B.BUILT_MODULES}
    (tree / "primetime" / "_fast_build.json").write_text(json.dumps({"sources": sources}))
    return tree


def test_a_stale_build_is_left_aside_with_a_warning_and_pure_python_runs(built_tree: Path) -> None:
    """A compiled engine older than its source would run other rules: the .py runs instead."""
    flow = built_tree / "primetime" / "games" / "networks" / "rules" / "flow.py"
    flow.write_text(flow.read_text() + "\n# changed\n")
    out = _import_in_a_tree(built_tree, {B.PURE_ENV: ""})  # whatever the suite runs with
    assert out.returncode == 0, out.stderr
    assert "StaleBuildWarning" in out.stderr and "games/networks/rules/flow.py does not match the source" in out.stderr
    assert "make fast" in out.stderr
    build, suffix, rng_build, reason = out.stdout.strip().split("|")
    assert (build, suffix, rng_build) == ("pure Python", "py", "pure Python")
    assert "flow.py" in reason


def test_primetime_pure_runs_pure_python_without_a_warning(built_tree: Path) -> None:
    out = _import_in_a_tree(built_tree, {B.PURE_ENV: "1"})
    assert out.returncode == 0, out.stderr
    assert "Warning" not in out.stderr
    assert out.stdout.strip() == "pure Python|py|pure Python|PRIMETIME_PURE is set"


def test_a_fresh_build_is_used(built_tree: Path) -> None:
    """The same tree without PRIMETIME_PURE tries the (here broken) extension files: proof that the
    finder only steps in when asked to."""
    out = _import_in_a_tree(built_tree, {B.PURE_ENV: ""})
    assert out.returncode != 0 and "ImportError" in out.stderr


def test_the_real_tree_is_consistent() -> None:
    """Importing primetime chose a build; the listed sources exist."""
    for m in B.BUILT_MODULES:
        assert B.source_of(m).exists(), m
    importlib.import_module("primetime")
    assert B.stale_reasons() == [] or B.pure_reason() is not None
