"""mcts:expert's ``term_weights`` setting in Prime Time: the learned weights of the evaluation's terms."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from primetime.bots.expert import make_expert
from primetime.core.game import get_ruleset
from primetime.core.rng import Rng
from primetime.games.prime_time.bots.greedy import breakdown, rewards
from primetime.games.prime_time.bots.search import (
    PHASE_GROUP,
    TERM_WEIGHTS_PATH,
    PrimeTimeAdapter,
    load_term_weights,
    weighted_evaluate,
    weighted_rewards,
)
from primetime.games.prime_time.state import PTState

RS = get_ruleset("prime-time")


def states(players: int, seed: int, every: int = 7) -> list[PTState]:
    """Every ``every``-th decision of a random game, and its end."""
    s = RS.new_state(RS.validate_options({"log": False}, players), seed, players)
    rng = Rng(seed)
    out: list[PTState] = []
    k = 0
    while not RS.is_over(s):
        keys = RS.legal_keys(s)
        if len(keys) > 1:
            if k % every == 0:
                out.append(s.clone())
            k += 1
        RS.apply_key(s, keys[rng.below(len(keys))])
    out.append(s)
    return out


def test_the_weights_file_names_every_term_for_every_round_and_phase() -> None:
    data = json.loads(TERM_WEIGHTS_PATH.read_text())
    assert data["note"]
    s = states(2, 3)[5]
    terms = set(breakdown(s, 0))
    assert set(data["terms"]) == terms
    weights = load_term_weights()
    assert set(weights) == {(r, ph) for r in range(1, 7) for ph in set(PHASE_GROUP.values())}
    for row in weights.values():
        assert set(row) == terms
        assert all(0.0 <= w <= 3.0 for w in row.values())


@pytest.mark.parametrize("players", [2, 3])
def test_with_all_weights_one_the_rewards_are_the_plain_ones(players: int, tmp_path: Path) -> None:
    data = json.loads(TERM_WEIGHTS_PATH.read_text())
    for row in data["weights"]:
        row["weights"] = {t: 1.0 for t in row["weights"]}
    path = tmp_path / "ones.json"
    path.write_text(json.dumps(data))
    ones = load_term_weights(path)
    ad = PrimeTimeAdapter(0)
    ad.term_weights = ones
    seen = 0
    for s in states(players, 11):
        assert ad.rewards(s, players) == pytest.approx(rewards(s, players), abs=1e-12)
        seen += 1
    assert seen > 10


def test_the_weights_change_the_evaluation_but_not_the_finished_game() -> None:
    weights = load_term_weights()
    ss = states(2, 5)
    end = ss[-1]
    assert end.phase == "over"
    assert weighted_rewards(end, 2, weights) == rewards(end, 2)
    assert weighted_evaluate(end, 0, weights) == float(end.final["players"][0]["total"])  # type: ignore[index]
    differ = 0
    for s in ss[:-1]:
        w = weights[(s.round, PHASE_GROUP[s.phase])]
        expect = sum(w[t] * v for t, v in breakdown(s, 0).items())
        assert weighted_evaluate(s, 0, weights) == pytest.approx(expect)
        differ += abs(expect - sum(breakdown(s, 0).values())) > 1e-9
    assert differ > 0


def test_the_setting_is_on_by_default_in_prime_time_and_reaches_the_adapter() -> None:
    on = make_expert("prime-time", 1)
    assert on.expert.term_weights is True and on.expert.pr_at_root is False
    assert isinstance(on.adapter, PrimeTimeAdapter) and on.adapter.term_weights == load_term_weights()
    off = make_expert("prime-time", 1, term_weights=False, pr_at_root=True)
    assert isinstance(off.adapter, PrimeTimeAdapter) and off.adapter.term_weights is None and off.adapter.pr_at_root is True
    plain = PrimeTimeAdapter(0)  # mcts:hard's and greedy's evaluation stay the plain sum, with Public Relations
    assert plain.term_weights is None and plain.pr_at_root is True


def test_without_public_relations_at_its_own_placements() -> None:
    """The expert's own token placements leave Public Relations out; every other decision, and a placement
    with Public Relations as the only option, keep their keys."""
    ad = make_expert("prime-time", 1).adapter
    seen = 0
    for s in states(2, 13, every=1):
        if RS.is_over(s):
            continue
        keys = RS.legal_keys(s)
        got = ad.restrict(s, keys, 0)
        if s.stack[-1][0] == "place" and "pr" in keys and len(keys) > 1:
            assert got == [k for k in keys if k != "pr"]
            seen += 1
        else:
            assert got == keys
    assert seen > 0
