"""The game plugins (core/plugin.py): every layer above a game finds everything it needs there."""

from __future__ import annotations

import io
import json

import pytest
from rich.console import Console

from primetime.bots.ismcts import SearchBot
from primetime.core.errors import RecordError
from primetime.core.game import Game, get_ruleset
from primetime.core.plugin import GamePlugin, SearchAdapter, game_names, get_plugin, plugins
from primetime.core.rng import Rng

GAMES = ["networks", "prime-time"]


def test_the_registry_lists_both_games() -> None:
    assert game_names() == GAMES
    assert [p.name for p in plugins()] == GAMES
    assert all(isinstance(p, GamePlugin) for p in plugins())
    with pytest.raises(ValueError, match="unknown game 'chess'; known games: networks, prime-time"):
        get_plugin("chess")
    with pytest.raises(ValueError, match="known games"):
        get_ruleset("chess")


@pytest.mark.parametrize("game", GAMES)
def test_a_plugin_hands_over_the_whole_game(game: str) -> None:
    plugin = get_plugin(game)
    rs = plugin.ruleset()
    assert rs.name == game
    assert (plugin.min_players, plugin.max_players) == (rs.min_players, rs.max_players)
    cat = plugin.catalogue()
    ids = plugin.card_ids(cat)
    assert len(ids) == len(set(ids)) > 40
    assert all(plugin.card_text(cat, cid) for cid in ids[:20])
    assert plugin.card_tables(cat)
    assert json.loads(plugin.browser_catalogue("base"))["cards"]
    assert plugin.script.endswith(".js")
    assert set(plugin.option_names()) <= set(rs.default_options())


@pytest.mark.parametrize("game", GAMES)
def test_the_renderer_and_the_bots_play_a_game(game: str) -> None:
    plugin = get_plugin(game)
    n = max(2, plugin.min_players)
    g = Game.new(game, n, seed=3)
    greedy = plugin.greedy(1)
    adapter = plugin.search(2)
    assert isinstance(adapter, SearchAdapter) and set(adapter.levels) == {"easy", "normal", "hard"}
    search = SearchBot(adapter, 2, "easy", iterations=20, pool=2)
    ui = plugin.renderer()
    con = Console(file=io.StringIO(), width=120, record=True)
    pick = Rng(5)
    for step in range(30):
        p = g.current_player()
        assert p is not None
        keys = g.legal_keys()
        if len(keys) > 1 and step % 10 == 0:
            assert greedy.select(g.ruleset, g.state, p, keys) in keys
            assert search.choose(g.ruleset, g.state, p) in keys
        ui.board(con, g, p)
        g.apply(p, keys[pick.below(len(keys))])
    assert con.export_text().strip()


@pytest.mark.parametrize(("game", "players", "options", "message"), [
    ("networks", 6, {}, "1 to 5 players"),
    ("networks", 2, {"card_set": "/tmp/mine"}, "standard cards"),
    ("networks", 2, {"bonds": True}, "unknown options"),
    ("prime-time", 5, {}, "2 to 4 players"),
    ("prime-time", 2, {"pilot": "normal"}, "unknown options"),
])
def test_a_plugin_refuses_a_record_it_cannot_import(game: str, players: int, options: dict[str, object], message: str) -> None:
    with pytest.raises(RecordError, match=message):
        get_plugin(game).record_check({"game": game, "players": ["x"] * players, "options": options, "actions": []})
    get_plugin(game).record_check({"game": game, "players": ["x"] * 2, "options": {}, "actions": []})
