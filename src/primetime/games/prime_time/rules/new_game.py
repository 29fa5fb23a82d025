"""A new game: the setup steps in the rulebook's order (000, Setup - Game Board / Setup -
Players; PT-SETUP-01..14, PT-PSETUP-02/03), then on to the first decision.  Above flow.py, whose
stack it starts; the draws and the starting-shows decision it uses are in setup.py.
"""

from __future__ import annotations

from typing import Any

from primetime.core.rng import Rng
from primetime.games.prime_time.cards import Catalogue
from primetime.games.prime_time.rules.core import SHOWS, bonds_on, pname, rules
from primetime.games.prime_time.rules.flow import advance
from primetime.games.prime_time.rules.setup import draw_card, draw_clients, draw_cube, fill_spaces
from primetime.games.prime_time.state import Player, PTState


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
