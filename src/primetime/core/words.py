"""Small helpers for the words the games print (logs, option labels, card texts)."""

from __future__ import annotations

import re
from typing import Any

_AN = re.compile(r"[aeiou]", re.IGNORECASE)
_A_ANYWAY = ("uni", "use", "usu", "one", "once")  # a vowel letter with a consonant sound


def a(word: str) -> str:
    """``word`` with its indefinite article: ``a("Action")`` is "an Action", ``a("Sitcom")`` "a Sitcom"."""
    low = word.lower()
    vowel = bool(_AN.match(word)) and not low.startswith(_A_ANYWAY)
    return ("an " if vowel else "a ") + word


def sentences_not_in(text: str, extra: str) -> str:
    """The sentences of ``extra`` that ``text`` does not already say (card data may restate a generated line)."""
    parts = [p for p in re.split(r"(?<=[.!?])\s+", extra.strip()) if p]
    return " ".join(p for p in parts if p not in text)


def number_words(x: float) -> str:
    """A difference in score units for a sentence: "3", "1.5", "less than 1"."""
    x = abs(x)
    if x < 0.95:
        return "less than 1"
    return f"{x:.0f}" if x >= 9.5 or abs(x - round(x)) < 0.05 else f"{x:.1f}"


def advice_reason(parts: dict[str, float], other: dict[str, float], reasons: dict[str, tuple[str, str]], even: str,
                  **fields: Any) -> str:
    """The one-line reason of an option (hints, reviews): the part of the evaluation in which ``parts`` (the option's)
    differs most from ``other`` (the option it is compared with), in the direction of the whole difference, said with
    ``reasons`` (part -> (better, worse) sentences with ``{n}``, the difference, and ``fields``); ``even`` when no part
    differs by a tenth of a unit."""
    diffs = {k: parts.get(k, 0.0) - other.get(k, 0.0) for k in set(parts) | set(other) if k in reasons}
    total = sum(parts.values()) - sum(other.values())
    sign = 1.0 if total >= 0 else -1.0
    best = max(sorted(diffs), key=lambda k: sign * diffs[k], default=None)
    if best is None or sign * diffs[best] < 0.1:
        return even
    text = reasons[best][0 if sign > 0 else 1]
    return text.format(n=number_words(diffs[best]), **fields)
