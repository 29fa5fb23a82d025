"""A results file for long runs: one JSON line per finished game, so nothing is lost.

A tournament (or any run of many seeded games) given ``--save FILE`` writes a header line
describing the run, then one line per game as soon as it finishes.  Run the same command
again with the same file and the games already in it are not played again: an interrupted
run resumes where it stopped, and a long run can be split over several sittings or
machines (each game's result depends only on its seed, never on when or where it ran).

Format (JSON lines)::

    {"run": {...what was asked: game, players, lineup, seed, options...}}
    {"i": 0, "result": {...}}
    {"i": 3, "result": {...}}

A file whose header describes another run is refused with an error that says what differs;
a torn last line (the process was killed while writing) is ignored and that game is played
again.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import IO, Any


class ResultsFileError(ValueError):
    """The results file cannot be used for this run (another run's file, or unreadable)."""


class ResultsFile:
    """Finished games of one run, read from and appended to ``path``."""

    def __init__(self, path: str | os.PathLike[str], run: dict[str, Any]) -> None:
        self.path = Path(path)
        self.run = json.loads(json.dumps(run))  # the header as it reads back from the file
        self.done: dict[int, Any] = {}
        self._fh: IO[str] | None = None
        self._intact: str | None = None  # the file's text up to a torn last line, to write back
        if self.path.exists() and self.path.stat().st_size > 0:
            self._read()

    def _read(self) -> None:
        try:
            text = self.path.read_text(encoding="utf-8")
        except OSError as exc:
            raise ResultsFileError(f"cannot read the results file {self.path}: {exc.strerror}") from None
        if not text.endswith("\n"):  # killed while writing: keep what came before
            self._intact = text[: text.rfind("\n") + 1]
        lines = text.splitlines()
        try:
            header = json.loads(lines[0])["run"]
        except (ValueError, KeyError, TypeError, IndexError):
            raise ResultsFileError(f"{self.path} is not a results file (its first line is not a run header); give another --save file") from None
        if header != self.run:
            diff = sorted(k for k in set(header) | set(self.run) if header.get(k) != self.run.get(k))
            theirs = ", ".join(f"{k}={header.get(k)!r}" for k in diff)
            raise ResultsFileError(f"{self.path} holds the results of another run ({theirs}); repeat that command or give another --save file")
        for n, line in enumerate(lines[1:], start=2):
            try:
                row = json.loads(line)
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
            self._write({"run": self.run})
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
