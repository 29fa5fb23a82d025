"""Seeded random number generator owned by a game state.

SplitMix64: the whole state is one 64-bit integer, so a clone or a JSON dump is trivial
and a record (seed + actions) replays exactly on any platform and Python version.
Nothing else in the project may draw randomness for game purposes.
"""

from __future__ import annotations

import importlib
import struct
from typing import TYPE_CHECKING, Any

try:  # SplitMix64 in C, from the compiled build (tools/build_fast.py): the same numbers, faster
    _C: Any = importlib.import_module("primetime.core._splitmix")
except ImportError:
    _C = None

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_M1 = 0xBF58476D1CE4E5B9
_M2 = 0x94D049BB133111EB


def _lane_constants(k: int) -> tuple[int, int, int, struct.Struct]:
    """For ``_outputs`` of ``k`` draws: 1 in every 128-bit lane, ``(t + 1) * _GOLDEN`` in lane ``t``,
    the low 64 bits of every lane, and the layout of the lanes as bytes (the low half of each read,
    the high half skipped)."""
    ones = ramp = 0
    for t in range(k - 1, -1, -1):
        ones = ones << 128 | 1
        ramp = ramp << 128 | (t + 1) * _GOLDEN
    return ones, ramp, ones * _MASK, struct.Struct("<" + "Q8x" * k)


_LANES: dict[int, tuple[int, int, int, struct.Struct]] = {}  # by number of draws (the sizes of the decks shuffled)


def _outputs(state: int, k: int) -> tuple[int, ...]:
    """The next ``k`` outputs of the generator in ``state`` (which it leaves as it is), computed
    together: SplitMix64's ``t``-th output depends only on ``state + t * _GOLDEN``, so the ``k``
    states go into the 128-bit lanes of one Python integer and each step of the mix is done on all
    of them at once (a lane's product of two 64-bit numbers stays in its lane; the bits a right
    shift moves in from the lane above land in the high half, which the masks clear).  The same
    numbers as ``k`` calls of ``next64``, at a fraction of the cost of as many integer operations."""
    lanes = _LANES.get(k)
    if lanes is None:
        lanes = _LANES[k] = _lane_constants(k)
    ones, ramp, mask, layout = lanes
    x = (state * ones + ramp) & mask
    x = ((x ^ (x >> 30)) & mask) * _M1 & mask
    x = ((x ^ (x >> 27)) & mask) * _M2 & mask
    x ^= x >> 31  # each lane's low half is its output (its high half: bits from the lane above)
    return layout.unpack(x.to_bytes(16 * k, "little"))


class Rng:
    """SplitMix64.  ``below``, ``choice`` and ``next64`` take their outputs from a buffer made ahead
    by ``_outputs`` (a few at first, then more as they are used up): ``state`` is a property, the
    state at the start of the buffer advanced by the outputs taken, and setting it drops the buffer."""

    __slots__ = ("_base", "_outs", "_next")

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    @property
    def state(self) -> int:
        i = self._next
        return (self._base + i * _GOLDEN) & _MASK if i else self._base

    @state.setter
    def state(self, value: int) -> None:
        self._base = value
        self._outs: tuple[int, ...] = ()
        self._next = 0

    def _refill(self) -> tuple[int, ...]:
        """The buffer used up: the outputs after the current state, twice as many as last time
        (4 to 64), from that state."""
        k = 2 * len(self._outs)
        base = self.state & _MASK
        self._base = base
        self._outs = outs = _outputs(base, 4 if k < 4 else (64 if k > 64 else k))
        self._next = 0
        return outs

    def next64(self) -> int:
        i = self._next
        outs = self._outs
        if i >= len(outs):
            outs = self._refill()
            i = 0
        self._next = i + 1
        return outs[i]

    def below(self, n: int) -> int:
        """Uniform integer in [0, n)."""
        if n <= 0:
            raise ValueError("n must be positive")
        i = self._next
        outs = self._outs
        if i >= len(outs):
            outs = self._refill()
            i = 0
        self._next = i + 1
        # Multiply-shift (Lemire): the bias is below n / 2**64, far beneath anything measurable.
        return (outs[i] * n) >> 64

    def shuffle(self, items: list[Any]) -> None:
        """Fisher-Yates shuffle in place: ``j = self.below(i + 1)`` for each i from the last down
        to 1, with the draws made together (``_outputs``)."""
        k = len(items) - 1
        if k <= 0:
            return
        s = self.state & _MASK
        for i, z in zip(range(k, 0, -1), _outputs(s, k), strict=True):
            j = (z * (i + 1)) >> 64
            items[i], items[j] = items[j], items[i]
        self.state = (s + k * _GOLDEN) & _MASK

    def choice(self, items: list[Any] | tuple[Any, ...]) -> Any:
        return items[self.below(len(items))]

    def clone(self) -> Rng:
        r = Rng.__new__(Rng)
        r._base = self._base
        r._outs = self._outs  # a tuple: shared
        r._next = self._next
        return r

    def fork(self, salt: int) -> Rng:
        """An independent generator derived from this one's state and a salt."""
        r = Rng(self.state ^ ((salt * _GOLDEN) & _MASK))
        r.next64()
        return r

    def __reduce__(self) -> tuple[Any, ...]:
        return Rng, (self.state,)  # pickling and copy: as the C type's


if _C is not None and not TYPE_CHECKING:
    # The C type of the compiled build: the same generator, methods and ``state`` attribute, with
    # the state in a C field (a draw is one method call, no Python integer arithmetic).
    Rng = _C.Rng  # noqa: F811


def build() -> str:
    """``"C"`` when the compiled SplitMix64 is in use, ``"pure Python"`` otherwise."""
    return "C" if _C is not None else "pure Python"
