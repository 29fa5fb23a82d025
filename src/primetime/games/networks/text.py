"""The Networks' cards in words: the text of tooltips, the terminal and the browser (003; NET-UI-06/19)."""

from __future__ import annotations

from typing import Any

from primetime.core.words import a, sentences_not_in
from primetime.games.networks.cards import ANY_TIMESLOT, GENRE_NAMES, TIMESLOT_NAMES, Catalogue


def timeslot_words(timeslot: str, none: str) -> str:
    """A show's preferred timeslot in words: ``none`` for a starter's, Telly Time's two timeslots
    ("Daytime or Weekend") and ANY (NET-TELLY-09)."""
    if timeslot == ANY_TIMESLOT:
        return "ANY timeslot (no penalty in any)"
    if "/" in timeslot:
        return " or ".join(TIMESLOT_NAMES.get(t, t) for t in timeslot.split("/"))
    return TIMESLOT_NAMES.get(timeslot, none)


def card_json(cat: Catalogue, cid: int) -> dict[str, Any]:
    c = cat.cards[cid]
    return {"id": c.id, "kind": c.kind, "name": c.name}


def card_text(cat: Catalogue, ref: int | str) -> str:
    """A card read out in words (003, tooltips; NET-UI-06/19)."""
    c = cat.card(ref)
    d = c.defn
    if c.kind == "show":
        sl = d.slots
        parts = []
        for label, req, opt in (("star", sl.star_req, sl.star_opt), ("ad", sl.ad_req, sl.ad_opt), ("wild", sl.wild_req, sl.wild_opt)):
            if req:
                parts.append(f"{req} required {label}")
            if opt:
                parts.append(f"{opt} optional {label}")
        slot = timeslot_words(d.timeslot, "any timeslot (no preference)")
        rerun = d.rerun if d.rerun is not None else d.seasons[3]
        txt = (f"{d.name} — {GENRE_NAMES[d.genre]} show. Cost ${d.cost}M, expenses ${d.expenses}M per round. "
               f"Preferred timeslot: {slot}. Viewers by season: {', '.join(map(str, d.seasons))} "
               f"(off its timeslot it starts on season 3). Rerun value {rerun}. "
               f"Slots: {', '.join(parts) or 'none'}.")
    elif c.kind == "star":
        txt = (f"{d.name} — star. Signing cost ${d.cost}M, expenses ${d.expenses}M. Viewers by the show's season: "
               f"{', '.join(map(str, d.viewers))}. Upside down: expenses ${d.rotated_expenses}M, viewers "
               f"{', '.join(map(str, d.rotated_viewers))}.")
        txt += _condition(d)
    elif c.kind == "ad":
        if d.promo_cost:
            txt = (f"{d.name} — promo ad. Signing bonus ${d.bonus}M, income ${d.income}M. When attached pay "
                   f"${d.promo_cost}M to keep it upright (adds {', '.join(map(str, d.viewers))} viewers by season), "
                   f"or rotate it (income ${d.rotated_income}M, no viewers).")
        else:
            txt = f"{d.name} — ad. Signing bonus ${d.bonus}M, income ${d.income}M (upside down ${d.rotated_income}M)."
            txt += _condition(d)
    else:
        timing = {"immediate": "Immediate", "use_once": "Use once", "ongoing": "Ongoing", "game_end": "Game end"}[d.timing]
        txt = f"{d.name} — network card ({timing})." + (f" Costs ${d.cost}M to take." if d.cost else "")
    extra = sentences_not_in(txt, str(getattr(d, "text", "") or ""))
    if extra:
        txt += " " + extra
    return str(txt)


def _condition(d: Any) -> str:
    """The card's condition in words, unless its own text states it (in its own words)."""
    if d.condition is None or "Condition:" in str(getattr(d, "text", "") or ""):
        return ""
    return " Condition: " + condition_text(d.condition) + "."


def condition_text(c: Any) -> str:
    if c.kind == "genre":
        return "attach to " + a(" or ".join(GENRE_NAMES[g] for g in c.genres)) + " show"
    if c.kind == "timeslot":
        return f"attach to a show in {TIMESLOT_NAMES[c.timeslot]}"
    what = {"star": "star", "ad": "ad", "any": "star or ad"}[c.of]
    if c.kind == "with_others":
        return f"attach to a show with at least 1 other {what}"
    if c.kind == "alone":
        return f"attach to a show with no other {what}"
    return f"have at least {c.count} network cards in your green room"


# The advice's reasons (hints and reviews): a part of the greedy evaluation -> what it means when an option
# is better on it, and when it is worse; ``{n}`` is the difference in viewers, ``{cash}`` the cash left ($M).
ADVICE_REASONS: dict[str, tuple[str, str]] = {
    "banked": ("scores {n} more viewers now", "scores {n} fewer viewers now"),
    "viewers": ("your lineup draws about {n} more viewers this round and later",
                "your lineup draws about {n} fewer viewers this round and later"),
    "cash": ("leaves ${cash}M for upkeep and later deals", "leaves only ${cash}M for upkeep and later deals"),
    "shortfall": ("keeps enough money for upkeep", "leaves you short at upkeep: shows would be cancelled"),
    "genres": ("gains ground on the genre tracks", "loses ground on the genre tracks"),
    "grid": ("fills more of your Genre Grid", "fills less of your Genre Grid"),
    "reruns": ("keeps more rerun viewers for the end", "gives up rerun viewers at the end"),
    "network": ("adds network card viewers at the end", "gives up network card viewers at the end"),
    "potential": ("keeps useful cards ready in your green room", "leaves fewer useful cards in your green room"),
    "pass_later": ("keeps a better pass bonus for later", "gives up pass bonus still to come"),
    "moguls": ("makes your Moguls worth more", "makes your Moguls worth less"),
    "execs": ("makes more of your Executive board", "makes less of your Executive board"),
}
ADVICE_EVEN = "about as good as the alternative"
