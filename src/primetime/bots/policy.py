"""A bot that plays a trained policy: the bot name ``policy:PATH``.

``PATH`` is a policy saved by sb3-contrib's ``MaskablePPO`` (``examples/train_solo.py`` writes
one).  The bot sees the game as the learning environments do: the game's observation encoder and
action vocabulary, handed over by its plugin (``GamePlugin.encoding``, the same encoder
:mod:`primetime.envs` uses), turned into arrays by the same
:class:`primetime.core.observation.ObservationBuilder`, so the observation holds only what the seat
may see and the mask the pending decision's legal keys.  It plays the policy's most likely legal action (deterministic: the
seed changes nothing).

Loading needs the ``train`` extra (torch, sb3-contrib); without it, a missing file or a file that is
not such a policy, :func:`load_policy` raises a ``ValueError`` that names the problem and the fix.
A loaded policy is kept per process, so a tournament loads each file once per worker.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from primetime.bots.base import Bot
from primetime.core.observation import ObservationBuilder
from primetime.core.plugin import get_plugin

PREFIX = "policy:"
TRAIN_EXTRA = "pip install 'primetime[train]'"
_LOADED: dict[tuple[str, int, int], Any] = {}
_BUILDERS: dict[int, ObservationBuilder] = {}


def policy_path(name: str) -> str | None:
    """The path of a ``policy:PATH`` bot name (None for any other name)."""
    if not name.startswith(PREFIX):
        return None
    return name[len(PREFIX):].strip()


def _file(path: str) -> Path:
    """The saved policy's file: ``PATH`` or ``PATH.zip`` (sb3 adds ``.zip`` when saving)."""
    if not path:
        raise ValueError("policy:PATH needs the path of a saved policy, e.g. policy:runs/solo/policy.zip")
    p = Path(path).expanduser()
    if p.is_file():
        return p
    zipped = p.with_name(p.name + ".zip")
    if p.suffix != ".zip" and zipped.is_file():
        return zipped
    raise ValueError(f"policy:{path}: no such file (give the .zip a training run saved, e.g. examples/train_solo.py's policy.zip)")


def load_policy(path: str) -> Any:
    """The ``MaskablePPO`` model saved at ``path`` (on the CPU), loaded once per process and file version."""
    p = _file(path)
    stat = p.stat()
    key = (str(p.resolve()), stat.st_mtime_ns, stat.st_size)
    model = _LOADED.get(key)
    if model is not None:
        return model
    try:
        import torch
        from sb3_contrib import MaskablePPO
    except ImportError as exc:
        raise ValueError(f"the policy:{path} bot needs the train extra ({exc.name or 'sb3-contrib'} is missing): "
                         f"{TRAIN_EXTRA}") from None
    # One observation at a time needs no thread pool, and a pool started here would hang the worker
    # processes a tournament forks after checking the name (OpenMP does not survive a fork).
    torch.set_num_threads(1)
    try:
        model = MaskablePPO.load(str(p), device="cpu")
    except Exception as exc:  # a foreign or damaged file: say so, no traceback
        raise ValueError(f"policy:{path}: not a policy saved by sb3-contrib's MaskablePPO ({type(exc).__name__}: {exc})") from None
    _LOADED[key] = model
    return model


def observation(encoding: Any, state: Any, seat: int) -> Any:
    """``seat``'s observation as the environments build it (``primetime.envs.table.Table.observe``)."""
    return builder_of(encoding).observation(state, seat)


def builder_of(encoding: Any) -> ObservationBuilder:
    """The observation builder of ``encoding`` (one per encoding and process)."""
    got = _BUILDERS.get(id(encoding))  # the builder holds the encoding: its id is not reused meanwhile
    if got is None:
        got = _BUILDERS[id(encoding)] = ObservationBuilder(encoding)
    return got


class PolicyBot(Bot):
    """Plays the policy saved at ``path`` (see the module's docstring)."""

    def __init__(self, path: str, seed: int = 0) -> None:
        self.path = path
        self.name = PREFIX + path
        self.seed = seed  # unused: the policy's choice is its most likely action
        self.model = load_policy(path)
        self._encodings: dict[str, Any] = {}

    def encoding_for(self, game: str) -> Any:
        """The encoding of ``game``, checked against the policy's spaces."""
        enc = self._encodings.get(game)
        if enc is None:
            plugin = get_plugin(game)
            if plugin.encoding is None:
                raise ValueError(f"the policy:{self.path} bot cannot play {plugin.title}: it has no encoding for learning")
            enc = plugin.encoding()
            obs_shape = tuple(getattr(self.model.observation_space, "shape", ()) or ())
            n_actions = int(getattr(self.model.action_space, "n", -1))
            if obs_shape != (enc.size,) or n_actions != len(enc.actions):
                raise ValueError(f"policy:{self.path} was trained on observations of shape {obs_shape} and {n_actions} "
                                 f"actions; {plugin.title} has {enc.size} numbers and {len(enc.actions)} actions "
                                 f"(vocabulary v{enc.version}): train a policy for {plugin.name}")
            self._encodings[game] = enc
        return enc

    def select(self, ruleset: Any, state: Any, player: int, keys: list[str]) -> str:
        enc = self.encoding_for(str(ruleset.name))
        table = enc.key_index(state)
        index = [table[k] for k in keys]
        build = builder_of(enc)
        mask = build.mask(index).view(bool)  # the environments' int8 mask, as MaskablePPO's booleans
        action, _ = self.model.predict(build.observation(state, player), action_masks=mask, deterministic=True)
        return keys[index.index(int(action))]

    def __repr__(self) -> str:
        return f"PolicyBot({self.path!r})"
