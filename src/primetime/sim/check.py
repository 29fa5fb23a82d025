"""Seeded games that check the invariants a game states about itself (``primetime check``).

"A rules bug found once becomes an invariant that random games check, not only a test of that
one position."  Each game's plugin hands over its invariants (``GamePlugin.invariants``,
``option_checks``, ``hidden_checks``: see :mod:`primetime.core.invariants`); this module plays
seeded games with them and stops at the first violation, reported as a minimal reproduction.

Game ``i`` of a run (seed ``seed + i``) is played by ``players[i % len(players)]`` players,
with the ``(i // len(players))``-th combination of the game's options (every choice of every
option the lobby offers, The Networks' two pilot setups and two turn orders, Prime Time's
Bonds and Simultaneous Scheduling on and off; combinations a player count does not allow are
left out; an expansion module, an option marked ``"module"`` in the schema such as The Networks'
Moguls, stays off unless the run turns it on: ``modules``), and each seat played by a bot drawn from ``bots`` with the game's seed (so seats
mix random and greedy play).  At every decision the state invariants and the option checks
run; every ``hidden_every`` decisions the hidden-information check runs for one seat (in turn); at the
end the game is replayed from its seed and actions and must end in the same state (``replay``).

Games run in batches over the process pool (:func:`primetime.sim.backends.run_tasks`); after a
batch with a violation the run stops, and the violation of the lowest game index is reported,
so the answer is the same whatever the number of workers.  A :class:`Violation` holds the seed,
options, player count, bots, the index of the action at whose decision it was found, the
offending option key, the problem and the record of the game up to there, which
``primetime replay`` reads.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from primetime.bots.registry import make_bot
from primetime.core.game import FORMAT_VERSION
from primetime.core.invariants import NAMES
from primetime.core.plugin import game_names, get_plugin
from primetime.core.rng import Rng
from primetime.sim.backends import check_backend, run_tasks
from primetime.sim.errors import SimulationError
from primetime.sim.games import MAX_DECISIONS, Progress, bot_seed, parse_bots

DEFAULT_BOTS = ("random", "greedy")
HIDDEN_EVERY = 10  # decisions between two hidden-information checks
BATCH = 16  # games per batch at least (a run stops after the batch with its first violation)


@dataclass(frozen=True)
class Violation:
    """The first invariant a game broke, as a reproduction."""

    game: str
    seed: int
    players: int
    options: dict[str, Any]
    bots: list[str]
    action: int  # actions applied before the decision at which it was found
    player: int | None  # who decides there
    decision: str  # the kind of that decision
    key: str | None  # the offending option key (None: the state itself breaks the invariant)
    invariant: str  # its name (primetime.core.invariants.NAMES)
    problem: str
    actions: list[str] = field(default_factory=list)  # the game's actions up to that decision
    index: int = 0  # the game's index in the run

    def names(self) -> list[str]:
        return [f"{b.capitalize()} Bot {p + 1}" for p, b in enumerate(self.bots)]

    def record(self) -> dict[str, Any]:
        """A game record (``primetime replay`` and ``primetime play --resume`` read it) that stops at the
        decision where the invariant broke, with the reproduction under ``"check"``."""
        return {
            "format_version": FORMAT_VERSION, "game": self.game, "seed": self.seed, "players": self.names(),
            "options": dict(self.options), "actions": list(self.actions),
            "cli": {"bots": {str(p): b for p, b in enumerate(self.bots)}},
            "check": {"action": self.action, "player": self.player, "decision": self.decision, "key": self.key,
                      "invariant": self.invariant, "problem": self.problem, "bots": list(self.bots)},
        }

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class CheckReport:
    """What a run found."""

    game: str
    players: list[int]
    bots: list[str]
    seed: int
    games: int  # games asked for
    played: int  # games checked (all of them unless a violation stopped the run)
    decisions: int
    seconds: float
    violation: Violation | None
    skipped: list[str] = field(default_factory=list)
    modules: list[str] = field(default_factory=list)  # expansion modules on in every game

    @property
    def games_per_second(self) -> float:
        return self.played / self.seconds if self.seconds > 0 else 0.0

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        out["games_per_second"] = self.games_per_second
        out["violations"] = 0 if self.violation is None else 1
        return out


# ----------------------------------------------------------------------------- the games of a run


def module_names(game: str) -> list[str]:
    """The game's expansion modules: the options its schema marks ``"module"``."""
    return [k for k, spec in get_plugin(game).options.items() if isinstance(spec, dict) and spec.get("module")]


def option_sets(game: str, players: int, modules: Sequence[str] = ()) -> list[dict[str, Any]]:
    """Every combination of the game's table options (its plugin's schema) valid for ``players``,
    with the expansion modules in ``modules`` on (and the others off, left out)."""
    plugin = get_plugin(game)
    rs = plugin.ruleset()
    known = module_names(game)
    for m in modules:
        if m not in known:
            raise SimulationError(f"{plugin.title} has no module {m!r}" + (f"; its modules: {', '.join(known)}" if known else ""))
    names = [k for k in plugin.options if k not in known]
    choices = []
    for name in names:
        spec = plugin.options[name]
        choices.append([c["id"] for c in spec] if isinstance(spec, list) else [False, True])
    out = []
    for combo in itertools.product(*choices):
        opts = dict(zip(names, combo, strict=True))
        opts.update({m: True for m in modules})
        try:
            rs.validate_options(dict(opts), players)
        except ValueError:
            continue
        out.append(opts)
    return out


def specs(game: str, games: int, players: Sequence[int], bots: Sequence[str], seed: int = 0,
          hidden_every: int = HIDDEN_EVERY, skip: Sequence[str] = (), modules: Sequence[str] = ()) -> list[dict[str, Any]]:
    """The plain specs of a run's games (see the module docstring)."""
    sets = {n: option_sets(game, n, modules) for n in set(players)}
    for n, found in sets.items():
        if not found:
            raise SimulationError(f"no option combination of {game} with {', '.join(modules)} allows {n} player(s)")
    out = []
    for i in range(games):
        n = players[i % len(players)]
        opts = sets[n][(i // len(players)) % len(sets[n])]
        pick = Rng((seed + i) * 7919 + 17)
        seats = [bots[pick.below(len(bots))] for _ in range(n)]
        out.append({"game": game, "index": i, "seed": seed + i, "players": n, "options": opts, "bots": seats,
                    "hidden_every": hidden_every, "skip": list(skip)})
    return out


def _kind(rs: Any, state: Any) -> str:
    """The kind of the pending decision ("" if none or the state cannot say)."""
    try:
        dec = rs.decision(state)
    except Exception:  # a state left broken by a crash
        return ""
    return "" if dec is None else str(dec.kind)


def _violation(spec: dict[str, Any], actions: list[str], player: int | None, decision: str, key: str | None,
               problem: str) -> dict[str, Any]:
    name = problem.split(":", 1)[0]
    v = Violation(spec["game"], int(spec["seed"]), int(spec["players"]), dict(spec["options"]), list(spec["bots"]),
                  len(actions), player, decision, key, name if name in NAMES else "crash", problem, list(actions),
                  int(spec.get("index", 0)))
    return v.to_json()


def _replay_problem(rs: Any, spec: dict[str, Any], actions: list[str], state: Any) -> str:
    """"" if the game's actions, applied again to a new game of the same seed and options, end in the
    same state (the record replays exactly), else the problem."""
    n, seed = int(spec["players"]), int(spec["seed"])
    again = rs.new_state(rs.validate_options(dict(spec["options"]), n), seed, n)
    for i, key in enumerate(actions):
        try:
            rs.apply_key(again, key)
        except Exception as exc:  # the replay took another course
            return f"replay: action {i} ({key!r}) replayed from seed {seed} raises {type(exc).__name__}: {exc}"
    if not rs.is_over(again):
        return f"replay: the game's {len(actions)} actions replayed from seed {seed} do not end the game"
    if rs.to_json(again) != rs.to_json(state):
        return f"replay: the game's {len(actions)} actions replayed from seed {seed} end in another state"
    return ""


def check_game(spec: dict[str, Any]) -> dict[str, Any]:
    """Play one game of a run with its invariants checked; never raises.  Returns ``decisions``,
    ``seconds`` and ``violation`` (None, or :meth:`Violation.to_json`)."""
    t0 = time.perf_counter()
    plugin = get_plugin(spec["game"])
    rs = plugin.ruleset()
    n, seed = int(spec["players"]), int(spec["seed"])
    skip = set(spec.get("skip") or ())
    every = int(spec.get("hidden_every") or 0)
    actions: list[str] = []
    player: int | None = None

    def done(violation: dict[str, Any] | None) -> dict[str, Any]:
        return {"index": spec.get("index", 0), "decisions": len(actions), "seconds": time.perf_counter() - t0,
                "violation": violation}

    def keep(problem: str) -> bool:
        return problem.split(":", 1)[0] not in skip

    key: str | None = None
    try:
        state = rs.new_state(rs.validate_options(dict(spec["options"]), n), seed, n)
        bots = [make_bot(name, bot_seed(seed, p)) for p, name in enumerate(spec["bots"])]
        while True:
            key = None
            player = rs.current_player(state)
            problems = [p for p in plugin.invariants(rs, state) if keep(p)]
            if problems:
                return done(_violation(spec, actions, player, _kind(rs, state), None, problems[0]))
            if rs.is_over(state):
                if "replay" not in skip:
                    problem = _replay_problem(rs, spec, actions, state)
                    if problem:
                        return done(_violation(spec, actions, None, "", None, problem))
                return done(None)
            bad = [(k, p) for k, p in plugin.option_checks(rs, state) if keep(p)]
            if bad:
                return done(_violation(spec, actions, player, _kind(rs, state), bad[0][0] or None, bad[0][1]))
            i = len(actions)
            if every and i % every == 0:
                seat = (i // every) % n
                problems = [p for p in plugin.hidden_checks(rs, state, seat, seed * 1_000_003 + i) if keep(p)]
                if problems:
                    return done(_violation(spec, actions, player, _kind(rs, state), None, problems[0]))
            keys = rs.legal_keys(state)
            assert player is not None
            key = keys[0] if len(keys) == 1 else bots[player].select(rs, state, player, keys)
            if key not in keys:
                raise RuntimeError(f"the {spec['bots'][player]} bot in seat {player} chose the illegal key {key!r}")
            rs.apply_key(state, key)
            actions.append(key)
            if len(actions) > MAX_DECISIONS:
                return done(_violation(spec, actions, player, _kind(rs, state), None, f"crash: no end after {MAX_DECISIONS} decisions"))
    except Exception as exc:  # the engine (or a check) failed: that is a finding too
        what = f" while applying {key!r}" if key is not None else ""
        return done(_violation(spec, actions, player, "", key, f"crash: {type(exc).__name__}: {exc}{what}"))


# ----------------------------------------------------------------------------- a run


def parse_players(game: str, players: Sequence[int] | str) -> list[int]:
    """Player counts from ``"1,2,3"`` or a list, each checked against the game."""
    plugin = get_plugin(game)
    try:
        counts = [int(x) for x in players.split(",") if x.strip()] if isinstance(players, str) else [int(x) for x in players]
    except ValueError:
        raise SimulationError(f"player counts are whole numbers separated by commas, not {players!r}") from None
    if not counts:
        raise SimulationError("name at least one player count")
    for n in counts:
        if not plugin.min_players <= n <= plugin.max_players:
            raise SimulationError(f"{plugin.title} is played by {plugin.min_players} to {plugin.max_players} players, not {n}")
    return counts


def parse_skip(skip: Sequence[str] | str) -> list[str]:
    names = [x.strip() for x in skip.split(",")] if isinstance(skip, str) else [str(x).strip() for x in skip]
    names = [x for x in names if x]
    for x in names:
        if x not in NAMES:
            raise SimulationError(f"unknown invariant {x!r}; the invariants are {', '.join(NAMES)}")
    return names


def check(
    game: str = "networks",
    games: int = 100,
    players: Sequence[int] | str = (2, 3, 4),
    bots: Sequence[str] | str = DEFAULT_BOTS,
    seed: int = 0,
    workers: int = 1,
    backend: str = "local",
    hidden_every: int = HIDDEN_EVERY,
    skip: Sequence[str] | str = (),
    progress: Progress | None = None,
    modules: Sequence[str] = (),
) -> CheckReport:
    """Play ``games`` seeded games of ``game`` with its invariants checked; stop after the first violation.

    Raises :class:`SimulationError` for an unknown game, bot or invariant, a player count the game
    does not allow, a negative number of games or a bad backend."""
    if game not in game_names():
        raise SimulationError(f"unknown game {game!r}; known games: {', '.join(game_names())}")
    if games < 0:
        raise SimulationError("games must be 0 or more")
    if hidden_every < 0:
        raise SimulationError("hidden_every must be 0 (never) or more")
    counts = parse_players(game, players)
    names = parse_bots(bots)
    skipped = parse_skip(skip)
    check_backend(backend, workers)
    todo = specs(game, games, counts, names, seed, hidden_every, skipped, modules)
    t0 = time.perf_counter()
    played = decisions = 0
    found: dict[str, Any] | None = None
    size = max(BATCH, 32 * workers)  # one process pool per batch: large enough that starting it costs little
    for start in range(0, len(todo), size):
        batch = todo[start:start + size]

        def step(done: int, _total: int, start: int = start) -> None:
            if progress is not None:
                progress(start + done, len(todo))

        results = run_tasks(check_game, batch, workers, backend, step)
        played += len(results)
        decisions += sum(r["decisions"] for r in results)
        bad = [r["violation"] for r in results if r["violation"] is not None]
        if bad:
            found = min(bad, key=lambda v: v["index"])
            break
    if progress is not None and found is None:
        progress(len(todo), len(todo))
    violation = Violation(**found) if found is not None else None
    return CheckReport(game, counts, names, seed, games, played, decisions, time.perf_counter() - t0, violation, skipped,
                       list(modules))
