"""Information-set MCTS: legal choices, levels, determinism, and no use of hidden information."""

from __future__ import annotations

import json
from typing import Any

import pytest

from primetime.bots.ismcts import SearchBot
from primetime.bots.registry import known_bots, make_bot
from primetime.core.game import Game, get_ruleset
from primetime.core.rng import Rng
from primetime.games.networks import tables as TB
from primetime.games.networks.bots.greedy import STALL
from primetime.games.networks.bots.search import LEVELS, NetworksAdapter, public_copy
from primetime.games.networks.state import NetState
from search_checks import assert_blind

RS = get_ruleset("networks")


def MctsBot(seed: int = 0, level: str = "normal", **overrides: Any) -> SearchBot:
    """The mcts bot of The Networks: the search core over the game's adapter (as the registry builds it)."""
    return SearchBot(NetworksAdapter(seed), seed, level, **overrides)


def small(seed: int, iterations: int = 40, **kw: Any) -> SearchBot:
    return MctsBot(seed, "easy", iterations=iterations, pool=4, **kw)


def new_state(players: int, seed: int) -> NetState:
    return RS.new_state(RS.validate_options({"log": False}, players), seed, players)  # type: ignore[no-any-return]


def advance_to(state: NetState, steps: int, seed: int = 0) -> NetState:
    """Play ``steps`` random decisions, then on to a decision with a real choice (so that a bot searches)."""
    rng = Rng(seed)
    for _ in range(steps):
        if RS.is_over(state):
            break
        keys = RS.legal_keys(state)
        RS.apply_key(state, keys[rng.below(len(keys))])
    while not RS.is_over(state) and len(RS.legal_keys(state)) == 1:
        RS.apply_key(state, RS.legal_keys(state)[0])
    return state


def scramble(s: NetState, viewer: int, seed: int) -> NetState:
    """The same game as ``viewer`` sees it, with every hidden part arranged differently."""
    d = s.clone()
    rng = Rng(seed)
    T = TB.tables(s.cat)
    for k in (TB.STAR, TB.AD, TB.NET):
        rng.shuffle(d.decks[k])
    deck = d.decks[TB.SHOW]
    for want_a in (True, False):
        pos = [i for i, c in enumerate(deck) if (T.defs[c].deck == "A") == want_a]
        cards = [deck[i] for i in pos]
        rng.shuffle(cards)
        for i, c in zip(pos, cards, strict=True):
            deck[i] = c
    if d.phase == "pilot":
        pilot = set(s.cat.pilot)
        mine = set(s.pilot[viewer])
        others = [q for q in range(s.n) if q != viewer]
        hidden = [c for c in d.box if c in pilot and c not in mine] + [c for q in others for c in d.pilot[q]]
        rng.shuffle(hidden)
        for q in others:
            size = len(d.pilot[q])
            d.pilot[q], hidden = hidden[:size], hidden[size:]
        d.box = [c for c in d.box if c not in pilot or c in mine] + hidden
    rng.shuffle(d.solo_deck)
    d.rng = Rng(rng.next64())
    return d


def test_levels_are_registered() -> None:
    assert set(LEVELS) == {"easy", "normal", "hard"}
    assert LEVELS["easy"]["iterations"] < LEVELS["normal"]["iterations"] < LEVELS["hard"]["iterations"]
    for name in ("mcts", "mcts:easy", "mcts:normal", "mcts:hard"):
        assert name in known_bots()
        bot = make_bot(name, 3)
        assert bot.choose(RS, new_state(2, 1)) in RS.legal_keys(new_state(2, 1))
    with pytest.raises(ValueError, match="unknown mcts level"):
        MctsBot(0, "brutal")


@pytest.mark.parametrize("players", [1, 2, 4])
def test_plays_whole_games_with_legal_choices(players: int) -> None:
    state = new_state(players, 20 + players)
    bots = [small(p, iterations=12) if p == 0 else make_bot("random", p) for p in range(players)]
    n = 0
    while not RS.is_over(state):
        p = RS.current_player(state)
        keys = RS.legal_keys(state)
        key = bots[p].choose(RS, state, p)
        assert key in keys
        RS.apply_key(state, key)
        n += 1
        assert n < 5000
    assert state.final is not None


def test_choice_leaves_the_state_alone_and_is_deterministic() -> None:
    game = Game.new("networks", 3, seed=5, options={"log": False})
    advance_to(game.state, 30, seed=1)
    before = json.dumps(game.to_json(), sort_keys=True)
    a = small(7).choose(game)
    assert json.dumps(game.to_json(), sort_keys=True) == before
    assert a == small(7).choose(game)
    assert a in game.legal_keys()


@pytest.mark.parametrize(("players", "steps"), [(3, 0), (4, 0), (2, 25), (4, 60), (1, 15)])
def test_choice_does_not_depend_on_hidden_information(players: int, steps: int) -> None:
    base = advance_to(new_state(players, 40 + steps), steps, seed=steps)
    viewer = RS.current_player(base)
    assert viewer is not None and viewer >= 0
    if steps == 0:
        assert base.phase == "pilot"  # the other players' private offers are hidden
    variants = [scramble(base, viewer, k) for k in range(3)]
    # the hidden parts really differ ...
    assert len({json.dumps([v.decks, v.pilot, v.rng.state, v.solo_deck]) for v in [base] + variants}) == 4
    # ... the bot's knowledge does not, so neither does its choice nor anything of its search.
    assert_blind(RS, public_copy, lambda: small(11, iterations=60), base, variants, viewer)


def test_follow_up_steps_reuse_the_search() -> None:
    # A production's follow-up steps (attachments, timeslot) are answered from the subtree.
    state = advance_to(new_state(2, 3), 12, seed=2)
    bot = MctsBot(1, "easy", iterations=300, pool=4)
    searched = reused = 0
    for _ in range(60):
        if RS.is_over(state):
            break
        p = RS.current_player(state)
        keys = RS.legal_keys(state)
        key = bot.choose(RS, state, p) if p == 0 else keys[0]
        if p == 0 and len(keys) > 1:
            if "reused" in bot.last:
                reused += 1
            else:
                searched += 1
        RS.apply_key(state, key)
    assert searched > 0
    assert reused > 0


def test_a_search_reports_its_iterations_engine_moves_and_root_visits() -> None:
    """What bench/mcts_speed.py reads: every iteration applies at least one key (the root has a choice)
    and visits exactly one of the root's options."""
    state = advance_to(new_state(3, 4), 30, seed=3)
    bot = small(5, iterations=64)
    assert bot.choose(RS, state) in RS.legal_keys(state)
    last = bot.last
    assert 1 <= last["iterations"] <= 64
    assert last["moves"] >= last["iterations"]
    assert sum(last["visits"].values()) == last["iterations"]
    assert last["seconds"] > 0


def test_time_budget() -> None:
    state = advance_to(new_state(2, 9), 20, seed=4)
    bot = MctsBot(2, "normal", seconds=0.05)
    assert bot.choose(RS, state) in RS.legal_keys(state)
    assert bot.last["iterations"] >= 1


def test_networks_plays_on_the_generic_search_core() -> None:
    bot = MctsBot(0, "easy")
    assert isinstance(bot, SearchBot) and isinstance(bot.adapter, NetworksAdapter)
    state = new_state(2, 1)
    keys = ["use:NC-01", "pass", "buy:SH-01"]
    assert bot.adapter.restrict(state, keys, 1) == keys
    assert bot.adapter.restrict(state, keys, STALL + 1) == ["pass"]  # the safety net against endless uses
    with pytest.raises(TypeError, match="The Networks only"):
        bot.select(get_ruleset("prime-time"), get_ruleset("prime-time").new_state({"log": False}, 1, 2), 0, ["a", "b"])


def test_follow_up_steps_below_the_root_take_the_greedy_answer() -> None:
    # Inside the search a follow-up step (where to attach, which timeslot ...) is answered by
    # the greedy bot's one-step choice; only the root and whole actions are searched.
    from primetime.games.networks.bots.greedy import FOLLOW_UPS, GreedyBot

    state = advance_to(new_state(2, 3), 12, seed=2)
    bot = MctsBot(1, "easy", iterations=200, pool=4)
    assert bot.settings.follow
    calls: list[tuple[str, list[str], str]] = []
    real_follow = bot.adapter.follow

    def spy(s: NetState, keys: list[str]) -> str:
        key = real_follow(s, keys)
        calls.append((s.stack[-1][0], list(keys), key))
        greedy = GreedyBot(0, depth=0)
        p = int(s.stack[-1][1])
        best = max(greedy.key_value(s, p, k, 0) for k in keys)
        assert greedy.key_value(s, p, key, 0) == best  # the greedy one-step choice
        return key

    bot.adapter.follow = spy  # type: ignore[method-assign]
    for _ in range(40):
        if RS.is_over(state) or calls:
            break
        p = RS.current_player(state)
        keys = RS.legal_keys(state)
        RS.apply_key(state, bot.choose(RS, state, p) if p == 0 else keys[0])
    assert calls, "no follow-up step came up inside the search"
    assert {kind for kind, _, _ in calls} <= FOLLOW_UPS | {"prod_att"}
    assert all(len(keys) > 1 and key in keys for _, keys, key in calls)


def test_a_single_option_is_answered_without_a_search() -> None:
    """Offered one option, the search bot takes it (its search needs two to compare)."""
    g = Game.new("networks", 2, seed=3)
    keys = g.legal_keys()
    bot = make_bot("mcts:easy", 1)
    assert bot.select(g.ruleset, g.state, g.current_player(), keys[:1]) == keys[0]
