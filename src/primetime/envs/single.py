"""Gymnasium environments: one learning seat, the other seats played by named bots.

* ``NetworksSolo-v0``: The Networks' solo mode (one player against the solo opponent's deck).
  The reward is the final score (total viewers), given at the end; ``info`` then holds ``rank``
  (the solo rank table's title) beside ``scores``.
* ``NetworksVsBots-v0`` / ``PrimeTimeVsBots-v0``: the learner in one seat, the others played by
  ``bots`` (a name for every other seat or one for all: ``random``, ``greedy``, ``mcts:easy``,
  ``mcts:normal``, ``mcts:hard``; :mod:`primetime.bots.registry`).  The reward at the end is +1
  if the learner is among the winners, -1 otherwise; ``info`` holds ``scores``, ``winners`` and
  ``margin`` (the learner's score minus the best other score).

The observation is the game's encoding of the learner's seat (a float32 ``Box``); the action is an
index of the game's action vocabulary.  :meth:`action_masks` gives the legal actions (a boolean
array, as sb3-contrib's ``MaskablePPO`` asks), and ``info["action_mask"]`` the same as int8.  An
illegal action ends the episode with reward -1 and ``info["illegal_action"]``.

``seat`` fixes the learner's seat; by default each game draws it from its seed.  The bots are seeded
from the game's seed, so ``reset(seed=s)`` replays the same game for the same actions.
"""

from __future__ import annotations

import warnings
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from primetime.bots.registry import check_bot, make_bot
from primetime.core.rng import Rng
from primetime.envs.table import IllegalAction, SeedSequence, Table

ILLEGAL_REWARD = -1.0


def _bot_seed(game_seed: int, seat: int) -> int:
    return game_seed * 1009 + seat  # as primetime.sim.games.bot_seed


class VsBotsEnv(gym.Env[np.ndarray, np.int64]):
    """One learner against bots in ``game`` (see the module's docstring)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(self, game: str = "networks", players: int = 4, bots: str | list[str] = "greedy", seat: int | None = None,
                 render_mode: str | None = None, **options: Any) -> None:
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode={render_mode!r}: the environments render as text, use 'ansi' (or None)")
        self.render_mode = render_mode
        self.table = Table(game, players, options, log=render_mode is not None)
        names = [b.strip() for b in bots.split(",")] if isinstance(bots, str) else [str(b).strip() for b in bots]
        others = players - 1
        if others and len(names) == 1:
            names = names * others
        if len(names) != others and not (others == 0 and names in ([""], [])):
            raise ValueError(f"bots: name one bot for all {others} other seats or one for each, not {len(names)}")
        for b in dict.fromkeys(names if others else []):
            check_bot(b, game)  # a ValueError naming the problem (an unknown name, a policy that cannot play)
        self.bot_names = names if others else []
        if seat is not None and not (isinstance(seat, int) and 0 <= seat < players):
            raise ValueError(f"seat={seat!r}: a seat from 0 to {players - 1}, or None to draw it from each game's seed")
        self.fixed_seat = seat
        self.seat = seat or 0
        self.observation_space = spaces.Box(self.table.low, self.table.high, dtype=np.float32)
        self.action_space = spaces.Discrete(self.table.n_actions)
        self._seeds = SeedSequence()
        self._bots: dict[int, Any] = {}
        self._done = True
        self._episode = 0
        self._mask_at: tuple[int, int, bool] = (-1, -1, True)
        self._mask_now = np.zeros(self.table.n_actions, dtype=bool)

    # ------------------------------------------------------------------ the game
    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = self._seeds.next(seed)
        table = self.table
        table.new_game(game_seed)
        self._episode += 1
        players = table.players
        self.seat = self.fixed_seat if self.fixed_seat is not None else Rng(game_seed).fork(17).below(players)
        others = [q for q in range(players) if q != self.seat]
        self._bots = {q: make_bot(self.bot_names[i], _bot_seed(game_seed, q)) for i, q in enumerate(others)}
        self._done = False
        self._play_bots()
        return self._obs(), self._info()

    def _play_bots(self) -> None:
        """The bots' decisions until the learner decides or the game is over."""
        table = self.table
        rs = table.ruleset
        while not table.over():
            waiting = table.waiting()
            if self.seat in waiting:
                return
            q = waiting[0]
            keys = table.legal(q)[0]
            key = keys[0] if len(keys) == 1 else self._bots[q].select(rs, table.state, q, keys)
            table.apply_key(q, key)

    def _obs(self) -> np.ndarray:
        return self.table.observe(self.seat)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self._mask().astype(np.int8), "seat": self.seat}

    def _mask(self) -> np.ndarray:
        """The learner's mask now (kept until the next step: ``info`` and ``action_masks()`` share it)."""
        table = self.table
        if self._mask_at != (self._episode, table.steps, self._done):
            if self._done or table.over():
                self._mask_now = np.zeros(table.n_actions, dtype=bool)
            else:
                self._mask_now = table.mask(self.seat).astype(bool)
            self._mask_at = (self._episode, table.steps, self._done)
        return self._mask_now

    def action_masks(self) -> np.ndarray:
        """The legal actions now, as booleans (sb3-contrib's ``MaskablePPO``); a new array at every call."""
        return self._mask().copy()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        if self._done:
            raise RuntimeError("the episode is over: call reset() first")
        table = self.table
        try:
            table.apply(self.seat, action)
        except IllegalAction as exc:
            warnings.warn(f"{exc}; the episode ends", stacklevel=2)
            self._done = True
            info = self._info()
            info["illegal_action"] = int(action)
            return self._obs(), ILLEGAL_REWARD, True, False, info
        self._play_bots()
        if not table.over():
            return self._obs(), 0.0, False, False, self._info()
        self._done = True
        info = self._info() | table.result_info(self.seat)
        return self._obs(), self._final_reward(), True, False, info

    def _final_reward(self) -> float:
        return 1.0 if self.seat in self.table.winners() else -1.0

    def render(self) -> str | None:
        if self.render_mode is None:
            warnings.warn("render() without a render_mode: make the environment with render_mode='ansi'", stacklevel=2)
            return None
        if self.table.state is None:
            return ""
        return self.table.render(self.seat)


class NetworksSoloEnv(VsBotsEnv):
    """The Networks' solo mode; the reward at the end is the final score."""

    def __init__(self, render_mode: str | None = None, **options: Any) -> None:
        super().__init__("networks", 1, bots=[], seat=0, render_mode=render_mode, **options)

    def _final_reward(self) -> float:
        return float(self.table.scores()[0])


class NetworksVsBotsEnv(VsBotsEnv):
    def __init__(self, players: int = 4, bots: str | list[str] = "greedy", seat: int | None = None,
                 render_mode: str | None = None, **options: Any) -> None:
        if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 5:
            raise ValueError(f"NetworksVsBots-v0 is for 2 to 5 players, not {players!r} (solo play: NetworksSolo-v0)")
        super().__init__("networks", players, bots, seat, render_mode, **options)


class PrimeTimeVsBotsEnv(VsBotsEnv):
    def __init__(self, players: int = 4, bots: str | list[str] = "greedy", seat: int | None = None,
                 render_mode: str | None = None, **options: Any) -> None:
        if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 4:
            raise ValueError(f"PrimeTimeVsBots-v0 is for 2 to 4 players, not {players!r}")
        super().__init__("prime-time", players, bots, seat, render_mode, **options)
