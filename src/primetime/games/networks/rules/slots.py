"""Slots and conditions: the capacity of a show's slots, its required slots and the conditions
of stars and ads (001, Star & Ad Conditions; NET-ATT-04, NET-PROD-04, NET-COND-03..08)."""

from __future__ import annotations

from typing import Final

from primetime.games.networks.cards import ALL_TIMESLOTS
from primetime.games.networks.state import NetState
from primetime.games.networks.tables import AD, NET, STAR, Tables


def capacity(T: Tables, sh_cid: int, x_star: int, x_ad: int, x_wild: int, atts: list[int]) -> bool:
    """Can these attachments be assigned to the show's slots (NET-ATT-04, NET-CARD-19/22/23)?"""
    ns = nf = na = 0
    cls, ba = T.cls, T.ba
    for c in atts:
        k = cls[c]
        if k == 0:
            ns += 1
            if ba[c]:
                x_ad += 1
        elif k == 2:
            na += 1
        else:
            nf += 1
    S, A, W = T.cap[sh_cid]
    S += x_star
    A += x_ad
    W += x_wild
    over = (ns - S if ns > S else 0) + (na - A if na > A else 0)
    if over > W:
        return False
    return nf <= (S - ns if S > ns else 0) + (A - na if A > na else 0) + W - over


def required_ok(T: Tables, sh_cid: int, atts: list[int]) -> bool:
    """Are the required (full-colour) slots filled (NET-PROD-04)?"""
    ns = nf = na = 0
    cls = T.cls
    for c in atts:
        k = cls[c]
        if k == 0:
            ns += 1
        elif k == 2:
            na += 1
        else:
            nf += 1
    sr, ar, wr = T.req[sh_cid]
    need_flex = (sr - ns if sr > ns else 0) + (ar - na if ar > na else 0)
    return need_flex <= nf and ns + nf + na >= sr + ar + wr


_OTHERS: Final = {"star": (STAR,), "ad": (AD,), "any": (STAR, AD)}  # the kinds a with_others / alone condition counts


def condition_met(s: NetState, p: int, cid: int, genre: str, slot: int, others: list[int]) -> bool:
    """Evaluate a star/ad condition at attach time (001, Star & Ad Conditions; NET-COND-03..08)."""
    T = s.T
    if T.effect[cid] == "charity_mainstay":  # NET-CARD-20 / NET-AMB-18
        pl = s.players[p]
        if not s.solo and pl.scores:
            mine = pl.scores[-1]
            if all(mine > q.scores[-1] for i, q in enumerate(s.players) if i != p and q.scores):
                return False
    c = T.cond[cid]
    if c is None:
        return True
    k = c.kind
    if k == "genre":
        return genre in c.genres
    if k == "timeslot":
        return ALL_TIMESLOTS[slot] == c.timeslot
    kind = T.kind
    cnt = 0
    if k in ("with_others", "alone"):
        want = _OTHERS[c.of]
        for o in others:
            if kind[o] in want:
                cnt += 1
        return cnt >= 1 if k == "with_others" else cnt == 0
    if k == "networks":
        for g in s.players[p].green:
            if kind[g] == NET:
                cnt += 1
        return cnt >= c.count
    return True


def _fits(S: int, A: int, W: int, ns: int, nf: int, na: int) -> bool:
    over = (ns - S if ns > S else 0) + (na - A if na > A else 0)
    return over <= W and nf <= (S - ns if S > ns else 0) + (A - na if A > na else 0) + W - over


def lineup_fits(s: NetState) -> list[str]:
    """The slot-capacity invariant (NET-ANAT-04: one card per slot; NET-CARD-19/22/23): every show in
    every lineup holds no more stars, ads and cards in all than its slots allow, counting its extra
    slots (Ensemble Cast, Sponsored Content) and 1 more ad per attached Brand Ambassador.  Returns
    the problems found, one line each (empty when every show fits)."""
    T = s.T
    out: list[str] = []
    for p, pl in enumerate(s.players):
        for slot, sh in enumerate(pl.lineup):
            if sh is None:
                continue
            ns = nf = na = nba = 0
            for c, _r in sh.atts:
                k = T.cls[c]
                if k == 0:
                    ns += 1
                    if T.ba[c]:
                        nba += 1
                elif k == 1:
                    nf += 1
                else:
                    na += 1
            S, A, W = T.cap[sh.cid]
            S += sh.x_star
            A += sh.x_ad
            W += sh.x_wild
            if _fits(S, A + nba, W, ns, nf, na):
                continue
            where = f"player {p + 1}, {ALL_TIMESLOTS[slot]}: {T.defs[sh.cid].name}"
            out.append(f"{where} holds {ns} star(s), {nf} flex star(s) and {na} ad(s), more than its "
                       f"{S} star, {A} ad (+{nba} for Brand Ambassador) and {W} wild slot(s) allow")
    return out
