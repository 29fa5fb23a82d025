"""The view fields the browser board draws from: the decider's ``unusable`` reasons, the
Ratings War and scheduling progress, and the board's public numbers.  None of them shows a
card its viewer may not see (the conformance test checks every view of random games too)."""

from __future__ import annotations

import json
from typing import Any

from primetime.core import Game, Rng
from primetime.games.prime_time.rules.core import DAY_KEYS, DAY_NAMES
from primetime.games.prime_time.rules.flow import current_player

from .helpers import CAT
from .test_conformance import private_ids


def play_until(game: Game[Any], rng: Rng, stop: Any, limit: int = 3000) -> bool:
    for _ in range(limit):
        if game.is_over():
            return False
        if stop(game):
            return True
        game.apply(None, rng.choice(game.legal_keys()))
    return False


def test_limits_are_the_board_numbers() -> None:
    v3 = Game.new("prime-time", 3, seed=1).view(None)
    assert v3["limits"]["bid_spaces"] == {"silver": 2, "gold": 3}
    assert v3["limits"]["bid_cap"] == {"silver": 7, "gold": 16}
    assert v3["limits"]["fallback"] == {"silver": 1, "gold": 4}
    assert (v3["limits"]["golf"], v3["limits"]["pr"], v3["limits"]["archives"]) == (2, 3, 2)
    v2 = Game.new("prime-time", 2, seed=1).view(0)
    assert (v2["limits"]["golf"], v2["limits"]["pr"]) == (1, 2)  # PT-2P-03
    assert v2["board"]["forecast_row"] == 0  # round 1 uses the lower row
    assert v2["ratings"] is None and v2["schedule"] is None


def test_unusable_only_for_the_decider_and_only_visible_cards() -> None:
    for opts in ({}, {"bonds": True, "simultaneous": True}):
        game = Game.new("prime-time", 3, seed=11, options=opts)
        rng = Rng(11)
        seen: set[str] = set()
        steps = 0
        while not game.is_over() and steps < 400:
            s = game.state
            deciders = game.pending_players()  # under Simultaneous Scheduling every player still building a guide
            for viewer in (None, 0, 1, 2):
                pend = game.view(viewer)["pending"]
                if viewer not in deciders:
                    assert "unusable" not in pend
                    continue
                unusable = pend["unusable"]
                legal_cards = {o["card"] for o in pend["options"] if "card" in o}
                hidden = private_ids(s, viewer)
                for key, reason in unusable.items():
                    assert key not in hidden and reason and "{P" not in reason
                    assert key not in legal_cards, f"{key} is both usable and unusable"
                if unusable:
                    seen.add(pend["kind"])
            game.apply(None, rng.choice(game.legal_keys()))
            steps += 1
        assert {"place", "sched"} <= seen


def test_place_reasons_name_the_rule() -> None:
    game = Game.new("prime-time", 3, seed=4)
    rng = Rng(4)
    assert play_until(game, rng, lambda g: g.state.stack[-1][0] == "place")
    p = current_player(game.state)
    pend = game.view(p)["pending"]
    hand = game.view(p)["players"][p]["hand"]
    for show in hand["shows"]:
        assert "Broadcasting" in pend["unusable"][show]
    assert pend["unusable"]["hr"] == "HR needs a talent card in your hand"
    # fill R&D with this player's token: a second one is refused with the reason
    game.apply(p, "rd")
    assert play_until(game, rng, lambda g: g.state.stack[-1][0] == "place" and current_player(g.state) == p)
    assert game.view(p)["pending"]["unusable"]["rd"] == "you already have a token in R&D"


def test_ratings_and_schedule_progress() -> None:
    game = Game.new("prime-time", 3, seed=6, options={"simultaneous": True})
    rng = Rng(6)
    assert play_until(game, rng, lambda g: g.state.phase == "schedule")
    sched = game.view(None)["schedule"]
    assert sched["secret"] is True and sched["waiting"] == list(game.state.order)
    game.apply(None, "done")
    assert game.view(None)["schedule"]["waiting"] == list(game.state.order[1:])
    assert play_until(game, rng, lambda g: g.state.phase == "ratings" and g.state.stack[-1][0] == "cube")
    top = game.state.stack[-1]
    r = game.view(None)["ratings"]
    assert r["day"] == DAY_KEYS[top[2]] and r["stage"] == ("primary" if top[3] else "remaining")
    assert r["primary_left"] == list(game.state.alloc)
    json.dumps(game.view(None))


def test_cube_reasons_explain_full_or_unmatched_cards() -> None:
    game = Game.new("prime-time", 2, seed=3)
    rng = Rng(3)
    found = False
    while not found and play_until(game, rng, lambda g: g.state.stack[-1][0] == "cube"):
        p = current_player(game.state)
        unusable = game.view(p)["pending"]["unusable"]
        d = game.state.stack[-1][2]
        for key, why in unusable.items():
            assert key == "rerun" or key in CAT.by_id
            assert why == "every cube space on it is filled" or f"{DAY_NAMES[d]}'s pool" in why
            found = True
        game.apply(None, rng.choice(game.legal_keys()))
    assert found
