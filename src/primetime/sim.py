"""Play many bot-only games quickly and summarise them.

The games are driven through the ruleset directly (``legal_keys`` / ``apply_key``), with
logging off, rather than through the checking :class:`~primetime.core.game.Game` facade.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from primetime._build import current_build
from primetime.bots.registry import make_bot
from primetime.core.game import get_ruleset

MAX_DECISIONS = 100_000  # a game that runs longer than this is reported as an error

Progress = Callable[[int, int], None]


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` for the game seeded ``game_seed``."""
    return game_seed * 1009 + seat


def seat_bots(bot: str | Sequence[str], players: int) -> list[str]:
    """One bot name per seat from ``"greedy"``, ``"greedy,random"`` or a list of names."""
    names = [b.strip() for b in bot.split(",")] if isinstance(bot, str) else [str(b) for b in bot]
    if len(names) == 1:
        return names * players
    if len(names) != players:
        raise ValueError(f"give one bot for every seat or one for all: {len(names)} bots for {players} players")
    return names


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
    (``local`` or ``ray``) spread the games over processes (:mod:`primetime.scale`); the
    report is the same whatever they are, apart from the timings.
    """
    from primetime.scale import check_backend, play_game, run_tasks

    if games < 0:
        raise ValueError("games must be 0 or more")
    rs = get_ruleset(game)
    names = seat_bots(bot, players)
    for name in set(names):
        make_bot(name, 0)  # unknown names fail before any game is played
    rs.validate_options({**(options or {}), "log": False}, players)  # bad options fail before any game
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
