"""A results file for long runs: one JSON line per finished game, so nothing is lost.

A tournament (or any run of many seeded games) given ``--save FILE`` writes a header line
describing the run, then one line per game as soon as it finishes.  Run the same command
again with the same file and the games already in it are not played again: an interrupted
run resumes where it stopped, and a long run can be split over several sittings or
machines (each game's result depends only on its seed, never on when or where it ran).

Format (JSON lines)::

    {"run": {...what was asked: game, players, lineup, seed, options...}, "code": {...}}
    {"i": 0, "result": {...}}
    {"i": 3, "result": {...}}
    {"code": {...}, "from": 2}
    {"i": 1, "result": {...}}

A file whose header describes another run is refused with an error that says what differs;
a torn last line (the process was killed while writing) is ignored and that game is played
again.  ``code`` says which code played the games (see :func:`code_version`): a run resumed
with other code goes on, since the results still count, but the file gets a ``code`` line
before the new games and :attr:`ResultsFile.code_changed` tells the caller, which warns.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import subprocess
from pathlib import Path
from typing import IO, Any

from primetime.sim.errors import SimulationError


class ResultsFileError(SimulationError):
    """The results file cannot be used for this run (another run's file, or unreadable)."""


SOURCE_SUFFIXES = (".py", ".c", ".toml", ".json")


def source_digest() -> str:
    """A hash of the package's sources and card data: what decides how games are played."""
    import primetime

    pkg = Path(primetime.__file__).resolve().parent
    h = hashlib.sha256()
    for f in sorted(pkg.rglob("*")):
        if f.suffix in SOURCE_SUFFIXES and f.is_file() and f.name != "_fast_build.json" and "__pycache__" not in f.parts:
            h.update(f.relative_to(pkg).as_posix().encode() + b"\0" + f.read_bytes() + b"\0")
    return h.hexdigest()[:16]


@functools.cache
def code_version() -> dict[str, Any]:
    """Which code is running: a hash of the package's sources and card data (``source``, which
    decides), the package version and, in a git checkout, the commit and whether the sources
    have uncommitted changes.  The engine build (pure Python or compiled) is recorded too: it
    changes the timings, never the results."""
    import primetime
    from primetime._build import current_build

    out: dict[str, Any] = {"source": source_digest(), "version": primetime.__version__, "commit": None, "changed": None}
    root = Path(primetime.__file__).resolve().parent.parent.parent
    if (root / ".git").exists():
        try:
            git = ["git", "-C", str(root)]
            commit = subprocess.run([*git, "rev-parse", "HEAD"], capture_output=True, text=True, timeout=10)
            status = subprocess.run([*git, "status", "--porcelain", "--", "src"], capture_output=True, text=True, timeout=10)
            if commit.returncode == 0 and status.returncode == 0:
                out["commit"] = commit.stdout.strip()
                out["changed"] = bool(status.stdout.strip())
        except (OSError, subprocess.SubprocessError):
            pass
    out["build"] = current_build()
    return out


def same_code(a: dict[str, Any] | None, b: dict[str, Any] | None) -> bool:
    """Do two ``code_version`` records name the same sources?  (Unrecorded code never matches.)"""
    return bool(a and b and a.get("source") and a.get("source") == b.get("source"))


def describe_code(code: dict[str, Any] | None) -> str:
    if not code:
        return "code not recorded"
    commit = code.get("commit")
    text = f"version {code.get('version')}" + (f", commit {commit[:10]}" if commit else "")
    text += " with uncommitted changes" if code.get("changed") else ""
    return text + f", sources {code.get('source')}"


class ResultsFile:
    """Finished games of one run, read from and appended to ``path``."""

    def __init__(self, path: str | os.PathLike[str], run: dict[str, Any], code: dict[str, Any] | None = None) -> None:
        self.path = Path(path)
        self.run = json.loads(json.dumps(run))  # the header as it reads back from the file
        self.code = json.loads(json.dumps(code if code is not None else code_version()))
        self.done: dict[int, Any] = {}
        self._fh: IO[str] | None = None
        self._intact: str | None = None  # the file's text up to a torn last line, to write back
        self.file_code: dict[str, Any] | None = None  # the code that played the file's last games
        #: (the code of the file's games, this code) when they differ and the file already holds games
        self.code_changed: tuple[dict[str, Any] | None, dict[str, Any]] | None = None
        if self.path.exists() and self.path.stat().st_size > 0:
            self._read()
            if self.done and not same_code(self.file_code, self.code):
                self.code_changed = (self.file_code, self.code)

    def _read(self) -> None:
        try:
            text = self.path.read_text(encoding="utf-8")
        except OSError as exc:
            raise ResultsFileError(f"cannot read the results file {self.path}: {exc.strerror}") from None
        if not text.endswith("\n"):  # killed while writing: keep what came before
            self._intact = text[: text.rfind("\n") + 1]
        lines = text.splitlines()
        try:
            first = json.loads(lines[0])
            header = first["run"]
            self.file_code = first.get("code")
        except (ValueError, KeyError, TypeError, IndexError, AttributeError):
            raise ResultsFileError(f"{self.path} is not a results file (its first line is not a run header); give another --save file") from None
        if header != self.run:
            diff = sorted(k for k in set(header) | set(self.run) if header.get(k) != self.run.get(k))
            theirs = ", ".join(f"{k}={header.get(k)!r}" for k in diff)
            raise ResultsFileError(f"{self.path} holds the results of another run ({theirs}); repeat that command or give another --save file")
        for n, line in enumerate(lines[1:], start=2):
            try:
                row = json.loads(line)
                if "code" in row and "i" not in row:  # the run was resumed with other code here
                    self.file_code = row["code"]
                    continue
                self.done[int(row["i"])] = row["result"]
            except (ValueError, KeyError, TypeError):
                if n == len(lines):  # a line torn by a kill: that game is played again
                    break
                raise ResultsFileError(f"{self.path}, line {n}: not a game result; the file is damaged") from None

    def __enter__(self) -> ResultsFile:
        new = not self.path.exists() or self.path.stat().st_size == 0
        if self._intact is not None:  # drop the torn last line
            self.path.write_text(self._intact, encoding="utf-8")
            self._intact = None
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._fh = self.path.open("a", encoding="utf-8")
        if new:
            self._write({"run": self.run, "code": self.code})
        elif not same_code(self.file_code, self.code):
            self._write({"code": self.code, "from": len(self.done)})
            self.file_code = self.code
        return self

    def __exit__(self, *exc: object) -> None:
        if self._fh is not None:
            self._fh.close()
            self._fh = None

    def _write(self, row: dict[str, Any]) -> None:
        assert self._fh is not None, "use the results file as a context manager"
        self._fh.write(json.dumps(row, separators=(",", ":")) + "\n")
        self._fh.flush()
        os.fsync(self._fh.fileno())

    def add(self, i: int, result: Any) -> None:
        """Keep the result of game ``i`` (written at once)."""
        self.done[i] = result
        self._write({"i": i, "result": result})
