"""Producing a show (NET-PROD-01..11): whether it can be produced and at what cost (Creative
Accounting, Industry Veteran, Ensemble Cast, Sponsored Content), the production steps and their
options, and committing the production (with Upton Crabby, NET-CARD-18)."""

from __future__ import annotations

from primetime.games.networks.cards import TIMESLOTS
from primetime.games.networks.rules.decks import cancel, draw
from primetime.games.networks.rules.genres import advance_genre
from primetime.games.networks.rules.green_room import _discard_used, _without, has_effect, passive_sum, player_summary
from primetime.games.networks.rules.log import name, pname
from primetime.games.networks.rules.slots import _fits, _req, capacity, condition_met
from primetime.games.networks.state import NetState, Show
from primetime.games.networks.tables import AD, IV_DISCOUNT, SHOW, STAR, Tables

# ----------------------------------------------------------------------------- feasibility


def _ensemble(s: NetState, p: int) -> int:
    """The extra star slots of the player's first Ensemble Cast, or 0."""
    return player_summary(s.T, s.players[p])[9]


def production_cost(s: NetState, p: int, show: int, atts: list[int] | tuple[int, ...], src: str) -> int:
    """Cost after Creative Accounting and Industry Veteran (NET-PROD-03, NET-CARD-02/25)."""
    return _cost(s.T, _base_cost(s, p, show, src), atts)  # a pilot show: 0, paid in the settlement (NET-PILOT-06)


def completable(s: NetState, p: int, show: int, atts: list[int], pool: list[int],
                x_star: int, x_wild: int, ignore_req: bool, src: str, spare: int = 0) -> bool:
    """Can a production with ``atts`` attached be finished using cards from ``pool``?"""
    return _completable(s.T, show, atts, pool, x_star, x_wild, ignore_req, s.players[p].cash - spare,
                        _base_cost(s, p, show, src))


def _base_cost(s: NetState, p: int, show: int, src: str) -> int | None:
    """``production_cost`` before Industry Veteran: None for a pilot show (paid in the settlement)."""
    if src == "pilot":
        return None
    return int(s.T.defs[show].cost) - passive_sum(s, p, "creative_accounting")


def _cost(T: Tables, base: int | None, cards: list[int] | tuple[int, ...]) -> int:
    """``production_cost`` from ``_base_cost`` and the attached cards."""
    iv = T.iv
    for c in cards:
        if iv[c]:
            return _iv_cost(base, True)
    return _iv_cost(base, False)


def _iv_cost(base: int | None, iv: bool) -> int:
    """``production_cost`` from ``_base_cost``, with an Industry Veteran attached or not (NET-CARD-25)."""
    if base is None:
        return 0
    if iv:
        base -= IV_DISCOUNT
    return base if base > 0 else 0


def _completable(T: Tables, show: int, atts: list[int], pool: list[int], x_star: int, x_wild: int,
                 ignore_req: bool, cash: int, base: int | None) -> bool:
    # ``capacity`` and ``required_ok`` look at counts by class, kept here as cards are added.
    cls_of, ba_of = T.cls, T.ba
    n = [0, 0, 0]
    nb = 0
    for c in atts:
        k = cls_of[c]
        n[k] += 1
        if k == 0 and ba_of[c]:
            nb += 1
    S, A, W = T.cap[show]
    S += x_star
    W += x_wild
    if not _fits(S, A + nb, W, n[0], n[1], n[2]):
        return False
    extra: list[int] = []
    sr, ar, wr = T.req[show]
    if not ignore_req and not _req(sr, ar, wr, n[0], n[1], n[2]):
        kind, flex_of = T.kind, T.flex
        stars = [c for c in pool if kind[c] == STAR and not flex_of[c]]
        flex = [c for c in pool if flex_of[c]]
        ads = [c for c in pool if kind[c] == AD]
        ns = sum(1 for c in atts if kind[c] == STAR and not flex_of[c])
        na = sum(1 for c in atts if kind[c] == AD)
        for _ in range(max(0, sr - ns)):
            if stars:
                extra.append(stars.pop())
            elif flex:
                extra.append(flex.pop())
        for _ in range(max(0, ar - na)):
            if ads:
                extra.append(ads.pop())
            elif flex:
                extra.append(flex.pop())
        for c in extra:
            k = cls_of[c]
            n[k] += 1
            if k == 0 and ba_of[c]:
                nb += 1
        rest = stars + ads + flex
        while not _req(sr, ar, wr, n[0], n[1], n[2]) and rest:
            c = rest.pop()
            extra.append(c)
            k = cls_of[c]
            n[k] += 1
            if k == 0 and ba_of[c]:
                nb += 1
        if not _req(sr, ar, wr, n[0], n[1], n[2]) or not _fits(S, A + nb, W, n[0], n[1], n[2]):
            return False
    full = list(atts) + extra
    if cash >= _cost(T, base, full):
        return True
    # Industry Veteran still in the pool may bring the cost down (NET-CARD-25).
    iv = T.iv
    for c in pool:
        if iv[c] and c not in extra and capacity(T, show, x_star, 0, x_wild, full + [c]):
            return cash >= _cost(T, base, full + [c])
    return False


def can_produce(s: NetState, p: int, show: int, src: str = "display") -> bool:
    """NET-PROD-02: only if the cost can be paid and the required slots filled."""
    pl = s.players[p]
    T = s.T
    pool = [c for c in pl.green if T.kind[c] in (STAR, AD)]
    ens = _ensemble(s, p)
    cash = pl.cash
    base = _base_cost(s, p, show, src)
    if _completable(T, show, [], pool, 0, 0, False, cash, base):
        return True
    if ens and _completable(T, show, [], pool, ens, 0, False, cash, base):
        return True
    # NET-CARD-10: Sponsored Content may ignore every required slot, for a show from the display
    # only (a show reserved with Exclusive Rights still needs all its required slots, NET-CARD-05).
    return src == "display" and has_effect(s, p, "sponsored_content") >= 0 and _completable(T, show, [], pool, 0, 1, True, cash, base)


# ----------------------------------------------------------------------------- the production steps


def start_production(s: NetState, p: int, show: int, src: str) -> None:
    """Begin producing (NET-PROD-01..11); the production is committed atomically."""
    s.prod = {"p": p, "show": show, "src": src, "atts": (), "ens": -1, "spon": -1,
              "slot": -1, "genre": s.T.defs[show].genre, "paid": ()}
    s.stack.append(("prod_commit", p))
    s.stack.append(("prod_promo", p))
    s.stack.append(("prod_genre", p))
    s.stack.append(("prod_slot", p))
    s.stack.append(("prod_att", p))


def _prod_extras(s: NetState) -> tuple[int, int, bool]:
    pr = s.prod
    assert pr is not None
    T = s.T
    xs = int(T.defs[pr["ens"]].params["extra"]) if pr["ens"] >= 0 else 0
    wild = pr["spon"] >= 0 and pr.get("spon_mode") == "wild"
    return xs, 1 if wild else 0, pr["spon"] >= 0 and not wild


def prod_att_options(s: NetState, p: int) -> list[str]:
    pr = s.prod
    assert pr is not None
    T = s.T
    pl = s.players[p]
    show: int = pr["show"]
    src: str = pr["src"]
    atts: list[int] = list(pr["atts"])
    xs, xw, ign = _prod_extras(s)
    last = -1
    for c in atts:
        if c > last:
            last = c
    cash = pl.cash
    summary = player_summary(T, pl)
    base = _base_cost(s, p, show, src)
    kind, cls_of, ba_of, iv_of = T.kind, T.cls, T.ba, T.iv
    # Attach in card-id order so each set of attachments is reached in one way only.
    pool = [c for c in pl.green if (kind[c] == STAR or kind[c] == AD) and c not in atts]
    pool.sort()
    # Counts of the attached cards by class (what ``capacity`` and ``required_ok`` look at).
    n = [0, 0, 0]
    nb = 0
    has_iv = False
    for c in atts:
        k = cls_of[c]
        n[k] += 1
        if k == 0 and ba_of[c]:
            nb += 1
        if iv_of[c]:
            has_iv = True
    S, A, W = T.cap[show]
    S += xs
    W += xw
    sr, ar, wr = T.req[show]
    out = []
    k_att = T.k_att
    # With only plain stars and ads in the pool (no flex star, Brand Ambassador or Industry Veteran),
    # _completable's greedy filling of the required slots can be counted: stars and ads left after i.
    plain = T.plain
    suffix: list[tuple[int, int]] | None = None
    all_plain = True
    for c in pool:
        if not plain[c]:
            all_plain = False
            break
    if all_plain:
        suffix = [(0, 0)] * (len(pool) + 1)
        st = ad = 0
        for j in range(len(pool) - 1, -1, -1):
            if kind[pool[j]] == STAR:
                st += 1
            else:
                ad += 1
            suffix[j] = (st, ad)
    for i, c in enumerate(pool):
        if c <= last:
            continue
        k = cls_of[c]
        n[k] += 1
        ns, nf, na = n
        n[k] -= 1
        # capacity (NET-ATT-04): a Brand Ambassador star opens 1 more ad slot
        a = A + nb + (1 if k == 0 and ba_of[c] else 0)
        if not _fits(S, a, W, ns, nf, na):
            continue  # what _completable answers first
        affordable = cash >= _iv_cost(base, has_iv or iv_of[c])
        if ign or _req(sr, ar, wr, ns, nf, na):
            if affordable:
                out.append(k_att[c])
                continue
        elif suffix is not None:
            s_left, a_left = suffix[i + 1]
            es = sr - ns if sr > ns else 0  # stars taken for the required star slots
            if es > s_left:
                es = s_left
            ea = ar - na if ar > na else 0  # ads taken for the required ad slots
            if ea > a_left:
                ea = a_left
            ns += es
            na += ea
            s_left -= es
            a_left -= ea
            while not _req(sr, ar, wr, ns, nf, na):
                if a_left:  # the rest is taken from the end: ads, then stars
                    na += 1
                    a_left -= 1
                elif s_left:
                    ns += 1
                    s_left -= 1
                else:
                    break
            else:
                if affordable and _fits(S, a, W, ns, nf, na):
                    out.append(k_att[c])
            continue
        if _completable(T, show, atts + [c], pool[i + 1:], xs, xw, ign, cash, base):
            out.append(k_att[c])
    e_ens, e_spon = summary[11], summary[12]
    if e_ens >= 0 or e_spon >= 0:
        if pr["ens"] < 0 and e_ens >= 0:
            out.append(T.k_use[e_ens])
        if pr["spon"] < 0 and src == "display" and e_spon >= 0:  # NET-CARD-10: producing from the display only
            # NET-CARD-10: ignore the required slots, or open 1 extra wild slot
            rest = [c for c in pool if c > last]
            if _completable(T, show, atts, rest, xs, xw, True, cash, base):
                out.append(T.k_use[e_spon])
            if _completable(T, show, atts, rest, xs, xw + 1, False, cash, base):
                out.append(f"wild:{e_spon}")
    if (ign or _req(sr, ar, wr, n[0], n[1], n[2])) and cash >= _iv_cost(base, has_iv):
        out.append("done")
    if not out:
        out.append("abort")  # safety net; never expected (conformance tests check)
    return out


def commit_production(s: NetState, p: int) -> None:
    pr = s.prod
    assert pr is not None
    xs, xw, ign = _prod_extras(s)
    s.prod = None
    T = s.T
    pl = s.players[p]
    show, slot, genre = pr["show"], pr["slot"], pr["genre"]
    atts = list(pr["atts"])
    cost = production_cost(s, p, show, atts, pr["src"])
    paid = pr["paid"]
    pl.cash -= cost + (sum(T.defs[c].promo_cost for c in paid) if paid else 0)  # NET-PROD-03 / NET-COND-09
    if pr["src"] == "display":
        s.display[SHOW].remove(show)
    elif pr["src"] == "reserved":
        reserved = pl.reserved.copy()  # a new list: clones share it (Player.copy)
        reserved.remove(show)
        pl.reserved = reserved
    else:
        kept = s.pilot[p].copy()  # a new list: clones share the offers (NetState.clone)
        kept.remove(show)
        s.pilot[p] = kept
    for c in atts:
        pl.green = _without(pl.green, c)
    if pr["ens"] >= 0:
        _discard_used(s, p, pr["ens"])
    if pr["spon"] >= 0:
        _discard_used(s, p, pr["spon"])
    if pl.lineup[slot] is not None:  # NET-PROD-05 / NET-PROD-09
        cancel(s, p, slot)
    d = T.defs[show]
    preferred = d.timeslot == "" or d.timeslot == TIMESLOTS[slot] or d.effect == "no_penalty"
    sh = Show(show, 0 if preferred else 2, genre)  # NET-PROD-06 / NET-SEAS-04
    sh.x_star, sh.x_wild, sh.ignore_req = xs, xw, ign
    if atts:
        cross = False
        for c in atts:
            if T.effect[c] == "cross_promoting":
                cross = True
        for c in atts:  # NET-AMB-08: conditions against the final slot and attachment set
            if T.promo[c]:
                rot = c not in paid and not cross  # NET-CARD-21
            else:
                rot = not condition_met(s, p, c, genre, slot, [o for o in atts if o != c])
            sh.atts += ((c, rot),)
    pl.lineup[slot] = sh
    if s.log is not None:
        s.say(f"{pname(s, p)} produces {d.name} in {TIMESLOTS[slot]} for ${cost}M"
              + (f" with {', '.join(name(s, c) for c in atts)}" if atts else "") + ".")
    upton_crabby(s, p, sh)
    advance_genre(s, p, genre)  # NET-PROD-07


def upton_crabby(s: NetState, p: int, sh: Show) -> None:
    """NET-CARD-18: once it holds 2 stars, draw a star and attach it (upside down if unmet)."""
    T = s.T
    if sh.crabby or T.effect[sh.cid] != "upton_crabby":
        return
    if sum(1 for c, _ in sh.atts if T.kind[c] == STAR) < 2:
        return
    sh.crabby = True
    c = draw(s, STAR)
    if c is None:
        return
    slot = s.players[p].lineup.index(sh)
    rot = not condition_met(s, p, c, sh.genre, slot, [a for a, _ in sh.atts])
    sh.x_star += 1
    sh.atts += ((c, rot),)
    if s.log is not None:
        s.say(f"Upton Crabby draws {name(s, c)} and attaches it" + (" upside down." if rot else "."))


def _next_promo(s: NetState) -> int:
    pr = s.prod
    assert pr is not None
    T = s.T
    atts = pr["atts"]
    promo = T.promo
    for c in atts:
        if promo[c]:
            break
    else:
        return -1  # no promo attached
    effect = T.effect
    for c in atts:
        if effect[c] == "cross_promoting":
            return -1  # NET-CARD-21: promos on the same show turn upright for free
    decided = pr.get("decided", ())
    for c in atts:
        if promo[c] and c not in decided:
            return int(c)
    return -1
