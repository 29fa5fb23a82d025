"""3. Awards Ceremony Phase, rounds 3 and 6 (PT-AWARD-01..13): hotness, Most Talents, Best
Show, variety tokens, bonds, and the face-up Boardroom cards (PT-BRD-01..19).
"""

from __future__ import annotations

from primetime.games.prime_time.cards import GENRES, SINGLE
from primetime.games.prime_time.rules.after_ratings import guide_genres
from primetime.games.prime_time.rules.core import SRC, pname, rules
from primetime.games.prime_time.rules.money import gain_vp
from primetime.games.prime_time.rules.ratings import potential
from primetime.games.prime_time.state import RERUN, VP_SOURCES, PTState


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
