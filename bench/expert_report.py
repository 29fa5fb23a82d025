"""The acceptance matches of ``mcts:expert`` (``bench/expert_match.py``): a table and a plot.

Reads the match files kept in ``bench/results/expert/`` (one JSON line per finished game, as
``bench/expert_match.py --save`` writes them), and writes ``matches.md`` (the table: games,
first places, the share with its 95% Wilson interval, the goal, the mean iterations a decision
of each side) and ``matches.png`` (each match's share and interval against its goal and the
fair share) beside them.  Every match below is played at the same thinking time per decision
for both sides (``--seconds``, wall clock); the command of each is in the table.

    python bench/expert_report.py                 # the figures of the games played so far
    python bench/expert_report.py --docs          # ... and the table in docs/design-decisions.md too
    python bench/expert_report.py --dir DIR       # another folder of match files
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from primetime.sim.tournament import wilson  # noqa: E402

HERE = Path(__file__).resolve().parent / "results" / "expert"
DOCS = Path(__file__).resolve().parents[1] / "docs" / "design-decisions.md"
BEGIN, END = "<!-- expert-matches:begin -->", "<!-- expert-matches:end -->"
RUN = "python bench/expert_match.py"

TITLES = {"networks": "The Networks", "prime-time": "Prime Time"}


def match(game: str, against: str, players: int, goal: float, games: int, modules: bool = False) -> tuple[str, tuple[str, float, int, float, str]]:
    """One acceptance match: its file stem and (what, goal share, goal games, fair share, the command that plays it)."""
    stem = f"{game}{'-modules' if modules else ''}-{players}p-vs-{against.replace(':', '-')}-0.1s"
    others = f"two `{against}`" if players == 3 else f"`{against}`" if players == 2 else f"{players - 1} × `{against}`"
    what = f"{TITLES[game]}{' with all three modules' if modules else ''}, {players} players, against {others}"
    cmd = (f"{RUN} {game} --against {against} --players {players}{' --modules' if modules else ''} --games {games} "
           f"--seconds 0.1 --save FILE")
    return stem, (what, goal, games, 1 / players, cmd)


#: file stem -> (what, goal share, goal games, fair share, the command that plays it): the goals of the acceptance
MATCHES: dict[str, tuple[str, float, int, float, str]] = dict([
    match("networks", "mcts:hard", 2, 0.60, 400),
    match("networks", "mcts:hard", 3, 0.40, 600),
    match("networks", "mcts:hard", 2, 0.55, 200, modules=True),
    match("networks", "greedy", 2, 0.92, 400),
    match("prime-time", "mcts:hard", 2, 0.60, 400),
    match("prime-time", "mcts:hard", 3, 0.40, 600),
    match("prime-time", "greedy", 2, 0.92, 400),
])


def figures(path: Path) -> dict[str, Any]:
    """Games, first places (shared ones split), share, interval and iterations of one match file."""
    rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    n = len(rows)
    wins = sum(float(r["win"]) for r in rows)
    lo, hi = wilson(wins, n) if n else (0.0, 0.0)
    mean = (lambda k: sum(float(r.get(k, 0.0)) for r in rows) / n) if n else (lambda k: 0.0)
    return {"games": n, "wins": wins, "share": wins / n if n else 0.0, "lo": lo, "hi": hi,
            "it_expert": mean("expert_iterations"), "it_other": mean("other_iterations"),
            "think_expert": mean("expert_think"), "think_other": mean("other_think")}


def verdict(f: dict[str, Any], goal: float, games: int) -> str:
    if f["games"] >= games:
        if f["share"] < goal:
            return "not met"
        return "met" if f["lo"] >= goal else "met as a share; the interval reaches below it"
    if f["hi"] < goal:
        return f"not met: the whole interval is below it after {f['games']} games"
    so_far = "above" if f["lo"] >= goal else "around"
    return f"{so_far} it so far, {f['games']} of the {games} games played"


def table(found: list[tuple[str, dict[str, Any]]]) -> str:
    out = ["| match (same thinking time per decision) | games | mcts:expert first | 95% interval | goal | "
           "iterations a decision, expert / other |",
           "|---|---|---|---|---|---|"]
    for stem, f in found:
        what, goal, games, _fair, _cmd = MATCHES[stem]
        out.append(f"| {what} | {f['games']} | {f['wins']:g} ({f['share']:.1%}) | {f['lo']:.1%}–{f['hi']:.1%} | "
                   f"≥ {goal:.0%} of ≥ {games}: {verdict(f, goal, games)} | {f['it_expert']:.0f} / {f['it_other']:.0f} |")
    out += ["", "Commands (`FILE`: the match's file in `bench/results/expert/`):", "", "```sh"]
    out += [MATCHES[stem][4].replace("FILE", f"bench/results/expert/{stem}.jsonl") for stem, _ in found]
    out += ["```"]
    return "\n".join(out) + "\n"


def plot(found: list[tuple[str, dict[str, Any]]], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(10, 0.55 * len(found) + 1.8))
    for i, (stem, f) in enumerate(reversed(found)):
        what, goal, games, fair, _cmd = MATCHES[stem]
        ax.errorbar(f["share"], i, xerr=[[f["share"] - f["lo"]], [f["hi"] - f["share"]]], fmt="o", color="tab:blue",
                    capsize=4)
        ax.plot([goal], [i], marker="|", markersize=18, markeredgewidth=2, color="tab:green", linestyle="none",
                label="goal" if i == 0 else None)
        ax.plot([fair], [i], marker="|", markersize=12, markeredgewidth=2, color="grey", linestyle="none",
                label="fair share" if i == 0 else None)
        ax.annotate(f"{f['share']:.0%} of {f['games']}", (f["hi"], i), xytext=(6, -4), textcoords="offset points",
                    fontsize=8)
    ax.set_yticks(range(len(found)))
    ax.set_yticklabels([MATCHES[s][0].replace("`", "") for s, _ in reversed(found)], fontsize=8)
    ax.set_xlim(0, 1.2)
    ax.set_ylim(-0.6, len(found) - 0.4)
    ax.set_xlabel("share of the games mcts:expert finished first, with its 95% interval")
    ax.legend(loc="lower left", fontsize=8)
    ax.set_title("mcts:expert at equal thinking time per decision", fontsize=10)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--dir", type=Path, default=HERE, help="the folder of match files (default bench/results/expert)")
    ap.add_argument("--docs", action="store_true", help=f"write the table into {DOCS.name} between its markers too")
    args = ap.parse_args(argv)
    found = [(stem, figures(args.dir / f"{stem}.jsonl")) for stem in MATCHES if (args.dir / f"{stem}.jsonl").is_file()]
    if not found:
        print(f"no match files in {args.dir}: play them with bench/expert_match.py --save (see {Path(__file__).name}'s docstring)",
              file=sys.stderr)
        return 1
    text = table(found)
    (args.dir / "matches.md").write_text(text)
    plot(found, args.dir / "matches.png")
    print(text, end="")
    print(f"wrote {args.dir / 'matches.md'} and {args.dir / 'matches.png'}")
    if args.docs:
        doc = DOCS.read_text()
        if BEGIN not in doc or END not in doc:
            print(f"{DOCS}: the markers {BEGIN} and {END} are not there: put them where the table goes", file=sys.stderr)
            return 1
        head, rest = doc.split(BEGIN, 1)
        DOCS.write_text(head + BEGIN + "\n" + text + rest[rest.index(END):])
        print(f"wrote the table into {DOCS}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
