"""The Networks: Primetime as PettingZoo environments (2 to 5 players).

    from primetime.envs import networks_v0
    env = networks_v0.env(players=4, telly_time=True)   # AEC, turn by turn
    par = networks_v0.parallel_env(players=3)           # every pending player at each step

Options are the game's own (``pilot``, ``turn_order``, ``first_player``, ``telly_time``, ``moguls``,
``executives``); see :mod:`primetime.envs.multi` for spaces, rewards and simultaneous decisions and
``docs/rl.md`` for the action vocabulary and the observation.
"""

from __future__ import annotations

from typing import Any

from primetime.envs.multi import GameAEC, GameParallel

GAME = "networks"
MIN_PLAYERS, MAX_PLAYERS = 2, 5  # solo play is the Gymnasium environment NetworksSolo-v0


def _players(players: int) -> int:
    if isinstance(players, bool) or not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"networks_v0 is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players!r} "
                         "(solo play: gymnasium.make('NetworksSolo-v0'))")
    return players


class raw_env(GameAEC):  # noqa: N801 -- PettingZoo's name for the unwrapped environment
    metadata = {"render_modes": ["ansi"], "name": "networks_v0", "is_parallelizable": True}

    def __init__(self, players: int = 4, render_mode: str | None = None, **options: Any) -> None:
        super().__init__(GAME, _players(players), render_mode=render_mode, **options)


class parallel_raw_env(GameParallel):  # noqa: N801
    metadata = {"render_modes": ["ansi"], "name": "networks_v0"}

    def __init__(self, players: int = 4, render_mode: str | None = None, **options: Any) -> None:
        super().__init__(GAME, _players(players), render_mode=render_mode, **options)


def env(players: int = 4, render_mode: str | None = None, **options: Any) -> raw_env:
    """The AEC environment.  It checks what PettingZoo's order-enforcing wrapper would (reset before
    use), itself, so that no wrapper stands between the loop and the game."""
    return raw_env(players, render_mode=render_mode, **options)


def parallel_env(players: int = 4, render_mode: str | None = None, **options: Any) -> parallel_raw_env:
    return parallel_raw_env(players, render_mode=render_mode, **options)
