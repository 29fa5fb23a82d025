"""Game setup (001, Game Setup; NET-SETUP-01..16, NET-SOLO-03, NET-PILOT-01/02, NET-VAR-01)."""

from __future__ import annotations

from typing import Any

from primetime.core.rng import Rng
from primetime.games.networks.cards import Catalogue
from primetime.games.networks.rules.executives import deal_executives
from primetime.games.networks.rules.flow import advance
from primetime.games.networks.rules.genre_grid import start_grids
from primetime.games.networks.rules.moguls import setup_moguls
from primetime.games.networks.state import OPP, NetState, Player, Show
from primetime.games.networks.tables import SHOW, Layout, Tables, tables


def new_state(cat: Catalogue, opts: dict[str, Any], seed: int, n: int) -> NetState:
    """Set up a game (001, Game Setup; NET-SETUP-01..16)."""
    T = tables(cat)
    telly = bool(opts.get("telly_time"))
    s = NetState.__new__(NetState)
    s.cat, s.T, s.opts, s.n, s.solo = cat, T, opts, n, n == 1
    s.rng = rng = Rng(seed)
    s.setup = cat.setup_for(max(2, n))  # NET-SETUP-02: solo uses the 1-2 board
    s.log = [] if opts.get("log", True) else None
    beginner = opts.get("pilot") == "simplified"
    a0, b0, stars0, ads0, nets0, pilot0, box0 = _layout(cat, T, n, beginner)
    s.box = box0.copy()
    # NET-SETUP-05..08: A on top of B, with the player-count removals.
    a, b = a0.copy(), b0.copy()
    rng.shuffle(a)
    rng.shuffle(b)
    stars, ads, nets = stars0.copy(), ads0.copy(), nets0.copy()
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
        if telly:
            pl.lineup.append(None)  # NET-TELLY-01 / NET-AMB-23: the Weekend starts empty
        s.players.append(pl)
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
    s.mog = None
    s.xon = False  # until deal_executives
    s.extra = {"kept": (False,) * n}  # values in `extra` are immutable: clones share them
    if telly:
        start_grids(s)  # NET-TELLY-03
        s.extra["quiz"] = (0,) * n  # NET-TELLY-11: viewers bought this round
    # NET-PILOT-01 / NET-VAR-01: deal pilot offers.
    pilot = pilot0.copy()
    rng.shuffle(pilot)
    per = 2 if beginner else 4
    s.pilot = [[pilot.pop() for _ in range(per)] for _ in range(n)]
    s.box += pilot  # NET-PILOT-02: undealt pilot cards go back to the box
    if opts.get("moguls"):  # NET-MOGUL-03, after the base deal: the same seed deals the same cards
        setup_moguls(s)
    s.stack.append(("pilot_done",))
    if beginner:
        s.extra["kept"] = (True,) * n
    else:
        for p in reversed(range(n)):
            s.stack.append(("pilot", p))
    if opts.get("executives"):  # NET-EXEC-02: each player keeps 1 of 2 private Executives, before Pilot Season
        deal_executives(s)
    advance(s)
    return s


def _layout(cat: Catalogue, T: Tables, n: int, beginner: bool) -> Layout:
    """The decks before their shuffles: shows A and B (NET-SETUP-05..08), stars, ads, network cards
    and pilot cards (NET-PILOT-01, NET-VAR-01), and what goes to the box from the start (the
    player-count removals, the unused networks' starters, the pilot shows of the simplified pilot
    season), in the order the setup has always built them.  Memoised per catalogue, player count
    and pilot variant; callers copy the lists."""
    key = (n, beginner)
    hit = T.layouts.get(key)
    if hit is not None:
        return hit
    a = [i for i in cat.shows_a if not (n <= 2 and T.defs[i].mark == 3)]
    b = [i for i in cat.shows_b if not (n <= 3 and T.defs[i].mark == 4)]
    box = [i for i in cat.shows_a + cat.shows_b if i not in a and i not in b]
    assert cat.board is not None
    for net in cat.board.networks[n:]:
        box += cat.starters.get(net, [])  # unused networks' starters stay in the box
    pilot = [i for i in cat.pilot if not (beginner and T.kind[i] == SHOW)]
    box += [i for i in cat.pilot if i not in pilot]  # NET-VAR-01: the 6 pilot shows leave
    layout: Layout = (a, b, list(cat.stars), list(cat.ads), list(cat.network), pilot, box)
    T.layouts[key] = layout
    return layout
