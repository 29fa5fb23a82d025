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


def round_summaries(log: list[str], n: int) -> list[dict[str, Any]]:
    """Each finished round (after Income), read from the public log: per network the cubes it won in
    the Ratings War and the income they brought, clients won, Variety tokens, Hotness, shows canceled,
    and the Awards VP (rounds 3 and 6)."""
    out: list[dict[str, Any]] = []
    rnd = 0

    def fresh() -> list[dict[str, Any]]:
        return [{"seat": p, "cubes": None, "income": None, "clients": [], "client_cash": 0, "variety": 0,
                 "hotness": None, "canceled": [], "awards": None, "awards_detail": ""} for p in range(n)]

    rows = fresh()
    for line in log:
        m = _ROUND.match(line)
        if m:
            rnd = int(m.group(1))
            rows = fresh()
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
    return out


def browser_view(view: dict[str, Any], names: list[str], ids: list[str]) -> None:
    """``round_summaries``: each finished round, from the log every seat sees (Prime Time's option
    keys name card ids already)."""
    view["round_summaries"] = round_summaries(view.get("log") or [], len(view.get("players") or []))
