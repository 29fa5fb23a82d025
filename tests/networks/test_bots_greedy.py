"""Bots: the interface, legality over whole games, determinism, and greedy beating random."""

from __future__ import annotations

import json

import pytest

from primetime.bots import BOTS, Bot, RandomBot, make_bot
from primetime.core.game import Game, get_ruleset, replay_record
from primetime.games.networks.bots.greedy import GreedyBot as GreedyPolicy
from primetime.games.networks.bots.greedy import breakdown, evaluate
from primetime.sim.simulate import simulate

RS = get_ruleset("networks")


def greedy(seed: int) -> Bot:
    """The greedy bot (The Networks' greedy policy played through the bot interface)."""
    return make_bot("greedy", seed)


def play_checked(players: int, seed: int, seats: list[str], limit: int = 20_000) -> tuple[object, int]:
    """Play one game with the given bots, checking every key against the legal keys."""
    opts = RS.validate_options({"log": False}, players)
    state = RS.new_state(opts, seed, players)
    bots = [make_bot(seats[p % len(seats)], seed * 31 + p) for p in range(players)]
    n = 0
    while not RS.is_over(state):
        p = RS.current_player(state)
        keys = RS.legal_keys(state)
        key = bots[p].choose(RS, state, p)
        assert key in keys, f"seat {p} ({bots[p]!r}) chose {key!r}, not among {keys}"
        RS.apply_key(state, key)
        n += 1
        assert n < limit, "the game does not end"
    return state, n


def test_make_bot_by_name() -> None:
    assert isinstance(make_bot("random", 1), RandomBot)
    assert isinstance(make_bot("greedy", 1).for_game("networks"), GreedyPolicy)  # type: ignore[attr-defined]
    assert set(BOTS) == {"random", "greedy", "mcts", "mcts:easy", "mcts:normal", "mcts:hard", "mcts:expert"}
    with pytest.raises(ValueError, match="known bots: greedy, mcts, mcts:easy, mcts:expert, mcts:hard, mcts:normal, random"):
        make_bot("clever", 0)


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_random_bots_play_legal_games(players: int) -> None:
    for seed in (players * 11, players * 11 + 1, players * 11 + 2):
        state, _ = play_checked(players, seed, ["random"])
        assert RS.is_over(state)


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_greedy_bots_play_legal_games(players: int) -> None:
    state, _ = play_checked(players, 100 + players, ["greedy", "random"])
    assert RS.is_over(state)
    state, _ = play_checked(players, 200 + players, ["random", "greedy"] if players > 1 else ["greedy"])
    assert RS.is_over(state)


def test_greedy_pilot_variants_and_turn_orders() -> None:
    for options in ({"pilot": "simplified"}, {"turn_order": "low_to_high"}):
        opts = RS.validate_options({"log": False, **options}, 3)
        state = RS.new_state(opts, 5, 3)
        bots = [greedy(p) for p in range(3)]
        while not RS.is_over(state):
            p = RS.current_player(state)
            key = bots[p].choose(RS, state, p)
            assert key in RS.legal_keys(state)
            RS.apply_key(state, key)


def _snapshot(game: Game[object]) -> str:
    return json.dumps(game.to_json(), sort_keys=True)


def test_choose_takes_a_game_or_a_ruleset_and_leaves_the_state_alone() -> None:
    game = Game.new("networks", 3, seed=4, options={"pilot": "simplified"})
    for _ in range(40):
        before = _snapshot(game)
        p = game.current_player()
        for bot in (greedy(1), RandomBot(1)):
            assert bot.choose(game) in game.legal_keys()
            assert bot.choose(game.ruleset, game.state, p) in game.legal_keys()
        assert _snapshot(game) == before
        game.apply(p, greedy(2).choose(game))


def test_look_ahead_in_pilot_season_leaves_the_state_alone() -> None:
    game = Game.new("networks", 3, seed=4)
    assert game.pending() is not None and game.pending().kind == "pilot"
    before = _snapshot(game)
    greedy(1).choose(game)
    assert _snapshot(game) == before


def test_choose_refuses_the_wrong_seat_and_a_finished_game() -> None:
    game = Game.new("networks", 2, seed=1)
    other = 1 - int(game.current_player() or 0)
    with pytest.raises(ValueError, match="belongs to seat"):
        RandomBot().choose(game, None, other)
    with pytest.raises(ValueError, match="needs a state"):
        RandomBot().choose(game.ruleset)
    state, _ = play_checked(1, 3, ["random"])
    with pytest.raises(ValueError, match="over"):
        RandomBot().choose(RS, state)


def test_bots_are_deterministic_for_a_seed() -> None:
    def record(bot: str) -> list[str]:
        game = Game.new("networks", 3, seed=9)
        bots = [make_bot(bot, 50 + p) for p in range(3)]
        while not game.is_over():
            p = game.current_player()
            assert p is not None
            game.apply(p, bots[p].choose(game))
        return game.actions

    assert record("random") == record("random")
    assert record("greedy") == record("greedy")


def test_greedy_look_ahead_hides_deck_order() -> None:
    game = Game.new("networks", 4, seed=2)
    bot = GreedyPolicy(0)
    hidden = bot.hide(game.state, 0)
    s = game.state
    assert hidden.display == s.display
    assert [sorted(d) for d in hidden.decks] == [sorted(d) for d in s.decks]
    assert hidden.decks != s.decks  # reshuffled: the bot cannot read the true order
    assert hidden.rng.state != s.rng.state
    assert [p.to_json() for p in hidden.players] == [p.to_json() for p in s.players]


def test_evaluation_is_the_final_score_at_the_end() -> None:
    state, _ = play_checked(3, 8, ["greedy"])
    assert state.final is not None
    for p in range(3):
        assert evaluate(state, p) == state.final["players"][p]["total"]
        assert sum(breakdown(state, p).values()) == state.final["players"][p]["total"]


def test_evaluation_parts_are_named_and_finite() -> None:
    game = Game.new("networks", 2, seed=6)
    bot = greedy(3)
    for _ in range(60):
        p = game.current_player()
        assert p is not None
        parts = breakdown(game.state, p)
        assert {"banked", "viewers", "cash", "genres", "reruns", "network", "potential", "pass_later"} <= set(parts)
        assert all(abs(v) < 10_000 for v in parts.values())
        game.apply(p, bot.choose(game))


def test_greedy_beats_random() -> None:
    # 20 two-player games, greedy in each seat for half of them.
    a = simulate(players=2, games=10, bot="greedy,random", seed=300)
    b = simulate(players=2, games=10, bot="random,greedy", seed=400)
    assert a["errors"] == b["errors"] == 0
    greedy = (a["score_mean_by_seat"][0] + b["score_mean_by_seat"][1]) / 2
    rand = (a["score_mean_by_seat"][1] + b["score_mean_by_seat"][0]) / 2
    wins = a["wins_by_seat"][0] + b["wins_by_seat"][1]
    assert greedy > rand + 15, (greedy, rand)
    assert wins >= 14, wins


def test_simulate_report() -> None:
    rep = simulate(game="networks", players=3, games=4, bot="random", seed=10)
    for field in ("games", "errors", "seconds", "games_per_second", "decisions_per_second", "mean_decisions_per_game",
                  "score_mean", "score_min", "score_max", "wins_by_seat"):
        assert field in rep
    assert rep["games"] == 4 and rep["errors"] == 0
    assert len(rep["wins_by_seat"]) == 3 and sum(rep["wins_by_seat"]) >= 4
    assert rep["score_min"] <= rep["score_mean"] <= rep["score_max"]
    again = simulate(game="networks", players=3, games=4, bot="random", seed=10)
    assert (again["score_mean"], again["wins_by_seat"]) == (rep["score_mean"], rep["wins_by_seat"])
    # Game i is the game seeded seed + i: replaying its seed with the same bots gives the same score.
    first = simulate(game="networks", players=3, games=1, bot="random", seed=11)
    assert first["score_mean"] == simulate(game="networks", players=3, games=1, bot="random", seed=11)["score_mean"]


def test_simulate_counts_errors_per_game(monkeypatch: pytest.MonkeyPatch) -> None:
    class Broken(Bot):
        def __init__(self, seed: int = 0) -> None:
            self.calls = 0

        def select(self, ruleset: object, state: object, player: int, keys: list[str]) -> str:
            self.calls += 1
            if self.calls > 5:
                raise RuntimeError("bot exploded")
            return keys[0]

    monkeypatch.setitem(BOTS, "broken", Broken)
    rep = simulate(players=2, games=3, bot="broken", seed=0)
    assert rep["errors"] == 3 and rep["games"] == 3
    assert all("bot exploded" in m for m in rep["error_messages"])
    with pytest.raises(ValueError, match="known bots"):
        simulate(players=2, games=1, bot="nobody")


def test_simulate_progress_callback() -> None:
    seen: list[tuple[int, int]] = []
    simulate(players=2, games=3, bot="random", seed=1, progress=lambda done, total: seen.append((done, total)))
    assert seen == [(1, 3), (2, 3), (3, 3)]


def test_record_of_a_bot_game_replays() -> None:
    game = Game.new("networks", 2, seed=12)
    bots = [greedy(1), RandomBot(2)]
    while not game.is_over():
        p = game.current_player()
        assert p is not None
        game.apply(p, bots[p].choose(game))
    again = replay_record(json.loads(json.dumps(game.record())))
    assert again.result() == game.result()


def test_the_projection_memo_holds_nothing_the_collector_scans() -> None:
    """Issue 19: a server keeps the greedy evaluation's memo for hours beside thousands of live
    tables; every middle-generation collection scanned its entries and paused the server.  Its keys
    and values are plain tuples of numbers, which the collector stops tracking once it has seen them."""
    import gc

    from primetime.games.networks.bots import greedy as G

    play_checked(3, 11, ["greedy"])
    assert G._PROJECTIONS, "a greedy game fills the memo"
    gc.collect()
    tracked = [(k, v) for k, v in G._PROJECTIONS.items() if gc.is_tracked(k) or gc.is_tracked(v)]
    assert not tracked, f"{len(tracked)} memo entries stay tracked, e.g. {tracked[0]!r}"
