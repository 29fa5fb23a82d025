"""Tutorials: a scripted first game, read from a data file next to each game (issue 35).

A tutorial file (TOML, ``games/<game>/data/tutorial/<name>.toml``) holds:

* ``title``, ``game`` (the registry name), ``seed``, ``players`` (names; seat 0 is the learner) and
  ``options``: a fixed deal;
* ``[bots]``: for each other seat (``"1"``, ``"2"``...) the list of its moves (option keys), made in
  order whenever that seat has a decision: the bots' moves are fixed;
* ``[[step]]`` entries, in order, each with ``text`` (what to look at and why), ``region`` (a part of
  the page by name, one of the game's tutorial regions: the web page highlights it and the terminal
  names it) and, for a step that asks for a move, ``move`` (the option key the learner must choose,
  or a pattern with ``*``: any legal key it matches) and ``refused`` (the sentence shown when any
  other move is tried: it names the rule).  A step without ``move`` is read and dismissed; the last
  step is such a closing step.

:func:`load_tutorial` checks the file's shape (a :class:`TutorialError` names the file, the step and
the field); :func:`check_tutorial` plays it through the engine (every scripted move legal, every
step's move offered when it is asked for).  :class:`Lesson` is one learner's way through it: the
terminal and the server both use it, so they show the same steps and refuse the same moves.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from pathlib import Path
from typing import Any

from primetime.core.game import Game
from primetime.core.plugin import plugins

LEARNER = 0  # the learner's seat
STEP_FIELDS = {"text", "region", "move", "refused"}
TOP_FIELDS = {"title", "game", "seed", "players", "options", "bots", "step", "summary"}


class TutorialError(ValueError):
    """A tutorial file that is malformed, or whose script the engine does not accept."""


class Refused(Exception):
    """A move the current step does not teach: ``sentence`` says what the rule is."""

    def __init__(self, sentence: str) -> None:
        super().__init__(sentence)
        self.sentence = sentence


@dataclass(frozen=True)
class Step:
    """One step: what to read, where to look, and (unless it is only read) the move to make."""

    index: int  # from 0, in the file's order
    text: str
    region: str
    move: str | None = None
    refused: str = ""

    def accepts(self, key: str) -> bool:
        """Whether ``key`` is the move this step teaches."""
        if self.move is None:
            return False
        return fnmatchcase(key, self.move) if "*" in self.move else key == self.move

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"index": self.index, "text": self.text, "region": self.region}
        if self.move is not None:
            out["move"] = self.move
            out["refused"] = self.refused
        return out


@dataclass(frozen=True)
class Tutorial:
    """A tutorial as read from its file."""

    name: str  # what `primetime learn NAME` and the lobby call it
    path: str
    title: str
    summary: str
    game: str
    seed: int
    players: tuple[str, ...]
    options: dict[str, Any]
    bots: dict[int, tuple[str, ...]]
    steps: tuple[Step, ...]
    regions: dict[str, str] = field(default_factory=dict)  # the game's region names -> their words

    @property
    def moves(self) -> list[Step]:
        """The steps that ask for a move."""
        return [s for s in self.steps if s.move is not None]

    def new_game(self) -> Game[Any]:
        return Game.new(self.game, list(self.players), self.seed, dict(self.options))

    def start(self) -> Lesson:
        """A learner's way through the tutorial, at its first step (the bots' first moves made)."""
        lesson = Lesson(self, self.new_game())
        lesson.advance()
        return lesson

    def replay(self, keys: list[str]) -> Lesson:
        """The lesson after the learner's ``keys`` (each must be accepted: :class:`Refused` otherwise)."""
        lesson = self.start()
        for key in keys:
            lesson.answer(key)
        return lesson


@dataclass
class Lesson:
    """One way through a tutorial: the game, the learner's moves so far and the bots' moves used."""

    tutorial: Tutorial
    game: Game[Any]
    done: int = 0  # learner moves made
    used: dict[int, int] = field(default_factory=dict)
    keys: list[str] = field(default_factory=list)  # the learner's moves, in order

    def group(self) -> tuple[list[Step], Step | None]:
        """The steps to show now: the reading steps before the next move, and that move's step (None at the end)."""
        moves = self.tutorial.moves
        target = moves[self.done] if self.done < len(moves) else None
        start = moves[self.done - 1].index + 1 if self.done else 0
        stop = target.index if target is not None else len(self.tutorial.steps)
        return list(self.tutorial.steps[start:stop]), target

    @property
    def finished(self) -> bool:
        return self.done >= len(self.tutorial.moves)

    def advance(self, play: Callable[[int, str], None] | None = None) -> list[tuple[int, str]]:
        """Make the bots' scripted moves until only the learner has a decision (or the script ends).
        ``play(seat, key)``, if given, applies each bot move to the game (to report it).
        Returns the moves made, as (seat, key)."""
        made: list[tuple[int, str]] = []
        g = self.game
        while not g.is_over():
            pending = g.pending_players()
            bots = [p for p in pending if p != LEARNER]
            if not bots:
                break
            seat = bots[0]
            script = self.tutorial.bots.get(seat, ())
            n = self.used.get(seat, 0)
            if n >= len(script):
                if self.finished:
                    break
                raise TutorialError(f"{self.tutorial.path}: bots: seat {seat}: no scripted move left for its decision "
                                    f"before step {self.tutorial.moves[self.done].index + 1}")
            key = script[n]
            if key not in g.legal_keys(seat):
                raise TutorialError(f"{self.tutorial.path}: bots: seat {seat}: move {n + 1} {key!r} is not legal "
                                    f"({g.ruleset.explain_illegal(g.state, key, seat)})")
            if play is None:
                g.apply(seat, key)
            else:
                play(seat, key)
            self.used[seat] = n + 1
            made.append((seat, key))
        return made

    def expected(self) -> Step | None:
        """The step whose move is asked for now (None when the tutorial's moves are done)."""
        return self.group()[1]

    def answer(self, key: str, play: Callable[[int, str], None] | None = None) -> list[tuple[int, str]]:
        """The learner's move: applied if the step teaches it (then the bots move), :class:`Refused` otherwise."""
        step = self.expected()
        if step is None:
            raise Refused("The tutorial is over: every step has been played.")
        if not step.accepts(key):
            raise Refused(step.refused)
        g = self.game
        if LEARNER not in g.pending_players() or key not in g.legal_keys(LEARNER):
            raise TutorialError(f"{self.tutorial.path}: step {step.index + 1}: move: {key!r} is not a legal move here")
        if play is None:
            g.apply(LEARNER, key)
        else:
            play(LEARNER, key)
        self.done += 1
        self.keys.append(key)
        return self.advance(play)

    def choices(self) -> list[str]:
        """The legal keys the current step accepts."""
        step = self.expected()
        if step is None or LEARNER not in self.game.pending_players():
            return []
        return [k for k in self.game.legal_keys(LEARNER) if step.accepts(k)]


# ---------------------------------------------------------------------- reading and checking


def _need(cond: bool, where: str, problem: str) -> None:
    if not cond:
        raise TutorialError(f"{where}: {problem}")


def load_tutorial(path: Path, regions: dict[str, str], name: str | None = None) -> Tutorial:
    """Read and check the shape of one tutorial file; ``regions``: the game's region names and words."""
    where = str(path)
    try:
        data = tomllib.loads(path.read_text())
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise TutorialError(f"{where}: cannot read: {exc}") from None
    unknown = set(data) - TOP_FIELDS
    _need(not unknown, where, f"unknown field(s) {sorted(unknown)}; a tutorial has {sorted(TOP_FIELDS)}")
    for key, kind in (("title", str), ("game", str), ("seed", int), ("players", list), ("step", list)):
        _need(isinstance(data.get(key), kind), f"{where}: {key}", f"required, a {kind.__name__}")
    players = data["players"]
    _need(len(players) >= 1 and all(isinstance(p, str) and p for p in players), f"{where}: players", "a list of names")
    options = data.get("options", {})
    _need(isinstance(options, dict), f"{where}: options", "a table of the game's options")
    bots_raw = data.get("bots", {})
    _need(isinstance(bots_raw, dict), f"{where}: bots", "a table: seat number -> list of option keys")
    bots: dict[int, tuple[str, ...]] = {}
    for seat, keys in bots_raw.items():
        _need(seat.isdigit() and 0 < int(seat) < len(players), f"{where}: bots: {seat}", f"a seat from 1 to {len(players) - 1}")
        _need(isinstance(keys, list) and all(isinstance(k, str) and k for k in keys), f"{where}: bots: {seat}", "a list of option keys")
        bots[int(seat)] = tuple(keys)
    steps: list[Step] = []
    for i, raw in enumerate(data["step"]):
        at = f"{where}: step {i + 1}"
        _need(isinstance(raw, dict), at, "a table")
        extra = set(raw) - STEP_FIELDS
        _need(not extra, at, f"unknown field(s) {sorted(extra)}; a step has {sorted(STEP_FIELDS)}")
        text, region, move, refused = raw.get("text"), raw.get("region"), raw.get("move"), raw.get("refused")
        _need(isinstance(text, str) and text.strip() != "", f"{at}: text", "required: what to look at and why")
        _need(isinstance(region, str) and region in regions, f"{at}: region",
              f"{region!r} is not a region of the page; one of {', '.join(sorted(regions))}")
        if move is not None:
            _need(isinstance(move, str) and move != "", f"{at}: move", "an option key (or a pattern with *)")
            _need(isinstance(refused, str) and refused.strip() != "", f"{at}: refused",
                  "required with a move: the sentence shown when another move is tried, naming the rule")
        else:
            _need(refused is None, f"{at}: refused", "only a step with a move refuses other moves")
        steps.append(Step(i, str(text).strip(), str(region), move, str(refused or "").strip()))
    _need(bool(steps), f"{where}: step", "at least one step")
    _need(steps[-1].move is None, f"{where}: step {len(steps)}", "the last step closes the tutorial: it has no move")
    return Tutorial(name or path.stem, where, data["title"], str(data.get("summary", "")), data["game"], data["seed"],
                    tuple(players), options, bots, tuple(steps), dict(regions))


def check_tutorial(tut: Tutorial) -> int:
    """Play the tutorial through the engine: every scripted move legal and every step's move offered
    when it is asked for; each choice a pattern step accepts is followed.  Returns the ways played."""
    ways = 0
    stack: list[list[str]] = [[]]
    while stack:
        keys = stack.pop()
        try:
            lesson = tut.replay(keys)
        except ValueError as exc:  # a bad option of the deal (a TutorialError names its step itself)
            if isinstance(exc, TutorialError):
                raise
            raise TutorialError(f"{tut.path}: {exc}") from None
        if lesson.finished:
            ways += 1
            continue
        step = lesson.expected()
        assert step is not None
        options = lesson.choices()
        if not options:
            legal = lesson.game.legal_keys(LEARNER) if LEARNER in lesson.game.pending_players() else []
            why = "the learner has no decision" if not legal else f"legal keys: {', '.join(legal[:12])}"
            raise TutorialError(f"{tut.path}: step {step.index + 1}: move: {step.move!r} is not offered here ({why})")
        for key in reversed(options):
            stack.append(keys + [key])
    return ways


ALIASES = {"prime_time": "prime-time", "primetime": "prime-time", "the-networks": "networks", "base": "networks"}


def all_tutorials() -> dict[str, Tutorial]:
    """Every game's tutorials, by name (each game's plugin reads its own)."""
    out: dict[str, Tutorial] = {}
    for plugin in plugins():
        out.update(plugin.tutorials())
    return out


def find_tutorial(name: str) -> Tutorial:
    """The tutorial called ``name`` (``networks``, ``prime-time``, ``modules``); ``KeyError`` naming them otherwise."""
    key = name.strip().lower().replace(" ", "_")
    key = ALIASES.get(key, key)
    tuts = all_tutorials()
    if key not in tuts:
        raise KeyError(f"unknown tutorial {name!r}; choose one of {', '.join(tuts)}")
    return tuts[key]
