"""``primetime cards networks`` with the expansion modules' flags: their cards and boards, as tables and JSON."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from primetime.cli import app
from primetime.games.networks.cards import default_catalogue, telly_catalogue
from primetime.games.networks.executive_data import default_executives

runner = CliRunner()


def invoke(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args), env={"COLUMNS": "200"})
    return result.exit_code, result.output


def test_cards_modules_json() -> None:
    code, out = invoke("cards", "networks", "--telly-time", "--moguls", "--executives", "--json")
    assert code == 0, out
    data = json.loads(out)
    assert set(data) == {"telly_time", "moguls", "executives"}
    telly = data["telly_time"]
    base = default_catalogue().by_id
    telly_ids = {c.id for c in telly_catalogue().cards if c.kind == "show"} - set(base)
    assert {s["id"] for s in telly["shows"]} == telly_ids and telly_ids
    assert {"kids", "quiz", "chat"} <= {s["genre"] for s in telly["shows"]}
    assert all(s["words"] for s in telly["shows"])
    assert len(telly["grid"]["squares"]) == 9 and len(telly["grid"]["lines"]) == 8
    mog = default_catalogue().moguls
    assert mog is not None
    assert [m["id"] for m in data["moguls"]["moguls"]] == [m.id for m in mog.mogul]
    boards = data["executives"]["boards"]
    assert [b["id"] for b in boards] == [b.id for b in default_executives().boards]
    assert all({"complexity", "ability", "drawback"} <= set(b) for b in boards)
    code, out = invoke("cards", "networks", "--moguls", "--json")
    assert code == 0 and set(json.loads(out)) == {"moguls"}


def test_cards_modules_tables() -> None:
    code, out = invoke("cards", "networks", "--telly-time")
    assert code == 0, out
    assert "Telly Time shows (" in out and "Genre Grid" in out and "anti-diagonal" in out and "Moguls (" not in out
    assert "TELLY-A01" in out and "Shows (" not in out  # the module's cards only
    code, out = invoke("cards", "networks", "--moguls", "--executives")
    assert code == 0, out
    assert "Moguls (15)" in out and "Executive boards (" in out and "Complexity" in out and "Drawback" in out
    for b in default_executives().boards:
        assert b.id in out
    code, out = invoke("cards", "networks")  # no flag: the catalogue as before
    assert code == 0 and "Shows (" in out and "Telly Time shows" not in out


def test_cards_modules_are_the_networks_only() -> None:
    code, out = invoke("cards", "prime-time", "--executives")
    assert code == 2 and "expansion modules of The Networks" in out
