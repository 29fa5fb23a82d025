"""One bot-only game from a plain spec, and the seeds it uses (the unit every backend runs)."""

from __future__ import annotations

import importlib
import time
from collections.abc import Callable, Sequence
from typing import Any

from primetime.bots.registry import check_bot, make_bot
from primetime.core.game import get_ruleset
from primetime.sim.errors import SimulationError

MAX_DECISIONS = 100_000  # a game that runs longer than this is reported as an error

Progress = Callable[[int, int], None]


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` for the game seeded ``game_seed``."""
    return game_seed * 1009 + seat


def parse_bots(bots: str | Sequence[str], game: str | None = None) -> list[str]:
    """Bot names from ``"greedy, mcts:hard"`` or a list, each one a known bot (that plays ``game``, when given); at least one."""
    names = [b.strip() for b in bots.split(",")] if isinstance(bots, str) else [str(b).strip() for b in bots]
    names = [b for b in names if b]
    if not names:
        raise SimulationError("name at least one bot")
    for b in dict.fromkeys(names):
        try:
            check_bot(b, game)  # a trained policy (policy:PATH) is loaded here once: a missing file or extra fails now
        except ValueError as exc:
            raise SimulationError(str(exc)) from None
    return names


def seat_bots(bot: str | Sequence[str], players: int) -> list[str]:
    """One bot name per seat from ``"greedy"``, ``"greedy,random"`` or a list of names."""
    names = [b.strip() for b in bot.split(",")] if isinstance(bot, str) else [str(b) for b in bot]
    if len(names) == 1:
        return names * players
    if len(names) != players:
        raise SimulationError(f"give one bot for every seat or one for all: {len(names)} bots for {players} players")
    return names


def play_game(spec: dict[str, Any]) -> dict[str, Any]:
    """Play one bot-only game; never raises (a failure is returned as ``{"error": ...}``).

    ``spec``: ``game``, ``players``, ``bots`` (one name per seat), ``seed``, optional
    ``options``, ``bot_seeds`` (default :func:`bot_seed`) and ``collect`` (a callable path
    ``"module:function"`` called as ``f(ruleset, state, key)`` before every move and
    ``f(ruleset, state, None)`` at the end; whatever the last call returns is the result's
    ``"extra"``).  ``think`` is the time each seat's bot spent choosing; a bot whose choice is a
    single draw among the keys (the random bot, see :meth:`~primetime.bots.base.Bot.picker`)
    is not timed: its ``think`` is 0.
    """
    seed = int(spec["seed"])
    players = int(spec["players"])
    names = list(spec["bots"])
    t0 = time.perf_counter()
    try:
        rs = get_ruleset(spec.get("game", "networks"))
        opts = rs.validate_options({**(spec.get("options") or {}), "log": False}, players)
        state = rs.new_state(opts, seed, players)
        seeds = spec.get("bot_seeds") or [bot_seed(seed, p) for p in range(players)]
        bots = [make_bot(names[p], int(seeds[p])) for p in range(players)]
        collect = _resolve(spec["collect"]) if spec.get("collect") else None
        # The loop runs once per decision, so everything it calls is bound beforehand, the seat is
        # looked up only when there is a choice, and a bot whose choice is one draw among the keys
        # (the random bot: Bot.picker) is not called through, timed or checked (bench/engine_speed.py
        # measures this loop against the bare legal_keys/apply_key loop).
        legal_keys, apply_key, current, is_over = rs.legal_keys, rs.apply_key, rs.current_player, rs.is_over
        select = [b.select for b in bots]
        pickers = [b.picker() for b in bots]
        clock = time.perf_counter
        limit = MAX_DECISIONS
        n = 0
        choices = [0] * players  # decisions with a real choice, per seat
        think = [0.0] * players  # seconds spent choosing, per seat (bots with a picker: not timed)
        drawn = [pick for pick in pickers if pick is not None]
        if collect is None and len(drawn) == players:  # every seat's choice is one draw (random bots)
            n = _play_drawn(rs, state, drawn, choices)
        while not is_over(state):
            keys = legal_keys(state)
            if len(keys) == 1:
                key = keys[0]
            else:
                p = current(state)
                pick = pickers[p]
                if pick is not None:
                    key = keys[pick(len(keys))]
                else:
                    t = clock()
                    key = select[p](rs, state, p, keys)
                    think[p] += clock() - t
                    if key not in keys:
                        raise RuntimeError(f"the {names[p]} bot in seat {p} chose the illegal key {key!r}")
                choices[p] += 1
            if collect is not None:
                collect(rs, state, key)
            apply_key(state, key)
            n += 1
            if n > limit:
                raise RuntimeError(f"no end after {MAX_DECISIONS} decisions")
        result = rs.result(state)
        out: dict[str, Any] = {
            "seed": seed,
            "bots": names,
            "scores": list(rs.scores(state)),
            "winners": list(result.get("winners", [])),
            "decisions": n,
            "choices": choices,
            "think": think,
            "seconds": time.perf_counter() - t0,
        }
        if "rank" in result:
            out["rank"] = result["rank"]
        if collect is not None:
            out["extra"] = collect(rs, state, None)
        return out
    except Exception as exc:  # one broken game must not stop the run
        return {"seed": seed, "bots": names, "error": f"{type(exc).__name__}: {exc}", "seconds": time.perf_counter() - t0}


def _play_drawn(rs: Any, state: Any, pickers: list[Callable[[int], int]], choices: list[int]) -> int:
    """``play_game``'s loop when every seat's bot has a picker and nothing is collected: the same
    draws and counts, with nothing else in the way; returns the decisions."""
    legal_keys, apply_key, current, is_over = rs.legal_keys, rs.apply_key, rs.current_player, rs.is_over
    limit = MAX_DECISIONS
    n = 0
    while not is_over(state):
        keys = legal_keys(state)
        if len(keys) == 1:
            apply_key(state, keys[0])
        else:
            p = current(state)
            apply_key(state, keys[pickers[p](len(keys))])
            choices[p] += 1
        n += 1
        if n > limit:
            raise RuntimeError(f"no end after {MAX_DECISIONS} decisions")
    return n


def _resolve(path: str) -> Callable[..., Any]:
    mod, _, attr = path.partition(":")
    factory = getattr(importlib.import_module(mod), attr)
    return factory()  # type: ignore[no-any-return]
