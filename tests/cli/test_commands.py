"""The ``primetime`` command line, driven through typer's CliRunner."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from primetime.cli import app
from primetime.core.game import load_record, replay_record
from primetime.games.networks.cards import default_catalogue

runner = CliRunner()


def invoke(*args: str, input: str | None = None) -> tuple[int, str]:
    result = runner.invoke(app, list(args), input=input)
    return result.exit_code, result.output


def test_simulate_json_is_one_object() -> None:
    code, out = invoke("simulate", "networks", "--players", "3", "--games", "4", "--seed", "2", "--json")
    assert code == 0, out
    rep = json.loads(out)
    for field in ("games", "errors", "seconds", "games_per_second", "decisions_per_second", "mean_decisions_per_game",
                  "score_mean", "score_min", "score_max", "wins_by_seat"):
        assert field in rep
    assert rep["games"] == 4 and rep["errors"] == 0 and rep["players"] == 3
    assert len(rep["wins_by_seat"]) == 3
    assert rep["build"] in ("pure Python", "compiled")  # which engine build played (make fast)


def test_simulate_table_and_bad_arguments() -> None:
    code, out = invoke("simulate", "networks", "--players", "2", "--games", "2", "--bot", "greedy")
    assert code == 0, out
    assert "decisions / second" in out and "wins by seat" in out and "engine build" in out
    code, out = invoke("simulate", "networks", "--games", "1", "--bot", "genius")
    assert code == 2 and "known bots: greedy, mcts, mcts:easy, mcts:expert, mcts:hard, mcts:normal, random" in out
    code, out = invoke("simulate", "networks", "--players", "7", "--games", "1")
    assert code == 2 and "1 to 5" in out


def test_unknown_games_are_named() -> None:
    code, out = invoke("simulate", "chess", "--games", "1")
    assert code == 2 and "unknown game 'chess'" in out and "networks" in out
    code, out = invoke("play", "tetris")
    assert code == 2 and "prime-time" in out.lower() and "networks" in out
    assert "Traceback" not in out


def record_game(tmp_path: Path, players: int = 3, bot: str = "random", seed: int = 3) -> Path:
    path = tmp_path / "game.json"
    code, out = invoke("record", "networks", "--players", str(players), "--bot", bot, "--seed", str(seed), "-o", str(path))
    assert code == 0, out
    return path


@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_record_then_replay_gives_the_same_scores(tmp_path: Path, bot: str) -> None:
    path = record_game(tmp_path, bot=bot)
    rec = load_record(path.read_text())
    assert rec["game"] == "networks" and rec["seed"] == 3 and len(rec["players"]) == 3
    expected = replay_record(rec).result()
    code, out = invoke("replay", str(path), "--json")
    assert code == 0, out
    data = json.loads(out)
    assert data["over"] is True
    assert data["result"] == expected
    assert data["scores"] == [row["total"] for row in expected["players"]]
    code, out = invoke("replay", str(path))
    assert code == 0, out
    for word in ("Rounds", "Genres", "Reruns", "Network", "Cash", "Total"):
        assert word in out
    for row in expected["players"]:
        assert str(row["total"]) in out


def test_replay_of_an_illegal_action_names_its_index(tmp_path: Path) -> None:
    path = record_game(tmp_path)
    rec = json.loads(path.read_text())
    rec["actions"][7] = "show:99999"
    path.write_text(json.dumps(rec))
    code, out = invoke("replay", str(path))
    assert code == 2
    assert "action 7" in out and "Traceback" not in out
    assert len(out.strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("{not json", "not valid JSON"),
        ("[1, 2]", "JSON object"),
        (json.dumps({"format_version": 1, "game": "networks", "seed": 1, "players": ["A", "B"]}), "'actions' is missing"),
        (json.dumps({"format_version": 1, "game": "networks", "seed": 1, "players": ["A", "B"], "actions": [5]}), "action 0"),
        (json.dumps({"format_version": 1, "game": "nope", "seed": 1, "players": ["A"], "actions": []}), "nope"),
        (json.dumps({"format_version": 1, "game": "networks", "seed": 1, "players": [], "actions": []}), "1 to 5"),
    ],
)
def test_replay_of_a_corrupt_record_exits_2(tmp_path: Path, text: str, needle: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text)
    code, out = invoke("replay", str(path))
    assert code == 2, out
    assert needle in out
    assert "Traceback" not in out and out.startswith("error:")


def test_replay_of_a_missing_file(tmp_path: Path) -> None:
    code, out = invoke("replay", str(tmp_path / "nowhere.json"))
    assert code == 2 and "no such file" in out and "Traceback" not in out


def test_replay_of_an_unfinished_record(tmp_path: Path) -> None:
    path = record_game(tmp_path)
    rec = json.loads(path.read_text())
    rec["actions"] = rec["actions"][:20]
    path.write_text(json.dumps(rec))
    code, out = invoke("replay", str(path))
    assert code == 0 and "before the end of the game" in out
    code, out = invoke("replay", str(path), "--json")
    assert code == 0 and json.loads(out)["over"] is False


def test_cards_json_counts() -> None:
    code, out = invoke("cards", "networks", "--json")
    assert code == 0
    data = json.loads(out)
    cat = default_catalogue()
    for kind in ("show", "star", "ad", "network"):
        assert len(data[kind + "s"]) == sum(1 for c in cat.cards if c.kind == kind) > 0
    assert len(data["solo"]) == len(cat.solo)


def test_cards_table() -> None:
    code, out = invoke("cards", "networks")
    assert code == 0
    assert "Shows (" in out and "Network cards (" in out
    assert default_catalogue().cards[0].id in out


def test_play_solo_with_piped_input_finishes_or_saves(tmp_path: Path) -> None:
    save = tmp_path / "solo.json"
    code, out = invoke("play", "networks", "--players", "1", "--seed", "5", "--save", str(save), input="1\n" * 3000)
    assert code == 0, out
    assert "Traceback" not in out
    rec = load_record(save.read_text())
    game = replay_record(rec)
    if game.is_over():
        assert "Game over" in out and "Solo rank" in out
    else:
        assert "saved" in out


def test_play_bots_only_runs_to_the_end(tmp_path: Path) -> None:
    save = tmp_path / "bots.json"
    code, out = invoke("play", "networks", "--players", "2", "--bots", "2", "--bot", "random", "--seed", "4",
                       "--save", str(save))
    assert code == 0, out
    assert "Game over" in out and ("Winner" in out or "Shared win" in out)
    assert replay_record(load_record(save.read_text())).is_over()


def test_play_reprompts_saves_quits_and_resumes(tmp_path: Path) -> None:
    save = tmp_path / "p.json"
    code, out = invoke("play", "networks", "--players", "3", "--bots", "2", "--seed", "7", "--save", str(save),
                       "--name", "Ann", input="x\n99\n?1\nh\n1\ns\nq\n")
    assert code == 0, out
    assert "is not an option" in out
    assert "quick reference" in out  # h
    assert "Ann" in out and "Market" in out and "Forecast" in out and "Pass track" in out
    rec = load_record(save.read_text())
    assert rec["players"][0] == "Ann" and rec["cli"]["bots"] == {"1": "greedy", "2": "greedy"}
    done = len(rec["actions"])
    assert done >= 1
    # Resume: the bots keep their seats; input ends at once, so the game is saved again.
    code, out = invoke("play", "--resume", str(save), input="")
    assert code == 0, out
    assert f"after {done} actions" in out
    assert len(load_record(save.read_text())["actions"]) >= done


def test_play_rejects_bad_options() -> None:
    code, out = invoke("play", "networks", "--players", "3", "--bots", "4")
    assert code == 2 and "--bots" in out
    code, out = invoke("play", "networks", "--players", "2", "--pilot", "weird")
    assert code == 2 and "normal or simplified" in out
    code, out = invoke("play", "networks", "--players", "1", "--turn-order", "low-to-high")
    assert code == 2 and "multiplayer" in out
    code, out = invoke("play", "--resume", "/nonexistent/save.json")
    assert code == 2 and "no such file" in out


def test_telly_time_flag_on_networks_commands(tmp_path: Path) -> None:
    """NET-OPT-03: --telly-time on simulate, record (and so replay) and check; an error for Prime Time."""
    code, out = invoke("simulate", "networks", "--players", "3", "--games", "2", "--seed", "1", "--telly-time", "--json")
    assert code == 0, out
    assert json.loads(out)["errors"] == 0
    path = tmp_path / "telly.json"
    code, out = invoke("record", "networks", "--players", "2", "--seed", "3", "--telly-time", "-o", str(path))
    assert code == 0, out
    rec = load_record(path.read_text())
    assert rec["options"]["telly_time"] is True
    assert len(replay_record(rec).state.players[0].lineup) == 4
    code, out = invoke("check", "networks", "--games", "2", "--players", "2,3", "--bots", "random", "--telly-time")
    assert code == 0 and "No violation in 2 games." in out, out
    code, out = invoke("simulate", "prime-time", "--games", "1", "--telly-time")
    assert code == 2 and "options of The Networks" in out
