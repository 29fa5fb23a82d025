"""Illegal input through the Game facade: typed errors, state untouched."""

from __future__ import annotations

import json

import pytest

from primetime.core.errors import GameOverError, IllegalOptionError, NotYourDecisionError, StaleStateError
from primetime.core.game import Game

from .helpers import STAR


def new() -> Game:
    return Game.new("networks", 2, seed=7, options={"pilot": "simplified", "first_player": 0})


def snapshot(g: Game) -> str:
    return json.dumps(g.to_json(), sort_keys=True)


def test_illegal_key_raises_and_leaves_state_unchanged() -> None:
    g = new()
    before = snapshot(g)
    for key in ("star:99999", "nonsense", "pass:viewers:x2", "end", ""):
        with pytest.raises(IllegalOptionError):
            g.apply(0, key)
    assert snapshot(g) == before
    g.state.players[0].cash = 0
    costly = [c for c in g.state.display[STAR] if g.state.cat.cards[c].defn.cost > 0][0]
    before = snapshot(g)
    with pytest.raises(IllegalOptionError):
        g.apply(0, f"star:{costly}")  # NET-STAR-02: cannot afford it
    assert snapshot(g) == before and g.seq == 0


def test_wrong_player_raises_not_your_decision() -> None:
    g = new()
    before = snapshot(g)
    with pytest.raises(NotYourDecisionError):
        g.apply(1, "pass:cash")
    with pytest.raises(NotYourDecisionError):  # checked before the sequence number and the key
        g.apply(1, "nonsense", expected_seq=5)
    assert snapshot(g) == before


def test_stale_sequence_raises() -> None:
    g = new()
    g.apply(0, g.legal_keys()[0])
    before = snapshot(g)
    p = g.current_player()
    with pytest.raises(StaleStateError):
        g.apply(p, g.legal_keys()[0], expected_seq=0)
    assert snapshot(g) == before
    g.apply(p, g.legal_keys()[0], expected_seq=1)
    assert g.seq == 2


def test_game_over_raises() -> None:
    g = new()
    while not g.is_over():
        keys = g.legal_keys()
        g.apply(None, next((k for k in keys if k.startswith("pass:cash")), keys[0]))
    before = snapshot(g)
    assert g.current_player() is None and g.legal_keys() == []
    with pytest.raises(GameOverError):
        g.apply(None, "pass:cash")
    with pytest.raises(GameOverError):
        g.apply(0, "pass:cash")
    assert snapshot(g) == before
