"""Random-playout conformance for The Networks (issue acceptance: 1,000 seeded games, 1-5 players).

Every decision offers at least one option; cash never goes negative; every card is in
exactly one place at all times; replaying a record gives the identical state; no view
contains another player's private information.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from primetime.core import Game, Rng, replay_record
from primetime.games.networks.rules import determinize as D
from primetime.games.networks.rules import flow as F
from primetime.games.networks.state import NetState

GAMES_PER_COUNT = {1: 200, 2: 250, 3: 200, 4: 200, 5: 150}  # 1,000 in all


def locations(s: NetState) -> Counter[int]:
    """Count every card in every zone; each must appear exactly once."""
    seen: Counter[int] = Counter()
    for zone in (*s.decks, *s.discards, *s.display, s.box, s.limbo, *s.pilot):
        seen.update(zone)
    for pl in s.players:
        seen.update(pl.green)
        seen.update(pl.reruns)
        seen.update(pl.reserved)
        for sh in pl.lineup:
            if sh is not None:
                seen[sh.cid] += 1
                seen.update(c for c, _ in sh.atts)
    return seen


def check_invariants(s: NetState) -> None:
    seen = locations(s)
    n_cards = len(s.cat.cards)
    dupes = [s.cat.cards[c].id for c, k in seen.items() if k != 1]
    assert not dupes, f"cards in more than one place: {dupes}"
    assert len(seen) == n_cards, f"{n_cards - len(seen)} cards are nowhere"
    for p, pl in enumerate(s.players):
        assert pl.cash >= 0, f"player {p} has negative cash {pl.cash}"


def private_ids(s: NetState, viewer: int | None) -> set[str]:
    """Card ids that ``viewer`` must not see right now."""
    ids = [c.id for c in s.cat.cards]
    hidden: set[str] = set()
    for k in range(4):
        hidden.update(ids[c] for c in s.decks[k])  # deck contents and order
    if s.phase == "pilot":
        for q in range(s.n):
            if q != viewer:
                hidden.update(ids[c] for c in s.pilot[q])  # NET-PILOT-10
    if s.stack and s.stack[-1][1] != viewer:
        hidden.update(ids[c] for c in s.limbo)  # private genre-bonus draws (NET-UI-15)
    hidden.update(ids[c] for c in s.box if s.phase == "pilot")
    return hidden


def check_views(game: Game[Any]) -> None:
    s: NetState = game.state
    for viewer in [None, *range(s.n)]:
        text = json.dumps(game.view(viewer))
        for cid in private_ids(s, viewer):
            assert f'"{cid}"' not in text, f"view for {viewer} leaks {cid}"
        assert "rng" not in json.loads(text)
        pend = json.loads(text)["pending"]
        if pend is not None and pend["player"] != viewer:
            assert "options" not in pend


def play_random(n: int, seed: int, check_every: int = 1, views: bool = False) -> Game[Any]:
    game = Game.new("networks", n, seed=seed)
    rng = Rng(seed * 7919 + n)
    steps = 0
    while not game.is_over():
        keys = game.legal_keys()
        assert keys, f"no options at step {steps}: {game.state.stack[-1]}"
        assert "abort" not in keys, f"production dead end at step {steps}"
        game.apply(None, rng.choice(keys))
        steps += 1
        if steps % check_every == 0:
            check_invariants(game.state)
            if views:
                check_views(game)
        assert steps < 3000, "game does not end"
    check_invariants(game.state)
    assert game.state.final is not None
    return game


@pytest.mark.parametrize("n", sorted(GAMES_PER_COUNT))
def test_random_games_finish_with_invariants(n: int) -> None:
    """Conformance: seeded random games at every player count finish cleanly."""
    for seed in range(GAMES_PER_COUNT[n]):
        game = play_random(n, seed, check_every=1 if seed < 20 else 7)
        if seed % 25 == 0:
            again = replay_record(json.loads(json.dumps(game.record())))
            assert json.dumps(again.to_json(), sort_keys=True) == json.dumps(game.to_json(), sort_keys=True)


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_views_leak_nothing(n: int) -> None:
    """No view (players or spectator) shows deck contents, others' pilot offers or private draws."""
    for seed in range(4):
        play_random(n, 1000 + seed, views=True)


@pytest.mark.parametrize("opts", [{"pilot": "simplified"}, {"turn_order": "low_to_high"}, {"first_player": 1}])
def test_variants_play_through(opts: dict[str, Any]) -> None:
    for n in (2, 3, 4, 5):
        for seed in range(10):
            game = Game.new("networks", n, seed=seed, options=opts)
            rng = Rng(seed)
            while not game.is_over():
                game.apply(None, rng.choice(game.legal_keys()))
            check_invariants(game.state)


def test_state_json_round_trip_mid_game() -> None:
    """The full state serialises to JSON and back, and play continues identically."""
    game = Game.new("networks", 4, seed=5)
    rng = Rng(5)
    for _ in range(60):
        game.apply(None, rng.choice(game.legal_keys()))
    data = json.loads(json.dumps(game.to_json()))
    back = game.ruleset.from_json(data)
    assert json.dumps(back.to_json(), sort_keys=True) == json.dumps(data, sort_keys=True)
    r1, r2 = Rng(9), Rng(9)
    s1, s2 = game.state, back
    while s1.phase != "over":
        k1 = r1.choice(F.legal(s1))
        k2 = r2.choice(F.legal(s2))
        assert k1 == k2
        F.apply(s1, k1)
        F.apply(s2, k2)
    assert s1.final == s2.final


def test_clone_is_independent() -> None:
    game = Game.new("networks", 3, seed=11)
    rng = Rng(11)
    for _ in range(40):
        game.apply(None, rng.choice(game.legal_keys()))
    before = json.dumps(game.to_json(), sort_keys=True)
    twin = game.state.clone(keep_log=True)
    r = Rng(3)
    while twin.phase != "over":
        F.apply(twin, r.choice(F.legal(twin)))
    assert json.dumps(game.to_json(), sort_keys=True) == before


def test_determinize_keeps_the_viewers_view_and_plays_on() -> None:
    """Search bots resample hidden cards: the viewer's view is unchanged and play continues legally."""
    for seed in range(15):
        n = 1 + seed % 5
        game = Game.new("networks", n, seed=seed)
        rng = Rng(seed)
        step = 0
        while not game.is_over():
            s = game.state
            p = game.current_player()
            if step % 9 == 0:
                d = D.determinize(s, p, Rng(seed + step))
                check_invariants(d)
                v1, v2 = game.ruleset.view(s, p), game.ruleset.view(d, p)
                v1.pop("log"), v2.pop("log")  # search copies keep no log
                assert json.dumps(v1, sort_keys=True) == json.dumps(v2, sort_keys=True)
                r = Rng(step)
                while d.phase != "over":
                    keys = F.legal(d)
                    assert keys and "abort" not in keys
                    F.apply(d, r.choice(keys))
            game.apply(None, rng.choice(game.legal_keys()))
            step += 1
