"""Seeded random number generator owned by a game state.

SplitMix64: the whole state is one 64-bit integer, so a clone or a JSON dump is trivial
and a record (seed + actions) replays exactly on any platform and Python version.
Nothing else in the project may draw randomness for game purposes.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

try:  # SplitMix64 in C, from the compiled build (tools/build_fast.py): the same numbers, faster
    _C: Any = importlib.import_module("primetime.core._splitmix")
except ImportError:
    _C = None

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        self.state = s = (self.state + _GOLDEN) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n)."""
        if n <= 0:
            raise ValueError("n must be positive")
        # Multiply-shift (Lemire): the bias is below n / 2**64, far beneath anything measurable.
        self.state = s = (self.state + _GOLDEN) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return ((z ^ (z >> 31)) * n) >> 64

    def shuffle(self, items: list[Any]) -> None:
        """Fisher-Yates shuffle in place: ``j = self.below(i + 1)`` for each i, written out."""
        s = self.state
        for i in range(len(items) - 1, 0, -1):
            s = (s + _GOLDEN) & _MASK
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            j = ((z ^ (z >> 31)) * (i + 1)) >> 64
            items[i], items[j] = items[j], items[i]
        self.state = s

    def choice(self, items: list[Any] | tuple[Any, ...]) -> Any:
        return items[self.below(len(items))]

    def clone(self) -> Rng:
        r = Rng.__new__(Rng)
        r.state = self.state
        return r

    def fork(self, salt: int) -> Rng:
        """An independent generator derived from this one's state and a salt."""
        r = Rng(self.state ^ ((salt * _GOLDEN) & _MASK))
        r.next64()
        return r


if _C is not None and not TYPE_CHECKING:
    # The C type of the compiled build: the same generator, methods and ``state`` attribute, with
    # the state in a C field (a draw is one method call, no Python integer arithmetic).
    Rng = _C.Rng  # noqa: F811


def build() -> str:
    """``"C"`` when the compiled SplitMix64 is in use, ``"pure Python"`` otherwise."""
    return "C" if _C is not None else "pure Python"
