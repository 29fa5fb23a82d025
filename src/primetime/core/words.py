"""Small helpers for the words the games print (logs, option labels, card texts)."""

from __future__ import annotations

import re

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
