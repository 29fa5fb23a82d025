"""What the browser needs of The Networks besides the view: the catalogue with every card's
words (tooltips) and the translation of option keys into the card ids the page draws."""

from __future__ import annotations

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


def browser_view(view: dict[str, Any], names: list[str], ids: list[str]) -> None:
    """Pilot pairs (``keep:i,j``) get their card ids; ``unusable`` is keyed by card id (NET-UI-09).

    The keys of ``unusable`` name display and green-room cards the viewer already sees."""
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
