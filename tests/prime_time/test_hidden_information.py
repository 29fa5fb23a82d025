"""A bot may only use what its seat could know (Prime Time, 000; PT hidden information, PT-SIM-01/02).

For seeded states at varied points of varied games (2-4 players, with and without Simultaneous
Scheduling and Bonds, in the middle of screened scheduling too), the variants of
:mod:`tests.prime_time.hidden` differ only in what seat ``p`` cannot see: the rivals' hands,
starting offers and face-down talents, the deck order, the client pile, the Boardroom decks, the
bag, the random generator and the schedules behind the screens.  For every variant

(a) ``view(state, p)`` is the same;
(b) ``determinize(variant, p, Rng(k))`` is the same for the same ``k``;
(c) every bot (``random``, ``greedy``, ``mcts:easy`` on a small budget), seeded the same,
    chooses the same key for the seat to move (and the search visits the same tree);
(d) the hint for the seat to move (:func:`primetime.bots.advice.advise`, every option with its value and
    reason) is the same.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from primetime.bots.advice import advise
from primetime.bots.ismcts import SearchBot
from primetime.bots.registry import make_bot
from primetime.core.plugin import get_plugin
from primetime.core.rng import Rng
from primetime.games.prime_time.state import PTState

from .hidden import RS, hidden_parts, state_of, variant, view_of

VARIANTS = 3


def mcts(seed: int) -> SearchBot:
    return SearchBot(get_plugin("prime-time").search(seed), seed, "easy", iterations=16, pool=2)


BOTS: dict[str, Callable[[int], Any]] = {
    "random": lambda seed: make_bot("random", seed),
    "greedy": lambda seed: make_bot("greedy", seed),
    "mcts:easy": mcts,
}


def _screened(s: PTState) -> bool:
    return s.screen is not None


def _mid_schedule(s: PTState) -> bool:
    """Someone is in the middle of its schedule: its guide already differs from the one shown."""
    top = s.stack[-1]
    if top[0] != "sched":
        return False
    p = int(top[1])
    guide = s.screen[p][0] if s.screen is not None else None
    return guide is not None and [g.to_json() if g is not None else None for g in guide] != [
        g.to_json() if g is not None else None for g in s.players[p].guide]


# The points of a game looked at: (name, test on the state at a decision with a real choice).
POINTS: list[tuple[str, Callable[[PTState], bool]]] = [
    ("starting offer", lambda s: s.stack[-1][0] == "keep" and s.stack[-1][1] != s.order[0]),
    ("token placement", lambda s: s.stack[-1][0] == "place" and s.round == 2),
    ("bid amount", lambda s: s.stack[-1][0] == "amount" and s.round >= 2),
    ("later scheduler", lambda s: s.stack[-1][0] == "sched" and s.round >= 3 and s.stack[-1][1] == s.order[-1]),
    ("mid schedule", lambda s: _mid_schedule(s) and s.round >= 2 and s.stack[-1][1] != s.order[0]),
    ("public relations", lambda s: s.stack[-1][0].startswith("pr") and s.round >= 2),
    ("ratings war", lambda s: s.stack[-1][0] == "cube" and s.round >= 4),
    ("last round", lambda s: s.round == 6 and s.stack[-1][0] in ("place", "pr", "sched")),
]

GAMES: list[tuple[int, dict[str, bool], int]] = [
    (2, {}, 21),
    (3, {"bonds": True}, 22),
    (4, {}, 23),
    (2, {"simultaneous": True}, 24),
    (3, {"simultaneous": True}, 25),
    (4, {"simultaneous": True, "bonds": True}, 26),
]


def points_of(players: int, options: dict[str, bool], seed: int) -> list[tuple[str, PTState]]:
    """One random game; a copy of the state at the first decision of each kind in ``POINTS``."""
    s: PTState = RS.new_state(RS.validate_options({"log": False, **options}, players), seed, players)
    rng = Rng(seed)
    found: dict[str, PTState] = {}
    while not RS.is_over(s):
        keys = RS.legal_keys(s)
        if len(keys) > 1:
            for name, where in POINTS:
                if name not in found and where(s):
                    found[name] = s.clone()
        RS.apply_key(s, keys[rng.below(len(keys))])
    return [(name, found[name]) for name, _ in POINTS if name in found]


@pytest.mark.parametrize(("players", "options", "seed"), GAMES, ids=[f"{n}p-{'-'.join(o) or 'base'}" for n, o, _ in GAMES])
def test_views_determinizations_and_bots_ignore_what_a_seat_cannot_see(players: int, options: dict[str, bool], seed: int) -> None:
    """(a), (b) and (c) of the module docstring, at every point of one game, for every seat."""
    points = points_of(players, options, seed)
    names = [name for name, _ in points]
    expected = {name for name, _ in POINTS} - {"mid schedule"}
    if options.get("simultaneous"):
        expected.add("mid schedule")
    assert expected <= set(names), f"the game did not reach {expected - set(names)}"
    screened = 0
    for name, base in points:
        mover = RS.current_player(base)
        assert mover is not None
        screened += _screened(base)
        for p in range(players):
            variants = [variant(base, p, 100 * seed + 10 * p + k) for k in range(VARIANTS)]
            states = [base, *variants]
            # the variants are other games behind what p sees ...
            assert len({hidden_parts(v) for v in states}) == len(states), (name, p)
            # (a) ... which p sees alike
            assert {view_of(v, p) for v in states} == {view_of(base, p)}, (name, p)
            # (b) the determinization rebuilds the hidden parts from that alone
            for k in range(2):
                assert len({state_of(RS.determinize(v, p, Rng(k))) for v in states}) == 1, (name, p, k)
            if p != mover:
                continue
            legal = RS.legal_keys(base)
            assert all(RS.legal_keys(v) == legal for v in variants)
            # (c) every bot, seeded the same, chooses alike
            for bot_name, make in BOTS.items():
                bots = [make(seed) for _ in states]
                choices = {bot.choose(RS, v, p) for bot, v in zip(bots, states, strict=True)}
                assert len(choices) == 1, (name, bot_name, choices)
                assert choices <= set(legal)
                if bot_name == "mcts:easy":
                    assert len({json.dumps(bot.last["visits"], sort_keys=True) for bot in bots}) == 1, (name, bot_name)
            # (d) the hint (issue 35: "it must use only what the asking seat may see") is the same, every option
            hints = {json.dumps(advise(RS, v, p, samples=2, seed=seed).to_json(None), sort_keys=True) for v in states}
            assert len(hints) == 1, (name, "hint")
    if options.get("simultaneous"):
        assert screened >= 2  # the screens were up at some of the points
