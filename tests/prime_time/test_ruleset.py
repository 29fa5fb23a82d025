"""The Ruleset facade: registry name, labels, prompts, explanations of illegal keys, views."""

from __future__ import annotations

import json

import pytest

from primetime.core import Game, IllegalOptionError, NotYourDecisionError, get_ruleset
from primetime.games.prime_time.ruleset import PrimeTimeRuleset
from primetime.games.prime_time.text import card_text

from .helpers import ALEX, BRIDGET, CAT, SHOWS, at_placement, choose, clear_hands, ident, started, to_hand, to_space


def test_registered_as_prime_time() -> None:
    rs = get_ruleset("prime-time")
    assert isinstance(rs, PrimeTimeRuleset) and rs.name == "prime-time"


def test_game_facade_round_trip() -> None:
    game = Game.new("prime-time", ["Ana", "Ben", "Cy"], seed=3, options={"bonds": True})
    d = game.pending()
    assert d is not None and d.kind == "keep" and len(d.options) == 3
    other = (d.player + 1) % 3
    with pytest.raises(NotYourDecisionError):
        game.apply(other, d.options[0].key)
    with pytest.raises(IllegalOptionError, match="not a legal option"):
        game.apply(d.player, "discard:nothing")
    game.apply(d.player, d.options[0].key)
    assert game.seq == 1 and game.header["options"] == {"bonds": True, "simultaneous": False, "log": True}


def test_explain_illegal_gives_reasons() -> None:
    s = started(2)
    to_space(s, SHOWS, 0, "Amazon Run")
    clear_hands(s)
    s.players[ALEX].cash = 5
    at_placement(s, ALEX, BRIDGET)
    rs = PrimeTimeRuleset()
    assert "lowest legal bid is $8 and you have $5" in rs.explain_illegal(s, "bid:show:0")
    assert "HR needs a talent" in rs.explain_illegal(s, "hr:TA-01")
    choose(s, "golf")
    assert "Golf Course is full" in rs.explain_illegal(s, "golf")
    assert "(legal:" in rs.explain_illegal(s, "nonsense")


def test_labels_read_as_sentences() -> None:
    s = started(2)
    to_space(s, SHOWS, 0, "Amazon Run")
    clear_hands(s)
    to_hand(s, ALEX, "Luke Watcher")
    s.players[ALEX].cash = 20
    at_placement(s, ALEX, BRIDGET)
    d = PrimeTimeRuleset().decision(s)
    assert d is not None
    labels = {o.key: o.label for o in d.options}
    assert labels["golf"] == "Golf Course: +1 VP"
    assert labels[f"hr:{ident('Luke Watcher')}"] == "HR: loan Luke Watcher face down for $1"
    assert labels["bid:show:0"] == "Bid on Amazon Run (Gold, min $8)"
    assert {o.key: o.info for o in d.options}["bid:show:0"] == {"card": ident("Amazon Run")}
    assert d.prompt == "{P1}: place a token (3 left) on an action or a bidding space."


def test_card_text() -> None:
    assert card_text(CAT, "Luke Watcher").startswith("Luke Watcher — Drama Actor (Silver, min bid $3, 1 star)")
    assert "cube spaces: green" in card_text(CAT, "Luke Watcher")


def test_view_shape_and_spectator() -> None:
    game = Game.new("prime-time", 3, seed=1)
    v = game.view(None)
    assert v["game"] == "prime-time" and v["viewer"] is None and v["round"] == 1
    assert set(v["board"]) >= {"shows", "talents", "rd", "archives", "golf", "pr", "hr", "clients", "boardroom",
                                "pools", "forecast", "bag", "reruns", "variety"}
    assert all("hand" not in p for p in v["players"])
    assert "options" not in v["pending"]
    mine = game.view(v["pending"]["player"])
    assert len(mine["pending"]["options"]) == 3
    json.dumps(mine)


def test_scores_during_and_after() -> None:
    game = Game.new("prime-time", 2, seed=2)
    assert game.ruleset.scores(game.state) == [0, 0]
    assert game.result() == {}
