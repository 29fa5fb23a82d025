"""mcts:expert, the search guided by the learned evaluation: whole legal games in both games, the shipped
weights fit the encodings, no use of hidden information (the network is handed determinizations of the
seat's public copy only), and a clear error for weights that do not fit."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from primetime.bots.by_game import ByGame
from primetime.bots.expert import ExpertBot, make_expert
from primetime.bots.levels import by_strength, level_name
from primetime.bots.net import ARRAYS, Net, load_net, shipped_net, weights_path
from primetime.bots.registry import make_bot
from primetime.core.game import get_ruleset
from primetime.core.plugin import get_plugin
from primetime.core.rng import Rng
from search_checks import assert_blind

GAMES = ["networks", "prime-time"]


def small(game: str, seed: int, **kw: Any) -> ExpertBot:
    return make_expert(game, seed, **{"iterations": 30, "pool": 3, **kw})


def new_state(game: str, players: int, seed: int, **options: bool) -> Any:
    rs = get_ruleset(game)
    return rs.new_state(rs.validate_options({**options, "log": False}, players), seed, players)


def advance(rs: Any, state: Any, steps: int, seed: int) -> Any:
    rng = Rng(seed)
    for _ in range(steps):
        if rs.is_over(state):
            break
        keys = rs.legal_keys(state)
        rs.apply_key(state, keys[rng.below(len(keys))])
    while not rs.is_over(state) and len(rs.legal_keys(state)) == 1:
        rs.apply_key(state, rs.legal_keys(state)[0])
    return state


@pytest.mark.parametrize("game", GAMES)
def test_the_shipped_weights_fit_the_games_encoding(game: str) -> None:
    assert weights_path(game).is_file(), "the package ships the weights of mcts:expert for every game"
    net = shipped_net(game)
    assert net is not None and net.meta["game"] == game
    enc = get_plugin(game).encoding()
    assert net.meta["size"] == enc.size and net.meta["actions"] == len(enc.actions)
    state = advance(get_ruleset(game), new_state(game, 3, 4), 0, 0)
    keys = get_ruleset(game).legal_keys(state)
    priors, values = net.evaluate(state, int(state.stack[-1][1]), keys)
    assert len(priors) == len(keys) and abs(sum(priors) - 1) < 1e-4
    assert len(values) == 3 and all(0 <= v <= 1 for v in values)


def test_mcts_expert_is_registered_as_the_master_level() -> None:
    bot = make_bot("mcts:expert", 3)
    assert isinstance(bot, ByGame)
    assert isinstance(bot.for_game("networks"), ExpertBot) and isinstance(bot.for_game("prime-time"), ExpertBot)
    assert level_name("mcts:expert") == "Master" and level_name("mcts:hard") == "Expert"
    assert by_strength(["mcts:expert", "greedy", "mcts:hard"]) == ["greedy", "mcts:hard", "mcts:expert"]


@pytest.mark.parametrize(("game", "players", "options"), [
    ("networks", 2, {}), ("networks", 3, {"telly_time": True, "moguls": True, "executives": True}),
    ("prime-time", 3, {}), ("prime-time", 4, {"simultaneous": True, "bonds": True}),
], ids=["networks-2p", "networks-3p-modules", "prime-time-3p", "prime-time-4p-both"])
def test_plays_whole_games_with_legal_choices(game: str, players: int, options: dict[str, bool]) -> None:
    rs = get_ruleset(game)
    state = new_state(game, players, 70 + players, **options)
    bots = [small(game, 1, iterations=8, pool=2) if p == 0 else make_bot("greedy", p) for p in range(players)]
    n = searched = 0
    while not rs.is_over(state):
        p = rs.current_player(state)
        keys = rs.legal_keys(state)
        key = keys[0] if len(keys) == 1 else bots[p].select(rs, state, p, keys)
        assert key in keys, f"seat {p} chose {key!r}, not among {keys}"
        searched += p == 0 and len(keys) > 1
        rs.apply_key(state, key)
        n += 1
        assert n < 6000
    assert state.final is not None and searched > 10
    assert bots[0].net is not None  # the games were played with the learned evaluation


@pytest.mark.parametrize(("game", "players", "steps"), [("networks", 3, 0), ("networks", 4, 40), ("prime-time", 3, 0),
                                                        ("prime-time", 4, 60)])
def test_choice_does_not_depend_on_hidden_information(game: str, players: int, steps: int) -> None:
    """Variants re-deal what the deciding seat cannot see (the rules' own determinization of the true
    state): the public copy, the choice and every visit count of the guided search stay the same."""
    rs = get_ruleset(game)
    base = advance(rs, new_state(game, players, 50 + steps), steps, steps)
    viewer = rs.current_player(base)
    assert viewer is not None and viewer >= 0
    variants = [rs.determinize(base, viewer, Rng(k)) for k in range(3)]
    assert len({str(v.to_json()) for v in [base, *variants]}) == 4  # the hidden parts really differ
    adapter = get_plugin(game).search(0)
    assert_blind(rs, adapter.public_copy, lambda: small(game, 11), base, variants, viewer)


def test_the_network_sees_the_deciding_seats_view_only() -> None:
    """The learned evaluation is asked about determinizations only, from the view of the seat that decides there."""
    seen: list[tuple[int, int]] = []
    real = shipped_net("networks")
    assert real is not None

    class Spy(Net):
        def __init__(self) -> None:
            self.__dict__.update(real.__dict__)

        def evaluate(self, state: Any, seat: int, keys: list[str] | None) -> tuple[list[float], list[float]]:
            seen.append((id(state), seat))
            assert state is not base
            if state.stack:
                assert int(state.stack[-1][1]) == seat
            return super().evaluate(state, seat, keys)

    rs = get_ruleset("networks")
    base = advance(rs, new_state("networks", 3, 8), 30, 2)
    bot = ExpertBot(get_plugin("networks").search(1), 1, "networks", net=Spy(), iterations=40, pool=3)
    assert bot.choose(rs, base) in rs.legal_keys(base)
    assert seen


def test_weights_that_do_not_fit_are_refused_with_the_fix(tmp_path: Path) -> None:
    bad = tmp_path / "w.npz"
    np.savez(bad, **{k: np.zeros((3, 3), np.float16) for k in ARRAYS})
    with pytest.raises(ValueError, match="train them again with tools/train_expert.py"):
        load_net(bad, "networks")
    with pytest.raises(ValueError, match="no expert weights"):
        load_net(tmp_path / "none.npz", "prime-time")


def test_a_budget_in_seconds_replaces_the_iterations() -> None:
    rs = get_ruleset("prime-time")
    state = advance(rs, new_state("prime-time", 2, 3), 0, 0)
    bot = small("prime-time", 2, seconds=0.05)
    assert bot.choose(rs, state) in rs.legal_keys(state)
    assert bot.last["iterations"] >= 1


@pytest.mark.parametrize("game", GAMES)
def test_the_compiled_forward_pass_gives_the_numpy_figures(game: str) -> None:
    """The compiled build evaluates the network in C (``primetime.bots._mlp``); it gives the numpy
    pass's priors and values, to float32 rounding, at positions of 2-4 player games, with keys the
    vocabulary lacks and with no keys."""
    net = shipped_net(game)
    assert net is not None
    if net.fast is None:
        pytest.skip("the compiled build is not in use (the forward pass runs with numpy)")
    fast = net.fast
    rs = get_ruleset(game)
    seen = 0
    try:
        for players in (2, 3, 4):
            state = new_state(game, players, 20 + players)
            rng = Rng(players)
            while not rs.is_over(state) and seen < 150 * players:
                keys = rs.legal_keys(state)
                p = rs.current_player(state)
                if len(keys) > 1 and p is not None and p >= 0:
                    for ks in (keys, [*keys, "no-such-key"], ["no-such-key", "nor-this"], None):
                        net.fast = None
                        want = net.evaluate(state, p, ks)
                        net.fast = fast
                        got = net.evaluate(state, p, ks)
                        assert len(got[0]) == len(want[0]) and len(got[1]) == len(want[1]) == players
                        assert got[0] == pytest.approx(want[0], abs=1e-5)
                        assert got[1] == pytest.approx(want[1], abs=1e-5)
                    seen += 1
                rs.apply_key(state, keys[rng.below(len(keys))])
    finally:
        net.fast = fast
    assert seen > 100
    with pytest.raises(ValueError, match="one-hot bytes"):
        fast.evaluate(b"\x00", b"", 0, 2, None)


def test_each_game_has_its_own_search_settings_and_a_caller_can_override_them() -> None:
    """Prime Time's guided search explores less (cpuct 0.5, as its tree search is tuned to); The Networks keeps
    1.5; an override wins over the game's default, and the budget of each game is its own."""
    pt, nw = make_expert("prime-time", 1), make_expert("networks", 1)
    assert pt.expert.cpuct == 0.5 and nw.expert.cpuct == 1.5
    assert pt.settings.iterations == 400 and nw.settings.iterations == 300
    assert make_expert("prime-time", 1, cpuct=1.0, iterations=50).expert.cpuct == 1.0
    assert make_expert("prime-time", 1, iterations=50).settings.iterations == 50


def test_training_waits_for_enough_games_before_it_fits_the_network(tmp_path: Path) -> None:
    """tools/train_expert.py (expert iteration): a generation's games are kept at once; the network is
    trained only once the run holds ``--min-games`` games of its own, so a run that goes on from the
    shipped weights is not fitted to a handful of games; run again, it resumes and trains."""
    import importlib.util
    import json

    spec = importlib.util.spec_from_file_location("train_expert", Path(__file__).resolve().parents[2] / "tools" / "train_expert.py")
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    out = tmp_path / "run"
    args = ["prime-time", "--out", str(out), "--minutes", "0.001", "--games", "1", "--iterations", "3", "--min-games", "2"]
    assert tool.main([*args, "--fresh"]) == 0
    log = [json.loads(line) for line in (out / "log.jsonl").read_text().splitlines()]
    assert [r["games"] for r in log] == [1] and "train_policy" not in log[0]
    assert not (out / "weights.npz").exists(), "no weights before the network was trained"
    assert len(list((out / "samples").glob("gen-*.npz"))) == 1
    assert tool.main(args) == 0  # resumes: the second game, then the first training
    log = [json.loads(line) for line in (out / "log.jsonl").read_text().splitlines()]
    assert [r["games"] for r in log] == [1, 2] and "train_policy" in log[1]
    net = load_net(out / "weights.npz", "prime-time")
    assert net.meta["games"] == 2
