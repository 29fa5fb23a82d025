"""The game-agnostic invariant checks (core/invariants.py), on a toy game small enough to read.

The toy: player 0 answers a "turn" with ``good`` (a follow-up "step" that can be finished with
``done``), ``bad`` (a follow-up whose only option is ``abort``), ``long`` (two follow-ups, then
``done``) or ``stuck`` (a decision of player 1 that offers nothing); then player 1 takes a turn.
A state also holds a secret that only seat 0 may see.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from primetime.core import invariants as INV
from primetime.core.rng import Rng

FOLLOW = frozenset({"step"})


class Toy:
    name = "toy"

    def __init__(self, leaky_view: bool = False, leaky_det: bool = False, lossy_det: bool = False) -> None:
        self.leaky_view, self.leaky_det, self.lossy_det = leaky_view, leaky_det, lossy_det

    def new(self, secret: int = 7) -> dict[str, Any]:
        return {"stack": [("turn", 0)], "secret": secret, "cards": [1, 2, 3], "public": 0}

    def clone(self, s: dict[str, Any]) -> dict[str, Any]:
        return copy.deepcopy(s)

    def is_over(self, s: dict[str, Any]) -> bool:
        return not s["stack"]

    def current_player(self, s: dict[str, Any]) -> int | None:
        return s["stack"][-1][1] if s["stack"] else None

    def legal_keys(self, s: dict[str, Any]) -> list[str]:
        if not s["stack"]:
            return []
        kind, p = s["stack"][-1][:2]
        if kind == "turn":
            return ["good", "bad", "long", "stuck"] if p == 0 else ["end"]
        if kind == "step":
            return list(s["stack"][-1][2])
        return []

    def apply_key(self, s: dict[str, Any], key: str) -> None:
        kind, p = s["stack"].pop()[:2]
        if key == "good":
            s["stack"] += [("turn", 1), ("step", 0, ("done",))]
        elif key == "bad":
            s["stack"] += [("turn", 1), ("step", 0, ("abort",))]
        elif key == "long":
            s["stack"] += [("turn", 1), ("step", 0, ("done",)), ("step", 0, ("next",))]
        elif key == "stuck":
            s["stack"] += [("wait", 1)]
        elif key == "abort":
            s["stack"] = [("turn", 1)]

    def view(self, s: dict[str, Any], seat: int) -> dict[str, Any]:
        out = {"public": s["public"], "stack": s["stack"]}
        if seat == 0 or self.leaky_view:
            out["secret"] = s["secret"]
        return out

    def determinize(self, s: dict[str, Any], seat: int, rng: Rng) -> dict[str, Any]:
        d = self.clone(s)
        if seat != 0 and not self.leaky_det:
            d["secret"] = rng.below(100)
        if self.lossy_det:
            d["cards"].pop()
        if self.leaky_det:
            d["public"] = s["secret"]  # what the seat can see now depends on the secret
        return d


def kind(s: dict[str, Any]) -> str:
    return str(s["stack"][-1][0]) if s["stack"] else ""


def variant(s: dict[str, Any], seat: int, rng: Rng) -> dict[str, Any]:
    v = copy.deepcopy(s)
    if seat != 0:
        v["secret"] = 1000 + rng.below(100)
    return v


def projection(s: dict[str, Any], seat: int) -> dict[str, Any]:
    out = {k: v for k, v in s.items() if k != "secret"}
    if seat == 0:
        out["secret"] = s["secret"]
    return out


def cards(rs: Any, s: dict[str, Any]) -> list[str]:
    return [] if sorted(s["cards"]) == [1, 2, 3] else [f"cards: {s['cards']} instead of [1, 2, 3]"]


def test_an_option_whose_continuations_only_abort_is_named() -> None:
    """An offered option is completable only if some continuation by the same player gets past its follow-ups without abort."""
    rs = Toy()
    found = INV.option_problems(rs, rs.new(), FOLLOW, kind)
    assert [k for k, _ in found] == ["bad", "stuck"]
    assert "completable" in found[0][1] and "'abort'" in found[0][1]


def test_completes_searches_past_several_follow_ups_and_gives_up_at_its_bound() -> None:
    rs = Toy()
    s = rs.new()
    rs.apply_key(s, "long")
    assert INV.completes(rs, s, 0, FOLLOW, kind) is True
    assert INV.completes(rs, s, 0, FOLLOW, kind, bound=1) is None  # two keys are needed
    t = rs.new()
    rs.apply_key(t, "bad")
    assert INV.completes(rs, t, 0, FOLLOW, kind) is False


def test_option_problems_also_run_the_state_check_on_each_option() -> None:
    rs = Toy()

    def public_zero(ruleset: Any, s: dict[str, Any]) -> list[str]:
        return [] if len(s["stack"]) < 3 else ["cards: three steps pending"]

    found = INV.option_problems(rs, rs.new(), FOLLOW, kind, state_check=public_zero)
    assert ("long", "cards: three steps pending") in found


def test_a_decision_that_offers_nothing_is_named() -> None:
    rs = Toy()
    s = rs.new()
    rs.apply_key(s, "stuck")
    assert INV.option_problems(rs, s, FOLLOW, kind) == [("", "completable: the decision 'wait' of player 1 offers no option")]


def test_hidden_information_holds_for_a_sound_toy() -> None:
    assert INV.hidden_problems(Toy(), Toy().new(), 1, 5, variant, projection, cards) == []
    assert INV.hidden_problems(Toy(), Toy().new(), 0, 5, variant, projection, cards) == []


@pytest.mark.parametrize(("toy", "words"), [
    (Toy(leaky_view=True), "the view of seat 1 changes"),
    (Toy(leaky_det=True), "the determinization for seat 1 changes what seat 1 may know, at public"),
    (Toy(lossy_det=True), "the determinization for seat 1 breaks an invariant: cards"),
])
def test_hidden_information_leaks_are_named(toy: Toy, words: str) -> None:
    found = INV.hidden_problems(toy, toy.new(), 1, 5, variant, projection, cards)
    assert len(found) == 1 and words in found[0], found


def test_a_variant_that_changes_what_the_seat_knows_is_a_fault_of_the_check() -> None:
    def bad_variant(s: dict[str, Any], seat: int, rng: Rng) -> dict[str, Any]:
        v = copy.deepcopy(s)
        v["public"] = 1
        return v

    with pytest.raises(AssertionError, match="changed what the seat may know at public"):
        INV.hidden_problems(Toy(), Toy().new(), 1, 5, bad_variant, projection, cards)


def test_first_difference_names_the_path() -> None:
    assert INV.first_difference({"a": [1, {"b": 2}]}, {"a": [1, {"b": 3}]}) == "a[1].b"
    assert INV.first_difference([1, 2], [1, 2, 3]) == " (length 2 vs 3)"
    assert INV.first_difference({"a": 1}, {"a": 1}) is None
    assert INV.first_difference({"a": 1}, {"b": 1}) == "a"


def test_every_problem_name_is_listed() -> None:
    assert set(INV.NAMES) >= {"cards", "slots", "guide", "cash", "scores", "completable", "replace", "order", "hidden", "crash"}


@pytest.mark.parametrize(("a", "b"), [
    ({"a": [1, (2, "x")], "b": None}, {"b": None, "a": [1, [2, "x"]]}),  # tuples and lists alike, keys in any order
    ({"a": 1}, {"a": True}), ({"a": 1}, {"a": 1.0}), ([0.0], [-0.0]), ([1.5], [1.5]), ({1: 2}, {"1": 2}),
    ({"a": [1, 2]}, {"a": [1, 3]}), ({"a": "x"}, {"a": "y"}), ([1, 2], [1, 2, 3]), ({"a": 1}, {"a": 1, "b": 2}),
    ({"s": {1}}, {"s": {1}}), ([float("nan")], [float("nan")]), ([True, None], [True, None]),
])
def test_same_json_says_same_only_where_the_json_texts_are_the_same(a: Any, b: Any) -> None:
    """The hidden checks compare values as their JSON texts: the cheap walk never calls two values the same
    whose texts differ (or cannot be written), and the comparison names the same place as the texts do."""
    try:
        same_text: bool | None = INV._text(a) == INV._text(b)
    except TypeError:
        same_text = None  # JSON cannot write it: the walk must send it to the texts, which fail as before
    if INV.same_json(a, b):
        assert same_text is True
    if same_text is not None:
        assert INV._differ(a, b) == INV._where(INV._text(a), INV._text(b))
    else:
        with pytest.raises(TypeError):
            INV._differ(a, b)


def test_snapshot_is_not_reached_by_later_changes() -> None:
    x = {"a": [1, (2, 3)], "b": {"c": [4]}}
    y = INV.snapshot(x)
    x["a"][0] = 9
    x["b"]["c"].append(5)
    assert y == {"a": [1, [2, 3]], "b": {"c": [4]}} and INV._text(y) == '{"a": [1, [2, 3]], "b": {"c": [4]}}'
