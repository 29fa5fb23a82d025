"""What the browser needs of The Networks besides the view: the catalogue with every card's
words (tooltips) and the translation of option keys into the card ids the page draws."""

from __future__ import annotations

import re
from typing import Any

import msgspec

from primetime.core.decision import fill_names
from primetime.games.networks.ruleset import catalogue_for
from primetime.games.networks.text import card_text


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
_GRID = re.compile(r"\{P(\d+)\} completes the (.+) line of their Genre Grid")


def round_summaries(log: list[str], n: int) -> list[dict[str, Any]]:
    """Each finished round, read from the public log (the lines every seat sees): per network its
    viewers, upkeep (+ earned, - paid), cash after upkeep and the genre bonuses taken that round."""
    out: list[dict[str, Any]] = []

    def fresh() -> list[dict[str, Any]]:
        return [{"seat": p, "viewers": None, "upkeep": None, "cash": None, "genre_bonuses": []} for p in range(n)]

    rows = fresh()
    for line in log:
        if _ROUND.match(line):
            rows = fresh()
            continue
        m = _UPKEEP.match(line)
        if m and int(m.group(1)) <= n:
            r = rows[int(m.group(1)) - 1]
            r["upkeep"] = int(m.group(3)) * (1 if m.group(2) == "earns" else -1)
            r["cash"] = int(m.group(4)) if m.group(4) is not None else None
            continue
        m = _BONUS.match(line) or _GRID.match(line)
        if m and int(m.group(1)) <= n:
            rows[int(m.group(1)) - 1]["genre_bonuses"].append(m.group(2) if m.re is _BONUS else f"{m.group(2)} line")
            continue
        m = _SCORE.match(line)
        if m and int(m.group(1)) <= n:
            rows[int(m.group(1)) - 1]["viewers"] = int(m.group(2))
            done = int(m.group(3))
            if all(r["viewers"] is not None for r in rows) and not any(x["round"] == done for x in out):
                out.append({"round": done, "players": rows})
    return out


def browser_view(view: dict[str, Any], names: list[str], ids: list[str]) -> None:
    """Pilot pairs (``keep:i,j``) get their card ids; ``unusable`` is keyed by card id (NET-UI-09);
    ``round_summaries``: each finished round, from the log every seat sees.

    The keys of ``unusable`` name display and green-room cards the viewer already sees."""
    view["round_summaries"] = round_summaries(view.get("log") or [], len(view.get("players") or []))
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
