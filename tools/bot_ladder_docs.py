"""Write the bot ladder's figures where they are read: between markers in ``docs/bot-ladder.md``
(the budget, the table and the plot), in the README (the bot table) and in
``src/primetime/bots/levels.py`` (the lobby's order, ``ORDER``, and the figures in its docstring),
all from the committed result ``bench/results/ladder/ladder.json`` of ``bench/bot_ladder.py``.

``bench/bot_ladder.py`` runs this after every ladder; by hand::

    python tools/bot_ladder_docs.py            # rewrite the three files from the committed JSON
    python tools/bot_ladder_docs.py --check    # exit 1 naming the files that do not match it

Only the text between the markers is written; everything else in the files is left as it is.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RESULT = ROOT / "bench" / "results" / "ladder" / "ladder.json"
README = ROOT / "README.md"
DOCS = ROOT / "docs" / "bot-ladder.md"
LEVELS_PY = ROOT / "src" / "primetime" / "bots" / "levels.py"
SOURCE = "bench/results/ladder/ladder.json"
GAME_NAMES = {"networks": "The Networks", "prime-time": "Prime Time"}

#: (file, begin marker, end marker): the text between them is the tool's
README_MARKERS = ("<!-- bot-ladder:begin (written by tools/bot_ladder_docs.py from bench/results/ladder/ladder.json) -->",
                  "<!-- bot-ladder:end -->")
DOCS_MARKERS = README_MARKERS
DOC_MARKERS = (".. ladder:begin (written by tools/bot_ladder_docs.py from bench/results/ladder/ladder.json)", ".. ladder:end")
ORDER_MARKERS = ("# ladder:begin (written by tools/bot_ladder_docs.py from bench/results/ladder/ladder.json)", "# ladder:end")


def load(path: Path = RESULT) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def ci(lo: float, hi: float, scale: float = 1.0, digits: int = 1, unit: str = "") -> str:
    """An interval, ``29.0–36.3`` (``-24.7 to -7.4`` when it starts below zero)."""
    return f"{scale * lo:.{digits}f}{' to ' if lo < 0 else '–'}{scale * hi:.{digits}f}{unit}"


def descriptions() -> dict[str, tuple[str, str]]:
    """The level names and what each does, read from levels.py's ``LEVELS`` without importing the package."""
    text = LEVELS_PY.read_text(encoding="utf-8")
    return {bot: (name, what) for bot, name, what in re.findall(r'^\s*"([^"]+)": \("([^"]+)", "([^"]+)"\),$', text, flags=re.M)}


def markdown(result: dict[str, Any]) -> str:
    """The ladder's tables in markdown: the ratings (strongest first), then the pairwise shares."""
    games = list(result["run"]["games_by_game"])
    head = ["", "level", "bot", "rating μ (95%)", *(f"{GAME_NAMES.get(g, g)} μ (95%)" for g in games), "opponents beaten (95%)", "games",
            "ms/decision"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for i, row in enumerate(reversed(result["levels"])):
        cells = [str(i + 1), row["name"], f"`{row['bot']}`", f"**{row['mu']:.1f}** ({ci(*row['ci95'])})"]
        cells += [f"{row['by_game'][g]['mu']:.1f} ({ci(*row['by_game'][g]['ci95'])})" for g in games]
        beaten = row["beaten"]
        lo, hi = beaten["ci95"]
        cells += [f"{pct(beaten['share'])} ({ci(lo, hi, scale=100, unit='%')})", str(row["games"]), f"{1000 * row['seconds_per_decision']:.1f}"]
        lines.append("| " + " | ".join(cells) + " |")
    strongest = [r["bot"] for r in reversed(result["levels"])]
    lines += ["", "How often the row's level finished ahead of the column's in the games they played together (a tie counts half), "
              "and in how many games they met:", ""]
    lines += ["| ahead of → | " + " | ".join(f"`{b}`" for b in strongest) + " |", "|---|" + "---|" * len(strongest)]
    for a in strongest:
        cells = []
        for b in strongest:
            p = result["pairwise"].get(a, {}).get(b)
            cells.append("—" if p is None else f"{100 * p['share']:.0f}% ({p['met']})")
        lines.append(f"| `{a}` | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def budget(result: dict[str, Any]) -> str:
    run = result["run"]
    players = "; ".join(f"{GAME_NAMES.get(g, g)} at {', '.join(map(str, ks))} players" for g, ks in run["players"].items())
    counts = ", ".join(f"{n} of {GAME_NAMES.get(g, g)}" for g, n in run["games_by_game"].items())
    return (f"{run['games_rated']} games ({counts}): every set of different levels plays {players}, "
            f"{run['deals']} deal(s) per lineup with the seats rotated (one game per seat), seeds from {run['seed']}; "
            f"{run['seconds_played'] / 60:.0f} minutes of play in all (the sum of the games' times; {run.get('build', 'the')} build). "
            f"Command: `{run['command']}`.")


def readme_table(result: dict[str, Any]) -> str:
    """The README's bot table: the levels weakest first, as the lobby lists them."""
    desc = descriptions()
    lines = ["| level | bot | what it does | rating μ (95% interval) | opponents beaten |", "|---|---|---|---|---|"]
    for row in result["levels"]:
        name, what = desc.get(row["bot"], (row["name"], ""))
        lines.append(f"| {name} | `{row['bot']}` | {what} | {row['mu']:.1f} ({ci(*row['ci95'])}) | {pct(row['beaten']['share'])} |")
    run = result["run"]
    lines += ["", f"Measured by the bot ladder ([docs/bot-ladder.md](docs/bot-ladder.md)): {run['games_rated']} seeded games of both "
              f"games at 2–{max(max(ks) for ks in run['players'].values())} players, rated with openskill (Plackett-Luce)."]
    return "\n".join(lines)


def docs_block(result: dict[str, Any]) -> str:
    """The figures of docs/bot-ladder.md: the budget, the ratings and pairwise tables, the plot."""
    table = markdown(result).strip()
    sep = result["separated_from_next"]
    levels = result["levels"]
    close = [f"`{levels[i]['bot']}` and `{levels[i + 1]['bot']}`" for i, ok in enumerate(sep) if not ok]
    note = ("Every level's rating interval lies above the one below it." if not close else
            "The rating intervals of " + "; ".join(close) + " overlap: more deals would be needed to order them with confidence.")
    apart = [f"`{levels[i]['bot']}` below `{levels[i + 1]['bot']}`" for i in range(len(levels) - 1)
             if levels[i]["beaten"]["ci95"][1] < levels[i + 1]["beaten"]["ci95"][0]]
    note += (" By the share of opponents beaten, the intervals separate " + "; ".join(apart) + "." if apart else
             " The intervals of the shares of opponents beaten separate no two neighbours either.")
    return "\n".join([f"Budget: {budget(result)}", "", table, "", note, "", "![The bot ladder](../bench/results/ladder/ladder.png)"])


def levels_doc(result: dict[str, Any]) -> str:
    """levels.py's docstring lines: the measured order with each level's rating and interval."""
    rows = [f"{r['bot']} {r['mu']:.1f} ({ci(*r['ci95'])})" for r in result["levels"]]
    text = ", ".join(rows) + f" — weakest first ({result['run']['games_rated']} games)."
    return "\n".join(_wrap(text, 100))


def levels_order(result: dict[str, Any]) -> str:
    return "ORDER: tuple[str, ...] = (" + ", ".join(json.dumps(b) for b in result["order"]) + ")"


def _wrap(text: str, width: int) -> list[str]:
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return lines + [line]


def replace(text: str, markers: tuple[str, str], body: str, where: Path) -> str:
    begin, end = markers
    i, j = text.find(begin), text.find(end)
    if i < 0 or j < i:
        raise SystemExit(f"{where}: the markers {begin!r} ... {end!r} are missing; put them back where the ladder's figures go")
    return text[: i + len(begin)] + "\n" + body + "\n" + text[j:]


def targets(result: dict[str, Any]) -> list[tuple[Path, list[tuple[tuple[str, str], str]]]]:
    return [
        (README, [(README_MARKERS, readme_table(result))]),
        (DOCS, [(DOCS_MARKERS, docs_block(result))]),
        (LEVELS_PY, [(DOC_MARKERS, levels_doc(result)), (ORDER_MARKERS, levels_order(result))]),
    ]


def rendered(result: dict[str, Any]) -> dict[Path, tuple[str, str]]:
    """Each file's text now and as the ladder's result says it should be."""
    out = {}
    for path, blocks in targets(result):
        now = path.read_text(encoding="utf-8")
        new = now
        for markers, body in blocks:
            new = replace(new, markers, body, path)
        out[path] = (now, new)
    return out


def write_all(result: dict[str, Any]) -> list[Path]:
    """Rewrite the three files from ``result``; the ones that changed."""
    changed = []
    for path, (now, new) in rendered(result).items():
        if new != now:
            path.write_text(new, encoding="utf-8")
            changed.append(path)
    return changed


def stale(result: dict[str, Any]) -> list[Path]:
    """The files whose figures differ from ``result``."""
    return [path for path, (now, new) in rendered(result).items() if new != now]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description="Write the bot ladder's figures into the README, docs/bot-ladder.md and levels.py.")
    p.add_argument("--check", action="store_true", help="change nothing; exit 1 if a file does not match the committed result")
    p.add_argument("--result", type=Path, default=RESULT, help=f"the ladder's result (default {SOURCE})")
    args = p.parse_args(argv)
    result = load(args.result)
    if args.check:
        bad = stale(result)
        for path in bad:
            print(f"{path.relative_to(ROOT)} does not match {SOURCE}: run python tools/bot_ladder_docs.py", file=sys.stderr)
        return 1 if bad else 0
    for path in write_all(result):
        print(f"rewrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
