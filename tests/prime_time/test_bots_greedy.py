"""The generic bots in Prime Time: legal keys in every variant, hidden information, greedy beating random."""

from __future__ import annotations

import json
from typing import Any

import pytest

from primetime.bots import make_bot
from primetime.bots.by_game import ByGame
from primetime.core.game import Game, get_ruleset, replay_record
from primetime.games.networks.bots.greedy import GreedyBot
from primetime.games.prime_time.bots.greedy import PrimeTimeGreedyBot, breakdown, evaluate
from primetime.games.prime_time.state import PTState
from primetime.sim.simulate import simulate

RS = get_ruleset("prime-time")
VARIANTS = [{}, {"bonds": True}, {"simultaneous": True}, {"bonds": True, "simultaneous": True}]


def play_checked(players: int, seed: int, seats: list[str], options: dict[str, Any]) -> PTState:
    """One game; every bot choice is checked against the legal keys (``select`` directly, so a
    bad key is not hidden by ``choose``'s fallback)."""
    state: PTState = RS.new_state(RS.validate_options({"log": False, **options}, players), seed, players)
    bots = [make_bot(seats[p % len(seats)], seed * 31 + p) for p in range(players)]
    n = 0
    while not RS.is_over(state):
        p = RS.current_player(state)
        keys = RS.legal_keys(state)
        key = keys[0] if len(keys) == 1 else bots[p].select(RS, state, p, keys)
        assert key in keys, f"seat {p} ({bots[p]!r}) chose {key!r}, not among {keys}"
        RS.apply_key(state, key)
        n += 1
        assert n < 5_000, "the game does not end"
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("variant", range(len(VARIANTS)), ids=["basic", "bonds", "simultaneous", "both"])
def test_bots_pick_legal_keys(players: int, variant: int) -> None:
    seats = ["greedy"] + ["random"] * (players - 1)  # one greedy seat keeps the test quick
    state = play_checked(players, 40 + 7 * variant + players, seats, VARIANTS[variant])
    assert state.final is not None and len(state.final["players"]) == players


def test_random_bots_in_every_seat() -> None:
    for players in (2, 3, 4):
        state = play_checked(players, 90 + players, ["random"], {"bonds": players != 3, "simultaneous": players != 2})
        assert state.phase == "over"


def test_greedy_is_one_name_for_both_games() -> None:
    bot = make_bot("greedy", 5)
    assert isinstance(bot, ByGame)
    assert isinstance(bot.for_game("prime-time"), PrimeTimeGreedyBot)
    assert isinstance(bot.for_game("networks"), GreedyBot)
    assert bot.for_game("prime-time") is bot.for_game("prime-time")
    with pytest.raises(ValueError, match="does not play 'chess'"):
        bot.for_game("chess")
    for game in ("networks", "prime-time"):
        g = Game.new(game, 3, seed=2)
        assert make_bot("greedy", 1).choose(g) in g.legal_keys()
        assert make_bot("random", 1).choose(g) in g.legal_keys()


def _snapshot(game: Game[Any]) -> str:
    return json.dumps(game.to_json(), sort_keys=True)


def test_choose_leaves_the_state_alone_and_is_deterministic() -> None:
    def run() -> list[str]:
        game = Game.new("prime-time", 3, seed=4, options={"bonds": True})
        bots = [make_bot("greedy", 10 + p) for p in range(3)]
        for _ in range(120):
            before = _snapshot(game)
            p = game.current_player()
            assert p is not None
            key = bots[p].choose(game)
            assert _snapshot(game) == before
            game.apply(p, key)
        return game.actions

    assert run() == run()


def test_greedy_look_ahead_redeals_what_it_cannot_see() -> None:
    game = Game.new("prime-time", 4, seed=2, options={"simultaneous": True})
    while game.pending() is not None and game.pending().kind != "sched":  # type: ignore[union-attr]
        game.apply(None, game.legal_keys()[0])
    # Let the first player schedule a show, so a later player's copy must not see it.
    first = game.current_player()
    assert first is not None
    show_keys = [k for k in game.legal_keys() if k.startswith("show:")]
    if show_keys:
        game.apply(first, show_keys[0])
    s: PTState = game.state
    me = (first + 1) % 4
    hidden = PrimeTimeGreedyBot(0).hide(s, me)
    assert hidden.players[me].shows == s.players[me].shows and hidden.players[me].talents == s.players[me].talents
    assert s.screen is not None

    def behind_screens(t: PTState) -> list[int]:  # shows the rivals have put on their guides since the screens went up
        return [sl.show for q in range(4) if q != me for sl, was in zip(t.players[q].guide, t.screen[q][0], strict=True)  # type: ignore[index]
                if sl is not None and sl.show >= 0 and (was is None or was.show != sl.show)]

    assert show_keys and behind_screens(s)  # the first player's pick is behind its screen ...
    assert behind_screens(hidden) == []  # ... and goes back among the unseen cards (PT-SIM-02)
    unseen = sorted(s.show_deck + behind_screens(s) + [c for q in range(4) if q != me for c in s.players[q].shows + s.players[q].offer])
    assert sorted(hidden.show_deck + [c for q in range(4) if q != me for c in hidden.players[q].shows
                                      + hidden.players[q].offer]) == unseen
    assert hidden.show_deck != s.show_deck
    assert hidden.rng.state != s.rng.state
    for q in range(4):
        if q != me:
            seen = [g.to_json() if g is not None else None for g in s.screen[q][0]]
            assert [g.to_json() if g is not None else None for g in hidden.players[q].guide] == seen


def test_evaluation_is_the_final_score_at_the_end_and_finite_before() -> None:
    game = Game.new("prime-time", 2, seed=8)
    bots = [make_bot("greedy", 0), make_bot("random", 1)]
    step = 0
    while not game.is_over():
        p = game.current_player()
        assert p is not None
        if step % 9 == 0:
            parts = breakdown(game.state, p)
            assert {"vp", "cash", "guide", "hand", "bids", "hotness", "awards", "variety", "boardroom", "clients"} <= set(parts)
            assert all(abs(v) < 1_000 for v in parts.values())
        game.apply(p, bots[p].choose(game))
        step += 1
    final = game.result()["players"]
    for p in range(2):
        assert evaluate(game.state, p) == final[p]["total"]


def test_greedy_beats_random() -> None:
    # Greedy in each seat of 2-player games, and in one seat of a 3- and a 4-player game.
    greedy: list[int] = []
    rand: list[int] = []
    wins = games = 0
    for players, seat, seed in ((2, 0, 500), (2, 1, 501), (3, 1, 502), (4, 3, 503)):
        seats = ["random"] * players
        seats[seat] = "greedy"
        rep = simulate("prime-time", players, 1, ",".join(seats), seed)
        assert rep["errors"] == 0, rep["error_messages"]
        scores = rep["score_mean_by_seat"]
        greedy.append(scores[seat])
        rand += [v for q, v in enumerate(scores) if q != seat]
        wins += rep["wins_by_seat"][seat]
        games += 1
    assert wins == games, (greedy, rand)
    assert sum(greedy) / len(greedy) > 2 * sum(rand) / len(rand), (greedy, rand)


def test_record_of_a_greedy_game_replays() -> None:
    game = Game.new("prime-time", 2, seed=12, options={"bonds": True})
    bots = [make_bot("greedy", 1), make_bot("random", 2)]
    while not game.is_over():
        p = game.current_player()
        assert p is not None
        game.apply(p, bots[p].choose(game))
    again = replay_record(json.loads(json.dumps(game.record())))
    assert again.result() == game.result()
