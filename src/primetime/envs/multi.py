"""PettingZoo environments of any primetime game: :class:`GameAEC` (turn by turn) and :class:`GameParallel`.

Agents are ``player_0`` .. ``player_{n-1}`` (seat order).  The action space is ``Discrete`` over the
game's action vocabulary; an observation is ``{"observation": Box float32, "action_mask": Box int8}``,
the mask marking the pending decision's legal options (all zero for an agent with nothing to decide).

**Simultaneous decisions** (The Networks' Pilot Season and Executive choice, Prime Time's
Simultaneous Scheduling): the AEC environment hands them to each pending player in turn, first
pending first; each sees only its own offer or screen, and the others' answers stay hidden until
the rules reveal them.  The parallel environment takes one action from every pending player at each
step; a player with nothing to decide is not asked (its mask is all zero and its action ignored).

**Rewards** come at the end of the game only: +1 to each winner (a shared win included), -1 to every
other player.  ``infos[agent]`` then holds ``scores``, ``winners`` and ``margin`` (the agent's score
minus the best other score).  An illegal action (outside the mask) ends the game at once: -1 to
the player who sent it, 0 to the others, and ``infos[agent]["illegal_action"]`` is set.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from typing import Any, NamedTuple

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

from primetime.envs.table import IllegalAction, SeedSequence, Table

ILLEGAL_REWARD = -1.0


class GameAEC(AECEnv):
    """A primetime game as a PettingZoo AEC environment."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "name": "primetime", "is_parallelizable": True}

    def __init__(self, game: str, players: int, render_mode: str | None = None, **options: Any) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode={render_mode!r}: the environments render as text, use 'ansi' (or None)")
        self.render_mode = render_mode
        self.table = Table(game, players, options, log=render_mode is not None)
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        obs = spaces.Box(self.table.low, self.table.high, dtype=np.float32)
        mask = spaces.Box(0, 1, (self.table.n_actions,), dtype=np.int8)
        self._obs_space = spaces.Dict({"observation": obs, "action_mask": mask})
        self._act_space = spaces.Discrete(self.table.n_actions)
        self._seeds = SeedSequence()
        self.agents: list[str] = []

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._act_space

    # ------------------------------------------------------------------ the game
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.table.new_game(self._seeds.next(seed))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.table.first_waiting()]

    def _not_reset(self) -> None:
        raise RuntimeError("the environment must be reset() before it is used")

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        # AECEnv.last, written out: the selected agent's observation (built once), reward and flags
        if self.table.state is None:
            self._not_reset()
        agent = self.agent_selection
        return (self.observe(agent) if observe else None, self._cumulative_rewards[agent], self.terminations[agent],
                self.truncations[agent], self.infos[agent])

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        table = self.table
        if table.state is None:
            self._not_reset()
        return table.observation(self._seat[agent])

    def step(self, action: Any) -> None:
        if not self.agents and self.table.state is None:
            self._not_reset()
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self._seat[agent]
        table = self.table
        self._cumulative_rewards[agent] = 0.0
        try:
            table.apply(seat, action)
        except IllegalAction as exc:
            warnings.warn(f"{exc}; the game ends ({agent} loses)", stacklevel=2)
            self._end(dict.fromkeys(self.agents, 0.0) | {agent: ILLEGAL_REWARD})
            self.infos[agent]["illegal_action"] = int(action)
            self._accumulate_rewards()
            return
        if table.over():
            winners = set(table.winners())
            self._end({a: 1.0 if self._seat[a] in winners else -1.0 for a in self.agents})
            for a in self.agents:
                self.infos[a] = table.result_info(self._seat[a])
            self._accumulate_rewards()
        else:  # no reward before the end: the rewards stay the zeros of reset
            self.agent_selection = self.possible_agents[table.first_waiting()]

    def _end(self, rewards: dict[str, float]) -> None:
        self.rewards = rewards
        self.terminations = dict.fromkeys(self.agents, True)

    def render(self) -> str | None:
        if self.render_mode is None:
            warnings.warn("render() without a render_mode: make the environment with render_mode='ansi'", stacklevel=2)
            return None
        if self.table.state is None:
            return ""
        return self.table.render(self._seat.get(self.agent_selection, 0))

    def close(self) -> None:
        pass


class GameParallel(ParallelEnv):
    """A primetime game as a PettingZoo parallel environment: every pending player acts at each step."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "name": "primetime"}

    def __init__(self, game: str, players: int, render_mode: str | None = None, **options: Any) -> None:
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode={render_mode!r}: the environments render as text, use 'ansi' (or None)")
        self.render_mode = render_mode
        self.table = Table(game, players, options, log=render_mode is not None)
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self.agents: list[str] = []
        obs = spaces.Box(self.table.low, self.table.high, dtype=np.float32)
        mask = spaces.Box(0, 1, (self.table.n_actions,), dtype=np.int8)
        self._obs_space = spaces.Dict({"observation": obs, "action_mask": mask})
        self._act_space = spaces.Discrete(self.table.n_actions)
        self._seeds = SeedSequence()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._act_space

    def _observations(self) -> dict[str, dict[str, np.ndarray]]:
        table = self.table
        waiting = set(table.waiting()) if not table.over() else set()
        out = {}
        for seat, agent in enumerate(self.possible_agents):
            mask = table.mask(seat) if seat in waiting else table.no_mask()
            out[agent] = {"observation": table.observe(seat), "action_mask": mask}
        return out

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
        self.table.new_game(self._seeds.next(seed))
        self.agents = self.possible_agents[:]
        return self._observations(), {a: {} for a in self.agents}

    def step(self, actions: dict[str, Any]) -> tuple[dict[str, Any], dict[str, float], dict[str, bool], dict[str, bool], dict[str, Any]]:
        table = self.table
        agents = self.agents
        rewards = dict.fromkeys(agents, 0.0)
        infos: dict[str, dict[str, Any]] = {a: {} for a in agents}
        over = False
        for seat in table.waiting():  # the simultaneous answers commute: seat order is as good as any
            agent = self.possible_agents[seat]
            if agent not in actions or actions[agent] is None:
                continue  # not sent: the player stays pending
            try:
                table.key_of(seat, actions[agent])
            except IllegalAction as exc:
                warnings.warn(f"{exc}; the game ends ({agent} loses)", stacklevel=2)
                rewards[agent] = ILLEGAL_REWARD
                infos[agent]["illegal_action"] = int(actions[agent])
                over = True
                break
        if not over:
            pending = table.waiting()
            keys = [(seat, table.key_of(seat, actions[self.possible_agents[seat]])) for seat in pending
                    if actions.get(self.possible_agents[seat]) is not None]
            for seat, key in keys:
                table.apply_key(seat, key)
            if table.over():
                over = True
                winners = set(table.winners())
                for agent in agents:
                    seat = self.possible_agents.index(agent)
                    rewards[agent] = 1.0 if seat in winners else -1.0
                    infos[agent] = table.result_info(seat)
        obs = self._observations()
        terminations = dict.fromkeys(agents, over)
        truncations = dict.fromkeys(agents, False)
        if over:
            self.agents = []
        return obs, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        if self.render_mode is None:
            warnings.warn("render() without a render_mode: make the environment with render_mode='ansi'", stacklevel=2)
            return None
        if self.table.state is None:
            return ""
        waiting = self.table.waiting() if not self.table.over() else [0]
        return self.table.render(waiting[0])

    def close(self) -> None:
        pass


class GameEnvironments(NamedTuple):
    """The PettingZoo entry points of one game (what a ``<game>_v0`` module exports)."""

    raw_env: type[GameAEC]
    parallel_raw_env: type[GameParallel]
    env: Callable[..., GameAEC]
    parallel_env: Callable[..., GameParallel]


def game_environments(game: str, name: str, min_players: int, max_players: int, module: str,
                      hint: str = "") -> GameEnvironments:
    """The AEC and parallel environments of ``game`` for ``min_players`` to ``max_players``, named
    ``name`` (PettingZoo's ``metadata["name"]``) and placed in ``module`` (so that they pickle);
    ``hint`` ends the message that refuses another player count."""

    def players_ok(players: int) -> int:
        if isinstance(players, bool) or not isinstance(players, int) or not min_players <= players <= max_players:
            raise ValueError(f"{name} is for {min_players} to {max_players} players, not {players!r}"
                             + (f" ({hint})" if hint else ""))
        return players

    class raw_env(GameAEC):  # noqa: N801 -- PettingZoo's name for the unwrapped environment
        metadata = {"render_modes": ["ansi"], "name": name, "is_parallelizable": True}

        def __init__(self, players: int = 4, render_mode: str | None = None, **options: Any) -> None:
            super().__init__(game, players_ok(players), render_mode=render_mode, **options)

    class parallel_raw_env(GameParallel):  # noqa: N801
        metadata = {"render_modes": ["ansi"], "name": name}

        def __init__(self, players: int = 4, render_mode: str | None = None, **options: Any) -> None:
            super().__init__(game, players_ok(players), render_mode=render_mode, **options)

    def env(players: int = 4, render_mode: str | None = None, **options: Any) -> GameAEC:
        """The AEC environment.  It checks what PettingZoo's order-enforcing wrapper would (reset before
        use), itself, so that no wrapper stands between the loop and the game."""
        return raw_env(players, render_mode=render_mode, **options)

    def parallel_env(players: int = 4, render_mode: str | None = None, **options: Any) -> GameParallel:
        """The parallel environment: every pending player acts at each step."""
        return parallel_raw_env(players, render_mode=render_mode, **options)

    for thing in (raw_env, parallel_raw_env, env, parallel_env):
        thing.__module__ = module
        thing.__qualname__ = thing.__name__
    return GameEnvironments(raw_env, parallel_raw_env, env, parallel_env)
