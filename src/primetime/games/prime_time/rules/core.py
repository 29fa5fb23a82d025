"""What every rule area of Prime Time uses: the board's numbers for one player count
(``Rules``, flattened from the board file for the hot path, with the 2-player values PT-2P-01..06),
the names and indexes of days, card kinds, Forecast rows, cube colours and VP sources, the
names of players and cards in log lines, and two small helpers (is the Bonds variant on, how
many cubes are in a day's pool).
"""

from __future__ import annotations

from typing import Any, Final

from primetime.games.prime_time.cards import COLOURS, SPACE_COLOURS, BoardFile, Catalogue
from primetime.games.prime_time.state import NOSHOW, RERUN, VP_SOURCES, PTState

DAY_KEYS = ("mon", "tue", "wed", "thu", "fri")
DAY_NAMES = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday")
KINDS = ("show", "talent")
SHOWS, TALENTS = 0, 1
ROW_NAMES = ("lower", "middle", "top")
COLOUR_INDEX = {c: i for i, c in enumerate(COLOURS)}
SPACE_INDEX = {c: i for i, c in enumerate(SPACE_COLOURS)}
DAY_INDEX = {d: i for i, d in enumerate(DAY_KEYS)}
SRC = {name: i for i, name in enumerate(VP_SOURCES)}
# Option keys that name no card, made once (the option lists are built at every decision).
RERUN_KEYS: Final = tuple(f"rerun:{d}" for d in DAY_KEYS)
MOVE_KEYS: Final = tuple(tuple(f"move:{d}:{e}" for e in DAY_KEYS) for d in DAY_KEYS)
AMOUNT_KEYS: Final = tuple(f"amt:{v}" for v in range(100))


def amount_key(v: int) -> str:
    return AMOUNT_KEYS[v] if 0 <= v < 100 else f"amt:{v}"


class Rules:
    """The board's numbers for one player count, flattened for the hot path."""

    def __init__(self, b: BoardFile, n: int, cat: Catalogue | None = None) -> None:
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
        # The option keys that name a card, per card index (made once; the same strings the rules
        # formatted at every decision before): scheduling it on each day, HR, and a cube on it.
        ids = cat.ids if cat is not None else []
        shows = cat.is_show if cat is not None else []
        self.sched_keys: list[tuple[str, ...]] = [tuple(f"{'show' if shows[c] else 'talent'}:{ids[c]}:{d}" for d in DAY_KEYS)
                                                  for c in range(len(ids))]
        self.hr_keys: list[str] = [f"hr:{i}" for i in ids]
        # cube_keys[card + 2][colour * 6 + space colour]: "cube:<colour>:<card>:<space colour>";
        # card -2 is a canceled show (no cube spaces), -1 a Re-Run
        toks = ["", "rerun", *ids]
        self.cube_keys: list[list[str]] = [[f"cube:{cn}:{t}:{sn}" for cn in COLOURS for sn in SPACE_COLOURS] for t in toks]


def rules(s: PTState) -> Rules:
    cat = s.cat
    n = s.n
    last = _LAST[0]
    if last[0] is cat and last[1] == n:  # the same game's table as last time: no lookup in the catalogue
        hit: Rules = last[2]
        return hit
    r = cat.cache.get(n)
    if r is None:
        assert cat.board is not None
        r = cat.cache[n] = Rules(cat.board, n, cat)
    _LAST[0] = (cat, n, r)  # one tuple, replaced whole: threads never see a mix of two calls
    return r  # type: ignore[no-any-return]


# (catalogue, player count, Rules) of the last call
_LAST: Final[list[tuple[Any, int, Any]]] = [(None, 0, None)]


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


# ----------------------------------------------------------------------------- helpers


def bonds_on(s: PTState) -> bool:
    return bool(s.opts.get("bonds"))


def pool_total(s: PTState, d: int) -> int:
    pool = s.pools[d]
    return pool[0] + pool[1] + pool[2] + pool[3] + pool[4] + pool[5]
