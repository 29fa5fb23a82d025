"""The arrays a learning agent sees, built one way for every game and every consumer.

A game's encoding (``GamePlugin.encoding``, :class:`primetime.core.plugin.Encoding`) hands over
``observe(state, seat) -> (hot, dense)``: the one-hot part as bytes (0 or 1 each) and the dense
block as little-endian float32 bytes (both written into :mod:`primetime.core.writer`'s buffer).
:class:`ObservationBuilder` turns them into the float32 observation vector, and a list of
vocabulary indexes into the int8 action mask, for the learning environments
(:mod:`primetime.envs`) and the policy bot (:mod:`primetime.bots.policy`) alike, so that a trained
policy sees exactly the numbers it was trained on.  It knows no game.

The work per observation is kept small: the one-hot bytes are cast and the float32 bytes copied in
two numpy copies, and the mask is a ``bytearray`` the array is a view of.  Every call returns new
arrays, which the caller may keep or change.

numpy comes with the learning extras (``rl``), not with the engines: it is imported when the first
builder is made.
"""

from __future__ import annotations

from typing import Any


class ObservationBuilder:
    """The observation and action-mask arrays of one game's encoding."""

    def __new__(cls, *args: Any) -> ObservationBuilder:
        # Written out so that a blank instance (copy.deepcopy makes one) also skips ``__init__``
        # when this module is compiled with mypyc (see tools/build_fast.py).
        return object.__new__(cls)

    def __init__(self, encoding: Any) -> None:
        import numpy as np

        self.encoding = encoding
        self.size: int = int(encoding.size)
        self.hot_size: int = int(encoding.hot_size)
        self.dense_size: int = self.size - self.hot_size
        self.n_actions: int = len(encoding.actions)
        self._empty: Any = np.empty
        self._frombuffer: Any = np.frombuffer
        self._f32: Any = np.dtype(np.float32)
        self._u8: Any = np.dtype(np.uint8)
        self._i8: Any = np.dtype(np.int8)
        self._f32_le: Any = np.dtype("<f4")

    def observation(self, state: Any, seat: int) -> Any:
        """``seat``'s observation of ``state``: a new float32 array of :attr:`size` numbers."""
        hot, dense = self.encoding.observe(state, seat)
        return self.array(hot, dense)

    def array(self, hot: Any, dense: Any) -> Any:
        """The float32 observation of an encoding's ``(hot, dense)`` (bytes: 0/1 each; float32, little-endian)."""
        frombuffer = self._frombuffer
        obs = self._empty(self.size, self._f32)
        h = self.hot_size
        obs[:h] = frombuffer(hot, self._u8)
        obs[h:] = frombuffer(dense, self._f32_le)
        return obs

    def mask(self, index: list[int]) -> Any:
        """The int8 action mask with a 1 at each vocabulary index of ``index`` (a new array)."""
        m = bytearray(self.n_actions)
        for i in index:
            m[i] = 1
        return self._frombuffer(m, self._i8)

    def no_mask(self) -> Any:
        """The all-zero int8 action mask (nothing to decide; a new array)."""
        return self._frombuffer(bytearray(self.n_actions), self._i8)
