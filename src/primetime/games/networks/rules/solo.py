"""The solo opponent's turns (NET-SOLO-05..07/13/14/17) and the solo rank (NET-SOLO-15)."""

from __future__ import annotations

from typing import Any

from primetime.core.words import a
from primetime.games.networks.rules.log import name
from primetime.games.networks.rules.rounds import end_turn
from primetime.games.networks.state import OPP, NetState
from primetime.games.networks.tables import KIND_INDEX


def opp_turn(s: NetState) -> None:
    """NET-SOLO-05..07, NET-SOLO-17."""
    while True:
        if not s.solo_deck:
            _opp_pass(s)
            return
        sd = s.cat.solo[s.solo_deck.pop()]
        k = KIND_INDEX[sd.type]
        row = s.display[k]
        if row:
            cid = solo_pick(s, sd, row)
            row.remove(cid)
            s.discards[k].append(cid)  # NET-SOLO-13
            if s.log is not None:
                s.say(f"The opponent reveals '{sd.text or sd.prefer}' and discards {name(s, cid)}.")
            end_turn(s, OPP)
            return
        s.solo_parked += 1
        if s.log is not None:
            s.say(f"The opponent reveals {a(sd.type)} card with no {sd.type} left and parks it.")
        if s.solo_parked >= 2:
            _opp_pass(s)
            return


def _opp_pass(s: NetState) -> None:
    s.pass_order.append(OPP)
    if s.log is not None:
        s.say("The opponent passes and claims the first pass column.")
    end_turn(s, OPP)


def solo_pick(s: NetState, sd: Any, row: list[int]) -> int:
    """The leftmost card that best meets the preference (NET-SOLO-05, NET-SOLO-14)."""
    T = s.T
    pref = sd.prefer

    def score(c: int) -> float:
        d = T.defs[c]
        if pref == "most_wild_slots":
            return float(d.slots.wild)
        if pref == "most_slots":
            return float(d.slots.total)
        if pref == "most_required_slots":
            return float(d.slots.required)
        if pref == "highest_cost":
            return float(getattr(d, "cost", 0))
        if pref == "lowest_cost":
            return -float(getattr(d, "cost", 0))
        if pref == "most_viewers":
            v = getattr(d, "seasons", None) or getattr(d, "viewers", None) or [0]
            return float(v[0])
        if pref == "highest_bonus":
            return float(getattr(d, "bonus", 0))
        if pref == "highest_income":
            return float(getattr(d, "income", 0))
        if pref == "promo":
            return 1.0 if T.promo[c] else 0.0
        if pref == "conditional":
            return 1.0 if getattr(d, "condition", None) is not None else 0.0
        if pref == "genre":
            return 1.0 if getattr(d, "genre", "") == sd.genre else 0.0
        if pref == "timing":
            return 1.0 if getattr(d, "timing", "") == sd.timing else 0.0
        return 0.0

    best = row[0]
    best_v = score(best)
    for c in row[1:]:
        v = score(c)
        if v > best_v:
            best, best_v = c, v
    return best


SOLO_RANKS = [(260, "Industry Legend"), (240, "Chief Executive"), (220, "Vice President"),
              (200, "Executive Producer"), (180, "Line Producer"), (150, "Production Assistant"),
              (0, "Intern")]


def solo_rank(score: int) -> str:
    """NET-SOLO-15."""
    for floor, title in SOLO_RANKS:
        if score >= floor:
            return title
    return "Intern"
