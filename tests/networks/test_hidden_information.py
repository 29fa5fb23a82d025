"""A bot may only use what its seat could know (001: hidden deck order, private pilot offers
NET-PILOT-01/02/07/09, the solo opponent's deck NET-SOLO-05).

For seeded states at varied points of varied games (1-5 players, normal and simplified Pilot
Season, fixed and low-to-high turn order), the variants of :mod:`tests.networks.hidden` differ
only in what seat ``p`` cannot see: the order of every deck (A shows above B shows), the
solo opponent's deck, the other players' pilot offers and kept pairs with the unseen pilot
cards in the box, and the random generator.  For every variant

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
from primetime.games.networks.rules.decks import draw
from primetime.games.networks.state import NetState
from primetime.games.networks.tables import SHOW

from .hidden import RS, hidden_parts, state_of, variant, view_of

VARIANTS = 3


def mcts(seed: int) -> SearchBot:
    return SearchBot(get_plugin("networks").search(seed), seed, "easy", iterations=16, pool=2)


BOTS: dict[str, Callable[[int], Any]] = {
    "random": lambda seed: make_bot("random", seed),
    "greedy": lambda seed: make_bot("greedy", seed),
    "mcts:easy": mcts,
}

# The points of a game looked at: (name, test on the state at a decision with a real choice).
POINTS: list[tuple[str, Callable[[NetState], bool]]] = [
    ("executive offer, nobody chose", lambda s: s.stack[-1][0] == "x_choose" and max(s.extra["x"]) < 0),
    ("executive offer, a rival chose", lambda s: s.stack[-1][0] == "x_choose" and max(s.extra["x"]) >= 0),
    ("pilot offer, nobody kept", lambda s: s.stack[-1][0] == "pilot" and not any(s.extra["kept"])),
    ("pilot offer, a rival kept", lambda s: s.stack[-1][0] == "pilot" and any(s.extra["kept"])),
    ("first turn", lambda s: s.stack[-1][0] == "turn" and s.round == 1),
    ("pilot production", lambda s: s.stack[-1][0].startswith("prod_") and s.phase == "pilot_produce"),
    ("production", lambda s: s.stack[-1][0].startswith("prod_") and s.round >= 1),
    ("attachment", lambda s: s.stack[-1][0] == "att_target"),
    ("second round", lambda s: s.stack[-1][0] == "turn" and s.round == 2 and s.stack[-1][2] == 0),
    ("third round", lambda s: s.stack[-1][0] == "turn" and s.round == 3),
    ("end of round", lambda s: s.stack[-1][0] in ("upkeep_cancel", "surpriser", "bonus")),
    ("last round", lambda s: s.stack[-1][0] == "turn" and s.round == 4),
]
EVERY_GAME = {"first turn", "production", "second round", "third round", "last round"}

GAMES: list[tuple[int, dict[str, Any], int]] = [
    (1, {"pilot": "normal"}, 31),
    (2, {"pilot": "simplified"}, 32),
    (2, {"pilot": "normal", "turn_order": "low_to_high"}, 33),
    (3, {"pilot": "normal"}, 34),
    (4, {"pilot": "simplified", "turn_order": "low_to_high"}, 35),
    (5, {"pilot": "normal"}, 36),
    (1, {"pilot": "simplified", "executives": True}, 37),  # NET-EXEC-02: the others' Executive offers
    (3, {"pilot": "normal", "executives": True}, 38),
]


def points_of(players: int, options: dict[str, Any], seed: int) -> list[tuple[str, NetState]]:
    """One random game; a copy of the state at the first decision of each kind in ``POINTS``."""
    s: NetState = RS.new_state(RS.validate_options({"log": False, **options}, players), seed, players)
    rng = Rng(seed)
    found: dict[str, NetState] = {}
    while not RS.is_over(s):
        keys = RS.legal_keys(s)
        if len(keys) > 1:
            for name, where in POINTS:
                if name not in found and where(s):
                    found[name] = s.clone()
        RS.apply_key(s, keys[rng.below(len(keys))])
    return [(name, found[name]) for name, _ in POINTS if name in found]


IDS = [f"{n}p-{'-'.join(str(v) if v is not True else k for k, v in o.items())}" for n, o, _ in GAMES]


@pytest.mark.parametrize(("players", "options", "seed"), GAMES, ids=IDS)
def test_views_determinizations_and_bots_ignore_what_a_seat_cannot_see(players: int, options: dict[str, Any], seed: int) -> None:
    """(a), (b) and (c) of the module docstring, at every point of one game, for every seat."""
    points = points_of(players, options, seed)
    names = {name for name, _ in points}
    expected = set(EVERY_GAME)
    if options.get("executives"):
        expected.add("executive offer, nobody chose")
        if players > 1:
            expected.add("executive offer, a rival chose")
    if options["pilot"] == "normal":
        expected.add("pilot offer, nobody kept")
        if players > 1:
            expected.add("pilot offer, a rival kept")
    assert expected <= names, f"the game did not reach {expected - names}"
    for name, base in points:
        assert_blind_at(name, base, seed)


def assert_blind_at(name: str, base: NetState, seed: int) -> None:
    """(a), (b) and (c) at one state, for every seat."""
    mover = RS.current_player(base)
    assert mover is not None
    for p in range(base.n):
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


@pytest.mark.parametrize("players", [2, 4])
def test_net_deck_02_05_after_a_reshuffle_no_show_deck_position_is_known(players: int) -> None:
    """NET-DECK-05: NET-DECK-02/05: once the show discards are shuffled into a new deck, A and B shows are mixed
    and nobody knows which position holds which: views, determinizations and bots ignore it."""
    seed = 40 + players
    base = next(s for name, s in points_of(players, {"pilot": "simplified"}, seed) if name == "second round")
    deck = base.decks[SHOW]
    base.discards[SHOW] += deck
    base.decks[SHOW] = []
    top = draw(base, SHOW)  # the empty deck takes the discards, shuffled
    assert top is not None and base.extra.get("shows_mixed")
    base.decks[SHOW].append(top)
    kinds = {base.T.defs[c].deck == "A" for c in base.decks[SHOW][-10:]}
    assert kinds == {True, False}  # A and B shows lie mixed near the top
    assert_blind_at("after a reshuffle", base, seed)


def test_net_genre_12_greedy_look_ahead_draws_from_decks_it_cannot_see() -> None:
    """NET-GENRE-12: the cards a look-ahead draws (genre bonuses, the display refilled) come
    from decks whose order the seat does not know, so the greedy bot's choice at a turn with
    network cards on offer is the same whatever that order."""
    s: NetState = RS.new_state(RS.validate_options({"log": False, "pilot": "simplified"}, 2), 7, 2)
    rng = Rng(7)
    looked = 0
    while not RS.is_over(s) and looked < 12:
        keys = RS.legal_keys(s)
        if s.round >= 2 and s.stack[-1][0] == "turn" and any(k.startswith("net:") for k in keys):
            p = RS.current_player(s)
            assert p is not None
            states = [s, *(variant(s, p, k) for k in range(VARIANTS))]
            assert len({view_of(v, p) for v in states}) == 1
            choices = {make_bot("greedy", 5).choose(RS, v, p) for v in states}
            assert len(choices) == 1, (s.round, choices)
            looked += 1
        RS.apply_key(s, keys[rng.below(len(keys))])
    assert looked == 12
