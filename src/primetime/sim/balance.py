"""Card-balance report for The Networks: many games between identical bots, one HTML page.

:func:`run_balance` plays ``games`` games for every player count with the same bot in every
seat (through :mod:`primetime.sim.backends`, so on one core, a process pool or Ray, with the same
results), collecting per game: the round-1 turn order, round scores, end-game bonuses and
every card each player acquired.  :func:`analyse` turns the games into figures:

* score distribution per player count (all players and the winner);
* win rate by seat — the position in the first round's turn order, which sets starting cash
  — with 95% Wilson intervals against the fair share;
* round scores by round; each end-game bonus category (genres, reruns, network, cash);
* per card: pick rate (share of games in which some player acquired it) and *win-rate
  lift*, the mean of ``win - 1/n`` for player-games that acquired the card minus the same
  for those that did not (multiplayer games), with a 95% interval.  A card is flagged as
  an outlier when its interval excludes 0 and its lift is more than 2.5 robust standard
  deviations (MAD) from the median lift of all cards.

:func:`write_report` writes ``index.html`` (plots embedded, also saved as PNG files) and
``balance.json`` into a folder.  Plots need matplotlib (``pip install 'primetime[report]'``).
"""

from __future__ import annotations

import base64
import html
import io
import itertools
import json
import math
import statistics
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from primetime.bots.registry import check_bot
from primetime.core.plugin import get_plugin
from primetime.sim.backends import check_backend, run_tasks
from primetime.sim.errors import SimulationError
from primetime.sim.games import Progress, play_game
from primetime.sim.tournament import Z95, wilson

BONUSES = ("genres", "reruns", "network", "cash")
SEAT_TOLERANCE = 0.05  # a seat's win rate within 5 points of the fair share
EXEC_TOLERANCE = 0.08  # an Executive's win rate within 8 points of the mean (the fair share)
OUTLIER_Z = 2.5


class Collector:
    """Called before every move (``key``) and once at the end (``key=None``) of a game."""

    def __init__(self) -> None:
        self.order: list[int] | None = None
        self.owned: list[set[int]] | None = None
        self.skip: set[int] = set()
        self.dealt: list[list[int]] | None = None  # the two Executive boards each player was dealt

    def __call__(self, ruleset: Any, s: Any, key: str | None) -> dict[str, Any] | None:
        if self.owned is None:
            self.order = [p for p in s.order if p >= 0]
            self.owned = [set() for _ in range(s.n)]
            self.skip = {c for cards in s.cat.starters.values() for c in cards}
        owned = self.owned
        for p, pl in enumerate(s.players):  # whatever a player holds now
            mine = owned[p]
            for sh in pl.lineup:
                if sh is not None:
                    mine.add(sh.cid)
                    for c, _ in sh.atts:
                        mine.add(c)
            mine.update(pl.green)
            mine.update(pl.reruns)
            mine.update(pl.reserved)
        if self.dealt is None and s.extra.get("xo") is not None:  # seen before anyone has chosen
            xo = s.extra["xo"]
            self.dealt = [[int(i) for i in xo[2 * p:2 * p + 2]] for p in range(s.n)]
        if key is not None:
            head, _, rest = key.partition(":")
            if s.stack and head in ("star", "ad", "net", "show", "take", "keep") and s.stack[-1][0] in ("turn", "bonus", "talent", "pilot"):
                p = int(s.stack[-1][1])
                for part in rest.split(","):
                    if part.isdigit():
                        owned[p].add(int(part))
            return None
        cat = s.cat
        final = s.final or {"players": []}
        assert self.order is not None
        out: dict[str, Any] = {
            "order": self.order,
            "rounds": [row["rounds"] for row in final["players"]],
            "bonus": [{b: row[b] for b in BONUSES} for row in final["players"]],
            "picks": [sorted(cat.cards[c].id for c in mine if c not in self.skip) for mine in owned],
        }
        # The expansion modules (indexes into the module's boards and Mogul cards; ids in analyse):
        # the Executive each player kept and the two they were dealt, the Moguls each player owns.
        kept = s.extra.get("x")
        if kept is not None:
            out["exec"] = [int(i) for i in kept]
            out["exec_dealt"] = self.dealt or [[] for _ in range(s.n)]
        if getattr(s, "mog", None) is not None:
            out["moguls"] = [sorted(int(j) for j in o) for o in s.mog.owned]
        return out


def collector() -> Collector:
    return Collector()


def player_seed(seed: int, players: int) -> int:
    """The seed of the first game at a player count (the player counts use disjoint seeds)."""
    return seed + 1_000_000 * players


def run_balance(
    games: int,
    players: Sequence[int] = (1, 2, 3, 4, 5),
    bot: str = "greedy",
    seed: int = 0,
    workers: int = 1,
    backend: str = "local",
    progress: Progress | None = None,
    options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Play the games and return ``{"meta": ..., "games": {n: [results]}}``."""
    if games < 1:
        raise SimulationError("games must be at least 1")
    try:
        check_bot(bot)
    except ValueError as exc:
        raise SimulationError(str(exc)) from None
    counts = sorted(set(int(n) for n in players))
    if not counts or any(not 1 <= n <= 5 for n in counts):
        raise SimulationError("player counts must be between 1 and 5")
    check_backend(backend, workers)
    specs: list[dict[str, Any]] = []
    for n in counts:
        for i in range(games):
            specs.append({"game": "networks", "players": n, "bots": [bot] * n, "seed": player_seed(seed, n) + i,
                          "options": dict(options or {}), "collect": "primetime.sim.balance:collector"})
    t0 = time.perf_counter()
    results = run_tasks(play_game, specs, workers, backend, progress)
    by_n: dict[int, list[dict[str, Any]]] = {n: [] for n in counts}
    for spec, res in zip(specs, results, strict=True):
        by_n[spec["players"]].append(res)
    meta = {"games": games, "players": counts, "bot": bot, "seed": seed, "workers": workers, "backend": backend,
            "seconds": time.perf_counter() - t0}
    if options:  # a run with options (the Moguls module) says so
        meta["options"] = dict(options)
    return {"meta": meta, "games": by_n}


# ---------------------------------------------------------------------- analysis


def _q(xs: list[float], q: float) -> float:
    if not xs:
        return 0.0
    ys = sorted(xs)
    k = (len(ys) - 1) * q
    f = math.floor(k)
    c = min(f + 1, len(ys) - 1)
    return ys[f] + (ys[c] - ys[f]) * (k - f)


def _describe(xs: list[float]) -> dict[str, float]:
    if not xs:
        return {"n": 0, "mean": 0.0, "sd": 0.0, "median": 0.0, "p10": 0.0, "p90": 0.0, "min": 0.0, "max": 0.0}
    return {"n": len(xs), "mean": statistics.fmean(xs), "sd": statistics.stdev(xs) if len(xs) > 1 else 0.0,
            "median": statistics.median(xs), "p10": _q(xs, 0.1), "p90": _q(xs, 0.9), "min": min(xs), "max": max(xs)}


def _lift(xs: list[float], everyone: list[float]) -> dict[str, Any]:
    """Win-rate lift of the player-games ``xs`` (each ``win - 1/n``) against the rest of ``everyone``
    (which includes them): the difference of means with a 95% interval; {} with too few games."""
    k, total_n = len(xs), len(everyone)
    rest_n = total_n - k
    if k < 2 or rest_n < 2:
        return {}
    total_sum, total_sq = sum(everyone), sum(v * v for v in everyone)
    s_in, sq_in = sum(xs), sum(v * v for v in xs)
    m_in = s_in / k
    v_in = max(0.0, (sq_in - k * m_in * m_in) / (k - 1))
    s_out, sq_out = total_sum - s_in, total_sq - sq_in
    m_out = s_out / rest_n
    v_out = max(0.0, (sq_out - rest_n * m_out * m_out) / (rest_n - 1))
    lift = m_in - m_out
    se = math.sqrt(v_in / k + v_out / rest_n)
    return {"lift": lift, "ci95": [lift - Z95 * se, lift + Z95 * se], "win_rate_picked": m_in, "win_rate_rest": m_out}


def analyse(data: dict[str, Any], catalogue: Any = None) -> dict[str, Any]:
    """Figures from :func:`run_balance` output (see the module docstring)."""
    if catalogue is None:
        catalogue = get_plugin("networks").catalogue()
    per_n: dict[str, Any] = {}
    checks: list[dict[str, Any]] = []
    # per card: picks (games), and win-minus-fair sums for picked / not picked player-games
    cards = [c for c in catalogue.cards if not (c.kind == "show" and c.defn.deck == "starter")]
    ids = [c.id for c in cards]
    picked_games = {i: 0 for i in ids}
    total_games = 0
    lift_in: dict[str, list[float]] = {i: [] for i in ids}
    mp_values: list[float] = []
    errors = []
    for n_key, results in data["games"].items():
        n = int(n_key)
        ok = [r for r in results if "error" not in r]
        errors += [f"{n} players, seed {r['seed']}: {r['error']}" for r in results if "error" in r]
        scores = [float(v) for r in ok for v in r["scores"]]
        winners = [float(max(r["scores"])) for r in ok]
        seat_credit = [0.0] * n
        for r in ok:
            order = r["extra"]["order"]
            for w in r["winners"]:
                seat_credit[order.index(w)] += 1.0 / len(r["winners"])
        seats: list[dict[str, Any]] = []
        for k in range(n):
            lo, hi = wilson(seat_credit[k], len(ok))
            seats.append({"seat": k + 1, "win_rate": seat_credit[k] / len(ok) if ok else 0.0, "ci95": [lo, hi]})
        rounds = [[float(r["extra"]["rounds"][p][k]) for r in ok for p in range(n) if len(r["extra"]["rounds"][p]) > k]
                  for k in range(4)]
        bonus = {b: [float(r["extra"]["bonus"][p][b]) for r in ok for p in range(n)] for b in BONUSES}
        entry: dict[str, Any] = {
            "games": len(results), "finished": len(ok),
            "score": _describe(scores), "winner_score": _describe(winners),
            "seats": seats, "fair_share": 1.0 / n,
            "rounds": [_describe(x) for x in rounds],
            "bonus": {b: _describe(x) for b, x in bonus.items()},
            "decisions_per_game": statistics.fmean([r["decisions"] for r in ok]) if ok else 0.0,
            "_scores": scores, "_winners": winners, "_rounds": rounds, "_bonus": bonus,
        }
        if n == 1:
            ranks: dict[str, int] = {}
            for r in ok:
                ranks[r.get("rank", "?")] = ranks.get(r.get("rank", "?"), 0) + 1
            entry["solo_ranks"] = ranks
        per_n[str(n)] = entry
        for r in ok:
            total_games += 1
            seen = set()
            for p in range(n):
                seen.update(r["extra"]["picks"][p])
            for c in seen:
                if c in picked_games:
                    picked_games[c] += 1
            if n >= 2:
                for p in range(n):
                    credit = (1.0 / len(r["winners"]) if p in r["winners"] else 0.0) - 1.0 / n
                    mp_values.append(credit)
                    mine = set(r["extra"]["picks"][p])
                    for c in mine:
                        if c in lift_in:
                            lift_in[c].append(credit)
        # acceptance-style checks
        if n >= 2:
            worst = max(abs(s["win_rate"] - 1.0 / n) for s in seats)
            checks.append({"check": f"{n} players: every seat's win rate within ±5 points of {100 / n:.1f}%",
                           "value": f"largest gap {100 * worst:.1f} points", "ok": worst <= SEAT_TOLERANCE})
        if n == 4 and not data["meta"].get("options"):  # the base game's target (the modules add viewers)
            m = entry["winner_score"]["mean"]
            checks.append({"check": "4 players: winner's mean final score 140-200", "value": f"{m:.1f}", "ok": 140 <= m <= 200})
        if n == 1:
            med = entry["score"]["median"]
            checks.append({"check": "solo: median final score at least 150", "value": f"{med:.1f}", "ok": med >= 150})
    # card lifts
    rows = []
    for c in cards:
        row: dict[str, Any] = {"id": c.id, "name": c.name, "kind": c.kind,
                               "pick_rate": picked_games[c.id] / total_games if total_games else 0.0,
                               "picked_player_games": len(lift_in[c.id])}
        row.update(_lift(lift_in[c.id], mp_values))
        rows.append(row)
    lifts = [r["lift"] for r in rows if "lift" in r]
    if lifts:
        med = statistics.median(lifts)
        mad = statistics.median(abs(x - med) for x in lifts) * 1.4826 or 1e-9
        for r in rows:
            if "lift" in r:
                r["z"] = (r["lift"] - med) / mad
                lo, hi = r["ci95"]
                r["outlier"] = bool((lo > 0 or hi < 0) and abs(r["z"]) > OUTLIER_Z)
    rows.sort(key=lambda r: -r.get("lift", -9.0))
    modules = _modules(data, mp_values)
    checks += modules.pop("checks")
    return {"meta": data["meta"], "players": per_n, "cards": rows, "checks": checks, "errors": errors, "modules": modules}


def _modules(data: dict[str, Any], everyone: list[float]) -> dict[str, Any]:
    """The expansion modules' figures: per Executive board and per Mogul, how often it was taken and
    the win rate of the players who had it (multiplayer games), plus the Executive check."""
    out: dict[str, Any] = {"checks": []}
    games = [(int(n), r) for n, results in data["games"].items() for r in results if "error" not in r]
    with_exec = [(n, r) for n, r in games if "exec" in r["extra"]]
    with_moguls = [(n, r) for n, r in games if "moguls" in r["extra"]]
    if not with_exec and not with_moguls:
        return out
    describe = get_plugin("networks").module_json
    assert describe is not None  # The Networks describes its modules
    info = describe([m for m, on in (("executives", with_exec), ("moguls", with_moguls)) if on])

    def credit(n: int, r: dict[str, Any], p: int) -> float:
        return (1.0 / len(r["winners"]) if p in r["winners"] else 0.0) - 1.0 / n

    if with_exec:
        boards = info["executives"]["boards"]
        dealt, kept = [0] * len(boards), [0] * len(boards)
        held: list[list[float]] = [[] for _ in boards]
        for n, r in with_exec:
            ex = r["extra"]
            for p in range(n):
                for i in ex["exec_dealt"][p]:
                    if 0 <= i < len(boards):
                        dealt[i] += 1
                i = ex["exec"][p]
                if 0 <= i < len(boards):
                    kept[i] += 1
                    if n >= 2:
                        held[i].append(credit(n, r, p))
        rows = []
        for i, b in enumerate(boards):
            row: dict[str, Any] = {"id": b["id"], "name": b["name"], "complexity": b["complexity"], "dealt": dealt[i],
                                   "kept": kept[i], "pick_rate": kept[i] / dealt[i] if dealt[i] else 0.0,
                                   "player_games": len(held[i])}
            if held[i]:
                row["win_vs_fair"] = statistics.fmean(held[i])  # the holders' win rate minus the fair share
            row.update(_lift(held[i], everyone))
            rows.append(row)
        out["executives"] = rows
        rated = [r for r in rows if r["player_games"] >= 30]
        if rated:
            worst = max(rated, key=lambda r: abs(r["win_vs_fair"]))
            out["checks"].append({
                "check": f"every Executive's win rate within ±{100 * EXEC_TOLERANCE:.0f} points of the mean (the fair share)",
                "value": f"largest gap {100 * worst['win_vs_fair']:+.1f} points ({worst['name']})",
                "ok": abs(worst["win_vs_fair"]) <= EXEC_TOLERANCE})
    if with_moguls:
        cards = info["moguls"]["moguls"]
        in_games = [0] * len(cards)
        owned: list[list[float]] = [[] for _ in cards]
        for n, r in with_moguls:
            seen: set[int] = set()
            for p in range(n):
                for j in r["extra"]["moguls"][p]:
                    if 0 <= j < len(cards):
                        seen.add(j)
                        if n >= 2:
                            owned[j].append(credit(n, r, p))
            for j in seen:
                in_games[j] += 1
        mrows = []
        for j, c in enumerate(cards):
            row = {"id": c["id"], "name": c["name"], "timing": c["timing"],
                   "pick_rate": in_games[j] / len(with_moguls), "player_games": len(owned[j])}
            if owned[j]:
                row["win_vs_fair"] = statistics.fmean(owned[j])
            row.update(_lift(owned[j], everyone))
            mrows.append(row)
        out["moguls"] = mrows
    return out


def public(report: dict[str, Any]) -> dict[str, Any]:
    """The report without the raw lists used for plotting (for JSON)."""
    out = dict(report)
    out["players"] = {n: {k: v for k, v in e.items() if not k.startswith("_")} for n, e in report["players"].items()}
    return out


# ---------------------------------------------------------------------- plots and page


def _figures(report: dict[str, Any]) -> dict[str, bytes]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figs: dict[str, bytes] = {}
    per = report["players"]
    counts = sorted(per, key=int)

    def save(name: str, fig: Any, tight: bool = True) -> None:
        buf = io.BytesIO()
        if tight:
            fig.tight_layout()
        fig.savefig(buf, format="png", dpi=90)
        plt.close(fig)
        figs[name] = buf.getvalue()

    # 1. score distributions
    fig, axes = plt.subplots(1, len(counts), figsize=(3.2 * len(counts), 3), squeeze=False, sharey=False)
    for ax, n in zip(axes[0], counts, strict=True):
        e = per[n]
        ax.hist(e["_scores"], bins=30, alpha=0.6, label="all players")
        if int(n) > 1:
            ax.hist(e["_winners"], bins=30, alpha=0.6, label="winner")
        ax.set_title(f"{n} player{'s' if int(n) > 1 else ''}")
        ax.set_xlabel("final score")
        ax.legend(fontsize=7)
    save("scores", fig)

    # 2. win rate by seat
    multi = [n for n in counts if int(n) > 1]
    if multi:
        fig, axes = plt.subplots(1, len(multi), figsize=(3.2 * len(multi), 3), squeeze=False)
        for ax, n in zip(axes[0], multi, strict=True):
            e = per[n]
            xs = [s["seat"] for s in e["seats"]]
            ys = [100 * s["win_rate"] for s in e["seats"]]
            err = [[max(0.0, 100 * (s["win_rate"] - s["ci95"][0])) for s in e["seats"]],
                   [max(0.0, 100 * (s["ci95"][1] - s["win_rate"])) for s in e["seats"]]]  # (rounding: never below 0)
            ax.bar(xs, ys, yerr=err, capsize=3, color="#4c72b0")
            fair = 100 * e["fair_share"]
            ax.axhline(fair, color="k", lw=1)
            ax.axhspan(fair - 100 * SEAT_TOLERANCE, fair + 100 * SEAT_TOLERANCE, color="green", alpha=0.1)
            ax.set_title(f"{n} players")
            ax.set_xlabel("seat (round-1 turn order)")
            ax.set_ylabel("win rate %")
            ax.set_xticks(xs)
        save("seats", fig)

    # 3. round scores
    fig, ax = plt.subplots(figsize=(6, 3.5))
    for n in counts:
        e = per[n]
        ax.errorbar([1, 2, 3, 4], [r["mean"] for r in e["rounds"]], yerr=[r["sd"] for r in e["rounds"]], capsize=3, marker="o",
                    label=f"{n}p")
    ax.set_xlabel("round")
    ax.set_ylabel("viewers scored (mean ± sd)")
    ax.set_xticks([1, 2, 3, 4])
    ax.legend(fontsize=8)
    save("rounds", fig)

    # 4. end-game bonuses
    fig, axes = plt.subplots(1, len(BONUSES), figsize=(3.2 * len(BONUSES), 3), squeeze=False)
    for ax, b in zip(axes[0], BONUSES, strict=True):
        ax.boxplot([per[n]["_bonus"][b] for n in counts], tick_labels=[f"{n}p" for n in counts], showfliers=False)
        ax.set_title(b)
    save("bonuses", fig)

    # 5. cards: pick rate and lift
    rows = [r for r in report["cards"] if "lift" in r]
    if rows:
        colours = {"show": "#4c72b0", "star": "#dd8452", "ad": "#55a868", "network": "#8172b3"}
        h = max(4.0, 0.14 * len(rows))
        fig, (a1, a2) = plt.subplots(1, 2, figsize=(12, h), sharey=True)
        ys = list(range(len(rows)))
        a1.barh(ys, [100 * r["pick_rate"] for r in rows], color=[colours[r["kind"]] for r in rows])
        a1.set_xlabel("pick rate % (games)")
        a1.set_yticks(ys)
        a1.set_yticklabels([r["name"][:28] for r in rows], fontsize=6)
        a1.invert_yaxis()
        for flagged, col in ((False, "#4c72b0"), (True, "red")):
            sel = [(y, r) for y, r in zip(ys, rows, strict=True) if bool(r.get("outlier")) == flagged]
            if sel:
                a2.errorbar([100 * r["lift"] for _, r in sel], [y for y, _ in sel], fmt="o", ms=3, color=col, lw=1,
                            xerr=[[100 * (r["lift"] - r["ci95"][0]) for _, r in sel], [100 * (r["ci95"][1] - r["lift"]) for _, r in sel]])
        a2.axvline(0, color="k", lw=0.8)
        a2.set_xlabel("win-rate lift, points (95% CI); red = outlier")
        fig.subplots_adjust(left=0.16, right=0.98, top=0.99, bottom=0.3 / h + 0.02, wspace=0.05)
        save("cards", fig, tight=False)
    # 6. the modules: Executives' and Moguls' win rates against the fair share
    for name, label in (("executives", "Executive"), ("moguls", "Mogul")):
        mrows = [r for r in (report.get("modules") or {}).get(name, []) if "lift" in r]
        if not mrows:
            continue
        fig, ax = plt.subplots(figsize=(7, max(2.5, 0.28 * len(mrows))))
        ys = list(range(len(mrows)))
        ax.errorbar([100 * r["win_vs_fair"] for r in mrows], ys, fmt="o", ms=4, lw=1,
                    xerr=[[100 * (r["lift"] - r["ci95"][0]) for r in mrows], [100 * (r["ci95"][1] - r["lift"]) for r in mrows]])
        ax.axvline(0, color="k", lw=0.8)
        if name == "executives":
            ax.axvspan(-100 * EXEC_TOLERANCE, 100 * EXEC_TOLERANCE, color="green", alpha=0.1)
        ax.set_yticks(ys)
        ax.set_yticklabels([r["name"] for r in mrows], fontsize=8)
        ax.invert_yaxis()
        ax.set_xlabel(f"{label} holders' win rate minus the fair share, points (95% CI of the lift)")
        save(name, fig)
    return figs


def render_html(report: dict[str, Any], figs: dict[str, bytes]) -> str:
    meta = report["meta"]
    esc = html.escape

    def img(name: str, alt: str) -> str:
        if name not in figs:
            return ""
        data = base64.b64encode(figs[name]).decode()
        return f'<figure><img alt="{esc(alt)}" src="data:image/png;base64,{data}"><figcaption>{esc(alt)}</figcaption></figure>'

    parts = [
        "<!doctype html><html><head><meta charset='utf-8'><title>The Networks — balance report</title>",
        "<style>body{font-family:sans-serif;max-width:1200px;margin:2em auto;padding:0 1em}"
        "table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}"
        "th{background:#eee}td:first-child{text-align:left}.bad{color:#b00;font-weight:bold}.ok{color:#070}"
        "img{max-width:100%}figure{margin:1em 0}</style></head><body>",
        "<h1>The Networks: Primetime — card balance report</h1>",
        f"<p>{meta['games']} games per player count ({', '.join(map(str, meta['players']))}), bot <code>{esc(meta['bot'])}</code> "
        f"in every seat, seed {meta['seed']}, {meta['workers']} worker(s) on the {esc(meta['backend'])} backend, "
        f"{meta['seconds']:.0f} s. Modules: {esc(module_label(meta.get('options') or {}))}.</p>",
        "<h2>Checks</h2><table><tr><th>Check</th><th>Value</th><th>Result</th></tr>",
    ]
    for c in report["checks"]:
        parts.append(f"<tr><td>{esc(c['check'])}</td><td>{esc(c['value'])}</td>"
                     f"<td class='{'ok' if c['ok'] else 'bad'}'>{'ok' if c['ok'] else 'outside'}</td></tr>")
    parts.append("</table><h2>Scores</h2><table><tr><th>Players</th><th>Games</th><th>Score mean ± sd</th><th>Median</th>"
                 "<th>Winner mean</th><th>Seat win rates (fair share)</th><th>Decisions / game</th></tr>")
    for n, e in sorted(report["players"].items(), key=lambda kv: int(kv[0])):
        seats = " · ".join(f"{100 * s['win_rate']:.1f}%" for s in e["seats"]) if int(n) > 1 else "—"
        parts.append(f"<tr><td>{n}</td><td>{e['finished']}</td><td>{e['score']['mean']:.1f} ± {e['score']['sd']:.1f}</td>"
                     f"<td>{e['score']['median']:.1f}</td><td>{e['winner_score']['mean']:.1f}</td>"
                     f"<td>{seats} ({100 * e['fair_share']:.1f}%)</td><td>{e['decisions_per_game']:.0f}</td></tr>")
    parts.append("</table>")
    solo = report["players"].get("1")
    if solo and "solo_ranks" in solo:
        parts.append("<p>Solo ranks: " + ", ".join(f"{esc(k)} {v}" for k, v in sorted(solo["solo_ranks"].items(), key=lambda kv: -kv[1]))
                     + "</p>")
    parts += [img("scores", "Final score distribution per player count"), img("seats", "Win rate by seat with 95% CI"),
              img("rounds", "Round scores by round"), img("bonuses", "End-game bonus categories")]
    parts.append("<h2>Round scores and bonuses (means)</h2><table><tr><th>Players</th>"
                 + "".join(f"<th>Round {k}</th>" for k in range(1, 5)) + "".join(f"<th>{b}</th>" for b in BONUSES) + "</tr>")
    for n, e in sorted(report["players"].items(), key=lambda kv: int(kv[0])):
        parts.append(f"<tr><td>{n}</td>" + "".join(f"<td>{r['mean']:.1f}</td>" for r in e["rounds"])
                     + "".join(f"<td>{e['bonus'][b]['mean']:.1f}</td>" for b in BONUSES) + "</tr>")
    parts.append("</table><h2>Cards</h2>")
    parts.append("<p>Pick rate: share of games in which a player acquired the card. Lift: win rate above the fair share of "
                 "player-games that acquired the card minus that of the others (multiplayer games), in points, with a 95% "
                 f"interval. Outliers: interval excludes 0 and more than {OUTLIER_Z} robust SDs from the median lift.</p>")
    parts.append(img("cards", "Per card pick rate and win-rate lift"))
    parts.append("<table><tr><th>Card</th><th>Kind</th><th>Pick rate</th><th>Lift (points)</th><th>95% CI</th><th>Flag</th></tr>")
    for r in report["cards"]:
        if "lift" in r:
            lo, hi = r["ci95"]
            flag = "<span class='bad'>outlier</span>" if r.get("outlier") else ""
            parts.append(f"<tr><td>{esc(r['name'])} <small>{esc(r['id'])}</small></td><td>{r['kind']}</td>"
                         f"<td>{100 * r['pick_rate']:.1f}%</td><td>{100 * r['lift']:+.1f}</td><td>{100 * lo:+.1f} … {100 * hi:+.1f}</td>"
                         f"<td>{flag}</td></tr>")
        else:
            parts.append(f"<tr><td>{esc(r['name'])} <small>{esc(r['id'])}</small></td><td>{r['kind']}</td>"
                         f"<td>{100 * r['pick_rate']:.1f}%</td><td>—</td><td>—</td><td></td></tr>")
    parts.append("</table>")
    parts += _module_html(report.get("modules") or {}, img)
    if report["errors"]:
        parts.append("<h2>Errors</h2><ul>" + "".join(f"<li>{esc(e)}</li>" for e in report["errors"][:50]) + "</ul>")
    parts.append("</body></html>")
    return "\n".join(parts)


def _module_html(modules: dict[str, Any], img: Any) -> list[str]:
    """The expansion modules' part of the page: a table per module (Executives, Moguls)."""
    esc = html.escape
    parts: list[str] = []

    def cells(r: dict[str, Any]) -> str:
        if "lift" not in r:
            return "<td>—</td><td>—</td><td>—</td>"
        lo, hi = r["ci95"]
        return (f"<td>{100 * r['win_vs_fair']:+.1f}</td><td>{100 * r['lift']:+.1f}</td>"
                f"<td>{100 * lo:+.1f} … {100 * hi:+.1f}</td>")

    if "executives" in modules:
        parts.append("<h2>Executives</h2><p>Dealt: times the board was among a player's two; kept: times it was chosen; "
                     "pick rate = kept / dealt. Win vs fair: the win rate of the players who kept it minus the fair share "
                     f"(the mean), in points; the check allows ±{100 * EXEC_TOLERANCE:.0f}. Lift: against every other "
                     "player-game, with a 95% interval.</p>")
        parts.append(img("executives", "Executives: win rate of the players who kept each board, against the fair share"))
        parts.append("<table><tr><th>Executive</th><th>Complexity</th><th>Dealt</th><th>Kept</th><th>Pick rate</th>"
                     "<th>Player-games</th><th>Win vs fair</th><th>Lift</th><th>95% CI</th></tr>")
        for r in modules["executives"]:
            parts.append(f"<tr><td>{esc(r['name'])}</td><td>{r['complexity']}</td><td>{r['dealt']}</td><td>{r['kept']}</td>"
                         f"<td>{100 * r['pick_rate']:.1f}%</td><td>{r['player_games']}</td>{cells(r)}</tr>")
        parts.append("</table>")
    if "moguls" in modules:
        parts.append("<h2>Moguls</h2><p>Pick rate: share of games in which some player owned the Mogul. Win vs fair and "
                     "lift as for the Executives.</p>")
        parts.append(img("moguls", "Moguls: win rate of their owners, against the fair share"))
        parts.append("<table><tr><th>Mogul</th><th>Timing</th><th>Pick rate</th><th>Player-games</th><th>Win vs fair</th>"
                     "<th>Lift</th><th>95% CI</th></tr>")
        for r in modules["moguls"]:
            parts.append(f"<tr><td>{esc(r['name'])} <small>{esc(r['id'])}</small></td><td>{esc(r['timing'])}</td>"
                         f"<td>{100 * r['pick_rate']:.1f}%</td><td>{r['player_games']}</td>{cells(r)}</tr>")
        parts.append("</table>")
    return parts


MODULES = ("telly_time", "moguls", "executives")
MODULE_TITLES = {"telly_time": "Telly Time", "moguls": "Moguls", "executives": "Executives"}


def module_label(options: dict[str, Any]) -> str:
    """``"Telly Time + Moguls"`` for the modules on in ``options``; ``"none (the base game)"`` without."""
    on = [MODULE_TITLES[m] for m in MODULES if options.get(m)]
    return " + ".join(on) if on else "none (the base game)"


def module_combinations(base: bool = True) -> list[dict[str, bool]]:
    """Every combination of the expansion modules (the 7 with at least one; the base game first with ``base``)."""
    out = [{m: True for m, on in zip(MODULES, bits, strict=True) if on}
           for bits in itertools.product((False, True), repeat=len(MODULES))]
    out.sort(key=lambda o: (len(o), [MODULES.index(m) for m in o]))
    return out if base else out[1:]


def combination_slug(options: dict[str, Any]) -> str:
    on = [m.replace("_", "-") for m in MODULES if options.get(m)]
    return "+".join(on) if on else "base"


def write_combinations(reports: list[dict[str, Any]], out: Path) -> Path:
    """``index.html`` in ``out`` linking one report per module combination (each in its own folder,
    written by :func:`write_report`), with every combination's checks in one table."""
    esc = html.escape
    parts = ["<!doctype html><html><head><meta charset='utf-8'><title>The Networks — balance by module</title>",
             "<style>body{font-family:sans-serif;max-width:1200px;margin:2em auto;padding:0 1em}"
             "table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:3px 8px}"
             "th{background:#eee}.bad{color:#b00;font-weight:bold}.ok{color:#070}</style></head><body>",
             "<h1>The Networks: Primetime — balance with each expansion module</h1>"]
    if reports:
        m = reports[0]["meta"]
        parts.append(f"<p>{m['games']} games per player count ({', '.join(map(str, m['players']))}) per combination, bot "
                     f"<code>{esc(m['bot'])}</code> in every seat, seed {m['seed']}.</p>")
    parts.append("<table><tr><th>Modules</th><th>Check</th><th>Value</th><th>Result</th></tr>")
    for r in reports:
        opts = r["meta"].get("options") or {}
        link = f"<a href='{combination_slug(opts)}/index.html'>{esc(module_label(opts))}</a>"
        for k, c in enumerate(r["checks"]):
            parts.append(f"<tr><td>{link if k == 0 else ''}</td><td>{esc(c['check'])}</td><td>{esc(c['value'])}</td>"
                         f"<td class='{'ok' if c['ok'] else 'bad'}'>{'ok' if c['ok'] else 'outside'}</td></tr>")
    parts.append("</table></body></html>")
    out.mkdir(parents=True, exist_ok=True)
    page = out / "index.html"
    page.write_text("\n".join(parts))
    (out / "combinations.json").write_text(json.dumps(
        [{"modules": combination_slug(r["meta"].get("options") or {}), "checks": r["checks"], "meta": r["meta"]} for r in reports],
        indent=1))
    return page


def write_report(report: dict[str, Any], out: Path, plots: bool = True) -> Path:
    """Write ``index.html``, the PNG plots and ``balance.json`` into ``out``; return the page's path."""
    out.mkdir(parents=True, exist_ok=True)
    figs = _figures(report) if plots else {}
    for name, data in figs.items():
        (out / f"{name}.png").write_bytes(data)
    (out / "balance.json").write_text(json.dumps(public(report), indent=1))
    page = out / "index.html"
    page.write_text(render_html(report, figs))
    return page
