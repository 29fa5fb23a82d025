"""Prime Time's cards in words: the text of tooltips, the terminal and the browser."""

from __future__ import annotations

from primetime.games.prime_time.cards import DURATION_NAMES, GENRE_NAMES, TIER_NAMES, TYPE_NAMES, Catalogue


def card_text(cat: Catalogue, ref: int | str) -> str:
    """A Show or Talent card read out in words."""
    d = cat.card(ref)
    spaces = ", ".join(d.spaces)
    stars = f", {d.stars} star{'s' if d.stars != 1 else ''}" if d.stars else ""
    tier = TIER_NAMES[d.tier]
    if hasattr(d, "duration"):
        return f"{d.name} — {GENRE_NAMES[d.genre]} {DURATION_NAMES[d.duration]} ({tier}, min bid ${d.min_bid}{stars}); cube spaces: {spaces}."
    t = getattr(d, "type", "")
    return f"{d.name} — {GENRE_NAMES[d.genre]} {TYPE_NAMES[t]} ({tier}, min bid ${d.min_bid}{stars}); cube spaces: {spaces}."
