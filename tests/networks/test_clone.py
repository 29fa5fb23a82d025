"""Clones are independent: play on a clone never shows in the state it was taken from.

Clones share what the rules never change in place (lineup shows until one is changed,
and some of the player lists); these tests play clones ahead of random games to check it.
"""

from __future__ import annotations

import json

from primetime.core.rng import Rng
from primetime.games.networks.rules import flow as F
from primetime.games.networks.rules import setup as SU
from primetime.games.networks.state import NetState

from .helpers import CAT, opts


def snapshot(s: NetState) -> str:
    return json.dumps(s.to_json(), sort_keys=True)


def play(s: NetState, rng: Rng, steps: int) -> None:
    for _ in range(steps):
        if s.phase == "over":
            return
        keys = F.legal(s)
        F.apply(s, keys[rng.below(len(keys))])


def test_playing_ahead_on_clones_leaves_the_original_unchanged() -> None:
    for n in (1, 2, 3, 5):
        for seed in range(2):
            s = SU.new_state(CAT, opts(n, pilot="normal", log=True), seed, n)
            rng = Rng(seed)
            step = 0
            while s.phase != "over":
                if step % 3 == 0:
                    before = snapshot(s)
                    c = s.clone(keep_log=True)
                    play(c, rng, 1 + rng.below(20))
                    grand = c.clone()
                    play(grand, rng, 10)
                    assert snapshot(s) == before
                    c_before = snapshot(c)
                    play(s, rng, 5)  # the original moves on: the clone stays as it was
                    assert snapshot(c) == c_before
                play(s, rng, 1)
                step += 1


def test_a_clone_replays_the_same_game() -> None:
    s = SU.new_state(CAT, opts(4, pilot="normal"), 11, 4)
    play(s, Rng(1), 60)
    c = s.clone()
    play(s, Rng(2), 400)
    play(c, Rng(2), 400)
    assert snapshot(s) == snapshot(c)
