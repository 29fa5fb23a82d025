"""Prime Time as PettingZoo environments (2 to 4 players).

    from primetime.envs import prime_time_v0
    env = prime_time_v0.env(players=4, bonds=True)   # AEC, turn by turn
    par = prime_time_v0.parallel_env(players=3, simultaneous=True)  # every pending player at each step

Options are the game's own (``bonds``, ``simultaneous``); see :mod:`primetime.envs.multi` for
spaces, rewards and simultaneous decisions and ``docs/rl.md`` for the action vocabulary and the observation.
"""

from __future__ import annotations

from primetime.envs.multi import game_environments

GAME = "prime-time"
MIN_PLAYERS, MAX_PLAYERS = 2, 4

raw_env, parallel_raw_env, env, parallel_env = game_environments(GAME, "prime_time_v0", MIN_PLAYERS, MAX_PLAYERS, __name__)

__all__ = ["GAME", "MAX_PLAYERS", "MIN_PLAYERS", "env", "parallel_env", "parallel_raw_env", "raw_env"]
