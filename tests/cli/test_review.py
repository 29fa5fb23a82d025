"""Issue 35, the review of a finished game: ``primetime review RECORD --seat N [--json]`` judges every decision
of one seat of a record that replays (the choice made and the best option, in the game's score unit), ranks
them by estimated loss and names the three biggest mistakes; errors are one line, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from primetime.bots.registry import make_bot
from primetime.cli import app
from primetime.core.game import Game, load_record, replay_record, split_action

runner = CliRunner()
STORED = Path(__file__).parent / "records" / "networks-4p-greedy.json"  # `primetime record networks --players 4 --bot greedy --seed 3`


def invoke(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.output


def report(*args: str) -> dict[str, Any]:
    """The --json report (stdout alone: the progress bar goes to stderr)."""
    result = runner.invoke(app, ["review", *args, "--json"])
    assert result.exit_code == 0, result.output
    rep: dict[str, Any] = json.loads(result.stdout)
    assert "reviewing" in result.stderr  # the progress bar
    return rep


def choices_of(rec: dict[str, Any], seat: int) -> list[int]:
    """The indices of the actions at which ``seat`` chose among two options or more (replayed here)."""
    g = replay_record({**rec, "actions": []})
    found = []
    for i, entry in enumerate(rec["actions"]):
        who, _ = split_action(entry)
        actor = who if who is not None else g.current_player()
        if actor == seat and len(g.legal_keys(seat)) > 1:
            found.append(i)
        g.apply_entry(entry)
    return found


def test_issue_35_review_json_of_a_stored_4_player_greedy_game_ranks_every_decision_by_loss() -> None:
    rep = report(str(STORED), "--seat", "2")
    for field in ("game", "seat", "player", "unit", "over", "shows_every_card", "decisions", "mistakes", "total_loss"):
        assert field in rep
    rec = load_record(STORED.read_text())
    assert rep["seat"] == 2 and rep["player"] == rec["players"][1] and rep["unit"] == "viewers"
    assert rep["over"] and rep["shows_every_card"]
    decisions = rep["decisions"]
    assert sorted(d["index"] for d in decisions) == choices_of(rec, 1)
    losses = [d["loss"] for d in decisions]
    assert losses == sorted(losses, reverse=True) and min(losses) >= 0
    for d in decisions:
        assert d["made"]["key"] == split_action(rec["actions"][d["index"]])[1]
        assert d["loss"] == pytest.approx(max(0.0, d["best"]["value"] - d["made"]["value"]), abs=0.011)
        assert d["best"]["value"] >= d["made"]["value"] - 0.011
    assert rep["mistakes"] == [d["index"] for d in decisions[:3] if d["loss"] > 0]
    assert rep["total_loss"] == pytest.approx(sum(losses), abs=0.05)


def test_issue_35_review_prints_the_ranked_decisions_and_says_every_card_may_show() -> None:
    code, out = invoke("review", str(STORED), "--seat", "1", "--top", "0")
    assert code == 0, out
    rep = report(str(STORED), "--seat", "1")
    assert "Greedy Bot 1's decisions, by viewers lost" in out
    assert "this review may show every card" in out
    assert f"{len(rep['decisions'])} decisions with a choice" in out
    ranks = [int(line.split("│")[1]) for line in out.splitlines() if line.startswith("│") and line.split("│")[1].strip().isdigit()]
    assert ranks == list(range(1, len(rep["decisions"]) + 1))
    assert "_" not in "".join(line for line in out.splitlines() if line.startswith("│"))  # no ids in the table


def test_issue_35_a_random_player_loses_more_than_a_greedy_one(tmp_path: Path) -> None:
    """The review sees real mistakes: seat 1 plays at random, seat 2 greedily, in a seeded Prime Time game."""
    g = Game.new("prime-time", 3, 4)
    bots = [make_bot("random", 1), make_bot("greedy", 2), make_bot("greedy", 3)]
    while not g.is_over():
        p = g.current_player()
        assert p is not None
        g.apply(p, bots[p].choose(g, g.state, p))
    path = tmp_path / "mixed.json"
    path.write_text(json.dumps(g.record()))
    random_seat = report(str(path), "--seat", "1")
    greedy_seat = report(str(path), "--seat", "2")
    assert random_seat["unit"] == "VP" and len(random_seat["mistakes"]) == 3
    assert random_seat["total_loss"] > 3 * greedy_seat["total_loss"]
    code, out = invoke("review", str(path), "--seat", "1")
    assert code == 0 and "Biggest mistakes:" in out and out.count("  action ") == 3


@pytest.mark.parametrize(("args", "needle"), [
    (["--seat", "0"], "--seat 0: the game has seats 1 to 4"),
    (["--seat", "5"], "--seat 5: the game has seats 1 to 4"),
])
def test_issue_35_review_of_a_seat_the_game_does_not_have(args: list[str], needle: str) -> None:
    code, out = invoke("review", str(STORED), *args)
    assert code == 2 and needle in out and "Traceback" not in out


@pytest.mark.parametrize(("text", "needle"), [
    ("not json", "not valid JSON"),
    ('{"x": 1}', "field 'format_version' is missing"),
    (None, "no such file"),
])
def test_issue_35_review_of_a_bad_file_is_one_line(tmp_path: Path, text: str | None, needle: str) -> None:
    path = tmp_path / "bad.json"
    if text is not None:
        path.write_text(text)
    code, out = invoke("review", str(path), "--seat", "1")
    assert code == 2 and needle in out and "Traceback" not in out


def test_issue_35_review_of_a_record_that_does_not_replay(tmp_path: Path) -> None:
    rec = load_record(STORED.read_text())
    rec["actions"][5] = "no-such-key"
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(rec))
    code, out = invoke("review", str(path), "--seat", "1")
    assert code == 2 and "action 5" in out and "Traceback" not in out
