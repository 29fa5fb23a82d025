"""Rules of Prime Time.

The state holds a stack of pending steps (flat tuples).  ``advance`` resolves automatic
steps until a decision step is on top; ``legal`` lists the option keys of that decision and
``apply`` resolves one.  Comments cite the rulebook (``000``, i.e. the seed file
``000_ebc6460c85c7affb.txt``) and the checklist IDs (``PT-...``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from primetime.core.rng import Rng
from primetime.games.prime_time.cards import (
    ANY,
    BLACK,
    COLOURS,
    GENRES,
    GOLD,
    MINI,
    SINGLE,
    SPACE_COLOURS,
    BoardFile,
    Catalogue,
)
from primetime.games.prime_time.state import NOSHOW, RERUN, VP_SOURCES, Player, PTState, Slot

DAY_KEYS = ("mon", "tue", "wed", "thu", "fri")
DAY_NAMES = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday")
KINDS = ("show", "talent")
SHOWS, TALENTS = 0, 1
ROW_NAMES = ("lower", "middle", "top")
COLOUR_INDEX = {c: i for i, c in enumerate(COLOURS)}
SPACE_INDEX = {c: i for i, c in enumerate(SPACE_COLOURS)}
DAY_INDEX = {d: i for i, d in enumerate(DAY_KEYS)}
SRC = {name: i for i, name in enumerate(VP_SOURCES)}

# Decision steps; everything else on the stack is resolved automatically.
DECISIONS = frozenset({"keep", "place", "amount", "pr", "pr_add", "pr_to", "pr_swap", "pr_swap2",
                       "outbid", "sched", "cube"})


class Rules:
    """The board's numbers for one player count, flattened for the hot path."""

    def __init__(self, b: BoardFile, n: int) -> None:
        two = n == 2
        g, a, aw = b.game, b.actions, b.awards
        self.days = g.days_2p if two else g.days  # PT-2P-01
        self.tokens = g.tokens
        self.rounds = g.rounds
        self.season = g.season_rounds
        self.start_cash = g.starting_cash
        self.draw = g.starting_draw
        self.keep = g.starting_keep
        self.bonus = list(g.turn_order_bonus[:n])  # PT-PSETUP-05 / PT-AMB-01: first N values
        self.cash_per_cube = g.cash_per_cube
        self.dollars_per_vp = g.dollars_per_vp
        self.hot_max = g.hotness_max
        self.pool_start = b.cubes.pool_start
        self.rows = b.cubes.forecast_rows
        self.cube_counts = [b.cubes.counts.get(c, 0) for c in COLOURS]
        self.cap = (b.bidding.cap.silver, b.bidding.cap.gold)
        self.fallback = (b.bidding.fallback.silver, b.bidding.fallback.gold)
        self.slots = (b.bidding.slots.silver, b.bidding.slots.gold)
        tiers = ("silver", "gold")
        self.space_tier = [[tiers.index(sp.tier) for sp in b.show_space], [tiers.index(sp.tier) for sp in b.talent_space]]
        # PT-2P-04 / PT-SETUP-07: spaces with the 2-player icon are closed in a 2-player game.
        self.space_open = [[not (two and sp.two_player) for sp in b.show_space],
                           [not (two and sp.two_player) for sp in b.talent_space]]
        self.rd_cost = a.rd_cost
        self.archives = a.archives_2p if two else a.archives
        self.golf = a.golf_2p if two else a.golf  # PT-2P-03
        self.golf_vp = a.golf_vp
        self.pr = a.pr_2p if two else a.pr
        self.hr = (a.hr.silver, a.hr.gold)
        self.hot_vp = aw.hotness_vp_2p if two else aw.hotness_vp  # PT-2P-05
        self.most_talents = list(aw.most_talents)
        self.best_show = list(aw.best_show)
        self.variety_vp = aw.variety_vp
        self.bond_vp = aw.bond_vp
        self.variety_need = b.variety.genres_2p if two else b.variety.genres  # PT-2P-06
        self.variety_tokens = b.variety.tokens
        self.clients = b.clients_per_round
        self.certificates = sorted(b.bonds.certificates)


def rules(s: PTState) -> Rules:
    r = s.cat.cache.get(s.n)
    if r is None:
        assert s.cat.board is not None
        r = s.cat.cache[s.n] = Rules(s.cat.board, s.n)
    return r  # type: ignore[no-any-return]


# ----------------------------------------------------------------------------- names


def pname(p: int) -> str:
    """A player token in log lines; views and labels replace it with the player's name."""
    return f"{{P{p + 1}}}"


def name(s: PTState, c: int) -> str:
    return s.cat.names[c]


def show_name(s: PTState, show: int) -> str:
    if show == RERUN:
        assert s.cat.rerun is not None
        return s.cat.rerun.name
    if show == NOSHOW:
        return "(canceled show)"
    return s.cat.names[show]


def bonds_on(s: PTState) -> bool:
    return bool(s.opts.get("bonds"))


# ----------------------------------------------------------------------------- setup


def new_state(cat: Catalogue, opts: dict[str, Any], seed: int, n: int) -> PTState:
    """Set up a game (000, Setup - Game Board / Setup - Players; PT-SETUP, PT-PSETUP)."""
    s = PTState.__new__(PTState)
    s.cat, s.opts, s.n = cat, opts, n
    R = rules(s)
    s.days = R.days
    s.rng = rng = Rng(seed)
    s.log = [] if opts.get("log", True) else None
    s.final = None
    s.phase = "setup"
    s.round = 1  # PT-SETUP-01
    # PT-SETUP-02/03: three character decks, shuffled, top card face up; Min Bonds only with Bonds.
    s.br_decks, s.br_up, s.br_disc, s.br_box = [], [], [], []
    for deck in cat.br_decks:
        cards = [b for b in deck if bonds_on(s) or not cat.boardroom[b].bonds_only]
        s.br_box += [b for b in deck if b not in cards]
        rng.shuffle(cards)
        s.br_up.append(cards.pop())
        s.br_decks.append(cards)
    # PT-SETUP-04..07: shuffle both decks and fill the card spaces.
    s.show_deck = list(range(cat.n_shows))
    s.tal_deck = list(range(cat.n_shows, cat.n_cards))
    rng.shuffle(s.show_deck)
    rng.shuffle(s.tal_deck)
    s.show_disc, s.tal_disc = [], []
    s.spaces = [[-1] * len(R.space_tier[0]), [-1] * len(R.space_tier[1])]
    s.bids = [[[] for _ in R.space_tier[0]], [[] for _ in R.space_tier[1]]]
    fill_spaces(s)
    # PT-SETUP-08: shuffle the clients and put 2 on the board.
    s.client_pile = list(range(len(cat.clients)))
    rng.shuffle(s.client_pile)
    s.client_disc, s.clients = [], []
    draw_clients(s)
    # PT-SETUP-10..13: the bag, 3 cubes per daily pool, 1 cube per Forecast space.
    s.bag = list(R.cube_counts)
    s.pools = [[0] * 6 for _ in range(5)]
    s.forecast = [[-1] * 5 for _ in range(R.rows)]
    for d in range(s.days):
        for _ in range(R.pool_start):
            c = draw_cube(s)
            if c >= 0:
                s.pools[d][c] += 1
    for r in range(R.rows):
        for d in range(s.days):
            s.forecast[r][d] = draw_cube(s)
    assert cat.rerun is not None
    s.reruns = cat.rerun.count
    s.variety = R.variety_tokens
    s.rd, s.archives, s.golf, s.pr, s.hr = [], [], [], [], []
    s.players = [Player(s.days) for _ in range(n)]
    # PT-PSETUP-02: a random turn order.
    s.order = list(range(n))
    rng.shuffle(s.order)
    # PT-PSETUP-03 / PT-SETUP-14: deal 3 shows each from what is left of the deck.
    for p in s.order:
        for _ in range(R.draw):
            c = draw_card(s, SHOWS)
            if c >= 0:
                s.players[p].offer.append(c)
    s.dev_pos = 0
    s.alloc = [0] * n
    s.passed = [False] * n
    s.hot_clock = 0
    s.screen = None
    s.stack = [("start",)] + [("keep", p) for p in reversed(s.order)]
    if s.log is not None:
        s.say("Setup: " + ", ".join(pname(p) for p in s.order) + " in turn order.")
    advance(s)
    return s


def draw_cube(s: PTState) -> int:
    """Draw one cube at random from the bag (PT-COMP-04); -1 if it is empty."""
    bag = s.bag
    total = bag[0] + bag[1] + bag[2] + bag[3] + bag[4] + bag[5]
    if total == 0:
        return -1
    r = s.rng.below(total)
    for c in range(6):
        if r < bag[c]:
            bag[c] -= 1
            return c
        r -= bag[c]
    raise AssertionError("unreachable")


def draw_card(s: PTState, kind: int) -> int:
    """Top card of the Show or Talent deck, reshuffling the discards if empty (PT-NEXT-03)."""
    deck = s.show_deck if kind == SHOWS else s.tal_deck
    if not deck:
        disc = s.show_disc if kind == SHOWS else s.tal_disc
        if not disc:
            return -1
        deck.extend(disc)
        disc.clear()
        s.rng.shuffle(deck)
        if s.log is not None:
            s.say(f"The {KINDS[kind]} discards are shuffled into a new deck.")
    return deck.pop()


def fill_spaces(s: PTState) -> None:
    """PT-SETUP-05/06, PT-NEXT-02: each card goes to the leftmost vacant space of its tier.

    A card with no vacant space of its tier is discarded.  Filling stops when every card
    left in the deck and the discards has been tried since the last placement (PT-AMB-35).
    """
    R = rules(s)
    cat = s.cat
    for kind in (SHOWS, TALENTS):
        spaces = s.spaces[kind]
        tiers = R.space_tier[kind]
        vacant = [i for i, c in enumerate(spaces) if c < 0 and R.space_open[kind][i]]
        deck = s.show_deck if kind == SHOWS else s.tal_deck
        disc = s.show_disc if kind == SHOWS else s.tal_disc
        tried: set[int] = set()
        while vacant:
            c = draw_card(s, kind)
            if c < 0:
                break
            t = cat.tier[c]
            spot = -1
            for i in vacant:
                if tiers[i] == t:
                    spot = i
                    break
            if spot >= 0:
                spaces[spot] = c
                vacant.remove(spot)
                tried.clear()
            else:
                disc.append(c)
                tried.add(c)
                if len(tried) >= len(deck) + len(disc):
                    break


def draw_clients(s: PTState) -> None:
    """PT-SETUP-08 / PT-NEXT-04: 2 client tokens onto the board."""
    for _ in range(rules(s).clients):
        if s.client_pile:
            s.clients.append(s.client_pile.pop())


# ----------------------------------------------------------------------------- money, VP, re-runs


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


# ----------------------------------------------------------------------------- rounds


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
            if place_options(s, p):
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


def pool_total(s: PTState, d: int) -> int:
    pool = s.pools[d]
    return pool[0] + pool[1] + pool[2] + pool[3] + pool[4] + pool[5]


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
    R = rules(s)
    out = []
    if rd_ok(s, p):
        out.append("rd")
    if len(s.archives) < R.archives and s.reruns > 0:  # PT-ACT-04
        out.append("archives")
    if len(s.golf) < R.golf:
        out.append("golf")
    if len(s.pr) < R.pr and pr_add_ok(s):
        out.append("pr")
    ids = s.cat.ids
    for t in s.players[p].talents:  # PT-ACT-08: HR needs a talent in hand
        out.append(f"hr:{ids[t]}")
    return out


BID_KEYS = tuple(tuple(f"bid:{k}:{i}" for i in range(16)) for k in KINDS)


def place_options(s: PTState, p: int) -> list[str]:
    """PT-DEV-02: an action section, or a bidding space where a legal bid can be paid."""
    out = action_options(s, p)
    R = rules(s)
    cash = 99 if bonds_on(s) else s.players[p].cash
    tier, min_bid = s.cat.tier, s.cat.min_bid
    slots, cap = R.slots, R.cap
    for kind in (SHOWS, TALENTS):
        keys = BID_KEYS[kind]
        bids_k = s.bids[kind]
        for i, c in enumerate(s.spaces[kind]):
            if c < 0:
                continue
            t = tier[c]
            bids = bids_k[i]
            lo = min_bid[c]
            if bids:  # same test as bid_floor, inlined for speed
                if len(bids) >= slots[t] or bids[-1][0] == p:
                    continue
                if bids[-1][1] >= lo:
                    lo = bids[-1][1] + 1
            if lo <= cap[t] and lo <= cash:
                out.append(keys[i])
    return out


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
    return [f"amt:{v}" for v in range(lo, hi + 1)]


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


def pr_add_options(s: PTState) -> list[str]:
    """PT-ACT-10 / PT-AMB-38: any Forecast space (any row) or any cube of a daily pool."""
    out = []
    for r, row in enumerate(s.forecast):
        for d in range(s.days):
            if row[d] >= 0:
                out.append(f"forecast:{r}:{DAY_KEYS[d]}")
    for d in range(s.days):
        pool = s.pools[d]
        for c in range(6):
            if pool[c]:
                out.append(f"pool:{DAY_KEYS[d]}:{COLOURS[c]}")
    return out


def pr_to_options(s: PTState, src_day: int) -> list[str]:
    """Any daily pool of a day in use (PT-ACT-14), other than the cube's own pool."""
    return [f"to:{DAY_KEYS[d]}" for d in range(s.days) if d != src_day]


def pool_options(s: PTState, skip_day: int = -1) -> list[str]:
    out = []
    for d in range(s.days):
        if d == skip_day:
            continue
        pool = s.pools[d]
        for c in range(6):
            if pool[c]:
                out.append(f"pool:{DAY_KEYS[d]}:{COLOURS[c]}")
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


def outbid_options(s: PTState, p: int) -> list[str]:
    """PT-RES-03..06: buy a remaining card at the lowest bidding space, use an action, or not."""
    R = rules(s)
    out = []
    for kind in (SHOWS, TALENTS):
        for i, c in enumerate(s.spaces[kind]):
            if c >= 0 and can_pay(s, p, R.fallback[s.cat.tier[c]]):
                out.append(f"buy:{KINDS[kind]}:{i}")
    out += action_options(s, p)
    out.append("none")
    return out


def step_order(s: PTState) -> None:
    """1.3 Change Turn order (PT-TO-01..05)."""
    rd = list(reversed(s.rd))  # top of the stack first
    if rd:
        s.order = rd + [p for p in s.order if p not in rd]
        if s.log is not None:
            s.say("New turn order: " + ", ".join(pname(p) for p in s.order) + ".")
    s.stack.append(("broadcast",))


# ----------------------------------------------------------------------------- 2.1 / 2.2


def step_broadcast(s: PTState) -> None:
    """2.1 Forecast (PT-BCAST-01/02), then 2.2 schedules in turn order (PT-BCAST-03)."""
    R = rules(s)
    row = (s.round - 1) % R.season  # rounds 1 & 4: lower row, 2 & 5: middle, 3 & 6: top
    moved = 0
    for d in range(s.days):
        c = s.forecast[row][d]
        if c >= 0:
            s.pools[d][c] += 1
            s.forecast[row][d] = -1
            moved += 1
    if s.log is not None:
        s.say(f"Forecast: {moved} cube(s) from the {ROW_NAMES[row] if row < 3 else row} row join the daily pools.")
    for pl in s.players:
        for sl in pl.guide:
            if sl is not None:
                sl.new = False
    s.phase = "schedule"
    if s.opts.get("simultaneous"):
        # PT-SIM-01/02: screens up; views show every guide as it stood before scheduling.
        s.screen = [([g.copy() if g is not None else None for g in pl.guide], (len(pl.shows), len(pl.talents), pl.reruns))
                    for pl in s.players]
    s.stack.append(("ratings",))
    for p in reversed(s.order):
        s.stack.append(("sched", p, 0))


def sched_options(s: PTState, p: int, mask: int) -> list[str]:
    """PT-BCAST-05..14: one pick of a schedule submission."""
    cat = s.cat
    ids = cat.ids
    pl = s.players[p]
    guide = pl.guide
    days = s.days
    empty = [d for d in range(days) if guide[d] is None]
    out = []
    for c in pl.shows:  # PT-BCAST-14: new shows only on free days
        for d in empty:
            out.append(f"show:{ids[c]}:{DAY_KEYS[d]}")
    if pl.reruns:  # PT-BCAST-08
        for d in empty:
            out.append(f"rerun:{DAY_KEYS[d]}")
    if pl.talents:
        for d in range(days):
            sl = guide[d]
            if sl is None or sl.show < 0 or cat.dur[sl.show] == SINGLE:
                continue  # PT-BCAST-06: talents only on Series and Mini-Series
            types = [cat.ttype[x] for x in sl.talents]
            for t in pl.talents:
                if cat.ttype[t] not in types:  # PT-BCAST-07
                    out.append(f"talent:{ids[t]}:{DAY_KEYS[d]}")
    used = bin(mask).count("1")
    if used < 2:  # PT-BCAST-09: move up to 2 shows already on the guide
        for d in range(days):
            sl = guide[d]
            if sl is None or sl.show < 0 or sl.new or mask >> d & 1:
                continue
            for e in range(days):
                if e == d:
                    continue
                o = guide[e]
                if o is None:
                    out.append(f"move:{DAY_KEYS[d]}:{DAY_KEYS[e]}")
                elif e > d and used == 0 and o.show >= 0 and not o.new:
                    out.append(f"move:{DAY_KEYS[d]}:{DAY_KEYS[e]}")  # PT-AMB-32: a swap moves both
    out.append("done")
    return out


def new_slot(s: PTState, show: int) -> Slot:
    sp = s.cat.rerun_spaces if show == RERUN else s.cat.spaces[show]
    return Slot(show, [], [[-1] * len(sp)], True)


def apply_sched(s: PTState, p: int, mask: int, key: str) -> None:
    pl = s.players[p]
    cat = s.cat
    secret = bool(s.opts.get("simultaneous"))
    parts = key.split(":")
    head = parts[0]
    if head == "done":
        s.stack.pop()
        if s.log is not None:
            s.say(f"{pname(p)} submits a schedule" + (" (hidden until everyone has submitted)." if secret else "."))
        return
    if head == "show":
        c = cat.by_id[parts[1]]
        d = DAY_INDEX[parts[2]]
        pl.shows.remove(c)
        pl.guide[d] = new_slot(s, c)
        if not secret and s.log is not None:
            s.say(f"{pname(p)} schedules {name(s, c)} on {DAY_NAMES[d]}.")
    elif head == "rerun":
        d = DAY_INDEX[parts[1]]
        pl.reruns -= 1
        pl.guide[d] = new_slot(s, RERUN)
        if not secret and s.log is not None:
            s.say(f"{pname(p)} schedules a Re-Run on {DAY_NAMES[d]}.")
    elif head == "talent":
        t = cat.by_id[parts[1]]
        d = DAY_INDEX[parts[2]]
        sl = pl.guide[d]
        assert sl is not None
        pl.talents.remove(t)
        sl.talents.append(t)
        sl.cubes.append([-1] * len(cat.spaces[t]))
        if not secret and s.log is not None:
            s.say(f"{pname(p)} hires {name(s, t)} for {show_name(s, sl.show)}.")
    elif head == "move":
        d, e = DAY_INDEX[parts[1]], DAY_INDEX[parts[2]]
        a, b = pl.guide[d], pl.guide[e]
        pl.guide[d], pl.guide[e] = b, a
        mask |= 1 << e
        if b is not None:
            mask |= 1 << d
        s.stack[-1] = ("sched", p, mask)
        if not secret and s.log is not None:
            assert a is not None
            s.say(f"{pname(p)} moves {show_name(s, a.show)} to {DAY_NAMES[e]}"
                  + (f" and {show_name(s, b.show)} to {DAY_NAMES[d]}." if b is not None else "."))


def step_ratings(s: PTState) -> None:
    """2.3 Ratings War, day by day (PT-RATE-01); reveal hidden schedules first (PT-SIM-01)."""
    if s.screen is not None:
        s.screen = None
        if s.log is not None:
            s.say("All schedules are revealed.")
            for p in s.order:
                s.say(f"{pname(p)}: " + guide_text(s, p))
    s.phase = "ratings"
    s.stack.append(("post",))
    for d in reversed(range(s.days)):
        s.stack.append(("day", d))


def guide_text(s: PTState, p: int) -> str:
    parts = []
    for d, sl in enumerate(s.players[p].guide):
        if sl is None:
            continue
        t = show_name(s, sl.show)
        if sl.talents:
            t += " with " + ", ".join(name(s, x) for x in sl.talents)
        parts.append(f"{DAY_NAMES[d]}: {t}")
    return "; ".join(parts) or "nothing scheduled"


# ----------------------------------------------------------------------------- 2.3 ratings war


def potential(s: PTState, sl: Slot | None) -> int:
    """PT-RATE-02: stars on the show and its talents + 1 per genre-matching talent."""
    if sl is None or sl.show < 0:
        return 0
    cat = s.cat
    g = cat.genre[sl.show]
    v = cat.stars[sl.show]
    for t in sl.talents:
        v += cat.stars[t]
        if cat.genre[t] == g:
            v += 1
    return v


def card_spaces(s: PTState, sl: Slot, i: int) -> tuple[int, ...]:
    if i == 0:
        if sl.show == RERUN:
            return s.cat.rerun_spaces
        if sl.show == NOSHOW:
            return ()
        return s.cat.spaces[sl.show]
    return s.cat.spaces[sl.talents[i - 1]]


def can_take(s: PTState, p: int, d: int) -> bool:
    """PT-RATE-05: is there a cube in the day's pool that ``p`` can place?"""
    sl = s.players[p].guide[d]
    if sl is None:
        return False
    pool = s.pools[d]
    black = pool[BLACK] > 0
    for i, filled in enumerate(sl.cubes):
        sp = card_spaces(s, sl, i)
        for k, col in enumerate(filled):
            if col < 0:
                x = sp[k]
                if black or x == ANY or pool[x]:
                    return True
    return False


def cube_options(s: PTState, p: int, d: int, stage: int) -> list[str]:
    """PT-RATE-04/09: take one cube of the day's pool onto one of the day's cards."""
    sl = s.players[p].guide[d]
    out = []
    if sl is not None:
        pool = s.pools[d]
        ids = s.cat.ids
        toks = ["rerun" if sl.show == RERUN else (ids[sl.show] if sl.show >= 0 else "")] + [ids[t] for t in sl.talents]
        spaces = [card_spaces(s, sl, i) for i in range(len(sl.cubes))]
        for col in range(6):
            if not pool[col]:
                continue
            cname = COLOURS[col]
            for i, filled in enumerate(sl.cubes):
                sp = spaces[i]
                seen = 0
                for k, f in enumerate(filled):
                    x = sp[k]
                    if f < 0 and (col == BLACK or x == ANY or x == col) and not seen >> x & 1:
                        seen |= 1 << x
                        out.append(f"cube:{cname}:{toks[i]}:{SPACE_COLOURS[x]}")
    if stage == 0:
        out.append("pass")  # PT-RATE-13: remaining allocation is optional
    return out


def apply_cube(s: PTState, p: int, d: int, stage: int, key: str) -> None:
    s.stack.pop()
    if key == "pass":
        s.passed[p] = True
        if s.log is not None:
            s.say(f"{pname(p)} passes.")
        return
    _, cname, tok, spname = key.split(":")
    col = COLOUR_INDEX[cname]
    want = SPACE_INDEX[spname]
    sl = s.players[p].guide[d]
    assert sl is not None
    if tok == "rerun" or (sl.show >= 0 and s.cat.ids[sl.show] == tok):
        i = 0
    else:
        i = 1 + [s.cat.ids[t] for t in sl.talents].index(tok)
    sp = card_spaces(s, sl, i)
    filled = sl.cubes[i]
    k = next(k for k in range(len(sp)) if filled[k] < 0 and sp[k] == want)
    filled[k] = col
    s.pools[d][col] -= 1
    if stage == 1:
        s.alloc[p] -= 1
    if s.log is not None:
        card = show_name(s, sl.show) if i == 0 else name(s, sl.talents[i - 1])
        s.say(f"{pname(p)} places a {cname} cube on {card}.")


def step_day(s: PTState, d: int) -> None:
    """PT-RATE-01/02: start a day: primary potential per player, then allocate."""
    for p in range(s.n):
        s.alloc[p] = potential(s, s.players[p].guide[d])
        s.passed[p] = False
    if s.log is not None:
        s.say(f"{DAY_NAMES[d]}: primary potential " + ", ".join(f"{pname(p)} {s.alloc[p]}" for p in s.order) + ".")
    s.stack.append(("alloc", d, 1, 0, 0))


def step_alloc(s: PTState, d: int, stage: int, pos: int, idle: int) -> None:
    """PT-RATE-04/05/07/09: players in turn order take one cube each until nobody can.

    ``stage`` 1 = primary cubes, 0 = remaining cubes; ``idle`` counts players in a row who
    could not take a cube (a full turn of them ends the stage).
    """
    n = s.n
    while True:
        if pool_total(s, d) == 0:
            return
        if idle >= n:
            if stage == 1:
                stage, pos, idle = 0, 0, 0
                continue
            return
        p = s.order[pos]
        if (s.alloc[p] > 0 if stage else not s.passed[p]) and can_take(s, p, d):
            s.stack.append(("alloc", d, stage, (pos + 1) % n, 0))
            s.stack.append(("cube", p, d, stage))
            return
        if stage:
            s.alloc[p] = 0  # PT-RATE-05: allocation left but nothing placeable: finished
        else:
            s.passed[p] = True
        idle += 1
        pos = (pos + 1) % n


# ----------------------------------------------------------------------------- 2.4 - 2.7


def cancellations(s: PTState) -> None:
    """2.4 (PT-CANC-01..05)."""
    for p in s.order:
        pl = s.players[p]
        for d, sl in enumerate(pl.guide):
            if sl is None:
                continue
            keep_t: list[int] = []
            keep_c = [sl.cubes[0]]
            for i, t in enumerate(sl.talents):
                cubes = sl.cubes[1 + i]
                if max(cubes) < 0:
                    pl.facedown.append(t)  # PT-CANC-02: face down for the rest of the season
                    if s.log is not None:
                        s.say(f"{pname(p)}'s {name(s, t)} attracted no cubes and is turned face down.")
                else:
                    keep_t.append(t)
                    keep_c.append(cubes)
            sl.talents = keep_t
            sl.cubes = keep_c
            if sl.show == NOSHOW or (sl.cubes[0] and max(sl.cubes[0]) >= 0):
                continue
            if sl.show == RERUN:
                s.reruns += 1  # PT-CANC-04: discarded to the supply, not replaced
                if s.log is not None:
                    s.say(f"{pname(p)}'s Re-Run on {DAY_NAMES[d]} attracted no cubes and is discarded.")
            else:
                s.show_disc.append(sl.show)  # PT-CANC-03
                got = take_rerun(s, p)
                if s.log is not None:
                    s.say(f"{pname(p)}'s {name(s, sl.show)} attracted no cubes and is canceled"
                          + (" (a Re-Run is drawn)." if got else " (no Re-Run left)."))
            if sl.talents:
                sl.show = NOSHOW  # PT-CANC-05: talents with cubes stay until clean up
                sl.cubes[0] = []
            else:
                pl.guide[d] = None


def requirement_met(needs: tuple[int, ...], have: list[int]) -> bool:
    """PT-CLIENT-02: black cubes cover any shortfall."""
    short = 0
    for c in range(5):
        if have[c] < needs[c]:
            short += needs[c] - have[c]
    return short <= have[BLACK]


def completion_day(s: PTState, p: int, client: int) -> int:
    """PT-CLIENT-03 / PT-AMB-14: the first day by which the cubes so far cover the client."""
    needs = s.cat.needs[client]
    have = [0] * 6
    for d, sl in enumerate(s.players[p].guide):
        if sl is None:
            continue
        for card in sl.cubes:
            for col in card:
                if col >= 0:
                    have[col] += 1
        if requirement_met(needs, have):
            return d
    return -1


def award_clients(s: PTState) -> None:
    """2.5 (PT-CLIENT-01..05)."""
    for cl in list(s.clients):
        best, best_day = -1, 99
        for p in s.order:  # ties on the day: earlier in turn order
            d = completion_day(s, p, cl)
            if d >= 0 and d < best_day:
                best, best_day = p, d
        if best >= 0:
            s.clients.remove(cl)
            s.players[best].clients.append(cl)
            cash = s.cat.clients[cl].cash
            s.players[best].cash += cash
            if s.log is not None:
                s.say(f"{pname(best)} wins the client {s.cat.clients[cl].name} (met on {DAY_NAMES[best_day]}) and ${cash}.")


def guide_genres(s: PTState, p: int) -> set[int]:
    return {s.cat.genre[sl.show] for sl in s.players[p].guide if sl is not None and sl.show >= 0}


def award_variety(s: PTState) -> None:
    """2.6 (PT-VTY-01..06)."""
    need = rules(s).variety_need
    for p in s.order:
        if len(guide_genres(s, p)) >= need and s.variety > 0:
            s.variety -= 1
            s.players[p].variety += 1
            if s.log is not None:
                s.say(f"{pname(p)} has {need} genres on the air and takes a Variety token.")


def update_hotness(s: PTState) -> None:
    """2.7 (PT-HOT-01..07): in turn order, a marker that moves goes on top of the stack."""
    top = rules(s).hot_max
    for p in s.order:
        pl = s.players[p]
        best = max((sl.n_cubes() for sl in pl.guide if sl is not None), default=0)
        best = min(best, top)
        if best > pl.hot:
            s.hot_clock += 1
            pl.hot = best
            pl.hot_seq = s.hot_clock
            if s.log is not None:
                s.say(f"{pname(p)}'s hotness rises to {best}.")


def step_post(s: PTState) -> None:
    """2.4-2.7, the Awards Ceremony (rounds 3 and 6) and the Income Phase."""
    cancellations(s)
    award_clients(s)
    award_variety(s)
    update_hotness(s)
    R = rules(s)
    if s.round % R.season == 0:
        awards(s)
    income(s)
    if s.round >= R.rounds:
        final_scoring(s)  # PT-END-01 / PT-INC-04: 4.2 and 4.3 are skipped
        return
    clean_up(s)
    next_round(s)


# ----------------------------------------------------------------------------- 3 awards


def split_places(values: list[int], places: list[int], most: bool = True) -> list[int]:
    """PT-AWARD-05 / PT-BRD-02: rank, tied entries share the sum of their places, rounded down."""
    order = sorted(range(len(values)), key=lambda i: -values[i] if most else values[i])
    out = [0] * len(values)
    pos = 0
    while pos < len(order):
        j = pos
        while j < len(order) and values[order[j]] == values[order[pos]]:
            j += 1
        total = sum(places[k] for k in range(pos, j) if k < len(places))
        for i in order[pos:j]:
            out[i] = total // (j - pos)
        pos = j
    return out


def hot_behind(s: PTState, p: int) -> int:
    """PT-AWARD-02 / PT-AMB-18: other markers lower, or above ``p`` on the same space."""
    me = s.players[p]
    k = 0
    for q, o in enumerate(s.players):
        if q != p and (o.hot < me.hot or (o.hot == me.hot and o.hot_seq > me.hot_seq)):
            k += 1
    return k


def guide_stars(s: PTState, p: int) -> int:
    cat = s.cat
    assert cat.rerun is not None
    v = 0
    for sl in s.players[p].guide:
        if sl is None:
            continue
        if sl.show >= 0:
            v += cat.stars[sl.show]
        elif sl.show == RERUN:
            v += cat.rerun.stars
        for t in sl.talents:
            v += cat.stars[t]
    return v


def single_shows(s: PTState, p: int) -> int:
    cat = s.cat
    return sum(1 for sl in s.players[p].guide
               if sl is not None and (sl.show == RERUN or (sl.show >= 0 and cat.dur[sl.show] == SINGLE)))


def metric(s: PTState, p: int, what: str) -> int:
    pl = s.players[p]
    if what == "cash":
        return pl.cash
    if what == "reruns_in_hand":
        return pl.reruns
    if what == "guide_stars":
        return guide_stars(s, p)
    if what == "bond_value":
        return sum(pl.bonds)
    if what == "facedown_stars":
        return sum(s.cat.stars[t] for t in pl.facedown)
    if what == "clients":
        return len(pl.clients)
    if what == "single_shows":
        return single_shows(s, p)
    raise AssertionError(what)


def boardroom_vp(s: PTState, b: int) -> list[int]:
    """PT-BRD-01..19: what each player scores on one Boardroom card."""
    d = s.cat.boardroom[b]
    n = s.n
    if d.kind == "genres":
        out = []
        for p in range(n):
            have = guide_genres(s, p)
            out.append(sum(v for g, v in d.genres.items() if GENRES.index(g) in have))
        return out
    values = [metric(s, p, d.metric) for p in range(n)]
    if d.kind == "rank":
        return split_places(values, d.vp, d.order == "most")
    out = []
    for v in values:
        got = 0
        for at_least, vp in d.thresholds:
            if v >= at_least:
                got = max(got, vp)
        out.append(got)
    return out


def awards(s: PTState) -> None:
    """3. Awards Ceremony (PT-AWARD-01..13)."""
    R = rules(s)
    n = s.n
    gains = [[0] * len(VP_SOURCES) for _ in range(n)]
    for p in range(n):
        gains[p][SRC["hotness"]] = R.hot_vp * hot_behind(s, p)
    # Most Talents: every show with at least one face-up talent (PT-AWARD-04, PT-AMB-19/21).
    entries = [(p, len(sl.talents)) for p in range(n) for sl in s.players[p].guide
               if sl is not None and sl.show >= 0 and sl.talents]
    for (p, _), vp in zip(entries, split_places([v for _, v in entries], R.most_talents), strict=True):
        gains[p][SRC["most_talents"]] += vp
    # Best Show: each player's highest-potential show (PT-AWARD-07, PT-AMB-20).
    best = [(p, max(potential(s, sl) for sl in s.players[p].guide if sl is not None and sl.show >= 0))
            for p in range(n) if any(sl is not None and sl.show >= 0 for sl in s.players[p].guide)]
    for (p, _), vp in zip(best, split_places([v for _, v in best], R.best_show), strict=True):
        gains[p][SRC["best_show"]] += vp
    for p in range(n):
        gains[p][SRC["variety"]] = R.variety_vp * s.players[p].variety  # PT-VTY-05
        gains[p][SRC["bonds"]] = R.bond_vp * len(s.players[p].bonds)  # PT-BOND-06
    for b in s.br_up:
        if b >= 0:
            for p, vp in enumerate(boardroom_vp(s, b)):
                gains[p][SRC["boardroom"]] += vp
    for p in range(n):
        for i, v in enumerate(gains[p]):
            if v:
                gain_vp(s, p, v, VP_SOURCES[i])
        if s.log is not None:
            s.say(f"Awards: {pname(p)} scores {sum(gains[p])} VP ("
                  + ", ".join(f"{VP_SOURCES[i].replace('_', ' ')} {v}" for i, v in enumerate(gains[p]) if v) + ").")


# ----------------------------------------------------------------------------- 4 income


def income(s: PTState) -> None:
    """4.1 (PT-INC-01/02): $2 per cube; each cube back to its day's pool."""
    per = rules(s).cash_per_cube
    for p in s.order:
        pl = s.players[p]
        total = 0
        for d, sl in enumerate(pl.guide):
            if sl is None:
                continue
            pool = s.pools[d]
            for card in sl.cubes:
                for k, col in enumerate(card):
                    if col >= 0:
                        pool[col] += 1
                        card[k] = -1
                        total += 1
        pl.cash += per * total
        if s.log is not None:
            s.say(f"{pname(p)} earns ${per * total} for {total} cube(s).")


def clean_up(s: PTState) -> None:
    """4.2 Clean Up (PT-CLEAN-02..09)."""
    cat = s.cat
    for kind in (SHOWS, TALENTS):
        disc = s.show_disc if kind == SHOWS else s.tal_disc
        for i, c in enumerate(s.spaces[kind]):
            if c >= 0:
                disc.append(c)
                s.spaces[kind][i] = -1
        for bl in s.bids[kind]:
            bl.clear()
    s.rd, s.archives, s.golf, s.pr, s.hr = [], [], [], [], []
    used_reruns = 0
    for p in s.order:
        pl = s.players[p]
        for d, sl in enumerate(pl.guide):
            if sl is None:
                continue
            if sl.show == NOSHOW:
                pl.talents += sl.talents  # PT-CLEAN-04
                pl.guide[d] = None
            elif sl.show == RERUN:
                used_reruns += 1
                pl.guide[d] = None
            elif cat.dur[sl.show] == SINGLE:
                s.show_disc.append(sl.show)  # PT-CLEAN-06
                pl.talents += sl.talents
                pl.guide[d] = None
                take_rerun(s, p)
    s.reruns += used_reruns  # PT-CLEAN-07
    s.client_disc += s.clients  # PT-CLEAN-08
    s.clients = []


def next_round(s: PTState) -> None:
    """4.3 (PT-NEXT-01..12), with the season-end steps after round 3 (PT-AMB-34)."""
    R = rules(s)
    fill_spaces(s)
    draw_clients(s)
    if s.round % R.season == 0:
        if s.log is not None:
            s.say("Season finale: the Forecast is refilled and new Boardroom cards are revealed.")
        for row in s.forecast:  # PT-NEXT-06
            for d in range(s.days):
                if row[d] < 0:
                    row[d] = draw_cube(s)
        for i, b in enumerate(s.br_up):  # PT-NEXT-07
            if b >= 0:
                s.br_disc.append(b)
            s.br_up[i] = s.br_decks[i].pop() if s.br_decks[i] else -1
        for p in s.order:
            pl = s.players[p]
            pl.talents += pl.facedown  # PT-NEXT-08
            pl.facedown = []
            s.client_disc += pl.clients  # PT-NEXT-09
            pl.clients = []
            for d, sl in enumerate(pl.guide):  # PT-NEXT-10
                if sl is not None and sl.show >= 0 and s.cat.dur[sl.show] == MINI:
                    s.show_disc.append(sl.show)
                    pl.talents += sl.talents
                    pl.guide[d] = None
                    take_rerun(s, p)
    s.round += 1  # PT-NEXT-05
    begin_round(s)


# ----------------------------------------------------------------------------- game end


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


# ----------------------------------------------------------------------------- decisions


def advance(s: PTState) -> None:
    """Resolve automatic steps until a decision is pending or the game is over."""
    stack = s.stack
    while stack:
        top = stack[-1]
        k: str = top[0]
        if k in DECISIONS:
            if k == "outbid" and len(outbid_options(s, top[1])) == 1:
                stack.pop()  # nothing to do but take the token back (PT-RES-06)
                if s.log is not None:
                    s.say(f"{pname(top[1])} takes an outbid token back (no card or action space is open to it).")
                continue
            if k == "keep" and len(s.players[top[1]].offer) <= rules(s).keep:
                stack.pop()
                keep_shows(s, top[1], -1)
                continue
            return
        stack.pop()
        if k == "dev":
            step_dev(s)
        elif k == "alloc":
            step_alloc(s, top[1], top[2], top[3], top[4])
        elif k == "day":
            step_day(s, top[1])
        elif k == "resolve":
            step_resolve(s)
        elif k == "order":
            step_order(s)
        elif k == "broadcast":
            step_broadcast(s)
        elif k == "ratings":
            step_ratings(s)
        elif k == "post":
            step_post(s)
        elif k == "start":
            begin_round(s)
        else:
            raise AssertionError(f"unknown step {k}")


def current_player(s: PTState) -> int | None:
    if not s.stack:
        return None
    return int(s.stack[-1][1])


def legal(s: PTState) -> list[str]:
    """Option keys of the pending decision, in a stable order."""
    if not s.stack:
        return []
    top = s.stack[-1]
    k: str = top[0]
    p: int = top[1]
    if k == "cube":
        return cube_options(s, p, top[2], top[3])
    if k == "place":
        return place_options(s, p)
    if k == "sched":
        return sched_options(s, p, top[2])
    if k == "amount":
        return amount_options(s, p, top[2], top[3])
    if k == "outbid":
        return outbid_options(s, p)
    if k == "keep":
        return [f"discard:{s.cat.ids[c]}" for c in s.players[p].offer]
    if k == "pr":
        return pr_options(s)
    if k == "pr_add":
        return pr_add_options(s)
    if k == "pr_to":
        return pr_to_options(s, top[3] if top[2] == "pool" else -1)
    if k == "pr_swap":
        return pool_options(s) if pr_swap_ok(s) else []
    if k == "pr_swap2":
        return pool_options(s, top[2])
    raise AssertionError(f"no options for step {k}")


def keep_shows(s: PTState, p: int, discard: int) -> None:
    """PT-PSETUP-03..05: keep 2 of 3; cash = $30 - their min bids + turn-order bonus."""
    R = rules(s)
    pl = s.players[p]
    kept = [c for c in pl.offer if c != discard]
    pl.offer = []
    pl.shows += kept
    if discard >= 0:
        s.show_disc.append(discard)  # face up beside the Show deck
    bonus = R.bonus[s.order.index(p)]
    pl.cash = max(0, R.start_cash - sum(s.cat.min_bid[c] for c in kept)) + bonus  # PT-AMB-36
    if s.log is not None:
        s.say(f"{pname(p)} keeps two shows" + (f" and discards {name(s, discard)}" if discard >= 0 else "")
              + f"; starting funds ${pl.cash} (turn-order bonus ${bonus}).")


def apply(s: PTState, key: str) -> None:
    """Resolve the pending decision with ``key`` (already checked to be legal)."""
    stack = s.stack
    top = stack[-1]
    k: str = top[0]
    p: int = top[1]
    if k == "cube":
        apply_cube(s, p, top[2], top[3], key)
    elif k == "sched":
        apply_sched(s, p, top[2], key)
    elif k == "place":
        stack.pop()
        s.players[p].tokens -= 1
        if key.startswith("bid:"):
            _, kind, i = key.split(":")
            stack.append(("amount", p, KINDS.index(kind), int(i)))
        else:
            do_action(s, p, key)
    elif k == "amount":
        stack.pop()
        place_bid(s, p, top[2], top[3], int(key[4:]))
    elif k == "outbid":
        stack.pop()
        if key.startswith("buy:"):
            _, kind, i = key.split(":")
            ki, ii = KINDS.index(kind), int(i)
            c = s.spaces[ki][ii]
            price = rules(s).fallback[s.cat.tier[c]]
            pay(s, p, price)
            (s.players[p].shows if ki == SHOWS else s.players[p].talents).append(c)
            s.spaces[ki][ii] = -1
            if s.log is not None:
                s.say(f"{pname(p)} moves an outbid token and buys {name(s, c)} for ${price}.")
        elif key == "none":
            if s.log is not None:
                s.say(f"{pname(p)} takes an outbid token back.")
        else:
            do_action(s, p, key)
    elif k == "keep":
        stack.pop()
        keep_shows(s, p, s.cat.by_id[key[8:]])
    elif k == "pr":
        stack.pop()
        stack.append(("pr_add", p) if key == "add" else ("pr_swap", p))
    elif k == "pr_add":
        stack.pop()
        parts = key.split(":")
        if parts[0] == "forecast":
            stack.append(("pr_to", p, "forecast", int(parts[1]), DAY_INDEX[parts[2]]))
        else:
            stack.append(("pr_to", p, "pool", DAY_INDEX[parts[1]], COLOUR_INDEX[parts[2]]))
    elif k == "pr_to":
        stack.pop()
        dst = DAY_INDEX[key[3:]]
        if top[2] == "forecast":
            col = s.forecast[top[3]][top[4]]
            s.forecast[top[3]][top[4]] = -1  # PT-ACT-13: the space stays empty
            where = f"the {ROW_NAMES[top[3]] if top[3] < 3 else top[3]} Forecast row ({DAY_NAMES[top[4]]})"
        else:
            col = top[4]
            s.pools[top[3]][col] -= 1
            where = f"{DAY_NAMES[top[3]]}'s pool"
        s.pools[dst][col] += 1
        if s.log is not None:
            s.say(f"{pname(p)} (PR) moves a {COLOURS[col]} cube from {where} to {DAY_NAMES[dst]}.")
    elif k == "pr_swap":
        stack.pop()
        _, day, cname = key.split(":")
        stack.append(("pr_swap2", p, DAY_INDEX[day], COLOUR_INDEX[cname]))
    elif k == "pr_swap2":
        stack.pop()
        _, day, cname = key.split(":")
        d1, c1, d2, c2 = top[2], top[3], DAY_INDEX[day], COLOUR_INDEX[cname]
        s.pools[d1][c1] -= 1
        s.pools[d2][c2] -= 1
        s.pools[d1][c2] += 1
        s.pools[d2][c1] += 1
        if s.log is not None:
            s.say(f"{pname(p)} (PR) swaps a {COLOURS[c1]} cube on {DAY_NAMES[d1]} with a {COLOURS[c2]} cube on {DAY_NAMES[d2]}.")
    else:
        raise AssertionError(f"cannot apply to step {k}")
    advance(s)


# ----------------------------------------------------------------------------- determinization


def redeal_unseen(s: PTState, others: list[int], arrange: Callable[[list[int]], Any]) -> None:
    """Pool each deck (Shows, Talents) with the cards ``others`` hold unseen in it (hands and
    starting offers, face-down talents), ``arrange`` the pool in place (shuffle or sort) and
    deal it back in the same counts: what a player who cannot see them may assume."""
    for deck, fields in ((s.show_deck, ("shows", "offer")), (s.tal_deck, ("talents", "facedown"))):
        pool = list(deck)
        for q in others:
            for f in fields:
                pool += getattr(s.players[q], f)
        arrange(pool)
        k = 0
        for q in others:
            for f in fields:
                held = getattr(s.players[q], f)
                held[:] = pool[k : k + len(held)]
                k += len(held)
        deck[:] = pool[k:]


def determinize(s: PTState, viewer: int, rng: Rng) -> PTState:
    """A copy of ``s`` with what ``viewer`` cannot see re-dealt at random (for search bots).

    Unseen Show and Talent cards (the decks plus the other players' hands, starting offers
    and face-down talents) are shuffled together and dealt back in the same counts; the
    client pile, the boardroom decks and the RNG are resampled; under Simultaneous
    Scheduling the rivals' guides are the ones they showed before scheduling (PT-SIM-02).
    """
    c = s.clone()
    others = [q for q in range(c.n) if q != viewer]
    redeal_unseen(c, others, rng.shuffle)
    rng.shuffle(c.client_pile)
    for d in c.br_decks:
        rng.shuffle(d)
    if c.screen is not None:
        for q in others:
            c.players[q].guide = [g.copy() if g is not None else None for g in c.screen[q][0]]
    c.rng = Rng(rng.next64())
    return c
