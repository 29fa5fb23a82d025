"""Money, VP and Re-Runs: paying from cash or, under the Bonds variant, from new bond
certificates (PT-BID-07, PT-BOND-02/03, PT-AMB-27), VP gained by source, and a Re-Run from the
supply (PT-AMB-40).
"""

from __future__ import annotations

from primetime.games.prime_time.rules.core import SRC, bonds_on, pname, rules
from primetime.games.prime_time.state import PTState


def can_pay(s: PTState, p: int, amount: int) -> bool:
    """PT-BID-07 / PT-BOND-02: enough cash, or the Bonds rule may cover the shortfall."""
    return s.players[p].cash >= amount or bonds_on(s)


def bond_issue(certs: list[int], short: int) -> list[int]:
    """PT-BOND-03 / PT-AMB-27: the smallest total covering ``short``, with fewest certificates."""
    best: list[int] | None = None
    top = short + max(certs)
    # min certificates for every total up to ``top``
    ways: list[list[int] | None] = [None] * (top + 1)
    ways[0] = []
    for t in range(1, top + 1):
        for c in certs:
            prev = ways[t - c] if t >= c else None
            if prev is not None and (ways[t] is None or len(prev) + 1 < len(ways[t] or [])):
                ways[t] = prev + [c]
    for t in range(short, top + 1):
        if ways[t] is not None:
            best = ways[t]
            break
    assert best is not None
    return sorted(best, reverse=True)


def pay(s: PTState, p: int, amount: int) -> None:
    """Pay ``amount``; under Bonds, issue just enough bonds first (PT-BOND-02/03)."""
    pl = s.players[p]
    if pl.cash < amount:
        assert bonds_on(s), "payment without cash or bonds"
        certs = bond_issue(rules(s).certificates, amount - pl.cash)
        pl.bonds += certs
        pl.cash += sum(certs)
        if s.log is not None:
            s.say(f"{pname(p)} issues bonds: " + " + ".join(f"${c}" for c in certs) + ".")
    pl.cash -= amount


def gain_vp(s: PTState, p: int, vp: int, source: str) -> None:
    pl = s.players[p]
    pl.vp += vp
    pl.vp_src[SRC[source]] += vp


def take_rerun(s: PTState, p: int) -> bool:
    """One Re-Run from the supply, while any remain (PT-AMB-40)."""
    if s.reruns <= 0:
        return False
    s.reruns -= 1
    s.players[p].reruns += 1
    return True
