"""1. Development Phase (000): 1.1 Player tokens on action sections (PT-DEV, PT-ACT) and
bidding spaces (PT-BID), with Public Relations' picks (PT-ACT-10..15); 1.2 Resolve Bidding, the
winners' cards and the outbid tokens (PT-RES); 1.3 Change Turn Order (PT-TO).
"""

from __future__ import annotations

from primetime.games.prime_time.cards import COLOURS, GOLD
from primetime.games.prime_time.rules.core import AMOUNT_KEYS, DAY_KEYS, KINDS, SHOWS, TALENTS, Rules, amount_key, bonds_on, name, pname, pool_total, rules
from primetime.games.prime_time.rules.money import can_pay, gain_vp, pay, take_rerun
from primetime.games.prime_time.state import PTState

# ----------------------------------------------------------------------------- 1.1 place player tokens


def begin_round(s: PTState) -> None:
    """1.1 Place Player tokens (PT-DEV-01)."""
    s.phase = "dev"
    for pl in s.players:
        pl.tokens = rules(s).tokens
    s.dev_pos = 0
    if s.log is not None:
        s.say(f"Round {s.round} begins.")
    s.stack.append(("dev",))


def step_dev(s: PTState) -> None:
    """Next token placement in turn order; a token with no legal placement comes back (PT-DEV-08)."""
    n = s.n
    for k in range(n):
        i = (s.dev_pos + k) % n
        p = s.order[i]
        if s.players[p].tokens > 0:
            s.dev_pos = (i + 1) % n
            s.stack.append(("dev",))
            if can_place(s, p):
                s.stack.append(("place", p))
            else:
                s.players[p].tokens -= 1
                if s.log is not None:
                    s.say(f"{pname(p)} has no legal placement; the token is returned unused.")
            return
    s.stack.append(("resolve",))


def rd_ok(s: PTState, p: int) -> bool:
    """PT-ACT-01: $1 and at most one token per player."""
    return p not in s.rd and can_pay(s, p, rules(s).rd_cost)


def pr_add_ok(s: PTState) -> bool:
    """PT-ACT-15: a cube anywhere in the Forecast or the daily pools."""
    for d in range(s.days):
        if pool_total(s, d):
            return True
        for row in s.forecast:
            if row[d] >= 0:
                return True
    return False


def pr_swap_ok(s: PTState) -> bool:
    """PT-ACT-15: two different daily pools that each hold a cube."""
    return sum(1 for d in range(s.days) if pool_total(s, d)) >= 2


def bid_floor(s: PTState, kind: int, i: int, p: int) -> int:
    """The lowest legal bid of ``p`` on card space ``i`` or -1 (PT-BID-02..05, PT-BID-10)."""
    c = s.spaces[kind][i]
    if c < 0:
        return -1
    R = rules(s)
    tier = s.cat.tier[c]
    bids = s.bids[kind][i]
    if len(bids) >= R.slots[tier]:
        return -1  # every bidding space under the card is taken
    lo = s.cat.min_bid[c]
    if bids:
        if bids[-1][0] == p:
            return -1  # PT-BID-04: no outbidding your own token
        lo = max(lo, bids[-1][1] + 1)
    return lo if lo <= R.cap[tier] else -1


def action_options(s: PTState, p: int) -> list[str]:
    """Action sections open to ``p`` now (PT-ACT-16)."""
    return _action_options(s, p, rules(s))


def _action_options(s: PTState, p: int, R: Rules) -> list[str]:
    out = []
    if p not in s.rd and (s.players[p].cash >= R.rd_cost or bonds_on(s)):  # rd_ok
        out.append("rd")
    if len(s.archives) < R.archives and s.reruns > 0:  # PT-ACT-04
        out.append("archives")
    if len(s.golf) < R.golf:
        out.append("golf")
    if len(s.pr) < R.pr and pr_add_ok(s):
        out.append("pr")
    hr_keys = R.hr_keys
    for t in s.players[p].talents:  # PT-ACT-08: HR needs a talent in hand
        out.append(hr_keys[t])
    return out


BID_KEYS = tuple(tuple(f"bid:{k}:{i}" for i in range(16)) for k in KINDS)


def place_options(s: PTState, p: int) -> list[str]:
    """PT-DEV-02: an action section, or a bidding space where a legal bid can be paid."""
    R = rules(s)
    out = _action_options(s, p, R)
    _bid_places(s, p, R, 99 if bonds_on(s) else s.players[p].cash, out, False)
    return out


def can_place(s: PTState, p: int) -> bool:
    """Is ``place_options`` non-empty?  The same tests, stopping at the first open place."""
    R = rules(s)
    pl = s.players[p]
    bonds = bonds_on(s)
    if (p not in s.rd and (pl.cash >= R.rd_cost or bonds)) or (len(s.archives) < R.archives and s.reruns > 0) or len(s.golf) < R.golf:
        return True
    if (len(s.pr) < R.pr and pr_add_ok(s)) or pl.talents:
        return True
    out: list[str] = []
    _bid_places(s, p, R, 99 if bonds else pl.cash, out, True)
    return len(out) > 0


def _bid_places(s: PTState, p: int, R: Rules, cash: int, out: list[str], first: bool) -> None:
    """Append to ``out`` the key of every bidding space where ``p`` can pay a legal bid with ``cash``
    (PT-DEV-02), shows first; only the first one if ``first``."""
    cat = s.cat
    tier, min_bid = cat.tier, cat.min_bid
    slots, cap = R.slots, R.cap
    for kind in (SHOWS, TALENTS):
        keys = BID_KEYS[kind]
        bids_k = s.bids[kind]
        spaces = s.spaces[kind]
        for i, c in enumerate(spaces):
            if c < 0:
                continue
            t = tier[c]
            bids = bids_k[i]
            lo = min_bid[c]
            if bids:  # same test as bid_floor, inlined for speed
                last = bids[-1]
                if len(bids) >= slots[t] or last[0] == p:
                    continue
                if last[1] >= lo:
                    lo = last[1] + 1
            if lo <= cap[t] and lo <= cash:
                out.append(keys[i])
                if first:
                    return


def do_action(s: PTState, p: int, key: str) -> None:
    """Put a token on an action section and resolve it at once (PT-DEV-05, PT-ACT)."""
    R = rules(s)
    pl = s.players[p]
    if key == "rd":
        pay(s, p, R.rd_cost)
        s.rd.append(p)  # PT-ACT-01: on top of the stack
        if s.log is not None:
            s.say(f"{pname(p)} pays ${R.rd_cost} and goes to R&D.")
    elif key == "archives":
        s.archives.append(p)
        take_rerun(s, p)
        if s.log is not None:
            s.say(f"{pname(p)} visits the Archives and takes a Re-Run.")
    elif key == "golf":
        s.golf.append(p)
        gain_vp(s, p, R.golf_vp, "golf")
        if s.log is not None:
            s.say(f"{pname(p)} plays golf: +{R.golf_vp} VP.")
    elif key == "pr":
        s.pr.append(p)
        s.stack.append(("pr", p))
    elif key.startswith("hr:"):
        t = s.cat.by_id[key[3:]]
        s.hr.append(p)
        pl.talents.remove(t)
        pl.facedown.append(t)  # PT-ACT-06/07: loaned face down until the next season
        tier = s.cat.tier[t]
        pl.cash += R.hr[tier]
        if s.log is not None:
            s.say(f"{pname(p)} loans a {'Gold' if tier == GOLD else 'Silver'} talent through HR for ${R.hr[tier]}.")
    else:
        raise AssertionError(key)


def amount_options(s: PTState, p: int, kind: int, i: int) -> list[str]:
    lo = bid_floor(s, kind, i, p)
    hi = rules(s).cap[s.cat.tier[s.spaces[kind][i]]]
    if not bonds_on(s):
        hi = min(hi, s.players[p].cash)
    if 0 <= lo and hi < len(AMOUNT_KEYS):
        return list(AMOUNT_KEYS[lo:hi + 1])  # amount_key(v) for each v, made once
    return [amount_key(v) for v in range(lo, hi + 1)]


def place_bid(s: PTState, p: int, kind: int, i: int, amount: int) -> None:
    """PT-BID-06/08: the money goes on the card; the previous high bidder takes theirs back."""
    pay(s, p, amount)
    bids = s.bids[kind][i]
    c = s.spaces[kind][i]
    if bids:
        q, a = bids[-1]
        s.players[q].cash += a
        if s.log is not None:
            s.say(f"{pname(p)} bids ${amount} on {name(s, c)}, outbidding {pname(q)} (${a} returned).")
    elif s.log is not None:
        s.say(f"{pname(p)} bids ${amount} on {name(s, c)}.")
    bids.append((p, amount))


# ----------------------------------------------------------------------------- public relations


def pr_options(s: PTState) -> list[str]:
    out = []
    if pr_add_ok(s):
        out.append("add")
    if pr_swap_ok(s):
        out.append("swap")
    return out


POOL_KEYS = tuple(tuple(f"pool:{d}:{c}" for c in COLOURS) for d in DAY_KEYS)
FORECAST_KEYS = tuple(tuple(f"forecast:{r}:{d}" for d in DAY_KEYS) for r in range(3))
TO_KEYS = tuple(f"to:{d}" for d in DAY_KEYS)


def pr_add_options(s: PTState) -> list[str]:
    """PT-ACT-10 / PT-AMB-38: any Forecast space (any row) or any cube of a daily pool."""
    out = []
    for r, row in enumerate(s.forecast):
        for d in range(s.days):
            if row[d] >= 0:
                out.append(FORECAST_KEYS[r][d] if r < 3 else f"forecast:{r}:{DAY_KEYS[d]}")
    for d in range(s.days):
        pool = s.pools[d]
        keys = POOL_KEYS[d]
        for c in range(6):
            if pool[c]:
                out.append(keys[c])
    return out


def pr_to_options(s: PTState, src_day: int) -> list[str]:
    """Any daily pool of a day in use (PT-ACT-14), other than the cube's own pool."""
    return [TO_KEYS[d] for d in range(s.days) if d != src_day]


def pool_options(s: PTState, skip_day: int = -1) -> list[str]:
    out = []
    for d in range(s.days):
        if d == skip_day:
            continue
        pool = s.pools[d]
        keys = POOL_KEYS[d]
        for c in range(6):
            if pool[c]:
                out.append(keys[c])
    return out


# ----------------------------------------------------------------------------- 1.2 resolve bidding


def step_resolve(s: PTState) -> None:
    """PT-RES-01/02: winners take their cards, Shows left to right, then Talents; then the
    outbid tokens are handled in the same card order, highest earlier bid first (PT-RES-09)."""
    s.phase = "bids"
    queue: list[tuple[int, int, int, int]] = []
    for kind in (SHOWS, TALENTS):
        for i, c in enumerate(s.spaces[kind]):
            bids = s.bids[kind][i]
            if c < 0 or not bids:
                continue
            p, amt = bids[-1]
            hand = s.players[p].shows if kind == SHOWS else s.players[p].talents
            hand.append(c)
            s.spaces[kind][i] = -1
            if s.log is not None:
                s.say(f"{pname(p)} wins {name(s, c)} for ${amt}.")
            for q, a in sorted(bids[:-1], key=lambda b: -b[1]):
                queue.append((q, kind, i, a))
    for kind in (SHOWS, TALENTS):
        for bl in s.bids[kind]:
            bl.clear()
    s.stack.append(("order",))
    for q, kind, i, a in reversed(queue):
        s.stack.append(("outbid", q, kind, i, a))


BUY_KEYS = tuple(tuple(f"buy:{k}:{i}" for i in range(16)) for k in KINDS)


def outbid_options(s: PTState, p: int) -> list[str]:
    """PT-RES-03..06: buy a remaining card at the lowest bidding space, use an action, or not."""
    R = rules(s)
    out = []
    tier = s.cat.tier
    fallback = R.fallback
    cash = s.players[p].cash
    bonds = bonds_on(s)
    for kind in (SHOWS, TALENTS):
        keys = BUY_KEYS[kind]
        spaces = s.spaces[kind]
        for i in range(len(spaces)):
            c = spaces[i]
            if c >= 0 and (cash >= fallback[tier[c]] or bonds):  # can_pay
                out.append(keys[i] if i < 16 else f"buy:{KINDS[kind]}:{i}")
    out += _action_options(s, p, R)
    out.append("none")
    return out


# ----------------------------------------------------------------------------- 1.3 change turn order


def step_order(s: PTState) -> None:
    """1.3 Change Turn order (PT-TO-01..05)."""
    rd = list(reversed(s.rd))  # top of the stack first
    if rd:
        s.order = rd + [p for p in s.order if p not in rd]
        if s.log is not None:
            s.say("New turn order: " + ", ".join(pname(p) for p in s.order) + ".")
    s.stack.append(("broadcast",))
