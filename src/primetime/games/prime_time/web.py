"""What the browser needs of Prime Time besides the view: the catalogue with every card's words."""

from __future__ import annotations

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
