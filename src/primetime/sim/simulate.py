"""Play many bot-only games quickly and summarise them.

The games are driven through the ruleset directly (``legal_keys`` / ``apply_key``), with
logging off, rather than through the checking :class:`~primetime.core.game.Game` facade.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from primetime._build import current_build
from primetime.bots.registry import make_bot
from primetime.core.game import get_ruleset
from primetime.sim.backends import check_backend, run_tasks
from primetime.sim.errors import SimulationError
from primetime.sim.games import Progress, play_game, seat_bots


def simulate(
    game: str = "networks",
    players: int = 4,
    games: int = 100,
    bot: str | Sequence[str] = "random",
    seed: int = 0,
    progress: Progress | None = None,
    options: dict[str, Any] | None = None,
    workers: int = 1,
    backend: str = "local",
) -> dict[str, Any]:
    """Play ``games`` bot-only games; game ``i`` uses seed ``seed + i`` (engine and bots).

    An exception ends only its own game; it is counted in ``errors`` with its message.
    ``progress(done, total)`` is called after every game.  ``workers`` and ``backend``
    (``local`` or ``ray``) spread the games over processes (:mod:`primetime.sim.backends`); the
    report is the same whatever they are, apart from the timings.
    """
    if games < 0:
        raise SimulationError("games must be 0 or more")
    try:
        rs = get_ruleset(game)
        names = seat_bots(bot, players)
        for name in set(names):
            make_bot(name, 0)  # unknown names fail before any game is played
        rs.validate_options({**(options or {}), "log": False}, players)  # bad options fail before any game
    except SimulationError:
        raise
    except ValueError as exc:
        raise SimulationError(str(exc)) from None
    check_backend(backend, workers)

    scores: list[int] = []
    seat_totals = [0] * players
    wins = [0] * players
    errors: list[str] = []
    decisions = 0
    finished = 0
    t0 = time.perf_counter()
    specs = [{"game": game, "players": players, "bots": names, "seed": seed + i, "options": options or {}} for i in range(games)]
    for i, res in enumerate(run_tasks(play_game, specs, workers, backend, progress)):
        if "error" in res:
            errors.append(f"game {i} (seed {seed + i}): {res['error']}")
            continue
        decisions += res["decisions"]
        finished += 1
        scores.extend(res["scores"])
        for p, v in enumerate(res["scores"]):
            seat_totals[p] += v
        for w in res["winners"]:
            wins[w] += 1
    seconds = time.perf_counter() - t0
    return {
        "game": game,
        "players": players,
        "bots": names,
        "seed": seed,
        "games": games,
        "finished": finished,
        "errors": len(errors),
        "error_messages": errors,
        "seconds": seconds,
        "games_per_second": finished / seconds if seconds > 0 else 0.0,
        "decisions": decisions,
        "decisions_per_second": decisions / seconds if seconds > 0 else 0.0,
        "mean_decisions_per_game": decisions / finished if finished else 0.0,
        "score_mean": sum(scores) / len(scores) if scores else 0.0,
        "score_min": min(scores) if scores else 0,
        "score_max": max(scores) if scores else 0,
        "score_mean_by_seat": [t / finished if finished else 0.0 for t in seat_totals],
        "wins_by_seat": wins,
        "build": current_build(),
    }
