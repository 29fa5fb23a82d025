"""The words a player must never read: internal ids, snake_case keys and the bots' evaluator names
(issue 34, item 4).  Shared by the terminal test and the browser test that scan every screen."""

from __future__ import annotations

import re

#: (what it is, a pattern that finds it in visible text)
JARGON: list[tuple[str, re.Pattern[str]]] = [
    ("snake_case word", re.compile(r"\b[a-z]+_[a-z0-9_]+\b")),
    ("card id", re.compile(r"\b(?:STAR|SHOW|AD|NET|PILOT|MOG|EXEC|SH|TA|CL)-\d+\b")),
    ("genre or timeslot id", re.compile(r"\b(?:scifi|latenight)\b")),
    ("Genre Grid line id", re.compile(r"\b(?:row|column)-\d\b|\banti-diagonal\b")),
    ("bot evaluator name", re.compile(r"\b(?:greedy|mcts|ismcts|random)\b", re.IGNORECASE)),
    ("bot id", re.compile(r"\bmcts:\w+|\bpolicy:")),
    # Prime Time's old cube codes: "oPby" (a capital a cube, a small letter an empty space)
    ("cube letter code", re.compile(r"\b(?=[POYBGKpoybgk*]{3,8}\b)(?![a-z]+\b)(?![A-Z][a-z]+\b)(?![A-Z]+\b)[POYBGKpoybgk*]+\b|\bbogy\b")),
    ("placeholder", re.compile(r"\{P\d+\}|\bundefined\b|\bnull\b|\bNaN\b|\[object Object\]")),
]


def jargon(text: str) -> list[str]:
    """Every piece of jargon in ``text``, each with a little of its context."""
    out = []
    for what, rx in JARGON:
        for m in rx.finditer(text):
            a, b = max(0, m.start() - 40), min(len(text), m.end() + 40)
            out.append(f"{what} {m.group(0)!r} in …{text[a:b]!r}…")
    return out
