"""Timeslots: which lineup slots a show may take and where it starts on season 1 (NET-PROD-06,
NET-SEAS-04), with Telly Time's Weekend slot, dual and ANY preferences and the Kids restriction
(NET-TELLY-01/09/10, NET-AMB-23)."""

from __future__ import annotations

from typing import Final

from primetime.games.networks.cards import ALL_GENRES, ALL_TIMESLOTS, ANY_TIMESLOT, GENRES
from primetime.games.networks.state import NetState

BASE_SLOTS: Final = ("slot:0", "slot:1", "slot:2")
TELLY_SLOTS: Final = ("slot:0", "slot:1", "slot:2", "slot:3")
KIDS_SLOTS: Final = ("slot:0", "slot:3")  # NET-TELLY-10: Daytime and Weekend only
WEEKEND_SLOT: Final = 3


def telly(s: NetState) -> bool:
    """Is the Telly Time module on?"""
    return bool(s.opts.get("telly_time"))


def slot_options(s: NetState, show: int) -> list[str]:
    """The timeslots ``show`` may be produced into: the three base slots, and with Telly Time the
    Weekend too (NET-TELLY-01), never Primetime or Late Night for a Kids show (NET-TELLY-10, by
    its printed genre)."""
    if not telly(s):
        return list(BASE_SLOTS)
    if s.T.defs[show].genre == "kids":
        return list(KIDS_SLOTS)
    return list(TELLY_SLOTS)


def genre_options(s: NetState, slot: int) -> list[str]:
    """Versatile Actor's choice of genre (NET-CARD-27): the six base genres, with Telly Time the
    nine, but never Kids in Primetime or Late Night (NET-TELLY-10)."""
    if not telly(s):
        return [f"genre:{g}" for g in GENRES]
    return [f"genre:{g}" for g in ALL_GENRES if not (g == "kids" and slot in (1, 2))]


def preferred(timeslot: str, effect: str, slot: int) -> bool:
    """Does a show with the printed preference ``timeslot`` start on season 1 in lineup ``slot``?
    Starters have none (always), Car Chases Without Context's ``no_penalty`` and Telly Time's
    ``any`` fit every slot; ``a/b`` names two preferred timeslots (NET-TELLY-09)."""
    if timeslot == "" or effect == "no_penalty" or timeslot == ANY_TIMESLOT:
        return True
    name = ALL_TIMESLOTS[slot]
    if timeslot == name:
        return True
    return "/" in timeslot and name in timeslot.split("/")
