"""What the browser needs of The Networks besides the view: the catalogue with every card's
words (tooltips) and the translation of option keys into the card ids the page draws."""

from __future__ import annotations

import re
from typing import Any

import msgspec

from primetime.core.decision import fill_names
from primetime.games.networks.ruleset import catalogue_for
from primetime.games.networks.text import card_face, card_text


def catalogue_json(card_set: str = "base") -> bytes:
    """Every card with its words (for tooltips), without server paths; ``telly_time``: the standard
    cards with the Telly Time module's shows and its Genre Grid."""
    cat = catalogue_for("base", True) if card_set == "telly_time" else catalogue_for(card_set)
    raw = cat.to_json()
    cards: dict[str, Any] = {}
    for group in ("shows", "stars", "ads", "networks"):
        for c in raw.get(group, []):
            entry = dict(c)
            entry["kind"] = {"shows": "show", "stars": "star", "ads": "ad", "networks": "network"}[group]
            try:
                entry["words"] = card_text(cat, c["id"])
                entry["face"] = card_face(cat, c["id"])
            except Exception:
                entry["words"] = c.get("name", c["id"])
            cards[c["id"]] = entry
    out = {"cards": cards, "board": raw.get("board"), "solo": raw.get("solo")}
    if "grid" in raw:
        out["grid"] = raw["grid"]
    return msgspec.json.encode(out)


_ROUND = re.compile(r"Round (\d+) begins\.$")
# (records replayed before the cash was part of the line: the cash stays unknown)
_UPKEEP = re.compile(r"\{P(\d+)\} (earns|pays) \$(\d+)M in upkeep(?: and has \$(-?\d+)M)?\.$")
_SCORE = re.compile(r"\{P(\d+)\} scores (-?\d+) viewers in round (\d+)\.$")
_BONUS = re.compile(r"\{P(\d+)\} takes (.+) as a genre bonus\.$")
_GRID = re.compile(r"\{P(\d+)\} completes the (.+?) of their Genre Grid")


def _fresh(n: int) -> list[dict[str, Any]]:
    return [{"seat": p, "viewers": None, "upkeep": None, "cash": None, "genre_bonuses": []} for p in range(n)]


class _Summaries:
    """The parse of a log so far; it resumes where it stopped when the same log has grown."""

    __slots__ = ("n", "upto", "last", "out", "rows")

    def __init__(self, n: int) -> None:
        self.n = n
        self.upto = 0  # lines read
        self.last: str | None = None  # the last line read (the very object: the same game's log keeps it)
        self.out: list[dict[str, Any]] = []
        self.rows = _fresh(n)

    def fits(self, log: list[str], n: int) -> bool:
        return n == self.n and len(log) >= self.upto and (self.upto == 0 or log[self.upto - 1] is self.last)

    def feed(self, log: list[str]) -> None:
        n, out = self.n, self.out
        rows = self.rows
        for line in log[self.upto:]:
            if _ROUND.match(line):
                rows = _fresh(n)
                continue
            m = _UPKEEP.match(line)
            if m and int(m.group(1)) <= n:
                r = rows[int(m.group(1)) - 1]
                r["upkeep"] = int(m.group(3)) * (1 if m.group(2) == "earns" else -1)
                r["cash"] = int(m.group(4)) if m.group(4) is not None else None
                continue
            m = _BONUS.match(line) or _GRID.match(line)
            if m and int(m.group(1)) <= n:
                rows[int(m.group(1)) - 1]["genre_bonuses"].append(m.group(2) if m.re is _BONUS else f"Genre Grid: {m.group(2)}")
                continue
            m = _SCORE.match(line)
            if m and int(m.group(1)) <= n:
                rows[int(m.group(1)) - 1]["viewers"] = int(m.group(2))
                done = int(m.group(3))
                if all(r["viewers"] is not None for r in rows) and not any(x["round"] == done for x in out):
                    out.append({"round": done, "players": rows})
        self.rows = rows
        self.upto = len(log)
        self.last = log[-1] if log else None

    def result(self) -> list[dict[str, Any]]:
        """A copy (the parse goes on changing its own rows)."""
        return [{"round": x["round"], "players": [{**r, "genre_bonuses": list(r["genre_bonuses"])} for r in x["players"]]}
                for x in self.out]


def round_summaries(log: list[str], n: int, memo: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """Each finished round, read from the public log (the lines every seat sees): per network its
    viewers, upkeep (+ earned, - paid), cash after upkeep and the genre bonuses taken that round.

    ``memo``: a dict kept with one game (emptied when the game is rebuilt): the parse so far is
    kept there and only the lines added since are read."""
    s = memo.get("round_summaries") if memo is not None else None
    if not isinstance(s, _Summaries) or not s.fits(log, n):
        s = _Summaries(n)
        if memo is not None:
            memo["round_summaries"] = s
    s.feed(log)
    return s.result()


def browser_view(view: dict[str, Any], names: list[str], ids: list[str], memo: dict[str, Any] | None = None) -> None:
    """Pilot pairs (``keep:i,j``) get their card ids; ``unusable`` is keyed by card id (dimmed cards, NET-UI-16);
    ``round_summaries``: each finished round, from the log every seat sees.

    The keys of ``unusable`` name display and green-room cards the viewer already sees.  ``memo``: see
    ``round_summaries``."""
    view["round_summaries"] = round_summaries(view.get("log") or [], len(view.get("players") or []), memo)
    pend = view.get("pending")
    if not pend:
        return
    for o in pend.get("options") or []:
        head, _, rest = o["key"].partition(":")
        if head == "keep":
            try:
                o["cards"] = [ids[int(x)] for x in rest.split(",")]
            except (ValueError, IndexError):
                pass
    unusable = pend.get("unusable")
    if unusable:
        by_card: dict[str, str] = {}
        for key, reason in unusable.items():
            parts = key.split(":")
            if len(parts) >= 2 and parts[1].isdigit() and int(parts[1]) < len(ids):
                by_card[ids[int(parts[1])]] = fill_names(reason, names)
        pend["unusable"] = by_card
