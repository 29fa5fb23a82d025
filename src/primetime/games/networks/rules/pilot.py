"""Pilot season (NET-PILOT-02..09): the pairs a player may keep, their settlement and the
production of kept pilot shows."""

from __future__ import annotations

from typing import Final

from primetime.games.networks.rules.log import name, pname
from primetime.games.networks.rules.production import finishable
from primetime.games.networks.state import NetState
from primetime.games.networks.tables import SHOW, Tables


def pilot_pairs(s: NetState, p: int) -> list[str]:
    """NET-PILOT-02/07/09: pairs that can be afforded and produced."""
    T = s.T
    offer = s.pilot[p]
    cash = s.players[p].cash
    kind, net = T.kind, T.pilot_net
    cache, layout, pool_class = T.pilot_cache, T.slot_layout, T.pool_class
    out = []
    n = len(offer)
    for i in range(n):
        x = offer[i]
        for j in range(i + 1, n):
            y = offer[j]
            a, b = (y, x) if y < x else (x, y)
            if cash + net[a] + net[b] < 0:  # pilot_net of the pair
                continue
            sa, sb = kind[a] == SHOW, kind[b] == SHOW
            if sa or sb:
                # can each kept show be produced with the other card (a pilot show costs nothing here)?
                # It depends on the show's slots, the other card's class and the sign of the cash.
                oc = 0 if sa and sb else pool_class[b if sa else a]
                ok = True
                for sh in ((a, b) if sa and sb else ((a,) if sa else (b,))):
                    key = (layout[sh] * 8 + oc) * 2 + (1 if cash >= 0 else 0)
                    v = cache.get(key)
                    if v is None:
                        others = () if sa and sb else ((b,) if sa else (a,))
                        v = cache[key] = finishable(T, sh, others, cash, None)
                    if not v:
                        ok = False
                        break
                if not ok:
                    continue
            k = a << 20 | b if b < 1 << 20 else -1
            kept = _KEEP_KEYS.get(k) if k >= 0 else None
            if kept is None:
                kept = f"keep:{a},{b}"
                if k >= 0:
                    _KEEP_KEYS[k] = kept
            out.append(kept)
    return out


# "keep:<a>,<b>" by a << 20 | b (card indexes, the same in every card set): made once
_KEEP_KEYS: Final[dict[int, str]] = {}


def pilot_net(T: Tables, kept: list[int] | tuple[int, ...]) -> int:
    """NET-PILOT-03: ad bonuses minus star and show costs."""
    net = 0
    for c in kept:
        net += T.pilot_net[c]
    return net


def pilot_done(s: NetState) -> None:
    """Settle every player's kept pilot cards, then produce kept shows (NET-PILOT-03..05)."""
    T = s.T
    s.stack.append(("start_round",))
    for p in reversed(range(s.n)):
        kept = s.pilot[p]
        shows = [c for c in kept if T.kind[c] == SHOW]
        for c in reversed(shows):
            s.stack.append(("pilot_prod", p, c))
    for p in range(s.n):
        kept = s.pilot[p]
        pl = s.players[p]
        pl.cash += pilot_net(T, kept)
        for c in kept:
            if T.kind[c] != SHOW:
                pl.green += (c,)
        s.pilot[p] = [c for c in kept if T.kind[c] == SHOW]
        if s.log is not None:
            s.say(f"{pname(s, p)} keeps {', '.join(name(s, c) for c in kept)} from Pilot Season.")
    s.extra["kept"] = (True,) * s.n
    s.phase = "pilot_produce"  # choices are revealed; kept pilot shows are produced in seat order
