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


# The advice's reasons (hints and reviews): a part of the greedy evaluation -> what it means when an option
# is better on it, and when it is worse; ``{n}`` is the difference in VP, ``{cash}`` the cash left ($).
ADVICE_REASONS: dict[str, tuple[str, str]] = {
    "vp": ("scores {n} more VP now", "scores {n} fewer VP now"),
    "cash": ("leaves ${cash} for bids and later rounds", "leaves only ${cash} for bids and later rounds"),
    "guide": ("your TV Guide draws about {n} VP more in cubes", "your TV Guide draws about {n} VP less in cubes"),
    "hand": ("keeps better cards in hand for the next broadcast", "leaves weaker cards in hand for the next broadcast"),
    "bids": ("your bids are more likely to win", "your bids are more likely to be outbid"),
    "hotness": ("moves you up on hotness before the ceremony", "leaves you lower on hotness before the ceremony"),
    "awards": ("improves your chances at Most Talents and Best Show", "lowers your chances at Most Talents and Best Show"),
    "variety": ("brings a Variety token closer", "moves you away from a Variety token"),
    "boardroom": ("meets more of the Boardroom cards", "meets fewer of the Boardroom cards"),
    "clients": ("wins more of the clients this round", "wins fewer of the clients this round"),
    "turn_order": ("moves you earlier in the turn order", "moves you later in the turn order"),
    "pending": ("keeps your Public Relations action to carry out", "gives up your Public Relations action"),
}
ADVICE_EVEN = "about as good as the alternative"
