"""The Networks' cards in words: the text of tooltips, the terminal and the browser (003; NET-UI-06/19)."""

from __future__ import annotations

from typing import Any

from primetime.core.words import a, sentences_not_in
from primetime.games.networks.cards import ANY_TIMESLOT, GENRE_NAMES, TIMESLOT_NAMES, Catalogue


def genre_name(genre: str) -> str:
    """A genre as players read it ("Sci-Fi", never the id ``scifi``)."""
    return GENRE_NAMES.get(genre, genre.replace("_", " ").title())


def timeslot_name(timeslot: str) -> str:
    """A timeslot as players read it ("Late Night", never the id ``latenight``)."""
    return TIMESLOT_NAMES.get(timeslot, timeslot.replace("_", " ").title())


#: The Genre Grid's lines in words (the grid file names them by id: ``row-1``, ``anti-diagonal``).
GRID_LINE_NAMES: dict[str, str] = {
    "row-1": "top row", "row-2": "middle row", "row-3": "bottom row",
    "column-1": "left column", "column-2": "middle column", "column-3": "right column",
    "diagonal": "diagonal from the top left", "anti-diagonal": "diagonal from the top right",
}
BONUS_WORDS: dict[str, str] = {"star": "a star bonus", "ad": "an ad bonus", "network": "a network card bonus",
                               "mixed": "a mixed bonus (a star, an ad and a network card to choose from)"}


def grid_line_name(line_id: str) -> str:
    """A Genre Grid line in words ("top row")."""
    return GRID_LINE_NAMES.get(line_id, line_id.replace("-", " "))


def bonus_words(bonus: str, cash: int | None = None) -> str:
    """What a bonus gives, in words: "$3M", "a star bonus"."""
    if bonus == "cash":
        return f"${cash or 0}M"
    return BONUS_WORDS.get(bonus, f"a {bonus} bonus")


def upside_down_words(d: Any, kind: str, season: int) -> str:
    """What a star or ad attached upside down gives, and why it goes so: "upside down: 1 viewer
    (needs Late Night)" (``season``: the show's row, 0-3)."""
    if kind == "star":
        v = d.rotated_viewers[min(season, len(d.rotated_viewers) - 1)] if d.rotated_viewers else 0
        what = f"{v} viewer{'' if v == 1 else 's'}" + (f", expenses ${d.rotated_expenses}M" if d.rotated_expenses else "")
    else:
        what = f"income ${d.rotated_income}M"
    need = f" (needs {condition_need(d.condition)})" if d.condition is not None else ""
    return f"upside down: {what}{need}"


def condition_need(c: Any) -> str:
    """A condition in a few words, after "needs": "Late Night", "a Sci-Fi show", "another star"."""
    if c.kind == "genre":
        return a(" or ".join(GENRE_NAMES[g] for g in c.genres)) + " show"
    if c.kind == "timeslot":
        return timeslot_name(c.timeslot)
    what = {"star": "star", "ad": "ad", "any": "star or ad"}[c.of]
    if c.kind == "with_others":
        return f"another {what} on the show"
    if c.kind == "alone":
        return f"no other {what} on the show"
    return f"{c.count} network cards in your green room"


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


# A card face's few words about its effect (issue 34, item 7): the effect key with its parameters.
_TIMING_SHORT = {"immediate": "Now", "use_once": "Use once", "ongoing": "Always", "game_end": "Game end"}
_EFFECT_SHORT = {
    "big_game": "cash of your ads' income", "creative_accounting": "shows cost ${amount}M less",
    "c_suite_connections": "free network card", "ensemble_cast": "+{extra} star slots",
    "exclusive_rights": "reserve a show", "mid_season_refresh": "deal 3 shows, discard 3",
    "on_set_accommodations": "attach stars freely", "preempted_timeslot": "double a pass bonus",
    "spinoff": "take back a star or ad", "sponsored_content": "ignore required slots",
    "streaming_deal": "+{per} viewer per rerun", "talent_agency": "draw {draws}, take 1",
    "trendy_showrunner": "a show's season down 1", "writeoff": "cancel weakest show, +${cash}M",
    "gain_cash": "+${amount}M", "game_viewers": "+{amount} viewers",
    "viewers_per_genre": "+{per} viewers per genre track", "viewers_per_genre_shows": "+{per} viewers per {genre} show",
    "viewers_per_network_card": "+{per} viewers per network card", "draw_bonus": "draw 2 {kind}s, keep 1",
    "star_discount": "stars cost ${amount}M less", "pass_cash": "+${amount}M when you pass",
    "extra_action": "1 extra action", "refresh_row": "new row of {kind}s", "renew_show": "a show's season up 1",
    "genre_advance": "advance a genre track",
}
_STAR_SHORT = {
    "brand_ambassador": "+1 ad slot", "charity_mainstay": "only if not leading", "cross_promoting": "turns promo ads up",
    "flex_slot": "fits an ad slot", "gray_fox": "returns to green room", "industry_veteran": "show costs less",
    "rerun_guy": "goes to reruns", "versatile_actor": "choose the genre",
}


def condition_short(c: Any) -> str:
    """A condition in two or three words for a card face ("Needs Late Night")."""
    if c.kind == "genre":
        return "Needs " + " or ".join(GENRE_NAMES[g] for g in c.genres)
    if c.kind == "timeslot":
        return "Needs " + TIMESLOT_NAMES[c.timeslot]
    what = {"star": "star", "ad": "ad", "any": "star or ad"}[c.of]
    if c.kind == "with_others":
        return f"Needs another {what}"
    if c.kind == "alone":
        return f"No other {what}"
    return f"Needs {c.count} network cards"


def card_face(cat: Catalogue, ref: int | str) -> str:
    """A card's effect in a few words for its face ("Use once: +$3M", "Needs Late Night"); "" for none."""
    c = cat.card(ref)
    d = c.defn
    if c.kind == "network":
        params = {k: (GENRE_NAMES.get(str(v), v) if k == "genre" else v) for k, v in d.params.items()}
        short = _EFFECT_SHORT.get(d.effect, "")
        try:
            short = short.format(**params)
        except (KeyError, IndexError):
            pass
        return f"{_TIMING_SHORT[d.timing]}: {short}" if short else _TIMING_SHORT[d.timing]
    parts = []
    if c.kind in ("star", "ad"):
        if d.effect in _STAR_SHORT:
            parts.append(_STAR_SHORT[d.effect])
        if d.condition is not None:
            parts.append(condition_short(d.condition))
    return " · ".join(parts)
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
