"""Reinforcement-learning environments of both games (the ``rl`` extra: gymnasium, pettingzoo).

* PettingZoo: :mod:`primetime.envs.networks_v0` (2-5 players) and :mod:`primetime.envs.prime_time_v0`
  (2-4 players), each with ``env()`` (AEC), ``raw_env`` and ``parallel_env()``.
* Gymnasium, registered when this package is imported: ``NetworksSolo-v0``, ``NetworksVsBots-v0``
  and ``PrimeTimeVsBots-v0`` (:mod:`primetime.envs.single`).

Each game hands over its action vocabulary and observation encoder through its plugin
(``GamePlugin.encoding``); this package knows no game.  See ``docs/rl.md``.
"""

from __future__ import annotations

try:
    import gymnasium
    import pettingzoo  # noqa: F401 -- checked here, used by the PettingZoo modules
except ImportError as exc:  # pragma: no cover - depends on the installed extras
    raise ImportError(f"primetime.envs needs the rl extra ({exc.name} is missing): pip install 'primetime[rl]'") from None

GYM_ENVS: dict[str, str] = {
    "NetworksSolo-v0": "primetime.envs.single:NetworksSoloEnv",
    "NetworksVsBots-v0": "primetime.envs.single:NetworksVsBotsEnv",
    "PrimeTimeVsBots-v0": "primetime.envs.single:PrimeTimeVsBotsEnv",
}


def register() -> None:
    """Register the Gymnasium environments (done on import; again is harmless)."""
    for name, entry in GYM_ENVS.items():
        if name not in gymnasium.registry:
            gymnasium.register(id=name, entry_point=entry, disable_env_checker=False)


register()

__all__ = ["GYM_ENVS", "register"]
