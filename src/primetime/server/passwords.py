"""Whether a new account's password is hard enough to guess (``zxcvbn``).

A password is refused at sign-up when zxcvbn scores it below :data:`MIN_SCORE` (of 0 to 4: below 3
it would fall to an attacker's guessing within hours to days offline, or to a few hundred tries
online), when it is, as a whole, a word or password of zxcvbn's lists (``password``, ``iloveyou``,
``dragon``), or when it is or holds the account's name.  The name (and its words) are given to
zxcvbn as ``user_inputs``, so that variations of it count as easy too.  Only the first
:data:`SCORED` characters are scored: zxcvbn's work grows quickly with the length, and a longer
password is long enough.  The refusal says why, in zxcvbn's words, and what to do instead.
"""

from __future__ import annotations

from typing import Any

from zxcvbn import zxcvbn

from primetime.server.inputs import InputError

#: Lowest zxcvbn score accepted (0 to 4).
MIN_SCORE = 3
#: Characters of a password that are scored.
SCORED = 100
#: Shortest name that a password may not contain (a shorter one is too likely by chance).
NAME_IN_PASSWORD = 3

ADVICE = "Choose another: three or four unrelated words, or a phrase only you would think of."


def _squash(text: str) -> str:
    """Letters and digits only, without case: ``Ana Lee`` and ``ana-lee`` are the same."""
    return "".join(ch for ch in text.casefold() if ch.isalnum())


def _sentence(text: str) -> str:
    """zxcvbn's warning or suggestion as a sentence ending with a full stop."""
    text = text.strip()
    return text if not text or text.endswith((".", "!", "?")) else text + "."


def weakness(password: str, name: str = "") -> str | None:
    """Why ``password`` is too easy to guess for the account ``name`` (and what to do), or None."""
    key = _squash(name)
    if key and (key == _squash(password) or (len(key) >= NAME_IN_PASSWORD and key in _squash(password))):
        return f"this password contains your name, which is the first thing anyone guessing would try. {ADVICE}"
    scored = password[:SCORED]
    inputs = [name, *name.split()] if name else []
    got: dict[str, Any] = zxcvbn(scored, user_inputs=inputs, max_length=SCORED)
    matches = got.get("sequence") or []
    common = (len(matches) == 1 and matches[0].get("pattern") == "dictionary" and len(matches[0].get("token", "")) == len(scored))
    if got["score"] >= MIN_SCORE and not common:
        return None
    feedback = got.get("feedback") or {}
    warning = _sentence(feedback.get("warning") or "") or ("It is a common word or password." if common else "It would be guessed quickly.")
    hints = " ".join(_sentence(s) for s in feedback.get("suggestions") or [])
    return " ".join(part for part in (f"this password is too easy to guess: {warning[:1].lower()}{warning[1:]}", hints, ADVICE) if part)


def check_strength(password: str, name: str = "") -> str:
    """``password`` if it is hard enough to guess (see the module), else :class:`InputError` saying why."""
    why = weakness(password, name)
    if why is not None:
        raise InputError(why)
    return password
