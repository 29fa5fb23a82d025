"""The card-balance report: collected data, analysis, the HTML page and the command."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from primetime.cli import app
from primetime.games.networks.cards import default_catalogue
from primetime.sim.balance import analyse, public, run_balance, write_report


@pytest.fixture(scope="module")
def data() -> dict[str, object]:
    return run_balance(4, players=[1, 2, 3], bot="random", seed=5)


def test_collected_games(data: dict[str, object]) -> None:
    cat = default_catalogue()
    starters = {cat.cards[c].id for cards in cat.starters.values() for c in cards}
    games = data["games"]  # type: ignore[index]
    assert sorted(games) == [1, 2, 3]
    for n, results in games.items():
        assert len(results) == 4
        for r in results:
            assert "error" not in r
            extra = r["extra"]
            assert sorted(extra["order"]) == list(range(n))
            assert all(len(rounds) == 4 for rounds in extra["rounds"])
            assert len(extra["picks"]) == n
            for picks in extra["picks"]:
                assert not set(picks) & starters
                assert all(c in cat.by_id for c in picks)
            # the round scores and bonuses add up to the final score
            for p in range(n):
                assert sum(extra["rounds"][p]) + sum(extra["bonus"][p].values()) == r["scores"][p]
    # every player acquires something in a game (at least the pilot cards they keep)
    assert all(picks for results in games.values() for r in results for picks in r["extra"]["picks"])


def test_analysis_and_page(data: dict[str, object], tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    report = analyse(data)
    assert set(report["players"]) == {"1", "2", "3"}
    two = report["players"]["2"]
    assert sum(s["win_rate"] for s in two["seats"]) == pytest.approx(1.0)
    assert len(two["rounds"]) == 4 and set(two["bonus"]) == {"genres", "reruns", "network", "cash"}
    assert any(c["check"].startswith("2 players") for c in report["checks"])
    assert any(c["check"].startswith("solo") for c in report["checks"])
    cards = {c["id"]: c for c in report["cards"]}
    assert all(0.0 <= c["pick_rate"] <= 1.0 for c in cards.values())
    with_lift = [c for c in cards.values() if "lift" in c]
    assert with_lift and all(c["ci95"][0] <= c["lift"] <= c["ci95"][1] for c in with_lift)
    page = write_report(report, tmp_path / "out")
    text = page.read_text()
    for part in ("Checks", "Win rate by seat", "Round scores by round", "End-game bonus", "win-rate lift", "data:image/png;base64"):
        assert part in text
    for name in ("scores", "seats", "rounds", "bonuses", "cards"):
        assert (tmp_path / "out" / f"{name}.png").stat().st_size > 1000
    saved = json.loads((tmp_path / "out" / "balance.json").read_text())
    assert saved["players"]["2"]["finished"] == 4
    assert json.dumps(public(report))  # nothing unserialisable


def test_balance_is_the_same_with_two_workers(data: dict[str, object]) -> None:
    again = run_balance(4, players=[1, 2, 3], bot="random", seed=5, workers=2)

    def strip(d: dict[str, object]) -> object:
        return {n: [{k: v for k, v in r.items() if k not in ("seconds", "think")} for r in rs] for n, rs in d["games"].items()}  # type: ignore[attr-defined]

    assert strip(again) == strip(data)


def test_balance_command(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    res = CliRunner().invoke(app, ["balance", "networks", "--games", "2", "--players", "2", "--bot", "random",
                                   "--out", str(tmp_path / "b"), "--json"])
    assert res.exit_code == 0, res.output
    out = json.loads(res.output)
    assert Path(out["page"]).exists() and out["players"]["2"]["finished"] == 2
    res = CliRunner().invoke(app, ["balance", "networks", "--games", "2", "--players", "7", "--out", str(tmp_path / "c")])
    assert res.exit_code == 2 and "between 1 and 5" in res.output


@pytest.fixture(scope="module")
def module_data() -> dict[str, object]:
    return run_balance(6, players=[3], bot="random", seed=3, options={"telly_time": True, "moguls": True, "executives": True})


def test_the_modules_page_counts_executives_and_moguls(module_data: dict[str, object], tmp_path: Path) -> None:
    """Issue 15, the balance report gains a page per module: each Executive's and Mogul's pick rate and
    win-rate lift (NET-EXEC-02: each player keeps 1 of the 2 boards dealt)."""
    pytest.importorskip("matplotlib")
    results = module_data["games"][3]  # type: ignore[index]
    for r in results:
        ex = r["extra"]
        assert len(ex["exec"]) == 3 and len(ex["exec_dealt"]) == 3
        for kept, dealt in zip(ex["exec"], ex["exec_dealt"], strict=True):
            assert len(dealt) == 2 and kept in dealt
        assert len(ex["moguls"]) == 3
    report = analyse(module_data)
    execs = report["modules"]["executives"]
    assert sum(r["dealt"] for r in execs) == 6 * 3 * 2 and sum(r["kept"] for r in execs) == 6 * 3
    assert all(0.0 <= r["pick_rate"] <= 1.0 for r in execs)
    # the holders' win rates, weighted by their games, average to the fair share
    held = [r for r in execs if r["player_games"]]
    assert sum(r["win_vs_fair"] * r["player_games"] for r in held) == pytest.approx(0.0, abs=1e-9)
    owned = sum(len(o) for r in results for o in r["extra"]["moguls"])
    assert sum(r["player_games"] for r in report["modules"]["moguls"]) == owned
    page = write_report(report, tmp_path / "m").read_text()
    assert "<h2>Executives</h2>" in page and "<h2>Moguls</h2>" in page and "Modules: Telly Time + Moguls + Executives" in page


def test_every_module_combination(tmp_path: Path) -> None:
    """``--every-module-combination``: the base game and the 7 combinations, one report each and an index."""
    pytest.importorskip("matplotlib")
    res = CliRunner().invoke(app, ["balance", "networks", "--games", "1", "--players", "2", "--bot", "random",
                                   "--every-module-combination", "--out", str(tmp_path / "all"), "--json"])
    assert res.exit_code == 0, res.output
    out = json.loads(res.output)
    folders = sorted(p.name for p in (tmp_path / "all").iterdir() if p.is_dir())
    assert folders == sorted(["base", "telly-time", "moguls", "executives", "telly-time+moguls", "telly-time+executives",
                              "moguls+executives", "telly-time+moguls+executives"])
    assert {c["modules"] for c in out["checks"]} == set(folders)
    index = (tmp_path / "all" / "index.html").read_text()
    assert "moguls+executives/index.html" in index
    res = CliRunner().invoke(app, ["balance", "networks", "--games", "1", "--every-module-combination", "--moguls",
                                   "--out", str(tmp_path / "x")])
    assert res.exit_code != 0 and "leave out" in res.output
