"""Producing a show (NET-PROD-01..11): whether it can be produced and at what cost (Creative
Accounting, Industry Veteran, Ensemble Cast, Sponsored Content), the production steps and their
options, and committing the production (with Upton Crabby, NET-CARD-18)."""

from __future__ import annotations

from primetime.games.networks.cards import ALL_TIMESLOTS
from primetime.games.networks.rules.decks import cancel, draw
from primetime.games.networks.rules.genre_grid import fill_square
from primetime.games.networks.rules.genres import advance_genre
from primetime.games.networks.rules.green_room import _discard_used, player_summary, remove_green
from primetime.games.networks.rules.log import name, pname
from primetime.games.networks.rules.slots import _fits, condition_met
from primetime.games.networks.rules.timeslots import preferred, telly
from primetime.games.networks.state import NetState, Show
from primetime.games.networks.tables import AD, IV_DISCOUNT, SHOW, STAR, Summary, Tables, _req
from primetime.games.networks.text import timeslot_name

# ----------------------------------------------------------------------------- feasibility


def _ensemble(s: NetState, p: int) -> int:
    """The extra star slots of the player's first Ensemble Cast, or 0."""
    return player_summary(s.T, s.players[p])[9]


def production_cost(s: NetState, p: int, show: int, atts: list[int] | tuple[int, ...], src: str) -> int:
    """Cost after Creative Accounting and Industry Veteran (NET-PROD-03, NET-CARD-02/25)."""
    if src == "pilot":
        return 0  # a pilot show: 0, paid in the settlement (NET-PILOT-06)
    T = s.T
    pl = s.players[p]
    summary = pl.gsum if pl.gsum_of is pl.green else player_summary(T, pl)
    base: int = T.cost[show] - summary[7]  # after Creative Accounting (as _base_cost)
    iv = T.iv
    for c in atts:
        if iv[c]:
            base -= IV_DISCOUNT  # NET-CARD-25: an Industry Veteran attached
            break
    return base if base > 0 else 0


def _base_cost(T: Tables, summary: Summary, show: int, src: str) -> int | None:
    """``production_cost`` before Industry Veteran, for the player of this green-room summary
    (``player_summary``): None for a pilot show (paid in the settlement)."""
    if src == "pilot":
        return None
    return T.cost[show] - summary[7]  # passive_sum(s, p, "creative_accounting")


def _can_fill(S: int, A: int, W: int, sr: int, ar: int, wr: int, n0: int, n1: int, n2: int,
              forced: int, q0: int, qb: int, qf: int, qa: int, ign: bool) -> bool:
    """Can cards from a pool be added to attachments counted ``n0`` (stars), ``n1`` (flex stars),
    ``n2`` (ads) so that the final set fits the slots ``S``/``A``/``W`` (``A`` with the attached
    Brand Ambassadors' extra ads) and, unless ``ign``, fills the required ones ``sr``/``ar``/``wr``?
    The pool holds ``q0`` other stars (at least ``forced`` of them must be added: an Industry
    Veteran the cost needs), ``qb`` Brand Ambassadors, ``qf`` flex stars and ``qa`` ads.

    Exact for counts: fitting only gets harder and the required slots only easier with each card
    added, except that a Brand Ambassador also opens an ad slot, so it is the better choice of
    star; for each number of stars and flex stars the fewest ads that fill the required slots are
    tried.  The order of the green room plays no part (NET-PROD-02/04)."""
    total = sr + ar + wr
    k = forced
    kmax = q0 + qb
    while k <= kmax:
        ns = n0 + k
        if ns > S + W:
            return False  # more stars only make it worse
        ab = k - forced  # Brand Ambassadors first among the stars added
        if ab > qb:
            ab = qb
        a = A + ab
        af = 0
        while af <= qf:
            nf = n1 + af
            af += 1
            if ign:
                if _fits(S, a, W, ns, nf, n2):
                    return True
                break  # flex stars never help a set fit
            short = sr - ns if sr > ns else 0  # star slots left to flex stars
            if short > nf:
                continue
            na = ar - (nf - short)
            rest = total - ns - nf
            if rest > na:
                na = rest
            if n2 > na:
                na = n2
            if na - n2 <= qa and _fits(S, a, W, ns, nf, na):
                return True
        k += 1
    return False


def _finish_any(T: Tables, show: int, n0: int, n1: int, n2: int, nb: int, has_iv: bool,
                q0: int, qiv: int, qb: int, qf: int, qa: int, S: int, A: int, W: int, ign: bool,
                pay: bool, pay_iv: bool, ens: int, spon: bool) -> bool:
    """Can a production with these attachments (counted by class, ``nb`` Brand Ambassadors,
    ``has_iv``: an Industry Veteran among them) be finished from a pool (counted likewise, ``qiv``
    Industry Veterans apart) with the slots ``S``/``A``/``W``, paying its cost (NET-PROD-02/03),
    now or after using Ensemble Cast (``ens`` extra star slots, 0 if used or absent) and/or
    Sponsored Content (``spon``: still to use; ignore the required slots, or open 1 extra wild
    slot, NET-CARD-04/10), as the production step still allows?  ``pay``, ``pay_iv``: can the
    player pay it without, with Industry Veteran's discount (see ``_pay_flags``).  Promos can
    always be rotated instead of paid, so they need no cash."""
    if pay_iv if has_iv else pay:
        forced = 0
    elif qiv and pay_iv:
        forced = 1  # only with Industry Veteran's discount (NET-CARD-25)
    else:
        return False  # the cost cannot be paid, whatever the slots
    sr, ar, wr = T.req[show]
    A += nb
    q0 += qiv
    if _can_fill(S, A, W, sr, ar, wr, n0, n1, n2, forced, q0, qb, qf, qa, ign):
        return True
    if ens and _can_fill(S + ens, A, W, sr, ar, wr, n0, n1, n2, forced, q0, qb, qf, qa, ign):
        return True
    if spon:
        x = S + ens
        return (_can_fill(x, A, W, sr, ar, wr, n0, n1, n2, forced, q0, qb, qf, qa, True)
                or _can_fill(x, A, W + 1, sr, ar, wr, n0, n1, n2, forced, q0, qb, qf, qa, ign))
    return False


def finishable(T: Tables, show: int, pool: list[int] | tuple[int, ...], cash: int, base: int | None,
               ens: int = 0, spon: bool = False) -> bool:
    """Can ``show`` be produced with cards from ``pool`` (stars and ads; others are ignored),
    ``cash`` and the cost before Industry Veteran ``base`` (None: a pilot show, paid in the
    settlement), with Ensemble Cast's ``ens`` extra star slots and Sponsored Content (``spon``)
    available?  (NET-PROD-02)"""
    q0 = qiv = qb = qf = qa = 0
    kind, cls_of, ba_of, iv_of = T.kind, T.cls, T.ba, T.iv
    for c in pool:
        kc = kind[c]
        if kc != STAR and kc != AD:
            continue
        k = cls_of[c]
        if k == 0:
            if ba_of[c]:
                qb += 1
            elif iv_of[c]:
                qiv += 1
            else:
                q0 += 1
        elif k == 1:
            qf += 1
        else:
            qa += 1
    S, A, W = T.cap[show]
    pay, pay_iv = _pay_flags(cash, base)
    return _finish_any(T, show, 0, 0, 0, 0, False, q0, qiv, qb, qf, qa, S, A, W, False, pay, pay_iv, ens, spon)


def _pay_flags(cash: int, base: int | None) -> tuple[bool, bool]:
    """Can ``cash`` pay a production of cost ``base`` before Industry Veteran (``_base_cost``):
    without, with an Industry Veteran attached (NET-PROD-03, NET-CARD-25)?"""
    if base is None:
        return cash >= 0, cash >= 0
    iv = base - IV_DISCOUNT  # without and with an Industry Veteran (NET-CARD-25)
    return cash >= (base if base > 0 else 0), cash >= (iv if iv > 0 else 0)


def can_produce(s: NetState, p: int, show: int, src: str = "display") -> bool:
    """NET-PROD-02: only if the cost can be paid and the required slots filled, in some way."""
    pl = s.players[p]
    T = s.T
    summary = player_summary(T, pl)
    # NET-CARD-10: Sponsored Content may ignore every required slot, for a show from the display
    # only (a show reserved with Exclusive Rights still needs all its required slots, NET-CARD-05).
    spon = src == "display" and summary[12] >= 0
    return finishable(T, show, pl.green, pl.cash, _base_cost(T, summary, show, src), summary[9], spon)


# ----------------------------------------------------------------------------- the production steps


def start_production(s: NetState, p: int, show: int, src: str, acted: int = -1) -> None:
    """Begin producing (NET-PROD-01..11); the production is committed atomically.  ``acted`` is
    the turn's action count before this action (restored if the production is given up)."""
    s.prod = {"p": p, "show": show, "src": src, "atts": (), "ens": -1, "spon": -1,
              "slot": -1, "genre": s.T.genre[show], "paid": (), "acted": acted}
    s.stack.append(("prod_commit", p))
    s.stack.append(("prod_promo", p))
    s.stack.append(("prod_genre", p))
    s.stack.append(("prod_slot", p))
    s.stack.append(("prod_att", p))


def _prod_extras(s: NetState) -> tuple[int, int, bool]:
    pr = s.prod
    assert pr is not None
    T = s.T
    ens: int = pr["ens"]  # typed: compared as integers in the compiled build
    spon: int = pr["spon"]
    xs = T.extra[ens] if ens >= 0 else 0  # Ensemble Cast's extra star slots
    wild = spon >= 0 and pr.get("spon_mode") == "wild"
    return xs, 1 if wild else 0, (spon >= 0 and not wild) or "xb" in pr  # xb: Butcher (Executives)


def prod_att_options(s: NetState, p: int) -> list[str]:
    """The attach step (NET-PROD-04): ``att:<card>`` for every green-room star or ad after the last
    one attached (card-id order, so each set is reached one way) with which the production can
    still be finished, Ensemble Cast and Sponsored Content while unused, and ``done`` once the set
    fits, fills the required slots and can be paid.  A set on its way may overfill the slots for a
    while (a Brand Ambassador still to come opens an ad slot): only the final set counts
    (NET-PROD-11)."""
    pr = s.prod
    assert pr is not None
    T = s.T
    pl = s.players[p]
    show: int = pr["show"]
    src: str = pr["src"]
    atts: tuple[int, ...] = pr["atts"]
    xs, xw, ign = _prod_extras(s)
    cash = pl.cash
    summary = pl.gsum if pl.gsum_of is pl.green else player_summary(T, pl)
    base = _base_cost(T, summary, show, src)
    kind, cls_of, ba_of, iv_of = T.kind, T.cls, T.ba, T.iv
    # Counts of the attached cards by class (what ``capacity`` and ``required_ok`` look at).
    n0 = n1 = n2 = nb = 0
    has_iv = False
    last = -1
    for c in atts:
        k = cls_of[c]
        if k == 0:
            n0 += 1
            if ba_of[c]:
                nb += 1
            elif iv_of[c]:
                has_iv = True
        elif k == 1:
            n1 += 1
        else:
            n2 += 1
        if c > last:
            last = c
    S, A, W = T.cap[show]
    S += xs
    W += xw
    e_ens, e_spon = summary[11], summary[12]
    ens_used: int = pr["ens"]
    spon_used: int = pr["spon"]
    ens = T.extra[e_ens] if e_ens >= 0 and ens_used < 0 else 0
    spon = e_spon >= 0 and spon_used < 0 and src == "display"  # NET-CARD-10: from the display only
    # The candidates, from the highest card down, counting the pool of cards after each.
    pool = []
    for c in pl.green:
        if c > last and (kind[c] == STAR or kind[c] == AD):
            pool.append(c)
    pool.sort(reverse=True)
    pay, pay_iv = _pay_flags(cash, base)
    out = []
    k_att = T.k_att
    q0 = qiv = qb = qf = qa = 0
    prev = -1
    for c in pool:
        if c == prev:
            continue  # the same card twice cannot be attached twice
        prev = c
        k = cls_of[c]
        b = 1 if ba_of[c] else 0
        iv = iv_of[c]
        if _finish_any(T, show, n0 + (1 if k == 0 else 0), n1 + (1 if k == 1 else 0), n2 + (1 if k == 2 else 0),
                       nb + b, has_iv or iv, q0, qiv, qb, qf, qa, S, A, W, ign, pay, pay_iv, ens, spon):
            out.append(k_att[c])
        if k == 0:
            if b:
                qb += 1
            elif iv:
                qiv += 1
            else:
                q0 += 1
        elif k == 1:
            qf += 1
        else:
            qa += 1
    out.reverse()
    if e_ens >= 0 and ens_used < 0:
        out.append(T.k_use[e_ens])
    if spon:  # NET-CARD-10: ignore the required slots, or open 1 extra wild slot
        if _finish_any(T, show, n0, n1, n2, nb, has_iv, q0, qiv, qb, qf, qa, S, A, W, True, pay, pay_iv, ens, False):
            out.append(T.k_use[e_spon])
        # with Butcher (``ign``) the required slots stay optional for the wild slot too
        if _finish_any(T, show, n0, n1, n2, nb, has_iv, q0, qiv, qb, qf, qa, S, A, W + 1, ign, pay, pay_iv, ens, False):
            out.append(f"wild:{e_spon}")
    sr, ar, wr = T.req[show]
    if _fits(S, A + nb, W, n0, n1, n2) and (ign or _req(sr, ar, wr, n0, n1, n2)) and (pay_iv if has_iv else pay):
        out.append("done")
    if not out:
        # Never expected (the tests check it): give the production up; the action is not spent.
        out.append("abort")
    return out


def commit_production(s: NetState, p: int) -> None:
    pr = s.prod
    assert pr is not None
    xs, xw, ign = _prod_extras(s)
    s.prod = None
    T = s.T
    pl = s.players[p]
    show: int = pr["show"]  # typed: native integers and strings in the compiled build
    slot: int = pr["slot"]
    genre: str = pr["genre"]
    src: str = pr["src"]
    atts: list[int] = list(pr["atts"])
    cost = production_cost(s, p, show, atts, src)
    paid = pr["paid"]
    pl.cash -= cost + (sum(T.promo_cost[c] for c in paid) if paid else 0)  # NET-PROD-03 / NET-COND-09
    if src == "display":
        s.display[SHOW].remove(show)
    elif src == "reserved":
        reserved = pl.reserved.copy()  # a new list: clones share it (Player.copy)
        reserved.remove(show)
        pl.reserved = reserved
    else:
        kept = s.pilot[p].copy()  # a new list: clones share the offers (NetState.clone)
        kept.remove(show)
        s.pilot[p] = kept
    for c in atts:
        remove_green(T, pl, c)
    if pr["ens"] >= 0:
        _discard_used(s, p, pr["ens"])
    if pr["spon"] >= 0:
        _discard_used(s, p, pr["spon"])
    if pl.lineup[slot] is not None:  # NET-PROD-05 / NET-PROD-09
        cancel(s, p, slot)
    d = T.defs[show]
    sh = Show(show, 0 if preferred(d.timeslot, d.effect, slot) else 2, genre)  # NET-PROD-06 / NET-SEAS-04 / NET-TELLY-09
    sh.x_star, sh.x_wild, sh.ignore_req = xs, xw, ign
    if atts:
        cross = False
        for c in atts:
            if T.effect[c] == "cross_promoting":
                cross = True
        for c in atts:  # NET-AMB-08: conditions against the final slot and attachment set
            if T.promo[c]:
                rot = c not in paid and not cross  # NET-CARD-21
            elif not T.conditional[c]:
                rot = False  # no condition to meet
            else:
                others = []
                for o in atts:
                    if o != c:
                        others.append(o)
                rot = not condition_met(s, p, c, genre, slot, others)
            sh.atts += ((c, rot),)
    pl.lineup[slot] = sh
    if s.log is not None:
        s.say(f"{pname(s, p)} produces {d.name} in {timeslot_name(ALL_TIMESLOTS[slot])} for ${cost}M"
              + (f" with {', '.join(name(s, c) for c in atts)}" if atts else "") + ".")
    upton_crabby(s, p, sh)
    if telly(s):
        fill_square(s, p, genre)  # NET-TELLY-03/04: the Genre Grid instead of the genre tracks
    else:
        advance_genre(s, p, genre)  # NET-PROD-07


def upton_crabby(s: NetState, p: int, sh: Show) -> None:
    """NET-CARD-18: once it holds 2 stars, draw a star and attach it into a free slot (upside down
    if its condition is unmet)."""
    T = s.T
    if sh.crabby or T.effect[sh.cid] != "upton_crabby":
        return
    if sum(1 for c, _ in sh.atts if T.kind[c] == STAR) < 2:
        return
    sh.crabby = True  # once per show
    # The drawn star takes a free slot of the show (its third printed star slot); the show gets no
    # extra slot, so with every slot taken nothing is drawn (design-decisions, NET-ANAT-04).
    n = [0, 0, 0]
    nb = 0
    for a, _r in sh.atts:
        k = T.cls[a]
        n[k] += 1
        if k == 0 and T.ba[a]:
            nb += 1
    S, A, W = T.cap[sh.cid]
    if not _fits(S + sh.x_star, A + sh.x_ad + nb, W + sh.x_wild, n[0] + 1, n[1], n[2]):
        return
    c = draw(s, STAR)
    if c is None:
        return
    slot = s.players[p].lineup.index(sh)
    rot = not condition_met(s, p, c, sh.genre, slot, [a for a, _ in sh.atts])
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
