"""What the browser needs of Prime Time besides the view: the catalogue with every card's words."""

from __future__ import annotations

import re
from typing import Any

import msgspec

from primetime.games.prime_time.cards import default_catalogue
from primetime.games.prime_time.text import card_text


def catalogue_json(card_set: str = "base") -> bytes:
    """Prime Time's cards by id with their words: shows, talents, clients, boardroom cards, the Re-Run."""
    cat = default_catalogue()
    raw = cat.to_json()
    cards: dict[str, Any] = {}
    for group, kind in (("shows", "show"), ("talents", "talent"), ("clients", "client"), ("boardroom", "boardroom"),
                        ("characters", "character")):
        for c in raw.get(group) or []:
            if not isinstance(c, dict) or "id" not in c:
                continue
            entry = dict(c)
            entry["kind"] = kind
            words = c.get("name", c["id"])
            if kind in ("show", "talent"):
                try:
                    words = card_text(cat, c["id"])
                except Exception:
                    pass
            entry["words"] = words
            cards[c["id"]] = entry
    rerun = raw.get("rerun")
    if isinstance(rerun, dict):
        cards["rerun"] = {**rerun, "id": "rerun", "kind": "rerun", "words": rerun.get("name", "Re-Run")}
    return msgspec.json.encode({"game": "prime-time", "cards": cards})


_ROUND = re.compile(r"Round (\d+) begins\.$")
_INCOME = re.compile(r"\{P(\d+)\} earns \$(\d+) for (\d+) cube\(s\)\.$")
_AWARDS = re.compile(r"Awards: \{P(\d+)\} scores (\d+) VP(?: \((.*)\))?\.$")
_CLIENT = re.compile(r"\{P(\d+)\} wins the client (.+) \(met on \w+\) and \$(\d+)\.$")
_VARIETY = re.compile(r"\{P(\d+)\} has \d+ genres on the air and takes a Variety token\.$")
_HOT = re.compile(r"\{P(\d+)\}'s hotness rises to (\d+)\.$")
_CANCEL = re.compile(r"\{P(\d+)\}'s (.+) attracted no cubes and is cancel")


def _fresh(n: int) -> list[dict[str, Any]]:
    return [{"seat": p, "cubes": None, "income": None, "clients": [], "client_cash": 0, "variety": 0,
             "hotness": None, "canceled": [], "awards": None, "awards_detail": ""} for p in range(n)]


class _Summaries:
    """The parse of a log so far; it resumes where it stopped when the same log has grown."""

    __slots__ = ("n", "upto", "last", "out", "rows", "rnd")

    def __init__(self, n: int) -> None:
        self.n = n
        self.upto = 0  # lines read
        self.last: str | None = None  # the last line read (the very object: the same game's log keeps it)
        self.out: list[dict[str, Any]] = []
        self.rows = _fresh(n)
        self.rnd = 0

    def fits(self, log: list[str], n: int) -> bool:
        return n == self.n and len(log) >= self.upto and (self.upto == 0 or log[self.upto - 1] is self.last)

    def feed(self, log: list[str]) -> None:
        n, out, rows, rnd = self.n, self.out, self.rows, self.rnd
        for line in log[self.upto:]:
            m = _ROUND.match(line)
            if m:
                rnd = int(m.group(1))
                rows = _fresh(n)
                continue
            for rx in (_INCOME, _AWARDS, _CLIENT, _VARIETY, _HOT, _CANCEL):
                m = rx.match(line)
                if m and 1 <= int(m.group(1)) <= n:
                    break
            else:
                continue
            r = rows[int(m.group(1)) - 1]
            if rx is _INCOME:
                r["income"], r["cubes"] = int(m.group(2)), int(m.group(3))
                if all(x["income"] is not None for x in rows) and rnd and not any(x["round"] == rnd for x in out):
                    out.append({"round": rnd, "players": rows})
            elif rx is _AWARDS:
                r["awards"], r["awards_detail"] = int(m.group(2)), m.group(3) or ""
            elif rx is _CLIENT:
                r["clients"].append(m.group(2))
                r["client_cash"] += int(m.group(3))
            elif rx is _VARIETY:
                r["variety"] += 1
            elif rx is _HOT:
                r["hotness"] = int(m.group(2))
            else:
                r["canceled"].append(m.group(2))
        self.rows, self.rnd = rows, rnd
        self.upto = len(log)
        self.last = log[-1] if log else None

    def result(self) -> list[dict[str, Any]]:
        """A copy (the parse goes on changing its own rows)."""
        return [{"round": x["round"], "players": [{**r, "clients": list(r["clients"]), "canceled": list(r["canceled"])}
                                                  for r in x["players"]]} for x in self.out]


def round_summaries(log: list[str], n: int, memo: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """Each finished round (after Income), read from the public log: per network the cubes it won in
    the Ratings War and the income they brought, clients won, Variety tokens, Hotness, shows canceled,
    and the Awards VP (rounds 3 and 6).

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
    """``round_summaries``: each finished round, from the log every seat sees (Prime Time's option
    keys name card ids already); ``memo``: see ``round_summaries``."""
    view["round_summaries"] = round_summaries(view.get("log") or [], len(view.get("players") or []), memo)
