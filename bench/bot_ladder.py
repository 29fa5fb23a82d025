"""The bots' strength ladder: every bot level against the others, rated with openskill.

Every level the bot registry lists (``random``, ``greedy``, ``mcts:easy``, ``mcts:normal``,
``mcts:hard`` and any level added later; aliases such as ``mcts`` left out) meets every other
in seeded games of both games: every set of ``k`` different levels plays at ``k`` players, for
``k`` = 2–5 (The Networks) and 2–4 (Prime Time).  Each lineup plays ``--deals`` deals; a deal is
``k`` games on the same cards with the seats rotated (:func:`primetime.sim.tournament.schedule`),
so every level plays every seat of the deal.  All lineups at ``k`` players play the same deals
(deal ``d`` has the same seed in each), so the cards favour no level.  Games are played by the
tournament's own machinery (:func:`~primetime.sim.games.play_game` on
:func:`~primetime.sim.backends.run_tasks`), the search levels at their defined iteration budgets.

Every finished game is appended at once to a JSON-lines file (``--results``), keyed by game,
player count, seated lineup and seed: run the command again and only the missing games are played
(an interrupted run resumes; a larger ``--deals`` or a new level extends the ladder and keeps the
games already played).  ``--rate-only`` rates the file without playing.

The rating: openskill's Plackett-Luce model (Weng and Lin; the server's model of
:mod:`primetime.server.rating`, with the same prior) updated with each game's whole finishing order
(the winners first, then by final score; equal places tie), without the server's dynamics (a bot's
skill does not change).  An online update depends on the order of the games, so the ratings are the
means over 100 seeded random orders (:func:`rate`).  The table gives ``mu`` and its 95% interval
``mu ± 1.96 sigma``, per game and over both; and, without a model, the
share of its opponents each level finished ahead of (a tie counts half) with a 95% Wilson interval
(approximate: the pairs of one game are not independent), and the same share for each pair of
levels.  The lobby lists the levels weakest first in the order of the rating over both games.

Writes ``ladder.json``, ``ladder.md`` and ``ladder.png`` under ``--out`` (``bench/results/ladder``),
then ``tools/bot_ladder_docs.py`` rewrites ``docs/bot-ladder.md``, the README's bot table and
the order in ``src/primetime/bots/levels.py`` from that JSON (``--no-docs`` skips it).

Usage::

    nice -n 19 python bench/bot_ladder.py --deals 1 --workers 1        # the committed budget
    nice -n 19 python bench/bot_ladder.py --deals 2 --workers 2        # extends it: plays deal 2 only
    python bench/bot_ladder.py --rate-only                             # rates the games in the file
"""

from __future__ import annotations

import argparse
import importlib.util
import itertools
import json
import math
import os
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from openskill.models import PlackettLuce
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table

from primetime.bots.levels import ALIASES, level_name
from primetime.bots.registry import known_bots
from primetime.core.game import get_ruleset
from primetime.core.plugin import get_plugin
from primetime.core.rng import Rng
from primetime.server import rating
from primetime.sim.backends import run_tasks
from primetime.sim.games import parse_bots, play_game
from primetime.sim.results import code_version, describe_code, same_code
from primetime.sim.tournament import schedule, wilson

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "bench" / "results" / "ladder"
SCHEMA = "primetime.bot-ladder/1"
GAMES = ("networks", "prime-time")
PLAYERS = (2, 3, 4, 5)  # clipped to each game's range
SEED = 8_000_000
Z95 = 1.959963984540054
ORDERS = 100  # the random orders of the games the ratings are averaged over
#: the rating model: the server's prior and scale, without its dynamics (``tau``: a bot's skill is fixed)
MODEL = PlackettLuce(mu=rating.MU, sigma=rating.SIGMA, beta=rating.BETA, tau=0.0)


# ---------------------------------------------------------------------- what is played


def ladder_levels() -> list[str]:
    """Every bot level of the registry (its aliases left out), alphabetical: the lineups and their seeds
    do not depend on any measured order, so a new level adds games and changes none."""
    return sorted(b for b in known_bots() if b not in ALIASES)


def deal_seed(seed: int, game: str, players: int) -> int:
    """The seed of deal 0 at ``players`` players of ``game`` (deal ``d``: this plus ``d``)."""
    return seed + GAMES.index(game) * 100_000 + players * 10_000


def game_key(game: str, players: int, bots: Sequence[str], seed: int) -> str:
    """What identifies a game of the ladder: the game, the player count, the bots as seated and the seed."""
    return f"{game}|{players}|{','.join(bots)}|{seed}"


def player_counts(game: str, wanted: Iterable[int], levels: int) -> list[int]:
    rs = get_ruleset(game)
    return [k for k in wanted if max(2, int(rs.min_players)) <= k <= min(int(rs.max_players), levels)]


def plan(levels: Sequence[str], deals: int, games: Sequence[str] = GAMES, players: Iterable[int] = PLAYERS, seed: int = SEED) -> list[dict[str, Any]]:
    """The game specs of the ladder, deal by deal (deal 0 of every lineup first): a run cut short
    has played about as many games of every lineup."""
    levels = sorted(levels)
    wanted = list(players)
    specs: list[dict[str, Any]] = []
    for deal in range(deals):
        for game in games:
            for k in player_counts(game, wanted, len(levels)):
                base = deal_seed(seed, game, k)
                for lineup in itertools.combinations(levels, k):
                    for spec in schedule(k, list(lineup), k, base + deal, game=game):
                        spec["deal"] = deal
                        spec["key"] = game_key(game, k, spec["bots"], spec["seed"])
                        specs.append(spec)
    return specs


# ---------------------------------------------------------------------- the results file


class GamesFile:
    """The ladder's finished games, one JSON line each, keyed by :func:`game_key`.

    The first line records the code that played (:func:`~primetime.sim.results.code_version`); when
    a run with other code adds games, a ``code`` line comes before them.  A torn last line (a kill
    while writing) is dropped and its game played again."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.games: dict[str, dict[str, Any]] = {}
        self.file_code: dict[str, Any] | None = None
        if path.exists() and path.stat().st_size > 0:
            text = path.read_text(encoding="utf-8")
            if not text.endswith("\n"):  # killed while writing: the last game is played again
                text = text[: text.rfind("\n") + 1]
                path.write_text(text, encoding="utf-8")
            for n, line in enumerate(text.splitlines(), start=1):
                try:
                    row = json.loads(line)
                except ValueError:
                    sys.exit(f"{path}, line {n}: not a ladder game; the file is damaged (move it away to start again)")
                if "code" in row and "key" not in row:
                    self.file_code = row["code"]
                elif "key" in row:
                    self.games[row["key"]] = row
                else:
                    sys.exit(f"{path}, line {n}: not a ladder game; give another --results file")

    def append(self, rows: Iterable[dict[str, Any]], on_row: Callable[[dict[str, Any]], None] | None = None) -> None:
        """Append each row as it comes (flushed and synced: a kill loses at most the game being written)."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        code = code_version()
        with self.path.open("a", encoding="utf-8") as fh:

            def write(row: dict[str, Any]) -> None:
                fh.write(json.dumps(row, separators=(",", ":")) + "\n")
                fh.flush()
                os.fsync(fh.fileno())

            first = True
            for row in rows:
                if first and not same_code(self.file_code, code):
                    write({"code": code, "from": len(self.games)})
                    self.file_code = code
                first = False
                write(row)
                self.games[row["key"]] = row
                if on_row is not None:
                    on_row(row)


def record(spec: dict[str, Any]) -> dict[str, Any]:
    """Play one game of the ladder (in a worker) and keep what the ladder needs."""
    out = play_game(spec)
    row = {k: spec[k] for k in ("key", "game", "players", "deal", "seed", "bots")}
    row.update({k: out[k] for k in ("scores", "winners", "error", "seconds", "think", "choices") if k in out})
    return row


def play(specs: list[dict[str, Any]], store: GamesFile, workers: int, console: Console | None = None) -> list[str]:
    """Play the specs missing from ``store``, appending each as it finishes; the error messages."""
    todo = [s for s in specs if s["key"] not in store.games]
    errors: list[str] = []
    if not todo:
        return errors
    done: list[dict[str, Any]] = []

    def keep(_: int, row: dict[str, Any]) -> None:
        if "error" in row:
            errors.append(f"{row['key']}: {row['error']}")
        else:
            done.append(row)
            store.append([row])

    columns = (TextColumn("playing"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(), TextColumn("left"), TimeRemainingColumn())
    with Progress(*columns, console=console or Console(stderr=True), disable=console is None) as bar:
        task = bar.add_task("games", total=len(todo))
        run_tasks(record, todo, workers, "local", progress=lambda n, _total: bar.update(task, completed=n), on_result=keep, ordered=False)
    return errors


# ---------------------------------------------------------------------- the ratings


def ranks_of(row: dict[str, Any]) -> list[int]:
    """Each seat's place (0 first; equal places tie): the winners first, then by final score (the server's rule)."""
    got = rating.finishing_ranks({"players": [{"total": s} for s in row["scores"]], "winners": row["winners"]})
    assert got is not None
    return got


def rate_once(rows: Sequence[dict[str, Any]], levels: Sequence[str]) -> dict[str, tuple[float, float]]:
    """(mu, sigma) of each level after the Plackett-Luce (openskill) updates of the games ``rows`` in their
    order; a level's seat in a game is one player (a lineup never repeats a level)."""
    skill = {b: MODEL.rating(name=b) for b in levels}
    for row in rows:
        bots = row["bots"]
        after = MODEL.rate([[skill[b]] for b in bots], ranks=[float(r) for r in ranks_of(row)])
        for b, team in zip(bots, after, strict=True):
            skill[b] = team[0]
    return {b: (s.mu, s.sigma) for b, s in skill.items()}


def rate(rows: Sequence[dict[str, Any]], levels: Sequence[str], orders: int = ORDERS) -> dict[str, dict[str, Any]]:
    """Each level's rating from the games ``rows``: the means of ``mu`` and ``sigma`` over ``orders``
    seeded random orders of the games (an online update depends on the order of its games, and two
    close levels can swap over a single order), the 95% interval ``mu ± 1.96 sigma``, the spread of
    ``mu`` over the orders, and the number the server would show for such a player."""
    runs = []
    for k in range(orders):
        shuffled = list(rows)
        Rng(k).shuffle(shuffled)
        runs.append(rate_once(shuffled, levels))
    out: dict[str, dict[str, Any]] = {}
    for b in levels:
        mus = [r[b][0] for r in runs]
        mu, sigma = statistics.fmean(mus), statistics.fmean(r[b][1] for r in runs)
        out[b] = {"mu": mu, "sigma": sigma, "ci95": [mu - Z95 * sigma, mu + Z95 * sigma], "mu_order_sd": statistics.pstdev(mus),
                  "shown": rating.shown(mu, sigma), "games": sum(1 for r in rows if b in r["bots"])}
    return out


def pairwise(rows: Sequence[dict[str, Any]], levels: Sequence[str]) -> dict[str, dict[str, dict[str, Any]]]:
    """For each pair of levels that met: how often the first finished ahead of the second (a tie: half)."""
    ahead: dict[tuple[str, str], float] = {}
    met: dict[tuple[str, str], int] = {}
    for row in rows:
        bots, ranks = row["bots"], ranks_of(row)
        for s, t in itertools.permutations(range(len(bots)), 2):
            pair = (bots[s], bots[t])
            met[pair] = met.get(pair, 0) + 1
            ahead[pair] = ahead.get(pair, 0.0) + (1.0 if ranks[s] < ranks[t] else 0.5 if ranks[s] == ranks[t] else 0.0)
    out: dict[str, dict[str, dict[str, Any]]] = {}
    for (a, b), n in sorted(met.items()):
        if a in levels and b in levels:
            out.setdefault(a, {})[b] = {"ahead": ahead[(a, b)], "met": n, "share": ahead[(a, b)] / n, "ci95": list(wilson(ahead[(a, b)], n))}
    return out


def summarise(rows: Sequence[dict[str, Any]], levels: Sequence[str], run: dict[str, Any]) -> dict[str, Any]:
    """The ladder's result (the JSON written to ``ladder.json``; its schema is :data:`SCHEMA`)."""
    levels = list(levels)
    rows = sorted((r for r in rows if "error" not in r and set(r["bots"]) <= set(levels)),
                  key=lambda r: (r["deal"], GAMES.index(r["game"]) if r["game"] in GAMES else 99, r["players"], r["key"]))
    games = [g for g in GAMES if any(r["game"] == g for r in rows)]
    overall = rate(rows, levels)
    by_game = {g: rate([r for r in rows if r["game"] == g], levels) for g in games}
    pairs = pairwise(rows, levels)
    order = sorted(levels, key=lambda b: (overall[b]["mu"], b))
    table: list[dict[str, Any]] = []
    for b in order:
        won = sum(p["ahead"] for p in pairs.get(b, {}).values())
        met = sum(p["met"] for p in pairs.get(b, {}).values())
        think = sum(sum(t for t, x in zip(r["think"], r["bots"], strict=True) if x == b) for r in rows)
        choices = sum(sum(c for c, x in zip(r["choices"], r["bots"], strict=True) if x == b) for r in rows)
        table.append({"bot": b, "name": level_name(b), **overall[b],
                      "beaten": {"share": won / met if met else 0.0, "ci95": list(wilson(won, met)), "opponents": met},
                      "by_game": {g: by_game[g][b] for g in games},
                      "seconds_per_decision": think / choices if choices else 0.0})
    separated = [table[i]["ci95"][1] < table[i + 1]["ci95"][0] for i in range(len(table) - 1)]
    return {
        "schema": SCHEMA,
        "run": {**run, "games_rated": len(rows), "games_by_game": {g: sum(1 for r in rows if r["game"] == g) for g in games},
                "seconds_played": sum(r.get("seconds", 0.0) for r in rows)},
        "order": order,
        "levels": table,
        "separated_from_next": separated,
        "pairwise": pairs,
    }


# ---------------------------------------------------------------------- the outputs


def fmt_ci(lo: float, hi: float, digits: int = 1) -> str:
    return f"{lo:.{digits}f}–{hi:.{digits}f}"


def plot(result: dict[str, Any], path: Path) -> None:
    """The ratings with their 95% intervals (over both games and per game), and the pairwise shares."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    levels = result["levels"]
    games = list(result["run"]["games_by_game"])
    fig, (ax, heat) = plt.subplots(1, 2, figsize=(12, 0.6 * len(levels) + 2.6), gridspec_kw={"width_ratios": [1.2, 1]})
    series = [("both games", None, "black")] + [(get_plugin(g).short, g, c) for g, c in zip(games, ("tab:blue", "tab:orange"), strict=False)]
    for j, (label, g, colour) in enumerate(series):
        ys = [i + (j - (len(series) - 1) / 2) * 0.22 for i in range(len(levels))]
        rs = [r if g is None else r["by_game"][g] for r in levels]
        xs = [r["mu"] for r in rs]
        err = [[r["mu"] - r["ci95"][0] for r in rs], [r["ci95"][1] - r["mu"] for r in rs]]
        ax.errorbar(xs, ys, xerr=err, fmt="o", color=colour, capsize=3, label=label, markersize=6 if g is None else 4)
    ax.set_yticks(range(len(levels)), [f"{r['name']}\n{r['bot']}" for r in levels])
    ax.set_xlabel("openskill rating μ (Plackett-Luce), 95% interval")
    ax.set_title("Bot ladder: weakest at the bottom")
    ax.grid(axis="x", alpha=0.3)
    ax.legend(loc="lower right", fontsize=8)
    names = [r["bot"] for r in reversed(levels)]
    grid = [[math.nan if a == b or b not in result["pairwise"].get(a, {}) else 100 * result["pairwise"][a][b]["share"] for b in names] for a in names]
    im = heat.imshow(grid, cmap="RdBu", vmin=0, vmax=100)
    for i in range(len(names)):
        for j in range(len(names)):
            if not math.isnan(grid[i][j]):
                heat.text(j, i, f"{grid[i][j]:.0f}", ha="center", va="center", fontsize=8, color="white" if abs(grid[i][j] - 50) > 30 else "black")
    heat.set_xticks(range(len(names)), names, rotation=30, ha="right", fontsize=8)
    heat.set_yticks(range(len(names)), names, fontsize=8)
    heat.set_title("% of meetings the row finished ahead of the column")
    fig.colorbar(im, ax=heat, fraction=0.046)
    run = result["run"]
    fig.suptitle(f"{run['games_rated']} games, {run['deals']} deal(s) per lineup, seats rotated", fontsize=9)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110)
    plt.close(fig)


def write(result: dict[str, Any], out: Path, with_plot: bool = True) -> None:
    out.mkdir(parents=True, exist_ok=True)
    (out / "ladder.json").write_text(json.dumps(result, indent=1, sort_keys=False) + "\n", encoding="utf-8")
    (out / "ladder.md").write_text(docs_tool().markdown(result), encoding="utf-8")
    if with_plot:
        plot(result, out / "ladder.png")


def docs_tool() -> Any:
    spec = importlib.util.spec_from_file_location("bot_ladder_docs", ROOT / "tools" / "bot_ladder_docs.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def show(result: dict[str, Any], console: Console) -> None:
    table = Table(title=f"Bot ladder ({result['run']['games_rated']} games)")
    for col in ("", "level", "bot", "μ", "95% interval", "beaten", "games"):
        table.add_column(col)
    for i, row in enumerate(reversed(result["levels"])):
        table.add_row(str(i + 1), row["name"], row["bot"], f"{row['mu']:.2f}", fmt_ci(row["ci95"][0], row["ci95"][1], digits=2),
                      f"{100 * row['beaten']['share']:.1f}%", str(row["games"]))
    console.print(table)


# ---------------------------------------------------------------------- the command


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description="Every bot level against the others in seeded 2-5 player games of both games, rated with openskill.")
    p.add_argument("--deals", type=int, default=1, help="deals per lineup; a deal is one game per seat rotation on the same cards (default 1)")
    p.add_argument("--levels", default=None, help="comma-separated bot names (default: every level of the registry)")
    p.add_argument("--games", default=",".join(GAMES), help="the games played (default: networks,prime-time)")
    p.add_argument("--players", default=",".join(map(str, PLAYERS)), help="the player counts (default 2,3,4,5; each game keeps those it allows)")
    p.add_argument("--seed", type=int, default=SEED, help=f"the seed of the first deal (default {SEED})")
    p.add_argument("--workers", type=int, default=1, help="worker processes (default 1)")
    p.add_argument("--results", type=Path, default=None, help="the games file (default: OUT/games.jsonl); games in it are not played again")
    p.add_argument("--out", type=Path, default=OUT, help="where ladder.json, ladder.md and ladder.png go (default bench/results/ladder)")
    p.add_argument("--rate-only", action="store_true", help="rate the games in the file; play nothing")
    p.add_argument("--no-plot", action="store_true", help="write no plot")
    p.add_argument("--no-docs", action="store_true", help="leave docs/bot-ladder.md, the README's table and levels.py as they are")
    p.add_argument("--quiet", action="store_true", help="no progress bar and no table")
    args = p.parse_args(argv)
    if args.deals < 1 or args.workers < 1:
        p.error("--deals and --workers must be at least 1")
    return args


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    args = parse_args(argv)
    console = Console(stderr=True, quiet=args.quiet)
    try:
        levels = parse_bots(args.levels) if args.levels else ladder_levels()
        games = [g.strip() for g in args.games.split(",") if g.strip()]
        for g in games:
            get_ruleset(g)
        players = [int(k) for k in args.players.split(",")]
    except ValueError as exc:
        sys.exit(f"bot_ladder: {exc}")
    if len(set(levels)) < 2:
        sys.exit("bot_ladder: name at least two different levels")
    levels = sorted(set(levels))
    store = GamesFile(args.results or args.out / "games.jsonl")
    specs = plan(levels, args.deals, games, players, args.seed)
    t0 = time.perf_counter()
    if not args.rate_only:
        missing = sum(1 for s in specs if s["key"] not in store.games)
        console.print(f"{len(specs)} games in the ladder, {len(specs) - missing} already in {store.path}, {missing} to play")
        errors = play(specs, store, args.workers, None if args.quiet else console)
        for e in errors:
            console.print(f"[red]{e}[/red]")
    wanted = {s["key"] for s in specs}
    rows = [r for k, r in store.games.items() if k in wanted]
    run = {"deals": args.deals, "levels": levels, "games": games, "players": {g: player_counts(g, players, len(levels)) for g in games},
           "seed": args.seed, "games_planned": len(specs), "code": describe_code(store.file_code), "build": code_version()["build"], "orders": ORDERS,
           "command": f"python bench/bot_ladder.py --deals {args.deals}" + (f" --levels {','.join(levels)}" if args.levels else "")
           + (f" --games {','.join(games)}" if games != list(GAMES) else "") + (f" --players {args.players}" if players != list(PLAYERS) else "")
           + (f" --seed {args.seed}" if args.seed != SEED else "")}
    if not rows:
        sys.exit("bot_ladder: no games to rate yet (run without --rate-only)")
    result = summarise(rows, levels, run)
    write(result, args.out, with_plot=not args.no_plot)
    if not args.no_docs:
        changed = docs_tool().write_all(result)
        for path in changed:
            console.print(f"rewrote {path}")
    show(result, console)
    console.print(f"{len(rows)} of {len(specs)} games rated; {time.perf_counter() - t0:.0f} s; written to {args.out}")
    return result


if __name__ == "__main__":
    main()
