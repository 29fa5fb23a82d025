"""The log of the state messages as it grows, and one audience's rendered state message.

A state message carries the view's log beside the view, as ``log_start`` and ``log``: the lines
from number ``log_start`` on.  A socket's first state has the whole log (``log_start`` 0); the next
ones only the lines that socket has not had, when the log it was sent is still the start of its
audience's log (the same game, grown); else the whole log again (``Rendered.start_for``).

The worker that stored a change sends the other workers of the machine its renderings the same
way (``Links._relay``): the message without its log and the lines the others have not had of it;
they keep the log of each audience (``RelayedLog``) and send their own sockets what each lacks.
"""

from __future__ import annotations

import itertools

import msgspec

from primetime.core.decision import fill_names as render

_GENERATIONS = itertools.count()


def named(line: str, names: list[str], cache: dict[str, str]) -> str:
    """``line`` with names for its player tokens, through ``cache`` (a table's names never change)."""
    got = cache.get(line)
    if got is None:
        got = cache[line] = render(line, names)
    return got


class LogTrack:
    """One audience's log of one game, rendered with names line by line as it grows.

    ``gen`` names the log: a socket sent lines of the same ``gen`` has the start of this log.
    A log that is not its predecessor grown (a game rebuilt, an undo) starts a new ``gen``; the
    last line read is kept as the very object (the same game's log keeps it) to tell."""

    __slots__ = ("gen", "lines", "last")

    def __init__(self) -> None:
        self.gen = next(_GENERATIONS)
        self.lines: list[str] = []
        self.last: str | None = None

    def feed(self, raw: list[str], names: list[str], cache: dict[str, str]) -> None:
        """Bring the rendered lines up to ``raw``, the audience's log (with player tokens)."""
        n = len(self.lines)
        if len(raw) < n or (n and raw[n - 1] is not self.last):
            self.gen, self.lines, n = next(_GENERATIONS), [], 0
        if len(raw) > n:
            self.lines.extend(named(line, names, cache) for line in raw[n:])
            self.last = raw[-1]


class Rendered:
    """One audience's state message of one version: the message without its log (``head``, a JSON
    object) and the log as it was then (the first ``n`` lines of ``lines``, named ``gen``); the
    whole messages are made from them for the log starts asked (``text``).  ``lines`` None: ``head``
    is the whole message (no game yet, or a rendering taken from another worker)."""

    __slots__ = ("shown", "head", "lines", "gen", "n", "texts")

    def __init__(self, shown: int, head: str, lines: list[str] | None = None, gen: int = -1, n: int = 0) -> None:
        self.shown, self.head, self.lines, self.gen, self.n = shown, head, lines, gen, n
        self.texts: dict[int, str] = {}

    def start_for(self, have: tuple[int, int] | None) -> int:
        """Where the log of a socket that has ``have`` (``(gen, lines)`` sent to it) goes on."""
        if have is None or self.lines is None or have[0] != self.gen or have[1] > self.n:
            return 0
        return have[1]

    def now_has(self) -> tuple[int, int] | None:
        """What a socket sent this message has of the log."""
        return None if self.lines is None else (self.gen, self.n)

    def text(self, start: int = 0) -> str:
        """The whole message, with the log lines from ``start`` on."""
        if self.lines is None:
            return self.head
        got = self.texts.get(start)
        if got is None:
            tail = msgspec.json.encode(self.lines[start:self.n]).decode()
            got = self.texts[start] = f'{self.head[:-1]},"log_start":{start},"log":{tail}}}'
        return got


class RelayedLog:
    """An audience's log as another worker's relayed state messages brought it (``Links._relay``).

    ``lines`` is named ``gen`` here (a name of this process: its sockets are told which log they
    have); ``theirs`` is the sender's name for it (``"<worker>.<gen>"``): the next lines go on
    from these only if they are of the same log and start where these end."""

    __slots__ = ("gen", "theirs", "lines")

    def __init__(self) -> None:
        self.gen, self.theirs = -1, ""
        self.lines: list[str] = []

    def take(self, theirs: str, start: int, tail: list[str]) -> bool:
        """The lines from number ``start`` on of the sender's log ``theirs``; False if they do not go on
        from the lines here (a datagram lost, or another sender): nothing to render from until a
        whole log comes."""
        if start == 0:
            self.gen, self.theirs, self.lines = next(_GENERATIONS), theirs, list(tail)
            return True
        if theirs != self.theirs or start != len(self.lines):
            self.theirs = ""
            return False
        self.lines.extend(tail)  # (an older ``Rendered`` keeps its own first ``n`` lines)
        return True
