"""sim.games.play_game: a random bot's picker (the loop's fast path) plays the games that asking it would."""

from __future__ import annotations

from typing import Any

import pytest

from primetime.bots.base import Bot
from primetime.bots.random_bot import RandomBot
from primetime.core.game import get_ruleset
from primetime.sim.games import bot_seed, play_game


def test_random_bot_picker_draws_what_select_draws() -> None:
    a, b = RandomBot(7), RandomBot(7)
    pick = b.picker()
    keys = [f"k{i}" for i in range(13)]
    for n in (2, 3, 13, 5, 2, 11) * 20:
        assert a.select(None, None, 0, keys[:n]) == keys[:n][pick(n)]
    assert Bot.picker(a) is None  # the default: ask select


def asked(game: str, players: int, seed: int) -> dict[str, Any]:
    """The same game, every choice asked of the bots through ``select``."""
    rs = get_ruleset(game)
    state = rs.new_state(rs.validate_options({"log": False}, players), seed, players)
    bots = [RandomBot(bot_seed(seed, p)) for p in range(players)]
    n = 0
    choices = [0] * players
    while not rs.is_over(state):
        keys = rs.legal_keys(state)
        if len(keys) > 1:
            p = rs.current_player(state)
            key = bots[p].select(rs, state, p, keys)
            choices[p] += 1
        else:
            key = keys[0]
        rs.apply_key(state, key)
        n += 1
    return {"scores": list(rs.scores(state)), "decisions": n, "choices": choices}


@pytest.mark.parametrize("game, players", [("networks", 1), ("networks", 4), ("prime-time", 2), ("prime-time", 4)])
def test_play_game_with_random_bots_plays_the_games_select_would(game: str, players: int) -> None:
    for seed in range(3):
        res = play_game({"game": game, "players": players, "bots": ["random"] * players, "seed": seed})
        assert {k: res[k] for k in ("scores", "decisions", "choices")} == asked(game, players, seed)
        assert res["think"] == [0.0] * players  # a draw is not timed
