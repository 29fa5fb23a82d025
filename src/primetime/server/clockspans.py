"""Time that counts on a turn-based clock: wall-clock time less the player's holidays.

A seat's holidays are spans ``[start, end]`` of wall-clock time (seconds since the epoch), as
the table's clock holds them (``clocks.py``, from the ``holidays`` of the seat's account).  While
one lasts the seat's clock stands still; these functions say how much of an interval counts and
when a given amount of counting time has gone by.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

Span = Sequence[float]


def merged(spans: Iterable[Span]) -> list[tuple[float, float]]:
    """The spans in order, overlapping or touching ones made one (empty ones left out)."""
    out: list[tuple[float, float]] = []
    for a, b in sorted((float(s[0]), float(s[1])) for s in spans if float(s[1]) > float(s[0])):
        if out and a <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], b))
        else:
            out.append((a, b))
    return out


def counted(spans: Iterable[Span], t0: float, t1: float) -> float:
    """The time of ``[t0, t1]`` that counts: its length less its overlap with the spans."""
    if t1 <= t0:
        return 0.0
    off = sum(max(0.0, min(b, t1) - max(a, t0)) for a, b in merged(spans))
    return max(0.0, t1 - t0 - off)


def after(spans: Iterable[Span], t0: float, amount: float) -> float:
    """The wall-clock moment at which ``amount`` seconds of counting time have gone by since ``t0``."""
    now, need = t0, max(0.0, amount)
    for a, b in merged(spans):
        if b <= now:
            continue
        if a > now:
            if a - now >= need:
                return now + need
            need -= a - now
        now = max(now, b)
    return now + need


def current(spans: Iterable[Span], t: float) -> float | None:
    """The end of the span ``t`` falls in (None: none; ``t`` is counting time)."""
    for a, b in merged(spans):
        if a <= t < b:
            return b
    return None
