"""Rules of The Networks: Primetime.

The state holds a stack of pending steps (plain tuples).  ``advance`` resolves automatic
steps until a decision step is on top; ``legal`` lists the option keys of that decision
and ``apply`` resolves one.  Comments cite the rules (seed file names and checklist IDs).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from primetime.core.rng import Rng
from primetime.games.networks import effects as fx
from primetime.games.networks.cards import GENRES, TIMESLOTS, Catalogue
from primetime.games.networks.state import OPP, NetState, Player, Show

# Constants are Final so that a compiled build (tools/build_fast.py) uses their values directly.
SHOW: Final = 0
STAR: Final = 1
AD: Final = 2
NET: Final = 3
KIND_INDEX = {"show": SHOW, "star": STAR, "ad": AD, "network": NET}
KIND_NAMES: Final = ("show", "star", "ad", "network")
ROUNDS: Final = 4
TOP: Final = 5  # genre track spaces (NET-AMB-09)


class Tables:
    """Per-catalogue lookup arrays for the hot path.

    Also memo tables (``*_cache``) of pure functions of card data and small parts of a state;
    the large ones are emptied when they reach ``CACHE_LIMIT`` entries.
    """

    def __init__(self, cat: Catalogue) -> None:
        self.defs = [c.defn for c in cat.cards]
        self.kind = [KIND_INDEX[c.kind] for c in cat.cards]
        self.effect: list[str] = [getattr(c.defn, "effect", "") for c in cat.cards]
        self.flex: list[bool] = [e == "flex_slot" for e in self.effect]
        self.promo: list[bool] = [c.kind == "ad" and c.defn.promo_cost > 0 for c in cat.cards]
        self.timing: list[str] = [getattr(c.defn, "timing", "") for c in cat.cards]
        self.cost: list[int] = [getattr(c.defn, "cost", 0) for c in cat.cards]
        self.req: list[tuple[int, int, int]] = [(c.defn.slots.star_req, c.defn.slots.ad_req, c.defn.slots.wild_req) if c.kind == "show" else (0, 0, 0)
                    for c in cat.cards]
        # (cost, required stars, required ads, required slots) of a show, for the turn menu
        self.prod_info: list[tuple[int, int, int, int]] = [(self.cost[i], r[0], r[1], r[0] + r[1] + r[2]) for i, r in enumerate(self.req)]
        self.cap: list[tuple[int, int, int]] = [(c.defn.slots.star_req + c.defn.slots.star_opt, c.defn.slots.ad_req + c.defn.slots.ad_opt,
                     c.defn.slots.wild_req + c.defn.slots.wild_opt) if c.kind == "show" else (0, 0, 0) for c in cat.cards]
        # attachment class: 0 star, 1 star that may fill an ad slot, 2 ad
        self.cls = [2 if c.kind == "ad" else (1 if self.flex[i] else 0) for i, c in enumerate(cat.cards)]
        self.ba: list[bool] = [e == "brand_ambassador" for e in self.effect]
        self.ids = [c.id for c in cat.cards]
        self.k_star = [f"star:{i}" for i in range(len(cat.cards))]
        self.k_ad = [f"ad:{i}" for i in range(len(cat.cards))]
        self.k_net = [f"net:{i}" for i in range(len(cat.cards))]
        self.k_show = [f"show:{i}" for i in range(len(cat.cards))]
        self.k_attach = [f"attach:{i}" for i in range(len(cat.cards))]
        self.k_use = [f"use:{i}" for i in range(len(cat.cards))]
        self.k_att = [f"att:{i}" for i in range(len(cat.cards))]
        self.iv: list[bool] = [e == "industry_veteran" for e in self.effect]
        # a star or ad without flex slot, Brand Ambassador or Industry Veteran (see prod_att_options)
        self.plain = [self.kind[i] in (STAR, AD) and not self.flex[i] and not self.ba[i] and not self.iv[i] for i in range(len(cat.cards))]
        self.cond = [getattr(c.defn, "condition", None) for c in cat.cards]  # a star's or ad's condition
        n = len(cat.cards)
        # attachment class and Brand Ambassador flag in one index (cls * 2 + ba); -1 for network cards
        self.acls = [-1 if self.kind[i] == NET else self.cls[i] * 2 + int(self.ba[i]) for i in range(n)]
        self.amount = [int(c.defn.params["amount"]) if c.kind == "network" and self.effect[i] in _AMOUNT_EFFECTS else 0
                       for i, c in enumerate(cat.cards)]
        self.extra = [int(c.defn.params["extra"]) if c.kind == "network" and self.effect[i] == "ensemble_cast" else 0
                      for i, c in enumerate(cat.cards)]
        # what a green-room card means to the turn menu (see turn_options)
        self.gcode = [_green_code(self, i) for i in range(n)]
        # free-use check of a green-room network card (None: never used from the green room)
        self.use_check = [USE_CHECKS.get(self.effect[i]) if self.kind[i] == NET else None for i in range(n)]
        # viewers by [rotated][season row] and (income, expenses) by [rotated] of an attached card
        self.att_v = [tuple(tuple(att_viewers(self, i, rot, row) for row in range(4)) for rot in (False, True)) for i in range(n)]
        self.att_ie = [tuple((att_income(self, i, rot), att_expense(self, i, rot)) for rot in (False, True)) for i in range(n)]
        self.target_cache: dict[tuple[Any, ...], int] = {}  # _show_mask of a lineup show
        self.class_cache: dict[tuple[Any, ...], int] = {}  # the same by attachment counts (few combinations)
        self.attach_cache: dict[tuple[Any, ...], tuple[str, ...]] = {}  # attach_targets on one show
        self.slot_cache: dict[tuple[Any, ...], tuple[bool, int, bool, bool]] = {}  # _slot_verdicts (few combinations)
        self.pilot_cache: dict[tuple[int, tuple[int, ...], bool], bool] = {}  # pilot_pairs (few combinations)
        # what keeping a pilot card costs or brings (NET-PILOT-03): ad bonus, or minus the card's cost
        self.pilot_net: list[int] = [c.defn.bonus if self.kind[i] == AD else -c.defn.cost for i, c in enumerate(cat.cards)]
        self.green_cache: dict[tuple[int, ...], Summary] = {}  # green_summary
        # what a turn-menu key does: (TK_* code, card) -- parsed once here, not at every turn
        self.turn_key: dict[str, tuple[int, int]] = {"end": (TK_END, -1)}
        for code, keys in ((TK_AD, self.k_ad), (TK_ATTACH, self.k_attach), (TK_NET, self.k_net),
                           (TK_STAR, self.k_star), (TK_SHOW, self.k_show), (TK_USE, self.k_use)):
            for i, key in enumerate(keys):
                self.turn_key[key] = (code, i)
        for key in ("pass:cash", "pass:viewers", "pass:cash:x2", "pass:viewers:x2"):
            self.turn_key[key] = (TK_PASS, -1)
        # "att:<card>" keys of the production step, parsed once
        self.att_key: dict[str, int] = {key: i for i, key in enumerate(self.k_att)}
        # by player count: does each pass-track column give viewers? (the turn menu's pass options)
        self.pass_viewers: dict[int, tuple[bool, ...]] = {}
        if cat.board is not None:
            for board in cat.board.setup:
                for players in board.players:
                    self.pass_viewers[players] = tuple(col.viewers is not None for col in board.pass_track)
            if 2 in self.pass_viewers:
                self.pass_viewers[1] = self.pass_viewers[2]  # solo plays on the 1-2 player board
        # the dearest star / network card (the turn menu skips the cost test when cash covers it)
        self.max_cost: list[int] = [max((self.cost[i] for i in range(n) if self.kind[i] == k), default=0) for k in range(4)]


IV_DISCOUNT: Final = fx.INDUSTRY_VETERAN_DISCOUNT

# what a turn-menu key does (Tables.turn_key)
TK_AD: Final = 0
TK_ATTACH: Final = 1
TK_PASS: Final = 2
TK_NET: Final = 3
TK_STAR: Final = 4
TK_SHOW: Final = 5
TK_USE: Final = 6
TK_END: Final = 7

CACHE_LIMIT: Final = 100_000  # entries of one memo table of Tables (about 30 MB for the green-room summaries)
_AMOUNT_EFFECTS: Final = ("creative_accounting", "star_discount", "pass_cash")
# what a green-room card means to the turn menu (Tables.gcode)
G_STAR: Final = 0
G_FLEX: Final = 1
G_IV: Final = 2
G_AD: Final = 3
G_SPON: Final = 4
G_CA: Final = 5
G_SD: Final = 6
G_DBL: Final = 7
G_ENS: Final = 8
G_USE: Final = 9
G_OTHER: Final = 10
G_PC: Final = 11


def _green_code(T: Tables, c: int) -> int:
    k = T.kind[c]
    e = T.effect[c]
    if k == STAR:
        return G_FLEX if T.flex[c] else (G_IV if e == "industry_veteran" else G_STAR)
    if k == AD:
        return G_AD
    return {"sponsored_content": G_SPON, "creative_accounting": G_CA, "star_discount": G_SD,
            "preempted_timeslot": G_DBL, "ensemble_cast": G_ENS, "pass_cash": G_PC}.get(e, G_USE if e in USE_CHECKS else G_OTHER)


def tables(cat: Catalogue) -> Tables:
    t = cat.T
    if t is None:
        t = cat.T = Tables(cat)
    return t  # type: ignore[no-any-return]


# ----------------------------------------------------------------------------- setup


def new_state(cat: Catalogue, opts: dict[str, Any], seed: int, n: int) -> NetState:
    """Set up a game (001, Game Setup; NET-SETUP-01..16)."""
    T = tables(cat)
    s = NetState.__new__(NetState)
    s.cat, s.T, s.opts, s.n, s.solo = cat, T, opts, n, n == 1
    s.rng = rng = Rng(seed)
    s.setup = cat.setup_for(max(2, n))  # NET-SETUP-02: solo uses the 1-2 board
    s.log = [] if opts.get("log", True) else None
    s.box = []
    # NET-SETUP-05..08: A on top of B, with the player-count removals.
    a = [i for i in cat.shows_a if not (n <= 2 and T.defs[i].mark == 3)]
    b = [i for i in cat.shows_b if not (n <= 3 and T.defs[i].mark == 4)]
    s.box += [i for i in cat.shows_a + cat.shows_b if i not in a and i not in b]
    rng.shuffle(a)
    rng.shuffle(b)
    stars, ads, nets = list(cat.stars), list(cat.ads), list(cat.network)
    rng.shuffle(stars)
    rng.shuffle(ads)
    rng.shuffle(nets)
    s.decks = [b + a, stars, ads, nets]  # draw with pop(): the end of the list is the top
    s.discards = [[], [], [], []]
    s.display = [[], [], [], []]
    assert cat.board is not None
    networks = cat.board.networks
    s.players = []
    for p in range(n):
        pl = Player(0, networks[p])
        for slot, cid in enumerate(cat.starters[networks[p]][:3]):  # NET-SETUP-10/11
            pl.lineup[slot] = Show(cid, 0, T.defs[cid].genre)
        s.players.append(pl)
    for net in networks[n:]:
        s.box += cat.starters.get(net, [])  # unused networks' starters stay in the box
    # NET-SETUP-12 / NET-SOLO-03: first player chosen at random unless given.
    seats = 2 if s.solo else n
    first = opts.get("first_player")
    s.first = int(first) if first is not None else rng.below(seats)
    if s.solo:
        s.order = [0, OPP] if s.first == 0 else [OPP, 0]
    else:
        s.order = [(s.first + i) % n for i in range(n)]
    for k, p in enumerate(s.order):  # NET-SETUP-13: seat k in turn order gets the k-th amount
        if p != OPP:
            s.players[p].cash = s.setup.starting_cash[k]
    s.phase, s.round, s.cur = "pilot", 0, s.order[0]
    s.pass_order, s.stack, s.limbo, s.prod = [], [], [], None
    s.solo_deck, s.solo_parked, s.final = [], 0, None
    s.extra = {"kept": (False,) * n}  # values in `extra` are immutable: clones share them
    # NET-PILOT-01 / NET-VAR-01: deal pilot offers.
    beginner = opts.get("pilot") == "simplified"
    pilot = [i for i in cat.pilot if not (beginner and T.kind[i] == SHOW)]
    s.box += [i for i in cat.pilot if i not in pilot]  # NET-VAR-01: the 6 pilot shows leave
    rng.shuffle(pilot)
    per = 2 if beginner else 4
    s.pilot = [[pilot.pop() for _ in range(per)] for _ in range(n)]
    s.box += pilot  # NET-PILOT-02: undealt pilot cards go back to the box
    s.stack.append(("pilot_done",))
    if beginner:
        s.extra["kept"] = (True,) * n
    else:
        for p in reversed(range(n)):
            s.stack.append(("pilot", p))
    advance(s)
    return s


# ----------------------------------------------------------------------------- helpers


def draw(s: NetState, kind: int) -> int | None:
    """Draw the top card of a deck, reshuffling its discards if it is empty (NET-DECK-02/05)."""
    deck = s.decks[kind]
    if not deck:
        if not s.discards[kind]:
            return None  # NET-DECK-08 / NET-AMB-20
        deck.extend(s.discards[kind])
        s.discards[kind].clear()
        s.rng.shuffle(deck)
        if kind == SHOW:
            s.extra["shows_mixed"] = True  # A and B shows are no longer in separate layers
        if s.log is not None:
            s.say(f"The {KIND_NAMES[kind]} discards are shuffled into a new deck.")
    return deck.pop()


def name(s: NetState, cid: int) -> str:
    return str(s.T.defs[cid].name)


def pname(s: NetState, p: int) -> str:
    """A player token in log lines; views replace it with the player's name."""
    return "Opponent" if p == OPP else f"{{P{p + 1}}}"


def has_effect(s: NetState, p: int, effect: str) -> int:
    """The first green-room network card of ``p`` with this effect, or -1."""
    T = s.T
    for cid in s.players[p].green:
        if T.kind[cid] == NET and T.defs[cid].effect == effect:
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
        if T.kind[cid] == NET and T.defs[cid].effect == effect:
            total += int(T.defs[cid].params["amount"])
    return total


def star_cost(s: NetState, p: int, cid: int) -> int:
    return max(0, s.T.defs[cid].cost - passive_sum(s, p, "star_discount"))


def discard(s: NetState, p: int, cid: int) -> None:
    """Discard a card a player owned; Gray Fox and Rerun Guy go elsewhere (NET-CARD-24/26)."""
    T = s.T
    eff = T.effect[cid]
    if eff == "gray_fox":
        s.players[p].green += (cid,)
    elif eff == "rerun_guy":
        pl = s.players[p]
        pl.reruns = pl.reruns + [cid]  # a new list: clones share it (Player.copy)
    else:
        s.discards[T.kind[cid]].append(cid)


def cancel(s: NetState, p: int, slot: int) -> None:
    """Cancel a show (NET-CANC-01..03): cube back, attachments discarded, show to reruns."""
    pl = s.players[p]
    sh = pl.lineup[slot]
    assert sh is not None
    pl.lineup[slot] = None
    for cid, _rot in sh.atts:
        discard(s, p, cid)
    pl.reruns = pl.reruns + [sh.cid]  # a new list: clones share it (Player.copy)
    if sh.genre != s.T.defs[sh.cid].genre:  # NET-CARD-27: Versatile Actor's genre is permanent
        s.extra["regenre"] = (*s.extra.get("regenre", ()), (sh.cid, sh.genre))
    if s.log is not None:
        s.say(f"{pname(s, p)} cancels {name(s, sh.cid)}; it goes to the reruns.")


# ----------------------------------------------------------------------------- values


def att_viewers(T: Tables, cid: int, rot: bool, row: int) -> int:
    d = T.defs[cid]
    if T.kind[cid] == STAR:
        return int(d.rotated_viewers[row] if rot else d.viewers[row])
    if T.promo[cid] and not rot:  # NET-COND-09: rotated promos give no viewers
        return int(d.viewers[row])
    return 0


def att_expense(T: Tables, cid: int, rot: bool) -> int:
    if T.kind[cid] == STAR:
        d = T.defs[cid]
        return int(d.rotated_expenses if rot else d.expenses)
    return 0


def att_income(T: Tables, cid: int, rot: bool) -> int:
    if T.kind[cid] == AD:
        d = T.defs[cid]
        return int(d.rotated_income if rot else d.income)
    return 0


def show_viewers(s: NetState, p: int, sh: Show) -> int:
    """A show's viewers this round (NET-SEAS-08, NET-ANAT-06, NET-AMB-26)."""
    T = s.T
    row = sh.row
    v = T.defs[sh.cid].seasons[row]
    att_v = T.att_v
    for cid, rot in sh.atts:
        v += att_v[cid][1 if rot else 0][row]  # att_viewers
    if T.effect[sh.cid] == "reinfeld":  # NET-CARD-16: stars with no visible expenses
        for other in s.players[p].lineup:
            if other is not None:
                for cid, rot in other.atts:
                    if T.kind[cid] == STAR and att_expense(T, cid, rot) == 0:
                        v += fx.REINFELD_PER_STAR
    return int(v)


def show_upkeep(s: NetState, sh: Show) -> tuple[int, int]:
    """(income, expenses) of a show with its attachments (NET-EOR-02)."""
    T = s.T
    d = T.defs[sh.cid]
    inc, exp = d.income, d.expenses
    att_ie = T.att_ie
    for cid, rot in sh.atts:
        i, e = att_ie[cid][1 if rot else 0]  # att_income, att_expense
        inc += i
        exp += e
    return inc, exp


def upkeep_net(s: NetState, p: int) -> int:
    net = 0
    for sh in s.players[p].lineup:
        if sh is not None:
            i, e = show_upkeep(s, sh)
            net += i - e
    return net


def forecast(s: NetState, p: int) -> dict[str, Any]:
    """Viewers and upkeep if the round ended now (003, Forecast; NET-UI-11..13)."""
    pl = s.players[p]
    shows: list[dict[str, int] | None] = []
    for slot, sh in enumerate(pl.lineup):
        if sh is None:
            shows.append(None)
            continue
        inc, exp = show_upkeep(s, sh)
        shows.append({"slot": slot, "viewers": show_viewers(s, p, sh), "income": inc, "expenses": exp})
    lineup = sum(x["viewers"] for x in shows if x)
    net = upkeep_net(s, p)
    return {"shows": shows, "lineup_viewers": lineup, "pass_viewers": pl.pass_viewers,
            "viewers": lineup + pl.pass_viewers, "upkeep": net}


# ----------------------------------------------------------------------------- slots and conditions


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
        return TIMESLOTS[slot] == c.timeslot
    if k in ("with_others", "alone"):
        want = {"star": (STAR,), "ad": (AD,), "any": (STAR, AD)}[c.of]
        cnt = sum(1 for o in others if T.kind[o] in want)
        return cnt >= 1 if k == "with_others" else cnt == 0
    if k == "networks":
        return sum(1 for g in s.players[p].green if T.kind[g] == NET) >= c.count
    return True


# ----------------------------------------------------------------------------- production feasibility


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


# ----------------------------------------------------------------------------- genre tracks


def advance_genre(s: NetState, p: int, genre: str) -> None:
    """Advance one space and take the bonus landed on (NET-GENRE-02..06)."""
    pl = s.players[p]
    g = GENRES.index(genre)
    if pl.genre[g] >= TOP:
        return
    track = pl.genre.copy()  # a new list: clones share it (Player.copy)
    track[g] += 1
    pl.genre = track
    assert s.cat.board is not None
    bonus = s.cat.board.genre_board.bonuses[genre][pl.genre[g] - 1]
    if s.log is not None:
        s.say(f"{pname(s, p)} advances to space {pl.genre[g]} on the {genre} track"
              + (f" and gains a {bonus} bonus." if bonus else "."))
    if bonus:
        push_bonus(s, p, bonus)


def push_bonus(s: NetState, p: int, bonus: str) -> None:
    """NET-GENRE-08..11: draw 2 of a kind (or 1 star + 1 ad + 1 network) and keep 1."""
    kinds = [STAR, AD, NET] if bonus == "mixed" else [KIND_INDEX[bonus]] * 2
    drawn = []
    for k in kinds:
        c = draw(s, k)
        if c is not None:
            drawn.append(c)
    s.limbo.extend(drawn)
    if drawn:
        s.stack.append(("bonus", p, tuple(drawn)))


def gain_card(s: NetState, p: int, cid: int, free: bool = True) -> None:
    """A star/ad/network card joins a player's green room (immediates resolve at once)."""
    T = s.T
    k = T.kind[cid]
    pl = s.players[p]
    if k == AD:
        pl.cash += T.defs[cid].bonus  # NET-AD-01
        pl.green += (cid,)
    elif k == STAR:
        if not free:
            pl.cash -= star_cost(s, p, cid)
        pl.green += (cid,)
    elif k == NET:
        if T.defs[cid].timing == "immediate":  # NET-NETC-02
            if s.log is not None:
                s.say(f"{pname(s, p)} resolves {name(s, cid)}.")
            s.discards[NET].append(cid)
            NETWORK_HANDLERS[T.defs[cid].effect](s, p, cid)
        else:
            pl.green += (cid,)


# ----------------------------------------------------------------------------- turns


def is_last(s: NetState, p: int) -> bool:
    return len(s.pass_order) == len(s.order) - 1 and p not in s.pass_order


def start_round(s: NetState) -> None:
    s.round += 1
    s.phase = "play"
    s.pass_order = []
    for pl in s.players:
        pl.pass_col, pl.pass_viewers = -1, 0
    if s.solo:  # NET-SOLO-12: a fresh opponent deck every round
        s.solo_deck = list(range(len(s.cat.solo)))
        s.rng.shuffle(s.solo_deck)
        s.solo_parked = 0
    deal_display(s)
    if s.log is not None:
        s.say(f"Round {s.round} begins.")
    begin_turn(s, s.order[0])


def deal_display(s: NetState) -> None:
    """NET-EOR-13 / NET-BOARD-05: a complete new display."""
    d = s.setup.display
    for k, count in ((SHOW, d.show), (STAR, d.star), (AD, d.ad), (NET, d.network)):
        for _ in range(count):
            c = draw(s, k)
            if c is None:
                break
            s.display[k].append(c)


def begin_turn(s: NetState, p: int) -> None:
    s.cur = p
    if p == OPP:
        s.stack.append(("opp_turn",))
    else:
        s.stack.append(("turn", p, 0))


def end_turn(s: NetState, p: int) -> None:
    """Move to the next player in turn order who has not passed (NET-TURN-02/04/05)."""
    order = s.order
    if not s.pass_order:  # nobody has passed: the next seat in turn order
        q = order[(order.index(p) + 1) % len(order)]
        s.cur = q
        s.stack.append(("opp_turn",) if q == OPP else ("turn", q, 0))
        return
    po = s.pass_order
    if s.solo and 0 in po:  # NET-SOLO-08
        end_of_round(s)
        return
    n = len(order)
    i = order.index(p)
    for k in range(1, n + 1):
        q = order[(i + k) % n]
        if q not in po:
            begin_turn(s, q)
            return
    end_of_round(s)  # everyone has passed


def take_action(s: NetState, p: int) -> None:
    """Mark the turn's action as used: the last player keeps acting (NET-PASS-04)."""
    stack = s.stack
    assert stack[-1][0] == "turn"
    stack[-1] = ("turn", p, 0 if is_last(s, p) else 1)


def free_uses(s: NetState, p: int, acted: int) -> list[str]:
    """Network cards usable now, without spending the action (NET-TURN-07, NET-NETC-06)."""
    T = s.T
    use_check = T.use_check
    out: list[str] = []
    seen: set[str] | None = None
    for cid in s.players[p].green:
        check = use_check[cid]
        if check is None:
            continue
        eff = T.effect[cid]
        if seen is not None and eff in seen:
            continue
        if check(s, p, cid, acted):
            if seen is None:
                seen = {eff}
            else:
                seen.add(eff)
            out.append(T.k_use[cid])
    return out


def has_free_use(s: NetState, p: int, acted: int) -> bool:
    """Is ``free_uses`` non-empty?"""
    use_check = s.T.use_check
    for cid in s.players[p].green:
        check = use_check[cid]
        if check is not None and check(s, p, cid, acted):
            return True
    return False


def pass_options(s: NetState, p: int) -> list[str]:
    out: list[str] = []
    _pass_keys(s, p, has_effect(s, p, "preempted_timeslot") >= 0, out)
    return out


def _pass_keys(s: NetState, p: int, dbl: bool, out: list[str]) -> None:
    """Append the pass options to ``out`` (``dbl``: holding Preempted Timeslot)."""
    out.append("pass:cash")
    if is_last(s, p):  # the last column is cash only (NET-PASS-05)
        if dbl:
            out.append("pass:cash:x2")
    elif s.T.pass_viewers[s.n][len(s.pass_order)]:
        out.append("pass:viewers")
        if dbl:
            out.append("pass:cash:x2")
            out.append("pass:viewers:x2")
    elif dbl:
        out.append("pass:cash:x2")


Summary = tuple[int, int, int, bool, bool, bool, bool, int, int, int, int, int, int, int, tuple[str, ...]]


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
        return pl.gsum  # type: ignore[return-value]
    n = len(green)
    if prev is not None and n == len(prev) + 1 and green[-1] not in prev and green[:-1] == prev:
        summary = _summary_add(T, pl.gsum, green[-1], True)  # type: ignore[arg-type]  # a card gained
    else:
        summary = green_summary(T, green)
    pl.gsum = summary
    pl.gsum_of = green
    return summary


def _without(items: tuple[int, ...], c: int) -> tuple[int, ...]:
    """``items`` without the first ``c`` (a green room losing a card)."""
    i = items.index(c)
    return items[:i] + items[i + 1:]


_EMPTY_SUMMARY: Summary = (0, 0, 0, False, False, False, False, 0, 0, 0, 0, -1, -1, 0, ())


def _green_summary(T: Tables, green: tuple[int, ...]) -> Summary:
    if green:
        # Most often the green room only gained a card since its summary was last made.
        prev = T.green_cache.get(green[:-1])
        c = green[-1]
        if prev is not None and green.count(c) == 1:
            return _summary_add(T, prev, c, True)
    summary = _EMPTY_SUMMARY
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
            keys = (*keys, T.k_attach[c])
    return ns, nf, na, iv, spon, usable, dbl, ca, sd, ens, pc, e_ens, e_spon, present, keys


def turn_options(s: NetState, p: int, acted: int) -> list[str]:
    """The action menu (NET-TURN-03) plus free network-card uses and passing."""
    T = s.T
    pl = s.players[p]
    if acted == 1:
        out = free_uses(s, p, acted)
        out.append("end")
        return out
    cash = pl.cash
    # Everything the menu depends on in the green room, memoised per green room.
    gt = pl.green
    summary = player_summary(T, pl)
    ns, nf, na, iv, spon, usable, dbl, ca, sd, ens, _pc, _e_ens, _e_spon, present, attach_keys = summary
    stars, ads, nets = s.display[STAR], s.display[AD], s.display[NET]
    max_cost = T.max_cost
    budget = cash + sd
    costs, k_star, k_ad, k_net = T.cost, T.k_star, T.k_ad, T.k_net
    if budget >= max_cost[STAR]:
        out = [k_star[c] for c in stars]
    else:
        out = [k_star[c] for c in stars if costs[c] <= budget]  # NET-STAR-02
    for c in ads:  # NET-AD-02
        out.append(k_ad[c])
    if cash >= max_cost[NET]:
        for c in nets:
            out.append(k_net[c])
    else:
        for c in nets:
            if costs[c] <= cash:
                out.append(k_net[c])
    have = ns + nf + na
    prod_info, k_show = T.prod_info, T.k_show
    # Sponsored Content fills the required slots of a show from the display only (NET-CARD-05/10).
    for shows, src, any_req in ((s.display[SHOW], "display", spon), (pl.reserved, "reserved", False)):
        for cid in shows:  # NET-PROD-02
            cost, sr, ar, total = prod_info[cid]
            cost -= ca
            if cash >= cost and (any_req or ((sr - ns if sr > ns else 0) + (ar - na if ar > na else 0) <= nf and have >= total)):
                out.append(k_show[cid])
            elif iv and cash >= cost - IV_DISCOUNT and can_produce(s, p, cid, src):
                out.append(k_show[cid])
    if present:  # the classes of the stars and ads in the green room
        # Whether a card has a target depends only on its class (see _show_mask).
        mask = 0
        spon_i = 1 if spon else 0
        tcache = T.target_cache
        for sh in pl.lineup:
            if sh is not None:
                m = tcache.get((sh.cid, sh.atts, sh.x_star, sh.x_ad, sh.x_wild, sh.ignore_req, ens, spon_i))
                mask |= _show_mask(T, sh, ens, spon_i) if m is None else m
                if mask & present == present:
                    break
        if mask & present == present:  # every star and ad in the green room has a target
            out += attach_keys
        elif mask:
            acls, k_attach = T.acls, T.k_attach
            out += [k_attach[c] for c in dict.fromkeys(gt) if acls[c] >= 0 and mask >> acls[c] & 1]
    if usable:
        out += free_uses(s, p, acted)
    if acted == 2:
        out.append("end")  # Double Shift's extra action may be skipped, but not spent on passing
        return out
    _pass_keys(s, p, dbl, out)
    return out


def _fits(S: int, A: int, W: int, ns: int, nf: int, na: int) -> bool:
    over = (ns - S if ns > S else 0) + (na - A if na > A else 0)
    return over <= W and nf <= (S - ns if S > ns else 0) + (A - na if A > na else 0) + W - over


def _req(sr: int, ar: int, wr: int, ns: int, nf: int, na: int) -> bool:
    return (sr - ns if sr > ns else 0) + (ar - na if ar > na else 0) <= nf and ns + nf + na >= sr + ar + wr


def _show_mask(T: Tables, sh: Show, ens: int, spon: int) -> int:
    """Which classes of green-room card could be added to or swapped into ``sh``: bit ``cls * 2 + ba``
    (class 0 star, 1 flex star, 2 ad; ``ba`` = Brand Ambassador), with Ensemble Cast opening ``ens``
    extra star slots and Sponsored Content (``spon``) 1 extra wild slot.  Memoised per catalogue."""
    key = (sh.cid, sh.atts, sh.x_star, sh.x_ad, sh.x_wild, sh.ignore_req, ens, spon)
    cache = T.target_cache
    m = cache.get(key)
    if m is None:
        cls_of, ba_of = T.cls, T.ba
        o = [0, 0, 0]
        nba = 0
        for c, _r in sh.atts:
            o[cls_of[c]] += 1
            if ba_of[c]:
                nba += 1
        counts = (sh.cid, o[0], o[1], o[2], nba, sh.x_star, sh.x_ad, sh.x_wild, sh.ignore_req, ens, spon)
        m = T.class_cache.get(counts)
        if m is None:
            m = 0
            for idx in range(6):
                k, ba = divmod(idx, 2)
                if _show_has_target(T, sh.cid, o, nba, sh.x_star, sh.x_ad, sh.x_wild, sh.ignore_req, k, bool(ba),
                                    ens if k != 2 else 0, spon):
                    m |= 1 << idx
            T.class_cache[counts] = m
        if len(cache) >= CACHE_LIMIT:
            cache.clear()
        cache[key] = m
    return m


def _show_has_target(T: Tables, cid: int, o: list[int], nba: int, x_star: int, x_ad: int, x_wild: int, ignore_req: bool,
                     k: int, ba: bool, ens: int, spon: int) -> bool:
    """Can a card of class ``k`` be added to a show or swapped in for one of its attachments?
    ``o`` counts the show's attachments by class and ``nba`` its Brand Ambassadors."""
    S, A, W = T.cap[cid]
    S += x_star
    A += x_ad + nba + (1 if ba else 0)
    W += x_wild
    sr, ar, wr = T.req[cid]
    strict = not ignore_req and _req(sr, ar, wr, o[0], o[1], o[2])
    n = o.copy()
    n[k] += 1
    if _fits(S, A, W, n[0], n[1], n[2]):  # add (NET-ATT-02); adding never empties a required slot
        return True
    if (ens and _fits(S + ens, A, W, n[0], n[1], n[2])) or (spon and _fits(S, A, W + 1, n[0], n[1], n[2])):
        return True
    for j in range(3):  # replace one attached card of class j (NET-ATT-03/04)
        if o[j] == 0:
            continue
        n[j] -= 1
        olds = []
        if j != 0 or o[0] > nba:
            olds.append(0)  # a card that is not a Brand Ambassador
        if j == 0 and nba:
            olds.append(1)  # a Brand Ambassador: its extra ad slot goes with it
        for lost in olds:
            if _fits(S, A - lost, W, n[0], n[1], n[2]) and (not strict or _req(sr, ar, wr, n[0], n[1], n[2])):
                return True
        n[j] += 1
    return False


def class_has_target(s: NetState, p: int, k: int, ba: bool) -> bool:
    """Can a green-room card of class ``k`` (0 star, 1 flex star, 2 ad; ``ba`` = Brand Ambassador)
    be added or swapped in somewhere?  Counting version of ``attach_targets`` (same answer)."""
    T = s.T
    ens = _ensemble(s, p) if k != 2 else 0  # Ensemble Cast / Sponsored Content open extra slots
    spon = 1 if player_summary(T, s.players[p])[4] else 0
    bit = 1 << (k * 2 + (1 if ba else 0))
    return any(sh is not None and _show_mask(T, sh, ens, spon) & bit for sh in s.players[p].lineup)


_TO_KEYS: Final = ("to:0", "to:1", "to:2")


def attach_targets(s: NetState, p: int, cid: int, onset: bool = False) -> list[str]:
    """Where an Add/Replace can put ``cid`` (NET-ATT-01..09, NET-ATT-11)."""
    T = s.T
    pl = s.players[p]
    out: list[str] = []
    pay_ok = T.promo[cid] and pl.cash >= T.defs[cid].promo_cost
    summary = player_summary(T, pl)
    ens = summary[9] if T.kind[cid] == STAR and not onset else 0
    spon = not onset and summary[4]
    kc = T.cls[cid]
    bc = 1 if kc == 0 and T.ba[cid] else 0
    cache = T.attach_cache
    for slot, sh in enumerate(pl.lineup):
        if sh is None:
            continue
        key = (sh.cid, sh.atts, sh.x_star, sh.x_ad, sh.x_wild, sh.ignore_req, kc, bc, ens, spon, slot)
        keys = cache.get(key)
        if keys is None:
            keys = _slot_targets(T, sh, kc, bc, ens, spon, slot)
            if len(cache) >= CACHE_LIMIT:
                cache.clear()
            cache[key] = keys
        if pay_ok:
            for k in keys:
                out.append(k)
                out.append(k + ":pay")
        else:
            out += keys
    return out


def _slot_targets(T: Tables, sh: Show, kc: int, bc: int, ens: int, spon: bool, slot: int) -> tuple[str, ...]:
    """The ``attach_targets`` keys (without ``:pay``) on one show for a card of class ``kc``
    (``bc``: a Brand Ambassador star).  Slot capacity and required slots depend only on how many
    attachments of each class the show holds (see ``capacity`` and ``required_ok``)."""
    cls_of, ba_of = T.cls, T.ba
    n = [0, 0, 0]
    nb = 0
    for c, _r in sh.atts:
        k = cls_of[c]
        n[k] += 1
        if k == 0 and ba_of[c]:
            nb += 1
    ckey = (sh.cid, n[0], n[1], n[2], nb, sh.x_star, sh.x_ad, sh.x_wild, sh.ignore_req, kc, bc, ens, spon)
    v = T.slot_cache.get(ckey)
    if v is None:
        v = T.slot_cache[ckey] = _slot_verdicts(T, sh.cid, n, nb, sh.x_star, sh.x_ad, sh.x_wild, sh.ignore_req, kc, bc, ens, spon)
    add_ok, rep_ok, ens_ok, spon_ok = v
    keys: list[str] = []
    if add_ok:
        keys.append(_TO_KEYS[slot])
    if rep_ok:
        seen: list[int] = []
        for old, _r in sh.atts:
            if old in seen:
                continue
            seen.append(old)
            ko = cls_of[old]
            if rep_ok >> (ko * 2 + (1 if ko == 0 and ba_of[old] else 0)) & 1:
                keys.append(f"rep:{slot}:{old}")
    if ens_ok:
        keys.append(f"ens:{slot}")
    if spon_ok:
        keys.append(f"spon:{slot}")
    return tuple(keys)


def _slot_verdicts(T: Tables, scid: int, n: list[int], nb: int, x_star: int, x_ad: int, x_wild: int, ignore_req: bool,
                   kc: int, bc: int, ens: int, spon: bool) -> tuple[bool, int, bool, bool]:
    """For ``_slot_targets``: can the card be added; which attachments (bit ``cls * 2 + ba``) can it
    replace; does it fit with Ensemble Cast's or Sponsored Content's extra slot instead?"""
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
    for idx in range(6):
        if not had[idx]:
            continue
        ko, bo = divmod(idx, 2)
        n[ko] -= 1
        if _fits(S, A + nb - bo, W, n[0], n[1], n[2]) and (not strict or _req(sr, ar, wr, n[0], n[1], n[2])):
            rep_ok |= 1 << idx
        n[ko] += 1
    ens_ok = spon_ok = False
    if not add_ok:
        ens_ok = bool(ens) and _fits(S + ens, A + nb, W, n[0], n[1], n[2]) and (not strict or _req(sr, ar, wr, n[0], n[1], n[2]))
        spon_ok = spon and _fits(S, A + nb, W + 1, n[0], n[1], n[2]) and (not strict or _req(sr, ar, wr, n[0], n[1], n[2]))
    return add_ok, rep_ok, ens_ok, spon_ok


# ----------------------------------------------------------------------------- actions


def act_sign_star(s: NetState, p: int, cid: int) -> None:
    take_action(s, p)
    s.display[STAR].remove(cid)
    if s.log is not None:
        s.say(f"{pname(s, p)} signs {name(s, cid)} for ${star_cost(s, p, cid)}M.")
    gain_card(s, p, cid, free=False)


def act_sign_ad(s: NetState, p: int, cid: int) -> None:
    take_action(s, p)
    s.display[AD].remove(cid)
    if s.log is not None:
        s.say(f"{pname(s, p)} signs {name(s, cid)} and gains ${s.T.defs[cid].bonus}M.")
    gain_card(s, p, cid)


def act_take_network(s: NetState, p: int, cid: int) -> None:
    take_action(s, p)
    s.display[NET].remove(cid)
    s.players[p].cash -= s.T.defs[cid].cost
    if s.log is not None:
        s.say(f"{pname(s, p)} takes the network card {name(s, cid)}.")
    gain_card(s, p, cid)


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


def _discard_used(s: NetState, p: int, cid: int) -> None:
    s.players[p].green = _without(s.players[p].green, cid)
    s.discards[NET].append(cid)  # NET-AMB-11


def commit_attach(s: NetState, p: int, cid: int, key: str, onset: bool = False) -> None:
    """Add or replace one star/ad (NET-ATT-01..07)."""
    T = s.T
    pl = s.players[p]
    parts = key.split(":")
    mode, slot = parts[0], int(parts[1])
    sh = pl.own(slot)
    assert sh is not None
    pay = parts[-1] == "pay"
    pl.green = _without(pl.green, cid)
    if mode == "rep":
        old = int(parts[2])
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
        _discard_used(s, p, e)
    elif mode == "spon":
        e = has_effect(s, p, "sponsored_content")
        sh.x_wild += 1
        _discard_used(s, p, e)
    if T.promo[cid]:
        rot = not pay
        if pay:
            pl.cash -= T.defs[cid].promo_cost
    else:
        rot = not condition_met(s, p, cid, sh.genre, slot, [c for c, _ in sh.atts])
    sh.atts += ((cid, rot),)
    if T.effect[cid] == "cross_promoting":  # NET-CARD-21
        sh.atts = tuple((c, False if T.promo[c] else r) for c, r in sh.atts)
    if s.log is not None:
        s.say(f"{pname(s, p)} attaches {name(s, cid)} to {name(s, sh.cid)}" + (" upside down." if rot else "."))
    upton_crabby(s, p, sh)
    if T.effect[cid] == "brand_ambassador" and not onset:  # NET-CARD-19: the extra ad in the same action
        s.stack.append(("ba_extra", p, slot))


def act_pass(s: NetState, p: int, key: str) -> None:
    """NET-PASS-01..09."""
    pl = s.players[p]
    track = s.setup.pass_track
    last = is_last(s, p)
    col = len(track) - 1 if last else len(s.pass_order)
    mult = 2 if key.endswith(":x2") else 1
    if mult == 2:
        _discard_used(s, p, has_effect(s, p, "preempted_timeslot"))
    c = track[col]
    s.stack.pop()  # the turn step
    s.pass_order.append(p)
    pl.pass_col = col
    extra = passive_sum(s, p, "pass_cash")
    if key.startswith("pass:viewers"):
        assert c.viewers is not None
        pl.pass_viewers = c.viewers * mult
        pl.cash += extra
        if s.log is not None:
            s.say(f"{pname(s, p)} passes in column {col + 1} for {pl.pass_viewers} viewers.")
    else:
        pl.cash += c.cash * mult + extra
        if s.log is not None:
            s.say(f"{pname(s, p)} passes in column {col + 1} for ${c.cash * mult}M.")
    end_turn(s, p)


# ----------------------------------------------------------------------------- solo opponent


def opp_turn(s: NetState) -> None:
    """NET-SOLO-05..07, NET-SOLO-17."""
    while True:
        if not s.solo_deck:
            _opp_pass(s)
            return
        sd = s.cat.solo[s.solo_deck.pop()]
        k = KIND_INDEX[sd.type]
        row = s.display[k]
        if row:
            cid = solo_pick(s, sd, row)
            row.remove(cid)
            s.discards[k].append(cid)  # NET-SOLO-13
            if s.log is not None:
                s.say(f"The opponent reveals '{sd.text or sd.prefer}' and discards {name(s, cid)}.")
            end_turn(s, OPP)
            return
        s.solo_parked += 1
        if s.log is not None:
            s.say(f"The opponent reveals a {sd.type} card with no {sd.type} left and parks it.")
        if s.solo_parked >= 2:
            _opp_pass(s)
            return


def _opp_pass(s: NetState) -> None:
    s.pass_order.append(OPP)
    if s.log is not None:
        s.say("The opponent passes and claims the first pass column.")
    end_turn(s, OPP)


def solo_pick(s: NetState, sd: Any, row: list[int]) -> int:
    """The leftmost card that best meets the preference (NET-SOLO-05, NET-SOLO-14)."""
    T = s.T
    pref = sd.prefer

    def score(c: int) -> float:
        d = T.defs[c]
        if pref == "most_wild_slots":
            return float(d.slots.wild)
        if pref == "most_slots":
            return float(d.slots.total)
        if pref == "most_required_slots":
            return float(d.slots.required)
        if pref == "highest_cost":
            return float(getattr(d, "cost", 0))
        if pref == "lowest_cost":
            return -float(getattr(d, "cost", 0))
        if pref == "most_viewers":
            v = getattr(d, "seasons", None) or getattr(d, "viewers", None) or [0]
            return float(v[0])
        if pref == "highest_bonus":
            return float(getattr(d, "bonus", 0))
        if pref == "highest_income":
            return float(getattr(d, "income", 0))
        if pref == "promo":
            return 1.0 if T.promo[c] else 0.0
        if pref == "conditional":
            return 1.0 if getattr(d, "condition", None) is not None else 0.0
        if pref == "genre":
            return 1.0 if getattr(d, "genre", "") == sd.genre else 0.0
        if pref == "timing":
            return 1.0 if getattr(d, "timing", "") == sd.timing else 0.0
        return 0.0

    best = row[0]
    best_v = score(best)
    for c in row[1:]:
        v = score(c)
        if v > best_v:
            best, best_v = c, v
    return best


# ----------------------------------------------------------------------------- end of round


def end_of_round(s: NetState) -> None:
    """NET-EOR-01: upkeep, score, age, (genres), clear pass track, first player, display."""
    s.phase = "round_end"
    humans = [q for q in s.order if q != OPP]
    s.stack.append(("eor_final",))
    for q in reversed(humans):
        s.stack.append(("eor_age", q, 0))
    s.stack.append(("eor_score",))
    for q in reversed(humans):
        s.stack.append(("eor_upkeep", q))


def eor_upkeep(s: NetState, p: int) -> None:
    """NET-EOR-02..06: pay, or cancel shows of your choice until you can."""
    pl = s.players[p]
    net = upkeep_net(s, p)
    if net < 0 and pl.cash < -net and any(pl.lineup):
        s.stack.append(("eor_upkeep", p))
        s.stack.append(("upkeep_cancel", p))
        return
    if net < 0 and pl.cash < -net:
        net = 0
    pl.cash += net
    if s.log is not None:
        s.say(f"{pname(s, p)} {'earns' if net >= 0 else 'pays'} ${abs(net)}M in upkeep.")


def eor_score(s: NetState) -> None:
    """NET-EOR-07."""
    for p in range(s.n):
        pl = s.players[p]
        v = sum(show_viewers(s, p, sh) for sh in pl.lineup if sh is not None) + pl.pass_viewers
        pl.scores = pl.scores + [v]  # a new list: clones share it (Player.copy)
        if s.log is not None:
            s.say(f"{pname(s, p)} scores {v} viewers in round {s.round}.")


def eor_age(s: NetState, p: int, stage: int) -> None:
    """NET-EOR-09 (with Surpriser's optional effect first, NET-CARD-17)."""
    pl = s.players[p]
    T = s.T
    if stage == 0:
        s.stack.append(("eor_age", p, 1))
        for slot in (2, 1, 0):
            sh = pl.lineup[slot]
            if sh is not None and T.effect[sh.cid] == "surpriser":
                s.stack.append(("surpriser", p, slot))
        return
    for slot in range(len(pl.lineup)):
        sh = pl.own(slot)
        if sh is None:
            continue
        sh.row += 1
        if sh.row > 3:  # NET-SEAS-03
            sh.row = 3
            cancel(s, p, slot)


def eor_final(s: NetState) -> None:
    if s.round >= ROUNDS:
        final_scoring(s)
        return
    # NET-EOR-11: clear the pass track.
    s.pass_order = []
    # NET-EOR-12 / NET-VAR-04..06 / NET-SOLO-11: next turn order.
    if s.solo:
        s.order = s.order[::-1]  # a new list: clones share the turn order (NetState.clone)
    elif s.opts.get("turn_order") == "low_to_high":
        prev = {q: i for i, q in enumerate(s.order)}
        s.order = sorted(s.order, key=lambda q: (s.players[q].scores[-1], -prev[q]))
    else:
        s.first = (s.first + 1) % s.n
        s.order = [(s.first + i) % s.n for i in range(s.n)]
    for pl in s.players:  # Exclusive Rights reservations last until the end of the round
        s.discards[SHOW].extend(pl.reserved)
        pl.reserved = []
    # NET-EOR-13: discard the display and deal a new one.
    for k in range(4):
        s.discards[k].extend(s.display[k])
        s.display[k] = []
    start_round(s)


SOLO_RANKS = [(260, "Industry Legend"), (240, "Chief Executive"), (220, "Vice President"),
              (200, "Executive Producer"), (180, "Line Producer"), (150, "Production Assistant"),
              (0, "Intern")]


def solo_rank(score: int) -> str:
    """NET-SOLO-15."""
    for floor, title in SOLO_RANKS:
        if score >= floor:
            return title
    return "Intern"


def end_bonuses(s: NetState, p: int) -> dict[str, int]:
    """NET-END-02..05."""
    T = s.T
    pl = s.players[p]
    assert s.cat.board is not None
    values = s.cat.board.genre_board.values
    genres = sum(values[pos - 1] for pos in pl.genre if pos >= 1)
    reruns = 0
    for c in pl.reruns:
        d = T.defs[c]
        if T.kind[c] == SHOW:
            reruns += d.rerun if d.rerun is not None else d.seasons[3]
        else:
            reruns += d.rerun  # Rerun Guy (NET-CARD-26)
    network = 0
    for c in pl.green:
        if T.kind[c] == NET and T.defs[c].timing == "game_end":  # NET-AMB-25
            network += game_end_value(s, p, c)
    return {"genres": genres, "reruns": reruns, "network": network, "cash": pl.cash // 3}


def game_end_value(s: NetState, p: int, cid: int) -> int:
    T = s.T
    d = T.defs[cid]
    pl = s.players[p]
    eff, prm = d.effect, d.params
    if eff == "game_viewers":
        return int(prm["amount"])
    if eff == "streaming_deal":  # NET-CARD-11: every card in the reruns
        return int(prm["per"]) * len(pl.reruns)
    if eff == "viewers_per_genre":
        return int(prm["per"]) * sum(1 for g in pl.genre if g >= 1)
    if eff == "viewers_per_genre_shows":
        changed = dict(s.extra.get("regenre", ()))
        shows = [sh.genre for sh in pl.lineup if sh] + [changed.get(c, T.defs[c].genre) for c in pl.reruns if T.kind[c] == SHOW]
        return int(prm["per"]) * sum(1 for g in shows if g == prm["genre"])
    if eff == "viewers_per_network_card":
        return int(prm["per"]) * (sum(1 for c in pl.green if T.kind[c] == NET) - 1)
    return 0


def final_scoring(s: NetState) -> None:
    """NET-END-01..06, NET-SOLO-15/16."""
    s.phase = "over"
    rows: list[dict[str, Any]] = []
    for p in range(s.n):
        pl = s.players[p]
        b = end_bonuses(s, p)
        rounds = sum(pl.scores)
        total = rounds + sum(b.values())
        rows.append({"rounds": list(pl.scores), "rounds_total": rounds, **b,
                     "bonus_total": sum(b.values()), "total": total})
    best = max(r["total"] for r in rows)
    s.final = {"players": rows, "winners": [p for p, r in enumerate(rows) if r["total"] == best]}
    if s.solo:
        s.final["rank"] = solo_rank(rows[0]["total"])
    if s.log is not None:
        s.say("The game is over. " + ", ".join(f"{pname(s, p)}: {r['total']}" for p, r in enumerate(rows)))


# ----------------------------------------------------------------------------- pilot season


def pilot_pairs(s: NetState, p: int) -> list[str]:
    """NET-PILOT-02/07/09: pairs that can be afforded and produced."""
    T = s.T
    offer = s.pilot[p]
    cash = s.players[p].cash
    kind = T.kind
    cache = T.pilot_cache
    out = []
    n = len(offer)
    for i in range(n):
        x = offer[i]
        for j in range(i + 1, n):
            y = offer[j]
            a, b = (y, x) if y < x else (x, y)
            if cash + pilot_net(T, (a, b)) < 0:
                continue
            sa, sb = kind[a] == SHOW, kind[b] == SHOW
            if sa or sb:
                # can each kept show be produced with the other card (completable: a pilot show costs nothing here)?
                others = () if sa and sb else ((b,) if sa else (a,))
                ok = True
                for sh in ((a, b) if sa and sb else ((a,) if sa else (b,))):
                    key = (sh, others, cash >= 0)
                    v = cache.get(key)
                    if v is None:
                        v = cache[key] = _completable(T, sh, [], list(others), 0, 0, False, cash, None)
                    if not v:
                        ok = False
                        break
                if not ok:
                    continue
            out.append(f"keep:{a},{b}")
    return out


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


# ----------------------------------------------------------------------------- network effects

Handler = Callable[[NetState, int, int], None]
Check = Callable[[NetState, int, int, int], bool]
NETWORK_HANDLERS: dict[str, Handler] = {}
USE_CHECKS: dict[str, Check] = {}


def network_effect(effect: str, check: Check | None = None) -> Callable[[Handler], Handler]:
    """Register the behaviour of a network effect (and when a green-room card may be used)."""

    def deco(fn: Handler) -> Handler:
        NETWORK_HANDLERS[effect] = fn
        if check is not None:
            USE_CHECKS[effect] = check
        return fn

    return deco


def _passive(s: NetState, p: int, cid: int) -> None:
    """Ongoing/game-end cards with no use action: their effect is applied where it matters."""


for _eff in ("creative_accounting", "star_discount", "pass_cash", "preempted_timeslot", "ensemble_cast",
             "sponsored_content", "streaming_deal", "game_viewers", "viewers_per_genre",
             "viewers_per_genre_shows", "viewers_per_network_card"):
    NETWORK_HANDLERS[_eff] = _passive


def _shows(s: NetState, p: int) -> list[int]:
    return [i for i, sh in enumerate(s.players[p].lineup) if sh is not None]


@network_effect("big_game")
def _big_game(s: NetState, p: int, cid: int) -> None:
    """NET-CARD-01: income of ads in the lineup only, expenses ignored."""
    T = s.T
    inc = sum(att_income(T, c, r) for sh in s.players[p].lineup if sh for c, r in sh.atts)
    s.players[p].cash += inc
    if s.log is not None:
        s.say(f"{pname(s, p)} gains ${inc}M from Big Game.")


@network_effect("gain_cash")
def _gain_cash(s: NetState, p: int, cid: int) -> None:
    amt = int(s.T.defs[cid].params["amount"])
    s.players[p].cash += amt


@network_effect("draw_bonus")
def _draw_bonus(s: NetState, p: int, cid: int) -> None:
    push_bonus(s, p, str(s.T.defs[cid].params["kind"]))


@network_effect("writeoff")
def _writeoff(s: NetState, p: int, cid: int) -> None:
    """NET-CARD-14: cancel the show with the fewest viewers (player picks on a tie)."""
    pl = s.players[p]
    slots = _shows(s, p)
    pl.cash += int(s.T.defs[cid].params["cash"])
    if not slots:
        return
    vals = {i: show_viewers(s, p, pl.lineup[i]) for i in slots}  # type: ignore[arg-type]
    low = min(vals.values())
    tied = tuple(i for i in slots if vals[i] == low)
    if len(tied) == 1:
        cancel(s, p, tied[0])
    else:
        s.stack.append(("pick", p, "writeoff", tied))


@network_effect("genre_advance")
def _genre_advance(s: NetState, p: int, cid: int) -> None:
    genres = tuple(sorted({sh.genre for sh in s.players[p].lineup if sh}))
    if genres:
        s.stack.append(("pick", p, "genre_advance", genres))


def _has_display(kind: int) -> Check:
    return lambda s, p, cid, acted: bool(s.display[kind])


@network_effect("c_suite_connections",
                lambda s, p, cid, a: any(s.players[p].cash >= s.T.cost[c] for c in s.display[NET]))
def _c_suite(s: NetState, p: int, cid: int) -> None:
    # a taking cost printed on the card (Awards Campaign) still applies (NET-NETC-01)
    s.stack.append(("pick", p, "c_suite", tuple(c for c in s.display[NET] if s.players[p].cash >= s.T.cost[c])))


@network_effect("exclusive_rights", _has_display(SHOW))
def _exclusive(s: NetState, p: int, cid: int) -> None:
    s.stack.append(("pick", p, "exclusive", tuple(s.display[SHOW])))


@network_effect("mid_season_refresh", lambda s, p, cid, a: bool(s.decks[SHOW] or s.discards[SHOW]))
def _msr(s: NetState, p: int, cid: int) -> None:
    """NET-CARD-06: deal 3 shows, then discard any 3 display shows."""
    for _ in range(3):
        c = draw(s, SHOW)
        if c is not None:
            s.display[SHOW].append(c)  # NET-AMB-27: appended at the right
    s.stack.append(("pick", p, "msr", (3,)))


@network_effect("on_set_accommodations",
                lambda s, p, cid, a: any(s.T.kind[c] == STAR and attach_targets(s, p, c, onset=True)
                                         for c in s.players[p].green))
def _onset(s: NetState, p: int, cid: int) -> None:
    """NET-CARD-07: attach stars outside the action, following the add/replace rules."""
    T = s.T
    stars = tuple(c for c in s.players[p].green if T.kind[c] == STAR and attach_targets(s, p, c, onset=True))
    s.stack.append(("pick", p, "onset", stars))


@network_effect("spinoff", lambda s, p, cid, a: any(sh.atts for sh in s.players[p].lineup if sh))
def _spinoff(s: NetState, p: int, cid: int) -> None:
    s.stack.append(("pick", p, "spinoff", ()))


@network_effect("talent_agency", lambda s, p, cid, a: True)
def _talent(s: NetState, p: int, cid: int) -> None:
    draws = int(s.T.defs[cid].params["draws"])
    s.stack.append(("talent", p, draws, ()))


@network_effect("trendy_showrunner", lambda s, p, cid, a: bool(_shows(s, p)))
def _trendy(s: NetState, p: int, cid: int) -> None:
    s.stack.append(("pick", p, "trendy", tuple(_shows(s, p))))


@network_effect("renew_show", lambda s, p, cid, a: any(sh and sh.row > 0 for sh in s.players[p].lineup))
def _renew(s: NetState, p: int, cid: int) -> None:
    s.stack.append(("pick", p, "renew", tuple(i for i in _shows(s, p) if s.players[p].lineup[i].row > 0)))  # type: ignore[union-attr]


@network_effect("extra_action", lambda s, p, cid, a: a == 1)
def _extra_action(s: NetState, p: int, cid: int) -> None:
    top = s.stack[-1]
    assert top[0] == "turn"
    s.stack[-1] = ("turn", p, 2)  # one more action, which cannot be a pass


@network_effect("refresh_row", lambda s, p, cid, a: True)
def _refresh_row(s: NetState, p: int, cid: int) -> None:
    k = KIND_INDEX[str(s.T.defs[cid].params["kind"])]
    n = s.setup.display.star if k == STAR else s.setup.display.ad
    s.discards[k].extend(s.display[k])
    s.display[k] = []
    for _ in range(n):
        c = draw(s, k)
        if c is None:
            break
        s.display[k].append(c)


def use_network(s: NetState, p: int, cid: int) -> None:
    """Use a green-room network card (NET-NETC-03/04, NET-TURN-07)."""
    T = s.T
    d = T.defs[cid]
    if s.log is not None:
        s.say(f"{pname(s, p)} uses {d.name}.")
    if d.timing == "use_once":
        _discard_used(s, p, cid)
    NETWORK_HANDLERS[d.effect](s, p, cid)


# ----------------------------------------------------------------------------- decisions

_AUTOMATIC_STEPS: dict[str, Callable[[NetState, tuple[Any, ...]], None]] = {
    "opp_turn": lambda s, top: opp_turn(s),
    "prod_commit": lambda s, top: commit_production(s, top[1]),
    "eor_upkeep": lambda s, top: eor_upkeep(s, top[1]),
    "eor_score": lambda s, top: eor_score(s),
    "eor_age": lambda s, top: eor_age(s, top[1], top[2]),
    "eor_final": lambda s, top: eor_final(s),
    "pilot_prod": lambda s, top: start_production(s, top[1], top[2], "pilot"),
    "pilot_done": lambda s, top: pilot_done(s),
    "start_round": lambda s, top: start_round(s),
}


def advance(s: NetState) -> None:
    """Resolve automatic steps until a decision is pending or the game is over."""
    stack = s.stack
    while stack:
        top = stack[-1]
        k: str = top[0]
        if k == "turn":
            if top[2] == 1 and not has_free_use(s, top[1], 1):
                stack.pop()
                end_turn(s, top[1])
                continue
            return
        if k == "prod_genre":
            pr = s.prod
            assert pr is not None
            effect = s.T.effect
            for c in pr["atts"]:
                if effect[c] == "versatile_actor":
                    return
            stack.pop()
            continue
        if k == "prod_promo":
            pr = s.prod
            assert pr is not None
            if _next_promo(s) < 0:
                stack.pop()
                continue
            return
        if k == "ba_extra" and not ba_options(s, top[1], top[2])[:-1]:
            stack.pop()
            continue
        step = _AUTOMATIC_STEPS.get(k)
        if step is None:
            return
        stack.pop()
        step(s, top)


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
                if T.promo[c] and pl.cash >= T.defs[c].promo_cost:
                    out.append(f"att:{c}:pay")
    return out + ["skip"]


def current_player(s: NetState) -> int | None:
    if not s.stack:
        return None
    return int(s.stack[-1][1])


def legal(s: NetState) -> list[str]:
    """Option keys of the pending decision, in a stable order."""
    if not s.stack:
        return []
    top = s.stack[-1]
    k: str = top[0]
    p: int = top[1]
    if k == "turn":
        return turn_options(s, p, top[2])
    if k == "prod_att":
        return prod_att_options(s, p)
    if k == "att_target":
        return attach_targets(s, p, top[2], onset=top[3])
    if k == "prod_slot":
        return ["slot:0", "slot:1", "slot:2"]
    if k == "prod_genre":
        return [f"genre:{g}" for g in GENRES]
    if k == "prod_promo":
        pr = s.prod
        assert pr is not None
        c = _next_promo(s)
        T = s.T
        spent = production_cost(s, p, pr["show"], pr["atts"], pr["src"]) + sum(T.defs[x].promo_cost for x in pr["paid"])
        return (["pay"] if s.players[p].cash - spent >= T.defs[c].promo_cost else []) + ["rotate"]
    if k == "ba_extra":
        return ba_options(s, p, top[2])
    if k == "bonus":
        return bonus_options(s, p, top[2])
    if k == "upkeep_cancel":
        return [f"cancel:{i}" for i in _shows(s, p)]
    if k == "surpriser":
        return ["yes", "no"]
    if k == "pilot":
        return pilot_pairs(s, p)
    if k == "pick":
        return pick_options(s, p, top[2], top[3])
    if k == "talent":
        return talent_options(s, p, top[2], top[3])
    raise AssertionError(f"no options for step {k}")


def bonus_options(s: NetState, p: int, drawn: tuple[int, ...]) -> list[str]:
    return [f"take:{c}" for c in drawn]


def pick_options(s: NetState, p: int, what: str, arg: tuple[Any, ...]) -> list[str]:
    pl = s.players[p]
    if what in ("writeoff", "trendy", "renew"):
        return [f"slot:{i}" for i in arg]
    if what == "genre_advance":
        return [f"genre:{g}" for g in arg]
    if what in ("c_suite", "exclusive"):
        return [f"card:{c}" for c in arg]
    if what == "msr":
        return [f"card:{c}" for c in s.display[SHOW]] or ["done"]
    if what == "onset":
        return [f"card:{c}" for c in arg]  # each use attaches one star; use it again for more
    if what == "spinoff":
        return [f"att:{i}:{c}" for i, sh in enumerate(pl.lineup) if sh for c, _ in sh.atts]
    raise AssertionError(what)


def talent_options(s: NetState, p: int, left: int, drawn: tuple[int, ...]) -> list[str]:
    """NET-CARD-12: draw one card at a time into the display, then take one of them."""
    T = s.T
    out = []
    if left > 0:
        for k in (STAR, AD, NET):
            if s.decks[k] or s.discards[k]:
                out.append(f"draw:{KIND_NAMES[k]}")
        if out:
            return out  # all draws first, then the extra action
    for c in drawn:
        if c in s.display[T.kind[c]]:
            if T.kind[c] == STAR and s.players[p].cash < star_cost(s, p, c):
                continue
            if T.kind[c] == NET and s.players[p].cash < T.defs[c].cost:
                continue
            out.append(f"take:{c}")
    out.append("stop")
    return out


def apply(s: NetState, key: str) -> None:
    """Resolve the pending decision with ``key`` (already checked to be legal)."""
    top = s.stack[-1]
    k: str = top[0]
    p: int = top[1]
    if k == "turn":
        _apply_turn(s, p, key, top[2])
        advance(s)
        return
    T = s.T
    if k == "prod_att":
        pr = s.prod
        assert pr is not None
        if key == "done":
            s.stack.pop()
        elif key == "abort":
            s.prod = None
            while s.stack[-1][0] != "prod_commit":
                s.stack.pop()
            s.stack.pop()
        elif key in T.att_key:
            pr["atts"] = pr["atts"] + (T.att_key[key],)
        elif key.startswith("wild:"):  # Sponsored Content: 1 extra wild slot
            pr["spon"] = int(key[5:])
            pr["spon_mode"] = "wild"
        else:  # use:<cid> -- Ensemble Cast, or Sponsored Content ignoring required slots
            c = int(key[4:])
            pr["ens" if T.defs[c].effect == "ensemble_cast" else "spon"] = c
    elif k == "att_target":
        s.stack.pop()
        commit_attach(s, p, top[2], key, onset=top[3])
    elif k == "prod_slot":
        s.stack.pop()
        assert s.prod is not None
        s.prod["slot"] = int(key[5:])
    elif k == "prod_genre":
        s.stack.pop()
        assert s.prod is not None
        s.prod["genre"] = key[6:]  # NET-CARD-27
    elif k == "prod_promo":
        pr = s.prod
        assert pr is not None
        c = _next_promo(s)
        pr["decided"] = pr.get("decided", ()) + (c,)
        if key == "pay":
            pr["paid"] = pr["paid"] + (c,)
    elif k == "ba_extra":
        s.stack.pop()
        if key != "skip":
            parts = key.split(":")
            c = int(parts[1])
            pl = s.players[p]
            sh = pl.own(top[2])
            assert sh is not None
            pl.green = _without(pl.green, c)
            pay = key.endswith(":pay")
            if pay:
                pl.cash -= T.defs[c].promo_cost
            rot = (not pay) if T.promo[c] else not condition_met(s, p, c, sh.genre, top[2], [a for a, _ in sh.atts])
            sh.atts += ((c, rot),)
            if s.log is not None:
                s.say(f"{pname(s, p)} attaches {name(s, c)} with Brand Ambassador.")
    elif k == "bonus":
        s.stack.pop()
        c = int(key[5:])
        for d in top[2]:
            s.limbo.remove(d)
            if d != c:
                s.discards[T.kind[d]].append(d)  # NET-DECK-07
        if s.log is not None:
            s.say(f"{pname(s, p)} takes {name(s, c)} as a genre bonus.")
        gain_card(s, p, c)
    elif k == "upkeep_cancel":
        s.stack.pop()
        cancel(s, p, int(key[7:]))
    elif k == "surpriser":
        s.stack.pop()
        if key == "yes":
            cancel(s, p, top[2])
            s.players[p].cash += fx.SURPRISER_CASH
    elif k == "pilot":
        s.stack.pop()
        a, b = [int(x) for x in key[5:].split(",")]
        s.box.extend(c for c in s.pilot[p] if c not in (a, b))
        s.pilot[p] = [a, b]
        s.extra["kept"] = tuple(True if q == p else kept for q, kept in enumerate(s.extra["kept"]))
    elif k == "pick":
        _apply_pick(s, p, top, key)
    elif k == "talent":
        _apply_talent(s, p, top, key)
    advance(s)


def _apply_turn(s: NetState, p: int, key: str, acted: int) -> None:
    code, cid = s.T.turn_key[key]
    # the most frequent actions first
    if code == TK_AD:
        act_sign_ad(s, p, cid)
    elif code == TK_ATTACH:
        take_action(s, p)
        s.stack.append(("att_target", p, cid, False))
    elif code == TK_PASS:
        act_pass(s, p, key)
    elif code == TK_NET:
        act_take_network(s, p, cid)
    elif code == TK_STAR:
        act_sign_star(s, p, cid)
    elif code == TK_SHOW:
        take_action(s, p)
        src = "reserved" if cid in s.players[p].reserved else "display"
        start_production(s, p, cid, src)
    elif code == TK_USE:
        use_network(s, p, cid)
    else:  # TK_END
        s.stack.pop()
        end_turn(s, p)


def _apply_pick(s: NetState, p: int, top: tuple[Any, ...], key: str) -> None:
    what = top[2]
    pl = s.players[p]
    T = s.T
    s.stack.pop()
    if what == "writeoff":
        cancel(s, p, int(key[5:]))
    elif what == "trendy":  # NET-CARD-13
        slot = int(key[5:])
        sh = pl.own(slot)
        assert sh is not None
        if sh.row >= 3:
            cancel(s, p, slot)
        else:
            sh.row += 1
    elif what == "renew":
        sh = pl.own(int(key[5:]))
        assert sh is not None
        sh.row -= 1
    elif what == "genre_advance":
        advance_genre(s, p, key[6:])
    elif what == "c_suite":
        c = int(key[5:])
        s.display[NET].remove(c)
        pl.cash -= T.cost[c]  # NET-NETC-01: its taking cost, if any
        gain_card(s, p, c)  # NET-CARD-03
    elif what == "exclusive":
        c = int(key[5:])
        s.display[SHOW].remove(c)
        pl.reserved = pl.reserved + [c]  # a new list: clones share it (Player.copy)
    elif what == "msr":
        left = top[3][0]
        if key != "done":
            c = int(key[5:])
            s.display[SHOW].remove(c)
            s.discards[SHOW].append(c)
            if left > 1:
                s.stack.append(("pick", p, "msr", (left - 1,)))
    elif what == "onset":
        s.stack.append(("att_target", p, int(key[5:]), True))
    elif what == "spinoff":  # NET-CARD-09 / NET-AMB-29
        _, slot_s, c_s = key.split(":")
        sh = pl.own(int(slot_s))
        assert sh is not None
        c = int(c_s)
        sh.atts = tuple((a, r) for a, r in sh.atts if a != c)
        sh.ignore_req = sh.ignore_req or not required_ok(T, sh.cid, [a for a, _ in sh.atts])
        pl.green += (c,)


def _apply_talent(s: NetState, p: int, top: tuple[Any, ...], key: str) -> None:
    left, drawn = top[2], top[3]
    s.stack.pop()
    T = s.T
    if key.startswith("draw:"):
        k = KIND_INDEX[key[5:]]
        c = draw(s, k)
        if c is not None:
            s.display[k].append(c)
            drawn = drawn + (c,)
        s.stack.append(("talent", p, left - 1, drawn))
    elif key.startswith("take:"):
        c = int(key[5:])
        k = T.kind[c]
        s.display[k].remove(c)
        if k == NET:
            s.players[p].cash -= T.cost[c]  # NET-NETC-01: its taking cost, if any
        gain_card(s, p, c, free=(k != STAR))


# ----------------------------------------------------------------------------- determinization


def determinize(s: NetState, viewer: int, rng: Rng) -> NetState:
    """A copy of ``s`` with everything ``viewer`` cannot see re-dealt at random.

    Used by search bots (information-set MCTS): deck order, the other players' private pilot
    offers (and the pilot cards returned to the box unseen) and the RNG are resampled,
    consistently with what the viewer knows.  The A shows stay above the B shows, as the
    viewer knows they are (NET-SETUP-05); removed "3"/"4" shows stay removed (public).
    """
    d = s.clone()
    T = s.T
    d.rng = Rng(rng.next64())
    for k in (STAR, AD, NET):
        rng.shuffle(d.decks[k])
    deck = d.decks[SHOW]
    if s.extra.get("shows_mixed"):  # after a reshuffle nothing is known about the order
        rng.shuffle(deck)
    a_pos = [] if s.extra.get("shows_mixed") else [i for i, c in enumerate(deck) if T.defs[c].deck == "A"]
    b_pos = [] if s.extra.get("shows_mixed") else [i for i, c in enumerate(deck) if T.defs[c].deck != "A"]
    if d.solo_deck:  # the solo opponent's deck order is hidden too (NET-SOLO-05)
        rng.shuffle(d.solo_deck)
    for pos in (a_pos, b_pos):
        cards = [deck[i] for i in pos]
        rng.shuffle(cards)
        for i, c in zip(pos, cards, strict=True):
            deck[i] = c
    if s.phase == "pilot":
        # Pilot cards the viewer has not seen: other offers and the undealt/unkept ones.
        mine = set(s.pilot[viewer])
        pilot = set(s.cat.pilot)
        hidden_box = [c for c in d.box if c in pilot and c not in mine]
        others = [q for q in range(s.n) if q != viewer]
        pool = hidden_box + [c for q in others for c in d.pilot[q]]
        rng.shuffle(pool)
        for q in others:
            size = len(d.pilot[q])
            for _ in range(50):
                rng.shuffle(pool)
                d.pilot[q] = pool[-size:]
                # a pair already kept must be one the player could have kept (NET-PILOT-07/09)
                if not d.extra["kept"][q] or f"keep:{min(d.pilot[q])},{max(d.pilot[q])}" in pilot_pairs(d, q):
                    break
            del pool[-size:]
        d.box = [c for c in d.box if c not in pilot or c in mine] + pool
    return d
