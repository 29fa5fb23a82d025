"""Information-set MCTS in Prime Time: legal choices in whole games, no use of hidden information,
follow-up reuse, and mcts beating greedy."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from typer.testing import CliRunner

from primetime.bots.by_game import ByGame
from primetime.bots.ismcts import SearchBot
from primetime.bots.registry import make_bot
from primetime.cli import app
from primetime.core.game import Game, get_ruleset
from primetime.core.rng import Rng
from primetime.games.networks.bots.search import NetworksAdapter
from primetime.games.prime_time.bots.greedy import PrimeTimeGreedyBot
from primetime.games.prime_time.bots.search import LEVELS, PrimeTimeAdapter, bag_in_sight, public_copy
from primetime.games.prime_time.rules.determinize import redeal_unseen
from primetime.games.prime_time.rules.flow import apply, legal
from primetime.games.prime_time.state import PTState
from primetime.sim.backends import run_tasks
from primetime.sim.games import play_game
from search_checks import assert_blind

RS = get_ruleset("prime-time")


def PrimeTimeMctsBot(seed: int = 0, level: str = "normal", **overrides: Any) -> SearchBot:
    """The mcts bot of Prime Time: the search core over the game's adapter (as the registry builds it)."""
    return SearchBot(PrimeTimeAdapter(seed), seed, level, **overrides)


def small(seed: int, iterations: int = 40, pool: int = 4, **kw: Any) -> SearchBot:
    return PrimeTimeMctsBot(seed, "easy", iterations=iterations, pool=pool, **kw)


def new_state(players: int, seed: int, **options: bool) -> PTState:
    return RS.new_state(RS.validate_options({"log": False, **options}, players), seed, players)  # type: ignore[no-any-return]


def advance_until(state: PTState, done: Callable[[PTState], bool], seed: int = 0, limit: int = 3000) -> PTState:
    """Play random decisions until ``done(state)`` holds at a decision with a real choice."""
    rng = Rng(seed)
    for _ in range(limit):
        assert not RS.is_over(state), "the game ended first"
        keys = RS.legal_keys(state)
        if len(keys) > 1 and done(state):
            return state
        RS.apply_key(state, keys[rng.below(len(keys))])
    raise AssertionError("no such decision")


def redo_schedule(s: PTState, q: int, rng: Rng) -> None:
    """Player ``q`` (who submitted behind the screen) takes its schedule back and submits another one."""
    assert s.screen is not None
    pl = s.players[q]
    guide, counts = s.screen[q]
    for sl in pl.guide:
        if sl is not None and sl.new and sl.show >= 0:
            pl.shows.append(sl.show)
    shown = [t for g in guide if g is not None for t in g.talents]
    for sl in pl.guide:
        for t in sl.talents if sl is not None else []:
            if t in shown:
                shown.remove(t)
            else:
                pl.talents.append(t)
    pl.guide = [g.copy() if g is not None else None for g in guide]
    pl.reruns = counts[2]
    s.stack.append(("sched", q, 0))
    depth = len(s.stack)
    while len(s.stack) >= depth:
        keys = legal(s)
        moves = [k for k in keys if k != "done"]
        apply(s, moves[rng.below(len(moves))] if moves and rng.below(3) else "done")


def scramble(s: PTState, viewer: int, seed: int) -> PTState:
    """The same game as ``viewer`` sees it, with every hidden part arranged differently: the unseen
    cards re-dealt, the client pile, the Boardroom decks and the random generator reshuffled, the
    bag's colours mixed (its size is public) and, behind the screens of Simultaneous Scheduling,
    other schedules submitted by the rivals who have already submitted."""
    d = s.clone()
    rng = Rng(seed)
    others = [q for q in range(d.n) if q != viewer]
    submitted = []
    if d.screen is not None:
        pending = {t[1] for t in d.stack if t[0] == "sched"}
        submitted = [q for q in others if q not in pending]
    redeal_unseen(d, others, rng.shuffle)
    for q in submitted:
        redo_schedule(d, q, rng)
    rng.shuffle(d.client_pile)
    for br in d.br_decks:
        rng.shuffle(br)
    total = sum(d.bag)
    d.bag = [0] * 6
    for _ in range(total):
        d.bag[rng.below(6)] += 1
    d.rng = Rng(rng.next64())
    return d


def hidden_parts(s: PTState) -> str:
    return json.dumps(
        [
            s.show_deck,
            s.tal_deck,
            [[p.shows, p.talents, p.offer, p.facedown, p.reruns] for p in s.players],
            [[g.to_json() if g is not None else None for g in p.guide] for p in s.players],
            s.client_pile,
            s.br_decks,
            s.bag,
            s.rng.state,
        ]
    )


def view_of(s: PTState, viewer: int) -> str:
    v = RS.view(s, viewer)
    v.pop("log", None)
    return json.dumps(v, sort_keys=True)


def test_levels_are_registered() -> None:
    assert set(LEVELS) == {"easy", "normal", "hard"}
    assert LEVELS["easy"]["iterations"] < LEVELS["normal"]["iterations"] < LEVELS["hard"]["iterations"]
    state = new_state(3, 1)
    for name in ("mcts", "mcts:easy", "mcts:normal", "mcts:hard"):
        bot = make_bot(name, 3)
        assert isinstance(bot, ByGame)
        assert isinstance(bot.for_game("prime-time").adapter, PrimeTimeAdapter)
        assert isinstance(bot.for_game("networks").adapter, NetworksAdapter)
    assert make_bot("mcts:easy", 3).choose(RS, state) in RS.legal_keys(state)
    with pytest.raises(ValueError, match="unknown mcts level"):
        PrimeTimeMctsBot(0, "brutal")
    with pytest.raises(TypeError, match="Prime Time only"):
        net = Game.new("networks", 2, seed=1)
        small(0).select(net.ruleset, net.state, 0, net.legal_keys())


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (2, {}),
        (3, {"bonds": True}),
        (4, {"simultaneous": True}),
        (3, {"bonds": True, "simultaneous": True}),
    ],
    ids=["2p", "3p-bonds", "4p-simultaneous", "3p-both"],
)
def test_plays_whole_games_with_legal_choices(players: int, options: dict[str, bool]) -> None:
    state = new_state(players, 60 + players, **options)
    bots = [small(p, iterations=10, pool=2) if p == 0 else make_bot("random", p) for p in range(players)]
    n = 0
    while not RS.is_over(state):
        p = RS.current_player(state)
        assert p is not None
        keys = RS.legal_keys(state)
        key = keys[0] if len(keys) == 1 else bots[p].select(RS, state, p, keys)
        assert key in keys, f"seat {p} chose {key!r}, not among {keys}"
        RS.apply_key(state, key)
        n += 1
        assert n < 5000
    assert state.final is not None and len(state.final["players"]) == players


def test_choice_leaves_the_state_alone_and_is_deterministic() -> None:
    game = Game.new("prime-time", 3, seed=5, options={"bonds": True, "log": False})
    advance_until(game.state, lambda s: s.phase == "dev" and s.round == 2, seed=1)
    before = json.dumps(game.to_json(), sort_keys=True)
    a = small(7).choose(game)
    assert json.dumps(game.to_json(), sort_keys=True) == before
    assert a == small(7).choose(game)
    assert a in game.legal_keys()


def test_a_search_reports_its_iterations_engine_moves_and_root_visits() -> None:
    """What bench/mcts_speed.py reads: every iteration applies at least one key (the root has a choice)
    and visits exactly one of the root's options."""
    game = Game.new("prime-time", 3, seed=8, options={"log": False})
    advance_until(game.state, lambda s: s.phase == "dev" and s.round == 1, seed=2)
    bot = small(3, iterations=64)
    assert bot.choose(game) in game.legal_keys()
    last = bot.last
    assert 1 <= last["iterations"] <= 64
    assert last["moves"] >= last["iterations"]
    assert sum(last["visits"].values()) == last["iterations"]
    assert last["seconds"] > 0


SITUATIONS: dict[str, tuple[int, dict[str, bool], Callable[[PTState], bool]]] = {
    "starting offer": (3, {}, lambda s: s.stack[-1][0] == "keep" and s.stack[-1][1] != s.order[0]),
    "token placement": (4, {"bonds": True}, lambda s: s.stack[-1][0] == "place" and s.round == 2),
    "bid amount": (3, {}, lambda s: s.stack[-1][0] == "amount"),
    "secret schedule": (4, {"simultaneous": True}, lambda s: s.stack[-1][0] == "sched" and s.round == 3 and s.stack[-1][1] == s.order[-1]),
    "ratings war": (2, {"simultaneous": True}, lambda s: s.stack[-1][0] == "cube" and s.round == 4),
}


@pytest.mark.parametrize("situation", list(SITUATIONS))
def test_choice_does_not_depend_on_hidden_information(situation: str) -> None:
    players, options, where = SITUATIONS[situation]
    base = advance_until(new_state(players, 40 + players, **options), where, seed=players)
    viewer = RS.current_player(base)
    assert viewer is not None
    variants = [scramble(base, viewer, k) for k in range(3)]
    # the variants are the same game as the viewer sees it ...
    assert all(view_of(v, viewer) == view_of(base, viewer) for v in variants)
    assert all(RS.legal_keys(v) == RS.legal_keys(base) for v in variants)
    # ... the hidden parts really differ ...
    assert len({hidden_parts(v) for v in [base] + variants}) == 4
    if situation == "secret schedule":  # rivals have scheduled behind their screens, differently in each variant
        assert len({json.dumps([[g.to_json() if g is not None else None for g in p.guide] for p in v.players]) for v in [base] + variants}) == 4
    # ... the bot's knowledge does not, so neither does its choice nor anything of its search.
    assert_blind(RS, public_copy, lambda: small(11, iterations=60), base, variants, viewer)


def test_public_copy_works_the_bag_out_from_the_cubes_in_sight() -> None:
    state = new_state(3, 9, simultaneous=True)
    rng = Rng(2)
    while not RS.is_over(state):
        assert bag_in_sight(state) == state.bag
        keys = RS.legal_keys(state)
        RS.apply_key(state, keys[rng.below(len(keys))])


def test_rivals_who_submitted_in_secret_schedule_again_in_the_search() -> None:
    base = advance_until(new_state(4, 44, simultaneous=True), SITUATIONS["secret schedule"][2], seed=4)
    viewer = RS.current_player(base)
    assert viewer is not None and base.screen is not None
    pub = public_copy(base, viewer)
    waiting = [t[1] for t in pub.stack if t[0] == "sched"]
    assert sorted(waiting) == list(range(4)) and waiting[-1] == viewer
    for q in range(4):
        if q != viewer:
            assert len(pub.players[q].shows) == base.screen[q][1][0]
            assert len(pub.players[q].talents) == base.screen[q][1][1]
            assert pub.players[q].reruns == base.screen[q][1][2]
    d = RS.determinize(pub, viewer, Rng(1))
    r = Rng(3)
    while legal(d):
        apply(d, r.choice(legal(d)))
    assert d.final is not None


def test_follow_up_steps_reuse_the_search() -> None:
    # A bid's amount, Public Relations steps and schedule picks are answered from the subtree.
    state = new_state(2, 3)
    bot = PrimeTimeMctsBot(1, "easy", iterations=150, pool=4)
    other = PrimeTimeGreedyBot(2)
    searched = reused = 0
    while state.round <= 2:
        p = RS.current_player(state)
        keys = RS.legal_keys(state)
        if len(keys) == 1:
            key = keys[0]
        elif p == 0:
            key = bot.select(RS, state, p, keys)
            if "reused" in bot.last:
                reused += 1
            else:
                searched += 1
        else:
            key = other.select(RS, state, p, keys)
        RS.apply_key(state, key)
    assert searched > 0
    assert reused > 0


def test_time_budget() -> None:
    state = advance_until(new_state(3, 9), lambda s: s.stack[-1][0] == "place", seed=4)
    bot = PrimeTimeMctsBot(2, "normal", seconds=0.05)
    assert bot.choose(RS, state) in RS.legal_keys(state)
    assert bot.last["iterations"] >= 1


def test_mcts_beats_greedy() -> None:
    # mcts:easy against greedy in both seats of seeded 2-player games, on two processes (one
    # game of mcts:easy takes a few seconds: most of it is the greedy evaluation at the leaves).
    specs: list[dict[str, Any]] = [
        {
            "game": "prime-time",
            "players": 2,
            "seed": seed,
            "bots": ["mcts:easy" if p == seat else "greedy" for p in range(2)],
            "bot_seeds": [100 * seed + p for p in range(2)],
            "seat": seat,
        }
        for seed in (3, 4)
        for seat in (0, 1)
    ]
    wins = 0.0
    for spec, res in zip(specs, run_tasks(play_game, specs, workers=2), strict=True):
        assert "error" not in res, res["error"]
        seat = int(spec["seat"])
        mine, theirs = res["scores"][seat], res["scores"][1 - seat]
        wins += 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
    assert wins > len(specs) / 2, f"mcts:easy won {wins} of {len(specs)}"


def test_tournament_command_plays_prime_time() -> None:
    res = CliRunner().invoke(
        app, ["tournament", "prime-time", "--players", "3", "--bots", "greedy,random,random", "--games", "3", "--bonds", "--simultaneous", "--json"]
    )
    assert res.exit_code == 0, res.output
    rep = json.loads(res.output)
    assert rep["game"] == "prime-time" and rep["finished"] == 3 and rep["errors"] == 0
    res = CliRunner().invoke(app, ["tournament", "prime-time", "--players", "5", "--games", "1"])
    assert res.exit_code == 2
    res = CliRunner().invoke(app, ["tournament", "networks", "--players", "2", "--games", "1", "--bonds"])
    assert res.exit_code == 2
