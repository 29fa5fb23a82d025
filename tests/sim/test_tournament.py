"""Tournaments: seat rotation, statistics, the command, and identical results on every backend."""

from __future__ import annotations

import json
import math
import os

import pytest
from typer.testing import CliRunner

from primetime.cli import app
from primetime.sim.backends import run_tasks
from primetime.sim.games import play_game
from primetime.sim.simulate import simulate
from primetime.sim.tournament import bradley_terry, parse_lineup, schedule, tournament, wilson


def test_schedule_rotates_every_bot_through_every_seat_on_the_same_deal() -> None:
    specs = schedule(3, ["a", "b", "c"], 6, seed=10)
    assert [s["seed"] for s in specs] == [10, 10, 10, 11, 11, 11]
    for deal in (specs[:3], specs[3:]):
        for seat in range(3):
            assert sorted(s["bots"][seat] for s in deal) == ["a", "b", "c"]
        # a bot keeps its seed within a deal, whatever its seat
        seeds = {s["bots"][q]: s["bot_seeds"][q] for s in deal for q in range(3)}
        assert len(seeds) == 3
        for s in deal:
            assert [seeds[b] for b in s["bots"]] == s["bot_seeds"]


def test_parse_lineup() -> None:
    assert parse_lineup("greedy", 3) == ["greedy"] * 3
    assert parse_lineup("greedy, mcts:easy", 2) == ["greedy", "mcts:easy"]
    with pytest.raises(ValueError, match="one bot per seat"):
        parse_lineup("greedy,random", 3)
    with pytest.raises(ValueError, match="unknown bot"):
        parse_lineup("greedy,genius", 2)


def test_wilson_and_ratings() -> None:
    lo, hi = wilson(50, 100)
    assert lo < 0.5 < hi and math.isclose(lo + hi, 1.0)
    assert wilson(0, 10)[0] == pytest.approx(0.0) and wilson(10, 10)[1] == pytest.approx(1.0)
    r = bradley_terry(["a", "b"], {("a", "b"): 300.0, ("b", "a"): 100.0})
    assert math.isclose(r["a"] + r["b"], 3000.0)
    assert r["a"] - r["b"] == pytest.approx(400 * math.log10(300.5 / 100.5), abs=0.5)  # 3:1 is about +191 Elo
    assert bradley_terry(["a"], {}) == {"a": 1500.0}
    assert bradley_terry(["a", "b"], {("a", "b"): 10.0})["a"] < 2500  # finite for an unbeaten bot


def test_tournament_report() -> None:
    rep = tournament(2, "greedy,random", 4, seed=3)
    assert rep["finished"] == 4 and rep["errors"] == 0
    rows = {r["bot"]: r for r in rep["bots"]}
    assert set(rows) == {"greedy", "random"}
    assert rows["greedy"]["games"] == rows["random"]["games"] == 4
    assert rows["greedy"]["wins"] + rows["random"]["wins"] == pytest.approx(4)
    assert rows["greedy"]["rating"] > rows["random"]["rating"]
    for r in rows.values():
        lo, hi = r["win_ci95"]
        assert lo <= r["win_rate"] <= hi
        assert r["score_min"] <= r["score_mean"] <= r["score_max"]
    # the same bot in two seats is pooled
    rep = tournament(3, "random,random,greedy", 3, seed=1)
    rows = {r["bot"]: r for r in rep["bots"]}
    assert rows["random"]["seats"] == 2 and rows["random"]["games"] == 6


def _strip(results: list[dict[str, object]]) -> list[dict[str, object]]:
    return [{k: v for k, v in r.items() if k not in ("seconds", "think")} for r in results]


def test_results_do_not_depend_on_the_number_of_workers() -> None:
    specs = schedule(2, ["greedy", "random"], 4, seed=7)
    one = run_tasks(play_game, specs, workers=1)
    two = run_tasks(play_game, specs, workers=2)
    assert _strip(one) == _strip(two)
    a = simulate(players=2, games=3, bot="random", seed=2)
    b = simulate(players=2, games=3, bot="random", seed=2, workers=2)
    drop = ("seconds", "games_per_second", "decisions_per_second")
    assert {k: v for k, v in a.items() if k not in drop} == {k: v for k, v in b.items() if k not in drop}


def test_ray_backend_gives_the_same_results() -> None:
    if os.environ.get("CI"):
        import ray  # the test extra installs Ray; CI must run this comparison, not skip it
    else:
        ray = pytest.importorskip("ray", reason="Ray is optional: pip install -e '.[scale]'")
    specs = schedule(2, ["greedy", "random"], 4, seed=7)
    local = _strip(run_tasks(play_game, specs, workers=1))
    ray.init(num_cpus=2, include_dashboard=False, logging_level="ERROR", log_to_driver=False)
    try:
        assert _strip(run_tasks(play_game, specs, workers=1, backend="ray")) == local
        assert _strip(run_tasks(play_game, specs, workers=2, backend="ray")) == local
    finally:
        ray.shutdown()


def test_an_unreachable_ray_cluster_is_named_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 19: RAY_ADDRESS naming a place where no cluster listens fails at once with a message
    that names it and the way out (Ray itself would retry for minutes)."""
    import socket

    if not os.environ.get("CI"):
        pytest.importorskip("ray", reason="Ray is optional: pip install -e '.[scale]'")
    with socket.socket() as s:  # a port nothing listens on: bound, never listening
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
        monkeypatch.setenv("RAY_ADDRESS", f"127.0.0.1:{port}")
        with pytest.raises(ValueError, match=f"cannot reach the Ray cluster at RAY_ADDRESS=127.0.0.1:{port}.*ray start --head"):
            run_tasks(play_game, schedule(2, ["random", "random"], 2, seed=1), workers=2, backend="ray")


def test_unknown_backend() -> None:
    with pytest.raises(ValueError, match="unknown backend"):
        run_tasks(play_game, [], backend="spark")


def test_tournament_command() -> None:
    runner = CliRunner()
    res = runner.invoke(app, ["tournament", "networks", "--players", "2", "--bots", "greedy,random", "--games", "2", "--json"])
    assert res.exit_code == 0, res.output
    rep = json.loads(res.output)
    assert {r["bot"] for r in rep["bots"]} == {"greedy", "random"}
    res = runner.invoke(app, ["tournament", "networks", "--players", "2", "--bots", "greedy,random", "--games", "2"])
    assert res.exit_code == 0 and "Win rate" in res.output and "Rating" in res.output
    res = runner.invoke(app, ["tournament", "networks", "--players", "2", "--bots", "greedy,genius", "--games", "2"])
    assert res.exit_code == 2 and "unknown bot" in res.output
    res = runner.invoke(app, ["tournament", "networks", "--players", "2", "--games", "2", "--backend", "spark"])
    assert res.exit_code == 2 and "unknown backend" in res.output


def batch_sizes(seconds_per_task: float, total: int, workers: int) -> list[int]:
    """The sizes of the batches that carry ``total`` tasks, in order, if every task took
    ``seconds_per_task`` (``batch_size`` again and again)."""
    from primetime.sim.backends import batch_size

    sizes: list[int] = []
    left = total
    while left > 0:
        sizes.append(batch_size(seconds_per_task, left, workers))
        left -= sizes[-1]
    return sizes


def test_batches_are_sized_from_the_timing() -> None:
    """Issue 19: games of a millisecond travel in batches that shrink towards the end (the
    workers finish together); a slow game travels alone."""
    sizes = batch_sizes(0.001, 2000, 2)
    assert sum(sizes) == 2000
    assert sizes[0] == 250  # at most 0.25 s of work in a batch
    assert sizes == sorted(sizes, reverse=True) and sizes[-1] <= 10  # shrinking, a small tail
    assert min(sizes[:-1]) >= 10  # but at least 10 ms of work, the last one aside
    assert len(sizes) < 40  # a few dozen hand-overs, not thousands
    assert batch_sizes(0.01, 2000, 2)[0] == 25  # 0.25 s of work per batch
    assert batch_sizes(120.0, 200, 2) == [1] * 200  # a search bot's game travels alone
    assert batch_sizes(0.001, 3, 2) == [3]  # three games of a millisecond are not worth a hand-over each
    assert batch_sizes(0.05, 3, 2) == [1, 1, 1]
    assert batch_sizes(0.001, 0, 2) == []


def test_batches_follow_the_time_measured_so_far() -> None:
    """Issue 19: a process's first game is slow (it touches the code and the card tables for the
    first time); the batches after it grow as faster batches come back, instead of all being sized
    from that first timing, and no more than two per worker are out at once."""
    from primetime.sim.backends import IN_FLIGHT, _Plan

    plan = _Plan(2000, 2)
    assert plan.first() == [(0, 1), (1, 1)]
    sent = plan.back(1, 0.025)  # a cold first game: 25 ms
    assert len(sent) == IN_FLIGHT * 2 - 1 and all(size <= 10 for _, size in sent)
    sent += plan.back(1, 0.024)
    assert len(sent) == IN_FLIGHT * 2  # the worker's next batch is already there
    start, size = sent[0]
    later = plan.back(size, size * 0.001)  # the games really take a millisecond
    assert len(later) == 1 and later[0][0] == sum(n for _, n in sent) + 2  # contiguous, in order
    for _ in range(5):
        start, size = later[-1]
        later += plan.back(size, size * 0.001)
    assert later[-1][1] >= 100  # grown towards BATCH_SECONDS of work
    handed = 2 + sum(n for _, n in sent) + sum(n for _, n in later)
    assert handed <= 2000 and plan.out == IN_FLIGHT * 2


def test_results_come_back_in_task_order_in_batches() -> None:
    """Issue 19: with batches, results (and on_result) come in the order of the tasks, and
    ordered=False hands each result on as its batch comes back; the same values either way."""
    specs = schedule(2, ["random", "random"], 30, seed=900)
    seen: list[int] = []
    two = run_tasks(play_game, specs, workers=2, on_result=lambda i, r: seen.append(i))
    assert seen == list(range(30))
    assert _strip(two) == _strip(run_tasks(play_game, specs, workers=1))
    loose: list[int] = []
    three = run_tasks(play_game, specs, workers=3, on_result=lambda i, r: loose.append(i), ordered=False)
    assert sorted(loose) == list(range(30)) and _strip(three) == _strip(two)
