"""Lookup tables of a card catalogue, and the codes the rules use.

Card kinds (``SHOW`` .. ``NET``), turn-menu key codes (``TK_*``), green-room card codes (``G_*``),
:class:`Tables` (per-catalogue arrays and memo tables for the hot path, built once per catalogue by
:func:`tables`) and the values of one attached star or ad (``att_viewers``, ``att_income``,
``att_expense``), which the tables keep by card.
"""

from __future__ import annotations

from typing import Any, Final

from primetime.games.networks import effects as fx
from primetime.games.networks.cards import Catalogue
from primetime.games.networks.effects import USE_CHECKS

# Constants are Final so that a compiled build (tools/build_fast.py) uses their values directly.
SHOW: Final = 0
STAR: Final = 1
AD: Final = 2
NET: Final = 3
KIND_INDEX = {"show": SHOW, "star": STAR, "ad": AD, "network": NET}
KIND_NAMES: Final = ("show", "star", "ad", "network")


class Tables:
    """Per-catalogue lookup arrays for the hot path.

    Also memo tables (``*_cache``) of pure functions of card data and small parts of a state;
    the large ones are emptied when they reach ``CACHE_LIMIT`` entries.
    """

    def __init__(self, cat: Catalogue) -> None:
        if not USE_CHECKS:  # filled by primetime.games.networks.rules.network_cards (see effects.py), read below
            raise RuntimeError("the network-card effects are not registered: import primetime.games.networks.rules.network_cards first")
        self.defs = [c.defn for c in cat.cards]
        self.kind = [KIND_INDEX[c.kind] for c in cat.cards]
        self.effect: list[str] = [getattr(c.defn, "effect", "") for c in cat.cards]
        self.flex: list[bool] = [e == "flex_slot" for e in self.effect]
        self.promo: list[bool] = [c.kind == "ad" and c.defn.promo_cost > 0 for c in cat.cards]
        self.timing: list[str] = [getattr(c.defn, "timing", "") for c in cat.cards]
        self.cost: list[int] = [getattr(c.defn, "cost", 0) for c in cat.cards]
        # card fields the hot path reads, as arrays (no attribute lookups on the card definitions)
        self.genre: list[str] = [getattr(c.defn, "genre", "") for c in cat.cards]  # a show's printed genre
        self.bonus: list[int] = [getattr(c.defn, "bonus", 0) for c in cat.cards]  # an ad's signing bonus
        self.promo_cost: list[int] = [getattr(c.defn, "promo_cost", 0) for c in cat.cards]
        self.seasons: list[list[int]] = [list(getattr(c.defn, "seasons", ())) for c in cat.cards]  # a show's viewers by row
        self.show_ie: list[tuple[int, int]] = [(c.defn.income, c.defn.expenses) if c.kind == "show" else (0, 0) for c in cat.cards]
        self.req: list[tuple[int, int, int]] = [(c.defn.slots.star_req, c.defn.slots.ad_req, c.defn.slots.wild_req) if c.kind == "show" else (0, 0, 0)
                    for c in cat.cards]
        # For the turn menu: can a show's required slots be filled from a green room holding ns plain
        # stars, nf flex stars and na ads?  req_ok[show][(ns * R + na) * R + nf], each count capped at
        # req_cap (the most slots a show requires: more of a kind never changes the answer), R = req_cap + 1.
        cap = max((r[0] + r[1] + r[2] for r in self.req), default=0)
        self.req_cap = cap
        by_req: dict[tuple[int, int, int], bytes] = {}  # few shows differ: one table for each requirement
        for r in self.req:
            if r not in by_req:
                by_req[r] = bytes(_req(r[0], r[1], r[2], ns, nf, na) for ns in range(cap + 1) for na in range(cap + 1)
                                  for nf in range(cap + 1))
        self.req_ok: list[bytes] = [by_req[r] for r in self.req]
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
        self.k_rep = [[f"rep:{slot}:{i}" for i in range(len(cat.cards))] for slot in range(4)]  # by timeslot (3: the Weekend), then card
        self.iv: list[bool] = [e == "industry_veteran" for e in self.effect]
        # a star or ad without flex slot, Brand Ambassador or Industry Veteran (see prod_att_options)
        self.plain = [self.kind[i] in (STAR, AD) and not self.flex[i] and not self.ba[i] and not self.iv[i] for i in range(len(cat.cards))]
        self.cond = [getattr(c.defn, "condition", None) for c in cat.cards]  # a star's or ad's condition
        # can rules.slots.condition_met be False for the card (a condition, or Charity Mainstay)?
        self.conditional: list[bool] = [self.cond[i] is not None or self.effect[i] == "charity_mainstay" for i in range(len(cat.cards))]
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
        # what a use of the card does, effect and parameters (NET-NETC-03/04): two cards alike are one
        # option in the turn menu, two cards of one effect with other parameters (Recasting and Ad Sales
        # Blitz refresh different rows) are two
        self.use_same = [f"{self.effect[i]}:{sorted(cat.cards[i].defn.params.items())}" if self.kind[i] == NET else ""
                         for i in range(n)]
        # viewers by [rotated][season row] and (income, expenses) by [rotated] of an attached card
        self.att_v = [tuple(tuple(att_viewers(self, i, rot, row) for row in range(4)) for rot in (False, True)) for i in range(n)]
        self.att_ie = [tuple((att_income(self, i, rot), att_expense(self, i, rot)) for rot in (False, True)) for i in range(n)]
        # shows with the same slots (capacity and required) alike: they share the memo entries below
        layouts: dict[tuple[tuple[int, int, int], tuple[int, int, int]], int] = {}
        self.slot_layout = [layouts.setdefault((self.cap[i], self.req[i]), len(layouts)) for i in range(n)]
        # rules.attach: _show_mask and _slot_verdicts by a show's shape (few combinations), keyed by an
        # integer for the usual shapes (see attach._show_mask) and by a tuple for the others
        self.class_cache: dict[Any, int] = {}
        self.slot_cache: dict[Any, tuple[bool, int, bool, bool]] = {}
        # A card's share of a show's attachment counts packed 3 bits a field (stars, flex stars, ads, Brand
        # Ambassadors: any of them for _show_mask, only stars for _show_targets), for shows under 8 cards.
        self.unit_mask: list[int] = [(1 << 3 * self.cls[i]) + (512 if self.ba[i] else 0) for i in range(n)]
        self.unit_slot: list[int] = [(1 << 3 * self.cls[i]) + (512 if self.ba[i] and self.cls[i] == 0 else 0) for i in range(n)]
        # pilot_pairs: can a kept pilot show be produced, by its slot layout, the class of the other kept
        # card in a production pool (pool_class: 0 none, 1 star, 2 Industry Veteran, 3 Brand Ambassador,
        # 4 flex star, 5 ad; as production.finishable counts them) and whether the cash is not negative
        self.pilot_cache: dict[int, bool] = {}
        self.pool_class: list[int] = [0 if self.kind[i] != STAR and self.kind[i] != AD else
                                      (3 if self.ba[i] else 2 if self.iv[i] else 1) if self.cls[i] == 0 else
                                      4 if self.cls[i] == 1 else 5 for i in range(n)]
        # what keeping a pilot card costs or brings (NET-PILOT-03): ad bonus, or minus the card's cost
        self.pilot_net: list[int] = [c.defn.bonus if self.kind[i] == AD else -c.defn.cost for i, c in enumerate(cat.cards)]
        self.green_cache: dict[tuple[int, ...], Summary] = {}  # green_summary
        self.layouts: dict[tuple[int, bool], Layout] = {}  # rules.setup._layout, by player count and pilot variant
        # what a turn-menu key does: (TK_* code, card) -- parsed once here, not at every turn
        self.turn_key: dict[str, tuple[int, int]] = {"end": (TK_END, -1)}
        for code, keys in ((TK_AD, self.k_ad), (TK_ATTACH, self.k_attach), (TK_NET, self.k_net),
                           (TK_STAR, self.k_star), (TK_SHOW, self.k_show), (TK_USE, self.k_use)):
            for i, key in enumerate(keys):
                self.turn_key[key] = (code, i)
        for key in ("pass:cash", "pass:viewers", "pass:cash:x2", "pass:viewers:x2"):
            self.turn_key[key] = (TK_PASS, -1)
        if cat.moguls is not None:  # using a Use Once Mogul (the Moguls module; its own index)
            for j in range(len(cat.moguls.mogul)):
                self.turn_key[f"usemogul:{j}"] = (TK_MOGUL, j)
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
        # Telly Time's Genre Grid (rules.genre_grid): each genre's square, each line's squares as a bit mask
        self.grid_square: dict[str, int] = {}
        self.grid_lines: list[int] = []
        if cat.grid is not None:
            self.grid_square = {g: i for i, g in enumerate(cat.grid.squares)}
            self.grid_lines = [sum(1 << q for q in set(line.squares)) for line in cat.grid.lines]
        # the dearest star / network card (the turn menu skips the cost test when cash covers it)
        self.max_cost: list[int] = [max((self.cost[i] for i in range(n) if self.kind[i] == k), default=0) for k in range(4)]


IV_DISCOUNT: Final = fx.INDUSTRY_VETERAN_DISCOUNT

# what a turn-menu key does (Tables.turn_key); the menu's actions, which spend the turn's action, are
# the codes below TK_USE but TK_PASS
TK_AD: Final = 0
TK_ATTACH: Final = 1
TK_PASS: Final = 2
TK_NET: Final = 3
TK_STAR: Final = 4
TK_SHOW: Final = 5
TK_USE: Final = 6
TK_END: Final = 7
TK_MOGUL: Final = 8

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


def _req(sr: int, ar: int, wr: int, ns: int, nf: int, na: int) -> bool:
    """NET-PROD-02: can ``ns`` plain stars, ``nf`` flex stars and ``na`` ads fill the required slots
    (``sr`` stars, ``ar`` ads, ``wr`` wild)?  The plain ones fill their own kind, flex stars the rest,
    and there are enough cards for every required slot.  (Here, below the rule modules, because
    ``Tables.req_ok`` is made from it.)"""
    return (sr - ns if sr > ns else 0) + (ar - na if ar > na else 0) <= nf and ns + nf + na >= sr + ar + wr


def _green_code(T: Tables, c: int) -> int:
    k = T.kind[c]
    e = T.effect[c]
    if k == STAR:
        return G_FLEX if T.flex[c] else (G_IV if e == "industry_veteran" else G_STAR)
    if k == AD:
        return G_AD
    return {"sponsored_content": G_SPON, "creative_accounting": G_CA, "star_discount": G_SD,
            "preempted_timeslot": G_DBL, "ensemble_cast": G_ENS, "pass_cash": G_PC}.get(e, G_USE if e in USE_CHECKS else G_OTHER)


_KEY_INT: dict[str, int] = {}
_ATT_KEY: dict[str, tuple[str, int, int, bool]] = {}


def key_int(key: str) -> int:
    """The number after the first ``:`` of an option key (``slot:2`` -> 2), memoised: the rules see
    the same few keys over and over, and a dictionary lookup costs less than parsing them again."""
    v = _KEY_INT.get(key)
    if v is None:
        v = _KEY_INT[key] = int(key[key.index(":") + 1:])
    return v


def att_key(key: str) -> tuple[str, int, int, bool]:
    """An ``attach_targets`` key (``to:<slot>``, ``rep:<slot>:<old card>``, ``ens:<slot>``,
    ``spon:<slot>``, each perhaps with ``:pay``) as (mode, slot, old card or -1, pay), memoised."""
    v = _ATT_KEY.get(key)
    if v is None:
        parts = key.split(":")
        v = _ATT_KEY[key] = (parts[0], int(parts[1]), int(parts[2]) if parts[0] == "rep" else -1, parts[-1] == "pay")
    return v


def tables(cat: Catalogue) -> Tables:
    t = cat.T
    if t is None:
        t = cat.T = Tables(cat)
    return t  # type: ignore[no-any-return]


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


Summary = tuple[int, int, int, bool, bool, bool, bool, int, int, int, int, int, int, int, tuple[str, ...]]
EMPTY_SUMMARY: Final[Summary] = (0, 0, 0, False, False, False, False, 0, 0, 0, 0, -1, -1, 0, ())  # an empty green room's
# the decks before the setup's shuffles (rules.setup._layout)
Layout = tuple[list[int], list[int], list[int], list[int], list[int], list[int], list[int]]
