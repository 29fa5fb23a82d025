"""4. Income Phase (000): 4.1 Return Demographic Cubes and earn money (PT-INC-01/02), 4.2
Clean Up (PT-CLEAN-02..09), 4.3 Setup The Next Round with the season-end steps (PT-NEXT-01..12,
PT-AMB-34).  In round 6 the game ends after 4.1 (game_end.py).
"""

from __future__ import annotations

from primetime.games.prime_time.cards import MINI, SINGLE
from primetime.games.prime_time.rules.core import SHOWS, TALENTS, pname, rules
from primetime.games.prime_time.rules.development import begin_round
from primetime.games.prime_time.rules.money import take_rerun
from primetime.games.prime_time.rules.setup import draw_clients, draw_cube, fill_spaces
from primetime.games.prime_time.state import NOSHOW, RERUN, PTState


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
