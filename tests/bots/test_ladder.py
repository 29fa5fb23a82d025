"""Issue 38, the strength ladder: ``bench/bot_ladder.py`` plays every bot level against the others in
seeded games of both games with the seats rotated, resumes from its games file, and rates the levels
with openskill into a result of a fixed schema; the lobby's order (``levels.ORDER``), the figures in
``levels.py``'s docstring, the README's bot table and ``docs/bot-ladder.md`` come from the committed
result (``tools/bot_ladder_docs.py``)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType
from typing import Any

import jsonschema
import pytest

from primetime.bots import levels as levels_mod
from primetime.bots import registry

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = json.loads((ROOT / "bench" / "ladder.schema.json").read_text())
COMMITTED = ROOT / "bench" / "results" / "ladder" / "ladder.json"


def load(name: str, path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


ladder = load("bot_ladder_under_test", ROOT / "bench" / "bot_ladder.py")
docs = load("bot_ladder_docs_under_test", ROOT / "tools" / "bot_ladder_docs.py")

TINY = ["--levels", "random,greedy", "--players", "2", "--no-docs", "--quiet"]


def lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(x) for x in path.read_text().splitlines()]


def test_ladder_levels_are_the_registrys_levels_without_aliases(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every level the registry lists is on the ladder (aliases such as ``mcts`` are not), so a level
    added later (as ``mcts:expert`` was) is played at the next run without touching the script."""
    assert ladder.ladder_levels() == ["greedy", "mcts:easy", "mcts:expert", "mcts:hard", "mcts:normal", "random"]
    monkeypatch.setitem(registry.BOTS, "mcts:later", registry.BOTS["mcts:hard"])
    assert "mcts:later" in ladder.ladder_levels()
    assert "mcts" not in ladder.ladder_levels()


def test_plan_rotates_seats_over_shared_deals_and_keys_games_by_seed() -> None:
    """Each lineup of k different levels plays k games per deal (every level in every seat); all the
    lineups at k players share each deal's seed; The Networks at 2-5 players, Prime Time at 2-4."""
    levels = ["a", "b", "c", "d", "e"]
    specs = ladder.plan(levels, 2)
    assert len({s["key"] for s in specs}) == len(specs)
    by = {(s["game"], s["players"]) for s in specs}
    assert by == {("networks", k) for k in (2, 3, 4, 5)} | {("prime-time", k) for k in (2, 3, 4)}
    # 1 deal: networks 10*2 + 10*3 + 5*4 + 1*5, prime time 10*2 + 10*3 + 5*4
    assert len(specs) == 2 * (75 + 70)
    three = [s for s in specs if s["game"] == "networks" and s["players"] == 3 and s["deal"] == 1]
    assert {s["seed"] for s in three} == {ladder.deal_seed(ladder.SEED, "networks", 3) + 1}
    lineup = [s for s in three if set(s["bots"]) == {"a", "b", "c"}]
    assert [s["bots"].index("a") for s in lineup] == [0, 2, 1]  # a plays every seat of the deal
    assert specs.index(three[0]) > max(i for i, s in enumerate(specs) if s["deal"] == 0)  # deal by deal


def test_tiny_ladder_rates_sorts_resumes_and_keeps_the_schema(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Random against greedy, 2 players, both games: ratings produced and sorted weakest first, the
    result valid under bench/ladder.schema.json; run again, nothing is played; with more deals only
    the new games; a torn last line is played again."""
    out = tmp_path / "ladder"
    result = ladder.main([*TINY, "--out", str(out), "--deals", "1"])
    jsonschema.validate(result, SCHEMA)
    assert json.loads((out / "ladder.json").read_text()) == json.loads(json.dumps(result))
    assert (out / "ladder.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "| `greedy` |" in (out / "ladder.md").read_text()
    assert result["run"]["games_rated"] == 4 and result["run"]["games_by_game"] == {"networks": 2, "prime-time": 2}
    mus = [row["mu"] for row in result["levels"]]
    assert mus == sorted(mus) and result["order"] == [row["bot"] for row in result["levels"]]
    assert result["order"] == ["random", "greedy"]  # greedy finishes ahead of random in these seeded games
    assert all(row["games"] == 4 and row["ci95"][0] < row["mu"] < row["ci95"][1] for row in result["levels"])
    assert result["pairwise"]["greedy"]["random"]["met"] == 4

    games = out / "games.jsonl"
    first = lines(games)
    assert "code" in first[0] and len(first) == 5
    played: list[str] = []
    real = ladder.record

    def counting(spec: dict[str, Any]) -> dict[str, Any]:
        played.append(spec["key"])
        return real(spec)

    monkeypatch.setattr(ladder, "record", counting)
    again = ladder.main([*TINY, "--out", str(out), "--deals", "1", "--no-plot"])
    assert played == [] and again["levels"] == result["levels"]

    more = ladder.main([*TINY, "--out", str(out), "--deals", "2", "--no-plot"])
    assert len(played) == 4 and all(k.endswith(str(ladder.deal_seed(ladder.SEED, k.split("|")[0], 2) + 1)) for k in played)
    assert lines(games)[:5] == first and more["run"]["games_rated"] == 8

    text = games.read_text()
    games.write_text(text[: text.rstrip("\n").rfind("\n") + 1] + '{"key": "torn')  # killed while writing the last game
    played.clear()
    ladder.main([*TINY, "--out", str(out), "--deals", "2", "--no-plot"])
    assert len(played) == 1 and len(lines(games)) == 9


def test_rate_only_needs_games(tmp_path: Path) -> None:
    """``--rate-only`` on an empty file says there is nothing to rate (no traceback)."""
    with pytest.raises(SystemExit, match="no games to rate"):
        ladder.main([*TINY, "--out", str(tmp_path), "--rate-only"])


def test_committed_ladder_result_keeps_the_schema_and_covers_every_level() -> None:
    """The committed result is valid, rates every level the registry lists and gives each a name."""
    result = json.loads(COMMITTED.read_text())
    jsonschema.validate(result, SCHEMA)
    missing = set(ladder.ladder_levels()) - set(result["order"])
    assert missing == set(levels_mod.NOT_YET_LADDERED), "a level is missing from the ladder: run bench/bot_ladder.py"
    assert set(result["order"]) <= set(ladder.ladder_levels())
    # a level awaiting its ladder run is offered after the measured ones, and says where its figures are
    assert levels_mod.by_strength(sorted(levels_mod.LEVELS))[-len(missing):] == sorted(missing) if missing else True
    assert all(b in levels_mod.LEVELS for b in result["order"]), "give every level a name in primetime.bots.levels.LEVELS"


def test_lobby_order_docstring_readme_and_docs_come_from_the_committed_ladder() -> None:
    """``levels.ORDER`` (the lobby's order) is the ladder's, weakest first; levels.py's docstring figures,
    the README's bot table and docs/bot-ladder.md are what tools/bot_ladder_docs.py writes from it."""
    result = json.loads(COMMITTED.read_text())
    assert list(levels_mod.ORDER) == result["order"]
    assert levels_mod.by_strength(sorted(levels_mod.LEVELS)) == [*result["order"], *(b for b in levels_mod.LEVELS if b not in result["order"])]
    assert docs.stale(result) == [], "the ladder's figures are out of date: run python tools/bot_ladder_docs.py"
    readme = (ROOT / "README.md").read_text()
    for row in result["levels"]:
        assert f"| {levels_mod.LEVELS[row['bot']][0]} | `{row['bot']}` |" in readme
    assert docs.levels_doc(result) in (levels_mod.__doc__ or "")
