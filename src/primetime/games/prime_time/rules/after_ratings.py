"""2.4-2.7, the Broadcasting Phase after the Ratings War: show and talent cancellations
(PT-CANC-01..05), client tokens (PT-CLIENT-01..05), variety tokens (PT-VTY-01..06) and the
Hotness track (PT-HOT-01..07).
"""

from __future__ import annotations

from primetime.games.prime_time.cards import BLACK
from primetime.games.prime_time.rules.core import DAY_NAMES, name, pname, rules
from primetime.games.prime_time.rules.money import take_rerun
from primetime.games.prime_time.state import NOSHOW, RERUN, PTState


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
