"""Names people and records give: cleaned the same way on every path.

Every display name, table name, chat message and imported player name is cleaned by :func:`clean`:
Unicode NFC; control, format (bidirectional overrides and isolates, zero-width characters),
private-use and unassigned characters removed; runs of white space made one space; the
length capped.  A person's display name must also not look like a bot's (``Bot 2
(Casual)``, the names the server gives its bots), and at a table no two players share a
name (compared without case).
"""

from __future__ import annotations

import functools
import re
import unicodedata
from typing import Any

from primetime.bots.levels import LEVELS, level_name
from primetime.server.botpool import bot_levels
from primetime.server.inputs import InputError

#: Longest display name, table name and imported player name.
NAME_LIMIT = 24
TABLE_NAME_LIMIT = 40
#: Longest chat message, in characters (after cleaning).
CHAT_LIMIT = 500

_BREAKS = {ord(c): " " for c in "\t\n\v\f\r\x1c\x1d\x1e\x85\u2028\u2029"}



@functools.cache
def _bot_like() -> re.Pattern[str]:
    """``Bot 2``, ``bot3``, ``Bot (x)`` or anything ending in a bot level in brackets, ``… (Casual)`` or ``… (greedy)``."""
    levels = "|".join(re.escape(lv) for lv in [*bot_levels(), *(level_name(b) for b in LEVELS), "imported"])
    return re.compile(rf"^bot\s*[0-9]|^bot\s*\(|\(\s*({levels})\s*\)$", re.IGNORECASE)


def strip(raw: str) -> str:
    """``raw`` without the characters that can hide or disguise text, white space collapsed."""
    text = "".join(ch for ch in unicodedata.normalize("NFC", raw) if unicodedata.category(ch)[0] != "C")
    return " ".join(text.split())


def clean(raw: Any, limit: int = NAME_LIMIT, what: str = "a name") -> str:
    """A cleaned name, or :class:`InputError` saying what to send instead."""
    if not isinstance(raw, str):
        raise InputError(f"{what} is text")
    text = strip(raw)
    if not text:
        raise InputError(f"please choose {what} made of visible characters")
    if len(text) > limit:
        raise InputError(f"{what} has at most {limit} characters (this one has {len(text)})")
    return text


def chat_text(raw: Any) -> str:
    """A chat message, cleaned like a name (no control, format or bidirectional characters;
    white space, line breaks included, made single spaces) and at most :data:`CHAT_LIMIT` long."""
    if isinstance(raw, str):
        raw = raw.translate(_BREAKS)  # a line break separates words: a space, not nothing
    return clean(raw, CHAT_LIMIT, "a chat message")


def display_name(raw: Any) -> str:
    """A person's display name: cleaned, and not one a bot could carry."""
    name = clean(raw, NAME_LIMIT, "a display name")
    if looks_like_bot(name):
        raise InputError(f"{name!r} looks like a bot's name; choose a name that does not start with 'Bot' and a number")
    return name


def looks_like_bot(name: str) -> bool:
    return _bot_like().search(name) is not None


def seat_refusal(name: str, seated: list[str]) -> str | None:
    """Why a person called ``name`` may not take a seat beside players called ``seated`` (None: they may)."""
    if looks_like_bot(name):
        return f"your display name {name!r} looks like a bot's; change it before taking a seat"
    key = name.casefold()
    if any(key == other.casefold() for other in seated):
        return f"a player called {name!r} already sits at this table; change your display name before taking a seat"
    return None


def record_names(raw: list[Any]) -> list[str]:
    """The player names of an imported record, cleaned (cut to length; an empty one becomes ``Player n``)."""
    out = []
    for i, x in enumerate(raw):
        if not isinstance(x, str):
            raise InputError(f"player {i + 1}'s name is not text")
        text = strip(x)[:NAME_LIMIT].strip()
        out.append(text or f"Player {i + 1}")
    return out
