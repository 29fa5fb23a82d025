"""The Networks: Primetime as PettingZoo environments (2 to 5 players).

    from primetime.envs import networks_v0
    env = networks_v0.env(players=4, telly_time=True)   # AEC, turn by turn
    par = networks_v0.parallel_env(players=3)           # every pending player at each step

Options are the game's own (``pilot``, ``turn_order``, ``first_player``, ``telly_time``, ``moguls``,
``executives``); see :mod:`primetime.envs.multi` for spaces, rewards and simultaneous decisions and
``docs/rl.md`` for the action vocabulary and the observation.
"""

from __future__ import annotations

from primetime.envs.multi import game_environments

GAME = "networks"
MIN_PLAYERS, MAX_PLAYERS = 2, 5  # solo play is the Gymnasium environment NetworksSolo-v0

raw_env, parallel_raw_env, env, parallel_env = game_environments(
    GAME, "networks_v0", MIN_PLAYERS, MAX_PLAYERS, __name__, hint="solo play: gymnasium.make('NetworksSolo-v0')")

__all__ = ["GAME", "MAX_PLAYERS", "MIN_PLAYERS", "env", "parallel_env", "parallel_raw_env", "raw_env"]
