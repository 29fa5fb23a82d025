"""Random-playout conformance for Prime Time.

1,020 seeded random games: 2, 3 and 4 players, with and without Issuing Bonds and
Simultaneous Scheduling.  Every decision offers at least one option; cards, cubes, Re-Runs,
clients and boardroom cards are conserved and cash never goes negative; replaying a record
gives the identical state; no view shows another player's hand, face-down talents, offer,
hidden schedule, deck contents, the bag or the RNG.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from primetime.core import Game, IllegalOptionError, Rng, replay_record
from primetime.games.prime_time.rules.flow import apply, legal
from primetime.games.prime_time.state import PTState

from .helpers import CAT, assert_conserved

VARIANTS = [
    {},
    {"bonds": True},
    {"simultaneous": True},
    {"bonds": True, "simultaneous": True},
]
GAMES = 85  # per (player count, variant): 3 x 4 x 85 = 1,020 games


def private_ids(s: PTState, viewer: int | None) -> set[str]:
    """Card ids ``viewer`` must not see right now."""
    ids = CAT.ids
    hidden: set[str] = {ids[c] for c in s.show_deck + s.tal_deck}
    hidden |= {CAT.clients[c].id for c in s.client_pile}
    hidden |= {CAT.boardroom[b].id for d in s.br_decks for b in d}
    for q, pl in enumerate(s.players):
        if q == viewer:
            continue
        hidden |= {ids[c] for c in pl.shows + pl.talents + pl.facedown + pl.offer}
        if s.screen is not None:  # PT-SIM-02: what went onto the guide behind the screen
            before = {c for sl in s.screen[q][0] if sl is not None for c in [sl.show, *sl.talents]}
            now = {c for sl in pl.guide if sl is not None for c in [sl.show, *sl.talents]}
            hidden |= {ids[c] for c in now - before if c >= 0}
    return hidden


def check_views(game: Game[Any]) -> None:
    s: PTState = game.state
    for viewer in [None, *range(s.n)]:
        v = game.view(viewer)
        text = json.dumps(v)
        for cid in private_ids(s, viewer):
            assert f'"{cid}"' not in text, f"view for {viewer} leaks {cid}"
        assert "rng" not in v and isinstance(v["board"]["bag"], int)
        pend = v["pending"]
        if pend is not None and pend["player"] != viewer:
            assert "options" not in pend
        if s.screen is not None:
            for q in range(s.n):
                if q != viewer:
                    counts = v["players"][q]["hand_counts"]
                    assert (counts["shows"], counts["talents"], counts["reruns"]) == s.screen[q][1]


def play_random(n: int, seed: int, options: dict[str, Any], check_every: int = 1, views: bool = False) -> Game[Any]:
    game = Game.new("prime-time", n, seed=seed, options={"log": False, **options})
    rng = Rng(seed * 7919 + n)
    steps = 0
    while not game.is_over():
        keys = game.legal_keys()
        assert keys, f"no options at step {steps}: {game.state.stack[-1]}"
        assert len(set(keys)) == len(keys), f"duplicate keys at step {steps}: {keys}"
        game.apply(None, rng.choice(keys))
        steps += 1
        if steps % check_every == 0:
            assert_conserved(game.state)
        # Secrets change on setup, placement, scheduling and bidding steps: check views after
        # every one of those, and after every 7th cube pick.
        if views and (not game.state.stack or game.state.stack[-1][0] != "cube" or steps % 7 == 0):
            check_views(game)
        assert steps < 5000, "game does not end"
    assert_conserved(game.state)
    final = game.result()
    assert len(final["players"]) == n and final["winners"]
    return game


@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("variant", range(len(VARIANTS)))
def test_random_games_finish_with_invariants(n: int, variant: int) -> None:
    """Conformance: every player count and advanced-rule combination finishes cleanly."""
    options = VARIANTS[variant]
    for seed in range(GAMES):
        game = play_random(n, seed, options, check_every=1 if seed < 3 else 29)
        again = replay_record(json.loads(json.dumps(game.record())))
        assert again.to_json() == game.to_json()


@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("variant", range(len(VARIANTS)))
def test_views_leak_nothing(n: int, variant: int) -> None:
    """PT-PSETUP-07 / PT-SIM-02: no view shows what its viewer may not see."""
    play_random(n, 5000 + variant, {"log": True, **VARIANTS[variant]}, views=True)


def test_replay_with_log_matches() -> None:
    game = play_random(3, 77, {"log": True, "bonds": True, "simultaneous": True})
    again = replay_record(json.loads(json.dumps(game.record())))
    assert again.to_json() == game.to_json()
    assert again.state.log == game.state.log


def test_illegal_keys_raise_and_leave_state_unchanged() -> None:
    game = Game.new("prime-time", 3, seed=4)
    rng = Rng(4)
    for step in range(400):
        if game.is_over():
            break
        before = json.dumps(game.to_json(), sort_keys=True)
        for bad in ("nonsense", "bid:show:99", "amt:99", "cube:black:XX:pink", "golf:extra"):
            if bad in game.legal_keys():
                continue
            with pytest.raises(IllegalOptionError):
                game.apply(None, bad)
            assert json.dumps(game.to_json(), sort_keys=True) == before
        assert game.seq == step
        game.apply(None, rng.choice(game.legal_keys()))


def test_state_json_round_trip_mid_game() -> None:
    """The full state serialises to JSON and back, and play continues identically."""
    for opts in ({}, {"simultaneous": True, "bonds": True}):
        game = Game.new("prime-time", 4, seed=5, options=opts)
        rng = Rng(5)
        for _ in range(180):
            game.apply(None, rng.choice(game.legal_keys()))
        data = json.loads(json.dumps(game.to_json()))
        back = game.ruleset.from_json(data)
        assert json.dumps(back.to_json(), sort_keys=True) == json.dumps(data, sort_keys=True)
        r1, r2 = Rng(9), Rng(9)
        s1, s2 = game.state, back
        while s1.phase != "over":
            k1 = r1.choice(legal(s1))
            k2 = r2.choice(legal(s2))
            assert k1 == k2
            apply(s1, k1)
            apply(s2, k2)
        assert s1.final == s2.final


def test_clone_is_independent() -> None:
    game = Game.new("prime-time", 3, seed=11, options={"bonds": True})
    rng = Rng(11)
    for _ in range(150):
        game.apply(None, rng.choice(game.legal_keys()))
    before = json.dumps(game.to_json(), sort_keys=True)
    twin = game.state.clone(keep_log=True)
    r = Rng(3)
    while twin.phase != "over":
        apply(twin, r.choice(legal(twin)))
    assert json.dumps(game.to_json(), sort_keys=True) == before


def test_every_decision_has_a_labelled_option() -> None:
    game = Game.new("prime-time", 4, seed=21, options={"bonds": True})
    rng = Rng(21)
    kinds = set()
    while not game.is_over():
        d = game.pending()
        assert d is not None and d.options and d.player == game.current_player()
        assert all(o.label and o.label != o.key for o in d.options), [o for o in d.options if o.label == o.key]
        assert "{P" not in d.prompt or d.prompt.startswith("{P")
        kinds.add(d.kind)
        game.apply(d.player, rng.choice(d.keys()))
    assert game.pending() is None
    assert {"keep", "place", "amount", "sched", "cube"} <= kinds
