"""Telly Time and Moguls together (NET-TELLY-14): the Genre Grid replaces the genre tracks, so there
are no Mogul tokens; a player's 2nd completed grid line gives a Mogul (draw 2, keep 1) instead of its
printed reward, unless the player may own no more Moguls."""

from __future__ import annotations

from primetime.core.game import Game, replay_record
from primetime.core.rng import Rng
from primetime.games.networks.invariants import invariants
from primetime.games.networks.rules import flow as F
from primetime.games.networks.rules import genre_grid as GG

from .test_telly_time import fill, tscenario


def test_net_telly_14_no_mogul_tokens_on_tracks_the_grid_replaces() -> None:
    """NET-TELLY-14: No mogul tokens on tracks the grid replaces."""
    s = tscenario(moguls=True)
    assert s.mog is not None and not any(s.mog.tokens)


def test_net_telly_14_second_line_gives_a_mogul_draw_2_keep_1() -> None:
    """NET-TELLY-14: Second line gives a mogul draw 2 keep 1."""
    s = tscenario(moguls=True)
    assert s.mog is not None
    deck = len(s.mog.deck)
    fill(s, 0, "sports", "action", "drama", "scifi")
    GG.fill_square(s, 0, "quiz")  # column-1: its printed bonus
    cash = s.players[0].cash
    stack = len(s.stack)
    GG.fill_square(s, 0, "chat")  # column-3, the 2nd line: a Mogul instead of its bonus
    top = s.stack[-1]
    assert len(s.stack) == stack + 1 and top[0] == "mogul" and top[1] == 0 and len(top[2]) == GG.TELLY_MOGUL_DRAW
    assert s.players[0].cash == cash and len(s.mog.deck) == deck - 2
    keys = F.legal(s)
    assert len(keys) == 2
    F.apply(s, keys[0])
    assert len(s.mog.owned[0]) == 1
    assert not invariants(None, s)


def test_net_telly_14_a_player_at_the_mogul_limit_takes_the_printed_reward() -> None:
    """NET-TELLY-14: A player at the mogul limit takes the printed reward."""
    s = tscenario(moguls=True)
    assert s.mog is not None
    s.mog.owned[0] = (s.mog.deck.pop(),)  # already owns one (the limit is 1)
    fill(s, 0, "sports", "action", "drama", "scifi")
    GG.fill_square(s, 0, "quiz")
    stack = len(s.stack)
    GG.fill_square(s, 0, "chat")
    assert all(t[0] != "mogul" for t in s.stack[stack:])


def test_net_telly_14_random_games_with_both_modules_finish_and_replay() -> None:
    """NET-TELLY-14: Seeded random games with Telly Time and Moguls on, 1-5 players: they end, keep the invariants,
    and their records replay to the same result; somewhere a 2nd grid line gives a Mogul."""
    moguls_from_lines = 0
    for n in range(1, 6):
        for seed in range(4):
            g = Game.new("networks", n, seed=100 * n + seed, options={"telly_time": True, "moguls": True})
            rng = Rng(n * 10 + seed)
            steps = 0
            while not g.is_over():
                keys = g.legal_keys()
                g.apply(g.current_player(), keys[rng.below(len(keys))])
                assert not invariants(None, g.state)
                steps += 1
            assert steps > 10 and g.state.round == 4
            moguls_from_lines += sum(len(o) for o in g.state.mog.owned)
            again = replay_record(g.record())
            assert again.result() == g.result()
    assert moguls_from_lines > 0  # NET-TELLY-14 happened in these games
