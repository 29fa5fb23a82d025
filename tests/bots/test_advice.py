"""Issue 35, a hint on request: the advice module (:mod:`primetime.bots.advice`) gives the top choices of the
seat's pending decision, each with its expected change in the game's score unit and a one-line reason in the
players' words, from what the seat may see (the games' hidden-information tests, (d), check the last part)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from primetime.bots.advice import TOP, advise, hint
from primetime.bots.registry import make_bot
from primetime.core.game import Game

UNITS = {"networks": "viewers", "prime-time": "VP"}


def played(game: str, players: int, seed: int, steps: int) -> Game[Any]:
    """A seeded greedy game after ``steps`` decisions."""
    g = Game.new(game, players, seed)
    bots = [make_bot("greedy", seed + p) for p in range(players)]
    for _ in range(steps):
        p = g.current_player()
        assert p is not None
        g.apply(p, bots[p].choose(g, g.state, p))
    return g


@pytest.mark.parametrize(("game", "steps"), [("networks", 0), ("networks", 9), ("networks", 60), ("prime-time", 0),
                                             ("prime-time", 8), ("prime-time", 40)])
def test_issue_35_hint_gives_the_top_choices_with_value_change_and_reason(game: str, steps: int) -> None:
    g = played(game, 4, 11, steps)
    while len(g.legal_keys()) < 2:  # a real choice
        p = g.current_player()
        assert p is not None
        g.apply(p, g.legal_keys()[0])
    seat = g.current_player()
    assert seat is not None
    out = hint(g, seat)
    legal = g.legal_keys(seat)
    assert out["unit"] == UNITS[game] and out["seat"] == seat and out["options"] == len(legal)
    choices = out["choices"]
    assert len(choices) == min(TOP, len(legal))
    assert [c["value"] for c in choices] == sorted((c["value"] for c in choices), reverse=True)
    labels = {o.key: o.label for o in g.pending(seat).options}  # type: ignore[union-attr]
    for c in choices:
        assert c["key"] in legal and c["label"] == labels[c["key"]]
        assert c["reason"] and not re.search(r"\w_\w|\{", c["reason"]), c["reason"]  # player words, no ids
    # the value change is the value less the evaluation of the position as it stands, the same for every choice
    full = advise(g.ruleset, g.state, seat, samples=4, seed=1, names=g.players)
    assert len({round(c.value - c.gain, 6) for c in full.choices}) == 1
    assert full.choices[0].value >= full.choices[-1].value


def test_issue_35_the_same_question_gets_the_same_hint_and_the_state_is_untouched() -> None:
    g = played("networks", 3, 5, 12)
    seat = g.current_player()
    assert seat is not None
    before = g.to_json()
    a, b = hint(g, seat), hint(g, seat)
    a.pop("seconds")
    b.pop("seconds")
    assert a == b
    assert g.to_json() == before


def test_issue_35_a_seat_without_a_decision_gets_no_hint() -> None:
    g = played("networks", 3, 5, 12)
    seat = g.current_player()
    assert seat is not None
    other = (seat + 1) % 3
    if other in g.pending_players():
        other = (seat + 2) % 3
    with pytest.raises(ValueError, match="no decision"):
        hint(g, other)


def test_issue_35_a_reason_names_the_part_that_sets_the_best_apart() -> None:
    """The reason sentences come from the game's text (the cash part says how much cash is left)."""
    from primetime.core.words import advice_reason

    reasons = {"cash": ("leaves ${cash}M", "leaves only ${cash}M"), "viewers": ("{n} more viewers", "{n} fewer viewers")}
    assert advice_reason({"cash": 5.0, "viewers": 1.0}, {"cash": 1.0, "viewers": 1.5}, reasons, "even", cash=7) == "leaves $7M"
    assert advice_reason({"cash": 1.0, "viewers": 1.0}, {"cash": 1.2, "viewers": 4.0}, reasons, "even", cash=7) == "3 fewer viewers"
    assert advice_reason({"cash": 1.0}, {"cash": 1.0}, reasons, "even", cash=7) == "even"
