"""The learned evaluation of ``mcts:expert``: a small policy and value network run with numpy.

One network per game (its plugin's registry name: ``networks``, ``prime-time``), trained by expert
iteration (``tools/train_expert.py``) and shipped in the package as ``bots/data/expert-<game>.npz``.
It reads the game's learning encoding (``GamePlugin.encoding``: the seat's observation and the
action vocabulary, the same arrays the environments hand a learning agent), so it sees only what the
observing seat may see.

The network (``H`` hidden units, ``SEATS`` the encoding's most players)::

    h1 = relu(x W1 + b1)          x: the observation (the one-hot part is summed row by row: it is sparse)
    h2 = relu(h1 W2 + b2)
    policy logits = h2 Wp + bp    one per vocabulary entry; only the legal ones are computed
    values = sigmoid(h2 Wv + bv)  each relative seat's reward in [0, 1] (seat 0 is the observer)

In the compiled build (``tools/build_fast.py``) the pass runs in C, one call per evaluation
(``primetime.bots._mlp``: the same arithmetic, float32 sums in another order); numpy otherwise.

The file holds these arrays (float16 to keep it small; float32 once loaded) and ``meta``, a JSON string
with the game, the encoding's size, vocabulary and observation versions, and the training run's summary.
A file that does not fit the game's encoding is refused with a message naming the problem.
"""

from __future__ import annotations

import importlib
import json
import math
from importlib import resources
from pathlib import Path
from typing import Any

from primetime.core.observation import ObservationBuilder
from primetime.core.plugin import get_plugin

ARRAYS = ("w1", "b1", "w2", "b2", "wp", "bp", "wv", "bv")
try:  # the forward pass in C, from the compiled build (tools/build_fast.py): one call instead of a dozen numpy ones
    _C: Any = importlib.import_module("primetime.bots._mlp")
except ImportError:
    _C = None
_NETS: dict[str, Net | None] = {}


def weights_path(game: str) -> Path:
    """Where the shipped weights of ``game`` (a plugin's registry name) lie in the package."""
    return Path(str(resources.files("primetime.bots").joinpath("data", f"expert-{game}.npz")))


class Net:
    """A loaded policy and value network for one game's encoding."""

    def __init__(self, arrays: dict[str, Any], meta: dict[str, Any], encoding: Any) -> None:
        import numpy as np

        self.np = np
        self.meta = meta
        self.encoding = encoding
        missing = [a for a in ARRAYS if a not in arrays]
        if missing:
            raise ValueError(f"expert weights lack {', '.join(missing)}: train them again with tools/train_expert.py")
        w = {k: np.asarray(arrays[k], dtype=np.float32) for k in ARRAYS}
        size, hot = int(encoding.size), int(encoding.hot_size)
        if w["w1"].shape[0] != size or w["wp"].shape[1] != len(encoding.actions):
            raise ValueError(f"expert weights for {meta.get('game')} were trained on {w['w1'].shape[0]} inputs and "
                             f"{w['wp'].shape[1]} actions; the encoding has {size} and {len(encoding.actions)} "
                             f"(vocabulary v{encoding.version}): train them again with tools/train_expert.py")
        self.hot_size = hot
        self.w1h = np.ascontiguousarray(w["w1"][:hot])
        self.w1d = np.ascontiguousarray(w["w1"][hot:])
        self.b1, self.w2, self.b2 = w["b1"], w["w2"], w["b2"]
        self.bp, self.wv, self.bv = w["bp"], w["wv"], w["bv"]
        self.seats = int(self.bv.shape[0])
        # the policy head action-major, its bias as an extra column: the legal rows are gathered, h2 gets a 1
        self.wpt = np.ascontiguousarray(np.concatenate([w["wp"], w["bp"][None, :]], axis=0).T)
        self.one = np.ones(1, np.float32)
        self.builder = ObservationBuilder(encoding)
        self.fast: Any = _C.Mlp(self.w1h, self.w1d, self.b1, self.w2, self.b2, self.wv, self.bv, self.wpt) if _C else None

    def hidden(self, hot: bytes, dense: bytes) -> Any:
        """The second hidden layer for an observation's ``(hot, dense)`` bytes."""
        np = self.np
        idx = np.frombuffer(hot, np.bool_).nonzero()[0]  # 0 or 1 bytes: read as booleans (much faster)
        h = self.w1h.take(idx, 0).sum(0) + np.frombuffer(dense, "<f4") @ self.w1d + self.b1
        np.maximum(h, 0.0, out=h)
        h2 = h @ self.w2 + self.b2
        np.maximum(h2, 0.0, out=h2)
        return h2

    def evaluate(self, state: Any, seat: int, keys: list[str] | None) -> tuple[list[float], list[float]]:
        """``(priors, values)`` for ``seat`` in ``state``: a probability per key of ``keys`` (empty when
        ``keys`` is None) and each player's value in [0, 1] by absolute seat."""
        hot, dense = self.encoding.observe(state, seat)
        n = int(state.n)
        idx: list[int] | None = None  # the keys' vocabulary indices, -1 for a key the vocabulary lacks
        if keys:
            table = self.encoding.key_index(state)
            idx = [table.get(k, -1) for k in keys]
        if self.fast is not None:  # the same in C (the compiled build)
            return self.fast.evaluate(hot, dense, seat, n, idx)
        h2 = self.hidden(hot, dense)
        z = (h2 @ self.wv + self.bv).tolist()  # the values' logits by seat relative to ``seat``
        seats = self.seats
        exp = math.exp
        values = [1.0 / (1.0 + exp(-z[r])) if r < seats else 0.5 for r in ((p - seat) % n for p in range(n))]
        if not idx:
            return [], values
        known = [i for i in idx if i >= 0]
        if not known:
            return [1.0 / len(idx)] * len(idx), values
        logits = (self.wpt[known] @ self.np.concatenate((h2, self.one))).tolist()
        top = max(logits)
        e = [exp(x - top) for x in logits]
        total = sum(e)
        floor = 1.0 / (len(idx) * 10)  # a key the vocabulary lacks still gets a little
        if len(known) == len(idx):
            return [x / total for x in e], values
        it = iter(e)
        return [next(it) / total if i >= 0 else floor for i in idx], values


def load_net(path: str | Path, game: str) -> Net:
    """The network saved at ``path`` for ``game`` (a plugin's registry name); a ``ValueError`` naming the problem otherwise."""
    try:
        import numpy as np
    except ImportError:  # pragma: no cover - numpy is a dependency
        raise ValueError("mcts:expert needs numpy: pip install numpy") from None
    p = Path(path)
    if not p.is_file():
        raise ValueError(f"no expert weights at {p}: train them with tools/train_expert.py {game}")
    try:
        with np.load(p, allow_pickle=False) as z:
            arrays = {k: z[k] for k in z.files}
    except Exception as exc:
        raise ValueError(f"{p}: not an expert weights file ({type(exc).__name__}: {exc})") from None
    meta = json.loads(str(arrays.pop("meta"))) if "meta" in arrays else {}
    if meta.get("game", game) != game:
        raise ValueError(f"{p} holds expert weights for {meta.get('game')}, not {game}")
    plugin = get_plugin(game)
    if plugin.encoding is None:
        raise ValueError(f"{plugin.title} has no encoding for a learned evaluation")
    return Net(arrays, meta, plugin.encoding())


def shipped_net(game: str) -> Net | None:
    """The shipped network of ``game`` (loaded once per process), or None when the package has none."""
    if game not in _NETS:
        path = weights_path(game)
        _NETS[game] = load_net(path, game) if path.is_file() else None
    return _NETS[game]
