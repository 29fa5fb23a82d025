"""Results files: long runs keep every finished game and resume where they stopped."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from primetime.cli import app
from primetime.sim.results import ResultsFile, ResultsFileError, code_version
from primetime.sim.tournament import tournament

RUN = {"game": "networks", "players": 2, "lineup": ["greedy", "random"], "seed": 3, "options": None}


def _lines(path: Path) -> list[dict[str, object]]:
    return [json.loads(x) for x in path.read_text().splitlines()]


def test_header_then_one_line_per_game(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    with ResultsFile(path, RUN) as rf:
        rf.add(1, {"scores": [1, 2]})
        rf.add(0, {"scores": [3, 4]})
    rows = _lines(path)
    assert rows[0] == {"run": RUN, "code": code_version()}
    assert rows[1:] == [{"i": 1, "result": {"scores": [1, 2]}}, {"i": 0, "result": {"scores": [3, 4]}}]
    again = ResultsFile(path, RUN)
    assert again.done == {0: {"scores": [3, 4]}, 1: {"scores": [1, 2]}}


def test_another_runs_file_is_refused_with_the_difference(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    with ResultsFile(path, RUN):
        pass
    with pytest.raises(ResultsFileError, match=r"another run \(seed=3\)"):
        ResultsFile(path, {**RUN, "seed": 4})
    (tmp_path / "notes.txt").write_text("hello\n")
    with pytest.raises(ResultsFileError, match="not a results file"):
        ResultsFile(tmp_path / "notes.txt", RUN)


def test_a_torn_last_line_is_dropped_and_that_game_played_again(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    with ResultsFile(path, RUN) as rf:
        rf.add(0, {"scores": [3, 4]})
    with path.open("a") as fh:
        fh.write('{"i": 1, "resu')  # killed while writing
    rf = ResultsFile(path, RUN)
    assert set(rf.done) == {0}
    with rf:
        rf.add(1, {"scores": [5, 6]})
    assert [r.get("i") for r in _lines(path)] == [None, 0, 1]


def test_a_damaged_middle_line_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    path.write_text(json.dumps({"run": RUN}) + "\nnot json\n" + json.dumps({"i": 0, "result": {}}) + "\n")
    with pytest.raises(ResultsFileError, match="line 2"):
        ResultsFile(path, RUN)


def test_an_interrupted_tournament_resumes_with_the_same_report(tmp_path: Path) -> None:
    whole = tournament(2, "greedy,random", 6, seed=3)
    path = tmp_path / "t.jsonl"
    first = tournament(2, "greedy,random", 6, seed=3, save=path)
    assert first["resumed"] == 0
    rows = _lines(path)
    assert len(rows) == 1 + 6
    # Keep the header and 3 games, as if the run had been stopped half-way.
    path.write_text("".join(json.dumps(r) + "\n" for r in rows[:4]))
    second = tournament(2, "greedy,random", 6, seed=3, save=path)
    assert second["resumed"] == 3 and len(_lines(path)) == 1 + 6
    drop = ("seconds", "resumed")
    for report in (whole, first, second):
        for row in report["bots"]:
            row.pop("seconds_per_decision")  # timing, not a result
    assert {k: v for k, v in second.items() if k not in drop} == {k: v for k, v in whole.items() if k not in drop}


def test_tournament_command_save_option(tmp_path: Path) -> None:
    path = tmp_path / "cli.jsonl"
    args = ["tournament", "networks", "--players", "2", "--bots", "greedy,random", "--games", "2", "--json", "--save", str(path)]
    res = CliRunner().invoke(app, args)
    assert res.exit_code == 0, res.output
    assert json.loads(res.output)["finished"] == 2
    res = CliRunner().invoke(app, [*args[:-2], "--seed", "9", "--save", str(path)])
    assert res.exit_code == 2
    assert "another run" in res.output and "--save" in res.output


def test_the_header_records_the_code_that_played() -> None:
    code = code_version()
    assert len(code["source"]) == 16 and code["version"] and code["build"] in ("pure Python", "compiled")
    if (Path(__file__).resolve().parent.parent / ".git").exists():
        assert len(code["commit"]) == 40 and isinstance(code["changed"], bool)


OTHER = {"source": "0123456789abcdef", "version": "0.0.9", "commit": None, "changed": None, "build": "pure Python"}


def test_resuming_with_the_same_code_adds_no_code_line(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    with ResultsFile(path, RUN) as rf:
        rf.add(0, {"scores": [1, 2]})
    rf = ResultsFile(path, RUN)
    assert rf.code_changed is None
    with rf:
        rf.add(1, {"scores": [3, 4]})
    assert [sorted(r) for r in _lines(path)] == [["code", "run"], ["i", "result"], ["i", "result"]]


def test_resuming_with_other_code_marks_where_it_changed(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    with ResultsFile(path, RUN, code=OTHER) as rf:
        rf.add(0, {"scores": [1, 2]})
    rf = ResultsFile(path, RUN)
    assert rf.code_changed == (OTHER, code_version())
    with rf:
        rf.add(1, {"scores": [3, 4]})
    rows = _lines(path)
    assert rows[2] == {"code": code_version(), "from": 1} and rows[3]["i"] == 1
    again = ResultsFile(path, RUN)  # the code line is read, not taken for a game
    assert again.done == {0: {"scores": [1, 2]}, 1: {"scores": [3, 4]}} and again.code_changed is None


def test_a_file_from_before_code_was_recorded_still_resumes(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    path.write_text(json.dumps({"run": RUN}) + "\n" + json.dumps({"i": 0, "result": {}}) + "\n")
    rf = ResultsFile(path, RUN)
    assert rf.done == {0: {}} and rf.code_changed == (None, code_version())


def test_a_tournament_resumed_with_other_code_warns(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    tournament(2, "greedy,random", 4, seed=3, save=path)
    rows = _lines(path)
    rows[0]["code"] = OTHER
    path.write_text("".join(json.dumps(r) + "\n" for r in rows[:3]))
    report = tournament(2, "greedy,random", 4, seed=3, save=path)
    assert report["resumed"] == 2
    assert "played by other code (version 0.0.9, sources 0123456789abcdef)" in report["code_changed"]
    assert "code_changed" not in tournament(2, "greedy,random", 4, seed=3, save=path)  # said once, where it changed
    path.write_text("".join(json.dumps(r) + "\n" for r in rows[:3]))
    res = CliRunner().invoke(app, ["tournament", "networks", "--players", "2", "--bots", "greedy,random", "--games", "6",
                                   "--seed", "3", "--save", str(path)])
    assert res.exit_code == 0, res.output
    assert "Warning" in res.output and "other code" in res.output
