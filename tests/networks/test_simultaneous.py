"""NET-PILOT-10 / NET-EXEC-02: the Pilot Season offer and the Executive choice are made by every
player at once and in private: any pending player may answer first, in any order, with the
same game; records of answers out of turn replay exactly; views keep each choice hidden."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from primetime.core.errors import IllegalOptionError, NotYourDecisionError, RecordError
from primetime.core.game import Game, load_record, replay_record, split_action
from primetime.core.plugin import get_plugin


def simultaneous_round(g: Game, order: list[int], picks: list[int]) -> None:
    """Answer the pending simultaneous decision, player by player in ``order``, each taking its
    ``picks[player]``-th option (modulo the number of options)."""
    assert sorted(g.pending_players()) == sorted(order)
    for p in order:
        keys = g.legal_keys(p)
        g.apply(p, keys[picks[p] % len(keys)])


def state_text(g: Game) -> str:
    return json.dumps(g.to_json(), sort_keys=True)


def test_net_pilot_10_every_player_chooses_at_once() -> None:
    """NET-PILOT-10: Every player chooses at once."""
    g = Game.new("networks", 3, seed=11)
    assert g.pending_players() == [0, 1, 2]
    assert g.current_player() == 0  # the first pending player, for loops that only ask current_player()
    for p in range(3):
        d = g.pending(p)
        assert d is not None and d.player == p and d.kind == "pilot"
        assert g.legal_keys(p) == d.keys()
    # the third player answers first; the others are still to choose, the first still first
    g.apply(2, g.legal_keys(2)[0])
    assert g.pending_players() == [0, 1]
    assert g.pending(2) is None and g.legal_keys(2) == []
    assert g.actions[-1].startswith("@2:")


def test_net_pilot_10_answers_checked_per_player() -> None:
    """NET-PILOT-10: Answers checked per player."""
    g = Game.new("networks", 3, seed=11)
    other = [k for k in g.legal_keys(1) if k not in g.legal_keys(2)][0]
    with pytest.raises(IllegalOptionError):
        g.apply(2, other)  # a pair of another player's offer
    g.apply(2, g.legal_keys(2)[0])
    with pytest.raises(NotYourDecisionError):
        g.apply(2, g.legal_keys(0)[0])  # player 3 has chosen already
    assert g.seq == 1


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), order=st.permutations([0, 1, 2, 3]), picks=st.lists(st.integers(0, 5), min_size=4, max_size=4))
def test_net_pilot_10_order_does_not_change_the_game(seed: int, order: list[int], picks: list[int]) -> None:
    """NET-PILOT-10: Order does not change the game."""
    ref = Game.new("networks", 4, seed=seed)
    simultaneous_round(ref, [0, 1, 2, 3], picks)
    g = Game.new("networks", 4, seed=seed)
    simultaneous_round(g, order, picks)
    assert state_text(g) == state_text(ref)
    assert g.state.phase != "pilot"
    back = replay_record(json.loads(json.dumps(g.record())))
    assert state_text(back) == state_text(g)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), order=st.permutations([0, 1, 2]), pilot_order=st.permutations([0, 1, 2]),
       picks=st.lists(st.integers(0, 7), min_size=3, max_size=3))
def test_net_exec_02_order_does_not_change_the_game(seed: int, order: list[int], pilot_order: list[int], picks: list[int]) -> None:
    """NET-EXEC-02: Order does not change the game."""
    opts = {"executives": True}
    ref = Game.new("networks", 3, seed=seed, options=opts)
    assert ref.pending(0) is not None and ref.pending(0).kind == "x_choose"  # type: ignore[union-attr]
    simultaneous_round(ref, [0, 1, 2], picks)
    simultaneous_round(ref, [0, 1, 2], picks)
    g = Game.new("networks", 3, seed=seed, options=opts)
    simultaneous_round(g, order, picks)
    simultaneous_round(g, pilot_order, picks)
    assert state_text(g) == state_text(ref)
    assert state_text(replay_record(g.record())) == state_text(g)


def test_net_pilot_10_record_out_of_turn_replays_exactly() -> None:
    """NET-PILOT-10: Record out of turn replays exactly."""
    g = Game.new("networks", 3, seed=5, options={"executives": True})
    simultaneous_round(g, [2, 0, 1], [1, 2, 3])
    simultaneous_round(g, [1, 2, 0], [0, 4, 2])
    while not g.is_over() and g.seq < 60:  # and on into the first round
        g.apply(None, g.legal_keys()[0])
    rec = g.record()
    assert rec["format_version"] == 2
    assert [split_action(a)[0] for a in rec["actions"][:6]] == [2, None, None, 1, 2, None]
    back = replay_record(load_record(json.dumps(rec)))
    assert back.actions == g.actions and state_text(back) == state_text(g)
    # a bare key for a player who has chosen already is refused with the action's index
    bad = dict(rec, actions=["@2:" + split_action(rec["actions"][0])[1], *rec["actions"]])
    with pytest.raises(RecordError, match="action 1"):
        replay_record(bad)


def test_net_pilot_10_format_1_records_still_replay() -> None:
    """NET-PILOT-10: Format 1 records still replay."""
    g = Game.new("networks", 2, seed=9)
    for _ in range(12):
        g.apply(None, g.legal_keys()[0])
    old = {"format_version": 1, "game": "networks", "seed": 9, "players": g.players, "options": g.header["options"],
           "actions": list(g.actions)}
    assert all(not a.startswith("@") for a in g.actions)
    assert state_text(replay_record(load_record(json.dumps(old)))) == state_text(g)


def test_net_pilot_10_choices_stay_hidden_until_revealed() -> None:
    """NET-PILOT-10: Choices stay hidden until revealed."""
    rs_plugin = get_plugin("networks")
    g = Game.new("networks", 3, seed=21)
    key = g.legal_keys(2)[0]
    g.apply(2, key)
    kept = [int(x) for x in key[5:].split(",")]
    ids = rs_plugin.card_ids(g.state.cat)
    for viewer in (0, 1, None):
        v = g.view(viewer)
        entry = v["players"][2]
        assert "pilot_offer" not in entry and entry["pilot_offer_count"] == 2 and entry["pilot_chosen"] is True
        assert not any(ids[c] in json.dumps(v) for c in kept)
        assert v["pending"]["players"] == [0, 1]
        if viewer is not None:  # each still-choosing player sees their own offer and options
            assert v["pending"]["player"] == viewer and v["pending"]["options"]
            assert entry is not v["players"][viewer] and v["players"][viewer]["pilot_offer"]
    assert g.view(2)["pending"]["player"] == 0 and "options" not in g.view(2)["pending"]
    for seat in range(3):
        assert rs_plugin.hidden_checks(g.ruleset, g.state, seat, 3) == []
    assert rs_plugin.invariants(g.ruleset, g.state) == []


def test_net_turn_decisions_stay_one_players() -> None:
    """Only the decisions the rules make simultaneous are: a turn is its player's alone."""
    g = Game.new("networks", 3, seed=13)
    simultaneous_round(g, [1, 2, 0], [0, 1, 2])
    while g.pending() is not None and g.pending().kind != "turn":  # type: ignore[union-attr]
        g.apply(None, g.legal_keys()[0])
    cur = g.current_player()
    assert cur is not None and g.pending_players() == [cur]
    other = (cur + 1) % 3
    assert g.pending(other) is None and g.legal_keys(other) == []
    with pytest.raises(NotYourDecisionError):
        g.apply(other, g.legal_keys()[0])
