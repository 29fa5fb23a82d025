"""JSON from browsers, parsed within bounds.

Every HTTP body, WebSocket message and imported record goes through :func:`parse_json`:
its size is checked first; the standard parser then stops with ``RecursionError`` at the
interpreter's depth limit (turned into a refusal here, never a crash), and the parsed value
is walked, without recursion, for its depth (at most :data:`MAX_DEPTH`).  Integers longer
than :data:`MAX_INT_DIGITS` digits, ``NaN``/``Infinity`` and strings holding an unpaired
surrogate (``"\\ud800"``, which no reply could encode again) are refused.  Every refusal is
an :class:`InputError` whose message names the problem and what to send instead.
"""

from __future__ import annotations

import json
import re
from typing import Any

#: Deepest nesting of arrays and objects accepted (the server's own messages use 3 levels).
MAX_DEPTH = 20
#: Longest integer accepted, in digits (a 64-bit seed has 20).
MAX_INT_DIGITS = 40

_SURROGATE = re.compile("[\ud800-\udfff]")
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")  # only where one appears can a parsed text hold a surrogate


class InputError(ValueError):
    """Input refused before anything was done with it; the message says what is wrong."""


def _int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_INT_DIGITS:
        raise InputError(f"a number has {len(digits.lstrip('-'))} digits; at most {MAX_INT_DIGITS} are accepted")
    return int(digits)


def _constant(name: str) -> Any:
    raise InputError(f"{name} is not a JSON number; send a finite number")


def _check_tree(data: Any, max_depth: int, strings: bool) -> None:
    """Depth (and, if ``strings``, unpaired surrogates), walked without recursion."""
    todo: list[tuple[Any, int]] = [(data, 1)]
    while todo:
        obj, depth = todo.pop()
        if isinstance(obj, dict):
            items: list[Any] = [*obj.keys(), *obj.values()]
        elif isinstance(obj, list):
            items = obj
        else:
            continue
        if depth > max_depth:
            raise InputError(f"arrays and objects are nested more than {max_depth} levels deep")
        if strings and any(isinstance(x, str) and _SURROGATE.search(x) for x in items):
            raise InputError("a text holds an unpaired surrogate escape (such as \\ud800), which is not unicode; "
                             "send the character itself or a valid pair")
        todo.extend((x, depth + 1) for x in items if isinstance(x, dict | list))


def parse_json(raw: bytes | str, *, what: str = "the request body", max_bytes: int | None = None,
               max_depth: int = MAX_DEPTH) -> Any:
    """Parse ``raw`` as JSON within the bounds above, or raise :class:`InputError`."""
    size = len(raw.encode("utf-8", "surrogatepass")) if isinstance(raw, str) else len(raw)
    if max_bytes is not None and size > max_bytes:
        raise InputError(f"{what} is too large ({size} bytes; the limit is {max_bytes})")
    if isinstance(raw, bytes):
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise InputError(f"{what} is not UTF-8 text (byte {exc.start} cannot be decoded)") from None
    else:
        text = raw
    if _SURROGATE.search(text):
        raise InputError(f"{what} is not valid unicode text (it holds an unpaired surrogate)")
    try:
        data = json.loads(text, parse_int=_int, parse_constant=_constant)
    except json.JSONDecodeError as exc:
        raise InputError(f"{what} is not valid JSON ({exc.msg} at line {exc.lineno}, column {exc.colno})") from None
    except InputError as exc:
        raise InputError(f"{what}: {exc}") from None
    except RecursionError:  # the C parser counts its depth: beyond the interpreter's limit it stops cleanly
        raise InputError(f"{what}: arrays and objects are nested more than {max_depth} levels deep") from None
    try:
        _check_tree(data, max_depth, _SURROGATE_ESCAPE.search(text) is not None)
    except InputError as exc:
        raise InputError(f"{what}: {exc}") from None
    return data
