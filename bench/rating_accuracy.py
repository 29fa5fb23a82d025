"""How well do the server's ratings find out who is stronger?  Plackett-Luce (openskill) against
the pairwise Glicko-2 of earlier releases, on a league of bots of known strength.

The league: ``--per-level`` "accounts" for each bot level, weakest to strongest ``random``,
``greedy``, ``mcts:easy``, ``mcts:normal``, ``mcts:hard``.  Game ``i`` seats 3, 4 or 5 accounts
drawn at random (seeded) at a table of The Networks (engine and bots seeded by the game's seed).
The games are played with worker processes (``--workers``, :func:`primetime.sim.backends.run_tasks`)
and cached, one JSON line each, in ``--cache``: a second run with the same file plays only the
missing games, and the ratings are computed again from the file in a moment.

Both models rate the first ``1 - --holdout`` of the games in order, as the server would, then:

* **Spearman**: the rank correlation between the accounts' rating order and their true strength
  order (the level; the accounts of a level are tied), for the number each model shows
  (openskill: the conservative ``1500 + 30 (mu - 3 sigma)``; Glicko-2: the rating) and for the mean.
  Against the nominal order of the levels, and against the order their games measure: each level's
  share of opponents finishing ahead of it, pooled over its accounts and every game of the league
  (at 3-5 players two search levels can be about as strong: then no rating can order their accounts,
  and with the accounts of a level tied even a perfect rating scores below 1; the report also gives
  the score of ordering the accounts by their own share of opponents ahead in the rated games, a
  yardstick of how much the games themselves tell);
* **order log-loss** on the held-out games (ratings frozen): the mean ``-log P(finishing order)``
  (ties: the sum over the orders that break them) under Plackett-Luce with each model's strengths
  (openskill: ``mu / c`` as in its update; Glicko-2: ``g(phi) mu`` with ``phi`` the table's root mean
  square deviation times sqrt 2, which is Glicko's own pairwise prediction for two players),
  beside a uniform guess (every order equally likely);
* **pair log-loss**: the mean ``-log P(a beats b)`` over the held-out games' pairs that did not tie
  (openskill: ``1 / (1 + exp(-(mu_a - mu_b) / c))``; Glicko-2: its expected score with
  ``g(sqrt(phi_a^2 + phi_b^2))``), and **winner found**: how often the best-rated player won.

Usage::

    nice python bench/rating_accuracy.py                       # 3,000 games, 2 workers
    nice python bench/rating_accuracy.py --games 600 --workers 2 --cache /tmp/league.jsonl
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table

from primetime.core.rng import Rng
from primetime.server import rating, rating_glicko
from primetime.sim.backends import run_tasks
from primetime.sim.games import play_game

LEVELS = ("random", "greedy", "mcts:easy", "mcts:normal", "mcts:hard")  # weakest to strongest
DEFAULT_CACHE = Path(__file__).resolve().parent / "results" / "rating-accuracy-games.jsonl"
SEED_BASE = 7_000_000  # game i of league seed s plays engine seed SEED_BASE + s * 1_000_000 + i


def league(per_level: int) -> list[tuple[str, int]]:
    """The accounts: (name, true strength: the level's index)."""
    return [(f"{level}#{k + 1}", i) for i, level in enumerate(LEVELS) for k in range(per_level)]


def game_spec(i: int, seed: int, accounts: Sequence[tuple[str, int]]) -> dict[str, Any]:
    rng = Rng(seed * 1_000_003 + i).fork(i)
    n = rng.choice((3, 4, 5))
    order = list(range(len(accounts)))
    rng.shuffle(order)
    seated = order[:n]
    return {"i": i, "game": "networks", "players": n, "seed": SEED_BASE + seed * 1_000_000 + i,
            "accounts": [accounts[a][0] for a in seated], "bots": [LEVELS[accounts[a][1]] for a in seated]}


def play(spec: dict[str, Any]) -> dict[str, Any]:
    out = play_game(spec)
    return {"i": spec["i"], "seed": spec["seed"], "accounts": spec["accounts"], "bots": spec["bots"],
            **{k: out[k] for k in ("scores", "winners", "error", "seconds") if k in out}}


# ---------------------------------------------------------------------- the cache of played games


def load_cache(path: Path, header: dict[str, Any]) -> dict[int, dict[str, Any]]:
    """The games stored in ``path`` (played for the same league and seed), by index."""
    if not path.exists():
        return {}
    games: dict[int, dict[str, Any]] = {}
    with path.open() as f:
        first = f.readline()
        if first.strip():
            got = json.loads(first).get("header")
            if got != header:
                sys.exit(f"{path} holds games of another league ({got}); give another --cache file or the same --seed and --per-level")
        for line in f:
            if line.strip():
                try:
                    g = json.loads(line)
                except json.JSONDecodeError:
                    continue  # a line cut short by an interrupted run: played again
                if "error" not in g:
                    games[int(g["i"])] = g
    return games


def play_missing(games: int, workers: int, seed: int, per_level: int, cache: Path, console: Console) -> list[dict[str, Any]]:
    header = {"levels": list(LEVELS), "per_level": per_level, "seed": seed, "game": "networks", "draw": "rng-1"}
    done = load_cache(cache, header)
    accounts = league(per_level)
    todo = [game_spec(i, seed, accounts) for i in range(games) if i not in done]
    if todo:
        cache.parent.mkdir(parents=True, exist_ok=True)
        fresh = not cache.exists() or cache.stat().st_size == 0
        with cache.open("a") as f:
            if fresh:
                f.write(json.dumps({"header": header}) + "\n")
            errors: list[str] = []

            def keep(_: int, res: dict[str, Any]) -> None:
                if "error" in res:
                    errors.append(f"game {res['i']}: {res['error']}")
                    return
                f.write(json.dumps(res) + "\n")
                f.flush()
                done[int(res["i"])] = res

            columns = (TextColumn("playing"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(), TextColumn("left"), TimeRemainingColumn())
            with Progress(*columns, console=console) as bar:
                task = bar.add_task("games", total=len(todo))
                run_tasks(play, todo, workers, "local", progress=lambda n, _total: bar.update(task, completed=n),
                          on_result=keep, ordered=False)
            for e in errors:
                console.print(f"[red]{e}[/red]")
    return [done[i] for i in range(games) if i in done]


# ---------------------------------------------------------------------- the models


def ranks_of(g: dict[str, Any]) -> list[int]:
    got = rating.finishing_ranks({"players": [{"total": s} for s in g["scores"]], "winners": g["winners"]})
    assert got is not None
    return got


class OpenSkill:
    name = "openskill Plackett-Luce"

    def __init__(self) -> None:
        self.skills: dict[str, rating.Skill] = {}

    def update(self, accounts: list[str], ranks: list[int], result: dict[str, Any]) -> None:
        after = rating.rate([self.skills.get(a, rating.Skill()) for a in accounts], ranks)
        self.skills.update(zip(accounts, after, strict=True))

    def shown(self, a: str) -> float:
        return self.skills.get(a, rating.Skill()).shown

    def mean(self, a: str) -> float:
        return self.skills.get(a, rating.Skill()).mu

    def order_ll(self, accounts: list[str], ranks: list[int]) -> float:
        return rating.order_log_likelihood([self.skills.get(a, rating.Skill()) for a in accounts], ranks)

    def beats(self, a: str, b: str) -> float:
        sa, sb = self.skills.get(a, rating.Skill()), self.skills.get(b, rating.Skill())
        c = math.sqrt(sa.sigma ** 2 + sb.sigma ** 2 + 2 * rating.BETA ** 2)
        return 1.0 / (1.0 + math.exp(-(sa.mu - sb.mu) / c))


class Glicko:
    name = "Glicko-2 pairwise"

    def __init__(self) -> None:
        self.ratings: dict[str, rating_glicko.Rating] = {}

    def get(self, a: str) -> rating_glicko.Rating:
        return self.ratings.get(a, rating_glicko.Rating())

    def update(self, accounts: list[str], ranks: list[int], result: dict[str, Any]) -> None:
        scores = rating_glicko.pairwise_scores(result)
        assert scores is not None
        after = rating_glicko.rate_table([self.get(a) for a in accounts], scores)
        self.ratings.update(zip(accounts, after, strict=True))

    def shown(self, a: str) -> float:
        return self.get(a).rating

    mean = shown

    def order_ll(self, accounts: list[str], ranks: list[int]) -> float:
        rs = [self.get(a) for a in accounts]
        phi = math.sqrt(2 * sum((r.rd / rating_glicko.SCALE) ** 2 for r in rs) / len(rs))
        g = rating_glicko._g(phi)
        return rating.plackett_luce_log_likelihood([g * (r.rating - 1500) / rating_glicko.SCALE for r in rs], ranks)

    def beats(self, a: str, b: str) -> float:
        ra, rb = self.get(a), self.get(b)
        phi = math.hypot(ra.rd, rb.rd) / rating_glicko.SCALE
        return 1.0 / (1.0 + math.exp(-rating_glicko._g(phi) * (ra.rating - rb.rating) / rating_glicko.SCALE))


def average_ranks(values: Sequence[float]) -> list[float]:
    order = sorted(range(len(values)), key=lambda i: values[i])
    out = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            out[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return out


def spearman(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Spearman's rank correlation (ties: average ranks; Pearson's r of the ranks)."""
    rx, ry = average_ranks(xs), average_ranks(ys)
    mx, my = sum(rx) / len(rx), sum(ry) / len(ry)
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry, strict=True))
    vx, vy = sum((a - mx) ** 2 for a in rx), sum((b - my) ** 2 for b in ry)
    return cov / math.sqrt(vx * vy) if vx and vy else 0.0


def measured_strength(games: list[dict[str, Any]], key: str = "bots") -> dict[str, float]:
    """Each level's (``key="accounts"``: each account's) share of opponents that finished ahead of it
    (ties: half), over ``games``: lower is stronger."""
    ahead: dict[str, float] = {}
    met: dict[str, int] = {}
    for g in games:
        ranks = ranks_of(g)
        for k, who in enumerate(g[key]):
            ahead[who] = ahead.get(who, 0.0) + sum(1.0 if r < ranks[k] else 0.5 if r == ranks[k] else 0.0
                                                   for j, r in enumerate(ranks) if j != k)
            met[who] = met.get(who, 0) + len(ranks) - 1
    return {who: ahead[who] / met[who] for who in ahead}


def evaluate(model: Any, games: list[dict[str, Any]], holdout: float, accounts: list[tuple[str, int]]) -> dict[str, Any]:
    cut = int(len(games) * (1 - holdout))
    t0 = time.perf_counter()
    for g in games[:cut]:
        model.update(g["accounts"], ranks_of(g), {"players": [{"total": s} for s in g["scores"]], "winners": g["winners"]})
    seconds = time.perf_counter() - t0
    names = [a for a, _ in accounts]
    truth = [float(s) for _, s in accounts]
    strength = {lv: measured_strength(games).get(lv, 0.5) for lv in LEVELS}
    measured = [-strength[LEVELS[s]] for _, s in accounts]
    # what the rated games themselves can tell: each account ordered by its own share of opponents ahead
    own = measured_strength(games[:cut], "accounts")
    order_ll, uniform_ll, pair_ll, pairs, found = 0.0, 0.0, 0.0, 0, 0
    test = games[cut:]
    for g in test:
        ranks = ranks_of(g)
        acc = g["accounts"]
        order_ll -= model.order_ll(acc, ranks)
        uniform_ll -= rating.plackett_luce_log_likelihood([0.0] * len(acc), ranks)
        for i in range(len(acc)):
            for j in range(i + 1, len(acc)):
                if ranks[i] != ranks[j]:
                    p = model.beats(acc[i], acc[j]) if ranks[i] < ranks[j] else model.beats(acc[j], acc[i])
                    pair_ll -= math.log(max(p, 1e-12))
                    pairs += 1
        best = max(range(len(acc)), key=lambda k: model.shown(acc[k]))
        found += ranks[best] == 0
    n = max(len(test), 1)
    levels = {lv: sum(model.shown(a) for a, s in accounts if s == i) / sum(1 for _, s in accounts if s == i) for i, lv in enumerate(LEVELS)}
    return {"model": model.name, "train": cut, "test": len(test), "seconds": seconds,
            "spearman_shown": spearman([model.shown(a) for a in names], truth),
            "spearman_mean": spearman([model.mean(a) for a in names], truth),
            "spearman_measured": spearman([model.shown(a) for a in names], measured),
            "spearman_best": spearman(list(range(len(names))), truth),
            "spearman_own_share": spearman([-own.get(a, 0.5) for a in names], truth),
            "order_logloss": order_ll / n, "uniform_logloss": uniform_ll / n,
            "pair_logloss": pair_ll / max(pairs, 1), "winner_found": found / n, "levels": levels, "measured": strength}


def report(results: list[dict[str, Any]], console: Console) -> None:
    t = Table(title=f"Ratings of the league: {results[0]['train']} games rated, {results[0]['test']} held out")
    for col in ("model", "Spearman (shown)", "Spearman (mean)", "Spearman (measured order)", "order log-loss", "(uniform)",
                "pair log-loss", "winner found", "rating time"):
        t.add_column(col, justify="left" if col == "model" else "right")
    for r in results:
        t.add_row(r["model"], f"{r['spearman_shown']:.3f}", f"{r['spearman_mean']:.3f}", f"{r['spearman_measured']:.3f}", f"{r['order_logloss']:.3f}",
                  f"{r['uniform_logloss']:.3f}", f"{r['pair_logloss']:.3f}", f"{100 * r['winner_found']:.1f}%", f"{r['seconds']:.2f} s")
    console.print(t)
    console.print(f"(a rating that orders every account by its level scores {results[0]['spearman_best']:.3f}: the accounts of a level "
                  f"are tied; ordering the accounts by their own share of opponents ahead in the rated games scores "
                  f"{results[0]['spearman_own_share']:.3f})")
    lv = Table(title="Mean shown rating per bot level (weakest first)")
    lv.add_column("model")
    for level in LEVELS:
        lv.add_column(level, justify="right")
    for r in results:
        lv.add_row(r["model"], *(f"{r['levels'][level]:.0f}" for level in LEVELS))
    lv.add_row("opponents ahead (all games)", *(f"{100 * results[0]['measured'][level]:.1f}%" for level in LEVELS))
    console.print(lv)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=3000, help="games in the league (default 3000)")
    ap.add_argument("--workers", type=int, default=2, help="processes playing games (default 2)")
    ap.add_argument("--per-level", type=int, default=4, help="accounts per bot level (default 4)")
    ap.add_argument("--seed", type=int, default=0, help="the league's seed (who meets whom, the games' seeds)")
    ap.add_argument("--holdout", type=float, default=0.2, help="share of the last games held out for the log-loss (default 0.2)")
    ap.add_argument("--cache", type=Path, default=DEFAULT_CACHE, help=f"the played games (default {DEFAULT_CACHE})")
    ap.add_argument("--json", type=Path, help="also write the figures to this file")
    args = ap.parse_args(argv)
    if args.games < 10 or args.workers < 1 or args.per_level < 1 or not 0 < args.holdout < 1:
        ap.error("need --games >= 10, --workers >= 1, --per-level >= 1 and 0 < --holdout < 1")
    console = Console()
    t0 = time.perf_counter()
    games = play_missing(args.games, args.workers, args.seed, args.per_level, args.cache, console)
    console.print(f"{len(games)} games ({time.perf_counter() - t0:.0f} s; cache {args.cache})")
    if len(games) < args.games:
        console.print(f"[yellow]{args.games - len(games)} games failed: rated without them[/yellow]")
    accounts = league(args.per_level)
    models: list[Callable[[], Any]] = [OpenSkill, Glicko]
    results = [evaluate(m(), games, args.holdout, accounts) for m in models]
    report(results, console)
    if args.json:
        args.json.write_text(json.dumps({"games": len(games), "args": {k: str(v) for k, v in vars(args).items()}, "results": results}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
