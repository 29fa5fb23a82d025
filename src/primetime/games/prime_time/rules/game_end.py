"""Game end (PT-END-01..08): cash left, net of bonds, into VP; the winners, ties broken on
the printed minimum bids of the cards on each TV Guide.
"""

from __future__ import annotations

from typing import Any

from primetime.games.prime_time.rules.core import pname, rules
from primetime.games.prime_time.rules.money import gain_vp
from primetime.games.prime_time.state import VP_SOURCES, PTState


def guide_value(s: PTState, p: int) -> int:
    """PT-END-06 / PT-AMB-30: printed min bids of face-up shows and talents on the guide."""
    cat = s.cat
    v = 0
    for sl in s.players[p].guide:
        if sl is None:
            continue
        if sl.show >= 0:
            v += cat.min_bid[sl.show]
        for t in sl.talents:
            v += cat.min_bid[t]
    return v


def final_scoring(s: PTState) -> None:
    """PT-END-01..08."""
    R = rules(s)
    s.phase = "over"
    rows = []
    for p in range(s.n):
        pl = s.players[p]
        bond_value = sum(pl.bonds)
        cash_vp = max(0, pl.cash - bond_value) // R.dollars_per_vp  # PT-END-02 / PT-END-08 / PT-AMB-28
        gain_vp(s, p, cash_vp, "cash")
        row: dict[str, Any] = {"total": pl.vp}
        for i, src in enumerate(VP_SOURCES):
            row[src] = pl.vp_src[i]
        row.update({"cash_left": pl.cash, "bond_value": bond_value, "bond_certificates": len(pl.bonds),
                    "hotness_track": pl.hot, "tiebreak_value": guide_value(s, p)})
        rows.append(row)
    best = max(r["total"] for r in rows)
    tied = [p for p, r in enumerate(rows) if r["total"] == best]
    if len(tied) > 1:  # PT-END-06/07
        top = max(rows[p]["tiebreak_value"] for p in tied)
        tied = [p for p in tied if rows[p]["tiebreak_value"] == top]
    s.final = {"players": rows, "winners": tied}
    if s.log is not None:
        s.say("The game is over. " + ", ".join(f"{pname(p)}: {r['total']} VP" for p, r in enumerate(rows)) + ".")
