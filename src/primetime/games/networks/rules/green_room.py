"""The green room: what the rules look up in it (a summary memoised per green room), the passive
network cards in it, star costs after discounts and used cards leaving it (NET-AMB-11)."""

from __future__ import annotations

from primetime.games.networks.state import NetState, Player
from primetime.games.networks.tables import (
    CACHE_LIMIT,
    EMPTY_SUMMARY,
    G_AD,
    G_CA,
    G_DBL,
    G_ENS,
    G_FLEX,
    G_IV,
    G_PC,
    G_SD,
    G_SPON,
    G_STAR,
    G_USE,
    NET,
    Summary,
    Tables,
)

# ----------------------------------------------------------------------------- network cards in the green room


def has_effect(s: NetState, p: int, effect: str) -> int:
    """The first green-room network card of ``p`` with this effect, or -1."""
    T = s.T
    for cid in s.players[p].green:
        if T.kind[cid] == NET and T.effect[cid] == effect:
            return cid
    return -1


def passive_sum(s: NetState, p: int, effect: str) -> int:
    T = s.T
    if effect == "creative_accounting":
        return player_summary(T, s.players[p])[7]
    if effect == "star_discount":
        return player_summary(T, s.players[p])[8]
    if effect == "pass_cash":
        return player_summary(T, s.players[p])[10]
    total = 0
    for cid in s.players[p].green:
        if T.kind[cid] == NET and T.effect[cid] == effect:
            total += int(T.defs[cid].params["amount"])
    return total


def star_cost(s: NetState, p: int, cid: int) -> int:
    T = s.T
    cost = T.cost[cid] - player_summary(T, s.players[p])[8]  # passive_sum(s, p, "star_discount")
    return cost if cost > 0 else 0


# ----------------------------------------------------------------------------- the green-room summary


def green_summary(T: Tables, green: list[int] | tuple[int, ...]) -> Summary:
    """What the rules look up in a green room, memoised per green room: (plain stars, flex stars,
    ads, Industry Veteran, Sponsored Content, usable network card, Preempted Timeslot, Creative
    Accounting discount, star discount, Ensemble Cast extra slots, extra pass cash, the first
    Ensemble Cast card or -1, the first Sponsored Content card or -1, the attachment classes present
    (bits ``cls * 2 + ba``) and the ``attach:<card>`` keys of every star and ad in order)."""
    gt = tuple(green)
    cache = T.green_cache
    summary = cache.get(gt)
    if summary is None:
        summary = _green_summary(T, gt)
        if len(cache) >= CACHE_LIMIT:
            cache.clear()
        cache[gt] = summary
    return summary


def player_summary(T: Tables, pl: Player) -> Summary:
    """``green_summary`` of a player's green room, kept on the player until the green room (a
    tuple, replaced at every change) is another object."""
    green = pl.green
    prev = pl.gsum_of
    if prev is green:
        return pl.gsum
    n = len(green)
    if prev is not None and n == len(prev) + 1 and green[-1] not in prev and green[:-1] == prev:
        summary = _summary_add(T, pl.gsum, green[-1], True)  # a card gained
    elif prev is not None and n == len(prev) - 1:
        c = _lost(T, prev, green)  # a star or ad attached, or -1
        summary = _summary_lost(T, pl.gsum, green, c) if c >= 0 else green_summary(T, green)
    else:
        summary = green_summary(T, green)
    pl.gsum = summary
    pl.gsum_of = green
    return summary


def _without(items: tuple[int, ...], c: int) -> tuple[int, ...]:
    """``items`` without the first ``c`` (a green room losing a card)."""
    i = items.index(c)
    return items[:i] + items[i + 1:]


def add_green(T: Tables, pl: Player, c: int) -> None:
    """``c`` joins ``pl``'s green room; a summary kept for the green room before is brought up to
    date at once (what ``player_summary`` would make of it later, without finding out what changed)."""
    old = pl.green
    green = old + (c,)
    pl.green = green
    if pl.gsum_of is old:
        pl.gsum = _summary_add(T, pl.gsum, c, c not in old)  # a card twice: its attach key once
        pl.gsum_of = green


def remove_green(T: Tables, pl: Player, c: int) -> None:
    """The first ``c`` leaves ``pl``'s green room (attached to a show); a summary kept for the green
    room before is brought up to date at once when ``c`` is a plain star, flex star or ad and no other
    copy of it stays (as ``player_summary`` would; otherwise it is made afresh when next needed)."""
    old = pl.green
    i = old.index(c)
    green = old[:i] + old[i + 1:]
    pl.green = green
    if pl.gsum_of is old:
        g = T.gcode[c]
        if (g == G_STAR or g == G_FLEX or g == G_AD) and c not in green:
            pl.gsum = _summary_lost(T, pl.gsum, green, c)
            pl.gsum_of = green


def _lost(T: Tables, prev: tuple[int, ...], green: tuple[int, ...]) -> int:
    """The plain star, flex star or ad that ``prev`` held once and ``green`` is ``prev`` without, or -1
    (another change: ``player_summary`` makes the summary afresh)."""
    n = len(green)
    i = 0
    while i < n and green[i] == prev[i]:
        i += 1
    c = prev[i]
    g = T.gcode[c]
    if (g != G_STAR and g != G_FLEX and g != G_AD) or green[i:] != prev[i + 1:] or c in green:
        return -1
    return c


def _summary_lost(T: Tables, summary: Summary, green: tuple[int, ...], c: int) -> Summary:
    """``summary`` without a card ``c`` it held once, for the green room ``green`` left: only for a
    plain star, flex star or ad, which count in one total, set one attachment-class bit and
    have one ``attach:`` key (any other card: -1 from ``_lost``, the summary is made afresh)."""
    ns, nf, na, iv, spon, usable, dbl, ca, sd, ens, pc, e_ens, e_spon, present, keys = summary
    g = T.gcode[c]
    if g == G_STAR:
        ns -= 1
    elif g == G_AD:
        na -= 1
    else:
        nf -= 1
    acls = T.acls
    a = acls[c]
    for d in green:
        if acls[d] == a:
            break
    else:
        present &= ~(1 << a)  # no other card of its class left
    i = keys.index(T.k_attach[c])
    return ns, nf, na, iv, spon, usable, dbl, ca, sd, ens, pc, e_ens, e_spon, present, keys[:i] + keys[i + 1:]


def _green_summary(T: Tables, green: tuple[int, ...]) -> Summary:
    if green:
        # Most often the green room only gained a card since its summary was last made.
        prev = T.green_cache.get(green[:-1])
        c = green[-1]
        if prev is not None and green.count(c) == 1:
            return _summary_add(T, prev, c, True)
    summary = EMPTY_SUMMARY
    seen: set[int] = set()
    for c in green:
        summary = _summary_add(T, summary, c, c not in seen)  # a card twice: its attach key once
        seen.add(c)
    return summary


def _summary_add(T: Tables, summary: Summary, c: int, key: bool) -> Summary:
    """``summary`` with card ``c`` added (its ``attach:`` key too when ``key``)."""
    ns, nf, na, iv, spon, usable, dbl, ca, sd, ens, pc, e_ens, e_spon, present, keys = summary
    g = T.gcode[c]
    if g == G_STAR:
        ns += 1
    elif g == G_AD:
        na += 1
    elif g == G_FLEX:
        nf += 1
    elif g == G_IV:
        ns += 1
        iv = True
    elif g == G_USE:
        usable = True
    elif g == G_SPON:
        spon = True
        if e_spon < 0:
            e_spon = c
    elif g == G_CA:
        ca += T.amount[c]
    elif g == G_SD:
        sd += T.amount[c]
    elif g == G_DBL:
        dbl = True
    elif g == G_ENS:
        if e_ens < 0:
            e_ens = c
            ens = T.extra[c]
    elif g == G_PC:
        pc += T.amount[c]
    a = T.acls[c]
    if a >= 0:
        present |= 1 << a
        if key:
            keys = keys + (T.k_attach[c],)
    return ns, nf, na, iv, spon, usable, dbl, ca, sd, ens, pc, e_ens, e_spon, present, keys


def _discard_used(s: NetState, p: int, cid: int) -> None:
    s.players[p].green = _without(s.players[p].green, cid)
    s.discards[NET].append(cid)  # NET-AMB-11
