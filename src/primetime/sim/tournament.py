"""Seat-rotated bot tournaments.

``lineup`` names one bot per seat.  Games come in *deals* of ``players`` games that share a
seed (the same shuffle of every deck): in game ``r`` of a deal, seat ``s`` is played by
``lineup[(s + r) % players]``, so every bot plays every seat on the same cards.  Game ``i``
belongs to deal ``i // players`` whose seed is ``seed + i // players``; a bot keeps the
seed of its lineup entry within a deal.

The report gives, per bot name (entries with the same name are pooled):

* win rate with a 95% Wilson interval (a shared win counts ``1/k`` for each of the ``k``
  winners, so the win rates of a game add up to 1);
* mean, standard deviation, median, minimum and maximum of the final scores;
* an Elo-scale rating fitted by Bradley-Terry maximum likelihood to the pairwise results
  between different bots (higher final score wins, equal is a draw), centred on 1500;
* mean thinking time per decision with a real choice (0 for the random bot, whose choice is one
  draw and is not timed).
"""

from __future__ import annotations

import contextlib
import math
import os
import statistics
import time
from collections.abc import Sequence
from typing import Any

from primetime.core.game import get_ruleset
from primetime.core.plugin import get_plugin
from primetime.sim.backends import check_backend, run_tasks
from primetime.sim.errors import SimulationError
from primetime.sim.games import Progress, bot_seed, parse_bots, play_game
from primetime.sim.results import ResultsFile, describe_code

Z95 = 1.959963984540054


def parse_lineup(bots: str | Sequence[str], players: int, game: str | None = None) -> list[str]:
    """One bot name per seat from ``"greedy,mcts:hard"`` (or one name for every seat), each playing ``game`` when given."""
    names = parse_bots(bots, game)
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise SimulationError(f"give one bot per seat ({players}) or one bot for every seat, not {len(names)}")
    return names


def schedule(
    players: int, lineup: Sequence[str], games: int, seed: int = 0, options: dict[str, Any] | None = None, game: str = "networks"
) -> list[dict[str, Any]]:
    """The game specs of a seat-rotated tournament (see the module docstring)."""
    specs = []
    for i in range(games):
        deal, r = divmod(i, players)
        deal_seed = seed + deal
        entries = [(s + r) % players for s in range(players)]
        specs.append(
            {
                "game": game,
                "players": players,
                "bots": [lineup[e] for e in entries],
                "entries": entries,
                "seed": deal_seed,
                "bot_seeds": [bot_seed(deal_seed, e) for e in entries],
                "options": dict(options or {}),
            }
        )
    return specs


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (fractional successes allowed)."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, centre - half), min(1.0, centre + half))


def bradley_terry(names: list[str], wins: dict[tuple[str, str], float], iterations: int = 500) -> dict[str, float]:
    """Elo-scale ratings (mean 1500) from pairwise win counts ``wins[(a, b)]`` (a over b).

    Every pair that met gets one virtual draw, so a bot that won every game still has a
    finite rating.
    """
    if len(names) < 2:
        return {n: 1500.0 for n in names}
    w = dict(wins)
    met = {(a, b) for (a, b) in w} | {(b, a) for (a, b) in w}
    for a, b in met:
        w[(a, b)] = w.get((a, b), 0.0) + 0.5
    gamma = {n: 1.0 for n in names}
    for _ in range(iterations):
        new = {}
        for i in names:
            won = sum(w.get((i, j), 0.0) for j in names if j != i)
            den = sum((w.get((i, j), 0.0) + w.get((j, i), 0.0)) / (gamma[i] + gamma[j]) for j in names if j != i)
            new[i] = won / den if den > 0 else gamma[i]
        g = math.exp(sum(math.log(v) for v in new.values() if v > 0) / len(names))
        gamma = {n: (v / g if v > 0 else 1e-9) for n, v in new.items()}
    return {n: 1500.0 + 400.0 * math.log10(gamma[n]) for n in names}


def summarise(players: int, lineup: Sequence[str], results: list[dict[str, Any]]) -> dict[str, Any]:
    """Per-bot statistics of a list of :func:`~primetime.sim.games.play_game` results."""
    names = sorted(set(lineup), key=list(lineup).index)
    scores: dict[str, list[int]] = {n: [] for n in names}
    credit = {n: 0.0 for n in names}
    think = {n: 0.0 for n in names}
    choices = {n: 0 for n in names}
    pair: dict[tuple[str, str], float] = {}
    errors = []
    finished = 0
    for res in results:
        if "error" in res:
            errors.append(f"seed {res['seed']}: {res['error']}")
            continue
        finished += 1
        bots, sc, winners = res["bots"], res["scores"], res["winners"]
        for s, b in enumerate(bots):
            scores[b].append(sc[s])
            think[b] += res["think"][s]
            choices[b] += res["choices"][s]
        for s in winners:
            credit[bots[s]] += 1.0 / len(winners)
        for a in range(players):
            for b in range(players):
                if a != b and bots[a] != bots[b]:
                    if sc[a] > sc[b]:
                        pair[(bots[a], bots[b])] = pair.get((bots[a], bots[b]), 0.0) + 1.0
                    elif sc[a] == sc[b]:
                        pair[(bots[a], bots[b])] = pair.get((bots[a], bots[b]), 0.0) + 0.5
    ratings = bradley_terry(names, pair)
    rows = []
    for n in names:
        xs = scores[n]
        k = len(xs)
        lo, hi = wilson(credit[n], k)
        rows.append(
            {
                "bot": n,
                "seats": sum(1 for x in lineup if x == n),
                "games": k,
                "wins": credit[n],
                "win_rate": credit[n] / k if k else 0.0,
                "win_ci95": [lo, hi],
                "fair_share": 1.0 / players,
                "score_mean": statistics.fmean(xs) if xs else 0.0,
                "score_sd": statistics.stdev(xs) if k > 1 else 0.0,
                "score_median": statistics.median(xs) if xs else 0.0,
                "score_min": min(xs) if xs else 0,
                "score_max": max(xs) if xs else 0,
                "rating": ratings[n],
                "seconds_per_decision": think[n] / choices[n] if choices[n] else 0.0,
            }
        )
    return {
        "finished": finished,
        "errors": len(errors),
        "error_messages": errors,
        "bots": rows,
        "pairwise": {f"{a} > {b}": v for (a, b), v in sorted(pair.items())},
    }


def tournament(
    players: int,
    bots: str | Sequence[str],
    games: int,
    seed: int = 0,
    workers: int = 1,
    backend: str = "local",
    progress: Progress | None = None,
    options: dict[str, Any] | None = None,
    game: str = "networks",
    save: str | os.PathLike[str] | None = None,
) -> dict[str, Any]:
    """Play a seat-rotated tournament and summarise it (see the module docstring).

    With ``save``, every finished game is appended to that results file at once, and games
    already in it are not played again (see :mod:`primetime.sim.results`): an interrupted
    tournament resumes, and a longer one (more ``games``, same seed) extends a shorter one.
    """
    try:
        rs = get_ruleset(game)
    except ValueError as exc:
        raise SimulationError(str(exc)) from None
    lo, hi = int(rs.min_players), int(rs.max_players)
    if not lo <= players <= hi:
        raise SimulationError(f"{get_plugin(game).short} is played by {lo} to {hi} players, not {players}")
    if games < 1:
        raise SimulationError("games must be at least 1")
    lineup = parse_lineup(bots, players)
    check_backend(backend, workers)
    t0 = time.perf_counter()
    specs = schedule(players, lineup, games, seed, options, game)
    results: list[Any] = [None] * len(specs)
    store = None
    if save is not None:
        store = ResultsFile(save, {"kind": "tournament", "game": game, "players": players, "lineup": lineup,
                                   "seed": seed, "options": options or {}})
        for i, r in store.done.items():
            if i < len(specs):
                results[i] = r
    todo = [i for i, r in enumerate(results) if r is None]
    resumed = len(specs) - len(todo)

    def report_progress(done: int, _total: int) -> None:
        if progress is not None:
            progress(resumed + done, len(specs))

    def keep(j: int, result: Any) -> None:
        if store is not None:
            store.add(todo[j], result)

    if progress is not None and resumed:
        progress(resumed, len(specs))
    with store if store is not None else contextlib.nullcontext():
        # ordered=False: each finished game is saved at once, whatever the games before it
        played = run_tasks(play_game, [specs[i] for i in todo], workers, backend, report_progress, on_result=keep,
                           ordered=False) if todo else []
    for i, r in zip(todo, played, strict=True):
        results[i] = r
    out = {"game": game, "players": players, "lineup": lineup, "games": games, "seed": seed, "workers": workers, "backend": backend,
           "resumed": resumed}
    if store is not None and store.code_changed is not None and resumed:
        before, now = store.code_changed
        out["code_changed"] = (f"the {resumed} game(s) already in {save} were played by other code ({describe_code(before)}) "
                               f"than this run ({describe_code(now)}); their results are kept and mixed with the new ones")
    out.update(summarise(players, lineup, results))
    out["seconds"] = time.perf_counter() - t0
    out["results"] = [{k: r.get(k) for k in ("seed", "bots", "scores", "winners", "error") if k in r} for r in results]
    return out
