"""The ``primetime`` command line with Prime Time, driven through typer's CliRunner."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from primetime.cli import app
from primetime.core.game import load_record, replay_record

runner = CliRunner()


def invoke(*args: str, input: str | None = None) -> tuple[int, str]:
    result = runner.invoke(app, list(args), input=input)
    return result.exit_code, result.output


FIELDS = ("game", "players", "bots", "seed", "games", "finished", "errors", "error_messages", "seconds", "games_per_second",
          "decisions", "decisions_per_second", "mean_decisions_per_game", "score_mean", "score_min", "score_max",
          "score_mean_by_seat", "wins_by_seat")


def test_simulate_json_has_the_networks_fields() -> None:
    code, out = invoke("simulate", "prime-time", "--players", "3", "--games", "3", "--seed", "2", "--json")
    assert code == 0, out
    rep = json.loads(out)
    _, net = invoke("simulate", "networks", "--players", "3", "--games", "1", "--json")
    assert set(rep) == set(json.loads(net))
    for field in FIELDS:
        assert field in rep
    assert rep["game"] == "prime-time" and rep["games"] == 3 and rep["errors"] == 0 and rep["players"] == 3
    assert len(rep["wins_by_seat"]) == 3 and sum(rep["wins_by_seat"]) >= 3
    assert rep["score_min"] <= rep["score_mean"] <= rep["score_max"]


@pytest.mark.parametrize(("flags", "bots"), [(["--bonds"], "random"), (["--simultaneous"], "random,random"),
                                           (["--bonds", "--simultaneous"], "greedy,random")])
def test_simulate_with_the_advanced_rules(flags: list[str], bots: str) -> None:
    code, out = invoke("simulate", "prime-time", "--players", "2", "--games", "2", "--bot", bots, *flags, "--json")
    assert code == 0, out
    rep = json.loads(out)
    assert rep["errors"] == 0 and rep["finished"] == 2 and rep["bots"] == (bots.split(",") * 2)[:2]


def test_simulate_table_and_bad_arguments() -> None:
    code, out = invoke("simulate", "prime-time", "--players", "2", "--games", "2")
    assert code == 0, out
    assert "Prime Time" in out and "decisions / second" in out and "wins by seat" in out
    code, out = invoke("simulate", "prime-time", "--players", "5", "--games", "1")
    assert code == 2 and "2 to 4" in out and "Traceback" not in out
    code, out = invoke("simulate", "prime-time", "--players", "1", "--games", "1")
    assert code == 2 and "2 to 4" in out
    code, out = invoke("simulate", "networks", "--games", "1", "--bonds")
    assert code == 2 and "Prime Time" in out


def test_unknown_games_list_both_names() -> None:
    for command in (["play"], ["simulate"], ["record", "-o", "x.json"], ["cards"]):
        code, out = invoke(*command, "chess")
        assert code == 2, (command, out)
        assert "unknown game 'chess'" in out and "networks" in out and "prime-time" in out
        assert "Traceback" not in out


def record_game(tmp_path: Path, *flags: str, players: int = 3, bot: str = "random", seed: int = 3) -> Path:
    path = tmp_path / "pt.json"
    code, out = invoke("record", "prime-time", "--players", str(players), "--bot", bot, "--seed", str(seed), *flags, "-o", str(path))
    assert code == 0, out
    assert "Wrote" in out
    return path


@pytest.mark.parametrize(("bot", "players", "flags"), [("random", 3, []), ("random", 4, ["--bonds", "--simultaneous"]),
                                                       ("greedy", 2, ["--bonds"])])
def test_record_then_replay_gives_the_same_scores(tmp_path: Path, bot: str, players: int, flags: list[str]) -> None:
    path = record_game(tmp_path, *flags, players=players, bot=bot)
    rec = load_record(path.read_text())
    assert rec["game"] == "prime-time" and rec["seed"] == 3 and len(rec["players"]) == players
    assert rec["options"]["bonds"] == ("--bonds" in flags) and rec["options"]["simultaneous"] == ("--simultaneous" in flags)
    expected = replay_record(rec).result()
    code, out = invoke("replay", str(path), "--json")
    assert code == 0, out
    data = json.loads(out)
    assert data["over"] is True
    assert data["result"] == expected
    assert data["scores"] == [row["total"] for row in expected["players"]]
    code, out = invoke("replay", str(path))
    assert code == 0, out
    for word in ("Golf", "Hotness", "Most Talents", "Best show", "Variety", "Boardroom", "Bonds", "Cash", "Total", "Tie-break"):
        assert word in out
    for row in expected["players"]:
        assert str(row["total"]) in out
    assert "Winner" in out or "Shared win" in out


def test_replay_of_an_unfinished_record(tmp_path: Path) -> None:
    path = record_game(tmp_path, players=2)
    rec = json.loads(path.read_text())
    rec["actions"] = rec["actions"][:60]
    path.write_text(json.dumps(rec))
    code, out = invoke("replay", str(path))
    assert code == 0 and "before the end of the game" in out and "VP" in out
    code, out = invoke("replay", str(path), "--json")
    assert code == 0 and json.loads(out)["over"] is False


def test_replay_of_an_illegal_action_names_its_index(tmp_path: Path) -> None:
    path = record_game(tmp_path, players=2)
    rec = json.loads(path.read_text())
    rec["actions"][5] = "bid:show:99"
    path.write_text(json.dumps(rec))
    code, out = invoke("replay", str(path))
    assert code == 2 and "action 5" in out and "Traceback" not in out


def test_record_rejects_the_other_games_options(tmp_path: Path) -> None:
    code, out = invoke("record", "prime-time", "--pilot", "simplified", "-o", str(tmp_path / "x.json"))
    assert code == 2 and "The Networks" in out
    code, out = invoke("record", "networks", "--simultaneous", "-o", str(tmp_path / "x.json"))
    assert code == 2 and "Prime Time" in out
    assert not (tmp_path / "x.json").exists()


def test_cards_json_counts() -> None:
    code, out = invoke("cards", "prime-time", "--json")
    assert code == 0
    data = json.loads(out)
    assert len(data["shows"]) == 48
    assert len(data["talents"]) == 38
    assert len(data["clients"]) == 17
    assert data["rerun"]["count"] == 20
    assert len(data["boardroom"]) == 12
    assert len(data["characters"]) == 3


def test_cards_table() -> None:
    code, out = invoke("cards", "prime-time")
    assert code == 0
    for title in ("Shows (48)", "Talents (38)", "Clients (17)", "Boardroom cards (12)", "Re-Runs (20)"):
        assert title in out
    assert "Amazon Run" in out and "Krunchy Flakes" in out and "Min Bonds" in out


def test_play_with_piped_input_finishes_or_saves(tmp_path: Path) -> None:
    save = tmp_path / "pt.json"
    code, out = invoke("play", "prime-time", "--players", "2", "--bots", "1", "--bot", "random", "--seed", "5",
                       "--save", str(save), input="1\n" * 120)
    assert code == 0, out
    assert "Traceback" not in out
    game = replay_record(load_record(save.read_text()))
    if game.is_over():
        assert "Game over" in out and "Final scores" in out
    else:
        assert "saved" in out


def test_play_bots_only_runs_to_the_end(tmp_path: Path) -> None:
    save = tmp_path / "bots.json"
    code, out = invoke("play", "prime-time", "--players", "3", "--bots", "3", "--bot", "random", "--seed", "4", "--bonds",
                       "--save", str(save))
    assert code == 0, out
    assert "Game over" in out and ("Winner" in out or "Shared win" in out)
    rec = load_record(save.read_text())
    assert rec["options"]["bonds"] is True
    assert replay_record(rec).is_over()


def test_play_reprompts_shows_the_board_saves_quits_and_resumes(tmp_path: Path) -> None:
    save = tmp_path / "p.json"
    code, out = invoke("play", "prime-time", "--players", "3", "--bots", "2", "--seed", "7", "--save", str(save),
                       "--name", "Ann", input="x\n99\n?1\nh\n1\n?1\ns\nq\n")
    assert code == 0, out
    assert "is not an option" in out
    assert "quick reference" in out  # h
    assert "min bid" in out  # ?1 on the starting-show choice shows the cards
    for part in ("Board", "Demographic cubes", "Forecast", "Turn order", "Hotness", "Ann (you)", "Your cards"):
        assert part in out, part
    rec = load_record(save.read_text())
    assert rec["game"] == "prime-time"
    assert rec["players"][0] == "Ann" and rec["cli"]["bots"] == {"1": "greedy", "2": "greedy"}
    done = len(rec["actions"])
    assert done >= 1
    code, out = invoke("play", "--resume", str(save), input="")
    assert code == 0, out
    assert f"after {done} actions" in out and "Input closed" in out
    assert len(load_record(save.read_text())["actions"]) >= done


def test_play_shows_only_the_own_hand(tmp_path: Path) -> None:
    code, out = invoke("play", "prime-time", "--players", "2", "--bots", "1", "--seed", "11", "--save", str(tmp_path / "h.json"),
                       input="1\n2\n")
    assert code == 0, out
    rec = load_record((tmp_path / "h.json").read_text())
    game = replay_record(rec)
    state = game.state
    mine = {state.cat.names[c] for c in state.players[0].shows}
    theirs = {state.cat.names[c] for c in state.players[1].shows} - mine
    assert mine and all(name in out for name in mine)
    # The bot's hand (hidden, not yet played) never appears in what the human sees.
    board_names = {state.cat.names[c] for kind in state.spaces for c in kind if c >= 0}
    discarded = {state.cat.names[c] for c in state.show_disc}
    secret = theirs - board_names - discarded
    assert secret
    for name in secret:
        assert name not in out, name


def test_play_simultaneous_hides_the_bots_schedule(tmp_path: Path) -> None:
    save = tmp_path / "s.json"
    # The human (seat 0) takes the first option every time; the bot schedules in secret.
    code, out = invoke("play", "prime-time", "--players", "2", "--bots", "1", "--bot", "random", "--seed", "3", "--simultaneous",
                       "--save", str(save), input="1\n" * 15)
    assert code == 0, out
    assert "hidden until everyone has submitted" in out and "All schedules are revealed" in out
    before_reveal = out.split("All schedules are revealed")[0]
    assert "Bot 2 (Beginner) schedules" not in before_reveal and "Bot 2 (Beginner) hires" not in before_reveal
    assert "Bot 2 (Beginner)" in out  # the bot is named by its level, never by its evaluator


def test_play_rejects_bad_options() -> None:
    code, out = invoke("play", "prime-time", "--players", "5")
    assert code == 2 and "2 to 4" in out
    code, out = invoke("play", "prime-time", "--players", "3", "--bots", "4")
    assert code == 2 and "--bots" in out
    code, out = invoke("play", "prime-time", "--turn-order", "low-to-high")
    assert code == 2 and "The Networks" in out
    code, out = invoke("play", "networks", "--bonds")
    assert code == 2 and "Prime Time" in out
