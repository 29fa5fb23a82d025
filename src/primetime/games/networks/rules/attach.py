"""Attaching stars and ads to lineup shows (NET-ATT-01..09/11): where a card can go (memoised by the
classes of the attached cards) and committing an add or replace, with Brand Ambassador's extra ad
(NET-CARD-19)."""

from __future__ import annotations

from typing import Any, Final

from primetime.games.networks.rules.decks import discard
from primetime.games.networks.rules.green_room import _discard_used, has_effect, player_summary, remove_green
from primetime.games.networks.rules.log import name, pname
from primetime.games.networks.rules.production import _ensemble, upton_crabby
from primetime.games.networks.rules.slots import _fits, capacity, condition_met
from primetime.games.networks.state import NetState, Show
from primetime.games.networks.tables import AD, STAR, Tables, _req, att_key

# ----------------------------------------------------------------------------- targets by class (the turn menu)


def _show_mask(T: Tables, sh: Show, ens: int, spon: int) -> int:
    """Which classes of green-room card could be added to or swapped into ``sh``: bit ``cls * 2 + ba``
    (class 0 star, 1 flex star, 2 ad; ``ba`` = Brand Ambassador), with Ensemble Cast opening ``ens``
    extra star slots and Sponsored Content (``spon``) 1 extra wild slot.  Kept on the show
    (``Show.mask``) while its attachments are the same tuple and ``ens * 2 + spon`` the same value
    (the rules that change a show's extra slots or ``ignore_req`` drop it: ``Show.mask_atts = None``);
    otherwise made from the attachment counts, memoised per catalogue (few combinations).
    ``turn_options`` reads the kept mask itself before calling this."""
    code = ens * 2 + spon
    if sh.mask_atts is sh.atts and sh.mask_code == code:
        return sh.mask
    atts = sh.atts
    counts: Any
    shape = _shape(T, sh, T.unit_mask, ens)
    if shape >= 0:
        counts = shape * 64 + ens * 2 + spon
    else:
        o, nba = _class_counts(T, atts, False)
        counts = (T.slot_layout[sh.cid], o[0], o[1], o[2], nba, sh.x_star, sh.x_ad, sh.x_wild, sh.ignore_req, ens, spon)
    m = T.class_cache.get(counts)
    if m is None:
        o, nba = _class_counts(T, atts, False)
        m = 0
        for idx in range(6):
            k, ba = divmod(idx, 2)
            if _show_has_target(T, sh.cid, o, nba, sh.x_star, sh.x_ad, sh.x_wild, sh.ignore_req, k, bool(ba),
                                ens if k != 2 else 0, spon):
                m |= 1 << idx
        T.class_cache[counts] = m
    sh.mask_atts = sh.atts
    sh.mask_code = code
    sh.mask = m
    return m


def _shape(T: Tables, sh: Show, unit: list[int], ens: int) -> int:
    """The usual shape of ``sh`` (under 8 attachments, no extra slots, ``ignore_req`` off, ``ens`` under
    32) as one small integer for the memo keys: its slot layout and its attachment counts packed 3 bits
    a field, summed from ``unit`` (``Tables.unit_mask`` or ``unit_slot``); -1 for any other shape (the
    caller keys it by a tuple)."""
    atts = sh.atts
    if len(atts) >= 8 or ens >= 32 or sh.x_star or sh.x_ad or sh.x_wild or sh.ignore_req:
        return -1
    packed = 0
    for c, _r in atts:
        packed += unit[c]
    return T.slot_layout[sh.cid] * 4096 + packed


def _class_counts(T: Tables, atts: tuple[tuple[int, bool], ...], star_ba: bool) -> tuple[list[int], int]:
    """The attachments by class (star, flex star, ad) and the Brand Ambassadors among them (only
    the stars when ``star_ba``)."""
    cls_of, ba_of = T.cls, T.ba
    n = [0, 0, 0]
    nb = 0
    for c, _r in atts:
        k = cls_of[c]
        n[k] += 1
        if ba_of[c] and (k == 0 or not star_ba):
            nb += 1
    return n, nb


def _show_has_target(T: Tables, cid: int, o: list[int], nba: int, x_star: int, x_ad: int, x_wild: int, ignore_req: bool,
                     k: int, ba: bool, ens: int, spon: int) -> bool:
    """Can a card of class ``k`` be added to a show or swapped in for one of its attachments?
    ``o`` counts the show's attachments by class and ``nba`` its Brand Ambassadors.  The same
    verdicts as ``attach_targets`` (``_slot_verdicts``), so the turn menu offers a card exactly
    when it has a target."""
    add_ok, rep_ok, ens_ok, spon_ok = _slot_verdicts(T, cid, o, nba, x_star, x_ad, x_wild, ignore_req, k,
                                                     1 if ba else 0, ens, spon != 0)
    return add_ok or rep_ok != 0 or ens_ok or spon_ok


def class_has_target(s: NetState, p: int, k: int, ba: bool) -> bool:
    """Can a green-room card of class ``k`` (0 star, 1 flex star, 2 ad; ``ba`` = Brand Ambassador)
    be added or swapped in somewhere?  Counting version of ``attach_targets`` (same answer)."""
    T = s.T
    ens = _ensemble(s, p) if k != 2 else 0  # Ensemble Cast / Sponsored Content open extra slots
    spon = 1 if player_summary(T, s.players[p])[4] else 0
    bit = 1 << (k * 2 + (1 if ba else 0))
    return any(sh is not None and _show_mask(T, sh, ens, spon) & bit for sh in s.players[p].lineup)


_TO_KEYS: Final = ("to:0", "to:1", "to:2", "to:3")  # slot 3: the Telly Time Weekend
_ENS_KEYS: Final = ("ens:0", "ens:1", "ens:2", "ens:3")
_SPON_KEYS: Final = ("spon:0", "spon:1", "spon:2", "spon:3")


# ----------------------------------------------------------------------------- targets of one card


def attach_targets(s: NetState, p: int, cid: int, onset: bool = False) -> list[str]:
    """Where an Add/Replace can put ``cid`` (NET-ATT-01..09, NET-ATT-11)."""
    T = s.T
    pl = s.players[p]
    out: list[str] = []
    pay_ok = T.promo[cid] and pl.cash >= T.promo_cost[cid]
    summary = pl.gsum if pl.gsum_of is pl.green else player_summary(T, pl)
    ens = summary[9] if T.kind[cid] == STAR and not onset else 0
    spon = not onset and summary[4]
    kc = T.cls[cid]
    bc = 1 if kc == 0 and T.ba[cid] else 0
    q = kc + bc * 4 + (8 if spon else 0) + ens * 64  # the key in Show.targets, but for the slot (see _slot_targets)
    for slot, sh in enumerate(pl.lineup):
        if sh is None:
            continue
        keys = _slot_targets(T, sh, kc, bc, ens, spon, slot, q + slot * 16)
        if pay_ok:
            for k in keys:
                out.append(k)
                out.append(k + ":pay")
        else:
            out += keys
    return out


def _slot_targets(T: Tables, sh: Show, kc: int, bc: int, ens: int, spon: bool, slot: int, q: int) -> list[str]:
    """The ``attach_targets`` keys (without ``:pay``) on one show for a card of class ``kc``
    (``bc``: a Brand Ambassador star), kept on the show (``Show.targets``, by the other arguments
    packed in ``q``: ``kc + bc * 4 + spon * 8 + slot * 16 + ens * 64``) while its attachments are
    the same tuple and its extra slots and ``ignore_req`` the same values (the lists are shared:
    callers do not change them)."""
    code = sh.x_star + sh.x_ad * 128 + sh.x_wild * 16384 + (2097152 if sh.ignore_req else 0)  # as in _show_mask
    memo = sh.targets
    if memo is None or sh.targets_atts is not sh.atts or sh.targets_code != code:
        memo = sh.targets = {}
        sh.targets_atts = sh.atts
        sh.targets_code = code
    keys = memo.get(q)
    if keys is None:
        keys = memo[q] = _show_targets(T, sh, kc, bc, ens, spon, slot)
    return keys


def _show_targets(T: Tables, sh: Show, kc: int, bc: int, ens: int, spon: bool, slot: int) -> list[str]:
    """``_slot_targets`` made afresh.  Slot capacity and required slots depend only on how many
    attachments of each class the show holds (see ``capacity`` and ``required_ok``)."""
    cls_of, ba_of = T.cls, T.ba
    atts = sh.atts
    ckey: Any
    shape = _shape(T, sh, T.unit_slot, ens)
    if shape >= 0:
        ckey = ((shape * 8 + kc * 2 + bc) * 32 + ens) * 2 + (1 if spon else 0)
    else:
        n, nb = _class_counts(T, atts, True)
        ckey = (T.slot_layout[sh.cid], n[0], n[1], n[2], nb, sh.x_star, sh.x_ad, sh.x_wild, sh.ignore_req, kc, bc, ens, spon)
    v = T.slot_cache.get(ckey)
    if v is None:
        n, nb = _class_counts(T, atts, True)
        v = T.slot_cache[ckey] = _slot_verdicts(T, sh.cid, n, nb, sh.x_star, sh.x_ad, sh.x_wild, sh.ignore_req, kc, bc, ens, spon)
    add_ok, rep_ok, ens_ok, spon_ok = v
    keys: list[str] = []
    if add_ok:
        keys.append(_TO_KEYS[slot])
    if rep_ok:
        k_rep = T.k_rep[slot]
        seen: list[int] = []
        for old, _r in sh.atts:
            if old in seen:
                continue
            seen.append(old)
            ko = cls_of[old]
            if rep_ok >> (ko * 2 + (1 if ko == 0 and ba_of[old] else 0)) & 1:
                keys.append(k_rep[old])
    if ens_ok:
        keys.append(_ENS_KEYS[slot])
    if spon_ok:
        keys.append(_SPON_KEYS[slot])
    return keys


def _slot_verdicts(T: Tables, scid: int, n: list[int], nb: int, x_star: int, x_ad: int, x_wild: int, ignore_req: bool,
                   kc: int, bc: int, ens: int, spon: bool) -> tuple[bool, int, bool, bool]:
    """For ``_slot_targets``: can the card be added; which attachments (bit ``cls * 2 + ba``) can it
    replace; does it fit with Ensemble Cast's or Sponsored Content's extra slot instead?

    Replace mode discards a card of the same type (star for star, ad for ad, NET-ATT-03); only a
    show with a wild slot (printed, or Sponsored Content's) lets a card of the other type take its
    place (NET-ATT-04/05).  Either way the final set must fit the slots (NET-ATT-09).  A flex star
    (Famously Famous, Fierce Drag Queen) may go into an *empty* ad slot (NET-CARD-22/23): that is
    adding; in a replacement it counts as a plain star."""
    n = n.copy()
    S, A, W = T.cap[scid]
    S += x_star
    A += x_ad
    W += x_wild
    sr, ar, wr = T.req[scid]
    # required slots must stay filled if they were (NET-ATT-04)
    strict = not ignore_req and _req(sr, ar, wr, n[0], n[1], n[2])
    had = [n[0] > nb, n[0] > 0 and nb > 0, n[1] > 0, False, n[2] > 0, False]  # attached classes (cls * 2 + ba)
    n[kc] += 1
    nb += bc
    add_ok = _fits(S, A + nb, W, n[0], n[1], n[2]) and (not strict or _req(sr, ar, wr, n[0], n[1], n[2]))
    rep_ok = 0
    n[kc] -= 1
    kr = 0 if kc == 1 else kc  # the class the new card counts as in a replacement
    n[kr] += 1
    for idx in range(6):
        if not had[idx]:
            continue
        ko, bo = divmod(idx, 2)
        if W == 0 and (ko == 2) != (kc == 2):
            continue  # a star for an ad or an ad for a star: only through a wild slot
        n[ko] -= 1
        if _fits(S, A + nb - bo, W, n[0], n[1], n[2]) and (not strict or _req(sr, ar, wr, n[0], n[1], n[2])):
            rep_ok |= 1 << idx
        n[ko] += 1
    n[kr] -= 1
    n[kc] += 1
    ens_ok = spon_ok = False
    if not add_ok:
        ens_ok = bool(ens) and _fits(S + ens, A + nb, W, n[0], n[1], n[2]) and (not strict or _req(sr, ar, wr, n[0], n[1], n[2]))
        spon_ok = spon and _fits(S, A + nb, W + 1, n[0], n[1], n[2]) and (not strict or _req(sr, ar, wr, n[0], n[1], n[2]))
    return add_ok, rep_ok, ens_ok, spon_ok


# ----------------------------------------------------------------------------- attaching


def commit_attach(s: NetState, p: int, cid: int, key: str, onset: bool = False) -> None:
    """Add or replace one star/ad (NET-ATT-01..07)."""
    T = s.T
    pl = s.players[p]
    mode, slot, old, pay = att_key(key)
    sh = pl.own(slot)
    assert sh is not None
    remove_green(T, pl, cid)
    if mode == "rep":
        for i, (c, _r) in enumerate(sh.atts):
            if c == old:
                sh.atts = sh.atts[:i] + sh.atts[i + 1:]
                break
        discard(s, p, old)  # NET-ATT-06
        if s.log is not None:
            s.say(f"{pname(s, p)} replaces {name(s, old)} on {name(s, sh.cid)}.")
    elif mode == "ens":
        e = has_effect(s, p, "ensemble_cast")
        sh.x_star += int(T.defs[e].params["extra"])
        sh.mask_atts = None  # its kept attachment mask (_show_mask) no longer holds
        _discard_used(s, p, e)
    elif mode == "spon":
        e = has_effect(s, p, "sponsored_content")
        sh.x_wild += 1
        sh.mask_atts = None
        _discard_used(s, p, e)
    if T.promo[cid]:
        rot = not pay
        if pay:
            pl.cash -= T.promo_cost[cid]
    elif T.conditional[cid]:
        others = []
        for c, _r in sh.atts:
            others.append(c)
        rot = not condition_met(s, p, cid, sh.genre, slot, others)
    else:
        rot = False  # no condition to meet
    sh.atts += ((cid, rot),)
    if T.effect[cid] == "cross_promoting":  # NET-CARD-21
        sh.atts = tuple((c, False if T.promo[c] else r) for c, r in sh.atts)
    if s.log is not None:
        s.say(f"{pname(s, p)} attaches {name(s, cid)} to {name(s, sh.cid)}" + (" upside down." if rot else "."))
    upton_crabby(s, p, sh)
    if T.effect[cid] == "brand_ambassador" and not onset:  # NET-CARD-19: the extra ad in the same action
        s.stack.append(("ba_extra", p, slot))


def ba_options(s: NetState, p: int, slot: int) -> list[str]:
    T = s.T
    pl = s.players[p]
    sh = pl.lineup[slot]
    out = []
    if sh is not None:
        cur = [c for c, _ in sh.atts]
        for c in sorted(set(pl.green)):
            if T.kind[c] == AD and capacity(T, sh.cid, sh.x_star, sh.x_ad, sh.x_wild, cur + [c]):
                out.append(f"att:{c}")
                if T.promo[c] and pl.cash >= T.promo_cost[c]:
                    out.append(f"att:{c}:pay")
    return out + ["skip"]
