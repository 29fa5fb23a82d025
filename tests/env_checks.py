"""Playing the learning environments (tests/envs) with seeded random masked actions, checking each decision on the way.

The actions are drawn from one seeded generator and the hidden-information variants from others, so
that an episode played with the checks and again without them takes the same actions."""

from __future__ import annotations

from typing import Any

import numpy as np

from primetime.core.rng import Rng

HIDDEN_EVERY = 23  # decisions between two hidden-information checks (one seat each, in turn)
MAX_STEPS = 20_000  # an episode longer than this has not ended


def check_mask(table: Any, seat: int, mask: np.ndarray) -> np.ndarray:
    """The mask is never empty, each legal key has its own index and the mask is exactly those indexes."""
    idx = np.flatnonzero(mask)
    assert idx.size > 0, f"an empty action mask for seat {seat}"
    keys = table.ruleset.legal_keys_for(table.state, seat)
    index = table.encoding.key_index(table.state)
    legal = [index[k] for k in keys]
    assert len(set(legal)) == len(keys), "two legal keys share an action index"
    assert sorted(legal) == idx.tolist(), "the action mask differs from the legal keys"
    return idx


def check_hidden(table: Any, seat: int, observe: Any, rng: Rng) -> None:
    """Re-deal what ``seat`` cannot see (the game's hidden-information variant): its observation and mask stay."""
    variant = table.plugin.hidden_variant
    real = table.state
    before = observe(seat)
    table.state = variant(real, seat, Rng(rng.next64()))
    table._legal_at = -1  # the cached legal keys belong to the real state
    try:
        after = observe(seat)
    finally:
        table.state = real
        table._legal_at = -1
    for part in before:
        assert np.array_equal(before[part], after[part]), (
            f"the {part} of seat {seat} changes when only what it cannot see changes (step {table.steps})")


def play_aec(env: Any, seed: int, hidden: bool = True) -> list[Any]:
    """One episode of a PettingZoo AEC environment; returns what happened (to compare replays)."""
    rng = Rng(seed * 7919 + 1)
    env.reset(seed=seed)
    table = env.unwrapped.table
    raw = env.unwrapped
    trace: list[Any] = []

    def observe(seat: int) -> dict[str, np.ndarray]:
        return raw.observe(raw.possible_agents[seat])  # type: ignore[no-any-return]

    for n, agent in enumerate(env.agent_iter(MAX_STEPS)):
        obs, reward, term, trunc, info = env.last()
        if term or trunc:
            trace.append((agent, reward, info.get("scores")))
            env.step(None)
            continue
        seat = raw.possible_agents.index(agent)
        idx = check_mask(table, seat, obs["action_mask"])
        if hidden and n % HIDDEN_EVERY == 0:
            check_hidden(table, (seat + n // HIDDEN_EVERY) % table.players, observe, Rng(seed * 31 + n))
        action = int(idx[rng.below(idx.size)])
        trace.append((agent, action, float(obs["observation"].sum())))
        env.step(action)
    assert not env.agents, f"the episode of seed {seed} did not end within {MAX_STEPS} steps"
    return trace


def play_parallel(env: Any, seed: int, hidden: bool = True) -> list[Any]:
    rng = Rng(seed * 7919 + 2)
    obs, _infos = env.reset(seed=seed)
    table = env.table
    trace: list[Any] = []

    def observe(seat: int) -> dict[str, np.ndarray]:
        return env._observations()[env.possible_agents[seat]]  # type: ignore[no-any-return]

    for n in range(MAX_STEPS):
        waiting = table.waiting()
        actions: dict[str, int] = {}
        for seat in waiting:
            agent = env.possible_agents[seat]
            idx = check_mask(table, seat, obs[agent]["action_mask"])
            actions[agent] = int(idx[rng.below(idx.size)])
        for seat, agent in enumerate(env.possible_agents):
            if seat not in waiting:
                assert not obs[agent]["action_mask"].any(), "a player with nothing to decide has legal actions"
        if hidden and n % HIDDEN_EVERY == 0:
            check_hidden(table, n // HIDDEN_EVERY % table.players, observe, Rng(seed * 31 + n))
        trace.append(sorted(actions.items()))
        obs, rewards, terms, _truncs, infos = env.step(actions)
        if all(terms.values()):
            trace.append(sorted(rewards.items()))
            return trace
    raise AssertionError(f"the episode of seed {seed} did not end within {MAX_STEPS} steps")


def play_gym(env: Any, seed: int, hidden: bool = True) -> list[Any]:
    rng = Rng(seed * 7919 + 3)
    raw = env.unwrapped
    obs, info = env.reset(seed=seed)
    table = raw.table
    trace: list[Any] = [raw.seat]

    def observe(seat: int) -> dict[str, np.ndarray]:
        assert seat == raw.seat
        return {"observation": raw._obs(), "action_mask": raw.action_masks()}

    for n in range(MAX_STEPS):
        mask = raw.action_masks()
        assert mask.dtype == bool and np.array_equal(mask, info["action_mask"].astype(bool))
        idx = check_mask(table, raw.seat, mask)
        if hidden and n % HIDDEN_EVERY == 0:
            check_hidden(table, raw.seat, observe, Rng(seed * 31 + n))
        action = int(idx[rng.below(idx.size)])
        trace.append((action, float(obs.sum())))
        obs, reward, term, trunc, info = env.step(action)
        assert not trunc
        if term:
            assert "illegal_action" not in info
            trace.append((reward, info["scores"]))
            return trace
        assert reward == 0.0
    raise AssertionError(f"the episode of seed {seed} did not end within {MAX_STEPS} steps")
