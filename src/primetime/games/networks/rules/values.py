"""What a lineup is worth: show viewers and upkeep, and the forecast (003, Forecast; NET-SEAS-08,
NET-EOR-02, NET-UI-11..13)."""

from __future__ import annotations

from typing import Any

from primetime.games.networks import effects as fx
from primetime.games.networks.state import NetState, Show
from primetime.games.networks.tables import STAR, att_expense


def show_viewers(s: NetState, p: int, sh: Show) -> int:
    """A show's viewers this round (NET-SEAS-08, NET-ANAT-06, NET-AMB-26)."""
    T = s.T
    row = sh.row
    v = T.seasons[sh.cid][row]
    att_v = T.att_v
    for cid, rot in sh.atts:
        v += att_v[cid][1 if rot else 0][row]  # att_viewers
    eff = T.effect[sh.cid]
    if eff == "reinfeld":  # NET-CARD-16: stars with no visible expenses
        for other in s.players[p].lineup:
            if other is not None:
                for cid, rot in other.atts:
                    if T.kind[cid] == STAR and att_expense(T, cid, rot) == 0:
                        v += fx.REINFELD_PER_STAR
    if sh.genre == "chat":  # NET-TELLY-12, by the show's genre (Procrastinator may give it, or take it away)
        v += chat_viewers(s, p, sh)
    return int(v)


def chat_viewers(s: NetState, p: int, sh: Show) -> int:
    """A Chat show gains the current star viewers on the player's other shows (NET-TELLY-12,
    NET-AMB-26: each star's value on its host's current row, rotated stars by their rotated value)."""
    T = s.T
    att_v = T.att_v
    v = 0
    for other in s.players[p].lineup:
        if other is not None and other is not sh:
            for cid, rot in other.atts:
                if T.kind[cid] == STAR:
                    v += att_v[cid][1 if rot else 0][other.row]
    return v


def show_upkeep(s: NetState, sh: Show) -> tuple[int, int]:
    """(income, expenses) of a show with its attachments (NET-EOR-02)."""
    T = s.T
    inc, exp = T.show_ie[sh.cid]
    att_ie = T.att_ie
    for cid, rot in sh.atts:
        i, e = att_ie[cid][1 if rot else 0]  # att_income, att_expense
        inc += i
        exp += e
    return inc, exp


def upkeep_net(s: NetState, p: int) -> int:
    net = 0
    for sh in s.players[p].lineup:
        if sh is not None:
            i, e = show_upkeep(s, sh)
            net += i - e
    return net


def forecast(s: NetState, p: int) -> dict[str, Any]:
    """Viewers and upkeep if the round ended now (003, Forecast; NET-UI-11..13)."""
    pl = s.players[p]
    shows: list[dict[str, int] | None] = []
    for slot, sh in enumerate(pl.lineup):
        if sh is None:
            shows.append(None)
            continue
        inc, exp = show_upkeep(s, sh)
        shows.append({"slot": slot, "viewers": show_viewers(s, p, sh), "income": inc, "expenses": exp})
    lineup = sum(x["viewers"] for x in shows if x)
    net = upkeep_net(s, p)
    return {"shows": shows, "lineup_viewers": lineup, "pass_viewers": pl.pass_viewers,
            "viewers": lineup + pl.pass_viewers, "upkeep": net}
